"""Secrecy as a property over every registered game (and the platform's test game).

Random legal action sequences (hypothesis), through the real pipeline (``Tables`` on an
in-memory log, undo and redo included); after every step, for every seat and every other
viewer (the other seats, the table screen and the host), nothing private to that seat shows
in the viewer's view, allowed actions, history lines, event replies or refusals: see
``checker.py`` for the differential check and ``scramblers.py`` for what is private per game.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.games.example import GAME as TALLY
from companion.games.kit import Event, Game, RulesError

from . import tally_game_leaks
from .checker import Leak, Reveals, registered, run
from .driver import (
    GAME_IDS,
    all_games,
    apply_action,
    draw_step,
    fixed_examples,
    players_for,
    random_options,
)
from .scramblers import no_private_params, no_secrets, scramble_tally, secrets_of


def money_taken_from(event: Event, events: list[Event], viewer: int | None, seat: int) -> bool:
    """The viewer's own money went up by what the seat's went down, in the same action."""
    return (
        event["seat"] == viewer
        and event["n"] > 0
        and any(
            e.get("type") == "MoneyChanged" and e["seat"] == seat and e["n"] == -event["n"]
            for e in events
        )
    )


def own(event: Event, events: list[Event], viewer: int | None, seat: int) -> bool:
    """A public event about that (scrambled) seat itself: its card turned face up, its stuck
    foreman."""
    return event.get("seat") == seat


def drawn_by_viewer(event: Event, events: list[Event], viewer: int | None, seat: int) -> bool:
    return event["seat"] == viewer


def given_by_to_viewer(event: Event, events: list[Event], viewer: int | None, seat: int) -> bool:
    return event["seat"] == seat and viewer in event.get("to", ())


def taken_from(event: Event, events: list[Event], viewer: int | None, seat: int) -> bool:
    """A card taken from that seat: the taker sees it; a public epic blueprint changes hands
    in front of everyone (which card came out of the hand depends on what else is in it)."""
    from companion.games.art_of_war import EPICS

    epic = event["what_t"] in {e["name"] for e in EPICS.values()}
    return event["victim"] == seat and (event["seat"] == viewer or epic)


# Where the RULES make a private fact public, the divergence is allowed for the actions whose
# events (seen by that viewer) include one of these types. Keep this list small and explicit.
REVEALS: dict[str, Reveals] = {
    "tally": {
        # The last lock reveals every sealed bid at once.
        "BidsRevealed": "everyone has locked: the bids are shown together",
    },
    "samurai-sword": {
        # Digest §7 AMBIGUOUS reading (docs/games/samurai-sword.md): a defeat by a teammate that
        # leaves one player with health does not end the game ("play on"), which tells the table
        # that the two were teammates, as the rule does at a real table.
        "SwordmasterVoid": "a teammate's defeat leaves one player standing: play on",
        # The end of the game reveals every role; whether the last defeat was by a teammate
        # decides between the Swordmaster ending and honor scoring (same reading).
        "GameEnded": "the end of the game reveals the roles",
        # Manual deal: when everyone has entered, the app says whether the entered roles are
        # exactly the cards for this player count (play starts) or not (everyone checks).
        "RolesMismatch": "the entered roles don't match the cards for N players",
        "PlayStarted": "the entered roles match the cards: play starts",
    },
    "sun-tzu": {
        # Revealing a province turns both its cards face up; its +2/+3 cost, 6 marker and, on
        # a second 6, Red's Warlord 1 follow in the same action.
        "ProvinceRevealed": "the province's two cards are turned face up",
        # Blue's Warlord 3 is revealed when the game starts (score +1); Red's Warlord 1 is
        # shown when Red's 6 is played again on Red's own mark.
        "WarlordPlayed": ("that seat's Warlord is played face up", own),
        # With the option warlord_public, the chosen Warlords are face up once both have
        # locked (the seed's reading).
        "WarlordsChosen": "warlord_public: the chosen Warlords are turned face up",
    },
    "art-of-war": {
        # The last lock of a sealed round reveals every choice at once (digest §11): the kept
        # Advisor (face up) with the soldiers and food taken, War or Peace, the epic bids, the
        # deployment on the large map, the field-battle tokens.
        "SetupRevealed": "the setup choices are revealed together",
        "StanceRevealed": "War or Peace is revealed together",
        "BidsRevealed": "the closed hands are opened together",
        "Deployed": "the deployments are revealed together",
        "OrdersRevealed": "the battle tokens are revealed together",
        # Taking money from another player (Empty-Handed Thief, Humble, Twin Hands): the
        # taker counts what the victim hands over, so learns what the victim could pay.
        "MoneyChanged": ("money taken from that seat", money_taken_from),
        # Pilfer a Goat / Loot a Burning House: the taker sees the card it drew at random
        # from the victim's hand (the event goes to those two only).
        "CardTaken": ("the taker sees the card taken (everyone sees an epic)", taken_from),
        # Digest §4: a foreman whose owner cannot pay does not move, and foreman positions
        # are public: the table sees that the owner could not pay.
        "ForemanStuck": ("that seat could not pay its foreman", own),
        # Counterattack (General): a player who attacked you gives you all their tactic
        # cards, so you count them (the event goes to those two only).
        "CardsGiven": ("that seat hands over its whole hand", given_by_to_viewer),
        # Buying a blueprint draws from the shared deck, which never holds a card another
        # player has in hand (the scrambler swaps hand cards with deck cards).
        "BlueprintDrawn": ("the buyer sees the card it draws", drawn_by_viewer),
        # A General is face down until its owner reveals it to use it.
        "GeneralUsed": ("that seat's General is turned face up when used", own),
    },
}


@pytest.fixture
def secrets(game_id: str) -> tuple:
    """The game's scrambler (the suite fails here, clearly, for a game that has none)."""
    return secrets_of(game_id)


