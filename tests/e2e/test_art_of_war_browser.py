"""The Art of War in real Chromium: a table screen and three phones through a round's secret
choices and an epic auction.

The table is created through the pages, the phones join by reading the QR codes off the table
screen, and every choice is made by clicking what a player would click. Rounds 1 to 5 are
played quickly through the JSON API with the tokens the browsers hold; the round 6 auction
is clicked again on the phones.

Then, at a phone's, a laptop's and a TV's size (390x844, 1366x768, 1920x1080) and in both
languages, one player's purchases, epic bid, building and deployment, each in its private
panel with the money in view and nothing wider than the screen.
"""

from __future__ import annotations

import base64
import json
import re
import zlib
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from companion.games.art_of_war.data import ALL_BUILDINGS
from tests.e2e.conftest import scan_qr, start_table
from tests.fixtures.art_of_war import tap_on

PLAYERS = ["Ann", "Bo", "Cy"]
# Soldiers and food each player takes at setup (Ann starts: 8, 9 and 9 resources).
SPLITS = [(3, 2), (3, 3), (2, 2)]
# The history line of the event phase moving on by itself, in each language.
EVENT_MOVED_ON = {
    "en": "Nothing to do in the Event phase: the event card acts by itself. Moving on.",
    "zh_TW": "「抽取事件卡」無事可做：事件卡會自行生效。自動進入下一階段。",
}


def session_tokens(context: BrowserContext, kind: str) -> dict[str, str]:
    """The tokens a browser holds in its (signed, not encrypted) session cookie."""
    cookie = next(c for c in context.cookies() if c["name"] == "tc_session")
    payload = cookie["value"]
    data = payload.lstrip(".").split(".")[0]
    raw = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    if payload.startswith("."):
        raw = zlib.decompress(raw)
    return json.loads(raw)[kind]


def card(page: Page, seat: int):
    return page.locator(f'article.aow-player[data-seat="{seat}"]')


def stat(page: Page, seat: int, name: str) -> int:
    return int(card(page, seat).locator(f".stat-{name} .value").inner_text())


class Api:
    """The JSON API with the tokens of the table screen and the phones."""

    def __init__(self, server: Any, table_id: str, host: str, seats: list[str]) -> None:
        self.server, self.id, self.host, self.seats = server, table_id, host, seats
        self.table_path = f"/t/{table_id}"

    def act(self, who: int | None, **body: Any) -> dict:
        token = self.host if who is None else self.seats[who]
        return self.server.api("POST", f"/api/tables/{self.id}/actions", body, token=token)

    def view(self, who: int | None = None) -> dict:
        token = self.host if who is None else self.seats[who]
        return self.server.api("GET", f"/api/tables/{self.id}", token=token)["view"]

    def play_until(self, done) -> None:
        """Everyone at Peace and at home, every tribute as food, until ``done(view)``."""
        tap_on(lambda who, type_, **p: self.act(who, type=type_, **p), self.view, done)


def lock_in(phone: Page, last: bool = False) -> None:
    """Lock the phone's secret choice; the last lock reveals everything and ends the round."""
    phone.locator(".aow-choose").get_by_role("button", name="Lock in").click()
    if last:
        expect(phone.locator(".aow-choose")).to_have_count(0)
    else:
        expect(phone.locator(".aow-locked")).to_have_text("Locked in. Waiting for the others.")


