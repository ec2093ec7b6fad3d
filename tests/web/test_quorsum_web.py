"""Quorsum through the Flask test client: the JSON API, the table screen, the phones.

Nothing in Quorsum is secret, so the privacy checks here are that every viewer gets the same
public view and history, that no device's credentials leak into another's page or stream, and
that only the player whose turn it is (or the host's table screen) gets the controls.
"""

from __future__ import annotations

import html
import re

from flask.testing import FlaskClient

from ..conftest import first_stream_message
from .test_platform import bearer, join

# Four rows of values 2, 3, 4, 5 (four tiles of each; the box has five), every face dark.
ALL_DARK = [(2 + row, "dark") for row in range(4) for _col in range(4)]


def tile(row: int, col: int) -> int:
    return (row - 1) * 4 + (col - 1)


def make_table(client: FlaskClient, **options) -> dict:
    reply = client.post(
        "/api/tables",
        json={"game": "quorsum", "players": ["Ann", "Bo"], "options": options},
    )
    assert reply.status_code == 201, reply.json
    return reply.json


def act(client, table, body, token=None, status=200):
    reply = client.post(
        f"/api/tables/{table['id']}/actions",
        json=body,
        headers=bearer(token or table["host_token"]),
    )
    assert reply.status_code == status, (body, reply.json)
    return reply.json


def view(client, table, token=None) -> dict:
    headers = bearer(token) if token else {}
    return client.get(f"/api/tables/{table['id']}", headers=headers).json


def lay_out(client, table, cells=ALL_DARK):
    for n, (value, face) in enumerate(cells):
        act(client, table, {"type": "set_tile", "tile": n, "value": value, "face": face})


def join_both(client, table) -> list[str]:
    """Both seats joined through the API (their join codes are then used up)."""
    return [join(client, s["join_code"]) for s in table["seats"]]


def seated(client, table, tokens=None):
    """An entered all-dark layout; Ann (seat 0) won the roll-off (entered by Bo, or the host)."""
    lay_out(client, table)
    act(client, table, {"type": "rolloff", "die0": 5, "die1": 2}, tokens and tokens[1])


def to_turns(client, table, tokens=None, option="B", owners="0,1,1,0"):
    """Ann chooses (B = she places, Bo moves first by default) and the pieces go down.

    With seat tokens each step is taken by the player it belongs to, else by the host.
    """
    seated(client, table, tokens)
    act(client, table, {"type": "choose", "option": option}, tokens and tokens[0])
    placer = 0 if option == "B" else 1
    act(client, table, {"type": "place", "owners": owners}, tokens and tokens[placer])


def forms(page: str, action_type: str) -> list[dict[str, str]]:
    """Every form of the page that posts ``action_type``, as its hidden fields."""
    found = []
    for body in re.findall(r"<form\b.*?</form>", page, flags=re.S):
        fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', body))
        if fields.get("type") == action_type:
            found.append({k: html.unescape(v) for k, v in fields.items()})
    return found


def phone(app, table, seat) -> FlaskClient:
    device = app.test_client()
    device.get(f"/join/{table['seats'][seat]['join_code']}")
    return device


def page_of(device, table, seat=None) -> str:
    url = f"/t/{table['id']}/seat" if seat is not None else f"/t/{table['id']}"
    reply = device.get(url)
    assert reply.status_code == 200
    return reply.get_data(as_text=True)


def stalemate_shown(page: str) -> tuple[int, int]:
    count = re.search(r'class="q-count">(\d+)<', page).group(1)
    limit = re.search(r'data-limit="(\d+)"', page).group(1)
    return int(count), int(limit)


# --- The game through the API ---------------------------------------------------------------


