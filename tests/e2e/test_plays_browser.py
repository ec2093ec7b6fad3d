"""The results archive in real Chromium: a game of each title played to its end through the
JSON API, then read on the Plays page and its result sheet, in English and Chinese; the
archive's pages pass axe-core's accessibility checks; and the owner's merge of two spellings
of a name asks first (both records and the one they become) and is undone, with the players'
charts giving win rates with their counts and scores with labelled axes, on a phone, a laptop
and a TV (390x844, 1366x768, 1920x1080) in both languages.

Each game replays a recorded playthrough (tests/fixtures/logs): its steps through
``POST /api/tables/<id>/actions`` (and undo, redo) with the host's and the seats' tokens.
The dice and deals of a recording come from its table's seed, so the table is set up with
that seed: written to the server's database before the server first reads it (as
tests/test_fixture_logs.py does), with a host token and seat tokens the test knows (a
claim through ``POST /api/join`` would add a line to the log and so move the dice).
"""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from companion.pipeline import owner
from companion.store.log import Store

from .conftest import play_recorded
from .test_accessibility_browser import HTML_LANG, PHONE, SCREEN, TV, context, violations

# The shortest recorded playthrough of each game.
PLAYTHROUGHS = [
    "samurai-sword-3p-11",
    "sun-tzu-2p-23",
    "quorsum-2p-32",
    "art-of-war-4p-52",
    "three-kingdoms-2p-41",
]
ACCEPT = {"en": "en-US", "zh_TW": "zh-TW"}
SHOTS = Path("/tmp/shots-sizes")


def play_to_the_end(server: Any, name: str) -> tuple[str, str]:
    """A table set up as the recording's, its steps played through the API: (its id, the
    host token)."""
    table_id, host, _players = play_recorded(server, name, "e2e")
    assert server.api("GET", f"/api/tables/{table_id}")["over"], f"{name} did not reach its end"
    return table_id, host


def result(server: Any, table_id: str, lang: str) -> dict:
    """GET /api/tables/<id>/result, its texts in ``lang``."""
    request = urllib.request.Request(f"{server.base}/api/tables/{table_id}/result")
    request.add_header("Accept-Language", ACCEPT[lang])
    with urllib.request.urlopen(request, timeout=10) as reply:
        return json.loads(reply.read())


def score_text(score: Any) -> str:
    if score is None:
        return ""
    return str(int(score)) if float(score).is_integer() else f"{score:.1f}"


