"""Player names as people typed them, minus what no one can see and what passes for another name.

A name is shown on every screen and phone, so a name must look like what it is:

- no control characters, no invisible characters (zero-width spaces, joiners) and no bidi
  controls that reorder the text around them ("Ann\\u202e" would otherwise look like "Ann" and
  print the rest of a line backwards);
- characters that draw nothing (the Hangul fillers U+3164 U+115F U+1160 U+FFA0, the blank
  Braille cell U+2800) count as spaces, so a name made only of them is as empty as "" and
  "Ann\\u3164" is "Ann";
- at most ``MAX_MARKS`` combining marks on one letter: three covers the real stacks (a Thai
  vowel and tone mark, a Tibetan subjoined pair and vowel, an Arabic shadda and vowel); more
  is a tower meant to spill over the lines around it, so the rest are dropped;
- one word in one script (``check_name``): "Аnn" with a Cyrillic "А" looks exactly like "Ann"
  and would pass for that player, so it is refused with a reason. Whole names in one script
  ("Анна", "小明"), Japanese's Han with kana, and different scripts in separate words
  ("Ann 小明") stay allowed. This is Unicode's "highly restrictive" level (UTS #39, section
  5.2), applied per word.

Names are compared for duplicates by ``name_key``. ``normalise_name`` never refuses, so the
archive import can use it on names it must keep; ``check_name`` is for names typed in now.

Scripts come from fontTools' ``unicodedata`` (Unicode's Scripts and ScriptExtensions tables,
updated with every Unicode release): the standard library has no script property, the
``regex`` module can test a character against a script it is told but cannot say which
script a character is in, and ``confusable_homoglyphs`` ships older data and counts a Japanese
name (Han with kana) as mixed.

>>> normalise_name("  A\\u200bnn   Lee\\n")
'Ann Lee'
>>> normalise_name("Ann\\u202e")
'Ann'
>>> normalise_name("\\uff21\\uff4e\\uff4e")  # full-width letters, as some phone keyboards type
'Ann'
>>> normalise_name("\\u200b\\u2066\\x00")
''
>>> normalise_name("\\u3164"), normalise_name("\\u2800\\u2800"), normalise_name("\\u115f\\u1160")
('', '', '')
>>> normalise_name("Ann\\u3164Lee")
'Ann Lee'
>>> len(normalise_name("e" + "\\u0303" * 23))  # e, its tilde composed, and three marks more
4
>>> len(normalise_name("x" * 100))
24
>>> name_key("ANN") == name_key("ann\\u200d") == name_key("Ann") == name_key("Ann\\u2800")
True
>>> mixes_scripts("\\u0410nn"), mixes_scripts("Анна"), mixes_scripts("小明さん")
(True, False, False)
>>> check_name(" Ann 小明 ")
'Ann 小明'
"""

from __future__ import annotations

import unicodedata
from typing import TYPE_CHECKING, Any

from fontTools.unicodedata import script_extension

from ..errors import BadInput
from ..text import N_

if TYPE_CHECKING:
    from ..games.kit import Game

MAX_NAME = 24  # a name fits on a phone's header
MAX_MARKS = 3  # combining marks kept on one letter

# Control, format (bidi controls, zero-width characters), private use, surrogates, unassigned.
DROPPED_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Cn"})
# Characters that draw nothing yet are letters or symbols to Unicode: Hangul fillers (U+3164
# and U+FFA0 become U+1160 under NFKC) and the blank Braille cell. They read as spaces.
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
# Default-ignorable combining marks (the grapheme joiner, Khmer inherent vowels, Mongolian
# variation selectors): invisible, so "Ann" with one of them would pass for "Ann".
INVISIBLE_MARKS = frozenset("\u034f\u17b4\u17b5\u180b\u180c\u180d\u180f")
MARKS = frozenset({"Mn", "Me"})

# Scripts (ISO 15924) that belong to every script: digits, punctuation, combining marks.
COMMON = frozenset({"Zyyy", "Zinh"})
# UTS #39's augmented script sets: Han is written with kana (Japanese), with Bopomofo
# (Chinese) and with Hangul (Korean), so those mixes count as one writing system.
AUGMENTED = {
    "Hani": frozenset({"Hani", "Hanb", "Jpan", "Kore"}),
    "Hira": frozenset({"Hira", "Jpan"}),
    "Kana": frozenset({"Kana", "Jpan"}),
    "Bopo": frozenset({"Bopo", "Hanb"}),
    "Hang": frozenset({"Hang", "Kore"}),
}
CJK = frozenset({"Hanb", "Jpan", "Kore"})


