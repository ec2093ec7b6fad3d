"""Connections: idle sockets can neither exhaust the server's file descriptors nor lock anyone out.

A real `companion serve` under a low file limit (256, as a small board's default might be)
is flooded with sockets that connect and send nothing or half a request line. The health
check and the API must keep answering, and a live stream must keep streaming.
"""

from __future__ import annotations

import resource
import socket
import time
import urllib.request
from pathlib import Path

from .spawn import SAMURAI, api, serve, shut

FILE_LIMIT = 256
FLOOD = 300  # more sockets than the server has file descriptors


def lower_file_limit() -> None:
    """Run in the server's process before it starts: soft and hard limit both 256."""
    resource.setrlimit(resource.RLIMIT_NOFILE, (FILE_LIMIT, FILE_LIMIT))


def open_stream(port: int, table_id: str) -> socket.socket:
    """A table screen's live stream, read up to its first view."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=5)
    sock.sendall(f"GET /t/{table_id}/stream HTTP/1.1\r\nHost: test\r\n\r\n".encode())
    assert b"event: view" in read_until(sock, b"event: view")
    return sock


def read_until(sock: socket.socket, marker: bytes, limit: float = 5) -> bytes:
    got = b""
    deadline = time.monotonic() + limit
    while marker not in got and time.monotonic() < deadline:
        chunk = sock.recv(65536)
        if not chunk:
            break
        got += chunk
    return got


def closed_by_server(sock: socket.socket, within: float) -> bool:
    """Whether the server closes ``sock`` (EOF or reset) within ``within`` seconds."""
    sock.settimeout(within)
    try:
        while True:
            if not sock.recv(65536):
                return True
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def test_a_flood_of_idle_sockets_leaves_the_server_answering(tmp_path: Path):
    server = serve(tmp_path / "flood.db", preexec_fn=lower_file_limit)
    idle: list[socket.socket] = []
    stream = None
    try:
        table = api(server.base, "POST", "/api/tables", SAMURAI)
        stream = open_stream(server.port, table["id"])
        for n in range(FLOOD):
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
            idle.append(sock)
            if n % 2:
                sock.sendall(b"GET /healthz HT")  # half a request line, never finished
        began = time.monotonic()
        with urllib.request.urlopen(server.base + "/healthz", timeout=5) as reply:
            assert reply.status == 200
        assert time.monotonic() - began < 2
        created = api(server.base, "POST", "/api/tables", SAMURAI)
        again = api(server.base, "GET", f"/api/tables/{created['id']}", token=created["host_token"])
        assert [p["name"] for p in again["view"]["players"]] == ["A", "B", "C", "D"]
        # The oldest idle sockets made room; the live stream, busy answering, was kept.
        assert closed_by_server(idle[0], within=2)
        assert not closed_by_server(stream, within=0.3)
    finally:
        shut(server, [*idle, stream])


def test_a_silent_or_idle_connection_is_closed_after_the_read_timeout(tmp_path: Path):
    server = serve(tmp_path / "slow.db", "--read-timeout", "1", "--quiet")
    try:
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as silent:
            silent.sendall(b"GET /healthz HTTP/1.1\r\nHost: te")  # headers never finished
            assert closed_by_server(silent, within=4)
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as kept:
            kept.sendall(b"GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n")
            assert b"200 OK" in read_until(kept, b"\r\n\r\n")
            # A keep-alive connection that asks nothing more is closed too.
            assert closed_by_server(kept, within=4)
        with urllib.request.urlopen(server.base + "/healthz", timeout=5) as reply:
            assert reply.status == 200
    finally:
        server.stop()


def test_when_every_connection_is_busy_a_new_one_is_refused(tmp_path: Path):
    server = serve(tmp_path / "busy.db", "--max-connections", "3", "--quiet")
    streams: list[socket.socket] = []
    try:
        table = api(server.base, "POST", "/api/tables", SAMURAI)
        streams = [open_stream(server.port, table["id"]) for _ in range(3)]
        with socket.create_connection(("127.0.0.1", server.port), timeout=5) as extra:
            try:
                extra.sendall(b"GET /healthz HTTP/1.1\r\nHost: test\r\n\r\n")
            except OSError:
                pass  # already closed: refused all the same
            assert closed_by_server(extra, within=3)
        # The streams it did not evict are still live.
        for stream in streams:
            assert not closed_by_server(stream, within=0.2)
    finally:
        shut(server, streams)
