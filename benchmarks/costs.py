"""What the benchmarked server and its database cost, and the store it runs on.

The server's memory and CPU are summed over its process and its children (``--workers``:
one parent, N workers). With PostgreSQL on this machine its postmaster is found, and its
cost is measured apart over the cluster's processes (the postmaster and its backends).
``open_store`` gives a benchmark its store: a SQLite file in a temporary folder, a
throwaway PostgreSQL cluster (``tests/pgcluster.py``), or an existing database by URL.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from serving import ROOT, children


def server_rss_mb(pid: int) -> float:
    """Resident memory of the server process and its children, in MB.

    Each process's whole resident set, shared pages included: PostgreSQL's shared buffers
    count once per process that has touched them (``db_pss_mb`` counts them once).
    """
    total = 0
    for p in [pid, *children(pid)]:
        try:
            status = Path(f"/proc/{p}/status").read_text()
            total += int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1))
        except (OSError, AttributeError):
            continue
    return round(total / 1024, 1)


def proc_pss_mb(pid: int) -> float:
    """Proportional memory of a process and its children, in MB: a page shared by n
    processes counts 1/n in each, so shared memory counts once over them all."""
    total = 0
    for p in [pid, *children(pid)]:
        try:
            rollup = Path(f"/proc/{p}/smaps_rollup").read_text()
            total += int(re.search(r"^Pss:\s+(\d+) kB", rollup, re.M).group(1))
        except (OSError, AttributeError):
            continue
    return round(total / 1024, 1)


def cpu_ticks(pid: int, reaped: bool = False) -> int:
    """Clock ticks (user + system) a process has used, and with ``reaped`` those of its
    children that have ended and been waited for; 0 once it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        used = int(fields[11]) + int(fields[12])
        return used + (int(fields[13]) + int(fields[14]) if reaped else 0)
    except (OSError, IndexError, ValueError):
        return 0


def server_cpu_s(pid: int) -> float:
    """CPU seconds (user + system) the server process and its children have used so far.

    The children (``--workers``' processes, PostgreSQL's backends) are read while they are
    alive, so call this before stopping the server; a child that has ended and been waited
    for is in its parent's count of reaped children, included here, so a child ending
    between two readings does not make the difference drop.
    """
    ticks = cpu_ticks(pid, reaped=True) + sum(cpu_ticks(c) for c in children(pid))
    return ticks / os.sysconf("SC_CLK_TCK")


@dataclass
class Store:
    """Where the server keeps the games: ``kind`` "sqlite" or "postgresql", ``db`` as given to
    ``companion serve`` (a file or a URL), the server's process count, and PostgreSQL's
    postmaster when it runs on this machine."""

    kind: str
    db: Path | str
    workers: int = 1
    pid: int | None = None


def postmaster_pid(url: str, data_dir: str | None = None) -> int | None:
    """PostgreSQL's postmaster, if it runs on this machine (else None).

    Its pid is the first line of ``postmaster.pid`` in the data directory: the cluster's own
    when known, else as the server reports it (``SHOW data_directory``, for superusers and
    pg_read_all_settings). It is trusted only if this very connection's backend is its
    child: a data directory or a pid from another machine (or container) would not be. A
    backend's parent is the postmaster too, the answer when the file cannot be read.
    """
    import psycopg

    try:
        with psycopg.connect(url, connect_timeout=10, autocommit=True) as conn:
            backend = conn.execute("SELECT pg_backend_pid()").fetchone()[0]
            if data_dir is None:
                try:
                    data_dir = conn.execute("SHOW data_directory").fetchone()[0]
                except psycopg.Error:
                    pass
            candidates = []
            try:
                pid_file = Path(data_dir or "") / "postmaster.pid"
                candidates.append(int(pid_file.read_text().split("\n", 1)[0]))
            except (OSError, ValueError):
                pass
            try:
                stat = Path(f"/proc/{backend}/stat").read_text().rsplit(")", 1)[1].split()
                candidates.append(int(stat[1]))  # its parent
            except (OSError, IndexError, ValueError):
                pass
            for pid in candidates:
                if backend in children(pid):
                    return pid
    except psycopg.Error:
        pass
    return None


@contextmanager
def open_store(db: str, workers: int) -> Iterator[Store]:
    """The store the benchmark's server uses, ready, and removed afterwards if it made it."""
    if db == "sqlite":
        with tempfile.TemporaryDirectory() as tmp:
            yield Store("sqlite", Path(tmp) / "bench.db", workers)
        return
    if db != "postgresql":  # an existing database, used as it is
        yield Store("postgresql", db, workers, postmaster_pid(db))
        return
    # A throwaway cluster; tests/ is beside the package, not installed with it.
    sys.path.insert(0, str(ROOT))
    from tests.pgcluster import start_cluster

    cluster = start_cluster()
    try:
        url = cluster.create_database("fanout")
        # Its data folder, if it says (else the server is asked: postmaster_pid).
        data_dir = getattr(cluster, "data_dir", None)
        yield Store("postgresql", url, workers, postmaster_pid(url, data_dir and str(data_dir)))
    finally:
        cluster.close()  # the server at once, and its folder


def store_choice(value: str) -> str:
    """``--db``: "sqlite", "postgresql" or a PostgreSQL URL."""
    if value in ("sqlite", "postgresql") or value.startswith(("postgresql://", "postgres://")):
        return value
    raise argparse.ArgumentTypeError("sqlite, postgresql or a postgresql:// URL")
