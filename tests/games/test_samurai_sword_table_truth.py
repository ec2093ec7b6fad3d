"""Samurai Sword: attacks resolved by the app, Battle Cry and Jujutsu in one tap, and the board
corrected to what the physical table shows (from → to, by whom).

Expected values are worked out by hand from the digest (../shared/rules/samurai-sword.md).
"""

from __future__ import annotations

from babel.lists import format_list

from companion.games.kit.driver import Table
from tests.fixtures.rules import at_table

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve"]
FIVE = ["shogun", "samurai", "ninja", "ninja", "ronin"]
# Characters with no effect on wounds or difficulty (5, 5, 5, 4, 4 health).
PLAIN = ["ieyasu", "nobunaga", "goemon", "hideyoshi", "hanzo"]


def text(line: list) -> str:
    """A history line in English, nested parts filled in."""
    msgid, params = line
    if msgid == "{list}":  # a list: joined by English's rule, as the web layer joins it
        return format_list(
            [x if isinstance(x, str) else text(x) for x in params["items"]], locale="en"
        )
    if "_plural" in params:  # a count's line: English takes the plural unless it is 1
        msgid = msgid if params["n"] == 1 else params["_plural"]
        params = {k: v for k, v in params.items() if k != "_plural"}
    return msgid.format(**{k: text(v) if isinstance(v, list) else v for k, v in params.items()})


def table(chars: list[str] | None = None, roles: list[str] | None = None) -> Table:
    """Five players who entered their own cards (so the test chooses them), in the Shogun's
    (Ann's) Play phase."""
    t = at_table("samurai-sword", NAMES, deal="manual")
    for seat, (role, char) in enumerate(zip(roles or FIVE, chars or PLAIN, strict=True)):
        t.act(seat, "enter_role", role=role)
        t.act(seat, "enter_character", character=char)
    t.act(None, "next_phase")
    t.act(None, "next_phase")
    assert t.state["phase"] == "play" and t.state["turn"] == 0
    return t


def setc(t: Table, **values: list[int]) -> None:
    """The host enters counters as the table shows them."""
    for counter, per_seat in values.items():
        for seat, value in enumerate(per_seat):
            if value is not None and t.state[counter][seat] != value:
                t.act(None, "set_counter", seat=seat, counter=counter, value=value)


# --------------------------------------------------------------------------------- attacks


def test_an_attack_adds_fast_draw_and_takes_one_off_for_ginchiyo_as_the_line_shows() -> None:
    t = table(chars=["ieyasu", "ginchiyo", "goemon", "hideyoshi", "hanzo"])
    setc(t, fast_draw=[1, 0, 0, 0, 0])
    t.act(0, "attack", target=1, weapon="nodachi")
    assert t.state["health"][1] == 4 - 3
    assert text(t.lines(None)[-1]) == (
        "Ann hits Bob with Nodachi: 3 damage + 1 Fast Draw − 1 Ginchiyo = 3 wounds"
    )


def test_musashi_adds_one_wound_to_each_weapon_attack() -> None:
    t = table(chars=["musashi", "nobunaga", "goemon", "hideyoshi", "hanzo"])
    t.act(0, "attack", target=1, weapon="kiseru")
    assert t.state["health"][1] == 5 - 3
    assert text(t.lines(None)[-1]) == "Ann hits Bob with Kiseru: 2 damage + 1 Musashi = 3 wounds"


def test_ginchiyo_takes_at_least_one_wound() -> None:
    t = table(chars=["ieyasu", "ginchiyo", "goemon", "hideyoshi", "hanzo"])
    t.act(0, "attack", target=1, weapon="bokken")
    assert t.state["health"][1] == 3
    assert text(t.lines(None)[-1]).endswith("1 damage − 0 Ginchiyo (at least 1) = 1 wound")


def test_the_host_taps_an_attack_in_for_the_current_player_and_the_line_says_so() -> None:
    t = table()
    t.act(None, "attack", target=4, damage=2)
    assert t.state["health"][4] == 2
    assert (
        text(t.lines(None)[-1]) == "Table screen: Ann hits Eve with a Weapon: 2 damage = 2 wounds"
    )


def test_the_weapon_leaves_the_attackers_hand_and_a_parry_the_targets() -> None:
    t = table()
    hands = list(t.state["hand"])
    t.act(0, "attack", target=1, weapon="bo", parried=True)
    assert t.state["health"][1] == 5
    assert t.state["hand"][0] == hands[0] - 1 and t.state["hand"][1] == hands[1] - 1
    assert text(t.lines(None)[-1]) == "Bob parries Ann's Bo"


