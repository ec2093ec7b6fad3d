"""3 Kingdoms Battle (鬪三國): the companion's rules module.

The players lay the real tiles and roll the real dice; this module keeps what they would
otherwise keep on paper and does the arithmetic they get wrong:

- every player's troops (supply, and Alert / Hold on the board), command cards and stratagems;
- the tile stack (71 to draw) and the cities: open ones as they grow, completed ones with their
  size (small: 1-3 tiles, large: 4+), owner or idle, and the troops in them by player and stance;
- the battles, one roll per action (dice entered by the players or rolled by the app): the civil
  war that starts by itself when a city is completed with several players' troops in it, and the
  national war with Hold troops turning Alert and the attacker's option to call the attack off;
- the score (1 per small city, 2 per large city controlled right now), the instant win at 8
  points, and the end after the last tile with the tie-break chain A-D shown step by step.

Everything in this game is public (digest §8): every card set is identical and using a card is
an open act, so no view holds a secret and ``me`` carries only conveniences for that seat.

The app does not know the tiles' artwork, so it never checks where a tile may go or which cities
are linked by plain: the players say which city a tile extends, how many garrison spaces it has
and whether it closes the city (digest §1, AMBIGUOUS: tile data).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import Any

from .base import (
    N_,
    Action,
    Actor,
    BadValue,
    Event,
    Game,
    NotAllowed,
    Option,
    Param,
    Rng,
    RulesError,
    State,
    T,
    Text,
)

GAME_ID = "three-kingdoms"
TROOPS_PER_PLAYER = 8
COMMAND_CARDS = 5
TILES_TO_DRAW = 71  # 72 tiles, the start tile is on the table from the beginning
WIN_POINTS = 8
HIT_FROM = 5  # a 5 or a 6 hits, in both wars
LARGE_FROM_TILES = 4  # 1-3 tiles: small city; 4 or more: large city
POINTS = {"small": 1, "large": 2}
OCCUPY_FROM = {"small": 4, "large": 5}
SIZE_LABELS = {"small": N_("Small city"), "large": N_("Large city")}
MAX_DICE = TROOPS_PER_PLAYER * 5  # never more dice than troops in the game

# The four stratagems every player holds one of (digest §1), in the order the cards list them.
STRATAGEMS: tuple[tuple[str, str], ...] = (
    ("drive_tiger", N_("Drive the Tiger to Eat the Wolf")),
    ("secret_passage", N_("Secret Passage")),
    ("beauty_trap", N_("Beauty Trap")),
    ("lure_tiger", N_("Lure the Tiger from the Mountain")),
)
STRATAGEM_LABELS = dict(STRATAGEMS)

STANCES = ("alert", "hold")
STANCE_INDEX = {"alert": 0, "hold": 1}

# The tie-break chain of digest §6, after the score: (step, what is compared).
TIEBREAK_STEPS: tuple[tuple[str, str], ...] = (
    ("A", N_("troops in completed cities")),
    ("B", N_("unused command cards")),
    ("C", N_("unused stratagem cards")),
    ("D", N_("Alert troops")),
)

OPTIONS = (
    Option(
        "join_contested",
        "bool",
        True,
        N_("Troops may be placed on a new tile whose city already holds other players' troops"),
    ),
    Option(
        "emptied_city",
        "choice",
        "idle",
        N_("A city its owner leaves without troops"),
        choices=(
            ("idle", N_("becomes idle (no owner, no points)")),
            ("kept", N_("stays with its owner")),
        ),
    ),
    Option(
        "hold_hits",
        "choice",
        "pool",
        N_("Attacker hits against Hold troops in one roll"),
        choices=(
            ("pool", N_("turn Hold troops Alert first, then remove Alert troops, new ones too")),
            ("one_per_troop", N_("each defending troop takes at most one hit per roll")),
        ),
    ),
    Option(
        "simultaneous_eight",
        "choice",
        "tiebreak",
        N_("Several players reach 8 points at once"),
        choices=(
            ("tiebreak", N_("highest score, then the tie-break chain")),
            ("shared", N_("they share the win")),
        ),
    ),
    Option(
        "tiebreak_alert",
        "choice",
        "map",
        N_("Tie-break D counts Alert troops"),
        choices=(
            ("map", N_("everywhere on the map")),
            ("completed", N_("in completed cities only")),
        ),
    ),
    Option(
        "final_tie",
        "choice",
        "shared",
        N_("Still tied after tie-break D"),
        choices=(
            ("shared", N_("the tied players share the win")),
            ("fewer_turns", N_("the tied player who took fewer turns wins")),
        ),
    ),
)


# -- small rules helpers ------------------------------------------------------------------------


def city_size(tiles: int) -> str:
    """Small for 1-3 tiles, large for 4 or more.

    >>> city_size(3), city_size(4)
    ('small', 'large')
    """
    return "large" if tiles >= LARGE_FROM_TILES else "small"


def hits(dice: list[int]) -> int:
    """How many dice hit (a 5 or a 6).

    >>> hits([4, 5, 6, 1])
    2
    """
    return sum(1 for d in dice if d >= HIT_FROM)


def hit_chance(n: int) -> Fraction:
    """Chance that ``n`` dice show at least one hit: 1 - (2/3)^n (digest §7).

    >>> hit_chance(1), hit_chance(2), hit_chance(3), hit_chance(4)
    (Fraction(1, 3), Fraction(5, 9), Fraction(19, 27), Fraction(65, 81))
    >>> hit_chance(0)
    Fraction(0, 1)
    """
    return 1 - Fraction(2, 3) ** n


def top_die_chances(mine: int, others: list[int]) -> tuple[Fraction, Fraction]:
    """With ``mine`` dice against the ``others``' dice, the chance that my highest die is the
    top value (I stay in) and that it is the only top value (I win outright).

    >>> top_die_chances(1, [1])
    (Fraction(7, 12), Fraction(5, 12))
    """
    stay = outright = Fraction(0)
    for k in range(1, 7):
        mine_is_k = Fraction(k, 6) ** mine - Fraction(k - 1, 6) ** mine
        at_most = Fraction(1)
        below = Fraction(1)
        for n in others:
            at_most *= Fraction(k, 6) ** n
            below *= Fraction(k - 1, 6) ** n
        stay += mine_is_k * at_most
        outright += mine_is_k * below
    return stay, outright


def odds(p: Fraction) -> dict[str, Any]:
    """A chance as the view shows it.

    >>> odds(Fraction(5, 9))
    {'fraction': '5/9', 'percent': 56}
    """
    return {"fraction": f"{p.numerator}/{p.denominator}", "percent": round(p * 100)}


def apply_attacker_hits(alert: int, hold: int, n_hits: int, rule: str) -> tuple[int, int]:
    """The defenders (alert, hold) left after ``n_hits`` attacker hits in one national-war roll.

    "pool" (digest): Hold troops turn Alert first, further hits remove Alert troops, the
    ones just turned too. "one_per_troop": each troop takes at most one hit per roll.

    >>> apply_attacker_hits(1, 1, 2, "pool"), apply_attacker_hits(0, 1, 2, "pool")
    ((1, 0), (0, 0))
    >>> apply_attacker_hits(0, 1, 2, "one_per_troop"), apply_attacker_hits(0, 2, 3, "pool")
    ((1, 0), (1, 0))
    """
    turned = min(n_hits, hold)
    rest = n_hits - turned
    removable = alert + turned if rule == "pool" else alert
    removed = min(rest, removable)
    return alert + turned - removed, hold - turned


# -- state access ---------------------------------------------------------------------------------


def _name(state: State, seat: int | None) -> str:
    return "" if seat is None else state["players"][seat]["name"]


def _names(state: State, seats: list[int]) -> str:
    return ", ".join(_name(state, s) for s in seats)


def _opt(state: State, name: str) -> Any:
    return state["options"][name]


def _total(city: dict[str, Any], seat: int | None = None) -> int:
    if seat is not None:
        return sum(city["troops"][seat])
    return sum(sum(t) for t in city["troops"])


def _free(city: dict[str, Any]) -> int:
    return city["spaces"] - _total(city)


def _seats_in(city: dict[str, Any]) -> list[int]:
    return [s for s, t in enumerate(city["troops"]) if sum(t)]


def _in_battle(state: State, seat: int) -> int:
    """Attacking troops that left their city and are fighting (not on a city, not in supply)."""
    b = state["battle"]
    if b and b["kind"] == "national" and b["attacker"] == seat:
        return b["att"]
    return 0


def _on_board(state: State, seat: int) -> tuple[int, int]:
    alert = sum(c["troops"][seat][0] for c in state["cities"]) + _in_battle(state, seat)
    hold = sum(c["troops"][seat][1] for c in state["cities"])
    return alert, hold


def _supply(state: State, seat: int) -> int:
    return TROOPS_PER_PLAYER - sum(_on_board(state, seat))


def _score(state: State, seat: int) -> int:
    return sum(POINTS[c["size"]] for c in state["cities"] if c["complete"] and c["owner"] == seat)


def _city(state: State, cid: int) -> dict[str, Any]:
    for c in state["cities"]:
        if c["id"] == cid:
            return c
    raise BadValue("no_such_city", N_("There is no city {city}."), city=cid)


def _open_city(state: State, cid: int) -> dict[str, Any]:
    city = _city(state, cid)
    if city["complete"]:
        raise BadValue("city_complete", N_("City {city} is already completed."), city=cid)
    return city


def _own_city(state: State, cid: int, seat: int) -> dict[str, Any]:
    city = _city(state, cid)
    if not city["complete"] or city["owner"] != seat:
        raise BadValue("not_your_city", N_("City {city} is not a city you control."), city=cid)
    return city


def _enemy_city(state: State, cid: int, seat: int) -> dict[str, Any]:
    city = _city(state, cid)
    if not city["complete"] or city["owner"] is None or city["owner"] == seat:
        raise BadValue("not_enemy_city", N_("City {city} is not another player's city."), city=cid)
    return city


def _is_idle(city: dict[str, Any]) -> bool:
    return city["complete"] and city["owner"] is None and _total(city) == 0


def _p(params: dict[str, Any], name: str, default: Any) -> Any:
    """An optional parameter (tests and the platform may leave it out)."""
    value = params.get(name)
    return default if value is None else value


# -- setup ----------------------------------------------------------------------------------------


def setup(players: list[str], options: dict[str, Any], rng: Rng) -> State:
    """A new game: 8 troops, 5 command cards and the 4 stratagems each; seat 0 starts."""
    opts = {o.name: options.get(o.name, o.default) for o in OPTIONS}
    return {
        "players": [{"name": name} for name in players],
        "options": opts,
        "seats": [
            {
                "commands": COMMAND_CARDS,
                "stratagems": {key: True for key, _ in STRATAGEMS},
                "turns": 0,
            }
            for _ in players
        ],
        "tiles_left": TILES_TO_DRAW,
        "turn": 0,
        "round": 1,
        "turn_done": False,
        "last_action_t": None,
        "cities": [],
        "next_city": 1,
        "battle": None,
        "civil_queue": [],
        "over": None,
    }


# -- what follows every action: instant win, queued civil wars, end of turn ---------------------


def _settle(state: State, events: list[Event]) -> None:
    """Fire the automatic triggers after any change (digest §6: checked after every change)."""
    if state["over"]:
        return
    if _check_eight(state, events):
        return
    while state["battle"] is None and state["civil_queue"]:
        _start_civil(state, state["civil_queue"].pop(0), events)
    if state["battle"] is None and state["turn_done"]:
        _end_turn(state, events)


def _end_turn(state: State, events: list[Event]) -> None:
    seat = state["turn"]
    state["seats"][seat]["turns"] += 1
    state["turn_done"] = False
    if state["tiles_left"] <= 0:
        _finish(state, events, "tiles", list(range(len(state["players"]))))
        return
    nxt = (seat + 1) % len(state["players"])
    if nxt == 0:
        state["round"] += 1
    state["turn"] = nxt
    events.append({"type": "TurnPassed", "seat": nxt, "name": _name(state, nxt)})


def _check_eight(state: State, events: list[Event]) -> bool:
    reached = [s for s in range(len(state["players"])) if _score(state, s) >= WIN_POINTS]
    if not reached:
        return False
    _finish(state, events, "eight", reached)
    return True


def _tiebreak_values(state: State, seat: int) -> dict[str, int]:
    in_completed = [c for c in state["cities"] if c["complete"]]
    alert_from = state["cities"] if _opt(state, "tiebreak_alert") == "map" else in_completed
    return {
        "score": _score(state, seat),
        "A": sum(_total(c, seat) for c in in_completed),
        "B": state["seats"][seat]["commands"],
        "C": sum(state["seats"][seat]["stratagems"].values()),
        "D": sum(c["troops"][seat][0] for c in alert_from) + _in_battle(state, seat),
        "turns": state["seats"][seat]["turns"],
    }


def _values_text(state: State, seats: list[int], key: str) -> str:
    return ", ".join(f"{_name(state, s)} {_tiebreak_values(state, s)[key]}" for s in seats)


def _best(state: State, seats: list[int], key: str, most: bool = True) -> list[int]:
    vals = {s: _tiebreak_values(state, s)[key] for s in seats}
    top = max(vals.values()) if most else min(vals.values())
    return [s for s in seats if vals[s] == top]


def rank(state: State, candidates: list[int]) -> tuple[list[int], list[Text]]:
    """The winners among ``candidates``: highest score, then tie-breaks A-D (digest §6), then
    the ``final_tie`` option; with one Text line per step a person can follow."""
    lines: list[Text] = [T("Scores: {values}.", values=_values_text(state, candidates, "score"))]
    left = _best(state, candidates, "score")
    score = _tiebreak_values(state, left[0])["score"]
    lines.append(T("Highest score {n}: {names}.", n=score, names=_names(state, left)))
    for step, what in TIEBREAK_STEPS:
        if len(left) == 1:
            break
        values = _values_text(state, left, step)
        left = _best(state, left, step)
        lines.append(
            T(
                "Tie-break {step}, {what_t}: {values}; ahead: {names}.",
                step=step,
                what_t=what,
                values=values,
                names=_names(state, left),
            )
        )
    if len(left) > 1 and _opt(state, "final_tie") == "fewer_turns":
        values = _values_text(state, left, "turns")
        left = _best(state, left, "turns", most=False)
        lines.append(
            T(
                "Still tied: turns taken {values}; fewest: {names}.",
                values=values,
                names=_names(state, left),
            )
        )
    if len(left) == 1:
        lines.append(T("{name} wins.", name=_name(state, left[0])))
    else:
        lines.append(T("Still tied: {names} share the win.", names=_names(state, left)))
    return left, lines


def _finish(state: State, events: list[Event], kind: str, candidates: list[int]) -> None:
    if kind == "eight" and len(candidates) == 1:
        winners = candidates
        lines = [
            T(
                "{name} reached {n} points first and wins at once.",
                name=_name(state, candidates[0]),
                n=_score(state, candidates[0]),
            )
        ]
    elif kind == "eight" and _opt(state, "simultaneous_eight") == "shared":
        winners = candidates
        lines = [
            T(
                "{names} reached 8 points at once and share the win.",
                names=_names(state, candidates),
            )
        ]
    else:
        winners, lines = rank(state, candidates)
    state["over"] = {"kind": kind, "winners": winners, "lines": lines}
    # A battle or a queued civil war no longer matters once somebody has won.
    state["battle"] = None
    state["civil_queue"] = []
    events.append(
        {
            "type": "GameEnded",
            "kind": kind,
            "winners": winners,
            "names": _names(state, winners),
        }
    )


# -- cities -------------------------------------------------------------------------------------


def _new_city(state: State) -> dict[str, Any]:
    city = {
        "id": state["next_city"],
        "tiles": 0,
        "spaces": 0,
        "complete": False,
        "size": None,
        "owner": None,
        "troops": [[0, 0] for _ in state["players"]],
    }
    state["next_city"] += 1
    state["cities"].append(city)
    return city


def _complete(state: State, city: dict[str, Any], size: str, events: list[Event]) -> None:
    """Digest §3 (1): several players' troops -> civil war; one -> control; none -> idle."""
    city["complete"] = True
    city["size"] = size if size in POINTS else city_size(city["tiles"])
    seats = _seats_in(city)
    base = {"city": city["id"], "size_t": SIZE_LABELS[city["size"]], "tiles": city["tiles"]}
    if not seats:
        city["owner"] = None
        events.append({"type": "CityCompleted", "outcome": "idle", **base})
    elif len(seats) == 1:
        city["owner"] = seats[0]
        events.append(
            {
                "type": "CityCompleted",
                "outcome": "owned",
                "seat": seats[0],
                "name": _name(state, seats[0]),
                **base,
            }
        )
    else:
        city["owner"] = None
        state["civil_queue"].append(city["id"])
        events.append(
            {"type": "CityCompleted", "outcome": "contested", "names": _names(state, seats), **base}
        )


