"""Rules tests for Samurai Sword (the package companion/games/samurai_sword/), pure rules only:
setup, the manual deal, and the plumbing (JSON, history lines, imports, translations).

Expected values are worked out by hand from the digest (../shared/rules/samurai-sword.md)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from companion.games.kit import SHELL_VIEW_KEYS, BadValue, NotAllowed, RulesError
from companion.games.samurai_sword import GAME
from tests.fixtures.rules import at_table
from tests.games.samurai_sword_setups import (
    FIVE,
    NAMES,
    PLAIN,
    act,
    dealt,
    describe,
    fresh,
    manual,
)

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
            state = at_table("samurai-sword", NAMES[:n], seed=n, deal=deal, ninja_stars=True).state
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
