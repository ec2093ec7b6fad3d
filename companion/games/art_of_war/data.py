"""The Art of War's numbers and names: buildings, epics, advisors, generals, events, tactics, and
the ids of the map a parameter may name.

Everything here is transcribed from the rules digest (``shared/rules/art-of-war.md``); the rules
modules read these tables and hold no numbers of their own. Names are English msgids; the zh-TW
catalog gives the names printed in the author's post.
"""

from __future__ import annotations

from typing import Any

from ..kit import N_

# Ordinary ("advanced") buildings: points, workers, money per construction round, effect.
# The Inn has no cost data in the post: it is kept as data but never enters the deck (§9).
BUILDINGS: dict[str, dict[str, Any]] = {
    "inn": {
        "name": N_("Inn"),
        "points": 0,
        "workers": 0,
        "costs": [],
        "in_deck": False,
        "effect": N_("Hire mercenaries at $2 a round (no cost data: left out of the deck)."),
    },
    "temple": {
        "name": N_("Temple"),
        "points": 1,
        "workers": 3,
        "costs": [3, 2],
        "effect": N_("Morale +3; immune to Heretic Invasion."),
    },
    "post_road": {
        "name": N_("Post Road"),
        "points": 1,
        "workers": 4,
        "costs": [4, 2],
        "effect": N_("Every construction payment -$1."),
    },
    "bathhouse": {
        "name": N_("Bathhouse"),
        "points": 1,
        "workers": 3,
        "costs": [3, 2],
        "effect": N_("Buildings need 1 worker fewer."),
    },
    "bank": {
        "name": N_("Bank"),
        "points": 1,
        "workers": 4,
        "costs": [4, 1, 1],
        "effect": N_("End of phase 6: +$1 for every $4 held."),
    },
    "apothecary": {
        "name": N_("Apothecary"),
        "points": 1,
        "workers": 3,
        "costs": [4, 2],
        "effect": N_("For every 3 soldiers lost, get 1 back."),
    },
    "blacksmith": {
        "name": N_("Blacksmith"),
        "points": 2,
        "workers": 3,
        "costs": [3, 3],
        "effect": N_("In battle, +1 CP for every 2 soldiers."),
    },
    "magistrate": {
        "name": N_("Magistrate"),
        "points": 2,
        "workers": 2,
        "costs": [2, 1],
        "effect": N_("On completion, defeat one group of bandits; immune to Yellow Turbans."),
    },
    "arrow_tower": {
        "name": N_("Arrow Tower"),
        "points": 2,
        "workers": 3,
        "costs": [3, 3],
        "effect": N_("Attacking enemies lose 1 soldier at once."),
    },
    "windmill": {
        "name": N_("Windmill"),
        "points": 2,
        "workers": 2,
        "costs": [2, 2],
        "effect": N_("Farm +2 food."),
    },
    "altar": {
        "name": N_("Altar"),
        "points": 2,
        "workers": 4,
        "costs": [4, 2, 2],
        "effect": N_("Morale +3; once a round, sacrifice 1 soldier for 2 food."),
    },
    "private_school": {
        "name": N_("Private School"),
        "points": 2,
        "workers": 3,
        "costs": [3, 2],
        "effect": N_("Draw 1 tactic card on completion; tactic cards cost $2."),
    },
    "market": {
        "name": N_("Market"),
        "points": 2,
        "workers": 3,
        "costs": [3, 2],
        "effect": N_("+$1 per food sold."),
    },
    "textile_shop": {
        "name": N_("Textile Shop"),
        "points": 2,
        "workers": 2,
        "costs": [3, 1],
        "effect": N_("+$2 income a round."),
    },
    "taoist_temple": {
        "name": N_("Taoist Temple"),
        "points": 3,
        "workers": 3,
        "costs": [4, 2],
        "effect": N_("Morale +3; its priest may be sacrificed to cancel a tactic card."),
    },
    "relay_station": {
        "name": N_("Relay Station"),
        "points": 3,
        "workers": 2,
        "costs": [2, 2],
        "effect": N_("Tribute x2."),
    },
    "earth_fort": {
        "name": N_("Earth Fort"),
        "points": 3,
        "workers": 3,
        "costs": [3, 3],
        "effect": N_("City defence +1."),
    },
    "granary": {
        "name": N_("Granary"),
        "points": 0,
        "workers": 4,
        "costs": [4, 2, 1],
        "effect": N_("At the end: 1 point for every 2 food."),
    },
    "courtyard": {
        "name": N_("Courtyard"),
        "points": 6,
        "workers": 3,
        "costs": [4, 4],
        "effect": N_("Points only."),
    },
    "pleasure_house": {
        "name": N_("Pleasure House"),
        "points": 5,
        "workers": 3,
        "costs": [4, 3],
        "effect": N_("Points only."),
    },
    "pavilion": {
        "name": N_("Pavilion"),
        "points": 4,
        "workers": 2,
        "costs": [4, 2],
        "effect": N_("Points only."),
    },
    "latrine": {
        "name": N_("Latrine"),
        "points": 2,
        "workers": 2,
        "costs": [1, 1],
        "effect": N_("Points only."),
    },
}

