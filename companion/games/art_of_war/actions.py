"""Every action of The Art of War, declared once: its parameters, who may use it and when.

``allowed`` is derived from these declarations (``who``, ``phases``, ``when``), and so is the
who/when table of ``docs/games/art-of-war.md``. Each ``when`` says in its docstring, in words,
what else must hold; the action functions, in the part of the game they belong to, check only
what a declaration cannot say (a card dealt, money enough, a city of one's own). Every action
is followed by the moves on it leads to, in the same action (one undo): the table's ``then``.
"""

from __future__ import annotations

from ..kit import (
    ANYONE,
    HOST,
    N_,
    PLAYER,
    SEAT,
    Action,
    Param,
    action_group,
    action_table,
    derive_allowed,
)
from .auction import act_bid
from .autoadvance import then_move_on
from .battles import act_resolve_battle
from .cards import act_play_tactic
from .construction import (
    act_altar,
    act_assign_workers,
    act_buy_blueprint,
    act_buy_tactic,
    act_magistrate,
    act_start_building,
)
from .data import (
    BUILDING_KEYS,
    CAMP_IDS,
    EVENT_KEYS,
    LOCATION_IDS,
    ORDERS,
    RESOURCES,
    STANCES,
    TACTIC_KEYS,
)
from .entries import BUILDING, BUILDING_IF_ANY, CAMP, CITY, CORRECTIONS, TARGET, VASSAL
from .flow import act_enter_event, act_lock, act_next, act_unlock, phase_key
from .food import act_sell_food
from .generals import act_use_general
from .production import act_choose_stance, act_take_tribute
from .ready import act_done, may_say_done
from .setup import act_choose_setup, act_set_start_player
from .war import (
    act_cancel_field_battle,
    act_choose_order,
    act_deploy,
    act_press_on,
    act_twin_swallows,
)
from .when import (
    altar_ready,
    battle_ready,
    before_choices,
    blueprint_in_hand,
    building_step,
    can_move_on,
    choosing,
    field_battle_ahead,
    general_unused,
    magistrate_ready,
    may_buy,
    may_lock,
    pressing_on,
    someone_locked,
    tactic_in_hand,
    tribute_waiting,
    yan_qing_in_battle,
)

# --------------------------------------------------------------------------- actions

# Actions that share who may use them (and when), declared once for each group: a seat's own,
# on its phone; the host's, on the table screen; the purchases and the workers of phase 4.
_on_phone = action_group(who=SEAT)
_on_screen = action_group(who=HOST)
_construction = action_group(who=SEAT, phases=("construction",))


# Where each main action's rule is, in the rules digest (art-of-war.md): "What can I do now?"
# names it beside why an action is not possible now.
RULE_SECTIONS = {
    "choose_setup": "§2",
    "choose_stance": "§3.2",
    "bid": "§5",
    "deploy": "§3.5",
    "choose_order": "§3.5",
    "lock": "§3.2",
    "done": "§3.4",
    "unlock": "§3.2",
    "next": "§3",
    "enter_event": "§3.1",
    "take_tribute": "§3.3",
    "buy_tactic": "§3.4",
    "buy_blueprint": "§3.4",
    "start_building": "§3.4",
    "assign_workers": "§3.3",
    "magistrate_camp": "§9",
    "resolve_battle": "§3.5",
    "press_on": "§3.5",
    "cancel_field_battle": "§3.5",
    "twin_swallows": "§10",
    "sell_food": "§3.6",
    "play_tactic": "§7",
    "use_general": "§10",
    "altar_sacrifice": "§8",
    "set_camp_target": "§3.0",
    "enter_offer": "§2",
    "enter_epic": "§5",
    "enter_tiebreak": "§5",
}

