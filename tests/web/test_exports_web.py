"""Exports through the app: the end screen's links, downloads in the viewer's language, a
seat's receipt for that seat's phone alone, and an archive moved from one server to another.
"""

from __future__ import annotations

import io
import json
import re
from html import unescape
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion import create_app
from companion.after import archive
from companion.games import GAMES
from companion.games.example import GAME as TALLY
from companion.pipeline import owner
from companion.pipeline.seat_notes import write as write_notes
from companion.pipeline.tables import HOST

from ..conftest import csrf
from ..fixtures.plays import castle_result

ZH = {"Accept-Language": "zh-TW"}


def finish(app: Flask, table_id: str, scores: list[int]) -> None:
    """Play Tally to its end through the pipeline (the winner's 10 added last)."""
    tables = app.extensions["tables"]
    winner = scores.index(10)
    for seat in sorted(range(len(scores)), key=lambda s: s == winner):
        left = scores[seat]
        while left > 0:
            tables.act(
                table_id, HOST, {"type": "add", "seat": seat, "n": min(5, left), "confirm": True}
            )
            left -= 5


def new_table(app: Flask, players: list[str]) -> dict:
    reply = app.test_client().post("/api/tables", json={"game": "tally", "players": players})
    assert reply.status_code == 201, reply.json
    return reply.json


def host_device(app: Flask, created: dict) -> FlaskClient:
    device = app.test_client()
    reply = device.get(f"/host/{created['id']}/{created['host_token']}")
    assert reply.status_code in (302, 303)
    return device


def phone(app: Flask, created: dict, seat: int) -> FlaskClient:
    device = app.test_client()
    reply = device.get(urlsplit(created["seats"][seat]["join_url"]).path)
    assert reply.status_code in (302, 303)
    return device


@pytest.fixture
def done(app: Flask) -> dict:
    created = new_table(app, ["Ann", "小明", "Cy"])
    finish(app, created["id"], [3, 10, 6])
    write_notes(app.extensions["store"], created["id"], 0, "ANN-SECRET Cy bluffs")
    write_notes(app.extensions["store"], created["id"], 1, "MING-SECRET I hold the 7")
    return created


def bgstats_data(device: FlaskClient, html: str, headers: dict | None = None) -> dict:
    """The play the page's BG Stats link sends on to BG Stats, as that device opens it."""
    match = re.search(r'href="(/plays/[^"/]+/bgstats)"', html)
    assert match, "no BG Stats link"
    reply = device.get(unescape(match.group(1)), headers=headers or {})
    assert reply.status_code == 303
    target = reply.headers["Location"]
    assert target.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    return json.loads(parse_qs(urlsplit(target).query)["data"][0])


# -- the end screen ---------------------------------------------------------------------------


def test_the_hosts_end_screen_offers_bg_stats_csv_json_and_print(app, done):
    host = host_device(app, done)
    html = host.get(f"/t/{done['id']}").get_data(as_text=True)
    table_id = done["id"]
    assert f'href="/plays/{table_id}/export.csv"' in html
    assert f'href="/plays/{table_id}/export.json"' in html
    if "plays.sheet" in app.view_functions:
        assert f'href="/plays/{table_id}"' in html
    data = bgstats_data(host, html)
    assert data["sourcePlayId"] == table_id and data["sourceName"] == "Table Companion"
    assert [(p["name"], p["rank"], p["winner"], p["score"]) for p in data["players"]] == [
        ("Ann", 3, False, 3),
        ("小明", 1, True, 10),
        ("Cy", 2, False, 6),
    ]
    assert data["game"]["sourceGameId"] == "tally" and "bggId" not in data["game"]
    assert "Someone reached 10 points" in data["comments"]
    assert "receipt" not in html


def test_the_bg_stats_link_speaks_the_hosts_language(app, done):
    host = host_device(app, done)
    html = host.get(f"/t/{done['id']}", headers=ZH).get_data(as_text=True)
    assert "有人達到 10 分" in bgstats_data(host, html, ZH)["comments"]
    assert "儲存我的收據" not in html


def test_the_public_screen_and_a_running_table_show_no_export_buttons(app, done):
    public = app.test_client().get(f"/t/{done['id']}").get_data(as_text=True)
    assert "export.csv" not in public and "/bgstats" not in public
    running = new_table(app, ["Di", "Eve"])
    html = host_device(app, running).get(f"/t/{running['id']}").get_data(as_text=True)
    assert "export.csv" not in html and "/bgstats" not in html


