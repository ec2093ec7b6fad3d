""" "What can I do now?" in real Chromium: a Samurai Sword table, the next player's phone at
390x844 and the host's table screen at 1366x768, in English and Traditional Chinese.

Each opens the closed panel and sees what it may do now and a "why not" with its rule
section; then the turn passes and the phone's open panel changes live (and stays open).
Screenshots (also a 320 px wide phone) go to /tmp/shots-cando/.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .conftest import TO_BACKGROUND

SHOTS = Path("/tmp/shots-cando")
PLAYERS = ["Ann", "Bo", "Cy", "Di"]
WAIT = 15_000  # ms: only stops a hung test; every wait ends on what the screen shows
WORDS = {
    "en": {
        "summary": "What can I do now?",
        "turn": "It is {name}'s turn.",
        "end_turn": "End turn",
        "phase": "That is for another phase",
    },
    "zh_TW": {
        "summary": "我現在可以做什麼？",
        "turn": "現在輪到 {name}。",
        "end_turn": "結束回合",
        "phase": "這要在其他階段做",
    },
}


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    page.locator("details.cando").screenshot(path=str(SHOTS / f"{name}-panel.png"))


def shots(phone: Page, name: str) -> None:
    """The phone at 390 px and at 320 px wide (the smallest phones still about)."""
    for width in (320, 390):
        phone.set_viewport_size({"width": width, "height": 844})
        shot(phone, f"phone-{width}-{name}")


def opened(page: Page, summary: str) -> None:
    """Open the panel as a player does: a tap on its one line."""
    panel = page.locator("details.cando")
    expect(panel).not_to_have_attribute("open", "")  # closed until asked
    panel.locator("summary").click()
    expect(panel).to_have_attribute("open", "")
    expect(panel.locator("summary")).to_have_text(summary)


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_the_panel_says_what_and_why_not_and_follows_the_turn(server, browser, lang):
    words = WORDS[lang]
    locale = "zh-TW" if lang == "zh_TW" else "en-US"
    created = server.api("POST", "/api/tables", {"game": "samurai-sword", "players": PLAYERS})
    tid, host_token = created["id"], created["host_token"]
    turn = server.api("GET", f"/api/tables/{tid}", token=host_token)["view"]["turn"]
    following = (turn + 1) % len(PLAYERS)

    def device(width: int, height: int, phone: bool) -> Page:
        context = browser.new_context(
            viewport={"width": width, "height": height},
            locale=locale,
            is_mobile=phone,
            has_touch=phone,
            device_scale_factor=2 if phone else 1,
        )
        return context.new_page()

    table = device(1366, 768, False)
    table.goto(f"{server.base}/host/{tid}/{host_token}")
    opened(table, words["summary"])
    host_can = table.locator("details.cando ul.can")
    expect(host_can).to_contain_text(words["end_turn"], timeout=WAIT)
    host_why = table.locator("details.cando ul.why")
    expect(host_why).to_contain_text(words["phase"])
    expect(host_why.locator("i").first).to_have_text("§4")
    shot(table, f"table-1366-{lang}")

    phone = device(390, 844, True)
    phone.goto(f"{server.base}/join/{created['seats'][following]['join_code']}")
    expect(phone.locator(".me-name")).to_have_text(PLAYERS[following])
    opened(phone, words["summary"])
    why = phone.locator("details.cando ul.why")
    expect(why).to_contain_text(words["turn"].format(name=PLAYERS[turn]), timeout=WAIT)
    expect(why.locator("i").first).to_contain_text("§")
    expect(phone.locator("details.cando ul.can")).not_to_contain_text(words["end_turn"])
    shots(phone, f"{lang}-waiting")

    server.api("POST", f"/api/tables/{tid}/actions", {"type": "end_turn"}, token=host_token)
    assert server.api("GET", f"/api/tables/{tid}", token=host_token)["view"]["turn"] == following
    # Live: the list changes under the open panel, which stays open.
    expect(phone.locator("details.cando ul.can")).to_contain_text(words["end_turn"], timeout=WAIT)
    expect(phone.locator("details.cando")).to_have_attribute("open", "")
    expect(phone.locator("details.cando ul.why")).not_to_contain_text(
        words["turn"].format(name=PLAYERS[turn])
    )
    shots(phone, f"{lang}-my-turn")
    # Put down face up: the phone going to the background closes the panel.
    phone.evaluate(TO_BACKGROUND)
    expect(phone.locator("details.cando")).not_to_have_attribute("open", "")
    expect(phone.locator("details.cando ul.can")).to_be_hidden()
