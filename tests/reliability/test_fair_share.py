"""Fair shares of the server: no client holds it with stalled bodies or public streams.

A real `companion serve` under a low file limit (256: 192 connections at most) is held by
one address that opens public streams (feeds, TV views, public table screens) and requests
whose bodies never finish arriving. Each address has its share (a quarter of the cap by
default; 20 public streams), a body has a deadline, and a phone of a live table, from
another address, still gets its stream and its taps answered. Loopback has every address
of 127.0.0.0/8, so a socket bound to 127.0.0.2 is another device.
"""

from __future__ import annotations

import socket
import time
from pathlib import Path

from .spawn import SAMURAI, api, phone_cookie, serve, shut
from .test_connections import closed_by_server, lower_file_limit, read_until

ATTACKER = "127.0.0.1"
PHONE = "127.0.0.2"
GIVE_UP = 30.0  # only bounds a hung test: every wait below ends on what the server does


def connect(port: int, source: str = ATTACKER) -> socket.socket:
    return socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))


def get(port: int, path: str, source: str = ATTACKER, headers: str = "") -> socket.socket:
    sock = connect(port, source)
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: test\r\n{headers}\r\n".encode())
    return sock


def stalled_post(port: int, headers: str = "") -> socket.socket:
    """A request whose headers promise a body of 1000 bytes, of which 10 ever arrive."""
    sock = connect(port)
    sock.sendall(
        b"POST /api/tables HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"
        + headers.encode()
        + b"Content-Length: 1000\r\n\r\n"
        + b'{"game": "'
    )
    return sock


def status_of(sock: socket.socket) -> int:
    """The status of the reply on ``sock`` (0: closed without one)."""
    head = read_until(sock, b"\r\n", limit=GIVE_UP)
    return int(head.split(b" ", 2)[1]) if head.startswith(b"HTTP/1.1 ") else 0


def test_a_body_that_stalls_or_trickles_is_answered_408_and_closed(tmp_path: Path):
    server = serve(tmp_path / "body.db", "--body-timeout", "1", "--quiet")
    try:
        with stalled_post(server.port) as stalled:
            assert status_of(stalled) == 408
            assert closed_by_server(stalled, within=GIVE_UP)
        # A byte at a time, each well within the header deadline: the whole body is late.
        with connect(server.port) as trickle:
            trickle.sendall(
                b"POST /api/tables HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"
                b"Content-Length: 1000\r\n\r\n"
            )
            trickle.settimeout(0.1)
            got, began = b"", time.monotonic()
            while not got and time.monotonic() - began < GIVE_UP:
                try:
                    trickle.sendall(b" ")
                    got = trickle.recv(65536)
                except TimeoutError:
                    continue
            assert got.startswith(b"HTTP/1.1 408 ")
            trickle.settimeout(10)
            if b"took too long" not in got:  # the body may come in a packet of its own
                got += read_until(trickle, b"took too long", limit=GIVE_UP)
            assert b"took too long" in got
            assert closed_by_server(trickle, within=GIVE_UP)
        # A body that arrives in time is served as ever.
        assert api(server.base, "POST", "/api/tables", SAMURAI)["id"]
    finally:
        log = server.stop()
    assert "Traceback" not in log


def test_one_address_holding_its_share_leaves_room_for_a_live_tables_phone(tmp_path: Path):
    server = serve(tmp_path / "share.db", preexec_fn=lower_file_limit)
    held: list[socket.socket] = []
    phone = None
    try:
        table = api(server.base, "POST", "/api/tables", SAMURAI)
        cookie = phone_cookie(server.base, table["seats"][0]["join_code"])
        # Public streams of every kind: the first 20 stream, the rest are refused.
        paths = [f"/t/{table['id']}/tv/stream", f"/api/tables/{table['id']}/feed"]
        paths.append(f"/t/{table['id']}/stream")
        streams = [get(server.port, paths[n % 3]) for n in range(30)]
        statuses = [status_of(sock) for sock in streams]
        assert statuses.count(200) == 20 and statuses.count(429) == 10
        held += streams
        # Then 300 bodies that never arrive: 28 more make this address's 48, the rest are
        # refused at once (before their body), in the asker's language, and closed.
        bodies = [stalled_post(server.port) for _ in range(300)]
        held += bodies
        refused = bodies[28:]
        for sock in refused:
            reply = read_until(sock, b"your network", limit=GIVE_UP)
            assert reply.startswith(b"HTTP/1.1 429 ")
            assert closed_by_server(sock, within=GIVE_UP)
        # A phone of the table, on another address, gets its live view and its taps answered.
        phone = get(server.port, f"/t/{table['id']}/seat/stream", PHONE, f"Cookie: {cookie}\r\n")
        assert b"event: view" in read_until(phone, b"event: view", limit=GIVE_UP)
        with connect(server.port, PHONE) as tap:
            tap.sendall(b"GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n")
            assert status_of(tap) == 200
        # The address's own streams and pending requests were kept, not evicted.
        assert not closed_by_server(streams[0], within=0.2)
    finally:
        shut(server, [*held, phone])


def test_behind_a_proxy_each_forwarded_address_has_its_own_share(tmp_path: Path):
    server = serve(
        tmp_path / "proxy.db",
        "--behind-proxy",
        "--max-per-address",
        "4",
        "--max-public-streams",
        "2",
        "--quiet",
    )
    held: list[socket.socket] = []
    try:
        table = api(server.base, "POST", "/api/tables", SAMURAI)
        tv = f"/t/{table['id']}/tv/stream"
        # Every connection comes from the proxy (127.0.0.1); the players are told apart by
        # the address it forwards.
        crowd = "X-Forwarded-For: 10.0.0.66\r\n"
        held += [get(server.port, tv, headers=crowd) for _ in range(3)]
        assert [status_of(sock) for sock in held] == [200, 200, 429]
        held += [stalled_post(server.port, crowd) for _ in range(3)]
        # Two streams and two pending bodies make 10.0.0.66's four; the third body is refused.
        assert status_of(held[-1]) == 429
        someone = "X-Forwarded-For: 203.0.113.5, 10.0.0.7\r\n"  # the proxy added the last one
        held.append(get(server.port, tv, headers=someone))
        assert status_of(held[-1]) == 200
        held.append(get(server.port, "/healthz", headers=someone))
        assert status_of(held[-1]) == 200
    finally:
        shut(server, held)
