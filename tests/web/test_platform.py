"""The platform end to end through the Flask test client, on the tiny Tally game.

Tables, one-time join codes, seats and host, the action pipeline, undo/redo, the privacy
gate, refusals in the viewer's language, CSRF, headers, restarts and the live stream.
"""

from __future__ import annotations

import base64
import json
import re

from flask import Flask
from flask.testing import FlaskClient

from companion import create_app
from companion.pipeline.tables import Viewer

from ..conftest import csrf, first_stream_message


def make_table(client: FlaskClient, players=("Ann", "Bo", "Cy")) -> dict:
    reply = client.post("/api/tables", json={"game": "tally", "players": list(players)})
    assert reply.status_code == 201, reply.json
    return reply.json


def join(client: FlaskClient, code: str) -> str:
    reply = client.post("/api/join", json={"code": code})
    assert reply.status_code == 200, reply.json
    return reply.json["token"]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def shows_number(reply: object, n: int) -> bool:
    """Does this page, stream message or JSON reply show the number ``n``: as a value, or
    as a word of some text?

    Not a substring search: a random id, CSRF token or another seat's random 4-digit secret
    may contain the same digits, and that is no leak (CI once failed on exactly that).
    """
    if isinstance(reply, bool):
        return False
    if isinstance(reply, int):
        return reply == n
    if isinstance(reply, str):
        return re.search(rf"(?<![\w-]){n}(?![\w-])", reply) is not None
    if isinstance(reply, dict):
        return any(shows_number(v, n) for v in reply.values())
    if isinstance(reply, list):
        return any(shows_number(v, n) for v in reply)
    return False


def secrets_of(app: Flask, table_id: str) -> list[int]:
    state = app.extensions["tables"].load(table_id).state
    return [p["secret"] for p in state["players"]]


def test_creating_a_table_returns_the_contract_with_long_random_tokens(client):
    table = make_table(client)
    assert set(table) == {"id", "host_token", "table_url", "seats"}
    assert table["table_url"].endswith(f"/t/{table['id']}")
    assert [s["name"] for s in table["seats"]] == ["Ann", "Bo", "Cy"]
    for secret in [table["host_token"]] + [s["join_code"] for s in table["seats"]]:
        assert len(base64.urlsafe_b64decode(secret + "==")) * 8 >= 128
    # Phones must be sent to the LAN address, not to wherever the host browsed from.
    assert table["seats"][0]["join_url"].startswith("http://192.168.1.20:8000/join/")


def test_a_join_code_works_once_and_a_second_use_is_refused_clearly(client):
    table = make_table(client)
    code = table["seats"][1]["join_code"]
    assert join(client, code)
    again = client.post("/api/join", json={"code": code})
    assert again.status_code == 409
    assert "already been claimed" in again.json["error"]["message"]
    unknown = client.post("/api/join", json={"code": "x" * 32})
    assert unknown.status_code == 404


def test_scanning_a_qr_claims_the_seat_and_the_code_leaves_the_address_bar(app, client):
    table = make_table(client)
    path = "/join/" + table["seats"][1]["join_code"]
    reply = client.get(path)
    assert reply.status_code == 303
    assert reply.headers["Location"] == f"/t/{table['id']}/seat"
    cookie = reply.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    page = client.get(reply.headers["Location"]).get_data(as_text=True)
    mine, *others = [secrets_of(app, table["id"])[i] for i in (1, 0, 2)]
    assert shows_number(page, mine)
    assert not any(shows_number(page, s) for s in others)
    # Another phone scanning the same QR is refused with a page that says why.
    other = app.test_client().get(path)
    assert other.status_code == 409
    assert "already been claimed" in other.get_data(as_text=True)


