"""Sun Tzu's numbers and names: the board, the cards, the events, the Warlords, the options.

Everything here is fixed by the rules digest (``shared/rules/sun-tzu.md``), together with the
small pure helpers that read those tables: the battle matrix (``fight``), the score track's
ends, the draw counts and which provinces are adjacent.
"""

from __future__ import annotations

from ..kit import N_, Option, Phases

GAME_ID = "sun-tzu"

BLUE, RED = 0, 1
COLOURS = ("blue", "red")
COLOUR_NAMES = (N_("Blue (Sun Tzu)"), N_("Red (King of Chu)"))

PROVINCES = ("qin", "chu", "jin_yan", "han_qi", "wu")  # board order, left to right
PROVINCE_NAMES = (N_("Qin"), N_("Chu"), N_("Jin-Yan"), N_("Han-Qi"), N_("Wu"))

# The ten scoring displays: the value after round 3, round 6 and round 9.
DISPLAYS = (
    (1, 2, 4),
    (1, 3, 5),
    (1, 4, 3),
    (2, 3, 2),
    (2, 3, 4),
    (2, 5, 2),
    (3, 1, 5),
    (3, 2, 3),
    (4, 1, 4),
    (4, 3, 2),
)
SCORING_ROUNDS = (3, 6, 9)
INSTANT_WIN_ROUNDS = (3, 6)
LAST_ROUND = 9
TRACK_END = 9  # the score marker runs from -9 (Red's end) to +9 (Blue's end)
ARMIES = 21
POOL_START, RESERVE_START = 18, 3
WARLORD_ROUNDS = 6  # "during one of the first 6 rounds"

PLAGUE = "P"
PERMANENT = ("1", "2", "3", "4", "5", "6")
CARD_CODES = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "+1", "+2", "+3", "-1", "P")
COPIES = {code: 1 for code in CARD_CODES} | {"+1": 3, "-1": 3, "P": 2}
BEGINNER_REMOVED = ("+2", "+3")
COSTS = {"+2": 1, "+3": 2}  # armies to the reserve whenever the card is played
HAND_DRAW = 4
# What each card does, in a few words: the phone shows it on the card when the player picks.
CARD_HINTS = {
    "1": N_("Back to your hand; then draw 3, keep 2"),
    **{code: N_("Back to your hand") for code in ("2", "3", "4", "5")},
    "6": N_("Back to your hand; 1 army marks the province"),
    **{code: N_("One use") for code in ("7", "8", "9", "10")},
    "+1": N_("Their card +1; one use"),
    "+2": N_("Their card +2; costs 1 army; one use"),
    "+3": N_("Their card +3; costs 2 armies; one use"),
    "-1": N_("Their card -1; one use"),
    "P": N_("Plague: halves the armies there; one use"),
}
PRIVATE_NOTES = 6  # how many of a seat's private notes its phone keeps

EVENTS = ("epidemic", "war_chariot", "champion", "hero", "light_infantry")
EVENT_NAMES = {
    "epidemic": N_("Epidemic"),
    "war_chariot": N_("War Chariot"),
    "champion": N_("Champion's Challenge"),
    "hero": N_("Hero's Challenge"),
    "light_infantry": N_("Light Infantry"),
}
EVENT_TEXTS = {
    "epidemic": N_(
        "When all 4 Plague cards have been played, each player moves 1 army to the reserve."
    ),
    "war_chariot": N_(
        "When a player has 3 provinces marked by their own 6, they choose 1 more Warlord."
    ),
    "champion": N_("A player who plays a 9 and does not win moves 1 army to the reserve."),
    "hero": N_("A player who plays a 10 and does not win moves 2 armies to the reserve."),
    "light_infantry": N_(
        "When both play a 1 in the same province, the player behind on the score track "
        "places 1 army there."
    ),
}
DISPLAY_LABELS = (
    N_("the scoring display of Qin"),
    N_("the scoring display of Chu"),
    N_("the scoring display of Jin-Yan"),
    N_("the scoring display of Han-Qi"),
    N_("the scoring display of Wu"),
)
# Armies a 9 / a 10 costs under Champion's / Hero's Challenge.
CHALLENGES = {"champion": ("9", 1), "hero": ("10", 2)}

