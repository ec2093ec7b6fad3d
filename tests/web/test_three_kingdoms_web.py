"""3 Kingdoms Battle (鬪三國) through the Flask test client: table screen, phones and API.

Forms are read off the rendered pages and submitted the way htmx does, so a field name a
template gets wrong fails here. Nothing in this game is secret (every view is public); the
privacy checks are that a phone never gets the host's controls or another seat's join code,
and that the public table URL gets no controls at all.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from typing import Any
from urllib.parse import parse_qsl

from flask import Flask
from flask.testing import FlaskClient

from ..conftest import csrf, first_stream_message

NAMES = ["Ann", "Bo", "Cy"]
ANN, BO, CY = 0, 1, 2


# -- helpers ----------------------------------------------------------------------------------


class Forms(HTMLParser):
    """Every <form> of a page with the values a browser would send by default; a card's
    form counts once per button that says what it does (``do``), with that button's fields."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, Any]] = []
        self.by_id: dict[str, dict[str, Any]] = {}
        self.current: dict[str, Any] | None = None
        self.select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.current = {"action": a.get("action", ""), "fields": {}, "choices": {}}
            self.forms.append(self.current)
            self.by_id[a.get("id", "")] = self.current
        elif tag == "button" and a.get("name") == "do":
            owner = self.by_id.get(a["form"]) if "form" in a else self.current
            assert owner is not None, "a button outside any form"
            pressed = dict(parse_qsl(a["value"]))
            fields = {**owner["fields"], **pressed}
            posted = {**owner["fields"], "do": a["value"]}
            self.forms.append({**owner, "fields": fields, "posted": posted})
        elif self.current is None:
            return
        elif tag == "input" and a.get("name"):
            kind = a.get("type", "text")
            name = a["name"]
            if kind in ("radio", "checkbox"):
                self.current["choices"].setdefault(name, []).append(a.get("value", "on"))
                if "checked" in a:
                    self.current["fields"][name] = a.get("value", "on")
            else:
                self.current["fields"][name] = a.get("value", "")
        elif tag == "select":
            self.select = a.get("name")
        elif tag == "option" and self.select:
            self.current["choices"].setdefault(self.select, []).append(a.get("value", ""))
            if self.select not in self.current["fields"] or "selected" in a:
                self.current["fields"][self.select] = a.get("value", "")

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.current = None
        elif tag == "select":
            self.select = None


def forms(html: str, type_: str, **preset: Any) -> list[dict[str, Any]]:
    """The page's forms posting action ``type_`` whose fixed fields match ``preset``
    (a preset of None: the form has no such field)."""
    parser = Forms()
    parser.feed(html)

    def matches(fields: dict[str, Any], key: str, value: Any) -> bool:
        return key not in fields if value is None else str(fields.get(key)) == str(value)

    return [
        f
        for f in parser.forms
        if f["fields"].get("type") == type_
        and all(matches(f["fields"], k, v) for k, v in preset.items())
    ]


def submit(
    client: FlaskClient, page_url: str, type_: str, preset: dict | None = None, **values: Any
):
    """Open the page, take the one form for ``type_`` (matching ``preset``), fill in ``values``
    (only fields the form has) and post it as htmx would."""
    html = client.get(page_url).get_data(as_text=True)
    found = [
        f
        for f in forms(html, type_, **(preset or {}))
        if all(k in f["fields"] or k in f["choices"] for k in values)
    ]
    assert found, f"no form for {type_} {preset} on {page_url}"
    # Two buttons may post the very same action (e.g. "all Alert -> Hold" and "city 1: 1").
    assert all(f == found[0] for f in found), f"{len(found)} forms for {type_} {preset}"
    form = found[0]
    data = dict(form.get("posted", form["fields"]))
    for name, value in values.items():
        assert name in data or name in form["choices"], f"the {type_} form has no field {name}"
        if name in form["choices"]:
            assert str(value) in form["choices"][name], (name, value, form["choices"][name])
        data[name] = str(value)
    return client.post(
        form["action"], data=data, headers={"HX-Request": "true", "X-CSRF-Token": csrf(html)}
    )


def new_table(client: FlaskClient, **options: Any) -> dict[str, Any]:
    reply = client.post(
        "/api/tables", json={"game": "three-kingdoms", "players": NAMES, "options": options}
    )
    assert reply.status_code == 201, reply.json
    return reply.json