def test_the_table_screen_shows_qr_codes_only_to_the_host_and_only_until_claimed(app, client):
    page = client.get("/new/tally").get_data(as_text=True)
    reply = client.post(
        "/tables",
        data={"csrf_token": csrf(page), "game": "tally", "player": ["Ann", "Bo", ""]},
    )
    assert reply.status_code == 303
    table_id = reply.headers["Location"].rsplit("/", 1)[1]
    host_page = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert host_page.count("/qr.svg") == 2
    qr = client.get(f"/t/{table_id}/seats/0/qr.svg")
    assert qr.status_code == 200 and qr.mimetype == "image/svg+xml"
    # Somebody else opening the public table URL gets no codes to steal seats with.
    stranger = app.test_client()
    assert "/qr.svg" not in stranger.get(f"/t/{table_id}").get_data(as_text=True)
    assert stranger.get(f"/t/{table_id}/seats/0/qr.svg").status_code == 403
    codes = dict((n, c) for n, c, *_ in app.extensions["store"].seats(table_id))
    stranger.get(f"/join/{codes[0]}")
    after = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert after.count("/qr.svg") == 1
    assert "joined" in after


def test_reissuing_a_seat_locks_the_old_phone_out(client):
    table = make_table(client)
    old = join(client, table["seats"][0]["join_code"])
    tid = table["id"]
    reply = client.post(f"/api/tables/{tid}/seats/0/reissue", headers=bearer(table["host_token"]))
    assert reply.status_code == 200
    refused = client.get(f"/api/tables/{tid}", headers=bearer(old))
    assert refused.status_code == 401
    new = join(client, reply.json["join_code"])
    assert client.get(f"/api/tables/{tid}", headers=bearer(new)).json["viewer"]["seat"] == 0
    # A seat may not re-issue anything.
    assert client.post(f"/api/tables/{tid}/seats/1/reissue", headers=bearer(new)).status_code == 403


def test_a_seat_acts_for_itself_but_never_for_another_seat(client):
    table = make_table(client)
    tid = table["id"]
    token = join(client, table["seats"][0]["join_code"])
    ok = client.post(
        f"/api/tables/{tid}/actions", json={"type": "add", "seat": 0, "n": 3}, headers=bearer(token)
    )
    assert ok.status_code == 200
    assert ok.json["view"]["players"][0]["score"] == 3
    assert ok.json["events"][0]["text"] == "Ann scored 3"
    version = ok.json["version"]
    refused = client.post(
        f"/api/tables/{tid}/actions", json={"type": "add", "seat": 1, "n": 3}, headers=bearer(token)
    )
    assert refused.status_code == 403
    view = client.get(f"/api/tables/{tid}").json
    assert view["version"] == version
    assert [p["score"] for p in view["view"]["players"]] == [3, 0, 0]


def test_bad_input_gets_a_clear_4xx_and_changes_nothing(client):
    table = make_table(client)
    tid = table["id"]
    host = bearer(table["host_token"])
    before = client.get(f"/api/tables/{tid}").json
    cases = [
        (f"/api/tables/{tid}/actions", "not json", 400, "bad_json"),
        (f"/api/tables/{tid}/actions", {"seat": 0}, 400, "no_type"),
        (f"/api/tables/{tid}/actions", {"type": "fly"}, 400, "unknown_action"),
        (f"/api/tables/{tid}/actions", {"type": "add", "seat": 0, "n": 99}, 400, "out_of_range"),
        (f"/api/tables/{tid}/actions", {"type": "add", "seat": 7, "n": 1}, 400, "no_such_seat"),
        (f"/api/tables/{tid}/actions", {"type": "add", "seat": 0, "n": "2; DROP"}, 400, "bad_type"),
        (
            f"/api/tables/{tid}/actions",
            {"type": "add", "seat": 0, "n": 1, "x": 1},
            400,
            "unknown_field",
        ),
        (f"/api/tables/{tid}/actions", {"type": "add", "seat": True, "n": 1}, 400, "bad_type"),
        ("/api/tables/nope/actions", {"type": "add", "seat": 0, "n": 1}, 404, "unknown_table"),
    ]
    for url, body, status, code in cases:
        if isinstance(body, str):
            reply = client.post(
                url, data=body, headers={**host, "Content-Type": "application/json"}
            )
        else:
            reply = client.post(url, json=body, headers=host)
        assert reply.status_code == status, (body, reply.json)
        assert reply.json["error"]["code"] == code
        assert reply.json["error"]["message"]
    wrong = client.post(
        f"/api/tables/{tid}/actions", json={"type": "end_turn"}, headers=bearer("not-a-real-token")
    )
    assert wrong.status_code == 401
    assert client.get(f"/api/tables/{tid}").json == before


