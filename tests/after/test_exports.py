"""Exports of the results archive as pure functions: CSV, JSON, BG Stats, a seat's receipt,
and an exported archive read back into another server's archive (each on its own SQLite file).
"""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, timedelta, timezone
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

from companion import create_app
from companion.after import archive, exports
from companion.after.archive import Play
from companion.errors import BadInput
from companion.games import GAMES
from companion.games.example import GAME as TALLY
from companion.pipeline.seat_notes import write as write_notes

from ..fixtures.plays import BGSTATS_FIELDS, castle_result
from ..fixtures.tables import tally


def plain(text: object) -> str:
    """An English 'translation': the msgid with its params filled in."""
    if isinstance(text, list):
        msgid, params = text
        return msgid.format(**{k: plain(v) if k.endswith("_t") else v for k, v in params.items()})
    return "" if text is None else str(text)


def sword_play(**changes: object) -> Play:
    """A finished four-seat game with roles and honor points, as the archive keeps one."""
    label = "{name} ({role_t})"
    rows = [
        {"seat": 0, "label": [label, {"name": "Ann", "role_t": "Shogun"}], "score": 5},
        {"seat": 1, "label": [label, {"name": "小明", "role_t": "Ninja"}], "score": 7},
        {"seat": 2, "label": [label, {"name": "Cy", "role_t": "Samurai"}], "score": 3},
        {"seat": 3, "label": [label, {"name": "=Di", "role_t": "Ninja"}], "score": 3},
        {"seat": None, "label": ["Team: {team_t}", {"team_t": "Ninja"}], "score": 10},
    ]
    for row in rows:
        row.update(won=row["seat"] in (1, 3), lines=[["{n} honor", {"n": row["score"]}]])
    values = {
        "table_id": "Abc-12_x",
        "game_id": "samurai-sword",
        "players": ["Ann", "小明", "Cy", "=Di"],
        "options": {"deal": "app"},
        "created": 1_700_000_000.0,
        "ended": 1_700_002_730.0,
        "result": {
            "reason": ["The deck ran out.", {}],
            "headline": ["Team {team_t} wins", {"team_t": "Ninja"}],
            "winners": [1, 3],
            "rows": rows,
            "starter": 0,
        },
    }
    values.update(changes)
    return Play(**values)  # type: ignore[arg-type]


def test_standings_rank_winners_first_then_by_score_and_share_equal_ranks():
    found = exports.standings(sword_play())
    assert [(e["player"], e["rank"], e["winner"], e["score"]) for e in found] == [
        ("Ann", 3, False, 5),
        ("小明", 1, True, 7),
        ("Cy", 4, False, 3),
        ("=Di", 1, True, 3),
    ]
    assert found[0]["side"] == "Shogun"


def test_csv_has_a_bom_one_row_per_player_and_the_documented_columns():
    body = exports.to_csv([sword_play()], plain, UTC)
    assert body.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(body.decode("utf-8-sig"))))
    assert tuple(rows[0]) == exports.CSV_COLUMNS
    assert len(rows) == 5  # four players, no team row
    first = dict(zip(rows[0], rows[2], strict=True))
    assert first == {
        "play_id": "Abc-12_x",
        "game_id": "samurai-sword",
        "game": "Samurai Sword",
        "date": "2023-11-14T22:58:50+00:00",
        "duration_min": "46",
        "seat": "2",
        "player": "小明",
        "side": "Ninja",
        "score": "7",
        "rank": "1",
        "winner": "1",
        "decided_by": "",
        "clock_s": "",  # the table kept no clocks
        "longest_turn_s": "",
    }
    # A name a spreadsheet would run as a formula is written as text.
    assert rows[4][6] == "'=Di"


@pytest.mark.parametrize(
    "name",
    [" =1+1", "\n=1+1", "\uff1d1+1", "\u200b=1+1", "\u3164@cmd", "\t-2+3", "+1", "-3"],
    ids=["space", "newline", "full-width", "zero-width", "hangul-filler", "tab", "plus", "minus"],
)
def test_a_name_a_spreadsheet_would_run_is_written_as_text(name: str):
    players = ["Ann", "小明", "Cy", name]
    body = exports.to_csv([sword_play(players=players)], plain, UTC)
    rows = list(csv.reader(io.StringIO(body.decode("utf-8-sig"))))
    assert rows[4][6] == "'" + name


def test_every_csv_cell_is_quoted_and_numbers_stay_numbers():
    play = sword_play(players=["Ann", "x;=1+1", "Cy", "Di"])
    play.result["rows"][2]["score"] = -3  # a negative score stays a number a sum can add
    body = exports.to_csv([play], plain, UTC).decode("utf-8-sig")
    lines = body.split("\r\n")
    # A reader that splits on ";" (a spreadsheet in many locales) still sees one cell.
    assert '"x;=1+1"' in lines[2]
    assert all(cell.startswith('"') and cell.endswith('"') for cell in lines[3].split(","))
    row = list(csv.reader(io.StringIO(body)))[3]
    assert (row[6], row[8], row[9], row[10]) == ("Cy", "-3", "4", "0")


