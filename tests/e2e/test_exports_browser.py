"""The end screen's exports in real Chromium: a Samurai Sword game ended through the JSON API,
the host's buttons (BG Stats, CSV, JSON, Print) with BG Stats' QR code for the phones and the
result sheet with the same code and link, on a phone (a host without a laptop), a laptop and a
TV (390x844, 1366x768, 1920x1080); and a phone's own BG Stats link and receipt. Each in English
and zh-TW, each screen ranking the players as the rules place them, none wider than itself.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

from tests.fixtures.plays import BGSTATS_FIELDS

PLAYERS = ["Ann", "小明", "Cy"]
ROLES = {"en": {"Shogun", "Ninja"}, "zh_TW": {"將軍", "忍者"}}
GAME_NAME = {"en": "Samurai Sword", "zh_TW": "武士刀"}


def ended_game(server) -> tuple[dict, dict]:
    """A three-player game the host ends with a correction (a seat's honor set to 0)."""
    made = server.api("POST", "/api/tables", {"game": "samurai-sword", "players": PLAYERS})
    end = {"type": "set_counter", "seat": 0, "counter": "honor", "value": 0, "confirm": True}
    server.api("POST", f"/api/tables/{made['id']}/actions", end, token=made["host_token"])
    return made, server.api("GET", f"/api/tables/{made['id']}/result")


SHOTS = Path("/tmp/shots-results")
SIZES = {"phone": (390, 844), "laptop": (1366, 768), "tv": (1920, 1080)}
HTML_LANG = {"en": "en", "zh_TW": "zh-Hant-TW"}


def host_page(server, new_context, made: dict, lang: str, size: str) -> Page:
    page = new_context("phone" if size == "phone" else "screen", lang).new_page()
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{server.base}/host/{made['id']}/{made['host_token']}")
    expect(page.locator(".result .headline")).to_be_visible()
    return page


def reads_right(page: Page, result: dict, lang: str) -> None:
    """The result's rows in the rules' order, each with its place; the page in the viewer's
    language and no wider than the screen."""
    expect(page.locator("html")).to_have_attribute("lang", HTML_LANG[lang])
    places = [str(r["place"]) for r in result["rows"] if r["place"] is not None]
    expect(page.locator(".result-row .place")).to_have_text(places)
    wide = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert wide[0] <= wide[1], f"{page.url} is {wide[0]}px wide on a {wide[1]}px screen"


def qr_loaded(page: Page) -> None:
    code = page.locator(".bgstats-qr img")
    expect(code).to_be_visible()
    assert page.evaluate("img => img.complete && img.naturalWidth > 0", code.element_handle()), (
        "the QR code did not load"
    )


def bgstats_play(page: Page, href: str, lang: str) -> dict:
    """The play a BG Stats link sends on to BG Stats, as this device opens it (its cookies
    and the language its browser asks for)."""
    language = "zh-TW" if lang == "zh_TW" else "en-US"
    reply = page.request.get(href, max_redirects=0, headers={"Accept-Language": language})
    assert reply.status == 303
    target = reply.headers["location"]
    assert target.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    return json.loads(parse_qs(urlsplit(target).query)["data"][0])


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
@pytest.mark.parametrize("size", list(SIZES))
def test_the_hosts_end_screen_has_the_buttons_and_the_bg_stats_link_decodes(
    server, new_context, size, lang
):
    made, result = ended_game(server)
    page = host_page(server, new_context, made, lang, size)
    reads_right(page, result, lang)
    links = page.locator(".end-links")
    expect(links.get_by_role("link", name="BG Stats")).to_be_visible()
    expect(links.get_by_role("link", name="CSV")).to_have_attribute(
        "href", f"/plays/{made['id']}/export.csv"
    )
    expect(links.get_by_role("link", name="JSON")).to_have_attribute(
        "href", f"/plays/{made['id']}/export.json"
    )
    expect(
        links.get_by_role("link", name="列印" if lang == "zh_TW" else "Print")
    ).to_have_attribute("href", f"/plays/{made['id']}")
    href = links.get_by_role("link", name="BG Stats").get_attribute("href")
    assert href == f"/plays/{made['id']}/bgstats"
    # The same link as a QR code a phone with BG Stats scans from across the table.
    qr_loaded(page)
    caption = "掃描" if lang == "zh_TW" else "Scan with a phone that has BG Stats"
    expect(page.locator(".bgstats-qr figcaption")).to_contain_text(caption)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"end-host-{size}-{lang}.png"), full_page=True)
    data = bgstats_play(page, f"{server.base}{href}", lang)
    assert set(data) == BGSTATS_FIELDS
    assert data["game"] == {
        "bggId": 128181,
        "highestWins": True,
        "name": GAME_NAME[lang],
        "noPoints": False,
        "sourceGameId": "samurai-sword",
    }
    assert data["sourceName"] == "Table Companion" and data["sourcePlayId"] == made["id"]
    scores = {r["seat"]: r["score"] for r in result["rows"] if r["seat"] is not None}
    assert [p["name"] for p in data["players"]] == PLAYERS
    for seat, player in enumerate(data["players"]):
        assert player["score"] == scores[seat]
        assert player["winner"] == (seat in result["winners"])
        assert player["rank"] == 1 if player["winner"] else player["rank"] > 1
        assert player["role"] in ROLES[lang]
    # The result sheet, on the same device: the same ranks, BG Stats' code and its link.
    page.goto(f"{server.base}/plays/{made['id']}")
    reads_right(page, result, lang)
    qr_loaded(page)
    expect(page.locator(".sheet-actions .bgstats-link")).to_have_attribute("href", href)
    page.screenshot(path=str(SHOTS / f"sheet-{size}-{lang}.png"), full_page=True)
    # The public table screen (a TV) offers none of it.
    public = new_context("screen", lang).new_page()
    width, height = SIZES[size]
    public.set_viewport_size({"width": width, "height": height})
    public.goto(f"{server.base}/t/{made['id']}")
    expect(public.locator(".result .headline")).to_be_visible()
    reads_right(public, result, lang)
    expect(public.locator(".end-links")).to_have_count(0)


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_a_phone_offers_bg_stats_and_saves_its_own_receipt(
    server, new_context, lang, tmp_path: Path
):
    made, result = ended_game(server)
    phone = new_context("phone", lang).new_page()
    phone.goto(made["seats"][1]["join_url"])
    expect(phone.locator(".result .headline")).to_be_visible()
    reads_right(phone, result, lang)
    button = phone.get_by_role(
        "link", name="儲存我的收據" if lang == "zh_TW" else "Save my receipt"
    )
    # BG Stats is on the phones: each one opens the play there, in its own language.
    link = phone.get_by_role("link", name="BG Stats")
    expect(link).to_be_visible()
    data = bgstats_play(phone, server.base + link.get_attribute("href"), lang)
    assert data["sourcePlayId"] == made["id"] and data["game"]["name"] == GAME_NAME[lang]
    assert any(p["startPlayer"] for p in data["players"])  # the Shogun began
    expect(phone.locator(".bgstats-qr")).to_have_count(0)  # a code is for the big screen
    SHOTS.mkdir(exist_ok=True)
    link.scroll_into_view_if_needed()
    phone.screenshot(path=str(SHOTS / f"end-phone-390-{lang}.png"), full_page=True)
    with phone.expect_download() as download:
        button.click()
    text = Path(download.value.path()).read_text("utf-8")
    assert "小明" in text and "Ann (" not in text and "Cy (" not in text
    won = {"en": ("You won.", "You did not win."), "zh_TW": ("你贏了。", "你沒有贏。")}[lang]
    assert won[0 if 1 in result["winners"] else 1] in text
    # The result sheet on the phone offers BG Stats too: its link and its code.
    phone.goto(f"{server.base}/plays/{made['id']}")
    reads_right(phone, result, lang)
    expect(phone.locator(".sheet-actions .bgstats-link")).to_be_visible()
    qr_loaded(phone)
