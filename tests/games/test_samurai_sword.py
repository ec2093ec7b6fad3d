"""Rules tests for Samurai Sword (the package companion/games/samurai_sword/), pure rules only.

Actions go through the kit's driver, as the platform applies them: refused when the viewer may
not use them now, else applied to a copy of the state.

Expected values are worked out by hand from the digest (../shared/rules/samurai-sword.md).
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from typing import Any

import pytest

from companion.games.kit import SHELL_VIEW_KEYS, BadValue, NotAllowed, RulesError
from companion.games.kit.driver import Table, apply
from companion.games.samurai_sword import GAME

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus"]
# Characters with no effect on draws, weapons or difficulty, 5/5/5/5/4/4/4 health.
PLAIN = ["ieyasu", "tomoe", "nobunaga", "musashi", "ushiwaka", "chiyome", "hanzo"]


# --------------------------------------------------------------------------------- helpers


def act(state: dict, actor: int | None, type_: str, **params: Any) -> tuple[dict, list]:
    """One action as the platform applies it (the kit's driver): refused (nothing changes), or
    the new state and its events, each of which has a history line."""
    new, events = apply(GAME, state, actor, {"type": type_, **params}, seed=7, seq=1)
    assert json.loads(json.dumps(new)) == new
    for event in events:
        text = GAME.describe(event, NAMES)
        assert isinstance(text[0], str) and isinstance(text[1], dict)
        assert json.loads(json.dumps(event)) == event
    return new, events


def describe(event: dict) -> list:
    """The history line of an event at a table of ``NAMES``."""
    return GAME.describe(event, NAMES)


def dealt(n: int, seed: int = 0, **options: Any) -> dict:
    """A table where the app dealt the cards (seeded as the platform seeds a table)."""
    return Table(GAME, NAMES[:n], {"deal": "app", "ninja_stars": True, **options}, seed).state


def fresh(n: int, ninja_stars: bool = True) -> dict:
    """A table where every phone is yet to enter its cards."""
    return Table(GAME, NAMES[:n], {"deal": "manual", "ninja_stars": ninja_stars}).state


def manual(
    roles: list[str],
    chars: list[str] | None = None,
    stars: list[int | None] | None = None,
    ninja_stars: bool = True,
) -> dict:
    """A game whose seats entered their own cards (so tests choose the roles)."""
    n = len(roles)
    state = fresh(n, ninja_stars)
    chars = chars or PLAIN[:n]
    if stars is None:
        free = iter([1, 2, 3])
        stars = [next(free) if r == "ninja" else None for r in roles]
    for seat in range(n):
        params: dict[str, Any] = {"role": roles[seat]}
        if stars[seat] is not None:
            params["stars"] = stars[seat]
        state, _ = act(state, seat, "enter_role", **params)
        state, _ = act(state, seat, "enter_character", character=chars[seat])
    assert state["started"]
    return state


FIVE = ["shogun", "samurai", "ninja", "ninja", "ronin"]
SIX = ["shogun", "samurai", "ninja", "ninja", "ninja", "ronin"]
SEVEN = ["shogun", "samurai", "samurai", "ninja", "ninja", "ninja", "ronin"]


def with_counters(state: dict, **lists: list[int]) -> dict:
    """A mid-game state: overwrite public counters."""
    state = copy.deepcopy(state)
    for key, values in lists.items():
        state[key] = list(values)
    return state


def row(res: dict, seat: int) -> dict:
    return next(r for r in res["rows"] if r["seat"] == seat)


def team_row(res: dict, msgid: str) -> dict:
    return next(r for r in res["rows"] if r["seat"] is None and r["label"][1]["team_t"] == msgid)


def english(line: list) -> str:
    """A line as an English reader sees it: a count's line takes the plural unless it is 1."""
    msgid, params = line
    if "_plural" in params:
        msgid = msgid if params["n"] == 1 else params["_plural"]
    return msgid.format(**{k: english(v) if isinstance(v, list) else v for k, v in params.items()})


def text_of(lines: list) -> list[str]:
    return [english(line) for line in lines]


# --------------------------------------------------------------------------------- setup


def test_the_game_is_registered_with_its_id_name_player_counts_and_options() -> None:
    assert GAME.id == "samurai-sword"
    assert GAME.name == "Samurai Sword"
    assert (GAME.min_players, GAME.max_players) == (3, 7)
    options = {o.name: o for o in GAME.options}
    assert options["deal"].default == "app"
    assert {c[0] for c in options["deal"].choices} == {"app", "manual"}
    assert options["ninja_stars"].default is True


@pytest.mark.parametrize(
    ("n", "expected"),
    [
        (3, {"shogun": 1, "ninja": 2}),
        (4, {"shogun": 1, "samurai": 1, "ninja": 2}),
        (5, {"shogun": 1, "samurai": 1, "ninja": 2, "ronin": 1}),
        (6, {"shogun": 1, "samurai": 1, "ninja": 3, "ronin": 1}),
        (7, {"shogun": 1, "samurai": 2, "ninja": 3, "ronin": 1}),
    ],
)
def test_the_app_deals_the_role_cards_for_the_player_count(n: int, expected: dict) -> None:
    for seed in range(5):
        state = dealt(n, seed)
        assert Counter(state["roles"]) == Counter(expected)
        assert state["roles"][state["shogun"]] == "shogun"


def test_the_deal_is_random_over_seeds() -> None:
    shoguns = {dealt(5, seed)["shogun"] for seed in range(30)}
    assert len(shoguns) > 2
    characters = {tuple(dealt(5, seed)["characters"]) for seed in range(10)}
    assert len(characters) == 10


@pytest.mark.parametrize("n", [3, 4, 5])
def test_with_two_ninja_one_of_the_three_ninja_cards_is_removed_unseen(n: int) -> None:
    pairs = set()
    for seed in range(40):
        state = dealt(n, seed)
        stars = [s for r, s in zip(state["roles"], state["stars"], strict=True) if r == "ninja"]
        assert len(stars) == 2 and len(set(stars)) == 2 and set(stars) <= {1, 2, 3}
        assert [s for s in state["stars"] if s is not None] == sorted(stars, key=stars.index)
        pairs.add(frozenset(stars))
    assert len(pairs) == 3  # any of the three cards may be the removed one


@pytest.mark.parametrize("n", [6, 7])
def test_with_three_ninja_all_three_ninja_cards_are_dealt(n: int) -> None:
    state = dealt(n, 3)
    stars = [s for r, s in zip(state["roles"], state["stars"], strict=True) if r == "ninja"]
    assert sorted(stars) == [1, 2, 3]


def test_characters_are_dealt_once_each_and_health_starts_at_their_resilience() -> None:
    resilience = {
        "benkei": 5,
        "chiyome": 4,
        "goemon": 5,
        "ginchiyo": 4,
        "hanzo": 4,
        "hideyoshi": 4,
        "ieyasu": 5,
        "kojiro": 5,
        "musashi": 5,
        "nobunaga": 5,
        "tomoe": 5,
        "ushiwaka": 4,
    }
    for seed in range(10):
        state = dealt(7, seed)
        assert len(set(state["characters"])) == 7
        assert state["health"] == [resilience[c] for c in state["characters"]]
        view = GAME.view(state, None)
        assert [p["max_health"] for p in view["players"]] == state["health"]


@pytest.mark.parametrize(
    ("n", "shogun_honor", "other_honor"),
    [(3, 6, 3), (4, 5, 3), (5, 5, 3), (6, 5, 4), (7, 5, 4)],
)
def test_starting_honor_depends_on_role_and_player_count(
    n: int, shogun_honor: int, other_honor: int
) -> None:
    state = dealt(n, 11)
    for seat in range(n):
        expected = shogun_honor if seat == state["shogun"] else other_honor
        assert state["honor"][seat] == expected


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7])
def test_starting_hands_count_clockwise_from_the_shogun(n: int) -> None:
    for seed in range(4):
        state = dealt(n, seed)
        shogun = state["shogun"]
        by_position = [state["hand"][(shogun + k) % n] for k in range(n)]
        assert by_position == [4, 5, 5, 6, 6, 7, 7][:n]


