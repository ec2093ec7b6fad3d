"""The join limit's memory follows the addresses of its last windows, not every one it saw.

A guesser with many addresses (IPv6 gives anyone millions) must not grow the server's memory
without end, nor slow each request down as it grows: Flask-Limiter's in-memory counters for
an address are dropped once their window has passed.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest
from flask import Flask

from companion import create_app
from companion.web.security import limiter

ADDRESSES = 3_000  # enough to tell "expires" from "kept forever"; the count is not the point


@pytest.fixture
def app(tmp_path) -> Iterator[Flask]:
    # A one-second window, so that the test sees keys expire without waiting a minute.
    app = create_app(
        {"DATABASE": str(tmp_path / "limit.db"), "TESTING": True, "JOIN_RATE_LIMIT": "3/second"}
    )
    yield app
    app.extensions["store"].close()


def stored_keys() -> int:
    """How many keys the limiter's memory holds (counters and moving-window lists alike)."""
    storage = limiter.storage
    return len(storage.storage) + len(storage.events)  # type: ignore[attr-defined]


def test_guesses_from_thousands_of_addresses_leave_no_trace_once_their_window_has_passed(app):
    client = app.test_client()

    def guess(address: str) -> int:
        """One malformed join code from ``address`` (refused before the database is read)."""
        client.environ_base["REMOTE_ADDR"] = address
        return client.post("/api/join", json={"code": "x"}).status_code

    for n in range(ADDRESSES):
        assert guess(f"2001:db8::{n:x}") == 400
    held = stored_keys()
    assert held >= 1  # the failures were counted in Flask-Limiter's memory...
    # ...and once their windows have passed, a later failure's clean-up drops them all. Wait
    # for that, not for a time: the deadline only stops a hung test.
    deadline = time.monotonic() + 120
    pause = threading.Event()
    while stored_keys() > 2 and time.monotonic() < deadline:
        guess("198.51.100.1")
        pause.wait(0.05)
    assert stored_keys() <= 2, f"{stored_keys()} keys still held of {held}"
