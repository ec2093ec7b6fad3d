"""Every refused or failed tap says so, on the device that tapped, in real Chromium.

A phone (390x844) and the host's table screen on a laptop (1366x768) and on a TV (1920x1080),
in English and in Traditional Chinese, each tap a counter when the rules refuse it (409, the
game's own reason), when the server cannot save (503: the server restarted on a database it
may only read), when an error page that is not the server's own comes back (a proxy's 502),
and when the server is gone (no answer at all). Each time a toast in the viewer's language
says so, on screen without scrolling, the counter does not move, and nothing is wider than
the screen.
"""

from __future__ import annotations

import re
import subprocess
import urllib.error
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .test_connection_browser import LOADED, make_table

WORDS = {
    "en": {
        "over": "The game is over.",
        "read_only": (
            "This server's database is read-only: its games can be seen, but nothing can be"
            " changed. Nothing that was saved before is lost."
        ),
        "lost": (
            "Something went wrong: the answer to that tap was lost. Reload the page to see"
            " whether it counted."
        ),
        "not_sent": "Not sent: no connection to the table. Try again when it is back.",
    },
    "zh_TW": {
        "over": "遊戲已經結束。",
        "read_only": (
            "這台伺服器的資料庫是唯讀的：可以查看裡面的遊戲，但無法做任何變更。"
            "先前儲存的內容都沒有遺失。"
        ),
        "lost": "出了點問題：這次點按的回應遺失了。請重新載入頁面，看看它是否有算進去。",
        "not_sent": "沒有送出：與牌桌的連線中斷了。連線恢復後再試一次。",
    },
}
SIZES = {
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
    },
    "laptop": {"viewport": {"width": 1366, "height": 768}},
    "tv": {"viewport": {"width": 1920, "height": 1080}},
}
LANGS = ["en", "zh_TW"]
DEVICES = list(SIZES)
SHOTS = Path("/tmp/shots-sizes")


@pytest.fixture
def open_device(browser):
    """Open seat 0's phone or the host's table screen on ``table``; ``hold_stream``: its live
    stream never answers, so the page keeps showing the board as it was when it loaded
    (as a phone does whose update is still on its way when its player taps)."""
    contexts = []

    def make(
        server, table: dict, device: str, lang: str, hold_stream: bool = False, script: str = ""
    ) -> Page:
        context = browser.new_context(
            **SIZES[device], locale="zh-TW" if lang == "zh_TW" else "en-US"
        )
        contexts.append(context)
        if script:
            context.add_init_script(script)
        page = context.new_page()
        if hold_stream:
            page.route(re.compile(r"/stream"), lambda route: None)
        if device == "phone":
            page.goto(table["seats"][0]["join_url"])
        else:
            page.goto(f"{server.base}/host/{table['id']}/{table['host_token']}")
        expect(counter(page, device)).to_be_visible(timeout=LOADED)
        # Until the scripts have run, a tap would be a plain form post, not the page's own.
        page.wait_for_load_state("load")
        return page

    yield make
    for context in contexts:
        context.close()


def counter(page: Page, device: str):
    """Seat 0's health, as this device shows it."""
    if device == "phone":
        return page.locator(".mine .stat-health .value")
    return page.locator('article.ss-player[data-seat="0"] .stat-health .value')


def tap_minus(page: Page, device: str) -> None:
    scope = ".mine" if device == "phone" else 'article.ss-player[data-seat="0"]'
    page.locator(f"{scope} .stat-health button.minus").click()


def end_the_game(server, table: dict) -> None:
    """Seat 0's honor down to nothing, as the host's corrections: the game ends."""
    path = f"/api/tables/{table['id']}/actions"
    change = {"type": "adjust", "seat": 0, "counter": "honor", "delta": -1, "confirm": True}
    for _ in range(10):
        try:
            server.api("POST", path, change, token=table["host_token"])
        except urllib.error.HTTPError as refused:
            assert refused.code == 409
            return
    raise AssertionError("the game did not end")