# Epic buildings (won at the auction). "points" is the fixed part; the rules module adds the
# variable part named by "formula".
EPICS: dict[str, dict[str, Any]] = {
    "leshan_buddha": {
        "name": N_("Leshan Giant Buddha"),
        "points": 7,
        "workers": 9,
        "costs": [7, 5, 4, 1],
        "effect": N_("Morale +5; negative events have no effect on you."),
    },
    "hanlin_academy": {
        "name": N_("Hanlin Academy"),
        "points": 8,
        "workers": 7,
        "costs": [6, 3, 2, 1],
        "effect": N_("Draw 2 tactic cards on completion; tactic cards cost $2."),
    },
    "great_wall": {
        "name": N_("Great Wall"),
        "points": 8,
        "workers": 10,
        "costs": [8, 7, 4, 3, 2],
        "effect": N_("Opponents' morale -4; city defence +3."),
    },
    "imperial_mausoleum": {
        "name": N_("Imperial Mausoleum"),
        "points": 5,
        "workers": 9,
        "costs": [7, 5, 4, 4],
        "formula": "soldiers",
        "effect": N_("At the end: +1 point per 2 soldiers."),
    },
    "grand_canal": {
        "name": N_("Grand Canal"),
        "points": 5,
        "workers": 7,
        "costs": [7, 6, 3, 2],
        "formula": "ordinary",
        "effect": N_("At the end: +1 point per ordinary building."),
    },
    "forbidden_city": {
        "name": N_("Forbidden City"),
        "points": 6,
        "workers": 9,
        "costs": [7, 5, 4, 3],
        "formula": "territory",
        "effect": N_("At the end: +2 points per city you control."),
    },
    "old_summer_palace": {
        "name": N_("Old Summer Palace"),
        "points": 8,
        "workers": 7,
        "costs": [7, 3, 3, 2],
        "formula": "money",
        "effect": N_("At the end: +1 point per $4."),
    },
    "dunhuang_caves": {
        "name": N_("Dunhuang Caves"),
        "points": 8,
        "workers": 8,
        "costs": [8, 4, 4, 2],
        "formula": "tactics",
        "effect": N_("At the end: +1 point per tactic card in hand."),
    },
    "temple_of_heaven": {
        "name": N_("Temple of Heaven"),
        "points": 0,
        "workers": 0,
        "costs": [6, 4, 3, 2],
        "formula": "builders",
        "effect": N_("Points = the workers used to build it (chosen when started)."),
    },
    "yueyang_tower": {
        "name": N_("Yueyang Tower"),
        "points": 12,
        "workers": 8,
        "costs": [7, 4, 3, 3],
        "effect": N_("Points only."),
    },
}

ALL_BUILDINGS: dict[str, dict[str, Any]] = {**BUILDINGS, **EPICS}
BUILDING_KEYS: tuple[str, ...] = tuple(ALL_BUILDINGS)

# Morale given by a working building (§8).
MORALE: dict[str, int] = {"temple": 3, "altar": 3, "taoist_temple": 3, "leshan_buddha": 5}

# Advisors: name, tactic cards drawn at setup, ability.
ADVISORS: dict[str, dict[str, Any]] = {
    "ye": {
        "name": N_("Ye Xiaoping"),
        "cards": 1,
        "ability": N_("Steadfast: +1 defence to each city."),
    },
    "tian": {
        "name": N_("Tian Shenliang"),
        "cards": 2,
        "ability": N_("Humble: each battle you win, take $3 from the opponent."),
    },
    "ce": {"name": N_("Ce"), "cards": 1, "ability": N_("Heroic: +$5 per bandit group defeated.")},
    "chen": {
        "name": N_("Chen Wutang"),
        "cards": 1,
        "ability": N_("Fighting Spirit: always +2 CP in battle."),
    },
    "princess": {
        "name": N_("Mongol Princess"),
        "cards": 1,
        "ability": N_("Canghai Xiao: your tribute x2."),
    },
    "zengzi": {"name": N_("Zengzi"), "cards": 2, "ability": N_("Finance: +$3 income a round.")},
    "qing": {
        "name": N_("Qing Youyou"),
        "cards": 3,
        "ability": N_("Light Steps: lose only 1 soldier when you retreat."),
    },
    "yan": {
        "name": N_("Yan Qing"),
        "cards": 2,
        "ability": N_("Twin Swallows: in battle, pay $1 to move 1 soldier in (at most $2)."),
    },
}

