"""3 Kingdoms Battle's numbers and names, as the rules digest gives them."""

from __future__ import annotations

from ..kit import N_, T, Text

GAME_ID = "three-kingdoms"
TROOPS_PER_PLAYER = 8
COMMAND_CARDS = 5
TILES_TO_DRAW = 71  # 72 tiles, the start tile is on the table from the beginning
WIN_POINTS = 8
HIT_FROM = 5  # a 5 or a 6 hits, in both wars
LARGE_FROM_TILES = 4  # 1-3 tiles: small city; 4 or more: large city
POINTS = {"small": 1, "large": 2}
OCCUPY_FROM = {"small": 4, "large": 5}
SIZE_LABELS = {"small": N_("Small city"), "large": N_("Large city")}
MAX_DICE = TROOPS_PER_PLAYER * 5  # never more dice than troops in the game
CITY_ID = 999  # city ids are small counters; this only bounds the input

# The four stratagems every player holds one of (digest §1), in the order the cards list them.
STRATAGEMS: tuple[tuple[str, str], ...] = (
    ("drive_tiger", N_("Drive the Tiger to Eat the Wolf")),
    ("secret_passage", N_("Secret Passage")),
    ("beauty_trap", N_("Beauty Trap")),
    ("lure_tiger", N_("Lure the Tiger from the Mountain")),
)
STRATAGEM_LABELS = dict(STRATAGEMS)
# The names printed on the Chinese edition's cards (digest §1). An English screen shows each
# beside its English name, as the players read it off the card; a Chinese screen shows it once
# (the catalogue's entry for ``PRINTED_NAME`` keeps only the printed name).
STRATAGEM_PRINTED = {
    "drive_tiger": "驅虎吞狼",
    "secret_passage": "暗渡陳倉",
    "beauty_trap": "美人計",
    "lure_tiger": "調虎離山",
}
PRINTED_NAME = N_("{name_t} {printed}")


def stratagem_name(key: str) -> Text:
    """A stratagem's name as the screens and the history show it.

    >>> stratagem_name("beauty_trap")
    ['{name_t} {printed}', {'name_t': 'Beauty Trap', 'printed': '美人計'}]
    """
    return T(PRINTED_NAME, name_t=STRATAGEM_LABELS[key], printed=STRATAGEM_PRINTED[key])


STANCES = ("alert", "hold")
STANCE_INDEX = {"alert": 0, "hold": 1}

# The tie-break chain of digest §6, after the score: (step, what is compared).
TIEBREAK_STEPS: tuple[tuple[str, str], ...] = (
    ("A", N_("troops in completed cities")),
    ("B", N_("unused command cards")),
    ("C", N_("unused stratagem cards")),
    ("D", N_("Alert troops")),
)
