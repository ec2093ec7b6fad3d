"""A table's per-version memo: computed once per table version and key, dropped when the
version moves, and gone with the table when it leaves memory."""

from __future__ import annotations

import gc
import weakref

from flask import Flask

from companion.pipeline.tables import HOST, Tables


def new_table(tables: Tables) -> str:
    return tables.create("tally", ["Ann", "Bo"], {}).id


def test_a_value_is_made_once_per_version_and_again_when_the_version_moves(app: Flask) -> None:
    tables: Tables = app.extensions["tables"]
    table_id = new_table(tables)
    made: list[int] = []

    def make() -> int:
        made.append(1)
        return len(made)

    loaded = tables.load(table_id)
    assert loaded.memo("k", make) == loaded.memo("k", make) == 1
    assert loaded.memo("other", make) == 2
    tables.act(table_id, HOST, {"type": "add", "seat": 0, "n": 1})
    assert loaded.memo("k", make) == 3
    assert loaded.memo("k", make) == 3


def test_a_seats_view_is_the_shared_public_view_plus_its_own_part(app: Flask) -> None:
    tables: Tables = app.extensions["tables"]
    loaded = tables.load(new_table(tables))
    public, seat = loaded.view(None), loaded.view(1)
    assert seat == loaded.game.view(loaded.state, 1) and "me" not in public
    assert loaded.view(1) is seat


def test_what_was_kept_for_a_table_leaves_memory_with_it(app: Flask) -> None:
    tables: Tables = app.extensions["tables"]
    ids = [new_table(tables) for _ in range(3)]
    kept = []
    for table_id in ids:
        value = tables.load(table_id).memo("view", lambda: Big("x" * 1000))
        kept.append(weakref.ref(value))
    tables.max_cached = 1
    tables.load(ids[-1])
    tables._evict()
    gc.collect()
    assert tables.cached() == 1
    assert [ref() is not None for ref in kept] == [False, False, True]


class Big:
    """A value a weak reference can follow."""

    def __init__(self, text: str) -> None:
        self.text = text
