"""A throwaway PostgreSQL cluster for the tests and the benchmarks.

It is made from the binaries of Debian's ``postgresql`` package (``apt-get install
postgresql``): a new data directory in a temporary folder, a server on 127.0.0.1 and a free
port, trust authentication for the ``postgres`` superuser, and no durability (the data dies
with the folder anyway). Starting one takes a second or two.

    with start_cluster() as cluster:
        url = cluster.create_database()  # postgresql://postgres@127.0.0.1:<port>/<name>

As root (CI runs as root, and ``initdb`` and ``pg_ctl`` refuse it), everything that touches
the data directory runs as the ``postgres`` system user the package creates.

For a server to try things against by hand: ``python -m tests.pgcluster`` prints its URL and
keeps it until Ctrl+C.

A cluster is removed by ``close()``, at exit, or on SIGTERM, but not after SIGKILL: then
its server runs on, in a ``companion-pg-*`` folder of the temporary directory.
"""

from __future__ import annotations

import atexit
import os
import pwd
import re
import secrets
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
from pathlib import Path
from types import TracebackType
from urllib.parse import quote

import psycopg
from psycopg import sql

INSTALL_HINT = "PostgreSQL is not installed: apt-get install postgresql"
SYSTEM_USER = "postgres"  # Debian's postgresql package creates this account
SUPERUSER = "postgres"

# Settings for a server whose data nobody keeps: no flushing to disk, but commits still
# behave as in production (synchronous_commit stays on, so a commit that returned is visible
# to every other connection, as the app expects). Many connections: the multi-process tests
# run several servers, each with its own pool.
SETTINGS = {
    "listen_addresses": "127.0.0.1",
    "fsync": "off",
    "full_page_writes": "off",
    "synchronous_commit": "on",
    "max_connections": "300",
    "shared_buffers": "32MB",
}

START_TIMEOUT_S = 60

# The clusters of this process not yet closed, for the SIGTERM handler below.
_open_clusters: set[Cluster] = set()


def _close_on_sigterm(signum: int, frame: object) -> None:
    # atexit does not run when a signal kills the process, and CI's time limits (timeout,
    # a cancelled job) send SIGTERM: close the servers, then die of the signal as before.
    for cluster in list(_open_clusters):
        cluster.close()
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    os.kill(os.getpid(), signal.SIGTERM)


def _watch_sigterm() -> None:
    # Only where SIGTERM would simply kill the process: a handler someone installed stays.
    if (
        threading.current_thread() is threading.main_thread()
        and signal.getsignal(signal.SIGTERM) == signal.SIG_DFL
    ):
        signal.signal(signal.SIGTERM, _close_on_sigterm)


def find_bindir() -> Path | None:
    """The directory with PostgreSQL's server binaries (``initdb``, ``pg_ctl``), or None."""
    # pg_config names the version the system prefers; but it may come from libpq-dev alone,
    # with no server beside it, so its answer counts only if initdb is there.
    pg_config = shutil.which("pg_config")
    if pg_config:
        try:
            done = subprocess.run(
                [pg_config, "--bindir"], capture_output=True, text=True, timeout=10, check=False
            )
        except (OSError, subprocess.SubprocessError):
            done = None
        if done is not None and done.returncode == 0:
            bindir = Path(done.stdout.strip())
            if done.stdout.strip() and (bindir / "initdb").is_file():
                return bindir
    # Debian installs each major version beside the others: take the newest.
    found = [
        bindir
        for bindir in Path("/usr/lib/postgresql").glob("*/bin")
        if (bindir / "initdb").is_file()
    ]
    if not found:
        return None
    return max(found, key=lambda bindir: _version_key(bindir.parent.name))


def _version_key(name: str) -> tuple[int, ...]:
    # "9.6" < "15" < "16": compare as numbers, not as text.
    return tuple(int(part) for part in re.findall(r"\d+", name)) or (-1,)


def available() -> bool:
    """Whether a cluster can be made here (PostgreSQL's server binaries are installed)."""
    return find_bindir() is not None


