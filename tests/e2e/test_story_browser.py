"""The story of the night in real Chromium: a recorded game of Samurai Sword (hidden roles)
played to its end through the API, its story opened from the Plays page, stepped forward
and back by its links, and saved: the saved file opened from disk with every request
blocked still shows its charts and, on its last step, the roles the end revealed. In
English and Chinese; screenshots at a phone's, a laptop's and a TV's size.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import play_recorded
from .test_accessibility_browser import HTML_LANG, PHONE, SCREEN, TV

SHOTS = Path("/tmp/shots-story")
WORDS = {
    "en": {"story": "The story of the night", "next": "Next step", "prev": "Previous step",
           "save": "Save the story as a file", "round1": "Round 1", "ninja": "Ninja"},
    "zh_TW": {"story": "今晚的故事", "next": "下一段", "prev": "上一段",
              "save": "把故事存成檔案", "round1": "第 1 輪", "ninja": "忍者"},
}  # fmt: skip
TIMEOUT = 20_000  # ms: a generous bound that only stops a hung test


def shoot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for label, size in (("phone", PHONE), ("laptop", SCREEN), ("tv", TV)):
        page.set_viewport_size(size)
        page.screenshot(path=str(SHOTS / f"{name}-{label}.png"))


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_the_story_steps_back_and_forth_and_its_saved_file_opens_offline(
    server, browser, lang, tmp_path
):
    table_id, _host, _players = play_recorded(server, "samurai-sword-3p-11", "story")
    words = WORDS[lang]
    context = browser.new_context(
        viewport=SCREEN, locale="zh-TW" if lang == "zh_TW" else "en-US", accept_downloads=True
    )
    page = context.new_page()
    page.goto(f"{server.base}/plays")
    page.locator(f'[data-play="{table_id}"]').get_by_role("link", name=words["story"]).click()
    expect(page.locator("h1")).to_have_text(words["story"], timeout=TIMEOUT)
    assert page.evaluate("document.documentElement.lang") == HTML_LANG[lang]

    # The first step alone, then forward and back by its links.
    first, second = page.locator("#step-1"), page.locator("#step-2")
    expect(first.locator("h2")).to_have_text(words["round1"])
    expect(first.locator(".story-chart").first).to_be_visible()
    expect(second).to_be_hidden()
    shoot(page, f"{lang}-first-step")
    page.set_viewport_size(SCREEN)
    first.get_by_role("link", name=words["next"]).click()
    expect(second).to_be_visible()
    expect(first).to_be_hidden()
    assert page.url.endswith("#step-2")
    second.get_by_role("link", name=words["prev"]).click()
    expect(first).to_be_visible()
    expect(second).to_be_hidden()

    # The last step, reached from the contents, has the result: the roles, revealed.
    page.locator(".story-contents a").last.click()
    last = page.locator(".story-last")
    expect(last.locator(".result")).to_be_visible()
    expect(last.locator(".result")).to_contain_text(words["ninja"])
    shoot(page, f"{lang}-last-step")

    # Saved, then opened from disk with the network blocked.
    page.set_viewport_size(SCREEN)
    with page.expect_download() as download:
        page.get_by_role("link", name=words["save"]).click()
    saved = tmp_path / "story.html"
    download.value.save_as(saved)
    offline = browser.new_context(viewport=PHONE, locale="en-US")
    asked: list[str] = []

    def blocked(route: Any) -> None:
        if route.request.url.startswith("file:"):
            route.continue_()
        else:
            asked.append(route.request.url)
            route.abort()

    offline.route("**/*", blocked)
    copy = offline.new_page()
    copy.goto(saved.as_uri())
    expect(copy.locator("h1")).to_have_text(words["story"], timeout=TIMEOUT)
    expect(copy.locator("#step-1 .story-chart").first).to_be_visible()
    copy.locator(".story-contents a").last.click()
    expect(copy.locator(".story-last .result")).to_contain_text(words["ninja"])
    expect(copy.locator(".story-last .story-chart").first).to_be_visible()
    # Styled by its own inline sheet: the steps are cards, one at a time.
    assert copy.locator("#step-1").is_hidden()
    assert re.search(
        r"rgb", copy.locator(".story-last").evaluate("e => getComputedStyle(e).backgroundColor")
    )
    shoot(copy, f"{lang}-saved-file")
    assert asked == []
    offline.close()
    context.close()
