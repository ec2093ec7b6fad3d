"""Tally: the example game, the smallest complete game on the kit, where a sixth game starts.

Each seat has a public score and a secret number only its phone sees; turns go round; anyone
may open a sealed bid, revealed when everyone has locked; the host corrects a score to what
the table's paper says, or calls the last round; the first to 10 points wins (after the last
round, the highest score). It is not offered at a real table (it is not in the registry):
the platform's own tests play it, and ``docs/adding-a-game.md`` walks through it module by
module (``tests/test_adding_a_game.py`` follows the guide on it).

Every game is a package with these modules:

- ``data``: the numbers and names the rules digest gives, and the phases;
- ``setup``: the state at the start;
- ``rules``: the actions, who may use them and when (one module per part in a bigger game);
- ``scoring``: the end of the game (``over``, and the ``Outcome``);
- ``view``: what each viewer may see (the privacy gate);
- ``lines``: the history line of every event;
- ``__init__`` (this file): the ``Game`` that puts them together, and the parts' hooks.
"""

from __future__ import annotations

from ..kit import N_, Game
from .data import GAME_ID, PHASES
from .lines import LINES
from .rules import ACTIONS, ROUNDS, allowed, bids_revealed, last_round_begins
from .scoring import over, result
from .setup import setup
from .view import private_view, view

# What happens when a phase begins, and when a sealed round is revealed: registered here, by
# name, so nothing is imported only for what importing it does.
PHASES.register({"last": last_round_begins})
ROUNDS.register({"bid": bids_revealed})

GAME = Game(
    id=GAME_ID,
    name=N_("Tally"),
    min_players=2,
    max_players=4,
    setup=setup,
    actions=ACTIONS,
    allowed=allowed,
    view=view,
    result=result,
    over=over,
    describe=LINES.describe,
    private=("a secret number",),
    sealed=True,
    private_view=private_view,
    phases=PHASES.pairs,
)