def test_the_shogun_is_revealed_and_plays_first_in_round_one() -> None:
    state = dealt(6, 5)
    view = GAME.view(state, None)
    shogun = state["shogun"]
    assert view["turn"] == shogun and view["round"] == 1 and view["phase"] == "Recover phase"
    assert view["players"][shogun]["role"] == "Shogun"
    assert view["players"][shogun]["is_turn"]
    assert [p["role"] for p in view["players"] if p["seat"] != shogun] == [None] * 5
    for key in SHELL_VIEW_KEYS:
        assert key in view


def test_state_survives_json_after_setup_in_both_deal_modes() -> None:
    for deal in ("app", "manual"):
        for n in range(3, 8):
            state = Table(GAME, NAMES[:n], {"deal": deal, "ninja_stars": True}, seed=n).state
            assert json.loads(json.dumps(state)) == state


# --------------------------------------------------------------------------------- manual deal


def test_manual_deal_waits_for_every_seat_and_then_starts_with_the_shogun() -> None:
    state = fresh(5)
    assert not state["started"] and GAME.view(state, None)["turn"] is None
    assert GAME.allowed(state, None) == []
    assert set(GAME.allowed(state, 2)) == {"enter_role", "enter_character", "set_daimyo"}
    roles = ["ninja", "ronin", "shogun", "samurai", "ninja"]
    for seat in range(5):
        state, _ = act(state, seat, "enter_role", role=roles[seat])
        if seat < 4:
            state, _ = act(state, seat, "enter_character", character=PLAIN[seat])
    assert not state["started"]  # seat 4 has no character yet
    state, events = act(state, 4, "enter_character", character="benkei")
    assert state["started"]
    assert any(e["type"] == "PlayStarted" for e in events)
    assert state["turn"] == 2 and state["round"] == 1 and state["phase"] == "recover"
    assert state["honor"] == [3, 3, 5, 3, 3]
    assert state["hand"] == [6, 6, 4, 5, 5]  # positions from seat 2: 4, 5, 5, 6, 6
    assert state["health"] == [5, 5, 5, 5, 5]


def test_the_entered_shogun_is_public_at_once_and_a_second_shogun_is_refused() -> None:
    state = fresh(4)
    state, events = act(state, 1, "enter_role", role="shogun")
    assert GAME.view(state, None)["players"][1]["role"] == "Shogun"
    assert GAME.view(state, None)["shogun"] == 1
    assert {"type": "ShogunRevealed", "seat": 1} in events
    assert describe(events[0]) == ["{name} is the Shogun", {"name": "Bob"}]
    with pytest.raises(RulesError) as err:
        act(state, 3, "enter_role", role="shogun")
    assert err.value.code == "shogun_taken"
    # Changing one's mind un-reveals the Shogun.
    state, _ = act(state, 1, "enter_role", role="samurai")
    assert GAME.view(state, None)["shogun"] is None
    state, _ = act(state, 3, "enter_role", role="shogun")
    assert GAME.view(state, None)["players"][3]["role"] == "Shogun"


def test_a_character_entered_twice_holds_play_until_someone_re_enters() -> None:
    state = fresh(4)
    roles = ["shogun", "samurai", "ninja", "ninja"]
    for seat in range(4):
        params = {"role": roles[seat]}
        if roles[seat] == "ninja":
            params["stars"] = seat
        state, _ = act(state, seat, "enter_role", **params)
        character = "kojiro" if seat in (0, 2) else PLAIN[seat]
        state, events = act(state, seat, "enter_character", character=character)
    assert not state["started"] and events[-1] == {"type": "CharactersClash"}
    public = GAME.view(state, None)
    assert public["characters_clash"] is True and not public["roles_mismatch"]
    state, _ = act(state, 0, "enter_character", character="goemon")
    assert state["started"] and not GAME.view(state, None)["characters_clash"]


def test_a_seat_entering_a_character_gets_the_same_answer_whoever_holds_it() -> None:
    """Characters are hidden while the phones enter them: another seat's card may not decide
    whether an entry is refused."""
    states = []
    for other in ("kojiro", "goemon"):
        state = fresh(4)
        state, _ = act(state, 0, "enter_character", character=other)
        states.append(state)
    assert GAME.view(states[0], 2) == GAME.view(states[1], 2)
    outcomes = []
    for state in states:
        try:
            new, events = act(state, 2, "enter_character", character="kojiro")
        except RulesError as err:
            outcomes.append(("refused", err.code, err.message, err.params))
            continue
        seen = [describe(e) for e in events if "to" not in e or 2 in e["to"]]
        outcomes.append(("done", GAME.view(new, 2), seen))
    assert outcomes[0] == outcomes[1]


def test_roles_that_do_not_match_the_cards_do_not_start_play_and_can_be_reentered() -> None:
    state = fresh(5)
    wrong = ["shogun", "samurai", "samurai", "ninja", "ronin"]  # 5 players have 1 Samurai, 2 Ninja
    for seat in range(5):
        state, _ = act(state, seat, "enter_role", role=wrong[seat])
        state, events = act(state, seat, "enter_character", character=PLAIN[seat])
    assert not state["started"]
    assert events[-1] == {"type": "RolesMismatch", "n": 5}
    text = describe(events[-1])
    assert text[0].format(**text[1]) == (
        "The roles entered don't match the cards for 5 players: everyone check your card"
    )
    public = GAME.view(state, None)
    assert public["roles_mismatch"] is True and public["turn"] is None
    assert "samurai" not in json.dumps(public).lower()
    state, _ = act(state, 2, "enter_role", role="ninja")
    assert state["started"] and not GAME.view(state, None)["roles_mismatch"]


def test_three_players_need_a_shogun_and_two_ninja() -> None:
    state = fresh(3)
    for seat, role in enumerate(["shogun", "ninja", "samurai"]):
        state, _ = act(state, seat, "enter_role", role=role)
        state, _ = act(state, seat, "enter_character", character=PLAIN[seat])
    assert not state["started"] and state["roles_mismatch"]


def test_two_ninja_cards_with_the_same_stars_are_a_mismatch() -> None:
    state = fresh(5)
    for seat, role in enumerate(FIVE):
        params = {"role": role, "stars": 2} if role == "ninja" else {"role": role}
        state, _ = act(state, seat, "enter_role", **params)
        state, _ = act(state, seat, "enter_character", character=PLAIN[seat])
    assert not state["started"] and state["roles_mismatch"]
    state, _ = act(state, 3, "enter_role", role="ninja", stars=3)
    assert state["started"]


