"""The Art of War's corrections and table entries: what the physical table says, typed in.

Each fixes a counter, a card or a place to match the table, or enters what the table dealt,
turned up or drew. They close the game's action table (``actions.ACTIONS``), in this order.
"""

from __future__ import annotations

from ..kit import ANYONE, HOST, N_, PLAYER, SEAT, Action, Param, action_group
from .auction import act_enter_epic, act_enter_tiebreak
from .corrections import (
    act_add_blueprint,
    act_add_building,
    act_adjust_money,
    act_adjust_tactics,
    act_correct,
    act_remove_building,
    act_set_bandits,
    act_set_camp_target,
    act_set_city_owner,
    act_set_great_peace,
    act_set_money,
    act_set_soldiers,
    act_set_vassal,
    act_set_workers,
)
from .data import (
    ADVISORS,
    BUILDING_KEYS,
    CAMP_IDS,
    CITY_IDS,
    EPICS,
    GENERALS,
    GREAT_PEACE_END,
    LOCATION_IDS,
    MAX_PLAYERS,
)
from .setup import act_enter_offer
from .when import (
    after_setup,
    before_choices,
    epic_up,
    money_correctable,
    playing,
    tie_drawn,
)

CITY = Param("city", "choice", choices=CITY_IDS, optional=True, label=N_("City"))
CAMP = Param("camp", "choice", choices=CAMP_IDS, optional=True, label=N_("Bandit camp"))
TARGET = Param("target", "seat", optional=True, label=N_("Player"))
BUILDING = Param("building", "choice", choices=BUILDING_KEYS, label=N_("Building"))
BUILDING_IF_ANY = Param(
    "building", "choice", choices=BUILDING_KEYS, optional=True, label=N_("Building")
)
VASSAL = Param("vassal", "int", min=1, max=3, label=N_("Vassal"))

FACILITIES = ("mine", "farm", "barracks")

# Entries that share who may use them and when, declared once for each group: the host's
# corrections of the board while the game runs, and a seat's of what it holds itself.
_correction = action_group(who=HOST, when=playing, correction=True)
_own = action_group(who=SEAT, when=after_setup, correction=True)