# Generals: one use each. 菱之王's second line (共鳴) keeps the Advisor working after use.
GENERALS: dict[str, dict[str, Any]] = {
    "mao": {
        "name": N_("Chairman Mao"),
        "ability": N_("Divide: in one battle the opponent loses half their force to you."),
    },
    "ling": {
        "name": N_("King of Ling"),
        "ability": N_("Ambush: when you lose a city, destroy another player's building."),
        "keeps_advisor": True,
    },
    "kou": {"name": N_("Kou De"), "ability": N_("Peerless: +7 CP in one battle.")},
    "cha": {"name": N_("Cha Xuan"), "ability": N_("All In: buy up to 4 tactic cards at $1 each.")},
    "huang": {"name": N_("Huang Zun"), "ability": N_("Twin Hands: take $5 from every player.")},
    "shan": {
        "name": N_("Healer Shan"),
        "ability": N_("Healer: after one battle, get back all the soldiers you lost."),
    },
    "sparta": {
        "name": N_("Sparta"),
        "ability": N_("Counterattack: a player who attacked you gives you all their tactic cards."),
    },
    "yuan": {"name": N_("Marshal Yuan"), "ability": N_("Rally: +4 soldiers in one battle.")},
    "zhi": {
        "name": N_("Zhi Duoxing"),
        "ability": N_("Recruit: one camp's bandits join your force."),
    },
}

# Events (7 cards). "negative" events are blocked by the Leshan Giant Buddha.
EVENTS: dict[str, dict[str, Any]] = {
    "heretic": {
        "name": N_("Heretic Invasion"),
        "negative": True,
        "effect": N_("Every player's forces are halved (the Temple protects)."),
    },
    "great_peace": {
        "name": N_("Great Peace"),
        "negative": False,
        "effect": N_("Soldiers +3 and food +1 this round; the 3rd one ends the game."),
    },
    "barbarians": {
        "name": N_("Five Barbarians"),
        "negative": True,
        "effect": N_("No vassal state pays tribute this round."),
    },
    "turbans": {
        "name": N_("Yellow Turbans"),
        "negative": True,
        "effect": N_("Bandits attack a neighbouring city with +1 CP (phase 5)."),
    },
    "ships": {
        "name": N_("Big Ships in Port"),
        "negative": False,
        "effect": N_("Food sells for +$2 a unit this round."),
    },
    "famine": {
        "name": N_("Famine"),
        "negative": True,
        "effect": N_("Food production is halved this round."),
    },
    "stoppage": {
        "name": N_("Stoppage"),
        "negative": True,
        "effect": N_("All construction stops this round."),
    },
}
EVENT_KEYS: tuple[str, ...] = tuple(EVENTS)

