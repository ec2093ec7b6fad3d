"""The owner downloads a backup from the owner's page; nobody else can.

On SQLite the download is a database file that opens whole, with the same tables; on
PostgreSQL it is pg_dump's custom format (``tests/store/test_backup_postgres.py`` restores
one).
"""

from __future__ import annotations

import re
import sqlite3
import tempfile
from pathlib import Path

from flask import Flask

from ..fixtures.tables import tally
from .test_owner import stranger
from .test_plays import host_client, owner_client


def test_the_owner_downloads_a_consistent_dated_backup(app: Flask, store_kind: str, tmp_path):
    tables = app.extensions["tables"]
    played = tally(tables, ["Ann", "Bo"], [10, 5])
    for lang, label in (("en", "Download a backup"), ("zh-TW", "下載備份")):
        device = owner_client(app, lang)
        assert label in device.get("/owner").get_data(as_text=True)
    reply = device.get("/owner/backup")
    assert reply.status_code == 200
    disposition = reply.headers["Content-Disposition"]
    assert re.fullmatch(
        r"attachment; filename=table-companion-\d{4}-\d\d-\d\d-\d{4}\.(db|dump)", disposition
    )
    assert reply.headers["Cache-Control"] == "no-store" and "Expires" not in reply.headers
    data = reply.get_data()
    reply.close()  # as a WSGI server does once it has sent the file
    if store_kind != "sqlite":
        assert data[:5] == b"PGDMP" and disposition.endswith(".dump")
        return
    copy = tmp_path / "downloaded.db"
    copy.write_bytes(data)
    with sqlite3.connect(copy) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        ids = {r[0] for r in conn.execute("SELECT id FROM tables")}
        played_rows = conn.execute("SELECT count(*) FROM plays WHERE table_id=?", (played.id,))
        assert played_rows.fetchone()[0] == 1
    conn.close()
    assert ids == {r[0] for r in tables.store.query("SELECT id FROM tables")}
    # Nothing is left behind in the temporary folder.
    assert not list(Path(tempfile.gettempdir()).glob(".download-*"))


def test_a_seat_a_host_and_a_stranger_get_no_backup(app: Flask):
    tables = app.extensions["tables"]
    created = tables.create("quorsum", ["Ann", "Bo"], {})
    phone = app.test_client()
    assert phone.get(f"/join/{created.join_codes[0]}").status_code in (302, 303)
    host = host_client(app, created)
    device, _token = stranger(app)
    for who, status in ((phone, 401), (host, 403), (device, 403), (app.test_client(), 401)):
        reply = who.get("/owner/backup", headers={"Accept-Language": "zh-TW"})
        assert reply.status_code == status
        assert "Content-Disposition" not in reply.headers
        assert "伺服器的擁有者" in reply.get_data(as_text=True)
