"""The table that speaks: what the table screen and the TV say aloud, and that phones never do.

The server works out what to say (``companion/web/speech.py``) from the public views of the
version a screen showed and the new one, and sends it with the live updates as a hidden list
on the table screen and the TV only. These tests drive the real app on a real database
(pages, streams, the JSON API, the recorded playthroughs) and read what a screen receives.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion.pipeline.tables import PUBLIC
from companion.web import speech
from companion.web.screens import described_rows, screen

from ..conftest import first_message
from ..fixtures.tables import replay_log, seat_phone

ZH = {"Accept-Language": "zh-TW,zh;q=0.9"}
LOGS = Path(__file__).resolve().parents[1] / "fixtures" / "logs"


def made(client: FlaskClient, game: str, players: list[str]) -> tuple[dict, Any]:
    """A table made through the JSON API with every seat joined, and a way to act on it."""
    table = client.post("/api/tables", json={"game": game, "players": players}).json
    tokens = [
        client.post("/api/join", json={"code": seat["join_code"]}).json["token"]
        for seat in table["seats"]
    ]

    def act(by: int | None = None, **body: Any) -> int:
        token = table["host_token"] if by is None else tokens[by]
        reply = client.post(
            f"/api/tables/{table['id']}/actions",
            json=body,
            headers={"Authorization": f"Bearer {token}"},
        )
        assert reply.status_code == 200, reply.json
        return reply.json["version"]

    act.tokens = tokens  # type: ignore[attr-defined]
    return table, act


def spoken(page: str) -> tuple[int | None, str | None, list[str]]:
    """What a page or a patch would say: (its version key, its voice language, its lines)."""
    found = re.search(r'<ol class="speak-lines" hidden data-said="(\d+)" data-voice="([^"]+)">'
                      r"(.*?)</ol>", page, re.S)  # fmt: skip
    if not found:
        return None, None, []
    lines = [html.unescape(li) for li in re.findall(r"<li>(.*?)</li>", found.group(3))]
    return int(found.group(1)), found.group(2), lines


def tv(client: FlaskClient, table: dict, zh: bool = False) -> str:
    reply = client.get(f"/t/{table['id']}/tv", headers=ZH if zh else {})
    assert reply.status_code == 200
    return reply.get_data(as_text=True)


def test_a_new_turn_and_each_new_phase_are_said_in_the_screens_language(app, client):
    table, act = made(client, "samurai-sword", ["Ann", "Bo", "Cy", "Di", "Ed"])
    # The TV is open: the server has seen the table as it showed it.
    assert spoken(tv(client, table)) == (None, None, [])
    first = app.extensions["tables"].load(table["id"]).view(None)
    turn = first["players"][first["turn"]]["name"]
    version = act(type="next_phase")
    assert spoken(tv(client, table)) == (version, "en-US", ["Draw phase"])
    assert spoken(tv(client, table, zh=True)) == (version, "zh-TW", ["抽牌階段"])
    for _ in range(3):  # play, discard: then the next player's turn, from Recover
        version = act(type="next_phase")
    now = app.extensions["tables"].load(table["id"]).view(None)
    after = now["players"][now["turn"]]["name"]
    assert after != turn
    assert spoken(tv(client, table)) == (version, "en-US", [f"{after}'s turn", "Recover phase"])
    assert spoken(tv(client, table, zh=True)) == (version, "zh-TW", [f"輪到 {after}", "回復階段"])


def test_what_is_said_travels_once_with_the_live_update_and_a_repeat_keeps_its_key(app, client):
    table, act = made(client, "samurai-sword", ["Ann", "Bo", "Cy", "Di", "Ed"])
    host = app.test_client()
    assert host.get(f"/host/{table['id']}/{table['host_token']}").status_code == 303
    before = app.extensions["tables"].load(table["id"]).version
    assert host.get(f"/t/{table['id']}").status_code == 200
    version = act(type="next_phase")
    event, _, patch = first_message(host, f"/t/{table['id']}/stream?v={before}")
    assert event == "patch" and 'id="r-speech"' in patch
    assert spoken(patch) == (version, "en-US", ["Draw phase"])
    # The same version again (a reconnect, another screen): the same key, so said once.
    assert spoken(tv(client, table))[0] == version
    # A tap that changes no turn, round or phase says nothing new: the list goes.
    counted = act(type="adjust", seat=1, counter="hand", delta=1)
    event, _, patch = first_message(host, f"/t/{table['id']}/stream?v={version}")
    assert event == "patch" and 'id="r-speech"' in patch
    assert spoken(patch) == (None, None, [])
    assert spoken(tv(client, table)) == (None, None, []) and counted > version


def test_an_undo_says_the_phase_it_brings_back(app, client):
    table, act = made(client, "samurai-sword", ["Ann", "Bo", "Cy", "Di", "Ed"])
    tv(client, table)
    act(type="next_phase")
    assert spoken(tv(client, table))[2] == ["Draw phase"]
    reply = client.post(
        f"/api/tables/{table['id']}/undo",
        json={"confirm": True},
        headers={"Authorization": f"Bearer {table['host_token']}"},
    )
    assert reply.status_code == 200, reply.json
    key, _, lines = spoken(tv(client, table))
    assert lines == ["Recover phase"] and key == app.extensions["tables"].load(table["id"]).version


def test_a_sealed_round_is_said_only_when_it_is_revealed(app, client):
    table, act = made(client, "sun-tzu", ["Ann", "Bo"])
    tv(client, table)
    act(0, type="choose_warlord", warlord=1)
    act(0, type="lock")
    # Ann's locked choice is hers alone until the reveal: nothing is said of it.
    assert spoken(tv(client, table)) == (None, None, [])
    act(1, type="choose_warlord", warlord=2)
    version = act(1, type="lock")
    key, voice, lines = spoken(tv(client, table))
    assert (key, voice) == (version, "en-US")
    assert lines == [
        "Both players have chosen their Warlord",
        "Round 1 begins",
        "Round 1",
        "Battles",
    ]
    assert spoken(tv(client, table, zh=True))[2] == [
        "雙方玩家皆已選擇軍閥卡",
        "第1回合開始",
        "第 1 輪",
        "展開戰鬥",
    ]


def test_phones_get_no_switch_no_speech_and_no_speaking_script(app, client):
    table, act = made(client, "sun-tzu", ["Ann", "Bo"])
    phone = seat_phone(app, table["id"], act.tokens[0])
    page = phone.get(f"/t/{table['id']}/seat").get_data(as_text=True)
    before = app.extensions["tables"].load(table["id"]).version
    tv(client, table)
    for seat in (0, 1):
        act(seat, type="choose_warlord", warlord=1)
        act(seat, type="lock")
    _, _, patch = first_message(phone, f"/t/{table['id']}/seat/stream?v={before}")
    for shown in (page, patch):
        assert "speak-toggle" not in shown and "speak-lines" not in shown
        assert "r-speech" not in shown
    script = re.search(r'<script src="(/static/page/phone[^"]+)"', page)
    assert script is not None
    bundle = phone.get(script.group(1)).get_data(as_text=True)
    assert "speechSynthesis" not in bundle and "speak-toggle" not in bundle
    # The table screen and the TV do carry the switch and the script.
    shown = tv(client, table)
    assert 'id="speak-toggle"' in shown
    script = re.search(r'<script src="(/static/page/tv[^"]+)"', shown)
    assert script is not None and "speechSynthesis" in client.get(script.group(1)).get_data(
        as_text=True
    )


def public_texts(loaded: Any) -> list[Any]:
    """Every Text the public table screen shows of this version: its status line (round,
    phase, whose turn), its public history lines and its result's headline."""
    s = screen(loaded, PUBLIC)
    view = s.view
    shown: list[Any] = [["Game over", {}]]
    if view.get("round") is not None:
        shown.append(["Round {n}", {"n": view["round"]}])
    if view.get("phase"):
        shown.append(view["phase"])
    if view.get("turn") is not None:
        shown.append(["{name}'s turn", {"name": view["players"][view["turn"]]["name"]}])
    for row in described_rows(loaded):
        shown += [line.text for line, to in row if to is None]
    if s.result:
        shown.append(s.result["headline"])
    return shown


