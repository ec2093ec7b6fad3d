"""Sun Tzu in real Chromium: a table screen and two phones play a whole game with cards on phones.

The table is created through the pages and the phones join by reading the QR codes off the
table screen. Rounds 1-3 (with the round-3 scoring) are played by clicks: the Warlord and the
five cards are chosen on the phones (the hand's cards are the buttons of the choice's panel),
the provinces are revealed by whoever chooses the battle order, the host
resolves the battles, the phones draw. A whole game by clicks takes 45-80 s on a busy machine,
so from round 4 the phones and the host play through the JSON API with their own tokens while
the screens follow live. After every step the table screen must show what the public JSON view
says (armies per province, 6 markers, score marker, round marker), and at the end the result
on every screen.
"""

from __future__ import annotations

import base64
import json
import re
import zlib

from playwright.sync_api import Page, expect

from tests.fixtures.sun_tzu import play_round

from .conftest import join_by_qr, start_table

PLAYERS = ["Ann", "Bo"]
PROVINCES = ["qin", "chu", "jin_yan", "han_qi", "wu"]
CLICK_ROUNDS = 3
CODES = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "+1", "+2", "+3", "-1", "P")


def version(page: Page) -> str:
    return page.locator("#live").get_attribute("data-version")


NEWER = "old => document.getElementById('live').dataset.version !== old"


def click(button, *watch: Page) -> None:
    """Click and wait until every watched screen shows a newer version of the table (checked
    every 20 ms: the live update arrives within a few milliseconds)."""
    before = [version(p) for p in watch]
    button.click()
    for page, old in zip(watch, before, strict=True):
        page.wait_for_function(NEWER, arg=old, polling=20, timeout=10_000)


def synced(server, table_id: str, *pages: Page) -> None:
    """Wait until these screens show the table's latest version (no live update on its way)."""
    latest = str(server.api("GET", f"/api/tables/{table_id}")["version"])
    for page in pages:
        expect(page.locator("#live")).to_have_attribute("data-version", latest)


def public_view(server, table_id: str) -> dict:
    return server.api("GET", f"/api/tables/{table_id}")["view"]


def expect_province(table: Page, p: dict) -> None:
    prov = table.locator(f'.st-prov[data-province="{p["id"]}"]')
    expect(prov.locator(".st-army.blue b")).to_have_text(str(p["armies"][0]))
    expect(prov.locator(".st-army.red b")).to_have_text(str(p["armies"][1]))


def expect_board(table: Page, view: dict) -> None:
    """The table screen shows the public state: armies, 6 markers, score and round markers."""
    for p in view["provinces"]:
        prov = table.locator(f'.st-prov[data-province="{p["id"]}"]')
        expect(prov.locator(".st-army.blue b")).to_have_text(str(p["armies"][0]))
        expect(prov.locator(".st-army.red b")).to_have_text(str(p["armies"][1]))
        for seat, colour in enumerate(("blue", "red")):
            mark = prov.locator(f".st-mark.{colour}")
            if p["markers"][seat]:
                expect(mark).to_have_text(str(p["markers"][seat]))
            else:
                expect(mark).to_have_count(0)
        expect(prov.locator(".st-values li.now b")).to_have_text(str(p["value"]))
    expect(table.locator(".st-track")).to_have_attribute("data-score", str(view["score"]))
    expect(table.locator(".st-track li.at")).to_have_text(str(abs(view["score"])))
    if not view["over"]:
        expect(table.locator(".st-rounds li.current")).to_have_attribute(
            "data-round", str(view["round"])
        )
    for seat, player in enumerate(view["players"]):
        card = table.locator(f'.st-player[data-seat="{seat}"]')
        expect(card.locator(".stat-pool .value")).to_have_text(str(player["pool"]))
        expect(card.locator(".stat-reserve .value")).to_have_text(str(player["reserve"]))


def expect_scoring(table: Page, view: dict, rnd: int) -> None:
    """After rounds 3, 6 and 9: the scoring breakdown and the marker's move on the table."""
    if rnd not in (3, 6, 9):
        return
    lines = table.locator(".st-scoring li")
    expect(lines).to_have_count(len(view["scoring"]))
    summary = view["scoring"][-1][1]
    assert summary["round"] == rnd
    expect(table.locator(".st-scoring .sum")).to_contain_text(
        f"Round {rnd}: Ann {summary['b']} - Bo {summary['r']} = {summary['diff']}; "
        f"the marker moves from {summary['old']} to {summary['new']}"
    )