def _emptied(state: State, city: dict[str, Any], events: list[Event]) -> None:
    """A completed city its owner leaves with no troops (AMBIGUOUS, option ``emptied_city``)."""
    if city["complete"] and city["owner"] is not None and _total(city) == 0:
        if _opt(state, "emptied_city") == "idle":
            city["owner"] = None
            events.append({"type": "CityIdle", "city": city["id"]})


def _take(city: dict[str, Any], seat: int, n: int) -> None:
    """Remove ``n`` of ``seat``'s troops, Alert ones first (a civil-war casualty: the owner keeps
    the Hold troops, which are worth more against a later national war)."""
    troops = city["troops"][seat]
    from_alert = min(n, troops[0])
    troops[0] -= from_alert
    troops[1] -= min(n - from_alert, troops[1])


# -- turn actions -------------------------------------------------------------------------------


def _turn_seat(state: State, actor: Actor) -> int:
    if state["battle"] is not None:
        raise RulesError("battle_in_progress", N_("Finish the battle first."))
    if actor is not None and actor != state["turn"]:
        raise NotAllowed("not_your_turn", N_("It is not your turn."))
    return state["turn"]


def _done(state: State, label: str) -> None:
    state["turn_done"] = True
    state["last_action_t"] = label


def _need_supply(state: State, seat: int, n: int) -> None:
    have = _supply(state, seat)
    if have < n:
        raise BadValue("no_troops", N_("Not enough troops in supply ({n} left)."), n=have)


def _use_command(state: State, seat: int, stratagem: str | None = None) -> None:
    me = state["seats"][seat]
    if me["commands"] <= 0:
        raise RulesError("no_command_cards", N_("No command cards left."))
    if stratagem is not None:
        if not me["stratagems"][stratagem]:
            raise RulesError("stratagem_used", N_("That stratagem has been used."))
        me["stratagems"][stratagem] = False
    me["commands"] -= 1


