"""The store's writer: one OS thread that owns the write connection and commits in groups.

A commit waits for the disk (an fsync: ~0.2 ms on a laptop's SSD, 5-30 ms on a Raspberry
Pi's SD card). The server runs every connection as a greenlet on one event loop, so a commit
made there would stall every table while one table saves. Here every write is a *job*, a
function of the write connection, handed to a dedicated thread:

- the thread takes every job waiting and runs them in one ``BEGIN IMMEDIATE ... COMMIT``,
  each job inside its own SAVEPOINT: one fsync covers the whole batch, and a job that
  raises rolls back only its own work (the others still commit);
- a caller gets its job's result only once the batch that holds it is committed, so nothing
  acknowledged can be lost; if the COMMIT fails, every job of the batch fails and nothing
  of it stays;
- a job's error reaches its caller as the store promised before: ``sqlite3.IntegrityError``
  as it is, any other ``sqlite3.DatabaseError`` as ``CannotSave``.

It works in both worlds. Under gevent's monkey patching (the server), ``threading`` makes
greenlets, so the thread, its queue and its locks come from the unpatched modules, and a
greenlet waiting for its job yields to the event loop: the writer wakes it through an async
watcher of that loop, the loop's thread-safe wake-up (gevent's own thread pool does the
same). Without gevent (the tests: plain threads, Flask's test client) a caller waits on an
ordinary lock.
"""

from __future__ import annotations

import _thread
import queue
import sqlite3
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Protocol, TypeVar

from ..errors import CannotSave

T = TypeVar("T")
Connect = Callable[[], sqlite3.Connection]


def green() -> bool:
    """Whether gevent has patched ``threading`` in this process (so threads are greenlets)."""
    # Nothing is patched unless gevent.monkey was imported: no need to import gevent here.
    monkey = sys.modules.get("gevent.monkey")
    return monkey is not None and monkey.is_module_patched("threading")


def _originals() -> tuple[Any, Any, Any]:
    """The real thread start, lock and queue, however gevent has patched their modules."""
    monkey = sys.modules.get("gevent.monkey")
    if monkey is None:
        return _thread.start_new_thread, _thread.allocate_lock, queue.SimpleQueue
    start, lock = monkey.get_original("_thread", ["start_new_thread", "allocate_lock"])
    return start, lock, monkey.get_original("queue", "SimpleQueue")


class Waker(Protocol):
    """Wakes one waiting caller, once. ``set`` from any thread; ``wait`` from the caller's."""

    def set(self) -> None: ...
    def wait(self) -> None: ...


class _ThreadWaker:
    """For a plain thread: a lock held until the writer releases it."""

    __slots__ = ("_lock",)

    def __init__(self, allocate_lock: Callable[[], Any]) -> None:
        self._lock = allocate_lock()
        self._lock.acquire()

    def set(self) -> None:
        self._lock.release()

    def wait(self) -> None:
        self._lock.acquire()


class _HubWaker:
    """For a greenlet: an async watcher of its thread's event loop, which another thread may
    signal (libev's ``ev_async_send``). The greenlet waits on an event of its own hub, so the
    loop serves every other connection meanwhile.

    The watcher is made and closed on the loop's own thread (creating and closing watchers
    is not thread-safe; signalling one is). While it is started it keeps the loop alive, so
    a greenlet waiting alone (the server's start, before it listens) is not told that it
    would wait forever.
    """

    __slots__ = ("_event", "_watcher")

    def __init__(self) -> None:
        from gevent import get_hub
        from gevent.event import Event

        self._event = Event()
        self._watcher = get_hub().loop.async_()
        self._watcher.start(self._woken)

    def _woken(self) -> None:  # on the loop's thread
        self._watcher.stop()
        self._watcher.close()
        self._event.set()

    def set(self) -> None:
        self._watcher.send()

    def wait(self) -> None:
        self._event.wait()