def host(app: Flask, table: dict[str, Any]) -> FlaskClient:
    device = app.test_client()
    assert device.get(f"/host/{table['id']}/{table['host_token']}").status_code == 303
    return device


def phone(app: Flask, table: dict[str, Any], seat: int) -> FlaskClient:
    device = app.test_client()
    assert device.get("/join/" + table["seats"][seat]["join_code"]).status_code == 303
    return device


def api(client: FlaskClient, table: dict[str, Any], token: str | None = None, **action: Any):
    headers = {"Authorization": f"Bearer {token or table['host_token']}"}
    return client.post(f"/api/tables/{table['id']}/actions", json=action, headers=headers)


def ok(client: FlaskClient, table: dict[str, Any], **action: Any) -> dict[str, Any]:
    reply = api(client, table, **action)
    assert reply.status_code == 200, reply.json
    return reply.json


def view(client: FlaskClient, table: dict[str, Any]) -> dict[str, Any]:
    return client.get(f"/api/tables/{table['id']}").json


def text(html: str) -> str:
    """The page's words, tags stripped and spaces collapsed (what a person reads)."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#39;", "'")


def section(html: str, cls: str) -> str:
    """The words of the first <section> (or <article>) with class ``cls``."""
    match = re.search(rf'<(section|article|details)[^>]*class="[^"]*\b{cls}\b[^"]*"', html)
    assert match, f"no {cls} on the page"
    rest = html[match.start() :]
    end = rest.find(f"</{match.group(1)}>")
    return text(rest[:end])


def player_card(html: str, seat: int) -> str:
    """The words of one player's card on the table screen."""
    match = re.search(rf'<article class="player tk-player[^"]*" data-seat="{seat}">', html)
    assert match, f"no card for seat {seat}"
    rest = html[match.start() :]
    return text(rest[: rest.find("</article>")])


def contested_city(client: FlaskClient, table: dict[str, Any]) -> None:
    """Ann opens city 1 with 1 Alert + 1 Hold; Bo closes it with 1 Alert: a civil war."""
    ok(client, table, type="expand", spaces=2, alert=1, hold=1)
    ok(client, table, type="expand", spaces=1, city=1, alert=1, complete=True)


def two_cities(client: FlaskClient, table: dict[str, Any]) -> None:
    """Ann holds city 1 (2 Alert), Bo holds city 2 (1 Hold); it is Cy's turn."""
    ok(client, table, type="expand", spaces=2, alert=2, complete=True)
    ok(client, table, type="expand", spaces=2, hold=1, complete=True)


# -- the table screen and the phones ------------------------------------------------------------


def test_the_table_screen_shows_the_race_troops_cards_and_the_tile_stack(app, client):
    table = new_table(client)
    screen = host(app, table).get(f"/t/{table['id']}").get_data(as_text=True)
    now = section(screen, "tk-now")
    assert "Tiles left 71 /71" in now
    assert "Ann: choose one action" in now
    players = section(screen, "tk-players")
    for name in NAMES:
        assert name in players
    assert players.count("0 /8") == 3
    assert players.count("In supply 8") == 3
    assert players.count("Command cards 5") == 3
    for stratagem in ("Drive the Tiger to Eat the Wolf", "Secret Passage", "Beauty Trap"):
        assert players.count(stratagem) == 3
    # The host records the turn player's action here; a plain visitor gets no controls.
    assert "Record Ann's action" in screen
    assert forms(screen, "expand") and forms(screen, "adjust_tiles")
    public = app.test_client().get(f"/t/{table['id']}").get_data(as_text=True)
    assert "Tiles left 71 /71" in section(public, "tk-now")
    assert "<form" not in public.split('id="live"')[1]


def test_only_the_phone_of_the_player_on_turn_gets_the_turn_controls(app, client):
    table = new_table(client)
    ann, bo = phone(app, table, ANN), phone(app, table, BO)
    ann_page = ann.get(f"/t/{table['id']}/seat").get_data(as_text=True)
    bo_page = bo.get(f"/t/{table['id']}/seat").get_data(as_text=True)
    assert "Your action: choose one" in ann_page and forms(ann_page, "expand")
    assert not forms(bo_page, "expand") and "Your action" not in bo_page
    # No phone gets the host's corrections, another seat's join code or any QR code.
    for page in (ann_page, bo_page):
        assert not forms(page, "adjust_tiles") and not forms(page, "set_turn")
        assert "/qr.svg" not in page and table["host_token"] not in page
        for seat in table["seats"]:
            assert seat["join_code"] not in page


