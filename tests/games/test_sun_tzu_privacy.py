"""Sun Tzu's secrets (no view shows another seat's hand, deck or sealed choice) and whole random
games."""

from __future__ import annotations

import copy
import json
import random

import pytest

from companion.games import sun_tzu as st
from companion.games.kit import RulesError
from companion.games.sun_tzu import GAME
from tests.games.sun_tzu_setups import (
    BLUE,
    RED,
    P,
    act,
    finish_round,
    place_both,
    placement,
    start,
    total,
)

# --------------------------------------------------------------------------- privacy


def secret_twin(state, seat):
    """The same game with different secrets for ``seat`` (same counts)."""
    twin = copy.deepcopy(state)
    priv = twin["private"][seat]
    cards = priv["hand"] + priv["deck"]
    permanent = [c for c in cards if c in st.PERMANENT]
    rest = [c for c in cards if c not in st.PERMANENT]
    rest.reverse()
    rest = rest[1:] + rest[:1]
    hand_rest = len(priv["hand"]) - len(permanent)
    priv["hand"] = permanent + rest[:hand_rest]
    priv["deck"] = rest[hand_rest:]
    priv["warlords"] = [1 if n != 1 else 4 for n in priv["warlords"]]
    if twin["sealed"] and twin["sealed"]["choices"][seat] is not None:
        choice = twin["sealed"]["choices"][seat]
        if isinstance(choice, list):
            twin["sealed"]["choices"][seat] = list(reversed(choice))
        else:
            twin["sealed"]["choices"][seat] = 1 if choice != 1 else 4
    b = twin["battle"]
    for p in range(5):
        if not b["revealed"][p] and b["cards"][seat][p] is not None:
            b["cards"][seat][p] = "+1" if b["cards"][seat][p] != "+1" else "9"
    return twin


def assert_private(state, seat):
    twin = secret_twin(state, seat)
    other = 1 - seat
    for viewer in (None, other):
        a = json.dumps(st.view(state, viewer), sort_keys=True)
        b = json.dumps(st.view(twin, viewer), sort_keys=True)
        assert a == b, f"seat {seat}'s secrets leak to {viewer}"
        assert st.allowed(state, viewer) == st.allowed(twin, viewer)
    mine_a = json.dumps(st.view(state, seat)["me"], sort_keys=True)
    mine_b = json.dumps(st.view(twin, seat)["me"], sort_keys=True)
    return mine_a != mine_b


@pytest.mark.parametrize("seat", [BLUE, RED])
def test_no_view_shows_another_seats_hand_deck_warlords_or_sealed_choice(seat):
    # Warlord choice in progress.
    state = st.setup(["Ann", "Bob"], {"cards": "phones"}, random.Random(2))
    state, _ = act(state, seat, "choose_warlord", warlord=2)
    assert assert_private(state, seat)
    # Placement submitted and locked.
    state = start("phones", blue_w=2, red_w=3)
    state, _ = act(state, seat, "place", **placement(state, seat))
    state, _ = act(state, seat, "lock")
    assert assert_private(state, seat)
    # Battles with face-down provinces left.
    state = start("phones", blue_w=2, red_w=3)
    state = place_both(state)
    state, _ = act(state, None, "reveal")
    state, _ = act(state, None, "resolve")
    assert assert_private(state, seat)
    # Draw phase.
    state, _ = finish_round(state)
    assert state["phase"] == "draw"
    assert_private(state, seat)


def test_hand_and_deck_counts_are_public_but_cards_are_not():
    state = start("phones")
    view = st.view(state, None)
    assert view["players"][BLUE]["hand_count"] == 10
    assert view["players"][BLUE]["deck_count"] == 10
    assert all("hand" not in player and "deck" not in player for player in view["players"])
    assert st.view(state, BLUE)["me"]["hand"][:6] == ["1", "2", "3", "4", "5", "6"]


def test_private_events_only_go_to_their_seat():
    state = start("phones")
    state, events = act(state, RED, "place", **placement(state, RED))
    assert all(e.get("to") == [RED] for e in events)


# --------------------------------------------------------------------------- whole games


def random_game(seed, **options):
    rng = random.Random(seed)
    opts = {o.name: o.default for o in st.OPTIONS} | options
    state = st.setup(["Ann", "Bob"], opts, rng)
    for _ in range(4000):
        if GAME.outcome(state):
            return state
        moves = [
            (actor, kind)
            for actor in (None, BLUE, RED)
            for kind in st.allowed(state, actor)
            if kind
            not in (
                "move_armies",
                "set_score",
                "set_displays",
                "enter_event",
                "set_event_done",
                "unlock",
                "recall",
            )
        ]
        actor, kind = rng.choice(moves)
        params = random_params(state, actor, kind, rng)
        try:
            state, _ = act(state, actor, kind, **params)
        except RulesError:
            continue
        for seat in (BLUE, RED):
            assert total(state, seat) == 21
            assert min(state["armies"][seat]) >= 0 and state["pool"][seat] >= 0
        assert all(not (a and r) for a, r in zip(*state["armies"], strict=True))
        assert -9 <= state["score"] <= 9
    raise AssertionError("the game did not end")


def random_params(state, actor, kind, rng):
    if kind == "place":
        hand = list(state["private"][actor]["hand"])
        rng.shuffle(hand)
        return dict(zip(P, hand[:5], strict=False))
    if kind == "bottom":
        return {"card": rng.choice(state["private"][actor]["drawn"])}
    out = {}
    for param in st.ACTIONS[kind].params:
        if param.optional and rng.random() < 0.5:
            continue
        if param.kind == "choice":
            out[param.name] = rng.choice(param.choices)
        elif param.kind == "int":
            out[param.name] = rng.randint(param.min, min(param.max, 5))
        elif param.kind == "seat":
            out[param.name] = rng.randint(0, 1)
    return out


@pytest.mark.parametrize("cards", ["physical", "phones"])
@pytest.mark.parametrize("seed", range(4))
def test_random_games_end_and_keep_21_armies_per_colour(cards, seed):
    state = random_game(seed, cards=cards)
    res = GAME.outcome(state)
    assert res["reason"][0] in {t for t in st.END_REASONS.values()}
    assert len(res["rows"]) == 2 and all(row["lines"] for row in res["rows"])
    assert st.allowed(state, None) == []
