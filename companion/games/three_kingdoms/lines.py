"""3 Kingdoms Battle's history lines: one per event type, names filled in from the seats.

Events carry seats (``seat``, ``seats``, a national war's ``attacker`` and ``defender``);
events logged before carried the names themselves (``name``, ``names``, the names under
``attacker`` / ``defender``, a civil war's dice and troops already in words). Both read the
same: each line gives its text exactly the values it gave before.
"""

from __future__ import annotations

from typing import Any

from ..kit import Event, L, Lines, P, T, Text, as_is, correction_line, name_of, who
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


def _seat(e: Event, players: list[str]) -> dict[str, Any]:
    """The values of a line about one seat's doing: its seat and its name."""
    return {"seat": e["seat"], "name": name_of(e, players)}


def _tile_placed(e: Event, players: list[str]) -> Text:
    values = {k: e[k] for k in ("city", "alert", "hold")}
    if e["city"]:
        return P(
            "{name} placed a tile in city {city} with troops {alert} Alert and {hold} "
            "Hold ({n} tile left).",
            "{name} placed a tile in city {city} with troops {alert} Alert and {hold} "
            "Hold ({n} tiles left).",
            e["left"],
            **_seat(e, players),
            **values,
        )
    return P(
        "{name} placed a tile ({n} tile left).",
        "{name} placed a tile ({n} tiles left).",
        e["left"],
        **_seat(e, players),
    )


def _city_completed(e: Event, players: list[str]) -> Text:
    base = {
        "outcome": e["outcome"],
        "city": e["city"],
        "size_t": e["size_t"],
        "tiles_t": tiles(e["tiles"]),
    }
    if e["outcome"] == "idle":
        return T("City {city} is completed: {size_t}, {tiles_t}, idle.", **base)
    if e["outcome"] == "owned":
        return T(
            "City {city} is completed: {size_t}, {tiles_t}, {name} controls it.",
            **_seat(e, players),
            **base,
        )
    return T(
        "City {city} is completed: {size_t}, {tiles_t}, contested by {names}.",
        names=_names(e, players),
        **base,
    )


def _emergency(e: Event, players: list[str]) -> Text:
    values = {**_seat(e, players), "city": e["city"], "mode": e["mode"]}
    if e["mode"] == "add":
        return T("{name} used emergency orders: 2 troops into city {city}.", **values)
    return T("{name} used emergency orders: 2 troops back from city {city}.", **values)


def _occupy(e: Event, players: list[str]) -> Text:
    values = {**_seat(e, players), "city": e["city"], "die": e["die"], "need": e["need"]}
    if e["type"] == "Occupied":
        return T("{name} rolled {die} (needs {need}+) and occupied city {city}.", **values)
    return T("{name} rolled {die} (needs {need}+): city {city} stays idle.", **values)


def _war_started(e: Event, players: list[str]) -> Text:
    return P(
        "{via_t}: {attacker} attacks city {target} of {defender} from city {launch} "
        "with {n} troop.",
        "{via_t}: {attacker} attacks city {target} of {defender} from city {launch} "
        "with {n} troops.",
        e["n"],
        via_t=e["via_t"],
        attacker=_seat_name(e, players, "attacker"),
        defender=_seat_name(e, players, "defender"),
        target=e["target"],
        launch=e["launch"],
    )


def _national_roll(e: Event, players: list[str]) -> Text:
    counts = ("k", "a_dice", "d_dice", "att", "alert", "hold")
    return T(
        "Roll {k}: {attacker} {a_dice} ({a_hits_t}), {defender} {d_dice} ({d_hits_t}). "
        "Now {attacker} {att}; {defender} {alert} Alert, {hold} Hold.",
        attacker=_seat_name(e, players, "attacker"),
        defender=_seat_name(e, players, "defender"),
        a_hits_t=hits(e["a_hits"]),
        d_hits_t=hits(e["d_hits"]),
        **{k: e[k] for k in counts},
    )


def _war_ended(e: Event, players: list[str]) -> Text:
    values = {
        "outcome": e["outcome"],
        "name": name_of(e, players),
        "target": e["target"],
        "launch": e["launch"],
    }
    if e["outcome"] == "defended":
        return T("{name} held city {target}.", **values)
    return T("Both sides were wiped out: city {target} is idle.", **values)