def test_four_player_ninja_must_enter_stars_only_when_the_stars_rule_is_on() -> None:
    state = fresh(4)
    with pytest.raises(BadValue):
        act(state, 0, "enter_role", role="ninja")
    state2 = fresh(4, ninja_stars=False)
    state2, _ = act(state2, 0, "enter_role", role="ninja")
    assert state2["roles"][0] == "ninja" and state2["stars"][0] is None
    # Stars on a non-Ninja card are ignored.
    state, _ = act(state, 0, "enter_role", role="samurai", stars=2)
    assert state["stars"][0] is None


def test_only_the_seat_itself_enters_its_cards_and_only_before_play() -> None:
    state = fresh(4)
    with pytest.raises(NotAllowed):
        act(state, None, "enter_role", role="shogun")
    with pytest.raises(NotAllowed):
        act(state, None, "enter_character", character="benkei")
    started = manual(["shogun", "samurai", "ninja", "ninja"])
    assert "enter_role" not in GAME.allowed(started, 0)
    with pytest.raises(RulesError):
        act(started, 0, "enter_role", role="samurai")
    app = dealt(4)
    with pytest.raises(RulesError):
        act(app, 0, "enter_role", role="samurai")


def test_while_entering_the_table_sees_who_has_entered_but_not_what() -> None:
    state = fresh(5)
    state, role_events = act(state, 0, "enter_role", role="ronin")
    state, char_events = act(state, 0, "enter_character", character="musashi")
    public = GAME.view(state, None)
    assert public["setup"]["roles_entered"] == [True, False, False, False, False]
    assert public["setup"]["characters_entered"] == [True, False, False, False, False]
    dumped = json.dumps(public)
    assert "Ronin" not in dumped and "ronin" not in dumped
    assert public["players"][0]["character"] is None
    other = GAME.view(state, 1)
    assert "Ronin" not in json.dumps(other["players"]) and other["me"]["role"] is None
    mine = GAME.view(state, 0)["me"]
    assert mine["role"] == "Ronin" and mine["character"] == "Musashi"
    # The history: public lines say only that a card was entered; the content goes to the seat.
    for event in role_events + char_events:
        if "ronin" in json.dumps(event).lower() or "musashi" in json.dumps(event).lower():
            assert event["to"] == [0]


# --------------------------------------------------------------------------------- turns


def test_phases_run_recover_draw_play_discard_and_then_the_next_player_clockwise() -> None:
    state = manual(["ninja", "shogun", "samurai", "ninja"])  # seat 1 is the Shogun
    assert state["turn"] == 1
    seen = []
    for _ in range(4):
        seen.append(GAME.view(state, None)["phase"])
        state, _ = act(state, 1, "next_phase")
    assert seen == ["Recover phase", "Draw phase", "Play phase", "Discard phase"]
    assert state["turn"] == 2 and state["phase"] == "recover"
    assert GAME.view(state, None)["players"][2]["is_turn"]


def test_the_round_counts_full_rounds_from_the_shogun() -> None:
    state = manual(["ninja", "ninja", "shogun"])
    assert state["round"] == 1
    state, _ = act(state, 2, "end_turn")  # -> seat 0, still round 1
    assert (state["turn"], state["round"]) == (0, 1)
    state, _ = act(state, 0, "end_turn")
    assert (state["turn"], state["round"]) == (1, 1)
    state, events = act(state, None, "end_turn")
    assert (state["turn"], state["round"]) == (2, 2)
    assert {"type": "TurnStarted", "seat": 2, "round": 2} in events


def test_the_draw_phase_adds_two_cards_and_hideyoshi_three() -> None:
    state = manual(["shogun", "samurai", "ninja", "ninja"], ["hideyoshi"] + PLAIN[1:4])
    state, _ = act(state, 0, "next_phase")
    assert state["hand"][0] == 4 + 3
    state, _ = act(state, 0, "end_turn")
    state, events = act(state, 1, "next_phase")
    assert state["hand"][1] == 5 + 2
    assert {"type": "CardsDrawn", "seat": 1, "n": 2} in events


def test_leaving_the_discard_phase_or_ending_the_turn_clamps_the_hand_to_seven() -> None:
    state = with_counters(manual(FIVE), hand=[10, 5, 5, 6, 6])
    state["phase"] = "discard"
    state, events = act(state, 0, "next_phase")
    assert state["hand"][0] == 7 and state["turn"] == 1
    assert events[0] == {"type": "HandLimit", "seat": 0, "n": 3}
    state = with_counters(state, hand=[7, 9, 5, 6, 6])
    state, _ = act(state, 1, "end_turn")
    assert state["hand"][1] == 7
    state = with_counters(state, hand=[7, 7, 6, 6, 6])
    state, events = act(state, 2, "end_turn")
    assert state["hand"][2] == 6 and not any(e["type"] == "HandLimit" for e in events)


def test_a_player_at_zero_health_recovers_fully_at_the_start_of_their_turn() -> None:
    state = with_counters(manual(FIVE), health=[5, 0, 3, 5, 4])
    state, events = act(state, 0, "end_turn")
    assert state["health"][1] == 5  # Tomoe
    assert {"type": "Recovered", "seat": 1, "n": 5} in events
    state, events = act(state, 1, "end_turn")
    assert state["health"][2] == 3  # not at 0: no recovery
    assert not any(e["type"] == "Recovered" for e in events)


def test_only_the_current_player_or_the_table_moves_the_turn_on() -> None:
    state = manual(FIVE)
    assert "next_phase" not in GAME.allowed(state, 3)
    with pytest.raises(NotAllowed):
        act(state, 3, "next_phase")
    with pytest.raises(NotAllowed):
        act(state, 3, "end_turn")
    state, _ = act(state, None, "next_phase")
    assert state["phase"] == "draw"


def test_three_player_shogun_draws_three_and_plays_two_weapons() -> None:
    state = manual(["shogun", "ninja", "ninja"])
    view = GAME.view(state, None)
    assert [p["draws"] for p in view["players"]] == [3, 2, 2]
    assert [p["weapons_per_turn"] for p in view["players"]] == [2, 1, 1]
    state, _ = act(state, 0, "next_phase")
    assert state["hand"][0] == 4 + 3
    assert state["honor"] == [6, 3, 3] and state["hand"] == [7, 5, 5]


def test_weapons_per_turn_grow_with_focus_and_goemon() -> None:
    state = manual(FIVE, ["goemon", "tomoe", "nobunaga", "musashi", "ushiwaka"])
    state, _ = act(state, 1, "adjust", seat=1, counter="focus", delta=2)
    state, _ = act(state, None, "adjust", seat=0, counter="focus", delta=1)
    view = GAME.view(state, None)
    assert [p["weapons_per_turn"] for p in view["players"]] == [3, 3, 1, 1, 1]


# --------------------------------------------------------------------------------- counters


