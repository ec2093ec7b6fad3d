"""Traditional Chinese is written with full-width punctuation: ，。：；！？（）「」…

A half-width comma or colon in a Chinese sentence reads as a typo to a Chinese player. This
walks every zh-TW catalogue (the platform's and each game's) and flags a half-width mark in
a translation that holds Chinese, except where it belongs: inside a placeholder
(``{name}``, ``%(num)d``) and between two Latin letters or digits ("3:2", "1,000", "v1.0").
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from companion import i18n_tools

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