def test_three_phones_make_the_secret_choices_and_win_an_epic_at_the_second_price(
    server, new_context
):
    table = new_context("screen").new_page()
    table_id = start_table(table, server.base, "The Art of War", PLAYERS)
    table.locator(".aow-setup select[name=seat]").select_option(label="Ann")
    table.get_by_role("button", name="Set the start player").click()
    expect(card(table, 0).locator(".badge.turn")).to_have_text("Start player")

    phones: list[Page] = []
    for name in PLAYERS:
        context = new_context("phone")
        phone = context.new_page()
        phone.goto(scan_qr(table, name))
        expect(phone.locator(".me-name")).to_have_text(name)
        phones.append(phone)
    sealed = table.locator(".sealed .count")

    # Setup: each phone keeps Advisor 1 and General 1 and splits its resources, in secret.
    expect(sealed).to_have_text("0/3 locked")
    for seat, phone in enumerate(phones):
        form = phone.locator(".aow-setup-form")
        # The cards are in view only inside the choice's own panel.
        phone.get_by_role("button", name="Choose your Advisor and General").click()
        form.get_by_label("Advisor 1").check()
        form.get_by_label("General 1").check()
        form.get_by_label("Soldiers", exact=True).fill(str(SPLITS[seat][0]))
        form.get_by_label("food", exact=True).fill(str(SPLITS[seat][1]))
        form.get_by_role("button", name="Choose").click()
        expect(phone.locator(".aow-chosen")).to_be_visible()
        lock_in(phone, last=seat == 2)
        if seat < 2:
            expect(sealed).to_have_text(f"{seat + 1}/3 locked")
            # Nobody's split shows on the table screen before everyone has locked in.
            expect(card(table, seat).locator(".stat-soldiers")).to_have_count(0)
    expect(table.locator('.aow-phases li.current[data-phase="0"]')).to_be_visible()
    for seat, (soldiers, food) in enumerate(SPLITS):
        expect(card(table, seat).locator(".stat-soldiers .value")).to_have_text(str(soldiers))
        expect(card(table, seat).locator(".stat-food .value")).to_have_text(str(food))
        expect(card(table, seat).locator(".aow-advisor strong")).not_to_be_empty()

    # One tap draws the event; nothing can happen in the event phase, so the table moves on
    # to War or Peace by itself, and its history says why.
    table.get_by_role("button", name="Next →").click()
    expect(table.locator('.aow-phases li.current[data-phase="2"]')).to_be_visible()
    expect(table.locator(".aow-event-name")).not_to_be_empty()
    expect(table.locator(".history")).to_contain_text(EVENT_MOVED_ON["en"])
    expect(table.locator(".aow-blocker")).to_have_text("Waiting for secret choices.")
    before = [(stat(table, s, "food"), stat(table, s, "soldiers")) for s in range(3)]
    expect(table.get_by_role("button", name="Next →")).to_have_count(0)

    # War or Peace, chosen at once on the three phones, then locked one by one.
    for phone, stance in zip(phones, ("War", "Peace", "Peace"), strict=True):
        phone.locator(".aow-stance-pick").get_by_role("button", name=stance).click()
    for phone, stance in zip(phones, ("War", "Peace", "Peace"), strict=True):
        expect(phone.locator(".aow-chosen")).to_be_visible()
        # The choice shows only inside the press-and-hold panel.
        private = phone.locator(".private")
        expect(private).to_be_hidden()
        phone.locator("[data-reveal]").dispatch_event("pointerdown")
        expect(private.locator(".aow-my-choice .secret-big")).to_have_text(stance)
        phone.locator("[data-reveal]").dispatch_event("pointerup")
        expect(private).to_be_hidden()
    stances = table.locator("article.aow-player .aow-stance")
    for n, phone in enumerate(phones):
        expect(sealed).to_have_text(f"{n}/3 locked")
        expect(stances).to_have_count(0)
        for other in phones:
            expect(other.locator(".aow-everyone .aow-stance")).to_have_count(0)
        lock_in(phone, last=n == 2)
    expect(stances).to_have_count(3)
    expect(stances).to_have_text(["War", "Peace", "Peace"])
    expect(table.locator(".sealed")).to_have_count(0)
    expect(phones[1].locator('.aow-everyone li[data-seat="0"] .aow-stance')).to_have_text("War")

    # Production follows the reveal by itself (no tribute to take), and so do the purchases:
    # what the app worked out stays on the table screen, and the cards add it up.
    expect(table.locator('.aow-phases li.current[data-phase="4"]')).to_be_visible()
    expect(table.locator(".history")).to_contain_text(
        "Nothing to do in the Production phase: production and tribute are settled. Moving on."
    )
    computed = table.locator(".aow-computed")
    expect(computed).to_contain_text("War: +3 soldiers")
    for seat, name in enumerate(PLAYERS):
        line = computed.locator("li.who", has_text=f"{name}: food +")
        expect(line).to_have_count(1)
        food, soldiers = map(int, re.findall(r"\+(\d+)", line.inner_text()))
        expect(card(table, seat).locator(".stat-food .value")).to_have_text(
            str(before[seat][0] + food)
        )
        expect(card(table, seat).locator(".stat-soldiers .value")).to_have_text(
            str(before[seat][1] + soldiers)
        )
    # Peace's +1 on the barracks (base 4) and War's +3 (base 3 + 3).
    expect(computed).to_contain_text("Barracks: base 4 + 0 workers")
    # The mine's money is private: on Ann's phone, inside the panel, not on the table.
    expect(computed).not_to_contain_text("Mine:")
    expect(phones[0].locator(".private .money-lines")).to_contain_text("Mine: base 0")

    # Rounds 1 to 5 go by through the JSON API, with the tokens these browsers hold.
    host = session_tokens(table.context, "host")[table_id]
    api = Api(server, table_id, host, [session_tokens(p.context, "seat")[table_id] for p in phones])
    api.play_until(lambda v: v["round"] == 6 and v["step"] == "purchase")
    expect(table.locator(".status .round")).to_have_text("Round 6")
    money = [api.view(seat)["me"]["money"] for seat in range(3)]
    assert min(money) >= 7, money

    # Round 6: the first epic auction, with sealed bids clicked on the three phones.
    table.get_by_role("button", name="Next →").click()
    auction = table.locator(".aow-auction")
    # The click does not wait for its move: read the view once the table screen shows it.
    expect(auction.locator(".aow-epic-up strong")).to_be_visible()
    epic = api.view()["auction"]["epic_t"]
    expect(auction.locator(".aow-epic-up strong")).to_have_text(epic)
    bids = [7, 5, 2]
    for n, (phone, bid) in enumerate(zip(phones, bids, strict=True)):
        # The bid is made inside the private panel, with the player's money in view.
        phone.locator('[data-choose-open="aow-choose-bid-panel"]').click()
        form = phone.locator(".aow-bid-form")
        expect(form).to_contain_text(epic)
        expect(form.locator(".aow-bid-money")).to_have_text(f"Your money: ${money[n]}")
        form.get_by_label("Your bid ($, 0 = pass)").fill(str(bid))
        form.get_by_role("button", name="Bid").click()
        expect(phone.locator(".aow-chosen")).to_be_visible()
        lock_in(phone, last=n == 2)
        if n < 2:
            expect(auction.locator(".aow-bid-status")).to_have_text(f"Bids locked: {n + 1}/3")
            # No bid shows anywhere before the last one is in.
            expect(auction.locator(".aow-bids")).to_have_count(0)
            for other in phones:
                expect(other.locator(".aow-bids-line")).to_have_count(0)
    result = f"Ann wins the {epic} and pays $5"
    expect(auction.locator(".aow-auction-result")).to_have_text(result)
    expect(auction.locator(".aow-bids li")).to_have_text(["Ann $7", "Bo $5", "Cy $2"])
    for phone in phones:
        expect(phone.locator(".aow-phone-auction .aow-auction-result")).to_have_text(result)
    expect(phones[0].locator(".private .aow-money")).to_have_text(f"${money[0] - 5}")
    expect(phones[1].locator(".private .aow-money")).to_have_text(f"${money[1]}")
    expect(table.locator(".aow-buildings")).to_contain_text(f"Ann holds the epic blueprint {epic}")

    # One phone never shows another phone's money: each holds exactly its own.
    money[0] -= 5
    shown = {*(f"${b}" for b in bids), "$5"}
    for seat, phone in enumerate(phones):
        holder = phone.locator("[data-money]")
        expect(holder).to_have_count(1)
        expect(holder).to_have_attribute("data-money", str(money[seat]))
        expect(phone.locator(".aow-everyone")).not_to_contain_text("$")
        for other in range(3):
            if other != seat and f"${money[other]}" not in shown | {f"${money[seat]}"}:
                expect(phone.locator("main")).not_to_contain_text(f"${money[other]}")
    expect(table.locator(".aow-players .stat-money")).to_have_count(0)


