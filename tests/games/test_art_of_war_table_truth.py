"""The Art of War: the physical table is the truth. The table enters the event card it drew,
corrects the Great Peace count, places buildings, gives its phone a blueprint, corrects workers
and (on the phone alone) money; the running score and the clearly named soldier counts."""

from __future__ import annotations

from typing import Any

from companion.games.art_of_war import GAME
from companion.games.kit.driver import Table
from tests.fixtures.art_of_war import tap_on
from tests.fixtures.rules import at_table

PLAYERS = ["Ann", "Bo"]


def new_table(**options: Any) -> Table:
    """Ann starts; Ann takes 4 soldiers and 3 food, Bo 3 and 3 (the rest is money)."""
    t = at_table("art-of-war", PLAYERS, **options)
    t.act(None, "set_start_player", seat=0)
    for seat, soldiers in enumerate((4, 3)):
        t.act(seat, "choose_setup", advisor=0, general=0, soldiers=soldiers, food=3)
        t.act(seat, "lock")
    return t


def en(text: Any) -> str:
    """A Text in English: its ``_t`` params are msgids or Texts themselves."""
    if isinstance(text, str):
        return text
    msgid, params = text
    return msgid.format(**{k: en(v) if k.endswith("_t") else v for k, v in params.items()})


def texts(t: Table, viewer: int | None) -> list[str]:
    return [en(line) for line in t.lines(viewer)]


def play_on(t: Table, until, stances=("peace", "peace")) -> None:
    """Tap through the rounds (everyone at home, no bids, food tribute) until ``until(t)``."""
    tap_on(t.act, t.view, lambda _: until(t), stances, limit=300)


# --------------------------------------------------------------------------- 1. the event card


def test_the_table_enters_the_event_it_drew_and_the_deck_never_deals_it_twice():
    t = new_table()
    assert "enter_event" in t.allowed(None) and "next" in t.allowed(None)
    deck_before = sorted(t.state["event"]["deck"])
    t.act(None, "enter_event", event="famine")
    event = t.state["event"]
    assert event["current"] == "famine" and event["used"] == ["famine"]
    assert sorted(event["deck"] + event["used"]) == deck_before
    assert "famine" not in event["deck"]
    assert "Table screen: the table drew the event Famine" in texts(t, None)
    assert t.view(None)["event"]["name_t"] == "Famine"


def test_an_entered_event_that_already_came_out_is_refused_with_its_reason():
    t = new_table()
    t.act(None, "enter_event", event="ships")
    play_on(t, lambda t: t.state["phase"] == 0 and t.state["round"] == 2)
    err = t.refused(None, "enter_event", event="ships")
    assert err.code == "already_drawn" and str(err) == "That card has already come out."


def test_the_event_card_is_entered_only_as_the_event_phase_begins():
    t = new_table()
    t.act(None, "next")  # the app draws
    err = t.refused(None, "enter_event", event="famine")
    assert err.code == "not_now" and "Preparation" in str(err)  # the phase it is for
    assert "enter_event" not in t.allowed(None)


def test_a_corrected_great_peace_count_feeds_the_third_great_peace_trigger():
    t = new_table()
    t.act(None, "set_great_peace", n=2)
    assert texts(t, None)[-1] == "Table screen: Great Peace count 0 → 2"
    assert t.view(None)["event"]["great_peace"] == 2 and not t.view(None)["event"]["last_round"]
    t.act(None, "enter_event", event="great_peace")
    assert t.state["event"]["great_peace"] == 3 and t.state["last_round"]


def test_the_great_peace_count_is_bounded_and_setting_it_to_three_makes_this_the_last_round():
    t = new_table()
    err = t.refused(None, "set_great_peace", n=5)
    assert err.code in ("out_of_bounds", "bad_value", "out_of_range")
    t.act(None, "set_great_peace", n=3)
    assert t.view(None)["event"]["last_round"]
    t.act(None, "set_great_peace", n=1)
    assert not t.view(None)["event"]["last_round"]


# --------------------------------------------------------------------------- 2. buildings


def windmill_under_way(t: Table) -> None:
    """The table screen places Ann's Windmill under way: 1 of its 2 payments made, 2 workers."""
    t.act(
        None,
        "add_building",
        building="windmill",
        city="castle-0",
        done=False,
        progress=1,
        workers=2,
    )


