"""Live updates carry only what changed: regions and fragments with stable ids.

Each test drives the real app (pages, streams, the JSON API) on a real SQLite file and reads
what a screen or phone would receive.
"""

from __future__ import annotations

import re
import threading

from flask import Flask
from flask.testing import FlaskClient

from companion.pipeline.tables import Viewer
from companion.web import regions

from ..conftest import first_message, swapped_ids

PLAYERS = ["Ann", "Bo", "Cy", "Di"]


def start(app: Flask) -> tuple[dict, FlaskClient, FlaskClient]:
    """A Samurai Sword table, its host's table screen and Cy's phone, both pages loaded."""
    host = app.test_client()
    reply = host.post("/api/tables", json={"game": "samurai-sword", "players": PLAYERS})
    assert reply.status_code == 201
    table = reply.json
    assert host.get(f"/host/{table['id']}/{table['host_token']}").status_code == 303
    phone = app.test_client()
    assert phone.get(f"/join/{table['seats'][2]['join_code']}").status_code == 303
    assert host.get(f"/t/{table['id']}").status_code == 200
    assert phone.get(f"/t/{table['id']}/seat").status_code == 200
    return table, host, phone


def tap(app: Flask, table: dict, seat: int = 0, delta: int = 1) -> int:
    """The host's tap on a player's hand counter, through the API; the new version."""
    reply = app.test_client().post(
        f"/api/tables/{table['id']}/actions",
        json={"type": "adjust", "seat": seat, "counter": "hand", "delta": delta},
        headers={"Authorization": f"Bearer {table['host_token']}"},
    )
    assert reply.status_code == 200, reply.json
    return reply.json["version"]


def full_view(client: FlaskClient, table: dict, page: str) -> str:
    html = client.get(page).get_data(as_text=True)
    return html[html.index('<main id="live"') :]


def test_a_tap_sends_a_phone_only_the_changed_card_and_the_new_history_line(app):
    table, host, phone = start(app)
    before = app.extensions["tables"].load(table["id"]).version
    version = tap(app, table, seat=0)
    event, event_id, patch = first_message(phone, f"/t/{table['id']}/seat/stream?v={before}")
    assert (event, event_id) == ("patch", version)
    # Ann's public card and the new history line: nothing of Cy's own, and the status line
    # (round, phase, turn) has not changed.
    assert swapped_ids(patch) == ["ss-other-0"]
    assert re.search(r'hx-swap-oob="beforebegin:#h-\d+-0"><li id="h-\d+-0">', patch)
    assert "ss-mine" not in patch and "r-game" not in patch
    assert len(patch) * 5 < len(full_view(phone, table, f"/t/{table['id']}/seat"))


def test_the_table_screen_gets_only_the_card_that_changed(app):
    table, host, _ = start(app)
    before = app.extensions["tables"].load(table["id"]).version
    tap(app, table, seat=3)
    event, _, patch = first_message(host, f"/t/{table['id']}/stream?v={before}")
    assert event == "patch"
    ids = swapped_ids(patch)
    assert "ss-card-3" in ids
    assert not {"ss-card-0", "ss-card-1", "ss-card-2", "r-game"} & set(ids)


def test_a_stream_that_is_up_to_date_waits_and_then_gets_a_patch(app):
    table, _, phone = start(app)
    version = app.extensions["tables"].load(table["id"]).version
    later = threading.Timer(0.3, lambda: tap(app, table, seat=1))
    later.start()
    try:
        event, event_id, patch = first_message(phone, f"/t/{table['id']}/seat/stream?v={version}")
    finally:
        later.join()
    assert (event, event_id) == ("patch", version + 1)
    assert "ss-other-1" in swapped_ids(patch)


def test_a_phone_back_from_a_long_sleep_gets_the_whole_view(app):
    table, _, phone = start(app)
    first = app.extensions["tables"].load(table["id"]).version
    for n in range(regions.KEPT_VERSIONS + 2):
        tap(app, table, seat=0, delta=1 if n % 2 == 0 else -1)
        phone.get(f"/t/{table['id']}/seat")  # the phone's view is worked out at each version
    event, _, data = first_message(phone, f"/t/{table['id']}/seat/stream?v={first}")
    assert event == "view"
    assert 'id="r-top"' in data and 'id="r-game"' in data
    # A stream that says nothing of what it shows gets the whole view too.
    assert first_message(phone, f"/t/{table['id']}/seat/stream")[0] == "view"


def phone_form_tap(phone: FlaskClient, table: dict, shown: int | None) -> tuple[int, dict, str]:
    page = phone.get(f"/t/{table['id']}/seat").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    headers = {"HX-Request": "true"}
    if shown is not None:
        headers["X-Shown-Version"] = str(shown)
    reply = phone.post(
        f"/t/{table['id']}/seat/act",
        data={"csrf_token": token, "type": "adjust", "seat": "2", "counter": "hand", "delta": "1"},
        headers=headers,
    )
    return reply.status_code, dict(reply.headers), reply.get_data(as_text=True)


def test_the_reply_to_a_phones_own_tap_carries_only_what_changed_for_it(app):
    table, _, phone = start(app)
    shown = app.extensions["tables"].load(table["id"]).version
    status, headers, body = phone_form_tap(phone, table, shown)
    assert status == 200
    assert headers["HX-Reswap"] == "none"  # nothing is swapped whole: only the changes
    assert int(headers["X-Version"]) == shown + 1
    assert "ss-mine" in swapped_ids(body)  # Cy's own counter changed
    assert "r-top" not in body and "ss-other-0" not in body
    # Without the version it shows, the page gets its whole live area back.
    status, headers, body = phone_form_tap(phone, table, None)
    assert status == 200 and "HX-Reswap" not in headers
    assert 'id="r-top"' in body and "hx-swap-oob" not in body


