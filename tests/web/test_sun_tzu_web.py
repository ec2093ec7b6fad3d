"""Sun Tzu through the Flask test client: the pages, the JSON API, the streams and the secrets.

Phones mode (each player's hand, placement and draw on the phone) and real-cards mode (the table
screen enters each province's two revealed cards). Secrets are checked differentially: a seat
changes its secret (a Warlord, a placement) and every other viewer's page, stream and API view
must stay exactly the same.
"""

from __future__ import annotations

import json
import re

from flask import Flask
from flask.testing import FlaskClient

from ..conftest import first_stream_message
from ..fixtures.sun_tzu import play_round as sun_tzu_round

P = ["qin", "chu", "jin_yan", "han_qi", "wu"]


# --------------------------------------------------------------------------- helpers


class Table:
    """A Sun Tzu table with a host client and two phone clients (each holding its seat)."""

    def __init__(self, app: Flask, client: FlaskClient, cards: str = "phones", **options):
        reply = client.post(
            "/api/tables",
            json={
                "game": "sun-tzu",
                "players": ["Ann", "Bo"],
                "options": {"cards": cards, **options},
            },
        )
        assert reply.status_code == 201, reply.json
        self.app, self.client, self.data = app, client, reply.json
        self.id = reply.json["id"]
        self.host_token = reply.json["host_token"]
        client.get(f"/host/{self.id}/{self.host_token}")
        self.phones: list[FlaskClient] = []
        self.tokens: list[str] = []
        for seat in reply.json["seats"]:
            phone = app.test_client()
            assert phone.get("/join/" + seat["join_code"]).status_code == 303
            with phone.session_transaction() as session:
                self.tokens.append(session["seat"][self.id])
            self.phones.append(phone)

    def token(self, who: int | None) -> str:
        return self.host_token if who is None else self.tokens[who]

    def api(self, who: int | None, type_: str, **params):
        return self.client.post(
            f"/api/tables/{self.id}/actions",
            json={"type": type_, **params},
            headers={"Authorization": f"Bearer {self.token(who)}"},
        )

    def do(self, who: int | None, type_: str, **params) -> dict:
        reply = self.api(who, type_, **params)
        assert reply.status_code == 200, (type_, params, reply.json)
        return reply.json

    def get(self, who: int | None = None, public: bool = False) -> dict:
        headers = {} if public else {"Authorization": f"Bearer {self.token(who)}"}
        return self.client.get(f"/api/tables/{self.id}", headers=headers).json

    def view(self, who: int | None = None) -> dict:
        return self.get(who)["view"]

    def state(self) -> dict:
        return self.app.extensions["tables"].load(self.id).state

    def table_page(self, lang: str = "en") -> str:
        return self.client.get(f"/t/{self.id}", headers={"Accept-Language": lang}).get_data(
            as_text=True
        )

    def phone_page(self, seat: int) -> str:
        return self.phones[seat].get(f"/t/{self.id}/seat").get_data(as_text=True)

    def warlords(self, blue: int = 3, red: int = 4) -> None:
        self.do(0, "choose_warlord", warlord=blue)
        self.do(1, "choose_warlord", warlord=red)
        self.do(0, "lock")
        self.do(1, "lock")


def find(pattern: str, html: str) -> str:
    """The first piece of ``html`` that ``pattern`` matches (across lines)."""
    match = re.search(pattern, html, re.S)
    assert match, f"nothing matches {pattern!r}"
    return match.group(0)


def game_area(html: str) -> str:
    """The game's own part of a page (without the history, versions and form tokens, nor the
    host's Undo and Redo, which name the history's last line)."""
    area = find(r'<div class="st st-(?:table|phone).*?(?=<section class="history")', html)
    area = re.sub(r'<section class="host-controls".*?</section>', "", area, flags=re.S)
    return re.sub(r'name="csrf_token" value="[^"]*"', "", area)


