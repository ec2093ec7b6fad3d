"""The printed tables of Samurai Sword (武士刀): roles, characters, weapons, honor, hands, scoring.

Pure data for the rest of the package; every name is an English msgid (zh-TW in the PO file,
using the Chinese edition's names). Source: ../shared/rules/samurai-sword.md (the digest).
"""

from __future__ import annotations

from ..kit import N_

GAME_ID = "samurai-sword"

SHOGUN = "shogun"
SAMURAI = "samurai"
NINJA = "ninja"
RONIN = "ronin"
ROLES = (SHOGUN, SAMURAI, NINJA, RONIN)

ROLE_NAMES = {
    SHOGUN: N_("Shogun"),
    SAMURAI: N_("Samurai"),
    NINJA: N_("Ninja"),
    RONIN: N_("Ronin"),
}

# Teams: the Shogun plays with the Samurai; all the Ninja are one team; the Ronin is alone.
TEAM_OF_ROLE = {SHOGUN: "shogun", SAMURAI: "shogun", NINJA: "ninja", RONIN: "ronin"}
TEAMS = ("shogun", "ninja", "ronin")
TEAM_NAMES = {
    "shogun": N_("Shogun and Samurai"),
    "ninja": N_("Ninja"),
    "ronin": N_("Ronin"),
}

# Digest §2: role cards by player count (3 = the 3-player variant of §8).
ROLE_COUNTS: dict[int, dict[str, int]] = {
    3: {SHOGUN: 1, SAMURAI: 0, NINJA: 2, RONIN: 0},
    4: {SHOGUN: 1, SAMURAI: 1, NINJA: 2, RONIN: 0},
    5: {SHOGUN: 1, SAMURAI: 1, NINJA: 2, RONIN: 1},
    6: {SHOGUN: 1, SAMURAI: 1, NINJA: 3, RONIN: 1},
    7: {SHOGUN: 1, SAMURAI: 2, NINJA: 3, RONIN: 1},
}

# The three Ninja role cards carry 1, 2 and 3 stars (digest §7, AMBIGUOUS: check the cards).
NINJA_STARS = (1, 2, 3)

# Digest §2: starting honor, (Shogun, everyone else) by player count.
STARTING_HONOR: dict[int, tuple[int, int]] = {
    3: (6, 3),
    4: (5, 3),
    5: (5, 3),
    6: (5, 4),
    7: (5, 4),
}

# Digest §2: cards dealt by position clockwise from the Shogun (the Shogun is position 0).
STARTING_HAND = (4, 5, 5, 6, 6, 7, 7)

# Digest §7: honor multiplier by role and player count. The 4-player Ninja entry is ×1 here;
# the Ninja with more stars gets ×2 when the ninja_stars option is on (see scoring.py).
MULTIPLIER: dict[str, dict[int, int]] = {
    SHOGUN: {3: 2, 4: 1, 5: 1, 6: 1, 7: 1},
    SAMURAI: {4: 2, 5: 1, 6: 2, 7: 1},
    NINJA: {3: 1, 4: 1, 5: 1, 6: 1, 7: 1},
    RONIN: {5: 2, 6: 3, 7: 3},
}
NINJA_MORE_STARS_MULTIPLIER = 2

FATAL_ATTACK_PENALTY = 3
HAND_LIMIT = 7
MAX_HONOR = 30
MAX_HAND = 30
MAX_PROPERTY = 6
MAX_DAIMYO = 3

# Digest §1: the 12 characters: key -> (name msgid, resilience, ability msgid).
CHARACTERS: dict[str, tuple[str, int, str]] = {
    "benkei": (N_("Benkei"), 5, N_("Every other player has +1 Difficulty to attack you.")),
    "chiyome": (
        N_("Chiyome"),
        4,
        N_("Only Weapons can wound you: Jujutsu and Battle Cry do not affect you."),
    ),
    "goemon": (N_("Goemon"), 5, N_("You may play 1 extra Weapon per turn.")),
    "ginchiyo": (
        N_("Ginchiyo"),
        4,
        N_("You take 1 wound less from each Weapon attack (at least 1)."),
    ),
    "hanzo": (
        N_("Hanzo"),
        4,
        N_(
            "You may play a Weapon as a Parry (also against Battle Cry), "
            "unless it is your only card in hand."
        ),
    ),
    "hideyoshi": (N_("Hideyoshi"), 4, N_("Draw 1 extra card in the Draw phase.")),
    "ieyasu": (
        N_("Ieyasu"),
        5,
        N_("Your first draw in the Draw phase may be the top card of the discard pile."),
    ),
    "kojiro": (N_("Kojiro"), 5, N_("Your Weapons can hit any Difficulty.")),
    "musashi": (N_("Musashi"), 5, N_("Each successful Weapon attack deals +1 wound.")),
    "nobunaga": (
        N_("Nobunaga"),
        5,
        N_("In your Play phase, discard 1 health to draw 1 card (never your last one)."),
    ),
    "tomoe": (
        N_("Tomoe"),
        5,
        N_("Each time you wound someone with a Weapon, draw 1 card."),
    ),
    "ushiwaka": (N_("Ushiwaka"), 4, N_("Draw 1 card for each wound a Weapon deals you.")),
}

# Digest §1: the 13 weapons: (name msgid, copies, difficulty, damage).
WEAPONS: tuple[tuple[str, int, int, int], ...] = (
    (N_("Bo"), 5, 2, 1),
    (N_("Bokken"), 6, 1, 1),
    (N_("Daikyu"), 1, 5, 2),
    (N_("Kanabo"), 1, 3, 2),
    (N_("Katana"), 1, 2, 3),
    (N_("Kiseru"), 5, 1, 2),
    (N_("Kusarigama"), 4, 2, 2),
    (N_("Nagayari"), 1, 4, 2),
    (N_("Naginata"), 2, 4, 1),
    (N_("Nodachi"), 1, 3, 3),
    (N_("Shuriken"), 3, 3, 1),
    (N_("Tanegashima"), 1, 5, 1),
    (N_("Wakizashi"), 1, 1, 3),
)
WEAPON_DIFFICULTIES = (1, 2, 3, 4, 5)

# Digest §3: the four phases of a turn, in order, (name, msgid).
TURN_PHASES = (
    ("recover", N_("Recover phase")),
    ("draw", N_("Draw phase")),
    ("play", N_("Play phase")),
    ("discard", N_("Discard phase")),
)

# Public counters a phone (own seat) or the table screen (any seat) may adjust: key -> (msgid, max).
# The labels use the game's own terms so that they stay distinct from other games' msgids in
# the one merged gettext catalog.
COUNTERS: dict[str, tuple[str, int]] = {
    "health": (N_("Resilience"), 0),  # the maximum is the character's resilience
    "honor": (N_("Honor Points"), MAX_HONOR),
    "hand": (N_("Cards in hand"), MAX_HAND),
    "armor": (N_("Armor"), MAX_PROPERTY),
    "fast_draw": (N_("Fast Draw"), MAX_PROPERTY),
    "focus": (N_("Focus"), MAX_PROPERTY),
}
COUNTER_KEYS = tuple(COUNTERS)