def says_what_is_private(games: Iterable[Game]) -> None:
    """Each game declares, in words, what a seat keeps hidden (or nothing); a game that declares
    secrets has a scrambler (``secrets_of`` fails with what to add otherwise); a game of sealed
    rounds has secrets (the choices before the reveal)."""
    for game in games:
        assert isinstance(game.private, tuple), f"{game.id}: private must be a tuple of words"
        assert all(isinstance(w, str) and w for w in game.private), game.id
        assert isinstance(game.sealed, bool), f"{game.id}: sealed must be True or False"
        if game.sealed:
            assert game.private, f"{game.id} has sealed rounds but declares nothing private"
        scramble, _redraw = secrets_of(game)
        assert (scramble is no_secrets) == (not game.private), game.id


def test_every_registered_game_says_what_is_private():
    says_what_is_private(all_games().values())


def test_a_game_registered_tomorrow_with_secrets_fails_until_its_author_adds_a_scrambler():
    tomorrow = replace(TALLY, id="a-game-registered-tomorrow")
    with registered(tomorrow), pytest.raises(pytest.fail.Exception) as failed:
        says_what_is_private(all_games().values())
    message = str(failed.value)
    assert "'a-game-registered-tomorrow' declares private=('a secret number',)" in message
    assert "SCRAMBLERS['a-game-registered-tomorrow'] = scramble(state, seat, rng)" in message
    assert "PRIVATE_ACTIONS['a-game-registered-tomorrow']" in message


def test_a_game_registered_tomorrow_without_secrets_needs_no_scrambler():
    tomorrow = replace(TALLY, id="a-game-registered-tomorrow", private=(), sealed=False)
    with registered(tomorrow):
        says_what_is_private(all_games().values())
    assert secrets_of(tomorrow) == (no_secrets, no_private_params)


def test_a_game_that_declares_nothing_private_but_has_a_scrambler_fails():
    with pytest.raises(pytest.fail.Exception, match="declares nothing private"):
        secrets_of(replace(TALLY, private=(), sealed=False))