PRIVATE = r'<div class="private[^"]*" hidden>.*?</div>\s*</section>'
# A private choice: the "Choose" button and its panel, hidden until the player opens it.
CHOICE = r'<div[^>]* class="choose" data-choose>.*?<!--/choose-->'


def private_panel(html: str) -> str:
    """The press-and-hold panel of a phone page (its content has no nested <div>)."""
    return find(PRIVATE, html)


def choice_panels(html: str) -> list[str]:
    """The phone's private choices, each with the cards it shows while the player chooses."""
    return re.findall(CHOICE, html, re.S)


def outside_private(html: str) -> str:
    """The page without its press-and-hold panel and its private choices."""
    return re.sub(CHOICE, "", re.sub(PRIVATE, "", html, flags=re.S), flags=re.S)


def data_cards(html: str) -> list[str]:
    return re.findall(r'data-card="([^"]+)"', html)


def form_csrf(html: str) -> str:
    match = re.search(r'name="csrf_token" value="([^"]+)"', html)
    assert match, "no form on the page"
    return match.group(1)


def placement(hand: list[str], lowest: bool = True) -> dict[str, str]:
    cards = hand[:5] if lowest else hand[-5:]
    return dict(zip(P, cards, strict=True))


def play_round(t: Table) -> None:
    """Phones mode: both place (Blue its lowest cards, Red its highest), reveal, resolve, draw."""
    sun_tzu_round(t.do, t.view)


# --------------------------------------------------------------------------- pages


def test_a_phones_table_created_through_the_pages_shows_the_board_and_each_phone_its_colour(
    app, client
):
    page = client.get("/new/sun-tzu").get_data(as_text=True)
    assert 'name="opt_cards"' in page
    reply = client.post(
        "/tables",
        data={
            "csrf_token": re.search(r'name="csrf_token" value="([^"]+)"', page).group(1),
            "game": "sun-tzu",
            "player": ["Ann", "Bo"],
            "opt_cards": "phones",
        },
    )
    assert reply.status_code == 303
    table_id = reply.headers["Location"].rsplit("/", 1)[1]
    html = client.get(f"/t/{table_id}").get_data(as_text=True)
    # Five provinces in board order, each with its scoring display, the round and score tracks.
    assert re.findall(r'data-province="(\w+)"', html) == P
    assert html.count('class="st-values"') == 5
    assert re.findall(r'data-round="(\d)"', html) == [str(n) for n in range(1, 10)]
    assert 'data-score="0"' in html
    assert "Each player chooses a Warlord in secret on their phone" in html
    assert "Correct the board" in html and "<details" in html
    codes = dict((n, c) for n, c, *_ in app.extensions["store"].seats(table_id))
    phone = app.test_client()
    phone.get(f"/join/{codes[1]}")
    mine = phone.get(f"/t/{table_id}/seat").get_data(as_text=True)
    assert "You play Red (King of Chu)" in mine
    assert mine.count('name="type" value="choose_warlord"') == 5
    assert 'class="private st-private" hidden' in mine


def test_the_table_screen_reads_traditional_chinese_with_the_editions_names(app, client):
    t = Table(app, client)
    html = t.table_page("zh-TW")
    for word in ("秦", "楚", "晉-燕", "韓-齊", "吳", "增援區", "備用區", "計分回合", "修正圖板"):
        assert word in html, word


def test_a_round_on_the_phones_then_the_table_screen_shows_battles_and_the_score(app, client):
    t = Table(app, client)
    t.warlords(blue=3, red=4)
    # Blue's Warlord 3 is played at once: the marker starts one space towards Blue.
    html = t.table_page()
    assert 'data-score="1"' in html
    assert "The score marker is 1 space towards Ann&#39;s end" in html
    play_round(t)
    view = t.view()
    assert view["round"] == 2
    html = t.table_page()
    # Last round's battles stay readable, line by line, while the next round is placed.
    assert "Last round's battles" in html
    for line in view["last_round_log"]:
        if line[0].startswith("{province_t}: {blue} plays"):
            params = line[1]
            assert f"{params['blue']} plays {params['card0']}, {params['red']} plays" in html
    for p, prov in zip(P, view["provinces"], strict=True):
        block = find(rf'data-province="{p}".*?</article>', html)
        blue, red = re.findall(r"<b>(\d+)</b></span>", block)
        assert [int(blue), int(red)] == prov["armies"]