def test_each_phone_gets_its_own_receipt_link_once_the_game_is_over(app, done):
    running = new_table(app, ["Di", "Eve"])
    assert "receipt" not in phone(app, running, 0).get(f"/t/{running['id']}/seat").get_data(
        as_text=True
    )
    html = phone(app, done, 1).get(f"/t/{done['id']}/seat").get_data(as_text=True)
    assert f'href="/t/{done["id"]}/seat/receipt?seat=1"' in html
    assert "Save my receipt" in html and "export.csv" not in html


def test_every_phone_offers_bg_stats_in_its_own_language(app, done):
    # BG Stats is installed on the phones: each one opens the play there itself.
    for seat in (0, 1, 2):
        device = phone(app, done, seat)
        html = device.get(f"/t/{done['id']}/seat", headers=ZH).get_data(as_text=True)
        data = bgstats_data(device, html, ZH)
        assert data["sourcePlayId"] == done["id"]
        assert "有人達到 10 分" in data["comments"]
        assert "bgstats.svg" not in html  # the code to scan is the table screen's


def test_the_end_screen_shows_bg_stats_as_a_qr_code_a_phone_can_reach(app, done):
    host = host_device(app, done)
    html = host.get(f"/t/{done['id']}").get_data(as_text=True)
    assert f'src="/plays/{done["id"]}/bgstats.svg"' in html
    reply = host.get(f"/plays/{done['id']}/bgstats.svg")
    assert reply.status_code == 200 and reply.mimetype == "image/svg+xml"
    assert reply.data.lstrip().startswith(b"<?xml") and b"<svg" in reply.data
    # The code holds the short link on the address phones join by, not the long payload.
    code = new_table(app, ["Di", "Eve"])["seats"][0]["join_url"]
    base = code[: code.index("/join/")]
    link = base + f"/plays/{done['id']}/bgstats"
    from companion.web import qr

    assert reply.data == qr.svg(link, on_white=True)
    # A phone that scans it gets the play.
    assert app.test_client().get(urlsplit(link).path).status_code == 303


def test_the_result_sheet_offers_bg_stats_and_its_code(app, done):
    html = app.test_client().get(f"/plays/{done['id']}").get_data(as_text=True)
    assert f'src="/plays/{done["id"]}/bgstats.svg"' in html
    assert bgstats_data(app.test_client(), html)["sourcePlayId"] == done["id"]


def test_bg_stats_of_a_running_or_unknown_play_is_refused(app):
    running = new_table(app, ["Di", "Eve"])
    client = app.test_client()
    assert client.get(f"/plays/{running['id']}/bgstats").status_code == 409
    assert client.get(f"/plays/{running['id']}/bgstats.svg").status_code == 409
    assert client.get("/plays/nope/bgstats").status_code == 404


# -- downloads --------------------------------------------------------------------------------


def test_csv_and_json_of_one_play_are_attachments_in_the_viewers_language(app, done):
    device = app.test_client()
    reply = device.get(f"/plays/{done['id']}/export.csv")
    assert reply.status_code == 200 and reply.mimetype == "text/csv"
    assert reply.headers["Content-Disposition"].startswith("attachment;")
    assert reply.data.startswith(b"\xef\xbb\xbf")
    lines = reply.data.decode("utf-8-sig").splitlines()
    # Every cell quoted (docs/exports.md).
    assert lines[0].startswith('"play_id","game_id","game","date","duration_min","seat","player"')
    assert any(
        '"2","小明","",' in line and line.endswith('"10","1","1","","",""') for line in lines
    )
    data = device.get(f"/plays/{done['id']}/export.json", headers=ZH).get_json()
    assert data["format"] == "table-companion-archive" and data["language"] == "zh_TW"
    play = data["plays"][0]
    assert play["result"]["reason"] == ["Someone reached {n} points", {"n": 10}]
    assert play["result_text"]["reason"] == "有人達到 10 分"


def test_the_whole_archive_exports_every_finished_play(app, done):
    other = new_table(app, ["Di", "Eve"])
    finish(app, other["id"], [10, 2])
    new_table(app, ["Fay", "Gus"])  # still running: not a play
    data = app.test_client().get("/plays/export.json").get_json()
    assert {p["id"] for p in data["plays"]} == {done["id"], other["id"]}
    body = app.test_client().get("/plays/export.csv").data.decode("utf-8-sig")
    assert len(body.splitlines()) == 1 + 3 + 2


def test_a_running_or_unknown_play_has_no_export_and_says_why_in_the_viewers_language(app):
    running = new_table(app, ["Di", "Eve"])
    reply = app.test_client().get(f"/plays/{running['id']}/export.csv", headers=ZH)
    assert reply.status_code == 409 and "遊戲尚未結束。" in reply.get_data(as_text=True)
    assert app.test_client().get("/plays/nosuch12/export.json").status_code == 404
    assert app.test_client().get("/plays/imp.nosuch/export.json").status_code == 404


