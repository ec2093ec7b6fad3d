"""The Art of War: every draw the app makes can be entered as the table drew it, one tap, and
the deck stays whole (no card twice): the Advisors and Generals dealt at setup (the seat's phone),
a bought blueprint (the buyer's phone), the epic turned up and a random tie-break (the table
screen), the card taken from a hand (the taker) and the start player (the table screen)."""

from __future__ import annotations

from companion.games.art_of_war.data import ADVISORS, GENERALS
from companion.games.kit.driver import Table
from tests.fixtures.rules import at_table

from .test_art_of_war_table_truth import new_table, play_on, texts

PLAYERS = ["Ann", "Bo"]


def dealt(t: Table) -> list[str]:
    return [k for o in t.state["offers"] for k in o["advisors"] + o["generals"]]


# --------------------------------------------------------------------------- the start player


def test_the_host_sets_the_start_player_and_the_allowances_and_offers_follow_it():
    t = at_table("art-of-war", PLAYERS)
    t.act(None, "set_start_player", seat=1)
    v = t.view(None)
    assert v["start"] == 1 and [a["seat"] for a in v["allowances"]] == [1, 0]
    assert "Bo is the start player" in texts(t, None)
    assert len(set(dealt(t))) == len(dealt(t)) == 8
    t.act(0, "choose_setup", advisor=0, general=0, soldiers=2, food=2)
    assert "set_start_player" not in t.allowed(None)


# --------------------------------------------------------------------------- the dealt cards


def test_a_phone_enters_the_advisors_and_generals_the_table_dealt_it_and_no_card_comes_twice():
    t = at_table("art-of-war", PLAYERS)
    bo = t.state["offers"][1]
    mine = {"advisor_a": bo["advisors"][0], "advisor_b": "ye", "general_a": "mao"}
    mine["general_b"] = bo["generals"][1] if bo["generals"][1] != "mao" else bo["generals"][0]
    if mine["advisor_a"] == "ye":
        mine["advisor_b"] = "tian"
    t.act(0, "enter_offer", **mine)
    offer = t.state["offers"][0]
    assert offer["advisors"] == [mine["advisor_a"], mine["advisor_b"]]
    assert offer["generals"] == [mine["general_a"], mine["general_b"]]
    assert len(set(dealt(t))) == len(dealt(t)) == 8
    assert "Ann enters the Advisors and Generals the table dealt them" in texts(t, None)
    t.act(0, "choose_setup", advisor=1, general=0, soldiers=2, food=2)
    t.act(0, "lock")
    t.act(1, "choose_setup", advisor=0, general=0, soldiers=2, food=2)
    t.act(1, "lock")
    assert t.state["p"][0]["advisor"] == mine["advisor_b"]
    assert t.state["p"][0]["general"] == "mao"


def test_entered_cards_are_kept_when_the_start_player_changes():
    t = at_table("art-of-war", PLAYERS)
    t.act(1, "enter_offer", advisor_a="ye", advisor_b="tian", general_a="mao", general_b="ling")
    t.act(None, "set_start_player", seat=1)
    assert t.state["offers"][1] == {"advisors": ["ye", "tian"], "generals": ["mao", "ling"]}
    ann = t.state["offers"][0]
    assert not {"ye", "tian", "mao", "ling"} & set(ann["advisors"] + ann["generals"])


def test_a_card_two_phones_entered_goes_to_the_last_and_only_the_first_phone_is_told():
    t = at_table("art-of-war", PLAYERS)
    t.act(0, "enter_offer", advisor_a="ye", advisor_b="tian", general_a="mao", general_b="ling")
    t.act(1, "enter_offer", advisor_a="ye", advisor_b="ce", general_a="kou", general_b="cha")
    assert "ye" not in t.state["offers"][0]["advisors"]
    assert len(set(dealt(t))) == len(dealt(t)) == 8
    told = "Ann: another phone entered a card you had entered: check your dealt cards"
    assert told in texts(t, 0)
    assert told not in texts(t, 1) + texts(t, None)
    assert t.view(0)["me"]["offer"]["entered"] is False
    assert t.view(1)["me"]["offer"]["entered"] is True


def test_entered_dealt_cards_are_refused_only_on_what_the_phone_knows():
    t = at_table("art-of-war", PLAYERS)
    err = t.refused(0, "enter_offer", advisor_a="ye", general_a="mao", general_b="ling")
    assert err.code == "wrong_count"
    err = t.refused(
        0, "enter_offer", advisor_a="ye", advisor_b="ye", general_a="mao", general_b="ling"
    )
    assert err.code == "same_card_twice"
    t.act(1, "choose_setup", advisor=0, general=0, soldiers=2, food=2)
    assert "enter_offer" not in t.allowed(0)
    assert set(ADVISORS) >= set(t.state["offers"][0]["advisors"])
    assert set(GENERALS) >= set(t.state["offers"][0]["generals"])