ACTIONS = action_table(
    _on_phone(
        "choose_setup",
        act_choose_setup,
        (
            Param("advisor", "int", min=0, max=1, label=N_("Advisor")),
            Param("general", "int", min=0, max=1, label=N_("General")),
            Param("soldiers", "int", min=0, max=20, label=N_("Soldiers")),
            Param("food", "int", min=0, max=20, label=N_("Food")),
        ),
        N_("Choose"),
        "Setup: keep an Advisor and a General (0 or 1) and split the resources (money = the rest).",
        when=choosing("setup", "while your setup choice is open"),
    ),
    _on_phone(
        "choose_stance",
        act_choose_stance,
        (Param("stance", "choice", choices=STANCES, label=N_("War or Peace")),),
        N_("Choose"),
        "Phase 2: War or Peace (secret).",
        when=choosing("stance", "while you choose War or Peace"),
    ),
    _on_phone(
        "bid",
        act_bid,
        (Param("amount", "int", min=0, max=999, label=N_("Bid")),),
        N_("Bid"),
        "Epic auction: a secret bid (0 = pass).",
        when=choosing("bid", "while you bid for the epic"),
    ),
    _on_phone(
        "deploy",
        act_deploy,
        (Param("counts", "ints", min=0, max=200, max_len=64, label=N_("Soldiers")),),
        N_("Deploy"),
        "Phase 5: soldiers per location (map order).",
        when=choosing("deploy", "while you deploy"),
    ),
    _on_phone(
        "choose_order",
        act_choose_order,
        (Param("order", "choice", choices=ORDERS, label=N_("Order")),),
        N_("Choose"),
        "Field battle order (secret).",
        when=choosing("orders", "while you choose your field battle order"),
    ),
    _on_phone("lock", act_lock, (), N_("Lock in"), "Lock your secret choice.", when=may_lock),
    _on_phone(
        "done",
        act_done,
        (),
        N_("Done"),
        "Say you are done here (a step of construction, after the battles, food) or, in "
        "a battle you are in, ready to fight; the table moves on when the last player does.",
        when=may_say_done,
    ),
    _on_screen(
        "unlock",
        act_unlock,
        (PLAYER,),
        N_("Unlock"),
        "Host: let a seat change its locked choice.",
        when=someone_locked,
    ),
    _on_screen(
        "next",
        act_next,
        (),
        N_("Next"),
        "Host: move on to the next step or phase.",
        when=can_move_on,
    ),
    _on_screen(
        "enter_event",
        act_enter_event,
        (Param("event", "choice", choices=EVENT_KEYS, label=N_("Event card")),),
        N_("We drew this"),
        "Host, phase 0: move on to the event phase with the card the table drew.",
        phases=("preparation",),
        when=can_move_on,
    ),
    _on_screen(
        "set_start_player",
        act_set_start_player,
        (PLAYER,),
        N_("Start player"),
        "Host, setup only: who starts (re-deals the offers).",
        when=before_choices,
        correction=True,
    ),
    _on_phone(
        "take_tribute",
        act_take_tribute,
        (
            VASSAL,
            Param("kind", "choice", choices=RESOURCES, label=N_("Resource")),
        ),
        N_("Take tribute"),
        "Phase 3: the resource of a tribute you receive.",
        phases=("production",),
        when=tribute_waiting,
    ),
    _construction(
        "buy_tactic",
        act_buy_tactic,
        (),
        N_("Buy a tactic card"),
        "Phase 4: $3 (or $2).",
        when=may_buy("bought_tactic"),
    ),
    _construction(
        "buy_blueprint",
        act_buy_blueprint,
        (BUILDING_IF_ANY,),
        N_("Buy a blueprint"),
        "Phase 4: $4; the app draws it, or `building` is the one you drew from the table.",
        when=may_buy("bought_blueprint"),
    ),
    _construction(
        "start_building",
        act_start_building,
        (
            BUILDING,
            CITY,
            Param("workers", "int", min=1, max=40, optional=True, label=N_("Workers")),
        ),
        N_("Start building"),
        "Phase 4: start a blueprint in your city.",
        when=blueprint_in_hand,
    ),
    _construction(
        "assign_workers",
        act_assign_workers,
        (
            Param("mine", "int", min=0, max=40, label=N_("Mine")),
            Param("farm", "int", min=0, max=40, label=N_("Farm")),
            Param("barracks", "int", min=0, max=40, label=N_("Barracks")),
        ),
        N_("Workers"),
        "Phase 4: workers on mine, farm, barracks.",
        when=building_step,
    ),
    _on_phone(
        "magistrate_camp",
        act_magistrate,
        (
            Param(
                "camp",
                "choice",
                choices=CAMP_IDS,
                label=N_("Bandit camp"),
            ),
        ),
        N_("Defeat bandits"),
        "A completed Magistrate defeats one camp.",
        when=magistrate_ready,
    ),
    _on_screen(
        "resolve_battle",
        act_resolve_battle,
        (),
        N_("Resolve"),
        "Host: resolve the current battle.",
        when=battle_ready,
    ),
    Action(
        "press_on",
        act_press_on,
        (Param("go", "bool", label=N_("Attack the city")),),
        N_("Go on"),
        "Field battle winner: attack the city or not.",
        who=ANYONE,
        when=pressing_on,
    ),
    _on_screen(
        "cancel_field_battle",
        act_cancel_field_battle,
        (),
        N_("Not adjacent"),
        "Host: the two forces do not meet (cities not adjacent).",
        when=field_battle_ahead,
    ),
    _on_phone(
        "twin_swallows",
        act_twin_swallows,
        (
            Param("source", "choice", choices=LOCATION_IDS, label=N_("From")),
            Param("n", "int", min=1, max=2, label=N_("Soldiers")),
        ),
        N_("Twin Swallows"),
        "Advisor Yan Qing: move 1-2 soldiers into the battle at $1 each.",
        when=yan_qing_in_battle,
    ),
    _on_phone(
        "sell_food",
        act_sell_food,
        (Param("n", "int", min=0, max=200, label=N_("Food")),),
        N_("Sell food"),
        "Phase 6: food to sell (settled on Next).",
        phases=("food",),
    ),
    _on_phone(
        "play_tactic",
        act_play_tactic,
        (
            Param("card", "choice", choices=TACTIC_KEYS, label=N_("Card")),
            TARGET,
            CITY,
            CAMP,
            BUILDING_IF_ANY,
            Param(
                "building2",
                "choice",
                choices=BUILDING_KEYS,
                optional=True,
                label=N_("Other building"),
            ),
            Param("source", "choice", choices=LOCATION_IDS, optional=True, label=N_("From")),
            Param("order", "choice", choices=ORDERS, optional=True, label=N_("Order")),
            Param(
                "take",
                "choice",
                choices=("tactic", *BUILDING_KEYS),
                optional=True,
                label=N_("The card you took"),
            ),
        ),
        N_("Play a tactic card"),
        "Play a tactic card (params as the card needs).",
        when=tactic_in_hand,
    ),
    _on_phone(
        "use_general",
        act_use_general,
        (
            TARGET,
            CAMP,
            BUILDING_IF_ANY,
            Param("n", "int", min=1, max=4, optional=True, label=N_("Cards")),
        ),
        N_("Use your General"),
        "Reveal and use your General (params as it needs).",
        when=general_unused,
    ),
    _on_phone(
        "altar_sacrifice",
        act_altar,
        (),
        N_("Altar"),
        "Once a round: 1 soldier for 2 food.",
        when=altar_ready,
    ),
    *CORRECTIONS,
    then=then_move_on,
    rules=RULE_SECTIONS,
)

allowed = derive_allowed(ACTIONS, phase=phase_key, turn=lambda state: None)