def read_hand(phone: Page) -> list[str]:
    """What the player sees while holding the reveal button."""
    reveal = phone.locator("[data-reveal]")
    reveal.dispatch_event("pointerdown")
    hand = phone.locator(".private .st-myhand [data-card]")
    expect(hand.first).to_be_visible()
    cards = hand.all_inner_texts()
    reveal.dispatch_event("pointerup")
    expect(phone.locator(".private")).to_be_hidden()
    return cards


def choose_cards(phone: Page, seat: int) -> list[str]:
    """Blue places its five lowest cards from left to right, Red its five highest; a 6 never
    goes where the player's own 6 already marks the province (the phone says so)."""
    hand = read_hand(phone)
    pref = hand if seat == 0 else list(reversed(hand))
    chosen = []
    for prov in PROVINCES:
        blocked = phone.locator(f'.st-slot[data-province="{prov}"][data-six-blocked]').count()
        card = next(c for c in pref if not (c == "6" and blocked))
        pref.remove(card)
        chosen.append(card)
    return chosen


def choose_warlord(phone: Page, n: int, table: Page) -> None:
    """Open the Warlord choice and tap the card: the panel hides once the choice is saved."""
    phone.get_by_role("button", name="Choose your Warlord").click()
    panel = phone.locator("#st-choose-warlord-panel")
    click(panel.locator("button.choose-card", has_text=f"Warlord {n}"), table)
    expect(panel).to_be_hidden()


def place(phone: Page, cards: list[str], table: Page) -> None:
    """Open the placement and tap the cards: each fills the next province, left to right."""
    phone.get_by_role("button", name="Choose your cards").click()
    panel = phone.locator("#st-choose-place-panel")
    expect(panel).to_be_visible()
    for prov, card in zip(PROVINCES, cards, strict=True):
        expect(panel.locator(f'.st-slot[data-province="{prov}"]')).to_have_class(
            re.compile(r"\bactive\b")
        )
        panel.locator(f'[data-pick="{card}"]:not(.used)').first.click()
        expect(panel.locator(f'input[name="{prov}"]')).to_have_value(card)
    click(panel.get_by_role("button", name="Place these cards"), table)
    expect(panel).to_be_hidden()
    expect(phone.locator(".st-saved")).to_be_visible()
    click(phone.locator(".st-lock button"), table)


def nothing_placed_shows(table: Page, other: Page) -> None:
    """Before both lock: no placed card on the table screen or on the other phone."""
    expect(table.locator(".sealed .count")).to_have_text("1/2 locked")
    expect(table.locator(".st-provinces [data-card]")).to_have_count(0)
    expect(other.locator(".st-provinces [data-card]")).to_have_count(0)
    expect(other.locator(".st-placed")).to_have_count(0)


def play_battles(server, table_id: str, table: Page, phones: list[Page]) -> None:
    """Phase 3 by clicks: the chooser's phone (or the table) reveals, the table resolves."""
    watch = [table, *phones]
    while True:
        take = table.locator(".st-take .st-take-btn button")
        resolve = table.get_by_role("button", name="Resolve the battle")
        done = table.get_by_role("button", name=re.compile("^Battles done"))
        if take.count():
            click(take.first, *watch)
        elif resolve.count():
            province = table.locator(".st-prov.current").get_attribute("data-province")
            click(resolve, *watch)
            view = public_view(server, table_id)
            expect_province(table, next(p for p in view["provinces"] if p["id"] == province))
            expect(table.locator(".st-track")).to_have_attribute("data-score", str(view["score"]))
        elif done.count():
            click(done, *watch)
            return
        else:
            chooser = table.locator(".st-step").get_attribute("data-chooser")
            where = phones[int(chooser)] if chooser else table
            reveal = where.locator(".st-reveal button").first
            click(reveal, *watch)
            current = table.locator(".st-prov.current")
            expect(current.locator("[data-card]")).to_have_count(2)


def draw(phones: list[Page], table: Page) -> None:
    for phone in phones:
        opener = phone.get_by_role("button", name="Choose the card for the bottom")
        if opener.count():
            panel = phone.locator("#st-choose-bottom-panel")
            expect(panel).to_be_hidden()
            opener.click()
            # The buttons name the cards drawn: each is a card, with what it does.
            bottom = panel.locator("button.st-bottom")
            first = bottom.first.locator("[data-card]").inner_text()
            assert first in CODES
            click(bottom.first, table)
            expect(panel).to_be_hidden()