def test_the_table_screen_says_in_both_languages_why_a_phase_moved_on(server, new_context):
    table = new_context("screen").new_page()
    table_id = start_table(table, server.base, "The Art of War", PLAYERS)
    host = session_tokens(table.context, "host")[table_id]
    # Every code is read before any is used: a claimed seat's QR leaves the screen.
    codes = [scan_qr(table, name).rstrip("/").rsplit("/", 1)[1] for name in PLAYERS]
    seats = [server.api("POST", "/api/join", {"code": code})["token"] for code in codes]
    api = Api(server, table_id, host, seats)
    for seat, (soldiers, food) in enumerate(SPLITS):
        api.act(seat, type="choose_setup", advisor=0, general=0, soldiers=soldiers, food=food)
        api.act(seat, type="lock")
    api.act(None, type="next")
    expect(table.locator('.aow-phases li.current[data-phase="2"]')).to_be_visible()
    expect(table.locator(".history")).to_contain_text(EVENT_MOVED_ON["en"])
    table.goto(f"{server.base}/lang/zh_TW?next=/t/{table_id}")
    expect(table.locator(".history")).to_contain_text(EVENT_MOVED_ON["zh_TW"])
    expect(table.locator(".history")).not_to_contain_text("Moving on")


# --------------------------------------------------------------------------- a few taps