class Job:
    """One unit of work for the writer: ``fn(connection)``, then its result or its error."""

    __slots__ = ("fn", "waker", "turn", "turned", "done", "result", "error")

    def __init__(
        self,
        fn: Callable[[sqlite3.Connection], Any] | None,
        waker: Waker | None,
        turn: Waker | None = None,
    ) -> None:
        self.fn = fn
        self.waker = waker
        # A lent connection (``Writer.lend``): its caller is woken once when the job starts.
        self.turn = turn
        self.turned = False
        self.done = False
        self.result: Any = None
        self.error: BaseException | None = None

    @property
    def rerun(self) -> bool:
        """Whether the job may run again: not a lent connection (its work is a block of the
        caller's, run once)."""
        return self.turn is None

    def start(self) -> None:
        if self.turn is not None and not self.turned:
            self.turned = True
            self.turn.set()

    def finish(self, result: Any = None, error: BaseException | None = None) -> None:
        self.fn = None  # let go of what the job held (a store, rows) before the caller wakes
        self.result, self.error, self.done = result, error, True
        self.start()  # a lent connection whose batch failed before its turn: wake it anyway
        if self.waker is not None:
            self.waker.set()


def outcome(job: Job) -> Any:
    """A finished job's result, or its error as the store reports it."""
    err = job.error
    if err is None:
        return job.result
    if isinstance(err, sqlite3.DatabaseError) and not isinstance(err, sqlite3.IntegrityError):
        raise CannotSave(str(err)) from err
    raise err


