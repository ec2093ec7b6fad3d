"""The end screen's exports in real Chromium: a Samurai Sword game ended through the JSON API,
the host's buttons (BG Stats, CSV, JSON, Print) with BG Stats' QR code for the phones, and a
phone's own BG Stats link and receipt, in English and zh-TW at a laptop's and a phone's size.
"""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

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


def host_page(server, new_context, made: dict, lang: str) -> Page:
    page = new_context("screen", lang).new_page()
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{server.base}/host/{made['id']}/{made['host_token']}")
    expect(page.locator(".result .headline")).to_be_visible()
    return page


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
def test_the_hosts_end_screen_has_the_buttons_and_the_bg_stats_link_decodes(
    server, new_context, lang
):
    made, result = ended_game(server)
    page = host_page(server, new_context, made, lang)
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
    code = page.locator(".bgstats-qr img")
    expect(code).to_be_visible()
    assert page.evaluate("img => img.complete && img.naturalWidth > 0", code.element_handle()), (
        "the QR code did not load"
    )
    caption = "掃描" if lang == "zh_TW" else "Scan with a phone that has BG Stats"
    expect(page.locator(".bgstats-qr figcaption")).to_contain_text(caption)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"end-host-1366-{lang}.png"), full_page=True)
    data = bgstats_play(page, f"{server.base}{href}", lang)
    assert set(data) == {
        "board",
        "comments",
        "durationMin",
        "game",
        "location",
        "playDate",
        "players",
        "sourceName",
        "sourcePlayId",
    }
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
    # The public table screen (a TV) offers none of it.
    public = new_context("screen", lang).new_page()
    public.goto(f"{server.base}/t/{made['id']}")
    expect(public.locator(".result .headline")).to_be_visible()
    expect(public.locator(".end-links")).to_have_count(0)


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_a_phone_offers_bg_stats_and_saves_its_own_receipt(
    server, new_context, lang, tmp_path: Path
):
    made, result = ended_game(server)
    phone = new_context("phone", lang).new_page()
    phone.goto(made["seats"][1]["join_url"])
    expect(phone.locator(".result .headline")).to_be_visible()
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
