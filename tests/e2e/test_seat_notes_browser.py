"""A seat's private notes in real Chromium, in English and Traditional Chinese.

A player opens "My notes" on their phone, types, and the notes save (on change, on "Save",
and when the phone goes to the background); the panel hides when the page is hidden. The
notes come back after a reload and after the server is killed and started again on the same
database. A live update never touches what the player is typing. Another phone and the table
screen never show them, and a save without a connection is refused out loud. A seat handed
round on the shared screen has its own notes there, gone from the page with the rest.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .conftest import TO_BACKGROUND, open_table
from .test_accessibility_browser import violations

SHOTS = Path("/tmp/shots/notes")
PLAYERS = ["Ann", "Bo", "Cy"]
TEXTS = {
    "en": {
        "open": "My notes",
        "save": "Save",
        "hide": "Hide",
        "saved": "Saved",
        "dirty": "Not saved yet",
        "failed": "Not saved",
        "not_sent": "Not sent: no connection to the table.",
        "notes": "Bo hesitated when Cy attacked: Ninja?",
        "more": "Cy keeps 2 Daimyo",
        "play": "Play it here",
        "show": "I am Cy: show my screen",
        "done": "Done: hide my screen",
    },
    "zh_TW": {
        "open": "我的筆記",
        "save": "儲存",
        "hide": "隱藏",
        "saved": "已儲存",
        "dirty": "尚未儲存",
        "failed": "沒有儲存",
        "not_sent": "沒有送出：與牌桌的連線中斷了。",
        "notes": "Cy攻擊時Bo猶豫了：忍者？",
        "more": "Cy還有兩張大名",
        "play": "在這裡玩",
        "show": "我是Cy：顯示我的畫面",
        "done": "完成：隱藏我的畫面",
    },
}


def open_samurai_sword(server, new_context, lang: str) -> tuple[dict, Page, list[Page]]:
    """A Samurai Sword table: the host's screen and a phone per seat, joined by their links."""
    created = server.api("POST", "/api/tables", {"game": "samurai-sword", "players": PLAYERS})
    table, phones = open_table(server, new_context, created, lang, seats=2)
    return created, table, phones


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=False)


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_a_player_keeps_private_notes_that_survive_a_reload_and_a_restart(
    server, new_context, lang
):
    words = TEXTS[lang]
    created, table, (ann, bo) = open_samurai_sword(server, new_context, lang)
    opener = ann.get_by_role("button", name=words["open"], exact=True)
    notes = ann.locator("#my-notes-text")
    state = ann.locator("#my-notes-state")
    # Idle: collapsed, nothing of the notes on the screen.
    expect(opener).to_have_attribute("aria-expanded", "false")
    expect(notes).to_be_hidden()
    opener.scroll_into_view_if_needed()
    shot(ann, f"closed-{lang}")

    opener.click()
    expect(notes).to_be_visible()
    expect(notes).to_be_focused()
    notes.fill(words["notes"])
    expect(state).to_have_text(words["dirty"])
    # Leaving the textarea saves (the change).
    ann.locator(".me-name").click()
    expect(state).to_have_text(words["saved"])
    ann.locator("[data-notes]").evaluate("e => e.scrollIntoView({block: 'end'})")
    shot(ann, f"open-{lang}")
    # The open panel passes axe-core's checks too (the page test sees it closed).
    assert violations(ann) == []

    # A live update (Bo loses a health point) never touches what Ann is typing.
    notes.click()
    notes.press("End")
    notes.type("\n" + words["more"])
    expect(state).to_have_text(words["dirty"])
    version = ann.locator("#live").get_attribute("data-version")
    bo.locator(".mine .stat-health button.minus").click()
    expect(ann.locator("#live")).not_to_have_attribute("data-version", version)
    expect(notes).to_have_value(words["notes"] + "\n" + words["more"])
    expect(notes).to_be_focused()
    ann.get_by_role("button", name=words["save"], exact=True).click()
    expect(state).to_have_text(words["saved"])

    # Going to the background hides the panel (and saves what was typed since).
    notes.type(" !")
    ann.evaluate(TO_BACKGROUND)
    expect(notes).to_be_hidden()
    expect(opener).to_have_attribute("aria-expanded", "false")
    expect(state).to_have_text(words["saved"])
    typed = words["notes"] + "\n" + words["more"] + " !"

    ann.reload()
    expect(notes).to_be_hidden()
    opener.click()
    expect(notes).to_have_value(typed)
    ann.get_by_role("button", name=words["hide"], exact=True).click()
    expect(notes).to_be_hidden()

    # Nobody else sees them: another phone, the host's table screen, the public one.
    public = new_context("screen", lang).new_page()
    public.goto(f"{server.base}/t/{created['id']}")
    for page in (bo, table, public):
        page.reload()
        expect(page.locator(".status")).to_be_visible()
        html = page.content()
        assert words["notes"] not in html and words["more"] not in html
    expect(bo.locator("#my-notes-text")).to_have_value("")  # Bo's own, empty
    expect(table.locator("[data-notes]")).to_have_count(0)

    # The server is killed and started again on the same database: still there.
    server.restart()
    ann.reload()
    opener.click()
    expect(notes).to_have_value(typed)


