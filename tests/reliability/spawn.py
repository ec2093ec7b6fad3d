"""A real `companion serve` subprocess for the host-hardening tests, its output read as it comes,
and the JSON API and a phone's join as those tests use them.

Both pipes are drained by threads, so a chatty server never blocks on a full pipe, and every
wait has a deadline, so a server that hangs fails the test instead of stalling the suite.
"""

from __future__ import annotations

import json
import queue
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any


class Served:
    """A running `companion serve`: its base URL, and what it printed so far."""

    def __init__(self, args: list[str], **popen: Any) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port", "0"]
            + args,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            **popen,
        )
        self.stdout: queue.Queue[str] = queue.Queue()
        self.stderr: list[str] = []
        self._readers = [
            threading.Thread(target=self._pump, args=(self.proc.stdout, self.stdout.put)),
            threading.Thread(target=self._pump, args=(self.proc.stderr, self.stderr.append)),
        ]
        for reader in self._readers:
            reader.daemon = True
            reader.start()
        self.base = ""

    @staticmethod
    def _pump(stream: Any, sink: Callable[[str], None]) -> None:
        for line in stream:
            sink(line)

    def wait_started(self, timeout: float = 20) -> Served:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.stdout.get(timeout=0.2)
            except queue.Empty:
                if self.proc.poll() is not None:
                    break
                continue
            match = re.search(r"running at (https?://\S+)", line)
            if match:
                self.base = match.group(1)
                return self
        self.stop()
        raise RuntimeError("companion serve did not start: " + "".join(self.stderr))

    @property
    def port(self) -> int:
        return int(self.base.rsplit(":", 1)[1])

    def stop(self) -> str:
        """Stop the server; everything it wrote on stderr."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        for reader in self._readers:
            reader.join(5)
        for pipe in (self.proc.stdout, self.proc.stderr):
            if pipe:
                pipe.close()
        return "".join(self.stderr)


def serve(db: Path, *args: str, **popen: Any) -> Served:
    """Start `companion serve` on a free loopback port and a database at ``db``."""
    return Served(["--db", str(db), *args], **popen).wait_started()


SAMURAI = {"game": "samurai-sword", "players": ["A", "B", "C", "D"]}


def api(base: str, method: str, path: str, body: Any = None, token: str = "") -> Any:
    """One JSON API request to the server at ``base``; its decoded reply."""
    request = urllib.request.Request(base + path, method=method)
    if body is not None:
        request.data = json.dumps(body).encode()
        request.add_header("Content-Type", "application/json")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=5) as reply:
        return json.loads(reply.read())


def phone_cookie(base: str, join_code: str) -> str:
    """Claim a seat as a phone does (its QR code's address): the session cookie it gets."""

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: Any, **kwargs: Any) -> None:
            return None

    try:
        urllib.request.build_opener(NoRedirect).open(f"{base}/join/{join_code}", timeout=10)
    except urllib.error.HTTPError as redirect:
        return redirect.headers["Set-Cookie"].split(";", 1)[0]
    raise AssertionError("joining did not redirect to the phone's page")


def shut(server: Served, sockets: Iterable[socket.socket | None]) -> str:
    """Close the test's sockets and stop the server: its log, which must show that it never ran
    out of files."""
    for sock in sockets:
        if sock is not None:
            sock.close()
    log = server.stop()
    assert "Too many open files" not in log
    return log
