"""The Art of War (戰爭藝術): a homemade empire-building war game for 2-5 players.

The players keep the board, tiles, soldiers and cards; the app keeps every number: the seven
phases of a round (preparation, event, war or peace, production, construction, war, food), the
digital event deck with its Great Peace counter, production and tribute, the construction
payments, the second-price epic auction, the battle calculator, upkeep and the food price table,
and the final scoring with its tie-breaks. Simultaneous secret choices (setup, war or peace,
bids, deployments, battle orders) are the kit's sealed rounds.

Money, tactic cards in hand, blueprints in hand and the unused General are private; food,
soldiers, workers and the map are public. Every AMBIGUOUS reading of the digest is the digest's
proposal, and the ones with a sensible alternative are table options.

The modules, each one part of the game:

- ``data``: the digest's tables; ``board``: the helpers every part reads;
- ``flow``: the round, its phases and steps, ``next``, the sealed rounds' lock and reveal;
- ``setup``, ``events`` (phase 1), ``production`` (phases 2-3), ``construction`` and
  ``auction`` (phase 4), ``war``, ``combat`` and ``battles`` (phase 5), ``food`` (phase 6),
  ``cards`` and ``generals``, ``corrections``: each owns its phase hooks and reveals, which
  this file registers;
- ``actions``: who may use each action and when; ``scoring``, ``view`` and ``phone``, ``lines``.
"""

from __future__ import annotations

from ..kit import N_, assemble
from . import (
    actions,
    auction,
    construction,
    data,
    events,
    flow,
    food,
    lines,
    production,
    scoring,
    setup,
    story,
    view,
    war,
)
from .board import locations as _locations
from .data import ADVISORS, ALL_BUILDINGS, EPICS, GENERALS, MAX_PLAYERS
from .flow import BUILD_STEPS, PHASES, ROUNDS, prepare_camps
from .setup import allowance, reveal_setup
from .war import deploy_targets

# What each part does when its phase (or construction's step) begins, when the food phase
# ends, and when its sealed round is revealed: the parts' own functions, registered here.
PHASES.register(
    {
        "preparation": prepare_camps,
        "event": events.turn_up_event,
        "stance": production.open_stance,
        "production": production.produce_all,
        "construction": construction.begin_purchases,
        "war": war.recall_soldiers,
        "food": food.pay_upkeep,
    }
)
PHASES.register_leave({"food": food.settle_market})
BUILD_STEPS.register({"auction": auction.open_auction, "payments": construction.advance_foremen})
ROUNDS.register(
    {
        "setup": reveal_setup,
        "stance": production.reveal_stance,
        "bid": auction.reveal_bids,
        "deploy": war.reveal_deploy,
        "orders": war.reveal_orders,
    }
)

__all__ = [
    "ADVISORS",
    "ALL_BUILDINGS",
    "EPICS",
    "GAME",
    "GENERALS",
    "_locations",
    "allowance",
    "deploy_targets",
]

GAME = assemble(
    (data, flow, setup, actions, scoring, view, lines, story),
    name=N_("The Art of War"),
    players=(2, MAX_PLAYERS),
    # The sealed rounds' reveals (setup, stance, bids, deployment, orders) are barriers by
    # themselves. These show a card turned up from a face-down deck, or one seat's hidden
    # money, hand or General to another seat (digest: the taker sees what it takes).
    reveals={
        "EventDrawn": N_("the event card turned face up"),
        "EpicTurnedUp": N_("the epic blueprint turned face up"),
        "BlueprintDrawn": N_("the blueprint drawn from the deck"),
        "GeneralUsed": N_("a General turned face up"),
        "MoneyTaken": N_("the money taken from another player"),
        "CardTaken": N_("the card taken from another player's hand"),
        "NothingToTake": N_("another player's empty hand"),
        "CardsGiven": N_("the tactic cards handed over"),
        "ForemanStuck": N_("a foreman its owner could not pay"),
    },
    private=("money", "tactic cards", "General", "secret choices"),
    sealed=True,
    # What a host correction changes, fires or ends follows from the public board alone.
    corrections_public=True,
)