def test_rounds_three_scores_and_the_breakdown_is_on_the_screen(app, client):
    t = Table(app, client)
    t.warlords(blue=1, red=4)
    for _ in range(3):
        if not t.view()["over"]:
            play_round(t)
    view = t.view()
    assert view["scoring"], "round 3 was scored"
    html = t.table_page()
    assert "Last scoring" in html
    summary = view["scoring"][-1][1]
    assert f"the marker moves from {summary['old']} to {summary['new']}" in html
    assert f'data-score="{view["score"]}"' in html


def test_a_full_game_on_the_phones_ends_with_the_result_everywhere(app, client):
    t = Table(app, client)
    t.warlords(blue=3, red=4)
    for _ in range(9):
        if t.view()["over"]:
            break
        play_round(t)
    view = t.view()
    assert view["over"]
    result = client.get(f"/api/tables/{t.id}/result").json
    score = view["score"]
    winner = "Ann" if score > 0 else "Bo" if score < 0 else None
    if winner:
        assert result["headline"] == f"{winner} wins"
    for html in (t.table_page(), t.phone_page(0), t.phone_page(1)):
        assert result["headline"] in html
        assert 'class="result"' in html
    # Every Warlord is shown at the end; nothing can be done any more.
    assert "Harsh Plague" in t.table_page()
    after = t.api(1, "recall", card="P")
    assert after.status_code == 409
    assert t.api(None, "set_score", score=0).status_code == 409


# --------------------------------------------------------------------------- secrets


def test_a_warlord_choice_never_reaches_the_other_phone_the_table_or_the_api(app, client):
    t = Table(app, client)
    t.do(0, "choose_warlord", warlord=2)
    before = [game_area(t.phone_page(1)), game_area(t.table_page()), t.view(1), t.view(None)]
    stream_before = first_stream_message(t.phones[1].get(f"/t/{t.id}/seat/stream"))
    t.do(0, "choose_warlord", warlord=5)
    t.do(0, "lock")
    t.do(None, "unlock", seat=0)
    after = [game_area(t.phone_page(1)), game_area(t.table_page()), t.view(1), t.view(None)]
    assert before == after
    stream_after = first_stream_message(t.phones[1].get(f"/t/{t.id}/seat/stream"))
    assert game_area(stream_before.replace("data: ", "")) == game_area(
        stream_after.replace("data: ", "")
    )
    # Blue's own phone shows the choice, but only inside the press-and-hold panel.
    mine = t.phone_page(0)
    assert "place 1 army from your pool in a province you hold" in mine
    assert "place 1 army from your pool in a province you hold" in private_panel(mine)
    # Outside the panel, the five Warlords are listed alike whatever was chosen.
    t.do(0, "choose_warlord", warlord=2)
    assert outside_private(game_area(t.phone_page(0))) == outside_private(game_area(mine))
    history = json.dumps(t.get(1)["history"]) + json.dumps(t.get(None)["history"])
    assert "Warlord 5" not in history and "pool in a province" not in history


