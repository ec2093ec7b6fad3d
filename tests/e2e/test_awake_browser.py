"""Screens that stay on over the table's plain-http Wi-Fi, in real Chromium.

Where the browser withholds the Wake Lock API (every phone, laptop and TV on a plain-http
address), NoSleep.js's tiny looping video keeps the screen on, started at the latest by the
first tap; the hint saying how to do it by hand appears only where that fails too, worded
for the device it is on. The test server is on 127.0.0.1, which browsers count as secure, so
each test takes Wake Lock away as a plain-http address would (an init script).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .test_connection_browser import LOADED, make_table

NO_WAKE_LOCK = "delete Navigator.prototype.wakeLock;"
# A browser that refuses to play any media (a phone's data or battery saver, a policy).
NO_VIDEO = """
HTMLMediaElement.prototype.play = function () {
  return Promise.reject(new DOMException("refused", "NotAllowedError"));
};
"""
SIZES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True},
    "screen": {"viewport": {"width": 1366, "height": 768}},
    "tv": {"viewport": {"width": 1920, "height": 1080}},
}
HINTS = {
    ("phone", "en"): "Keep this screen on: set your phone's auto-lock to Never while you play.",
    ("phone", "zh_TW"): "保持螢幕開啟：遊戲期間，請把手機的自動鎖定設為「永不」。",
    ("screen", "en"): (
        "Keep this screen on: turn off sleep and the screen saver in this device's settings"
        " while you play."
    ),
    ("screen", "zh_TW"): "保持螢幕開啟：遊戲期間，請在這台裝置的設定中關閉睡眠和螢幕保護程式。",
    ("tv", "en"): (
        "Keep this screen on: click or tap it once, or turn off the sleep timer of this TV"
        " (or of the computer showing it) while you play."
    ),
    ("tv", "zh_TW"): (
        "保持螢幕開啟：點一下這個畫面，或在遊戲期間關閉這台電視（或連接它的電腦）的睡眠定時器。"
    ),
}
SHOWN = {"phone": ".me-name", "screen": ".status .game-name", "tv": "#live"}


def open_device(browser, server, device: str, lang: str, script: str) -> Page:
    """The phone of seat 0, the host's table screen or the TV, with ``script`` run first."""
    table = make_table(server)
    context = browser.new_context(**SIZES[device], locale="zh-TW" if lang == "zh_TW" else "en-US")
    context.add_init_script(script)
    page = context.new_page()
    url = {
        "phone": table["seats"][0]["join_url"],
        "screen": table["table_url"],
        "tv": table["table_url"].rstrip("/") + "/tv",
    }[device]
    page.goto(url)
    expect(page.locator(SHOWN[device])).to_be_visible(timeout=LOADED)
    page.wait_for_load_state("load")
    return page


def tap_something_harmless(page: Page, device: str) -> None:
    page.locator(SHOWN[device]).first.click()


@pytest.fixture
def browser_contexts(browser):
    """Contexts made here are closed after the test."""
    made = []
    real = browser.new_context

    class Browser:
        def new_context(self, **options):
            context = real(**options)
            made.append(context)
            return context

    yield Browser()
    for context in made:
        context.close()


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
@pytest.mark.parametrize("device", ["phone", "screen", "tv"])
def test_without_wake_lock_a_looping_inline_video_keeps_the_screen_on_and_no_hint_shows(
    server, browser_contexts, device, lang
):
    page = open_device(browser_contexts, server, device, lang, NO_WAKE_LOCK)
    assert not page.evaluate("'wakeLock' in navigator")
    tap_something_harmless(page, device)
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "video", timeout=LOADED)
    video = page.locator("video.nosleep")
    expect(video).to_have_count(1)
    # Playing, and round again without end: NoSleep loops its short clip by going back to
    # its start (WebKit lets a screen sleep over a video marked "loop").
    video.evaluate(
        """v => { window.awakeRounds = 0; var last = v.currentTime;
        v.addEventListener("timeupdate", function () {
          if (v.currentTime < last) { window.awakeRounds += 1; } last = v.currentTime; }); }"""
    )
    page.wait_for_function("() => window.awakeRounds >= 2", timeout=LOADED)
    assert video.evaluate("v => !v.paused && !v.ended")
    # Inline (never full screen on an iPhone), out of sight and of the accessibility tree.
    # Its sound track is silent and stays on, as NoSleep plays it: browsers keep a screen
    # on for a muted video only when it is large on the page.
    assert video.evaluate("v => v.hasAttribute('playsinline') && !v.controls")
    assert video.get_attribute("aria-hidden") == "true"
    expect(video).to_be_hidden()
    expect(page.locator("#awake-hint")).to_be_hidden()
    # The video is part of the vendored script, a data: URI the CSP allows for media only.
    assert video.evaluate("v => v.currentSrc.startsWith('data:video/')")


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
@pytest.mark.parametrize("device", ["phone", "screen", "tv"])
def test_where_neither_way_works_the_hint_shows_worded_for_the_device(
    server, browser_contexts, device, lang
):
    page = open_device(browser_contexts, server, device, lang, NO_WAKE_LOCK + NO_VIDEO)
    hint = page.locator("#awake-hint")
    if device == "tv":
        # Nobody walks up to tap a TV: it says at once what a click would do.
        expect(hint).to_be_visible(timeout=LOADED)
    tap_something_harmless(page, device)
    expect(hint).to_be_visible(timeout=LOADED)
    expect(hint.locator("p")).to_have_text(HINTS[(device, lang)])
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "hint")
    # Never "your phone's" on a TV or a laptop.
    if device != "phone":
        assert not re.search("phone|手機", hint.inner_text())
    if device == "tv":
        # Nothing on a TV asks for a tap: the hint has no button there, and stays.
        expect(hint.locator("[data-dismiss-awake]")).to_be_hidden()
        return
    # Dismissed once, it stays away on this device.
    hint.locator("[data-dismiss-awake]").click()
    expect(hint).to_be_hidden()
    page.reload()
    expect(page.locator(SHOWN[device])).to_be_visible(timeout=LOADED)
    tap_something_harmless(page, device)
    expect(page.locator("html")).to_have_attribute("data-wake-lock", "hint", timeout=LOADED)
    expect(hint).to_be_hidden()


def test_pages_that_need_no_screen_on_neither_load_nosleep_nor_show_a_hint(
    server, browser_contexts
):
    context = browser_contexts.new_context(**SIZES["screen"])
    context.add_init_script(NO_WAKE_LOCK)
    page = context.new_page()
    scripts = []
    page.on("request", lambda r: scripts.append(r.url) if r.resource_type == "script" else None)
    page.goto(server.base + "/")
    page.wait_for_load_state("load")
    expect(page.locator("#awake-hint")).to_have_count(0)
    assert not any("nosleep" in url for url in scripts)
    assert page.locator("video").count() == 0
