"""What is private in each game, as code: per game id, how to change ONE seat's private data
into other valid values while keeping every public fact, and how to re-draw the private part
of an action that seat takes.

The secrecy property (``test_secrecy_property.py``) checks independence, not strings (a role
name also appears on another Ninja's phone): for every seat ``s`` and every other viewer ``v``
(another seat, or None = the table screen and the host), ``view(state, v)`` must equal
``view(scramble(state, s), v)``, and the same next action must look the same to ``v``.

Which games need an entry is read from each game's own declaration, ``Game.private`` (what a
seat keeps hidden, in words). A game that declares secrets MUST have an entry in
``SCRAMBLERS`` and in ``PRIVATE_ACTIONS``: the suite fails with a message that tells its author
what to add until it has them. A game that declares none (``private=()``) needs no entry: it
takes the no-secrets path (``no_secrets`` / ``no_private_params``).

- ``scramble(state, seat, rng) -> new_state`` never mutates ``state``.
- ``redraw(state, seat, action, rng) -> action | None``: ``action`` (``{"type", ...params}``)
  with its private params (a sealed choice, a secret number) replaced by another valid value;
  None when the action has no private params.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from companion.games.kit import Game, State

Scrambler = Callable[[State, int, Any], State]
Redraw = Callable[[State, int, dict[str, Any], Any], dict[str, Any] | None]


def other(rng: Any, values: Any, current: Any) -> Any:
    """A value from ``values`` other than ``current`` when there is one (else ``current``)."""
    choices = [v for v in values if v != current]
    return rng.choice(choices) if choices else current


def other_int(rng: Any, lo: int, hi: int, current: Any) -> int:
    """An int in [lo, hi] other than ``current`` (when the range has another one)."""
    value = rng.randint(lo, hi)
    if value == current and hi > lo:
        value = lo + (value - lo + 1) % (hi - lo + 1)
    return value


def submitted(state: State, seat: int, name: str | None = None) -> bool:
    """Has ``seat`` a (secret) choice in the open sealed round (called ``name``)?"""
    rnd = state.get("sealed")
    return bool(rnd) and (name is None or rnd["name"] == name) and bool(rnd["submitted"][seat])


def no_secrets(state: State, seat: int, rng: Any) -> State:
    """For games that declare nothing private (every view is the public one plus conveniences)."""
    return copy.deepcopy(state)


def no_private_params(state: State, seat: int, action: dict[str, Any], rng: Any) -> None:
    return None


# --------------------------------------------------------------------------- Tally (tests)


def scramble_tally(state: State, seat: int, rng: Any) -> State:
    """Tally: the seat's secret number and its sealed bid."""
    new = copy.deepcopy(state)
    player = new["players"][seat]
    player["secret"] = other_int(rng, 0, 9999, player["secret"])
    if submitted(new, seat):
        rnd = new["sealed"]
        rnd["choices"][seat] = other_int(rng, 0, 99, rnd["choices"][seat])
    return new


def redraw_tally(state: State, seat: int, action: dict[str, Any], rng: Any) -> Any:
    if action["type"] == "set_secret":
        return {**action, "n": other_int(rng, 0, 9999, action.get("n"))}
    if action["type"] == "bid":
        return {**action, "n": other_int(rng, 0, 99, action.get("n"))}
    return None


# --------------------------------------------------------------------------- Samurai Sword


def _samurai_roles(state: State) -> list[str]:
    from companion.games.samurai_sword import ROLE_COUNTS, ROLES, SHOGUN

    n = len(state["players"])
    # Only role cards that exist for this player count (a 3-player game has no Samurai).
    return [r for r in ROLES if r != SHOGUN and ROLE_COUNTS[n][r] > 0]


def scramble_samurai(state: State, seat: int, rng: Any) -> State:
    """Samurai Sword: the role (unless it is the public Shogun), the Ninja stars, the Daimyo.

    Characters are face up at a real table (the view only hides them while phones enter
    their cards), so they are not scrambled.
    """
    from companion.games.samurai_sword import NINJA, NINJA_STARS

    new = copy.deepcopy(state)
    if new["roles"][seat] is not None and new["shogun"] != seat:
        role = rng.choice(_samurai_roles(new))
        new["roles"][seat] = role
        new["stars"][seat] = rng.choice(NINJA_STARS) if role == NINJA else None
    new["daimyo"][seat] = other(rng, range(4), new["daimyo"][seat])
    return new


