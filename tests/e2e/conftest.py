"""Browser tests: a real `companion serve` process and Debian's Chromium driven by Playwright.

These tests are part of the default suite. Chromium must be installed (`scripts/test` does it
with apt); if it is missing they fail with a message saying so rather than being skipped.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

# Every expectation waits for what a person would see; this is only the bound after which a
# hung page fails. Playwright's 5 s default fails a loaded CI machine, not a broken page.
expect.set_options(timeout=30_000)

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


def chromium_path() -> str:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    pytest.fail("Debian's chromium is not installed: run scripts/test (apt-get install chromium)")


class Server:
    """A `companion serve` subprocess on a free port and a fresh database."""

    def __init__(self, db: Path) -> None:
        self.db = db
        self.proc: subprocess.Popen[str] | None = None
        self.base = ""

    def start(self, port: int = 0) -> Server:
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "companion.cli",
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--db",
                str(self.db),
                "--quiet",
                # Tests create many tables from one address; the limit has its own test.
                "--create-limit",
                "100000 per minute",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        deadline = time.monotonic() + 20
        assert self.proc.stdout is not None
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            match = re.search(r"running at (http://\S+)", line)
            if match:
                self.base = match.group(1)
                return self
            if not line and self.proc.poll() is not None:
                break
        raise RuntimeError("companion serve did not start")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        if self.proc and self.proc.stdout:
            self.proc.stdout.close()

    def restart(self) -> Server:
        """Stop the server and start it again on the same address and database, as a host
        does after a laptop's restart: open pages keep their address and reconnect."""
        port = int(self.base.rsplit(":", 1)[1])
        self.stop()
        return self.start(port=port)

    def api(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        with urllib.request.urlopen(request, timeout=10) as reply:
            return json.loads(reply.read())


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path / "e2e.db").start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(autouse=True)
def _contexts_closed_after_each_test(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every browser context a test opens is closed when the test ends: a live page left open
    keeps running its scripts and reconnecting to a server that has stopped, and dozens of
    them slow every later test down (a context a wider-scoped fixture opened is left alone)."""
    if "browser" not in request.fixturenames:
        yield
        return
    browser = request.getfixturevalue("browser")
    before = set(browser.contexts)
    yield
    for context in browser.contexts:
        if context not in before:
            context.close()


PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
SCREEN = {"viewport": {"width": 1366, "height": 900}}


@pytest.fixture
def new_context(browser: Any) -> Iterator[Any]:
    """Make a fresh browser context (its own cookies: one device) per call."""
    contexts = []

    def make(kind: str = "screen", lang: str = "en") -> Any:
        opts = dict(PHONE if kind == "phone" else SCREEN)
        opts["locale"] = "zh-TW" if lang == "zh_TW" else "en-US"
        context = browser.new_context(**opts)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()
