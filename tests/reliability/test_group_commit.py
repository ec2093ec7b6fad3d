"""Commits off the event loop, in groups: a slow disk stalls no one but the writes waiting.

The store's writer thread holds its COMMIT as long as the test says (``before_commit``, the
seam for a slow fsync). Meanwhile the server's other greenlets must go on (a real gevent
process, patched as ``companion serve`` patches it), writes that arrive together must share
one commit, each caller must get its own result, and a write that fails must fail alone.
"""

from __future__ import annotations

import gc
import json
import os
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.errors import CannotSave
from companion.store.log import Store

ROOT = Path(__file__).resolve().parents[2]
MOVE = {"type": "adjust", "seat": 0, "counter": "hand", "delta": 1}
HELD = 0.2  # how long the first commit is held, in seconds

# Run as the server runs: gevent's monkey patching first, then the store, in one process.
GREEN = r"""
from gevent import monkey

monkey.patch_all()

import json
import sys
import time

import gevent

from companion.store.log import Store

real_sleep = monkey.get_original("time", "sleep")
native_ident = monkey.get_original("_thread", "get_ident")
path, tables = sys.argv[1], int(sys.argv[2])
store = Store(path)
for n in range(tables + 1):
    store.create_table(f"t{n}", "samurai-sword", ["A", "B"], {}, 7, "host", [f"c{n}a", f"c{n}b"])
order = []
read = []
threads = set()


def hold():
    # On the writer thread: the first commit waits as a slow SD card would.
    threads.add(native_ident())
    if "commit held" not in order:
        order.append("commit held")
        real_sleep(HELD)
        # And until every move is queued behind it, however slow the machine.
        deadline = time.monotonic() + 10
        while store.backend.writer._queue.qsize() < tables and time.monotonic() < deadline:
            real_sleep(0.005)
        order.append("commit released")


store.before_commit = hold
start = store.commits


def slow_write():
    store.append("t0", 1, None, MOVE, [])
    order.append("slow write returned")


def meanwhile():
    deadline = gevent.get_hub().loop.now() + 10
    while "commit held" not in order and gevent.get_hub().loop.now() < deadline:
        gevent.sleep(0.001)
    sum(n * n for n in range(20000))  # pure Python work
    read.append(store.table("t0").version)  # a read, beside the commit in progress
    order.append("other greenlet done")


def move(n):
    return store.append(f"t{n}", 1, None, MOVE, [])


first = [gevent.spawn(slow_write), gevent.spawn(meanwhile)]
while "commit held" not in order:
    gevent.sleep(0.001)
# Started while the first commit is held: they queue for the next batch.
moves = [gevent.spawn(move, n) for n in range(1, tables + 1)]
gevent.joinall(first + moves, raise_error=True)
print(json.dumps({
    "order": order,
    "read": read,
    "versions": [g.value for g in moves],
    "commits": store.commits - start,
    "writer_is_another_thread": native_ident() not in threads and len(threads) == 1,
}))
store.close()
"""


