"""A player without a phone, in real Chromium: the table screen is handed round.

The host picks the seat on the table screen, which then offers it at the top, in view
without scrolling, while it goes on showing the public table. The player's screen is one
tap away ("I am Bo: show my screen"), their tap acts for their seat, and "Done" is the
second and last tap: the public table is back, live, with nothing of Bo's on the page (not
even hidden in it) and nothing of Bo's one "back" away. At a phone's, a laptop's and a TV's
size (390x844, 1366x768, 1920x1080), in both languages, with nothing wider than the screen.
Screenshots go to /tmp/shots-sizes/.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Locator, Page, expect

from .test_samurai_sword_browser import PLAYERS

TEXTS = {
    "en": {
        "play": "Play it here",
        "show": "I am Bo: show my screen",
        "done": "Done: hide my screen",
        "line": "Bo plays on the shared screen",
    },
    "zh_TW": {
        "play": "在這裡玩",
        "show": "我是Bo：顯示我的畫面",
        "done": "完成：隱藏我的畫面",
        "line": "Bo使用共用螢幕遊玩",
    },
}
SIZES = {"phone": (390, 844), "laptop": (1366, 768), "tv": (1920, 1080)}
SHOTS = Path("/tmp/shots-sizes")
WAIT = 15_000  # ms: only stops a hung test


def in_view_without_scrolling(page: Page, target: Locator) -> None:
    """``target`` is on screen as the page first shows it: no scrolling needed."""
    expect(target).to_be_visible(timeout=WAIT)
    assert page.evaluate("window.scrollY") == 0
    box = target.bounding_box()
    height = page.viewport_size["height"]
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= height, (box, height)
    fits_across(page)


def fits_across(page: Page) -> None:
    """Nothing on the page is wider than the screen: no sideways scrolling."""
    wide = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert wide[0] <= wide[1], f"the page is {wide[0]}px wide on a {wide[1]}px screen"


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_a_phoneless_turn_is_two_taps_and_the_public_table_stays(server, browser, lang, size):
    words = TEXTS[lang]
    width, height = SIZES[size]
    context = browser.new_context(
        viewport={"width": width, "height": height},
        locale="zh-TW" if lang == "zh_TW" else "en-US",
        has_touch=size == "phone",
        is_mobile=size == "phone",
    )
    try:
        made = server.api("POST", "/api/tables", {"game": "samurai-sword", "players": PLAYERS})
        table_id = made["id"]
        table_url = f"{server.base}/t/{table_id}"
        page = context.new_page()
        page.goto(f"{server.base}/host/{table_id}/{made['host_token']}")
        expect(page.locator("#live .ss-player").first).to_be_visible(timeout=WAIT)

        # Once, at the start: the host takes Bo's seat for this screen (it stays public).
        page.locator(".pass-offer select[name=seat]").select_option(label="Bo")
        page.get_by_role("button", name=words["play"]).click()
        expect(page).to_have_url(table_url)
        offer = page.get_by_role("link", name=words["show"])
        in_view_without_scrolling(page, offer)
        shot(page, f"pass-offer-{size}-{lang}")
        # Between Bo's turns the shared device shows the public table, live.
        expect(page.locator("#live .ss-player")).to_have_count(len(PLAYERS))
        expect(page.locator(".history")).to_contain_text(words["line"], timeout=WAIT)
        assert page.locator(".private, [data-reveal]").count() == 0

        taps = 0
        # Tap 1: Bo, handed the device, opens their own screen.
        offer.click()
        taps += 1
        expect(page.locator(".me-name")).to_have_text("Bo", timeout=WAIT)
        done = page.get_by_role("link", name=words["done"])
        in_view_without_scrolling(page, done)
        shot(page, f"pass-open-{size}-{lang}")
        reveal = page.locator("[data-reveal]")
        reveal.dispatch_event("pointerdown")
        expect(page.locator(".private")).to_be_visible()
        held = page.locator(".private").inner_text().strip()
        reveal.dispatch_event("pointerup")
        # Bo's own action (part of the turn, not of handing over): a Daimyo noted.
        page.locator(".daimyo form.plus button").click()
        expect(page.locator(".history")).to_contain_text("Bo", timeout=WAIT)

        # Tap 2: Done. The public table is back, and nothing of Bo's is in the page.
        done.click()
        taps += 1
        expect(page).to_have_url(table_url, timeout=WAIT)
        expect(page.locator("#live .ss-player")).to_have_count(len(PLAYERS), timeout=WAIT)
        in_view_without_scrolling(page, page.get_by_role("link", name=words["show"]))
        assert taps <= 2
        content = page.content()
        assert held and held not in content
        assert 'class="private' not in content and "data-reveal" not in content
        # Bo's screen was replaced in the history: "back" does not bring it up again.
        page.go_back()
        page.wait_for_load_state()
        assert page.locator(".me-name").count() == 0
        assert "data-reveal" not in page.content()

        # Bo's action counted as Bo's, for everyone.
        last = server.api("GET", f"/api/tables/{table_id}")["history"][0]
        assert last["by"] == "Bo"
    finally:
        context.close()
