"""The results archive's pages: plays by game and day, a play's result sheet, the players'
records, and their retention: a play's own host archives, restores or deletes it, the
server's owner merges spellings (tests/web/test_owner.py has who may do what).

The app runs on a real SQLite file; games are Tally (the test game: the first seat at 10
points wins), played through the pipeline as the host.
"""

from __future__ import annotations

import html
import json
import re

from flask import Flask
from flask.testing import FlaskClient

from companion.after import archive
from companion.pipeline import owner
from companion.pipeline.tables import HOST, Created, NotFound, Tables

from ..conftest import csrf
from ..fixtures.tables import tally, two_spellings


def text(reply) -> str:  # noqa: ANN001 - a Flask test response
    """The page's visible text, spaces collapsed."""
    page = reply.get_data(as_text=True)
    page = re.sub(r"<script.*?</script>|<title>.*?</title>|<[^>]+>", " ", page, flags=re.S)
    return " ".join(html.unescape(page).split())


def host_client(app: Flask, created: Created, lang: str = "en") -> FlaskClient:
    """A browser that holds this table's host token (as the device that set it up)."""
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = lang
    assert client.get(f"/host/{created.id}/{created.host_token}").status_code == 303
    return client


def owner_client(app: Flask, lang: str = "en") -> FlaskClient:
    """A browser that opened the server's owner link."""
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = lang
    token = owner.issue(app.extensions["store"])
    assert client.get(f"/owner/{token}").status_code == 303
    return client


def rows_of(tables: Tables, table_id: str) -> dict[str, int]:
    """How many rows each per-table store table holds for ``table_id``."""
    found = {}
    for name in ("seats", "actions", "revoked", "plays", "seat_notes"):
        sql = f"SELECT count(*) FROM {name} WHERE table_id=?"
        found[name] = tables.store.query(sql, (table_id,))[0][0]
    found["tables"] = tables.store.query("SELECT count(*) FROM tables WHERE id=?", (table_id,))[0][
        0
    ]
    return found


def test_the_list_shows_each_finished_play_with_players_winner_and_scores(app, client):
    tables = app.extensions["tables"]
    done = tally(tables, ["Ann", "Bo"], [3, 10])
    tables.create("tally", ["Running", "Game"], {})
    page = text(client.get("/plays"))
    assert "Bo wins" in page
    assert re.search(r"Ann 3 Bo 10 won", page), page
    assert "Running" not in page
    # Grouped under its day, with its time and how long it took.
    assert re.search(r"\w+day, \w+ \d+, \d{4}", page)
    assert "under a minute" in page
    assert f'href="/plays/{done.id}"' in client.get("/plays").get_data(as_text=True)


def test_the_list_filters_by_game_and_refuses_an_unknown_one(app, client):
    tally(app.extensions["tables"], ["Ann", "Bo"], [10, 2])
    assert "Ann" in text(client.get("/plays?game=tally"))
    assert "Ann" not in text(client.get("/plays?game=quorsum"))
    reply = client.get("/plays?game=no-such-game")
    assert reply.status_code == 404
    assert "There is no such game." in text(reply)


def test_a_result_sheet_reads_as_the_end_screen_with_date_duration_and_a_print_button(app, client):
    tables = app.extensions["tables"]
    done = tally(tables, ["Ann", "Bo"], [3, 10])
    result = client.get(f"/api/tables/{done.id}/result").get_json()
    reply = client.get(f"/plays/{done.id}")
    assert reply.status_code == 200
    page = text(reply)
    assert "Bo wins" in page and "Someone reached 10 points" in page
    assert "Score: 3" in page and "Score: 10" in page
    assert [r["score"] for r in result["rows"]] == [3, 10]
    assert "Players: Ann and Bo" in page and "Took under a minute" in page
    body = reply.get_data(as_text=True)
    assert "data-print" in body and "page/sheet.js" in body and "page/sheet.css" in body
    # No script of its own on the page: the CSP forbids inline scripts.
    assert not re.search(r"<script(?![^>]*\bsrc=)", body)


def test_an_unknown_or_running_play_is_a_404_in_the_viewers_language(app):
    tables = app.extensions["tables"]
    running = tables.create("tally", ["Ann", "Bo"], {})
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "zh-TW"
    for table_id in ("no-such-play", running.id):
        reply = client.get(f"/plays/{table_id}")
        assert reply.status_code == 404
        assert "沒有這場已結束的對局。" in text(reply)


def test_a_chinese_device_reads_the_archive_in_chinese(app):
    tables = app.extensions["tables"]
    done = tally(tables, ["Ann", "Bo"], [3, 10])
    client = host_client(app, done, "zh-TW")
    page = text(client.get("/plays"))
    assert "對局紀錄" in page and "封存" in page and "年" in page
    assert "Archive" not in page and "Plays" not in page
    assert "列印" in text(client.get(f"/plays/{done.id}"))
    assert "勝率" in text(client.get("/plays/players"))