CORRECTIONS: tuple[Action, ...] = (
    Action(
        "adjust_money",
        act_adjust_money,
        (
            Param("delta", "int", min=-99, max=99, label=N_("Change")),
            Param("seat", "seat", optional=True, label=N_("Player")),
        ),
        N_("Correct money"),
        "Your own money (host: anyone's when money is public).",
        who=ANYONE,
        when=money_correctable,
        correction=True,
    ),
    _own(
        "adjust_tactics",
        act_adjust_tactics,
        (Param("delta", "int", min=-36, max=36, label=N_("Change")),),
        N_("Correct tactic cards"),
        "Your own tactic card count.",
    ),
    _correction(
        "correct",
        act_correct,
        (
            PLAYER,
            Param("what", "choice", choices=("food", "soldiers"), label=N_("What")),
            Param("delta", "int", min=-99, max=99, label=N_("Change")),
        ),
        N_("Correct"),
        "Host: a player's food or soldiers in hand.",
    ),
    _correction(
        "set_soldiers",
        act_set_soldiers,
        (
            PLAYER,
            Param("location", "choice", choices=LOCATION_IDS, label=N_("Location")),
            Param("n", "int", min=0, max=200, label=N_("Soldiers")),
        ),
        N_("Set soldiers"),
        "Host: a player's soldiers at a location.",
    ),
    _correction(
        "set_bandits",
        act_set_bandits,
        (
            Param(
                "camp",
                "choice",
                choices=CAMP_IDS,
                label=N_("Bandit camp"),
            ),
            Param("n", "int", min=0, max=50, label=N_("Bandits")),
        ),
        N_("Set bandits"),
        "Host: bandits in a camp.",
    ),
    _correction(
        "set_city_owner",
        act_set_city_owner,
        (
            Param("city", "choice", choices=CITY_IDS, label=N_("City")),
            Param("owner", "int", min=-1, max=MAX_PLAYERS - 1, label=N_("Player")),
        ),
        N_("Set owner"),
        "Host: a small city's owner (-1 = nobody).",
    ),
    _correction(
        "set_vassal",
        act_set_vassal,
        (
            VASSAL,
            Param("city_a", "choice", choices=CITY_IDS, label=N_("City")),
            Param("city_b", "choice", choices=CITY_IDS, label=N_("City")),
        ),
        N_("Set vassal"),
        "Host: the two cities next to a vassal state.",
    ),
    Action(
        "set_camp_target",
        act_set_camp_target,
        (
            Param(
                "camp",
                "choice",
                choices=CAMP_IDS,
                label=N_("Bandit camp"),
            ),
            Param("city", "choice", choices=CITY_IDS, label=N_("City")),
        ),
        N_("Set raid target"),
        "Host: the city a bandit camp raids.",
        who=HOST,
        when=playing,
    ),
    _correction(
        "remove_building",
        act_remove_building,
        (BUILDING,),
        N_("Remove building"),
        "Host: take a building off the map.",
    ),
    _correction(
        "set_great_peace",
        act_set_great_peace,
        (Param("n", "int", min=0, max=GREAT_PEACE_END, label=N_("Great Peace count")),),
        N_("Great Peace count"),
        "Host: how many times Great Peace has been drawn (3 = the last round).",
    ),
    _correction(
        "add_building",
        act_add_building,
        (
            BUILDING,
            CITY,
            Param("done", "bool", optional=True, label=N_("Completed")),
            Param("progress", "int", min=0, max=4, optional=True, label=N_("Amounts paid")),
            Param("workers", "int", min=0, max=40, optional=True, label=N_("Workers")),
        ),
        N_("Place building"),
        "Host: put a building on the map (completed, or under way after `progress` "
        "payments with `workers` on it).",
    ),
    _correction(
        "set_workers",
        act_set_workers,
        (
            PLAYER,
            Param("facility", "choice", choices=FACILITIES, label=N_("Facility")),
            Param("n", "int", min=0, max=40, label=N_("Workers")),
        ),
        N_("Set workers"),
        "Host: a player's workers on the mine, farm or barracks.",
    ),
    _own(
        "add_blueprint",
        act_add_blueprint,
        (BUILDING,),
        N_("Add a blueprint"),
        "Your own phone: a blueprint you hold on the table (taken out of the deck).",
    ),
    Action(
        "enter_offer",
        act_enter_offer,
        (
            Param("advisor_a", "choice", choices=tuple(ADVISORS), label=N_("Advisor")),
            Param(
                "advisor_b",
                "choice",
                choices=tuple(ADVISORS),
                optional=True,
                label=N_("Advisor"),
            ),
            Param("general_a", "choice", choices=tuple(GENERALS), label=N_("General")),
            Param(
                "general_b",
                "choice",
                choices=tuple(GENERALS),
                optional=True,
                label=N_("General"),
            ),
        ),
        N_("We were dealt these"),
        "Your own phone, setup: the Advisors and Generals the table dealt you (the second "
        "of each only if you were dealt two).",
        who=SEAT,
        when=before_choices,
    ),
    Action(
        "enter_epic",
        act_enter_epic,
        (Param("epic", "choice", choices=tuple(EPICS), label=N_("Epic")),),
        N_("We turned up this"),
        "Host: the epic blueprint the table turned up for the auction, before any bid.",
        who=HOST,
        when=epic_up,
    ),
    Action(
        "enter_tiebreak",
        act_enter_tiebreak,
        (PLAYER,),
        N_("The table drew this"),
        "Host: who won the table's draw for a tie still standing after the re-bid.",
        who=HOST,
        when=tie_drawn,
    ),
    _own(
        "set_money",
        act_set_money,
        (Param("n", "int", min=0, max=999, label=N_("Money")),),
        N_("Set my money"),
        "Your own phone: your money as you hold it (private).",
    ),
)
