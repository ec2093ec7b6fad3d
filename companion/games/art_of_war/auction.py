"""The epic auction of The Art of War (construction, from the ``auction_from`` round): one epic
blueprint turned up, sealed bids, the highest bidder pays the second-highest bid; a tie is bid
again by the tied players, then broken by fewer buildings, smaller population, or at random.
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, Actor, BadValue, Event, Rng, RulesError, State, T, sealed, seat_of
from .board import money_event, owned, player, population
from .data import EPICS
from .flow import BUILD_STEPS, choose


def auction_due(state: State) -> bool:
    """Is there an epic auction this round (late enough, and an epic left to sell)?"""
    return state["round"] >= state["options"]["auction_from"] and bool(
        state["auction"]["epic"] or state["epic_deck"]
    )


def open_auction(state: State) -> list[Event]:
    if not auction_due(state):
        # No auction this round: straight on to the building step.
        return BUILD_STEPS.enter(state, "build")
    auction = state["auction"]
    events: list[Event] = []
    if auction["epic"] is None:
        # Turn up a new epic blueprint only when the last one was sold.
        epic = auction["epic"] = state["epic_deck"].pop()
        events.append({"type": "EpicTurnedUp", "building_t": EPICS[epic]["name"]})
    auction.update(
        bids=None,
        result=None,
        rebid=False,
        seats=list(range(len(state["players"]))),
        drawn_among=[],
    )
    events.append(sealed.open_round(state, "bid", auction["seats"], T("Bid for the epic")))
    return events


def act_bid(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Epic auction: a secret bid from your closed hand (0 = pass); no more than you hold."""
    actor = seat_of(actor)
    if params["amount"] > player(state, actor)["money"]:
        raise BadValue("bid_too_high", N_("You cannot bid more money than you hold."))
    return choose(state, actor, "bid", params["amount"])


def auction_winner(bids: list[int | None], seats: list[int]) -> tuple[list[int], int]:
    """The seats with the highest bid and the second-highest bid (the price).

    >>> auction_winner([5, 3, 7], [0, 1, 2])
    ([2], 5)
    >>> auction_winner([6, 6, 2], [0, 1, 2])
    ([0, 1], 6)
    >>> auction_winner([4, 0, 0], [0, 1, 2])
    ([0], 0)
    """
    amounts = sorted((bids[s] or 0 for s in seats), reverse=True)
    top = amounts[0]
    leaders = [s for s in seats if (bids[s] or 0) == top]
    second = amounts[1] if len(amounts) > 1 else 0
    return leaders, second


def reveal_bids(state: State, choices: list[Any], rng: Rng) -> list[Event]:
    auction = state["auction"]
    auction["bids"] = list(choices)
    events: list[Event] = [{"type": "BidsRevealed", "bids": list(choices)}]
    leaders, price = auction_winner(choices, auction["seats"])
    top = choices[leaders[0]] or 0
    if top == 0 and not auction["rebid"]:
        # Every bid is 0: nobody buys; the blueprint stays up for next round's auction.
        auction["result"] = {"winner": None, "price": 0}
        return events + [{"type": "EpicUnsold", "building_t": EPICS[auction["epic"]]["name"]}]
    if len(leaders) > 1 and not auction["rebid"]:
        auction.update(rebid=True, seats=leaders)
        return events + [sealed.open_round(state, "bid", leaders, T("Tied: bid again"))]
    winner = leaders[0] if len(leaders) == 1 else _tiebreak(state, leaders, rng)
    return events + _sell_epic(state, winner, price)


def _tiebreak(state: State, tied: list[int], rng: Rng) -> int:
    """Still tied after the re-bid: fewer buildings, then smaller population, then at random."""

    def key(s: int) -> tuple[int, int]:
        return (len(owned(state, s, None)), population(state, s))

    best = min(key(s) for s in tied)
    left = [s for s in tied if key(s) == best]
    state["auction"]["tiebreak"] = "random" if len(left) > 1 else "buildings/population"
    if len(left) > 1:
        # Who was left to the draw: the table may enter its own draw with ``enter_tiebreak``.
        state["auction"]["drawn_among"] = left
    return left[0] if len(left) == 1 else rng.choice(left)


def _sell_epic(state: State, winner: int, price: int) -> list[Event]:
    auction = state["auction"]
    epic = auction["epic"]
    player(state, winner)["money"] -= price
    player(state, winner)["blueprints"].append(epic)
    auction["result"] = {"winner": winner, "price": price, "epic": epic}
    auction["epic"] = None
    return [{"type": "EpicWon", "seat": winner, "building_t": EPICS[epic]["name"], "n": price}]


def act_enter_epic(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The table screen enters the epic blueprint the table turned up for the auction, before
    any bid: the app's epic goes back into the epic deck, the entered one comes out of it."""
    auction, key = state["auction"], params["epic"]
    if key != auction["epic"]:
        if key not in state["epic_deck"]:
            # Every epic out of the deck is in the open: on the map or won at an auction.
            raise BadValue("already_drawn", N_("That card has already come out."))
        state["epic_deck"].remove(key)
        state["epic_deck"].append(auction["epic"])
        auction["epic"] = key
    return [{"type": "EpicTurnedUp", "building_t": EPICS[key]["name"], "entered": True}]


def act_enter_tiebreak(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The table screen enters who won the random draw that broke a tie still standing after
    the re-bid (the app drew one; the table drew this one): the epic and the price move over."""
    auction, seat = state["auction"], params["seat"]
    result = auction["result"]
    if seat not in auction.get("drawn_among", []):
        raise BadValue("not_an_option", N_("That is not one of the possibilities."))
    old, epic = result["winner"], result["epic"]
    if seat == old:
        return [{"type": "TieDrawn", "seat": seat, "was": old, "building_t": EPICS[epic]["name"]}]
    if any(b["key"] == epic for b in state["buildings"]):
        raise RulesError("epic_started", N_("The epic is already being built: correct it by hand."))
    for p in state["p"]:
        # The old winner's (or whoever took it from them since: the same card moves on).
        if epic in p["blueprints"]:
            p["blueprints"].remove(epic)
    player(state, old)["money"] += result["price"]
    player(state, seat)["blueprints"].append(epic)
    # Money is private: each of the two reads its own change, and only its own. A winner
    # short of the price pays what it has (a refusal would tell the host how much that is).
    paid = min(result["price"], player(state, seat)["money"])
    player(state, seat)["money"] -= paid
    result["winner"] = seat
    return [
        {"type": "TieDrawn", "seat": seat, "was": old, "building_t": EPICS[epic]["name"]},
        money_event(old, result["price"], N_("the tie drawn again")),
        money_event(seat, -paid, N_("the tie drawn again")),
    ]
