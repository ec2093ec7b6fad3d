"""A seat's private notes: kept on the server for its own phone, and shown nowhere else.

A phone saves its notes with its own CSRF token; they come back with the page after a new
browser session on the same seat cookie and after a restart on the same database file. No
other phone, table screen, TV view, API reply or stream holds them (not even the seat's own
stream: the notes are never part of the live area), and no log line either. A post without
a seat, with a wrong token or with too long a text is refused, in the viewer's language,
and changes nothing. A seat handed round on a shared screen has its own notes there.
"""

from __future__ import annotations

import html
import logging
import re
from html.parser import HTMLParser

from flask import Flask
from flask.testing import FlaskClient

from companion import create_app
from companion.pipeline import seat_notes

from ..conftest import csrf, first_stream_message

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
# Markup in a note must come back as text, never as markup.
NOTES = "Bo said <b>Ninja</b> & looked away\nCy: 2 Daimyo"
CJK = re.compile(r"[\u4e00-\u9fff]")


def new_table(app: Flask) -> tuple[dict, list[FlaskClient], FlaskClient]:
    """A Samurai Sword table, a phone per seat (joined through its QR link) and the host."""
    host = app.test_client()
    table = host.post("/api/tables", json={"game": "samurai-sword", "players": PLAYERS}).json
    assert host.get(f"/host/{table['id']}/{table['host_token']}").status_code == 303
    phones = []
    for seat in table["seats"]:
        phone = app.test_client()
        assert phone.get(f"/join/{seat['join_code']}").status_code == 303
        phones.append(phone)
    return table, phones, host


def notes_token(page: str) -> str:
    """The CSRF token the notes form of a page carries."""
    form = page[page.index("data-notes-form") - 400 :]
    return re.search(r'name="csrf_token" value="([^"]+)"', form).group(1)


def save(client: FlaskClient, table_id: str, text: str, token: str | None = None, **headers):
    if token is None:
        token = notes_token(client.get(f"/t/{table_id}/seat").get_data(as_text=True))
    return client.post(
        f"/t/{table_id}/seat/notes",
        data={"text": text, "csrf_token": token},
        headers={"HX-Request": "true", **headers},
    )


def textarea(page: str) -> str:
    """The notes textarea's text, as the browser reads it (one leading newline dropped)."""
    match = re.search(r"<textarea[^>]*data-notes-text[^>]*>\n?(.*?)</textarea>", page, re.S)
    assert match, "the page has no notes"
    return html.unescape(match.group(1))


class NotesInLive(HTMLParser):
    """Finds a notes element (``data-notes...``) inside the live area (``id="live"``)."""

    VOID = {"input", "br", "img", "meta", "link", "hr", "source", "wbr", "area", "col"}

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, bool]] = []  # (tag, opens the live area)
        self.found = self.seen_live = self.seen_notes = False

    def handle_starttag(self, tag: str, attrs: list) -> None:
        names = {k for k, _v in attrs}
        is_live = ("id", "live") in attrs
        in_live = any(live for _t, live in self.stack)
        self.seen_live |= is_live
        if any(n.startswith("data-notes") for n in names):
            self.seen_notes = True
            self.found |= in_live
        if tag not in self.VOID:
            self.stack.append((tag, is_live))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            if self.stack.pop()[0] == tag:
                break


def notes_inside_live(page: str) -> bool:
    parser = NotesInLive()
    parser.feed(page)
    assert parser.seen_live and parser.seen_notes, "no live area or no notes"
    return parser.found


def test_the_live_area_check_can_fail():
    assert notes_inside_live('<main id="live"><div><p data-notes>x</p></div></main>')
    assert not notes_inside_live('<main id="live"><div><p>x</p></div></main><p data-notes>')


def feed_hello(response) -> bytes:  # noqa: ANN001 - a Flask test response
    """The public feed's first message (the table as it is), then the stream is closed."""
    buffer = first_stream_message(response, event="hello")
    assert "event: hello" in buffer
    return buffer.encode()


def needles(text: str) -> list[str]:
    """What would show the notes in a reply: the text raw, escaped for HTML or JSON."""
    first = text.splitlines()[0]
    return [first, html.escape(first), "Ninja</b>", "Ninja\\u003c/b", "2 Daimyo"]


def test_a_phone_saves_its_notes_and_gets_them_back_with_the_page(app):
    table, phones, _host = new_table(app)
    reply = save(phones[1], table["id"], NOTES.replace("\n", "\r\n"))
    assert reply.status_code == 200, reply.get_data(as_text=True)
    assert 'id="my-notes-state"' in reply.get_data(as_text=True)
    assert "Saved" in reply.get_data(as_text=True)
    assert reply.headers["Cache-Control"] == "no-store"
    page = phones[1].get(f"/t/{table['id']}/seat").get_data(as_text=True)
    assert textarea(page) == NOTES  # line ends as typed, markup as text
    assert "<b>Ninja" not in page
    # The panel is hidden until the player opens it, and outside the live area.
    panel = re.search(r'<div class="notes-panel"[^>]*>', page).group()
    assert " hidden" in panel
    assert not notes_inside_live(page)
    # A phone page holds exactly one notes section, its own.
    assert page.count("data-notes-form") == 1


