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


# Going to the background, as a phone's browser says it: the page is hidden.
TO_BACKGROUND = """() => {
  Object.defineProperty(document, "hidden", {value: true, configurable: true});
  Object.defineProperty(document, "visibilityState", {value: "hidden", configurable: true});
  document.dispatchEvent(new Event("visibilitychange"));
  delete document.hidden; delete document.visibilityState;
}"""


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


# ----------------------------------------------------------------- tables, made and opened


def start_table(page: Any, base: str, game: str, players: list[str], **selects: str) -> str:
    """Make a table as a host does on the home page: pick ``game`` (its English name), type
    the players, choose each ``select`` option (``opt_cards="phones"``) and start; the id."""
    from playwright.sync_api import expect

    page.goto(base + "/")
    page.get_by_role("link", name=re.compile(re.escape(game))).click()
    inputs = page.locator("input[name=player]")
    for n, name in enumerate(players):
        inputs.nth(n).fill(name)
    for name, value in selects.items():
        page.locator(f"select[name={name}]").select_option(value)
    page.get_by_role("button", name="Start the table").click()
    expect(page.locator(".status .game-name")).to_have_text(game)
    return page.url.rstrip("/").rsplit("/", 1)[1]


def scan_qr(page: Any, name: str) -> str:
    """Read the seat's QR code off the table screen, as a phone camera would."""
    import io

    import zxingcpp
    from PIL import Image

    png = page.get_by_role("img", name=f"QR code for {name}").screenshot()
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(png)).convert("RGB"))
    assert found, f"no QR code readable for {name}"
    return found[0].text


def open_table(
    server: Server, new_context: Any, created: dict, lang: str = "en", seats: int | None = None
) -> tuple[Any, list[Any]]:
    """A table made through the API, opened: the host's screen, and a phone joined by its
    link for each of the first ``seats`` seats (all by default), each showing its name."""
    from playwright.sync_api import expect

    table = new_context("screen", lang).new_page()
    table.goto(f"{server.base}/host/{created['id']}/{created['host_token']}")
    phones = []
    for seat in created["seats"][:seats]:
        phone = new_context("phone", lang).new_page()
        phone.goto(f"{server.base}/join/{seat['join_code']}")
        expect(phone.locator(".me-name")).to_have_text(seat["name"])
        phones.append(phone)
    return table, phones


RECORDED = Path(__file__).resolve().parent.parent / "fixtures" / "logs"


def play_recorded(
    server: Server, name: str, prefix: str, part: float = 1.0
) -> tuple[str, str, int]:
    """A table set up as the recording ``name``'s, the first ``part`` of its steps played
    through the API with the host's and the seats' tokens: (its id, the host token, how many
    players)."""
    import secrets

    from companion.store.log import Store, digest

    data = json.loads((RECORDED / f"{name}.json").read_text())
    table_id = prefix + secrets.token_hex(3)
    host = secrets.token_urlsafe(24)
    codes = [secrets.token_urlsafe(12) for _ in data["players"]]
    seats = [secrets.token_urlsafe(24) for _ in data["players"]]
    store = Store(server.db)
    try:
        store.create_table(
            table_id, data["game"], data["players"], data["options"], data["seed"], host, codes
        )
        # Each seat held by a phone, as when the recording was made: without the claim's
        # line in the log, whose sequence number would move every later draw of the dice.
        with store.transaction() as db:
            for seat, token in enumerate(seats):
                db.execute(
                    "UPDATE seats SET join_code=NULL, short_code=NULL, token_hash=?, claims=1"
                    " WHERE table_id=? AND seat=?",
                    (digest(token), table_id, seat),
                )
    finally:
        store.close()
    base = f"/api/tables/{table_id}"
    steps = data["steps"]
    for step in steps[: int(len(steps) * part)]:
        if step.get("undo"):
            server.api("POST", f"{base}/undo", {"confirm": True}, token=host)
        elif step.get("redo"):
            server.api("POST", f"{base}/redo", {}, token=host)
        else:
            token = host if step["actor"] is None else seats[step["actor"]]
            server.api("POST", f"{base}/actions", {**step["action"], "confirm": True}, token=token)
    return table_id, host, len(data["players"])


def join_by_qr(new_context: Any, table: Any, names: list[str]) -> list[Any]:
    """A phone per name, each joined by scanning its seat's QR code off the table screen and
    showing its own name."""
    from playwright.sync_api import expect

    phones = []
    for name in names:
        phone = new_context("phone").new_page()
        phone.goto(scan_qr(table, name))
        expect(phone.locator(".me-name")).to_have_text(name)
        phones.append(phone)
    return phones
