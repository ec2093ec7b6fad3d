"""The TV view in real Chromium: readable from the sofa, public only, live, and hands-free.

For each game, in English and Traditional Chinese, at 1920x1080, the TV page of a table in
play is measured as the browser draws it (each page's fitting zoom included): whose turn and
the round/phase at 48 px or more, the game's key numbers at 40 px or more, their labels at
22 px or more; nothing to tap, no host instruction, no dismissable banner. Its pages take
turns on their own; a tap on a phone reaches the TV live, and the host's screen offers the
TV with a QR code that scans. (tests/e2e/test_tv_layout_browser.py checks that every page
of every game at every stage fits the screen.)
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
import zxingcpp
from PIL import Image
from playwright.sync_api import Page, expect

TV = {"width": 1920, "height": 1080}
SMALL_TV = {"width": 1280, "height": 720}
LOCALES = {"en": "en-US", "zh_TW": "zh-TW"}


@dataclass
class Table:
    id: str
    host_token: str
    seats: list[dict[str, Any]]
    tokens: list[str]


def create(server, game: str, players: list[str]) -> tuple[Table, Callable[..., Any]]:
    """A table made through the JSON API, every seat joined; and a way to act on it."""
    made = server.api("POST", "/api/tables", {"game": game, "players": players})
    tokens = [
        server.api("POST", "/api/join", {"code": seat["join_code"]})["token"]
        for seat in made["seats"]
    ]
    table = Table(made["id"], made["host_token"], made["seats"], tokens)

    def act(by: int | None = None, **body: Any) -> Any:
        token = table.host_token if by is None else tokens[by]
        return server.api("POST", f"/api/tables/{table.id}/actions", body, token)

    return table, act


def samurai_sword(server) -> Table:
    table, act = create(server, "samurai-sword", ["Ann", "Bo", "Cy", "Di", "Ed"])
    act(type="adjust", seat=1, counter="health", delta=-2)
    act(type="next_phase")
    return table


def sun_tzu(server) -> Table:
    table, act = create(server, "sun-tzu", ["Ann", "Bo"])
    for seat in (0, 1):
        act(seat, type="choose_warlord", warlord=1)
        act(seat, type="lock")
    act(type="move_armies", seat=1, src="pool", dst="wu", n=2)
    return table


def quorsum(server) -> Table:
    table, act = create(server, "quorsum", ["Ann", "Bo"])
    act(type="rolloff", die0=5, die1=2)
    act(type="choose", option="B")
    act(type="place", owners="0,1,1,0")
    return table


def art_of_war(server) -> Table:
    table, act = create(server, "art-of-war", ["Ann", "Bo", "Cy"])
    act(type="set_start_player", seat=0)
    for seat, (soldiers, food) in enumerate(((4, 2), (3, 3), (2, 2))):
        act(seat, type="choose_setup", advisor=0, general=0, soldiers=soldiers, food=food)
        act(seat, type="lock")
    return table


def three_kingdoms(server) -> Table:
    table, act = create(server, "three-kingdoms", ["Ann", "Bo", "Cy"])
    act(type="expand", spaces=2, alert=1, hold=1, complete=True)
    return table


@dataclass
class Game:
    start: Callable[[Any], Table]
    has_turn: bool  # Sun Tzu and The Art of War play simultaneously: nobody's turn
    numbers: list[str]  # the key numbers, read from the sofa
    labels: list[str]  # what those numbers are, and the players' names


GAMES = {
    "samurai-sword": Game(
        samurai_sword,
        True,
        [".ss-player .stat-health .value", ".ss-player .stat-honor .value"],
        [".ss-player .stat .label", ".ss-player h3 .name"],
    ),
    "sun-tzu": Game(
        sun_tzu,
        False,
        [".st-army b", ".st-player .stat .value", ".st-track .st-marker"],
        [".st-player .stat .label", ".st-army small", ".st-prov-name", ".st-player h3 .name"],
    ),
    "quorsum": Game(
        quorsum,
        True,
        [".q-far b", ".q-cube .q-count", ".q-cell .q-value"],
        [".q-far small", ".q-where", ".q-cube-text", ".q-player h3 .name"],
    ),
    "art-of-war": Game(
        art_of_war,
        False,
        [".aow-player .stat .value"],
        [".aow-player .stat .label", ".aow-facts dt", ".aow-player h3 .name"],
    ),
    "three-kingdoms": Game(
        three_kingdoms,
        True,
        [".tk-score .value", ".tk-troop-stats .stat .value", ".tk-tiles .value", ".tk-cmds b"],
        [".tk-troop-stats .stat .label", ".tk-cards .label", ".tk-player h3 .name"],
    ),
}

# Font sizes (px) of every element a selector matches that is laid out (on the current page
# or a page waiting its turn), as the browser draws them: with the page's fitting zoom.
SIZES = """(selector) => [...document.querySelectorAll(selector)]
  .filter((el) => el.getClientRects().length > 0)
  .map((el) => parseFloat(getComputedStyle(el).fontSize) * (el.currentCSSZoom || 1))"""

# What a TV must never show: anything to tap (links, buttons, fields, folds) and its size.
LAYOUT = """() => {
  const drawn = (el) => el.getClientRects().length > 0;
  const root = document.documentElement;
  return {
    width: window.innerWidth, height: window.innerHeight,
    scrollWidth: root.scrollWidth, scrollHeight: root.scrollHeight,
    tappable: [...document.querySelectorAll("a, button, input, select, textarea, summary, form")]
      .filter(drawn).map((el) => el.outerHTML.slice(0, 120)),
    latest: [...document.querySelectorAll("#live .latest")].map((el) => ({
      right: el.getBoundingClientRect().right, clipped: el.scrollWidth > el.clientWidth,
    })),
    text: document.getElementById("live").textContent,
  };
}"""
# Words that ask someone at the table to tap or enter something: meant for the host.
HOST_WORDS = {"en": r"\b(tap|enter them)\b", "zh_TW": r"點一下|點選|再點"}


def sizes(page: Page, selector: str) -> list[float]:
    found = page.evaluate(SIZES, selector)
    assert found, f"nothing visible matches {selector}"
    return found


def smallest(page: Page, selector: str) -> float:
    return min(sizes(page, selector))


def open_tv(browser, base: str, table_id: str, lang: str, viewport: dict) -> Page:
    context = browser.new_context(viewport=viewport, locale=LOCALES[lang])
    page = context.new_page()
    page.goto(f"{base}/t/{table_id}/tv")
    expect(page.locator("body.tv #live .status")).to_be_visible()
    # tv.js marks the live area once every page is fitted to the screen.
    expect(page.locator("#live[data-fitted]")).to_have_count(1, timeout=20_000)
    return page


def assert_hands_free(page: Page, lang: str = "en") -> None:
    """Nothing to tap, nothing meant for the host, no banner to dismiss, no scrolling."""
    layout = page.evaluate(LAYOUT)
    assert layout["tappable"] == [], layout["tappable"]
    assert not re.search(HOST_WORDS[lang], layout["text"], re.IGNORECASE), layout["text"]
    for line in layout["latest"]:
        assert line["right"] <= layout["width"] and not line["clipped"], line
    assert layout["scrollWidth"] <= layout["width"], layout
    assert layout["scrollHeight"] <= layout["height"], layout
    for banner in ("#awake-hint", ".langs", "#prefs"):
        expect(page.locator(banner)).to_be_hidden()


def assert_no_host_controls(page: Page) -> None:
    for control in ("form", ".host-controls", "img.qr", "img[src$='.svg']", ".seat-list img"):
        expect(page.locator(control)).to_have_count(0)
    for name in ("Undo", "Redo", "復原", "重做"):
        expect(page.get_by_role("button", name=name)).to_have_count(0)


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_tv_view_is_readable_from_the_sofa(server, browser, game_id, lang):
    game = GAMES[game_id]
    table = game.start(server)
    page = open_tv(browser, server.base, table.id, lang, TV)
    try:
        assert smallest(page, ".status .round") >= 48
        assert smallest(page, ".status .phase") >= 48
        if game.has_turn:
            assert smallest(page, ".status .turn") >= 48
        for selector in game.numbers:
            assert smallest(page, selector) >= 40, selector
        for selector in game.labels:
            assert smallest(page, selector) >= 22, selector
        assert_no_host_controls(page)
        assert_hands_free(page, lang)
    finally:
        page.context.close()


def test_everything_scales_down_on_a_smaller_tv(server, browser):
    table = samurai_sword(server)
    page = open_tv(browser, server.base, table.id, "en", SMALL_TV)
    try:
        # Two thirds of the 1920x1080 sizes: the same screen, drawn smaller.
        assert smallest(page, ".status .turn") >= 32
        assert smallest(page, ".status .round") >= 32
        assert smallest(page, ".ss-player .stat-health .value") >= 26
        assert smallest(page, ".ss-player .stat .label") >= 14.5
        assert_hands_free(page)
    finally:
        page.context.close()


def test_a_tap_on_a_phone_shows_up_live_on_the_tv_opened_by_the_host(server, browser):
    table = samurai_sword(server)
    # The host's own browser opens the TV view: it holds the host cookie, and still gets
    # the public view.
    host = browser.new_context(viewport=TV, locale="en-US")
    phone = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    try:
        tv = host.new_page()
        tv.goto(f"{server.base}/host/{table.id}/{table.host_token}")
        expect(tv.locator(".host-controls")).to_have_count(1)
        tv.goto(f"{server.base}/t/{table.id}/tv")
        assert_no_host_controls(tv)
        ann = tv.locator('article.ss-player[data-seat="0"] .stat-hand .value')
        before = int(ann.inner_text())

        # Ann's phone joins with a new code (the API took the first one).
        code = server.api("POST", f"/api/tables/{table.id}/seats/0/reissue", {}, table.host_token)[
            "join_code"
        ]
        seat = browser_join(phone, code, server.base)
        seat.locator(".mine .stat-hand button.plus").click()

        expect(ann).to_have_text(str(before + 1))
        expect(tv.locator("#live .latest")).to_contain_text("Ann")
        assert_no_host_controls(tv)
        assert_hands_free(tv)
    finally:
        host.close()
        phone.close()


def browser_join(context, code: str, base: str) -> Page:
    """A phone opens its seat's join link (what its QR code holds)."""
    page = context.new_page()
    page.goto(f"{base}/join/{code}")
    expect(page.locator(".me-name")).to_be_visible()
    return page


