"""Undo says what it will do, in real Chromium: Samurai Sword, in English and Traditional
Chinese, with the host's screen at 390x844, 1366x768 and 1920x1080 and a player's phone at
390x844.

The host's Undo names the last action before the tap (a correction by its history line, a
seat's hidden choice as "Bo's hidden choice"); tapping it on a seat's input asks first, and
once confirmed that seat's phone shows a toast and keeps a line saying so; at the game's end
(a reveal) Undo is disabled and says why. Screenshots go to /tmp/shots-undo/.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .test_sun_tzu_browser import session_token

SHOTS = Path("/tmp/shots-undo")
SIZES = {
    "phone": {"width": 390, "height": 844},
    "laptop": {"width": 1366, "height": 768},
    "tv": {"width": 1920, "height": 1080},
}
WORDS = {
    "en": {
        "hidden": "↶ Undo: Bo's hidden choice",
        "adjusted": "↶ Undo: Cy: Honor",
        "question": "Undo Bo's hidden choice? It is Bo's own input",
        "confirm": "Confirm",
        "told": "Your hidden choice was undone by the table screen",
        "stops": "Undo stops at the end of the game",
    },
    "zh_TW": {
        "hidden": "↶ 復原：Bo的隱藏選擇",
        "adjusted": "↶ 復原：Cy：",
        "question": "要復原「Bo的隱藏選擇」嗎？",
        "confirm": "確定",
        "told": "復原了你的隱藏選擇",
        "stops": "復原只能退到",
    },
}
# The toast has finished sliding in (for the screenshots).
SLID_IN = "() => document.querySelector('#toast').getBoundingClientRect().top >= 0"
WAIT = 15_000  # ms: only stops a hung test; every wait ends on what the screen shows


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
@pytest.mark.parametrize("size", list(SIZES))
def test_the_host_sees_what_undo_takes_back_and_the_seat_is_told(
    server, browser, new_context, size, lang
):
    words = WORDS[lang]
    locale = "zh-TW" if lang == "zh_TW" else "en-US"
    created = server.api(
        "POST", "/api/tables", {"game": "samurai-sword", "players": ["Ann", "Bo", "Cy", "Di"]}
    )
    tid, host_token = created["id"], created["host_token"]
    host_context = browser.new_context(
        viewport=SIZES[size], locale=locale, is_mobile=size == "phone", has_touch=size == "phone"
    )
    try:
        host = host_context.new_page()
        host.goto(f"{server.base}/host/{tid}/{created['host_token']}")
        bo = new_context("phone", lang).new_page()
        bo.goto(f"{server.base}/join/{created['seats'][1]['join_code']}")
        expect(bo.locator(".me-name")).to_have_text("Bo")
        undo = host.locator("form.cursor-undo button")
        expect(undo).to_be_disabled()

        # A host correction: the button names it by its history line.
        adjust = {"type": "adjust", "seat": 2, "counter": "honor", "delta": -1}
        server.api("POST", f"/api/tables/{tid}/actions", adjust, token=host_token)
        expect(undo).to_contain_text(words["adjusted"], timeout=WAIT)
        expect(undo).to_be_enabled()

        # Bo's hidden choice: named, never shown.
        bo_token = session_token(bo, "seat", tid)
        server.api(
            "POST", f"/api/tables/{tid}/actions", {"type": "set_daimyo", "n": 2}, token=bo_token
        )
        expect(undo).to_have_text(words["hidden"], timeout=WAIT)
        undo.scroll_into_view_if_needed()
        shot(host, f"host-{size}-{lang}-label")

        # The tap asks first; nothing changes until the host confirms.
        undo.click()
        toast = host.locator("#toast")
        expect(toast).to_contain_text(words["question"], timeout=WAIT)
        host.wait_for_function(SLID_IN, timeout=WAIT)
        shot(host, f"host-{size}-{lang}-question")
        assert server.api("GET", f"/api/tables/{tid}", token=bo_token)["view"]["me"]["daimyo"] == 2
        toast.get_by_role("button", name=words["confirm"]).click()
        expect(undo).to_contain_text(words["adjusted"], timeout=WAIT)

        # Bo's phone says so: a toast now, and a line that stays.
        expect(bo.locator("#toast .toast-undone")).to_contain_text(words["told"], timeout=WAIT)
        expect(bo.locator(".undone-notice")).to_contain_text(words["told"])
        bo.wait_for_function(SLID_IN, timeout=WAIT)
        shot(bo, f"phone-bo-{lang}-told")
        assert server.api("GET", f"/api/tables/{tid}", token=bo_token)["view"]["me"]["daimyo"] == 0

        # The end of the game shows every role: Undo is disabled there, and says why.
        end = {"type": "adjust", "seat": 0, "counter": "honor", "delta": -10, "confirm": True}
        server.api("POST", f"/api/tables/{tid}/actions", end, token=host_token)
        expect(host.locator(".undo-blocked")).to_contain_text(words["stops"], timeout=WAIT)
        expect(undo).to_be_disabled()
        host.locator(".host-controls").scroll_into_view_if_needed()
        shot(host, f"host-{size}-{lang}-barrier")
    finally:
        host_context.close()
