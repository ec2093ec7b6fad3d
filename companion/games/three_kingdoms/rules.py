"""Every action of 3 Kingdoms Battle, and who may use which now, derived from their declarations.

The parts declare their own actions (``tiles``, ``troops``, ``cards``, ``war``, ``corrections``);
this puts them in the order the buttons, the API and the docs list them, each followed by
the automatic triggers (``settled``). ``allowed`` follows
from each action's ``who``, ``phases`` and ``when``:

- the turn's actions: the player whose turn it is, or the host for them, between battles,
  when there is something to act on;
- a battle's roll: its players, the player whose turn it is, or the host; calling a national
  war off: its attacker or the host; its outcome: the winner or the host;
- the corrections: the host, between battles; nothing once the game is over.
"""

from __future__ import annotations

from ..kit import action_table, derive_allowed
from . import cards, corrections, tiles, troops, war
from .phases import PHASES
from .turns import settled

ACTIONS = action_table(
    *tiles.ACTIONS,
    *troops.ORDERS,
    *cards.ACTIONS,
    troops.OCCUPY,
    *war.ACTIONS,
    *corrections.ACTIONS,
    then=settled,
)

allowed = derive_allowed(ACTIONS, phase=PHASES.current, turn=lambda state: state["turn"])
