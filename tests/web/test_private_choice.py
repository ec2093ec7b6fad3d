"""Private choices with the cards in view: the panel a phone opens to pick from its own cards.

The panel lists the player's own cards (Sun Tzu's hand, the Warlords, the cards drawn; The Art
of War's Advisors and Generals dealt at setup) as buttons. It is in the owning phone's page
only, hidden until the player opens it; no other phone, the table screen (host or not), the
TV screen or their streams ever carry it.
"""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from companion.games import art_of_war as aow

from ..conftest import first_stream_message
from ..fixtures.tables import api_table

CHOICE = r'<div[^>]* class="choose" data-choose>.*?<!--/choose-->'
# The "cards dealt at the table? enter them" form lists every Advisor and General alike.
CATALOGUE = r'<form class="[^"]*aow-enter-offer-form[^"]*".*?</form>'
PANEL = r'<div class="choose-panel" id="([^"]+)" data-choose-panel[^>]*>'


def choices(html: str) -> list[str]:
    return re.findall(CHOICE, html, re.S)


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


class Screens:
    """A table of ``game``: its host screen, a stranger's screen, the TV and a phone per seat."""

    def __init__(self, app: Flask, client: FlaskClient, game: str, players: list[str], **opts):
        made = api_table(app, client, game, players, opts)
        self.app, self.api = app, client
        self.id, self.host_token, self.tokens = made.id, made.host_token, made.tokens
        self.host = app.test_client()
        self.host.get(f"/host/{self.id}/{self.host_token}")
        self.stranger = app.test_client()
        self.phones = made.phones

    def do(self, who: int | None, **body) -> dict:
        token = self.host_token if who is None else self.tokens[who]
        reply = self.api.post(
            f"/api/tables/{self.id}/actions",
            json=body,
            headers={"Authorization": f"Bearer {token}"},
        )
        assert reply.status_code == 200, (body, reply.json)
        return reply.json

    def me(self, seat: int) -> dict:
        headers = {"Authorization": f"Bearer {self.tokens[seat]}"}
        return self.api.get(f"/api/tables/{self.id}", headers=headers).json["view"]["me"]

    def phone(self, seat: int) -> str:
        return self.phones[seat].get(f"/t/{self.id}/seat").get_data(as_text=True)

    def phone_stream(self, seat: int) -> str:
        return first_stream_message(self.phones[seat].get(f"/t/{self.id}/seat/stream"))

    def elsewhere(self, seat: int, phones: bool = True) -> str:
        """Everything every viewer but ``seat`` gets: pages, streams and JSON views (the
        screens only, without ``phones``)."""
        parts = [
            self.host.get(f"/t/{self.id}").get_data(as_text=True),
            self.stranger.get(f"/t/{self.id}").get_data(as_text=True),
            self.stranger.get(f"/t/{self.id}/tv").get_data(as_text=True),
            first_stream_message(self.host.get(f"/t/{self.id}/stream")),
            first_stream_message(self.stranger.get(f"/t/{self.id}/stream")),
            self.api.get(f"/api/tables/{self.id}").get_data(as_text=True),
        ]
        for other in range(len(self.phones)):
            if phones and other != seat:
                parts += [self.phone(other), self.phone_stream(other)]
        return "\n".join(parts)


def hidden_while_idle(html: str) -> list[str]:
    """The phone's private choices, each checked to be hidden until opened; their panels' ids."""
    found = choices(html)
    assert found, "the phone has no private choice"
    ids = []
    for block in found:
        panel = re.search(PANEL, block)
        assert panel, block[:200]
        assert panel.group(0).endswith(" hidden>"), panel.group(0)
        assert f'data-choose-open="{panel.group(1)}"' in block
        ids.append(panel.group(1))
    return ids


# --------------------------------------------------------------------------- Sun Tzu


def sun_tzu(app, client) -> Screens:
    t = Screens(app, client, "sun-tzu", ["Ann", "Bo"], cards="phones")
    for seat, warlord in ((0, 5), (1, 4)):
        t.do(seat, type="choose_warlord", warlord=warlord)
        t.do(seat, type="lock")
    return t


def test_the_warlord_choice_is_a_hidden_panel_of_the_five_warlords_on_each_phone(app, client):
    t = Screens(app, client, "sun-tzu", ["Ann", "Bo"], cards="phones")
    for seat in (0, 1):
        page = t.phone(seat)
        assert "st-choose-warlord-panel" in hidden_while_idle(page)
        (panel,) = [c for c in choices(page) if 'value="choose_warlord"' in c]
        assert re.findall(r'name="warlord" value="(\d)"', panel) == list("12345")
        assert "Warlord 5" in text_of(panel)


