"""A database the server may only read: it starts, shows what is saved, refuses changes.

Tests run as root, for whom file modes do not stop writes; the file (and its folder) are
made immutable instead (``chattr +i``), which refuses every write, root's included, as a
read-only mount or a file of another user does.
"""

from __future__ import annotations

import json
import subprocess
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from companion import create_app
from companion.store import migrations
from companion.store.log import Store

from .spawn import serve
from .test_serve_host import first_stderr_lines


@contextmanager
def frozen(*paths: Path) -> Iterator[None]:
    """``paths`` refuse every write while the block runs."""
    done = []
    try:
        for path in paths:
            if subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode:
                pytest.skip("this file system cannot make a file immutable")
            done.append(path)
        yield
    finally:
        for path in reversed(done):
            subprocess.run(["chattr", "-i", str(path)], check=True)


def saved_game(db: Path) -> dict[str, Any]:
    """A table with one change, saved in ``db``: (its id, host token, and host's view)."""
    app = create_app({"DATABASE": str(db), "TESTING": True, "PUBLIC_URL": "http://x"})
    client = app.test_client()
    table = client.post(
        "/api/tables", json={"game": "samurai-sword", "players": ["Ann", "Bo", "Cy"]}
    ).get_json()
    auth = {"Authorization": f"Bearer {table['host_token']}"}
    change = {"type": "adjust", "seat": 1, "counter": "honor", "delta": -1}
    assert (
        client.post(f"/api/tables/{table['id']}/actions", json=change, headers=auth).status_code
        == 200
    )
    view = client.get(f"/api/tables/{table['id']}", headers=auth).get_json()
    app.extensions["store"].close()
    return {"id": table["id"], "auth": auth, "view": view}


@pytest.mark.parametrize("frozen_parts", ["file", "folder", "file-and-folder"])
def test_a_read_only_database_serves_what_is_saved_and_refuses_changes_clearly(
    tmp_path: Path, frozen_parts: str
):
    db = tmp_path / "games" / "companion.db"
    saved = saved_game(db)
    parts = {"file": [db], "folder": [db.parent], "file-and-folder": [db, db.parent]}
    with frozen(*parts[frozen_parts]):
        app = create_app({"DATABASE": str(db), "TESTING": True, "PUBLIC_URL": "http://x"})
        try:
            assert app.extensions["store"].read_only
            client = app.test_client()
            table = f"/api/tables/{saved['id']}"
            assert client.get(table, headers=saved["auth"]).get_json() == saved["view"]
            assert client.get(f"/t/{saved['id']}").status_code == 200
            assert client.get("/plays").status_code == 200
            change = {"type": "adjust", "seat": 2, "counter": "honor", "delta": -1}
            for reply in (
                client.post(f"{table}/actions", json=change, headers=saved["auth"]),
                client.post(
                    "/api/tables",
                    json={"game": "samurai-sword", "players": ["A", "B", "C"]},
                    headers={"Accept-Language": "zh-TW"},
                ),
            ):
                assert reply.status_code == 503
                error = reply.get_json()["error"]
                assert error["code"] == "read_only"
            assert (
                "read-only"
                in client.post(f"{table}/actions", json=change, headers=saved["auth"]).get_json()[
                    "error"
                ]["message"]
            )
            assert "唯讀" in error["message"]  # in the viewer's language
            assert client.get(table, headers=saved["auth"]).get_json() == saved["view"]
        finally:
            app.extensions["store"].close()
    # Nothing of it was written: the file opens as it was.
    again = create_app({"DATABASE": str(db), "TESTING": True, "PUBLIC_URL": "http://x"})
    try:
        reply = again.test_client().get(f"/api/tables/{saved['id']}", headers=saved["auth"])
        assert reply.get_json() == saved["view"]
    finally:
        again.extensions["store"].close()


def test_serve_starts_on_a_read_only_database_and_says_so_in_one_line(tmp_path: Path):
    db = tmp_path / "companion.db"
    saved = saved_game(db)
    with frozen(db, tmp_path):
        server = serve(db, "--quiet")
        try:
            request = urllib.request.Request(
                f"{server.base}/api/tables/{saved['id']}", headers=saved["auth"]
            )
            with urllib.request.urlopen(request, timeout=10) as reply:
                assert json.loads(reply.read()) == saved["view"]
        finally:
            log = server.stop()
    said = [line for line in log.splitlines() if "read-only" in line]
    assert said == [
        f"The database {db} is read-only: its games are shown as saved, and every change"
        " is refused."
    ]
    assert "Traceback" not in log


def test_a_read_only_database_that_needs_an_upgrade_refuses_to_start_in_one_line(
    tmp_path: Path,
):
    db = tmp_path / "companion.db"
    store = Store(db)
    with store.transaction() as conn:  # as a database from the release before the last step
        conn.execute("DELETE FROM schema_version WHERE step=?", (migrations.LATEST,))
    store.close()
    with frozen(db, tmp_path):
        err = first_stderr_lines(str(db))
    assert "Traceback" not in err
    (line,) = [line for line in err.splitlines() if not line.startswith("WARNING")]
    assert line == (
        f"companion: The database {db} is read-only and needs an upgrade to this release"
        f" (schema step {migrations.LATEST - 1} of {migrations.LATEST}): make it writable"
        " for one start, or open it with the release that saved it."
    )
