"""What The Art of War's view hands its screens beyond the rules' own numbers: the phase strip,
place labels, the phone's ready-made deployment lists, the tactic cards playable now and what
each card or General asks for. Templates only display these; the logic is tested here."""

from __future__ import annotations

import json
import random

import pytest

from companion.errors import RulesError
from companion.games.art_of_war import board, data, phone
from companion.games.art_of_war.flow import PHASES
from tests.games.test_art_of_war_helpers import (
    GAME,
    act,
    at_phase,
    deploy,
    new_game,
    plain,
    reveal,
    to_war,
)


def ints(counts: str) -> list[int]:
    """A plan's ready-made list, as the platform parses the form field."""
    return [int(c) for c in counts.split(",")]


def test_the_phase_strip_numbers_phases_0_to_6_and_marks_the_current_one():
    state = GAME.setup(["A", "B"], {}, random.Random(1))
    view = GAME.view(state, None)
    assert view["phase_no"] == -1 and not any(p["current"] for p in view["phases"])
    state = plain(new_game(2))
    view = GAME.view(state, None)
    assert [p["n"] for p in view["phases"]] == list(range(7))
    assert [p["name"] for p in view["phases"]] == [PHASES.labels[name] for name in PHASES.order]
    assert [p["current"] for p in view["phases"]] == [True] + [False] * 6
    assert view["steps"] == []


def test_the_construction_steps_show_the_auction_only_in_rounds_that_have_one():
    state = at_phase(plain(new_game(2)), 4, ["peace", "peace"], "purchase")
    steps = GAME.view(state, None)["steps"]
    assert [s["key"] for s in steps] == ["purchase", "build", "payments"]
    assert [s["current"] for s in steps] == [True, False, False]
    state["round"] = 6
    steps = GAME.view(state, None)["steps"]
    assert [s["key"] for s in steps] == ["purchase", "auction", "build", "payments"]
    state = to_war(plain(new_game(2)), ["peace", "peace"], [3, 3])
    steps = GAME.view(state, None)["steps"]
    assert [(s["key"], s["current"]) for s in steps] == [
        ("deploy", True),
        ("battles", False),
        ("after", False),
    ]


def test_every_location_has_a_label_and_the_used_events_have_names():
    state = plain(new_game(3))
    view = GAME.view(state, None)
    locs = [loc["loc"] for loc in view["map"]["locations"]]
    assert list(view["map"]["labels"]) == locs
    assert view["map"]["labels"]["castle-1"] == ["{owner}'s main castle", {"owner": "P1", "n": 0}]
    state, _ = act(state, None, "next")
    event = GAME.view(state, None)["event"]
    assert event["used_t"] == [data.EVENTS[event["current"]]["name"]]


def test_the_auction_result_names_the_epic_it_sold():
    state = at_phase(plain(new_game(3)), 4, ["peace"] * 3, "purchase")
    state["round"] = 6
    for p in state["p"]:
        p["money"] = 10
    state, _ = act(state, None, "next")
    epic = state["auction"]["epic"]
    state, _ = reveal(state, "bid", {0: 6, 1: 4, 2: 0}, "amount")
    result = GAME.view(state, 2)["auction"]["result"]
    assert result == {"winner": 0, "price": 4, "epic": epic, "epic_t": data.EPICS[epic]["name"]}
    assert GAME.view(state, 0)["me"]["blueprint_price"] == 4


def test_the_deployment_steppers_start_at_home_and_every_step_is_a_legal_deployment():
    state = to_war(plain(new_game(2)), ["war", "peace"], [5, 4])
    plan = GAME.view(state, 0)["me"]["deploy"]
    locs = [loc["loc"] for loc in GAME.view(state, None)["map"]["locations"]]
    assert plan["home"] == "castle-0" and plan["supply"] == 5 and plan["at_home"] == 5
    assert plan["draft"] == [
        {"loc": "castle-0", "label": board.loc_label(state, "castle-0"), "n": 5}
    ]
    assert plan["all_home"] == plan["counts"] == ",".join(["5"] + ["0"] * (len(locs) - 1))
    # At War every other place is open: a stepper each, at 0, with + and All (no - yet).
    assert [r["loc"] for r in plan["rows"]] == [loc for loc in locs if loc != "castle-0"]
    for row in plan["rows"]:
        i = locs.index(row["loc"])
        assert row["n"] == 0 and row["minus"] is None
        for key, n in (("plus", 1), ("all", 5)):
            counts = ints(row[key])
            assert sum(counts) == 5 and counts[i] == n
            act(state, 0, "deploy", counts=counts)  # each one is accepted
    # At Peace, Bo may only keep his castle or go for the bandits.
    rows = GAME.view(state, 1)["me"]["deploy"]["rows"]
    assert [r["loc"] for r in rows] == ["camp-0", "camp-1"]


