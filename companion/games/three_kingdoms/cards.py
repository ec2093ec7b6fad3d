"""The command cards: a national war (A), emergency orders (B), and the four stratagems each
played with a command card (驅虎吞狼, 暗渡陳倉, 美人計, 調虎離山). Every card use is public."""

from __future__ import annotations

from typing import Any

from ..kit import N_, Actor, BadValue, Event, Rng, State
from .board import (
    alert_ids,
    emptied,
    enemy_cities,
    enemy_city,
    free,
    my_cities,
    own_city,
    param,
)
from .data import CITY_ID, STANCE_INDEX, STANCES, STRATAGEM_LABELS, stratagem_name
from .troops import troop_event
from .turns import (
    CITY,
    LAUNCH,
    TARGET,
    TROOPS,
    choice_param,
    done,
    done_leaving,
    int_param,
    need_supply,
    turn_action,
    turn_seat,
    use_command,
)
from .war import start_national


def _stratagem_event(seat: int, key: str) -> Event:
    return {"type": "StratagemUsed", "seat": seat, "stratagem_t": stratagem_name(key)}


def national_war(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Command card A: attack another player's city from one of yours (digest §5)."""
    seat = turn_seat(state, actor)
    launch = own_city(state, params["launch"], seat)
    target = enemy_city(state, params["target"], seat)
    use_command(state, seat)
    troops = param(params, "troops", 0)
    events = start_national(state, seat, launch, target, troops, False, N_("National war"))
    done(state, N_("Command card"))
    return events


def emergency(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Command card B: 2 troops into a city of yours (2 free spaces) or 2 back to supply.

    ``alert`` says how many of the two are Alert troops; the others are Hold.
    """
    seat = turn_seat(state, actor)
    city = own_city(state, params["city"], seat)
    alert = param(params, "alert", 0)
    hold = 2 - alert
    if params["mode"] == "add":
        if free(city) < 2:
            raise BadValue(
                "need_two_spaces", N_("City {city} needs 2 free spaces."), city=city["id"]
            )
        need_supply(state, seat, 2)
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
    use_command(state, seat)
    events: list[Event] = [
        {"type": "Emergency", "seat": seat, "city": city["id"], "mode": params["mode"]}
    ]
    return done_leaving(state, city, events, N_("Command card"))


def secret_passage(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """暗渡陳倉: a national war on any other player's city, ignoring tile barriers."""
    seat = turn_seat(state, actor)
    launch = own_city(state, params["launch"], seat)
    target = enemy_city(state, params["target"], seat)
    use_command(state, seat, "secret_passage")
    events = [_stratagem_event(seat, "secret_passage")]
    troops = param(params, "troops", 0)
    via = stratagem_name("secret_passage")
    events += start_national(state, seat, launch, target, troops, False, via)
    done(state, N_("Command card"))
    return events


def drive_tiger(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """驅虎吞狼: two other players' cities fight; the owner of ``launch`` attacks and may not
    call the attack off. ``troops`` 0 sends every Alert troop of the launching city."""
    seat = turn_seat(state, actor)
    launch = enemy_city(state, params["launch"], seat)
    target = enemy_city(state, params["target"], seat)
    if launch["owner"] == target["owner"]:
        raise BadValue("same_owner", N_("Choose two cities of two different players."))
    use_command(state, seat, "drive_tiger")
    events = [_stratagem_event(seat, "drive_tiger")]
    troops = param(params, "troops", 0)
    via = stratagem_name("drive_tiger")
    events += start_national(state, launch["owner"], launch, target, troops, True, via)
    done(state, N_("Command card"))
    return events


def beauty_trap(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """美人計: 1 troop leaves another player's city; then 1 of yours may enter a city of yours."""
    seat = turn_seat(state, actor)
    target = enemy_city(state, params["target"], seat)
    victim = target["owner"]
    index = STANCE_INDEX[params["stance"]]
    if target["troops"][victim][index] < 1:
        raise BadValue("no_such_troop", N_("No troop in that stance there."))
    target["troops"][victim][index] -= 1
    use_command(state, seat, "beauty_trap")
    events: list[Event] = [
        _stratagem_event(seat, "beauty_trap"),
        {"type": "TroopRemoved", "seat": victim, "city": target["id"]},
    ]
    emptied(state, target, events)
    cid = param(params, "city", 0)
    if cid:
        city = own_city(state, cid, seat)
        if free(city) < 1:
            raise BadValue("city_full", N_("City {city} has no free space."), city=cid)
        need_supply(state, seat, 1)
        stance = param(params, "my_stance", "alert")
        city["troops"][seat][STANCE_INDEX[stance]] += 1
        events.append(troop_event("Reinforced", seat, city, stance))
    done(state, N_("Command card"))
    return events


def lure_tiger(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """調虎離山: every Hold troop in another player's city turns Alert; then, if ``launch`` is
    given, a national war on it from that city of yours, with no further command card."""
    seat = turn_seat(state, actor)
    target = enemy_city(state, params["target"], seat)
    owner = target["owner"]
    turned = target["troops"][owner][1]
    target["troops"][owner] = [target["troops"][owner][0] + turned, 0]
    use_command(state, seat, "lure_tiger")
    events: list[Event] = [
        _stratagem_event(seat, "lure_tiger"),
        {"type": "HoldTurnedAlert", "city": target["id"], "seat": owner, "n": turned},
    ]
    lid = param(params, "launch", 0)
    if lid:
        launch = own_city(state, lid, seat)
        troops = param(params, "troops", 0)
        via = stratagem_name("lure_tiger")
        events += start_national(state, seat, launch, target, troops, False, via)
    done(state, N_("Command card"))
    return events


# -- who may: the turn's player with a command card left (and that stratagem unused) ------------


def _card(state: State, stratagem: str | None = None) -> bool:
    me = state["seats"][state["turn"]]
    return me["commands"] > 0 and (stratagem is None or me["stratagems"][stratagem])


def _can_attack(state: State) -> bool:
    seat = state["turn"]
    return bool(alert_ids(state, seat)) and bool(enemy_cities(state, seat))


def can_make_war(state: State, actor: Actor) -> bool:
    """with a command card, an Alert troop in a city of theirs and another player's city"""
    return _card(state) and _can_attack(state)


def can_call_emergency(state: State, actor: Actor) -> bool:
    """with a command card and a city of theirs"""
    return _card(state) and bool(my_cities(state, state["turn"]))


def can_drive_tiger(state: State, actor: Actor) -> bool:
    """with a command card, the stratagem unused, and cities of two other players"""
    owners = {c["owner"] for c in enemy_cities(state, state["turn"])}
    return _card(state, "drive_tiger") and len(owners) >= 2


def can_secret_passage(state: State, actor: Actor) -> bool:
    """with a command card, the stratagem unused, an Alert troop of theirs and a city to attack"""
    return _card(state, "secret_passage") and _can_attack(state)


def can_beauty_trap(state: State, actor: Actor) -> bool:
    """with a command card, the stratagem unused, and another player's city"""
    return _card(state, "beauty_trap") and bool(enemy_cities(state, state["turn"]))


def can_lure_tiger(state: State, actor: Actor) -> bool:
    """with a command card, the stratagem unused, and another player's city"""
    return _card(state, "lure_tiger") and bool(enemy_cities(state, state["turn"]))


ACTIONS = (
    turn_action(
        "national_war",
        national_war,
        (LAUNCH, TARGET, TROOPS),
        N_("National war"),
        "Command card A: attack another player's city.",
        when=can_make_war,
    ),
    turn_action(
        "emergency",
        emergency,
        (
            CITY,
            choice_param("mode", ("add", "remove"), N_("Add or remove")),
            int_param("alert", 0, 2, N_("How many of the two are Alert"), default=0),
        ),
        N_("Emergency orders"),
        "Command card B: 2 troops into, or out of, a city you control.",
        when=can_call_emergency,
    ),
    turn_action(
        "drive_tiger",
        drive_tiger,
        (LAUNCH, TARGET, TROOPS),
        STRATAGEM_LABELS["drive_tiger"],
        "Stratagem: two other players' cities fight to the end; launch's owner attacks.",
        when=can_drive_tiger,
    ),
    turn_action(
        "secret_passage",
        secret_passage,
        (LAUNCH, TARGET, TROOPS),
        STRATAGEM_LABELS["secret_passage"],
        "Stratagem: national war on any other player's city, ignoring barriers.",
        when=can_secret_passage,
    ),
    turn_action(
        "beauty_trap",
        beauty_trap,
        (
            TARGET,
            choice_param("stance", STANCES, N_("Stance of the troop removed")),
            int_param("city", 0, CITY_ID, N_("Your city for 1 troop (0 = none)"), default=0),
            choice_param("my_stance", STANCES, N_("Stance of your troop"), default="alert"),
        ),
        STRATAGEM_LABELS["beauty_trap"],
        "Stratagem: remove 1 troop from another player's city, add 1 of yours to your city.",
        when=can_beauty_trap,
    ),
    turn_action(
        "lure_tiger",
        lure_tiger,
        (
            TARGET,
            int_param("launch", 0, CITY_ID, N_("Attack from (0 = no attack)"), default=0),
            TROOPS,
        ),
        STRATAGEM_LABELS["lure_tiger"],
        "Stratagem: all Hold troops in another player's city turn Alert; optional attack.",
        when=can_lure_tiger,
    ),
)
