"""The schema's numbered steps: the same on SQLite and PostgreSQL, applied once, in order."""

from __future__ import annotations

import shutil
import time
import traceback
from pathlib import Path

import pytest

from companion.errors import CannotSave
from companion.store import migrations
from companion.store.log import Store

FIXTURE = Path(__file__).parents[1] / "fixtures" / "db" / "release-2026-11.sqlite"


def schema(store: Store) -> dict[str, set[str]]:
    """Every table of the store and its columns."""
    with store.transaction() as db:
        found: dict[str, set[str]] = {}
        for table in _tables(db, store.dialect):
            found[table] = migrations.columns(db, table, store.dialect)
    return found


def _tables(db, dialect: str) -> list[str]:  # noqa: ANN001 - either database's connection
    if dialect == migrations.POSTGRESQL:
        sql = "SELECT table_name FROM information_schema.tables WHERE table_schema=current_schema()"
    else:
        sql = "SELECT name FROM sqlite_master WHERE type='table'"
    return sorted(r[0] for r in db.execute(sql).fetchall())


def steps(store: Store) -> list[tuple[int, str]]:
    return [tuple(r) for r in store.query("SELECT step, name FROM schema_version ORDER BY step")]


def test_a_new_database_gets_every_step_once(tmp_path):
    store = Store(tmp_path / "new.db")
    assert store.schema_steps == list(range(1, migrations.LATEST + 1))
    assert steps(store) == [(n, name) for n, (name, _) in enumerate(migrations.STEPS, start=1)]
    store.close()
    again = Store(tmp_path / "new.db")
    assert again.schema_steps == []  # nothing left to do
    assert len(steps(again)) == migrations.LATEST
    again.close()


def test_the_previous_release_is_upgraded_to_the_same_schema_as_a_new_database(tmp_path):
    shutil.copy(FIXTURE, tmp_path / "old.db")
    old = Store(tmp_path / "old.db")
    new = Store(tmp_path / "new.db")
    # It had no step table: every step ran, each finding part of its work done.
    assert old.schema_steps == list(range(1, migrations.LATEST + 1))
    assert schema(old) == schema(new)
    assert old.integrity() == "ok"
    old.close()
    new.close()


def test_a_database_from_a_newer_release_is_refused_with_a_reason(tmp_path):
    store = Store(tmp_path / "future.db")
    with store.transaction() as db:
        db.execute(
            "INSERT INTO schema_version(step, name, applied) VALUES (?, 'from the future', 0)",
            (migrations.LATEST + 1,),
        )
    store.close()
    with pytest.raises(RuntimeError, match="newer release"):
        Store(tmp_path / "future.db")


def test_postgresql_gets_the_same_steps_and_the_same_tables_and_columns(tmp_path, pg_cluster):
    url = pg_cluster.create_database()
    try:
        pg = Store(url)
        assert pg.schema_steps == list(range(1, migrations.LATEST + 1))
        lite = Store(tmp_path / "same.db")
        assert steps(pg) == steps(lite)
        assert schema(pg) == schema(lite)
        pg.close()
        again = Store(url)
        assert again.schema_steps == []
        # 63-bit seeds and timestamps to the microsecond fit, as in SQLite.
        codes = ["c" * 32, "d" * 32]
        again.create_table("t1", "samurai-sword", ["A", "B"], {}, 2**62 + 7, "h", codes)
        seed = again.query("SELECT seed FROM tables WHERE id=?", ("t1",))[0][0]
        assert seed == 2**62 + 7
        created = again.query("SELECT created FROM tables WHERE id=?", ("t1",))[0][0]
        assert abs(created - time.time()) < 60  # a single-precision column would be ~100 s off
        again.close()
        lite.close()
    finally:
        pg_cluster.drop_database(url.rsplit("/", 1)[1])


def test_the_database_url_is_never_shown_with_its_password():
    from companion.store.postgres import shown

    assert (
        shown("postgresql://tc:s3cret@db.local:5432/games") == "postgresql://tc@db.local:5432/games"
    )
    assert "s3cret" not in shown("postgres://:s3cret@db/games")


def test_a_refused_write_on_postgresql_names_no_value(pg_cluster):
    # PostgreSQL quotes the values a constraint refused ("Key (join_code)=(...)"): a seat's
    # code must reach neither a log line nor a traceback.
    url = pg_cluster.create_database()
    try:
        store = Store(url)
        code = "secret-join-code-" + "x" * 16
        store.create_table("t1", "samurai-sword", ["A", "B"], {}, 1, "h", [code, "d" * 32])
        with pytest.raises(CannotSave) as refused:
            store.create_table("t2", "samurai-sword", ["A", "B"], {}, 1, "h", [code, "e" * 32])
        shown = "".join(traceback.format_exception(refused.value))
        assert "UniqueViolation" in shown and code not in shown
        store.close()
    finally:
        pg_cluster.drop_database(url.rsplit("/", 1)[1])