def test_a_weapon_that_cannot_reach_the_difficulty_is_refused_unless_kojiro_holds_it() -> None:
    t = table()
    setc(t, armor=[0, 0, 1, 0, 0])  # Cid: 2 seats apart + 1 Armor = Difficulty 3
    err = t.refused(0, "attack", target=2, weapon="bo")
    assert err.code == "out_of_reach"
    assert str(err) == "Bo reaches Difficulty 2; this target needs 3."
    t.act(0, "attack", target=2, weapon="shuriken")
    kojiro = table(chars=["kojiro", "nobunaga", "goemon", "hideyoshi", "hanzo"])
    kojiro.act(0, "attack", target=2, weapon="bokken")
    assert kojiro.state["health"][2] == 4


def test_a_harmless_player_and_the_attacker_themself_cannot_be_attacked() -> None:
    t = table()
    setc(t, hand=[None, 0, None, None, None])
    assert t.refused(0, "attack", target=1, weapon="bo").code == "target_harmless"
    assert t.refused(0, "attack", target=0, weapon="bo").code == "attack_self"
    assert t.refused(0, "attack", target=4).code == "weapon_or_damage"
    assert t.refused(0, "attack", target=4, weapon="bo", damage=1).code == "weapon_or_damage"


def test_only_the_current_player_attacks_and_only_in_the_play_phase() -> None:
    t = table()
    assert t.refused(1, "attack", target=2, weapon="bo").code == "not_now"
    assert t.refused(None, "attack", target=2, weapon="bo", attacker=1).code == (
        "attacker_not_on_turn"
    )
    t.act(None, "attack", target=1, weapon="bo", attacker=0)
    t.act(None, "next_phase")
    assert t.refused(0, "attack", target=1, weapon="bo").code == "not_now"


def test_an_attack_that_takes_the_last_health_is_a_defeat_and_the_attacker_gets_one_honor() -> None:
    t = table()
    setc(t, health=[None, 2, None, None, None])
    events = t.act(0, "attack", target=1, weapon="katana")
    assert t.state["health"][1] == 0
    assert t.state["honor"][0] == 6 and t.state["honor"][1] == 2
    assert [e["type"] for e in events] == ["Attacked", "Defeated"]
    assert events[1]["by"] == 0
    assert [text(x) for x in t.lines(None)[-2:]] == [
        "Ann hits Bob with Katana: 3 damage = 3 wounds, 2 taken",
        "Bob is defeated by Ann and gives them 1 honor",
    ]


def test_tomoe_draws_one_and_ushiwaka_one_per_wound_taken() -> None:
    t = table(chars=["tomoe", "ushiwaka", "goemon", "hideyoshi", "hanzo"])
    hands = list(t.state["hand"])
    t.act(0, "attack", target=1, weapon="kiseru")
    assert t.state["hand"][0] == hands[0] - 1 + 1
    assert t.state["hand"][1] == hands[1] + 2
    assert [text(x) for x in t.lines(None)[-2:]] == [
        "Ann draws 1 card (Tomoe)",
        "Bob draws 2 cards (Ushiwaka)",
    ]


def test_an_attack_defeating_the_last_player_with_health_is_a_swordmaster_victory() -> None:
    t = table()
    setc(t, health=[None, 0, 0, 0, 1])
    t.act(0, "attack", target=4, weapon="bo")
    assert t.outcome is not None and t.state["over"]["reason"] == "swordmaster"
    assert t.state["over"]["seat"] == 0


# ------------------------------------------------------------------------ Battle Cry, Jujutsu


def test_battle_cry_wounds_every_other_player_who_does_not_discard_a_parry() -> None:
    t = table()
    hands = list(t.state["hand"])
    t.act(0, "battle_cry", discarded=[2])
    assert t.state["health"] == [5, 4, 5, 3, 3]
    assert t.state["hand"][2] == hands[2] - 1 and t.state["hand"][0] == hands[0] - 1
    assert text(t.lines(None)[-1]) == (
        "Ann plays Battle Cry: Bob, Dee, and Eve take 1 wound; Cid discard a Parry"
    )


def test_jujutsu_with_nobody_discarding_wounds_everyone_else() -> None:
    t = table()
    t.act(None, "jujutsu")
    assert t.state["health"] == [5, 4, 4, 3, 3]
    assert text(t.lines(None)[-1]) == (
        "Table screen: Ann plays Jujutsu: Bob, Cid, Dee, and Eve take 1 wound"
    )


def test_chiyome_and_harmless_players_ignore_battle_cry_and_jujutsu() -> None:
    t = table(chars=["ieyasu", "chiyome", "goemon", "hideyoshi", "hanzo"])
    setc(t, health=[None, None, 0, None, None], hand=[None, None, None, 0, None])
    err = t.refused(0, "jujutsu", discarded=[1])
    assert err.code == "not_affected" and str(err) == "Bob is not affected by this card."
    t.act(0, "jujutsu")
    assert t.state["health"] == [5, 4, 0, 4, 3]