def test_acting_out_of_turn_is_refused(client):
    table = make_table(client)
    tid = table["id"]
    bo = join(client, table["seats"][1]["join_code"])
    reply = client.post(f"/api/tables/{tid}/actions", json={"type": "end_turn"}, headers=bearer(bo))
    assert reply.status_code == 403
    assert client.get(f"/api/tables/{tid}").json["view"]["turn"] == 0


def test_a_token_of_one_table_means_nothing_at_another(client):
    first = make_table(client)
    second = make_table(client)
    token = join(client, first["seats"][0]["join_code"])
    reply = client.post(
        f"/api/tables/{second['id']}/actions",
        json={"type": "add", "seat": 0, "n": 1},
        headers=bearer(token),
    )
    assert reply.status_code == 401
    host = client.post(f"/api/tables/{second['id']}/undo", headers=bearer(first["host_token"]))
    assert host.status_code == 401


def test_acting_after_the_end_is_refused(client):
    table = make_table(client)
    tid = table["id"]
    host = bearer(table["host_token"])
    for confirm in (False, True):  # the correction that ends the game is confirmed
        client.post(
            f"/api/tables/{tid}/actions",
            json={"type": "add", "seat": 2, "n": 5, "confirm": confirm},
            headers=host,
        )
    result = client.get(f"/api/tables/{tid}/result")
    assert result.status_code == 200
    assert result.json["headline"] == "Cy wins"
    after = client.post(
        f"/api/tables/{tid}/actions", json={"type": "add", "seat": 0, "n": 1}, headers=host
    )
    assert after.status_code == 409
    assert after.json["error"]["code"] == "game_over"


def test_undo_and_redo_move_over_the_log_and_a_new_action_drops_the_redo(client):
    table = make_table(client)
    tid = table["id"]
    host = bearer(table["host_token"])

    def scores():
        return [p["score"] for p in client.get(f"/api/tables/{tid}").json["view"]["players"]]

    for n in (1, 2):
        client.post(
            f"/api/tables/{tid}/actions", json={"type": "add", "seat": 0, "n": n}, headers=host
        )
    assert scores() == [3, 0, 0]
    assert client.post(f"/api/tables/{tid}/undo", headers=host).status_code == 200
    assert scores() == [1, 0, 0]
    assert client.post(f"/api/tables/{tid}/redo", headers=host).status_code == 200
    assert scores() == [3, 0, 0]
    client.post(f"/api/tables/{tid}/undo", headers=host)
    client.post(f"/api/tables/{tid}/actions", json={"type": "add", "seat": 1, "n": 4}, headers=host)
    assert scores() == [1, 4, 0]
    nothing = client.post(f"/api/tables/{tid}/redo", headers=host)
    assert nothing.status_code == 409
    history = client.get(f"/api/tables/{tid}").json["history"]
    # The undone action leaves the history; each undo and redo stays, saying what and who.
    assert [h["text"] for h in history] == [
        "Bo scored 4",
        "Undone by the table screen: Ann scored 2",
        "Redone by the table screen: Ann scored 2",
        "Undone by the table screen: Ann scored 2",
        "Ann scored 1",
    ]
    seat = join(client, table["seats"][0]["join_code"])
    assert client.post(f"/api/tables/{tid}/undo", headers=bearer(seat)).status_code == 403


