"""A phone without a camera: the player types the seat's code at /j and takes the seat.

The host's screen shows each waiting seat's short code beside its QR code; the phone types
it in lower case; the seat shows as joined on the table screen, live, without a reload.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from playwright.sync_api import Page, expect

from .conftest import start_table

PLAYERS = ["Ann", "Bo", "Cy"]
SHOTS = Path(os.environ.get("JOIN_SHOTS", "/tmp/shots/join"))


def seat_row(page: Page, name: str):
    return page.locator(".seat-list li", has=page.locator(".who", has_text=name))


def test_a_phone_types_its_seat_code_in_lowercase_and_the_table_sees_it_join(server, new_context):
    SHOTS.mkdir(parents=True, exist_ok=True)
    host = new_context("screen").new_page()
    start_table(host, server.base, "Samurai Sword", PLAYERS)
    bo = seat_row(host, "Bo")
    code = bo.locator(".seat-code kbd").inner_text().strip()
    assert re.fullmatch(r"[2-9A-HJKMNP-Z]{5}", code)
    expect(host.locator(".join-hint")).to_contain_text(server.base + "/j")
    host.screenshot(path=str(SHOTS / "host-seat-codes-1366.png"), full_page=True)

    phone = new_context("phone").new_page()
    phone.goto(server.base + "/j")
    field = phone.get_by_label("Seat code")
    expect(field).to_be_focused()
    assert field.get_attribute("autocapitalize") == "characters"
    phone.screenshot(path=str(SHOTS / "phone-j-en-390.png"), full_page=True)

    # A wrong code first: the form says why and keeps what was typed.
    field.fill("zzzzz")
    phone.get_by_role("button", name="Take my seat").click()
    expect(phone.get_by_role("alert").filter(has_text="No seat is waiting")).to_be_visible()
    phone.screenshot(path=str(SHOTS / "phone-j-wrong-en-390.png"), full_page=True)

    phone.get_by_label("Seat code").fill(code.lower())
    phone.get_by_role("button", name="Take my seat").click()
    expect(phone.locator(".me-name")).to_have_text("Bo")
    assert phone.url.endswith("/seat") and code.lower() not in phone.url.lower()

    # The table screen shows Bo as joined, live: no reload, and the code has gone.
    expect(bo.locator(".tag.ok")).to_be_visible()
    expect(bo.locator(".seat-code")).to_have_count(0)
    expect(seat_row(host, "Ann").locator(".seat-code")).to_have_count(1)


def test_the_join_page_speaks_traditional_chinese(server, new_context):
    SHOTS.mkdir(parents=True, exist_ok=True)
    phone = new_context("phone", lang="zh_TW").new_page()
    phone.goto(server.base + "/j")
    expect(phone.locator("h1")).to_have_text("加入牌桌")
    expect(phone.get_by_label("座位代碼")).to_be_visible()
    phone.screenshot(path=str(SHOTS / "phone-j-zh-TW-390.png"), full_page=True)
    phone.get_by_label("座位代碼").fill("k7m4o")
    phone.get_by_role("button", name="坐上我的座位").click()
    expect(phone.locator(".join-error")).to_contain_text("座位代碼是 5 個英文字母和數字")
    phone.screenshot(path=str(SHOTS / "phone-j-wrong-zh-TW-390.png"), full_page=True)