def test_a_phone_adjusts_only_its_own_counters_and_the_table_anyones() -> None:
    state = manual(FIVE)
    state, _ = act(state, 2, "adjust", seat=2, counter="honor", delta=1)
    assert state["honor"][2] == 4
    with pytest.raises(NotAllowed):
        act(state, 2, "adjust", seat=3, counter="health", delta=-1)
    state, events = act(state, None, "adjust", seat=3, counter="armor", delta=2)
    assert state["armor"][3] == 2
    assert describe(events[0]) == [
        "{name}: {counter_t} {before} → {after}",
        {"name": "Dee", "counter_t": "Armor", "before": 0, "after": 2},
    ]


def test_counters_stay_within_their_limits() -> None:
    state = manual(FIVE)
    state, _ = act(state, 4, "adjust", seat=4, counter="health", delta=-2)
    state, _ = act(state, 4, "adjust", seat=4, counter="health", delta=9)
    assert state["health"][4] == 4  # Ushiwaka's maximum
    with pytest.raises(BadValue):
        act(state, 4, "adjust", seat=4, counter="health", delta=1)
    with pytest.raises(BadValue):
        act(state, 4, "adjust", seat=4, counter="armor", delta=-1)
    with pytest.raises(BadValue):
        act(state, 4, "adjust", seat=4, counter="hand", delta=0)
    state, _ = act(state, 4, "adjust", seat=4, counter="fast_draw", delta=10)
    assert state["fast_draw"][4] == 6
    params = {p.name: p for p in GAME.actions["adjust"].params}
    assert (params["delta"].min, params["delta"].max) == (-10, 10)
    assert set(params["counter"].choices) == {
        "health",
        "honor",
        "hand",
        "armor",
        "fast_draw",
        "focus",
    }


def test_counters_cannot_be_adjusted_before_play_starts() -> None:
    state = fresh(4)
    assert "adjust" not in GAME.allowed(state, 0)
    with pytest.raises(RulesError):
        act(state, 0, "adjust", seat=0, counter="hand", delta=1)


# --------------------------------------------------------------------------------- defeat


def test_a_defeat_moves_one_honor_to_the_current_player_by_default() -> None:
    state = with_counters(manual(FIVE), health=[5, 5, 1, 5, 4])
    state, events = act(state, 2, "adjust", seat=2, counter="health", delta=-3)
    assert state["health"][2] == 0
    assert state["honor"] == [6, 3, 2, 3, 3]
    assert events[1] == {"type": "Defeated", "seat": 2, "by": 0}
    assert describe(events[1]) == [
        "{name} is defeated by {by_name} and gives them 1 honor",
        {"name": "Cid", "by_name": "Ann"},
    ]


def test_a_defeat_by_battle_cry_or_jujutsu_names_who_played_it() -> None:
    state = with_counters(manual(FIVE), health=[5, 5, 5, 1, 4])
    state, _ = act(state, None, "adjust", seat=3, counter="health", delta=-1, by=4)
    assert state["honor"] == [5, 3, 3, 2, 4]


def test_a_player_knocked_out_in_their_own_turn_gives_no_honor() -> None:
    state = with_counters(manual(FIVE), health=[1, 5, 5, 5, 4])
    state, events = act(state, 0, "adjust", seat=0, counter="health", delta=-1)
    assert state["honor"] == [5, 3, 3, 3, 3]
    assert events[1]["by"] is None
    assert "no honor moves" in describe(events[1])[0]


def test_only_a_drop_from_above_zero_is_a_defeat() -> None:
    state = with_counters(manual(FIVE), health=[5, 2, 5, 5, 4])
    state, events = act(state, 1, "adjust", seat=1, counter="health", delta=-1)
    assert state["honor"] == [5, 3, 3, 3, 3] and len(events) == 1


def test_harmless_players_are_flagged_with_zero_health_or_zero_cards() -> None:
    state = with_counters(manual(FIVE), health=[5, 0, 5, 5, 4], hand=[4, 5, 0, 6, 6])
    view = GAME.view(state, None)
    assert [p["harmless"] for p in view["players"]] == [False, True, True, False, False]


# --------------------------------------------------------------------------------- difficulty


def test_difficulty_is_the_shortest_way_round_as_in_the_six_player_example() -> None:
    state = manual(SIX)
    table = GAME.view(state, None)["difficulty"]
    assert [cell["difficulty"] for cell in table[0]] == [None, 1, 2, 3, 2, 1]
    assert [cell["target"] for cell in table[0]] == [0, 1, 2, 3, 4, 5]
    assert table[0][3]["reachable_by"] == [3, 4, 5]
    assert table[0][1]["reachable_by"] == [1, 2, 3, 4, 5]
    assert table[0][0]["reachable_by"] == []


def test_harmless_players_are_skipped_when_counting_and_cannot_be_targeted() -> None:
    state = with_counters(manual(SIX), health=[5, 0, 5, 5, 4, 4], hand=[4, 5, 0, 6, 6, 7])
    table = GAME.view(state, None)["difficulty"]
    # Seats 1 and 2 are Harmless: seat 0 reaches seat 3 at 1 clockwise.
    assert [cell["difficulty"] for cell in table[0]] == [None, None, None, 1, 2, 1]
    assert table[0][1]["reachable_by"] == [] and table[3][2]["reachable_by"] == []


def test_armor_and_benkei_add_to_the_difficulty() -> None:
    chars = ["ieyasu", "benkei", "nobunaga", "musashi", "ushiwaka", "chiyome"]
    state = with_counters(manual(SIX, chars), armor=[0, 0, 2, 0, 0, 0])
    table = GAME.view(state, None)["difficulty"]
    assert table[0][1]["difficulty"] == 2  # Benkei +1
    assert table[0][2]["difficulty"] == 4  # 2 places + 2 Armor
    assert table[0][2]["reachable_by"] == [4, 5]
    assert table[1][0]["difficulty"] == 1  # Benkei attacking is not helped


def test_kojiro_reaches_any_target_that_is_not_harmless() -> None:
    chars = ["kojiro", "tomoe", "nobunaga", "musashi", "ushiwaka", "chiyome"]
    state = with_counters(manual(SIX, chars), armor=[0, 0, 0, 3, 0, 0], hand=[4, 0, 5, 6, 6, 7])
    table = GAME.view(state, None)["difficulty"]
    assert table[0][3]["difficulty"] == 5
    assert table[0][3]["reachable_by"] == [1, 2, 3, 4, 5] and table[0][3]["kojiro"]
    assert table[0][1]["reachable_by"] == [] and not table[0][1]["kojiro"]
    assert not table[2][3]["kojiro"] and table[2][3]["reachable_by"] == [4, 5]


def test_the_weapon_table_is_the_32_weapons_of_the_deck() -> None:
    listed = GAME.view(dealt(4), None)["weapons"]
    weapons = {w["name"]: (w["copies"], w["difficulty"], w["damage"]) for w in listed}
    assert sum(c for c, _, _ in weapons.values()) == 32
    assert weapons["Daikyu"] == (1, 5, 2)
    assert weapons["Bokken"] == (6, 1, 1)
    assert weapons["Katana"] == (1, 2, 3)
    assert len(weapons) == 13


# --------------------------------------------------------------------------------- Bushido