def test_csv_documented_columns_match_the_docs():
    docs = (Path(__file__).resolve().parents[2] / "docs" / "exports.md").read_text("utf-8")
    for column in exports.CSV_COLUMNS:
        assert f"`{column}`" in docs


def test_json_keeps_texts_as_pairs_and_translated():
    data = exports.to_json([sword_play()], plain, "en", 1_700_003_000.0, UTC)
    assert (data["format"], data["version"], data["language"]) == (exports.FORMAT, 1, "en")
    play = data["plays"][0]
    assert play["result"]["headline"] == ["Team {team_t} wins", {"team_t": "Ninja"}]
    assert play["result_text"]["headline"] == "Team Ninja wins"
    assert play["standings"][1]["side"] == "Ninja" and play["standings"][1]["side_text"] == "Ninja"
    assert json.loads(json.dumps(data)) == data


def test_the_bgstats_play_has_the_documented_fields():
    payload = exports.bgstats_play(sword_play(), plain)
    assert set(payload) == BGSTATS_FIELDS
    assert payload["game"] == {
        "bggId": 128181,
        "highestWins": True,
        "name": "Samurai Sword",
        "noPoints": False,
        "sourceGameId": "samurai-sword",
    }
    assert payload["playDate"] == "2023-11-14 22:58:50"
    assert payload["durationMin"] == 46
    assert payload["sourcePlayId"] == "Abc-12_x"
    assert payload["players"][1] == {
        "name": "小明",
        "rank": 1,
        "role": "Ninja",
        "score": 7,
        "sourcePlayerId": "小明",
        "startPlayer": False,
        "winner": True,
    }
    assert payload["players"][0]["startPlayer"] is True  # the Shogun began
    url = exports.bgstats_url(sword_play(), plain)
    assert url.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    assert json.loads(parse_qs(urlsplit(url).query)["data"][0]) == payload


def castle_play() -> Play:
    """An Art of War play that ended on a captured main castle (see ``castle_result``)."""
    result = castle_result()
    for row in result["rows"]:
        row["lines"] = []
    return Play(
        table_id="Aow-1",
        game_id="art-of-war",
        players=["Ann", "Bo", "Cy"],
        options={},
        created=1_700_000_000.0,
        ended=1_700_003_600.0,
        result=result,
    )


def test_csv_and_bgstats_rank_as_the_rules_place_even_against_the_score():
    # The player who lost the main castle is last with the highest score; a tie on points
    # goes to the tie-break, and the export names it.
    body = exports.to_csv([castle_play()], plain, UTC)
    rows = list(csv.DictReader(io.StringIO(body.decode("utf-8-sig"))))
    assert [(r["player"], r["rank"], r["winner"]) for r in rows] == [
        ("Ann", "2", "0"),
        ("Bo", "1", "1"),
        ("Cy", "3", "0"),
    ]
    assert {r["decided_by"] for r in rows} == {
        "Tied on points; more population (soldiers + workers) decides"
    }
    payload = exports.bgstats_play(castle_play(), plain)
    assert [(p["name"], p["rank"], p["winner"]) for p in payload["players"]] == [
        ("Ann", 2, False),
        ("Bo", 1, True),
        ("Cy", 3, False),
    ]
    assert "more population" in payload["comments"]


def test_bgstats_names_the_start_player_and_a_local_play_date():
    taipei = timezone(timedelta(hours=8))
    payload = exports.bgstats_play(castle_play(), plain, taipei)
    assert [p["startPlayer"] for p in payload["players"]] == [False, False, True]
    # 1_700_003_600 is 2023-11-14 23:13:20 UTC: the table in Taipei ended it the next morning.
    assert payload["playDate"] == "2023-11-15 07:13:20"
    # A play stored before results named who began: nobody is marked.
    old = castle_play()
    del old.result["starter"]
    assert not any(p["startPlayer"] for p in exports.bgstats_play(old, plain)["players"])


def test_sun_tzu_is_sent_to_bgstats_without_points():
    rows = [
        {"seat": s, "label": ["{name}", {"name": n}], "score": v, "won": s == 0, "place": s + 1}
        for s, (n, v) in enumerate([("Ann", 0), ("Bo", 0)])
    ]
    play = sword_play(
        game_id="sun-tzu",
        players=["Ann", "Bo"],
        result={"reason": "", "headline": "", "winners": [0], "rows": rows},
    )
    payload = exports.bgstats_play(play, plain)
    assert payload["game"]["noPoints"] is True
    assert all("score" not in p for p in payload["players"])


def test_a_game_without_a_checked_bgg_id_is_sent_without_one_and_without_points():
    rows = [
        {"seat": s, "label": ["{name}", {"name": n}], "score": None} for s, n in enumerate("AB")
    ]
    result = {"reason": "", "headline": "", "winners": [0], "rows": rows}
    payload = exports.bgstats_play(sword_play(game_id="art-of-war", result=result), plain)
    assert "bggId" not in payload["game"] and payload["game"]["noPoints"] is True
    assert "score" not in payload["players"][0]


