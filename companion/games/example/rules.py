"""Tally's actions: what each does to the state, and who may use it when.

Each action is declared once with who may use it (``who``), in which phases (``phases``) and
what else must hold (``when``); ``allowed`` is derived from those declarations, and so is the
who/when table in the docs. The functions only check what the declarations cannot say.
"""

from __future__ import annotations

from typing import Any

from ..kit import (
    ANYONE,
    HOST,
    N_,
    PLAYER,
    SEAT,
    TURN_OR_HOST,
    Action,
    Actor,
    Counter,
    Event,
    Param,
    Rng,
    State,
    action_group,
    action_table,
    correct,
    derive_allowed,
    next_seat,
    require_seat_or_host,
    sealed,
)
from .data import MOST_BID, MOST_SECRET, PHASES, TARGET

# The bids' sealed rounds: what a reveal does is registered in ``__init__``.
ROUNDS = sealed.Resolvers()

# A score as the table keeps it on paper: bounded, and corrected with one logged line.
SCORE = Counter(
    "score",
    N_("score"),
    lo=0,
    hi=TARGET,
    get=lambda state, seat: state["players"][seat]["score"],
    put=lambda state, seat, value: state["players"][seat].__setitem__("score", value),
)


def _ends_at_target(state: State, seat: int) -> None:
    """A score at the target ends the game; ``over`` then says so without scoring."""
    if state["players"][seat]["score"] >= TARGET:
        state["over"] = "target"


def add(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    seat = params["seat"]
    require_seat_or_host(actor, seat)
    player = state["players"][seat]
    player["score"] = max(0, player["score"] + params["n"])
    _ends_at_target(state, seat)
    return [{"type": "Scored", "seat": seat, "n": params["n"]}]


def reaches_target(view: dict[str, Any], params: dict[str, Any]) -> bool:
    """Could the host's ``add`` end the game? From the public scores alone (the question
    then never depends on anyone's secret number)."""
    return view["players"][params["seat"]]["score"] + params["n"] >= TARGET


def set_score(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The host sets a score to what the table's paper says: the kit's correction, logged
    as from → to and by whom."""
    event = correct(state, SCORE, params["seat"], params["score"], by=actor)
    _ends_at_target(state, params["seat"])
    return [event]


def set_secret(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    state["players"][actor]["secret"] = params["n"]
    # "to": only this seat ever reads the line.
    return [{"type": "SecretSet", "seat": actor, "n": params["n"], "to": [actor]}]


def end_turn(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    # Who may (the seat whose turn it is, or the host) is declared below: no check here.
    state["turn"] = next_seat(state["turn"], len(state["players"]))
    if state["turn"] == 0:
        if PHASES.current(state) == "last":
            state["over"] = "last round"
        else:
            state["round"] += 1
    return [{"type": "TurnPassed", "seat": state["turn"]}]


def last_round(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The host calls the last round; entering the phase says when the game ends."""
    return PHASES.enter(state, "last")


def last_round_begins(state: State) -> list[Event]:
    """On entering the last round (the phase's enter hook, registered in ``__init__``)."""
    return [{"type": "LastRound", "round": state["round"]}]


def bid(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    events = []
    if not sealed.is_open(state):
        events.append(sealed.open_round(state, "bid", list(range(len(state["players"])))))
    events.append(sealed.submit(state, actor, params["n"]))
    return events


def lock(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    events = [sealed.lock(state, actor)]
    if sealed.all_locked(state):
        events.extend(ROUNDS.reveal(state))
    return events


def bids_revealed(state: State, bids: list[Any]) -> list[Event]:
    """The bid round's reveal (its resolver, registered in ``__init__``): every bid at once."""
    return [{"type": "BidsRevealed", "bids": bids}]


def unlock(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    return [sealed.unlock(state, actor, params["seat"])]


def bidding(state: State, actor: Actor) -> bool:
    """while a bid is open"""
    return sealed.is_open(state)


# Actions that share who may use them, declared once for each group (a group may also share
# its phases, or its being a correction): the host's, on the table screen, and a seat's own,
# on its phone.
_on_screen = action_group(who=HOST)
_on_phone = action_group(who=SEAT)

# Where each main action's rule is, in docs/games/tally.md: "What can I do now?"
# names it beside why an action is not possible now.
RULE_SECTIONS = {
    "set_secret": "§Actions",
    "bid": "§Actions",
    "lock": "§Actions",
    "end_turn": "§Actions",
    "unlock": "§Actions",
    "last_round": "§Phases",
}

ACTIONS = action_table(
    Action(
        "add",
        add,
        (PLAYER, Param("n", "int", min=-5, max=5, label=N_("Points"))),
        N_("Add"),
        doc="Add to a score (a seat: its own; the host: anyone's).",
        correction=True,
        may_reveal=reaches_target,
        who=ANYONE,
    ),
    _on_screen(
        "set_score",
        set_score,
        (PLAYER, Param("score", "int", min=0, max=TARGET, label=N_("Score"))),
        N_("Set score"),
        doc="Set a score to what the table's paper says.",
        correction=True,
        # Public: only a score set to the target can end the game (and show the secrets).
        may_reveal=lambda view, params: params["score"] >= TARGET,
    ),
    _on_phone(
        "set_secret",
        set_secret,
        (Param("n", "int", min=0, max=MOST_SECRET, label=N_("Secret number")),),
        N_("Set secret"),
        doc="Change your secret number.",
    ),
    _on_phone(
        "bid",
        bid,
        (Param("n", "int", min=0, max=MOST_BID, label=N_("Bid")),),
        N_("Bid"),
        doc="Bid in secret (opens the round).",
    ),
    _on_phone("lock", lock, (), N_("Lock"), doc="Lock your bid.", when=bidding),
    Action("end_turn", end_turn, (), N_("End turn"), doc="Pass the turn on.", who=TURN_OR_HOST),
    _on_screen("unlock", unlock, (PLAYER,), N_("Unlock"), doc="Let a seat change its locked bid."),
    _on_screen(
        "last_round",
        last_round,
        (),
        N_("Last round"),
        doc="Call the last round: the game ends when the turn comes back to the first seat.",
        phases=("play",),
    ),
    rules=RULE_SECTIONS,
)

allowed = derive_allowed(ACTIONS, phase=PHASES.current, turn=lambda state: state["turn"])
