"""The benchmarks' server: a real ``companion serve`` on a free loopback port and its own
database, started the way a table starts it, optionally under a wrapper command (strace)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

HOST = "127.0.0.1"
ROOT = Path(__file__).resolve().parent.parent


def start_server(db: Path, wrapper: list[str] | None = None) -> tuple[subprocess.Popen[str], int]:
    """The server and its port, read off the line it prints when it is listening."""
    command = [
        sys.executable,
        "-m",
        "companion.cli",
        "serve",
        "--host",
        HOST,
        "--port",
        "0",
        "--db",
        str(db),
        "--quiet",
        "--create-limit",  # a benchmark creates up to hundreds of tables from one address
        "100000 per minute",
    ]
    proc = subprocess.Popen(
        [*(wrapper or []), *command],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        # Its own process group: stopping it stops a wrapper and the server together (strace
        # alone, stopped, would detach and leave the server running).
        start_new_session=True,
    )
    assert proc.stdout is not None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line and proc.poll() is not None:
            break
        match = re.search(r"running at http://[^:]+:(\d+)", line)
        if match:
            return proc, int(match.group(1))
    stop_server(proc)
    raise RuntimeError("server did not start")


def stop_server(proc: subprocess.Popen[str]) -> None:
    """Stop the server (and its wrapper), waiting for it to go."""
    try:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(10)
    except ProcessLookupError:
        pass
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(10)
    if proc.stdout:
        proc.stdout.close()