@pytest.mark.parametrize("game_id", [g for g in GAME_IDS if all_games()[g].private])
def test_each_scrambler_changes_every_seats_data_and_keeps_the_state_valid(game_id):
    """The scrambler really changes something for every seat (else the property is vacuous),
    never touches its input, and returns plain JSON data the game can run on."""
    game = all_games()[game_id]
    scramble, _redraw = secrets_of(game_id)
    changed: set[int] = set()
    for seed in range(4):
        rng = random.Random(seed)
        state = game.setup(players_for(game, 3), random_options(game, rng), random.Random(seed))
        for seq in range(1, 80):
            if game.result(state) is not None:
                break
            for seat in range(len(state["players"])):
                before = json.dumps(state, sort_keys=True)
                other = scramble(state, seat, rng)
                assert json.dumps(state, sort_keys=True) == before, (
                    "the scrambler mutated its input"
                )
                assert json.loads(json.dumps(other)) == other
                if other != state:
                    changed.add(seat)
                    game.view(other, seat)  # the game can show the scrambled seat its data
            step = draw_step(game, state, rng)
            if step is None:
                break
            try:
                state, _ = apply_action(game, state, step[0], step[1], seed, seq)
            except RulesError:
                pass
    assert changed == set(range(len(players_for(game, 3)))), f"never scrambled: {changed}"


# Sized so that the whole secrecy + fuzz suite stays well under a minute on two cores. Each
# example first plays up to WARM_UP unchecked steps (cheap), so that the checked steps also
# start from deep states: late rounds, battles, re-bids, the end.
STEPS = 40
WARM_UP = {"art-of-war": 200, "sun-tzu": 150}
DEFAULT_WARM_UP = 60


@pytest.mark.parametrize("game_id", GAME_IDS)
@fixed_examples(10)
@given(seed=st.integers(0, 2**32))
def test_no_viewer_can_tell_another_seats_secrets_apart(game_id, secrets, seed):
    """Each example: a player count, options (defaults or random), a table seed and a random
    sequence of actions, undos and redos, all from ``seed`` (the leak message shows them)."""
    game = all_games()[game_id]
    scramble, redraw = secrets
    rng = random.Random(seed)
    players = players_for(game, rng.randint(game.min_players, game.max_players))
    options = random_options(game, rng)
    warm_up = rng.choice([0, rng.randint(0, WARM_UP.get(game_id, DEFAULT_WARM_UP))])
    reveals = REVEALS.get(game_id, {})
    stats = run(game, scramble, redraw, reveals, rng, STEPS, players, options, seed, warm_up)
    assert stats.steps


# --------------------------------------------------------------------------- the check can fail


def _leaky(game: Game, **changes) -> Game:
    """Tally with one channel made leaky (a view, an event, a refusal)."""
    from dataclasses import replace

    return replace(game, id="tally", **changes)


def _check(game: Game, steps: int = 60, seeds: int = 8) -> None:
    for seed in range(seeds):
        rng = random.Random(seed)
        reveals = REVEALS["tally"]
        run(
            game,
            scramble_tally,
            tally_game_leaks.redraw,
            reveals,
            rng,
            steps,
            ["A", "B", "C"],
            {},
            1,
        )


def test_the_check_passes_on_the_honest_test_game():
    _check(TALLY)


@pytest.mark.parametrize(
    "leaky",
    [
        pytest.param(_leaky(TALLY, view=tally_game_leaks.view_shows_secrets), id="view"),
        pytest.param(_leaky(TALLY, view=tally_game_leaks.view_counts_bids), id="view-derived"),
        pytest.param(_leaky(TALLY, allowed=tally_game_leaks.allowed_by_secret), id="allowed"),
        pytest.param(
            _leaky(TALLY, actions=tally_game_leaks.actions_with_public_secret_event),
            id="event-of-a-private-param",
        ),
        pytest.param(
            _leaky(TALLY, actions=tally_game_leaks.actions_with_refusal_naming_a_secret),
            id="refusal",
        ),
        pytest.param(
            _leaky(TALLY, actions=tally_game_leaks.actions_scoring_by_secret), id="public-effect"
        ),
    ],
)
def test_the_check_catches_each_kind_of_leak(leaky):
    with pytest.raises(Leak):
        _check(leaky)
