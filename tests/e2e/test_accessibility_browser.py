"""Every page of every game passes axe-core's accessibility checks, in both languages.

axe-core (vendored under tests/e2e/vendor, MPL-2.0) runs inside real Chromium on each page a
person opens, at the size of the device it is opened on: a phone (390x844) with its seat,
the new-table form and the home page (a host without a laptop starts there); a laptop
(1366x768) with the host's table screen, the printable QR sheet, the home page, each game's
new-table form and an error page; a TV (1920x1080) with the public screen and the TV view.
Each page is checked a few actions into a game, so history lines and the game's pieces are
on it, and none is wider than its screen.
"""

from __future__ import annotations

import json
import urllib.error
from pathlib import Path
from typing import Any

import pytest

from companion.games import GAMES

from ..web.test_text_convention import sample

AXE = (Path(__file__).resolve().parent / "vendor" / "axe-4.14.1.min.js").read_text()
PHONE = {"width": 390, "height": 844}
SCREEN = {"width": 1366, "height": 768}
TV = {"width": 1920, "height": 1080}


HTML_LANG = {"en": "en", "zh_TW": "zh-Hant-TW"}


def violations(page: Any, lang: str | None = None) -> list[dict]:
    """axe-core's violations on the page as it is now: rule, impact and where; and what no
    rule of axe's looks at: the page scrolling sideways, or (given ``lang``, the language
    the browser asks for) the page in another language."""
    wide, said = page.evaluate(
        "[[document.documentElement.scrollWidth, window.innerWidth], document.documentElement.lang]"
    )
    sideways = [] if wide[0] <= wide[1] else [{"rule": "wider than the screen", "where": wide}]
    if lang and said != HTML_LANG[lang]:
        sideways.append({"rule": "not in the viewer's language", "where": said})
    page.evaluate(AXE)
    found = page.evaluate(
        """async () => {
            const result = await axe.run(document, {resultTypes: ["violations"]});
            return result.violations.map(v => ({
                rule: v.id, impact: v.impact,
                where: v.nodes.slice(0, 3).map(n => n.target.join(" ")),
            }));
        }"""
    )
    return found + sideways


def context(browser: Any, size: dict, lang: str) -> Any:
    # The checker is injected through DevTools, not as a page script: the page's own
    # Content-Security-Policy stays as it is for everything it loads. Motion is reduced: a
    # TV's pages fade in, and a page caught halfway would be measured at half its contrast.
    return browser.new_context(
        viewport=size,
        locale="zh-TW" if lang == "zh_TW" else "en-US",
        is_mobile=size is PHONE,
        reduced_motion="reduce",
    )


def play_a_little(server: Any, game_id: str) -> dict:
    """A table of ``game_id`` with a few accepted actions by the host and the first seat."""
    game = GAMES[game_id]
    players = ["Annika", "Bodil", "Cyrus", "Dinah"][: max(game.min_players, 3)]
    players = players[: game.max_players]
    created = server.api("POST", "/api/tables", {"game": game_id, "players": players})
    token = created["host_token"]
    for _ in range(6):
        allowed = server.api("GET", f"/api/tables/{created['id']}", token=token)["allowed"]
        for type_ in allowed:
            params = {p.name: sample(p) for p in game.actions[type_].params if not p.optional}
            try:
                server.api(
                    "POST",
                    f"/api/tables/{created['id']}/actions",
                    {"type": type_, **params, "confirm": True},
                    token=token,
                )
                break
            except urllib.error.HTTPError:  # a refused sample is simply not played
                continue
    return created


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_page_of_a_game_has_no_accessibility_violation(server, browser, game_id, lang):
    created = play_a_little(server, game_id)
    tid = created["id"]
    found: dict[str, list[dict]] = {}

    host = context(browser, SCREEN, lang)
    page = host.new_page()
    page.goto(f"{server.base}/host/{tid}/{created['host_token']}")
    found["host screen"] = violations(page, lang)
    page.goto(f"{server.base}/t/{tid}/print")
    found["print"] = violations(page, lang)
    page.goto(f"{server.base}/")
    found["home"] = violations(page, lang)
    page.goto(f"{server.base}/new/{game_id}")
    found["new table"] = violations(page, lang)
    page.goto(f"{server.base}/t/no-such-table")
    found["error"] = violations(page, lang)

    tv = context(browser, TV, lang).new_page()
    tv.goto(f"{server.base}/t/{tid}")
    found["public screen (tv)"] = violations(tv, lang)
    tv.goto(f"{server.base}/t/{tid}/tv")
    found["tv"] = violations(tv, lang)

    phone = context(browser, PHONE, lang).new_page()
    phone.goto(f"{server.base}/join/{created['seats'][1]['join_code']}")
    found["phone"] = violations(phone, lang)
    if game_id == min(GAMES):  # the home page is every game's: checked once a language
        phone.goto(f"{server.base}/")
        found["home (phone)"] = violations(phone, lang)
    phone.goto(f"{server.base}/new/{game_id}")
    found["new table (phone)"] = violations(phone, lang)

    bad = {name: v for name, v in found.items() if v}
    assert not bad, json.dumps(bad, ensure_ascii=False, indent=1)