def squeeze(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture
def played(server: Any) -> dict[str, tuple[str, str]]:
    """Each game's finished table: game id -> (table id, host token)."""
    return {name.rsplit("-", 2)[0]: play_to_the_end(server, name) for name in PLAYTHROUGHS}


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_every_game_played_to_its_end_is_listed_with_its_winner_and_scores(
    server, new_context, played, lang
):
    page = new_context("phone", lang).new_page()
    page.goto(f"{server.base}/plays")
    assert page.locator("li.play-card").count() == len(PLAYTHROUGHS)
    for game_id, (table_id, _host) in played.items():
        expected = result(server, table_id, lang)
        card = page.locator(f'li.play-card[data-play="{table_id}"]')
        assert squeeze(card.locator(".headline").inner_text()) == squeeze(expected["headline"])
        rows = card.locator(".scores li")
        assert rows.count() == len(expected["rows"]), game_id
        for n, row in enumerate(expected["rows"]):
            shown = rows.nth(n)
            assert squeeze(shown.locator(".who").inner_text()) == squeeze(row["label"]), game_id
            score = shown.locator(".score")
            assert (score.inner_text() if score.count() else "") == score_text(row["score"])
            assert ("won" in (shown.get_attribute("class") or "")) == bool(row["won"]), game_id
        # Its result sheet reads as the end screen did: headline, reason, every row's lines.
        card.locator("a.play-title").click()
        page.wait_for_url(f"**/plays/{table_id}")
        assert squeeze(page.locator(".result .headline").inner_text()) == squeeze(
            expected["headline"]
        )
        assert squeeze(page.locator(".result .reason").inner_text()) == squeeze(expected["reason"])
        sheet_rows = page.locator(".result-row")
        for n, row in enumerate(expected["rows"]):
            lines = [squeeze(t) for t in sheet_rows.nth(n).locator("li").all_inner_texts()]
            assert lines == [squeeze(t) for t in row["lines"]], game_id
        page.go_back()
    # Filtered by a game: that game's play alone.
    page.goto(f"{server.base}/plays?game=quorsum")
    assert page.locator("li.play-card").count() == 1
    if lang == "zh_TW":
        assert page.locator("h1").inner_text() == "對局紀錄"
        assert "Plays" not in page.locator("main").inner_text()


def test_the_host_archives_restores_and_deletes_a_play_in_the_browser(server, new_context, played):
    table_id, host = played["quorsum"]
    page = new_context("screen").new_page()
    page.goto(f"{server.base}/host/{table_id}/{host}")
    page.goto(f"{server.base}/plays")
    card = page.locator(f'li.play-card[data-play="{table_id}"]')
    card.get_by_role("link", name="Archive").click()
    page.get_by_role("button", name="Archive").click()
    assert page.locator(f'li.play-card[data-play="{table_id}"]').count() == 0
    page.get_by_role("link", name="Show archived plays").click()
    page.locator(f'li.play-card[data-play="{table_id}"]').get_by_role(
        "button", name="Restore"
    ).click()
    page.goto(f"{server.base}/plays")
    card = page.locator(f'li.play-card[data-play="{table_id}"]')
    assert card.count() == 1
    card.get_by_role("link", name="Delete").click()
    page.get_by_role("button", name="Delete for good").click()
    assert page.locator("li.play-card").count() == len(PLAYTHROUGHS) - 1
    assert page.goto(f"{server.base}/t/{table_id}").status == 404


def owner_token(server: Any) -> str:
    """A fresh owner link's token for the running server (as ``companion owner-link``)."""
    store = Store(str(server.db))
    try:
        return owner.issue(store)
    finally:
        store.close()


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_the_archives_pages_have_no_accessibility_violation(server, browser, played, lang):
    table_id, host = played["samurai-sword"]
    found: dict[str, list[dict]] = {}
    for size, label in ((PHONE, "phone"), (SCREEN, "screen")):
        page = context(browser, size, lang).new_page()
        page.goto(f"{server.base}/host/{table_id}/{host}")
        for name, path in (
            ("plays", "/plays"),
            ("sheet", f"/plays/{table_id}"),
            ("players", "/plays/players"),
            ("confirm", f"/plays/{table_id}/delete"),
            ("unknown play", "/plays/no-such-play"),
        ):
            page.goto(server.base + path)
            found[f"{name} ({label})"] = violations(page)
        # The server's owner: its page, the players page with the merge form, a merge's question.
        page.goto(f"{server.base}/owner/{owner_token(server)}")
        page.goto(f"{server.base}/plays/players")
        names = page.locator("select[name=spelling] option").all_inner_texts()
        for name, path in (
            ("owner", "/owner"),
            ("players (owner)", "/plays/players"),
            ("merge", f"/plays/players/merge?spelling={names[0]}&into={names[1]}"),
        ):
            page.goto(server.base + path)
            found[f"{name} ({label})"] = violations(page)
    bad = {name: v for name, v in found.items() if v}
    assert not bad, json.dumps(bad, ensure_ascii=False, indent=1)


# --------------------------------------------------------------------------- merging names

SIZES = {"phone": PHONE, "laptop": SCREEN, "tv": TV}
MERGE_WORDS = {
    "en": {
        "open": "Merge…",
        "question": "Merge two spellings?",
        "after": "After the merge",
        "merge": "Merge",
        "merged": "“benjy” counts as Benji",
        "undo": "Undo",
        "plays": {1: "1 play", 2: "2 plays", 3: "3 plays"},
        "rate": re.compile(r"^\d+ wins? of \d+ \(\d+%\)$"),
        "axes": ["points", "plays, oldest first"],
    },
    "zh_TW": {
        "open": "合併…",
        "question": "要合併這兩種寫法嗎？",
        "after": "合併之後",
        "merge": "合併",
        "merged": "「benjy」算作Benji",
        "undo": "復原",
        "plays": {1: "1 局", 2: "2 局", 3: "3 局"},
        "rate": re.compile(r"^\d+ 局 \d+ 勝（\d+%）$"),
        "axes": ["分數", "場次（由舊到新）"],
    },
}


def ended_plays(server: Any, line_ups: list[list[str]]) -> None:
    """A Samurai Sword game per line-up, each ended by the host (a seat's honor set to 0)."""
    end = {"type": "set_counter", "seat": 0, "counter": "honor", "value": 0, "confirm": True}
    for players in line_ups:
        made = server.api("POST", "/api/tables", {"game": "samurai-sword", "players": players})
        server.api("POST", f"/api/tables/{made['id']}/actions", end, token=made["host_token"])


def fits(page: Any, lang: str) -> None:
    """The page in the viewer's language, and no wider than the screen."""
    expect(page.locator("html")).to_have_attribute("lang", HTML_LANG[lang])
    wide = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert wide[0] <= wide[1], f"{page.url} is {wide[0]}px wide on a {wide[1]}px screen"


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
@pytest.mark.parametrize("size", list(SIZES))
def test_the_owner_sees_both_records_before_a_merge_and_can_undo_it(server, browser, size, lang):
    words = MERGE_WORDS[lang]
    ended_plays(server, [["Benji", "Ann", "Cy"], ["Benji", "Ann", "Cy"], ["Benjy", "Ann", "Cy"]])
    page = context(browser, SIZES[size], lang).new_page()
    page.goto(f"{server.base}/owner/{owner_token(server)}")
    page.goto(f"{server.base}/plays/players")
    cards = page.locator("li.player-card")
    expect(cards).to_have_count(4)
    # The wins chart gives each player's share with its counts (1 of 3 never reads as 1 of 1),
    # and a score chart names its axes.
    values = page.locator(".wins .chart-value")
    expect(values).to_have_count(4)
    for text in values.all_text_contents():
        assert words["rate"].match(text), text
    ann = cards.filter(has=page.locator("h3", has_text="Ann"))
    expect(ann.locator(".score-chart .chart-axis-label")).to_have_text(words["axes"])
    fits(page, lang)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"players-{size}-{lang}.png"), full_page=True)

    # "Merge…" asks first: both records as they are and the one player they become.
    merge = page.locator("section.merge")
    merge.locator("select[name=spelling]").select_option("Benjy")
    merge.locator("select[name=into]").select_option("Benji")
    merge.get_by_role("button", name=words["open"]).click()
    expect(page.locator("h1")).to_have_text(words["question"])
    records = page.locator(".merge-records li")
    expect(records).to_have_count(2)
    expect(records.nth(0)).to_contain_text("Benjy")
    expect(records.nth(0)).to_contain_text(words["plays"][1])
    expect(records.nth(1)).to_contain_text("Benji")
    expect(records.nth(1)).to_contain_text(words["plays"][2])
    box = page.locator(".confirm-box")
    expect(box).to_contain_text(words["after"])
    expect(box).to_contain_text(words["plays"][3])
    button = box.get_by_role("button", name=words["merge"], exact=True)
    expect(button).to_be_in_viewport()
    fits(page, lang)
    page.screenshot(path=str(SHOTS / f"merge-{size}-{lang}.png"))
    button.click()
    expect(page.locator(".merged li")).to_have_text([re.compile(re.escape(words["merged"]))])
    expect(cards).to_have_count(3)
    benji = cards.filter(has=page.locator("h3", has_text="Benji"))
    expect(benji.locator("header .muted")).to_contain_text(words["plays"][3])
    fits(page, lang)

    # And it can be undone: the two spellings are two players again.
    page.locator(".merged").get_by_role("button", name=words["undo"]).click()
    expect(page.locator(".merged")).to_have_count(0)
    expect(cards).to_have_count(4)
    expect(cards.filter(has=page.locator("h3", has_text="Benjy"))).to_have_count(1)
    fits(page, lang)