# --------------------------------------------------------------------------- a bought blueprint


def test_a_phone_buys_the_blueprint_it_drew_from_the_table_and_the_deck_loses_that_card():
    t = new_table()
    play_on(t, lambda t: t.state["step"] == "purchase")
    left = t.view(None)["blueprints_left"]
    money = t.state["p"][0]["money"]
    t.act(0, "buy_blueprint", building="market")
    assert "market" in t.state["p"][0]["blueprints"]
    assert "market" not in t.state["blueprint_deck"]
    assert t.view(None)["blueprints_left"] == left - 1
    assert t.state["p"][0]["money"] == money - 4
    assert any("Market" in line for line in texts(t, 0))
    assert not any("Market" in line for line in texts(t, 1) + texts(t, None))
    t.act(1, "buy_blueprint")  # the app still draws when nothing is entered
    assert t.view(None)["blueprints_left"] == left - 2


def test_a_drawn_blueprint_on_the_map_or_in_the_buyers_hand_is_refused_and_nothing_is_paid():
    t = new_table()
    t.act(0, "add_blueprint", building="market")
    play_on(t, lambda t: t.state["step"] == "purchase")
    money = t.state["p"][0]["money"]
    assert t.refused(0, "buy_blueprint", building="market").code == "already_held"
    on_map = t.state["buildings"][0]["key"]
    assert t.refused(0, "buy_blueprint", building=on_map).code == "already_on_map"
    assert t.state["p"][0]["money"] == money and not t.state["p"][0]["bought_blueprint"]


# --------------------------------------------------------------------------- the epic auction


def auction_table() -> Table:
    t = new_table(auction_from=1)
    play_on(t, lambda t: t.state["step"] == "auction")
    return t


def test_the_table_screen_enters_the_epic_it_turned_up_and_the_epic_deck_stays_whole():
    t = auction_table()
    up = t.state["auction"]["epic"]
    other = next(k for k in t.state["epic_deck"] if k != up)
    before = sorted(t.state["epic_deck"] + [up])
    t.act(None, "enter_epic", epic=other)
    assert t.state["auction"]["epic"] == other
    assert up in t.state["epic_deck"] and other not in t.state["epic_deck"]
    assert sorted(t.state["epic_deck"] + [other]) == before
    assert any("the table turned up the epic" in line for line in texts(t, None))
    centre = next(b["key"] for b in t.state["buildings"] if b["city"] == "centre")
    assert t.refused(None, "enter_epic", epic=centre).code == "already_drawn"
    t.act(0, "bid", amount=0)
    assert "enter_epic" not in t.allowed(None)


def tied_auction() -> Table:
    """Ann and Bo bid $1 twice with the same population and no buildings: drawn at random."""
    t = auction_table()
    for seat in (0, 1):
        t.act(seat, "set_money", n=10)
    pops = [t.view(None)["players"][s]["population"] for s in (0, 1)]
    low = 0 if pops[0] < pops[1] else 1
    if pops[0] != pops[1]:
        t.act(None, "correct", seat=low, what="soldiers", delta=abs(pops[0] - pops[1]))
    for _ in range(2):
        for seat in (0, 1):
            t.act(seat, "bid", amount=1)
            t.act(seat, "lock")
    return t


def test_the_table_screen_enters_who_won_a_random_tie_break_and_the_epic_and_price_move():
    t = tied_auction()
    auction = t.state["auction"]
    assert auction["drawn_among"] == [0, 1] and t.view(None)["auction"]["drawn_among"] == [0, 1]
    winner, epic = auction["result"]["winner"], auction["result"]["epic"]
    other = 1 - winner
    events = t.act(None, "enter_tiebreak", seat=other)
    # Each of the two reads its own money change, and nobody else reads either.
    moved = {e["seat"]: (e["n"], e["to"]) for e in events if e["type"] == "MoneyChanged"}
    assert moved == {winner: (1, [winner]), other: (-1, [other])}
    assert t.state["auction"]["result"]["winner"] == other
    assert epic in t.state["p"][other]["blueprints"]
    assert epic not in t.state["p"][winner]["blueprints"]
    assert t.state["p"][winner]["money"] == 10 and t.state["p"][other]["money"] == 9
    names = ["Ann", "Bo"]
    assert any(
        f"the table's draw breaks the tie: {names[other]} wins" in line for line in texts(t, None)
    )


def test_a_tie_break_is_entered_only_among_the_tied_and_only_after_a_random_draw():
    t = auction_table()
    assert "enter_tiebreak" not in t.allowed(None)
    t = tied_auction()
    assert "enter_tiebreak" in t.allowed(None)
    t.act(None, "next")
    assert "enter_tiebreak" not in t.allowed(None)


