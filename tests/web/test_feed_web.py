"""``GET /api/tables/<id>/feed``: the public SSE feed for gadgets, through the Flask app."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from companion.games.example import GAME as TALLY

MESSAGE = re.compile(r"((?:[^\n]+\n)*)\n")


class Feed:
    """One open feed, read message by message (the stream runs in this thread)."""

    def __init__(self, app: Flask, table_id: str, last_event_id: int | None = None) -> None:
        headers = {"Last-Event-ID": str(last_event_id)} if last_event_id is not None else {}
        self.response = app.test_client().get(
            f"/api/tables/{table_id}/feed", headers=headers, buffered=False
        )
        assert self.response.status_code == 200
        self.chunks: Iterator[Any] = iter(self.response.response)
        self.buffer = ""
        OPEN.append(self)

    def messages(self, limit: int = 20) -> Iterator[dict[str, Any]]:
        """The next messages: {"id", "event", "data"} (``comment`` for a heartbeat)."""
        for _ in range(limit):
            match = MESSAGE.match(self.buffer)
            while match is None:
                chunk = next(self.chunks)
                self.buffer += chunk.decode() if isinstance(chunk, bytes) else chunk
                match = MESSAGE.match(self.buffer)
            self.buffer = self.buffer[match.end() :]
            fields: dict[str, Any] = {}
            for line in match.group(1).splitlines():
                name, _, value = line.partition(":")
                fields[name or "comment"] = value.removeprefix(" ")
            if "data" in fields:
                fields["data"] = json.loads(fields["data"])
            yield fields

    def next_events(self, n: int = 1) -> list[dict[str, Any]]:
        """The next ``n`` messages that are events or bare ids (skipping heartbeats)."""
        found = []
        for message in self.messages(limit=50):
            if "id" in message:
                found.append(message)
                if len(found) == n:
                    return found
        raise AssertionError(f"only {found} in 50 messages")

    def close(self) -> None:
        if self in OPEN:
            OPEN.remove(self)
        self.response.close()


OPEN: list[Feed] = []


@pytest.fixture
def fast(app: Flask) -> Iterator[Flask]:
    app.config["SSE_HEARTBEAT"] = 0.02
    yield app
    while OPEN:  # a failed test's streams too, newest first, as their contexts were pushed
        OPEN.pop().close()


def tally_table(app: Flask) -> tuple[str, str, list[str]]:
    """A Tally table (Ann, Bo, Cy): its id, host token and seat tokens."""
    from companion.games import GAMES

    GAMES.setdefault(TALLY.id, TALLY)
    client = app.test_client()
    made = client.post("/api/tables", json={"game": "tally", "players": ["Ann", "Bo", "Cy"]}).json
    tokens = [
        client.post("/api/join", json={"code": s["join_code"]}).json["token"] for s in made["seats"]
    ]
    return made["id"], made["host_token"], tokens


def act(app: Flask, table_id: str, token: str, body: dict[str, Any]) -> dict[str, Any]:
    reply = app.test_client().post(
        f"/api/tables/{table_id}/actions", json=body, headers={"Authorization": f"Bearer {token}"}
    )
    assert reply.status_code == 200, reply.json
    return reply.json


def test_the_feed_starts_with_hello_the_table_as_it_is_with_its_version_as_id(fast):
    table_id, _host, _seats = tally_table(fast)
    feed = Feed(fast, table_id)
    first = next(feed.messages())
    assert first == {"retry": "2000"}
    hello = next(feed.messages())
    assert hello["event"] == "hello" and hello["id"] == "3"  # three claims so far
    assert hello["data"]["turn"] == {"seat": 0, "name": "Ann"}
    assert hello["data"]["players"][2] == {"seat": 2, "name": "Cy"}
    assert hello["data"]["version"] == 3 and hello["data"]["over"] is False
    feed.close()


def test_each_turn_is_an_event_with_the_tables_new_version_as_id(fast):
    table_id, host, _seats = tally_table(fast)
    feed = Feed(fast, table_id)
    feed.next_events()  # hello
    version = act(fast, table_id, host, {"type": "end_turn"})["version"]
    [turn] = feed.next_events()
    assert turn["event"] == "turn" and turn["id"] == str(version)
    assert turn["data"] == {
        "type": "turn",
        "table_id": table_id,
        "game": "tally",
        "version": version,
        "turn": {"seat": 1, "name": "Bo"},
    }
    act(fast, table_id, host, {"type": "end_turn"})
    version = act(fast, table_id, host, {"type": "end_turn"})["version"]
    # Changes that came while the stream slept are merged: the round, then the turn now.
    round_, turn = feed.next_events(2)
    assert (round_["event"], round_["data"]["round"]) == ("round", 2)
    assert (turn["event"], turn["data"]["turn"]["seat"]) == ("turn", 0)
    assert round_["id"] == turn["id"] == str(version)
    feed.close()


def test_a_change_with_no_public_event_sends_its_id_alone(fast):
    table_id, host, _seats = tally_table(fast)
    feed = Feed(fast, table_id)
    feed.next_events()
    version = act(fast, table_id, host, {"type": "add", "seat": 1, "n": 2})["version"]
    [bare] = feed.next_events()
    assert bare == {"id": str(version)}
    feed.close()


def test_a_sealed_reveal_and_the_end_are_events_with_their_public_lines(fast):
    table_id, host, seats = tally_table(fast)
    feed = Feed(fast, table_id)
    feed.next_events()
    for token, bid in zip(seats, (3, 5, 8), strict=True):
        version = act(fast, table_id, token, {"type": "bid", "n": bid})["version"]
        assert feed.next_events() == [{"id": str(version)}]  # a bid is secret: no event
    for token in seats:
        version = act(fast, table_id, token, {"type": "lock"})["version"]
    # Changes that came while the stream slept are merged into the newest version's events.
    [reveal] = feed.next_events()
    assert reveal["event"] == "reveal" and reveal["id"] == str(version)
    assert reveal["data"]["reveal_text"]["en"] == "the reveal of round 1's secret choices"
    act(fast, table_id, host, {"type": "add", "seat": 2, "n": 5})
    assert "event" not in feed.next_events()[0]
    version = act(fast, table_id, host, {"type": "add", "seat": 2, "n": 5, "confirm": True})[
        "version"
    ]
    messages = feed.next_events(2)
    assert [(m["event"], m["id"]) for m in messages] == [
        ("reveal", str(version)),
        ("end", str(version)),
    ]
    end = messages[1]["data"]
    assert end["headline_text"]["en"] == "Cy wins" and "Cy" in end["headline_text"]["zh-TW"]
    assert end["winners"] == [{"seat": 2, "name": "Cy"}]
    feed.close()


def test_a_reconnect_with_the_last_event_id_gets_only_later_events(fast):
    table_id, host, _seats = tally_table(fast)
    version = act(fast, table_id, host, {"type": "end_turn"})["version"]
    feed = Feed(fast, table_id, last_event_id=version)
    next(feed.messages())  # retry
    assert next(feed.messages()) == {"comment": "ping"}  # no hello: nothing is new
    later = act(fast, table_id, host, {"type": "end_turn"})["version"]
    [turn] = feed.next_events()
    assert turn["event"] == "turn" and turn["id"] == str(later)
    feed.close()
    # From further back: the table as it is now, since the feed keeps no backlog.
    feed = Feed(fast, table_id, last_event_id=version - 1)
    [hello] = feed.next_events()
    assert hello["event"] == "hello" and hello["data"]["turn"]["seat"] == 2
    feed.close()


def test_an_idle_feed_sends_heartbeat_comments(fast):
    table_id, _host, _seats = tally_table(fast)
    feed = Feed(fast, table_id)
    messages = feed.messages()
    kinds = [next(messages) for _ in range(4)]
    assert kinds[1]["event"] == "hello" and kinds[2:] == [{"comment": "ping"}] * 2
    feed.close()


def test_the_feed_is_public_and_event_stream_and_needs_no_token(fast):
    table_id, _host, _seats = tally_table(fast)
    reply = fast.test_client().get(f"/api/tables/{table_id}/feed", buffered=False)
    assert reply.status_code == 200
    assert reply.mimetype == "text/event-stream"
    assert reply.headers["Cache-Control"] == "no-store"
    assert reply.headers["Access-Control-Allow-Origin"] == "*"
    reply.close()


@pytest.mark.parametrize(
    ("language", "message"), [("en", "There is no such table."), ("zh-TW", "沒有這一桌。")]
)
def test_an_unknown_table_is_a_404_in_the_viewers_language(client, language, message):
    reply = client.get("/api/tables/nope/feed", headers={"Accept-Language": language})
    assert reply.status_code == 404
    assert reply.json == {"error": {"code": "unknown_table", "message": message}}


def test_the_samurai_sword_feed_names_the_phase_in_both_languages(fast):
    client = fast.test_client()
    made = client.post(
        "/api/tables", json={"game": "samurai-sword", "players": ["Ann", "Bo", "Cy"]}
    ).json
    feed = Feed(fast, made["id"])
    [hello] = feed.next_events()
    assert hello["data"]["phase_text"] == {"en": "Recover phase", "zh-TW": "回復階段"}
    act(fast, made["id"], made["host_token"], {"type": "next_phase"})
    [phase] = feed.next_events()
    assert phase["data"]["phase"] == "Draw phase"
    assert phase["data"]["phase_text"] == {"en": "Draw phase", "zh-TW": "抽牌階段"}
    feed.close()