# Tactic cards (36, all different). "when": battle (played into the current battle) or
# any (at any time). "cp"/"morale" are numeric battle bonuses; "role" limits who may play it.
TACTICS: dict[str, dict[str, Any]] = {
    "deceive_heavens": {"name": N_("Deceive the Heavens"), "when": "any"},
    "pilfer_goat": {"name": N_("Pilfer a Goat"), "when": "any", "target": True},
    "borrow_corpse": {"name": N_("Borrow a Corpse"), "when": "any"},
    "chencang": {"name": N_("Secretly Cross at Chencang"), "when": "any"},
    "borrowed_knife": {"name": N_("Kill with a Borrowed Knife"), "when": "battles"},
    "besiege_wei": {"name": N_("Besiege Wei to Rescue Zhao"), "when": "battle", "target": True},
    "lure_tiger": {"name": N_("Lure the Tiger off the Mountain"), "when": "battle"},
    "borrow_road": {"name": N_("Borrow the Road to Conquer Guo"), "when": "any"},
    "back_to_river": {
        "name": N_("Back to the River"),
        "when": "battle",
        "morale": 5,
        "role": "defend",
    },
    "loot_fire": {"name": N_("Loot a Burning House"), "when": "any", "target": True},
    "swap_beams": {"name": N_("Replace the Beams"), "when": "any", "target": True},
    "tree_blossoms": {
        "name": N_("Flowers on the Tree"),
        "when": "battle",
        "morale": 5,
        "role": "attack",
    },
    "cicada_shell": {"name": N_("Golden Cicada Sheds its Shell"), "when": "battle"},
    "remove_firewood": {"name": N_("Remove the Firewood"), "when": "any"},
    "empty_fort": {"name": N_("Empty Fort"), "when": "battle", "role": "defend"},
    "beauty_trap": {"name": N_("Beauty Trap"), "when": "any", "target": True},
    "stars_move": {"name": N_("Stars Move"), "when": "any"},
    "pickpocket": {"name": N_("Empty-Handed Thief"), "when": "any", "target": True},
    "depression": {"name": N_("Trade Depression"), "when": "any", "target": True},
    "leaderless": {"name": N_("Dragons without a Head"), "when": "any", "target": True},
    "counter_trick": {"name": N_("Turn the Trick Around"), "when": "any"},
    "downpour": {"name": N_("Downpour"), "when": "any", "target": True},
    "taunt": {"name": N_("Taunt"), "when": "battle"},
    "huanglong": {"name": N_("Strike at Huanglong"), "when": "battle", "role": "attack"},
    "white_colt": {"name": N_("White Colt Passing a Crack"), "when": "any"},
    "feint": {"name": N_("Feint East, Strike West"), "when": "any"},
    "trim_sails": {"name": N_("Trim the Sails"), "when": "battle"},
    "stall": {"name": N_("Stalling Tactic"), "when": "battle"},
    "hold_pass": {"name": N_("One Man Holds the Pass"), "when": "battle"},
    "catch_off_guard": {"name": N_("Catch Them Off Guard"), "when": "battle"},
    "bloodless": {"name": N_("Bloodless Victory"), "when": "battle", "role": "attack"},
    "battle_ready": {"name": N_("Battle Ready"), "when": "battle", "cp": 3},
    "cut_supplies": {"name": N_("Cut the Supplies"), "when": "any", "target": True},
    "four_sides": {"name": N_("Songs on Four Sides"), "when": "battle"},
    "drums": {"name": N_("Gongs and Drums"), "when": "battle", "cp": 4},
    "surprise_win": {"name": N_("Win by Surprise"), "when": "battle", "cp": 5},
}
TACTIC_KEYS: tuple[str, ...] = tuple(TACTICS)

# Food price per unit by the number sold (index = n - 1; 9 or more sells for 0).
FOOD_PRICES: tuple[int, ...] = (6, 5, 5, 3, 3, 2, 2, 1, 0)

# Resources (soldiers + food + money) taken in turn order from the start player. The 5th
# amount is a table option (AMBIGUOUS; default 10).
ALLOWANCES: tuple[int, ...] = (8, 9, 9, 10)

# Base output of the main castle's facilities (§3): (base, peace bonus, war bonus).
FACILITIES: dict[str, dict[str, Any]] = {
    "mine": {"name": N_("Mine"), "base": 2},
    "farm": {"name": N_("Farm"), "base": 2},
    "barracks": {"name": N_("Barracks"), "base": 3},
}

CITY_DEFENCE: dict[str, int] = {"castle": 2, "city": 1}
STARTING_BANDITS = 3
FOREMEN = 3
TACTIC_PRICE = 3
CHEAP_TACTIC_PRICE = 2
BLUEPRINT_PRICE = 4
CAPTOR_BONUS = 5


GAME_ID = "art-of-war"
MAX_PLAYERS = 5
MAX_CAMPS = 8
ORDERS = ("attack", "defend", "retreat")
ORDER_NAMES = {"attack": N_("Attack"), "defend": N_("Defend"), "retreat": N_("Retreat")}
STANCES = ("war", "peace")
STANCE_NAMES = {"war": N_("War"), "peace": N_("Peace")}
RESOURCES = ("food", "money", "soldiers")
RESOURCE_NAMES = {"food": N_("food"), "money": N_("money"), "soldiers": N_("soldiers")}
# Every location id a parameter may name (the map of a 5-player table with 8 camps).
LOCATION_IDS: tuple[str, ...] = (
    tuple(f"castle-{s}" for s in range(MAX_PLAYERS))
    + tuple(f"city-{s}" for s in range(MAX_PLAYERS))
    + ("centre",)
    + tuple(f"camp-{k}" for k in range(MAX_CAMPS))
)
CITY_IDS: tuple[str, ...] = LOCATION_IDS[: 2 * MAX_PLAYERS + 1]
CAMP_IDS: tuple[str, ...] = LOCATION_IDS[2 * MAX_PLAYERS + 1 :]
GREAT_PEACE_END = 3  # the 3rd Great Peace ends the game after its round
