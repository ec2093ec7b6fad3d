"""The Art of War's history lines: one per event type, names filled in from the seats.

Events carry seats, not names. Logs recorded before carried the names too (``name``,
``victim_name``, ``to_name``, ``names``, ``a``/``b``, ``loc_name``); they read the same,
because a seat's name never changes at a table.
"""

from __future__ import annotations

from ..kit import N_, Event, L, Lines, P, T, Text, as_is, correction_line, name_of, sealed, who
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


def _place(loc: str, p: list[str]) -> Text:
    seat = place_seat(loc)
    return T(
        PLACES[place_index(loc)], owner=p[seat] if seat is not None else "", n=camp_number(loc)
    )


def _placed(e: Event, p: list[str]) -> Text:
    """ "Table screen: the Temple placed in Ann's main castle (under way, 1/2 paid, 3 workers)"."""
    if e["done"]:
        return T(
            "{who_t}: the {building_t} placed in {place_t} (completed)",
            who_t=who(e, p),
            building_t=e["building_t"],
            place_t=_place(e["loc"], p),
        )
    return T(
        "{who_t}: the {building_t} placed in {place_t} (under way, {k}/{rounds} paid, "
        "{workers} workers)",
        who_t=who(e, p),
        building_t=e["building_t"],
        place_t=_place(e["loc"], p),
        k=e["progress"],
        rounds=e["rounds"],
        workers=e["workers"],
    )


def _corrected(e: Event, p: list[str]) -> Text:
    """The kit's correction (from -> to, by whom), or an old ``correct`` by a delta."""
    if "counter" in e:
        return correction_line(e, p)
    return T(
        "Correction: {name} {what_t} changes by {n}",
        name=name_of(e, p),
        what_t=e["what_t"],
        n=e["n"],
    )


def _sealed_line(e: Event, p: list[str]) -> Text:
    line = sealed.describe(e, p)
    assert line is not None
    return line


def _moved_on(e: Event, p: list[str]) -> Text:
    """A phase or step where nothing could happen, moved through by itself."""
    if "step_t" in e:
        return T(
            "Nothing to do in the {step_t} step: {why_t} Moving on.",
            step_t=e["step_t"],
            why_t=e["why_t"],
        )
    return T(
        "Nothing to do in the {phase_t} phase: {why_t} Moving on.",
        phase_t=e["phase_t"],
        why_t=e["why_t"],
    )


def _everyone_done(e: Event, p: list[str]) -> Text:
    """Every player said Done: the table moved on as the host's Next would."""
    if "step_t" in e:
        return T("Everyone is done in the {step_t} step. Moving on.", step_t=e["step_t"])
    return T("Everyone is done in the {phase_t} phase. Moving on.", phase_t=e["phase_t"])


