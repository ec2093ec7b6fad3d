"""Each page's one stylesheet and one script still do their work in a real browser.

Pages now load a bundle of exactly the files they use (``companion/web/assets.py``),
minified. Here, at a phone's, a laptop's and a TV's size (390x844, 1366x768, 1920x1080) and
in both languages: the phone's press-and-hold reveal and its live updates (htmx, its SSE
extension and app.js), the table screen's live update (and the TV view's, on a TV) and the
Sun Tzu card chooser (choose.js, a game's own widget, in that game's bundle only), with no
script error on any page, every file the pages ask for found, the page's text in the
viewer's language and nothing wider than the screen. Screenshots go to /tmp/shots-weight/.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

SHOTS = Path("/tmp/shots-weight")
SIZES = {
    "phone": {"width": 390, "height": 844},
    "laptop": {"width": 1366, "height": 768},
    "tv": {"width": 1920, "height": 1080},
}
LANGS = {"en": "en-US", "zh-TW": "zh-TW"}
HOLD = {"en": re.compile("^Press and hold"), "zh-TW": re.compile("^按住不放")}
# Sun Tzu's card chooser's panel, as its player reads it: its title and its "Hide".
CHOOSER = {
    "en": ("Your Warlord: tap the one you keep", "Hide"),
    "zh-TW": ("你的軍閥卡：點選你要保留的那張", "隱藏"),
}


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


def fits_across(page: Page, lang: str) -> None:
    """Nothing on the page is wider than the screen, and it speaks the viewer's language."""
    wide = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert wide[0] <= wide[1], f"{page.url} is {wide[0]}px wide on a {wide[1]}px screen"
    expect(page.locator("html")).to_have_attribute(
        "lang", "zh-Hant-TW" if lang == "zh-TW" else "en"
    )


def stylesheets_and_scripts(page: Page) -> list[str]:
    return page.eval_on_selector_all(
        'link[rel="stylesheet"], script[src]', "els => els.map(e => e.href || e.src)"
    )


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("size", list(SIZES))
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
        fits_across(page, lang)
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
    pages = [screen, ann, bo]
    if size == "tv":
        # A TV's own view loads the TV's bundle, and shows the same tap live.
        tv = open_page(browser, size, lang, f"{server.base}/t/{table['id']}/tv", errors)
        files = [u.split("/static/")[1].split("?")[0] for u in stylesheets_and_scripts(tv)]
        assert files == ["page/tv~samurai-sword.css", "page/tv~samurai-sword.js"]
        expect(tv.locator('article.ss-player[data-seat="0"] .stat-health .value')).to_have_text(
            re.compile(rf"^{before - 1}/")
        )
        fits_across(tv, lang)
        tv.screenshot(path=str(SHOTS / f"tv-{lang}.png"))
        pages.append(tv)
    assert not errors, errors
    for page in pages:
        page.context.close()


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("size", list(SIZES))
def test_a_games_own_widgets_work_from_its_pages_bundle(server, browser, size, lang):
    errors: list[str] = []
    # Sun Tzu's card chooser: "Choose" opens the panel of one's own cards (choose.js).
    table = server.api("POST", "/api/tables", {"game": "sun-tzu", "players": ["Ann", "Bo"]})
    red = open_page(browser, size, lang, table["seats"][0]["join_url"], errors)
    names = [u.split("/static/")[1] for u in stylesheets_and_scripts(red)]
    assert [n.split("?")[0] for n in names] == ["page/phone~sun-tzu.css", "page/phone~sun-tzu.js"]
    opener = red.locator("[data-choose-open]").first
    expect(opener).to_be_visible()
    panel = red.locator("#" + opener.get_attribute("data-choose-open"))
    expect(panel).to_be_hidden()
    opener.click()
    expect(panel).to_be_visible()
    title, hide = CHOOSER[lang]
    expect(panel.locator("h2")).to_have_text(title)
    expect(panel.get_by_role("button", name=hide)).to_be_in_viewport()
    fits_across(red, lang)
    SHOTS.mkdir(parents=True, exist_ok=True)
    red.screenshot(path=str(SHOTS / f"sun-tzu-choose-{size}-{lang}.png"))
    assert not errors, errors
    red.context.close()