def test_the_current_player_plays_bushido_in_front_of_another_player_in_the_play_phase() -> None:
    state = manual(FIVE)
    with pytest.raises(RulesError):
        act(state, 0, "set_bushido", seat=2)  # still in Recover
    state["phase"] = "play"
    with pytest.raises(BadValue):
        act(state, 0, "set_bushido", seat=0)
    with pytest.raises(NotAllowed):
        act(state, 3, "set_bushido", seat=2)
    state, events = act(state, 0, "set_bushido", seat=2)
    assert state["bushido"] == 2 and GAME.view(state, None)["players"][2]["bushido"]
    assert events == [{"type": "BushidoPlaced", "seat": 2}]
    with pytest.raises(RulesError) as err:
        act(state, 0, "set_bushido", seat=3)
    assert err.value.code == "one_bushido"
    state, events = act(state, 0, "set_bushido")  # a Geisha discards it
    assert state["bushido"] is None and events == [{"type": "BushidoRemoved"}]


def test_the_table_screen_may_put_bushido_anywhere() -> None:
    state = manual(FIVE)
    state, _ = act(state, None, "set_bushido", seat=0)
    assert state["bushido"] == 0
    state, _ = act(state, None, "set_bushido", seat=4)
    assert state["bushido"] == 4


def test_bushido_must_be_checked_before_the_recover_phase_ends() -> None:
    state = manual(FIVE)
    state["bushido"] = 0
    assert set(GAME.allowed(state, 0)) >= {"bushido_draw"}
    assert "next_phase" not in GAME.allowed(state, 0) and "end_turn" not in GAME.allowed(
        state, None
    )
    with pytest.raises(RulesError) as err:
        act(state, 0, "next_phase")
    assert err.value.code == "not_now"
    assert "bushido_draw" not in GAME.allowed(state, 1)
    state["bushido"] = 1
    assert "bushido_draw" not in GAME.allowed(state, 0)
    with pytest.raises(RulesError):
        act(state, 0, "bushido_draw", weapon=False)


def test_bushido_passes_left_when_the_card_turned_over_is_not_a_weapon() -> None:
    state = manual(FIVE)
    state["bushido"] = 0
    state, events = act(state, 0, "bushido_draw", weapon=False)
    assert state["bushido"] == 1 and state["honor"][0] == 5
    assert events[0]["outcome"] == "passed" and events[0]["left"] == 1
    assert describe(events[0])[1] == {"name": "Ann", "left_name": "Bob"}
    state, _ = act(state, 0, "next_phase")
    assert state["phase"] == "draw"


def test_bushido_passes_left_from_the_last_seat_to_the_first() -> None:
    state = manual(FIVE)
    state["turn"], state["bushido"] = 4, 4
    state, _ = act(state, 4, "bushido_draw", weapon=False)
    assert state["bushido"] == 0


def test_bushido_on_a_weapon_costs_a_weapon_from_hand_or_one_honor() -> None:
    state = manual(FIVE)
    state["bushido"] = 0
    with pytest.raises(BadValue):
        act(state, 0, "bushido_draw", weapon=True)
    paid, _ = act(state, 0, "bushido_draw", weapon=True, pay="discard_weapon")
    assert paid["hand"][0] == 3 and paid["bushido"] == 1 and paid["honor"][0] == 5
    lost, events = act(state, None, "bushido_draw", weapon=True, pay="lose_honor")
    assert lost["honor"][0] == 4 and lost["bushido"] is None and lost["hand"][0] == 4
    assert events[0]["outcome"] == "honor_lost"
    empty = with_counters(state, hand=[0, 5, 5, 6, 6])
    with pytest.raises(BadValue):
        act(empty, 0, "bushido_draw", weapon=True, pay="discard_weapon")


def test_losing_the_last_honor_to_bushido_ends_the_game_without_a_fatal_attack() -> None:
    state = with_counters(manual(FIVE), honor=[5, 1, 3, 3, 3])
    state["turn"], state["bushido"] = 1, 1
    state, events = act(state, 1, "bushido_draw", weapon=True, pay="lose_honor")
    assert events[-1]["type"] == "GameEnded"
    res = GAME.outcome(state)
    assert res is not None and state["over"]["fatal"] is None
    # Shogun 5 + Samurai 0 = 5; Ninja 3 + 3 = 6; Ronin 3 × 2 = 6: the Ninja win the tie.
    assert team_row(res, "Shogun and Samurai")["score"] == 5
    assert res["headline"][1]["team_t"] == "Ninja"


def test_the_three_player_shogun_never_loses_honor_to_bushido() -> None:
    state = manual(["shogun", "ninja", "ninja"])
    state["bushido"] = 0
    state, events = act(state, 0, "bushido_draw", weapon=True)
    assert state["honor"][0] == 6 and state["bushido"] is None
    assert events[0]["outcome"] == "shogun_discards"
    state = manual(["shogun", "ninja", "ninja"])
    state["bushido"] = 0
    state, _ = act(state, 0, "bushido_draw", weapon=True, pay="lose_honor")
    assert state["honor"][0] == 6 and state["bushido"] is None
    ninja = manual(["shogun", "ninja", "ninja"])
    ninja["turn"], ninja["bushido"] = 1, 1
    ninja, _ = act(ninja, 1, "bushido_draw", weapon=True, pay="lose_honor")
    assert ninja["honor"][1] == 2


# --------------------------------------------------------------------------------- deck out


def test_when_the_deck_runs_out_every_player_loses_one_honor() -> None:
    state = manual(FIVE)
    state, events = act(state, 3, "deck_out")
    assert state["honor"] == [4, 2, 2, 2, 2]
    assert GAME.outcome(state) is None
    assert GAME.view(state, None)["deck_outs"] == 1
    assert describe(events[0])[0] == "The deck ran out: everyone loses 1 honor"
    state, _ = act(state, None, "deck_out")
    assert state["honor"] == [3, 1, 1, 1, 1]
    state, events = act(state, None, "deck_out")
    assert events[-1]["type"] == "GameEnded" and GAME.outcome(state) is not None
    assert GAME.outcome(state)["reason"] == [
        "{names} reached 0 honor",
        {"names": ["{list}", {"items": ["Bob", "Cid", "Dee", "Eve"]}]},
    ]


# --------------------------------------------------------------------------------- the end


def test_the_game_ends_the_moment_any_honor_reaches_zero_and_then_refuses_everything() -> None:
    state = with_counters(manual(FIVE), honor=[5, 3, 3, 1, 3], health=[5, 5, 5, 1, 4])
    state, events = act(state, None, "adjust", seat=3, counter="health", delta=-1, by=2)
    assert [e["type"] for e in events] == ["Adjusted", "Defeated", "GameEnded"]
    assert GAME.view(state, None)["over"] is True
    for seat in [None, 0, 1, 2, 3, 4]:
        assert GAME.allowed(state, seat) == []
    with pytest.raises(RulesError) as err:
        act(state, 0, "next_phase")
    assert err.value.code == "game_over"


def test_a_player_lowering_their_own_honor_to_zero_ends_the_game() -> None:
    state = with_counters(manual(FIVE), honor=[5, 3, 3, 3, 1])
    state, _ = act(state, 4, "adjust", seat=4, counter="honor", delta=-1)
    assert GAME.outcome(state)["reason"][1]["names"] == ["{list}", {"items": ["Eve"]}]


