"""Who may change the archive on a shared server: a play's own host, the server's owner, and
nobody else (docs/security.md).

A stranger who creates a throwaway table of its own holds a real host token, of that table
only: it gets nothing over another group's plays, players or archive. The owner (whoever
started the server, through its owner link) may do everything, and alone merges spellings,
imports archives and deletes imported plays. A merge asks first and can be undone.
"""

from __future__ import annotations

import dataclasses
import io
import json

from flask import Flask
from flask.testing import FlaskClient

from companion.after import archive
from companion.pipeline import owner

from ..conftest import csrf
from ..fixtures.tables import tally, two_spellings
from .test_plays import host_client, owner_client, rows_of, text

ZH = {"Accept-Language": "zh-TW"}


def stranger(app: Flask) -> tuple[FlaskClient, str]:
    """A device that made a throwaway table of its own (it holds that table's host token),
    and its session's CSRF token."""
    own = app.extensions["tables"].create("quorsum", ["Eve", "Mal"], {})
    device = host_client(app, own)
    return device, csrf(device.get("/plays").text)


def import_one(app: Flask, players: list[str], play_id: str = "from-elsewhere") -> str:
    """An imported play in the archive (as if from another server's export); its id here."""
    tables = app.extensions["tables"]
    done = tally(tables, players, [10] + [1] * (len(players) - 1))
    played = archive.play(tables, done.id)
    assert played is not None
    archive.imported(tables, [dataclasses.replace(played, table_id=play_id)], 0.0)
    tables.delete(done.id)  # only the imported copy stays
    return archive.imported_id(play_id)


def snapshot(app: Flask, table_ids: list[str]) -> tuple:
    tables = app.extensions["tables"]
    return (
        [rows_of(tables, t) for t in table_ids],
        [(p.table_id, p.hidden) for p in archive.plays(tables, hidden=True)],
        archive.aliases(tables),
    )


def test_a_strangers_throwaway_table_grants_nothing_over_another_groups_plays(app):
    tables = app.extensions["tables"]
    theirs, _ = two_spellings(tables)
    imported = import_one(app, ["Cy", "Di"])
    device, token = stranger(app)
    before = snapshot(app, [theirs.id])
    form = {"csrf_token": token}
    merge = {**form, "spelling": "Annie", "into": "Ann"}
    for path, data in (
        (f"/plays/{theirs.id}/archive", form),
        (f"/plays/{theirs.id}/restore", form),
        (f"/plays/{theirs.id}/delete", form),
        (f"/plays/{imported}/delete", form),
        ("/plays/players/merge", merge),
        ("/plays/players/unmerge", {**form, "alias": "annie"}),
    ):
        reply = device.post(path, data=data, headers=ZH)
        assert reply.status_code == 403, path
        assert "伺服器的擁有者" in text(reply), path
    upload = {**form, "file": (io.BytesIO(b'{"plays": []}'), "plays.json")}
    reply = device.post("/plays/import", data=upload, content_type="multipart/form-data")
    assert reply.status_code == 403
    for path in (f"/plays/{theirs.id}/delete", "/plays/players/merge?spelling=Annie&into=Ann"):
        assert device.get(path).status_code == 403
    assert device.get("/owner").status_code == 403
    assert snapshot(app, [theirs.id]) == before
    # Nor does it see a button it may not use.
    assert "Delete" not in text(device.get(f"/plays/{theirs.id}"))
    assert "Merge" not in text(device.get("/plays/players"))


def test_the_plays_own_host_archives_restores_and_deletes_it_and_nothing_else(app):
    tables = app.extensions["tables"]
    mine = tally(tables, ["Ann", "Bo"], [3, 10])
    other = tally(tables, ["Cy", "Di"], [10, 2])
    host = host_client(app, mine)
    token = csrf(host.get("/plays").text)
    assert host.post(f"/plays/{mine.id}/archive", data={"csrf_token": token}).status_code == 303
    assert archive.play(tables, mine.id).hidden
    assert host.post(f"/plays/{mine.id}/restore", data={"csrf_token": token}).status_code == 303
    assert not archive.play(tables, mine.id).hidden
    assert host.post(f"/plays/{other.id}/delete", data={"csrf_token": token}).status_code == 403
    assert host.post(f"/plays/{mine.id}/delete", data={"csrf_token": token}).status_code == 303
    assert archive.play(tables, mine.id) is None and archive.play(tables, other.id) is not None