def _civil_war_ended(e: Event, players: list[str]) -> Text:
    values = {"city": e["city"], "seat": e["seat"], "name": name_of(e, players)}
    if e["seat"] is None:
        return T("Both sides were wiped out: city {city} is idle.", **values)
    return T("{name} won the civil war and controls city {city}.", **values)


def _host_adjusted(e: Event, players: list[str]) -> Text:
    values = {k: v for k, v in e.items() if k not in ("type", "seat", "name")}
    if e["what"] == "player":
        values["name"] = name_of(e, players)
    return T("The table screen corrected a counter.", **values)


def _owner(players: list[str], seat: Any) -> Text:
    return T("nobody") if seat is None else as_is(players[seat])


def _city_created(e: Event, players: list[str]) -> Text:
    values = {
        "who_t": who(e, players),
        "city": e["city"],
        "spaces": e["spaces"],
        "size_t": e["size_t"],
        "owner_t": _owner(players, e["seat"]),
    }
    if not e["complete"]:
        return P(
            "{who_t}: new open city {city} ({n} tile, {spaces} garrison spaces).",
            "{who_t}: new open city {city} ({n} tiles, {spaces} garrison spaces).",
            e["tiles"],
            **values,
        )
    return P(
        "{who_t}: new completed city {city} ({size_t}, {n} tile, {spaces} garrison "
        "spaces), controlled by {owner_t}.",
        "{who_t}: new completed city {city} ({size_t}, {n} tiles, {spaces} garrison "
        "spaces), controlled by {owner_t}.",
        e["tiles"],
        **values,
    )


def _completion_corrected(e: Event, players: list[str]) -> Text:
    base = {
        "who_t": who(e, players),
        "outcome": e["outcome"],
        "city": e["city"],
        "size_t": e["size_t"],
        "tiles_t": tiles(e["tiles"]),
    }
    if e["outcome"] == "idle":
        return T("{who_t}: city {city} open → completed ({size_t}, {tiles_t}), idle.", **base)
    if e["outcome"] == "owned":
        return T(
            "{who_t}: city {city} open → completed ({size_t}, {tiles_t}), {name} controls it.",
            **_seat(e, players),
            **base,
        )
    return T(
        "{who_t}: city {city} open → completed ({size_t}, {tiles_t}), contested by {names}.",
        names=_names(e, players),
        **base,
    )


def _stratagem_corrected(e: Event, players: list[str]) -> Text:
    values = {"who_t": who(e, players), "stratagem_t": e["stratagem_t"], **_seat(e, players)}
    if e["left"]:
        return T("{who_t}: {name}'s {stratagem_t} used → unused.", **values)
    return T("{who_t}: {name}'s {stratagem_t} unused → used.", **values)


def _nothing(e: Event, players: list[str]) -> Text:
    return T("{who_t}: checked, nothing to correct.", who_t=who(e, players), what=e["what"])