def redraw_samurai(state: State, seat: int, action: dict[str, Any], rng: Any) -> Any:
    from companion.games.samurai_sword import NINJA, SHOGUN

    if action["type"] == "set_daimyo" and action.get("by") is not None:
        return {**action, "by": other(rng, (-1, 1), action.get("by"))}
    if action["type"] == "set_daimyo":
        return {**action, "n": other(rng, range(4), action.get("n"))}
    if action["type"] == "enter_role" and action.get("role") != SHOGUN:
        role = rng.choice(_samurai_roles(state))
        out = {**action, "role": role}
        if role == NINJA:
            out["stars"] = rng.choice([1, 2, 3])
        return out
    return None


# --------------------------------------------------------------------------- Sun Tzu


def _six_ok(state: State, seat: int, provinces: list[int], cards: list[str]) -> bool:
    """A 6 may not go where the seat's own 6 already marks the province (Red Warlord 1 aside)."""
    from companion.games.sun_tzu import RED

    if seat == RED and 1 in state["private"][RED]["warlords"]:
        return True
    return all(
        c != "6" or state["markers"][seat][p] == 0 for p, c in zip(provinces, cards, strict=True)
    )


def _random_placement(state: State, seat: int, hand: list[str], rng: Any) -> list[str] | None:
    for _ in range(30):
        cards = rng.sample(hand, 5) if len(hand) >= 5 else None
        if cards is None:
            return None
        if _six_ok(state, seat, list(range(5)), cards):
            return cards
    return None


def scramble_sun_tzu(state: State, seat: int, rng: Any) -> State:
    """Sun Tzu: the hand, the deck's order and content, the drawn cards, the face-down cards
    placed on the board, the chosen/unused Warlords and the seat's sealed choice.

    Public and kept: every count (hand, deck, Warlords left), revealed and played cards, and
    with ``warlord_public`` the chosen Warlords. Blue's Warlord 3 acts (and is shown) at the
    start, so a Blue that did not play it at once never holds it. Permanent cards (1-6) are
    never in the deck or among the drawn cards.
    """
    from companion.games.sun_tzu import BLUE, PERMANENT

    new = copy.deepcopy(state)
    priv = new["private"][seat]
    if not new["options"]["warlord_public"]:
        movable = [w for w in priv["warlords"] + priv["removed"] if (seat, w) != (BLUE, 3)]
        stays = [w for w in priv["removed"] if (seat, w) == (BLUE, 3)]
        rng.shuffle(movable)
        k = len(priv["warlords"])
        priv["warlords"] = sorted(movable[:k])
        priv["removed"] = sorted(movable[k:] + stays)
    if new["options"]["cards"] == "phones":
        _scramble_cards(new, seat, rng, PERMANENT)
    rnd = new.get("sealed")
    if submitted(new, seat, "warlord"):
        rnd["choices"][seat] = other(rng, range(1, 6), rnd["choices"][seat])
    elif submitted(new, seat, "cards"):
        rnd["choices"][seat] = (
            _random_placement(new, seat, priv["hand"], rng) or rnd["choices"][seat]
        )
    return new


def _scramble_cards(new: State, seat: int, rng: Any, permanent: tuple[str, ...]) -> None:
    priv = new["private"][seat]
    battle = new["battle"]
    down = [
        p for p in range(5) if battle["cards"][seat][p] is not None and not battle["revealed"][p]
    ]
    hand_side = priv["hand"] + [battle["cards"][seat][p] for p in down]
    deck_side = priv["deck"] + priv["drawn"]
    loose = [c for c in hand_side if c not in permanent] + deck_side
    fixed = [c for c in hand_side if c in permanent]
    for _ in range(30):
        rng.shuffle(loose)
        deck_cards = loose[: len(deck_side)]
        rest = loose[len(deck_side) :] + fixed
        rng.shuffle(rest)
        placed, hand = rest[: len(down)], rest[len(down) :]
        if _six_ok(new, seat, down, placed):
            break
    else:
        return
    priv["deck"] = deck_cards[: len(priv["deck"])]
    priv["drawn"] = deck_cards[len(priv["deck"]) :]
    priv["hand"] = hand
    for p, code in zip(down, placed, strict=True):
        battle["cards"][seat][p] = code