KINDS = {"{name}'s turn": "turn", "Round {n}": "round", "Game over": "end"}
# What each game's recording (one per game) must have said at some point.
EXPECTED = {
    "art-of-war-4p-52": {"round", "phase", "reveal", "end"},
    "quorsum-2p-32": {"turn", "round", "phase", "end"},
    "samurai-sword-5p-12": {"turn", "round", "phase", "end"},
    "sun-tzu-2p-28": {"turn", "round", "phase", "reveal", "end"},
    "three-kingdoms-2p-41": {"turn", "round", "phase", "end"},
}


def kind_of(line: Any, loaded: Any) -> str:
    """What a spoken line says: a turn, a round, the end, a phase, or a reveal's line."""
    msgid = line if isinstance(line, str) else line[0]
    if msgid in KINDS:
        return KINDS[msgid]
    if line == loaded.view(None).get("phase"):
        return "phase"
    return "end" if loaded.over else "reveal"


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_spoken_line_of_a_recorded_game_is_public_text_the_table_screen_shows(app, name):
    """Through a whole recorded playthrough, step by step: each line said is one the public
    table screen shows at that version (built from the public view, a public history line
    or the result), so no seat's secret is ever said; and the end is said with its result."""
    tables = app.extensions["tables"]
    data = json.loads((LOGS / f"{name}.json").read_text())
    kinds: set[str] = set()
    ended: list[Any] | None = None
    with app.test_request_context("/"):
        table_id = "speech" + name.replace("-", "")[:12]
        for _ in replay_log(tables, table_id, data):
            loaded = tables.load(table_id)
            said = speech.said(loaded)
            shown = public_texts(loaded)
            for line in said.lines:
                assert line in shown, (loaded.version, line)
                kinds.add(kind_of(line, loaded))
            if loaded.over and ended is None:
                ended = said.lines
                headline = loaded.game.outcome(loaded.state)["headline"]
                assert ended == [["Game over", {}], headline]
    assert EXPECTED[name] <= kinds, kinds
    assert ("end" in EXPECTED[name]) == (ended is not None)
