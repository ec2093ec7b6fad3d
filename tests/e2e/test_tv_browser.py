"""The TV view in real Chromium: readable from the sofa, public only, live.

For each game, in English and Traditional Chinese, at 1920x1080, the TV page of a table in
play is measured as the browser draws it: whose turn and the round/phase at 48 px or more,
the game's key numbers at 40 px or more, labels and the newest history lines at 22 px or
more, no host control, and the board and history across the whole width. A tap on a phone
reaches the TV live, and the host's screen offers the TV with a QR code that scans.
"""

from __future__ import annotations

import io
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

# Font sizes (px) of every visible element a selector matches, as the browser drew them.
SIZES = """(selector) => [...document.querySelectorAll(selector)]
  .filter((el) => el.getClientRects().length > 0)
  .map((el) => parseFloat(getComputedStyle(el).fontSize))"""

LAYOUT = """() => {
  const box = (s) => document.querySelector(s).getBoundingClientRect();
  const board = box("#live .board"), side = box("#live .side");
  return {
    width: window.innerWidth,
    left: Math.min(board.left, side.left),
    right: Math.max(board.right, side.right),
    scrollWidth: document.documentElement.scrollWidth,
  };
}"""


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
    return page


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
        # The newest history lines only, each readable.
        lines = sizes(page, ".history li")
        assert 1 <= len(lines) <= 6
        assert min(lines) >= 22
        assert_no_host_controls(page)
        layout = page.evaluate(LAYOUT)
        assert layout["right"] - layout["left"] >= 0.9 * layout["width"], layout
        assert layout["scrollWidth"] <= layout["width"], layout
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
        assert smallest(page, ".history li") >= 14.5
        layout = page.evaluate(LAYOUT)
        assert layout["right"] - layout["left"] >= 0.9 * layout["width"], layout
        assert layout["scrollWidth"] <= layout["width"], layout
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
        expect(tv.locator(".history li").first).to_contain_text("Ann")
        assert_no_host_controls(tv)
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
