"""The host's corrections: the board as the physical table shows it, checked against the rules'
bounds and logged as what changed, from → to, and who changed it.

- a city: created as the table shows it (``create_city``), completed or opened again
  (``complete_city``), its troops, garrison spaces and tiles (``adjust_city``);
- a player's command cards and stratagems (``adjust_player``); the tiles left (``adjust_tiles``);
  whose turn it is (``set_turn``).

Each is an ordinary logged action, taken between battles; whatever the game derives (the owner,
the score, a civil war, the instant win, the end after the last tile) follows the corrected
values. Everything here is public (digest §8), so every correction belongs to the table screen.
"""

from __future__ import annotations

from typing import Any

from ..kit import (
    HOST,
    N_,
    PLAYER,
    Actor,
    BadValue,
    Counter,
    Event,
    NotAllowed,
    Param,
    Rng,
    RulesError,
    State,
    T,
    action_group,
    correct,
)
from .board import City, city_size, find_city, on_board, opt, seats_in, total
from .data import (
    COMMAND_CARDS,
    POINTS,
    SIZE_LABELS,
    STRATAGEMS,
    TILES_TO_DRAW,
    TROOPS_PER_PLAYER,
    stratagem_name,
)
from .tiles import complete_city as close_city
from .tiles import new_city
from .turns import CITY, choice_param, int_param

ALL_TILES = TILES_TO_DRAW + 1  # the start tile and the 71 to draw
SPACES_PER_TILE = 2  # a tile has 1-2 garrison spaces in its city area (digest §1)


def _host_only(state: State, actor: Actor) -> None:
    if actor is not None:
        raise NotAllowed("host_only", N_("Only the table screen can do that."))
    if state["battle"] is not None:
        raise RulesError("battle_in_progress", N_("Finish the battle first."))


# -- the numbers on the board, as kit counters (bounds, from → to, by whom) -----------------------


def _tiles_elsewhere(state: State, city: City | None) -> int:
    return sum(c["tiles"] for c in state["cities"] if c is not city)


def _city_counter(city: City, key: str, label: Any, lo: int, hi: int) -> Counter:
    """A number of one city (its tiles, its garrison spaces)."""
    return Counter(
        f"city_{key}",
        label,
        lo=lo,
        hi=hi,
        get=lambda s, seat: city[key],
        put=lambda s, seat, v: city.__setitem__(key, v),
    )


def _troop_counter(city: City, index: int, hi: int) -> Counter:
    """One player's Alert (index 0) or Hold (1) troops in a city."""
    if index == 0:
        label = T("Alert troops in city {city}", city=city["id"])
    else:
        label = T("Hold troops in city {city}", city=city["id"])
    return Counter(
        "alert" if index == 0 else "hold",
        label,
        lo=0,
        hi=hi,
        get=lambda s, seat: city["troops"][seat][index],
        put=lambda s, seat, v: city["troops"][seat].__setitem__(index, v),
    )


def _commands(s: State, seat: int | None) -> int:
    return s["seats"][seat]["commands"]


def _put_commands(s: State, seat: int | None, v: int) -> None:
    s["seats"][seat]["commands"] = v


COMMANDS = Counter("commands", N_("command cards"), 0, COMMAND_CARDS, _commands, _put_commands)
TILES_LEFT = Counter(
    "tiles_left",
    N_("tiles left"),
    0,
    TILES_TO_DRAW,
    lambda s, seat: s["tiles_left"],
    lambda s, seat, v: s.__setitem__("tiles_left", v),
)


def _changed(state: State, counter: Counter, seat: int | None, to: int | None, by: Actor) -> list:
    """The correction of ``counter`` to ``to`` (None: unchanged); no line when it is already so,
    but the bounds are checked all the same."""
    if to is None:
        return []
    event = correct(state, counter, seat, to, by)
    return [] if event["before"] == event["after"] else [event]


def _troops(state: State, city: City, seat: int, alert: int, hold: int, by: Actor) -> list:
    """Set one player's troops in a city; a player has only 8 troops."""
    elsewhere = sum(on_board(state, seat)) - total(city, seat)
    if elsewhere + alert + hold > TROOPS_PER_PLAYER:
        raise BadValue("too_many_troops_total", N_("A player has only 8 troops."))
    hi = TROOPS_PER_PLAYER - elsewhere
    return [
        *_changed(state, _troop_counter(city, 0, hi), seat, alert, by),
        *_changed(state, _troop_counter(city, 1, hi), seat, hold, by),
    ]


def _check_city(city: City) -> None:
    """What the rules allow a city to be: its troops fit its spaces; a completed city holds one
    player's troops (several start a civil war, which is fought, not corrected)."""
    if total(city) > city["spaces"]:
        raise BadValue(
            "over_capacity",
            N_("City {city} has only {n} spaces."),
            city=city["id"],
            n=city["spaces"],
        )
    if city["complete"] and len(seats_in(city)) > 1:
        raise BadValue("two_owners", N_("A completed city holds one player's troops only."))