def redraw_sun_tzu(state: State, seat: int, action: dict[str, Any], rng: Any) -> Any:
    from companion.games.sun_tzu import PROVINCES

    kind = action["type"]
    priv = state["private"][seat]
    if kind == "choose_warlord":
        return {**action, "warlord": other(rng, range(1, 6), action.get("warlord"))}
    if kind == "place":
        cards = _random_placement(state, seat, priv["hand"], rng)
        return {**action, **dict(zip(PROVINCES, cards, strict=True))} if cards else None
    if kind == "bottom" and priv["drawn"]:
        return {**action, "card": other(rng, priv["drawn"], action.get("card"))}
    if (
        kind == "choose_extra_warlord"
        and priv["removed"]
        and not state["options"]["warlord_public"]
    ):
        return {**action, "warlord": other(rng, priv["removed"], action.get("warlord"))}
    return None


# --------------------------------------------------------------------------- The Art of War


def scramble_art_of_war(state: State, seat: int, rng: Any) -> State:
    """The Art of War: money (unless ``money_public``), the number of tactic cards in hand, the
    blueprints in hand (epics won at auction are public), the face-down General until used,
    the Advisors and Generals dealt at setup, and the seat's sealed choice."""
    from companion.games import art_of_war as aow

    new = copy.deepcopy(state)
    p = new["p"][seat]
    if not new["options"]["money_public"]:
        p["money"] = other_int(rng, 0, 30, p["money"])
    p["tactics"] = other(rng, range(0, 6), p["tactics"])
    deck = new["blueprint_deck"]
    for i, key in enumerate(p["blueprints"]):
        if key not in aow.EPICS and deck:
            j = rng.randint(0, len(deck) - 1)
            p["blueprints"][i], deck[j] = deck[j], key
    if p["general"] is not None and not p["general_used"]:
        taken = {q["general"] for k, q in enumerate(new["p"]) if k != seat}
        p["general"] = other(rng, [g for g in aow.GENERALS if g not in taken], p["general"])
    if new["phase"] < 0:
        _scramble_offer(new, seat, rng, aow)
    _scramble_aow_sealed(new, seat, rng, aow)
    return new


def _scramble_offer(new: State, seat: int, rng: Any, aow: Any) -> None:
    """The two Advisors and two Generals dealt to the seat (the undealt ones are unseen)."""
    offer = new["offers"][seat]
    for kind, table in (("advisors", aow.ADVISORS), ("generals", aow.GENERALS)):
        dealt = {k for s, o in enumerate(new["offers"]) if s != seat for k in o[kind]}
        free = [k for k in table if k not in dealt]
        rng.shuffle(free)
        offer[kind] = free[: len(offer[kind])]


def _aow_choice(state: State, seat: int, name: str, rng: Any, aow: Any) -> Any:
    p = state["p"][seat]
    if name == "setup":
        offer = state["offers"][seat]
        total = aow.allowance(state, seat)
        soldiers = rng.randint(0, total)
        food = rng.randint(0, total - soldiers)
        return {
            "advisor": rng.choice(offer["advisors"]),
            "general": rng.choice(offer["generals"]),
            "soldiers": soldiers,
            "food": food,
            "money": total - soldiers - food,
        }
    if name == "stance":
        return rng.choice(["war", "peace"])
    if name == "bid":
        return rng.randint(0, p["money"])
    if name == "deploy":
        locations = aow._locations(state)
        targets = aow.deploy_targets(state, seat)
        counts = [0] * len(locations)
        for _ in range(p["supply"]):
            counts[locations.index(rng.choice(targets))] += 1
        return counts
    if name == "orders":
        return rng.choice(["attack", "defend", "retreat"])
    raise AssertionError(f"unknown sealed round {name}: teach scramblers.py about it")


