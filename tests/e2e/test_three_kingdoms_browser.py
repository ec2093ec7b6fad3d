"""3 Kingdoms Battle (鬪三國) in real Chromium: a table screen and three phones joined by QR codes
play a game to the end by the last tile, tied on points, and the tie-break chain decides.

The host brings the tile stack down to a few tiles and corrects the command cards (as a table
does when it starts the app mid-game); the last tiles, a civil war with the real dice entered
on a phone, and the ending are all played by clicking what the players would click. Every
check looks at what a person sees, on screens that update live without a reload.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .conftest import join_by_qr, start_table

PLAYERS = ["Ann", "Bo", "Cy"]


def place_tile(
    page: Page, spaces: int, alert: int = 0, hold: int = 0, city: int = 0, completes=False
) -> None:
    """The "Place a tile" form, tapped as a player would: spaces, troops, closes the city?"""
    form = page.locator(".tk-expand form.tk-form")
    form.locator(".seg-spaces label", has_text=str(spaces)).click()
    if city:
        form.locator("select[name=city]").select_option(str(city))
    form.locator(".seg-alert label", has_text=str(alert)).click()
    form.locator(".seg-hold label", has_text=str(hold)).click()
    if completes:
        form.get_by_label("The tile completes this city (walls closed)").check()
    form.get_by_role("button", name="Place the tile").click()


def open_corrections(table: Page) -> None:
    fix = table.locator("details.tk-fix")
    if fix.get_attribute("open") is None:
        fix.locator("summary").click()


def card(page: Page, seat: int):
    return page.locator(f'article.tk-player[data-seat="{seat}"]')


def test_the_last_tile_ends_a_tied_game_and_the_tiebreak_chain_decides(server, new_context):
    table = new_context("screen").new_page()
    start_table(table, server.base, "3 Kingdoms Battle", PLAYERS)
    phones = join_by_qr(new_context, table, PLAYERS)
    ann, bo, cy = phones
    # Big touch targets on the phone: the tile form's choices and its button.
    for target in (
        ann.locator(".tk-expand .seg-spaces label span").first,
        ann.get_by_role("button", name="Place the tile"),
        ann.locator(".tk-expand summary"),
    ):
        box = target.bounding_box()
        assert box and box["height"] >= 44 and box["width"] >= 44, box
    tiles_left = table.locator(".tk-now [data-tiles-left]")
    expect(tiles_left).to_have_text("71")
    expect(ann.locator(".your-turn")).to_be_visible()

    # The host brings the stack down to the last few tiles.
    open_corrections(table)
    table.locator(".tk-fix-tiles input[name=tiles_left]").fill("4")
    table.get_by_role("button", name="Set tiles left").click()
    expect(tiles_left).to_have_text("4")
    expect(cy.locator(".tk-now [data-tiles-left]")).to_have_text("4")

    # Ann opens a city with 1 Alert + 1 Hold troop; Bo closes it with 1 Alert: civil war.
    place_tile(ann, spaces=2, alert=1, hold=1)
    expect(table.locator(".tk-open")).to_contain_text("City 1")
    expect(bo.locator(".your-turn")).to_be_visible()
    place_tile(bo, spaces=1, city=1, alert=1, completes=True)
    battle = table.locator(".tk-battle")
    expect(battle.locator("h2")).to_have_text("Civil war in city 1")
    expect(table.locator(".tk-now .do")).to_contain_text("Roll the dice")
    expect(battle.locator('.tk-side[data-seat="0"] [data-troops]')).to_have_text("2")
    expect(battle.locator('.tk-side[data-seat="1"] [data-troops]')).to_have_text("1")
    expect(battle).to_contain_text("at least one hit 56%")
    expect(tiles_left).to_have_text("2")
    # Cy is not fighting: her phone shows the war but has nothing to roll.
    expect(cy.locator(".tk-battle h2")).to_have_text("Civil war in city 1")
    expect(cy.get_by_role("button", name="Enter dice")).to_have_count(0)

    # The real dice: Ann 4 and 5 (one hit), Bo 2. Ann types them on her phone.
    ann.get_by_label("Dice rolled").fill("45 2")
    ann.get_by_role("button", name="Enter dice").click()
    expect(table.locator(".tk-battle")).to_have_count(0)
    expect(table.locator(".history")).to_contain_text("Ann won the civil war and controls city 1.")
    expect(card(table, 0).locator(".tk-score .value")).to_have_text("1")
    expect(table.locator('.tk-city[data-city="1"]')).to_contain_text("Ann")
    expect(cy.locator(".your-turn")).to_be_visible()

    # Cy builds and closes a small city with 2 Alert troops: the last tile is next.
    place_tile(cy, spaces=2, alert=2, completes=True)
    expect(card(table, 2).locator(".tk-score .value")).to_have_text("1")
    warning = "Last tile: the game ends after the turn that places it."
    expect(table.locator(".tk-ending")).to_have_text(f"⚠ {warning}")
    expect(ann.locator(".tk-ending")).to_contain_text(warning)

    # The table corrects the command cards both Ann and Cy really played earlier.
    for name in ("Ann", "Cy"):
        open_corrections(table)
        table.get_by_role("button", name=f"{name}: Command cards −1").click()
        seat = PLAYERS.index(name)
        expect(card(table, seat).locator(".tk-cmds b")).to_have_text("4")

    # Ann places the last tile (no city on it): her turn ends, and so does the game.
    place_tile(ann, spaces=0)
    expect(table.locator(".status .turn")).to_have_text("Game over")
    expect(tiles_left).to_have_text("0")
    steps = table.locator(".tk-tiebreak .tk-steps li")
    expect(steps).to_have_text(
        [
            "Scores: Ann 1, Bo 0, and Cy 1.",
            "Highest score 1: Ann and Cy.",
            "Tie-break A, troops in completed cities: Ann 2 and Cy 2; ahead: Ann and Cy.",
            "Tie-break B, unused command cards: Ann 4 and Cy 4; ahead: Ann and Cy.",
            "Tie-break C, unused stratagem cards: Ann 4 and Cy 4; ahead: Ann and Cy.",
            "Tie-break D, Alert troops: Ann 1 and Cy 2; ahead: Cy.",
            "Cy wins.",
        ]
    )
    expect(table.locator(".result .headline")).to_have_text("Cy wins.")
    expect(table.locator(".result .reason")).to_have_text(
        "The last tile was placed and that turn ended."
    )
    expect(card(table, 2).locator(".badge.win")).to_have_text("Winner")
    # Every phone shows the winner, live; Cy's own result line is marked as hers and won.
    for phone in phones:
        expect(phone.locator(".result .headline")).to_have_text("Cy wins.")
        expect(phone.locator(".tk-tiebreak .final")).to_have_text("Cy wins.")
        expect(phone.locator(".tk-turn")).to_have_count(0)
    expect(cy.locator(".result-row.mine.won .score")).to_have_text("1")
    expect(ann.locator(".result-row.mine")).not_to_have_class(re.compile(r"\bwon\b"))
    expect(bo.locator('.tk-others li[data-seat="2"] .badge.win')).to_have_text("Winner")


def test_a_stratagem_shows_its_printed_chinese_name_beside_the_english(server, new_context):
    made = server.api("POST", "/api/tables", {"game": "three-kingdoms", "players": PLAYERS})
    english = new_context("phone", "en").new_page()
    english.goto(made["seats"][0]["join_url"])
    strats = english.locator(".tk-me .tk-strats li")
    expect(strats.first).to_have_text("Drive the Tiger to Eat the Wolf 驅虎吞狼")
    expect(strats.nth(2)).to_have_text("Beauty Trap 美人計")
    # A Chinese phone reads the printed name once.
    chinese = new_context("phone", "zh_TW").new_page()
    chinese.goto(made["seats"][1]["join_url"])
    expect(chinese.locator(".tk-me .tk-strats li").first).to_have_text("驅虎吞狼")
    # The phone's number fields bring up the numeric keyboard.
    for field in english.locator("input[type=number]").all():
        assert field.get_attribute("inputmode") == "numeric"