def test_a_tile_is_recorded_in_a_few_taps_and_a_contested_city_starts_a_civil_war(app, client):
    table = new_table(client)
    ann, bo = phone(app, table, ANN), phone(app, table, BO)
    seat_url = f"/t/{table['id']}/seat"
    reply = submit(ann, seat_url, "expand", spaces=2, alert=1, hold=1)
    assert reply.status_code == 200
    # The reply is Ann's own fresh view: no longer her turn.
    assert "Your action" not in reply.get_data(as_text=True)
    bo_page = bo.get(seat_url).get_data(as_text=True)
    assert "City 1" in section(bo_page, "tk-cities") and "Open cities" in bo_page
    reply = submit(bo, seat_url, "expand", spaces=1, city=1, alert=1, complete=1)
    assert reply.status_code == 200
    v = view(client, table)["view"]
    assert v["battle"]["kind"] == "civil" and v["tiles_left"] == 69
    screen = host(app, table).get(f"/t/{table['id']}").get_data(as_text=True)
    battle = section(screen, "tk-battle")
    assert "Civil war in city 1" in battle
    assert "At stake: City 1 · Small city · +1" in battle
    assert "Ann Participant 2 troops Alert 1 Hold 1" in battle
    assert "Bo Participant 1 troop Alert 1 Hold 0" in battle
    assert "at least one hit 56% (5/9)" in battle and "33% (1/3)" in battle
    assert "Roll the dice: Ann × 2 Bo × 1" in section(screen, "tk-now")
    # Cy is not in the battle and not on turn: her phone shows it without buttons.
    cy_page = phone(app, table, CY).get(seat_url).get_data(as_text=True)
    assert "Civil war in city 1" in cy_page and not forms(cy_page, "roll")
    # Ann enters the real dice: 4 5 for her, 2 for Bo: one hit, Bo's troop goes home.
    reply = submit(ann, seat_url, "roll", faces="45 2")
    assert reply.status_code == 200
    v = view(client, table)["view"]
    assert v["battle"] is None
    assert v["cities"][0]["owner"] == ANN and v["players"][ANN]["score"] == 1
    screen = host(app, table).get(f"/t/{table['id']}").get_data(as_text=True)
    assert "Ann won the civil war and controls city 1." in text(screen)
    assert "Roll 1: Ann 4 5 and Bo 2. Hits 1-0; troops left: Ann 2 and Bo 0." in text(screen)
    assert "Cy: choose one action" in section(screen, "tk-now")


def test_a_three_sided_civil_war_shows_the_highest_die_odds_and_roll_for_me_rolls(app, client):
    table = new_table(client)
    ok(client, table, type="expand", spaces=2, alert=1, hold=1)
    ok(client, table, type="expand", spaces=2, city=1, alert=2)
    ok(client, table, type="expand", spaces=1, city=1, alert=1, complete=True)
    screen = host(app, table)
    page = screen.get(f"/t/{table['id']}").get_data(as_text=True)
    battle = section(page, "tk-battle")
    assert "Highest die" in battle and "stays in" in battle and "wins outright" in battle
    assert "Highest die stays in" in section(page, "tk-now")
    # The host's "Roll for me": the app rolls every die, and the table shows the roll.
    reply = submit(screen, f"/t/{table['id']}", "roll", preset={"faces": None})
    assert reply.status_code == 200
    assert "Roll 1 (highest die): Ann " in text(reply.get_data(as_text=True))


