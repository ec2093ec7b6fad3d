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

from ..kit import N_, assemble
from . import data, lines, rules, scoring, setup, story, view
from .data import PHASES
from .rules import ROUNDS, bids_revealed, last_round_begins

# What happens when a phase begins, and when a sealed round is revealed: registered here, by
# name, so nothing is imported only for what importing it does.
PHASES.register({"last": last_round_begins})
ROUNDS.register({"bid": bids_revealed})

# The parts name their pieces as every game does (``GAME_ID``, ``setup``, ``ACTIONS``,
# ``allowed``, ``view``, ``private_view``, ``result``, ``over``, ``LINES``, ``PHASES``): the kit
# puts them together, and this file says only what is Tally's own.
GAME = assemble(
    (data, setup, rules, scoring, view, lines, story),
    name=N_("Tally"),
    players=(2, 4),
    private=("a secret number",),
    sealed=True,
)
