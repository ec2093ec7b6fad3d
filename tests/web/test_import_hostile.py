"""Hostile archives at import: each is refused with a clear 4xx in the viewer's language, or
kept as plain data, and every Plays page and export stays 200 and small afterwards.

Runs on both stores (the ``app`` fixture). Who may import goes through the ``importer``
fixture alone: the server's owner, the only one who imports.
"""

from __future__ import annotations

import copy
import io
import json
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.after import archive, exports
from companion.web.i18n import translate

from ..conftest import csrf
from .test_plays import owner_client

ZH = {"Accept-Language": "zh-TW"}
PAGE_LIMIT = 400_000  # bytes: a page of a few dozen plays is a few tens of KB
FORMAT = "table-companion-archive"

Importer = Callable[..., Any]


@pytest.fixture
def importer(app: Flask) -> Importer:
    """Posts a file to the import as the server's owner, with its CSRF token."""
    device = owner_client(app)
    token = csrf(device.get("/owner").get_data(as_text=True))

    def send(body: bytes, **headers: str) -> Any:
        form = {"file": (io.BytesIO(body), "plays.json"), "csrf_token": token}
        return device.post(
            "/plays/import", data=form, content_type="multipart/form-data", headers=headers
        )

    return send


def a_play(play_id: str = "P1", **changes: Any) -> dict[str, Any]:
    """One valid play as an export holds it (the game's texts are the app's own msgids)."""
    play = {
        "id": play_id,
        "game": "tally",
        "players": ["Ann", "Bo"],
        "options": {},
        "created": 1_700_000_000.0,
        "ended": 1_700_000_600.0,
        "hidden": False,
        "result": {
            "reason": "Someone reached 10 points",
            "headline": ["{name}", {"name": "Ann"}],
            "winners": [0],
            "rows": [
                {"seat": 0, "label": ["{name}", {"name": "Ann"}], "score": 10, "won": True},
                {"seat": 1, "label": ["{name}", {"name": "Bo"}], "score": 4, "won": False},
            ],
        },
    }
    play.update(changes)
    return play


def archive_of(*plays: dict[str, Any]) -> bytes:
    return json.dumps({"format": FORMAT, "version": 1, "plays": list(plays)}).encode()


def stored(app: Flask) -> list[archive.Play]:
    return archive.plays(app.extensions["tables"], hidden=True)


def visit_everything(app: Flask) -> None:
    """Every Plays page and every export: each 200 and small."""
    client = app.test_client()
    played = stored(app)
    paths = ["/plays", "/plays?archived=1", "/plays/players", "/plays/export.csv"]
    paths += ["/plays/export.json"]
    for p in played:
        paths += [f"/plays/{p.table_id}", f"/plays/{p.table_id}/export.csv"]
        paths += [f"/plays/{p.table_id}/export.json"]
    for path in paths:
        for headers in ({}, ZH):
            reply = client.get(path, headers=headers)
            assert reply.status_code == 200, (path, reply.status_code)
            assert len(reply.data) < PAGE_LIMIT, (path, len(reply.data))
    with app.test_request_context(headers=ZH):
        for p in played:
            assert len(exports.bgstats_url(p, translate)) < PAGE_LIMIT
            for seat in range(len(p.players)):
                assert len(exports.receipt(p, seat, "", translate)) < PAGE_LIMIT


# -- each finding --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "changes",
    [
        {"ended": 1e20},
        {"created": -5.0},
        {"ended": 4_000_000_000.0},  # 2096: not more than a day ahead of the server's clock
        {"players": ["Ann", 7]},
        {"players": []},
        {"players": ["Ann"] * 500},
        {"id": "ab\r\ncd"},
        {"id": "x" * 200},
        {"game": "<script>"},
        {"options": {"deal": [[[[1]]]]}},
        {"hidden": "yes"},
    ],
    ids=str,
)
def test_a_play_out_of_bounds_is_refused_and_nothing_is_kept(app, importer, changes):
    reply = importer(archive_of(a_play(**changes)), **ZH)
    assert reply.status_code == 400, reply.get_data(as_text=True)
    assert "檔案" in reply.get_data(as_text=True)
    assert stored(app) == []
    visit_everything(app)


