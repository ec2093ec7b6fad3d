"""A game that declares ``private_view`` promises its seat view is the table's view plus "me".

The platform relies on that to build the public part once per change for every phone, so
the promise is checked on random legal play (the secrecy suite's driver), step by step.
"""

from __future__ import annotations

import random

import pytest

from companion.games.kit import RulesError
from tests.secrecy.driver import all_games, apply_action, draw_step, players_for, random_options

# Every game, the example (Tally) included.
GAMES = all_games()
DECLARING = sorted(gid for gid, game in GAMES.items() if game.private_view is not None)


def test_the_benchmarked_game_and_the_example_declare_it() -> None:
    # Samurai Sword is the fan-out benchmark's game; losing this would quietly cost ~20%.
    # The example is where a new game starts, and the guide asks for it.
    assert {"samurai-sword", "tally"} <= set(DECLARING)


@pytest.mark.parametrize("game_id", DECLARING)
@pytest.mark.parametrize("seed", range(6))
def test_seat_view_is_public_view_plus_me(game_id: str, seed: int) -> None:
    game = GAMES[game_id]
    rng = random.Random(seed)
    n = rng.randint(game.min_players, game.max_players)
    state = game.setup(players_for(game, n), random_options(game, rng), rng)
    checked = 0
    for seq in range(1, 150):
        public = game.view(state, None)
        for seat in range(n):
            assert game.view(state, seat) == {**public, "me": game.private_view(state, seat)}
            checked += 1
        step = draw_step(game, state, rng)
        if step is None:
            break
        actor, action = step
        try:
            state, _ = apply_action(game, state, actor, action, seed, seq)
        except RulesError:
            continue
    assert checked >= n
