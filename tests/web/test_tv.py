"""The TV view of a table: the public live view, never the host's, never a seat's.

The TV page and its stream always show the public viewer, even in the browser that created
the table (whose cookie makes the ordinary table screen the host's). The host's table screen
offers the TV view with a link and a QR code; a spectator's gets the link.
"""

from __future__ import annotations

import re

from flask import Flask, get_template_attribute
from flask.testing import FlaskClient

from ..conftest import first_message, swapped_ids

PLAYERS = ["Ann", "Bo", "Cy", "Di", "Ed"]
ZH = {"Accept-Language": "zh-TW,zh;q=0.9"}


def samurai_table(client: FlaskClient) -> dict:
    """Five players at Samurai Sword, the app's deal (secret roles), a tap in."""
    table = client.post("/api/tables", json={"game": "samurai-sword", "players": PLAYERS}).json
    headers = {"Authorization": "Bearer " + table["host_token"]}
    reply = client.post(
        f"/api/tables/{table['id']}/actions",
        json={"type": "adjust", "seat": 1, "counter": "health", "delta": -2},
        headers=headers,
    )
    assert reply.status_code == 200, reply.json
    return table


def host_browser(app: Flask, table: dict) -> FlaskClient:
    """The browser that created the table: it holds the host cookie."""
    host = app.test_client()
    assert host.get(f"/host/{table['id']}/{table['host_token']}").status_code == 303
    return host


def live_area(html: str) -> str:
    return html[html.index('<main id="live"') : html.index("</main>")]


def test_the_tv_page_shows_the_public_view_in_pages_and_streams_from_its_own_route(app, client):
    table = samurai_table(client)
    reply = client.get(f"/t/{table['id']}/tv")
    assert reply.status_code == 200
    html = reply.get_data(as_text=True)
    assert re.search(r'<body class="tv\b', html)
    assert "/static/page/tv~samurai-sword.css" in html
    assert f'sse-connect="/t/{table["id"]}/tv/stream?v=' in html
    live = live_area(html)
    # The public status line, byte for byte as a spectator's table screen has it; then the
    # game's pages for the TV, and no history list (a TV cannot scroll it).
    spectator = live_area(client.get(f"/t/{table['id']}").get_data(as_text=True))
    status = live[live.index('<div id="r-status"') : live.index('<div id="r-latest"')]
    assert status in spectator
    assert '<div id="r-tv" class="region">' in live
    assert live.count('class="tv-page') >= 1 and 'data-title="Players"' in live
    assert '<section class="history"' not in live
    for seat in range(len(PLAYERS)):
        assert f'id="ss-card-{seat}"' in live


def test_a_tv_that_missed_a_tap_gets_only_what_changed(app, client):
    table = samurai_table(client)
    page = client.get(f"/t/{table['id']}/tv").get_data(as_text=True)
    shown = int(re.search(r'data-version="(\d+)"', page).group(1))
    reply = client.post(
        f"/api/tables/{table['id']}/actions",
        json={"type": "adjust", "seat": 3, "counter": "health", "delta": -1},
        headers={"Authorization": "Bearer " + table["host_token"]},
    )
    assert reply.status_code == 200, reply.json
    event, version, data = first_message(client, f"/t/{table['id']}/tv/stream?v={shown}")
    assert (event, version) == ("patch", shown + 1)
    changed = swapped_ids(data)
    # Di's card and the latest line travel; the other cards and the pages around them stay.
    assert "ss-card-3" in changed and "r-latest" in changed
    assert "r-tv" not in changed and "ss-card-0" not in changed
    assert "<form" not in data and "host-controls" not in data