def test_an_entered_layout_then_roll_off_choice_and_placement_start_the_first_turn(client):
    table = make_table(client, layout="entered")
    assert view(client, table)["view"]["phase_key"] == "layout"
    lay_out(client, table)
    v = view(client, table)["view"]
    assert v["phase_key"] == "rolloff" and v["layout"]["missing"] == 0
    assert [c["value"] for c in v["grid"][3]] == [5, 5, 5, 5]
    tokens = [join(client, s["join_code"]) for s in table["seats"]]
    act(client, table, {"type": "rolloff", "die0": 3, "die1": 3}, tokens[0])
    assert view(client, table)["view"]["opening"]["tied"] is True
    act(client, table, {"type": "rolloff", "die0": 2, "die1": 6}, tokens[0])
    assert view(client, table)["view"]["turn"] == 1  # Bo rolled higher: Bo chooses
    act(client, table, {"type": "choose", "option": "A"}, tokens[1])
    done = act(client, table, {"type": "place", "owners": "0,1,1,0"}, tokens[0])
    v = done["view"]
    assert v["phase_key"] == "declare" and v["turn"] == 1 and v["round"] == 1
    assert [(p["row"], p["col"], p["home_row"], p["home_col"]) for p in v["pieces"]] == [
        (1, 1, 4, 4),
        (4, 4, 1, 1),
        (1, 4, 4, 1),
        (4, 1, 1, 4),
    ]


def test_turns_without_progress_climb_the_counter_and_a_stalemate_ends_on_the_tiebreak(client):
    table = make_table(client, layout="entered", stalemate_turns=3)
    tokens = join_both(client, table)
    to_turns(client, table, tokens)  # Bo (seat 1) moves first
    act(client, table, {"type": "declare", "pieces": "2", "tiles": "2", "dice": "1"}, tokens[1])
    failed = act(client, table, {"type": "resolve", "index": 0, "values": "1"}, tokens[1])
    assert failed["view"]["stalemate"]["count"] == 1 and failed["view"]["turn"] == 0
    # Ann moves (1,1) -> (1,2) (value 2) with a 6: progress, the counter is back to 0.
    act(client, table, {"type": "declare", "pieces": "0", "tiles": "1", "dice": "1"}, tokens[0])
    moved = act(client, table, {"type": "resolve", "index": 0, "values": "6"}, tokens[0])
    assert moved["view"]["declaration"]["actions"][0]["status"] == "chain"
    ended = act(client, table, {"type": "stop"}, tokens[0])
    assert ended["view"]["stalemate"]["count"] == 0
    standing = ended["view"]["stalemate"]["standing"]
    assert standing["winner"] == 0 and standing["step"] == "closest"
    act(client, table, {"type": "pass"}, tokens[1])
    act(client, table, {"type": "pass"}, tokens[0])
    assert view(client, table)["view"]["stalemate"]["count"] == 2
    last = act(client, table, {"type": "pass"}, tokens[1])
    assert last["view"]["over"] is True
    game = last["view"]["last_game"]
    assert game["kind"] == "stalemate" and game["winner"] == 0 and game["step"] == "closest"
    assert game["distances"] == [[5, 6], [6, 6]]
    result = client.get(f"/api/tables/{table['id']}/result").json
    assert result["headline"] == "Ann wins"
    assert result["reason"] == "Stalemate after 3 turns without progress; Ann is closer to home."


def test_both_pieces_home_while_no_opposing_piece_is_home_is_a_double_win(client):
    table = make_table(client, layout="entered", match_points=3)
    # Ann (first, option A) on (1,1) and (1,4); Bo on (4,1) and (4,4).
    tokens = join_both(client, table)
    seated(client, table, tokens)
    act(client, table, {"type": "choose", "option": "A"}, tokens[0])
    act(client, table, {"type": "place", "owners": "0,0,1,1"}, tokens[1])
    ann, bo = tokens
    act(client, table, {"type": "pass"}, ann)
    # Bo steps both pieces off the corners Ann's pieces are heading for.
    act(client, table, {"type": "declare", "pieces": "2,3", "tiles": "8,11", "dice": "1,1"}, bo)
    act(client, table, {"type": "resolve", "index": 0, "values": "6"}, bo)
    act(client, table, {"type": "resolve", "index": 1, "values": "6"}, bo)
    act(client, table, {"type": "end_turn"}, bo)

    def run_home(path):
        act(client, table, {"type": "declare", "pieces": "0", "tiles": str(path[0]), "dice": "4"})
        for step in path:
            act(client, table, {"type": "resolve", "index": 0, "values": "6,6,6,6", "tile": step})

    run_home([tile(1, 2), tile(2, 2), tile(2, 3), tile(3, 3), tile(4, 3), tile(4, 4)])
    act(client, table, {"type": "end_turn"})
    act(client, table, {"type": "pass"}, bo)
    act(client, table, {"type": "declare", "pieces": "1", "tiles": str(tile(2, 4)), "dice": "4"})
    for step in [tile(2, 4), tile(2, 3), tile(3, 3), tile(3, 2), tile(4, 2)]:
        act(client, table, {"type": "resolve", "index": 0, "values": "6,6,6,6", "tile": step})
    won = act(client, table, {"type": "resolve", "index": 0, "values": "5,6,6,6", "tile": 12})
    v = won["view"]
    assert v["phase_key"] == "ended" and v["last_game"]["kind"] == "double"
    assert v["match"]["points"] == [2, 0]
    client.get(f"/host/{table['id']}/{table['host_token']}")
    page = page_of(client, table)
    assert "Double win: no opposing piece was home. It scores 2 points." in page
    assert "Match to 3 points" in page
    assert forms(page, "next_game")  # the match goes on: a "Next game" button
    act(client, table, {"type": "next_game"}, bo)
    v = view(client, table)["view"]
    # Game 2 of the match: Bo makes the A/B choice this time, no roll-off, tiles to enter.
    assert v["game_no"] == 2 and v["phase_key"] == "layout" and v["opening"]["chooser"] == 1