def test_the_host_screen_offers_the_tv_view_by_link_and_qr_code(server, browser):
    table, _act = create(server, "quorsum", ["Ann", "Bo"])
    host = browser.new_context(viewport={"width": 1366, "height": 900}, locale="zh-TW")
    try:
        page = host.new_page()
        page.goto(f"{server.base}/host/{table.id}/{table.host_token}")
        image = page.get_by_role("img", name="電視畫面的 QR 碼")
        found = zxingcpp.read_barcodes(Image.open(io.BytesIO(image.screenshot())).convert("RGB"))
        assert found and found[0].text == f"{server.base}/t/{table.id}/tv"
        with host.expect_page() as opened:
            page.get_by_role("link", name="在電視上開啟").click()
        tv = opened.value
        expect(tv.locator("body.tv .status .game-name")).to_have_text("骰棋")
        assert_no_host_controls(tv)
    finally:
        host.close()


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_the_tv_pages_take_turns_on_their_own(server, browser, lang):
    # Sun Tzu's board and its players are two pages: the second comes without a tap.
    table = sun_tzu(server)
    page = open_tv(browser, server.base, table.id, lang, SMALL_TV)
    try:
        pages = page.locator("#live .tv-page")
        assert pages.count() >= 2
        pager = page.locator("#live .tv-pager li")
        expect(pager).to_have_count(pages.count())
        expect(pager.nth(0)).to_have_class(re.compile(r"\bon\b"))
        expect(pages.nth(0)).to_be_visible()
        expect(pages.nth(1)).to_be_hidden()
        # The rotation's period is a dozen seconds: a generous bound only stops a hung test.
        expect(pages.nth(1)).to_be_visible(timeout=60_000)
        expect(pages.nth(0)).to_be_hidden()
        expect(pager.nth(1)).to_have_class(re.compile(r"\bon\b"))
        assert_hands_free(page, lang)
    finally:
        page.context.close()
