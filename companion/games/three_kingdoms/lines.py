"""3 Kingdoms Battle's history lines: one per event type, names filled in from the seats.

Events carry seats (``seat``, ``seats``, a national war's ``attacker`` and ``defender``);
events logged before carried the names themselves (``name``, ``names``, the names under
``attacker`` / ``defender``, a civil war's dice and troops already in words). Both read the
same: each line gives its text exactly the values it gave before.
"""

from __future__ import annotations

from ..kit import (
    Event,
    L,
    Line,
    Lines,
    P,
    T,
    Text,
    Value,
    as_is,
    by,
    correction_line,
    filled,
    name_of,
    when,
)
from .board import hits, tiles


def _seat_name(e: Event, players: list[str], key: str) -> str:
    """The name of the seat under ``key``; an old event held the name itself there."""
    value = e.get(key)
    if isinstance(value, int) and 0 <= value < len(players):
        return players[value]
    return str(value)


def _names(e: Event, players: list[str]) -> Text | str:
    """The names of the seats under ``seats`` (an old event: the names, already joined)."""
    if "seats" in e:
        return L([players[s] for s in e["seats"]])
    return e["names"]


def _dice_shown(e: Event, players: list[str]) -> Text | str:
    """A civil-war roll as "Ann 5 3, Bob 6" (an old event: already in words)."""
    if isinstance(e["dice"], str):
        return e["dice"]
    rolls = zip(e["sides"], e["dice"], strict=True)
    return L([f"{players[s]} {' '.join(map(str, d))}" for s, d in rolls])


def _troops_left(e: Event, players: list[str]) -> Text | str:
    if "after" in e:
        return e["after"]
    return L([f"{players[s]} {n}" for s, n in zip(e["sides"], e["left"], strict=True)])


def _side(key: str) -> Value:
    """A national war's side: the name of the seat under ``key`` (an old event: the name)."""
    return lambda e, players: _seat_name(e, players, key)


def _owner(key: str) -> Value:
    """The owner of a city, seat under ``key``: a player's name, or nobody."""
    return lambda e, players: T("nobody") if e[key] is None else as_is(players[e[key]])


def _by_outcome(idle: Text, owned: Text, contested: Text) -> Line:
    """A completed city's line: idle, controlled by one seat, or contested by several."""
    shown = {"tiles_t": lambda e, players: tiles(e["tiles"])}
    return by(
        "outcome",
        {
            "idle": filled(idle, "outcome", **shown),
            "owned": filled(owned, "outcome", "seat", **shown),
        },
        filled(contested, "outcome", names=_names, **shown),
    )


def _host_adjusted(e: Event, players: list[str]) -> Text:
    values = {k: v for k, v in e.items() if k not in ("type", "seat", "name")}
    if e["what"] == "player":
        values["name"] = name_of(e, players)
    return T("The table screen corrected a counter.", **values)


# The host's corrections, each saying who made it (the table screen or a seat).
CORRECTIONS: dict[str, Line | Text] = {
    "Corrected": correction_line,
    "CityCreated": when(
        lambda e: e["complete"],
        filled(
            P(
                "{who_t}: new completed city {city} ({size_t}, {n} tile, {spaces} garrison "
                "spaces), controlled by {owner_t}.",
                "{who_t}: new completed city {city} ({size_t}, {n} tiles, {spaces} garrison "
                "spaces), controlled by {owner_t}.",
                0,
            ),
            n="tiles",
            owner_t=_owner("seat"),
        ),
        filled(
            P(
                "{who_t}: new open city {city} ({n} tile, {spaces} garrison spaces).",
                "{who_t}: new open city {city} ({n} tiles, {spaces} garrison spaces).",
                0,
            ),
            "size_t",
            "owner_t",
            n="tiles",
            owner_t=_owner("seat"),
        ),
    ),
    "CityCompletionCorrected": _by_outcome(
        T("{who_t}: city {city} open → completed ({size_t}, {tiles_t}), idle."),
        T("{who_t}: city {city} open → completed ({size_t}, {tiles_t}), {name} controls it."),
        T("{who_t}: city {city} open → completed ({size_t}, {tiles_t}), contested by {names}."),
    ),
    "CityOpened": filled(
        T("{who_t}: city {city} completed → open (owner {before_t} → nobody)."),
        before_t=_owner("before"),
    ),
    "SizeCorrected": T("{who_t}: city {city} {before_t} → {after_t}."),
    "OwnerCorrected": filled(
        T("{who_t}: owner of city {city} {before_t} → {after_t}."),
        before_t=_owner("before"),
        after_t=_owner("seat"),
    ),
    "StratagemCorrected": when(
        lambda e: bool(e["left"]),
        filled(T("{who_t}: {name}'s {stratagem_t} used → unused."), "seat"),
        filled(T("{who_t}: {name}'s {stratagem_t} unused → used."), "seat"),
    ),
    "TurnCorrected": filled(
        T("{who_t}: turn {before_t} → {name}."), "seat", before_t=_owner("before")
    ),
    "NothingCorrected": filled(T("{who_t}: checked, nothing to correct."), "what"),
    "HostAdjusted": _host_adjusted,
}