@pytest.mark.parametrize(
    ("where", "value"),
    [
        ("score", "abc"),
        ("score", 1e300),
        ("won", "yes"),
        ("label", ["{n:>20000000}", {"n": 1}]),
        ("label", ["{name.__class__}", {"name": 1}]),
        ("label", ["{0}", {}]),
        ("lines", [["x", {}]] * 1000),
    ],
    ids=lambda value: str(value)[:30],
)
def test_a_score_row_out_of_bounds_is_refused_and_says_where(app, importer, where, value):
    play = a_play()
    play["result"]["rows"][0][where] = value
    reply = importer(archive_of(play), **ZH)
    body = reply.get_data(as_text=True)
    assert reply.status_code == 400, body
    assert "第 1 場遊戲" in body and f"rows[0].{where}" in body
    assert stored(app) == []


def test_nan_and_infinity_are_no_scores(app, importer):
    body = archive_of(a_play()).replace(b'"score": 10', b'"score": NaN')
    assert importer(body).status_code == 400
    body = archive_of(a_play()).replace(b'"score": 10', b'"score": 1e999')
    assert importer(body).status_code == 400
    assert stored(app) == []


@pytest.mark.parametrize("field", ["options", "standings"])  # read, or skipped as a person's
def test_json_nested_a_hundred_thousand_deep_is_refused_without_recursing(app, importer, field):
    deep = b"[" * 100_000 + b"]" * 100_000
    body = archive_of(a_play()).replace(b'"options": {}', f'"{field}": '.encode() + deep)
    reply = importer(body, **ZH)
    assert reply.status_code == 400
    assert "不是遊戲紀錄的 JSON 封存檔" in reply.get_data(as_text=True)
    assert stored(app) == []


def test_a_headline_with_a_placeholder_of_no_param_is_kept_as_plain_text(app, importer):
    play = a_play(result={**a_play()["result"], "headline": ["{boom}", {}]})
    assert importer(archive_of(play)).status_code == 200
    visit_everything(app)
    page = app.test_client().get("/plays").get_data(as_text=True)
    assert "{boom}" in page


def test_an_unknown_text_is_shown_escaped_and_unformatted(app, importer):
    headline = ["{name} wins the {cup}", {"name": "<b>Ann</b>", "cup": "x"}]
    play = a_play(result={**a_play()["result"], "headline": headline})
    assert importer(archive_of(play)).status_code == 200
    page = app.test_client().get(f"/plays/{stored(app)[0].table_id}").get_data(as_text=True)
    assert "{name} wins the {cup}" in page and "<b>Ann</b>" not in page
    visit_everything(app)


def test_a_row_without_won_or_lines_is_kept_as_not_won(app, importer):
    play = a_play()
    for row in play["result"]["rows"]:
        del row["won"]
    del play["result"]["reason"]
    assert importer(archive_of(play)).status_code == 200
    (kept,) = stored(app)
    assert [r["won"] for r in kept.result["rows"]] == [False, False]
    assert kept.result["reason"] == "" and kept.result["rows"][0]["lines"] == []
    visit_everything(app)


def test_names_are_normalised_as_a_tables_are(app, importer):
    play = a_play(players=["  A\u200bnn\u202e  ", "Bo\r\nBo"])
    assert importer(archive_of(play)).status_code == 200
    assert stored(app)[0].players == ["Ann", "Bo Bo"]


def test_only_the_apps_own_msgids_are_formatted_with_the_params_they_expect(app):
    with app.test_request_context(headers=ZH):
        assert translate(["{n:>20000000}", {"n": 1}]) == "{n:>20000000}"
        assert translate(["{name}", {"name": "{x}", "extra": [1] * 10**5}]) == "{x}"
        assert translate(["{name}", {"name": [1, 2]}]) == "{name}"
        assert translate(["{name}", {}]) == "{name}"
        assert translate(["Choose an exported JSON archive to import.", {}]).startswith("請")
        # A count's line with a plural msgid that is not the catalogue's: not formatted.
        assert translate(["{n} minute", {"n": 2, "_plural": "{n:>999999}"}]) == "{n} minute"


def test_a_file_with_more_plays_than_the_server_takes_is_a_413(app, importer):
    app.config["IMPORT_MAX_PLAYS"] = 3
    reply = importer(archive_of(*(a_play(f"P{n}") for n in range(4))), **ZH)
    assert reply.status_code == 413
    assert "一次最多只收 3 場" in reply.get_data(as_text=True)
    assert stored(app) == []