def test_a_national_war_shows_both_sides_after_each_roll_and_the_attacker_may_call_it_off(
    app, client
):
    table = new_table(client)
    two_cities(client, table)
    ok(client, table, type="expand", spaces=0)  # Cy places a tile with no city
    ann = phone(app, table, ANN)
    seat_url = f"/t/{table['id']}/seat"
    reply = submit(ann, seat_url, "national_war", launch=1, target=2, troops=2)
    assert reply.status_code == 200
    page = ann.get(seat_url).get_data(as_text=True)
    battle = section(page, "tk-battle")
    assert "National war: Ann attacks city 2 of Bo from city 1" in battle
    assert "At stake: City 2 · Small city · +1" in battle
    assert "Bo Defender 1 troop Alert 0 Hold 1" in battle
    assert "Troops attacking city 2: 2" in section(page, "tk-cities")
    assert not forms(page, "call_off")  # only after a roll
    # Roll 1: Ann 6 1 (1 hit: Bo's Hold troop turns Alert), Bo 5 (Ann loses one).
    assert submit(ann, seat_url, "roll", faces="615").status_code == 200
    page = ann.get(seat_url).get_data(as_text=True)
    battle = section(page, "tk-battle")
    assert "Ann Attacker 1 troop" in battle
    assert "Bo Defender 1 troop Alert 1 Hold 0" in battle
    assert "Roll 1: Ann 6 1 (1 hit), Bo 5 (1 hit). Now Ann 1; Bo 1 Alert, 0 Hold." in battle
    # Bo (the defender) may roll but not call the attack off; Ann may.
    bo_page = phone(app, table, BO).get(seat_url).get_data(as_text=True)
    assert forms(bo_page, "roll") and not forms(bo_page, "call_off")
    assert "Call off the attack: the survivors go home to city 1" in text(page)
    assert submit(ann, seat_url, "call_off").status_code == 200
    v = view(client, table)["view"]
    assert v["battle"] is None and v["cities"][0]["troops"][0]["alert"] == 1
    assert v["players"][ANN]["commands"] == 4


def test_the_winning_attacker_chooses_how_many_troops_move_in(app, client):
    table = new_table(client)
    two_cities(client, table)
    ok(client, table, type="expand", spaces=0)
    ok(client, table, type="national_war", launch=1, target=2)
    ok(client, table, type="roll", dice=[5, 6, 1])  # 2 hits: Hold -> Alert -> removed
    ann = phone(app, table, ANN)
    seat_url = f"/t/{table['id']}/seat"
    page = ann.get(seat_url).get_data(as_text=True)
    assert "Ann won: how many troops move into city 2?" in section(page, "tk-now")
    labels = [f["fields"]["n"] for f in forms(page, "settle")]
    assert labels == ["2", "1", "0"]
    assert "Move 2 into city 2" in text(page) and "All go home to city 1" in text(page)
    bo_page = phone(app, table, BO).get(seat_url).get_data(as_text=True)
    assert not forms(bo_page, "settle") and "Waiting for Ann to decide." in text(bo_page)
    assert submit(ann, seat_url, "settle", preset={"n": 1}).status_code == 200
    v = view(client, table)["view"]
    assert [c["owner"] for c in v["cities"]] == [ANN, ANN]
    assert v["players"][ANN]["score"] == 2


def test_a_defender_who_wipes_out_the_attack_may_move_into_the_emptied_launching_city(app, client):
    table = new_table(client)
    ok(client, table, type="expand", spaces=2, alert=1, complete=True)  # Ann: city 1
    ok(client, table, type="expand", spaces=2, alert=2, complete=True)  # Bo: city 2
    ok(client, table, type="expand", spaces=0)
    ok(client, table, type="national_war", launch=1, target=2)
    ok(client, table, type="roll", faces="1 51")  # Ann's only attacker falls
    bo = phone(app, table, BO)
    seat_url = f"/t/{table['id']}/seat"
    page = bo.get(seat_url).get_data(as_text=True)
    prompt = "Bo held city 2: move Alert troops into the empty city 1?"
    assert prompt in section(page, "tk-now")
    assert [f["fields"]["n"] for f in forms(page, "settle")] == ["2", "1", "0"]
    assert "Move 1 into city 1" in text(page) and "Move none" in text(page)
    ann_page = phone(app, table, ANN).get(seat_url).get_data(as_text=True)
    assert not forms(ann_page, "settle") and "Waiting for Bo to decide." in text(ann_page)
    assert submit(bo, seat_url, "settle", preset={"n": 1}).status_code == 200
    v = view(client, table)["view"]
    assert [c["owner"] for c in v["cities"]] == [BO, BO] and v["players"][BO]["score"] == 2