SIZES = {"phone": (390, 844), "laptop": (1366, 768), "tv": (1920, 1080)}
HTML_LANG = {"en": "en", "zh_TW": "zh-Hant-TW"}
LOCK_IN = {"en": "Lock in", "zh_TW": "鎖定"}


def seated_phone(server: Any, new_context: Any, size: str, lang: str) -> tuple[Page, Api]:
    """A table (epic auctions from round 1) with Ann's phone in a browser of ``size`` and
    ``lang``, the others through the API, everyone set up and at Peace: at the purchases."""
    made = server.api(
        "POST",
        "/api/tables",
        {"game": "art-of-war", "players": PLAYERS, "options": {"auction_from": 1}},
    )
    context = new_context("phone" if size == "phone" else "screen", lang)
    phone = context.new_page()
    width, height = SIZES[size]
    phone.set_viewport_size({"width": width, "height": height})
    phone.goto(made["seats"][0]["join_url"])
    expect(phone.locator(".me-name")).to_have_text("Ann")
    others = [
        server.api("POST", "/api/join", {"code": s["join_code"]})["token"]
        for s in made["seats"][1:]
    ]
    ann = session_tokens(context, "seat")[made["id"]]
    api = Api(server, made["id"], made["host_token"], [ann, *others])
    api.table_path = urlparse(made["table_url"]).path
    api.act(None, type="set_start_player", seat=0)
    for seat, (soldiers, food) in enumerate(SPLITS):
        api.act(seat, type="choose_setup", advisor=0, general=0, soldiers=soldiers, food=food)
        api.act(seat, type="lock")
    api.act(None, type="next")
    for seat in range(3):
        api.act(seat, type="choose_stance", stance="peace")
        api.act(seat, type="lock")
    assert api.view()["step"] == "purchase"
    return phone, api


def shows(page: Page, reply: dict) -> None:
    """Wait until ``page`` has received the table version an API ``reply`` made: a panel
    opened before the change reaches the phone would still show what it had."""
    page.wait_for_function(
        "v => +document.querySelector('#live').dataset.version >= v",
        arg=reply["version"],
        timeout=15_000,
    )


def shot(page: Page, name: str, size: str, lang: str, full: bool = True) -> None:
    """A screenshot, once the page is checked to be no wider than its screen."""
    fits_across(page)
    page.screenshot(path=f"/tmp/shots-aow/{name}-{size}-{lang}.png", full_page=full)