def test_a_save_without_a_connection_is_refused_out_loud(server, new_context):
    words = TEXTS["en"]
    _created, _table, (ann, _bo) = open_samurai_sword(server, new_context, "en")
    ann.get_by_role("button", name=words["open"], exact=True).click()
    notes = ann.locator("#my-notes-text")
    notes.fill("kept on the phone for now")
    port = int(server.base.rsplit(":", 1)[1])
    server.stop()
    try:
        ann.get_by_role("button", name=words["save"], exact=True).click()
        expect(ann.locator("#toast")).to_contain_text(words["not_sent"])
        expect(ann.locator("#my-notes-state")).to_have_text(words["failed"])
        expect(notes).to_have_value("kept on the phone for now")
        expect(ann.locator("#conn")).to_have_class(re.compile(r"\blost\b"), timeout=15000)
    finally:
        server.start(port=port)
    # Back: the stream reconnected by itself, and a save goes through again.
    expect(ann.locator("#conn")).not_to_have_class(re.compile(r"\blost\b"), timeout=15000)
    ann.get_by_role("button", name=words["save"], exact=True).click()
    expect(ann.locator("#my-notes-state")).to_have_text(words["saved"])
    ann.reload()
    ann.get_by_role("button", name=words["open"], exact=True).click()
    expect(notes).to_have_value("kept on the phone for now")


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_a_seat_on_the_shared_screen_keeps_its_notes_there_and_done_removes_them(
    server, new_context, lang
):
    words = TEXTS[lang]
    created, table, _phones = open_samurai_sword(server, new_context, lang)
    # Cy has no phone: the host hands the table screen round.
    table.locator(".pass-offer select[name=seat]").select_option(label="Cy")
    table.get_by_role("button", name=words["play"]).click()
    # The public table offers Cy's screen (a link to a page of its own); "Done" leads back.
    show = table.get_by_role("link", name=words["show"])
    expect(show).to_be_visible()
    expect(table.locator("[data-notes]")).to_have_count(0)  # nothing of Cy's on the cover
    show.click()
    table.get_by_role("button", name=words["open"], exact=True).click()
    notes = table.locator("#my-notes-text")
    notes.fill(words["notes"])
    table.get_by_role("button", name=words["save"], exact=True).click()
    expect(table.locator("#my-notes-state")).to_have_text(words["saved"])
    table.get_by_role("link", name=words["done"]).click()
    expect(show).to_be_visible()
    assert words["notes"] not in table.content()
    expect(table.locator("[data-notes]")).to_have_count(0)
    # Unsaved words typed just before "Done" are kept too.
    show.click()
    table.get_by_role("button", name=words["open"], exact=True).click()
    expect(notes).to_have_value(words["notes"])
    notes.type(" +1")
    table.get_by_role("link", name=words["done"]).click()
    expect(show).to_be_visible()
    show.click()
    table.get_by_role("button", name=words["open"], exact=True).click()
    expect(notes).to_have_value(words["notes"] + " +1")
    # The visible page hides the panel when it goes to the background, with the rest.
    table.evaluate(TO_BACKGROUND)
    expect(table.locator("[data-notes]")).to_have_count(0)
    # The public screen never shows them.
    public = new_context("screen", lang).new_page()
    public.goto(f"{server.base}/t/{created['id']}")
    expect(public.locator(".status")).to_be_visible()
    assert words["notes"] not in public.content()