def test_occupying_an_idle_city_is_one_tap_on_the_die_that_was_rolled(app, client):
    table = new_table(client)
    ok(client, table, type="expand", spaces=1, complete=True)  # Ann: an idle small city
    bo = phone(app, table, BO)
    seat_url = f"/t/{table['id']}/seat"
    page = bo.get(seat_url).get_data(as_text=True)
    assert "City 1 · Small city · needs 4+ (1/2) · +1" in section(page, "tk-occupy")
    assert "Idle occupy on 4+ (50%)" in section(page, "tk-cities")
    assert len(forms(page, "occupy", city=1)) == 7  # dice 1-6 and "roll for me"
    assert submit(bo, seat_url, "occupy", preset={"city": 1, "die": 3}).status_code == 200
    assert view(client, table)["view"]["cities"][0]["idle"]
    assert "Bo rolled 3 (needs 4+): city 1 stays idle." in text(bo.get(seat_url).get_data(True))
    cy = phone(app, table, CY)
    assert submit(cy, seat_url, "occupy", preset={"city": 1, "die": 4}).status_code == 200
    v = view(client, table)["view"]
    assert v["cities"][0]["owner"] == CY and v["players"][CY]["score"] == 1


def test_troop_orders_stance_and_emergency_buttons_post_legal_actions(app, client):
    table = new_table(client)
    ok(client, table, type="expand", spaces=2, alert=1, complete=True)  # Ann: city 1
    ok(client, table, type="expand", spaces=0)
    ok(client, table, type="expand", spaces=0)
    ann = phone(app, table, ANN)
    seat_url = f"/t/{table['id']}/seat"
    reply = submit(ann, seat_url, "reinforce", preset={"city": 1, "stance": "hold"})
    assert reply.status_code == 200
    assert view(client, table)["view"]["cities"][0]["troops"][0]["hold"] == 1
    for _ in range(2):
        ok(client, table, type="expand", spaces=0)
    page = ann.get(seat_url).get_data(as_text=True)
    stance = section(page, "tk-stance")
    assert "All Alert → Hold (1)" in stance and "All Hold → Alert (1)" in stance
    reply = submit(ann, seat_url, "change_stance", preset={"direction": "to_hold", "cities": "1"})
    assert reply.status_code == 200
    assert view(client, table)["view"]["cities"][0]["troops"][0]["hold"] == 2
    for _ in range(2):
        ok(client, table, type="expand", spaces=0)
    page = ann.get(seat_url).get_data(as_text=True)
    # City 1 is full (2 of 2): no "In" buttons; two Hold troops: only "Out: 2 Hold".
    alerts = [f["fields"]["alert"] for f in forms(page, "emergency", city=1)]
    assert alerts == ["0"] and "Out: 2 Hold" in text(page)
    reply = submit(ann, seat_url, "emergency", preset={"city": 1, "mode": "remove"})
    assert reply.status_code == 200
    v = view(client, table)["view"]
    assert v["cities"][0]["idle"] and v["players"][ANN]["supply"] == 8
    assert v["players"][ANN]["commands"] == 4


def test_the_host_corrects_tiles_cards_and_the_turn_from_the_table_screen(app, client):
    table = new_table(client)
    screen = host(app, table)
    url = f"/t/{table['id']}"
    assert submit(screen, url, "adjust_tiles", tiles_left=2).status_code == 200
    reply = submit(screen, url, "adjust_player", preset={"seat": 1, "commands": 4})
    assert reply.status_code == 200
    reply = submit(screen, url, "adjust_player", preset={"seat": 2, "stratagem": "beauty_trap"})
    assert reply.status_code == 200
    assert submit(screen, url, "set_turn", preset={"seat": 2}).status_code == 200
    v = view(client, table)["view"]
    assert v["tiles_left"] == 2 and v["players"][BO]["commands"] == 4
    assert v["players"][CY]["stratagems_left"] == 3 and v["turn"] == CY
    page = screen.get(url).get_data(as_text=True)
    cy_card = player_card(page, CY)
    assert "Command cards 5" in cy_card
    assert re.search(r'<li class="used"[^>]*>Beauty Trap 美人計</li>', page)
    assert "Record Cy's action" in page