def discard_tile(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """A drawn tile that fits nowhere leaves the game; the player draws again (digest §3 (1))."""
    seat = _turn_seat(state, actor)
    if state["tiles_left"] <= 0:
        raise RulesError("no_tiles", N_("No tiles are left."))
    state["tiles_left"] -= 1
    if state["tiles_left"] == 0:
        # The stack ran out with a tile nobody could place: the turn (and the game) ends.
        _done(state, N_("Expand"))
    return [
        {
            "type": "TileRemoved",
            "seat": seat,
            "name": _name(state, seat),
            "left": state["tiles_left"],
        }
    ]


def expand(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Place a tile, garrison its spaces, complete cities (digest §3 (1))."""
    seat = _turn_seat(state, actor)
    if state["tiles_left"] <= 0:
        raise RulesError("no_tiles", N_("No tiles are left."))
    spaces = params["spaces"]
    cid = _p(params, "city", 0)
    joins = list(_p(params, "joins", []))
    alert, hold = _p(params, "alert", 0), _p(params, "hold", 0)
    completes = _p(params, "complete", False)
    also = list(_p(params, "also_complete", []))
    if spaces == 0 and (cid or joins or alert or hold or completes):
        raise BadValue("no_city_area", N_("A tile without garrison spaces has no city part."))
    if alert + hold > spaces:
        raise BadValue("too_many_troops", N_("This tile has {n} garrison spaces."), n=spaces)
    _need_supply(state, seat, alert + hold)
    state["tiles_left"] -= 1
    events: list[Event] = []
    city = None
    if spaces:
        city = _open_city(state, cid) if cid else _new_city(state)
        for jid in joins:
            other = _open_city(state, jid)
            if other is city:
                raise BadValue("join_itself", N_("A city cannot join itself."))
            _merge(state, city, other)
        city["tiles"] += 1
        city["spaces"] += spaces
        others_there = [s for s in _seats_in(city) if s != seat]
        if alert + hold and others_there and not _opt(state, "join_contested"):
            raise BadValue(
                "contested_tile", N_("Other players' troops are in this city: no troops here.")
            )
        city["troops"][seat][0] += alert
        city["troops"][seat][1] += hold
    events.append(
        {
            "type": "TilePlaced",
            "seat": seat,
            "name": _name(state, seat),
            "city": city["id"] if city else 0,
            "alert": alert,
            "hold": hold,
            "left": state["tiles_left"],
        }
    )
    closing: list[tuple[dict[str, Any], str]] = []
    if completes and city is not None:
        closing.append((city, _p(params, "size", "auto")))
    for oid in also:
        other = _open_city(state, oid)
        if any(other is c for c, _ in closing):
            raise BadValue("closed_twice", N_("City {city} is named twice."), city=oid)
        other["tiles"] += 1  # the tile's wall closes it, so the tile is part of that city
        closing.append((other, "auto"))
    for c, size in closing:
        _complete(state, c, size, events)
    _done(state, N_("Expand"))
    return events


def _merge(state: State, into: dict[str, Any], other: dict[str, Any]) -> None:
    into["tiles"] += other["tiles"]
    into["spaces"] += other["spaces"]
    for seat, troops in enumerate(other["troops"]):
        into["troops"][seat][0] += troops[0]
        into["troops"][seat][1] += troops[1]
    state["cities"].remove(other)


def reinforce(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Troop orders A: 1 troop from supply into a city you control with a free space."""
    seat = _turn_seat(state, actor)
    city = _own_city(state, params["city"], seat)
    if _free(city) < 1:
        raise BadValue("city_full", N_("City {city} has no free space."), city=city["id"])
    _need_supply(state, seat, 1)
    stance = params["stance"]
    city["troops"][seat][STANCE_INDEX[stance]] += 1
    _done(state, N_("Troop orders"))
    return [_troop_event("Reinforced", state, seat, city, stance)]


def _troop_event(kind: str, state: State, seat: int, city: dict[str, Any], stance: str) -> Event:
    return {
        "type": kind,
        "seat": seat,
        "name": _name(state, seat),
        "city": city["id"],
        "stance_t": N_("Alert") if stance == "alert" else N_("Hold"),
    }


def withdraw(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Troop orders B: 1 troop from a city you control back to supply."""
    seat = _turn_seat(state, actor)
    city = _own_city(state, params["city"], seat)
    stance = params["stance"]
    index = STANCE_INDEX[stance]
    if city["troops"][seat][index] < 1:
        raise BadValue("no_such_troop", N_("No troop in that stance there."))
    city["troops"][seat][index] -= 1
    events = [_troop_event("Withdrew", state, seat, city, stance)]
    _emptied(state, city, events)
    _done(state, N_("Troop orders"))
    return events


def transfer(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Troop orders C: 1 Alert troop to another city you control (plain, no barricade)."""
    seat = _turn_seat(state, actor)
    src = _own_city(state, params["from_city"], seat)
    dst = _own_city(state, params["to_city"], seat)
    if src is dst:
        raise BadValue("same_city", N_("Choose two different cities."))
    if src["troops"][seat][0] < 1:
        raise BadValue("no_alert", N_("No Alert troop in city {city}."), city=src["id"])
    if _free(dst) < 1:
        raise BadValue("city_full", N_("City {city} has no free space."), city=dst["id"])
    src["troops"][seat][0] -= 1
    dst["troops"][seat][0] += 1
    events: list[Event] = [
        {
            "type": "Transferred",
            "seat": seat,
            "name": _name(state, seat),
            "src": src["id"],
            "dst": dst["id"],
        }
    ]
    _emptied(state, src, events)
    _done(state, N_("Troop orders"))
    return events


def change_stance(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Turn any number of your troops, all in one direction (digest §3 (3)).

    ``cities`` names a city once per troop turned: [3, 3, 5] turns two troops in city 3 and
    one in city 5.
    """
    seat = _turn_seat(state, actor)
    direction = params["direction"]
    picks = Counter(params["cities"])
    if not picks:
        raise BadValue("nothing_chosen", N_("Choose at least one troop."))
    src, dst = (0, 1) if direction == "to_hold" else (1, 0)
    for cid, n in sorted(picks.items()):
        city = _own_city(state, cid, seat)
        if city["troops"][seat][src] < n:
            raise BadValue(
                "not_enough_in_stance", N_("Not that many troops to turn in city {city}."), city=cid
            )
        city["troops"][seat][src] -= n
        city["troops"][seat][dst] += n
    _done(state, N_("Change stance"))
    return [
        {
            "type": "StanceChanged",
            "seat": seat,
            "name": _name(state, seat),
            "n": sum(picks.values()),
            "stance_t": N_("Hold") if direction == "to_hold" else N_("Alert"),
        }
    ]


def emergency(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Command card B: 2 troops into a city of yours (2 free spaces) or 2 back to supply.

    ``alert`` says how many of the two are Alert troops; the others are Hold.
    """
    seat = _turn_seat(state, actor)
    city = _own_city(state, params["city"], seat)
    alert = _p(params, "alert", 0)
    hold = 2 - alert
    events: list[Event] = []
    if params["mode"] == "add":
        if _free(city) < 2:
            raise BadValue(
                "need_two_spaces", N_("City {city} needs 2 free spaces."), city=city["id"]
            )
        _need_supply(state, seat, 2)
        city["troops"][seat][0] += alert
        city["troops"][seat][1] += hold
    else:
        troops = city["troops"][seat]
        if troops[0] < alert or troops[1] < hold:
            raise BadValue(
                "no_such_troops", N_("City {city} does not hold those troops."), city=city["id"]
            )
        troops[0] -= alert
        troops[1] -= hold
    _use_command(state, seat)
    events.append(
        {
            "type": "Emergency",
            "seat": seat,
            "name": _name(state, seat),
            "city": city["id"],
            "mode": params["mode"],
        }
    )
    _emptied(state, city, events)
    _done(state, N_("Command card"))
    return events


def occupy(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Roll 1 die for an idle city: 4+ takes a small one, 5+ a large one (digest §3 (5))."""
    seat = _turn_seat(state, actor)
    city = _city(state, params["city"])
    if not _is_idle(city):
        raise BadValue("not_idle", N_("City {city} is not idle."), city=city["id"])
    _need_supply(state, seat, 1)
    die = params.get("die") or rng.randint(1, 6)
    need = OCCUPY_FROM[city["size"]]
    won = die >= need
    if won:
        city["troops"][seat][0] = 1
        city["owner"] = seat
    _done(state, N_("Occupy an idle city"))
    return [
        {
            "type": "Occupied" if won else "OccupyFailed",
            "seat": seat,
            "name": _name(state, seat),
            "city": city["id"],
            "die": die,
            "need": need,
        }
    ]


# -- national war -------------------------------------------------------------------------------


def national_war(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Command card A: attack another player's city from one of yours (digest §5)."""
    seat = _turn_seat(state, actor)
    launch = _own_city(state, params["launch"], seat)
    target = _enemy_city(state, params["target"], seat)
    _use_command(state, seat)
    events: list[Event] = []
    _start_national(
        state, seat, launch, target, _p(params, "troops", 0), False, N_("National war"), events
    )
    _done(state, N_("Command card"))
    return events


def secret_passage(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """暗渡陳倉: a national war on any other player's city, ignoring tile barriers."""
    seat = _turn_seat(state, actor)
    launch = _own_city(state, params["launch"], seat)
    target = _enemy_city(state, params["target"], seat)
    _use_command(state, seat, "secret_passage")
    events: list[Event] = [_stratagem_event(state, seat, "secret_passage")]
    _start_national(
        state,
        seat,
        launch,
        target,
        _p(params, "troops", 0),
        False,
        STRATAGEM_LABELS["secret_passage"],
        events,
    )
    _done(state, N_("Command card"))
    return events


def drive_tiger(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """驅虎吞狼: two other players' cities fight; the owner of ``launch`` attacks and may not
    call the attack off. ``troops`` 0 sends every Alert troop of the launching city."""
    seat = _turn_seat(state, actor)
    launch = _enemy_city(state, params["launch"], seat)
    target = _enemy_city(state, params["target"], seat)
    if launch["owner"] == target["owner"]:
        raise BadValue("same_owner", N_("Choose two cities of two different players."))
    _use_command(state, seat, "drive_tiger")
    events: list[Event] = [_stratagem_event(state, seat, "drive_tiger")]
    _start_national(
        state,
        launch["owner"],
        launch,
        target,
        _p(params, "troops", 0),
        True,
        STRATAGEM_LABELS["drive_tiger"],
        events,
    )
    _done(state, N_("Command card"))
    return events


def beauty_trap(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """美人計: 1 troop leaves another player's city; then 1 of yours may enter a city of yours."""
    seat = _turn_seat(state, actor)
    target = _enemy_city(state, params["target"], seat)
    victim = target["owner"]
    index = STANCE_INDEX[params["stance"]]
    if target["troops"][victim][index] < 1:
        raise BadValue("no_such_troop", N_("No troop in that stance there."))
    target["troops"][victim][index] -= 1
    _use_command(state, seat, "beauty_trap")
    events: list[Event] = [
        _stratagem_event(state, seat, "beauty_trap"),
        {
            "type": "TroopRemoved",
            "seat": victim,
            "name": _name(state, victim),
            "city": target["id"],
        },
    ]
    _emptied(state, target, events)
    cid = _p(params, "city", 0)
    if cid:
        city = _own_city(state, cid, seat)
        if _free(city) < 1:
            raise BadValue("city_full", N_("City {city} has no free space."), city=cid)
        _need_supply(state, seat, 1)
        stance = _p(params, "my_stance", "alert")
        city["troops"][seat][STANCE_INDEX[stance]] += 1
        events.append(_troop_event("Reinforced", state, seat, city, stance))
    _done(state, N_("Command card"))
    return events


def lure_tiger(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """調虎離山: every Hold troop in another player's city turns Alert; then, if ``launch`` is
    given, a national war on it from that city of yours, with no further command card."""
    seat = _turn_seat(state, actor)
    target = _enemy_city(state, params["target"], seat)
    owner = target["owner"]
    turned = target["troops"][owner][1]
    target["troops"][owner] = [target["troops"][owner][0] + turned, 0]
    _use_command(state, seat, "lure_tiger")
    events: list[Event] = [
        _stratagem_event(state, seat, "lure_tiger"),
        {"type": "HoldTurnedAlert", "city": target["id"], "name": _name(state, owner), "n": turned},
    ]
    lid = _p(params, "launch", 0)
    if lid:
        launch = _own_city(state, lid, seat)
        _start_national(
            state,
            seat,
            launch,
            target,
            _p(params, "troops", 0),
            False,
            STRATAGEM_LABELS["lure_tiger"],
            events,
        )
    _done(state, N_("Command card"))
    return events


def _stratagem_event(state: State, seat: int, key: str) -> Event:
    return {
        "type": "StratagemUsed",
        "seat": seat,
        "name": _name(state, seat),
        "stratagem_t": STRATAGEM_LABELS[key],
    }


def _start_national(
    state: State,
    attacker: int,
    launch: dict[str, Any],
    target: dict[str, Any],
    troops: int,
    forced: bool,
    via: str,
    events: list[Event],
) -> None:
    available = launch["troops"][attacker][0]
    n = troops or available
    if n < 1 or n > available:
        raise BadValue(
            "bad_attackers",
            N_("City {city} has {n} Alert troops to send."),
            city=launch["id"],
            n=available,
        )
    launch["troops"][attacker][0] -= n
    defender = target["owner"]
    state["battle"] = {
        "kind": "national",
        "attacker": attacker,
        "defender": defender,
        "launch": launch["id"],
        "target": target["id"],
        "att": n,
        "forced": forced,
        "via_t": via,
        "stage": "rolling",
        "rolls": [],
    }
    events.append(
        {
            "type": "NationalWarStarted",
            "attacker": _name(state, attacker),
            "defender": _name(state, defender),
            "launch": launch["id"],
            "target": target["id"],
            "n": n,
            "via_t": via,
        }
    )
    if _total(target, defender) == 0:
        # Only possible when an emptied city stays with its owner (option): nobody defends it.
        _national_outcome(state, events)


def _national_roll(state: State, dice: list[list[int]], events: list[Event]) -> None:
    b = state["battle"]
    target = _city(state, b["target"])
    defender = b["defender"]
    alert, hold = target["troops"][defender]
    a_hits, d_hits = hits(dice[0]), hits(dice[1])
    b["att"] -= min(d_hits, b["att"])
    alert, hold = apply_attacker_hits(alert, hold, a_hits, _opt(state, "hold_hits"))
    target["troops"][defender] = [alert, hold]
    b["rolls"].append(
        {"dice": dice, "hits": [a_hits, d_hits], "after": [[b["att"], 0], [alert, hold]]}
    )
    events.append(
        {
            "type": "NationalRoll",
            "k": len(b["rolls"]),
            "attacker": _name(state, b["attacker"]),
            "defender": _name(state, defender),
            "a_dice": " ".join(map(str, dice[0])),
            "d_dice": " ".join(map(str, dice[1])),
            "a_hits": a_hits,
            "d_hits": d_hits,
            "att": b["att"],
            "alert": alert,
            "hold": hold,
        }
    )
    _national_outcome(state, events)


def _national_outcome(state: State, events: list[Event]) -> None:
    """After a roll: go on, or the attacker / defender decides what follows, or it is over."""
    b = state["battle"]
    target = _city(state, b["target"])
    launch = _city(state, b["launch"])
    defenders = _total(target, b["defender"])
    if defenders and b["att"]:
        return
    if not defenders:
        target["owner"] = None  # the defender has lost it, whatever the attacker does next
    if b["att"]:
        b["stage"] = "attacker_won"
        events.append(
            {"type": "AttackerWon", "name": _name(state, b["attacker"]), "city": target["id"]}
        )
        return
    _launch_idle(launch, events)
    if defenders and launch["owner"] is None and target["troops"][b["defender"]][0]:
        b["stage"] = "defender_won"
        events.append(
            {"type": "DefenderWon", "name": _name(state, b["defender"]), "city": target["id"]}
        )
        return
    events.append(
        {
            "type": "NationalWarEnded",
            "outcome": "defended" if defenders else "both_gone",
            "name": _name(state, b["defender"]),
            "target": target["id"],
            "launch": launch["id"],
        }
    )
    state["battle"] = None


def _launch_idle(launch: dict[str, Any], events: list[Event]) -> None:
    """The seed's example: a launching city left with no troops becomes idle (no option: the
    seed says so, unlike the emptied cities of digest §3 (2))."""
    if _total(launch) == 0 and launch["owner"] is not None:
        launch["owner"] = None
        events.append({"type": "CityIdle", "city": launch["id"]})


def call_off(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """After a roll the attacker may bring the survivors home (not under 驅虎吞狼)."""
    b = state["battle"]
    if not b or b["kind"] != "national" or b["stage"] != "rolling":
        raise RulesError("no_attack", N_("No attack to call off."))
    if actor is not None and actor != b["attacker"]:
        raise NotAllowed("not_attacker", N_("Only the attacker can call off the attack."))
    if b["forced"]:
        raise RulesError("forced_attack", N_("This attack must go on until one side is gone."))
    if not b["rolls"]:
        raise RulesError("roll_first", N_("The attack can be called off after a roll."))
    launch = _city(state, b["launch"])
    launch["troops"][b["attacker"]][0] += b["att"]
    events: list[Event] = [
        {
            "type": "AttackCalledOff",
            "name": _name(state, b["attacker"]),
            "n": b["att"],
            "launch": launch["id"],
        }
    ]
    state["battle"] = None
    return events


def settle(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The winner of a national war decides what follows (digest §5 outcomes).

    Attacker won: ``n`` surviving attackers enter the target as Alert troops (the rest go home;
    0 = all go home). Defender won and the launching city is empty: ``n`` Alert troops of the
    target move into it (0 = none).
    """
    b = state["battle"]
    if not b or b["kind"] != "national" or b["stage"] == "rolling":
        raise RulesError("nothing_to_settle", N_("There is no battle outcome to decide."))
    decider = b["attacker"] if b["stage"] == "attacker_won" else b["defender"]
    if actor is not None and actor != decider:
        raise NotAllowed("not_decider", N_("The winner of the battle decides this."))
    n = params["n"]
    target, launch = _city(state, b["target"]), _city(state, b["launch"])
    events: list[Event] = []
    if b["stage"] == "attacker_won":
        room = min(b["att"], target["spaces"] - _total(target))
        if n > room:
            raise BadValue("too_many", N_("At most {n} troops can enter."), n=room)
        target["troops"][decider][0] += n
        launch["troops"][decider][0] += b["att"] - n
        b["att"] = 0
        if n:
            target["owner"] = decider
        elif _opt(state, "emptied_city") == "kept":
            target["owner"] = b["defender"]
        _launch_idle(launch, events)
        events.append(
            {
                "type": "CityTaken" if n else "AttackersWentHome",
                "name": _name(state, decider),
                "city": target["id"],
                "n": n,
            }
        )
    else:
        room = min(target["troops"][decider][0], launch["spaces"] - _total(launch))
        if n > room:
            raise BadValue("too_many", N_("At most {n} troops can enter."), n=room)
        target["troops"][decider][0] -= n
        launch["troops"][decider][0] += n
        if n:
            launch["owner"] = decider
            events.append(
                {"type": "CityTaken", "name": _name(state, decider), "city": launch["id"], "n": n}
            )
        _emptied(state, target, events)
    state["battle"] = None
    return events


# -- civil war ----------------------------------------------------------------------------------


def _start_civil(state: State, cid: int, events: list[Event]) -> None:
    city = _city(state, cid)
    seats = _seats_in(city)
    state["battle"] = {
        "kind": "civil",
        "city": cid,
        "sides": seats,
        "mode": "duel" if len(seats) == 2 else "highest",
        "stage": "rolling",
        "rolls": [],
    }
    events.append({"type": "CivilWarStarted", "city": cid, "names": _names(state, seats)})


def _civil_roll(state: State, dice: list[list[int]], events: list[Event]) -> None:
    b = state["battle"]
    city = _city(state, b["city"])
    sides = b["sides"]
    shown = "; ".join(
        f"{_name(state, s)} {' '.join(map(str, d))}" for s, d in zip(sides, dice, strict=True)
    )
    if b["mode"] == "highest":
        tops = [max(d) for d in dice]
        top = max(tops)
        stay = [s for s, t in zip(sides, tops, strict=True) if t == top]
        for s in sides:
            if s not in stay:
                city["troops"][s] = [0, 0]  # below the top value: every troop goes home
        b["sides"] = stay
        if len(stay) == 2:
            b["mode"] = "duel"
        b["rolls"].append({"mode": "highest", "sides": sides, "dice": dice, "stay": stay})
        events.append(
            {
                "type": "CivilRollHighest",
                "k": len(b["rolls"]),
                "dice": shown,
                "top": top,
                "names": _names(state, stay),
            }
        )
    else:
        got = [hits(d) for d in dice]
        _take(city, sides[0], got[1])
        _take(city, sides[1], got[0])
        left = [_total(city, s) for s in sides]
        b["sides"] = [s for s in sides if _total(city, s)]
        b["rolls"].append({"mode": "duel", "sides": sides, "dice": dice, "hits": got})
        events.append(
            {
                "type": "CivilRollDuel",
                "k": len(b["rolls"]),
                "dice": shown,
                "hits": f"{got[0]}-{got[1]}",
                "after": ", ".join(
                    f"{_name(state, s)} {n}" for s, n in zip(sides, left, strict=True)
                ),
            }
        )
    if len(b["sides"]) <= 1:
        winner = b["sides"][0] if b["sides"] else None
        city["owner"] = winner
        events.append(
            {
                "type": "CivilWarEnded",
                "city": city["id"],
                "seat": winner,
                "name": _name(state, winner),
            }
        )
        state["battle"] = None


# -- rolling ------------------------------------------------------------------------------------

FACE_SEPARATORS = " ,;/|+-"


def parse_faces(text: str) -> list[int]:
    """Dice typed as digits on a phone's number pad: one digit per die, separators ignored.

    >>> parse_faces("45 6"), parse_faces("4,5/6")
    ([4, 5, 6], [4, 5, 6])
    >>> parse_faces("470")
    Traceback (most recent call last):
    ...
    companion.errors.BadValue: A die shows 1 to 6.
    """
    dice = []
    for ch in text:
        if ch in FACE_SEPARATORS:
            continue
        if ch not in "123456":
            raise BadValue("bad_die", N_("A die shows 1 to 6."))
        dice.append(int(ch))
    return dice


def dice_order(state: State) -> list[dict[str, Any]]:
    """Who rolls how many dice in the current battle roll, in the order ``roll`` expects them."""
    b = state["battle"]
    if not b or b["stage"] != "rolling":
        return []
    if b["kind"] == "national":
        target = _city(state, b["target"])
        return [
            {"seat": b["attacker"], "n": b["att"]},
            {"seat": b["defender"], "n": _total(target, b["defender"])},
        ]
    city = _city(state, b["city"])
    return [{"seat": s, "n": _total(city, s)} for s in b["sides"]]


def _participants(state: State) -> list[int]:
    b = state["battle"]
    if not b:
        return []
    if b["kind"] == "national":
        return [b["attacker"], b["defender"]]
    return list(b["sides"])


def roll(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """One battle roll: ``dice`` as rolled at the table, in ``dice_order`` (each side's dice one
    after the other), or none and the app rolls them all."""
    b = state["battle"]
    if not b or b["stage"] != "rolling":
        raise RulesError("no_battle", N_("No battle is waiting for a roll."))
    if actor is not None and actor != state["turn"] and actor not in _participants(state):
        raise NotAllowed("not_in_battle", N_("Only the players in the battle can roll."))
    order = dice_order(state)
    need = sum(o["n"] for o in order)
    dice = list(_p(params, "dice", []))
    faces = _p(params, "faces", "")
    if faces:
        if dice:
            raise BadValue("dice_twice", N_("Enter the dice once."))
        dice = parse_faces(faces)
    if dice and len(dice) != need:
        raise BadValue("dice_count", N_("Enter {n} dice, side by side in order."), n=need)
    if not dice:
        dice = [rng.randint(1, 6) for _ in range(need)]
    per_side: list[list[int]] = []
    for o in order:
        per_side.append(dice[: o["n"]])
        dice = dice[o["n"] :]
    events: list[Event] = []
    if b["kind"] == "national":
        _national_roll(state, per_side, events)
    else:
        _civil_roll(state, per_side, events)
    return events


# -- host corrections ---------------------------------------------------------------------------


def _host_only(state: State, actor: Actor) -> None:
    if actor is not None:
        raise NotAllowed("host_only", N_("Only the table screen can do that."))
    if state["battle"] is not None:
        raise RulesError("battle_in_progress", N_("Finish the battle first."))


def adjust_city(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Correct a city: one player's troops there, and optionally its spaces and tiles."""
    _host_only(state, actor)
    city = _city(state, params["city"])
    seat = params["seat"]
    new = [params["alert"], params["hold"]]
    elsewhere = sum(_on_board(state, seat)) - _total(city, seat)
    if elsewhere + sum(new) > TROOPS_PER_PLAYER:
        raise BadValue("too_many_troops_total", N_("A player has only 8 troops."))
    city["troops"][seat] = new
    if params.get("tiles") is not None:
        city["tiles"] = params["tiles"]
        if city["complete"]:
            city["size"] = city_size(city["tiles"])
    if params.get("spaces") is not None:
        city["spaces"] = params["spaces"]
    if _total(city) > city["spaces"]:
        raise BadValue(
            "over_capacity",
            N_("City {city} has only {n} spaces."),
            city=city["id"],
            n=city["spaces"],
        )
    if city["complete"]:
        seats = _seats_in(city)
        if len(seats) > 1:
            raise BadValue("two_owners", N_("A completed city holds one player's troops only."))
        if seats:
            city["owner"] = seats[0]
        elif _opt(state, "emptied_city") == "idle":
            city["owner"] = None
    return [{"type": "HostAdjusted", "what": "city", "city": city["id"]}]


def adjust_player(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Correct a player's unused command cards, or give back / take away one stratagem."""
    _host_only(state, actor)
    me = state["seats"][params["seat"]]
    if params.get("commands") is not None:
        me["commands"] = params["commands"]
    key = params.get("stratagem")
    if key:
        me["stratagems"][key] = not me["stratagems"][key]
    return [{"type": "HostAdjusted", "what": "player", "name": _name(state, params["seat"])}]


def adjust_tiles(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Correct the number of tiles left to draw."""
    _host_only(state, actor)
    state["tiles_left"] = params["tiles_left"]
    return [{"type": "HostAdjusted", "what": "tiles", "left": params["tiles_left"]}]


def set_turn(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Give the turn to a seat (to fix a mistake, or when the table started elsewhere)."""
    _host_only(state, actor)
    state["turn"] = params["seat"]
    state["turn_done"] = False
    return [{"type": "TurnPassed", "seat": params["seat"], "name": _name(state, params["seat"])}]


# -- the action table ---------------------------------------------------------------------------


def _settled(fn: Any) -> Any:
    """Run an action, then the automatic triggers (instant win, civil wars, end of turn)."""

    def run(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
        if state["over"]:
            raise RulesError("game_over", N_("The game is over."))
        events = fn(state, actor, params, rng)
        _settle(state, events)
        return events

    run.__doc__ = fn.__doc__
    return run


def _int(name: str, lo: int, hi: int, label: str, **optional: Any) -> Param:
    """An int parameter; pass ``default=...`` to make it optional."""
    return Param(name, "int", min=lo, max=hi, label=label, optional=bool(optional), **optional)


def _ints(name: str, hi: int, max_len: int, label: str, optional: bool = True) -> Param:
    return Param(name, "ints", min=1, max=hi, max_len=max_len, label=label, optional=optional)


def _choice(name: str, choices: tuple[str, ...], label: str, **optional: Any) -> Param:
    return Param(name, "choice", choices=choices, label=label, optional=bool(optional), **optional)


CITY_ID = 999  # city ids are small counters; this only bounds the input
CITY = _int("city", 1, CITY_ID, N_("City"))
STANCE = _choice("stance", STANCES, N_("Stance"))
TROOPS = _int("troops", 0, TROOPS_PER_PLAYER, N_("Attacking Alert troops (0 = all)"), default=0)
LAUNCH = _int("launch", 1, CITY_ID, N_("Launching city"))
TARGET = _int("target", 1, CITY_ID, N_("Target city"))
SEAT = Param("seat", "seat", label=N_("Player"))

EXPAND_PARAMS = (
    _int("spaces", 0, 2, N_("Garrison spaces on the tile")),
    _int("city", 0, CITY_ID, N_("City the tile extends (0 = a new city)"), default=0),
    _ints("joins", CITY_ID, 8, N_("Other open cities it joins")),
    _int("alert", 0, 2, N_("Alert troops"), default=0),
    _int("hold", 0, 2, N_("Hold troops"), default=0),
    Param(
        "complete", "bool", optional=True, default=False, label=N_("The tile completes this city")
    ),
    _choice("size", ("auto", "small", "large"), N_("Size of the completed city"), default="auto"),
    _ints("also_complete", CITY_ID, 4, N_("Other open cities it completes")),
)

TURN_ACTIONS = (
    Action(
        "expand",
        _settled(expand),
        EXPAND_PARAMS,
        N_("Place a tile"),
        "Place the drawn tile: its city, garrison troops, completed cities.",
    ),
    Action(
        "discard_tile",
        _settled(discard_tile),
        (),
        N_("Tile cannot be placed"),
        "The drawn tile fits nowhere: it leaves the game (the player draws again).",
    ),
    Action(
        "reinforce",
        _settled(reinforce),
        (CITY, STANCE),
        N_("Reinforce"),
        "Troop orders A: 1 troop from supply into a city you control.",
    ),
    Action(
        "withdraw",
        _settled(withdraw),
        (CITY, STANCE),
        N_("Withdraw"),
        "Troop orders B: 1 troop from a city you control back to supply.",
    ),
    Action(
        "transfer",
        _settled(transfer),
        (
            _int("from_city", 1, CITY_ID, N_("From city")),
            _int("to_city", 1, CITY_ID, N_("To city")),
        ),
        N_("Transfer"),
        "Troop orders C: 1 Alert troop to another city you control.",
    ),
    Action(
        "change_stance",
        _settled(change_stance),
        (
            _choice("direction", ("to_hold", "to_alert"), N_("Direction")),
            _ints("cities", CITY_ID, TROOPS_PER_PLAYER, N_("One city per troop turned"), False),
        ),
        N_("Change stance"),
        "Turn troops Alert->Hold or Hold->Alert (one direction).",
    ),
    Action(
        "national_war",
        _settled(national_war),
        (LAUNCH, TARGET, TROOPS),
        N_("National war"),
        "Command card A: attack another player's city.",
    ),
    Action(
        "emergency",
        _settled(emergency),
        (
            CITY,
            _choice("mode", ("add", "remove"), N_("Add or remove")),
            _int("alert", 0, 2, N_("How many of the two are Alert"), default=0),
        ),
        N_("Emergency orders"),
        "Command card B: 2 troops into, or out of, a city you control.",
    ),
    Action(
        "drive_tiger",
        _settled(drive_tiger),
        (LAUNCH, TARGET, TROOPS),
        STRATAGEM_LABELS["drive_tiger"],
        "Stratagem: two other players' cities fight to the end; launch's owner attacks.",
    ),
    Action(
        "secret_passage",
        _settled(secret_passage),
        (LAUNCH, TARGET, TROOPS),
        STRATAGEM_LABELS["secret_passage"],
        "Stratagem: national war on any other player's city, ignoring barriers.",
    ),
    Action(
        "beauty_trap",
        _settled(beauty_trap),
        (
            TARGET,
            _choice("stance", STANCES, N_("Stance of the troop removed")),
            _int("city", 0, CITY_ID, N_("Your city for 1 troop (0 = none)"), default=0),
            _choice("my_stance", STANCES, N_("Stance of your troop"), default="alert"),
        ),
        STRATAGEM_LABELS["beauty_trap"],
        "Stratagem: remove 1 troop from another player's city, add 1 of yours to your city.",
    ),
    Action(
        "lure_tiger",
        _settled(lure_tiger),
        (TARGET, _int("launch", 0, CITY_ID, N_("Attack from (0 = no attack)"), default=0), TROOPS),
        STRATAGEM_LABELS["lure_tiger"],
        "Stratagem: all Hold troops in another player's city turn Alert; optional attack.",
    ),
    Action(
        "occupy",
        _settled(occupy),
        (CITY, _int("die", 1, 6, N_("Die (empty = the app rolls)"), default=None)),
        N_("Occupy an idle city"),
        "Roll 1 die for an idle city: small 4+, large 5+.",
    ),
)
BATTLE_ACTIONS = (
    Action(
        "roll",
        _settled(roll),
        (
            Param(
                "dice",
                "ints",
                min=1,
                max=6,
                optional=True,
                max_len=MAX_DICE,
                label=N_("Dice, side by side (empty = the app rolls)"),
            ),
            Param(
                "faces",
                "str",
                optional=True,
                max_len=2 * MAX_DICE,
                label=N_("Dice as digits, side by side (e.g. 45 6)"),
            ),
        ),
        N_("Roll"),
        "One battle roll, entered or rolled by the app.",
    ),
    Action(
        "call_off",
        _settled(call_off),
        (),
        N_("Call off the attack"),
        "The attacker brings the survivors home after a roll.",
    ),
    Action(
        "settle",
        _settled(settle),
        (_int("n", 0, TROOPS_PER_PLAYER, N_("Troops that move in")),),
        N_("Move troops in"),
        "The national war's winner moves troops in (0 = none).",
    ),
)
HOST_ACTIONS = (
    Action(
        "adjust_city",
        _settled(adjust_city),
        (
            CITY,
            SEAT,
            _int("alert", 0, TROOPS_PER_PLAYER, N_("Alert troops")),
            _int("hold", 0, TROOPS_PER_PLAYER, N_("Hold troops")),
            _int("spaces", 0, 200, N_("Garrison spaces"), default=None),
            _int("tiles", 1, 72, N_("Tiles"), default=None),
        ),
        N_("Correct a city"),
        "Host: set a player's troops in a city (and its spaces, tiles).",
        correction=True,
    ),
    Action(
        "adjust_player",
        _settled(adjust_player),
        (
            SEAT,
            _int("commands", 0, COMMAND_CARDS, N_("Command cards"), default=None),
            _choice(
                "stratagem",
                tuple(k for k, _ in STRATAGEMS),
                N_("Stratagem to give back or take away"),
                default=None,
            ),
        ),
        N_("Correct a player"),
        "Host: set command cards, toggle a stratagem.",
        correction=True,
    ),
    Action(
        "adjust_tiles",
        _settled(adjust_tiles),
        (_int("tiles_left", 0, TILES_TO_DRAW, N_("Tiles left")),),
        N_("Correct the tiles left"),
        "Host: set the number of tiles left to draw.",
        correction=True,
    ),
    Action(
        "set_turn",
        _settled(set_turn),
        (SEAT,),
        N_("Give the turn"),
        "Host: give the turn to a seat.",
        correction=True,
    ),
)
ACTIONS = {a.type: a for a in TURN_ACTIONS + BATTLE_ACTIONS + HOST_ACTIONS}


# -- who may do what now --------------------------------------------------------------------------


def _battle_allowed(state: State, actor: Actor) -> list[str]:
    b = state["battle"]
    if b["stage"] == "rolling":
        out = []
        if actor is None or actor == state["turn"] or actor in _participants(state):
            out.append("roll")
        if (
            b["kind"] == "national"
            and not b["forced"]
            and b["rolls"]
            and actor in (None, b["attacker"])
        ):
            out.append("call_off")
        return out
    decider = b["attacker"] if b["stage"] == "attacker_won" else b["defender"]
    return ["settle"] if actor in (None, decider) else []


def allowed(state: State, actor: Actor) -> list[str]:
    """The action types ``actor`` can use now (buttons and the API's first check)."""
    if state["over"]:
        return []
    if state["battle"] is not None:
        return _battle_allowed(state, actor)
    out: list[str] = []
    if actor is None or actor == state["turn"]:
        out = _turn_allowed(state, state["turn"])
    if actor is None:
        out += [a.type for a in HOST_ACTIONS]
    return out


def _turn_allowed(state: State, seat: int) -> list[str]:
    c = _choices(state, seat)
    me = state["seats"][seat]
    out = []
    if state["tiles_left"] > 0:
        out += ["expand", "discard_tile"]
    checks = (
        ("reinforce", c["reinforce"]),
        ("withdraw", c["withdraw"]),
        ("transfer", c["transfer_from"] and len(c["mine"]) > 1),
        ("change_stance", c["mine"]),
    )
    out += [name for name, ok in checks if ok]
    if me["commands"] > 0:
        cards = (
            ("national_war", c["launch"] and c["targets"]),
            ("emergency", c["mine"]),
            ("drive_tiger", me["stratagems"]["drive_tiger"] and c["other_owners"] >= 2),
            ("secret_passage", me["stratagems"]["secret_passage"] and c["launch"] and c["targets"]),
            ("beauty_trap", me["stratagems"]["beauty_trap"] and c["targets"]),
            ("lure_tiger", me["stratagems"]["lure_tiger"] and c["targets"]),
        )
        out += [name for name, ok in cards if ok]
    if c["occupy"]:
        out.append("occupy")
    return out


def _choices(state: State, seat: int) -> dict[str, Any]:
    """The legal targets of the turn's actions for ``seat`` (everything here is public)."""
    done = [c for c in state["cities"] if c["complete"]]
    mine = [c for c in done if c["owner"] == seat]
    others = [c for c in done if c["owner"] is not None and c["owner"] != seat]
    has_supply = _supply(state, seat) > 0
    return {
        "mine": [c["id"] for c in mine],
        "reinforce": [c["id"] for c in mine if _free(c) > 0] if has_supply else [],
        "withdraw": [c["id"] for c in mine if _total(c, seat)],
        "transfer_from": [c["id"] for c in mine if c["troops"][seat][0]],
        "transfer_to": [c["id"] for c in mine if _free(c) > 0],
        "launch": [c["id"] for c in mine if c["troops"][seat][0]],
        "targets": [c["id"] for c in others],
        "other_owners": len({c["owner"] for c in others}),
        "occupy": [c["id"] for c in done if _is_idle(c)] if has_supply else [],
        "open": [c["id"] for c in state["cities"] if not c["complete"]],
        "my_cities": [_my_city(state, c, seat) for c in mine],
        "stance": {
            "to_hold": _stance_picks(mine, seat, 0),
            "to_alert": _stance_picks(mine, seat, 1),
        },
    }


def _my_city(state: State, city: dict[str, Any], seat: int) -> dict[str, Any]:
    """One of ``seat``'s cities with what its buttons need (emergency orders' legal splits)."""
    alert, hold = city["troops"][seat]
    return {
        "id": city["id"],
        "label": T("City {city}", city=city["id"]),
        "alert": alert,
        "hold": hold,
        "free": _free(city),
        "points": POINTS[city["size"]],
        "size_label": SIZE_LABELS[city["size"]],
        "emergency_add": _free(city) >= 2 and _supply(state, seat) >= 2,
        # how many of the two troops taken back may be Alert (the rest are Hold)
        "emergency_remove": [a for a in (2, 1, 0) if alert >= a and hold >= 2 - a],
    }


def _stance_picks(mine: list[dict[str, Any]], seat: int, index: int) -> dict[str, Any]:
    """The ``cities`` lists of change_stance, per city (1..n troops) and for every troop."""
    by_city = []
    every: list[int] = []
    for c in mine:
        n = c["troops"][seat][index]
        if n:
            by_city.append(
                {"city": c["id"], "n": n, "picks": [[c["id"]] * k for k in range(1, n + 1)]}
            )
            every += [c["id"]] * n
    return {"by_city": by_city, "all": every, "n": len(every)}


# -- views ----------------------------------------------------------------------------------------


def _player_view(state: State, seat: int) -> dict[str, Any]:
    alert, hold = _on_board(state, seat)
    me = state["seats"][seat]
    return {
        "seat": seat,
        "name": _name(state, seat),
        "score": _score(state, seat),
        "supply": _supply(state, seat),
        "alert": alert,
        "hold": hold,
        "commands": me["commands"],
        "commands_max": COMMAND_CARDS,
        "stratagems": [
            {"key": key, "label": label, "left": me["stratagems"][key]} for key, label in STRATAGEMS
        ],
        "stratagems_left": sum(me["stratagems"].values()),
        "turns": me["turns"],
        "is_turn": seat == state["turn"] and not state["over"],
    }


def _city_view(state: State, city: dict[str, Any]) -> dict[str, Any]:
    size = city["size"] if city["complete"] else city_size(city["tiles"])
    idle = _is_idle(city)
    out = {
        "id": city["id"],
        "label": T("City {city}", city=city["id"]),
        "complete": city["complete"],
        "tiles": city["tiles"],
        "spaces": city["spaces"],
        "free": _free(city),
        "size": size,
        "size_label": SIZE_LABELS[size],
        "points": POINTS[size],
        "owner": city["owner"],
        "owner_name": _name(state, city["owner"]),
        "idle": idle,
        "contested": city["complete"] and city["owner"] is None and len(_seats_in(city)) > 1,
        "troops": [
            {
                "seat": s,
                "name": _name(state, s),
                "alert": city["troops"][s][0],
                "hold": city["troops"][s][1],
            }
            for s in _seats_in(city)
        ],
    }
    if idle:
        out["occupy_from"] = OCCUPY_FROM[size]
        out["occupy_odds"] = odds(Fraction(7 - OCCUPY_FROM[size], 6))
    return out


def _side_view(state: State, seat: int, n: int, role: str, others: list[int]) -> dict[str, Any]:
    side = {
        "seat": seat,
        "name": _name(state, seat),
        "role": role,
        "dice": n,
        "hit_odds": odds(hit_chance(n)),
    }
    if others:
        stay, outright = top_die_chances(n, others)
        side["stay_odds"] = odds(stay)
        side["win_odds"] = odds(outright)
    return side


def _battle_view(state: State) -> dict[str, Any] | None:
    b = state["battle"]
    if b is None:
        return None
    order = dice_order(state)
    if b["kind"] == "national":
        target = _city(state, b["target"])
        alert, hold = target["troops"][b["defender"]]
        sides = [
            {
                **_side_view(state, b["attacker"], b["att"], N_("Attacker"), []),
                "troops": b["att"],
                "alert": b["att"],
                "hold": 0,
            },
            {
                **_side_view(state, b["defender"], alert + hold, N_("Defender"), []),
                "troops": alert + hold,
                "alert": alert,
                "hold": hold,
            },
        ]
        history = [_national_line(state, b, i, r) for i, r in enumerate(b["rolls"], 1)]
        who = {
            "attacker": _name(state, b["attacker"]),
            "defender": _name(state, b["defender"]),
            "target": b["target"],
            "launch": b["launch"],
        }
        if b["via_t"] == N_("National war"):  # a plain command card: no "(National war)"
            title = T(
                "National war: {attacker} attacks city {target} of {defender} from city {launch}",
                **who,
            )
        else:
            title = T(
                "National war ({via_t}): {attacker} attacks city {target} of {defender} "
                "from city {launch}",
                via_t=b["via_t"],
                **who,
            )
        decider = {"rolling": None, "attacker_won": b["attacker"], "defender_won": b["defender"]}[
            b["stage"]
        ]
        extra = {
            "attacker": b["attacker"],
            "defender": b["defender"],
            "launch": b["launch"],
            "target": b["target"],
            "forced": b["forced"],
            "can_call_off": not b["forced"] and bool(b["rolls"]) and b["stage"] == "rolling",
            "decider": decider,
            "settle_max": _settle_max(state, b),
        }
    else:
        city = _city(state, b["city"])
        highest = b["mode"] == "highest"
        sides = []
        for o in order:
            others = [x["n"] for x in order if x["seat"] != o["seat"]] if highest else []
            troops = city["troops"][o["seat"]]
            sides.append(
                {
                    **_side_view(state, o["seat"], o["n"], N_("Participant"), others),
                    "troops": sum(troops),
                    "alert": troops[0],
                    "hold": troops[1],
                }
            )
        history = [_civil_line(state, i, r) for i, r in enumerate(b["rolls"], 1)]
        title = T("Civil war in city {city}", city=b["city"])
        extra = {
            "mode": b["mode"],
            "mode_label": N_("Highest die") if highest else N_("Fight to the end"),
        }
    stake = _city(state, b["target"] if b["kind"] == "national" else b["city"])
    return {
        "kind": b["kind"],
        "title": title,
        "city": stake["id"],
        "points": POINTS[stake["size"]],
        "size_label": SIZE_LABELS[stake["size"]],
        "stage": b["stage"],
        "sides": sides,
        "dice_needed": sum(o["n"] for o in order),
        "dice_order": [
            {"seat": o["seat"], "name": _name(state, o["seat"]), "n": o["n"]} for o in order
        ],
        "history": history,
        **extra,
    }


def _settle_max(state: State, b: dict[str, Any]) -> int:
    if b["stage"] == "attacker_won":
        target = _city(state, b["target"])
        return min(b["att"], target["spaces"] - _total(target))
    if b["stage"] == "defender_won":
        target, launch = _city(state, b["target"]), _city(state, b["launch"])
        return min(target["troops"][b["defender"]][0], launch["spaces"] - _total(launch))
    return 0


def _national_line(state: State, b: dict[str, Any], k: int, r: dict[str, Any]) -> Text:
    return T(
        "Roll {k}: {attacker} {a_dice} ({a_hits} hits), {defender} {d_dice} ({d_hits} hits). "
        "Now {attacker} {att}; {defender} {alert} Alert, {hold} Hold.",
        k=k,
        attacker=_name(state, b["attacker"]),
        defender=_name(state, b["defender"]),
        a_dice=" ".join(map(str, r["dice"][0])) or "-",
        d_dice=" ".join(map(str, r["dice"][1])) or "-",
        a_hits=r["hits"][0],
        d_hits=r["hits"][1],
        att=r["after"][0][0],
        alert=r["after"][1][0],
        hold=r["after"][1][1],
    )


def _civil_line(state: State, k: int, r: dict[str, Any]) -> Text:
    shown = "; ".join(
        f"{_name(state, s)} {' '.join(map(str, d))}"
        for s, d in zip(r["sides"], r["dice"], strict=True)
    )
    if r["mode"] == "highest":
        return T(
            "Roll {k} (highest die): {dice}. Still in: {names}.",
            k=k,
            dice=shown,
            names=_names(state, r["stay"]),
        )
    return T(
        "Roll {k}: {dice}. Hits {hits}.", k=k, dice=shown, hits=f"{r['hits'][0]}-{r['hits'][1]}"
    )


def _ending(state: State) -> Text | None:
    """The warning the table needs when the tile stack is about to end the game."""
    if state["over"]:
        return None
    if state["tiles_left"] == 0:
        return T(
            "No tiles left: the game ends after {name}'s turn.",
            name=_name(state, state["turn"]),
        )
    if state["tiles_left"] == 1:
        return T("Last tile: the game ends after the turn that places it.")
    return None


def _phase(state: State) -> str:
    if state["over"]:
        return N_("Game over")
    b = state["battle"]
    if b is None:
        return N_("Choose an action")
    if b["stage"] != "rolling":
        return N_("Battle outcome")
    return N_("National war") if b["kind"] == "national" else N_("Civil war")


def view(state: State, viewer: Actor) -> dict[str, Any]:
    """What a screen shows. Everything in this game is public; ``me`` only adds conveniences."""
    over = state["over"]
    out: dict[str, Any] = {
        "players": [_player_view(state, s) for s in range(len(state["players"]))],
        "turn": None if over else state["turn"],
        "round": state["round"],
        "phase": _phase(state),
        "over": bool(over),
        "tiles_left": state["tiles_left"],
        "tiles_total": TILES_TO_DRAW,
        "last_tile": state["tiles_left"] == 0 and not over,
        "ending": _ending(state),
        "win_points": WIN_POINTS,
        "last_action": state["last_action_t"],
        "cities": [_city_view(state, c) for c in state["cities"]],
        "battle": _battle_view(state),
        "civil_wars_waiting": len(state["civil_queue"]),
        "choices": None if over or state["battle"] else _choices(state, state["turn"]),
        "options": dict(state["options"]),
        "tiebreak": list(over["lines"]) if over else [],
        "winners": list(over["winners"]) if over else [],
    }
    if viewer is not None:
        out["me"] = private_view(state, viewer)
    return out


def private_view(state: State, seat: int) -> dict[str, Any]:
    """A seat's conveniences (its view is the table's view plus this as "me")."""
    b = state["battle"]
    return {
        "seat": seat,
        "is_turn": seat == state["turn"] and not state["over"],
        "in_battle": seat in _participants(state),
        "decides": bool(b) and "settle" in _battle_allowed(state, seat),
        "score": _score(state, seat),
        "supply": _supply(state, seat),
    }


# -- the end --------------------------------------------------------------------------------------


def result(state: State) -> dict[str, Any] | None:
    """The final standings with each line of the arithmetic and the tie-break chain."""
    over = state["over"]
    if not over:
        return None
    winners = over["winners"]
    names = _names(state, winners)
    if over["kind"] == "eight":
        reason = T("A player reached {n} points.", n=WIN_POINTS)
    else:
        reason = T("The last tile was placed and that turn ended.")
    headline = (
        T("{names} wins.", names=names)
        if len(winners) == 1
        else T("{names} share the win.", names=names)
    )
    return {
        "reason": reason,
        "headline": headline,
        "winners": winners,
        "tiebreak": list(over["lines"]),
        "rows": [_result_row(state, s, s in winners) for s in range(len(state["players"]))],
    }


def _result_row(state: State, seat: int, won: bool) -> dict[str, Any]:
    mine = [c for c in state["cities"] if c["complete"] and c["owner"] == seat]
    small = sum(1 for c in mine if c["size"] == "small")
    large = len(mine) - small
    v = _tiebreak_values(state, seat)
    return {
        "seat": seat,
        "label": T("{name}", name=_name(state, seat)),
        "score": v["score"],
        "won": won,
        "lines": [
            T("Small cities: {n} × 1 = {p}", n=small, p=small),
            T("Large cities: {n} × 2 = {p}", n=large, p=2 * large),
            T("Score: {n}", n=v["score"]),
            T("A. Troops in completed cities: {n}", n=v["A"]),
            T("B. Unused command cards: {n}", n=v["B"]),
            T("C. Unused stratagem cards: {n}", n=v["C"]),
            T("D. Alert troops: {n}", n=v["D"]),
        ],
    }


# -- history lines ------------------------------------------------------------------------------

_LINES: dict[str, str] = {
    "TurnPassed": N_("{name}'s turn."),
    "TileRemoved": N_("{name} removed a tile that fits nowhere ({left} tiles left)."),
    "Reinforced": N_("{name} put 1 {stance_t} troop into city {city}."),
    "Withdrew": N_("{name} took 1 {stance_t} troop back from city {city}."),
    "Transferred": N_("{name} moved 1 Alert troop from city {src} to city {dst}."),
    "StanceChanged": N_("{name} turned {n} troops {stance_t}."),
    "StratagemUsed": N_("{name} played a command card with the stratagem {stratagem_t}."),
    "TroopRemoved": N_("1 troop of {name} left city {city}."),
    "HoldTurnedAlert": N_("{n} Hold troops of {name} in city {city} turned Alert."),
    "CityIdle": N_("City {city} is empty and idle."),
    "NationalWarStarted": N_(
        "{via_t}: {attacker} attacks city {target} of {defender} from city {launch} "
        "with {n} troops."
    ),
    "NationalRoll": N_(
        "Roll {k}: {attacker} {a_dice} ({a_hits} hits), {defender} {d_dice} ({d_hits} hits). "
        "Now {attacker} {att}; {defender} {alert} Alert, {hold} Hold."
    ),
    "AttackerWon": N_("{name} wiped out the defenders of city {city}."),
    "DefenderWon": N_("{name} held city {city} and may move into the empty launching city."),
    "AttackCalledOff": N_("{name} called off the attack; {n} troops return to city {launch}."),
    "CityTaken": N_("{name} moved {n} troops in and controls city {city}."),
    "AttackersWentHome": N_("{name} brought every attacker home; city {city} is left empty."),
    "CivilWarStarted": N_("Civil war in city {city}: {names}."),
    "CivilRollHighest": N_("Roll {k} (highest die): {dice}. Top {top}: {names} stay in."),
    "CivilRollDuel": N_("Roll {k}: {dice}. Hits {hits}; troops left: {after}."),
    "HostAdjusted": N_("The table screen corrected a counter."),
    "GameEnded": N_("The game is over: {names} won."),
}


def describe(event: Event) -> Text:
    """The history line of an event, in plain words."""
    kind = event["type"]
    params = {k: v for k, v in event.items() if k not in ("type", "to")}
    if kind == "TilePlaced":
        if event["city"]:
            return T(
                "{name} placed a tile in city {city} with {alert} Alert and {hold} Hold "
                "troops ({left} tiles left).",
                **params,
            )
        return T("{name} placed a tile ({left} tiles left).", **params)
    if kind == "CityCompleted":
        lines = {
            "idle": N_("City {city} is completed: {size_t}, {tiles} tiles, idle."),
            "owned": N_("City {city} is completed: {size_t}, {tiles} tiles, {name} controls it."),
            "contested": N_(
                "City {city} is completed: {size_t}, {tiles} tiles, contested by {names}."
            ),
        }
        msgid = lines[event["outcome"]]
        return T(msgid, **params)
    if kind == "Emergency":
        if event["mode"] == "add":
            return T("{name} used emergency orders: 2 troops into city {city}.", **params)
        return T("{name} used emergency orders: 2 troops back from city {city}.", **params)
    if kind in ("Occupied", "OccupyFailed"):
        if kind == "Occupied":
            return T("{name} rolled {die} (needs {need}+) and occupied city {city}.", **params)
        return T("{name} rolled {die} (needs {need}+): city {city} stays idle.", **params)
    if kind == "NationalWarEnded":
        if event["outcome"] == "defended":
            return T("{name} held city {target}.", **params)
        return T("Both sides were wiped out: city {target} is idle.", **params)
    if kind == "CivilWarEnded":
        if event["seat"] is None:
            return T("Both sides were wiped out: city {city} is idle.", **params)
        return T("{name} won the civil war and controls city {city}.", **params)
    if kind in _LINES:
        return T(_LINES[kind], **params)
    return T("{type}", type=kind)


GAME = Game(
    id=GAME_ID,
    name=N_("3 Kingdoms Battle"),
    min_players=3,
    max_players=5,
    setup=setup,
    actions=ACTIONS,
    allowed=allowed,
    view=view,
    result=result,
    # The history line of an event (the game still reads names from its events).
    describe=lambda event, players=(): describe(event),
    options=OPTIONS,
    private_view=private_view,
    reveals={},  # nothing is hidden (digest §8), so no action shows anyone a secret
    private=(),
    sealed=False,
)
