"""The Art of War through the Flask test client: its table screen, its phones, the JSON API.

Every phase renders on the table screen and on each phone (in English and 繁體中文); the
secrets (the cards dealt at setup, money, tactic cards, the General, blueprints, War or
Peace, deployments and bids before the reveal) reach only their own phone, never another
phone, the table screen or its stream; bad input is refused with a clear 4xx and changes
nothing.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.games import art_of_war as aow
from companion.pipeline import tables as tables_module
from tests.fixtures.art_of_war import tap_on

from ..conftest import csrf, first_stream_message
from ..fixtures.tables import api_table

PLAYERS = ["Ann", "Bo", "Cy"]
# A table seed whose event deck starts Stoppage, Great Peace, Yellow Turbans, Heretic Invasion,
# Five Barbarians, Famine, Big Ships in Port: every test sees the same events.
SEED = 12


def fix_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every table made in the test gets SEED: the same event deck."""
    monkeypatch.setattr(
        tables_module,
        "secrets",
        SimpleNamespace(randbits=lambda _bits: SEED, token_urlsafe=secrets.token_urlsafe),
    )


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    fix_seed(monkeypatch)


def text_of(html: str) -> str:
    """What a person reads: the page without its tags (and so without attributes)."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def without_catalogues(html: str) -> str:
    """A page without the pickers of every tile not on the map (the host's "put a building on
    the map", a phone's "add a blueprint" or "the blueprint I drew"): they list the same names
    whoever holds what."""
    html = re.sub(
        r'<form class="[^"]*aow-(add-building|add-blueprint|buy-drawn|enter-offer-form)[^"]*".*?'
        r"</form>",
        "",
        html,
        flags=re.S,
    )
    # The same goes for what a taker may name, and every Advisor and General to enter.
    return re.sub(r'<select name="take">.*?</select>', "", html, flags=re.S)


def private_part(html: str) -> str:
    """The press-and-hold panel of a phone page."""
    match = re.search(r'<div class="private[^"]*" hidden>(.*?)\n  </div>\n</section>', html, re.S)
    assert match, "the phone has no private panel"
    return match.group(1)


def public_part(html: str) -> str:
    """A phone page without its press-and-hold panel and its private choices' panels (the
    owner's cards, hidden until the owner opens the choice)."""
    html = re.sub(r'<div[^>]* class="choose" data-choose>.*?<!--/choose-->', "", html, flags=re.S)
    return html.replace(private_part(html), "")


class Table:
    """An Art of War table with its host screen, three phones and their API tokens."""

    def __init__(self, app: Flask, client: FlaskClient, **options: Any) -> None:
        made = api_table(app, client, "art-of-war", PLAYERS, options)
        self.app, self.api = app, client
        self.id, self.host_token, self.tokens = made.id, made.host_token, made.tokens
        self.screen = app.test_client()
        self.screen.get(f"/host/{self.id}/{self.host_token}")
        self.phones = made.phones

    def _auth(self, who: int | None) -> dict[str, str]:
        token = self.host_token if who is None else self.tokens[who]
        return {"Authorization": f"Bearer {token}"}

    def post(self, who: int | None, **body: Any):
        return self.api.post(f"/api/tables/{self.id}/actions", json=body, headers=self._auth(who))

    def ok(self, who: int | None, **body: Any) -> dict:
        reply = self.post(who, **body)
        assert reply.status_code == 200, (who, body, reply.json)
        return reply.json

    def reply(self, who: int | None = None) -> dict:
        return self.api.get(f"/api/tables/{self.id}", headers=self._auth(who)).json

    def view(self, who: int | None = None) -> dict:
        return self.reply(who)["view"]

    def state(self) -> dict:
        return self.app.extensions["tables"].load(self.id).state

    def table_page(self) -> str:
        reply = self.screen.get(f"/t/{self.id}")
        assert reply.status_code == 200
        return reply.get_data(as_text=True)

    def phone_page(self, seat: int) -> str:
        reply = self.phones[seat].get(f"/t/{self.id}/seat")
        assert reply.status_code == 200
        return reply.get_data(as_text=True)

    def phone_post(self, seat: int, **data: Any):
        """Post a phone's form as htmx does; the reply is that phone's fresh live view."""
        page = self.phone_page(seat)
        return self.phones[seat].post(
            f"/t/{self.id}/seat/act",
            data={**data, "csrf_token": csrf(page)},
            headers={"HX-Request": "true"},
        )

    def table_post(self, **data: Any):
        page = self.table_page()
        return self.screen.post(
            f"/t/{self.id}/act",
            data={**data, "csrf_token": csrf(page)},
            headers={"HX-Request": "true"},
        )

    def setup(self, splits=((4, 2), (3, 3), (2, 2))) -> None:
        """Ann starts; each player keeps the first Advisor and General and splits as given."""
        self.ok(None, type="set_start_player", seat=0)
        for seat, (soldiers, food) in enumerate(splits):
            self.ok(seat, type="choose_setup", advisor=0, general=0, soldiers=soldiers, food=food)
            self.ok(seat, type="lock")

    def drive(self, until: Callable[[dict], bool], stances=("peace", "peace", "peace")) -> None:
        """Play on (everyone at home, no bids) until ``until(table view)`` holds."""
        tap_on(lambda who, type_, **p: self.ok(who, type=type_, **p), self.view, until, stances)

    def choose_all(self, type_: str, key: str, choices: list[Any]) -> None:
        for seat, choice in enumerate(choices):
            self.ok(seat, type=type_, **{key: choice})
            self.ok(seat, type="lock")


def at(phase: int, step: str = "") -> Callable[[dict], bool]:
    return lambda v: v["phase_no"] == phase and (not step or v["step"] == step)


# --------------------------------------------------------------------------- every screen renders


# The event phase and production (with no tribute to take) move on by themselves.
STAGES = [(0, ""), (2, ""), (4, "purchase"), (4, "build"), (4, "payments")]
STAGES += [(5, "deploy"), (5, "after"), (6, "")]


def test_every_phase_renders_on_the_table_screen_and_every_phone_in_both_languages(app, client):
    table = Table(app, client)

    def look(phase: str) -> None:
        for lang in ("en", "zh_TW"):
            for c in [table.screen, *table.phones]:
                c.get(f"/lang/{lang}?next=/")
            html = table.table_page()
            assert f'<li class="current" data-phase="{phase}">' in html
            assert "戰爭藝術" in html if lang == "zh_TW" else "The Art of War" in html
            for seat in range(3):
                assert "aow-phone" in table.phone_page(seat)

    look("setup")
    table.setup()
    for phase, step in STAGES:
        table.drive(at(phase, step))
        look(str(phase))
        if step:
            assert f'<li class="current" data-step="{step}">' in table.table_page()
    table.drive(lambda v: v["round"] == 2)
    look("0")


def test_the_table_screen_shows_the_phase_strip_todo_and_next_button(app, client):
    table = Table(app, client)
    table.setup()
    html = table.table_page()
    assert re.search(r'<li class="current" data-phase="0">', html)
    assert "Bandit camps refill. Tap to draw the event." in html
    assert 'name="type" value="next"' in html
    # Phones never get the host's Next button or the corrections.
    phone = table.phone_page(0)
    assert 'value="next"' not in phone and "Correct the numbers" not in phone
    table.drive(at(2))
    html = table.table_page()
    assert 'value="next"' not in html
    assert "Waiting for secret choices." in html


def test_the_host_corrections_are_tucked_away_and_post_from_the_table_screen(app, client):
    table = Table(app, client)
    table.setup()
    html = table.table_page()
    assert '<details class="panel aow-corrections">' in html
    assert "<summary>Correct the numbers</summary>" in html
    reply = table.table_post(type="correct", seat="1", what="food", delta="5")
    assert reply.status_code == 200
    assert table.view()["players"][1]["food"] == 8
    assert 'data-seat="1"' in reply.get_data(as_text=True)
    reply = table.table_post(type="set_bandits", camp="camp-0", n="9")
    assert reply.status_code == 200
    assert "Bandit camp 1 : 9 bandits" in text_of(reply.get_data(as_text=True))
    assert table.view()["map"]["camps"][0]["bandits"] == 9


# --------------------------------------------------------------------------- a round's flow


def test_war_or_peace_shows_who_locked_and_only_then_the_stances(app, client):
    table = Table(app, client)
    table.setup()
    table.drive(at(2))
    reply = table.phone_post(0, type="choose_stance", stance="war")
    assert reply.status_code == 200
    own = reply.get_data(as_text=True)
    assert "secret-big stance-war" in private_part(own)
    assert "secret-big" not in public_part(own) and "aow-stance stance-" not in own
    table.ok(0, type="lock")
    table.ok(1, type="choose_stance", stance="peace")
    for html in (table.table_page(), table.phone_page(1), table.phone_page(2)):
        assert "1/3 locked" in text_of(html)
        assert "aow-stance stance-" not in html
    assert all(p["stance"] is None for p in table.view()["players"])
    table.ok(1, type="lock")
    table.ok(2, type="choose_stance", stance="peace")
    table.ok(2, type="lock")
    html = table.table_page()
    stances = re.findall(r'aow-stance stance-(\w+)">(\w+)<', html)
    assert stances == [("war", "War"), ("peace", "Peace"), ("peace", "Peace")]


def test_production_and_tribute_are_computed_on_the_table_and_chosen_on_the_phone(app, client):
    table = Table(app, client)
    table.setup()
    # The real map: vassal 1 lies between Ann's and Bo's main castles.
    table.ok(None, type="set_vassal", vassal=1, city_a="castle-0", city_b="castle-1")
    table.drive(at(2))
    table.choose_all("choose_stance", "stance", ["war", "peace", "peace"])
    table.ok(None, type="next")
    text = text_of(table.table_page())
    # War: farm 2, barracks 3 + 3; Peace: farm 3, barracks 4.
    assert "Ann: food +2, soldiers +6" in text
    assert "Bo: food +3, soldiers +4" in text
    assert "Barracks: base 4 + 0 workers = 4 soldiers" in text
    assert "Vassal 1: defenders 0 vs 0" in text
    # Ann's mine money is hers: her phone's private panel, nobody else's page.
    assert "Mine: base 0 + 0 workers = $0" in text_of(private_part(table.phone_page(0)))
    assert "Mine: base" not in text
    assert "Mine: base" not in text_of(public_part(table.phone_page(1)))
    # Round 2: Ann's 10 soldiers defend her castle against Bo's 7, so vassal 1 pays her 2.
    table.drive(lambda v: v["round"] == 2 and v["phase_no"] == 3)
    assert "Vassal 1: defenders 10 vs 7" in text_of(table.table_page())
    assert "Vassal 1 pays you 2: which resource?" in text_of(table.phone_page(0))
    assert "which resource?" not in text_of(table.phone_page(1))
    html = table.table_page()
    assert "Waiting for tribute choices." in html and 'value="next"' not in html
    assert "choosing…" in text_of(html)
    reply = table.phone_post(0, type="take_tribute", vassal="1", kind="money")
    assert reply.status_code == 200
    assert "Ann 2 money" in text_of(table.table_page())
    assert 'value="next"' in table.table_page()


def test_construction_purchases_and_building_from_the_phone(app, client):
    table = Table(app, client)
    table.setup(splits=((1, 1), (3, 3), (2, 2)))
    table.drive(at(4, "purchase"))
    html = table.phone_page(0)
    assert "Buy a tactic card ($3)" in html and "Buy a blueprint ($4)" in html
    assert table.phone_post(0, type="buy_blueprint").status_code == 200
    blueprint = table.state()["p"][0]["blueprints"][0]
    name = aow.ALL_BUILDINGS[blueprint]["name"]
    mine = table.phone_page(0)
    assert name in private_part(mine)
    assert 'value="buy_blueprint"' not in mine
    for other in (table.table_page(), table.phone_page(1), table.phone_page(2)):
        assert name not in text_of(without_catalogues(other))
    table.ok(None, type="next")
    html = table.phone_page(0)
    assert "Start a building from your blueprints" in html
    assert f'<option value="{blueprint}">' in html
    assert (
        table.phone_post(0, type="assign_workers", mine="1", farm="1", barracks="0").status_code
        == 200
    )
    assert table.view()["players"][0]["workers"]["mine"] == 1
    reply = table.phone_post(0, type="start_building", building=blueprint, city="castle-0")
    assert reply.status_code == 200
    assert table.view()["buildings"][-1]["key"] == blueprint
    assert f'data-building="{blueprint}"' in table.table_page()
    assert blueprint not in str(table.view(0)["me"]["blueprints"])


def test_the_deployment_is_built_on_the_phone_and_secret_until_everyone_locks(app, client):
    table = Table(app, client)
    table.setup()
    table.drive(at(5, "deploy"))
    html = table.phone_page(0)
    assert "You deploy" in html
    for _ in range(3):
        # One tap of the camp's + stepper a soldier: each posts the list it carries.
        plan = table.view(0)["me"]["deploy"]
        camp = next(r for r in plan["rows"] if r["loc"] == "camp-1")
        assert camp["plus"] in table.phone_page(0)
        reply = table.phone_post(0, type="deploy", counts=camp["plus"])
        assert reply.status_code == 200
    own = reply.get_data(as_text=True)
    assert "Bandit camp 2: 3" in text_of(private_part(own))
    assert "Bandit camp 2: 3" not in text_of(public_part(own))
    table.ok(0, type="lock")
    for html in (table.table_page(), table.phone_page(1)):
        assert "Bandit camp 2 3" not in text_of(html)
        assert "1/3 locked" in text_of(html)
    for seat in (1, 2):
        table.ok(seat, type="deploy", counts=table.view(seat)["me"]["deploy"]["all_home"])
        table.ok(seat, type="lock")
    assert {"loc": "camp-1", "n": 3} in [
        {"loc": a["loc"], "n": a["n"]} for a in table.view()["players"][0]["at"]
    ]
    html = table.table_page()
    assert "Battles this round" in html
    assert 'data-kind="camp"' in html
    # The current battle shows each force's CP and the lines that make it.
    assert re.search(r'class="cp"><small>CP</small> <b>\d+</b>', html)
    assert 'value="resolve_battle"' in html


def test_a_field_battle_takes_secret_orders_and_shows_the_calculation(app, client):
    table = Table(app, client, neutral_cities=False)
    table.setup()
    table.drive(at(2))
    table.choose_all("choose_stance", "stance", ["war", "war", "peace"])
    table.drive(at(5, "deploy"))
    locs = [loc["loc"] for loc in table.view()["map"]["locations"]]
    for seat, target in ((0, "city-1"), (1, "city-0")):
        plan = table.view(seat)["me"]["deploy"]
        row = next(r for r in plan["rows"] if r["loc"] == target)
        table.ok(seat, type="deploy", counts=row["all"])
        table.ok(seat, type="lock")
    table.ok(2, type="deploy", counts=table.view(2)["me"]["deploy"]["all_home"])
    table.ok(2, type="lock")
    assert table.view()["sealed"]["name"] == "orders"
    assert len(locs) == 10
    html = table.phone_page(0)
    assert 'value="choose_order"' in html and "Attack vs Attack" in html
    assert 'value="choose_order"' not in table.phone_page(2)
    table.phone_post(0, type="choose_order", order="attack")
    assert "aow-my-choice" in private_part(table.phone_page(0))
    assert "Orders:" not in text_of(table.table_page())
    table.ok(0, type="lock")
    table.ok(1, type="choose_order", order="defend")
    table.ok(1, type="lock")
    html = text_of(table.table_page())
    assert "Orders: Ann: Attack · Bo: Defend" in html
    assert "Defend order: +2 CP" in html
    table.ok(None, type="resolve_battle")
    assert table.view()["battles"][0]["done"]


def test_food_is_sold_from_the_phone_with_the_price_table_on_the_screen(app, client):
    table = Table(app, client)
    table.setup()
    table.drive(at(6))
    html = table.table_page()
    assert "Food price table" in html
    assert re.search(r"Price each</th><td>\$6</td><td>\$5</td><td>\$5</td><td>\$3</td>", html)
    assert "needs" in text_of(html)  # the upkeep lines
    food = table.view()["players"][1]["food"]
    assert food >= 2
    reply = table.phone_post(1, type="sell_food", n="2")
    assert reply.status_code == 200
    assert "2 food would bring $10" in text_of(reply.get_data(as_text=True))
    assert "2 food" in text_of(table.table_page())
    table.ok(None, type="next")
    banner = re.search(r'<div class="latest"[^>]*>(.*?)</div>', table.table_page(), re.S)
    assert "Bo sells 2 food for $10" in text_of(banner.group(1))


# --------------------------------------------------------------------------- the auction


def test_the_epic_auction_is_sealed_and_sold_at_the_second_price(app, client):
    table = Table(app, client)
    table.setup()
    table.drive(at(4, "purchase"))
    assert "Epic auctions start in round 6." in table.table_page()
    table.drive(lambda v: v["round"] == 6 and v["step"] == "purchase")
    table.ok(None, type="next")
    epic = table.view()["auction"]["epic_t"]
    assert f"Up for auction: <strong>{epic}</strong>" in table.table_page()
    money = [p["money"] for p in table.state()["p"]]
    assert min(money) >= 5
    table.phone_post(0, type="bid", amount="5")
    table.ok(0, type="lock")
    table.phone_post(1, type="bid", amount="3")
    assert "Bid $3" in text_of(private_part(table.phone_page(1)))
    for html in (table.table_page(), table.phone_page(2), public_part(table.phone_page(1))):
        assert "Bid $5" not in text_of(html) and "Bid $3" not in text_of(html)
        assert "Bids:" not in text_of(html)
    assert "Bids locked: 1/3" in text_of(table.table_page())
    table.ok(1, type="lock")
    table.ok(2, type="bid", amount=1)
    table.ok(2, type="lock")
    result = f"Ann wins the {epic} and pays $3"
    assert result in text_of(table.table_page())
    for seat in range(3):
        assert result in text_of(table.phone_page(seat))
    assert table.state()["p"][0]["money"] == money[0] - 3
    assert f"Ann holds the epic blueprint {epic}" in text_of(table.table_page())


# --------------------------------------------------------------------------- privacy


def test_each_phone_alone_sees_the_cards_dealt_to_it_at_setup(app, client):
    table = Table(app, client)
    offers = table.state()["offers"]
    names = [
        [aow.ADVISORS[k]["name"] for k in o["advisors"]]
        + [aow.GENERALS[k]["name"] for k in o["generals"]]
        for o in offers
    ]
    pages = [without_catalogues(table.phone_page(seat)) for seat in range(3)]
    streams = [
        without_catalogues(
            first_stream_message(table.phones[seat].get(f"/t/{table.id}/seat/stream"))
        )
        for seat in range(3)
    ]
    screen = table.table_page() + first_stream_message(table.screen.get(f"/t/{table.id}/stream"))
    for seat in range(3):
        assert all(f">{n}<" in private_part(pages[seat]) for n in names[seat])
        assert all(f">{n}<" not in public_part(pages[seat]) for n in names[seat])
        for other in range(3):
            if other != seat:
                assert all(f">{n}<" not in pages[other] for n in names[seat])
                assert all(f">{n}<" not in streams[other] for n in names[seat])
        assert all(f">{n}<" not in screen for n in names[seat])


def test_money_tactic_cards_general_and_blueprints_reach_only_their_own_phone(app, client):
    table = Table(app, client)
    table.setup()
    for seat, delta in enumerate((41, 52, 63)):
        table.ok(seat, type="adjust_money", delta=delta)
        table.ok(seat, type="adjust_tactics", delta=10 * (seat + 1))
    state = table.state()
    tactics = [p["tactics"] for p in state["p"]]
    assert len(set(tactics)) == 3
    money = [p["money"] for p in state["p"]]
    assert len(set(money)) == 3 and all(m > 40 for m in money)
    generals = [aow.GENERALS[p["general"]]["name"] for p in state["p"]]
    table.screen.get("/lang/en?next=/")
    screen_text = text_of(table.table_page())
    table_stream = first_stream_message(table.screen.get(f"/t/{table.id}/stream"))
    public_api = client.get(f"/api/tables/{table.id}").get_data(as_text=True)
    host_api = str(table.reply())
    for seat in range(3):
        page = table.phone_page(seat)
        assert f'data-money="{money[seat]}"' in private_part(page)
        assert page.count("data-money=") == 1
        assert f"${money[seat]}" not in text_of(public_part(page))
        assert f">{generals[seat]}<" in private_part(page)
        stream = first_stream_message(table.phones[seat].get(f"/t/{table.id}/seat/stream"))
        seat_api = str(table.reply(seat))
        for other in range(3):
            if other == seat:
                continue
            assert f"${money[other]}" not in text_of(page)
            assert f'data-money="{money[other]}"' not in stream
            assert f"'money': {money[other]}" not in seat_api
            assert f">{generals[other]}<" not in page and generals[other] not in seat_api
            assert f'aow-tactics">{tactics[other]}<' not in page
        assert f"${money[seat]}" not in screen_text and f"${money[seat]}" not in table_stream
        assert f"'money': {money[seat]}" not in host_api
        assert f'"money": {money[seat]}' not in public_api.replace('"money":{', "")
        assert generals[seat] not in screen_text and generals[seat] not in host_api
    # The history of one phone never tells another's money change.
    assert "money changes by 41" in text_of(table.phone_page(0))
    assert "money changes by 41" not in text_of(table.phone_page(1)) + screen_text


def test_money_on_the_table_when_the_table_makes_it_public(app, client):
    table = Table(app, client, money_public=True)
    table.setup()
    html = table.table_page()
    assert re.search(r'stat-money"><span class="label">money</span><span class="value">\$2<', html)
    assert "Money (public at this table)" in html
    assert table.table_post(type="adjust_money", seat="2", delta="4").status_code == 200
    assert table.view()["players"][2]["money"] == 9


# --------------------------------------------------------------------------- refusals


def test_bad_input_is_refused_with_a_clear_message_and_changes_nothing(app, client):
    table = Table(app, client)
    table.setup()
    table.drive(lambda v: v["round"] == 6 and v["step"] == "purchase")
    table.ok(None, type="next")
    before = table.reply()["version"]
    money = table.state()["p"][0]["money"]
    cases = [
        (0, {"type": "bid", "amount": 1000}, 400, "out_of_range"),
        (0, {"type": "bid", "amount": money + 1}, 422, "bid_too_high"),
        (0, {"type": "bid", "amount": "five"}, 400, "bad_type"),
        (0, {"type": "next"}, 403, "not_now"),
        (1, {"type": "set_soldiers", "seat": 1, "location": "camp-0", "n": 9}, 403, "not_now"),
        (2, {"type": "choose_stance", "stance": "war"}, 403, "not_now"),
        (None, {"type": "bid", "amount": 1}, 403, "not_now"),
        (None, {"type": "adjust_money", "seat": 0, "delta": 5}, 403, "money_private"),
        (0, {"type": "lock"}, 403, "not_now"),
        (0, {"type": "sell_food", "n": 1}, 403, "not_now"),
    ]
    for who, body, status, code in cases:
        reply = table.post(who, **body)
        assert reply.status_code == status, (who, body, reply.json)
        assert reply.json["error"]["code"] == code, (who, body, reply.json)
        assert reply.json["error"]["message"]
    assert table.reply()["version"] == before
    assert table.state()["p"][0]["money"] == money
    # The same through a phone's form: the refusal goes to the toast, in the phone's language.
    table.phones[1].get("/lang/zh_TW?next=/")
    reply = table.phone_post(1, type="bid", amount="999")
    assert reply.status_code == 422 and reply.headers["HX-Retarget"] == "#toast"
    assert "出價不能超過你手上的金錢。" in reply.get_data(as_text=True)
    assert table.reply()["version"] == before


def test_a_wrong_deployment_is_refused(app, client):
    table = Table(app, client)
    table.setup()
    table.drive(at(5, "deploy"))
    n = len(table.view()["map"]["locations"])
    supply = table.state()["p"][1]["supply"]
    before = table.reply()["version"]
    wrong = [
        ([supply] + [0] * (n - 2), "bad_deployment"),
        ([supply + 1] + [0] * (n - 1), "deploy_all"),
    ]
    castle_0 = [0] * n
    castle_0[0] = supply  # Bo is at Peace: Ann's main castle is not his to attack
    wrong.append((castle_0, "bad_target"))
    for counts, code in wrong:
        reply = table.post(1, type="deploy", counts=counts)
        assert reply.status_code == 422 and reply.json["error"]["code"] == code
    assert table.reply()["version"] == before


def test_nothing_is_accepted_after_the_end_and_the_result_shows_everywhere(app, client):
    table = Table(app, client)
    table.setup(splits=((6, 2), (3, 3), (2, 2)))
    table.drive(at(2))
    table.choose_all("choose_stance", "stance", ["war", "peace", "peace"])
    table.drive(at(5, "deploy"))
    ann = table.view(0)["me"]["deploy"]
    bo_castle = next(r for r in ann["rows"] if r["loc"] == "castle-1")
    table.ok(0, type="deploy", counts=bo_castle["all"])
    bo = table.view(1)["me"]["deploy"]
    camp = next(r for r in bo["rows"] if r["loc"] == "camp-1")
    table.ok(1, type="deploy", counts=camp["all"])
    table.ok(2, type="deploy", counts=table.view(2)["me"]["deploy"]["all_home"])
    for seat in range(3):
        table.ok(seat, type="lock")
    table.drive(lambda v: v["over"])
    result = table.api.get(f"/api/tables/{table.id}/result").json
    assert result["winners"] and 1 not in result["winners"]
    html = table.table_page()
    assert "Revealed at the end" in html and 'class="result"' in html
    assert 'value="next"' not in html and "Correct the numbers" not in html
    for who, body in ((None, {"type": "next"}), (0, {"type": "adjust_money", "delta": 1})):
        reply = table.post(who, **body)
        assert reply.status_code == 409 and reply.json["error"]["code"] == "game_over"
    page = table.phone_page(2)
    assert "aow-choose" not in page and "Fix my counters" not in page