def test_the_hosts_own_browser_gets_no_host_controls_on_the_tv(app, client):
    table = samurai_table(client)
    host = host_browser(app, table)
    own_screen = host.get(f"/t/{table['id']}").get_data(as_text=True)
    assert "host-controls" in own_screen and "<form" in live_area(own_screen)
    html = host.get(f"/t/{table['id']}/tv").get_data(as_text=True)
    live = live_area(html)
    for control in ("host-controls", "<form", "csrf_token", "/undo", "/redo", ".svg", "<select"):
        assert control not in live, control
    assert "/t/" + table["id"] + "/tv/stream" in html
    # Its stream is the public one too, whoever's cookie comes with it.
    event, _version, data = first_message(host, f"/t/{table['id']}/tv/stream")
    assert event == "view"
    assert "host-controls" not in data and "<form" not in data


def test_the_tv_never_shows_a_seats_secret(app, client):
    table = samurai_table(client)
    host = host_browser(app, table)
    page = host.get(f"/t/{table['id']}/tv").get_data(as_text=True)
    _event, _version, streamed = first_message(host, f"/t/{table['id']}/tv/stream")
    for shown in (page, streamed):
        # No credential: the host's token, a seat's join code.
        for secret in [table["host_token"]] + [seat["join_code"] for seat in table["seats"]]:
            assert secret not in shown
        # Five players: the Shogun is public; the Samurai, two Ninja and the Ronin are not.
        assert "Shogun" in shown
        assert "Ninja" not in shown and "Ronin" not in shown
        assert shown.count("Samurai") == shown.count("Samurai Sword")  # the game's name


def test_an_unknown_table_is_a_404_in_the_viewers_language(client):
    for path in ("/t/nosuch00/tv", "/t/nosuch00/tv/stream", "/t/nosuch00/tv/code.svg"):
        english = client.get(path)
        assert english.status_code == 404, path
    chinese = client.get("/t/nosuch00/tv", headers=ZH)
    assert chinese.status_code == 404
    assert "沒有這一桌。" in chinese.get_data(as_text=True)
    assert "There is no such table." in client.get("/t/nosuch00/tv").get_data(as_text=True)


def test_the_host_screen_offers_the_tv_with_a_link_and_a_qr_code(app, client):
    table = samurai_table(client)
    host = host_browser(app, table)
    html = host.get(f"/t/{table['id']}").get_data(as_text=True)
    outside = html[html.index("</main>") :]
    assert f'href="/t/{table["id"]}/tv"' in outside
    assert "Open on the TV" in outside
    assert f'src="/t/{table["id"]}/tv/code.svg"' in outside
    # Seats' QR codes are counted by "/qr.svg" elsewhere: the TV's is not one of them.
    assert outside.count("/qr.svg") == 0
    qr = host.get(f"/t/{table['id']}/tv/code.svg")
    assert qr.status_code == 200 and qr.mimetype == "image/svg+xml"
    assert b'<rect fill="white"' in qr.data  # readable on the dark screen


def test_a_spectator_screen_links_to_the_tv_without_a_qr_code(client):
    table = samurai_table(client)
    html = client.get(f"/t/{table['id']}", headers=ZH).get_data(as_text=True)
    outside = html[html.index("</main>") :]
    assert f'href="/t/{table["id"]}/tv"' in outside
    assert "在電視上開啟" in outside
    assert "tv/code.svg" not in outside


def test_game_over_appears_once_in_the_status_line(app):
    line = None
    for headers, words in (({}, "Game over"), (ZH, "遊戲結束")):
        with app.test_request_context("/", headers=headers):
            line = get_template_attribute("_status_line.html", "line")
            # Most games name their last phase "Game over": it is said once, not twice.
            html = str(line("Quorsum", 4, "Game over", True, None))
            assert html.count(words) == 1, html
            # A last phase with other words keeps them.
            html = str(line("Quorsum", 4, "Match over", True, None))
            assert html.count(words) == 1 and 'class="phase"' in html
            # Before the end, the phase and whose turn are both there.
            html = str(line("Quorsum", 4, "Declare the dice", False, "Bo"))
            assert 'class="phase"' in html and 'class="turn"' in html
    assert line is not None
