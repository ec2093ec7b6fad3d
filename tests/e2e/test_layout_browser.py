"""Every game's phone fits a small phone, in large type: nothing sticks out of its box.

Each game replays the first part of a recorded playthrough (tests/fixtures/logs) through the
JSON API, as tests/e2e/test_plays_browser.py does, so the phones show a real mid-game
screen: counters with their −/+ steppers, hands of cards, the turn's forms. Then every
seat's phone is opened in Chromium with "Large type, high contrast" on, at 320×640 (the
narrowest phone in use) and 390×844, in English and in Chinese, and measured: the page must
not scroll sideways, and no button, stepper, form or panel may be wider inside than its box.
"""

from __future__ import annotations

import pytest

from .conftest import play_recorded
from .test_plays_browser import PLAYTHROUGHS

SIZES = [{"width": 320, "height": 640}, {"width": 390, "height": 844}]
# How far into the recording the phones are looked at: mid-game, every control in use.
PART = 0.4
TIMEOUT = 30_000  # ms: only stops a hung test

# What sticks out: the page wider than the screen, or an element whose content is wider
# than its own box (an element that scrolls on purpose, overflow auto or hidden, is not).
OVERFLOWS = """
() => {
  const out = [];
  const root = document.documentElement;
  const said = (el) => {
    const classes = el.className ? "." + String(el.className).trim().split(/\\s+/).join(".") : "";
    const text = (el.textContent || "").replace(/\\s+/g, " ").trim().slice(0, 24);
    return `${el.tagName.toLowerCase()}${classes} "${text}"`;
  };
  if (root.scrollWidth > root.clientWidth) {
    out.push(`page ${root.scrollWidth} > ${root.clientWidth}`);
  }
  const boxes = "body, button, .btn, .stat, .btns, .counter, label, select, input, form,"
    + " section, .panel, fieldset, li, p, h1, h2, h3, dd, .row";
  for (const el of document.querySelectorAll(boxes)) {
    const style = getComputedStyle(el);
    if (el.offsetParent === null && el !== document.body) continue;  // not shown
    if (["auto", "scroll", "hidden", "clip"].includes(style.overflowX)) continue;
    if (el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) {
      out.push(`${said(el)} ${el.scrollWidth} > ${el.clientWidth}`);
    }
    const box = el.getBoundingClientRect();
    if (box.width > 0 && (box.right > root.clientWidth + 1 || box.left < -1)) {
      out.push(`${said(el)} off screen`);
    }
  }
  return [...new Set(out)];
}
"""


@pytest.mark.parametrize("name", PLAYTHROUGHS)
def test_no_phone_element_overflows_its_box_at_320_and_390_px_in_large_type(server, browser, name):
    table_id, host, players = play_recorded(server, name, "lay", PART)
    found: dict[str, list[str]] = {}
    for seat in range(players):
        # The phone joins now, with a new code: the recording has no more steps to play.
        reissued = server.api("POST", f"/api/tables/{table_id}/seats/{seat}/reissue", {}, host)
        context = browser.new_context(viewport=SIZES[0], is_mobile=True, has_touch=True)
        context.add_init_script("window.localStorage.setItem('tc-big-type', '1')")
        try:
            page = context.new_page()
            page.goto(f"{server.base}/join/{reissued['join_code']}")
            for lang in ("en", "zh_TW"):
                context.add_cookies([{"name": "tc_lang", "value": lang, "url": server.base}])
                for size in SIZES:
                    page.set_viewport_size(size)
                    page.goto(f"{server.base}/t/{table_id}/seat")
                    page.wait_for_function(
                        "document.documentElement.classList.contains('big')", timeout=TIMEOUT
                    )
                    for problem in page.evaluate(OVERFLOWS):
                        where = f"seat {seat} {lang} {size['width']}px"
                        found.setdefault(problem, []).append(where)
        finally:
            context.close()
    assert not found, f"{name}: " + "\n".join(f"{p} ({w[0]})" for p, w in found.items())