def session_token(page: Page, kind: str, table_id: str) -> str:
    """The host or seat token a browser holds for this table in its session cookie (Flask
    signs the cookie but does not encrypt it): the same credential the API takes."""
    cookie = next(c for c in page.context.cookies() if c["name"] == "tc_session")
    value = cookie["value"]
    payload = value.lstrip(".").split(".")[0]
    raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    if value.startswith("."):
        raw = zlib.decompress(raw)
    return json.loads(raw)[kind][table_id]


class Api:
    """The same players, through the JSON API with their own tokens."""

    def __init__(self, server, table_id: str, tokens: list[str]) -> None:
        self.server, self.table_id, self.tokens = server, table_id, tokens

    def view(self, who: int | None = None) -> dict:
        path = f"/api/tables/{self.table_id}"
        return self.server.api("GET", path, token=self.token(who))["view"]

    def token(self, who: int | None) -> str:
        return self.tokens[2] if who is None else self.tokens[who]

    def do(self, who: int | None, kind: str, **params) -> None:
        path = f"/api/tables/{self.table_id}/actions"
        self.server.api("POST", path, {"type": kind, **params}, token=self.token(who))

    def round(self) -> None:
        """One round with the same card choices as the clicks, then the draw."""
        play_round(self.do, self.view)


def test_a_full_game_with_cards_on_two_phones(server, new_context):
    table = new_context("screen").new_page()
    table_id = start_table(table, server.base, "Sun Tzu", PLAYERS, opt_cards="phones")
    phones = join_by_qr(new_context, table, PLAYERS)
    blue, red = phones

    # Setup: each Warlord is chosen in secret on the phone.
    choose_warlord(blue, 3, table)
    click(blue.locator(".st-lock button"), table)
    expect(table.locator(".sealed .count")).to_have_text("1/2 locked")
    assert "score marker 1 space" not in table.locator("#live").inner_text()
    choose_warlord(red, 4, table)
    click(red.locator(".st-lock button"), table)
    # Blue's Warlord 3 is played at once: the score marker starts one space towards Ann.
    expect(table.locator(".st-track")).to_have_attribute("data-score", "1")
    expect(table.locator(".st-player[data-seat='0'] .st-warlords.played")).to_contain_text(
        "score marker 1 space"
    )
    expect(table.locator(".st-rounds li.current")).to_have_text("1")

    # Round 1 starts with a recall: Ann discards a card other than 1-6 (everyone sees it).
    synced(server, table_id, blue)
    one_use = next(c for c in read_hand(blue) if not re.fullmatch("[1-6]", c))
    blue.get_by_role("button", name="Recall 1 army from the reserve").click()
    recall = blue.locator("#st-choose-recall-panel")
    click(recall.locator(f'button:has([data-card="{one_use}"])'), table)
    expect(recall).to_be_hidden()
    ann = table.locator(".st-player[data-seat='0']")
    expect(ann.locator(".stat-reserve .value")).to_have_text("2")
    expect(ann.locator(".stat-pool .value")).to_have_text("19")
    expect(ann.locator(".st-used [data-card]")).to_have_text([one_use])

    api = Api(
        server,
        table_id,
        [session_token(p, "seat", table_id) for p in phones]
        + [session_token(table, "host", table_id)],
    )
    rounds_played = 0
    for rnd in range(1, 10):
        view = public_view(server, table_id)
        if view["over"]:
            break
        expect(table.locator(".st-rounds li.current")).to_have_attribute("data-round", str(rnd))
        if rnd > CLICK_ROUNDS:
            api.round()
            view = public_view(server, table_id)
            synced(server, table_id, table, *phones)
            expect_scoring(table, view, rnd)
            expect_board(table, view)
            for phone in phones:
                expect(phone.locator(".st-track")).to_have_attribute(
                    "data-score", str(view["score"])
                )
            rounds_played = rnd
            continue
        expect(table.locator(".st-now")).to_contain_text("places one card opposite each province")
        first, second = (blue, red) if rnd % 2 else (red, blue)
        synced(server, table_id, table, *phones)
        place(first, choose_cards(first, phones.index(first)), table)
        nothing_placed_shows(table, second)
        place(second, choose_cards(second, phones.index(second)), table)
        expect(table.locator(".st-now")).not_to_contain_text("places one card")
        play_battles(server, table_id, table, phones)
        view = public_view(server, table_id)
        expect_scoring(table, view, rnd)
        expect_board(table, view)
        if not view["over"]:
            draw(phones, table)
        rounds_played = rnd

    # The end: the same result on the table screen and on both phones.
    view = public_view(server, table_id)
    assert view["over"], "the game did not end within 9 rounds"
    result = server.api("GET", f"/api/tables/{table_id}/result")
    score = view["score"]
    expect(table.locator(".status .turn")).to_have_text("Game over")
    headline = table.locator(".result .headline")
    if score:
        winner = "Ann" if score > 0 else "Bo"
        expect(headline).to_have_text(f"{winner} wins")
        expect(table.locator(".result-row.won .label")).to_contain_text(winner)
    else:
        expect(headline).to_have_text(result["headline"])
    for phone in phones:
        expect(phone.locator(".result .headline")).to_have_text(result["headline"])
        expect(phone.locator(".st-battle-acts, .st-place-form")).to_have_count(0)
    expect(blue.locator(".result-row.mine .score")).to_have_text(str(score))
    expect(red.locator(".result-row.mine .score")).to_have_text(str(-score))
    expect_board(table, view)
    # Round 3 always scores, so a game ends at round 3 at the earliest.
    assert rounds_played >= 3


