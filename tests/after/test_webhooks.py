"""Outgoing webhooks (``companion.after.webhooks``): a real HTTP server on 127.0.0.1 is the target.

They send the feed's public events, one POST each, retry with a doubling wait, drop an event
with one log line that names only the host, and never hold up a move: a target that does not
answer yet must not delay any reply.
"""

from __future__ import annotations

import json
import logging
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from companion import create_app
from companion.after import webhooks
from companion.games import GAMES
from companion.games.example import GAME as TALLY
from companion.pipeline.live import Hub

from ..e2e.conftest import Server


def wait_for(check: Callable[[], bool], what: str, limit: float = 20.0) -> None:
    """Poll ``check`` until it holds (the limit only bounds a failing test)."""
    deadline = time.monotonic() + limit
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up waiting for {what}")
        time.sleep(0.01)


class Target:
    """A webhook receiver on 127.0.0.1: records each POST; answers ``statuses`` in turn (then
    200), and while ``gate`` is closed holds every answer back."""

    def __init__(self, statuses: list[int] | None = None) -> None:
        self.statuses = list(statuses or [])
        self.received: list[dict[str, Any]] = []
        self.answered = 0
        self.gate = threading.Event()
        self.gate.set()
        target = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 - the http.server name
                body = self.rfile.read(int(self.headers["Content-Length"]))
                target.received.append(
                    {
                        "path": self.path,
                        "type": self.headers["Content-Type"],
                        "body": body,
                        "event": json.loads(body),
                    }
                )
                target.gate.wait(30)
                status = target.statuses.pop(0) if target.statuses else 200
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()
                target.answered += 1

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.server.server_port}/hooks/s3cret-token?key=s3cret"

    def events(self) -> list[dict[str, Any]]:
        return [r["event"] for r in self.received]

    def close(self) -> None:
        self.gate.set()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def targets() -> Iterator[Callable[..., Target]]:
    made: list[Target] = []

    def make(statuses: list[int] | None = None) -> Target:
        made.append(Target(statuses))
        return made[-1]

    yield make
    for target in made:
        target.close()


@pytest.fixture
def hooked(tmp_path: Path) -> Iterator[Callable[..., Any]]:
    """An app whose webhooks go to the given URLs (stopped after the test)."""
    apps = []

    def make(urls: list[str], **config: Any) -> Any:
        GAMES.setdefault(TALLY.id, TALLY)
        app = create_app(
            {
                "DATABASE": str(tmp_path / f"hooks{len(apps)}.db"),
                "TESTING": True,
                "CREATE_RATE_LIMIT": "100000 per minute",
                "WEBHOOKS": urls,
                "WEBHOOK_FIRST_DELAY": 0.01,
                **config,
            }
        )
        apps.append(app)
        return app

    yield make
    for app in apps:
        app.extensions["webhooks"].stop()
        app.extensions["store"].close()
    GAMES.pop(TALLY.id, None)


def tally(app: Any) -> tuple[str, str]:
    made = app.test_client().post("/api/tables", json={"game": "tally", "players": ["Ann", "Bo"]})
    return made.json["id"], made.json["host_token"]


def act(app: Any, table_id: str, token: str, body: dict[str, Any]) -> Any:
    reply = app.test_client().post(
        f"/api/tables/{table_id}/actions", json=body, headers={"Authorization": f"Bearer {token}"}
    )
    assert reply.status_code == 200, reply.json
    return reply.json


def test_a_move_replies_before_a_slow_webhook_target_has_answered(hooked, targets):
    target = targets()
    target.gate.clear()  # the target takes the POST and does not answer
    app = hooked([target.url])
    table_id, host = tally(app)
    act(app, table_id, host, {"type": "end_turn"})
    wait_for(lambda: len(target.received) == 1, "the first webhook POST")
    for _ in range(3):
        act(app, table_id, host, {"type": "end_turn"})  # replies while the target hangs
    assert target.answered == 0 and len(target.received) == 1
    target.gate.set()
    wait_for(lambda: any(e["version"] == 4 for e in target.events()), "the latest events")
    assert [e["type"] for e in target.events()][:3] == ["round", "phase", "turn"]