# --------------------------------------------------------------------------- a card taken


def test_the_taker_names_the_card_drawn_from_the_victims_hand():
    t = new_table()
    t.act(1, "add_blueprint", building="market")
    t.act(0, "adjust_tactics", delta=1)
    t.act(0, "play_tactic", card="pilfer_goat", target=1, take="market")
    assert "market" in t.state["p"][0]["blueprints"]
    assert "market" not in t.state["p"][1]["blueprints"]
    assert "Ann takes Market from Bo" in texts(t, 0) and "Ann takes Market from Bo" in texts(t, 1)
    assert not any("Market" in line for line in texts(t, None))
    assert not any("did not have" in line for line in texts(t, 0) + texts(t, 1))


def test_a_named_card_the_app_did_not_have_in_the_hand_is_taken_and_only_the_victim_is_told():
    t = new_table()
    t.act(0, "adjust_tactics", delta=2)
    left = t.view(None)["blueprints_left"]
    t.act(0, "play_tactic", card="pilfer_goat", target=1, take="courtyard")
    assert "courtyard" in t.state["p"][0]["blueprints"]
    assert "courtyard" not in t.state["blueprint_deck"]
    assert t.view(None)["blueprints_left"] == left - 1
    told = "Bo: the app did not have Courtyard in your hand; it is taken from it now"
    assert told in texts(t, 1) and told not in texts(t, 0) + texts(t, None)
    if t.state["p"][1]["tactics"]:
        t.act(1, "adjust_tactics", delta=-t.state["p"][1]["tactics"])
    tactics = t.state["p"][0]["tactics"]
    t.act(0, "play_tactic", card="pilfer_goat", target=1, take="tactic")
    assert t.state["p"][1]["tactics"] == 0 and t.state["p"][0]["tactics"] == tactics
    told = "Bo: the app did not have a tactic card in your hand; it is taken from it now"
    assert told in texts(t, 1) and told not in texts(t, 0)


def test_a_named_card_is_refused_only_on_what_the_taker_knows():
    t = new_table()
    t.act(0, "adjust_tactics", delta=1)
    t.act(0, "add_blueprint", building="market")
    err = t.refused(0, "play_tactic", card="pilfer_goat", target=1, take="market")
    assert err.code == "already_held"
    on_map = t.state["buildings"][0]["key"]
    err = t.refused(0, "play_tactic", card="pilfer_goat", target=1, take=on_map)
    assert err.code == "already_on_map"


def test_a_seat_on_the_apps_deal_cannot_tell_which_cards_another_phone_entered():
    """Ann enters her dealt cards. Cy, still on the app's deal, is dealt again whether or not
    Ann's cards were among his: had he been dealt again only on a clash, he would learn that
    Ann holds one of the cards he lost."""
    players = ["Ann", "Bo", "Cy"]
    seen = []
    for clash in (True, False):
        t = at_table("art-of-war", players, seed=5)
        cy = t.state["offers"][2]
        taken = {k for o in t.state["offers"] for k in o["advisors"]}
        if clash:
            advisors = [cy["advisors"][0], next(k for k in ADVISORS if k not in taken)]
        else:
            advisors = [k for k in ADVISORS if k not in taken][:2]
        generals = [
            k for k in GENERALS if k not in {g for o in t.state["offers"] for g in o["generals"]}
        ]
        t.act(
            0,
            "enter_offer",
            advisor_a=advisors[0],
            advisor_b=advisors[1],
            general_a=generals[0],
            general_b=generals[1],
        )
        seen.append([e["type"] for e in t.events if "to" not in e or 2 in e["to"]])
        assert not set(t.state["offers"][2]["advisors"]) & set(advisors)
    assert seen[0] == seen[1] == ["OfferEntered", "OfferRedealt"]


def test_no_history_line_of_a_recorded_game_is_the_same_line_twice_in_one_action():
    """Two vassal states paying one player used to read "Bo receives 2 tribute" twice; lines
    that come to different seats (each phone's own "You draw 3 cards") are different lines."""
    import json
    from collections import Counter
    from pathlib import Path

    logs = Path(__file__).resolve().parents[1] / "fixtures" / "logs"
    for path in sorted(logs.glob("*.json")):
        data = json.loads(path.read_text())
        for row in data["log"]:
            if row["undone"]:
                continue
            game = __import__("companion.games", fromlist=["GAMES"]).GAMES[data["game"]]
            seen = Counter(
                (json.dumps(game.describe(e, data["players"]), sort_keys=True), str(e.get("to")))
                for e in row["events"]
            )
            twice = [line for line, n in seen.items() if n > 1]
            assert not twice, (path.name, row["seq"], twice)