def test_placed_cards_stay_secret_until_their_province_is_revealed(app, client):
    t = Table(app, client)
    t.warlords()
    hand = t.view(0)["me"]["hand"]
    t.do(0, "place", **placement(hand))
    # Blue's own page: the hand and the placement only inside the private panel, and the
    # placement form never pre-selects the cards placed.
    mine = t.phone_page(0)
    assert data_cards(outside_private(mine)) == []
    # Under press-and-hold: the placement, then the rest of the hand.
    assert data_cards(private_panel(mine)) == list(placement(hand).values()) + hand[5:]
    # In the placement's hidden panel: the whole hand, to place again while unlocked.
    (choice,) = [c for c in choice_panels(mine) if 'value="place"' in c]
    assert data_cards(choice) == hand and " hidden>" in choice
    form = find(r'<form class="st-place-form".*?</form>', mine)
    assert " selected" not in form
    # The placement's slots start empty whatever was placed: the choice never shows it again.
    slots = r'<input type="hidden" name="(?:qin|chu|jin_yan|han_qi|wu)" value="([^"]*)"'
    assert re.findall(slots, form) == [""] * 5
    assert "Your cards are placed" in mine
    t.do(0, "lock")
    red_before = game_area(t.phone_page(1))
    table_before = game_area(t.table_page())
    stream_before = first_stream_message(client.get(f"/t/{t.id}/stream")).replace("data: ", "")
    api_before = [t.view(1), t.view(None), t.get(public=True)["view"]]
    # Blue changes its mind (the host unlocks it): nobody else can tell.
    t.do(None, "unlock", seat=0)
    t.do(0, "place", **dict(zip(P, reversed(list(placement(hand).values())), strict=True)))
    t.do(0, "lock")
    assert game_area(t.phone_page(1)) == red_before
    assert game_area(t.table_page()) == table_before
    stream_after = first_stream_message(client.get(f"/t/{t.id}/stream")).replace("data: ", "")
    assert game_area(stream_after) == game_area(stream_before)
    assert [t.view(1), t.view(None), t.get(public=True)["view"]] == api_before
    # No face-up card anywhere on the table screen yet.
    assert data_cards(t.table_page()) == []
    assert "Locked in. Waiting for Bo." in t.phone_page(0)
    red_hand = t.view(1)["me"]["hand"]
    t.do(1, "place", **placement(red_hand, lowest=False))
    t.do(1, "lock")
    t.do(None, "reveal")
    html = t.table_page()
    qin = find(r'data-province="qin".*?</article>', html)
    cards = t.view()["provinces"][0]["cards"]
    assert data_cards(qin) == cards
    # The other four provinces are still face down.
    rest = html[html.index('data-province="chu"') : html.index('class="st-players"')]
    assert data_cards(rest) == []


def test_drawn_cards_show_only_inside_the_owners_panel_never_in_history(app, client):
    t = Table(app, client)
    t.warlords()
    for seat in (0, 1):
        t.do(seat, "place", **placement(t.view(seat)["me"]["hand"]))
        t.do(seat, "lock")
    while t.view()["order"]["choices"] or t.view()["current"]:
        t.do(None, "resolve" if t.view()["current"] else "reveal")
    t.do(None, "finish_battles")
    drawn = t.state()["private"][0]["drawn"]
    assert len(drawn) == 3  # Blue played its 1: draw 3, keep 2
    mine = t.phone_page(0)
    shown = data_cards(private_panel(mine))
    assert shown[:3] == drawn
    history = t.get(0)["history"]
    assert "You draw 3 cards: put one at the bottom of your deck" in [h["text"] for h in history]
    outside = outside_private(mine)
    visible_text = re.sub(r"<[^>]+>", " ", outside)
    for line in visible_text.split("\n"):
        assert "You draw" not in line or "put one at the bottom" in line
    # The choice names the cards: each drawn card is a button inside the hidden panel.
    (panel,) = [c for c in choice_panels(mine) if 'value="bottom"' in c]
    assert " hidden>" in panel
    assert re.findall(r'name="card" value="([^"]+)"', panel) == drawn
    assert data_cards(panel) == drawn
    assert "The 1st card" not in mine
    for viewer in (t.get(None), t.get(public=True)):
        assert "You draw" not in json.dumps(viewer["history"])


# --------------------------------------------------------------------------- refusals


