"""The physical table is the truth: a history that settles a dispute, refusals that say why.

Every history line names who did it (on the pages and as ``by`` in the API), lines read
newest first even within one action, a seat's private line reaches only that seat, and an
action the asker may not use now is refused with the reason its declaration gives (who,
phase or turn: all public), while a missing or malformed field is named as the client sent
it: the JSON name in the API, the form label on the page.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.games import GAMES
from companion.games.example import GAME as TALLY
from companion.games.example.rules import ACTIONS as TALLY_ACTIONS
from companion.games.kit import N_, Action, Param, derive_allowed
from companion.games.kit.driver import Table

from .test_platform import bearer, join, make_table


def history(client: FlaskClient, tid: str, token: str | None = None) -> list[dict]:
    headers = bearer(token) if token else {}
    reply = client.get(f"/api/tables/{tid}", headers=headers)
    assert reply.status_code == 200, reply.json
    return reply.json["history"]


def act(client: FlaskClient, tid: str, token: str, lang: str = "en", **body):
    headers = {**bearer(token), "Accept-Language": lang}
    return client.post(f"/api/tables/{tid}/actions", json=body, headers=headers)


def history_list(html: str) -> list[str]:
    """The public history list of a page, one entry per line, tags and text as shown."""
    section = html.split('class="history"', 1)[1].split("</ol>", 1)[0]
    items = re.findall(r"<li[^>]*>(.*?)</li>", section, re.S)
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", item)).strip() for item in items]


# --------------------------------------------------------------------------- who did it


def test_every_history_line_names_who_did_it_a_player_or_the_table_screen(client):
    table = make_table(client)
    tid, host = table["id"], table["host_token"]
    ann = join(client, table["seats"][0]["join_code"])
    assert act(client, tid, ann, type="add", seat=0, n=2).status_code == 200
    assert act(client, tid, host, type="add", seat=1, n=3).status_code == 200
    client.post(f"/api/tables/{tid}/seats/2/reissue", headers=bearer(host))
    for token in (None, host, ann):
        lines = [(h["by"], h["text"]) for h in history(client, tid, token)]
        assert lines[:3] == [
            (None, lines[0][1]),  # the host's new code for Cy: the table screen did it
            (None, "Bo scored 3"),
            ("Ann", "Ann scored 2"),
        ]
        # A note keeps its own wording; the claim was Ann's own phone.
        assert lines[0][1].endswith("The host gave Cy's seat a new code")
        assert lines[3][0] == "Ann" and "Ann's seat was opened on a phone" in lines[3][1]


def test_the_pages_tag_each_line_with_who_did_it(app, client):
    table = make_table(client)
    tid, host = table["id"], table["host_token"]
    ann = join(client, table["seats"][0]["join_code"])
    act(client, tid, ann, type="add", seat=0, n=2)
    act(client, tid, host, type="add", seat=1, n=3)
    screen = app.test_client().get(f"/t/{tid}").get_data(as_text=True)
    assert history_list(screen)[:2] == ["Table screen Bo scored 3", "Ann Ann scored 2"]
    assert '<span class="by">Ann</span>' in screen
    # The same tags on a phone, and translated where the table screen is meant.
    phone = app.test_client()
    phone.get(f"/join/{table['seats'][1]['join_code']}")
    page = phone.get(f"/t/{tid}/seat", headers={"Accept-Language": "zh-TW"})
    lines = history_list(page.get_data(as_text=True))
    assert lines[0].startswith("Bo ")  # Bo's phone opening the seat: Bo's own claim
    assert lines[1].startswith("桌面螢幕 ")


def test_the_lines_of_one_action_read_newest_first_like_the_actions(client):
    table = make_table(client, players=("Ann", "Bo"))
    tid = table["id"]
    ann = join(client, table["seats"][0]["join_code"])
    bo = join(client, table["seats"][1]["join_code"])
    act(client, tid, ann, type="bid", n=5)
    act(client, tid, ann, type="lock")
    act(client, tid, bo, type="bid", n=3)
    act(client, tid, bo, type="lock")  # Bo locks in, and then the bids are revealed
    lines = [(h["by"], h["text"]) for h in history(client, tid)]
    assert lines[:4] == [
        ("Bo", "Bids: 5 and 3"),
        ("Bo", "Bo locked in"),
        ("Ann", "Ann locked in"),
        ("Ann", "Secret choice: everyone chooses on their phone"),
    ]


def test_a_seats_private_line_reaches_only_that_seat_with_who_did_it(app, client):
    table = make_table(client, players=("Ann", "Bo"))
    tid, host = table["id"], table["host_token"]
    ann = join(client, table["seats"][0]["join_code"])
    bo = join(client, table["seats"][1]["join_code"])
    act(client, tid, ann, type="bid", n=5)
    # Ann's own line, newest first within her action, before the public opening line.
    assert [(h["by"], h["text"]) for h in history(client, tid, ann)][:2] == [
        ("Ann", "You chose (hidden from everyone else)"),
        ("Ann", "Secret choice: everyone chooses on their phone"),
    ]
    for token in (None, host, bo):
        texts = [h["text"] for h in history(client, tid, token)]
        assert "You chose (hidden from everyone else)" not in texts
        assert texts[0] == "Secret choice: everyone chooses on their phone"


def test_on_the_pages_a_private_line_is_tagged_on_its_own_phone_only(app, client):
    table = make_table(client, players=("Ann", "Bo"))
    tid = table["id"]
    ann, bo = app.test_client(), app.test_client()
    ann.get(f"/join/{table['seats'][0]['join_code']}")
    bo.get(f"/join/{table['seats'][1]['join_code']}")
    page = ann.get(f"/t/{tid}/seat").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    sent = ann.post(f"/t/{tid}/seat/act", data={"type": "bid", "n": "5", "csrf_token": csrf})
    assert sent.status_code == 303
    page = ann.get(f"/t/{tid}/seat").get_data(as_text=True)
    hidden = page.split('class="private-wrap private-history"', 1)[1].split("</section>", 1)[0]
    assert re.search(r'<span class="by">Ann</span>\s*You chose', hidden)
    for other in (bo.get(f"/t/{tid}/seat"), client.get(f"/t/{tid}")):
        html = other.get_data(as_text=True)
        assert "You chose" not in html
        assert history_list(html)[0] == "Ann Secret choice: everyone chooses on their phone"


def test_an_undone_action_is_announced_by_its_undo_line_with_who_undid_it(client):
    table = make_table(client)
    tid, host = table["id"], table["host_token"]
    ann = join(client, table["seats"][0]["join_code"])
    act(client, tid, ann, type="add", seat=0, n=2)
    undone = client.post(f"/api/tables/{tid}/undo", json={"confirm": True}, headers=bearer(host))
    assert undone.status_code == 200
    lines = [(h["by"], h["text"]) for h in history(client, tid)]
    assert lines[0] == (None, "Undone by the table screen: Ann scored 2")
    assert ("Ann", "Ann scored 2") not in lines


# --------------------------------------------------------------------------- refusals say why


def test_a_refusal_names_the_declaration_that_refused_it_and_keeps_the_code(client):
    table = make_table(client)
    tid, host = table["id"], table["host_token"]
    ann = join(client, table["seats"][0]["join_code"])
    bo = join(client, table["seats"][1]["join_code"])
    cases = [
        (host, {"type": "set_secret", "n": 1}, "Only a player can do that, on their phone."),
        (ann, {"type": "unlock", "seat": 1}, "Only the host can do that."),
        (bo, {"type": "end_turn"}, "It is Ann's turn."),
        # A ``when`` predicate (no bid open) may rest on what the asker cannot see.
        (ann, {"type": "lock"}, "You can't do that right now."),
    ]
    for token, body, message in cases:
        reply = act(client, tid, token, **body)
        assert reply.status_code == 403, body
        assert reply.json["error"] == {"code": "not_now", "message": message}
    zh = act(client, tid, bo, lang="zh-TW", type="end_turn")
    assert zh.json["error"] == {"code": "not_now", "message": "現在輪到 Ann。"}


def test_a_refusal_never_depends_on_another_seats_secret(client):
    table = make_table(client)
    tid = table["id"]
    ann = join(client, table["seats"][0]["join_code"])
    bo = join(client, table["seats"][1]["join_code"])
    seen = set()
    for secret in (1, 9876):
        act(client, tid, ann, type="set_secret", n=secret)
        for body in ({"type": "end_turn"}, {"type": "unlock", "seat": 0}, {"type": "lock"}):
            seen.add((body["type"], str(act(client, tid, bo, **body).json["error"])))
    assert len(seen) == 3  # the same answer whatever Ann's secret is


PHASED_ID = "phased-tally"


@pytest.fixture
def phased(app: Flask) -> Iterator[str]:
    """Tally with two phases (round 1 is "setup", later rounds "play") and a bid only in
    play, whose points carry a form label: a game the platform has never seen."""
    actions = {
        **TALLY_ACTIONS,
        "bid": replace(TALLY_ACTIONS["bid"], phases=("play",)),
        "score": Action(
            "score",
            TALLY_ACTIONS["add"].fn,
            (Param("seat", "seat"), Param("n", "int", min=-5, max=5, label=N_("Points"))),
            "Score",
            who="anyone",
            phases=("setup", "play"),
        ),
    }
    game = replace(
        TALLY,
        id=PHASED_ID,
        actions=actions,
        allowed=derive_allowed(
            actions,
            phase=lambda s: "setup" if s["round"] == 1 else "play",
            turn=lambda s: s["turn"],
        ),
        phases=(("setup", "Setup"), ("play", "Play")),
    )
    GAMES[PHASED_ID] = game
    yield PHASED_ID
    GAMES.pop(PHASED_ID, None)


def test_an_action_of_another_phase_says_which_phase_it_is_for(client, phased):
    reply = client.post("/api/tables", json={"game": phased, "players": ["Ann", "Bo"]}).json
    ann = join(client, reply["seats"][0]["join_code"])
    refused = act(client, reply["id"], ann, type="bid", n=3)
    assert refused.status_code == 403
    assert refused.json["error"] == {
        "code": "not_now",
        "message": "That is for another phase: Play.",
    }


def test_the_driver_names_several_phases_and_checks_who_before_the_phase(phased):
    game = GAMES[phased]
    several = replace(game.actions["bid"], phases=("setup", "play"), who="host")
    table = Table(game, ["Ann", "Bo"])
    err = table.refused(0, "bid", n=1)
    assert (err.code, err.message, err.params) == (
        "not_now",
        "That is for another phase: {phase_t}.",
        {"phase_t": "Play"},
    )
    refusal = game.allowed.refusal(table.state, 0, several)
    assert refusal == ("host", None)
    from companion.games.kit.driver import _either

    assert _either(["Setup", "Play"]) == [
        "{first_t} or {rest_t}",
        {"first_t": "Setup", "rest_t": "Play"},
    ]


def test_a_missing_or_bad_field_is_named_by_its_json_name_in_the_api(client, phased):
    reply = client.post("/api/tables", json={"game": phased, "players": ["Ann", "Bo"]}).json
    tid, host = reply["id"], reply["host_token"]
    cases = [
        ({"type": "score", "seat": 0}, "missing_field", "n", "n is missing."),
        ({"type": "score", "seat": 0, "n": "lots"}, "bad_type", "n", "n must be a whole number."),
        ({"type": "score", "seat": 0, "n": 9}, "out_of_range", "n", "n must be between -5 and 5."),
        ({"type": "score", "seat": 7, "n": 1}, "no_such_seat", "seat", "Seat 7 does not exist."),
        ({"type": "score", "seat": 0, "n": 1, "x": 1}, "unknown_field", "x", "Unknown field: x."),
    ]
    for body, code, field, message in cases:
        refused = act(client, tid, host, **body)
        assert refused.status_code == 400, body
        assert refused.json["error"] == {"code": code, "message": message, "field": field}
    zh = act(client, tid, host, lang="zh-TW", type="score", seat=0)
    assert zh.json["error"]["field"] == "n" and "n" in zh.json["error"]["message"]


def test_a_missing_field_on_the_page_names_the_form_label(app, phased):
    host = app.test_client()
    page = host.get("/").get_data(as_text=True)
    token = re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)
    created = host.post(
        "/tables", data={"game": phased, "player": ["Ann", "Bo"], "csrf_token": token}
    )
    tid = created.headers["Location"].rsplit("/", 1)[-1]
    screen = host.get(f"/t/{tid}").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', screen).group(1)
    form = {"type": "score", "seat": "0", "csrf_token": csrf}
    refused = host.post(f"/t/{tid}/act", data=form, headers={"HX-Request": "true"})
    assert refused.status_code == 400
    html = refused.get_data(as_text=True)
    assert "Points is missing." in html
    assert "n is missing" not in html