LINES = Lines(
    {
        "Corrected": correction_line,
        "CityCreated": _city_created,
        "CityCompletionCorrected": _completion_corrected,
        "CityOpened": lambda e, players: T(
            "{who_t}: city {city} completed → open (owner {before_t} → nobody).",
            who_t=who(e, players),
            city=e["city"],
            before_t=_owner(players, e["before"]),
        ),
        "SizeCorrected": lambda e, players: T(
            "{who_t}: city {city} {before_t} → {after_t}.",
            who_t=who(e, players),
            city=e["city"],
            before_t=e["before_t"],
            after_t=e["after_t"],
        ),
        "OwnerCorrected": lambda e, players: T(
            "{who_t}: owner of city {city} {before_t} → {after_t}.",
            who_t=who(e, players),
            city=e["city"],
            before_t=_owner(players, e["before"]),
            after_t=_owner(players, e["seat"]),
        ),
        "StratagemCorrected": _stratagem_corrected,
        "TurnCorrected": lambda e, players: T(
            "{who_t}: turn {before_t} → {name}.",
            who_t=who(e, players),
            before_t=_owner(players, e["before"]),
            **_seat(e, players),
        ),
        "NothingCorrected": _nothing,
        "TurnPassed": lambda e, players: T("{name}'s turn.", **_seat(e, players)),
        "TileRemoved": lambda e, players: P(
            "{name} removed a tile that fits nowhere ({n} tile left).",
            "{name} removed a tile that fits nowhere ({n} tiles left).",
            e["left"],
            **_seat(e, players),
        ),
        "TilePlaced": _tile_placed,
        "CityCompleted": _city_completed,
        "CityIdle": lambda e, players: T("City {city} is empty and idle.", city=e["city"]),
        "Reinforced": lambda e, players: T(
            "{name} put 1 {stance_t} troop into city {city}.",
            **_seat(e, players),
            city=e["city"],
            stance_t=e["stance_t"],
        ),
        "Withdrew": lambda e, players: T(
            "{name} took 1 {stance_t} troop back from city {city}.",
            **_seat(e, players),
            city=e["city"],
            stance_t=e["stance_t"],
        ),
        "Transferred": lambda e, players: T(
            "{name} moved 1 Alert troop from city {src} to city {dst}.",
            **_seat(e, players),
            src=e["src"],
            dst=e["dst"],
        ),
        "StanceChanged": lambda e, players: P(
            "{name} turned {n} troop {stance_t}.",
            "{name} turned {n} troops {stance_t}.",
            e["n"],
            **_seat(e, players),
            stance_t=e["stance_t"],
        ),
        "Emergency": _emergency,
        "Occupied": _occupy,
        "OccupyFailed": _occupy,
        "StratagemUsed": lambda e, players: T(
            "{name} played a command card with the stratagem {stratagem_t}.",
            **_seat(e, players),
            stratagem_t=e["stratagem_t"],
        ),
        "TroopRemoved": lambda e, players: T(
            "1 troop of {name} left city {city}.", **_seat(e, players), city=e["city"]
        ),
        "HoldTurnedAlert": lambda e, players: P(
            "{n} Hold troop of {name} in city {city} turned Alert.",
            "{n} Hold troops of {name} in city {city} turned Alert.",
            e["n"],
            city=e["city"],
            name=name_of(e, players),
        ),
        "NationalWarStarted": _war_started,
        "NationalRoll": _national_roll,
        "AttackerWon": lambda e, players: T(
            "{name} wiped out the defenders of city {city}.",
            name=name_of(e, players),
            city=e["city"],
        ),
        "DefenderWon": lambda e, players: T(
            "{name} held city {city} and may move into the empty launching city.",
            name=name_of(e, players),
            city=e["city"],
        ),
        "NationalWarEnded": _war_ended,
        "AttackCalledOff": lambda e, players: P(
            "{name} called off the attack; {n} troop returns to city {launch}.",
            "{name} called off the attack; {n} troops return to city {launch}.",
            e["n"],
            name=name_of(e, players),
            launch=e["launch"],
        ),
        "CityTaken": lambda e, players: P(
            "{name} moved {n} troop in and controls city {city}.",
            "{name} moved {n} troops in and controls city {city}.",
            e["n"],
            name=name_of(e, players),
            city=e["city"],
        ),
        "AttackersWentHome": lambda e, players: T(
            "{name} brought every attacker home; city {city} is left empty.",
            name=name_of(e, players),
            city=e["city"],
            n=e["n"],
        ),
        "CivilWarStarted": lambda e, players: T(
            "Civil war in city {city}: {names}.", city=e["city"], names=_names(e, players)
        ),
        "CivilRollHighest": lambda e, players: T(
            "Roll {k} (highest die): {dice}. Top {top}: {names} stay in.",
            k=e["k"],
            dice=_dice_shown(e, players),
            top=e["top"],
            names=_names(e, players),
        ),
        "CivilRollDuel": lambda e, players: T(
            "Roll {k}: {dice}. Hits {hits}; troops left: {after}.",
            k=e["k"],
            dice=_dice_shown(e, players),
            hits=e["hits"],
            after=_troops_left(e, players),
        ),
        "CivilWarEnded": _civil_war_ended,
        "HostAdjusted": _host_adjusted,
        "GameEnded": lambda e, players: T(
            "The game is over: {names} won.",
            kind=e["kind"],
            winners=e["winners"],
            names=L([players[s] for s in e["winners"]]),
        ),
    }
)