def test_the_last_tile_warning_then_the_tiebreak_chain_shown_step_by_step(app, client):
    table = new_table(client)
    ok(client, table, type="adjust_tiles", tiles_left=4)
    ok(client, table, type="expand", spaces=2, alert=1, hold=1)
    ok(client, table, type="expand", spaces=1, city=1, alert=1, complete=True)
    ok(client, table, type="roll", dice=[4, 5, 2])  # Ann takes city 1
    ok(client, table, type="expand", spaces=2, alert=2, complete=True)  # Cy: city 2
    ok(client, table, type="adjust_player", seat=CY, commands=4)
    screen = host(app, table)
    page = screen.get(f"/t/{table['id']}").get_data(as_text=True)
    assert "Last tile: the game ends after the turn that places it." in section(page, "tk-now")
    ann = phone(app, table, ANN)
    assert submit(ann, f"/t/{table['id']}/seat", "expand", spaces=0).status_code == 200
    result = client.get(f"/api/tables/{table['id']}/result").json
    assert result["winners"] == [ANN]
    page = screen.get(f"/t/{table['id']}").get_data(as_text=True)
    steps = section(page, "tk-tiebreak")
    assert "Scores: Ann 1, Bo 0, and Cy 1." in steps
    assert "Highest score 1: Ann and Cy." in steps
    assert "Tie-break A, troops in completed cities: Ann 2 and Cy 2; ahead: Ann and Cy." in steps
    assert "Tie-break B, unused command cards: Ann 5 and Cy 4; ahead: Ann." in steps
    assert "Ann wins." in steps
    assert "The last tile was placed and that turn ended." in text(page)
    for device in (ann, phone(app, table, BO), phone(app, table, CY)):
        seat_page = device.get(f"/t/{table['id']}/seat").get_data(True)
        assert "Ann wins." in text(seat_page) and "Winner" in section(seat_page, "tk-others")
        assert not forms(seat_page, "expand") and not forms(seat_page, "roll")
    # After the end, every action is refused and nothing changes.
    version = view(client, table)["version"]
    late = api(client, table, type="adjust_tiles", tiles_left=3)
    assert late.status_code == 409 and late.json["error"]["code"] == "game_over"
    assert view(client, table)["version"] == version


def test_reaching_eight_points_wins_at_once(app, client):
    table = new_table(client)
    ok(client, table, type="expand", spaces=2, alert=1, complete=True)  # Ann: city 1
    ok(client, table, type="expand", spaces=2, alert=1, complete=True)  # Bo: city 2
    ok(client, table, type="adjust_city", city=1, seat=ANN, alert=1, hold=0, tiles=4)
    ok(client, table, type="expand", spaces=2, complete=True)  # Cy: idle city 3
    for cid in (3,):
        ok(client, table, type="adjust_city", city=cid, seat=ANN, alert=1, hold=0, tiles=4)
    ok(client, table, type="expand", spaces=2, complete=True)  # Ann: idle city 4
    ok(client, table, type="adjust_city", city=4, seat=ANN, alert=1, hold=0, tiles=4)
    assert view(client, table)["view"]["players"][ANN]["score"] == 6
    ok(client, table, type="expand", spaces=2, complete=True)  # Bo: idle city 5
    ok(client, table, type="adjust_city", city=5, seat=ANN, alert=1, hold=0, tiles=4)
    result = client.get(f"/api/tables/{table['id']}/result").json
    assert result["winners"] == [ANN]
    page = host(app, table).get(f"/t/{table['id']}").get_data(as_text=True)
    assert "Ann reached 8 points first and wins at once." in section(page, "tk-tiebreak")
    assert "8 /8" in section(page, "tk-players")


def test_bad_input_is_refused_with_a_clear_message_and_changes_nothing(app, client):
    table = new_table(client)
    contested_city(client, table)
    ann = phone(app, table, ANN)
    bo_token = client.post("/api/join", json={"code": table["seats"][BO]["join_code"]}).json
    before = view(client, table)
    cases = [
        ({"type": "roll", "faces": "4 7 2"}, None, 422, "bad_die", "A die shows 1 to 6."),
        ({"type": "roll", "faces": "45"}, None, 422, "dice_count", "Enter 3 dice"),
        ({"type": "roll", "faces": "452", "dice": [4, 5, 2]}, None, 422, "dice_twice", "once"),
        ({"type": "roll", "dice": [9]}, None, 400, "out_of_range", "between 1 and 6"),
        ({"type": "expand", "spaces": 1}, None, 403, "not_now", "another phase"),
        ({"type": "call_off"}, None, 403, "not_now", "another phase"),
        ({"type": "adjust_tiles", "tiles_left": 3}, bo_token["token"], 403, "not_now", ""),
    ]
    for action, token, status, code, message in cases:
        reply = api(client, table, token, **action)
        assert reply.status_code == status, (action, reply.json)
        assert reply.json["error"]["code"] == code
        assert message in reply.json["error"]["message"]
    # Through the phone's form: a wrong die is shown in the toast, the view is not replaced.
    page = ann.get(f"/t/{table['id']}/seat").get_data(as_text=True)
    reply = ann.post(
        f"/t/{table['id']}/seat/act",
        data={"type": "roll", "faces": "0", "csrf_token": csrf(page)},
        headers={"HX-Request": "true", "X-CSRF-Token": csrf(page)},
    )
    assert reply.status_code == 422 and reply.headers["HX-Retarget"] == "#toast"
    assert "A die shows 1 to 6." in reply.get_data(as_text=True)
    assert view(client, table) == before