# --- The pages ------------------------------------------------------------------------------


def test_the_table_screen_draws_the_grid_pieces_facing_home_and_the_stalemate_cube(app, client):
    table = make_table(client, layout="entered")
    client.get(f"/host/{table['id']}/{table['host_token']}")
    page = page_of(client, table)
    assert "Enter the tiles lying on the table, row by row" in page
    assert page.count('class="q-cell face-none') == 16
    to_turns(client, table)
    page = page_of(client, table)
    cells = re.findall(r'data-tile="(\d+)" data-face="(\w+)" data-value="(\d)"', page)
    assert len(cells) == 16 and all(face == "dark" for _t, face, _v in cells)
    assert [v for _t, _f, v in cells[:4]] == ["2", "2", "2", "2"]
    # Each piece on its corner, its arrow towards its home; homes marked on the far corners.
    arrows = re.findall(r'data-piece="(\d)"><span class="q-arrow">(.)</span>', page)
    assert sorted(arrows) == [("0", "↘"), ("1", "↖"), ("2", "↙"), ("3", "↗")]
    assert page.count('class="q-home ') == 4
    assert stalemate_shown(page) == (0, 6)
    assert "0 of 6 turns without progress" in page
    assert "If it stalls now: a draw (equal distances)" in page
    assert "Bo: before rolling, declare what each of the 4 dice is for" in page


def test_only_the_player_to_move_and_the_host_get_the_turn_controls(app, client):
    table = make_table(client, layout="entered")
    client.get(f"/host/{table['id']}/{table['host_token']}")
    lay_out(client, table)
    ann, bo = phone(app, table, 0), phone(app, table, 1)
    # The roll-off is anyone's: both phones and the host may enter it.
    for page in (page_of(ann, table, 0), page_of(bo, table, 1), page_of(client, table)):
        assert 'name="die0"' in page and 'name="die1"' in page
    act(client, table, {"type": "rolloff", "die0": 6, "die1": 1})
    assert len(forms(page_of(ann, table, 0), "choose")) == 2
    assert forms(page_of(bo, table, 1), "choose") == []
    assert "Waiting for Ann." in page_of(bo, table, 1)
    act(client, table, {"type": "choose", "option": "A"})  # Bo places, Ann moves first
    assert len(forms(page_of(bo, table, 1), "place")) == 6
    assert forms(page_of(ann, table, 0), "place") == []
    act(client, table, {"type": "place", "owners": "0,1,1,0"})
    mine = page_of(ann, table, 0)
    assert forms(mine, "declare") and forms(mine, "pass")
    theirs = page_of(bo, table, 1)
    assert forms(theirs, "declare") == [] and forms(theirs, "pass") == []
    assert "Waiting for Ann." in theirs
    assert forms(page_of(client, table), "declare")  # the host may operate either side
    stranger = app.test_client()
    assert forms(page_of(stranger, table), "declare") == []


