"""The TV view fits the TV: for every game at every stage of its recorded playthroughs, no
scrolling at 1920x1080 or 1280x720, and every one of its rotating pages fits too.

The stages are the recorded playthroughs of tests/fixtures/logs, written straight into the
server's database before the server starts (as tests/test_fixture_logs.py rebuilds them):
each game's setup and middle of its playthrough with the most players, and the end of every
playthrough. One server, and one browser context per screen size and language, serve every
page.
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from companion.store.log import Store

from ..fixtures.tables import seat_recorded, write_log
from .conftest import Server

LOGS = Path(__file__).resolve().parents[1] / "fixtures" / "logs"
# Screenshots of every page, when a directory is named (for a person to look at them).
SHOTS = os.environ.get("TV_SHOTS")
# (screen size, language): both sizes in English, and the smaller in Chinese too. The root
# font size follows the viewport, so a layout that fits at 1280x720 fits at 1920x1080 in the
# same language: Chinese at the larger size would repeat the smaller's check.
SCREENS = {
    "1920x1080-en": ({"width": 1920, "height": 1080}, "en-US"),
    "1280x720-en": ({"width": 1280, "height": 720}, "en-US"),
    "1280x720-zh_TW": ({"width": 1280, "height": 720}, "zh-TW"),
}
if SHOTS:  # a person looks at the TV in both languages
    SCREENS["1920x1080-zh_TW"] = ({"width": 1920, "height": 1080}, "zh-TW")


def stages() -> list[tuple[str, Path, int | None]]:
    """(stage name, recording, rows of its log to keep: None for all) per stage."""
    by_game: dict[str, list[tuple[int, Path]]] = {}
    for path in sorted(LOGS.glob("*.json")):
        game, players, _seed = path.stem.rsplit("-", 2)
        by_game.setdefault(game, []).append((int(players.rstrip("p")), path))
    found = []
    for game, runs in sorted(by_game.items()):
        biggest = max(runs)[1]
        rows = len(json.loads(biggest.read_text())["log"])
        found.append((f"{game}-setup", biggest, 0))
        found.append((f"{game}-mid-{biggest.stem}", biggest, rows // 2))
        found.extend((f"{game}-end-{path.stem}", path, None) for _n, path in runs)
    return found


STAGES = stages()


def write_table(store: Store, path: Path, keep: int | None) -> str:
    """The recording's table with the first ``keep`` rows of its log; its id."""
    data = json.loads(path.read_text())
    table_id = "tv" + secrets.token_hex(4)
    codes = [secrets.token_urlsafe(12) for _ in data["players"]]
    seat_recorded(store, table_id, data, host=secrets.token_urlsafe(24), codes=codes)
    write_log(store, table_id, data["log"] if keep is None else data["log"][:keep])
    return table_id


@pytest.fixture(scope="module")
def staged(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Server, dict[str, str]]]:
    """One server whose database holds a table per stage: (the server, stage -> table id)."""
    db = tmp_path_factory.mktemp("tv-layout") / "tv.db"
    store = Store(str(db))
    try:
        tables = {name: write_table(store, path, keep) for name, path, keep in STAGES}
    finally:
        store.close()
    server = Server(db).start()
    yield server, tables
    server.stop()


# Every page of the TV view, measured as the browser drew it: the document's size against
# the window's, and each page's content against the page's box (all pages are laid out in
# the same place, the current one visible, so each is measured where it would show).
MEASURE = """() => {
  const root = document.documentElement;
  const pages = [...document.querySelectorAll("#live .tv-page")].map((p) => ({
    title: p.dataset.title,
    zoom: parseFloat(p.dataset.zoom || "1"),
    text: p.textContent.trim().length,
    width: p.clientWidth, height: p.clientHeight,
    scrollWidth: p.scrollWidth, scrollHeight: p.scrollHeight,
  }));
  return {
    width: window.innerWidth, height: window.innerHeight,
    scrollWidth: root.scrollWidth, scrollHeight: root.scrollHeight,
    bodyWidth: document.body.scrollWidth, bodyHeight: document.body.scrollHeight,
    pages,
  };
}"""


@pytest.fixture(scope="module", params=list(SCREENS))
def tv_page(request, browser) -> Iterator[tuple[str, Page]]:
    """One browser context and page per screen size and language, reused for every stage."""
    viewport, locale = SCREENS[request.param]
    context = browser.new_context(viewport=viewport, locale=locale)
    page = context.new_page()
    yield request.param, page
    context.close()


def open_stage(page: Page, base: str, table_id: str) -> None:
    page.goto(f"{base}/t/{table_id}/tv")
    # tv.js marks the live area once it has fitted every page.
    expect(page.locator("#live[data-fitted]")).to_have_count(1, timeout=20_000)


@pytest.mark.parametrize("stage", [name for name, _path, _keep in STAGES])
def test_every_tv_view_fits_its_screen_without_scrolling(staged, tv_page, stage):
    server, tables = staged
    size, page = tv_page
    open_stage(page, server.base, tables[stage])
    got = page.evaluate(MEASURE)
    if SHOTS:
        shoot(page, Path(SHOTS), f"{stage}-{size}")
    assert got["scrollWidth"] <= got["width"] and got["scrollHeight"] <= got["height"], got
    assert got["bodyWidth"] <= got["width"] and got["bodyHeight"] <= got["height"], got
    assert got["pages"], "the TV shows no page"
    if SHOTS:
        with open(Path(SHOTS) / "zooms.txt", "a") as out:
            out.write(f"{stage} {size} {[(p['title'], p['zoom']) for p in got['pages']]}\n")
    for shown in got["pages"]:
        assert shown["text"], f"an empty page: {shown}"
        assert shown["scrollWidth"] <= shown["width"] + 1, shown
        assert shown["scrollHeight"] <= shown["height"] + 1, shown


def shoot(page: Page, folder: Path, name: str) -> None:
    """A screenshot of each page in turn (made the current one, as the rotation would)."""
    folder.mkdir(parents=True, exist_ok=True)
    count = page.locator("#live .tv-page").count()
    for n in range(count):
        page.evaluate(
            """(n) => {
                 document.querySelectorAll("#live .tv-page").forEach((p, i) => {
                   p.classList.toggle("on", i === n); p.style.transition = "none"; });
                 document.querySelectorAll("#live .tv-pager li").forEach((p, i) => {
                   p.classList.toggle("on", i === n); });
               }""",
            n,
        )
        page.screenshot(path=str(folder / f"{name}-p{n + 1}.png"))
