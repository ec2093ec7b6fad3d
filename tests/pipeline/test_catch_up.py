"""Two apps on one PostgreSQL database, in one test process, standing in for two processes.

Each app has its own store (its own pool and listening connection) and its own tables in
memory. What one writes, the other must hear (NOTIFY), catch up on from the log, and show
exactly as a rebuild from the log would; a write from an old copy must never happen.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest

from companion import create_app
from companion.errors import Stale, Unauthorized
from companion.pipeline.tables import HOST, Tables, Viewer
from tests.fixtures.waits import eventually


def _app(url: str) -> Any:
    return create_app({"DATABASE": url, "TESTING": True, "PUBLIC_URL": "http://x"})


@pytest.fixture
def pair(pg_cluster: Any) -> Iterator[tuple[Tables, Tables]]:
    url = pg_cluster.create_database()
    one, two = _app(url), _app(url)
    yield one.extensions["tables"], two.extensions["tables"]
    one.extensions["store"].close()
    two.extensions["store"].close()
    pg_cluster.drop_database(url.rsplit("/", 1)[1])


def same_as_rebuilt(tables: Tables, table_id: str) -> None:
    loaded = tables.load(table_id)
    rebuilt = tables._rebuild(table_id)
    assert loaded.version == rebuilt.version
    assert loaded.state == rebuilt.state
    assert loaded.last_seq == rebuilt.last_seq

    # Rows a new action abandoned stay in memory flagged 2 (as after a local action); a
    # rebuild leaves them out. Everything that counts is the same.
    def counted(rows: list) -> list:
        return [(r.seq, r.undone) for r in rows if r.undone < 2]

    assert counted(loaded.rows) == counted(rebuilt.rows)
    assert (loaded.active_rows, loaded.undone_rows) == (rebuilt.active_rows, rebuilt.undone_rows)


def test_a_change_made_by_one_is_heard_and_applied_by_the_other(pair):
    one, two = pair
    created = one.create("samurai-sword", ["A", "B", "C", "D"], {})
    tid = created.id
    two.load(tid)  # the other process holds the table in memory, as a stream would
    woken = two.subscribe(tid)
    version, _ = one.act(tid, HOST, {"type": "adjust", "seat": 1, "counter": "honor", "delta": -1})
    assert woken.wait(60.0), "the other process's stream was not woken"
    assert two.load(tid).version == version
    same_as_rebuilt(two, tid)
    # A claim through the first is seen by the second: the new phone is known there at once.
    tid2, seat, token = one.claim(created.join_codes[2])
    assert two.viewer_for(tid, token) == Viewer("seat", 2)
    assert eventually(lambda: two.load(tid).version == one.load(tid).version)
    same_as_rebuilt(two, tid)
    woken.close()


def test_an_undo_made_elsewhere_is_followed_by_a_rebuild(pair):
    one, two = pair
    tid = one.create("samurai-sword", ["A", "B", "C", "D"], {}).id
    for delta in (-1, -1, 1):
        one.act(tid, HOST, {"type": "adjust", "seat": 0, "counter": "honor", "delta": delta})
    two.load(tid)
    one.undo(tid, HOST)
    assert eventually(lambda: two.load(tid).version == one.load(tid).version)
    same_as_rebuilt(two, tid)
    assert two.load(tid).undone_rows == 1
    # A new action elsewhere abandons the redo there too.
    one.act(tid, HOST, {"type": "adjust", "seat": 2, "counter": "honor", "delta": -1})
    assert eventually(lambda: two.load(tid).version == one.load(tid).version)
    same_as_rebuilt(two, tid)
    assert two.can_undo(two.load(tid))[1] is False


def test_a_write_from_an_old_copy_is_refused_and_made_again_on_the_new_one(pair):
    one, two = pair
    tid = one.create("samurai-sword", ["A", "B", "C", "D"], {}).id
    one.act(tid, HOST, {"type": "adjust", "seat": 0, "counter": "honor", "delta": -1})
    assert eventually(lambda: two.load(tid).version == one.load(tid).version)
    # The second process's copy falls behind (as if the notification were still on its way).
    two.store.backend._listener.stop()
    time.sleep(1.2)
    one.act(tid, HOST, {"type": "adjust", "seat": 1, "counter": "honor", "delta": -1})
    held = two.load(tid)
    newest = one.load(tid).version
    assert held.version == newest - 1
    with pytest.raises(Stale):
        two.store.append(tid, held.next_seq, None, {"type": "adjust"}, [], expected=held.version)
    # Through the pipeline the refusal is caught: it catches up and writes on the new copy.
    version, _ = two.act(tid, HOST, {"type": "adjust", "seat": 2, "counter": "honor", "delta": -1})
    assert version == newest + 1
    same_as_rebuilt(two, tid)
    honor = two.load(tid).state["honor"]
    rebuilt = one._rebuild(tid).state["honor"]
    assert honor == rebuilt


def test_after_a_lost_connection_every_table_in_memory_catches_up(pair):
    one, two = pair
    tid = one.create("samurai-sword", ["A", "B", "C", "D"], {}).id
    two.load(tid)
    two.store.backend._listener.stop()
    time.sleep(1.2)  # no longer listening: the next change is not heard
    one.act(tid, HOST, {"type": "adjust", "seat": 0, "counter": "honor", "delta": -1})
    time.sleep(0.2)
    assert two.load(tid).version < one.load(tid).version
    two.resync()  # what the listener does once it has reconnected
    assert two.load(tid).version == one.load(tid).version
    same_as_rebuilt(two, tid)


def test_two_tables_never_wait_for_each_other(pair):
    one, two = pair
    busy = one.create("samurai-sword", ["A", "B", "C", "D"], {}).id
    free = one.create("samurai-sword", ["A", "B", "C", "D"], {}).id
    done = threading.Event()

    def act_on_the_free_table() -> None:
        two.act(free, HOST, {"type": "adjust", "seat": 0, "counter": "honor", "delta": -1})
        done.set()

    # One process holds the busy table's row (a write in progress there); the other's write
    # to another table goes through meanwhile, and its write to the busy one waits its turn.
    with one.store.locked(busy):
        worker = threading.Thread(target=act_on_the_free_table)
        worker.start()
        assert done.wait(5.0), "a write to one table waited for another table's lock"
        blocked = threading.Thread(
            target=two.act,
            args=(busy, HOST, {"type": "adjust", "seat": 1, "counter": "honor", "delta": -1}),
        )
        blocked.start()
        blocked.join(0.5)
        assert blocked.is_alive(), "a write went through while another process held the row"
    blocked.join(5.0)
    assert not blocked.is_alive()
    assert two.load(busy).version == one.load(busy).version or eventually(
        lambda: two.load(busy).version == one.load(busy).version
    )
    worker.join()


def test_a_play_deleted_through_one_process_is_a_404_in_the_other(pg_cluster):
    from companion.games import GAMES
    from companion.games.example import GAME as TALLY

    from ..fixtures.tables import tally
    from ..web.test_plays import owner_client

    GAMES.setdefault(TALLY.id, TALLY)
    url = pg_cluster.create_database()
    one, two = _app(url), _app(url)
    try:
        done = tally(one.extensions["tables"], ["Ann", "Bo"], [3, 10])
        other = two.test_client()
        # The second process serves the table and its play from memory, as a stream would.
        assert other.get(f"/t/{done.id}").status_code == 200
        assert other.get(f"/plays/{done.id}").status_code == 200
        woken = two.extensions["tables"].subscribe(done.id)
        owner = owner_client(one)
        token = owner.get("/owner").text.split('name="csrf-token" content="')[1].split('"')[0]
        reply = owner.post(f"/plays/{done.id}/delete", data={"csrf_token": token})
        assert reply.status_code == 303
        assert woken.wait(60.0), "the other process did not hear of the delete"
        woken.close()
        for path in (f"/t/{done.id}", f"/plays/{done.id}", f"/api/tables/{done.id}"):
            assert other.get(path).status_code == 404, path
    finally:
        one.extensions["store"].close()
        two.extensions["store"].close()
        GAMES.pop(TALLY.id, None)
        pg_cluster.drop_database(url.rsplit("/", 1)[1])


def test_a_seat_given_a_new_code_through_one_process_is_refused_by_the_other_every_time(pair):
    one, two = pair
    created = one.create("samurai-sword", ["A", "B", "C", "D"], {})
    tid, code = created.id, created.join_codes[1]
    # The second process hears nothing more: every notification is as if still on its way.
    two.store.backend._listener.stop()
    for attempt in range(30):
        _, _, token = one.claim(code)
        phone = two.viewer_for(tid, token)  # the request, authenticated before the re-issue
        two.act(tid, phone, {"type": "set_daimyo", "n": attempt % 3})
        assert two.viewer_for(tid, token) == Viewer("seat", 1)  # held in its memory now
        code = one.reissue(tid, HOST, 1)
        # Its read is refused, with the reason the old phone may know.
        with pytest.raises(Unauthorized) as read:
            two.viewer_for(tid, token)
        assert read.value.code == "seat_reissued"
        # Its action is refused inside the write, and changes nothing.
        before = one.store.version(tid)
        with pytest.raises(Unauthorized) as acted:
            two.act(tid, phone, {"type": "set_daimyo", "n": 3})
        assert acted.value.code == "seat_reissued"
        with pytest.raises(Unauthorized):
            two.undo(tid, phone)
        assert one.store.version(tid) == before
    assert all(row.action.get("n") != 3 for row in one.store.actions(tid))
    same_as_rebuilt(two, tid)
