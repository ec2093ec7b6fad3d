"""The benchmarks' server: a real ``companion serve`` on a free loopback port and its own
database, started the way a table starts it, optionally under a wrapper command (strace).

The database is a SQLite file (a path) or a ``postgresql://`` URL; with PostgreSQL the server
may run as several processes (``--workers N``): a parent holding the port and N workers, its
children."""

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


def start_server(
    db: Path | str, wrapper: list[str] | None = None, workers: int = 1
) -> tuple[subprocess.Popen[str], int]:
    """The server and its port, read off the line it prints when it is listening.

    ``db`` is a SQLite file or a ``postgresql://`` URL. With ``workers`` above 1 (PostgreSQL
    only, as ``companion serve`` itself insists) this returns once the parent has started
    all its workers and each takes connections (``wait_for_workers``).
    """
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
        # ...and holds every table's streams from that one address, as no real client does.
        "--max-per-address",
        "100000",
        "--max-public-streams",
        "100000",
    ]
    if workers > 1:
        command += ["--workers", str(workers)]
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
            if workers > 1:
                wait_for_workers(proc, workers, deadline, command)
            return proc, int(match.group(1))
    stop_server(proc)
    raise RuntimeError("server did not start")


def children(pid: int) -> list[int]:
    """The direct children of a process (none when it is gone)."""
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def serving(pid: int) -> bool:
    """Whether a worker is taking connections: its event loop (epoll) watches the listening
    socket it was given (``--listen-fd FD`` on its command line)."""
    try:
        argv = Path(f"/proc/{pid}/cmdline").read_text().split("\0")
        fd = argv[argv.index("--listen-fd") + 1]
        for info in Path(f"/proc/{pid}/fdinfo").iterdir():
            if re.search(rf"^tfd:\s+{fd}\s", info.read_text(), re.M):
                return True
    except (OSError, ValueError, IndexError):
        pass
    return False


def wait_for_workers(
    proc: subprocess.Popen[str], count: int, deadline: float, command: list[str]
) -> None:
    """Wait until the server's parent process has ``count`` children (its workers), each
    taking connections: before that, every connection would go to the first one ready."""
    while True:
        workers = children(proc.pid)
        if len(workers) >= count and all(serving(w) for w in workers):
            return
        if proc.poll() is not None or time.monotonic() > deadline:
            status = proc.poll()
            stop_server(proc)
            raise RuntimeError(
                f"the server did not start its {count} workers"
                + (f" (it ended with status {status})" if status is not None else "")
                + f"; to see why, run: {' '.join(command)}"
            )
        time.sleep(0.05)


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
