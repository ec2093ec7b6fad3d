"""The Art of War through the Flask test client, where the physical table is the truth: the
table screen and the phones enter what the table drew (events, start player, dealt cards,
epics, blueprints, a card taken from a hand) and correct counts; the option labels read as
plain words. The shared table driver lives in ``test_art_of_war_web``.
"""

from __future__ import annotations

from html import unescape

import pytest

from companion.games import art_of_war as aow

from .test_art_of_war_web import Table, at, fix_seed, private_part, text_of


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    fix_seed(monkeypatch)


# --------------------------------------------------------------------------- the table is the truth
# The JSON bodies below are the examples quoted in docs/games/art-of-war.md.


def test_the_table_screen_enters_the_event_card_the_table_drew(app, client):
    table = Table(app, client)
    table.setup()
    assert "We drew this" in table.table_page()
    table.ok(None, type="enter_event", event="famine")
    event = table.view()["event"]
    assert event["name_t"] == "Famine" and "famine" in event["used"]
    assert "Table screen: the table drew the event Famine" in text_of(table.table_page())
    reply = table.post(None, type="enter_event", event="famine")
    assert reply.status_code == 403
    assert "Preparation" in reply.json["error"]["message"]


def test_the_great_peace_count_is_corrected_from_the_table_screen(app, client):
    table = Table(app, client)
    table.setup()
    table.ok(None, type="set_great_peace", n=2)
    assert table.view()["event"]["great_peace"] == 2
    assert "Table screen: Great Peace count 0 → 2" in text_of(table.table_page())
    reply = table.post(None, type="set_great_peace", n=4)
    assert reply.status_code == 400


def test_buildings_are_placed_and_workers_corrected_from_the_table_screen(app, client):
    table = Table(app, client)
    table.setup()
    body = {
        "type": "add_building",
        "building": "windmill",
        "city": "castle-0",
        "done": False,
        "progress": 1,
        "workers": 2,
    }
    table.ok(None, **body)
    row = next(b for b in table.view()["buildings"] if b["key"] == "windmill")
    assert (row["owner"], row["done"], row["progress"], row["workers"]) == (0, False, 1, 2)
    table.ok(None, type="add_building", building="courtyard", city="castle-1")
    assert table.view()["players"][1]["score"] == 6
    table.ok(None, type="set_workers", seat=1, facility="farm", n=2)
    assert table.view()["players"][1]["workers"]["farm"] == 2
    page = unescape(text_of(table.table_page()))
    assert "Table screen: Bo's workers on the farm 0 → 2" in page
    assert "Windmill placed in Ann's main castle (under way, 1/2 paid, 2 workers)" in page
    reply = table.post(None, type="add_building", building="courtyard", city="castle-0")
    assert reply.status_code == 422 and reply.json["error"]["code"] == "already_on_map"


def test_a_phone_adds_its_blueprint_and_sets_its_money_and_the_host_is_told_money_is_private(
    app, client
):
    table = Table(app, client)
    table.setup()
    table.ok(1, type="add_blueprint", building="courtyard")
    assert [b["key"] for b in table.view(1)["me"]["blueprints"]] == ["courtyard"]
    assert "Courtyard from the table" in text_of(table.phone_page(1))
    assert "Courtyard from the table" not in text_of(table.phone_page(0) + table.table_page())
    table.ok(0, type="set_money", n=12)
    assert table.view(0)["me"]["money"] == 12
    assert "Ann: Ann's money 2 → 12" in unescape(text_of(table.phone_page(0)))
    assert "Ann's money" not in unescape(text_of(table.phone_page(1) + table.table_page()))
    reply = table.post(None, type="adjust_money", seat=0, delta=1)
    assert reply.status_code == 403
    assert reply.json["error"] == {
        "code": "money_private",
        "message": "Money is private: Ann corrects it on their own phone.",
    }
    assert "Money is private: each player corrects their own on their phone." in (
        text_of(table.table_page())
    )