def test_out_of_turn_and_other_seats_decisions_are_refused(app, client):
    table = new_table(client)
    tokens = [
        client.post("/api/join", json={"code": s["join_code"]}).json["token"]
        for s in table["seats"]
    ]
    reply = api(client, table, tokens[BO], type="expand", spaces=1)
    assert reply.status_code == 403 and reply.json["error"]["code"] == "not_now"
    two_cities(client, table)
    ok(client, table, type="expand", spaces=0)
    ok(client, table, type="national_war", launch=1, target=2)
    ok(client, table, type="roll", dice=[1, 1, 1])
    for seat in (BO, CY):
        reply = api(client, table, tokens[seat], type="call_off")
        assert reply.status_code == 403, reply.json
    reply = api(client, table, tokens[CY], type="roll")
    assert reply.status_code == 403
    assert view(client, table)["view"]["battle"]["history"]


def test_every_viewer_sees_the_same_public_state_and_streams_carry_no_codes(app, client):
    table = new_table(client)
    contested_city(client, table)
    device = phone(app, table, ANN)
    tokens = [
        client.post("/api/join", json={"code": s["join_code"]}).json["token"]
        for s in table["seats"][1:]
    ]
    public = view(client, table)["view"]
    for seat, token in enumerate(tokens, 1):
        mine = client.get(
            f"/api/tables/{table['id']}", headers={"Authorization": f"Bearer {token}"}
        ).json
        seat_view = dict(mine["view"])
        assert seat_view.pop("me")["seat"] == seat
        assert seat_view == public  # nothing in this game is secret
        body = json.dumps(mine)
        assert table["host_token"] not in body
        assert all(s["join_code"] not in body for s in table["seats"])
    stream = first_stream_message(device.get(f"/t/{table['id']}/seat/stream"))
    assert "Civil war in city 1" in stream
    assert table["host_token"] not in stream and "adjust_tiles" not in stream
    assert all(s["join_code"] not in stream for s in table["seats"])
    table_stream = first_stream_message(app.test_client().get(f"/t/{table['id']}/stream"))
    assert "Civil war in city 1" in table_stream and "<form" not in table_stream


def test_the_phone_reads_traditional_chinese_with_the_editions_names(app, client):
    table = new_table(client)
    ann = phone(app, table, ANN)
    ann.get(f"/lang/zh_TW?next=/t/{table['id']}/seat")
    page = text(ann.get(f"/t/{table['id']}/seat").get_data(as_text=True))
    for words in ("鬪三國", "驅虎吞狼", "暗渡陳倉", "美人計", "調虎離山", "剩餘板塊", "你的行動"):
        assert words in page
    assert "Drive the Tiger" not in page


# -- the physical table is the truth: cities, corrections, battle results ------------------------


def test_the_host_adds_completes_and_opens_cities_through_the_api_and_the_history_says_so(
    app, client
):
    table = new_table(client)
    reply = ok(
        client,
        table,
        **{
            "type": "create_city",
            "tiles": 4,
            "spaces": 3,
            "complete": True,
            "seat": 1,
            "alert": 1,
            "hold": 1,
        },
    )
    assert reply["events"][0]["type"] == "CityCreated"
    ok(client, table, **{"type": "create_city", "tiles": 2, "spaces": 3, "seat": 0, "alert": 1})
    ok(client, table, **{"type": "complete_city", "city": 2})
    ok(client, table, **{"type": "complete_city", "city": 2, "size": "large"})
    ok(client, table, **{"type": "complete_city", "city": 1, "complete": False})
    v = view(client, table)["view"]
    one, two = v["cities"]
    assert (one["complete"], one["owner"]) == (False, None)
    assert (two["complete"], two["size"], two["owner"]) == (True, "large", ANN)
    assert [p["score"] for p in v["players"]] == [2, 0, 0]
    page = text(host(app, table).get(f"/t/{table['id']}").get_data(as_text=True))
    for line in (
        "Table screen: new completed city 1 (Large city, 4 tiles, 3 garrison spaces), "
        "controlled by Bo.",
        "Table screen: Bo's Hold troops in city 1 0 → 1",
        "Table screen: new open city 2 (2 tiles, 3 garrison spaces).",
        "Table screen: city 2 open → completed (Small city, 2 tiles), Ann controls it.",
        "Table screen: city 2 Small city → Large city.",
        "Table screen: city 1 completed → open (owner Bo → nobody).",
    ):
        assert line in page, line
    # A phone may not; a city the rules do not allow is refused with the game's reason.
    bo = client.post("/api/join", json={"code": table["seats"][BO]["join_code"]}).json
    reply = api(client, table, bo["token"], type="create_city", tiles=1, spaces=1)
    assert reply.status_code == 403 and reply.json["error"]["code"] == "not_now"
    reply = api(client, table, type="create_city", tiles=1, spaces=3)
    assert reply.status_code == 422 and reply.json["error"]["code"] == "too_many_spaces"
    assert reply.json["error"]["message"] == "1 tiles have at most 2 garrison spaces."


