"""The table's clocks in real Chromium, in English and Traditional Chinese: Sun Tzu (whose
first round is sealed: both seats choose at once) with clocks on and a 1-second soft turn
limit. The table screen (1366x768), the TV (1920x1080) and a phone (390x844) show each seat's
clock, ticking for the seats the table waits on; the table screen and the TV name them
("Waiting on Ann and Bo"); only the phone flashes past the limit; the host's Pause stops every
clock and says "Paused". Screenshots go to /tmp/shots-clocks/.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

SHOTS = Path("/tmp/shots-clocks")
SIZES = {
    "phone": {"width": 390, "height": 844},
    "laptop": {"width": 1366, "height": 768},
    "tv": {"width": 1920, "height": 1080},
}
WORDS = {
    "en": {"waiting": "Waiting on Ann and Bo", "paused": "Paused", "pause": "Pause"},
    "zh_TW": {"waiting": "等待Ann和Bo", "paused": "已暫停", "pause": "暫停"},
}


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def device(browser, size: str, lang: str):  # noqa: ANN001, ANN201 - Playwright objects
    phone = size == "phone"
    return browser.new_context(
        viewport=SIZES[size],
        locale="zh-TW" if lang == "zh_TW" else "en-US",
        is_mobile=phone,
        has_touch=phone,
    )


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_every_screen_shows_the_clocks_and_the_hosts_pause_stops_them(server, browser, lang):
    words = WORDS[lang]
    options = {"clocks": True, "turn_limit": 1}
    created = server.api(
        "POST", "/api/tables", {"game": "sun-tzu", "players": ["Ann", "Bo"], "options": options}
    )
    tid = created["id"]
    contexts = [device(browser, size, lang) for size in ("laptop", "tv", "phone")]
    try:
        host, tv, phone = (c.new_page() for c in contexts)
        host.goto(f"{server.base}/host/{tid}/{created['host_token']}")
        tv.goto(f"{server.base}/t/{tid}/tv")
        phone.goto(f"{server.base}/join/{created['seats'][1]['join_code']}")
        screens = {"table": host, "tv": tv, "phone": phone}
        for name, page in screens.items():
            clocks = page.locator("section.clocks")
            expect(clocks.locator("li.clock")).to_have_count(2)
            # Both seats choose at once: both clocks run, and tick here, every second.
            expect(clocks.locator("li.clock.running")).to_have_count(2)
            bo = clocks.locator("li.clock[data-seat='1'] .clock-time")
            expect(bo).not_to_have_text("0:00")
            expect(bo).to_have_text(re.compile(r"^\d+:\d\d$"))
            if name != "phone":
                expect(clocks.locator(".clock-waiting")).to_contain_text(words["waiting"])
        # Past the 1-second limit only Bo's own phone flashes; no other screen does.
        expect(phone.locator("section.clocks")).to_have_class(re.compile(r"\bover-limit\b"))
        expect(phone.locator("li.clock.mine")).to_have_attribute("data-seat", "1")
        for page in (host, tv):
            expect(page.locator("section.clocks")).not_to_have_class(re.compile("over-limit"))
        shot(host, f"table-laptop-{lang}")
        shot(tv, f"tv-{lang}")
        shot(phone, f"phone-{lang}")

        # The host's one Pause: every screen stops and says so.
        host.locator("form.clock-pause button").click()
        for page in screens.values():
            clocks = page.locator("section.clocks")
            expect(clocks.locator(".clock-paused")).to_contain_text(words["paused"])
            expect(clocks.locator("li.clock.running")).to_have_count(0)
        stopped = tv.locator("li.clock[data-seat='1'] .clock-time").inner_text()
        # Stopped clocks carry no start to tick from: what they show is what they keep.
        expect(tv.locator("section.clocks")).not_to_have_attribute("data-since", re.compile("."))
        assert tv.locator("li.clock[data-seat='1'] .clock-time").inner_text() == stopped
        shot(host, f"table-laptop-paused-{lang}")
        shot(tv, f"tv-paused-{lang}")
        host.set_viewport_size(SIZES["phone"])
        shot(host, f"table-phone-size-paused-{lang}")
    finally:
        for context in contexts:
            context.close()
