"""Player names: blank look-alikes are empty, mark towers are cut, mixed-script words refused."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.errors import BadInput
from companion.pipeline.names import MAX_MARKS, check_name, mixes_scripts, name_key, normalise_name


@pytest.mark.parametrize(
    "blank",
    ["\u3164", "\u2800", "\u115f\u1160", "\uffa0", "\u3164 \u2800\u200b", "\u034f\u17b4"],
    ids=["hangul-filler", "braille-blank", "choseong-jungseong", "halfwidth", "mixed", "marks"],
)
def test_a_name_that_draws_nothing_is_empty(blank: str):
    assert normalise_name(blank) == ""


@pytest.mark.parametrize("twin", ["Ann\u3164", "\u2800Ann", "An\u034fn", "Ann\u180b", "\u0301Ann"])
def test_a_blank_or_invisible_character_does_not_make_another_name(twin: str):
    assert name_key(twin) == name_key("Ann")


def test_a_tower_of_combining_marks_keeps_three_marks_on_its_letter():
    name = normalise_name("Z" + "\u0336\u0317" * 12 + "oe")
    assert name[0] == "Z" and name[-2:] == "oe"
    assert sum(unicodedata.category(ch) == "Mn" for ch in name) == MAX_MARKS
    marks = [ch for ch in normalise_name("a" + "\u0489" * 23) if unicodedata.category(ch) == "Me"]
    assert len(marks) == MAX_MARKS


@pytest.mark.parametrize("real", ["กี่", "སྒྲུབ", "مُحَمَّد", "Nguyễn", "क्षत्रिय", "שָׁלוֹם"])
def test_real_writing_keeps_its_marks(real: str):
    assert normalise_name(real) == unicodedata.normalize("NFC", real)


def test_imported_text_is_cleaned_too():
    assert normalise_name("A\x00n\x1b[31mn\u202e") == "An[31mn"


@pytest.mark.parametrize(
    "spoof",
    ["\u0410nn", "Ann\u0430", "\u0391nn", "p\u0430ypal Lee", "Bo \u0421y"],
    ids=["cyrillic-A", "cyrillic-a", "greek-alpha", "first-word", "second-word"],
)
def test_a_word_mixing_latin_with_a_look_alike_script_is_refused(spoof: str):
    assert any(mixes_scripts(word) for word in spoof.split())
    with pytest.raises(BadInput) as refused:
        check_name(spoof)
    assert refused.value.code == "mixed_script"


@pytest.mark.parametrize(
    "name",
    [
        "Анна",
        "Ελένη",
        "小明",
        "山田さん",
        "キム・ミンス",
        "김민수",
        "Ann 小明",
        "Tシャツ",
        "Zoë",
        "O'Neil-2",
    ],
)
def test_a_name_in_one_script_per_word_is_kept(name: str):
    assert check_name(name) == name


@given(st.text(max_size=40))
def test_normalising_twice_changes_nothing(raw: str):
    once = normalise_name(raw)
    assert normalise_name(once) == once