def test_scores_are_honor_times_the_multiplier_for_role_and_player_count() -> None:
    # Multipliers copied from the digest's scoring table (4-player Ninja without stars: ×1).
    table = {
        3: {"shogun": 2, "ninja": 1},
        4: {"shogun": 1, "samurai": 2, "ninja": 1},
        5: {"shogun": 1, "samurai": 1, "ninja": 1, "ronin": 2},
        6: {"shogun": 1, "samurai": 2, "ninja": 1, "ronin": 3},
        7: {"shogun": 1, "samurai": 1, "ninja": 1, "ronin": 3},
    }
    layouts = {
        3: ["ninja", "shogun", "ninja"],
        4: ["shogun", "ninja", "samurai", "ninja"],
        5: FIVE,
        6: SIX,
        7: SEVEN,
    }
    for n, roles in layouts.items():
        state = manual(roles, ninja_stars=False)
        honor = [4 + seat for seat in range(n)]
        honor[n - 1] = 1  # the last seat runs out when the deck does
        state = with_counters(state, honor=honor)
        state, _ = act(state, None, "deck_out")
        res = GAME.outcome(state)
        for seat in range(n):
            expected = (honor[seat] - 1) * table[n][roles[seat]]
            assert row(res, seat)["score"] == expected, (n, seat)


def test_the_score_lines_show_the_multiplication() -> None:
    state = with_counters(manual(SIX), honor=[6, 5, 3, 3, 3, 1])
    state, _ = act(state, None, "deck_out")
    res = GAME.outcome(state)
    assert text_of(row(res, 1)["lines"]) == ["4 honor × 2 (Samurai, 6 players) = 8", "Score: 8"]
    assert row(res, 1)["label"] == ["{name} ({role_t})", {"name": "Bob", "role_t": "Samurai"}]


def test_four_player_ninja_with_more_stars_scores_double() -> None:
    roles = ["shogun", "samurai", "ninja", "ninja"]
    state = with_counters(manual(roles, stars=[None, None, 3, 1]), honor=[1, 4, 4, 4])
    state, _ = act(state, None, "deck_out")
    res = GAME.outcome(state)
    assert row(res, 2)["score"] == 6 and row(res, 3)["score"] == 3
    assert text_of(row(res, 2)["lines"])[0] == (
        "3 stars against 1: the Ninja with more stars scores ×2"
    )
    # Shogun 0 + Samurai 3 × 2 = 6 against Ninja 9.
    assert team_row(res, "Ninja")["score"] == 9 and res["winners"] == [2, 3]


def test_with_the_stars_rule_off_every_four_player_ninja_scores_single() -> None:
    roles = ["shogun", "samurai", "ninja", "ninja"]
    state = manual(roles, stars=[None, None, 3, 1], ninja_stars=False)
    state = with_counters(state, honor=[1, 4, 4, 4])
    state, _ = act(state, None, "deck_out")
    res = GAME.outcome(state)
    assert row(res, 2)["score"] == 3 and row(res, 3)["score"] == 3
    # Shogun + Samurai 6 against Ninja 6: a tie goes to the Ninja.
    assert res["winners"] == [2, 3] and "tie" in res["headline"][0]


def test_the_stars_rule_applies_only_to_four_players() -> None:
    state = with_counters(manual(FIVE, stars=[None, None, 3, 1, None]), honor=[4, 4, 4, 4, 1])
    state, _ = act(state, None, "deck_out")
    res = GAME.outcome(state)
    assert row(res, 2)["score"] == 3 and row(res, 3)["score"] == 3


def test_daimyo_are_added_after_multiplying_and_are_worth_nothing_to_the_ronin() -> None:
    state = manual(SIX)
    state, events = act(state, 1, "set_daimyo", n=1)
    assert events == [{"type": "DaimyoNoted", "seat": 1, "n": 1, "to": [1]}]
    state, _ = act(state, 5, "set_daimyo", n=2)
    state = with_counters(state, honor=[5, 4, 1, 3, 3, 4])
    state, _ = act(state, None, "deck_out")
    res = GAME.outcome(state)
    assert row(res, 1)["score"] == 3 * 2 + 1  # not (3 + 1) × 2
    assert "+1 Daimyo" in text_of(row(res, 1)["lines"])
    assert row(res, 5)["score"] == 3 * 3  # the Ronin's 2 Daimyo count 0
    assert "2 Daimyo: worth 0 to the Ronin" in text_of(row(res, 5)["lines"])
    assert team_row(res, "Shogun and Samurai")["score"] == 4 + 7


def test_only_a_seat_records_its_own_daimyo() -> None:
    state = manual(FIVE)
    assert "set_daimyo" not in GAME.allowed(state, None)
    with pytest.raises(NotAllowed):
        act(state, None, "set_daimyo", n=2)
    params = {p.name: p for p in GAME.actions["set_daimyo"].params}
    assert (params["n"].min, params["n"].max) == (0, 3)


def test_a_daimyo_step_past_0_or_3_is_refused_with_the_same_words_and_changes_nothing() -> None:
    state = manual(FIVE)
    refusals = []
    with pytest.raises(BadValue) as at_zero:
        act(state, 1, "set_daimyo", by=-1)
    refusals.append(str(at_zero.value))
    for n in (1, 2, 3):
        state, events = act(state, 1, "set_daimyo", by=1)
        assert events == [{"type": "DaimyoNoted", "seat": 1, "n": n, "to": [1]}]
    with pytest.raises(BadValue) as at_three:
        act(state, 1, "set_daimyo", by=1)
    refusals.append(str(at_three.value))
    # One wording for both bounds: a refusal seen on a face-up phone names neither.
    assert refusals == ["Daimyo in hand stay between 0 and 3: nothing changed."] * 2
    assert state["daimyo"][1] == 3
    state, _ = act(state, 1, "set_daimyo", by=-1)
    assert state["daimyo"][1] == 2
    # A count or a step, not both and not neither.
    for params in ({}, {"n": 1, "by": 1}, {"by": 0}):
        with pytest.raises(BadValue):
            act(state, 1, "set_daimyo", **params)
    assert "set_daimyo" not in GAME.allowed(state, None)


def test_a_tie_with_the_ninja_goes_to_the_ninja() -> None:
    state = with_counters(manual(FIVE), honor=[3, 2, 2, 3, 1])
    state, _ = act(state, None, "deck_out")  # honor 2, 1, 1, 2, 0
    res = GAME.outcome(state)
    assert team_row(res, "Shogun and Samurai")["score"] == 3
    assert team_row(res, "Ninja")["score"] == 3
    assert res["winners"] == [2, 3]
    assert team_row(res, "Ninja")["won"] and not team_row(res, "Shogun and Samurai")["won"]


def test_a_tie_between_the_shogun_team_and_the_ronin_goes_to_the_shogun_team() -> None:
    state = with_counters(manual(FIVE), honor=[4, 2, 1, 1, 3])
    state, _ = act(state, None, "deck_out")  # honor 3, 1, 0, 0, 2
    res = GAME.outcome(state)
    assert team_row(res, "Shogun and Samurai")["score"] == 4
    assert team_row(res, "Ronin")["score"] == 4
    assert res["winners"] == [0, 1]