def test_notes_come_back_in_a_new_browser_session_with_the_same_seat_cookie(app):
    table, phones, _host = new_table(app)
    assert save(phones[2], table["id"], NOTES).status_code == 200
    with phones[2].session_transaction() as session:
        seat_cookie = dict(session["seat"])
    again = app.test_client()  # a new session: nothing but the seat cookie
    with again.session_transaction() as session:
        session["seat"] = seat_cookie
    assert textarea(again.get(f"/t/{table['id']}/seat").get_data(as_text=True)) == NOTES


def test_notes_survive_a_restart_on_the_same_database_file(app):
    table, phones, _host = new_table(app)
    assert save(phones[0], table["id"], NOTES).status_code == 200
    with phones[0].session_transaction() as session:
        seat_cookie = dict(session["seat"])
    app.extensions["store"].close()
    restarted = create_app({"DATABASE": app.config["DATABASE"], "TESTING": True})
    try:
        phone = restarted.test_client()
        with phone.session_transaction() as session:
            session["seat"] = seat_cookie
        page = phone.get(f"/t/{table['id']}/seat").get_data(as_text=True)
        assert textarea(page) == NOTES
        # And they change again after the restart, for good.
        assert save(phone, table["id"], "second thoughts").status_code == 200
        assert textarea(phone.get(f"/t/{table['id']}/seat").get_data(as_text=True)) == (
            "second thoughts"
        )
    finally:
        restarted.extensions["store"].close()


def test_no_other_viewer_and_no_stream_or_api_reply_holds_a_seats_notes(app):
    table, phones, host = new_table(app)
    tid = table["id"]
    assert save(phones[1], tid, NOTES).status_code == 200
    public = app.test_client()
    seat_tokens = {}
    for seat, phone in enumerate(phones):
        with phone.session_transaction() as session:
            seat_tokens[seat] = session["seat"][tid]
    replies = {
        "public table screen": public.get(f"/t/{tid}").data,
        "host table screen": host.get(f"/t/{tid}").data,
        "host print page": host.get(f"/t/{tid}/print").data,
        "TV view": public.get(f"/t/{tid}/tv").data,
        "public JSON": public.get(f"/api/tables/{tid}").data,
        "host JSON": public.get(
            f"/api/tables/{tid}", headers={"Authorization": f"Bearer {table['host_token']}"}
        ).data,
        "public feed": feed_hello(public.get(f"/api/tables/{tid}/feed", buffered=False)),
        "table stream": first_stream_message(host.get(f"/t/{tid}/stream")).encode(),
        "TV stream": first_stream_message(public.get(f"/t/{tid}/tv/stream")).encode(),
        # The seat's own stream and JSON view: the notes are never part of the live view.
        "own stream": first_stream_message(phones[1].get(f"/t/{tid}/seat/stream")).encode(),
        "own JSON": public.get(
            f"/api/tables/{tid}", headers={"Authorization": f"Bearer {seat_tokens[1]}"}
        ).data,
    }
    for seat in (0, 2, 3):
        replies[f"seat {seat} page"] = phones[seat].get(f"/t/{tid}/seat").data
        replies[f"seat {seat} stream"] = first_stream_message(
            phones[seat].get(f"/t/{tid}/seat/stream")
        ).encode()
        replies[f"seat {seat} JSON"] = public.get(
            f"/api/tables/{tid}", headers={"Authorization": f"Bearer {seat_tokens[seat]}"}
        ).data
    for where, body in replies.items():
        text = body.decode()
        assert not [n for n in needles(NOTES) if n in text], where
    # The table screen has no notes section at all; another phone has its own, empty.
    assert b"data-notes" not in replies["host table screen"]
    assert textarea(replies["seat 0 page"].decode()) == ""
    # The check can fail: the owner's page does hold them.
    assert [n for n in needles(NOTES) if n in phones[1].get(f"/t/{tid}/seat").get_data(True)]


def test_saving_notes_adds_nothing_to_the_log_and_logs_no_line_with_them(app, caplog):
    table, phones, _host = new_table(app)
    version = app.extensions["tables"].load(table["id"]).version
    with caplog.at_level(logging.DEBUG):
        assert save(phones[3], table["id"], NOTES).status_code == 200
        assert save(phones[3], table["id"], "y" * (seat_notes.MAX_LENGTH + 1)).status_code == 400
    assert app.extensions["tables"].load(table["id"]).version == version
    assert not [r for r in caplog.records if "Ninja" in r.getMessage()]