def test_webhooks_send_the_same_events_as_the_feed(hooked, targets):
    from companion.after import feed

    target = targets()
    app = hooked([target.url])
    table_id, host = tally(app)
    tables = app.extensions["tables"]
    act(app, table_id, host, {"type": "end_turn"})
    # The first change a webhook hears of a table: its round, phase and turn as they are.
    wait_for(lambda: len(target.received) == 3, "the first events")
    assert [e["type"] for e in target.events()] == ["round", "phase", "turn"]
    assert target.received[0]["type"] == "application/json; charset=utf-8"
    with app.app_context():
        loaded = tables.load(table_id)
        last = feed.seen(loaded, loaded.view(None))
    for body in ({"type": "end_turn"}, {"type": "add", "seat": 1, "n": 5}, {"type": "end_turn"}):
        count = len(target.received)
        act(app, table_id, host, body)
        with app.app_context():
            loaded = tables.load(table_id)
            expected, last = feed.step(last, loaded, loaded.view(None))
        total = count + len(expected)
        wait_for(lambda total=total: len(target.received) == total, "this move's events")
        time.sleep(0.05)  # nothing more may come
        assert [r["body"] for r in target.received[count:]] == [
            feed.encode(e).encode() for e in expected
        ]
    assert [e["type"] for e in target.events()[3:]] == ["round", "turn", "turn"]


def test_a_failed_post_is_tried_again_after_doubling_waits(hooked, targets):
    target = targets(statuses=[500, 503])
    app = hooked([target.url], WEBHOOK_ATTEMPTS=5)
    waits: list[float] = []
    for sender in app.extensions["webhooks"].targets:
        real_wait = sender.stopping.wait
        sender.stopping.wait = lambda delay, real_wait=real_wait: (  # type: ignore[method-assign]
            waits.append(delay) or real_wait(0)
        )
    table_id, host = tally(app)
    act(app, table_id, host, {"type": "end_turn"})
    wait_for(lambda: target.answered == 5, "three events, the first after two failures")
    bodies = [r["body"] for r in target.received]
    assert bodies[0] == bodies[1] == bodies[2] and len(set(bodies)) == 3
    assert waits == [0.01, 0.02]


def test_the_waits_double_up_to_a_minute():
    assert webhooks.backoff(8) == [1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 60.0]


def test_an_event_is_dropped_after_its_attempts_with_one_line_naming_only_the_host(
    hooked, targets, caplog
):
    target = targets(statuses=[500, 500, 500])
    app = hooked([target.url], WEBHOOK_ATTEMPTS=3)
    table_id, host = tally(app)
    with caplog.at_level(logging.WARNING, logger="companion.after.webhooks"):
        act(app, table_id, host, {"type": "end_turn"})
        wait_for(lambda: target.answered == 5, "the failures, then the other two events")
    lines = [r.getMessage() for r in caplog.records if r.name == "companion.after.webhooks"]
    assert lines == [
        f"webhook to 127.0.0.1:{target.server.server_port}: an event was dropped after"
        " 3 attempt(s) (HTTP 500)"
    ]
    assert "s3cret" not in caplog.text and "/hooks" not in caplog.text
    assert [e["type"] for e in target.events()[3:]] == ["phase", "turn"]


def test_a_refusal_is_not_tried_again(hooked, targets, caplog):
    target = targets(statuses=[404])
    app = hooked([target.url])
    table_id, host = tally(app)
    with caplog.at_level(logging.WARNING, logger="companion.after.webhooks"):
        act(app, table_id, host, {"type": "end_turn"})
        wait_for(lambda: target.answered == 3, "the three events")
    assert "after 1 attempt(s) (HTTP 404)" in caplog.text
    assert [e["type"] for e in target.events()] == ["round", "phase", "turn"]


def test_a_dead_address_holds_up_only_its_own_events(hooked, targets):
    alive = targets()
    dead = targets()
    dead_url = dead.url
    dead.close()  # nothing listens there now: every POST is refused
    app = hooked([dead_url, alive.url], WEBHOOK_ATTEMPTS=50, WEBHOOK_FIRST_DELAY=0.5)
    table_id, host = tally(app)
    act(app, table_id, host, {"type": "end_turn"})
    # The first change a webhook hears of brings the table as it is: wait for it to arrive,
    # or a busy machine's dispatcher may see both moves at once (one look, no second "turn").
    wait_for(lambda: len(alive.received) == 3, "the live address's first events")
    assert [e["type"] for e in alive.events()] == ["round", "phase", "turn"]
    act_reply = act(app, table_id, host, {"type": "end_turn"})
    assert act_reply["version"] == 2
    # Meanwhile the dead address is still being retried: it holds up none of these.
    wait_for(lambda: len(alive.received) >= 5, "the live address's next round and turn")
    assert [(e["type"], e["version"]) for e in alive.events()[3:]] == [("round", 2), ("turn", 2)]