def test_shared_regions_are_rendered_once_for_every_phone(app):
    table, _, _ = start(app)
    with app.test_request_context("/"):
        loaded = app.extensions["tables"].load(table["id"])
        one = regions.parts(loaded, Viewer("seat", 0))
        other = regions.parts(loaded, Viewer("seat", 1))
        screen = regions.parts(loaded, Viewer("public"))
    for name in ("status", "public", "history"):
        assert one[name] is other[name]
    assert one["history"] is screen["history"] and one["status"] is screen["status"]
    assert one["game"] is not other["game"]  # each phone's own panel is its own


def test_the_oldest_history_line_leaves_as_a_new_one_arrives(app):
    table, host, _ = start(app)
    for n in range(41):
        before = tap(app, table, seat=0, delta=1 if n % 2 == 0 else -1)
    host.get(f"/t/{table['id']}")  # the screen shows version ``before``
    tap(app, table, seat=0, delta=1)
    event, _, patch = first_message(host, f"/t/{table['id']}/stream?v={before}")
    assert event == "patch"
    assert len(re.findall(r"beforebegin:#h-", patch)) == 1
    assert len(re.findall(r'hx-swap-oob="delete"', patch)) == 1


def test_after_an_undo_a_screen_is_patched_with_the_undo_line(app):
    table, host, _ = start(app)
    tap(app, table, seat=0)
    before = tap(app, table, seat=1)
    host.get(f"/t/{table['id']}")  # the screen shows version ``before``
    reply = app.test_client().post(
        f"/api/tables/{table['id']}/undo",
        headers={"Authorization": f"Bearer {table['host_token']}"},
    )
    assert reply.status_code == 200
    # An undo rebuilds the table from its log, but what its screens were shown is kept with
    # it: a screen that showed the version before is patched, not sent everything again.
    event, _, data = first_message(host, f"/t/{table['id']}/stream?v={before}")
    assert event == "patch"
    assert re.search(r'<li id="h-\d+-0"><span class="by">Table screen</span> Undone', data)


def test_an_undo_renders_again_only_what_it_changed(app):
    table, _, _ = start(app)
    tables = app.extensions["tables"]
    cy = Viewer("seat", 2)
    tap(app, table, seat=0)  # Ann's hand: nothing of Cy's own changes
    with app.test_request_context("/"):
        loaded = tables.load(table["id"])
        before = regions.parts(loaded, cy)
    undone = app.test_client().post(
        f"/api/tables/{table['id']}/undo",
        headers={"Authorization": f"Bearer {table['host_token']}"},
    )
    assert undone.status_code == 200
    with app.test_request_context("/"):
        rebuilt = tables.load(table["id"])
        after = regions.parts(rebuilt, cy)
    # The undo built the table again from its log, yet Cy's panel, whose inputs it left as
    # they were, is the very rendering of before: not rendered anew.
    assert rebuilt is not loaded
    assert after["game"] is before["game"]
    assert after["history"] is not before["history"]


def test_a_seats_own_pieces_render_again_only_when_their_own_inputs_change(app):
    table, _, _ = start(app)
    tables = app.extensions["tables"]
    cy = Viewer("seat", 2)
    with app.test_request_context("/"):
        before = regions.parts(tables.load(table["id"]), cy)["game"].frags
    tap(app, table, seat=0)  # Ann's hand: nothing of Cy's own changes
    with app.test_request_context("/"):
        after = regions.parts(tables.load(table["id"]), cy)["game"].frags
    assert set(before) == set(after) and "ss-mine" in after
    # The very same rendering, served again: not rendered anew.
    assert all(after[fid] is before[fid] for fid in before)
    tap(app, table, seat=2)  # Cy's own hand
    with app.test_request_context("/"):
        again = regions.parts(tables.load(table["id"]), cy)["game"].frags
    assert again["ss-mine"] != after["ss-mine"]
    assert again["ss-secret"] is after["ss-secret"]


def test_a_public_lines_id_does_not_count_the_lines_only_a_seat_can_read(app, client):
    reply = client.post("/api/tables", json={"game": "tally", "players": ["Ann", "Bo"]})
    table = reply.json
    ann = app.test_client()
    ann.get(f"/join/{table['seats'][0]['join_code']}")
    page = ann.get(f"/t/{table['id']}/seat").get_data(as_text=True)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    sent = ann.post(
        f"/t/{table['id']}/seat/act", data={"type": "bid", "n": "5", "csrf_token": token}
    )
    assert sent.status_code == 303
    screen = client.get(f"/t/{table['id']}").get_data(as_text=True)
    ids = re.findall(r'<li id="(h-\d+-[^"]+)"', screen)
    # Ann's bid has a line only Ann reads ("You chose 5") and a public one: on the table
    # screen the public one is simply the action's first line.
    seq = max(int(i.split("-")[1]) for i in ids)
    assert f"h-{seq}-0" in ids and not any(
        i.startswith(f"h-{seq}-") and i != f"h-{seq}-0" for i in ids
    )
    mine = ann.get(f"/t/{table['id']}/seat").get_data(as_text=True)
    assert "You chose" in mine and "You chose" not in screen