def test_the_table_screen_places_a_building_under_way_and_it_completes_when_paid():
    t = new_table()
    windmill_under_way(t)
    assert texts(t, None)[-1] == (
        "Table screen: the Windmill placed in Ann's main castle (under way, 1/2 paid, 2 workers)"
    )
    row = next(b for b in t.view(None)["buildings"] if b["key"] == "windmill")
    assert row["owner"] == 0 and not row["done"] and row["next_cost"] == 2
    # The blueprint deck is left alone: what it holds depends on the players' hidden hands.
    assert t.view(None)["blueprints_left"] == len(t.state["blueprint_deck"])
    play_on(t, lambda t: t.state["step"] == "payments")
    row = next(b for b in t.view(None)["buildings"] if b["key"] == "windmill")
    assert row["done"]
    assert t.view(None)["players"][0]["score"] == 2  # the Windmill's 2 points


def test_a_building_already_on_the_map_cannot_be_placed_again():
    t = new_table()
    t.act(None, "add_building", building="temple", city="castle-1")
    err = t.refused(None, "add_building", building="temple", city="castle-0")
    assert err.code == "already_on_map"
    err = t.refused(None, "add_building", building="bank", city="castle-0", done=False, progress=3)
    assert err.code == "bad_progress"


def test_a_blueprint_for_a_building_already_placed_cannot_be_started():
    t = new_table()
    t.act(0, "add_blueprint", building="temple")
    t.act(None, "add_building", building="temple", city="castle-1")
    play_on(t, lambda t: t.state["step"] == "build")
    assert t.refused(0, "start_building", building="temple").code == "already_on_map"


def test_an_added_blueprint_always_takes_one_card_off_the_deck_count():
    t = new_table()
    left = t.view(None)["blueprints_left"]
    t.act(0, "add_blueprint", building="market")
    t.act(1, "add_blueprint", building="market")  # the app thought Ann held it: one card less
    assert t.view(None)["blueprints_left"] == left - 2


def test_a_phone_adds_a_blueprint_it_holds_and_only_it_sees_which():
    t = new_table()
    t.act(1, "add_blueprint", building="courtyard")
    assert [b["key"] for b in t.view(1)["me"]["blueprints"]] == ["courtyard"]
    assert "courtyard" not in t.state["blueprint_deck"]
    assert "Bo adds the blueprint Courtyard from the table" in texts(t, 1)
    assert not any("Courtyard" in line for line in texts(t, 0) + texts(t, None))
    assert t.refused(1, "add_blueprint", building="courtyard").code == "already_held"
    assert t.refused(1, "add_blueprint", building="great_wall").code == "not_a_blueprint"
    # Ann may add it too: what Bo holds is his secret, so it never refuses her.
    t.act(0, "add_blueprint", building="courtyard")


def test_workers_are_corrected_outside_construction_and_feed_production():
    t = new_table()
    t.act(None, "set_workers", seat=0, facility="farm", n=2)
    assert texts(t, None)[-1] == "Table screen: Ann's workers on the farm 0 → 2"
    assert t.view(None)["players"][0]["workers"]["farm"] == 2
    food = t.state["p"][0]["food"]
    t.act(None, "enter_event", event="ships")  # no event that changes food production
    play_on(t, lambda t: t.state["phase"] >= 3)
    # Peace: the farm makes 3 + 2 workers = 5 food.
    assert t.state["p"][0]["food"] == food + 5


# --------------------------------------------------------------------------- 3. money is private


def test_the_host_may_not_correct_private_money_and_is_told_who_may():
    t = new_table()
    err = t.refused(None, "adjust_money", seat=0, delta=2)
    assert err.code == "money_private"
    assert str(err) == "Money is private: Ann corrects it on their own phone."


def test_a_phone_sets_its_own_money_from_to_by_whom_and_only_it_reads_the_line():
    t = new_table()
    before = t.state["p"][0]["money"]
    t.act(0, "set_money", n=12)
    assert t.view(0)["me"]["money"] == 12
    assert texts(t, 0)[-1] == f"Ann: Ann's money {before} → 12"
    assert not any("money" in line for line in texts(t, 1) + texts(t, None))
    assert "money" not in t.view(None)["players"][0]


def test_with_public_money_the_host_still_corrects_anyones_money():
    t = new_table(money_public=True)
    before = t.state["p"][1]["money"]
    t.act(None, "adjust_money", seat=1, delta=2)
    assert t.view(None)["players"][1]["money"] == before + 2


