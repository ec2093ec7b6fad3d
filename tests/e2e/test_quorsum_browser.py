"""Quorsum in real Chromium: a table screen and two phones that join by scanning QR codes.

The whole game is played through the pages, as people at a table would: the host enters the
tiles already lying on the table, the players roll off and choose on their phones, then turns
go by without progress (failed rolls entered from the real dice, dice given up) until the
stalemate cube runs out and the tie-break names the winner. Every check is what a screen shows.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from .test_samurai_sword_browser import scan_qr

# The tiles lying on the table: rows of 2s, 3s, 4s and 5s, every dark face up.
ROW_VALUES = [2, 3, 4, 5]


def create_table(page: Page, base: str, stalemate_turns: int) -> None:
    page.goto(base + "/")
    page.get_by_role("link", name=re.compile("Quorsum")).click()
    inputs = page.locator("input[name=player]")
    inputs.nth(0).fill("Ann")
    inputs.nth(1).fill("Bo")
    page.get_by_label("Tile layout").select_option("entered")
    page.get_by_label(re.compile("Turns in a row without progress")).fill(str(stalemate_turns))
    page.get_by_role("button", name="Start the table").click()
    expect(page.locator(".status .game-name")).to_have_text("Quorsum")


def join_phone(table_page: Page, new_context, name: str) -> Page:
    phone = new_context("phone").new_page()
    phone.goto(scan_qr(table_page, name))
    expect(phone.locator(".me-name")).to_have_text(name)
    return phone


def tap_dice(page: Page, entry: str, dice: list[int]) -> None:
    """Enter the dice shown by tapping die faces, as a player does: no keyboard."""
    group = page.get_by_role("group", name=entry)
    for die in dice:
        group.get_by_role("button", name=f"Add a {die}").click()


def cube(page: Page):
    return page.locator(".q-stalemate .q-count")


def expect_counter(pages: list[Page], count: int, limit: int) -> None:
    for page in pages:
        expect(cube(page)).to_have_text(str(count))
        expect(page.locator(".q-stalemate .q-cube-text")).to_have_text(
            f"{count} of {limit} turns without progress"
        )


def test_a_game_played_through_the_pages_ends_in_a_stalemate_won_on_the_tiebreak(
    server, new_context
):
    table = new_context("screen").new_page()
    create_table(table, server.base, stalemate_turns=3)
    ann = join_phone(table, new_context, "Ann")
    bo = join_phone(table, new_context, "Bo")

    # --- Setup: the host enters the 16 tiles from the table, one tap per tile. ---
    expect(table.locator(".q-do")).to_have_text("Enter the tiles lying on the table, row by row")
    expect(bo.locator(".q-setup")).to_contain_text("The host enters them on the table screen.")
    for n in range(16):
        value = ROW_VALUES[n // 4]
        row, col = n // 4 + 1, n % 4 + 1
        expect(table.locator(".q-next-tile")).to_contain_text(f"Tile ({row},{col})")
        table.get_by_role("button", name=f"{value}, dark face up", exact=True).click()
        expect(table.locator(f'.q-cell[data-tile="{n}"]')).to_have_attribute(
            "data-value", str(value)
        )
    # The phones show the same layout, live.
    expect(ann.locator('.q-cell[data-tile="15"] .q-value')).to_have_text("5")

    # --- The opening roll, entered on Ann's phone from the real dice; Ann chooses B. ---
    expect(table.locator(".q-do")).to_contain_text("Each player rolls one die")
    ann.get_by_label("Ann: 5").check()
    ann.get_by_label("Bo: 2").check()
    ann.get_by_role("button", name="Enter the opening dice").click()
    expect(table.locator(".latest")).to_contain_text("Opening roll: Ann rolled 5, Bo rolled 2.")
    expect(bo.locator(".q-setup")).to_contain_text("Waiting for Ann.")
    expect(bo.get_by_role("button", name="A: take the first turn")).to_have_count(0)
    ann.get_by_role("button", name="B: place the pieces").click()
    expect(table.locator(".q-do")).to_contain_text(
        "Ann puts the four pieces on the corners, two each; Bo moves first"
    )
    # Placement: the corners show which way home is before anything is placed.
    expect(table.locator('.q-cell[data-tile="0"] .q-corner-hint')).to_contain_text("↘ home (4,4)")
    ann.get_by_role("button", name=re.compile(r"Ann: \(1,1\) \+ \(4,4\)")).click()

    # Four pieces on the corners, two colours, each facing its home diagonally opposite.
    for page in (table, ann, bo):
        expect(page.locator(".q-board .q-piece")).to_have_count(4)
    expect(table.locator('.q-cell[data-tile="0"] .q-piece.q-seat0 .q-arrow')).to_have_text("↘")
    expect(table.locator('.q-cell[data-tile="3"] .q-piece.q-seat1 .q-arrow')).to_have_text("↙")
    expect(table.locator('.q-player[data-seat="1"]')).to_have_class(re.compile("current"))
    expect(bo.locator(".phone-top")).to_contain_text("Your turn!")
    expect_counter([table, ann, bo], 0, 3)

    # --- Turn 1, Bo: one die on (1,3), value 2; the die shows 1: no progress. ---
    expect(ann.get_by_role("button", name=re.compile("^Move "))).to_have_count(0)
    bo.get_by_role("button", name="Move Bo's piece 1 to (1,3) with 1 die: 83.3%").click()
    expect(table.locator(".q-decl-sum")).to_contain_text("Declared: 1 die, 3 given up")
    expect(table.locator('.q-cell[data-tile="2"] .q-dice-on')).to_have_text("1 die")
    tap_dice(bo, "Dice shown for action 1", [1])
    bo.get_by_role("button", name="Enter the dice").click()
    expect(table.locator(".latest")).to_contain_text(
        "Bo rolled 1: the move onto (1,3) (value 2) failed."
    )
    expect(table.locator(".latest")).to_contain_text(
        "Bo's turn ended without progress: stalemate counter 1 of 3."
    )
    expect_counter([table, ann, bo], 1, 3)

    # --- Turn 2, Ann: a 6 takes her piece to (1,2): progress, the cube goes back to 0. ---
    expect(ann.locator(".phone-top")).to_contain_text("Your turn!")
    ann.get_by_role("button", name="Move Ann's piece 1 to (1,2) with 1 die: 83.3%").click()
    tap_dice(ann, "Dice shown for action 1", [6])
    ann.get_by_role("button", name="Enter the dice").click()
    expect(ann.locator(".q-chain-head")).to_have_text(
        "Success! 1 die met the value: move on with them, or stop."
    )
    expect(table.locator('.q-cell[data-tile="1"] .q-piece.q-seat0')).to_be_visible()
    ann.get_by_role("button", name="Stop the chain").click()
    expect_counter([table, ann, bo], 0, 3)
    expect(table.locator('.q-player[data-seat="0"] li[data-piece="0"] .q-far b')).to_have_text("5")
    expect(table.locator(".q-standing")).to_contain_text(
        "If it stalls now: Ann wins on the closest pieces"
    )

    # --- Turns 3-5 without progress: Bo gives up his dice, Ann passes from the table
    # screen (either player may operate it), Bo's two dice both show 1. ---
    bo.get_by_role("button", name="Give up all 4 dice (end the turn)").click()
    expect_counter([table, ann, bo], 1, 3)
    expect(table.locator(".q-turn .q-do")).to_contain_text("Ann: before rolling")
    table.get_by_role("button", name="Give up all 4 dice (end the turn)").click()
    expect_counter([table, ann, bo], 2, 3)
    bo.get_by_role("button", name="Move Bo's piece 1 to (1,3) with 2 dice: 97.2%").click()
    tap_dice(bo, "Dice shown for action 1", [1, 1])
    bo.get_by_role("button", name="Enter the dice").click()

    # --- The cube hits 3 of 3: stalemate, decided on the closest pieces (5 against 6). ---
    for page in (table, ann, bo):
        expect(cube(page)).to_have_text("3")
        result = page.locator(".result")
        expect(result.locator(".headline")).to_have_text("Ann wins")
        expect(result.locator(".reason")).to_have_text(
            "Stalemate after 3 turns without progress; Ann is closer to home."
        )
        expect(page.locator(".q-end-kind")).to_have_text("Ann: win on stalemate")
        expect(page.locator(".q-tiebreak td.decides")).to_have_text("5")
    expect(table.locator(".status .turn")).to_have_text("Game over")
    expect(table.locator(".q-tiebreak tbody tr").nth(1)).to_contain_text("Bo66")
    # Nobody can act any more: no planner, no dice entry, on any screen.
    for page in (table, ann, bo):
        expect(page.locator(".q-planner")).to_have_count(0)
        expect(page.locator("input[name=values]")).to_have_count(0)


def test_the_host_corrects_a_piece_and_the_stalemate_cube_from_the_table_screen(
    server, new_context
):
    """Set up through the API, then fixed on the table screen as the real board shows it."""
    made = server.api(
        "POST",
        "/api/tables",
        {"game": "quorsum", "players": ["Ann", "Bo"], "options": {"layout": "entered"}},
    )
    host = made["host_token"]

    def act(body):
        server.api("POST", f"/api/tables/{made['id']}/actions", body, token=host)

    for n in range(16):
        act({"type": "set_tile", "tile": n, "value": ROW_VALUES[n // 4], "face": "dark"})
    act({"type": "rolloff", "die0": 5, "die1": 2})
    act({"type": "choose", "option": "B"})
    act({"type": "place", "owners": [0, 1, 1, 0]})
    table = new_context("screen").new_page()
    table.goto(server.base + f"/host/{made['id']}/{host}")
    fixes = table.locator("#q-correct-turns")
    fixes.locator("summary").click()
    piece_form = fixes.locator("form:has(input[value=move_piece])")
    piece_form.get_by_label("Piece").select_option("0")
    piece_form.get_by_label("Tile").select_option("5")
    piece_form.get_by_role("button", name="Correct a piece").click()
    expect(table.locator('.q-cell[data-tile="5"] .q-piece.q-seat0')).to_be_visible()
    expect(table.locator(".latest")).to_contain_text(
        "Table screen: Ann's piece 1 (1,1) → (2,2), best distance 6 → 4"
    )
    fixes = table.locator("#q-correct-turns")
    if not fixes.evaluate("d => d.open"):
        fixes.locator("summary").click()
    cube_form = fixes.locator("form:has(input[value=set_stalemate])")
    cube_form.get_by_label("Stalemate counter").fill("4")
    cube_form.get_by_role("button", name="Correct the stalemate counter").click()
    expect(cube(table)).to_have_text("4")
    expect(table.locator(".latest")).to_contain_text("Table screen: stalemate counter 0 → 4")


def _table_with_a_two_dice_move(server) -> tuple[dict, dict, dict, object]:
    """A Quorsum table past its setup whose first turn offers a move on two dice (the tiles
    are laid out at random, so a few layouts may be tried)."""
    for _ in range(10):
        made = server.api("POST", "/api/tables", {"game": "quorsum", "players": ["Ann", "Bo"]})
        tid, host = made["id"], made["host_token"]

        def act(body, tid=tid, host=host):
            return server.api("POST", f"/api/tables/{tid}/actions", body, token=host)

        act({"type": "rolloff", "die0": 6, "die1": 1})
        act({"type": "choose", "option": "A"})
        view = server.api("GET", f"/api/tables/{tid}", token=host)["view"]
        act({"type": "place", "owners": view["opening"]["placements"][0]["owners"]})
        view = server.api("GET", f"/api/tables/{tid}", token=host)["view"]
        for move in view["planner"]["moves"]:
            for option in move["options"]:
                two = next((c for c in option["choices"] if c["dice"] == 2), None)
                if not option["problem_t"] and two is not None:
                    return made, view, two, act
    raise AssertionError("no layout of 10 offered a move on two dice")


def test_the_dice_are_entered_by_taps_alone_on_a_phone(server, new_context):
    made, view, two, act = _table_with_a_two_dice_move(server)
    tid, host = made["id"], made["host_token"]
    act({"type": "declare", **two["lists"]})
    phone = new_context("phone").new_page()
    phone.goto(made["seats"][view["turn"]]["join_url"])
    turn = phone.locator(".q-turn")
    # Nothing to type: no text or number field anywhere on the turn.
    expect(turn.locator("input[type=text], input[type=number], textarea")).to_have_count(0)
    tap_dice(phone, "Dice shown for action 1", [5, 3])
    entry = phone.get_by_role("group", name="Dice shown for action 1")
    expect(entry.get_by_role("button", name=re.compile(r"^Add a"))).to_have_count(6)
    expect(entry.locator("[data-dice-count]")).to_have_text("2 / 2")
    entry.get_by_role("button", name="Remove a 3").click()  # a mis-tap, taken back
    tap_dice(phone, "Dice shown for action 1", [2])
    assert entry.locator("input[name=values]").input_value() == "5,2"
    phone.get_by_role("button", name="Enter the dice").click()
    # Whatever the move's outcome, the history says what was rolled.
    expect(phone.locator(".history")).to_contain_text("rolled 5, 2")
    # The game got exactly those dice: its log says so (the declaration itself is gone once
    # the move ended the turn, which depends on the layout drawn).
    history = server.api("GET", f"/api/tables/{tid}", token=host)["history"]
    assert any("rolled 5, 2" in line["text"] for line in history), history[:3]
