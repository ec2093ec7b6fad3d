"""The web's per-version cache: computed once per table version and key, dropped when the
version moves, and gone with the table when it leaves memory."""

from __future__ import annotations

import gc

from flask import Flask

from companion.tables import HOST, Tables
from companion.web.cache import Renders


def new_table(tables: Tables) -> str:
    return tables.create("tally", ["Ann", "Bo"], {}).id


def test_a_value_is_made_once_per_version_and_again_when_the_version_moves(app: Flask) -> None:
    tables: Tables = app.extensions["tables"]
    table_id = new_table(tables)
    renders, made = Renders(), []

    def make() -> int:
        made.append(1)
        return len(made)

    loaded = tables.load(table_id)
    assert renders.memo(loaded, "k", make) == renders.memo(loaded, "k", make) == 1
    assert renders.memo(loaded, "other", make) == 2
    tables.act(table_id, HOST, {"type": "add", "seat": 0, "n": 1})
    assert renders.memo(loaded, "k", make) == 3
    assert renders.memo(loaded, "k", make) == 3


def test_a_seats_view_is_the_shared_public_view_plus_its_own_part(app: Flask) -> None:
    tables: Tables = app.extensions["tables"]
    loaded = tables.load(new_table(tables))
    renders = Renders()
    public, seat = renders.view(loaded, None), renders.view(loaded, 1)
    assert seat == loaded.game.view(loaded.state, 1) and "me" not in public
    assert renders.view(loaded, 1) is seat


def test_what_was_kept_for_a_table_leaves_memory_with_it(app: Flask) -> None:
    tables: Tables = app.extensions["tables"]
    renders = Renders()
    ids = [new_table(tables) for _ in range(3)]
    for table_id in ids:
        renders.memo(tables.load(table_id), "view", lambda: {"big": "x" * 1000})
    assert len(renders) == 3
    tables.max_cached = 1
    tables.load(ids[-1])
    tables._evict()
    gc.collect()
    assert tables.cached() == 1
    assert len(renders) == 1