def test_bad_input_is_refused_with_a_clear_message_and_changes_nothing(app, client):
    t = Table(app, client)
    t.warlords()
    before = t.get()
    hand = t.view(0)["me"]["hand"]
    missing = next(c for c in ("10", "9", "8", "7", "+3", "+2") if c not in hand)
    move = {"seat": 0, "src": "pool", "dst": "qin", "n": 1}
    cases = [
        (0, "place", {**placement(hand), "qin": missing}, 422, "not_in_hand"),
        (0, "place", {**placement(hand), "qin": "11"}, 400, "bad_choice"),
        (0, "place", {"qin": "1"}, 400, "missing_field"),
        (None, "place", placement(hand), 403, "not_now"),
        (0, "reveal", {}, 403, "not_now"),
        (None, "enter_cards", {"card0": "1", "card1": "2"}, 403, "not_now"),
        (0, "set_score", {"score": 3}, 403, "not_now"),
        (None, "set_score", {"score": 10}, 400, "out_of_range"),
        (None, "move_armies", {**move, "n": 0}, 400, "out_of_range"),
        (None, "move_armies", {**move, "seat": 2}, 400, "no_such_seat"),
        (1, "recall", {"card": "3"}, 422, "permanent"),
        (1, "bottom", {"card": "7"}, 403, "not_now"),
    ]
    for who, kind, params, status, code in cases:
        reply = t.api(who, kind, **params)
        assert reply.status_code == status, (kind, params, reply.json)
        assert reply.json["error"]["code"] == code, (kind, reply.json)
        assert reply.json["error"]["message"]
    assert t.get() == before


def test_out_of_turn_and_wrong_seat_are_refused(app, client):
    t = Table(app, client)
    t.warlords()
    t.do(0, "place", **placement(t.view(0)["me"]["hand"]))
    t.do(0, "lock")
    # Locked: no change, no recall between committing and the reveal.
    assert t.api(0, "place", **placement(t.view(0)["me"]["hand"])).status_code == 403
    assert t.api(1, "unlock", seat=0).status_code == 403
    t.do(1, "place", **placement(t.view(1)["me"]["hand"]))
    t.do(1, "lock")
    # Round 1 goes from left to right: Wu first is refused, for the host too.
    reply = t.api(None, "reveal", province="wu")
    assert reply.status_code == 422
    assert "left to right" in reply.json["error"]["message"]
    assert t.api(None, "finish_battles").status_code == 403
    assert t.api(None, "resolve").status_code == 403


def test_a_refusal_from_a_phone_form_lands_in_the_toast_in_the_phones_language(app, client):
    t = Table(app, client)
    t.warlords()
    page = t.phone_page(0)
    hand = t.view(0)["me"]["hand"]
    missing = next(c for c in ("10", "9", "8", "7", "+3") if c not in hand)
    reply = t.phones[0].post(
        f"/t/{t.id}/seat/act",
        data={"csrf_token": form_csrf(page), "type": "place", **placement(hand), "qin": missing},
        headers={"HX-Request": "true", "Accept-Language": "zh-TW"},
    )
    assert reply.status_code == 422
    assert reply.headers["HX-Retarget"] == "#toast"
    assert "請從手牌中擺放卡牌" in reply.get_data(as_text=True)
    assert t.view(0)["me"]["sealed"]["mine"] is None


# --------------------------------------------------------------------------- real cards


