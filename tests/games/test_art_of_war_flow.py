"""The Art of War moves on by itself where nothing can happen, with a line saying why; where
someone could still act, or the table has something to do, it waits for the host's Next."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from companion.games.art_of_war import GAME
from companion.games.art_of_war.autoadvance import idle
from companion.pipeline.live import Hub
from companion.pipeline.tables import HOST, Tables, Viewer
from companion.store.log import Store
from tests.fixtures.benchmarks import benchmark_output
from tests.games.test_art_of_war_helpers import act, at_phase, new_game, plain, reveal
from tests.games.test_art_of_war_table_truth import en

ROOT = Path(__file__).resolve().parents[2]


def moved_on(events: list[dict]) -> list[str]:
    """The English lines of the moves on among ``events``."""
    names = ["P0", "P1", "P2"]
    return [en(GAME.describe(e, names)) for e in events if e["type"] == "MovedOn"]


def stances(state: dict, *chosen: str) -> tuple[dict, list]:
    return reveal(state, "choose_stance", dict(enumerate(chosen)), "stance")


# --------------------------------------------------------------------------- what moves on


def test_the_event_phase_moves_on_to_war_or_peace_with_a_line_saying_why():
    state, events = act(new_game(3), None, "next")
    assert state["phase"] == 2 and state["sealed"]["name"] == "stance"
    assert [e["type"] for e in events][:2] == ["PhaseStarted", "EventDrawn"]
    assert moved_on(events) == [
        "Nothing to do in the Event phase: the event card acts by itself. Moving on."
    ]
    assert events.index(next(e for e in events if e["type"] == "MovedOn")) > 1


def test_war_or_peace_and_production_move_on_once_every_choice_is_revealed():
    state, _ = act(new_game(3), None, "next")
    state, events = stances(state, "peace", "war", "peace")
    assert (state["phase"], state["step"]) == (4, "purchase")
    assert moved_on(events) == [
        "Nothing to do in the War or Peace phase: every choice is revealed. Moving on.",
        "Nothing to do in the Production phase: production and tribute are settled. Moving on.",
    ]
    # What production worked out stays on the screens, and the money lines on each phone.
    # (A count of workers takes its plural form: the singular is the msgid, P0 at peace has none.)
    assert [
        "Barracks: base {base} + {n} worker = {total} soldiers",
        {
            "base": 4,
            "total": 4,
            "n": 0,
            "_plural": "Barracks: base {base} + {n} workers = {total} soldiers",
        },
    ] in state["computed"]
    assert state["private_lines"][0][-1][0] == "Money: +${n}"


def test_war_or_peace_waits_while_a_choice_is_still_secret():
    state, _ = act(new_game(3), None, "next")
    state, _ = act(state, 0, "choose_stance", stance="war")
    state, events = act(state, 0, "lock")
    assert state["phase"] == 2 and not moved_on(events)


def test_production_waits_for_the_tribute_and_moves_on_when_the_last_is_taken():
    state, _ = act(new_game(3, neutral_cities=False), None, "next")
    for seat in range(3):
        state["p"][seat]["at"] = {f"city-{seat}": seat + 1}
    state, events = stances(state, "peace", "peace", "peace")
    assert state["phase"] == 3 and state["tribute"]
    assert moved_on(events) == [
        "Nothing to do in the War or Peace phase: every choice is revealed. Moving on."
    ]
    for share in list(state["tribute"]):
        assert state["phase"] == 3
        state, events = act(
            state, share["seat"], "take_tribute", vassal=share["vassal"] + 1, kind="food"
        )
    assert (state["phase"], state["step"]) == (4, "purchase")
    assert moved_on(events)[-1].startswith("Nothing to do in the Production phase")


def purchases(money: list[int], **options: Any) -> dict:
    state = at_phase(plain(new_game(3, **options)), 4, ["peace"] * 3, "build")
    state["step"] = "purchase"
    for seat, n in enumerate(money):
        state["p"][seat]["money"] = n
    return state


def test_the_purchases_move_on_when_nobody_can_pay_and_money_is_public():
    state = purchases([2, 1, 0], money_public=True)
    line = idle(state)
    assert line is not None
    state, events = act(state, None, "correct", seat=0, what="food", delta=1)
    assert state["step"] == "build"
    assert moved_on(events) == [
        "Nothing to do in the Purchases step: no player may buy a tactic card or a blueprint. "
        "Moving on."
    ]


def test_the_purchases_wait_while_someone_can_pay():
    assert idle(purchases([2, 3, 0], money_public=True)) is None  # a tactic card for $3
    state = purchases([9, 9, 9], money_public=True)
    for seat in range(3):
        state["p"][seat].update(bought_tactic=True, bought_blueprint=seat != 2)
    assert idle(state) is None  # the third player may still buy a blueprint
    state["p"][2]["bought_blueprint"] = True
    assert idle(state) is not None  # everyone has bought both


def test_private_money_never_moves_the_purchases_on():
    # Nobody can pay, but moving on would tell the table so: money is private.
    assert idle(purchases([2, 1, 0])) is None


def test_the_auction_moves_on_when_settled_but_waits_on_a_tie_drawn_at_random():
    state = purchases([9, 9, 9], auction_from=1)
    state, _ = act(state, None, "next")
    assert state["step"] == "auction" and state["sealed"]["name"] == "bid"
    state, events = reveal(state, "bid", {0: 5, 1: 3, 2: 0}, "amount")
    assert state["step"] == "build"
    assert moved_on(events) == [
        "Nothing to do in the Epic auction step: the epic auction is settled. Moving on."
    ]
    tied = purchases([9, 9, 9], auction_from=1)
    tied, _ = act(tied, None, "next")
    tied, _ = reveal(tied, "bid", {0: 4, 1: 4, 2: 0}, "amount")
    tied, events = reveal(tied, "bid", {0: 4, 1: 4}, "amount")
    assert tied["auction"]["drawn_among"] and tied["step"] == "auction"
    assert not moved_on(events)


def test_the_steps_where_the_table_has_work_never_move_on_by_themselves():
    state = new_game(3)
    assert state["phase"] == 0 and idle(state) is None  # camps refilled, the event drawn
    for phase, step in ((4, "build"), (4, "payments"), (5, "after"), (6, "")):
        assert idle(at_phase(plain(new_game(3)), phase, ["peace"] * 3, step)) is None, step


# --------------------------------------------------------------------------- undo and replay


def pipeline(**options: Any) -> tuple[Tables, str]:
    """A two-player table in a pipeline of its own, both seats' setup chosen and locked."""
    tables = Tables(Store(":memory:"), Hub())
    tid = tables.create("art-of-war", ["Ann", "Bo"], options).id
    for seat in range(2):
        tables.act(
            tid,
            Viewer("seat", seat),
            {"type": "choose_setup", "advisor": 0, "general": 0, "soldiers": 4, "food": 3},
        )
        tables.act(tid, Viewer("seat", seat), {"type": "lock"})
    return tables, tid