def test_a_receipt_holds_its_own_seat_and_its_notes_only():
    text = exports.receipt(sword_play(), 1, "Cy is a Samurai, I think", plain, UTC)
    assert "小明, seat 2" in text and "小明 (Ninja): 7" in text
    assert "Cy is a Samurai, I think" in text and "You won." in text
    assert "Ann (Shogun)" not in text


# -- the archive read back --------------------------------------------------------------------


def exported(play: Play | list[Play]) -> bytes:
    plays = play if isinstance(play, list) else [play]
    return json.dumps(exports.to_json(plays, plain, "en", 0.0)).encode()


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        (b"{not json", "not a JSON archive"),
        (b'{"format": "something else", "version": 1, "plays": []}', "not a JSON archive"),
        (b'{"format": "table-companion-archive", "version": 2, "plays": []}', "version 2"),
        (b'{"format": "table-companion-archive", "version": 1, "plays": {}}', "not a JSON"),
        (b'{"format": "table-companion-archive", "version": 1, "plays": [1]}', "not readable"),
    ],
)
def test_a_file_that_is_not_an_archive_is_refused_with_a_reason(data, fragment):
    with pytest.raises(BadInput) as refused:
        exports.parse_archive(data)
    assert fragment in str(refused.value)


def test_a_play_with_a_bad_field_or_an_unsafe_text_is_refused():
    good = json.loads(exported(sword_play()))
    for field, value in [
        ("players", []),
        ("created", "yesterday"),
        ("id", "a/b"),
        ("result", {"winners": [9], "rows": []}),
        ("result", {"winners": [], "rows": [], "headline": ["{name.__class__}", {"name": 1}]}),
    ]:
        bad = json.loads(json.dumps(good))
        bad["plays"][0][field] = value
        with pytest.raises(BadInput):
            exports.parse_archive(json.dumps(bad).encode())
    assert exports.parse_archive(json.dumps(good).encode())[0].players == sword_play().players


def test_an_exported_archive_restores_its_plays_on_another_server_once(tmp_path):
    GAMES.setdefault(TALLY.id, TALLY)
    first = create_app({"DATABASE": str(tmp_path / "one.db"), "TESTING": True})
    second = create_app({"DATABASE": str(tmp_path / "two.db"), "TESTING": True})
    try:
        one, two = first.extensions["tables"], second.extensions["tables"]
        tally(one, ["Ann", "小明"], [10, 4])
        hidden = tally(one, ["Bo", "Cy", "Di"], [2, 10, 7]).id
        archive.set_hidden(one, hidden, True)
        data = exported(archive.plays(one, hidden=True))
        tally(two, ["Eve", "Fay"], [1, 10])  # the new server has a history of its own
        assert archive.imported(two, exports.parse_archive(data), 1.0) == (2, 0)
        assert archive.imported(two, exports.parse_archive(data), 2.0) == (0, 2)

        def summary(plays: list[Play]) -> set[tuple]:
            return {
                (p.game_id, tuple(p.players), tuple(p.winners), p.ended, p.hidden)
                + tuple((r["name"], r["score"]) for r in p.rows())
                for p in plays
            }

        mine = archive.plays(two, hidden=True)
        assert len(mine) == 3
        moved = [p for p in mine if p.imported]
        assert summary(moved) == summary(archive.plays(one, hidden=True))
        assert all(p.table_id.startswith("imp.") for p in moved)
        assert [p.players for p in archive.plays(two) if p.imported] == [["Ann", "小明"]]
        # An imported play can be hidden and brought back like any other.
        archive.set_hidden(two, moved[0].table_id, not moved[0].hidden)
        assert archive.play(two, moved[0].table_id).hidden is not moved[0].hidden
        # Its own plays coming back to the first server are not doubled either.
        assert archive.imported(one, exports.parse_archive(data), 3.0) == (0, 2)
        # Moving on from the second server keeps one id per play.
        again = exports.parse_archive(exported(moved))
        assert {archive.imported_id(p.table_id) for p in again} == {p.table_id for p in moved}
    finally:
        first.extensions["store"].close()
        second.extensions["store"].close()
        GAMES.pop(TALLY.id, None)


def test_notes_of_reads_the_one_seat_asked_for(app):
    tables = app.extensions["tables"]
    done = tally(tables, ["Ann", "Bo"], [3, 10]).id
    write_notes(tables.store, done, 0, "Ann's plan")
    write_notes(tables.store, done, 1, "Bo's secret")
    assert exports.notes_of(tables, done, 0) == "Ann's plan"
    play = archive.play(tables, done)
    text = exports.receipt(play, 0, exports.notes_of(tables, done, 0), plain)
    assert "Ann's plan" in text and "Bo's secret" not in text
