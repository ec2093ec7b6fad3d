"""Each page's one stylesheet and one script still do their work in a real browser.

Pages now load a bundle of exactly the files they use (``companion/web/assets.py``),
minified. Here, at a phone's and a laptop's size and in both languages: the phone's
press-and-hold reveal and its live updates (htmx, its SSE extension and app.js), the table
screen's live update and the Sun Tzu card chooser (choose.js, a game's own widget, in
that game's bundle only), with no script error on any page and every file the pages ask for
found. Screenshots go to /tmp/shots-weight/.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

SHOTS = Path("/tmp/shots-weight")
SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1366, "height": 768}}
LANGS = {"en": "en-US", "zh-TW": "zh-TW"}
HOLD = {"en": re.compile("^Press and hold"), "zh-TW": re.compile("^按住不放")}


def open_page(browser: Any, size: str, lang: str, url: str, errors: list[str]) -> Page:
    """A page in a context of its own (one device), recording script errors and failed
    requests for static files."""
    context = browser.new_context(
        viewport=SIZES[size],
        locale=LANGS[lang],
        is_mobile=size == "phone",
        has_touch=size == "phone",
    )
    page = context.new_page()
    page.on("pageerror", lambda error: errors.append(f"{url}: {error}"))
    page.on(
        "response",
        lambda reply: (
            errors.append(f"{reply.url}: {reply.status}")
            if "/static/" in reply.url and reply.status >= 400
            else None
        ),
    )
    page.goto(url)
    return page


def stylesheets_and_scripts(page: Page) -> list[str]:
    return page.eval_on_selector_all(
        'link[rel="stylesheet"], script[src]', "els => els.map(e => e.href || e.src)"
    )


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_the_phone_reveals_while_held_and_both_screens_update_live(server, browser, size, lang):
    errors: list[str] = []
    table = server.api(
        "POST", "/api/tables", {"game": "samurai-sword", "players": ["Ann", "Bo", "Cy"]}
    )
    screen = open_page(
        browser, size, lang, f"{server.base}/host/{table['id']}/{table['host_token']}", errors
    )
    ann = open_page(browser, size, lang, table["seats"][0]["join_url"], errors)
    bo = open_page(browser, size, lang, table["seats"][1]["join_url"], errors)
    for page in (screen, ann, bo):
        # One stylesheet and one script, named by their content (and the host's seat
        # codes, big, on the table screen).
        files = [u.split("/static/")[1].split("?")[0] for u in stylesheets_and_scripts(page)]
        assert all("?v=" in url for url in stylesheets_and_scripts(page))
        kind = "table" if page is screen else "phone"
        extra = ["css/join.css"] if page is screen else []
        assert files == [f"page/{kind}~samurai-sword.css", f"page/{kind}~samurai-sword.js", *extra]
        expect(page.locator("#live")).to_be_visible()
    # The private panel shows only while held (app.js).
    reveal = ann.locator("[data-reveal]")
    expect(reveal).to_have_text(HOLD[lang])
    private = ann.locator(".private")
    expect(private).to_be_hidden()
    reveal.dispatch_event("pointerdown")
    expect(private).to_be_visible()
    SHOTS.mkdir(parents=True, exist_ok=True)
    ann.screenshot(path=str(SHOTS / f"phone-held-{size}-{lang}.png"))
    reveal.dispatch_event("pointerup")
    expect(private).to_be_hidden()
    # A tap on Ann's phone reaches the table screen and Bo's phone without a reload
    # (htmx posts it; the SSE extension brings it to the others).
    health = screen.locator('article.ss-player[data-seat="0"] .stat-health .value')
    before = int(health.inner_text().split("/")[0])
    ann.locator(".mine .stat-health button.minus").click()
    expect(health).to_have_text(re.compile(rf"^{before - 1}/"))
    expect(bo.locator(".ss-others li", has_text="Ann")).to_contain_text(f"{before - 1}/")
    screen.screenshot(path=str(SHOTS / f"table-{size}-{lang}.png"))
    bo.screenshot(path=str(SHOTS / f"phone-{size}-{lang}.png"))
    assert not errors, errors
    for page in (screen, ann, bo):
        page.context.close()


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_a_games_own_widgets_work_from_its_pages_bundle(server, browser, size):
    errors: list[str] = []
    # Sun Tzu's card chooser: "Choose" opens the panel of one's own cards (choose.js).
    table = server.api("POST", "/api/tables", {"game": "sun-tzu", "players": ["Ann", "Bo"]})
    red = open_page(browser, size, "en", table["seats"][0]["join_url"], errors)
    names = [u.split("/static/")[1] for u in stylesheets_and_scripts(red)]
    assert [n.split("?")[0] for n in names] == ["page/phone~sun-tzu.css", "page/phone~sun-tzu.js"]
    opener = red.locator("[data-choose-open]").first
    expect(opener).to_be_visible()
    panel = red.locator("#" + opener.get_attribute("data-choose-open"))
    expect(panel).to_be_hidden()
    opener.click()
    expect(panel).to_be_visible()
    red.screenshot(path=str(SHOTS / f"sun-tzu-choose-{size}.png"))
    assert not errors, errors
    red.context.close()