def test_one_undo_takes_back_a_purchase_and_the_step_it_ended():
    tables = Tables(Store(":memory:"), Hub())
    tid = tables.create("art-of-war", ["Ann", "Bo"], {"money_public": True}).id
    tables.act(tid, HOST, {"type": "set_start_player", "seat": 0})
    # Ann keeps $3 (8 resources), Bo nothing (9); both go to War, so the mines stop.
    for seat, (soldiers, food) in enumerate(((3, 2), (5, 4))):
        # Not the Advisor whose Finance adds $3 a round.
        advisor = (
            tables.load(tid).state["offers"][seat]["advisors"].index("zengzi") ^ 1
            if ("zengzi" in tables.load(tid).state["offers"][seat]["advisors"])
            else 0
        )
        body = {"advisor": advisor, "general": 0, "soldiers": soldiers, "food": food}
        tables.act(tid, Viewer("seat", seat), {"type": "choose_setup", **body})
        tables.act(tid, Viewer("seat", seat), {"type": "lock"})
    tables.act(tid, HOST, {"type": "enter_event", "event": "ships"})
    for seat in range(2):
        tables.act(tid, Viewer("seat", seat), {"type": "choose_stance", "stance": "war"})
        tables.act(tid, Viewer("seat", seat), {"type": "lock"})
    state = tables.load(tid).state
    assert (state["phase"], state["step"]) == (4, "purchase")
    assert [p["money"] for p in state["p"]] == [3, 0]
    waiting = json.dumps(GAME.view(state, None), sort_keys=True)
    tables.act(tid, Viewer("seat", 0), {"type": "buy_tactic"})
    state = tables.load(tid).state
    assert state["step"] == "build"
    assert [e["type"] for e in tables.load(tid).rows[-1].events][-1] == "MovedOn"
    tables.undo(tid, Viewer("seat", 0))
    state = tables.load(tid).state
    assert state["step"] == "purchase" and state["p"][0]["money"] == 3
    assert json.dumps(GAME.view(state, None), sort_keys=True) == waiting