def test_a_planner_button_on_the_phone_declares_and_the_dice_entered_resolve_it(app, client):
    table = make_table(client, layout="entered")
    to_turns(client, table)  # Bo moves first, from (1,4) and (4,1)
    bo = phone(app, table, 1)
    page = page_of(bo, table, 1)
    # Bo's piece on (1,4) to (1,3), value 2: one button per number of dice, with its odds.
    label = "Move Bo&#39;s piece 1 to (1,3) with 3 dice: 99.5%"
    assert label in page
    button = [
        f for f in forms(page, "declare") if (f["pieces"], f["tiles"], f["dice"]) == ("2", "2", "3")
    ]
    assert len(button) == 1
    reply = bo.post(f"/t/{table['id']}/seat/act", data=button[0], headers={"HX-Request": "true"})
    assert reply.status_code == 200
    body = reply.get_data(as_text=True)
    assert "Declared: 3 dice, 1 given up" in body and "99.5%" in body
    # The dice actually shown are entered on the phone; two of three is a count error.
    entry = forms(body, "resolve")[0]
    wrong = bo.post(
        f"/t/{table['id']}/seat/act", data={**entry, "values": "1,1"}, headers={"HX-Request": "1"}
    )
    assert wrong.status_code == 422
    assert "Enter exactly 3 dice values." in wrong.get_data(as_text=True)
    bo.post(f"/t/{table['id']}/seat/act", data={**entry, "values": "1,1,1"})
    v = view(client, table)["view"]
    assert v["stalemate"]["count"] == 1 and v["turn"] == 0
    assert stalemate_shown(page_of(bo, table, 1)) == (1, 6)
    assert "1 of 6 turns without progress" in page_of(client, table)


def test_a_chain_offers_the_next_tiles_with_the_dice_that_made_it(app, client):
    table = make_table(client, layout="entered")
    to_turns(client, table)
    act(client, table, {"type": "declare", "pieces": "2,2", "tiles": "2,1", "dice": "3,0"})
    page = page_of(client, table)
    assert "chain 97.1%" in page  # (1,3) then (1,2), both value 2, three dice
    act(client, table, {"type": "resolve", "index": 0, "values": "5,1,2"})
    page = page_of(phone(app, table, 1), table, 1)
    assert "Success! 2 dice met the value: move on with them, or stop." in page
    steps = forms(page, "resolve")
    # Any same-colour empty neighbour of (1,3): on, down, or back to the corner it left.
    assert {f.get("tile") for f in steps} == {str(tile(1, 2)), str(tile(2, 3)), str(tile(1, 4))}
    assert forms(page, "stop")
    assert "planned" in page


def test_every_viewer_sees_the_same_state_and_no_device_sees_anothers_credentials(app, client):
    table = make_table(client, layout="entered")
    tokens = join_both(client, table)
    to_turns(client, table, tokens)
    act(client, table, {"type": "declare", "pieces": "2", "tiles": "2", "dice": "2"}, tokens[1])
    public = view(client, table)["view"]
    for token in tokens:
        mine = view(client, table, token)["view"]
        assert mine.pop("me") == {}
        assert mine == public
    assert view(client, table, table["host_token"])["view"] == public
    histories = [view(client, table, t)["history"] for t in [*tokens, table["host_token"]]]
    assert histories[0] == histories[1] == histories[2] == view(client, table)["history"]
    # Re-issue both seats (a code works once; the API joins used them) and join as phones do.
    codes = [s["join_code"] for s in table["seats"]]
    devices = []
    for seat in (0, 1):
        reissued = client.post(
            f"/api/tables/{table['id']}/seats/{seat}/reissue", headers=bearer(table["host_token"])
        ).json
        devices.append(app.test_client())
        devices[seat].get(f"/join/{reissued['join_code']}")
        codes.append(reissued["join_code"])
    for seat, device in enumerate(devices):
        page = page_of(device, table, seat)
        stream = first_stream_message(device.get(f"/t/{table['id']}/seat/stream"))
        for text in (page, stream):
            assert table["host_token"] not in text
            assert all(code not in text for code in codes)
            assert "Declared: 2 dice, 2 given up" in text
    public_page = page_of(app.test_client(), table)
    assert all(code not in public_page for code in codes)


