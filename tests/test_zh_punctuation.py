"""Traditional Chinese is written with full-width punctuation: ，。：；！？（）「」…

A half-width comma or colon in a Chinese sentence reads as a typo to a Chinese player. This
walks every zh-TW catalogue (the platform's and each game's) and flags a half-width mark in
a translation that holds Chinese, except where it belongs: inside a placeholder
(``{name}``, ``%(num)d``) and between two Latin letters or digits ("3:2", "1,000", "v1.0").

A catalogue is not the whole page: templates and code put text together too (a list joined
with ", ", a name with its colour in brackets). So every page of every recorded playthrough
(``tests/fixtures/logs``) is also rendered on a zh-TW device and read as a person sees it.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from flask import Flask
from flask.testing import FlaskClient

from companion import i18n_tools
from companion.web.i18n import COOKIE

from .fixtures.tables import log_rows, replay_log, seat_recorded, write_log

CJK = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\([a-z_]+\)[a-z]")
HALF_WIDTH = ",;:!?()"
LATIN = re.compile(r"[A-Za-z0-9]")


def half_width_marks(text: str, chinese: bool = False) -> list[str]:
    """The half-width marks of ``text`` that a Chinese sentence should not have, each with
    a few characters around it. ``chinese``: the text is Chinese even without a Chinese
    character (a translation made only of placeholders, "{name}：{phase_t}")."""
    if not chinese and not CJK.search(text):
        return []
    # Placeholders become a mark of their own: their braces and parentheses are code, and a
    # comma between two of them ("{role},{n}") is still a Chinese comma.
    plain = PLACEHOLDER.sub("\x01", text)
    found = []
    for n, char in enumerate(plain):
        before = plain[n - 1] if n else ""
        after = plain[n + 1] if n + 1 < len(plain) else ""
        if char in HALF_WIDTH:
            if char in ",:" and LATIN.match(before or " ") and LATIN.match(after or " "):
                continue  # 3:2, 1,000
            found.append(plain[max(0, n - 4) : n + 5])
        elif (
            char == "."
            and (CJK.match(before or " ") or before == "\x01")
            and not LATIN.match(after or " ")
        ):
            found.append(plain[max(0, n - 4) : n + 5])
    return found


def catalogues() -> list[Path]:
    return sorted((i18n_tools.SOURCES / "zh_TW").glob("*.po"))


def test_the_check_tells_full_width_from_half_width():
    assert half_width_marks("輪到{name}，請行動。") == []
    assert half_width_marks("比分 3:2，共 1,000 分") == []
    assert half_width_marks("（{n}）支軍隊") == []
    assert half_width_marks("輪到{name},請行動") != []
    assert half_width_marks("軍隊 ({n})") != []
    assert half_width_marks("完成.") != []
    assert half_width_marks("（{role_t},{n} 人）") != []
    assert half_width_marks("Only English, here.") == []
    assert half_width_marks("{name}:{phase_t}", chinese=True) != []


@pytest.mark.parametrize("path", catalogues(), ids=lambda p: p.stem)
def test_every_chinese_translation_uses_full_width_punctuation(path):
    with path.open("rb") as handle:
        catalog = read_po(handle, locale="zh_TW")
    bad = {}
    for message in catalog:
        if not message.id or not message.string:
            continue
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        # A translation that differs from its msgid was written for Chinese readers.
        marks = [m for form in forms for m in half_width_marks(form, form != msgid)]
        if marks:
            bad[message.id if isinstance(message.id, str) else message.id[0]] = marks
    assert not bad, f"{len(bad)} translations with half-width punctuation: {bad}"


# ------------------------------------------------- every rendered page of every recorded game

LOGS = sorted((Path(__file__).resolve().parent / "fixtures" / "logs").glob("*.json"))
TAGS = re.compile(r"<script.*?</script>|<style.*?</style>|<[^>]+>", re.S)
# How many moments of each recorded game are rendered (evenly spread, the end included).
MOMENTS = 6


def visible_text(page: str) -> str:
    """The page as a person reads it: tags (with their attribute values), scripts and styles
    gone, entities decoded; an element boundary reads as a space."""
    return " ".join(html.unescape(TAGS.sub(" ", page)).split())


def marks_beside_chinese(text: str) -> list[str]:
    """Half-width , : ; ! ? ( ) with a Chinese character next to it (spaces skipped), each
    with a few characters around it: in a Chinese page these are the full-width marks' job,
    whoever put them there (a catalogue, a template, or code joining a list)."""
    # A board coordinate, "(2,3)", is notation, as "3:2" is.
    text = re.sub(r"\(\d+,\d+\)", "#", text)
    found = []
    for match in re.finditer(r"[,:;!?()]", text):
        n = match.start()
        before = text[:n].rstrip()[-1:]
        after = text[n + 1 :].lstrip()[:1]
        if match.group() == "?" and text[n - 1 : n] in ("", " ", "+"):
            continue  # "?" after nothing or "+" stands for a number not known yet ("11+?")
        if CJK.match(before or " ") or CJK.match(after or " "):
            found.append(text[max(0, n - 12) : n + 12])
    return found


def test_the_page_check_finds_half_width_marks_beside_chinese_only():
    assert (
        marks_beside_chinese(
            "木刀、煙管和脇差 · 比分 3:2 · Ann vs Bo (3) · ? 對 ? · 分數 11+? 人口"
        )
        == []
    )
    assert marks_beside_chinese("木刀, 煙管") != []
    assert marks_beside_chinese("Akiko (藍 (孫子))") != []
    assert marks_beside_chinese("兵力: 3") != []
    assert visible_text('<p title="a, b">木刀<script>x = "木刀, 煙管"</script></p>') == "木刀"


def _chinese(client: FlaskClient) -> FlaskClient:
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "zh-TW"
    return client


def _copy_with_phones(app: Flask, data: dict, moment: int) -> list[FlaskClient]:
    """A copy of the replayed table as it stands, with a zh-TW phone joined to every seat.

    Joining logs a line and so takes a sequence number, and the dice follow the sequence
    numbers: the phones join a copy, and the recorded game plays on unchanged."""
    tables = app.extensions["tables"]
    tid = f"moment-{moment}"
    codes = seat_recorded(tables.store, tid, data)
    write_log(tables.store, tid, log_rows(tables.store, "fixture"))
    phones = []
    for code in codes:
        phones.append(_chinese(app.test_client()))
        assert phones[-1].get(f"/join/{code}").status_code == 303
    return phones


# A count of one with a plural noun ("1 tiles left"); a label that reads before its own value
# ("soldiers 3") is not one.
ONE_PLURAL = re.compile(
    r"(?<![\w.,/$+−-])1 (?:(?:Alert|Hold) )?(?:armies|tiles|troops|soldiers|workers|hits|stars"
    r"|points|bandits|dice|spaces|times|defenders|wounds|cards|players)\b(?! \d)"
)
# Two sentences glued together where a template line break was eaten ("sells.Every").
GLUED = re.compile(r"[a-z][.!?][A-Z][a-z]")


def english_slips(text: str) -> list[str]:
    """A count of one read with a plural noun, or two sentences without a space."""
    return [m.group() for rx in (ONE_PLURAL, GLUED) for m in rx.finditer(text)]


def test_the_english_check_finds_a_plural_after_one_and_glued_sentences():
    assert english_slips("1 army · 2 armies · 1 tile left · soldiers 1 · CP 1 soldiers 3") == []
    assert english_slips("Reinforcement pool: 1 armies") == ["1 armies"]
    assert english_slips("with 0 Alert and 1 Hold troops") == ["1 Hold troops"]
    assert english_slips("each player sells.Every food") == ["s.Ev"]


def _pages(clients: dict[str, FlaskClient], urls: dict[str, str], lang: str) -> dict[str, str]:
    out = {}
    for name, client in clients.items():
        client.set_cookie(COOKIE, lang)
        reply = client.get(urls[name])
        assert reply.status_code == 200, name
        out[name] = visible_text(reply.get_data(as_text=True))
    return out


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.stem)
def test_every_page_of_a_recorded_game_reads_right_in_both_languages(app, path):
    """The table screen, the host's screen and every phone, at moments spread over a whole
    recorded game: in Chinese with full-width punctuation, in English with a count's own
    plural form and a space after every sentence."""
    data = json.loads(path.read_text())
    tables = app.extensions["tables"]
    tid = "fixture"
    played = replay_log(tables, tid, data)
    host = _chinese(app.test_client())
    assert host.get(f"/host/{tid}/host").status_code == 303
    public = _chinese(app.test_client())
    steps = data["steps"]
    moments = {round(k * (len(steps) - 1) / (MOMENTS - 1)) for k in range(MOMENTS)}
    marks: dict[str, list[str]] = {}
    slips: dict[str, list[str]] = {}
    for n, _step in played:
        if n not in moments:
            continue
        clients = {"host": host, "public": public}
        urls = {"host": f"/t/{tid}", "public": f"/t/{tid}"}
        for seat, phone in enumerate(_copy_with_phones(app, data, n)):
            clients[f"seat {seat}"] = phone
            urls[f"seat {seat}"] = f"/t/moment-{n}/seat"
        for name, text in _pages(clients, urls, "zh_TW").items():
            for mark in marks_beside_chinese(text):
                marks.setdefault(mark, []).append(f"step {n} {name}")
        for name, text in _pages(clients, urls, "en").items():
            for slip in english_slips(text):
                slips.setdefault(slip, []).append(f"step {n} {name}")
    assert not marks, f"{len(marks)} half-width marks beside Chinese: " + "\n".join(
        f"{mark!r} ({where[0]})" for mark, where in marks.items()
    )
    assert not slips, f"English slips: {slips}"