def says(page: Page, text: str) -> None:
    toast = page.locator("#toast")
    expect(toast).to_be_visible(timeout=LOADED)
    expect(toast).to_have_text(text, timeout=LOADED)
    # Where the person who tapped is looking: all of it on screen (once it has slid in),
    # and the page no wider than the screen.
    expect(toast).to_be_in_viewport(ratio=1, timeout=LOADED)
    wide = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert wide[0] <= wide[1], f"the page is {wide[0]}px wide on a {wide[1]}px screen"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("device", DEVICES)
def test_a_tap_the_rules_refuse_shows_the_games_reason_on_the_device_that_tapped(
    server, open_device, device, lang
):
    table = make_table(server)
    page = open_device(server, table, device, lang, hold_stream=True)
    before = counter(page, device).inner_text()
    end_the_game(server, table)
    tap_minus(page, device)
    says(page, WORDS[lang]["over"])
    expect(counter(page, device)).to_have_text(before)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"refused-{device}-{lang}.png"))


# How many times this page's live stream has opened.
COUNT_OPENS = """
window.streamOpens = 0;
document.addEventListener("htmx:sseOpen", function () { window.streamOpens += 1; });
"""


@pytest.mark.parametrize("lang", LANGS)
def test_a_tap_the_server_cannot_save_says_so_on_the_phone_and_the_table_screen(
    server, open_device, lang
):
    table = make_table(server)
    pages = {
        device: open_device(server, table, device, lang, script=COUNT_OPENS) for device in DEVICES
    }
    for page in pages.values():
        page.wait_for_function("() => window.streamOpens >= 1", timeout=LOADED)
    before = {device: counter(page, device).inner_text() for device, page in pages.items()}
    # The server comes back on a database it may only read (a full or read-only disk): it
    # shows every game as saved and refuses every change. Tests run as root, whom file modes
    # do not stop: the file is made immutable instead, which stops root too.
    server.stop()
    if subprocess.run(["chattr", "+i", str(server.db)], capture_output=True).returncode:
        pytest.skip("this file system cannot make a file immutable")
    try:
        server.start(port=int(server.base.rsplit(":", 1)[1]))
        for device, page in pages.items():
            # Each page's stream is open again on the restarted server: the tap reaches it.
            page.wait_for_function("() => window.streamOpens >= 2", timeout=LOADED)
            tap_minus(page, device)
            says(page, WORDS[lang]["read_only"])
            expect(counter(page, device)).to_have_text(before[device])
    finally:
        subprocess.run(["chattr", "-i", str(server.db)], check=True)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("device", DEVICES)
def test_an_error_page_that_is_not_the_servers_own_becomes_a_toast_not_part_of_the_page(
    server, open_device, device, lang
):
    table = make_table(server)
    page = open_device(server, table, device, lang)
    before = counter(page, device).inner_text()

    def gateway_error(route) -> None:
        # A proxy in front of the server whose upstream failed: its own page, in English.
        if route.request.method == "POST":
            route.fulfill(status=502, content_type="text/html", body="<h1>Bad Gateway</h1>")
        else:
            route.continue_()

    page.route(re.compile(r"/t/"), gateway_error)
    tap_minus(page, device)
    says(page, WORDS[lang]["lost"])
    expect(page.locator("body")).not_to_contain_text("Bad Gateway")
    expect(counter(page, device)).to_have_text(before)


@pytest.mark.parametrize("lang", LANGS)
def test_a_tap_with_the_server_gone_says_not_sent_on_the_phone_and_the_table_screen(
    server, open_device, lang
):
    table = make_table(server)
    pages = {device: open_device(server, table, device, lang) for device in DEVICES}
    before = {device: counter(page, device).inner_text() for device, page in pages.items()}
    server.stop()
    for device, page in pages.items():
        tap_minus(page, device)
        says(page, WORDS[lang]["not_sent"])
        expect(counter(page, device)).to_have_text(before[device])
