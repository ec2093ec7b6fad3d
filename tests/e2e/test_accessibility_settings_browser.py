"""A phone a player can listen to and read without glasses, in real Chromium.

- A new private line of a phone's own (here: the Daimyo it noted) is copied into that
  phone's ``aria-live`` region, so a screen reader reads it into the player's earphones;
  no other phone and no table screen has such a region or the text.
- The "Large type, high contrast" switch on the phone makes the type bigger and the page
  white on black, and the phone remembers it.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .test_samurai_sword_browser import PLAYERS, create_table, scan_qr


def font_px(page: Page, selector: str) -> float:
    return page.locator(selector).first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")


def test_a_new_private_line_is_read_out_only_on_the_owning_phone(server, new_context):
    table_page = new_context("screen").new_page()
    create_table(table_page, server.base, PLAYERS)
    phones = []
    for name in PLAYERS[:2]:
        phone = new_context("phone").new_page()
        phone.goto(scan_qr(table_page, name))
        phones.append(phone)
    mine, other = phones
    live = mine.locator("#sr-private")
    expect(live).to_have_attribute("aria-live", "polite")
    expect(live).to_have_text("")  # nothing is read out when the page opens
    mine.locator(".daimyo form.plus button").click()
    expect(live).to_contain_text("Daimyo")
    box = live.bounding_box()  # read out, never shown: a 1-pixel clipped box
    assert box is not None and box["width"] <= 1 and box["height"] <= 1
    # Nobody else has it: not the other phone's live region, not the table screen.
    other.wait_for_timeout(300)
    assert "Daimyo" not in other.locator("#sr-private").inner_text()
    assert table_page.locator("#sr-private").count() == 0
    assert "Daimyo in hand: 1" not in table_page.content()


def test_large_type_and_high_contrast_is_a_remembered_phone_setting(server, new_context):
    table_page = new_context("screen").new_page()
    create_table(table_page, server.base, PLAYERS)
    phone = new_context("phone", "zh_TW").new_page()
    phone.goto(scan_qr(table_page, PLAYERS[0]))
    before = font_px(phone, ".status .round")
    switch = phone.get_by_role("switch", name="大字、高對比")
    expect(switch).to_be_visible()
    switch.check()
    expect(phone.locator("html")).to_have_class(re.compile(r"\bbig\b"))
    assert font_px(phone, ".status .round") >= before * 1.2
    background = phone.locator("body").evaluate("e => getComputedStyle(e).backgroundColor")
    assert background == "rgb(0, 0, 0)"
    phone.reload()
    expect(phone.locator("html")).to_have_class(re.compile(r"\bbig\b"))
    expect(phone.get_by_role("switch", name="大字、高對比")).to_be_checked()
    # The table screen has no such switch: it is a phone's own setting.
    expect(table_page.get_by_role("switch", name="Large type, high contrast")).to_have_count(0)