# -- receipts ---------------------------------------------------------------------------------


def test_a_receipt_holds_its_seats_line_and_notes_and_never_another_seats(app, done):
    reply = phone(app, done, 1).get(f"/t/{done['id']}/seat/receipt?seat=1")
    assert reply.status_code == 200 and reply.mimetype == "text/plain"
    assert reply.headers["Content-Disposition"].startswith("attachment;")
    text = reply.get_data(as_text=True)
    assert "MING-SECRET I hold the 7" in text and "小明: 10" in text
    assert "ANN-SECRET" not in text and "Ann: 3" not in text
    other = phone(app, done, 0).get(f"/t/{done['id']}/seat/receipt").get_data(as_text=True)
    assert "ANN-SECRET" in other and "MING-SECRET" not in other


def test_no_other_device_gets_a_seats_receipt(app, done):
    url = f"/t/{done['id']}/seat/receipt"
    assert app.test_client().get(url).status_code == 401
    assert app.test_client().get(url + "?seat=1").status_code == 401
    assert host_device(app, done).get(url + "?seat=1").status_code == 401
    # Seat 0's phone asking for seat 1's receipt is refused, and learns nothing of it.
    reply = phone(app, done, 0).get(url + "?seat=1")
    assert reply.status_code in (401, 403) and "MING" not in reply.get_data(as_text=True)


def test_a_receipt_waits_for_the_end_of_the_game(app):
    running = new_table(app, ["Di", "Eve"])
    reply = phone(app, running, 0).get(f"/t/{running['id']}/seat/receipt", headers=ZH)
    assert reply.status_code == 409 and "遊戲尚未結束。" in reply.get_data(as_text=True)


# -- import -----------------------------------------------------------------------------------


def upload(device: FlaskClient, body: bytes, token: str | None, **headers: str):
    form = {"file": (io.BytesIO(body), "plays.json")}
    if token is not None:
        form["csrf_token"] = token
    return device.post(
        "/plays/import", data=form, content_type="multipart/form-data", headers=headers
    )


def host_of_new_table(app: Flask) -> tuple[FlaskClient, str]:
    """A host device on ``app`` and its session's CSRF token (from the table screen)."""
    created = new_table(app, ["Host", "Guest"])
    device = host_device(app, created)
    return device, csrf(device.get(f"/t/{created['id']}").get_data(as_text=True))


def owner_device(app: Flask) -> tuple[FlaskClient, str]:
    """A browser that opened ``app``'s owner link, and its CSRF token (from the owner page)."""
    device = app.test_client()
    token = owner.issue(app.extensions["store"])
    assert device.get(f"/owner/{token}").status_code == 303
    return device, csrf(device.get("/owner").get_data(as_text=True))


@pytest.fixture
def second(tmp_path: Path):
    GAMES.setdefault(TALLY.id, TALLY)
    other = create_app(
        {
            "DATABASE": str(tmp_path / "second.db"),
            "TESTING": True,
            "CREATE_RATE_LIMIT": "1000/minute",
            # Small enough for a test to go over it (the default is megabytes).
            "IMPORT_MAX_BYTES": 20_000,
        }
    )
    yield other
    other.extensions["store"].close()


def test_an_archive_moves_to_another_server_with_its_plays_players_scores_and_winners(
    app, done, second
):
    other = new_table(app, ["Di", "Eve"])
    finish(app, other["id"], [10, 4])
    exported = app.test_client().get("/plays/export.json").data
    device, token = owner_device(second)
    reply = upload(device, exported, token)
    assert reply.status_code == 200, reply.get_data(as_text=True)
    assert reply.get_json()["imported"] == 2
    again = upload(device, exported, token)
    assert again.get_json() == {**again.get_json(), "imported": 0, "skipped": 2}

    def summary(tables) -> set[tuple]:
        return {
            (p.game_id, tuple(p.players), tuple(p.winners))
            + tuple((r["name"], r["score"]) for r in p.rows())
            for p in archive.plays(tables)
        }

    moved = second.extensions["tables"]
    assert len(archive.plays(moved)) == 2
    assert summary(moved) == summary(app.extensions["tables"])
    page = device.get("/plays").get_data(as_text=True)
    assert "小明" in page and "Eve" in page