def plan_index(state: dict, loc: str) -> int:
    return [x["loc"] for x in GAME.view(state, None)["map"]["locations"]].index(loc)


def stepped(state: dict, seat: int, loc: str, key: str, times: int = 1) -> dict:
    """Tap a deployment stepper ``times`` times (each tap posts the list it carries)."""
    for _ in range(times):
        row = next(r for r in GAME.view(state, seat)["me"]["deploy"]["rows"] if r["loc"] == loc)
        state, _ = act(state, seat, "deploy", counts=ints(row[key]))
    return state


def test_a_stepper_moves_one_soldier_at_a_time_and_stops_at_the_ends():
    state = to_war(plain(new_game(2)), ["war", "peace"], [3, 4])
    state = stepped(state, 0, "camp-1", "plus", 3)
    plan = GAME.view(state, 0)["me"]["deploy"]
    camp = next(r for r in plan["rows"] if r["loc"] == "camp-1")
    # Every soldier is at the camp: no more to add, none left at home for anywhere else.
    assert (camp["n"], camp["plus"], camp["all"], plan["at_home"]) == (3, None, None, 0)
    assert all(r["plus"] is None for r in plan["rows"])
    state = stepped(state, 0, "camp-1", "minus")
    assert [(d["loc"], d["n"]) for d in GAME.view(state, 0)["me"]["deploy"]["draft"]] == [
        ("castle-0", 1),
        ("camp-1", 2),
    ]
    state = stepped(state, 0, "camp-1", "minus", 2)
    plan = GAME.view(state, 0)["me"]["deploy"]
    assert plan["at_home"] == 3 and all(r["minus"] is None for r in plan["rows"])


def test_the_deployment_plan_follows_the_choice_submitted_and_stays_private():
    state = to_war(plain(new_game(2)), ["war", "peace"], [5, 4])
    plan = GAME.view(state, 0)["me"]["deploy"]
    state = stepped(state, 0, "camp-1", "plus", 2)
    plan = GAME.view(state, 0)["me"]["deploy"]
    assert [(d["loc"], d["n"]) for d in plan["draft"]] == [("castle-0", 3), ("camp-1", 2)]
    # Another place may take all 3 of the castle's; camp 2 shows its 2.
    city = next(r for r in plan["rows"] if r["loc"] == "castle-1")
    assert ints(city["all"])[plan_index(state, "castle-1")] == 3
    camp = next(r for r in plan["rows"] if r["loc"] == "camp-1")
    assert camp["n"] == 2
    assert "deploy" not in GAME.view(state, None) and GAME.view(state, 1)["me"]["deploy"]["draft"]
    assert plan["counts"] not in json.dumps(GAME.view(state, 1))
    assert plan["counts"] not in json.dumps(GAME.view(state, None))
    state, _ = act(state, 0, "lock")
    assert GAME.view(state, 0)["me"]["deploy"] is not None  # Ann is still in the round
    state, _ = act(state, 1, "deploy", counts=ints(GAME.view(state, 1)["me"]["deploy"]["all_home"]))
    state, _ = act(state, 1, "lock")
    assert GAME.view(state, 0)["me"]["deploy"] is None


def test_only_the_tactic_cards_playable_now_are_offered_with_what_they_need():
    state = plain(new_game(2))
    state["p"][0]["tactics"] = 2
    keys = [c["key"] for c in GAME.view(state, 0)["me"]["cards"]]
    assert "pickpocket" in keys and "drums" not in keys
    assert "borrowed_knife" not in keys and "feint" not in keys
    assert GAME.view(state, 1)["me"]["cards"] == []  # no card in hand
    params = {p.name for p in GAME.actions["play_tactic"].params}
    for card in GAME.view(state, 0)["me"]["cards"]:
        assert set(card["needs"]) <= params and not card["battle"]
    assert next(c for c in GAME.view(state, 0)["me"]["cards"] if c["key"] == "stars_move")[
        "needs"
    ] == ["building", "building2"]
    # In a battle of its own the battle cards join in, before any fight Feint too.
    state = to_war(plain(new_game(2)), ["war", "peace"], [6, 2])
    state, _ = deploy(state, {0: {"castle-1": 6}, 1: {"castle-1": 2}})
    state["p"][0]["tactics"] = state["p"][1]["tactics"] = 1
    cards = {c["key"]: c for c in GAME.view(state, 0)["me"]["cards"]}
    assert cards["drums"]["battle"] and "feint" in cards and "borrowed_knife" in cards
    assert "feint" in [c["key"] for c in phone.playable_cards(state, 1)]
    state, _ = act(state, None, "resolve_battle")
    assert "feint" not in [c["key"] for c in phone.playable_cards(state, 0)]