LINES = Lines(
    {
        **CORRECTIONS,
        "TurnPassed": filled(T("{name}'s turn."), "seat"),
        "TileRemoved": filled(
            P(
                "{name} removed a tile that fits nowhere ({n} tile left).",
                "{name} removed a tile that fits nowhere ({n} tiles left).",
                0,
            ),
            "seat",
            n="left",
        ),
        "TilePlaced": when(
            lambda e: bool(e["city"]),
            filled(
                P(
                    "{name} placed a tile in city {city} with troops {alert} Alert and {hold} "
                    "Hold ({n} tile left).",
                    "{name} placed a tile in city {city} with troops {alert} Alert and {hold} "
                    "Hold ({n} tiles left).",
                    0,
                ),
                "seat",
                n="left",
            ),
            filled(
                P(
                    "{name} placed a tile ({n} tile left).",
                    "{name} placed a tile ({n} tiles left).",
                    0,
                ),
                "seat",
                n="left",
            ),
        ),
        "CityCompleted": _by_outcome(
            T("City {city} is completed: {size_t}, {tiles_t}, idle."),
            T("City {city} is completed: {size_t}, {tiles_t}, {name} controls it."),
            T("City {city} is completed: {size_t}, {tiles_t}, contested by {names}."),
        ),
        "CityIdle": T("City {city} is empty and idle."),
        "Reinforced": filled(T("{name} put 1 {stance_t} troop into city {city}."), "seat"),
        "Withdrew": filled(T("{name} took 1 {stance_t} troop back from city {city}."), "seat"),
        "Transferred": filled(
            T("{name} moved 1 Alert troop from city {src} to city {dst}."), "seat"
        ),
        "StanceChanged": filled(
            P("{name} turned {n} troop {stance_t}.", "{name} turned {n} troops {stance_t}.", 0),
            "seat",
        ),
        "Emergency": when(
            lambda e: e["mode"] == "add",
            filled(T("{name} used emergency orders: 2 troops into city {city}."), "seat", "mode"),
            filled(
                T("{name} used emergency orders: 2 troops back from city {city}."), "seat", "mode"
            ),
        ),
        "Occupied": filled(
            T("{name} rolled {die} (needs {need}+) and occupied city {city}."), "seat"
        ),
        "OccupyFailed": filled(
            T("{name} rolled {die} (needs {need}+): city {city} stays idle."), "seat"
        ),
        "StratagemUsed": filled(
            T("{name} played a command card with the stratagem {stratagem_t}."), "seat"
        ),
        "TroopRemoved": filled(T("1 troop of {name} left city {city}."), "seat"),
        "HoldTurnedAlert": P(
            "{n} Hold troop of {name} in city {city} turned Alert.",
            "{n} Hold troops of {name} in city {city} turned Alert.",
            0,
        ),
        "NationalWarStarted": filled(
            P(
                "{via_t}: {attacker} attacks city {target} of {defender} from city {launch} "
                "with {n} troop.",
                "{via_t}: {attacker} attacks city {target} of {defender} from city {launch} "
                "with {n} troops.",
                0,
            ),
            attacker=_side("attacker"),
            defender=_side("defender"),
        ),
        "NationalRoll": filled(
            T(
                "Roll {k}: {attacker} {a_dice} ({a_hits_t}), {defender} {d_dice} ({d_hits_t}). "
                "Now {attacker} {att}; {defender} {alert} Alert, {hold} Hold."
            ),
            attacker=_side("attacker"),
            defender=_side("defender"),
            a_hits_t=lambda e, players: hits(e["a_hits"]),
            d_hits_t=lambda e, players: hits(e["d_hits"]),
        ),
        "AttackerWon": T("{name} wiped out the defenders of city {city}."),
        "DefenderWon": T("{name} held city {city} and may move into the empty launching city."),
        "NationalWarEnded": when(
            lambda e: e["outcome"] == "defended",
            filled(T("{name} held city {target}."), "outcome", "launch"),
            filled(
                T("Both sides were wiped out: city {target} is idle."), "outcome", "name", "launch"
            ),
        ),
        "AttackCalledOff": P(
            "{name} called off the attack; {n} troop returns to city {launch}.",
            "{name} called off the attack; {n} troops return to city {launch}.",
            0,
        ),
        "CityTaken": P(
            "{name} moved {n} troop in and controls city {city}.",
            "{name} moved {n} troops in and controls city {city}.",
            0,
        ),
        "AttackersWentHome": filled(
            T("{name} brought every attacker home; city {city} is left empty."), "n"
        ),
        "CivilWarStarted": filled(T("Civil war in city {city}: {names}."), names=_names),
        "CivilRollHighest": filled(
            T("Roll {k} (highest die): {dice}. Top {top}: {names} stay in."),
            dice=_dice_shown,
            names=_names,
        ),
        "CivilRollDuel": filled(
            T("Roll {k}: {dice}. Hits {hits}; troops left: {after}."),
            dice=_dice_shown,
            after=_troops_left,
        ),
        "CivilWarEnded": when(
            lambda e: e["seat"] is None,
            filled(T("Both sides were wiped out: city {city} is idle."), "seat", "name"),
            filled(T("{name} won the civil war and controls city {city}."), "seat"),
        ),
        "GameEnded": filled(
            T("The game is over: {names} won."),
            "kind",
            "winners",
            names=lambda e, players: L([players[s] for s in e["winners"]]),
        ),
    }
)