def test_the_owner_changes_any_play_imports_and_deletes_an_imported_play(app):
    tables = app.extensions["tables"]
    theirs = tally(tables, ["Ann", "Bo"], [3, 10])
    imported = import_one(app, ["Cy", "Di"])
    device = owner_client(app, "zh-TW")
    page = device.get("/owner")
    assert page.status_code == 200
    shown = text(page)
    assert "伺服器的擁有者" in shown and "匯入的對局" in shown and "合併名字寫法" in shown
    token = csrf(page.text)
    for what in ("archive", "restore"):
        reply = device.post(f"/plays/{theirs.id}/{what}", data={"csrf_token": token})
        assert reply.status_code == 303
    # The owner sees the controls of every play, an imported one's too.
    assert text(device.get(f"/plays/{imported}")).count("刪除") == 1
    assert device.get(f"/plays/{imported}/delete").status_code == 200
    reply = device.post(f"/plays/{imported}/delete", data={"csrf_token": token})
    assert reply.status_code == 303
    assert archive.play(tables, imported) is None
    assert tables.store.query("SELECT count(*) FROM imported_plays")[0][0] == 0
    reply = device.post(f"/plays/{theirs.id}/delete", data={"csrf_token": token})
    assert reply.status_code == 303
    assert set(rows_of(tables, theirs.id).values()) == {0}
    body = json.dumps({"format": "table-companion-archive", "version": 1, "plays": []}).encode()
    reply = device.post(
        "/plays/import",
        data={"csrf_token": token, "file": (io.BytesIO(body), "plays.json")},
        content_type="multipart/form-data",
    )
    assert reply.status_code == 200 and reply.get_json()["imported"] == 0


def test_a_merge_asks_first_then_merges_and_its_undo_restores_the_records(app):
    tables = app.extensions["tables"]
    two_spellings(tables)
    device = owner_client(app)
    before = text(device.get("/plays/players"))
    ask = device.get("/plays/players/merge?spelling=Annie&into=Ann")
    assert ask.status_code == 200
    asked = text(ask)
    assert "Merge two spellings?" in asked
    assert "Annie 1 play · 1 win" in asked and "Ann 1 play · 0 wins" in asked
    assert "After the merge Ann 2 plays · 1 win" in asked
    assert archive.aliases(tables) == {}  # asking changes nothing
    form = {"csrf_token": csrf(ask.text), "spelling": "Annie", "into": "Ann"}
    assert device.post("/plays/players/merge", data=form).status_code == 303
    merged = text(device.get("/plays/players"))
    assert "Ann 2 plays · 1 win" in merged and "“annie” counts as Ann Undo" in merged
    undo = {"csrf_token": csrf(ask.text), "alias": "annie"}
    assert device.post("/plays/players/unmerge", data=undo).status_code == 303
    assert text(device.get("/plays/players")) == before
    assert device.post("/plays/players/unmerge", data=undo).status_code == 404


def test_undoing_one_merge_of_a_chain_keeps_the_others_as_they_were(app):
    tables = app.extensions["tables"]
    tally(tables, ["Ann", "Annie", "A."], [10, 1, 2])
    archive.merge(tables, "A.", "Annie")
    archive.merge(tables, "Annie", "Ann")
    assert archive.aliases(tables) == {"a.": "Ann", "annie": "Ann"}
    archive.unmerge(tables, "Annie")
    assert archive.aliases(tables) == {"a.": "Annie"}
    # A merge that would close a loop is refused.
    archive.merge(tables, "Annie", "Ann")
    for spelling, into in (("Ann", "A."), ("Ann", "Annie")):
        try:
            archive.merge(tables, spelling, into)
            raise AssertionError("a loop of merges was stored")
        except archive.BadInput:
            pass


def test_the_owner_link_marks_the_session_and_a_new_link_ends_the_old_one(app):
    store = app.extensions["store"]
    first = owner.issue(store)
    assert len(first) >= 22  # at least 128 random bits, URL-safe
    assert first not in str(store.query("SELECT value FROM meta"))  # only its digest is kept
    device = app.test_client()
    reply = device.get(f"/owner/{first}")
    assert reply.status_code == 303 and reply.headers["Location"].endswith("/owner")
    cookie = reply.headers["Set-Cookie"]
    assert "HttpOnly" in cookie and first not in cookie
    assert device.get("/owner").status_code == 200
    second = owner.issue(store)
    assert device.get("/owner").status_code == 403  # the old link's session ends with it
    assert app.test_client().get(f"/owner/{first}").status_code == 403
    assert app.test_client().get("/owner").status_code == 401
    assert device.get(f"/owner/{second}").status_code == 303
    assert device.get("/owner").status_code == 200
