"""The public event feed's events (``companion.after.feed``): pure comparisons of public views."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

from companion.after import feed
from companion.pipeline.tables import HOST, Viewer
from companion.store.log import NOTE_ROW, ActionRow

PLAYERS = ["Ann", "Bo", "Cy"]


def table(version: int = 7, rows: list[ActionRow] | None = None, outcome: Any = None) -> Any:
    """A stand-in for ``tables.Loaded`` with just what the feed reads."""
    game = SimpleNamespace(id="tally", outcome=lambda state: outcome)
    return SimpleNamespace(
        id="T1",
        game=game,
        players=PLAYERS,
        version=version,
        rows=rows or [],
        last_seq=max((r.seq for r in rows or []), default=0),
        state={},
    )


def view(turn: Any = 0, rnd: Any = 1, phase: Any = "Draw phase", over: bool = False) -> dict:
    return {"turn": turn, "round": rnd, "phase": phase, "over": over, "players": []}


def kinds(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


def test_a_new_turn_is_one_turn_event_with_the_seat_and_the_name():
    events = feed.events_between(view(turn=0), view(turn=2), table())
    assert events == [
        {
            "type": "turn",
            "table_id": "T1",
            "game": "tally",
            "version": 7,
            "turn": {"seat": 2, "name": "Cy"},
        }
    ]


def test_nobodys_turn_is_a_turn_event_with_none():
    assert feed.events_between(view(turn=1), view(turn=None), table())[0]["turn"] is None


def test_an_unchanged_public_view_brings_no_event():
    assert feed.events_between(view(), view(), table(), since_seq=0) == []


def test_round_and_phase_come_before_the_turn_with_the_phase_in_both_languages():
    events = feed.events_between(view(0, 1, "Discard phase"), view(1, 2, "Recover phase"), table())
    assert kinds(events) == ["round", "phase", "turn"]
    assert events[0]["round"] == 2
    assert events[1]["phase"] == "Recover phase"
    assert events[1]["phase_text"] == {"en": "Recover phase", "zh-TW": "回復階段"}


def test_from_nothing_the_round_phase_and_turn_are_told_as_they_are():
    events = feed.events_between(None, view(turn=1, rnd=None, phase=None), table())
    assert kinds(events) == ["round", "phase", "turn"]
    assert events[0]["round"] is None and events[1]["phase_text"] is None
    assert events[2]["turn"] == {"seat": 1, "name": "Bo"}


def test_a_reveal_is_the_public_line_of_each_new_barrier_row():
    barrier = ["the reveal of round {round}'s secret choices", {"round": 3}]
    rows = [
        ActionRow(4, 0, {"type": "lock"}, [], 0, barrier=["old reveal", {}]),
        ActionRow(5, None, {}, [], 0, kind=NOTE_ROW),
        ActionRow(6, 1, {"type": "lock"}, [], 0, barrier=barrier),
        ActionRow(7, 1, {"type": "bid"}, [], 0),
    ]
    events = feed.events_between(view(), view(), table(rows=rows), since_seq=5)
    assert kinds(events) == ["reveal"]
    assert events[0]["reveal"] == barrier
    assert events[0]["reveal_text"] == {
        "en": "the reveal of round 3's secret choices",
        "zh-TW": feed.translate(barrier, feed.catalogues()["zh-TW"]),
    }
    assert "3" in events[0]["reveal_text"]["zh-TW"]
    assert events[0]["reveal_text"]["zh-TW"] != events[0]["reveal_text"]["en"]


def test_reveals_are_not_looked_for_without_a_known_last_row():
    rows = [ActionRow(6, 1, {"type": "lock"}, [], 0, barrier=["x", {}])]
    assert feed.events_between(view(), view(), table(rows=rows)) == []


def test_the_end_carries_the_public_results_headline_and_winners_last():
    outcome = {"headline": ["{name} wins", {"name": "Bo"}], "winners": [1], "rows": []}
    events = feed.events_between(
        view(turn=0), view(turn=None, over=True), table(outcome=outcome), since_seq=0
    )
    assert kinds(events) == ["turn", "end"]
    end = events[-1]
    assert end["headline"] == ["{name} wins", {"name": "Bo"}]
    assert end["headline_text"]["en"] == "Bo wins"
    assert end["winners"] == [{"seat": 1, "name": "Bo"}]


def test_step_sends_nothing_for_a_version_already_told():
    loaded = table(version=3)
    events, first = feed.step(None, loaded, view())
    assert kinds(events) == ["round", "phase", "turn"]
    again, same = feed.step(first, loaded, view(turn=2))
    assert again == [] and same is first
    loaded.version = 4
    later, now = feed.step(first, loaded, view(turn=2))
    assert kinds(later) == ["turn"] and now.version == 4


def test_hello_is_the_table_as_it_is():
    hello = feed.hello(table(version=2), view(turn=1, rnd=2))
    assert hello["type"] == "hello" and hello["version"] == 2
    assert hello["players"] == [{"seat": n, "name": name} for n, name in enumerate(PLAYERS)]
    assert hello["turn"] == {"seat": 1, "name": "Bo"} and hello["round"] == 2
    assert hello["phase_text"]["en"] == "Draw phase" and hello["over"] is False


def test_an_event_is_compact_json_with_chinese_as_it_is():
    text = feed.encode({"type": "phase", "phase_text": {"zh-TW": "抽牌階段"}})
    assert text == '{"type":"phase","phase_text":{"zh-TW":"抽牌階段"}}'
    assert json.loads(text)["phase_text"]["zh-TW"] == "抽牌階段"


def test_a_real_table_feeds_its_turns_and_its_sealed_reveal(app):
    tables = app.extensions["tables"]
    created = tables.create("tally", ["Ann", "Bo"], {})
    seats = [tables.viewer_for(created.id, tables.claim(code)[2]) for code in created.join_codes]
    assert seats == [Viewer("seat", 0), Viewer("seat", 1)]

    def public() -> dict:
        loaded = tables.load(created.id)
        return loaded.game.view(loaded.state, None)

    loaded = tables.load(created.id)
    last = feed.seen(loaded, public())
    tables.act(created.id, HOST, {"type": "end_turn"})
    events, last = feed.step(last, tables.load(created.id), public())
    assert kinds(events) == ["turn"] and events[0]["turn"]["name"] == "Bo"
    tables.act(created.id, seats[0], {"type": "bid", "n": 4})
    tables.act(created.id, seats[1], {"type": "bid", "n": 9})
    tables.act(created.id, seats[0], {"type": "lock"})
    events, last = feed.step(last, tables.load(created.id), public())
    assert events == []  # bids and locks are secret until the reveal
    tables.act(created.id, seats[1], {"type": "lock"})
    events, last = feed.step(last, tables.load(created.id), public())
    assert kinds(events) == ["reveal"]
    assert events[0]["version"] == tables.load(created.id).version
    # The public line of the reveal, and nothing of the bids themselves.
    assert set(events[0]) == {"type", "table_id", "game", "version", "reveal", "reveal_text"}
    assert events[0]["reveal"] == ["the reveal of round {round}'s secret choices", {"round": 1}]
