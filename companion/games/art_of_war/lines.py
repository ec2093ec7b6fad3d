"""The Art of War's history lines: one per event type, names filled in from the seats.

Events carry seats, not names. Logs recorded before carried the names too (``name``,
``victim_name``, ``to_name``, ``names``, ``a``/``b``, ``loc_name``); they read the same,
because a seat's name never changes at a table.
"""

from __future__ import annotations

from ..kit import (
    N_,
    Event,
    L,
    Line,
    Lines,
    P,
    T,
    Text,
    as_is,
    correction_line,
    filled,
    name_of,
    sealed,
    seat_name,
    when,
)
from .board import PLACES, camp_number, place_index, place_seat

BATTLE_AT = (
    N_("Battle at {owner}'s main castle"),
    N_("Battle at the city by {owner}"),
    N_("Battle at the central city"),
    N_("Battle at bandit camp {n}"),
)
CAPTURES = (
    N_("{name} captures {owner}'s main castle"),
    N_("{name} captures the city by {owner}"),
    N_("{name} captures the central city"),
    N_("{name} captures bandit camp {n}"),
)


def _at_place(msgids: tuple[str, ...], e: Event, p: list[str]) -> Text:
    """A line about a place: a castle or neighbouring city is named after its seat's player."""
    loc = e["loc"]
    seat = place_seat(loc)
    owner = p[seat] if seat is not None else ""
    return T(msgids[place_index(loc)], name=name_of(e, p), owner=owner, n=camp_number(loc))


def _seat_name(e: Event, p: list[str], key: str, old_key: str) -> str:
    """The name of the seat ``e[key]``; an old event carried the name itself in ``old_key``."""
    return p[e[key]] if key in e else e[old_key]


def _seat_or_name(value: int | str, p: list[str]) -> str:
    """A seat (a new event) or the name an old event carried in its place."""
    return p[value] if isinstance(value, int) else value


def _sides(e: Event, p: list[str]) -> list[str]:
    """The two players of a field battle: their seats, or the names an old event carried."""
    return [p[s] for s in e["sides"]] if "sides" in e else e["names"]


def _owner(seat: int | None, p: list[str]) -> Text:
    """A city's owner as a line shows it: a player's name, or nobody."""
    return T("nobody") if seat is None else as_is(p[seat])


def _place(e: Event, p: list[str]) -> Text:
    """The place under the event's ``loc``, named after its seat's player."""
    seat = place_seat(e["loc"])
    return T(
        PLACES[place_index(e["loc"])],
        owner=p[seat] if seat is not None else "",
        n=camp_number(e["loc"]),
    )


def _sealed_line(e: Event, p: list[str]) -> Text:
    line = sealed.describe(e, p)
    assert line is not None
    return line


# Corrections are logged with what they changed (from → to); older events carry no "before"
# and read as they were logged. The kit's correction (from -> to, by whom) carries "counter";
# an old ``correct`` changed a value by a delta.
CORRECTIONS: dict[str, Line | Text] = {
    "Corrected": when("counter", correction_line, T("Correction: {name} {what_t} changes by {n}")),
    "MapCorrected": when(
        "before",
        filled(
            T("Correction: {name}'s soldiers at {place_t} {before} → {after}"),
            place_t=_place,
            after="n",
        ),
        P(
            "Correction: {name} has {n} soldier at a place",
            "Correction: {name} has {n} soldiers at a place",
            0,
        ),
    ),
    "BanditsCorrected": when(
        "before",
        filled(T("Correction: bandits in camp {camp} {before} → {after}"), after="n"),
        P(
            "Correction: bandit camp {camp} has {n} bandit",
            "Correction: bandit camp {camp} has {n} bandits",
            0,
        ),
    ),
    "OwnerCorrected": when(
        "before",
        filled(
            T("Correction: {place_t} belonged to {before_t}, now to {after_t}"),
            place_t=_place,
            before_t=lambda e, p: _owner(e["before"], p),
            after_t=lambda e, p: _owner(e["owner"], p),
        ),
        filled(T("Correction: a city now belongs to {name}"), name=seat_name("owner")),
    ),
    "TacticsCorrected": P(
        "{name} now holds {n} tactic card", "{name} now holds {n} tactic cards", 0
    ),
}