def test_the_view_names_what_soldiers_hold_and_deploy_takes_a_list(app, client):
    table = Table(app, client)
    table.setup()
    row = table.view()["players"][0]
    assert row["soldiers_in_hand"] == row["in_hand"] and row["soldiers_total"] == row["soldiers"]
    assert "Points so far" in text_of(table.table_page())
    table.drive(lambda v: bool(v["sealed"]) and v["sealed"]["name"] == "deploy")
    plan = table.view(0)["me"]["deploy"]
    assert plan["all_home_counts"] == [8, 0, 0, 0, 0, 0, 0, 0, 0, 0]
    assert plan["all_home"] == "8,0,0,0,0,0,0,0,0,0"
    table.ok(0, type="deploy", counts=[8, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    table.ok(1, type="deploy", counts=table.view(1)["me"]["deploy"]["all_home"])


# --------------------------------------------------------------------------- entering the draws


def test_the_start_player_and_the_dealt_cards_are_entered_as_the_table_drew_them(app, client):
    table = Table(app, client)
    assert "Cards dealt at the table? Enter them" in text_of(table.phone_page(0))
    table.ok(None, type="set_start_player", seat=1)
    assert table.view()["start"] == 1
    body = {
        "type": "enter_offer",
        "advisor_a": "ye",
        "advisor_b": "tian",
        "general_a": "mao",
        "general_b": "ling",
    }
    table.ok(0, **body)
    offer = table.view(0)["me"]["offer"]
    assert [a["key"] for a in offer["advisors"]] == ["ye", "tian"] and offer["entered"]
    dealt = [k for o in table.state()["offers"] for k in o["advisors"] + o["generals"]]
    assert len(dealt) == len(set(dealt))
    names = [aow.ADVISORS["ye"]["name"], aow.GENERALS["mao"]["name"]]
    assert all(f">{n}<" in private_part(table.phone_page(0)) for n in names)
    assert "Ann enters the Advisors and Generals the table dealt them" in text_of(
        table.table_page()
    )
    reply = table.post(1, type="enter_offer", advisor_a="ye", general_a="mao", general_b="ling")
    assert reply.status_code == 422 and reply.json["error"]["code"] == "wrong_count"


def test_a_phone_buys_the_blueprint_it_drew_from_the_table(app, client):
    table = Table(app, client)
    table.setup()
    table.drive(at(4, "purchase"))
    assert "Or the blueprint I drew from the table" in text_of(table.phone_page(0))
    left = table.view()["blueprints_left"]
    table.ok(0, type="buy_blueprint", building="market")
    assert "market" in [b["key"] for b in table.view(0)["me"]["blueprints"]]
    assert table.view()["blueprints_left"] == left - 1
    assert "market" not in table.state()["blueprint_deck"]


def test_the_table_screen_enters_the_epic_turned_up_and_a_random_tie_break(app, client):
    table = Table(app, client, auction_from=1)
    table.setup(splits=((3, 3), (3, 3), (3, 3)))
    table.drive(at(4, "auction"))
    assert "We turned up this" in text_of(table.table_page())
    table.ok(None, type="enter_epic", epic="temple_of_heaven")
    assert table.view()["auction"]["epic"] == "temple_of_heaven"
    assert "temple_of_heaven" not in table.state()["epic_deck"]
    assert "the table turned up the epic Temple of Heaven" in text_of(table.table_page())
    for seat in range(3):
        table.ok(seat, type="set_money", n=10)
    pops = [p["population"] for p in table.view()["players"]]
    for seat in (0, 1):
        if pops[seat] < max(pops[:2]):
            table.ok(
                None, type="correct", seat=seat, what="soldiers", delta=max(pops[:2]) - pops[seat]
            )
    table.choose_all("bid", "amount", [1, 1, 0])
    table.choose_all("bid", "amount", [1, 1])
    auction = table.view()["auction"]
    assert auction["drawn_among"] == [0, 1]
    other = 1 - auction["result"]["winner"]
    assert "The table drew this" in text_of(table.table_page())
    table.ok(None, type="enter_tiebreak", seat=other)
    assert table.view()["auction"]["result"]["winner"] == other
    assert "temple_of_heaven" in table.state()["p"][other]["blueprints"]
    reply = table.post(None, type="enter_tiebreak", seat=2)
    assert reply.status_code == 422 and reply.json["error"]["code"] == "not_an_option"


def test_the_taker_enters_the_card_drawn_from_a_hand_and_only_the_two_read_it(app, client):
    table = Table(app, client)
    table.setup()
    table.ok(1, type="add_blueprint", building="market")
    table.ok(0, type="adjust_tactics", delta=1)
    assert "The card you took" in text_of(table.phone_page(0))
    table.ok(0, type="play_tactic", card="pilfer_goat", target=1, take="market")
    assert "market" in [b["key"] for b in table.view(0)["me"]["blueprints"]]
    assert "market" not in [b["key"] for b in table.view(1)["me"]["blueprints"]]
    assert "Ann takes Market from Bo" in text_of(table.phone_page(1))
    assert "takes Market" not in text_of(table.table_page() + table.phone_page(2))


def test_ending_the_round_asks_the_table_screen_to_confirm(app, client):
    table = Table(app, client)
    table.setup()
    table.drive(at(4, "build"))
    assert "End the round" not in table.table_page()
    table.drive(at(6))
    html = table.table_page()
    # The food phase's Next ends the round for everyone: one more tap, Confirm, sends it.
    assert "End the round" in html and "the start player passes on" in html
    assert 'name="confirm" value="1"' in html and "Next →" not in html


def test_the_option_labels_are_plain_words():
    labels = [label for o in aow.GAME.options for _value, label in o.choices]
    assert labels and not [label for label in labels if "digest" in label]