def _free_port() -> int:
    # The kernel hands out a free port for port 0. It is released again before the server
    # binds it, so another process could take it meanwhile: the first start retries.
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _quote_setting(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


class Cluster:
    """One PostgreSQL server and its data, in a temporary folder of its own.

    ``folder`` holds the data directory (``data_dir``), the server's Unix socket and its log
    (``log_file``). The server is not running until ``start()``; ``close()`` stops it and
    removes the folder, and runs at exit if nobody called it.
    """

    def __init__(self) -> None:
        bindir = find_bindir()
        if bindir is None:
            raise RuntimeError(INSTALL_HINT)
        self.bindir = bindir
        self._as_root = os.geteuid() == 0
        if self._as_root:
            try:
                owner = pwd.getpwnam(SYSTEM_USER)
            except KeyError:
                raise RuntimeError(
                    f"running as root needs the {SYSTEM_USER!r} system user, which Debian's "
                    "postgresql package creates: apt-get install postgresql"
                ) from None
        # Not a pytest tmp_path: those are 0700 root folders the postgres user cannot enter.
        self.folder = Path(tempfile.mkdtemp(prefix="companion-pg-"))
        if self._as_root:
            os.chown(self.folder, owner.pw_uid, owner.pw_gid)
        self.data_dir = self.folder / "data"
        self.log_file = self.folder / "postgres.log"
        self.port = _free_port()
        self._closed = False
        # Only the process that made the cluster may remove it: a forked child that exits
        # through atexit must not take the parent's server with it.
        self._owner_pid = os.getpid()
        atexit.register(self.close)
        _open_clusters.add(self)
        _watch_sigterm()

    def __repr__(self) -> str:
        state = "closed" if self._closed else "running" if self.running else "stopped"
        return f"<Cluster {self.url()} {state} in {self.folder}>"

    def __enter__(self) -> Cluster:
        if not self.running:
            self.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    # The server

    @property
    def running(self) -> bool:
        """Whether the server is up (its postmaster.pid names a live process)."""
        try:
            pid = int(self.pid_file.read_text().split("\n", 1)[0])
        except (OSError, ValueError):
            return False
        try:
            # The postmaster is not our child (pg_ctl detaches it), so a crashed one may
            # linger as a zombie that signal 0 still reaches; /proc tells them apart.
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                return False
            except PermissionError:
                pass  # alive, only someone else's
            return True
        return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")

    @property
    def pid_file(self) -> Path:
        return self.data_dir / "postmaster.pid"

    def start(self) -> None:
        """Start the server (making the data directory the first time); wait until it answers."""
        self._check_open()
        if self.running:
            return
        if not (self.data_dir / "PG_VERSION").is_file():
            self._initdb()
        first = not self.log_file.exists()
        # Only the first start may move to another port: afterwards URLs handed out name it.
        for attempt in range(3 if first else 1):
            done = self._pg_ctl(
                "start",
                "-w",
                "-t",
                str(START_TIMEOUT_S),
                "-l",
                str(self.log_file),
                # A number needs no quoting; the settings with paths are in postgresql.conf.
                "-o",
                f"-p {self.port}",
            )
            if done.returncode == 0:
                return
            if first and attempt < 2 and "already in use" in self.log_tail(10):
                self.port = _free_port()
                continue
            raise RuntimeError(self._failure("pg_ctl start", done))

    def stop(self, mode: str = "fast") -> None:
        """Stop the server (``pg_ctl stop -m mode``: smart, fast or immediate); wait for it."""
        if not self.running:
            return
        done = self._pg_ctl("stop", "-w", "-t", str(START_TIMEOUT_S), "-m", mode)
        if done.returncode != 0 and self.running:
            raise RuntimeError(self._failure(f"pg_ctl stop -m {mode}", done))

    def restart(self) -> None:
        """Stop the server and start it again: same port, same data."""
        self.stop("fast")
        self.start()

    def close(self) -> None:
        """Stop the server at once and remove its folder. Safe to call more than once."""
        if self._closed or os.getpid() != self._owner_pid:
            return
        self._closed = True
        atexit.unregister(self.close)
        _open_clusters.discard(self)
        try:
            # Immediate: nothing is to be kept, so there is no checkpoint to wait for.
            self.stop("immediate")
        finally:
            # As root the files belong to the postgres user, but root may remove them.
            shutil.rmtree(self.folder, ignore_errors=True)

    # Databases

    def url(self, dbname: str = "postgres") -> str:
        """The URL of a database of this server, for psycopg or the app's DATABASE setting."""
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{quote(dbname, safe='')}"

    def create_database(self, name: str | None = None) -> str:
        """Create a database (a new random name if none is given); return its URL."""
        name = name or f"t_{secrets.token_hex(6)}"
        # CREATE DATABASE cannot run inside a transaction.
        with psycopg.connect(self.url(), autocommit=True, connect_timeout=10) as conn:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        return self.url(name)

    def drop_database(self, name: str) -> None:
        """Drop a database, even with connections still open to it (they are ended)."""
        with psycopg.connect(self.url(), autocommit=True, connect_timeout=10) as conn:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )

    # Diagnostics

    def log_tail(self, lines: int = 40) -> str:
        """The last lines of the server's log, to show when something went wrong."""
        try:
            text = self.log_file.read_text(errors="replace")
        except OSError:
            return ""
        return "\n".join(text.splitlines()[-lines:])

    # Internals

    def _check_open(self) -> None:
        if self._closed:
            raise RuntimeError(f"the cluster in {self.folder} is closed")

    def _run(self, *command: str) -> subprocess.CompletedProcess[str]:
        argv = list(command)
        if self._as_root:
            argv = ["runuser", "-u", SYSTEM_USER, "--", *argv]
        # PG* variables of the caller's (PGDATA, PGPORT, PGOPTIONS...) must not redirect the
        # tools; the cluster's own folder is a working directory the postgres user may enter.
        env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
        return subprocess.run(
            argv,
            cwd=self.folder,
            env=env,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            check=False,
        )

    def _pg_ctl(self, action: str, *options: str) -> subprocess.CompletedProcess[str]:
        return self._run(str(self.bindir / "pg_ctl"), action, "-D", str(self.data_dir), *options)

    def _initdb(self) -> None:
        done = self._run(
            str(self.bindir / "initdb"),
            "-D",
            str(self.data_dir),
            "-A",
            "trust",
            "-U",
            SUPERUSER,
            "-E",
            "UTF8",
            "--locale=C",
            "--no-sync",  # nothing is to survive a crash of the machine
        )
        if done.returncode != 0:
            raise RuntimeError(self._failure("initdb", done))
        settings = {**SETTINGS, "unix_socket_directories": str(self.folder)}
        lines = [f"{key} = {_quote_setting(value)}" for key, value in settings.items()]
        # Appended to the file initdb wrote: later lines win, and its owner stays postgres.
        with open(self.data_dir / "postgresql.conf", "a", encoding="utf-8") as conf:
            conf.write("\n# tests/pgcluster.py\n" + "\n".join(lines) + "\n")

    def _failure(self, what: str, done: subprocess.CompletedProcess[str]) -> str:
        output = (done.stdout + done.stderr).strip()
        log = self.log_tail()
        message = f"{what} failed (exit {done.returncode}) for the cluster in {self.folder}"
        if output:
            message += f"\n{output}"
        if log:
            message += f"\n--- server log ---\n{log}"
        return message


def start_cluster() -> Cluster:
    """A new cluster, started; ``close()`` it when done (or use it in a ``with``)."""
    cluster = Cluster()
    try:
        cluster.start()
    except BaseException:
        cluster.close()
        raise
    return cluster


def main() -> None:
    with start_cluster() as cluster:
        print(cluster.url(), flush=True)
        try:
            signal.pause()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