def test_the_table_screen_forms_add_a_city_then_complete_and_reopen_it(app, client):
    table = new_table(client)
    screen = host(app, table)
    url = f"/t/{table['id']}"
    reply = submit(screen, url, "create_city", tiles=3, spaces=2, seat=2, alert=1)
    assert reply.status_code == 200
    assert submit(screen, url, "complete_city", preset={"city": 1}).status_code == 200
    v = view(client, table)["view"]
    assert v["cities"][0]["owner"] == CY and v["players"][CY]["score"] == 1
    reply = submit(screen, url, "complete_city", preset={"city": 1, "complete": "false"})
    assert reply.status_code == 200
    assert view(client, table)["view"]["cities"][0]["complete"] is False


def test_every_correction_is_logged_from_to_and_by_the_table_screen(app, client):
    table = new_table(client)
    ok(client, table, type="expand", spaces=2, alert=1, complete=True)
    body = {"type": "adjust_city", "city": 1, "seat": 0, "alert": 0, "hold": 2, "tiles": 4}
    events = ok(client, table, **body)["events"]
    assert [(e.get("counter"), e["before"], e["after"]) for e in events[:3]] == [
        ("city_tiles", 1, 4),
        ("alert", 1, 0),
        ("hold", 0, 2),
    ]
    assert all(e["by"] is None for e in events)
    body = {"type": "adjust_player", "seat": 1, "commands": 3, "stratagem": "beauty_trap"}
    events = ok(client, table, **body)["events"]
    assert (events[0]["before"], events[0]["after"], events[1]["left"]) == (5, 3, False)
    events = ok(client, table, **{"type": "adjust_tiles", "tiles_left": 40})["events"]
    assert (events[0]["before"], events[0]["after"]) == (70, 40)
    events = ok(client, table, **{"type": "set_turn", "seat": 2})["events"]
    assert [(e["type"], e["before"], e["seat"], e["by"]) for e in events] == [
        ("TurnCorrected", 1, 2, None)
    ]
    assert events[0]["text"] == "Table screen: turn Bo → Cy."
    v = view(client, table)["view"]
    assert v["players"][ANN]["score"] == 2 and v["tiles_left"] == 40 and v["turn"] == CY
    reply = api(client, table, type="adjust_city", city=1, seat=0, alert=0, hold=2, spaces=9)
    assert reply.status_code == 422 and reply.json["error"]["code"] == "out_of_bounds"
    assert reply.json["error"]["message"] == "garrison spaces of city 1 must be between 0 and 8."


def test_a_battles_winner_and_margin_are_fields_of_the_events_and_the_view(app, client):
    table = new_table(client)
    contested_city(client, table)  # Ann 1 Alert + 1 Hold against Bo's 1 Alert
    events = ok(client, table, **{"type": "roll", "dice": [5, 1, 2]})["events"]
    ended = next(e for e in events if e["type"] == "CivilWarEnded")
    assert (ended["winner"], ended["margin"]) == (ANN, 2)
    last = view(client, table)["view"]["last_battle"]
    assert (last["kind"], last["outcome"], last["winner"], last["losers"]) == (
        "civil",
        "won",
        ANN,
        [BO],
    )
    page = host(app, table).get(f"/t/{table['id']}").get_data(as_text=True)
    assert "Last battle: Ann won the battle for city 1 by 2 troops." in section(page, "tk-now")