def test_a_generals_needs_show_only_while_it_is_unused():
    state = plain(new_game(2))
    state["p"][0]["general"] = "cha"
    state["p"][1]["general"] = "kou"
    assert GAME.view(state, 0)["me"]["general_needs"] == ["n"]
    assert GAME.view(state, 1)["me"]["general_needs"] == []
    state["p"][0]["money"] = 5
    state, _ = act(state, 0, "use_general", n=2)
    assert GAME.view(state, 0)["me"]["general_needs"] == []
    params = {p.name for p in GAME.actions["use_general"].params}
    assert all(set(n) <= params for n in phone.GENERAL_NEEDS.values())
    assert all(
        set(n) <= {p.name for p in GAME.actions["play_tactic"].params}
        for n in phone.CARD_NEEDS.values()
    )


def test_the_setup_screen_lists_the_starting_resources_in_turn_order_from_the_start_player():
    state = GAME.setup([f"P{i}" for i in range(5)], {"fifth_allowance": 12}, random.Random(1))
    state, _ = act(state, None, "set_start_player", seat=3)
    view = GAME.view(state, None)
    assert [(a["seat"], a["n"]) for a in view["allowances"]] == [
        (3, 8),
        (4, 9),
        (0, 9),
        (1, 10),
        (2, 12),
    ]
    assert view["in_setup"] and not view["in_round"] and view["phase_badge"] is None
    state = GAME.setup(["A", "B", "C"], {}, random.Random(1))
    assert [a["n"] for a in GAME.view(state, None)["allowances"]] == [8, 9, 9]


def test_the_view_says_what_the_phase_means_so_templates_never_compare_phase_numbers():
    state = plain(new_game(2))
    view = GAME.view(state, None)
    assert view["in_round"] and not view["in_setup"] and view["shows_counters"]
    assert view["phase_badge"] == 0 and not view["selling_food"]
    view = GAME.view(at_phase(state, 6), None)
    assert view["selling_food"] and view["phase_badge"] == 6


# ----------------------------------------------------------------------- offered only when possible


def test_a_phone_is_offered_only_the_purchases_its_money_pays_for():
    # Digest: tactic card $3, blueprint $4, at most 1 of each per round.
    state = at_phase(plain(new_game(2)), 4, ["peace", "peace"], "purchase")
    state["p"][0]["money"] = 3
    buy = GAME.view(state, 0)["me"]["buy"]
    assert (buy["money"], buy["tactic"], buy["blueprint"]) == (3, True, False)
    state, _ = act(state, 0, "buy_tactic")
    buy = GAME.view(state, 0)["me"]["buy"]
    assert (buy["tactic"], buy["tactic_bought"], buy["blueprint"]) == (False, True, False)
    # Each offer is accepted: with $4 the blueprint is offered, and buying it works.
    state["p"][0]["money"] = 4
    assert GAME.view(state, 0)["me"]["buy"]["blueprint"] is True
    act(state, 0, "buy_blueprint")
    # Nobody else's phone ever sees this seat's purchases panel.
    assert GAME.view(state, 1)["me"]["buy"]["money"] == state["p"][1]["money"]


def test_a_phone_is_offered_only_the_blueprints_it_can_start_now_and_told_why_not():
    state = at_phase(plain(new_game(2)), 4, ["peace", "war"], "build")
    state["p"][0]["blueprints"] = ["courtyard", "latrine"]  # 3 and 2 workers
    state["p"][0]["supply"] = 2
    build = GAME.view(state, 0)["me"]["build"]
    assert [b["key"] for b in build["startable"]] == ["latrine"]
    act(state, 0, "start_building", building="latrine", city=None, workers=None)
    state["p"][0]["supply"] = 1
    assert GAME.view(state, 0)["me"]["build"]["why_not"] == (
        "Not enough soldiers in hand to work on any of your blueprints."
    )
    # Digest: at War you may not start new buildings.
    state["p"][1]["blueprints"] = ["latrine"]
    state["p"][1]["supply"] = 9
    build = GAME.view(state, 1)["me"]["build"]
    assert build["startable"] == [] and build["why_not"] == (
        "You may not start new buildings this round."
    )
    with pytest.raises(RulesError):
        act(state, 1, "start_building", building="latrine", city=None, workers=None)
