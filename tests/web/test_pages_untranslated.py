"""A Chinese device reads Chinese on every page: no English msgid left untranslated.

Every page a zh-TW device can open (the home page, each game's new-table form, the host's
table screen, the public screen, a phone, the printable QR sheet, an error page) is rendered
a few actions into a game, and its visible text is searched for the English wording of
every msgid the code and templates use. A msgid whose translation is the same text (a
number format, a proper name) is not a finding.
"""

from __future__ import annotations

import html
import re

import pytest
from flask.testing import FlaskClient

from companion import i18n_tools
from companion.games import GAMES

from .test_text_convention import CATALOG, new_table, play_a_little

TAGS = re.compile(r"<script.*?</script>|<style.*?</style>|<[^>]+>", re.S)
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\([a-z_]+\)[a-z]")


def visible_text(page: str) -> str:
    """The page's text as a person reads it (tags gone, entities decoded, spaces collapsed)."""
    return " ".join(html.unescape(TAGS.sub(" ", page)).split())


def english_pieces() -> dict[str, str]:
    """Each msgid's literal wording (the longest stretch between placeholders) that would
    give away an untranslated text: at least two English words."""
    pieces = {}
    for msgid in i18n_tools.extract_msgids():
        for text in msgid if isinstance(msgid, tuple) else (msgid,):
            if CATALOG.get(text, text) == text:
                continue  # the same in both languages
            longest = max(PLACEHOLDER.split(text), key=len).strip(" :.,()")
            if len(re.findall(r"[A-Za-z]{2,}", longest)) >= 2:
                pieces[longest] = text
    return pieces


PIECES = english_pieces()


def untranslated(page: str) -> list[str]:
    text = visible_text(page)
    return sorted({msgid for piece, msgid in PIECES.items() if piece in text})


def test_the_check_finds_english_left_in_a_chinese_page():
    assert untranslated("<p>新遊戲</p>") == []
    assert "Print QR codes" in untranslated("<p>輪到你了 <b>Print QR codes</b></p>")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_page_of_a_game_reads_chinese_on_a_chinese_device(app, game_id):
    client: FlaskClient = app.test_client()
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "zh-TW"
    created = new_table(client, game_id)
    tid, tokens, _events = play_a_little(client, game_id, created)
    host_token = tokens[0]
    host = app.test_client()
    host.environ_base["HTTP_ACCEPT_LANGUAGE"] = "zh-TW"
    assert host.get(f"/host/{tid}/{host_token}").status_code == 303
    phone = app.test_client()
    phone.environ_base["HTTP_ACCEPT_LANGUAGE"] = "zh-TW"
    # Seat 0 was claimed through the API; a phone joins the next seat.
    assert phone.get(f"/join/{created['seats'][1]['join_code']}").status_code == 303
    pages = {
        "home": client.get("/"),
        "new table": client.get(f"/new/{game_id}"),
        "host screen": host.get(f"/t/{tid}"),
        "public screen": client.get(f"/t/{tid}"),
        "print": host.get(f"/t/{tid}/print"),
        "unknown table": client.get("/t/no-such-table"),
    }
    pages["phone"] = phone.get(f"/t/{tid}/seat")
    found = {}
    for name, reply in pages.items():
        assert reply.status_code == (404 if name == "unknown table" else 200), name
        left = untranslated(reply.get_data(as_text=True))
        if left:
            found[name] = left
    assert not found, f"{game_id}: English left on a Chinese device: {found}"