def test_each_defeat_by_a_group_attack_gives_the_card_player_one_honor() -> None:
    t = table()
    setc(t, health=[None, 1, 1, None, None])
    events = t.act(0, "battle_cry")
    assert [e["seat"] for e in events if e["type"] == "Defeated"] == [1, 2]
    assert t.state["honor"][:3] == [7, 2, 2]


def test_a_group_attack_that_defeats_a_teammate_for_the_last_honor_is_a_fatal_attack() -> None:
    t = table()
    setc(t, health=[None, 1, None, None, None], honor=[None, 1, None, None, None])
    t.act(0, "battle_cry")
    assert t.state["over"]["fatal"] == {"team": "shogun", "seat": 1, "by": 0}


# ------------------------------------------------------------------------------ corrections


def test_the_host_sets_a_counter_and_the_line_says_from_to_and_by_whom() -> None:
    t = table()
    events = t.act(None, "set_counter", seat=0, counter="honor", value=3)
    assert events[0]["type"] == "Corrected"
    assert (events[0]["before"], events[0]["after"], events[0]["by"]) == (5, 3, None)
    assert text(t.lines(None)[-1]) == "Table screen: Ann's Honor Points 5 → 3"


def test_a_set_counter_stays_within_the_rules_bounds_and_must_change_something() -> None:
    t = table()
    err = t.refused(None, "set_counter", seat=4, counter="health", value=5)
    assert err.code == "out_of_bounds" and str(err) == "Resilience must be between 0 and 4."
    assert t.refused(None, "set_counter", seat=4, counter="armor", value=7).code == "out_of_bounds"
    assert t.refused(None, "set_counter", seat=4, counter="health", value=4).code == "no_change"


def test_only_the_host_sets_counters_a_phone_adjusts_its_own() -> None:
    t = table()
    assert t.refused(1, "set_counter", seat=1, counter="hand", value=2).code == "not_now"
    assert "set_counter" in t.allowed(None) and "set_counter" not in t.allowed(1)


def test_honor_set_to_zero_ends_the_game_and_health_set_to_zero_is_no_defeat() -> None:
    t = table()
    events = t.act(None, "set_counter", seat=1, counter="health", value=0)
    assert [e["type"] for e in events] == ["Corrected"]
    assert t.state["honor"][1] == 3 and t.view(None)["players"][1]["harmless"]
    events = t.act(None, "set_counter", seat=2, counter="honor", value=0)
    assert events[-1] == {"type": "GameEnded", "reason": "honor", "seats": [2]}
    assert t.outcome is not None


def test_corrected_properties_feed_the_next_attack_and_the_difficulty() -> None:
    t = table()
    setc(t, fast_draw=[2, 0, 0, 0, 0], armor=[0, 1, 0, 0, 0])
    assert t.view(None)["difficulty"][0][1]["difficulty"] == 2
    t.act(0, "attack", target=1, weapon="bo")
    assert t.state["health"][1] == 5 - 3


def test_the_host_sets_the_turn_phase_and_round_and_no_trigger_fires() -> None:
    t = table()
    hand = t.state["hand"][3]
    events = t.act(None, "set_turn", seat=3, phase="draw", round=4)
    assert (t.state["turn"], t.state["phase"], t.state["round"]) == (3, "draw", 4)
    assert t.state["hand"][3] == hand
    assert events[0]["type"] == "TurnCorrected"
    assert text(t.lines(None)[-1]) == (
        "Table screen: turn Ann, Play phase, round 1 → Dee, Draw phase, round 4"
    )
    assert t.refused(None, "set_turn", seat=3).code == "no_change"
    assert t.refused(3, "set_turn", seat=0).code == "not_now"


def test_the_host_sets_a_character_and_health_comes_down_to_its_resilience() -> None:
    t = table()
    events = t.act(None, "set_character", seat=0, character="ginchiyo")
    assert t.state["characters"][0] == "ginchiyo" and t.state["health"][0] == 4
    assert [text(line) for line in t.lines(None)[-2:]] == [
        "Table screen: Ann's character Ieyasu → Ginchiyo",
        "Table screen: Ann's Resilience 5 → 4",
    ]
    assert len(events) == 2
    assert t.refused(None, "set_character", seat=0, character="hanzo").code == "character_taken"
    assert t.refused(None, "set_character", seat=0, character="ginchiyo").code == "no_change"
    t.act(None, "set_character", seat=1, character="musashi")
    t.act(None, "set_turn", seat=1, phase="play")
    t.act(1, "attack", target=0, weapon="bo")  # 1 + 1 Musashi − 1 Ginchiyo
    assert t.state["health"][0] == 3