def test_private_history_lines_reach_only_their_own_seat(client):
    table = make_table(client)
    tid = table["id"]
    ann = join(client, table["seats"][0]["join_code"])
    bo = join(client, table["seats"][1]["join_code"])
    reply = client.post(
        f"/api/tables/{tid}/actions", json={"type": "set_secret", "n": 4242}, headers=bearer(ann)
    )
    assert "4242" in json.dumps(reply.json)
    for headers in (bearer(bo), bearer(table["host_token"]), {}):
        assert not shows_number(client.get(f"/api/tables/{tid}", headers=headers).json, 4242)
    assert "4242" in client.get(f"/api/tables/{tid}", headers=bearer(ann)).get_data(as_text=True)


def test_a_sealed_choice_stays_hidden_from_everyone_until_all_lock_and_undo_stops_at_reveal(client):
    table = make_table(client, players=("Ann", "Bo"))
    tid = table["id"]
    ann = bearer(join(client, table["seats"][0]["join_code"]))
    bo = bearer(join(client, table["seats"][1]["join_code"]))
    host = bearer(table["host_token"])
    act = f"/api/tables/{tid}/actions"
    client.post(act, json={"type": "bid", "n": 77}, headers=ann)
    client.post(act, json={"type": "lock"}, headers=ann)
    assert shows_number(client.get(f"/api/tables/{tid}", headers=ann).json, 77)
    for viewer in (bo, host, {}):
        assert not shows_number(client.get(f"/api/tables/{tid}", headers=viewer).json, 77)
    public = client.get(f"/api/tables/{tid}").json["view"]["sealed"]
    assert public["locked_count"] == 1 and public["total"] == 2
    # A locked choice cannot be changed until the host unlocks it.
    assert client.post(act, json={"type": "bid", "n": 5}, headers=ann).status_code == 409
    assert client.post(act, json={"type": "unlock", "seat": 0}, headers=bo).status_code == 403
    client.post(act, json={"type": "bid", "n": 31}, headers=bo)
    revealed = client.post(act, json={"type": "lock"}, headers=bo)
    shown = "Bids: 77 and 31"  # the list joined by English's rule
    assert shown in json.dumps(revealed.json)
    assert shown in client.get(f"/api/tables/{tid}", headers=host).get_data(as_text=True)
    # The reveal is a barrier: undo cannot re-seal the bids and let Bo bid again knowing
    # Ann's, so the host is told to correct the board instead.
    refused = client.post(f"/api/tables/{tid}/undo", headers=host)
    assert refused.status_code == 409
    assert refused.json["error"]["code"] == "undo_barrier"
    assert "Undo stops at the reveal of" in refused.json["error"]["message"]
    assert shown in client.get(f"/api/tables/{tid}", headers=host).get_data(as_text=True)


def test_errors_speak_the_viewers_language(client):
    table = make_table(client)
    reply = client.post(
        f"/api/tables/{table['id']}/actions",
        json={"type": "end_turn"},
        headers={"Accept-Language": "zh-TW,zh;q=0.9"},
    )
    assert reply.status_code == 401
    assert reply.json["error"]["message"] == "請先加入這一桌再行動。"
    page = client.get("/t/nope", headers={"Accept-Language": "zh-TW"})
    assert page.status_code == 404
    assert "沒有這一桌" in page.get_data(as_text=True)


def test_each_device_keeps_its_own_language(app, client):
    client.get("/lang/zh_TW?next=/")
    assert "桌遊小幫手" in client.get("/").get_data(as_text=True)
    other = app.test_client()
    assert "Table Companion" in other.get("/").get_data(as_text=True)
    # The language switch only ever redirects within the site.
    assert client.get("/lang/en?next=//evil.example").headers["Location"] == "/"


def add_two(client, screen: str):  # noqa: ANN001, ANN201 - a Flask test client and response
    """A tap on the screen at ``screen`` adding 2 to Ann's points, with the page's CSRF token,
    as htmx posts it."""
    page = client.get(screen).get_data(as_text=True)
    form = {"type": "add", "seat": 0, "n": 2, "csrf_token": csrf(page)}
    return client.post(f"{screen}/act", data=form, headers={"HX-Request": "true"})