def test_with_real_cards_the_host_enters_each_provinces_two_cards_in_one_form(app, client):
    t = Table(app, client, cards="physical")
    t.warlords(blue=2, red=2)
    html = t.table_page()
    form = find(r'<form class="st-entry".*?</form>', html)
    # Round 1: only Qin can be entered (left to right), already chosen; one chip per card.
    assert re.findall(r'name="province" value="(\w+)"', form) == ["qin"]
    assert len(re.findall(r'name="card0"', form)) == 15
    reply = client.post(
        f"/t/{t.id}/act",
        data={
            "csrf_token": form_csrf(html),
            "type": "enter_cards",
            "province": "qin",
            "card0": "7",
            "card1": "+2",
        },
        headers={"HX-Request": "true"},
    )
    assert reply.status_code == 200
    fragment = reply.get_data(as_text=True)
    qin = find(r'data-province="qin".*?</article>', fragment)
    assert data_cards(qin) == ["7", "+2"]
    assert "Resolve the battle" in fragment
    t.do(None, "resolve")
    html = t.table_page()
    assert "Qin: Bo wins by 2" in html
    # The 7 is gone from Blue's chips for the rest of the round, the +2 from Red's for good.
    form = find(r'<form class="st-entry".*?</form>', html)
    assert 'name="card0" value="7"' not in form and 'name="card1" value="+2"' not in form


def test_host_corrections_are_tucked_away_and_change_the_board(app, client):
    t = Table(app, client, cards="physical")
    t.warlords()
    html = t.table_page()
    fold = find(r'<details class="panel st-fold st-correct">.*?</details>', html)
    assert 'value="move_armies"' in fold and 'value="set_score"' in fold
    t.do(None, "move_armies", seat=1, src="pool", dst="han_qi", n=3)
    t.do(None, "set_score", score=-4)
    html = t.table_page()
    han = find(r'data-province="han_qi".*?</article>', html)
    assert re.findall(r"<b>(\d+)</b></span>", han) == ["0", "3"]
    assert 'data-score="-4"' in html
    assert "Table screen: Bo&#39;s armies, 3 moved from the pool to Han-Qi" in html
    assert "Table screen: the score marker 1 → -4" in html  # Blue's Warlord 3: +1
    # Phones never get the correction forms.
    assert "Correct the board" not in t.phone_page(0)


# --------------------------------------------------------------------------- the table is the truth


def test_the_host_enters_the_displays_the_table_laid_out_through_the_api(app, client):
    t = Table(app, client, cards="physical")
    t.warlords(blue=2, red=2)
    body = {"type": "set_displays", "qin": 10, "chu": 9, "jin_yan": 1, "han_qi": 7, "wu": 2}
    if [p["display"] for p in t.view()["provinces"]] == [10, 9, 1, 7, 2]:
        t.do(None, "set_displays", qin=3, chu=4, jin_yan=5, han_qi=6, wu=8)
    reply = t.client.post(
        f"/api/tables/{t.id}/actions",
        json=body,
        headers={"Authorization": f"Bearer {t.host_token}"},
    )
    assert reply.status_code == 200, reply.json
    view = reply.json["view"]
    assert [p["display"] for p in view["provinces"]] == [10, 9, 1, 7, 2]
    assert view["provinces"][0]["values"] == [4, 3, 2]
    assert all(e["type"] == "Corrected" and e["by"] is None for e in reply.json["events"])
    assert "Table screen: the scoring display of " in t.table_page()
    # Each display once: refused with the game's own reason, nothing changed.
    reply = t.api(None, "set_displays", qin=9)
    assert reply.status_code == 422 and reply.json["error"]["code"] == "display_twice"
    assert "display 9 stands beside two provinces" in reply.json["error"]["message"]
    assert t.api(0, "set_displays", qin=3).status_code == 403
    assert [p["display"] for p in t.view()["provinces"]] == [10, 9, 1, 7, 2]