def _owner_follows(state: State, city: City, by: Actor) -> list[Event]:
    """A completed city belongs to the player whose troops are in it (none: idle, unless the
    ``emptied_city`` option keeps it with its owner)."""
    if not city["complete"]:
        return []
    before = city["owner"]
    seats = seats_in(city)
    if seats:
        city["owner"] = seats[0]
    elif opt(state, "emptied_city") == "idle":
        city["owner"] = None
    if city["owner"] == before:
        return []
    return [
        {
            "type": "OwnerCorrected",
            "city": city["id"],
            "before": before,
            "seat": city["owner"],
            "by": by,
        }
    ]


def _size(city: City, size: str) -> str:
    return size if size in POINTS else city_size(city["tiles"])


def _size_follows(city: City, size: str, by: Actor) -> list[Event]:
    """A completed city's size: as the table says, or from its tiles (``auto``)."""
    if not city["complete"]:
        return []
    before, city["size"] = city["size"], _size(city, size)
    if before == city["size"]:
        return []
    return [
        {
            "type": "SizeCorrected",
            "city": city["id"],
            "before_t": SIZE_LABELS[before],
            "after_t": SIZE_LABELS[city["size"]],
            "by": by,
        }
    ]


def _nothing(what: str, by: Actor, **where: Any) -> list[Event]:
    return [{"type": "NothingCorrected", "what": what, "by": by, **where}]


# -- the actions ---------------------------------------------------------------------------------


