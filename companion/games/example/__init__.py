"""Tally: the example game, the smallest complete game on the kit, where a sixth game starts.

Each seat has a public score and a secret number only its phone sees; turns go round; anyone
may open a sealed bid, revealed when everyone has locked; the first to 10 points wins. It is
not offered at a real table (it is not in the registry): the platform's own tests play it,
and ``docs/adding-a-game.md`` walks through it module by module.

Every game is a package with these modules:

- ``data``: the numbers and names the rules digest gives;
- ``setup``: the state at the start;
- ``rules``: the actions, who may use them and when (one module per part in a bigger game);
- ``scoring``: the end of the game as an ``Outcome``;
- ``view``: what each viewer may see (the privacy gate);
- ``lines``: the history line of every event;
- ``__init__`` (this file): the ``Game`` that puts them together.
"""

from __future__ import annotations

from ..kit import Game
from .data import GAME_ID
from .lines import LINES
from .rules import ACTIONS, allowed
from .scoring import result
from .setup import setup
from .view import view

GAME = Game(
    id=GAME_ID,
    name="Tally",
    min_players=2,
    max_players=4,
    setup=setup,
    actions=ACTIONS,
    allowed=allowed,
    view=view,
    result=result,
    describe=LINES.describe,
    private=("a secret number",),
    sealed=True,
)