def test_the_plays_page_offers_the_owner_an_import_that_comes_back_to_the_list(app, done, second):
    exported = app.test_client().get("/plays/export.json").data
    device, token = owner_device(second)
    page = device.get("/plays").get_data(as_text=True)
    assert 'action="/plays/import"' in page and 'enctype="multipart/form-data"' in page
    assert 'href="/plays/export.csv"' in page
    reply = device.post(
        "/plays/import",
        data={"file": (io.BytesIO(exported), "archive.json"), "csrf_token": token},
        content_type="multipart/form-data",
        headers={"Accept": "text/html"},
    )
    assert reply.status_code == 303
    listed = device.get(reply.headers["Location"]).get_data(as_text=True)
    assert "Imported 1 play" in listed
    # A guest's list has no import form, nor has a table's host's.
    assert 'action="/plays/import"' not in second.test_client().get("/plays").get_data(as_text=True)
    host, _ = host_of_new_table(second)
    assert 'action="/plays/import"' not in host.get("/plays").get_data(as_text=True)


def test_import_refuses_without_the_owner_or_csrf_and_changes_nothing(app, done, second):
    exported = app.test_client().get("/plays/export.json").data
    stranger = second.test_client()
    assert upload(stranger, exported, "x").status_code == 401
    created = new_table(second, ["P", "Q"])
    a_phone = phone(second, created, 0)
    assert upload(a_phone, exported, "x").status_code == 401
    # A table's host is no owner: holding a host token grants nothing server-wide.
    host, host_token = host_of_new_table(second)
    reply = upload(host, exported, host_token, **{"Accept-Language": "zh-TW"})
    assert reply.status_code == 403 and "伺服器的擁有者" in reply.get_data(as_text=True)
    device, token = owner_device(second)
    reply = upload(device, exported, None, **{"Accept-Language": "zh-TW"})
    assert reply.status_code == 400 and "這個頁面已過期" in reply.get_data(as_text=True)
    assert upload(device, exported, "wrong").status_code == 400
    assert archive.plays(second.extensions["tables"]) == []


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        (b"{broken", 400, "不是遊戲紀錄的 JSON 封存檔"),
        (b'{"format": "table-companion-archive", "version": 9, "plays": []}', 400, "版本是 9"),
        (b" " * 30_000, 413, "太大"),
    ],
)
def test_a_bad_file_gets_a_clear_refusal_in_the_viewers_language(second, body, status, words):
    device, token = owner_device(second)
    reply = upload(device, body, token, **{"Accept-Language": "zh-TW"})
    assert reply.status_code == status
    assert words in reply.get_data(as_text=True)
    assert archive.plays(second.extensions["tables"]) == []


def test_import_without_a_file_says_what_it_needs(second):
    device, token = owner_device(second)
    reply = device.post("/plays/import", data={"csrf_token": token})
    assert reply.status_code == 400
    assert "Choose an exported JSON archive" in reply.get_data(as_text=True)


def test_csv_and_bg_stats_rank_as_the_rules_place_and_name_the_tie_break(app):
    # An Art of War play, as another server exported it: Cy lost the main castle with the
    # most points (last place), and Ann and Bo tied on points, Bo ahead on population.
    play = {
        "id": "Aow-castle",
        "game": "art-of-war",
        "players": ["Ann", "Bo", "Cy"],
        "created": 1_700_000_000.0,
        "ended": 1_700_003_600.0,
        "result": castle_result(),
    }
    body = json.dumps({"format": "table-companion-archive", "version": 1, "plays": [play]})
    device, token = owner_device(app)
    assert upload(device, body.encode(), token).get_json()["imported"] == 1
    table_id = archive.imported_id("Aow-castle")
    reply = app.test_client().get(f"/plays/{table_id}/export.csv", headers=ZH)
    found = [line.split('","') for line in reply.data.decode("utf-8-sig").splitlines()[1:]]
    # player, rank, winner, decided_by (the last four columns but the score).
    assert [(cells[6], cells[9], cells[10]) for cells in found] == [
        ("Ann", "2", "0"),
        ("Bo", "1", "1"),
        ("Cy", "3", "0"),
    ]
    assert all(cells[11].rstrip('"') == "同分：人口（士兵＋工人）較多者勝出" for cells in found)
    client = app.test_client()
    data = bgstats_data(client, f'href="/plays/{table_id}/bgstats"', ZH)
    assert [(p["name"], p["rank"], p["winner"], p["startPlayer"]) for p in data["players"]] == [
        ("Ann", 2, False, False),
        ("Bo", 1, True, False),
        ("Cy", 3, False, True),
    ]
    assert "人口" in data["comments"]
    # The result sheet shows each place and the tie-break under the headline.
    sheet = client.get(f"/plays/{table_id}", headers=ZH).get_data(as_text=True)
    assert "同分：人口（士兵＋工人）較多者勝出" in sheet and 'aria-label="第 3 名"' in sheet
