"""The API speaks plainly: one convention for text in every game's view, and ``?text=plain``.

docs/api.md promises: every Text is ``[msgid, params]``; a key ending in ``_t`` holds a msgid
(or a Text); a param ending in ``_t`` is a msgid translated before it is put in place. This
walks the views of a table of every game, a few actions in, and checks the promise, then
checks that ``GET /api/tables/<id>?text=plain`` leaves no such pair and no msgid untranslated.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from babel.messages.pofile import read_po
from flask.testing import FlaskClient

from companion import i18n_tools
from companion.games import GAMES
from companion.games.kit import Param
from companion.text import AS_IS

from .test_platform import bearer, join

NAMES = ["Annika", "Bodil", "Cyrus", "Dinah", "Edvin", "Floria", "Gustav", "Hilde"]
ACTIONS_PER_TABLE = 8


def zh_catalog() -> dict[str, str]:
    """Every msgid of the zh-TW catalogues (platform and games) and its translation."""
    found: dict[str, str] = {}
    for path in sorted((i18n_tools.SOURCES / "zh_TW").glob("*.po")):
        with path.open("rb") as f:
            for message in read_po(f):
                if message.id and isinstance(message.id, str) and message.string:
                    found[message.id] = str(message.string)
    return found


CATALOG = zh_catalog()


def is_text(value: Any) -> bool:
    return (
        isinstance(value, list)
        and len(value) == 2
        and isinstance(value[0], str)
        and isinstance(value[1], dict)
    )


Path = tuple[str | int, ...]


def texts_and_msgids(value: Any, key: str = "", path: Path = ()) -> Iterator[tuple[Path, str]]:
    """(where, msgid) for every Text and every ``_t`` value inside ``value`` (a Text's
    own ``_t`` params are reported at the Text's place: they become part of its string)."""
    if is_text(value):
        yield path, value[0]
        for k, v in value[1].items():
            if k.endswith("_t") and isinstance(v, str):
                yield path, v
            elif isinstance(v, (list, dict)):
                yield from ((path, msgid) for _, msgid in texts_and_msgids(v, k, path + (k,)))
        return
    if key.endswith("_t") and isinstance(value, str):
        yield path, value
        return
    if isinstance(value, list):
        for i, v in enumerate(value):
            yield from texts_and_msgids(v, key if key.endswith("_t") else "", path + (i,))
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from texts_and_msgids(v, k, path + (k,))


def at(value: Any, path: Path) -> Any:
    for step in path:
        value = value[step]
    return value


def pairs(value: Any, path: Path = ()) -> Iterator[Path]:
    """Where a reply still holds a ``[str, dict]`` pair."""
    if is_text(value):
        yield path
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from pairs(v, path + (i,))
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from pairs(v, path + (k,))


def msgid_places(reply: dict) -> Iterator[tuple[Path, str]]:
    """Every place the convention says holds text: Texts, ``_t`` values, and the view's
    ``phase`` (a msgid every game's view has, as docs/api.md says)."""
    yield from texts_and_msgids(reply)
    if isinstance(reply.get("view", {}).get("phase"), str):
        yield ("view", "phase"), reply["view"]["phase"]


def sample(param: Param) -> Any:
    """A plausible value of a parameter, from its declaration alone."""
    number = 0
    if param.min is not None:
        number = max(number, param.min)
    if param.max is not None:
        number = min(number, param.max)
    choice = param.choices[0] if param.choices else "x"
    return {
        "int": number,
        "seat": 1,
        "bool": True,
        "choice": choice,
        "str": "x",
        "ints": [number],
        "seats": [0, 1],
        "choices": [choice],
    }[param.kind]


def new_table(client: FlaskClient, game_id: str) -> dict:
    """A new table of ``game_id`` through the API: the creation reply (id, tokens, codes)."""
    game = GAMES[game_id]
    players = NAMES[: max(game.min_players, 2)]
    created = client.post("/api/tables", json={"game": game_id, "players": players})
    assert created.status_code == 201, created.json
    return created.json


def play_a_little(
    client: FlaskClient, game_id: str, created: dict | None = None
) -> tuple[str, list[str], list[dict]]:
    """A table of ``game_id`` (new, or ``created``) and a few accepted actions, the host and
    the first seat taking turns; its id, the two tokens and the events."""
    game = GAMES[game_id]
    created = created or new_table(client, game_id)
    tid = created["id"]
    tokens = [created["host_token"], join(client, created["seats"][0]["join_code"])]
    events: list[dict] = []
    tried: set[tuple[int, str]] = set()
    for _ in range(ACTIONS_PER_TABLE):
        progressed = False
        for who, token in enumerate(tokens):
            allowed = client.get(f"/api/tables/{tid}", headers=bearer(token)).json["allowed"]
            for type_ in allowed:
                if (who, type_) in tried:
                    continue
                tried.add((who, type_))
                params = {p.name: sample(p) for p in game.actions[type_].params if not p.optional}
                reply = client.post(
                    f"/api/tables/{tid}/actions",
                    json={"type": type_, **params, "confirm": True},
                    headers=bearer(token),
                )
                if reply.status_code == 200:
                    events.extend(reply.json["events"])
                    progressed = True
                    break
        if not progressed:
            break
    return tid, tokens, events


@pytest.mark.parametrize("game_id", sorted(GAMES) + ["tally"])
def test_every_games_view_follows_the_one_text_convention(client, game_id):
    tid, tokens, events = play_a_little(client, game_id)
    for token in (None, *tokens):
        headers = bearer(token) if token else {}
        reply = client.get(f"/api/tables/{tid}", headers=headers).json
        for where, msgid in msgid_places({"view": reply["view"], "events": events}):
            assert msgid == AS_IS or msgid in CATALOG, f"{game_id} {where}: {msgid!r}"


@pytest.mark.parametrize("game_id", sorted(GAMES) + ["tally"])
def test_text_plain_translates_every_text_of_the_view_and_history(client, game_id):
    tid, tokens, _ = play_a_little(client, game_id)
    for token in (None, *tokens):
        headers = {"Accept-Language": "zh-TW", **(bearer(token) if token else {})}
        raw = client.get(f"/api/tables/{tid}", headers=headers).json
        plain = client.get(f"/api/tables/{tid}?text=plain", headers=headers).json
        assert list(pairs(plain)) == [], game_id
        for where, msgid in msgid_places(raw):
            shown = at(plain, where)
            assert isinstance(shown, str), (game_id, where)
            if CATALOG.get(msgid, msgid) != msgid:
                assert shown != msgid, f"{game_id} {where}: {msgid!r} left untranslated"
        # The same reply otherwise: the same keys, the same numbers, the same history.
        assert plain.keys() == raw.keys()
        assert plain["version"] == raw["version"] and plain["history"] == raw["history"]


def test_text_plain_on_an_action_translates_its_view_and_events(client):
    created = client.post(
        "/api/tables", json={"game": "tally", "players": ["Annika", "Bodil"]}
    ).json
    ann = join(client, created["seats"][0]["join_code"])
    reply = client.post(
        f"/api/tables/{created['id']}/actions?text=plain",
        json={"type": "bid", "n": 4},
        headers={**bearer(ann), "Accept-Language": "zh-TW"},
    ).json
    assert list(pairs(reply)) == []
    assert reply["events"][0]["text"] == CATALOG["Secret choice: everyone chooses on their phone"]
    assert all(isinstance(e["text"], str) for e in reply["events"])