def run_green(path: Path, tables: int) -> dict[str, Any]:
    script = GREEN.replace("HELD", repr(HELD)).replace("MOVE", repr(MOVE))
    done = subprocess.run(
        [sys.executable, "-c", script, str(path), str(tables)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_under_gevent_a_held_commit_stalls_no_other_greenlet(tmp_path: Path):
    figures = run_green(tmp_path / "green.db", tables=3)
    # The other greenlet worked and read while the commit was held, and the write that
    # waited for that commit returned only after it.
    assert figures["order"] == [
        "commit held",
        "other greenlet done",
        "commit released",
        "slow write returned",
    ]
    assert figures["read"] == [0]  # the read saw the last commit, not the one in progress
    assert figures["writer_is_another_thread"]


def test_under_gevent_writes_that_arrive_together_share_a_commit(tmp_path: Path):
    path = tmp_path / "green.db"
    figures = run_green(path, tables=10)
    # The held commit, then the ten moves that queued behind it: two batches at most.
    assert figures["commits"] <= 1 + 2
    assert figures["versions"] == [1] * 10
    store = Store(path)
    try:
        for n in range(11):
            assert [r.action for r in store.actions(f"t{n}")] == [MOVE]
            assert store.table(f"t{n}").version == 1
    finally:
        store.close()


# --------------------------------------------------------------------------- plain threads


def make_store(path: Path, tables: int) -> Store:
    store = Store(path)
    for n in range(tables):
        store.create_table(
            f"t{n}", "samurai-sword", ["A", "B"], {}, 7, "host", [f"c{n}a", f"c{n}b"]
        )
    return store


def waiting(store: Store) -> int:
    """Jobs handed to the writer and not taken yet (the test's view into the queue)."""
    return store.backend.writer._queue.qsize()


class Held:
    """Holds the next commit until ``jobs`` more writes are waiting behind it."""

    def __init__(self, store: Store, jobs: int) -> None:
        self.store, self.jobs = store, jobs
        self.holding = threading.Event()
        self.held = False
        store.before_commit = self

    def __call__(self) -> None:
        if self.held:
            return
        self.held = True
        self.holding.set()
        deadline = time.monotonic() + 10
        while waiting(self.store) < self.jobs and time.monotonic() < deadline:
            time.sleep(0.005)


def together(store: Store, calls: list[Callable[[], Any]]) -> list[Any]:
    """Run ``calls`` at once, behind one held commit; each call's result or exception."""
    held = Held(store, len(calls))
    results: list[Any] = [None] * len(calls)

    def run(n: int, call: Callable[[], Any]) -> None:
        try:
            results[n] = call()
        except Exception as err:  # the test looks at what each call got
            results[n] = err

    blocker = threading.Thread(target=run_blocker, args=(store,))
    blocker.start()
    assert held.holding.wait(10)
    threads = [threading.Thread(target=run, args=(n, c)) for n, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads + [blocker]:
        thread.join(20)
    return results


def run_blocker(store: Store) -> None:
    store.meta("blocker", lambda: "x")


def test_concurrent_writes_share_one_commit_and_each_gets_its_own_result(tmp_path: Path):
    store = make_store(tmp_path / "group.db", 10)
    # Table n has n moves already: its next move makes version n + 1.
    for n in range(10):
        for seq in range(1, n + 1):
            store.append(f"t{n}", seq, None, MOVE, [])
    before = store.commits
    calls = [lambda n=n: store.append(f"t{n}", n + 1, 0, {**MOVE, "n": n}, []) for n in range(10)]
    versions = together(store, calls)
    assert versions == [n + 1 for n in range(10)]
    assert store.commits - before <= 1 + 2  # the held commit, then the ten in one or two
    store.close()
    fresh = Store(tmp_path / "group.db")
    for n in range(10):
        rows = fresh.actions(f"t{n}")
        assert [r.seq for r in rows] == list(range(1, n + 2))
        assert rows[-1].action == {**MOVE, "n": n}
    fresh.close()


def test_a_write_that_fails_fails_alone_and_its_batch_commits(tmp_path: Path):
    store = make_store(tmp_path / "alone.db", 3)
    store.append("t1", 1, None, MOVE, [])
    before = store.commits
    results = together(
        store,
        [
            lambda: store.append("t0", 1, None, MOVE, []),
            lambda: store.append("t1", 1, None, MOVE, []),  # seq 1 is taken: IntegrityError
            lambda: store._write(lambda db: db.execute("INSERT INTO nowhere VALUES (1)")),
            lambda: store.append("t2", 1, None, MOVE, []),
        ],
    )
    assert results[0] == 1 and results[3] == 1
    assert isinstance(results[1], sqlite3.IntegrityError)
    assert isinstance(results[2], CannotSave) and "nowhere" in str(results[2])
    assert store.commits - before == 2  # the held commit, then all four jobs together
    store.close()
    fresh = Store(tmp_path / "alone.db")
    assert [len(fresh.actions(f"t{n}")) for n in range(3)] == [1, 1, 1]
    # The failed append changed nothing: not even the version it would have bumped.
    assert [fresh.table(f"t{n}").version for n in range(3)] == [1, 1, 1]
    fresh.close()


def test_a_write_that_fills_the_disk_fails_alone_though_sqlite_drops_its_batch(tmp_path):
    store = make_store(tmp_path / "full.db", 2)
    # Room for a few pages more: a move fits, a megabyte does not. SQLite answers a full
    # disk by rolling back the whole transaction, the moves before it included.
    pages = store._conn.execute("PRAGMA page_count").fetchone()[0]
    store._conn.execute(f"PRAGMA max_page_count={pages + 8}")
    results = together(
        store,
        [
            lambda: store.append("t0", 1, None, MOVE, []),
            lambda: store.meta("huge", lambda: "x" * 1_000_000),
            lambda: store.append("t1", 1, None, MOVE, []),
        ],
    )
    store._conn.execute("PRAGMA max_page_count=1073741823")
    assert results[0] == 1 and results[2] == 1, results
    assert isinstance(results[1], CannotSave) and "full" in str(results[1])
    store.close()
    fresh = Store(tmp_path / "full.db")
    assert [len(fresh.actions(f"t{n}")) for n in range(2)] == [1, 1]
    assert fresh._one("SELECT count(*) FROM meta WHERE key='huge'", ()) == (0,)
    fresh.close()


def test_when_the_commit_fails_every_write_of_the_batch_fails_and_nothing_stays(tmp_path):
    store = make_store(tmp_path / "commit.db", 2)

    def orphan_seat(db: sqlite3.Connection) -> None:
        # A seat of no table, its check put off to the COMMIT: the COMMIT fails.
        db.execute("PRAGMA defer_foreign_keys=ON")
        db.execute("INSERT INTO seats(table_id, seat) VALUES ('nowhere', 0)")

    results = together(
        store,
        [
            lambda: store.append("t0", 1, None, MOVE, []),
            lambda: store._write(orphan_seat),
            lambda: store.append("t1", 1, None, MOVE, []),
        ],
    )
    assert all(isinstance(r, CannotSave) for r in results), results
    assert [store.table(f"t{n}").version for n in range(2)] == [0, 0]
    # The store goes on: the next write commits.
    assert store.append("t0", 1, None, MOVE, []) == 1
    store.close()
    fresh = Store(tmp_path / "commit.db")
    assert [len(fresh.actions(f"t{n}")) for n in range(2)] == [1, 0]
    assert fresh._one("SELECT count(*) FROM seats WHERE table_id='nowhere'", ()) == (0,)
    fresh.close()


def test_a_block_of_hand_written_sql_that_raises_leaves_nothing(tmp_path: Path):
    store = make_store(tmp_path / "lent.db", 1)
    with pytest.raises(ZeroDivisionError):
        with store.transaction() as db:
            db.execute("UPDATE tables SET version = 9 WHERE id='t0'")
            1 / 0  # noqa: B018 - the block fails after writing
    assert store.table("t0").version == 0
    with store.transaction() as db:
        db.execute("UPDATE tables SET version = 5 WHERE id='t0'")
    assert store.table("t0").version == 5
    store.close()


def os_threads() -> int:
    return len(os.listdir("/proc/self/task"))


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="counts threads in /proc")
def test_stores_closed_or_dropped_leave_no_thread_behind(tmp_path: Path):
    before = os_threads()
    for n in range(100):
        store = Store(tmp_path / f"closed{n % 3}.db")
        store.meta("k", lambda: "v")
        store.close()
    assert threads_back_to(before)
    for _ in range(20):
        Store(":memory:").meta("k", lambda: "v")  # never closed: dropped
    gc.collect()
    assert threads_back_to(before)


def threads_back_to(count: int) -> bool:
    """Whether this process is back to ``count`` threads: a closed store's thread returns
    at once, but the system may take a moment to reap it."""
    deadline = time.monotonic() + 10
    while os_threads() > count and time.monotonic() < deadline:
        time.sleep(0.01)
    return os_threads() == count