def adjust_city(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Correct a city: one player's troops there, and optionally its spaces and tiles."""
    _host_only(state, actor)
    city = find_city(state, params["city"])
    events: list[Event] = []
    tiles = params.get("tiles")
    hi_tiles = ALL_TILES - _tiles_elsewhere(state, city)
    counter = _city_counter(city, "tiles", _tiles_label(city), 1, hi_tiles)
    events += _changed(state, counter, None, tiles, actor)
    spaces = params.get("spaces")
    counter = _city_counter(city, "spaces", _spaces_label(city), 0, SPACES_PER_TILE * city["tiles"])
    events += _changed(state, counter, None, spaces, actor)
    events += _troops(state, city, params["seat"], params["alert"], params["hold"], actor)
    _check_city(city)
    if tiles is not None:
        events += _size_follows(city, "auto", actor)
    events += _owner_follows(state, city, actor)
    return events or _nothing("city", actor, city=city["id"])


def _tiles_label(city: City) -> Any:
    return T("tiles of city {city}", city=city["id"])


def _spaces_label(city: City) -> Any:
    return T("garrison spaces of city {city}", city=city["id"])


def create_city(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Put a city on the board as the table shows it: its tiles, spaces, open or completed
    (with its size), and the troops of the player in it, who then controls it if it is
    completed. More players' troops in an open city: ``adjust_city`` afterwards."""
    _host_only(state, actor)
    tiles, spaces = params["tiles"], params["spaces"]
    if tiles > ALL_TILES - _tiles_elsewhere(state, None):
        raise BadValue(
            "too_many_tiles",
            N_("The cities would hold more than the game's {n} tiles."),
            n=ALL_TILES,
        )
    if spaces > SPACES_PER_TILE * tiles:
        raise BadValue(
            "too_many_spaces",
            N_("{tiles} tiles have at most {n} garrison spaces."),
            tiles=tiles,
            n=SPACES_PER_TILE * tiles,
        )
    seat = params.get("seat")
    alert, hold = params.get("alert") or 0, params.get("hold") or 0
    if seat is None and alert + hold:
        raise BadValue("choose_seat", N_("Choose the player whose troops these are."))
    city = new_city(state)
    city["tiles"], city["spaces"] = tiles, spaces
    complete = bool(params.get("complete"))
    if complete:
        city["complete"] = True
        city["size"] = _size(city, params.get("size") or "auto")
    troops = _troops(state, city, seat, alert, hold, actor) if seat is not None else []
    _check_city(city)
    if complete and seat is not None and alert + hold:
        city["owner"] = seat
    created: Event = {
        "type": "CityCreated",
        "city": city["id"],
        "tiles": tiles,
        "spaces": spaces,
        "complete": complete,
        "size_t": SIZE_LABELS[city["size"]] if complete else None,
        "seat": city["owner"],
        "by": actor,
    }
    return [created, *troops]


def complete_city(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Complete an open city as the table shows it (its troops then decide: one player's →
    control, none → idle, several → a civil war), correct a completed city's size, or open a
    completed city again (no owner, no points)."""
    _host_only(state, actor)
    city = find_city(state, params["city"])
    complete = params.get("complete")
    complete = True if complete is None else complete
    size = params.get("size") or "auto"
    if complete and not city["complete"]:
        events: list[Event] = []
        close_city(state, city, size, events)
        done = events[0]
        return [{**done, "type": "CityCompletionCorrected", "by": actor}]
    if complete:
        changed = _size_follows(city, size, actor)
        if not changed:
            raise BadValue(
                "city_complete", N_("City {city} is already completed."), city=city["id"]
            )
        return changed
    if not city["complete"]:
        raise BadValue("city_open", N_("City {city} is not completed."), city=city["id"])
    before = city["owner"]
    city.update(complete=False, size=None, owner=None)
    return [{"type": "CityOpened", "city": city["id"], "before": before, "by": actor}]


def adjust_player(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Correct a player's unused command cards, or give back / take away one stratagem."""
    _host_only(state, actor)
    seat = params["seat"]
    me = state["seats"][seat]
    events = _changed(state, COMMANDS, seat, params.get("commands"), actor)
    key = params.get("stratagem")
    if key:
        me["stratagems"][key] = not me["stratagems"][key]
        events.append(
            {
                "type": "StratagemCorrected",
                "seat": seat,
                "stratagem_t": stratagem_name(key),
                "left": me["stratagems"][key],
                "by": actor,
            }
        )
    return events or _nothing("player", actor, seat=seat)


def adjust_tiles(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Correct the number of tiles left to draw."""
    _host_only(state, actor)
    events = _changed(state, TILES_LEFT, None, params["tiles_left"], actor)
    return events or _nothing("tiles", actor)


def set_turn(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Give the turn to a seat (to fix a mistake, or when the table started elsewhere)."""
    _host_only(state, actor)
    before = state["turn"]
    state["turn"] = params["seat"]
    state["turn_done"] = False
    return [{"type": "TurnCorrected", "before": before, "seat": params["seat"], "by": actor}]


SIZE = choice_param(
    "size", ("auto", "small", "large"), N_("Size of the completed city"), default="auto"
)

# The host's corrections of the board, between battles, to match the table.
_correction = action_group(correction=True, who=HOST, phases=("turn",))

ACTIONS = (
    _correction(
        "create_city",
        create_city,
        (
            int_param("tiles", 1, ALL_TILES, N_("Tiles")),
            int_param("spaces", 0, SPACES_PER_TILE * ALL_TILES, N_("Garrison spaces")),
            Param("complete", "bool", optional=True, default=False, label=N_("Completed")),
            SIZE,
            Param("seat", "seat", optional=True, label=N_("Player with troops there")),
            int_param("alert", 0, TROOPS_PER_PLAYER, N_("Alert troops"), default=0),
            int_param("hold", 0, TROOPS_PER_PLAYER, N_("Hold troops"), default=0),
        ),
        N_("Add a city"),
        "Host: put a city on the board as the table shows it (tiles, spaces, completed, size, "
        "one player's troops).",
    ),
    _correction(
        "complete_city",
        complete_city,
        (
            CITY,
            Param("complete", "bool", optional=True, default=True, label=N_("Completed")),
            SIZE,
        ),
        N_("Complete or open a city"),
        "Host: complete an open city (its troops decide: control, idle or civil war), correct "
        "a completed city's size, or open it again.",
    ),
    _correction(
        "adjust_city",
        adjust_city,
        (
            CITY,
            PLAYER,
            int_param("alert", 0, TROOPS_PER_PLAYER, N_("Alert troops")),
            int_param("hold", 0, TROOPS_PER_PLAYER, N_("Hold troops")),
            int_param("spaces", 0, 200, N_("Garrison spaces"), default=None),
            int_param("tiles", 1, 72, N_("Tiles"), default=None),
        ),
        N_("Correct a city"),
        "Host: set a player's troops in a city (and its spaces, tiles).",
    ),
    _correction(
        "adjust_player",
        adjust_player,
        (
            PLAYER,
            int_param("commands", 0, COMMAND_CARDS, N_("Command cards"), default=None),
            choice_param(
                "stratagem",
                tuple(k for k, _ in STRATAGEMS),
                N_("Stratagem to give back or take away"),
                default=None,
            ),
        ),
        N_("Correct a player"),
        "Host: set command cards, toggle a stratagem.",
    ),
    _correction(
        "adjust_tiles",
        adjust_tiles,
        (int_param("tiles_left", 0, TILES_TO_DRAW, N_("Tiles left")),),
        N_("Correct the tiles left"),
        "Host: set the number of tiles left to draw.",
    ),
    _correction(
        "set_turn",
        set_turn,
        (PLAYER,),
        N_("Give the turn"),
        "Host: give the turn to a seat.",
    ),
)