def test_we_drew_this_and_events_marked_done_keep_the_event_deck_whole(app, client):
    t = Table(app, client, cards="physical")
    t.warlords(blue=2, red=2)
    if t.view()["event"]["id"] == "hero":
        t.do(None, "enter_event", event="champion")
    before = t.view()["event"]["id"]
    reply = t.do(None, "enter_event", event="hero")
    assert reply["view"]["event"]["id"] == "hero"
    entered = reply["events"][0]
    assert {k: entered[k] for k in ("type", "event", "before", "by")} == {
        "type": "EventEntered",
        "event": "hero",
        "before": before,
        "by": None,
    }
    assert entered["text"].startswith("Table screen: the face-up event is Hero's Challenge")
    assert t.api(None, "enter_event", event="hero").json["error"]["code"] == "event_already_up"
    t.do(None, "set_event_done", event="epidemic", done=True)
    view = t.view()
    assert [e["id"] for e in view["events_done"]] == ["epidemic"] and view["events_left"] == 4
    cards = {e["id"]: e for e in view["event_cards"]}
    assert cards["epidemic"]["done"] and cards["hero"]["up"]
    refused = t.api(None, "enter_event", event="epidemic")
    assert refused.status_code == 422 and refused.json["error"]["code"] == "event_done"
    html = t.table_page()
    assert "Table screen: the face-up event is Hero&#39;s Challenge" in html
    assert "Table screen: Epidemic marked as carried out" in html
    t.do(None, "set_event_done", event="epidemic", done=False)
    assert t.view()["events_done"] == [] and t.view()["events_left"] == 5
    # A seat may not touch the event deck.
    assert t.api(1, "enter_event", event="epidemic").status_code == 403


def test_the_event_corrections_sit_in_the_hosts_fold_with_one_tap_per_card(app, client):
    t = Table(app, client, cards="physical")
    t.warlords(blue=2, red=2)
    html = t.table_page()
    fold = find(r'<details class="panel st-fold st-correct">.*?</details>', html)
    assert 'value="set_displays"' in fold and fold.count('value="type=enter_event&amp;') == 4
    assert fold.count('value="type=set_event_done&amp;') == 5 and "We drew this" in fold
    assert "Correct the board" not in t.phone_page(0)
    zh = t.table_page("zh-TW")
    assert "我們抽到這張" in zh and "設定計分板塊" in zh


def test_a_battles_winner_and_margin_are_fields_of_the_view_and_the_events(app, client):
    t = Table(app, client, cards="physical")
    t.warlords(blue=2, red=2)
    t.do(None, "enter_cards", province="qin", card0="7", card1="3")
    reply = t.do(None, "resolve")
    won = next(e for e in reply["events"] if e["type"] == "BattleWon")
    assert (won["winner"], won["margin"], won["plague"]) == (0, 4, False)
    assert reply["view"]["provinces"][0]["result"] == {
        "province": "qin",
        "cards": ["7", "3"],
        "winner": 0,
        "margin": 4,
        "plague": False,
    }
    assert t.get(public=True)["view"]["provinces"][0]["result"]["margin"] == 4


def test_the_event_timing_is_a_table_option_defaulting_to_after_the_battle(app, client):
    games = {g["id"]: g for g in client.get("/api/games").json}
    option = next(o for o in games["sun-tzu"]["options"] if o["name"] == "event_timing")
    assert option["default"] == "after"
    t = Table(app, client, cards="physical", event_timing="reveal")
    assert t.view()["event_timing"] == "reveal"
    assert Table(app, client, cards="physical").view()["event_timing"] == "after"


def test_the_one_tap_event_buttons_and_the_displays_form_post_from_the_table_screen(app, client):
    t = Table(app, client, cards="physical")
    t.warlords(blue=2, red=2)
    html = t.table_page()
    card = next(e for e in t.view()["event_cards"] if not e["up"])["id"]
    for data in (
        {"type": "set_event_done", "event": card, "done": "true"},
        {"type": "set_displays", "qin": "10", "chu": "9", "jin_yan": "1", "han_qi": "7", "wu": "2"},
    ):
        reply = client.post(
            f"/t/{t.id}/act",
            data={"csrf_token": form_csrf(html), **data},
            headers={"HX-Request": "true"},
        )
        assert reply.status_code == 200
    view = t.view()
    assert [e["id"] for e in view["events_done"]] == [card]
    assert [p["display"] for p in view["provinces"]] == [10, 9, 1, 7, 2]