def test_a_post_without_a_seat_or_with_a_wrong_token_is_refused_and_changes_nothing(app):
    table, phones, host = new_table(app)
    tid = table["id"]
    assert save(phones[1], tid, NOTES).status_code == 200
    token = notes_token(phones[1].get(f"/t/{tid}/seat").get_data(as_text=True))
    # A browser without a seat (even with the seat's token copied), and the host's screen.
    stranger = app.test_client()
    for client in (stranger, host):
        for lang, pattern in (("en", "no seat"), ("zh-TW", CJK.pattern)):
            refused = save(client, tid, "overwritten", token, **{"Accept-Language": lang})
            assert refused.status_code == 401, refused.get_data(as_text=True)
            assert re.search(pattern, refused.get_data(as_text=True))
    # The seat's own phone with a wrong token, or none.
    for bad in ("x" * 32, ""):
        for lang, pattern in (("en", "expired"), ("zh-TW", CJK.pattern)):
            refused = phones[1].post(
                f"/t/{tid}/seat/notes",
                data={"text": "overwritten", "csrf_token": bad},
                headers={"HX-Request": "true", "Accept-Language": lang},
            )
            assert refused.status_code == 400
            assert re.search(pattern, refused.get_data(as_text=True))
    # Another seat's token, on another phone: it posts for that phone's own seat, if at all.
    refused = save(phones[2], tid, "overwritten", token)
    assert refused.status_code == 400
    # An unknown table.
    assert save(phones[1], "nosuchtable", "x", token).status_code == 404
    for seat, phone in enumerate(phones):
        want = NOTES if seat == 1 else ""
        assert textarea(phone.get(f"/t/{tid}/seat").get_data(as_text=True)) == want


def test_too_long_notes_are_refused_in_the_viewers_language_and_the_old_ones_kept(app):
    table, phones, _host = new_table(app)
    tid = table["id"]
    longest = "a" * (seat_notes.MAX_LENGTH - 10) + "\r\n" * 10  # line ends count once each
    assert save(phones[0], tid, longest).status_code == 200
    kept = textarea(phones[0].get(f"/t/{tid}/seat").get_data(as_text=True))
    assert len(kept) == seat_notes.MAX_LENGTH
    for lang, message in (
        ("en", "Your notes are too long: at most 4000 characters. They were not saved."),
        ("zh-TW", "你的筆記太長了：最多4000個字。這次沒有儲存。"),
    ):
        refused = save(
            phones[0], tid, "b" * (seat_notes.MAX_LENGTH + 1), **{"Accept-Language": lang}
        )
        assert refused.status_code == 400
        body = refused.get_data(as_text=True)
        assert message in body and "bbbb" not in body  # the refusal never echoes the notes
        assert refused.headers["HX-Retarget"] == "#toast"
    assert textarea(phones[0].get(f"/t/{tid}/seat").get_data(as_text=True)) == kept


def test_a_seat_handed_round_on_the_shared_screen_has_its_own_notes_there(app):
    table, _phones, host = new_table(app)
    tid = table["id"]
    # Bo's phone is re-issued and Bo plays on the host's screen instead.
    page = host.get(f"/t/{tid}").get_data(as_text=True)
    reissued = host.post(
        f"/t/{tid}/seats/1/reissue", data={"csrf_token": csrf(page)}, headers={"HX-Request": "1"}
    )
    assert reissued.status_code == 200
    page = host.get(f"/t/{tid}").get_data(as_text=True)
    assert (
        host.post(f"/t/{tid}/seats/pass", data={"seat": "1", "csrf_token": csrf(page)}).status_code
        == 303
    )
    cover = host.get(f"/t/{tid}/pass/1").get_data(as_text=True)
    assert "data-notes" not in cover
    opened = host.get(f"/t/{tid}/pass/1/open").get_data(as_text=True)
    assert opened.count("data-notes-form") == 1
    assert not notes_inside_live(opened)
    token = notes_token(opened)
    assert save(host, tid, NOTES, token).status_code == 200
    assert textarea(host.get(f"/t/{tid}/pass/1/open").get_data(as_text=True)) == NOTES
    # They are Bo's (seat 1's), not the host's: its table screen shows none of them.
    loaded = app.extensions["tables"]
    assert seat_notes.read(loaded.store, tid, 1) == NOTES
    assert not [n for n in needles(NOTES) if n in host.get(f"/t/{tid}").get_data(as_text=True)]
    assert not [n for n in needles(NOTES) if n in cover]
    # The host's session token alone (no seat token in the form) saves nothing for Bo.
    refused = host.post(
        f"/t/{tid}/seat/notes",
        data={"text": "host's words", "csrf_token": csrf(page)},
        headers={"HX-Request": "true"},
    )
    assert refused.status_code == 401
    assert seat_notes.read(loaded.store, tid, 1) == NOTES


def test_a_plain_form_post_goes_back_to_the_phone_page(app):
    table, phones, _host = new_table(app)
    token = notes_token(phones[0].get(f"/t/{table['id']}/seat").get_data(as_text=True))
    reply = phones[0].post(
        f"/t/{table['id']}/seat/notes", data={"text": "plain", "csrf_token": token}
    )
    assert reply.status_code == 303
    assert reply.headers["Location"].endswith(f"/t/{table['id']}/seat")