def test_one_undo_takes_back_a_tribute_and_the_production_it_ended():
    tables, tid = pipeline(neutral_cities=False)
    tables.act(
        tid,
        HOST,
        {"type": "set_soldiers", "seat": 0, "location": "city-0", "n": 2, "confirm": True},
    )
    # An event that leaves the tribute alone (Five Barbarians would stop it).
    tables.act(tid, HOST, {"type": "enter_event", "event": "ships"})
    for seat in range(2):
        tables.act(tid, Viewer("seat", seat), {"type": "choose_stance", "stance": "peace"})
        tables.act(tid, Viewer("seat", seat), {"type": "lock"})
    state = tables.load(tid).state
    assert state["phase"] == 3 and len(state["tribute"]) > 0
    for share in state["tribute"][:-1]:
        tables.act(
            tid,
            Viewer("seat", share["seat"]),
            {"type": "take_tribute", "vassal": share["vassal"] + 1, "kind": "food"},
        )
    last = state["tribute"][-1]
    waiting = json.dumps(GAME.view(tables.load(tid).state, None), sort_keys=True)
    tables.act(
        tid,
        Viewer("seat", last["seat"]),
        {"type": "take_tribute", "vassal": last["vassal"] + 1, "kind": "food"},
    )
    assert tables.load(tid).state["phase"] == 4
    tables.undo(tid, HOST, confirm=True)
    state = tables.load(tid).state
    assert state["phase"] == 3
    assert json.dumps(GAME.view(state, None), sort_keys=True) == waiting
    tables.redo(tid, HOST)
    assert tables.load(tid).state["phase"] == 4


def test_a_log_with_moves_on_replays_to_the_same_views():
    tables, tid = pipeline()
    tables.act(tid, HOST, {"type": "next"})
    for seat in range(2):
        tables.act(tid, Viewer("seat", seat), {"type": "choose_stance", "stance": "war"})
        tables.act(tid, Viewer("seat", seat), {"type": "lock"})
    live = tables.load(tid)
    views = [json.dumps(GAME.view(live.state, v), sort_keys=True) for v in (None, 0, 1)]
    rebuilt = tables._rebuild(tid)
    assert [json.dumps(GAME.view(rebuilt.state, v), sort_keys=True) for v in (None, 0, 1)] == views


# --------------------------------------------------------------------------- the taps script


def test_the_taps_script_plays_whole_rounds_and_counts_the_host_taps():
    out = benchmark_output("aow_taps.py", "--quick", timeout=120)
    figures = json.loads(out.strip().splitlines()[-1])
    assert figures["full_rounds"] == 3 and figures["games"] == 1
    by_phase = figures["next_taps_per_round_by_phase"]
    # The event phase and War or Peace move on by themselves: no Next is ever tapped there.
    assert "event" not in by_phase and "stance" not in by_phase
    # Every other step moves on when the phones say Done: drawing the event is the host's tap.
    assert by_phase == {"preparation": 1.0}
    assert figures["host_taps_per_round_by_type"].get("resolve_battle", 0) == 0
    assert figures["host_taps_per_round"] == sum(figures["host_taps_per_round_by_type"].values())