class Writer:
    """The thread that owns the write connection; jobs reach it through ``call``.

    ``before_commit`` and ``commits`` exist for tests and benchmarks only: a callable run on
    the writer thread just before each COMMIT (e.g. to hold it, as a slow disk would), and
    how many batches have been committed. Unused, they cost one comparison per batch.
    """

    def __init__(self, connect: Connect) -> None:
        self.green = green()
        start, self._allocate_lock, simple_queue = _originals()
        self._make_queue = simple_queue
        self._queue = simple_queue()
        self._guard = self._allocate_lock()  # keeps "closed" and the queue's last job in step
        self._exited = self._allocate_lock()
        self._exited.acquire()
        self.closed = False
        self.before_commit: Callable[[], None] | None = None
        self.commits = 0
        self.conn: sqlite3.Connection | None = None
        self._failed: BaseException | None = None
        ready = self.waker()
        start(self._main, (connect, ready))
        ready.wait()
        if self._failed is not None:
            self._exited.acquire()
            raise self._failed

    def waker(self) -> Waker:
        return _HubWaker() if self.green else _ThreadWaker(self._allocate_lock)

    # -- the callers' side ---------------------------------------------------------------

    def submit(self, fn: Callable[[sqlite3.Connection], Any], lent: bool = False) -> Job:
        with self._guard:
            if self.closed:
                raise CannotSave("the database is closed")
            # Wakers only for a job that will run: a greenlet's waker keeps its loop alive
            # until the writer sets it.
            job = Job(fn, self.waker(), self.waker() if lent else None)
            self._queue.put(job)
        return job

    def wait(self, job: Job) -> Any:
        assert job.waker is not None
        job.waker.wait()
        return outcome(job)

    def call(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``fn(connection)`` on the writer; return its result once it is committed."""
        return self.wait(self.submit(fn))

    @contextmanager
    def lend(self) -> Iterator[sqlite3.Connection]:
        """The write connection for a block on the caller's thread, as one job of a batch.

        The writer waits while the block runs (so the block must only run SQL on the
        connection: a write through the store from inside it would wait for itself), then
        commits it with its batch. For tests and tools that write rows by hand.
        """
        back = self._make_queue()  # the block's outcome, for the writer: None or its error

        def block(db: sqlite3.Connection) -> None:
            error = back.get()
            if error is not None:
                raise error

        job = self.submit(block, lent=True)
        assert job.turn is not None
        try:
            job.turn.wait()
        except BaseException as err:
            back.put(err)  # the writer will find it when the job's turn comes
            raise
        if job.done:  # the batch failed before the job's turn: its error says why
            outcome(job)
        assert self.conn is not None
        try:
            yield self.conn
        except BaseException as err:
            back.put(err)
            self.wait(job)  # raises: the block's error, or CannotSave for a database error
            raise
        back.put(None)
        self.wait(job)

    def close(self) -> None:
        """Commit every job already handed in, close the connection and end the thread."""
        with self._guard:
            if self.closed:
                return
            self.closed = True
            stop = Job(None, self.waker())  # the last job: the thread ends after it
            self._queue.put(stop)
        assert stop.waker is not None
        stop.waker.wait()
        # The thread has nothing left to do but return: wait for it to be gone.
        self._exited.acquire()
        self._exited.release()

    def abandon(self) -> None:
        """End the thread when its store is garbage: nobody can hand it a job any more.
        (No lock: this may run inside the garbage collector, on any thread.)"""
        self.closed = True
        self._queue.put(Job(None, None))

    # -- the writer thread ----------------------------------------------------------------

    def _main(self, connect: Connect, ready: Waker) -> None:
        try:
            self.conn = connect()
        except BaseException as err:  # e.g. a file SQLite cannot open: the caller raises it
            self._failed = err
            ready.set()
            self._exited.release()
            return
        ready.set()
        stops: list[Job] = []
        while not stops:
            batch = [self._queue.get()]
            while True:
                try:
                    batch.append(self._queue.get_nowait())
                except queue.Empty:
                    break
            work = [job for job in batch if job.fn is not None]
            stops = [job for job in batch if job.fn is None]
            del batch  # hold no finished job (nor the store it refers to) while idle
            if work:
                self._commit(work)
            del work
        try:
            self.conn.close()
        except sqlite3.Error:
            pass
        for stop in stops:
            stop.finish()
        self._exited.release()

    def _commit(self, jobs: list[Job]) -> None:
        """Run ``jobs`` in one transaction, each in its own savepoint, and commit them."""
        conn = self.conn
        assert conn is not None
        pending = jobs
        while pending:
            ran: list[tuple[Job, Any]] = []
            try:
                conn.execute("BEGIN IMMEDIATE")
                for index, job in enumerate(pending):
                    conn.execute("SAVEPOINT job")
                    job.start()
                    try:
                        result = job.fn(conn)  # type: ignore[misc]
                    except BaseException as err:
                        job.finish(error=err)
                        if not conn.in_transaction:
                            # SQLite rolled the whole transaction back (it may, for a full
                            # disk or an I/O error): the jobs before this one lost their
                            # work too, through no fault of theirs. Run them again.
                            pending = self._again(ran) + pending[index + 1 :]
                            break
                        conn.execute("ROLLBACK TO job")
                        conn.execute("RELEASE job")
                    else:
                        conn.execute("RELEASE job")
                        ran.append((job, result))
                else:
                    if self.before_commit is not None:
                        self.before_commit()
                    conn.execute("COMMIT")
                    self.commits += 1
                    for job, result in ran:
                        job.finish(result)
                    return
            except BaseException as err:
                # BEGIN, a savepoint's bookkeeping or the COMMIT itself failed: nothing of
                # this batch stays, and every job of it not yet answered cannot be saved.
                if conn.in_transaction:
                    try:
                        conn.execute("ROLLBACK")
                    except sqlite3.Error:
                        pass
                for job in pending:
                    if not job.done:
                        # One error each: every caller raises its own, on its own thread.
                        failure = CannotSave(str(err))
                        failure.__cause__ = err
                        job.finish(error=failure)
                return

    @staticmethod
    def _again(ran: list[tuple[Job, Any]]) -> list[Job]:
        """The jobs of a batch SQLite rolled back, to run again; a lent block cannot be."""
        again = []
        for job, _ in ran:
            if job.rerun:
                again.append(job)
            else:
                job.finish(error=CannotSave("rolled back with the rest of its batch"))
        return again