# Warlords by colour, numbered 1-5 as in the digest's table.
WARLORD_TEXTS = (
    (
        N_(
            "During one of the first 6 rounds: move 1 of your armies to an adjacent province "
            "that is empty or yours."
        ),
        N_("Your revealed 7, 8, 9 or 10 is played as a 6, without marking the province."),
        N_("Start the game with the score marker 1 space towards your end."),
        N_("After playing -1, put it at the bottom of your deck and discard your top card."),
        N_("During one of the first 6 rounds: place 1 army from your pool in a province you hold."),
    ),
    (
        N_("In one province, play your 6 a second time (it marks the province again)."),
        N_(
            "During one of the first 6 rounds: send 1 enemy army from any province back to "
            "its owner's pool."
        ),
        N_("Counter a Plague: it does no damage to your armies in that province."),
        N_("Harsh Plague: a Plague leaves only 1 army in the province."),
        N_("After playing P, put it at the bottom of your deck and discard your top card."),
    ),
)
COUNTER_ZERO_TEXT = N_("Counter a Plague: the Plague is treated as a 0 in the battle.")
# Warlords the app plays by itself: Red 1 when a 6 is revealed on Red's own mark, Blue 3 at start.
AUTO_WARLORDS = ((3,), (1,))

# Where a player's armies can stand, for the host's correction of the board.
PLACES = ("pool", "reserve") + PROVINCES + tuple(f"mark_{p}" for p in PROVINCES)
PLACE_NAMES = dict(
    zip(
        PLACES,
        (N_("the pool"), N_("the reserve"))
        + PROVINCE_NAMES
        + (
            N_("the 6 marker box above Qin"),
            N_("the 6 marker box above Chu"),
            N_("the 6 marker box above Jin-Yan"),
            N_("the 6 marker box above Han-Qi"),
            N_("the 6 marker box above Wu"),
        ),
        strict=True,
    )
)

END_REASONS = {
    "track": N_("The score marker reached the end of the track"),
    "round9": N_("Round 9 has been scored"),
    "events": N_("All 5 events have been carried out"),
}

# The phases of a round (after the secret Warlord choice); ``__init__`` registers the parts' hooks.
PHASES = Phases(
    [
        ("warlords", N_("Choose Warlords")),
        ("place", N_("Place cards")),
        ("battle", N_("Battles")),
        ("draw", N_("Draw")),
        ("over", N_("Game over")),
    ]
)
LIVE = ("warlords", "place", "battle", "draw")  # every phase but the end

OPTIONS = (
    Option.choice(
        "cards",
        N_("Action cards"),
        physical=N_("Real cards: the table screen enters the revealed cards"),
        phones=N_("On the phones: hands, decks and placement in the app"),
    ),
    Option.flag("beginner", N_("Beginner variant (no +2, +3 or Warlords)"), False),
    Option.flag("events", N_("Play with the event cards"), True),
    Option.flag("warlord_public", N_("Chosen Warlords are shown face up"), False),
    Option.choice(
        "counter_plague",
        N_("Red's Warlord against the Plague"),
        no_damage=N_("The Plague does no damage (Chinese edition)"),
        zero=N_("The Plague counts as a 0 (English card)"),
    ),
    Option.choice(
        "adjacency",
        N_("Adjacent provinces"),
        line=N_("Neighbours from left to right"),
        any=N_("Every province is adjacent"),
    ),
    Option.choice(
        "event_timing",
        N_("When an event's condition is completed by a revealed card"),
        after=N_("The event fires after that card's battle or Plague"),
        reveal=N_("The event fires as soon as the card is revealed"),
    ),
    Option.flag(
        "recall_checked",
        N_("Real cards: refuse a recall when the counts show only cards 1-6 in the hand"),
        True,
    ),
)
# A table created before an option existed keeps the rules it was played with: the order of
# ``event_timing``; recalls its log holds that the card counts would now refuse.
OPTION_FALLBACKS = {"event_timing": "reveal", "recall_checked": False}