LINES = Lines(
    {
        "EveryoneDone": when(
            "step_t",
            T("Everyone is done in the {step_t} step. Moving on."),
            T("Everyone is done in the {phase_t} phase. Moving on."),
        ),
        "SeatDone": when(
            lambda e: e["battle"],
            T("{name} is ready to fight"),
            T("{name} is done"),
        ),
        "PhaseStarted": T("Round {round}: {phase_t}"),
        # A phase or step where nothing could happen, moved through by itself.
        "MovedOn": when(
            "step_t",
            T("Nothing to do in the {step_t} step: {why_t} Moving on."),
            T("Nothing to do in the {phase_t} phase: {why_t} Moving on."),
        ),
        "SetupRevealed": filled(
            P(
                "{name} keeps {advisor_t} and takes {n} soldier and {food} food",
                "{name} keeps {advisor_t} and takes {n} soldiers and {food} food",
                0,
            ),
            n="soldiers",
        ),
        "TacticsDrawn": P(
            "{name} draws {n} tactic card ({why_t})",
            "{name} draws {n} tactic cards ({why_t})",
            0,
        ),
        "MoneyChanged": when(
            "other",
            filled(
                T("{name}: money changes by {n} ({why_t}, with {other})"),
                other=seat_name("other"),
            ),
            T("{name}: money changes by {n} ({why_t})"),
        ),
        "MoneyTaken": filled(
            T("{name} counts the money taken from {victim_name}"), victim_name=seat_name("victim")
        ),
        "EventDrawn": when(
            lambda e: bool(e.get("entered")),
            T("Table screen: the table drew the event {event_t}"),
            T("Event: {event_t}"),
        ),
        # "Table screen: the Temple placed in Ann's main castle (under way, 1/2 paid, 3 workers)"
        "BuildingPlaced": when(
            lambda e: e["done"],
            filled(T("{who_t}: the {building_t} placed in {place_t} (completed)"), place_t=_place),
            filled(
                T(
                    "{who_t}: the {building_t} placed in {place_t} (under way, {k}/{rounds} paid, "
                    "{workers} workers)"
                ),
                place_t=_place,
                k="progress",
            ),
        ),
        "BlueprintAdded": T("{name} adds the blueprint {building_t} from the table"),
        "OfferEntered": T("{name} enters the Advisors and Generals the table dealt them"),
        "OfferRedealt": T(
            "{name}: a phone entered the cards the table dealt it, so the app dealt yours"
            " again: enter yours too if the table dealt them"
        ),
        "OfferChanged": T(
            "{name}: another phone entered a card you had entered: check your dealt cards"
        ),
        "HandFixed": T(
            "{name}: the app did not have {what_t} in your hand; it is taken from it now"
        ),
        "LastRound": T("The 3rd Great Peace: the game ends after this round."),
        "SoldiersLost": P("{name} loses {n} soldier", "{name} loses {n} soldiers", 0),
        "StanceRevealed": T("{name} chooses {stance_t}"),
        "Produced": T("{name}: food +{food}, soldiers +{soldiers}"),
        # Two vassal states may pay the same player in one step: the line names which, so the
        # two lines are not the same line twice. (Older logged events carry no vassal.)
        "TributeDue": when(
            "vassal",
            filled(
                T("{name} receives {n} tribute from vassal {v}"),
                v=lambda e, p: e["vassal"] + 1,
            ),
            T("{name} receives {n} tribute"),
        ),
        "TributeTaken": T("{name} takes {n} {kind_t} as tribute"),
        "BlueprintBought": T("{name} buys a blueprint"),
        "BlueprintDrawn": T("{name} draws the blueprint {building_t}"),
        "BuildingStarted": filled(
            P(
                "{name} starts the {building_t} with {n} worker",
                "{name} starts the {building_t} with {n} workers",
                0,
            ),
            n="workers",
        ),
        "WorkersAssigned": T("{name}: workers on mine {mine}, farm {farm}, barracks {barracks}"),
        "ForemanStuck": T("{name}: the {building_t} foreman does not move"),
        "BuildingCompleted": T("{name} completes the {building_t}"),
        "BanditsDefeated": T("{name} defeats the bandits of camp {camp}"),
        "EpicTurnedUp": when(
            lambda e: bool(e.get("entered")),
            T("Table screen: the table turned up the epic {building_t}"),
            T("Epic auction: {building_t}"),
        ),
        "TieDrawn": filled(
            T(
                "Table screen: the table's draw breaks the tie: {name} wins the {building_t} "
                "(the app had drawn {was_name})"
            ),
            was_name=seat_name("was"),
        ),
        "BidsRevealed": lambda e, p: T(
            "Bids: {list}",
            list=L([f"{n} ${b}" for n, b in zip(p, e["bids"], strict=True) if b is not None]),
        ),
        "EpicUnsold": T("Nobody bid: the {building_t} stays up"),
        "EpicWon": T("{name} wins the {building_t} for ${n}"),
        "SoldiersRecalled": P("{name} takes back {n} soldier", "{name} takes back {n} soldiers", 0),
        "Deployed": filled(
            P("{name} deployed {n} soldier", "{name} deployed {n} soldiers", 0),
            n=lambda e, p: sum(e["placed"].values()),
        ),
        "OrdersRevealed": lambda e, p: T(
            "Orders: {a} {a_t}, {b} {b_t}",
            a=_sides(e, p)[0],
            a_t=e["orders_t"][0],
            b=_sides(e, p)[1],
            b_t=e["orders_t"][1],
        ),
        "BattleResolved": lambda e, p: _at_place(BATTLE_AT, e, p),
        "FieldBattleResolved": filled(
            T("Field battle between {a} and {b}"),
            a=lambda e, p: _seat_or_name(e["a"], p),
            b=lambda e, p: _seat_or_name(e["b"], p),
        ),
        "CityCaptured": lambda e, p: _at_place(CAPTURES, e, p),
        "GameEnded": T("Game over: {reason_t}"),
        "PressOn": when(
            lambda e: e["go"],
            T("{name} attacks the city"),
            T("{name} goes home"),
        ),
        "FieldBattleCancelled": T("The forces do not meet on the plain"),
        "SoldiersMoved": P(
            "{name} moves {n} soldier into the battle",
            "{name} moves {n} soldiers into the battle",
            0,
        ),
        "SoldiersStarved": P(
            "{name} discards {n} soldier for lack of food",
            "{name} discards {n} soldiers for lack of food",
            0,
        ),
        "FoodOffered": T("{name} will sell {n} food"),
        "FoodSold": T("{name} sells {n} food for ${money}"),
        "StartPassed": T("{name} is the start player"),
        "TacticPlayed": T("{name} plays {card_t}"),
        "CardTaken": filled(
            T("{name} takes {what_t} from {victim_name}"), victim_name=seat_name("victim")
        ),
        "NothingToTake": T("{name} finds nothing to take"),
        "BuildingDestroyed": T("The {building_t} is destroyed"),
        "BuildingsSwapped": T("The {a_t} and the {b_t} change places"),
        "TacticCancelled": T("{card_t} is cancelled"),
        "ForceMoved": T("{name} moves a force of {n}"),
        "GeneralUsed": T("{name} reveals the General {general_t}"),
        "SoldiersHealed": P("{name} gets back {n} soldier", "{name} gets back {n} soldiers", 0),
        "CardsGiven": filled(
            P(
                "{name} gives {n} tactic card to {to_name}",
                "{name} gives {n} tactic cards to {to_name}",
                0,
            ),
            to_name=lambda e, p: _seat_name(e, p, "receiver", "to_name"),
        ),
        "AltarSacrifice": T("{name} sacrifices a soldier at the Altar for 2 food"),
        **CORRECTIONS,
        "MapSet": T("The map was set up"),
    }
)

# The sealed rounds' own lines (the platform shows them too; the kit's driver asks the game).
LINES.add(
    {
        kind: _sealed_line
        for kind in ("SealedOpened", "SealedChosen", "SealedLocked", "SealedUnlocked")
    }
)