def test_the_highest_team_total_wins_outright() -> None:
    state = with_counters(manual(SEVEN), honor=[5, 4, 4, 4, 4, 4, 1])
    state, _ = act(state, None, "deck_out")
    res = GAME.outcome(state)
    # Shogun team 4 + 3 + 3 = 10; Ninja 3 + 3 + 3 = 9; Ronin 0.
    assert res["winners"] == [0, 1, 2]
    assert res["headline"] == [
        "Winner: {team_t} ({n} point)",
        {"team_t": "Shogun and Samurai", "n": 10, "_plural": "Winner: {team_t} ({n} points)"},
    ]


def test_a_fatal_attack_costs_the_team_three_points() -> None:
    state = with_counters(manual(FIVE), honor=[5, 1, 2, 3, 2], health=[5, 1, 5, 5, 4])
    state, _ = act(state, None, "adjust", seat=1, counter="health", delta=-2)  # by the Shogun
    res = GAME.outcome(state)
    shogun_team = team_row(res, "Shogun and Samurai")
    assert shogun_team["score"] == 6 + 0 - 3
    assert "−3 fatal attack: Bob was defeated by teammate Ann" in text_of(shogun_team["lines"])
    # Without the −3 the Shogun team's 6 would beat the Ninja's 5.
    assert res["winners"] == [2, 3]


def test_a_defeat_by_an_opponent_that_ends_the_game_is_no_fatal_attack() -> None:
    state = with_counters(manual(FIVE), honor=[5, 1, 2, 3, 2], health=[5, 1, 5, 5, 4])
    state, _ = act(state, None, "adjust", seat=1, counter="health", delta=-2, by=2)
    res = GAME.outcome(state)
    assert team_row(res, "Shogun and Samurai")["score"] == 5
    assert state["over"]["fatal"] is None


def test_ninja_defeating_a_ninja_for_the_last_honor_is_a_fatal_attack() -> None:
    state = with_counters(manual(SIX), honor=[5, 4, 1, 4, 4, 4], health=[5, 5, 1, 5, 4, 4])
    state["turn"] = 3
    state, _ = act(state, None, "adjust", seat=2, counter="health", delta=-1)
    res = GAME.outcome(state)
    assert team_row(res, "Ninja")["score"] == 0 + 5 + 4 - 3


def test_the_swordmaster_wins_for_their_team_when_only_they_have_health() -> None:
    state = with_counters(manual(FIVE), health=[3, 0, 0, 0, 1])
    state, events = act(state, None, "adjust", seat=4, counter="health", delta=-1, by=0)
    res = GAME.outcome(state)
    assert res["winners"] == [0, 1]
    assert res["reason"] == ["Swordmaster: only {name} has health left", {"name": "Ann"}]
    assert all(r["score"] is None for r in res["rows"])
    assert events[-1] == {"type": "GameEnded", "reason": "swordmaster", "seat": 0}


def test_the_ronin_can_be_the_swordmaster() -> None:
    state = with_counters(manual(FIVE), health=[1, 0, 0, 0, 4])
    state, _ = act(state, None, "adjust", seat=0, counter="health", delta=-1, by=4)
    assert GAME.outcome(state)["winners"] == [4]


def test_there_is_no_swordmaster_in_the_three_player_game() -> None:
    state = with_counters(manual(["shogun", "ninja", "ninja"]), health=[2, 0, 1])
    state, events = act(state, None, "adjust", seat=2, counter="health", delta=-1)
    assert GAME.outcome(state) is None
    assert not any(e["type"] in ("GameEnded", "SwordmasterVoid") for e in events)


def test_no_swordmaster_when_the_last_defeat_was_by_a_teammate_and_play_goes_on() -> None:
    state = with_counters(manual(FIVE), health=[3, 1, 0, 0, 0])
    state, events = act(state, None, "adjust", seat=1, counter="health", delta=-1)
    assert GAME.outcome(state) is None
    assert events[-1] == {"type": "SwordmasterVoid", "seat": 0}
    # Later actions do not bring the Swordmaster back while Ann stays the only one standing.
    state, _ = act(state, 0, "adjust", seat=0, counter="hand", delta=1)
    state, _ = act(state, 0, "end_turn")
    assert GAME.outcome(state) is None and state["health"][1] == 5


def test_swordmaster_beats_a_last_honor_lost_in_the_same_defeat() -> None:
    state = with_counters(manual(FIVE), health=[3, 0, 0, 0, 1], honor=[5, 3, 3, 3, 1])
    state, _ = act(state, None, "adjust", seat=4, counter="health", delta=-1)
    res = GAME.outcome(state)
    assert state["over"]["reason"] == "swordmaster" and res["winners"] == [0, 1]


def test_both_at_once_by_a_teammate_is_scored_normally_with_the_fatal_attack() -> None:
    state = with_counters(manual(FIVE), health=[3, 1, 0, 0, 0], honor=[5, 1, 3, 3, 3])
    state, _ = act(state, None, "adjust", seat=1, counter="health", delta=-1)
    res = GAME.outcome(state)
    assert state["over"]["reason"] == "honor"
    assert team_row(res, "Shogun and Samurai")["score"] == 6 - 3
    # Ninja 3 + 3 = 6 and Ronin 3 × 2 = 6 tie: the Ninja win.
    assert team_row(res, "Ninja")["score"] == 6 and team_row(res, "Ronin")["score"] == 6
    assert res["winners"] == [2, 3]


# --------------------------------------------------------------------------------- end view


def test_at_the_end_every_role_stars_and_daimyo_are_revealed_and_each_phone_has_its_line() -> None:
    state = manual(FIVE)
    state, _ = act(state, 2, "set_daimyo", n=3)
    state = with_counters(state, honor=[5, 3, 3, 3, 1])
    state, _ = act(state, None, "deck_out")
    view = GAME.view(state, None)
    assert [p["role"] for p in view["players"]] == ["Shogun", "Samurai", "Ninja", "Ninja", "Ronin"]
    assert [p["stars"] for p in view["players"]] == [None, None, 1, 2, None]
    assert [p["daimyo"] for p in view["players"]] == [0, 0, 3, 0, 0]
    assert view["result"] == GAME.outcome(state)
    mine = GAME.view(state, 2)["me"]["result_row"]
    assert mine["seat"] == 2 and mine["score"] == 2 + 3


# --------------------------------------------------------------------------------- privacy


def _swap(state: dict, a: int, b: int) -> dict:
    out = copy.deepcopy(state)
    for key in ("roles", "stars", "daimyo"):
        out[key][a], out[key][b] = out[key][b], out[key][a]
    return out


def test_no_view_shows_another_seats_role_stars_or_daimyo() -> None:
    for seed in range(3):
        state = dealt(7, seed)
        state["daimyo"] = [seed % 4, 1, 2, 3, 0, 1, 2]
        state, _ = act(state, state["shogun"], "next_phase")
        hidden = [s for s in range(7) if s != state["shogun"]]
        for viewer in [None, *range(7)]:
            base = GAME.view(state, viewer)
            for a in hidden:
                for b in hidden:
                    if a < b and viewer not in (a, b):
                        assert GAME.view(_swap(state, a, b), viewer) == base


