"""Shared fixtures: an app on a temporary database, its test client, and helpers.

The web and API suites (``tests/web``, ``tests/secrecy``) run twice, once on each store:
a SQLite file, and a fresh database on a real PostgreSQL server (a throwaway cluster from
Debian's ``postgresql`` package, started once per run: ``tests/pgcluster.py``).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion import create_app
from companion.games import GAMES
from companion.games.example import GAME as TALLY
from tests.pgcluster import Cluster, start_cluster

BOTH_STORES = ("web", "secrecy")  # the suites that run on SQLite and on PostgreSQL
STORES = ("sqlite", "postgresql")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "store_kind" not in metafunc.fixturenames:
        return
    suite = Path(str(metafunc.definition.path)).parent.name
    if suite in BOTH_STORES:
        metafunc.parametrize("store_kind", STORES, indirect=True)


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """A PostgreSQL server of the tests' own, for the whole run."""
    cluster = start_cluster()
    yield cluster
    cluster.close()


@pytest.fixture
def store_kind(request: pytest.FixtureRequest) -> str:
    """Which store the test's app uses: SQLite unless the suite runs on both."""
    return getattr(request, "param", "sqlite")


@pytest.fixture
def database(store_kind: str, tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[str]:
    """Where the test's app keeps its games: a new SQLite file or a new PostgreSQL database."""
    if store_kind == "sqlite":
        yield str(tmp_path / "test.db")
        return
    cluster = request.getfixturevalue("pg_cluster")
    url = cluster.create_database()
    yield url
    cluster.drop_database(url.rsplit("/", 1)[1])


@pytest.fixture
def app(database: str) -> Iterator[Flask]:
    GAMES.setdefault(TALLY.id, TALLY)
    app = create_app(
        {
            "DATABASE": database,
            "TESTING": True,
            "PUBLIC_URL": "http://192.168.1.20:8000",
            # The suite creates hundreds of tables from one address; the limit has its own test.
            "CREATE_RATE_LIMIT": "100000 per minute",
        }
    )
    yield app
    app.extensions["store"].close()
    # The test game exists only for the tests that ask for it.
    GAMES.pop(TALLY.id, None)


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def csrf(html: str) -> str:
    """The CSRF token a page carries."""
    match = re.search(r'name="csrf-token" content="([^"]+)"', html)
    assert match, "page has no CSRF token"
    return match.group(1)


def first_stream_message(response, event: str = "view") -> str:  # noqa: ANN001 - a Flask response
    """Read a live stream (as the test client gets it) until its first ``event`` message."""
    buffer = ""
    for chunk in response.response:
        buffer += chunk.decode() if isinstance(chunk, bytes) else chunk
        if f"event: {event}" in buffer and buffer.endswith("\n\n"):
            break
    response.close()
    return buffer


def first_message(client: FlaskClient, path: str) -> tuple[str, int, str]:
    """The first message a live stream sends: (event, id, data)."""
    response = client.get(path, buffered=False)
    buffer = ""
    for chunk in response.response:
        buffer += chunk.decode() if isinstance(chunk, bytes) else chunk
        match = re.search(r"id: (\d+)\nevent: (\w+)\n((?:data: .*\n)*)\n", buffer)
        if match:
            response.close()
            data = "\n".join(line[6:] for line in match.group(3).splitlines())
            return match.group(2), int(match.group(1)), data
    raise AssertionError(f"the stream ended without a message: {buffer!r}")


def swapped_ids(patch: str) -> list[str]:
    """The ids a patch replaces (its out-of-band swaps that name their element)."""
    return re.findall(r'id="([^"]+)" hx-swap-oob', patch)
