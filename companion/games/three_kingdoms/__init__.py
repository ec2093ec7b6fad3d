"""3 Kingdoms Battle (鬪三國): the game on the kit.

The players lay the real tiles and roll the real dice; the app keeps what they would otherwise
keep on paper and does the arithmetic they get wrong:

- every player's troops (supply, and Alert / Hold on the board), command cards and stratagems;
- the tile stack (71 to draw) and the cities: open ones as they grow, completed ones with their
  size (small: 1-3 tiles, large: 4+), owner or idle, and the troops in them by player and stance;
- the battles, one roll per action (dice entered by the players or rolled by the app): the civil
  war that starts by itself when a city is completed with several players' troops in it, and the
  national war with Hold troops turning Alert and the attacker's option to call the attack off;
- the score (1 per small city, 2 per large city controlled right now), the instant win at 8
  points, and the end after the last tile with the tie-break chain A-D shown step by step.

Everything in this game is public (digest §8), so no view holds a secret.

The modules:

- ``data``: the numbers and names of the rules digest;
- ``setup``: the table's options and the state at the start;
- ``board``: the cities, troops, supply and score as the state keeps them;
- ``phases``: the turn, a battle, its outcome, the end;
- ``turns``: what follows every action (instant win, civil wars, the turn passing);
- ``tiles``, ``troops``, ``cards``, ``war``, ``civil_war``, ``corrections``: the parts of the
  game, each with its actions; ``dice``: reading dice and the odds;
- ``rules``: every action in order, and who may use which now;
- ``scoring``: the end as an ``Outcome``; ``view``: what the screens show; ``lines``: history.
"""

from __future__ import annotations

from ..kit import N_, assemble
from . import civil_war, data, lines, phases, rules, scoring, setup, story, view
from .dice import hit_chance, parse_faces, top_die_chances

__all__ = ["GAME", "hit_chance", "parse_faces", "top_die_chances"]

# What happens when a phase begins (a queued civil war starts): registered here.
phases.PHASES.register({"civil_war": civil_war.next_civil_war})

# Nothing is hidden (digest §8): no secrets, no sealed rounds, no reveals.
GAME = assemble(
    (data, phases, setup, rules, scoring, view, lines, story),
    name=N_("3 Kingdoms Battle"),
    players=(3, 5),
)