def test_real_cards_are_entered_in_a_few_taps_and_corrections_are_tucked_away(server, new_context):
    table = new_context("screen").new_page()
    table_id = start_table(table, server.base, "Sun Tzu", PLAYERS, opt_cards="physical")
    phones = join_by_qr(new_context, table, PLAYERS)
    for phone in phones:
        choose_warlord(phone, 2, table)
        click(phone.locator(".st-lock button"), table)
    # Round 1: Qin is the only province to enter; the host taps Ann's card, Bo's card, Enter.
    expect(table.locator(".st-now")).to_contain_text("Turn over the two cards of Qin")
    entry = table.locator(".st-entry")
    entry.locator(".st-chips.blue label", has_text=re.compile("^7$")).click()
    entry.locator(".st-chips.red label", has_text=re.compile(r"^\+2$")).click()
    click(table.get_by_role("button", name="Enter the revealed cards"), table, *phones)
    qin = table.locator('.st-prov[data-province="qin"]')
    expect(qin.locator("[data-card]")).to_have_text(["7", "+2"])
    # Bo's +2 costs 1 army to the reserve at once.
    expect(table.locator(".st-player[data-seat='1'] .stat-reserve .value")).to_have_text("4")
    click(table.get_by_role("button", name="Resolve the battle"), table, *phones)
    expect(table.locator(".st-log")).to_contain_text("Qin: Bo wins by 2")
    expect(qin.locator(".st-army.red b")).to_have_text("2")
    expect(phones[0].locator('.st-prov[data-province="qin"] .st-army.red b')).to_have_text("2")
    expect_board(table, public_view(server, table_id))
    # The correction forms live in a closed <details>, one tap away.
    fold = table.locator("details.st-correct")
    expect(fold.locator("form").first).to_be_hidden()
    fold.locator("summary").click()
    fold.locator('input[name="score"]').fill("-3")
    click(fold.get_by_role("button", name="Set the score marker"), table, *phones)
    expect(table.locator(".st-track")).to_have_attribute("data-score", "-3")
    expect(phones[1].locator(".st-track")).to_have_attribute("data-score", "-3")
    expect(table.locator(".latest")).to_contain_text(
        re.compile(r"Table screen: the score marker -?\d+ → -3")
    )
    # We drew this: one tap on an event card still in the deck puts it face up.
    cards = public_view(server, table_id)["event_cards"]
    card = next(e for e in cards if not e["up"] and not e["done"])
    fold = table.locator("details.st-correct")
    if not fold.evaluate("d => d.open"):
        fold.locator("summary").click()
    row = fold.locator(f'li[data-event="{card["id"]}"]')
    click(row.get_by_role("button", name="We drew this"), table, *phones)
    expect(table.locator(".st-event-name")).to_have_text(card["name_t"])
    expect(phones[0].locator(".st-event-name")).to_have_text(card["name_t"])
