"""A host's card is one form: each button posts only what differs (its ``do`` pairs), and the
web layer unpacks them into the action's fields (companion/web/posted.py)."""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from werkzeug.datastructures import MultiDict

from companion.pipeline.tables import HOST
from companion.web import regions

from ..conftest import csrf
from ..fixtures.tables import replay_log

LOGS = Path(__file__).resolve().parent.parent / "fixtures" / "logs"
PLAYERS = ["Ann", "Bo", "Cy", "Di"]
VOID = {"input", "br", "img", "meta", "link", "hr", "source", "col", "wbr"}


def samurai_table(app, client):
    """A Samurai Sword table, its host's browser and the host's table screen."""
    table = client.post("/api/tables", json={"game": "samurai-sword", "players": PLAYERS}).json
    host = app.test_client()
    host.get(f"/host/{table['id']}/{table['host_token']}")
    return table, host, host.get(f"/t/{table['id']}").get_data(as_text=True)


def health(app, table_id: str, seat: int) -> int:
    return app.extensions["tables"].load(table_id).state["health"][seat]


def version(app, table_id: str) -> int:
    return app.extensions["tables"].load(table_id).version


def test_a_cards_button_acts_exactly_as_the_separate_fields_did(app, client):
    table, host, page = samurai_table(app, client)
    tid = table["id"]
    # The host's card for seat 1 has one form, and its − button says what it does.
    assert 'value="counter=health&amp;delta=-1"' in page
    before = health(app, tid, 1)
    pressed = host.post(
        f"/t/{tid}/act",
        data={
            "csrf_token": csrf(page),
            "type": "adjust",
            "seat": 1,
            "do": "counter=health&delta=-1",
        },
        headers={"HX-Request": "true"},
    )
    assert pressed.status_code == 200
    assert health(app, tid, 1) == before - 1
    # The same change posted as separate fields, as the old forms did: the same result.
    separate = host.post(
        f"/t/{tid}/act",
        data={"csrf_token": csrf(page), "type": "adjust", "seat": 1, "counter": "health"}
        | {"delta": -1},
        headers={"HX-Request": "true"},
    )
    assert separate.status_code == 200 and health(app, tid, 1) == before - 2


# What a card's form posts besides the CSRF token: each is refused as a whole.
REFUSED = {
    "a button's type over the form's": [("type", "adjust"), ("seat", "1"), ("do", "type=end_turn")],
    "a button's csrf_token": [("type", "adjust"), ("seat", "1"), ("do", "csrf_token=x&delta=-1")],
    "a button's seat over the form's": [
        ("type", "adjust"),
        ("seat", "1"),
        ("do", "seat=2&counter=health&delta=-1"),
    ],
    "a pair without its value": [("type", "adjust"), ("seat", "1"), ("do", "counter=health&delta")],
    "pairs that are too long": [
        ("type", "adjust"),
        ("seat", "1"),
        ("do", "counter=health&delta=-1&note=" + "x" * 200),
    ],
    "a do inside a do": [("type", "adjust"), ("seat", "1"), ("do", "do=counter%3Dhealth")],
    "two buttons at once": [
        ("type", "adjust"),
        ("seat", "1"),
        ("do", "counter=health&delta=-1"),
        ("do", "counter=honor&delta=-1"),
    ],
    "an empty button": [("type", "adjust"), ("seat", "1"), ("counter", "health"), ("do", "")],
}


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
@pytest.mark.parametrize("case", sorted(REFUSED))
def test_a_button_that_overrides_a_field_or_is_malformed_is_refused_and_changes_nothing(
    app, client, case, lang
):
    table, host, page = samurai_table(app, client)
    tid = table["id"]
    host.set_cookie("tc_lang", lang)
    before = version(app, tid)
    refused = host.post(
        f"/t/{tid}/act",
        data=MultiDict([("csrf_token", csrf(page)), *REFUSED[case]]),
        headers={"HX-Request": "true"},
    )
    assert refused.status_code == 400
    said = {
        "en": "That button's request was not understood.",
        "zh_TW": "這個按鈕送出的內容無法辨識。",
    }
    assert said[lang] in html.unescape(refused.get_data(as_text=True))
    assert version(app, tid) == before


class Cards(HTMLParser):
    """The forms and buttons inside each player's card (an element with ``data-seat`` that
    is a player's card or a row of the host's corrections)."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, int | None]] = []
        self.cards: list[dict] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        classes = a.get("class", "").split()
        if "data-seat" in a and (tag == "tr" or "player" in classes):
            self.cards.append({"forms": [], "buttons": []})
            card = len(self.cards) - 1
        else:
            card = next((c for _t, c in reversed(self.stack) if c is not None), None)
        if card is not None and tag == "form":
            self.cards[card]["forms"].append(a.get("id", ""))
        if card is not None and tag == "button":
            self.cards[card]["buttons"].append(a)
        if tag not in VOID:
            self.stack.append((tag, card if "data-seat" in a else None))

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break


# One recording per game, replayed to its middle; the buttons each game's cards show there.
RECORDED = {
    "samurai-sword": ("samurai-sword-5p-12", 12),
    "three-kingdoms": ("three-kingdoms-4p-43", None),
    "sun-tzu": ("sun-tzu-2p-22", 0),
    "quorsum": ("quorsum-2p-31", 0),
    "art-of-war": ("art-of-war-4p-52", 0),
}


@pytest.mark.parametrize("game", sorted(RECORDED))
def test_each_hosts_card_is_at_most_one_form_and_keeps_all_its_buttons(app, game):
    stem, buttons = RECORDED[game]
    log = json.loads((LOGS / f"{stem}.json").read_text())
    tables, tid = app.extensions["tables"], f"cards-{stem}"
    with app.test_request_context("/"):
        for _ in replay_log(tables, tid, log, upto=len(log["steps"]) // 2, host="host-c"):
            pass
        live = regions.full(tables.load(tid), HOST)
    parser = Cards()
    parser.feed(live)
    assert parser.cards, "no player's card on the host's table screen"
    for card in parser.cards:
        assert len(card["forms"]) <= 1, card["forms"]
        if buttons is not None:
            assert len(card["buttons"]) == buttons
        for button in card["buttons"]:
            # Every button posts through the card's one form, with what it adds.
            assert button.get("name") == "do" and button.get("type") == "submit"
            assert button.get("form", card["forms"][0]) == card["forms"][0]
    if game == "three-kingdoms":
        # A correction row: − and + of command cards (at most), each stratagem, the turn.
        rows = [c for c in parser.cards if c["forms"]]
        assert rows and all(len(c["buttons"]) >= 4 for c in rows)
        assert len(re.findall(r'name="type" value="adjust_player"', live)) == 0