def test_only_the_plays_own_host_sees_its_controls(app, client):
    tables = app.extensions["tables"]
    done = tally(tables, ["Ann", "Bo"], [3, 10])
    assert "Archive" not in text(client.get("/plays"))
    assert client.get(f"/plays/{done.id}/delete").status_code == 401  # no credential at all
    host = host_client(app, done)
    assert "Archive" in text(host.get("/plays")) and "Delete" in text(host.get("/plays"))
    # The host of another table is no host of this play.
    other = host_client(app, tables.create("tally", ["Cy", "Di"], {}))
    assert "Delete" not in text(other.get(f"/plays/{done.id}"))
    assert "Archive" not in text(other.get("/plays"))
    assert other.get(f"/plays/{done.id}/delete").status_code == 403


def test_a_non_host_change_or_a_missing_csrf_token_changes_nothing(app, client):
    tables = app.extensions["tables"]
    done = tally(tables, ["Ann", "Bo"], [3, 10])
    token = csrf(client.get("/plays").get_data(as_text=True))
    for what in ("archive", "delete"):
        reply = client.post(f"/plays/{done.id}/{what}", data={"csrf_token": token})
        assert reply.status_code == 401
        assert "Only this game's host" in text(reply)
    host = host_client(app, done)
    reply = host.post(f"/plays/{done.id}/delete", data={})
    assert reply.status_code == 400 and "This page has expired" in text(reply)
    assert client.post("/plays/players/merge", data={"csrf_token": token}).status_code == 401
    play = archive.play(tables, done.id)
    assert play is not None and not play.hidden
    assert rows_of(tables, done.id)["tables"] == 1


def test_the_host_archives_a_play_behind_a_confirmation_and_restores_it(app):
    tables = app.extensions["tables"]
    done = tally(tables, ["Ann", "Bo"], [3, 10])
    host = host_client(app, done)
    ask = host.get(f"/plays/{done.id}/archive")
    assert ask.status_code == 200 and "Archive this play?" in text(ask)
    assert archive.play(tables, done.id).hidden is False  # asking changes nothing
    reply = host.post(f"/plays/{done.id}/archive", data={"csrf_token": csrf(ask.text)})
    assert reply.status_code == 303
    assert "Ann" not in text(host.get("/plays"))
    shown = text(host.get("/plays?archived=1"))
    assert "Ann" in shown and "Archived" in shown and "Restore" in shown
    # Still readable: the sheet of an archived play.
    assert host.get(f"/plays/{done.id}").status_code == 200
    reply = host.post(f"/plays/{done.id}/restore", data={"csrf_token": csrf(ask.text)})
    assert reply.status_code == 303
    assert "Ann" in text(host.get("/plays"))


def test_deleting_a_play_removes_the_table_and_all_its_rows_for_good(app):
    tables = app.extensions["tables"]
    done = tally(tables, ["Ann", "Bo"], [3, 10])
    kept = tally(tables, ["Cy", "Di"], [10, 1])
    host = host_client(app, done)
    host.get(f"/host/{kept.id}/{kept.host_token}")  # it stays a host once ``done`` is gone
    token = csrf(host.get("/plays").text)
    tables.store.write(
        lambda db: db.execute(
            "INSERT INTO seat_notes(table_id, seat, text, at) VALUES (?, 0, 'x', 0)", (done.id,)
        )
    )
    before = rows_of(tables, done.id)
    assert before["actions"] and before["seats"] and before["plays"] and before["seat_notes"]
    ask = host.get(f"/plays/{done.id}/delete")
    assert ask.status_code == 200 and "Delete this play for good?" in text(ask)
    assert host.post(f"/plays/{done.id}/delete", data={"csrf_token": token}).status_code == 303
    assert set(rows_of(tables, done.id).values()) == {0}
    assert archive.play(tables, done.id) is None
    try:
        tables.load(done.id)
        raise AssertionError("a deleted table still loads")
    except NotFound:
        pass
    assert host.get(f"/t/{done.id}").status_code == 404
    assert [p.table_id for p in archive.plays(tables)] == [kept.id]
    # Twice: nothing left to delete.
    assert host.post(f"/plays/{done.id}/delete", data={"csrf_token": token}).status_code == 404


def test_a_running_game_cannot_be_deleted_from_the_plays_page(app):
    tables = app.extensions["tables"]
    running = tables.create("tally", ["Ann", "Bo"], {})
    tables.act(running.id, HOST, {"type": "add", "seat": 0, "n": 3})
    host = host_client(app, running)
    token = csrf(host.get("/plays").text)
    reply = host.post(f"/plays/{running.id}/delete", data={"csrf_token": token})
    assert reply.status_code == 404
    assert rows_of(tables, running.id)["actions"] == 1
    assert host.get(f"/t/{running.id}").status_code == 200