def is_number(code: str) -> bool:
    """A number card (or the 0 a countered Plague becomes).

    >>> is_number("10"), is_number("0"), is_number("+1"), is_number("P")
    (True, True, False, False)
    """
    return code.isdigit()


def fight(a: str, b: str) -> tuple[int | None, int, bool]:
    """One battle: (winner 0 = a / 1 = b / None = tie, difference, stopped by a Plague).

    The special cards follow the digest's matrix, not arithmetic: against -1 a modifier
    wins by its own face value.

    >>> fight("7", "3"), fight("4", "4")
    ((0, 4, False), (None, 0, False))
    >>> fight("+1", "-1"), fight("-1", "+3"), fight("+2", "+3")
    ((0, 1, False), (1, 3, False), (1, 1, False))
    >>> fight("P", "10"), fight("-1", "9")
    ((None, 0, True), (1, 1, False))
    """
    if PLAGUE in (a, b):
        return None, 0, True
    first, diff = _beats(a, b)
    if first > 0:
        return 0, diff, False
    if first < 0:
        return 1, diff, False
    return None, 0, False


def _beats(a: str, b: str) -> tuple[int, int]:
    """(+1 a wins / -1 b wins / 0 tie, difference) for two cards that are not Plagues."""
    if is_number(a) and is_number(b):
        x, y = int(a), int(b)
        return (x > y) - (x < y), abs(x - y)
    if is_number(a):
        sign, diff = _beats(b, a)
        return -sign, diff
    if a == "-1":
        # -1 loses to any number by 1 and to +k by k; -1 against -1 is a tie.
        if is_number(b):
            return -1, 1
        if b == "-1":
            return 0, 0
        return -1, int(b[1:])
    k = int(a[1:])  # a is +1, +2 or +3
    if is_number(b):
        return 1, k
    if b == "-1":
        return 1, k
    m = int(b[1:])
    return (k > m) - (k < m), abs(k - m)


def clamp(score: int) -> int:
    """The score marker cannot pass either end of the track.

    >>> clamp(12), clamp(-10), clamp(3)
    (9, -9, 3)
    """
    return max(-TRACK_END, min(TRACK_END, score))


def draw_counts(played_one: bool, deck: int) -> tuple[int, int]:
    """(cards drawn, cards kept) in the draw phase: min(n, deck) drawn, min(n-1, drawn) kept.

    >>> draw_counts(False, 10), draw_counts(True, 10), draw_counts(True, 2), draw_counts(False, 1)
    ((2, 1), (3, 2), (2, 2), (1, 1))
    >>> draw_counts(False, 0)
    (0, 0)
    """
    n = 3 if played_one else 2
    drawn = min(n, deck)
    return drawn, min(n - 1, drawn)


def adjacent(kind: str, p: int) -> list[int]:
    """Provinces adjacent to ``p`` under the ``adjacency`` option.

    >>> adjacent("line", 0), adjacent("line", 2), adjacent("any", 4)
    ([1], [1, 3], [0, 1, 2, 3])
    """
    if kind == "any":
        return [q for q in range(len(PROVINCES)) if q != p]
    return [q for q in (p - 1, p + 1) if 0 <= q < len(PROVINCES)]


def warlord_text(seat: int, n: int, plague_zero: bool = False) -> str:
    """The msgid of Warlord ``n`` of ``seat``; Red's 3 reads as the table's option says.

    >>> warlord_text(RED, 3, plague_zero=True) == COUNTER_ZERO_TEXT
    True
    """
    if seat == RED and n == 3 and plague_zero:
        return COUNTER_ZERO_TEXT
    return WARLORD_TEXTS[seat][n - 1]