def test_bad_input_is_refused_with_a_clear_message_and_changes_nothing(app, client):
    table = make_table(client, layout="entered")
    ann_token = join(client, table["seats"][0]["join_code"])
    bo_token = join(client, table["seats"][1]["join_code"])
    cases = [
        ({"type": "set_tile", "tile": 0, "value": 2, "face": "dark"}, ann_token, 403),
        ({"type": "set_tile", "tile": 16, "value": 2, "face": "dark"}, None, 400),
        ({"type": "set_tile", "tile": 0, "value": 7, "face": "dark"}, None, 400),
        ({"type": "rolloff", "die0": 5, "die1": 2}, None, 403),  # tiles not all laid yet
    ]
    for body, token, status in cases:
        before = view(client, table)
        reply = act(client, table, body, token, status=status)
        assert reply["error"]["message"]
        assert view(client, table) == before
    lay_out(client, table)  # four tiles of each value 2-5
    act(client, table, {"type": "set_tile", "tile": 4, "value": 2, "face": "dark"})  # a fifth 2
    refused = act(
        client, table, {"type": "set_tile", "tile": 5, "value": 2, "face": "dark"}, status=422
    )
    assert refused["error"]["message"] == "The box has only 5 tiles of value 2."
    act(client, table, {"type": "rolloff", "die0": 7, "die1": 2}, status=400)
    act(client, table, {"type": "rolloff", "die0": 6, "die1": 2}, bo_token)
    wrong_seat = act(client, table, {"type": "choose", "option": "A"}, bo_token, status=403)
    assert wrong_seat["error"]["message"]
    act(client, table, {"type": "choose", "option": "A"}, ann_token)  # Ann first, Bo places
    act(client, table, {"type": "place", "owners": "0,0,0,1"}, bo_token, status=422)
    act(client, table, {"type": "place", "owners": "0,1,1,0"}, bo_token)
    before = view(client, table)
    out_of_turn = act(client, table, {"type": "pass"}, bo_token, status=403)
    assert out_of_turn["error"]["message"]
    not_mine = act(
        client,
        table,
        {"type": "declare", "pieces": "2", "tiles": "2", "dice": "1"},
        ann_token,
        status=422,
    )
    assert not_mine["error"]["message"] == "You can only move your own pieces."
    act(
        client,
        table,
        {"type": "declare", "pieces": "0", "tiles": "1", "dice": "5"},
        ann_token,
        status=400,
    )
    assert view(client, table) == before


def test_acting_after_the_end_is_refused(client):
    table = make_table(client, layout="entered", stalemate_turns=2)
    tokens = join_both(client, table)
    to_turns(client, table, tokens)
    act(client, table, {"type": "pass"}, tokens[1])
    act(client, table, {"type": "pass"}, tokens[0])
    assert view(client, table)["view"]["over"] is True
    before = view(client, table)
    after = act(client, table, {"type": "pass"}, tokens[1], status=409)
    assert after["error"]["code"] == "game_over"
    assert view(client, table) == before
    page = page_of(client, table)
    assert forms(page, "declare") == [] and forms(page, "next_game") == []
    assert "Stalemate after 2 turns without progress; the distances are equal." in page


def test_the_table_screen_reads_in_traditional_chinese(app, client):
    table = make_table(client, layout="entered", stalemate_turns=4)
    to_turns(client, table)
    client.get("/lang/zh_TW?next=/")
    page = page_of(client, table)
    assert stalemate_shown(page) == (0, 4)
    assert "僵局方塊" in page and "骰棋" in page and "家園" in page


def test_with_no_move_on_the_same_colour_the_planner_opens_the_flips(app, client):
    table = make_table(client, layout="entered")
    corners_dark = [
        (v, "dark" if n in (0, 3, 12, 15) else "light") for n, (v, _f) in enumerate(ALL_DARK)
    ]
    lay_out(client, table, corners_dark)
    act(client, table, {"type": "rolloff", "die0": 5, "die1": 2})
    act(client, table, {"type": "choose", "option": "B"})
    act(client, table, {"type": "place", "owners": "0,1,1,0"})
    page = page_of(phone(app, table, 1), table, 1)
    assert page.count("No move possible from here right now.") == 2
    assert '<details class="q-plan-group q-flips" open>' in page
    assert "Flip (1,3) with 1 die: 83.3%" in page


# --- Corrections after the first turn, and the table's own dice -----------------------------


def history(client, table) -> list[str]:
    return [h["text"] for h in view(client, table)["history"]]