def test_without_webhooks_nothing_listens_and_nothing_is_started(app):
    assert "webhooks" not in app.extensions
    assert app.extensions["tables"].hub.listeners == []


def test_the_hubs_listeners_hear_every_change_and_a_broken_one_harms_nothing(caplog):
    hub = Hub()
    heard: list[tuple[str, int]] = []

    def broken(table_id: str, version: int) -> None:
        raise RuntimeError("boom")

    hub.listeners += [broken, lambda t, v: heard.append((t, v))]
    sub = hub.subscribe("T")
    with caplog.at_level(logging.ERROR, logger="companion.pipeline.live"):
        hub.publish("T", 4)
        hub.publish("U", 1)
    assert heard == [("T", 4), ("U", 1)]
    assert sub.wait(0)  # the subscriber was still woken
    assert "a live listener failed" in caplog.text
    sub.close()


def serve(db: Path, *extra: str) -> tuple[Server, list[str]]:
    """``companion serve`` as tests/e2e's ``Server`` starts it, plus ``extra`` options; and
    the lines it printed up to the webhooks' line."""
    server = Server(db)
    server.proc = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", "serve", "--host", "127.0.0.1", "--port", "0"]
        + ["--db", str(db), "--quiet", "--create-limit", "100000 per minute", *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert server.proc.stdout is not None
    lines: list[str] = []
    for _ in range(40):
        line = server.proc.stdout.readline()
        lines.append(line)
        match = re.search(r"running at (http://\S+)", line)
        if match:
            server.base = match.group(1)
        if "webhooks at" in line or not line:
            break
    assert server.base, lines
    return server, lines


def test_companion_serve_with_a_webhook_never_waits_for_it(tmp_path, targets):
    target = targets()
    target.gate.clear()
    server, printed = serve(tmp_path / "hooks.db", "--webhook", target.url)
    try:
        port = target.server.server_port
        assert printed[-1].strip().endswith(f"to webhooks at 127.0.0.1:{port}")
        assert "s3cret" not in "".join(printed)
        players = {"game": "samurai-sword", "players": ["Ann", "Bo", "Cy"]}
        made = server.api("POST", "/api/tables", players)
        path, host = f"/api/tables/{made['id']}/actions", made["host_token"]
        server.api("POST", path, {"type": "end_turn"}, host)
        wait_for(lambda: len(target.received) == 1, "the webhook's first POST")
        # The target holds its answer back; the server still answers every move.
        for _ in range(3):
            reply = server.api("POST", path, {"type": "end_turn"}, host)
        assert target.answered == 0 and len(target.received) == 1
        assert reply["version"] == 4
        target.gate.set()
        wait_for(lambda: any(e["version"] == 4 for e in target.events()), "the latest events")
        assert {e["table_id"] for e in target.events()} == {made["id"]}
        seat = server.api("GET", f"/api/tables/{made['id']}")["view"]["turn"]
        assert target.events()[-1] == {
            "type": "turn",
            "table_id": made["id"],
            "game": "samurai-sword",
            "version": 4,
            "turn": {"seat": seat, "name": players["players"][seat]},
        }
    finally:
        server.stop()


def test_serve_refuses_a_webhook_that_is_not_a_web_address_without_echoing_it(tmp_path):
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "companion.cli",
            "serve",
            "--port",
            "0",
            "--webhook",
            "ftp://user:s3cret@example.com/x",
            "--db",
            str(tmp_path / "x.db"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert done.stderr.strip() == "companion: --webhook needs an http:// or https:// address"
    assert "s3cret" not in done.stdout + done.stderr


def test_the_help_explains_webhooks():
    done = subprocess.run(
        [sys.executable, "-m", "companion.cli", "serve", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "--webhook URL" in done.stdout and "docs/feed.md" in done.stdout
    assert "never slows the game" in " ".join(done.stdout.split())
