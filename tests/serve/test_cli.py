"""The ``companion`` command as people meet it: its help, its first words, a busy port."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
from io import StringIO

import pytest

from companion.cli import _parser
from companion.serve.access_log import RedactingLog

from ..fixtures.commands import ROOT, companion


def test_a_busy_port_is_one_line_and_exit_status_2(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = companion(
            "serve", "--host", "127.0.0.1", "--port", str(port), "--db", str(tmp_path / "x.db")
        )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr + done.stdout
    lines = done.stderr.strip().splitlines()
    assert lines == [
        f"Port {port} is already in use (another companion serve?)."
        f" Pick another: companion serve --port {port + 1}"
    ]


def test_the_help_is_written_for_the_people_at_the_table():
    top = _parser().format_help()
    assert "companion serve" in top and "companion demo" in top and "examples:" in top
    serve = companion("serve", "--help").stdout
    for words in (
        "Start Table Companion on this computer",
        "the address to open",
        "everyday options",
        "--port PORT",
        "--no-mdns",
        "companion serve --port 8001",
    ):
        assert words in serve
    demo = companion("demo", "--help").stdout
    assert "ready five-player Samurai Sword table" in demo and "companion demo --port" in demo


def test_the_demo_prints_the_host_link_first_and_says_what_each_link_is(tmp_path):
    proc, lines = started("demo", str(tmp_path / "demo.db"))
    proc.terminate()
    proc.communicate(timeout=10)
    text = "\n".join(lines)
    assert lines[0].startswith("Table Companion is running at http://127.0.0.1:")
    host = next(i for i, x in enumerate(lines) if re.search(r"/host/\S+/\S+$", x))
    public = next(i for i, x in enumerate(lines) if re.search(r"/t/[\w-]+$", x))
    assert host < public
    assert not any("/join/" in x for x in lines)  # the seats' codes are on the host screen
    assert lines[host - 1] == (
        "Open this on the table screen: it is the host, with the QR codes and undo"
    )
    assert "second screen or spectators" in lines[public - 1]
    assert "scans their seat's QR code" in text and "/j and type" in text
    # Loopback only: nothing to announce on the network.
    assert ".local" not in text


@pytest.mark.parametrize(
    "path",
    ["/j/K7M4P", "/j/k7m4p?x=1", "/j%2FK7M4P", "/join/abcdefgh", "/owner/abcdefgh"],
)
def test_the_access_log_never_shows_a_short_code(path):
    out = StringIO()
    RedactingLog(out).write(f'192.168.1.30 - - "GET {path} HTTP/1.1" 303 0\n')
    assert "K7M4P" not in out.getvalue().upper() and "abcdefgh" not in out.getvalue()
    assert "[secret]" in out.getvalue()


def test_the_access_log_keeps_the_join_page_and_static_files():
    out = StringIO()
    RedactingLog(out).write('"GET /j HTTP/1.1" 200\n"GET /static/js/app.js HTTP/1.1" 200\n')
    assert out.getvalue() == '"GET /j HTTP/1.1" 200\n"GET /static/js/app.js HTTP/1.1" 200\n'


def test_serve_prints_an_owner_link_that_works_and_owner_link_replaces_it(tmp_path):
    import http.cookiejar
    import urllib.error
    import urllib.request

    db = str(tmp_path / "owner.db")
    proc, lines = serve_until_ready(db)
    try:
        base = lines[0].rsplit(" ", 1)[1]
        link = next(x.strip() for x in lines if "/owner/" in x)
        assert link.startswith(f"{base}/owner/")
        browser = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )

        def status(opener: urllib.request.OpenerDirector, url: str) -> int:
            try:
                with opener.open(url, timeout=30) as reply:
                    return reply.status
            except urllib.error.HTTPError as err:
                return err.code

        with browser.open(link, timeout=30) as reply:  # the link, then the owner page
            assert reply.url == f"{base}/owner"
            assert "Merge spellings" in reply.read().decode()
        port = base.rsplit(":", 1)[1]
        printed = companion("owner-link", "--db", db, "--port", port).stdout
        assert "The old owner link no longer works" in printed
        new_link = next(x.strip() for x in printed.splitlines() if "/owner/" in x)
        assert new_link != link
        assert status(browser, f"{base}/owner") == 403  # the old link's session ended
        fresh = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )
        assert status(fresh, link) == 403
        assert status(fresh, new_link.replace(new_link.split("/owner/")[0], base)) == 200
    finally:
        proc.terminate()
        proc.communicate(timeout=10)
    # Printed once: a later start says how to get a new one, and shows no link.
    proc, lines = serve_until_ready(db)
    proc.terminate()
    proc.communicate(timeout=10)
    assert not any("/owner/" in x for x in lines)
    assert any('"companion owner-link" prints a new one' in x for x in lines)


def serve_until_ready(db: str) -> tuple[subprocess.Popen[str], list[str]]:
    """``companion serve`` on a free port, and what it printed up to "Stop with Ctrl+C"."""
    return started("serve", db, "--no-mdns")


def started(command: str, db: str, *args: str) -> tuple[subprocess.Popen[str], list[str]]:
    """``companion <command>`` (serve or demo) on a free loopback port with the database
    ``db``, and what it printed up to "Stop with Ctrl+C" (or until it ended)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion.cli", command, "--host", "127.0.0.1", "--port", "0"]
        + ["--db", db, "--quiet", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONUNBUFFERED": "1"},
    )
    lines: list[str] = []
    while not any("Stop with Ctrl+C" in x for x in lines):
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line.rstrip("\n"))
    return proc, lines
