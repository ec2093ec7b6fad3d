"""The story of the night on the web: it opens from the Plays page, the result sheet and the
end screen (table screen and phones), reads in the viewer's language, saves as one file
that asks for nothing outside itself, and is a 404 for a game that is not over."""

from __future__ import annotations

import json
import re
from pathlib import Path

from flask import Flask

from companion.after import archive
from companion.pipeline.tables import HOST

from ..fixtures.tables import seat_recorded, tally, write_log
from .test_plays import host_client, text

SAMURAI = Path(__file__).parent.parent / "fixtures" / "logs" / "samurai-sword-3p-11.json"


def recorded_samurai(app: Flask) -> str:
    """A finished recorded game of Samurai Sword (hidden roles), archived as its end did."""
    tables = app.extensions["tables"]
    data = json.loads(SAMURAI.read_text())
    seat_recorded(tables.store, "samurai", data)
    write_log(tables.store, "samurai", data["log"])
    archive.refresh(tables)
    return "samurai"


def steps_of(html: str) -> list[str]:
    return re.findall(r'<section class="story-step[^"]*" id="(step-\d+)"', html)


def test_the_story_opens_from_the_plays_page_and_the_result_sheet(app, client):
    done = tally(app.extensions["tables"], ["Ann", "Bo"], [3, 10])
    story_url = f"/plays/{done.id}/story"
    assert f'href="{story_url}"' in client.get("/plays").text
    assert f'href="{story_url}"' in client.get(f"/plays/{done.id}").text
    reply = client.get(story_url)
    assert reply.status_code == 200
    page = reply.text
    assert "The story of the night" in page and "Players: Ann and Bo" in page
    assert steps_of(page)[0] == "step-1" and len(steps_of(page)) >= 2
    assert page.count('class="story-chart"') >= 1 and "Score" in page
    # The result once, on the last step; a link to save the story.
    assert page.count('class="result"') == 1
    assert page.rindex('class="result"') > page.rindex('class="story-step')
    assert f'href="{story_url}.html"' in page
    # Only the app's own stylesheet and script: the policy allows no inline ones.
    assert "<style" not in page and not re.search(r"<script(?![^>]*\bsrc=)", page)


def test_the_end_screen_links_to_the_story_on_the_table_screen_and_the_phones(app):
    tables = app.extensions["tables"]
    done = tally(tables, ["Ann", "Bo"], [3, 10])
    link = f'href="/plays/{done.id}/story"'
    assert link in host_client(app, done).get(f"/t/{done.id}").text
    phone = app.test_client()
    assert phone.get(f"/join/{done.join_codes[1]}").status_code == 303
    assert link in phone.get(f"/t/{done.id}/seat").text


def test_the_saved_story_is_one_file_that_asks_for_nothing_outside_itself(app, client):
    table_id = recorded_samurai(app)
    reply = client.get(f"/plays/{table_id}/story.html")
    assert reply.status_code == 200
    assert reply.mimetype == "text/html"
    assert reply.headers["Content-Disposition"] == f'attachment; filename="story-{table_id}.html"'
    html = reply.text
    assert html.startswith("<!doctype html>") and "<style>" in html and ".story-step" in html
    assert not re.search(r"https?://", html)
    assert not re.search(r"\b(src|srcset|action|data)=", html)
    assert "/static" not in html and "<script" not in html and "<link" not in html
    # Every link stays inside the file: a step of the story.
    assert set(re.findall(r'href="([^"]*)"', html)) <= {f"#{s}" for s in steps_of(html)}
    # The charts are inline SVG, and the last step reveals what the end revealed.
    assert html.count('<svg class="story-chart"') >= len(steps_of(html))
    last = html[html.rindex('<section class="story-step') :]
    assert 'class="result"' in last and "Ninja" in last


def test_an_unknown_or_unfinished_game_has_no_story_in_the_viewers_language(app):
    tables = app.extensions["tables"]
    running = tables.create("tally", ["Ann", "Bo"], {})
    tables.act(running.id, HOST, {"type": "add", "seat": 0, "n": 3})
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "zh-TW"
    for table_id in ("no-such-play", running.id):
        for suffix in ("", ".html"):
            reply = client.get(f"/plays/{table_id}/story{suffix}")
            assert reply.status_code == 404
            assert "沒有這場已結束的對局。" in text(reply)
            assert "Content-Disposition" not in reply.headers


def test_the_story_reads_in_chinese_on_a_chinese_device(app):
    table_id = recorded_samurai(app)
    client = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "zh-TW"
    page = client.get(f"/plays/{table_id}/story").text
    assert "今晚的故事" in page and "第 1 輪" in page and "下一段" in page
    assert "榮譽" in page and "血量" in page and "把故事存成檔案" in page
    assert "The story of the night" not in page and "Next step" not in page
    assert 'lang="zh-Hant-TW"' in page or 'lang="zh-TW"' in page
    saved = client.get(f"/plays/{table_id}/story.html").text
    assert "今晚的故事" in saved and "第 1 輪" in saved
