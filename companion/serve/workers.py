"""``companion serve --workers N``: N server processes sharing one listening socket.

One Python process uses one core. With PostgreSQL as the store, every process can take any
request: the log is shared, and each process hears the others' changes (``store.postgres``).
The parent binds the socket, upgrades the schema, then starts the workers: each is a fresh
``companion serve`` given the socket's descriptor (``--listen-fd``), with its own database
connections; the kernel hands each new connection to one of them. A fresh process rather
than a fork: a forked child would inherit the parent's greenlets and its connections'
sockets, and no two processes may share a connection.

The parent only watches: a worker that dies (a crash, an out-of-memory kill) is started
again within a second, and meanwhile its phones reconnect, through the same socket, to the
others. Import this module only after gevent's monkey patching (``cli.serve`` does).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import gevent

PARENT = "COMPANION_WORKERS_PARENT"  # the parent's pid, in each worker's environment
RESTART_PAUSE = 1.0  # seconds before a dead worker is started again: no tight crash loop


def worker_command(argv: list[str], fd: int) -> list[str]:
    """The command line of one worker: the parent's own options, and the socket to serve.

    >>> worker_command(["demo", "--workers", "4", "--port", "80", "--quiet"], 5)[2:]
    ['companion.cli', 'serve', '--port', '80', '--quiet', '--no-mdns', '--listen-fd', '5']
    """
    args, skip = ["serve"], False
    for arg in argv[1:]:
        if skip:
            skip = False
        elif arg == "--workers":
            skip = True  # and its value
        elif not arg.startswith("--workers=") and arg not in ("--demo", "--no-mdns"):
            args.append(arg)
    # The parent prints the banner, makes the demo table and announces the name.
    return [sys.executable, "-m", "companion.cli", *args, "--no-mdns", "--listen-fd", str(fd)]


def _start(argv: list[str], fd: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, PARENT: str(os.getpid())}
    return subprocess.Popen(worker_command(argv, fd), pass_fds=(fd,), env=env)


def run(fd: int, count: int, argv: list[str]) -> None:
    """Start ``count`` workers serving the socket ``fd``; keep them running until SIGTERM
    or Ctrl+C, then stop them all."""
    workers = [_start(argv, fd) for _ in range(count)]
    stopping = False

    def stop() -> None:
        nonlocal stopping
        stopping = True

    gevent.signal_handler(signal.SIGTERM, stop)
    try:
        while not stopping:
            gevent.sleep(0.2)
            for n, proc in enumerate(workers):
                status = proc.poll()
                if status is not None and not stopping:
                    how = f"signal {-status}" if status < 0 else f"exit status {status}"
                    print(
                        f"A server process stopped ({how}); starting another.",
                        file=sys.stderr,
                        flush=True,
                    )
                    gevent.sleep(RESTART_PAUSE)
                    workers[n] = _start(argv, fd)
    except KeyboardInterrupt:
        pass
    for proc in workers:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
    for proc in workers:
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()


def watch_parent() -> None:
    """In a worker: leave when the parent is gone (killed with SIGKILL, it cannot say so)."""
    # Named by the parent itself: a worker that starts after its parent died would read
    # its new parent (init) from getppid and never notice.
    parent = int(os.environ.get(PARENT, "0")) or os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            gevent.sleep(1.0)
        os._exit(0)

    gevent.spawn(watch)
