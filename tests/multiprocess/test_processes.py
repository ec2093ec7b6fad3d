"""Several server processes on one PostgreSQL: the promises of one process, kept across many.

Every test runs real ``companion serve`` processes (two, on two ports, as two machines behind
a proxy would be) on one fresh database of the tests' own PostgreSQL server, and talks to
them over HTTP: a tap on one reaches a phone streaming from the other; concurrent taps
through both are applied exactly once, in one order; a process killed mid-burst loses
nothing it acknowledged and its phones resume on the other; PostgreSQL restarted under load
loses nothing acknowledged, and answers 503 while it is away.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest

from ..e2e.conftest import Server
from ..fixtures.waits import eventually
from ..reliability.spawn import Served, phone_cookie

SEATS = 4
TAPS = 30  # per phone, in the concurrent test
# Only stops a hung test: starting Python processes on a loaded machine takes its time.
GIVE_UP = 120.0


class Stream:
    """A live stream read on a thread of its own: the versions (``id:`` lines) it has seen."""

    def __init__(self, url: str, cookie: str | None = None, last: int | None = None) -> None:
        headers = {"Cookie": cookie} if cookie else {}
        if last is not None:
            headers["Last-Event-ID"] = str(last)
        request = urllib.request.Request(url, headers=headers)
        self.reply = urllib.request.urlopen(request, timeout=10)
        self.versions: list[int] = []
        self.text = ""
        self._seen = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        buffer = b""
        try:
            while True:
                chunk = self.reply.read1(65536)
                if not chunk:
                    return
                buffer += chunk
                while b"\n\n" in buffer:
                    message, buffer = buffer.split(b"\n\n", 1)
                    text = message.decode()
                    with self._seen:
                        self.text += text + "\n\n"
                        for line in text.splitlines():
                            if line.startswith("id: "):
                                self.versions.append(int(line[4:]))
                        self._seen.notify_all()
        except (OSError, ValueError, AttributeError, http.client.HTTPException):
            # The server went away (killed, on purpose), or the test closed the stream while
            # it was being read (http.client then fails in any of these ways): it ends.
            return

    def wait_for(self, version: int, timeout: float = 60.0) -> bool:
        """Whether a message for ``version`` (or later) arrives within ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        with self._seen:
            while not self.versions or max(self.versions) < version:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._seen.wait(left)
        return True

    def close(self) -> None:
        self.reply.close()


def call(
    base: str,
    method: str,
    path: str,
    body: Any = None,
    token: str | None = None,
    timeout: float = 10,
) -> Any:
    """(status, JSON reply) of one API call; (0, None) if the server did not answer within
    ``timeout`` seconds."""
    request = urllib.request.Request(
        base + path, data=None if body is None else json.dumps(body).encode(), method=method
    )
    request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as reply:
            return reply.status, json.loads(reply.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read() or b"null")
    except OSError:
        return 0, None


def tap(
    base: str, table_id: str, token: str, seat: int, delta: int, timeout: float = 10
) -> tuple[int, Any]:
    return call(
        base,
        "POST",
        f"/api/tables/{table_id}/actions",
        {"type": "adjust", "seat": seat, "counter": "hand", "delta": delta},
        token,
        timeout,
    )


def logged(url: str, table_id: str) -> list[tuple[int, dict[str, Any]]]:
    """The table's active game rows, (seq, action), read from PostgreSQL itself."""
    with psycopg.connect(url) as conn:
        rows = conn.execute(
            "SELECT seq, action FROM actions WHERE table_id=%s AND undone=0 AND kind='game'"
            " ORDER BY seq",
            (table_id,),
        ).fetchall()
    return [(seq, json.loads(action)) for seq, action in rows]


def hands(base: str, table_id: str, token: str) -> dict[int, int]:
    status, reply = call(base, "GET", f"/api/tables/{table_id}", token=token)
    assert status == 200, reply
    return {p["seat"]: p["hand"] for p in reply["view"]["players"]}


@pytest.fixture
def database(pg_cluster: Any) -> Iterator[str]:
    url = pg_cluster.create_database()
    yield url
    pg_cluster.drop_database(url.rsplit("/", 1)[1])


@pytest.fixture
def two(database: str) -> Iterator[tuple[Server, Server]]:
    """Two server processes on one database, as two machines behind a proxy."""
    a = Server(database).start()  # type: ignore[arg-type]
    b = Server(database).start()  # type: ignore[arg-type]
    yield a, b
    for name, server in (("A", a), ("B", b)):
        proc = server.proc
        assert proc is not None and proc.stdout is not None
        if proc.poll() is None:
            proc.terminate()
            proc.wait(10)
        # What each process said (shown when a test fails): its warnings and errors.
        said = "" if proc.stdout.closed else proc.stdout.read()
        server.stop()
        print(f"--- process {name} ---\n{said}")