def fits_across(page: Page) -> None:
    """Nothing on the page is wider than the screen: no sideways scrolling."""
    wide = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert wide[0] <= wide[1], f"{page.url} is {wide[0]}px wide on a {wide[1]}px screen"


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
@pytest.mark.parametrize("size", list(SIZES))
def test_a_phone_buys_bids_builds_and_deploys_with_its_money_in_view_and_says_done(
    server, new_context, size, lang
):
    phone, api = seated_phone(server, new_context, size, lang)
    expect(phone.locator("html")).to_have_attribute("lang", HTML_LANG[lang])
    # Ann holds $3: a tactic card, not a blueprint ($4). The purchases open from one button
    # (the same whatever she holds), and the panel offers only what would be accepted.
    shows(phone, api.act(0, type="set_money", n=3))
    opener = phone.locator('[data-choose-open="aow-choose-buy-panel"]')
    expect(opener).to_be_visible()
    opener.click()
    panel = phone.locator("#aow-choose-buy-panel")
    expect(panel.locator(".aow-bid-money")).to_contain_text("$3")
    expect(panel.locator(".aow-buy-tactic button")).to_be_visible()
    # The money and what it buys are in view together, as the panel opens.
    expect(panel.locator(".aow-bid-money")).to_be_in_viewport()
    expect(panel.locator(".aow-buy-tactic button")).to_be_in_viewport()
    expect(panel.locator(".aow-buy-blueprint")).to_have_count(0)
    expect(panel.locator(".aow-cannot")).to_contain_text("$4")
    shot(phone, "buy", size, lang, full=False)
    panel.locator(".aow-buy-tactic button").click()
    expect(panel).to_be_hidden()
    expect(phone.locator(".private .aow-money")).to_have_text("$0")
    # Done on the phone; the table waits for the others, then moves on by itself.
    expect(phone.locator(".aow-done-button button")).to_be_visible()
    shot(phone, "done", size, lang, full=False)
    phone.locator(".aow-done-button button").click()
    expect(phone.locator(".aow-done-wait .chip")).to_have_count(2)
    # The table screen shows whom the table waits for.
    # A laptop beside the phones, or the TV when the phone's size is a TV's.
    screen = new_context("screen", lang).new_page()
    width, height = SIZES["tv" if size == "tv" else "laptop"]
    screen.set_viewport_size({"width": width, "height": height})
    screen.goto(server.base + api.table_path)
    expect(screen.locator(".aow-waiting .chip")).to_have_text(["Bo", "Cy"])
    expect(screen.locator(".aow-waiting")).to_be_in_viewport()
    shot(screen, "table-waiting", size, lang, full=False)
    screen.close()
    for seat in (1, 2):
        api.act(seat, type="done")

    # The epic auction: the bid is made inside the private panel, with the money in view.
    expect(phone.locator('[data-choose-open="aow-choose-bid-panel"]')).to_be_visible()
    shows(phone, api.act(0, type="set_money", n=6))
    phone.locator('[data-choose-open="aow-choose-bid-panel"]').click()
    bid = phone.locator("#aow-choose-bid-panel")
    expect(bid.locator(".aow-bid-money")).to_contain_text("$6")
    expect(bid.locator("input[name=amount]")).to_have_attribute("max", "6")
    # The bid is made with the money in view: both on screen, with the button that sends it.
    for part in (".aow-bid-money", "input[name=amount]", "button[type=submit]"):
        expect(bid.locator(part)).to_be_in_viewport()
    shot(phone, "bid", size, lang, full=False)
    bid.locator("input[name=amount]").fill("2")
    bid.locator("button[type=submit]").click()
    expect(phone.locator(".aow-chosen")).to_be_visible()
    expect(bid).to_be_hidden()
    lock = phone.locator(".aow-choose .aow-lock button")
    expect(lock).to_have_text(LOCK_IN[lang])
    lock.click()
    for seat in (1, 2):
        api.act(seat, type="bid", amount=0)
        api.act(seat, type="lock")
    expect(phone.locator(".aow-phone-auction .aow-auction-result")).to_be_visible()

    # Workers and building: Ann adds a blueprint for 2 workers and one for 4, with 3
    # soldiers in hand: the first is offered, the second is not (none of them is on the map
    # yet). The epic she won may be a blueprint too, so the panel is held to the view's list.
    addable = [b["key"] for b in api.view(0)["me"]["addable_blueprints"]]
    small = next(k for k in addable if ALL_BUILDINGS[k]["workers"] == 2)
    big = next(k for k in addable if ALL_BUILDINGS[k]["workers"] == 4)
    api.act(0, type="add_blueprint", building=small)
    shows(phone, api.act(0, type="add_blueprint", building=big))
    expect(phone.locator('[data-choose-open="aow-choose-build-panel"]')).to_be_visible()
    in_hand = api.view(0)["players"][0]["in_hand"]
    shows(phone, api.act(None, type="correct", seat=0, what="soldiers", delta=3 - in_hand))
    phone.locator('[data-choose-open="aow-choose-build-panel"]').click()
    build = phone.locator("#aow-choose-build-panel")
    startable = [b["key"] for b in api.view(0)["me"]["build"]["startable"]]
    assert small in startable and big not in startable
    options = build.locator("select[name=building] option")
    expect(options).to_have_count(len(startable))
    assert sorted(options.evaluate_all("os => os.map(o => o.value)")) == sorted(startable)
    build.locator("select[name=building]").select_option(small)
    expect(build.locator("button[type=submit]")).to_be_in_viewport()
    shot(phone, "build", size, lang, full=False)
    build.locator("button[type=submit]").click()
    expect(build).to_be_hidden()
    assert any(b["key"] == small for b in api.view()["buildings"])
    api.act(None, type="correct", seat=0, what="soldiers", delta=5)
    for step in ("build", "payments"):
        assert api.view()["step"] == step
        for seat in range(3):
            api.act(seat, type="done")

    # The deployment: steppers in the private panel, no long pickers; it stays open while
    # tapping, and Lock in closes it.
    phone.locator('[data-choose-open="aow-choose-deploy-panel"]').click()
    deploy = phone.locator("#aow-choose-deploy-panel")
    expect(deploy.locator("select")).to_have_count(0)
    camp = deploy.locator('.aow-deploy-row[data-loc="camp-0"]')
    for n in (1, 2):
        camp.locator(".aow-step-plus button").click()
        expect(camp.locator(".aow-deploy-n")).to_have_text(str(n))
        expect(deploy).to_be_visible()
    camp.locator(".aow-step-minus button").click()
    expect(camp.locator(".aow-deploy-n")).to_have_text("1")
    shot(phone, "deploy", size, lang, full=False)
    box = camp.bounding_box()
    assert box is not None and box["x"] + box["width"] <= SIZES[size][0]
    # A place's name and its steppers are read together, on a laptop or a TV too.
    assert box["width"] <= 720, f"the row is {box['width']}px wide"
    expect(deploy.locator(".choose-done button")).to_have_text(LOCK_IN[lang])
    deploy.locator(".choose-done button").click()
    expect(phone.locator(".aow-locked")).to_be_visible()
    mine = api.view(0)["me"]["deploy"]["draft"]
    assert {"loc": "camp-0", "n": 1} in [{"loc": d["loc"], "n": d["n"]} for d in mine]