def test_the_placement_panel_lists_the_own_hand_and_reaches_no_other_screen(app, client):
    t = sun_tzu(app, client)
    for seat in (0, 1):
        page = t.phone(seat)
        assert "st-choose-place-panel" in hidden_while_idle(page)
        (panel,) = [c for c in choices(page) if 'value="place"' in c]
        hand = t.me(seat)["hand"]
        assert re.findall(r'data-pick="([^"]+)"', panel) == hand
        # The cards say what they do, so the player picks at a glance.
        assert "Back to your hand; then draw 3, keep 2" in text_of(panel)
        # Nowhere else: no other phone, no table screen (host or not), no TV, no stream.
        screens = t.elsewhere(seat, phones=False)
        assert "data-choose>" not in screens and "data-choose-panel" not in screens
        assert 'data-pick="' not in screens
        # The other phone has its own panel, with its own hand (and never this one: see the
        # differential test below).
        theirs = [c for c in choices(t.phone(1 - seat)) if 'value="place"' in c][0]
        assert re.findall(r'data-pick="([^"]+)"', theirs) == t.me(1 - seat)["hand"]


def test_two_hands_that_differ_give_the_other_viewers_identical_pages(app, client):
    """Differential: Blue's hand is swapped for another; what the others get is unchanged."""
    t = sun_tzu(app, client)
    before = re.sub(r'name="csrf_token" value="[^"]*"', "", t.elsewhere(0))
    tables = app.extensions["tables"]
    state = tables.load(t.id).state
    hand = state["private"][0]["hand"]
    deck = state["private"][0]["deck"]
    swap = next(c for c in deck if c not in hand)
    hand[hand.index(next(c for c in hand if c not in ("1", "2", "3", "4", "5", "6")))] = swap
    assert swap in re.findall(r'data-pick="([^"]+)"', t.phone(0))
    after = re.sub(r'name="csrf_token" value="[^"]*"', "", t.elsewhere(0))
    assert after == before


def test_the_draw_panel_names_the_cards_drawn_on_the_owning_phone_only(app, client):
    t = sun_tzu(app, client)
    for seat in (0, 1):
        hand = t.me(seat)["hand"]
        body = dict(zip(["qin", "chu", "jin_yan", "han_qi", "wu"], hand[:5], strict=True))
        t.do(seat, type="place", **body)
        t.do(seat, type="lock")
    for _ in range(40):
        view = t.api.get(f"/api/tables/{t.id}").json["view"]
        if view["phase_id"] != "battle":
            break
        if view["pending"]:
            t.do(None, type="take", province=view["pending"][0]["sources"][0])
        elif view["current"]:
            t.do(None, type="resolve")
        elif view["order"]["choices"]:
            chooser = view["order"]["chooser"]
            target = view["order"]["choices"][0] if chooser is not None else view["order"]["next"]
            t.do(chooser, type="reveal", province=target)
        else:
            t.do(None, type="finish_battles")
    drawn = t.me(0)["drawn"]
    assert len(drawn) == 3  # Blue played its 1
    page = t.phone(0)
    assert "st-choose-bottom-panel" in hidden_while_idle(page)
    (panel,) = [c for c in choices(page) if 'value="bottom"' in c]
    assert re.findall(r'name="card" value="([^"]+)"', panel) == drawn
    assert "1st card" not in page
    screens = t.elsewhere(0, phones=False)
    assert "st-choose-bottom-panel" not in screens and 'value="bottom"' not in screens
    # Bo drew too: Bo's phone lists Bo's own cards.
    (theirs,) = [c for c in choices(t.phone(1)) if 'value="bottom"' in c]
    assert re.findall(r'name="card" value="([^"]+)"', theirs) == t.me(1)["drawn"]


def test_a_held_warlord_is_named_by_its_number_only_inside_the_phone_s_panels(app, client):
    t = sun_tzu(app, client)
    page = t.phone(0)
    assert "Warlord A" not in page
    private = re.search(r'<div class="private[^"]*" hidden>.*?</div>\s*</section>', page, re.S)
    assert private and "Warlord 5" in private.group(0)
    outside = re.sub(CHOICE, "", page.replace(private.group(0), ""), flags=re.S)
    assert "Warlord 5" not in outside
    assert "Warlord 5" not in t.elsewhere(0)


# --------------------------------------------------------------------------- The Art of War


def test_the_art_of_war_setup_panel_shows_the_dealt_cards_to_their_phone_only(app, client):
    players = ["Ann", "Bo", "Cy"]
    t = Screens(app, client, "art-of-war", players)
    state = app.extensions["tables"].load(t.id).state
    for seat in range(3):
        page = t.phone(seat)
        assert "aow-choose-setup-panel" in hidden_while_idle(page)
        (panel,) = [c for c in choices(page) if "aow-choose-setup-panel" in c]
        offer = state["offers"][seat]
        names = [aow.ADVISORS[k]["name"] for k in offer["advisors"]]
        names += [aow.GENERALS[k]["name"] for k in offer["generals"]]
        # The cards are the buttons: each one names its card and says what it does.
        for n in names:
            assert f'<span class="choose-name">{n}</span>' in panel
        assert "Hold the button above to read your cards" not in page
        others = "\n".join(
            re.sub(CHOICE + "|" + CATALOGUE, "", t.phone(o), flags=re.S)
            for o in range(3)
            if o != seat
        )
        everyone_else = t.elsewhere(seat)
        for n in names:
            # The panels of the other phones hold their own cards, never these.
            assert f'<span class="choose-name">{n}</span>' not in everyone_else
            assert f">{n}<" not in others
        assert "aow-choose-setup-panel" in everyone_else  # each other phone has its own