class _Api:
    """What ``new_table`` needs of a server: its API, at an address."""

    def __init__(self, base: str, timeout: float = 10) -> None:
        self.base = base
        self.timeout = timeout

    def api(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        status, reply = call(self.base, method, path, body, token, self.timeout)
        assert status in (200, 201), reply
        return reply


def new_table(server: Any, players: int = SEATS) -> tuple[dict[str, Any], list[str]]:
    """A Samurai Sword table; the first ``SEATS`` seats claimed through the API (tokens)."""
    names = ["A", "B", "C", "D", "E", "F", "G"][:players]
    table = server.api("POST", "/api/tables", {"game": "samurai-sword", "players": names})
    tokens = [
        server.api("POST", "/api/join", {"code": s["join_code"]})["token"]
        for s in table["seats"][:SEATS]
    ]
    return table, tokens


def test_a_tap_on_one_process_reaches_a_phone_streaming_from_another(two):
    a, b = two
    table = a.api("POST", "/api/tables", {"game": "samurai-sword", "players": ["A", "B", "C"]})
    cookie = phone_cookie(b.base, table["seats"][0]["join_code"])  # claimed through B
    phone = Stream(f"{b.base}/t/{table['id']}/seat/stream", cookie)
    screen = Stream(f"{b.base}/t/{table['id']}/stream")
    try:
        assert phone.wait_for(1) and screen.wait_for(1)
        start = max(phone.versions)
        status, reply = call(
            a.base,
            "POST",
            f"/api/tables/{table['id']}/actions",
            {"type": "adjust", "seat": 0, "counter": "honor", "delta": -1},
            table["host_token"],
        )
        assert status == 200, reply
        assert reply["version"] == start + 1
        # B heard of A's change (NOTIFY), caught up from the log and woke its streams.
        assert phone.wait_for(reply["version"]), phone.text[-500:]
        assert screen.wait_for(reply["version"]), screen.text[-500:]
        # And B serves the new state itself, not only the version's number.
        status, view = call(b.base, "GET", f"/api/tables/{table['id']}", token=table["host_token"])
        assert status == 200 and view["version"] == reply["version"]
        _, before = call(a.base, "GET", f"/api/tables/{table['id']}", token=table["host_token"])
        assert view["view"] == before["view"]
    finally:
        phone.close()
        screen.close()


def test_a_seat_given_a_new_code_through_one_process_is_refused_by_the_other_every_time(
    two, database
):
    a, b = two
    table = a.api("POST", "/api/tables", {"game": "samurai-sword", "players": ["A", "B", "C"]})
    tid, host = table["id"], table["host_token"]
    code = table["seats"][1]["join_code"]
    for attempt in range(30):
        token = a.api("POST", "/api/join", {"code": code})["token"]
        # The phone reads and acts through B, which then holds its token in memory.
        assert call(b.base, "GET", f"/api/tables/{tid}", token=token)[0] == 200
        daimyo = {"type": "set_daimyo", "n": attempt % 3}
        status, reply = call(b.base, "POST", f"/api/tables/{tid}/actions", daimyo, token)
        assert status == 200, reply
        code = a.api("POST", f"/api/tables/{tid}/seats/1/reissue", token=host)["join_code"]
        # Right after the re-issue through A, B refuses the old token's read and its action.
        status, reply = call(b.base, "GET", f"/api/tables/{tid}", token=token)
        assert status == 401 and reply["error"]["code"] == "seat_reissued", (attempt, reply)
        marked = {"type": "set_daimyo", "n": 3}
        status, reply = call(b.base, "POST", f"/api/tables/{tid}/actions", marked, token)
        assert status == 401 and reply["error"]["code"] == "seat_reissued", (attempt, reply)
    # Nothing of the refused actions was written: each round wrote a claim, an action and a
    # new code, and only the accepted actions are in the log.
    assert call(a.base, "GET", f"/api/tables/{tid}", token=host)[1]["version"] == 30 * 3
    assert [action["n"] for _, action in logged(database, tid)] == [n % 3 for n in range(30)]


def test_concurrent_taps_through_two_processes_are_applied_once_in_one_order(two, database):
    a, b = two
    table, tokens = new_table(a)
    start = hands(a.base, table["id"], table["host_token"])
    replies: dict[int, list[tuple[int, Any]]] = {seat: [] for seat in range(SEATS)}

    def phone(seat: int) -> None:
        server = (a, b)[seat % 2]  # half the phones through each process
        for n in range(TAPS):
            delta = 1 if n % 2 == 0 else -1
            replies[seat].append(tap(server.base, table["id"], tokens[seat], seat, delta))

    threads = [threading.Thread(target=phone, args=(seat,)) for seat in range(SEATS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)

    statuses = [status for seat in replies for status, _ in replies[seat]]
    assert statuses == [200] * (SEATS * TAPS), statuses
    versions = sorted(reply["version"] for seat in replies for _, reply in replies[seat])
    # One order: every acknowledged tap got a version of its own, none skipped or shared.
    assert len(set(versions)) == len(versions)
    assert versions == list(range(versions[0], versions[0] + len(versions)))
    rows = logged(database, table["id"])
    assert len(rows) == SEATS * TAPS  # exactly once: no tap lost, none applied twice
    assert [seq for seq, _ in rows] == sorted({seq for seq, _ in rows})
    for seat in range(SEATS):
        mine = [action["delta"] for _, action in rows if action["seat"] == seat]
        assert mine == [1 if n % 2 == 0 else -1 for n in range(TAPS)]  # each phone's order
    # Both processes show the state the log folds to.
    assert hands(a.base, table["id"], table["host_token"]) == start
    assert hands(b.base, table["id"], table["host_token"]) == start


def test_a_process_killed_mid_burst_loses_nothing_and_its_phones_resume_on_another(two, database):
    a, b = two
    table, tokens = new_table(a, players=SEATS + 1)
    start = hands(a.base, table["id"], table["host_token"])
    # The last seat's phone streams from A (its session cookie is good on every process).
    cookie = phone_cookie(a.base, table["seats"][SEATS]["join_code"])
    phone = Stream(f"{a.base}/t/{table['id']}/seat/stream", cookie)
    acked: dict[int, list[int]] = {seat: [] for seat in range(SEATS)}
    stop = threading.Event()
    going = threading.Event()  # every phone has had taps acknowledged: the burst is on

    def hammer(seat: int) -> None:
        n = 0
        while not stop.is_set():
            delta = 1 if n % 2 == 0 else -1
            status, _ = tap(a.base, table["id"], tokens[seat], seat, delta)
            if status != 200:
                return
            acked[seat].append(delta)
            n += 1
            if all(len(done) >= 2 for done in acked.values()):
                going.set()

    threads = [threading.Thread(target=hammer, args=(seat,)) for seat in range(SEATS)]
    for thread in threads:
        thread.start()
    # Kill A mid-burst, once the burst is under way (however slow a loaded machine is).
    assert going.wait(120), "the burst never got going"
    assert a.proc is not None
    os.kill(a.proc.pid, signal.SIGKILL)
    a.proc.wait(10)
    stop.set()
    for thread in threads:
        thread.join(10)
    assert sum(len(v) for v in acked.values()) > SEATS, "the burst never got going"
    seen = max(phone.versions)
    phone.close()

    rows = logged(database, table["id"])
    for seat in range(SEATS):
        got = [action["delta"] for _, action in rows if action["seat"] == seat]
        # Every acknowledged tap is in the log; at most the one in flight at the kill is
        # there without its reply having arrived.
        assert got[: len(acked[seat])] == acked[seat]
        assert len(got) - len(acked[seat]) in (0, 1)

    # The phone reconnects (through the proxy) to B, saying what it last showed.
    resumed = Stream(f"{b.base}/t/{table['id']}/seat/stream", cookie, last=seen)
    try:
        _, now = call(b.base, "GET", f"/api/tables/{table['id']}", token=table["host_token"])
        if seen < now["version"]:  # it missed the last taps: it gets them from B
            assert resumed.wait_for(now["version"]), resumed.text[-300:]
            assert "event: view" in resumed.text or "event: patch" in resumed.text
        folded = {
            seat: start[seat] + sum(x["delta"] for _, x in rows if x["seat"] == seat)
            for seat in start
        }
        assert hands(b.base, table["id"], table["host_token"]) == folded
        # And it goes on live there.
        status, reply = tap(b.base, table["id"], tokens[1], 1, 1)
        assert status == 200
        assert resumed.wait_for(reply["version"])
    finally:
        resumed.close()


def test_postgresql_restarted_under_load_loses_nothing_and_answers_503_meanwhile(
    two, database, pg_cluster
):
    a, b = two
    table, tokens = new_table(a)
    start = hands(a.base, table["id"], table["host_token"])
    screen = Stream(f"{b.base}/t/{table['id']}/stream")
    replies: dict[int, list[tuple[int, int, Any]]] = {seat: [] for seat in range(SEATS)}
    stop = threading.Event()

    def hammer(seat: int) -> None:
        server = (a, b)[seat % 2]
        n = 0
        while not stop.is_set():
            delta = 1 if n % 2 == 0 else -1
            status, reply = tap(server.base, table["id"], tokens[seat], seat, delta)
            replies[seat].append((delta, status, reply))
            n += 1
            if status != 200:
                time.sleep(0.05)

    threads = [threading.Thread(target=hammer, args=(seat,)) for seat in range(SEATS)]
    for thread in threads:
        thread.start()
    try:
        time.sleep(0.5)
        pg_cluster.stop()
        time.sleep(1.5)  # away for a while: every tap meanwhile is refused
        pg_cluster.start()
        time.sleep(4.0)  # back: taps go through again
    finally:
        stop.set()
        for thread in threads:
            thread.join(30)

    everything = [r for seat in replies for r in replies[seat]]
    statuses = {status for _, status, _ in everything}
    assert statuses <= {200, 503}, statuses  # nothing else: no 500, no dropped connection
    refused = [reply for _, status, reply in everything if status == 503]
    assert refused, "no tap reached the server while PostgreSQL was away"
    assert {r["error"]["code"] for r in refused} == {"store_unavailable"}
    assert "try again" in refused[0]["error"]["message"]
    for seat in range(SEATS):
        # Taps go through again once it is back.
        assert replies[seat][-1][1] == 200, replies[seat][-3:]

    rows = logged(database, table["id"])
    for seat in range(SEATS):
        got = [action["delta"] for _, action in rows if action["seat"] == seat]
        acked = [delta for delta, status, _ in replies[seat] if status == 200]
        # Every acknowledged tap is there; a refused one may be too only if its commit
        # reached PostgreSQL just as it went away (its reply lost with the connection).
        assert len(got) >= len(acked)
        assert len(got) - len(acked) <= sum(1 for _, s, _ in replies[seat] if s == 503)
    folded = {
        seat: start[seat] + sum(x["delta"] for _, x in rows if x["seat"] == seat)
        for seat in range(SEATS)
    }
    assert hands(a.base, table["id"], table["host_token"]) == folded
    assert hands(b.base, table["id"], table["host_token"]) == folded
    # B's stream heard everything after the restart (its listener reconnected).
    _, now = call(a.base, "GET", f"/api/tables/{table['id']}", token=table["host_token"])
    try:
        assert screen.wait_for(now["version"]), screen.versions[-5:]
    finally:
        screen.close()


def children(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(p) for p in f.read().split()]
    except OSError:
        return []


def test_serve_workers_shares_one_port_and_starts_a_dead_worker_again(database):
    # Nothing here waits a fixed time for a process to start: a request waits in the shared
    # socket's queue until a worker takes it, and each wait below ends on what it waits for.
    served = Served(
        ["--db", database, "--workers", "2", "--quiet", "--create-limit", "100000 per minute"]
    ).wait_started(GIVE_UP)
    try:
        assert eventually(lambda: len(children(served.proc.pid)) == 2, GIVE_UP)
        workers = children(served.proc.pid)
        table, tokens = new_table(_Api(served.base, GIVE_UP))
        for n in range(20):  # every tap through the one port, whichever process takes it
            status, _ = tap(served.base, table["id"], tokens[n % SEATS], n % SEATS, 1, GIVE_UP)
            assert status == 200
        os.kill(workers[0], signal.SIGKILL)
        # The other worker goes on answering meanwhile, and a new one takes the dead one's place.
        for n in range(10):
            status, _ = tap(served.base, table["id"], tokens[0], 0, -1 if n % 2 else 1, GIVE_UP)
            assert status == 200
        assert eventually(
            lambda: (
                len(children(served.proc.pid)) == 2 and workers[0] not in children(served.proc.pid)
            ),
            GIVE_UP,
        )
        rows = logged(database, table["id"])
        assert len(rows) == 30
    finally:
        said = served.stop()
    assert "A server process stopped (signal 9); starting another." in said


def test_serve_workers_needs_postgresql(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "companion.cli", "serve", "--workers", "2"]
        + ["--db", str(tmp_path / "x.db")],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert done.returncode != 0
    assert "--workers needs PostgreSQL" in done.stderr