def test_players_records_count_plays_wins_scores_and_merged_spellings(app):
    tables = app.extensions["tables"]
    two_spellings(tables)
    host = owner_client(app)
    page = text(host.get("/plays/players"))
    assert "Bo 2 plays · 1 win" in page
    assert "Ann 1 play · 0 wins" in page and "Annie 1 play · 1 win" in page
    assert "1 win of 2 (50%) · Average 7.5 · Best 10" in page  # Bo's 10 and 5
    body = host.get("/plays/players").text
    assert body.count('class="chart score-chart"') == 1  # Bo's: two plays
    assert 'class="chart bar-chart"' in body
    reply = host.post(
        "/plays/players/merge",
        data={"csrf_token": csrf(body), "spelling": "Annie", "into": "Ann"},
    )
    assert reply.status_code == 303
    page = text(host.get("/plays/players"))
    assert "Ann 2 plays · 1 win" in page and "Annie 1 play" not in page
    assert "“annie” counts as Ann" in page
    # Unknown names and a name merged into itself are refused.
    for spelling, into in (("Zed", "Ann"), ("Ann", "ann")):
        reply = host.post(
            "/plays/players/merge",
            data={"csrf_token": csrf(body), "spelling": spelling, "into": into},
        )
        assert reply.status_code == 400


def test_win_bars_are_shares_of_plays_with_their_counts(app):
    tables = app.extensions["tables"]
    for scores in ([10, 3], [3, 10], [3, 10], [3, 10]):
        tally(tables, ["Ann", "Bo"], scores)
    tally(tables, ["Cy", "Di"], [10, 2])
    body = owner_client(app).get("/plays/players").text
    chart = body[body.index('class="chart bar-chart"') :]
    chart = chart[: chart.index("</svg>")]
    # Ann won 1 of 4 and Cy 1 of 1: a quarter of a bar against a full one.
    assert "1 win of 4 (25%)" in chart and "1 win of 1 (100%)" in chart
    bars = dict(
        re.findall(
            r'chart-label">([^<]+)</tspan>.*?class="chart-bar[^"]*"[^>]*width="([\d.]+)%"', chart
        )
    )
    assert float(bars["Ann"]) == 25.0 and float(bars["Cy"]) == 100.0 and float(bars["Bo"]) == 75.0
    zh = owner_client(app, "zh-TW").get("/plays/players").text
    assert "25%" in zh


def test_a_game_without_points_shows_no_average_and_no_score_chart(app):
    tables = app.extensions["tables"]
    for scores in ([10, 3], [3, 10]):
        done = tally(tables, ["Ann", "Bo"], scores)
        # Stored as Sun Tzu plays: the marker's place is no score to average.
        tables.store.write(
            lambda db, table_id=done.id: db.execute(
                "UPDATE plays SET game='sun-tzu' WHERE table_id=?", (table_id,)
            )
        )
    body = owner_client(app).get("/plays/players").text
    page = text(owner_client(app).get("/plays/players"))
    assert "1 win of 2 (50%)" in page
    assert "Average" not in page and 'class="chart score-chart"' not in body


def test_a_score_chart_labels_its_axes_in_the_readers_language(app):
    tables = app.extensions["tables"]
    tally(tables, ["Ann", "Bo"], [3, 10])
    tally(tables, ["Ann", "Bo"], [10, 5])
    body = owner_client(app).get("/plays/players").text
    assert "plays, oldest first</text>" in body and ">points</text>" in body


def test_the_sides_a_player_played_are_translated_from_the_stored_outcome(app):
    tables = app.extensions["tables"]
    done = tally(tables, ["Ann", "Bo"], [3, 10])
    archive.plays(tables)  # archived now
    # A result row that names a side, as Samurai Sword's "{name} ({role_t})" does.
    (stored,) = tables.store.query("SELECT result FROM plays WHERE table_id=?", (done.id,))[0]
    result = json.loads(stored)
    result["rows"][0]["label"] = ["{name} ({role_t})", {"name": "Ann", "role_t": "Ninja"}]
    tables.store.write(
        lambda db: db.execute(
            "UPDATE plays SET result=? WHERE table_id=?", (json.dumps(result), done.id)
        )
    )
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "zh-TW"
    page = text(client.get("/plays/players"))
    assert "扮演過：忍者" in page


def test_the_archive_shows_nothing_a_seat_kept_to_itself(app, client):
    tables = app.extensions["tables"]
    done = tally(tables, ["Ann", "Bo"], [3, 10])
    secret = "only-anns-phone-knows-this"
    tables.store.write(
        lambda db: db.execute(
            "INSERT INTO seat_notes(table_id, seat, text, at) VALUES (?, 0, ?, 0)",
            (done.id, secret),
        )
    )
    for path in ("/plays", f"/plays/{done.id}", "/plays/players"):
        assert secret not in client.get(path).text