def _scramble_aow_sealed(new: State, seat: int, rng: Any, aow: Any) -> None:
    if submitted(new, seat):
        rnd = new["sealed"]
        for _ in range(5):
            choice = _aow_choice(new, seat, rnd["name"], rng, aow)
            if choice != rnd["choices"][seat]:
                break
        rnd["choices"][seat] = choice


def redraw_art_of_war(state: State, seat: int, action: dict[str, Any], rng: Any) -> Any:
    from companion.games import art_of_war as aow

    kind = action["type"]
    p = state["p"][seat]
    if kind == "choose_setup":
        offer = state["offers"][seat]
        total = aow.allowance(state, seat)
        soldiers = rng.randint(0, total)
        return {
            **action,
            "advisor": rng.randint(0, len(offer["advisors"]) - 1),
            "general": rng.randint(0, len(offer["generals"]) - 1),
            "soldiers": soldiers,
            "food": rng.randint(0, total - soldiers),
        }
    if kind == "choose_stance":
        return {**action, "stance": other(rng, ["war", "peace"], action.get("stance"))}
    if kind == "bid":
        return {**action, "amount": other_int(rng, 0, p["money"], action.get("amount"))}
    if kind == "deploy" and p["supply"]:
        return {**action, "counts": _aow_choice(state, seat, "deploy", rng, aow)}
    if kind == "choose_order":
        return {**action, "order": other(rng, ["attack", "defend", "retreat"], action.get("order"))}
    if kind == "adjust_money" and not state["options"]["money_public"]:
        return {**action, "delta": other(rng, range(0, 4), action.get("delta"))}
    if kind == "adjust_tactics":
        return {**action, "delta": other(rng, range(0, 4), action.get("delta"))}
    return None


# --------------------------------------------------------------------------- the registry

SCRAMBLERS: dict[str, Scrambler] = {
    "tally": scramble_tally,
    "samurai-sword": scramble_samurai,
    "sun-tzu": scramble_sun_tzu,
    "art-of-war": scramble_art_of_war,
}

PRIVATE_ACTIONS: dict[str, Redraw] = {
    "tally": redraw_tally,
    "samurai-sword": redraw_samurai,
    "sun-tzu": redraw_sun_tzu,
    "art-of-war": redraw_art_of_war,
}


def secrets_of(game: Game | str) -> tuple[Scrambler, Redraw]:
    """The game's scrambler and redraw, as its declaration ``Game.private`` asks.

    A game that keeps nothing private gets the no-secrets path; one that declares secrets
    gets its entries here, or a failure that tells its author what to add.
    """
    import pytest

    if isinstance(game, str):
        from .driver import all_games

        game = all_games()[game]
    entries = [
        name
        for name, table in (("SCRAMBLERS", SCRAMBLERS), ("PRIVATE_ACTIONS", PRIVATE_ACTIONS))
        if game.id in table
    ]
    if not game.private:
        if entries:
            pytest.fail(
                f"Game {game.id!r} declares nothing private (Game.private is empty) but "
                f"tests/secrecy/scramblers.py has an entry for it in {' and '.join(entries)}. "
                'Declare in its Game what a seat keeps hidden (private=("hand",)...), or '
                "remove the entry.",
                pytrace=False,
            )
        return no_secrets, no_private_params
    missing = [name for name in ("SCRAMBLERS", "PRIVATE_ACTIONS") if name not in entries]
    if missing:
        pytest.fail(
            f"Game {game.id!r} declares private={game.private!r}, but "
            f"tests/secrecy/scramblers.py has no entry for it in {' and '.join(missing)}. "
            f"Add SCRAMBLERS[{game.id!r}] = scramble(state, seat, rng): a copy of the state with "
            "that seat's private data (what private names, and its sealed choice in "
            "state['sealed']['choices'][seat]) replaced by other valid values, every public fact "
            f"kept; and PRIVATE_ACTIONS[{game.id!r}] = redraw(state, seat, action, rng): the "
            "action with its private params (a sealed choice, a secret number) re-drawn, or "
            "None. A game with no secrets declares private=() instead.",
            pytrace=False,
        )
    return SCRAMBLERS[game.id], PRIVATE_ACTIONS[game.id]