def test_forms_without_the_csrf_token_are_refused(app, client):
    table = make_table(client)
    client.get(f"/host/{table['id']}/{table['host_token']}")
    reply = client.post(f"/t/{table['id']}/act", data={"type": "add", "seat": 0, "n": 2})
    assert reply.status_code == 400
    assert "expired" in reply.get_data(as_text=True)
    good = add_two(client, f"/t/{table['id']}")
    assert good.status_code == 200
    assert app.extensions["tables"].load(table["id"]).state["players"][0]["score"] == 2


def test_an_htmx_refusal_is_swapped_into_the_toast_not_over_the_view(client):
    table = make_table(client)
    client.get(f"/join/{table['seats'][1]['join_code']}")
    reply = add_two(client, f"/t/{table['id']}/seat")
    assert reply.status_code == 403
    assert reply.headers["HX-Retarget"] == "#toast"
    assert "your own counters" in reply.get_data(as_text=True)


def test_pages_carry_a_strict_policy_and_no_inline_script(client):
    table = make_table(client, players=("<script>alert(1)", "Bo"))
    for url in ("/", "/new/tally", f"/t/{table['id']}"):
        reply = client.get(url)
        assert "script-src 'self'" in reply.headers["Content-Security-Policy"]
        assert reply.headers["X-Frame-Options"] == "DENY"
        html = reply.get_data(as_text=True)
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), url
        assert "<script>alert(1)" not in html
    assert "&lt;script&gt;alert(1)" in client.get(f"/t/{table['id']}").get_data(as_text=True)


def test_pages_and_scripts_are_sent_compressed(client):
    table = make_table(client)
    page = client.get(f"/t/{table['id']}", headers={"Accept-Encoding": "gzip"})
    assert page.headers["Content-Encoding"] == "gzip"
    htmx = client.get("/static/vendor/htmx-2.0.11.min.js", headers={"Accept-Encoding": "gzip"})
    assert htmx.headers["Content-Encoding"] == "gzip"
    assert len(htmx.data) < 20_000
    assert client.get("/static/../pyproject.toml").status_code == 404


def test_a_restarted_server_rebuilds_every_table_from_the_log(app, client, tmp_path):
    table = make_table(client)
    tid = table["id"]
    host = bearer(table["host_token"])
    client.post(f"/api/tables/{tid}/actions", json={"type": "add", "seat": 1, "n": 4}, headers=host)
    client.post(f"/api/tables/{tid}/actions", json={"type": "end_turn"}, headers=host)
    before = client.get(f"/api/tables/{tid}", headers=host).json
    again = create_app({"DATABASE": app.config["DATABASE"], "TESTING": True})
    after = again.test_client().get(f"/api/tables/{tid}", headers=host).json
    assert after["view"] == before["view"]
    assert after["version"] == before["version"]
    assert again.secret_key == app.secret_key
    again.extensions["store"].close()


def test_each_stream_carries_only_its_own_viewers_view(app, client):
    table = make_table(client)
    tid = table["id"]
    client.get(f"/join/{table['seats'][0]['join_code']}")
    secrets = secrets_of(app, tid)
    seat_stream = first_stream_message(client.get(f"/t/{tid}/seat/stream"))
    assert shows_number(seat_stream, secrets[0])
    assert not shows_number(seat_stream, secrets[1]) and not shows_number(seat_stream, secrets[2])
    table_stream = first_stream_message(app.test_client().get(f"/t/{tid}/stream"))
    assert "event: view" in table_stream
    assert not any(shows_number(table_stream, s) for s in secrets)
    # A phone without a seat gets no stream at all.
    assert app.test_client().get(f"/t/{tid}/seat/stream").status_code == 401


def test_health_and_the_games_list(client):
    assert client.get("/healthz").json == {"status": "ok"}
    games = {g["id"]: g for g in client.get("/api/games").json}
    assert games["tally"]["min_players"] == 2
    assert {a["type"] for a in games["tally"]["actions"]} >= {"add", "end_turn"}