def test_the_public_view_names_no_hidden_role_while_the_game_runs() -> None:
    for seed in range(5):
        state = dealt(6, seed)
        dumped = json.dumps(GAME.view(state, None))
        for word in ("Samurai", "Ninja", "Ronin", '"stars"', '"daimyo"', '"samurai"', '"ninja"'):
            assert word not in dumped
        for seat in range(6):
            others = json.dumps(GAME.view(state, seat)["players"])
            assert "Ninja" not in others and "Ronin" not in others and "Samurai" not in others


def test_a_phone_sees_its_own_role_stars_team_and_daimyo() -> None:
    state = manual(SIX)
    state, _ = act(state, 3, "set_daimyo", n=2)
    me = GAME.view(state, 3)["me"]
    assert (me["role"], me["stars"], me["daimyo"], me["team"]) == ("Ninja", 2, 2, "Ninja")
    assert GAME.view(state, 1)["me"]["team"] == "Shogun and Samurai"
    assert "me" not in GAME.view(state, None)


def test_manual_entry_views_do_not_depend_on_what_other_seats_entered() -> None:
    state = fresh(5)
    state, _ = act(state, 0, "enter_role", role="shogun")
    state, _ = act(state, 1, "enter_role", role="ninja", stars=3)
    state, _ = act(state, 2, "enter_role", role="ronin")
    state, _ = act(state, 1, "enter_character", character="kojiro")
    state, _ = act(state, 2, "enter_character", character="benkei")
    swapped = _swap(state, 1, 2)
    swapped["characters"][1], swapped["characters"][2] = "benkei", "kojiro"
    for viewer in (None, 0, 3, 4):
        assert GAME.view(state, viewer) == GAME.view(swapped, viewer)


def test_refusal_messages_carry_no_secret() -> None:
    state = manual(FIVE)
    for actor, type_, params in [
        (2, "adjust", {"seat": 3, "counter": "health", "delta": -1}),
        (3, "next_phase", {}),
        (None, "set_daimyo", {"n": 1}),
    ]:
        with pytest.raises(RulesError) as err:
            act(state, actor, type_, **params)
        text = str(err.value) + json.dumps(err.value.params)
        for word in ("Ninja", "Ronin", "Samurai"):
            assert word not in text


# --------------------------------------------------------------------------------- plumbing


def test_state_survives_json_after_a_played_sequence() -> None:
    state = dealt(5, 9)
    shogun = state["shogun"]
    state, _ = act(state, shogun, "next_phase")
    state, _ = act(state, shogun, "next_phase")
    state, _ = act(state, None, "set_bushido", seat=(shogun + 2) % 5)
    state, _ = act(state, None, "adjust", seat=(shogun + 1) % 5, counter="health", delta=-10)
    state, _ = act(state, shogun, "end_turn")
    state, _ = act(state, None, "deck_out")
    assert json.loads(json.dumps(state)) == state
    view = GAME.view(state, 0)
    assert json.loads(json.dumps(view)) == view


def test_every_event_has_a_history_line_in_plain_words() -> None:
    samples = [
        {"type": "PlayStarted", "seat": 0},
        {"type": "RoleNoted", "seat": 0, "role_t": "Ninja", "stars": 2, "to": [0]},
        {"type": "RoleNoted", "seat": 0, "role_t": "Ronin", "stars": None, "to": [0]},
        {"type": "GameEnded", "reason": "honor", "seats": [0]},
        {"type": "BushidoChecked", "outcome": "weapon_discarded", "seat": 0, "left": 1},
    ]
    for event in samples:
        msgid, params = describe(event)
        assert msgid.format(**params)
        assert msgid != event["type"]


@pytest.mark.parametrize(
    ("logged", "now"),
    [
        ({"type": "PlayStarted", "seat": 0, "name": "Ann"}, {"type": "PlayStarted", "seat": 0}),
        (
            {"type": "Defeated", "seat": 2, "name": "Cid", "by": 0, "by_name": "Ann"},
            {"type": "Defeated", "seat": 2, "by": 0},
        ),
        (
            {"type": "Defeated", "seat": 2, "name": "Cid", "by": None},
            {"type": "Defeated", "seat": 2, "by": None},
        ),
        (
            {"type": "GameEnded", "reason": "honor", "names": "Bob, Cid"},
            {"type": "GameEnded", "reason": "honor", "seats": [1, 2]},
        ),
        (
            {"type": "GameEnded", "reason": "swordmaster", "name": "Ann"},
            {"type": "GameEnded", "reason": "swordmaster", "seat": 0},
        ),
        ({"type": "SwordmasterVoid", "name": "Ann"}, {"type": "SwordmasterVoid", "seat": 0}),
        (
            {"type": "BushidoChecked", "outcome": "passed", "seat": 0, "name": "Ann"}
            | {"left": 1, "left_name": "Bob"},
            {"type": "BushidoChecked", "outcome": "passed", "seat": 0, "left": 1},
        ),
        (
            {"type": "Adjusted", "seat": 3, "name": "Dee", "counter_t": "Armor"}
            | {"before": 0, "after": 2},
            {"type": "Adjusted", "seat": 3, "counter_t": "Armor", "before": 0, "after": 2},
        ),
        (
            {"type": "TurnStarted", "seat": 2, "name": "Cid", "round": 2},
            {"type": "TurnStarted", "seat": 2, "round": 2},
        ),
    ],
)
def test_an_event_logged_with_names_reads_as_the_same_event_with_seats(
    logged: dict, now: dict
) -> None:
    assert describe(logged) == describe(now)


def test_the_package_imports_nothing_but_the_standard_library_and_the_kit() -> None:
    import ast
    from pathlib import Path

    forbidden = {"flask", "sqlite3", "time", "datetime", "os", "random", "threading"}
    folder = Path(__file__).resolve().parents[2] / "companion" / "games" / "samurai_sword"
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""] if node.level == 0 else []
                # Its own package (.x), or the kit (..kit), and nothing else above it.
                assert node.level <= 1 or (node.level == 2 and node.module == "kit"), node.module
            else:
                continue
            for name in names:
                assert name.split(".")[0] not in forbidden, (path.name, name)


def test_every_msgid_has_a_traditional_chinese_translation() -> None:
    from pathlib import Path

    from babel.messages.extract import extract_from_file
    from babel.messages.pofile import read_po

    root = Path(__file__).resolve().parents[2]
    with (root / "companion/i18n/zh_TW/samurai-sword.po").open("rb") as handle:
        catalog = read_po(handle)
    assert str(catalog.locale) in ("zh_Hant_TW", "zh_TW")
    translated = {m.id: m.string for m in catalog if m.id}
    keywords = {"N_": None, "T": (1,)}
    for path in (root / "companion/games/samurai_sword").glob("*.py"):
        for _line, msgid, _c, _ctx in extract_from_file("python", str(path), keywords=keywords):
            assert translated.get(msgid), msgid
            for placeholder in ("{name}", "{n}", "{team_t}", "{role_t}", "{total}"):
                assert (placeholder in msgid) == (placeholder in translated[msgid]), msgid
    assert translated["Samurai Sword"] == "武士刀"
    assert translated["Ninja"] == "忍者" and translated["Bushido"] == "武士道"
