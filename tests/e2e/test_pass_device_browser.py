"""A player without a phone, in real Chromium: the table screen is handed round.

The host picks the seat on the table screen; the cover names whose turn the device is for
and shows nothing of theirs; their screen appears when they tap, their tap acts for their
seat, and "Done" leaves nothing of theirs on the page, not even hidden in it. The table
screen's live view and a phone seat play on alongside.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .test_samurai_sword_browser import PLAYERS, create_table

TEXTS = {
    "en": {
        "play": "Play it here",
        "show": "I am Bo: show my screen",
        "done": "Done: hide my screen",
        "cover": "Hand this device to Bo",
        "line": "Bo plays on the shared screen",
    },
    "zh_TW": {
        "play": "在這裡玩",
        "show": "我是Bo：顯示我的畫面",
        "done": "完成：隱藏我的畫面",
        "cover": "請把這台裝置交給Bo",
        "line": "Bo使用共用螢幕遊玩",
    },
}


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_a_seat_without_a_phone_is_played_by_handing_the_screen_round(server, new_context, lang):
    words = TEXTS[lang]
    table_page = new_context("screen", lang).new_page()
    if lang == "en":
        create_table(table_page, server.base, PLAYERS)
    else:
        _create_zh(table_page, server.base)
    table_id = table_page.url.rstrip("/").rsplit("/", 1)[1]
    table_page.locator(".pass-offer select[name=seat]").select_option(label="Bo")
    table_page.get_by_role("button", name=words["play"]).click()
    expect(table_page.get_by_role("heading", level=1)).to_have_text(words["cover"])
    # The cover holds nothing of Bo's: no secret panel, not even hidden.
    expect(table_page.locator(".private, [data-reveal]")).to_have_count(0)

    table_page.get_by_role("button", name=words["show"]).click()
    expect(table_page.locator(".me-name")).to_have_text("Bo")
    reveal = table_page.locator("[data-reveal]")
    reveal.dispatch_event("pointerdown")
    expect(table_page.locator(".private")).to_be_visible()
    held = table_page.locator(".private").inner_text()
    reveal.dispatch_event("pointerup")
    # Bo notes a Daimyo: Bo's action, on Bo's screen.
    table_page.locator(".daimyo form.plus button").click()
    expect(table_page.locator(".daimyo form.minus")).to_have_count(1)

    table_page.get_by_role("button", name=words["done"]).click()
    expect(table_page.get_by_role("heading", level=1)).to_have_text(words["cover"])
    page = table_page.content()
    assert held.strip() and held.strip() not in page
    assert 'class="private' not in page and "data-reveal" not in page

    # Everyone else sees a public line saying how Bo plays, and Bo's action counted as Bo's.
    public = new_context("screen", lang).new_page()
    public.goto(f"{server.base}/t/{table_id}")
    expect(public.locator(".history")).to_contain_text(words["line"])
    last = server.api("GET", f"/api/tables/{table_id}")["history"][0]
    assert last["by"] == "Bo"


def _create_zh(page, base: str) -> None:
    page.goto(base + "/")
    page.get_by_role("link", name=re.compile("武士刀")).click()
    inputs = page.locator("input[name=player]")
    for n, name in enumerate(PLAYERS):
        inputs.nth(n).fill(name)
    page.locator("form button[type=submit], form button").last.click()
    expect(page.locator(".status .game-name")).to_have_text("武士刀")