LINES = Lines(
    {
        "EveryoneDone": _everyone_done,
        "SeatDone": lambda e, p: (
            T("{name} is ready to fight", name=name_of(e, p))
            if e["battle"]
            else T("{name} is done", name=name_of(e, p))
        ),
        "PhaseStarted": lambda e, p: T(
            "Round {round}: {phase_t}", round=e["round"], phase_t=e["phase_t"]
        ),
        "MovedOn": _moved_on,
        "SetupRevealed": lambda e, p: P(
            "{name} keeps {advisor_t} and takes {n} soldier and {food} food",
            "{name} keeps {advisor_t} and takes {n} soldiers and {food} food",
            e["soldiers"],
            name=name_of(e, p),
            advisor_t=e["advisor_t"],
            food=e["food"],
        ),
        "TacticsDrawn": lambda e, p: P(
            "{name} draws {n} tactic card ({why_t})",
            "{name} draws {n} tactic cards ({why_t})",
            name=name_of(e, p),
            n=e["n"],
            why_t=e["why_t"],
        ),
        "MoneyChanged": lambda e, p: (
            T(
                "{name}: money changes by {n} ({why_t})",
                name=name_of(e, p),
                n=e["n"],
                why_t=e["why_t"],
            )
            if "other" not in e
            else T(
                "{name}: money changes by {n} ({why_t}, with {other})",
                name=name_of(e, p),
                n=e["n"],
                why_t=e["why_t"],
                other=p[e["other"]],
            )
        ),
        "MoneyTaken": lambda e, p: T(
            "{name} counts the money taken from {victim_name}",
            name=name_of(e, p),
            victim_name=name_of(e, p, "victim"),
        ),
        "EventDrawn": lambda e, p: (
            T("Table screen: the table drew the event {event_t}", event_t=e["event_t"])
            if e.get("entered")
            else T("Event: {event_t}", event_t=e["event_t"])
        ),
        "BuildingPlaced": _placed,
        "BlueprintAdded": lambda e, p: T(
            "{name} adds the blueprint {building_t} from the table",
            name=name_of(e, p),
            building_t=e["building_t"],
        ),
        "OfferEntered": lambda e, p: T(
            "{name} enters the Advisors and Generals the table dealt them", name=name_of(e, p)
        ),
        "OfferRedealt": lambda e, p: T(
            "{name}: a phone entered the cards the table dealt it, so the app dealt yours again:"
            " enter yours too if the table dealt them",
            name=name_of(e, p),
        ),
        "OfferChanged": lambda e, p: T(
            "{name}: another phone entered a card you had entered: check your dealt cards",
            name=name_of(e, p),
        ),
        "HandFixed": lambda e, p: T(
            "{name}: the app did not have {what_t} in your hand; it is taken from it now",
            name=name_of(e, p),
            what_t=e["what_t"],
        ),
        "LastRound": lambda e, p: T("The 3rd Great Peace: the game ends after this round."),
        "SoldiersLost": lambda e, p: P(
            "{name} loses {n} soldier", "{name} loses {n} soldiers", name=name_of(e, p), n=e["n"]
        ),
        "StanceRevealed": lambda e, p: T(
            "{name} chooses {stance_t}", name=name_of(e, p), stance_t=e["stance_t"]
        ),
        "Produced": lambda e, p: T(
            "{name}: food +{food}, soldiers +{soldiers}",
            name=name_of(e, p),
            food=e["food"],
            soldiers=e["soldiers"],
        ),
        # Two vassal states may pay the same player in one step: the line names which, so the
        # two lines are not the same line twice. (Older logged events carry no vassal.)
        "TributeDue": lambda e, p: (
            T("{name} receives {n} tribute", name=name_of(e, p), n=e["n"])
            if "vassal" not in e
            else T(
                "{name} receives {n} tribute from vassal {v}",
                name=name_of(e, p),
                n=e["n"],
                v=e["vassal"] + 1,
            )
        ),
        "TributeTaken": lambda e, p: T(
            "{name} takes {n} {kind_t} as tribute", name=name_of(e, p), n=e["n"], kind_t=e["kind_t"]
        ),
        "BlueprintBought": lambda e, p: T("{name} buys a blueprint", name=name_of(e, p)),
        "BlueprintDrawn": lambda e, p: T(
            "{name} draws the blueprint {building_t}",
            name=name_of(e, p),
            building_t=e["building_t"],
        ),
        "BuildingStarted": lambda e, p: P(
            "{name} starts the {building_t} with {n} worker",
            "{name} starts the {building_t} with {n} workers",
            e["workers"],
            name=name_of(e, p),
            building_t=e["building_t"],
        ),
        "WorkersAssigned": lambda e, p: T(
            "{name}: workers on mine {mine}, farm {farm}, barracks {barracks}",
            name=name_of(e, p),
            mine=e["mine"],
            farm=e["farm"],
            barracks=e["barracks"],
        ),
        "ForemanStuck": lambda e, p: T(
            "{name}: the {building_t} foreman does not move",
            name=name_of(e, p),
            building_t=e["building_t"],
        ),
        "BuildingCompleted": lambda e, p: T(
            "{name} completes the {building_t}", name=name_of(e, p), building_t=e["building_t"]
        ),
        "BanditsDefeated": lambda e, p: T(
            "{name} defeats the bandits of camp {camp}", name=name_of(e, p), camp=e["camp"]
        ),
        "EpicTurnedUp": lambda e, p: (
            T("Table screen: the table turned up the epic {building_t}", building_t=e["building_t"])
            if e.get("entered")
            else T("Epic auction: {building_t}", building_t=e["building_t"])
        ),
        "TieDrawn": lambda e, p: T(
            "Table screen: the table's draw breaks the tie: {name} wins the {building_t} "
            "(the app had drawn {was_name})",
            name=name_of(e, p),
            building_t=e["building_t"],
            was_name=name_of(e, p, "was"),
        ),
        "BidsRevealed": lambda e, p: T(
            "Bids: {list}",
            list=L([f"{n} ${b}" for n, b in zip(p, e["bids"], strict=True) if b is not None]),
        ),
        "EpicUnsold": lambda e, p: T(
            "Nobody bid: the {building_t} stays up", building_t=e["building_t"]
        ),
        "EpicWon": lambda e, p: T(
            "{name} wins the {building_t} for ${n}",
            name=name_of(e, p),
            building_t=e["building_t"],
            n=e["n"],
        ),
        "SoldiersRecalled": lambda e, p: P(
            "{name} takes back {n} soldier",
            "{name} takes back {n} soldiers",
            name=name_of(e, p),
            n=e["n"],
        ),
        "Deployed": lambda e, p: P(
            "{name} deployed {n} soldier",
            "{name} deployed {n} soldiers",
            name=name_of(e, p),
            n=sum(e["placed"].values()),
        ),
        "OrdersRevealed": lambda e, p: T(
            "Orders: {a} {a_t}, {b} {b_t}",
            a=_sides(e, p)[0],
            a_t=e["orders_t"][0],
            b=_sides(e, p)[1],
            b_t=e["orders_t"][1],
        ),
        "BattleResolved": lambda e, p: _at_place(BATTLE_AT, e, p),
        "FieldBattleResolved": lambda e, p: T(
            "Field battle between {a} and {b}",
            a=_seat_or_name(e["a"], p),
            b=_seat_or_name(e["b"], p),
        ),
        "CityCaptured": lambda e, p: _at_place(CAPTURES, e, p),
        "GameEnded": lambda e, p: T("Game over: {reason_t}", reason_t=e["reason_t"]),
        "PressOn": lambda e, p: (
            T("{name} attacks the city", name=name_of(e, p))
            if e["go"]
            else T("{name} goes home", name=name_of(e, p))
        ),
        "FieldBattleCancelled": lambda e, p: T("The forces do not meet on the plain"),
        "SoldiersMoved": lambda e, p: P(
            "{name} moves {n} soldier into the battle",
            "{name} moves {n} soldiers into the battle",
            name=name_of(e, p),
            n=e["n"],
        ),
        "SoldiersStarved": lambda e, p: P(
            "{name} discards {n} soldier for lack of food",
            "{name} discards {n} soldiers for lack of food",
            name=name_of(e, p),
            n=e["n"],
        ),
        "FoodOffered": lambda e, p: T("{name} will sell {n} food", name=name_of(e, p), n=e["n"]),
        "FoodSold": lambda e, p: T(
            "{name} sells {n} food for ${money}", name=name_of(e, p), n=e["n"], money=e["money"]
        ),
        "StartPassed": lambda e, p: T("{name} is the start player", name=name_of(e, p)),
        "TacticPlayed": lambda e, p: T(
            "{name} plays {card_t}", name=name_of(e, p), card_t=e["card_t"]
        ),
        "CardTaken": lambda e, p: T(
            "{name} takes {what_t} from {victim_name}",
            name=name_of(e, p),
            what_t=e["what_t"],
            victim_name=name_of(e, p, "victim"),
        ),
        "NothingToTake": lambda e, p: T("{name} finds nothing to take", name=name_of(e, p)),
        "BuildingDestroyed": lambda e, p: T(
            "The {building_t} is destroyed", building_t=e["building_t"]
        ),
        "BuildingsSwapped": lambda e, p: T(
            "The {a_t} and the {b_t} change places", a_t=e["a_t"], b_t=e["b_t"]
        ),
        "TacticCancelled": lambda e, p: T("{card_t} is cancelled", card_t=e["card_t"]),
        "ForceMoved": lambda e, p: T("{name} moves a force of {n}", name=name_of(e, p), n=e["n"]),
        "GeneralUsed": lambda e, p: T(
            "{name} reveals the General {general_t}", name=name_of(e, p), general_t=e["general_t"]
        ),
        "SoldiersHealed": lambda e, p: P(
            "{name} gets back {n} soldier",
            "{name} gets back {n} soldiers",
            name=name_of(e, p),
            n=e["n"],
        ),
        "CardsGiven": lambda e, p: P(
            "{name} gives {n} tactic card to {to_name}",
            "{name} gives {n} tactic cards to {to_name}",
            name=name_of(e, p),
            n=e["n"],
            to_name=_seat_name(e, p, "receiver", "to_name"),
        ),
        "AltarSacrifice": lambda e, p: T(
            "{name} sacrifices a soldier at the Altar for 2 food", name=name_of(e, p)
        ),
        "TacticsCorrected": lambda e, p: P(
            "{name} now holds {n} tactic card",
            "{name} now holds {n} tactic cards",
            name=name_of(e, p),
            n=e["n"],
        ),
        "Corrected": _corrected,
        # Corrections logged with what they changed (from → to); older events carry no
        # "before" and read as they were logged.
        "MapCorrected": lambda e, p: (
            T(
                "Correction: {name}'s soldiers at {place_t} {before} → {after}",
                name=name_of(e, p),
                place_t=_place(e["loc"], p),
                before=e["before"],
                after=e["n"],
            )
            if "before" in e
            else P(
                "Correction: {name} has {n} soldier at a place",
                "Correction: {name} has {n} soldiers at a place",
                name=name_of(e, p),
                n=e["n"],
            )
        ),
        "BanditsCorrected": lambda e, p: (
            T(
                "Correction: bandits in camp {camp} {before} → {after}",
                camp=e["camp"],
                before=e["before"],
                after=e["n"],
            )
            if "before" in e
            else P(
                "Correction: bandit camp {camp} has {n} bandit",
                "Correction: bandit camp {camp} has {n} bandits",
                camp=e["camp"],
                n=e["n"],
            )
        ),
        "OwnerCorrected": lambda e, p: (
            T(
                "Correction: {place_t} belonged to {before_t}, now to {after_t}",
                place_t=_place(e["loc"], p),
                before_t=_owner(e["before"], p),
                after_t=_owner(e["owner"], p),
            )
            if "before" in e
            else T("Correction: a city now belongs to {name}", name=name_of(e, p, "owner"))
        ),
        "MapSet": lambda e, p: T("The map was set up"),
    }
)

# The sealed rounds' own lines (the platform shows them too; the kit's driver asks the game).
LINES.add(
    {
        kind: _sealed_line
        for kind in ("SealedOpened", "SealedChosen", "SealedLocked", "SealedUnlocked")
    }
)
