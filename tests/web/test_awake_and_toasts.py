"""Screens that stay on and taps that say why they failed, as the server serves them.

The pages that want their screen on (a phone, the table screen, the TV) carry the awake hint
worded for their device and the address of the vendored NoSleep.js; no other page does. The
CSP lets media come from data: URIs alone (NoSleep's video). An htmx tap the server cannot
save gets a toast fragment in the viewer's language, aimed at #toast (the browser tests show
it on screen).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from flask.testing import FlaskClient

from companion import create_app
from tests.reliability.test_read_only import frozen, saved_game

from .test_platform import make_table
from .test_shell import tags, the

ZH = {"Accept-Language": "zh-TW"}
HINTS = {
    "phone": ("set your phone's auto-lock to Never", "手機的自動鎖定"),
    "screen": ("in this device's settings", "這台裝置的設定"),
    "tv": ("the sleep timer of this TV", "這台電視"),
}


def pages(client: FlaskClient) -> tuple[dict[str, str], FlaskClient]:
    """Each kind of page that keeps its screen on, for one new table (path by kind), and
    the client of the phone that joined seat 0."""
    table = make_table(client)
    seat = client.application.test_client()
    joined = seat.get(table["seats"][0]["join_url"])
    assert joined.status_code in (302, 303), joined.status_code
    paths = {
        # On the join link's host, where the seat's cookie was set.
        "phone": table["table_url"].split("/t/")[0] + joined.headers["Location"],
        "screen": table["table_url"],
        "tv": table["table_url"].rstrip("/") + "/tv",
    }
    return paths, seat


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_only_pages_that_keep_their_screen_on_carry_the_hint_worded_for_their_device(
    client: FlaskClient, lang: str
):
    headers = ZH if lang == "zh_TW" else {"Accept-Language": "en"}
    found, seat = pages(client)
    for kind, path in found.items():
        asker = seat if kind == "phone" else client
        html = asker.get(path, headers=headers).get_data(as_text=True)
        hint = the(html, "div", id="awake-hint")
        assert hint["data-awake"] == kind and "hidden" in hint
        wanted = HINTS[kind][1 if lang == "zh_TW" else 0]
        assert wanted in html, (kind, lang)
        others = [words[i] for k, words in HINTS.items() if k != kind for i in (0, 1)]
        assert not any(other in html for other in others), (kind, lang)
        # The script comes from this server (no CDN), fetched only where it is needed.
        script = client.get(hint["data-nosleep"])
        assert script.status_code == 200 and script.mimetype.endswith("javascript")
        assert b"NoSleep.min.js v0.12.0" in script.data
        assert not any(t == "script" and "nosleep" in (a.get("src") or "") for t, a in tags(html))
    home = client.get("/", headers=headers).get_data(as_text=True)
    assert 'id="awake-hint"' not in home and "nosleep" not in home


def test_the_vendored_nosleep_keeps_its_license_beside_it():
    vendor = Path(__file__).resolve().parents[2] / "static" / "vendor"
    assert "MIT License" in (vendor / "nosleep-LICENSE.txt").read_text()
    assert (vendor / "nosleep-0.12.0.min.js").read_text().startswith("/*! NoSleep.min.js v0.12.0")


def test_the_content_security_policy_lets_media_come_from_data_uris_alone(client: FlaskClient):
    policy = client.get("/").headers["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in policy.split(";"))
    assert directives["media-src"] == "data:"
    assert directives["default-src"] == "'self'" and "unsafe" not in policy


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_an_htmx_tap_the_server_cannot_save_gets_a_toast_in_the_viewers_language(
    tmp_path: Path, lang: str
):
    db = tmp_path / "games" / "companion.db"
    saved_game(db)
    with frozen(db):
        app = create_app({"DATABASE": str(db), "TESTING": True, "PUBLIC_URL": "http://x"})
        try:
            assert app.extensions["store"].read_only
            client = app.test_client()
            headers = ZH if lang == "zh_TW" else {"Accept-Language": "en"}
            page = client.get("/new/samurai-sword", headers=headers).get_data(as_text=True)
            token = the(page, "meta", name="csrf-token")["content"]
            reply = client.post(
                "/tables",
                data={"game": "samurai-sword", "player": ["Ann", "Bo", "Cy"]},
                headers={**headers, "HX-Request": "true", "X-CSRF-Token": token},
            )
            assert reply.status_code == 503
            assert reply.headers["HX-Retarget"] == "#toast"
            assert reply.headers["HX-Reswap"] == "innerHTML"
            body = reply.get_data(as_text=True)
            assert 'class="toast-msg"' in body and "<html" not in body
            expected = "唯讀" if lang == "zh_TW" else "read-only"
            assert expected in body
        finally:
            app.extensions["store"].close()
