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

# Where each main action's rule is, in the rules digest (three-kingdoms-battle.md):
# "What can I do now?" names it beside why an action is not possible now.
RULE_SECTIONS = {
    "expand": "§3.1",
    "discard_tile": "§3.1",
    "reinforce": "§3.2",
    "withdraw": "§3.2",
    "transfer": "§3.2",
    "change_stance": "§3.3",
    "national_war": "§3.4",
    "emergency": "§3.4",
    "drive_tiger": "§1",
    "secret_passage": "§1",
    "beauty_trap": "§1",
    "lure_tiger": "§1",
    "occupy": "§3.5",
    "roll": "§4",
    "call_off": "§5",
    "settle": "§5",
}

ACTIONS = action_table(
    *tiles.ACTIONS,
    *troops.ORDERS,
    *cards.ACTIONS,
    troops.OCCUPY,
    *war.ACTIONS,
    *corrections.ACTIONS,
    then=settled,
    rules=RULE_SECTIONS,
)

allowed = derive_allowed(ACTIONS, phase=PHASES.current, turn=lambda state: state["turn"])
