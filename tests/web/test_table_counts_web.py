"""Through the JSON API and the pages: what the app no longer decides for the table, and the
counts a real table needs (Sun Tzu's hands and decks with real cards and the War Chariot's
choice of every removed Warlord; Samurai Sword's Weapons left this turn)."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from ..fixtures.tables import api_table


class Table:
    """A table made through the API (``api_table``: every seat joined, a phone per seat), and
    its JSON calls as the host (``who`` None) or a seat."""

    def __init__(self, app: Flask, client: FlaskClient, game: str, players: list[str], **options):
        self.client, self.made = client, api_table(app, client, game, players, options)
        self.id = self.made.id

    def _auth(self, who: int | None) -> dict[str, str]:
        token = self.made.host_token if who is None else self.made.tokens[who]
        return {"Authorization": f"Bearer {token}"}

    def phone_page(self, seat: int, lang: str) -> str:
        page = self.made.phones[seat].get(f"/t/{self.id}/seat", headers={"Accept-Language": lang})
        return page.get_data(as_text=True)

    def act(self, who: int | None, type_: str, lang: str = "en", **params):
        body = {"type": type_, **params}
        headers = self._auth(who) | {"Accept-Language": lang}
        return self.client.post(f"/api/tables/{self.id}/actions", json=body, headers=headers)

    def do(self, who: int | None, type_: str, **params) -> dict:
        reply = self.act(who, type_, **params)
        assert reply.status_code == 200, (type_, params, reply.json)
        return reply.json

    def get(self, who: int | None = None) -> dict:
        return self.client.get(f"/api/tables/{self.id}", headers=self._auth(who)).json

    def view(self, who: int | None = None) -> dict:
        return self.get(who)["view"]

    def public(self) -> dict:
        return self.client.get(f"/api/tables/{self.id}").json["view"]


def sun_tzu(app: Flask, client: FlaskClient, blue: int = 1, red: int = 2) -> Table:
    table = Table(app, client, "sun-tzu", ["Ann", "Bo"], cards="physical", events=True)
    for seat, n in ((0, blue), (1, red)):
        table.do(seat, "choose_warlord", warlord=n)
    for seat in (0, 1):
        table.do(seat, "lock")
    return table


def test_sun_tzu_real_cards_show_the_counts_and_the_host_corrects_them(app, client):
    table = sun_tzu(app, client)
    counts = [(p["hand_count"], p["deck_count"]) for p in table.public()["players"]]
    assert counts == [(5, 10), (5, 10)]  # round 1: 5 cards down from a hand of 10
    assert "set_cards" in table.get()["allowed"]
    done = table.do(None, "set_cards", seat=1, hand=6)
    assert done["view"]["players"][1]["hand_count"] == 6
    assert [(e["before"], e["after"]) for e in done["events"]] == [(5, 6)]
    refused = table.act(1, "set_cards", seat=1, hand=3)
    assert refused.status_code == 403 and refused.json["error"]["code"] == "not_now"
    # 1 card in hand while 5 lie face down: it must be one of 1-6, so no recall.
    table.do(None, "set_cards", seat=0, hand=1)
    refused = table.act(None, "recall", lang="zh-TW", card="7", seat=0)
    assert refused.status_code == 422
    assert refused.json["error"]["code"] == "no_card_to_discard"
    assert "1–6" in refused.json["error"]["message"] and "召回" in refused.json["error"]["message"]
    assert table.public()["players"][0]["hand_count"] == 1  # the refusal changed nothing
    # The table screen offers the correction, one form per player with the app's counts.
    host = app.test_client()
    host.get(f"/host/{table.id}/{table.made.host_token}")
    page = host.get(f"/t/{table.id}", headers={"Accept-Language": "zh-TW"}).get_data(as_text=True)
    assert page.count('name="type" value="set_cards"') == 2 and "修正手牌與牌庫張數" in page


def test_the_war_chariot_offers_blue_its_start_of_game_warlord_and_the_phone_says_so(app, client):
    table = sun_tzu(app, client, blue=1)
    if (table.public()["event"] or {}).get("id") != "war_chariot":  # shuffled per table
        table.do(None, "enter_event", event="war_chariot")
    for province in ("qin", "chu", "jin_yan"):  # Blue's 6 marks three provinces
        table.do(None, "move_armies", seat=0, src="pool", dst="mark_" + province, n=1, confirm=True)
    choices = table.view(0)["me"]["extra_choices"]
    assert [(w["n"], w["spent"]) for w in choices] == [
        (2, False),
        (3, True),
        (4, False),
        (5, False),
    ]
    page = client.get(f"/api/tables/{table.id}")  # the public view names none of them
    assert "extra_choices" not in page.get_data(as_text=True)
    words = {"en": "No effect now", "zh-TW": "現在沒有效果"}
    for lang, text in words.items():
        # Said twice on the phone: in the choice panel and in the secret list.
        assert table.phone_page(0, lang).lower().count(text.lower()) == 2, lang
        assert text not in table.phone_page(1, lang)
    done = table.do(0, "choose_extra_warlord", warlord=3)
    assert [w["n"] for w in done["view"]["me"]["warlords"]] == [1, 3]
    assert "me" not in table.view()  # the host's view holds no seat's secret


def test_samurai_sword_shows_the_turn_players_weapons_left_on_every_screen(app, client):
    table = Table(app, client, "samurai-sword", ["Ann", "Bob", "Cy", "Di"], deal="app")
    view = table.view()
    while view["phase_id"] != "play":
        view = table.do(None, "next_phase")["view"]
    turn = view["turn"]
    limit = view["players"][turn]["weapons_per_turn"]
    assert view["players"][turn]["weapons_left"] == limit and view["weapons_played"] == 0
    assert all(p["weapons_left"] is None for p in view["players"] if p["seat"] != turn)
    target = next(s["seat"] for s in view["attack_targets"])
    view = table.do(None, "attack", target=target, damage=1, parried=True)["view"]
    assert view["weapons_played"] == 1
    assert view["players"][turn]["weapons_left"] == limit - 1
    host = app.test_client()
    host.get(f"/host/{table.id}/{table.made.host_token}")
    words = {"en": "left this turn", "zh-TW": "本回合還可出"}
    for lang, text in words.items():
        page = host.get(f"/t/{table.id}", headers={"Accept-Language": lang}).get_data(as_text=True)
        assert text in page, lang
        # The player on turn sees it on the phone; another phone's own card shows none.
        assert text in table.phone_page(turn, lang), lang
        assert text not in table.phone_page((turn + 1) % 4, lang)
