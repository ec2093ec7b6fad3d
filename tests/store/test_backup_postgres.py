"""Backups and restore on PostgreSQL: `companion backup` (pg_dump) while a real server takes
moves, `companion restore` (pg_restore) into a fresh database, and its refusals.

pg_dump and pg_restore come with the PostgreSQL the suite starts its cluster from (.ci/run
installs it): a missing one fails here rather than letting the test pass unseen.
"""

from __future__ import annotations

import http.cookiejar
import os
import shutil
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path

import pytest

from companion.store import migrations, pgdump
from companion.store.log import Store
from companion.store.snapshots import AFTER_GAME, BEFORE_UPGRADE

from ..e2e.conftest import Server, play_recorded
from .test_backup import HUNG, Tapping, companion, page, until, views

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def pg_tools() -> None:
    for tool in ("pg_dump", "pg_restore"):
        assert shutil.which(tool), f"{tool} is missing: apt-get install postgresql-client"


def _log(url: str) -> list[tuple]:
    store = Store(url)
    try:
        return store.query("SELECT table_id, seq, action FROM actions ORDER BY table_id, seq")
    finally:
        store.close()


def test_a_pg_dump_under_load_restores_into_a_fresh_database(tmp_path, pg_cluster, pg_tools):
    url, fresh = pg_cluster.create_database(), pg_cluster.create_database()
    live = Server(url).start()  # type: ignore[arg-type] - a URL where a file would go
    try:
        done, done_host, _players = play_recorded(live, "quorsum-2p-31", "done")
        claimed = live.api("POST", "/api/tables", {"game": "samurai-sword", "players": list("ABC")})
        seat_tokens = [
            live.api("POST", "/api/join", {"code": s["join_code"]})["token"]
            for s in claimed["seats"]
        ]
        with Tapping(live, claimed["id"], seat_tokens[0]) as tapping:
            backup = tmp_path / "club.dump"
            made = companion("backup", str(backup), "--db", url)
            tapping.more("moves acknowledged after the backup")
        acked = tapping.acked
        assert made.returncode == 0, made.stderr
        assert str(backup) in made.stdout and backup.read_bytes()[:5] == b"PGDMP"
        assert not tapping.failed
        tokens = [claimed["host_token"], *seat_tokens, None]
        saved_done = views(live, done, [done_host, None])
        saved = views(live, claimed["id"], tokens)
        plays = page(live.base, "/plays")
    finally:
        live.stop()

    restored = companion("restore", str(backup), "--db", fresh)
    assert restored.returncode == 0, restored.stderr
    # What the fresh database held was dumped beside the file first (never dropped unseen).
    [aside] = tmp_path.glob("before-restore-*.dump")
    assert str(aside) in restored.stdout
    again = Server(fresh).start()  # type: ignore[arg-type]
    try:
        assert views(again, done, [done_host, None]) == saved_done
        assert page(again.base, "/plays") == plays
        # The backup holds a consistent cut of the busy table: the same log up to its version.
        now = views(again, claimed["id"], tokens)
        assert acked[0] <= now[0]["version"] <= acked[-1]
        if now[0]["version"] == saved[0]["version"]:
            assert now == saved
        body = {"type": "adjust", "seat": 0, "counter": "hand", "delta": 1}
        moved = again.api("POST", f"/api/tables/{claimed['id']}/actions", body, seat_tokens[0])
        assert moved["version"] == now[0]["version"] + 1
    finally:
        again.stop()