def test_the_host_corrects_a_piece_a_tile_and_the_stalemate_counter_through_the_api(client):
    table = make_table(client, layout="entered")
    tokens = join_both(client, table)
    to_turns(client, table, tokens)  # Bo moves first; Ann's piece 0 is on (1,1)
    moved = act(client, table, {"type": "move_piece", "piece": 0, "tile": 5})
    assert moved["view"]["pieces"][0]["tile"] == 5 and moved["view"]["pieces"][0]["distance"] == 4
    assert history(client, table)[0] == (
        "Table screen: Ann's piece 1 (1,1) → (2,2), best distance 6 → 4"
    )
    fixed = act(client, table, {"type": "correct_tile", "tile": 6, "face": "light"})
    assert fixed["view"]["grid"][1][2]["face"] == "light"
    assert history(client, table)[0] == "Table screen: tile (2,3) 3 dark → 3 light"
    act(client, table, {"type": "set_stalemate", "count": 5})
    assert history(client, table)[0] == "Table screen: stalemate counter 0 → 5"
    # A seat may not correct the board; bounds are the rules' and say why.
    act(client, table, {"type": "move_piece", "piece": 0, "tile": 4}, tokens[0], status=403)
    occupied = act(client, table, {"type": "move_piece", "piece": 0, "tile": 3}, status=422)
    assert occupied["error"] == {
        "code": "occupied",
        "message": "That tile is occupied by another piece.",
    }
    too_high = act(client, table, {"type": "set_stalemate", "count": 6}, status=422)
    assert too_high["error"]["message"] == "stalemate counter must be between 0 and 5."
    # The corrected counter feeds the trigger: Bo's turn without progress is the sixth.
    ended = act(client, table, {"type": "pass"}, tokens[1])
    assert ended["view"]["phase_key"] == "over"
    assert ended["view"]["last_game"]["kind"] == "stalemate"
    assert ended["view"]["last_game"]["winner"] == 0  # Ann's piece is nearer home


def test_the_host_corrects_the_match_score_and_it_feeds_the_match_end(client):
    table = make_table(client, layout="entered", match_points=2, stalemate_turns=2)
    tokens = join_both(client, table)
    to_turns(client, table, tokens)
    done = act(client, table, {"type": "set_points", "seat": 1, "points": 1})
    assert done["view"]["match"]["points"] == [0, 1]
    assert history(client, table)[0] == "Table screen: Bo's match points 0 → 1"
    act(client, table, {"type": "set_points", "seat": 1, "points": 2}, status=422)
    act(client, table, {"type": "pass"}, tokens[1])
    last = act(client, table, {"type": "pass"}, tokens[0])  # a drawn stalemate: 1 point each
    assert last["view"]["match"]["points"] == [1, 2] and last["view"]["over"] is True
    result = client.get(f"/api/tables/{table['id']}/result").json
    assert result["winners"] == [1]


def test_the_roll_off_and_every_roll_are_entered_as_the_table_rolled_them(client):
    table = make_table(client, layout="entered")
    lay_out(client, table)
    rolled = act(client, table, {"type": "rolloff", "die0": 2, "die1": 5})
    assert rolled["view"]["opening"]["rolloff"] == [2, 5] and rolled["view"]["turn"] == 1
    act(client, table, {"type": "choose", "option": "A"})  # Bo first; Ann places
    act(client, table, {"type": "place", "owners": "0,1,1,0"})
    # Bo's piece 2 on (1,4): 2 dice onto (2,4) (value 3); the table rolled 3 and 1.
    act(client, table, {"type": "declare", "pieces": [2], "tiles": [7], "dice": [2]})
    done = act(client, table, {"type": "resolve", "index": 0, "values": [3, 1]})
    assert done["view"]["declaration"]["actions"][0]["rolls"][0]["values"] == [3, 1]
    assert done["view"]["pieces"][2]["tile"] == 7


def test_the_host_sees_the_correction_forms_during_the_turns_and_a_phone_does_not(app, client):
    table = make_table(client, layout="entered", match_points=3)
    client.get(f"/host/{table['id']}/{table['host_token']}")
    to_turns(client, table)
    page = page_of(client, table)
    for kind in ("move_piece", "correct_tile", "set_stalemate", "set_points"):
        assert forms(page, kind), kind
    ann = phone(app, table, 0)
    assert forms(page_of(ann, table, 0), "move_piece") == []