def test_imported_plays_in_all_are_capped_and_an_import_over_it_keeps_nothing(app, importer):
    app.config["IMPORT_MAX_PLAYS"] = 3
    assert importer(archive_of(a_play("P1"), a_play("P2"))).status_code == 200
    reply = importer(archive_of(a_play("P3"), a_play("P4")), **ZH)
    assert reply.status_code == 413
    assert "最多保存 3 場匯入的遊戲" in reply.get_data(as_text=True)
    assert sorted(p.table_id for p in stored(app)) == ["imp.P1", "imp.P2"]
    # The same plays again add nothing, so they are no refusal.
    assert importer(archive_of(a_play("P1"), a_play("P2"))).status_code == 200


# -- hostile archives, generated -----------------------------------------------------------

DELETE = object()
DEEP = "__deep__"
FORMATS = ["{n:>20000000}", "{boom}", "{0}", "{name.__class__}", "{n!r}", "%s%s", "{", "}{"]
scalars = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.none(),
    st.text(max_size=40),  # control characters, bidi marks and all
    st.sampled_from(FORMATS + ["\r\n", "\u202e", "x" * 5000, DEEP, "imp.", "tally"]),
)
texts = st.tuples(
    st.sampled_from(FORMATS + ["{name}", "{n} minute"]),
    st.dictionaries(st.sampled_from(["n", "name", "_plural", "x_t", "0"]), scalars, max_size=3),
).map(list)
hostile = st.one_of(
    scalars,
    texts,
    st.lists(scalars, max_size=4),
    st.dictionaries(st.text(max_size=4), scalars, max_size=3),
    st.just(DELETE),
)
PATHS = [
    ("id",),
    ("game",),
    ("players",),
    ("players", 0),
    ("created",),
    ("ended",),
    ("options",),
    ("options", "target"),
    ("hidden",),
    ("result",),
    ("result", "headline"),
    ("result", "headline", 1, "name"),
    ("result", "reason"),
    ("result", "winners"),
    ("result", "winners", 0),
    ("result", "rows"),
    ("result", "rows", 0),
    ("result", "rows", 0, "seat"),
    ("result", "rows", 0, "label"),
    ("result", "rows", 0, "label", 1, "name"),
    ("result", "rows", 0, "score"),
    ("result", "rows", 0, "won"),
    ("result", "rows", 0, "lines"),
]


def mutated(play: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    """``play`` with the value at ``path`` replaced (or deleted); unchanged where an earlier
    change left no such place."""
    play = copy.deepcopy(play)
    here: Any = play
    for step in path[:-1]:
        try:
            here = here[step]
        except (KeyError, IndexError, TypeError):
            return play
    last = path[-1]
    if isinstance(here, dict) and value is DELETE:
        here.pop(last, None)
    elif isinstance(here, dict) or (
        # an earlier change may have left a list where the path names a key
        isinstance(here, list) and isinstance(last, int) and last < len(here)
    ):
        here[last] = value
    return play


@st.composite
def hostile_archives(draw: st.DrawFn) -> bytes:
    plays = []
    for n in range(draw(st.integers(min_value=1, max_value=3))):
        play = a_play(f"H{draw(st.integers(min_value=0, max_value=10**6))}x{n}")
        for path in draw(st.lists(st.sampled_from(PATHS), max_size=3)):
            play = mutated(play, path, draw(hostile))
        plays.append(play)
    plays *= draw(st.sampled_from([1, 1, 1, 9]))  # many plays (the same ids: one kept each)
    doc: dict[str, Any] = {"format": FORMAT, "version": 1, "plays": plays}
    if draw(st.integers(min_value=0, max_value=9)) == 0:
        doc[draw(st.sampled_from(["format", "version", "plays"]))] = draw(hostile)
    body = json.dumps(doc, default=lambda _o: None).encode()
    depth = draw(st.sampled_from([3, 20, 5000]))
    return body.replace(f'"{DEEP}"'.encode(), b"[" * depth + b"]" * depth)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(body=hostile_archives())
def test_after_any_hostile_archive_every_plays_page_and_export_is_200_and_small(
    app, importer, body
):
    app.config["IMPORT_MAX_PLAYS"] = 12  # the pages list every play kept: keep them few
    before = {p.table_id for p in stored(app)}
    reply = importer(body, **ZH)
    assert reply.status_code in (200, 400, 413), reply.get_data(as_text=True)[:300]
    after = {p.table_id for p in stored(app)}
    if reply.status_code != 200:
        assert after == before  # a refusal keeps nothing
    assert len(after) <= 12
    visit_everything(app)