# --------------------------------------------------------------------------- 4. and 5. the view


def test_the_running_score_counts_completed_buildings_and_hides_private_epic_parts():
    t = new_table()
    t.act(None, "add_building", building="courtyard", city="castle-0")
    t.act(None, "add_building", building="old_summer_palace", city="castle-0")
    t.act(0, "set_money", n=9)
    row = t.view(None)["players"][0]
    assert row["score"] == 6 + 8 and row["score_hidden"] == ["money / 4"]
    assert t.view(0)["me"]["score"] == 6 + 8 + 2  # Ann's phone counts her $9 / 4
    assert t.view(1)["players"][0]["score"] == 14


def test_the_view_names_soldiers_in_hand_and_in_total_and_deploy_takes_a_list_or_a_string():
    t = new_table()
    t.act(None, "set_soldiers", seat=0, location="castle-0", n=2)
    row = t.view(None)["players"][0]
    assert (row["soldiers_in_hand"], row["soldiers_on_map"], row["soldiers_total"]) == (4, 2, 6)
    assert row["soldiers"] == row["soldiers_total"] and row["in_hand"] == row["soldiers_in_hand"]
    play_on(t, lambda t: bool(t.state["sealed"]) and t.state["sealed"]["name"] == "deploy")
    plan = t.view(0)["me"]["deploy"]
    assert plan["all_home"] == ",".join(str(n) for n in plan["all_home_counts"])
    t.act(0, "deploy", counts=plan["all_home_counts"])
    t.act(1, "deploy", counts=t.view(1)["me"]["deploy"]["all_home"])


# --------------------------------------------------------------------------- a whole position


def test_a_mid_game_position_entered_from_scratch_plays_on_to_the_final_scoring():
    """The real table is in its last round: Great Peace has come twice, and the table turns
    it up a third time. Entered by hand:

    - Ann holds a completed Temple (1 point) and a Windmill under way (1 of 2 amounts paid, 2
      workers); she has $10 (her phone), 2 workers on her farm;
    - Bo holds a completed Courtyard (6) and a completed Pavilion (4), and a Bank blueprint.

    The third Great Peace makes this the last round. Ann's Windmill foreman is paid ($2) and
    completes it (2 points). Final scores by hand: Ann 1 + 2 = 3; Bo 6 + 4 = 10 (the Bank
    blueprint was never built, so it scores 0). Bo wins.
    """
    t = new_table()
    t.act(None, "set_great_peace", n=2)
    t.act(None, "add_building", building="temple", city="castle-0")
    windmill_under_way(t)
    t.act(None, "add_building", building="courtyard", city="castle-1")
    t.act(None, "add_building", building="pavilion", city="castle-1")
    t.act(None, "set_workers", seat=0, facility="farm", n=2)
    t.act(0, "set_money", n=10)
    t.act(1, "add_blueprint", building="bank")
    t.act(None, "correct", seat=1, what="food", delta=2)
    t.act(None, "enter_event", event="great_peace")
    assert t.view(None)["event"]["last_round"]
    assert [p["score"] for p in t.view(None)["players"]] == [1, 10]
    play_on(t, lambda t: t.state["over"])
    outcome = t.outcome
    scores = {row["seat"]: row["score"] for row in outcome["rows"]}
    assert scores == {0: 3, 1: 10}
    assert outcome["winners"] == [1]


def test_the_older_map_corrections_say_what_changed_from_and_to():
    """Soldiers at a place, bandits in a camp and a city's owner: each correction line says
    what it was and what it is now, so the history settles a dispute."""
    t = new_table()
    names = ["Ann", "Bo"]
    loc = "camp-0"
    before = t.state["camps"][0]["bandits"]
    events = t.act(None, "set_bandits", camp=loc, n=before + 2)
    line = GAME.describe(events[0], names)
    assert line[0] == "Correction: bandits in camp {camp} {before} → {after}"
    assert line[1] == {"camp": 1, "before": before, "after": before + 2}
    events = t.act(None, "set_soldiers", seat=1, location="centre", n=4)
    line = GAME.describe(events[0], names)
    assert line[0] == "Correction: {name}'s soldiers at {place_t} {before} → {after}"
    assert (line[1]["name"], line[1]["before"], line[1]["after"]) == ("Bo", 0, 4)