def normalise_name(raw: str, max_length: int = MAX_NAME) -> str:
    """``raw`` in NFKC form, without invisible characters, whitespace collapsed, trimmed, capped.

    Whitespace controls (tab, newline) and blank characters become spaces before the controls
    are dropped, so "Ann\\tLee" stays two words. Never refuses (see ``check_name``).
    """
    kept: list[str] = []
    marks = 0  # marks kept on the current letter; a mark with no letter under it is dropped
    for ch in unicodedata.normalize("NFKC", raw):
        if ch.isspace() or ch in BLANKS:
            kept.append(" ")
            marks = MAX_MARKS
        elif unicodedata.category(ch) in DROPPED_CATEGORIES or ch in INVISIBLE_MARKS:
            continue
        elif unicodedata.category(ch) in MARKS:
            if marks < MAX_MARKS and kept:
                kept.append(ch)
                marks += 1
        else:
            kept.append(ch)
            marks = 0
    # Dropping characters may leave a letter next to a mark that composes with it.
    text = unicodedata.normalize("NFC", "".join(kept))
    # Cut after collapsing, then trim again: the cut may end on a space.
    return " ".join(text.split())[:max_length].strip()


def name_key(name: str) -> str:
    """What two names must share to count as the same player ("Ann", "ANN", "Ann\\u200b")."""
    return normalise_name(name).casefold()


def _scripts(ch: str) -> frozenset[str] | None:
    """The scripts ``ch`` is written in (augmented for CJK), or None for any script."""
    found = set(script_extension(ch))
    if found <= COMMON:
        return None
    for script in list(found):
        found |= AUGMENTED.get(script, frozenset())
    return frozenset(found)


def _resolved(word: str) -> frozenset[str] | None:
    """The scripts every character of ``word`` shares (UTS #39), None if any would do."""
    shared: frozenset[str] | None = None
    for ch in word:
        scripts = _scripts(ch)
        if scripts is not None:
            shared = scripts if shared is None else shared & scripts
    return shared


def mixes_scripts(word: str) -> bool:
    """Whether ``word`` mixes scripts the way a look-alike does (UTS #39 "highly restrictive").

    One script is fine, and so is Latin with one CJK writing system ("A小明", "Tシャツ").

    >>> [mixes_scripts(w) for w in ("Ann", "Zoë", "Ann-Lee2", "Tシャツ", "Анна")]
    [False, False, False, False, False]
    >>> # Greek alpha, Cyrillic a, an Arabic-Indic digit
    >>> [mixes_scripts(w) for w in ("\\u0391nn", "p\\u0430ypal", "Ann\\u0661")]
    [True, True, True]
    """
    shared = _resolved(word)
    if shared is None or shared:
        return False
    rest = _resolved("".join(ch for ch in word if "Latn" not in script_extension(ch)))
    return rest is not None and not rest & CJK


def check_name(raw: str, max_length: int = MAX_NAME) -> str:
    """``normalise_name(raw)``, refused (``BadInput``) when one of its words mixes scripts."""
    name = normalise_name(raw, max_length)
    if any(mixes_scripts(word) for word in name.split()):
        raise BadInput(
            "mixed_script",
            N_(
                'The name "{name}" mixes letters of different alphabets in one word, '
                "so it could pass for another name. Type each word in one alphabet."
            ),
            name=name,
        )
    return name


def clean_players(players: Any, game: Game) -> list[str]:
    """Player names in seat order, checked (``check_name``), and against the player count.

    A name that normalises to nothing is dropped; duplicates are compared after normalising,
    so "Ann" and "Ann" followed by an invisible character are the same player.
    """
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise BadInput("bad_players", N_("Players must be a list of names."))
    names = [check_name(p) for p in players]
    names = [n for n in names if n]
    if not game.min_players <= len(names) <= game.max_players:
        raise BadInput(
            "player_count",
            N_("This game needs {lo} to {hi} players."),
            lo=game.min_players,
            hi=game.max_players,
        )
    if len({name_key(n) for n in names}) != len(names):
        raise BadInput("duplicate_name", N_("Two players have the same name."))
    return names