# ------------------------------------------------------------------- a whole mid-game position


def test_a_mid_game_position_entered_by_hand_plays_on_to_the_end_scoring() -> None:
    """Five players enter their cards; the host enters the board as the table shows it.

    Roles: Ann Shogun, Bob Samurai, Cid Ninja (Musashi, 1 Fast Draw), Dee Ninja (Ginchiyo),
    Eve Ronin. Entered: health 2/1/3/4/5, honor 4/1/1/3/3, hand 3/2/4/2/1, Eve 1 Armor,
    Bushido in front of Eve, Cid's Play phase in round 3; Ann holds 1 Daimyo, Eve 1.

    1. Cid hits Ann with Nodachi (Difficulty 2 ≤ reach 3): 3 + 1 Fast Draw + 1 Musashi = 5
       wounds, 2 taken; Ann is defeated: honor Ann 4 → 3, Cid 1 → 2.
    2. Cid plays Battle Cry; Ann is Harmless (0 health) and not affected; Dee discards a
       Parry; Bob and Eve take 1 wound. Bob (1 health) is defeated: Bob 1 → 0, Cid 2 → 3.
       Bob at 0 honor ends the game (a Ninja defeated a Samurai: no Fatal Attack).

    Scoring (5 players: Shogun ×1, Samurai ×1, Ninja ×1, Ronin ×2):
    Ann 3 × 1 + 1 Daimyo = 4; Bob 0 × 1 = 0; Shogun and Samurai: 4.
    Cid 3 × 1 = 3; Dee 3 × 1 = 3; Ninja: 6.
    Eve 3 × 2 = 6, her Daimyo worth 0 to the Ronin; Ronin: 6.
    Ninja and Ronin tie on 6: the Ninja win on the tie rule.
    """
    t = at_table("samurai-sword", NAMES, deal="manual")
    chars = ["ieyasu", "nobunaga", "musashi", "ginchiyo", "kojiro"]
    for seat, (role, char) in enumerate(zip(FIVE, chars, strict=True)):
        t.act(seat, "enter_role", role=role)
        t.act(seat, "enter_character", character=char)
    setc(
        t,
        health=[2, 1, 3, 4, None],
        honor=[4, 1, 1, 3, 3],
        hand=[3, 2, 4, 2, 1],
        fast_draw=[0, 0, 1, 0, 0],
        armor=[0, 0, 0, 0, 1],
    )
    t.act(None, "set_bushido", seat=4)
    t.act(None, "set_turn", seat=2, phase="play", round=3)
    t.act(0, "set_daimyo", n=1)
    t.act(4, "set_daimyo", n=1)

    t.act(2, "attack", target=0, weapon="nodachi")
    assert t.state["honor"] == [3, 1, 2, 3, 3]
    assert t.outcome is None
    t.act(2, "battle_cry", discarded=[3])
    assert t.state["health"] == [0, 0, 3, 4, 4]
    assert t.state["honor"] == [3, 0, 3, 3, 3]

    res = t.outcome
    assert res is not None
    scores = {r["seat"]: r["score"] for r in res["rows"] if r["seat"] is not None}
    assert scores == {0: 4, 1: 0, 2: 3, 3: 3, 4: 6}
    teams = sorted(r["score"] for r in res["rows"] if r["seat"] is None)
    assert teams == [4, 6, 6]
    assert res["winners"] == [2, 3]
    assert [text(x) for x in t.lines(None)[-5:]] == [
        "Cid hits Ann with Nodachi: 3 damage + 1 Fast Draw + 1 Musashi = 5 wounds, 2 taken",
        "Ann is defeated by Cid and gives them 1 honor",
        "Cid plays Battle Cry: Bob and Eve take 1 wound; Dee discard a Parry",
        "Bob is defeated by Cid and gives them 1 honor",
        "Game over: Bob reached 0 honor",
    ]


def test_the_attack_forms_offer_only_the_players_the_rules_let_the_player_on_turn_hit():
    """A Harmless player (no cards in hand) cannot be attacked, and the group cards pass over
    Chiyome: the view's lists say so, so the screens offer nobody the rules would refuse."""
    chars = list(PLAIN)
    chars[3] = "chiyome"
    t = table(chars=chars)
    setc(t, hand=[None, None, 0, None, None])
    view = t.view(None)
    assert [x["seat"] for x in view["attack_targets"]] == [1, 3, 4]
    assert [x["seat"] for x in view["group_targets"]] == [1, 4]
    assert t.refused(None, "attack", target=2, damage=1).code == "target_harmless"