def test_restore_refuses_a_truncated_dump_and_a_newer_releases_leaving_the_database(
    tmp_path, pg_cluster, pg_tools
):
    url = pg_cluster.create_database()
    store = Store(url)
    store.create_table("t1", "samurai-sword", ["A", "B", "C"], {}, 7, "host", ["a", "b", "c"])
    store.close()
    good = tmp_path / "good.dump"
    assert companion("backup", str(good), "--db", url).returncode == 0
    before = _log(url)

    truncated = tmp_path / "truncated.dump"
    truncated.write_bytes(good.read_bytes()[: good.stat().st_size // 2])
    said = companion("restore", str(truncated), "--db", url)
    assert said.returncode == 1 and "damaged" in said.stderr

    newer_db = pg_cluster.create_database()
    newer = Store(newer_db)
    with newer.transaction() as db:
        db.execute("INSERT INTO schema_version(step, name, applied) VALUES (999, 'future', 0)")
    newer.close()
    newer_dump = tmp_path / "newer.dump"
    assert companion("backup", str(newer_dump), "--db", newer_db).returncode == 0
    said = companion("restore", str(newer_dump), "--db", url)
    assert said.returncode == 1 and "newer release" in said.stderr and "999" in said.stderr
    assert _log(url) == before


def test_without_pg_dump_the_backup_says_how_to_install_it(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "companion.cli", "backup", "--db", "postgresql://tc:s3cret@db/x"],
        capture_output=True,
        text=True,
        timeout=HUNG,
        check=False,
        cwd=tmp_path,
        env={**os.environ, "PATH": str(tmp_path), "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 1
    assert "pg_dump is not installed" in done.stderr and "postgresql-client" in done.stderr
    assert "s3cret" not in done.stderr + done.stdout
    assert not list(tmp_path.iterdir())  # nothing half-made


def test_with_a_backups_folder_a_finished_game_leaves_a_pg_dump_snapshot(
    tmp_path, pg_cluster, pg_tools, monkeypatch
):
    url = pg_cluster.create_database()
    folder = tmp_path / "club-backups"
    monkeypatch.setenv("COMPANION_BACKUPS", str(folder))
    live = Server(url).start()  # type: ignore[arg-type] - a URL where a file would go
    try:
        done, _host, _players = play_recorded(live, "quorsum-2p-31", "done")
        name = url.rsplit("/", 1)[1]
        snapshot = until(
            lambda: sorted(folder.glob(f"{name}-*-{AFTER_GAME}.dump")),
            "a snapshot after the game's end",
        )[-1]
    finally:
        live.stop()
    assert pgdump.check(snapshot) == migrations.LATEST  # whole, Table Companion's, this release
    listing = subprocess.run(
        ["pg_restore", "--data-only", "--table=plays", "-f", "-", str(snapshot)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert done in listing  # the finished game's play is in it


def test_without_a_backups_folder_postgresql_takes_no_snapshot(pg_cluster, monkeypatch):
    monkeypatch.delenv("COMPANION_BACKUPS", raising=False)
    store = Store(pg_cluster.create_database())
    try:
        assert store.snapshots is None
    finally:
        store.close()


def test_an_upgrade_on_postgresql_is_snapshotted_once_however_many_processes_start(
    tmp_path, pg_cluster, pg_tools, monkeypatch
):
    url = pg_cluster.create_database()
    # A database the previous schema step left: every step but the last.
    with monkeypatch.context() as m:
        m.setattr(migrations, "STEPS", migrations.STEPS[:-1])
        Store(url).close()
    folder = tmp_path / "club-backups"
    monkeypatch.setenv("COMPANION_BACKUPS", str(folder))
    started: list[Store] = []
    # Two server processes start at once: the first to hold the upgrade snapshots and upgrades.
    threads = [threading.Thread(target=lambda: started.append(Store(url))) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(HUNG)
    try:
        assert sorted(len(s.schema_steps) for s in started) == [0, 1]
        [before] = folder.glob(f"*-{BEFORE_UPGRADE}.dump")
        assert pgdump.check(before) == migrations.LATEST - 1  # the database as it was
    finally:
        for store in started:
            store.close()


def test_the_owner_downloads_a_pg_dump_from_the_running_server(tmp_path, pg_cluster, pg_tools):
    # The real server (gevent): pg_dump waits cooperatively on the event loop's thread.
    url = pg_cluster.create_database()
    live = Server(url).start()  # type: ignore[arg-type] - a URL where a file would go
    try:
        port = live.base.rsplit(":", 1)[1]
        printed = companion("owner-link", "--db", url, "--port", port).stdout
        link = next(x.strip() for x in printed.splitlines() if "/owner/" in x)
        browser = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )
        browser.open(live.base + "/owner/" + link.split("/owner/", 1)[1], timeout=HUNG).close()
        with browser.open(live.base + "/owner/backup", timeout=HUNG) as reply:
            assert reply.headers["Content-Disposition"].endswith(".dump")
            data = reply.read()
    finally:
        live.stop()
    assert data[:5] == b"PGDMP"
    (tmp_path / "owner.dump").write_bytes(data)
    assert pgdump.check(tmp_path / "owner.dump") == migrations.LATEST
