"""Private choices with the cards in view, in real Chromium on a 390x844 phone, in English and
Traditional Chinese: Sun Tzu's placement and The Art of War's setup.

Opening the choice shows the player's own cards as buttons; tapping them makes the choice (the
API view says so); the panel is hidden again afterwards, and when the page goes to the
background. The other phone and the table screen never contain those cards. Screenshots of
the panels, open and closed, go to /tmp/shots/choose/.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .conftest import TO_BACKGROUND, open_table
from .test_sun_tzu_browser import click, session_token

SHOTS = Path("/tmp/shots/choose")
PROVINCES = ["qin", "chu", "jin_yan", "han_qi", "wu"]
LABELS = {
    "en": {
        "place": "Choose your cards",
        "warlord": "Choose your Warlord",
        "hide": "Hide",
        "setup": "Choose your Advisor and General",
        "submit": "Place these cards",
        "choose": "Choose",
    },
    "zh_TW": {
        "place": "選擇你的卡牌",
        "warlord": "選擇你的軍閥卡",
        "hide": "隱藏",
        "setup": "選擇你的軍師與將軍",
        "submit": "擺放這些卡牌",
        "choose": "選擇",
    },
}


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def table_of(server, game: str, players: list[str], options: dict) -> dict:
    return server.api("POST", "/api/tables", {"game": game, "players": players, "options": options})


def seat_view(server, phone: Page, table_id: str) -> dict:
    """The view the phone's own seat token gets from the API."""
    token = session_token(phone, "seat", table_id)
    return server.api("GET", f"/api/tables/{table_id}", token=token)["view"]


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_sun_tzu_placement_is_made_by_tapping_the_cards_of_the_hand(server, new_context, lang):
    words = LABELS[lang]
    created = table_of(server, "sun-tzu", ["Ann", "Bo"], {"cards": "phones"})
    table, (blue, red) = open_table(server, new_context, created, lang)
    tid = created["id"]
    # The Warlords, through the same kind of panel.
    for phone, n in ((blue, 5), (red, 4)):
        phone.get_by_role("button", name=words["warlord"]).click()
        panel = phone.locator("#st-choose-warlord-panel")
        expect(panel).to_be_visible()
        click(panel.locator(f'form:has(input[name="warlord"][value="{n}"]) button'), table)
        expect(panel).to_be_hidden()
        click(phone.locator(".st-lock button"), table)

    panel = blue.locator("#st-choose-place-panel")
    expect(panel).to_be_hidden()  # idle: nothing private shows
    opener = blue.get_by_role("button", name=words["place"])
    shot(blue, f"sun-tzu-place-closed-{lang}")
    opener.click()
    expect(panel).to_be_visible()
    cards = panel.locator("[data-pick]")
    hand = cards.evaluate_all("els => els.map(e => e.dataset.pick)")
    assert hand == seat_view(server, blue, tid)["me"]["hand"]  # the own hand, all 10 cards
    buttons = panel.locator("button.choose-card")
    expect(buttons.first).to_be_visible()
    box = buttons.first.bounding_box()
    assert box and box["height"] >= 60 and box["width"] >= 90  # big enough to hit at a glance
    shot(blue, f"sun-tzu-place-open-{lang}")

    # Backgrounded: the panel hides; opened again, the half-made choice is still there.
    cards.nth(0).click()
    expect(panel.locator('input[name="qin"]')).to_have_value(hand[0])
    blue.evaluate(TO_BACKGROUND)
    expect(panel).to_be_hidden()
    opener.click()
    expect(panel).to_be_visible()
    expect(panel.locator('input[name="qin"]')).to_have_value(hand[0])
    # "Hide" hides it too.
    panel.get_by_role("button", name=words["hide"]).click()
    expect(panel).to_be_hidden()
    opener.click()
    for i in range(1, 5):
        cards.nth(i).click()
    expect(panel.locator('input[name="wu"]')).to_have_value(hand[4])
    shot(blue, f"sun-tzu-place-filled-{lang}")
    click(panel.get_by_role("button", name=words["submit"]), table)
    expect(panel).to_be_hidden()
    shot(blue, f"sun-tzu-place-done-{lang}")

    # The choice was made: Blue's own view holds the five cards, one per province.
    assert seat_view(server, blue, tid)["me"]["placed"] == hand[:5]
    view = server.api("GET", f"/api/tables/{tid}", token=created["host_token"])["view"]
    assert view["sealed"]["submitted"] == [True, False]
    # Nowhere else: no card on the table screen; Bo's phone shows Bo's own hand only, hidden.
    expect(table.locator("[data-pick], .choose-panel, [data-card]")).to_have_count(0)
    expect(red.locator("#st-choose-place-panel")).to_be_hidden()
    red_hand = red.locator("#st-choose-place-panel [data-pick]").evaluate_all(
        "els => els.map(e => e.dataset.pick)"
    )
    assert red_hand == seat_view(server, red, tid)["me"]["hand"]
    expect(red.locator("#st-choose-place-panel .choose-slot.filled")).to_have_count(0)


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_art_of_war_setup_is_made_by_tapping_the_dealt_cards(server, new_context, lang):
    words = LABELS[lang]
    created = table_of(server, "art-of-war", ["Ann", "Bo", "Cy"], {})
    table, phones = open_table(server, new_context, created, lang)
    ann = phones[0]
    panel = ann.locator("#aow-choose-setup-panel")
    expect(panel).to_be_hidden()
    shot(ann, f"aow-setup-closed-{lang}")
    ann.get_by_role("button", name=words["setup"]).click()
    expect(panel).to_be_visible()
    advisors = panel.locator('label.choose-card:has(input[name="advisor"])')
    generals = panel.locator('label.choose-card:has(input[name="general"])')
    expect(advisors).to_have_count(2)
    expect(generals).to_have_count(2)
    names = panel.locator(".choose-name").all_inner_texts()
    assert len(names) == 4 and all(names)
    shot(ann, f"aow-setup-open-{lang}")
    # Backgrounded (pagehide-like): hidden.
    ann.evaluate(TO_BACKGROUND)
    expect(panel).to_be_hidden()
    ann.get_by_role("button", name=words["setup"]).click()
    advisors.nth(1).click()
    generals.nth(0).click()
    panel.locator('input[name="soldiers"]').fill("4")
    panel.locator('input[name="food"]').fill("2")
    shot(ann, f"aow-setup-picked-{lang}")
    click(panel.get_by_role("button", name=words["choose"], exact=True), table)
    expect(panel).to_be_hidden()
    view = server.api("GET", f"/api/tables/{created['id']}", token=created["host_token"])["view"]
    assert view["sealed"]["submitted"][0]
    offer = seat_view(server, ann, created["id"])["me"]["offer"]
    mine = seat_view(server, ann, created["id"])["sealed"]["mine"]
    assert mine["advisor"] == offer["advisors"][1]["key"]
    assert mine["general"] == offer["generals"][0]["key"]
    assert (mine["soldiers"], mine["food"]) == (4, 2)
    # The cards dealt to Ann show on no other screen.
    for other in (table, phones[1], phones[2]):
        # Links (the TV's address, the phones' codes) are random letters that may spell a
        # short name such as "Ce", so they are left out, and a name must stand as a word.
        text = " ".join(w for w in other.locator("body").inner_text().split() if "/" not in w)
        for name in names:
            assert not re.search(f"(?<![A-Za-z0-9]){re.escape(name)}(?![A-Za-z0-9])", text)
        for name in names:
            # Whole names only: another phone's own cards may hold a name containing this one.
            exact = re.compile(f"^\\s*{re.escape(name)}\\s*$")
            expect(other.locator(".choose-name", has_text=exact)).to_have_count(0)
