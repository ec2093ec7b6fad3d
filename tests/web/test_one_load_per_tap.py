"""One tap, one load: who is asking is worked out once per request and carried through.

A phone's tap, a host's tap, a seat played on a handed-round device and a page load each
load their table once, ask the pipeline once who the token is, and make the viewer's CSRF
token once; the check, the action and the reply all take that one value (``auth.Asking``).
The action's own locked work is the pipeline's, and the reply renders from the table as
the action left it. The calls are counted with Python's profiler hook, which only watches.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from types import CodeType

from flask import Flask
from flask.testing import FlaskClient

from companion.pipeline.seat_doors import SeatDoors
from companion.pipeline.tables import HOST, Tables
from companion.web import auth

from ..conftest import csrf

WATCHED: dict[CodeType, str] = {
    Tables.load.__code__: "load",
    SeatDoors.viewer_on.__code__: "who",
    auth.signed.__code__: "csrf",
}


@contextmanager
def counted() -> Iterator[Counter[str]]:
    """How often the watched functions run inside the block (this thread only: the test
    client serves the request in it)."""
    calls: Counter[str] = Counter()

    def watch(frame, event, _arg) -> None:  # noqa: ANN001 - the profiler hook's signature
        if event == "call" and frame.f_code in WATCHED:
            calls[WATCHED[frame.f_code]] += 1

    previous = sys.getprofile()
    sys.setprofile(watch)
    try:
        yield calls
    finally:
        sys.setprofile(previous)


class Table:
    """A Tally table with its host's browser, Ann's phone, and Cy's seat handed round on
    the host's browser."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.host = app.test_client()
        made = self.host.post("/api/tables", json={"game": "tally", "players": ["Ann", "Bo", "Cy"]})
        self.id = made.json["id"]
        self.host.get(f"/host/{self.id}/{made.json['host_token']}")
        self.phone = app.test_client()
        assert self.phone.get(f"/join/{made.json['seats'][0]['join_code']}").status_code == 303
        page = self.host.get(f"/t/{self.id}").get_data(as_text=True)
        passed = self.host.post(
            f"/t/{self.id}/seats/pass", data={"seat": "2", "csrf_token": csrf(page)}
        )
        assert passed.status_code == 303

    @property
    def version(self) -> int:
        return self.app.extensions["tables"].load(self.id).version

    def token(self, client: FlaskClient, path: str) -> str:
        """The CSRF token of the forms on a page (read before counting starts)."""
        page = client.get(path).get_data(as_text=True)
        return re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)

    def seat_tap(self, client: FlaskClient, page: str, secret: str) -> Counter[str]:
        """A seat's tap on its screen at ``page`` (a phone's, or the host's handed round)
        setting its secret: the calls it made."""
        token = self.token(client, page)
        form = {"type": "set_secret", "n": secret}
        return self.tap(client, f"/t/{self.id}/seat/act", form, token)[0]

    def tap(
        self, client: FlaskClient, path: str, form: dict[str, str], token: str
    ) -> tuple[Counter[str], int]:
        """Post one htmx tap; the calls it made, checked to have worked.

        Another player moves first, so the page's token (made when it was read, with its
        version) is made again for the tap: once, and the reply reuses it."""
        self.app.extensions["tables"].act(self.id, HOST, {"type": "end_turn"})
        shown = self.version
        headers = {"HX-Request": "true", "X-Shown-Version": str(shown)}
        with counted() as calls:
            reply = client.post(path, data={**form, "csrf_token": token}, headers=headers)
        assert reply.status_code == 200, reply.get_data(as_text=True)
        assert int(reply.headers["X-Version"]) == shown + 1
        return calls, shown + 1

    def get(self, client: FlaskClient, path: str) -> Counter[str]:
        with counted() as calls:
            assert client.get(path).status_code == 200
        return calls


ONCE = {"load": 1, "who": 1, "csrf": 1}


def test_a_phones_tap_loads_its_table_once_and_asks_who_once(app):
    table = Table(app)
    calls = table.seat_tap(table.phone, f"/t/{table.id}/seat", "7")
    assert dict(calls) == ONCE


def test_a_hosts_tap_and_undo_load_the_table_once_each(app):
    table = Table(app)
    token = table.token(table.host, f"/t/{table.id}")
    path = f"/t/{table.id}/act"
    calls, _ = table.tap(table.host, path, {"type": "add", "seat": "1", "n": "1"}, token)
    assert dict(calls) == ONCE
    calls, _ = table.tap(table.host, f"/t/{table.id}/undo", {}, token)
    assert dict(calls) == ONCE


def test_a_handed_round_seats_tap_is_told_apart_by_its_token_with_one_load(app):
    table = Table(app)
    calls = table.seat_tap(table.host, f"/t/{table.id}/pass/2/open", "3")
    assert dict(calls) == ONCE
    assert app.extensions["tables"].load(table.id).rows[-1].actor == 2  # Cy's, not the host's


def test_a_page_loads_its_table_once_and_makes_its_token_once(app):
    table = Table(app)
    phone_page = f"/t/{table.id}/seat"
    assert dict(table.get(table.phone, phone_page)) == ONCE
    # The same version again: the token is the version's, already made.
    assert dict(table.get(table.phone, phone_page)) == {"load": 1, "who": 1}
    assert dict(table.get(table.host, f"/t/{table.id}")) == ONCE