def test_guessing_join_codes_is_rate_limited_but_a_full_table_can_join(app, client):
    app.config["JOIN_RATE_LIMIT"] = "5 per minute"
    table = make_table(client, players=("A", "B", "C", "D"))
    for seat in table["seats"]:
        assert client.post("/api/join", json={"code": seat["join_code"]}).status_code == 200
    for _ in range(5):
        assert client.post("/api/join", json={"code": "z" * 32}).status_code == 404
    blocked = client.post("/api/join", json={"code": "z" * 32})
    assert blocked.status_code == 429
    assert blocked.json["error"]["code"] == "rate_limited"


def set_secret(phone, table_id: str, n: int) -> None:
    """The phone sets its seat's secret number through its own form, as a player does."""
    page = phone.get(f"/t/{table_id}/seat").get_data(as_text=True)
    reply = phone.post(
        f"/t/{table_id}/seat/act",
        data={"type": "set_secret", "n": n, "csrf_token": csrf(page)},
        headers={"HX-Request": "true"},
    )
    assert reply.status_code == 200


def test_a_phones_private_history_shows_only_behind_press_and_hold(app, client):
    table = make_table(client)
    client.get(f"/join/{table['seats'][0]['join_code']}")
    set_secret(client, table["id"], 4321)
    page = client.get(f"/t/{table['id']}/seat").get_data(as_text=True)
    history = page.split('class="history"', 1)[1].split("</section>", 1)[0]
    assert "4321" not in history
    hidden = page.split('class="private-wrap private-history"', 1)[1].split("</section>", 1)[0]
    assert "Your secret is now 4321" in hidden
    assert '<div class="private-notes" hidden>' in hidden


def test_a_seats_own_line_reaches_that_seat_alone_whoever_looks_first(app, client):
    # The history of one table version is built once and shared by every screen that reads
    # the same lines; a seat with a line of its own must still get its own, in any order.
    table = make_table(client)
    other = app.test_client()
    client.get(f"/join/{table['seats'][0]['join_code']}")
    other.get(f"/join/{table['seats'][1]['join_code']}")
    # Through the pipeline, so that no screen of the new version is built before the loop's.
    app.extensions["tables"].act(table["id"], Viewer("seat", 0), {"type": "set_secret", "n": 4321})
    for _ in range(2):  # first the others, then the owner; then again, all from memory
        assert "secret is now 4321" not in other.get(f"/t/{table['id']}/seat").get_data(
            as_text=True
        )
        assert "secret is now 4321" not in app.test_client().get(f"/t/{table['id']}").get_data(
            as_text=True
        )
        mine = client.get(f"/t/{table['id']}/seat").get_data(as_text=True)
        assert "Your secret is now 4321" in mine
    # And the other way round, on the next version: the owner's own reply comes first.
    set_secret(client, table["id"], 8765)
    assert "Your secret is now 8765" in client.get(f"/t/{table['id']}/seat").get_data(as_text=True)
    assert "secret is now 8765" not in other.get(f"/t/{table['id']}/seat").get_data(as_text=True)
    assert "secret is now 8765" not in app.test_client().get(f"/t/{table['id']}").get_data(
        as_text=True
    )


def test_a_long_game_keeps_a_bounded_log_in_memory_and_undo_reaches_past_it(app, client):
    from companion.pipeline.loaded import RECENT_ROWS
    from companion.pipeline.tables import HOST

    tables = app.extensions["tables"]
    table_id = make_table(client)["id"]
    for n in range(RECENT_ROWS + 60):
        tables.act(table_id, HOST, {"type": "add", "seat": n % 3, "n": 1 if n % 2 else -1})
    loaded = tables.load(table_id)
    assert len(loaded.rows) == RECENT_ROWS
    before = [p["score"] for p in loaded.state["players"]]
    # Undo further back than the rows held in memory, then redo all of it.
    for _ in range(RECENT_ROWS + 10):
        tables.undo(table_id, HOST)
    assert len(tables.load(table_id).rows) <= RECENT_ROWS
    for _ in range(RECENT_ROWS + 10):
        tables.redo(table_id, HOST)
    assert [p["score"] for p in tables.load(table_id).state["players"]] == before
    assert tables.replay(table_id) == tables.load(table_id).state