def hold_reveal(phone: Page) -> None:
    """Press and hold the secret's button, as a player does (let go with phone.mouse.up())."""
    phone.locator("[data-reveal]").hover()
    phone.mouse.down()
    expect(phone.locator(".private")).to_be_visible()


def face_buttons(phone: Page) -> list[str]:
    """The cards' and counters' buttons as they show on the phone's face."""
    return phone.locator(".aow-hand .choose-open").all_inner_texts()


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
@pytest.mark.parametrize("size", list(SIZES))
def test_a_phones_cards_general_and_fixes_show_the_same_buttons_whatever_it_holds(
    server, new_context, size, lang
):
    phone, api = seated_phone(server, new_context, size, lang)
    tactics = api.view(0)["me"]["tactics"]
    if tactics:
        api.act(0, type="adjust_tactics", delta=-tactics)
    api.act(0, type="set_money", n=0)
    expect(phone.locator(".aow-hand .choose-open")).to_have_count(3)
    empty_handed = face_buttons(phone)
    hold_reveal(phone)
    expect(phone.locator(".private .aow-tactics")).to_have_text("0")
    expect(phone.locator(".private .aow-money")).to_have_text("$0")
    shot_face(phone, "face-held", size, lang, full=True)
    phone.mouse.up()
    expect(phone.locator(".private")).to_be_hidden()
    shot_face(phone, "face", size, lang, full=True)

    # No card in hand: the button is there all the same, and its panel says so.
    phone.locator('[data-choose-open="aow-choose-play-panel"]').click()
    play = phone.locator("#aow-choose-play-panel")
    expect(play.locator(".aow-cannot")).to_be_visible()
    expect(play.locator(".aow-play-form")).to_have_count(0)
    play.locator("[data-choose-hide]").click()
    expect(play).to_be_hidden()

    # The counters are fixed in their own panel, which stays open while tapping.
    phone.locator('[data-choose-open="aow-choose-fix-panel"]').click()
    fix = phone.locator("#aow-choose-fix-panel")
    fix.locator(".aow-fix-tactics .plus button").click()
    expect(fix.locator(".aow-tactics")).to_have_text("1")
    fix.locator("input[name=n]").fill("7")
    fix.locator(".aow-set-money button").click()
    expect(fix.locator(".aow-money")).to_have_text("$7")
    expect(fix).to_be_visible()
    shot_face(phone, "fix", size, lang)
    fix.locator("[data-choose-hide]").click()
    expect(fix).to_be_hidden()

    # A card and $7 in hand: the face is the same; the panels show what changed.
    assert face_buttons(phone) == empty_handed
    expect(phone.locator("#aow-set-money input[name=n]")).to_have_value("7")
    phone.locator('[data-choose-open="aow-choose-play-panel"]').click()
    expect(play.locator(".aow-play-form select[name=card]")).to_be_visible()
    expect(play.locator(".aow-cannot")).to_have_count(0)
    shot_face(phone, "play", size, lang)
    play.locator("[data-choose-hide]").click()
    hold_reveal(phone)
    expect(phone.locator(".private .aow-tactics")).to_have_text("1")
    expect(phone.locator(".private .aow-money")).to_have_text("$7")
    phone.mouse.up()
    expect(phone.locator(".private")).to_be_hidden()


def shot_face(page: Page, name: str, size: str, lang: str, full: bool = False) -> None:
    Path("/tmp/shots-face").mkdir(exist_ok=True)
    page.screenshot(path=f"/tmp/shots-face/{name}-{size}-{lang}.png", full_page=full)
