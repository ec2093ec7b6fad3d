"""Phase 5 of The Art of War, war: every soldier comes off the map and is deployed again in
secret; the deployment makes the battles (bandit raids, field battles, bandit camps, cities) in
their order; a field battle's orders are chosen in secret, and its winner may press on.
"""

from __future__ import annotations

from typing import Any

from ..kit import (
    N_,
    Actor,
    BadValue,
    Event,
    NotAllowed,
    P,
    Rng,
    RulesError,
    State,
    T,
    sealed,
    seat_of,
)
from .board import (
    add_at,
    city,
    effect,
    locations,
    name,
    order,
    pay,
    player,
    send_home,
    shielded,
    works,
)
from .combat import mod, participants
from .data import ORDER_NAMES
from .flow import WAR_STEPS, choose


def deploy_targets(state: State, seat: int) -> list[str]:
    """Where ``seat`` may send soldiers: own cities and bandit camps; enemy and unowned
    cities only at War (or with Secretly Cross at Chencang)."""
    p = player(state, seat)
    attack = p["stance"] == "war" or effect(state, seat, "chencang")
    cities = [c["id"] for c in state["cities"] if c["owner"] == seat or attack]
    return cities + [f"camp-{k}" for k in range(len(state["camps"]))]


def recall_soldiers(state: State, rng: Rng) -> list[Event]:
    """Phase 5: every soldier comes off the map (the counts are public), then the secret
    deployment. A player under Dragons without a Head keeps the previous deployment."""
    state["war"] = {"queue": [], "current": None, "done": [], "press": None}
    events: list[Event] = WAR_STEPS.enter(state, "deploy")
    seats = []
    for seat in order(state):
        p = player(state, seat)
        if effect(state, seat, "leaderless"):
            state["computed"].append(T("{name} may not redeploy", name=name(state, seat)))
            continue
        back = sum(p["at"].values())
        p["supply"] += back
        p["at"] = {}
        seats.append(seat)
        state["computed"].append(
            P(
                "{name} takes back {n} soldier ({total} to deploy)",
                "{name} takes back {n} soldiers ({total} to deploy)",
                name=name(state, seat),
                n=back,
                total=p["supply"],
            )
        )
        events.append({"type": "SoldiersRecalled", "seat": seat, "n": back})
    if seats:
        events.append(sealed.open_round(state, "deploy", seats, T("Deploy your soldiers")))
    else:
        events += _start_battles(state)
    return events


def act_deploy(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Phase 5: deploy every soldier in hand, one count per location of the map, in secret."""
    actor = seat_of(actor)
    counts = params["counts"]
    locs = locations(state)
    if len(counts) != len(locs):
        raise BadValue(
            "bad_deployment", N_("Give one number for every location ({n})."), n=len(locs)
        )
    supply = player(state, actor)["supply"]
    if sum(counts) != supply:
        raise BadValue("deploy_all", N_("Deploy all of your {n} soldiers."), n=supply)
    legal = set(deploy_targets(state, actor))
    if any(n and loc not in legal for loc, n in zip(locs, counts, strict=True)):
        raise BadValue("bad_target", N_("You may not send soldiers there this round."))
    return choose(state, actor, "deploy", counts)


def reveal_deploy(state: State, choices: list[Any], rng: Rng) -> list[Event]:
    locs = locations(state)
    events: list[Event] = []
    for seat, counts in enumerate(choices):
        if counts is None:
            continue
        p = player(state, seat)
        for loc, n in zip(locs, counts, strict=True):
            add_at(p, loc, n)
        p["supply"] = 0
        placed = {loc: n for loc, n in zip(locs, counts, strict=True) if n}
        note_attacks(state, seat)
        events.append({"type": "Deployed", "seat": seat, "placed": placed})
    return events + _start_battles(state)


def note_attacks(state: State, seat: int) -> None:
    """Remember who attacked whom this round (for the General Sparta)."""
    for loc in _attacks(state, seat):
        owner = city(state, loc)["owner"]
        if owner is not None and seat not in player(state, owner)["attackers"]:
            player(state, owner)["attackers"].append(seat)


def _start_battles(state: State) -> list[Event]:
    events = WAR_STEPS.enter(state, "battles")
    state["war"]["queue"] = battle_queue(state)
    state["war"]["current"] = None
    return events + next_battle(state)


def battle_queue(state: State) -> list[dict[str, Any]]:
    """Battles in order: Yellow Turbans raids, field battles, bandit camps, then cities (each
    city when its first attacker's turn comes, in turn order from the start player)."""
    queue: list[dict[str, Any]] = []
    seats = order(state)
    if state["event"]["current"] == "turbans":
        for k, camp in enumerate(state["camps"]):
            owner = city(state, camp["target"])["owner"]
            if camp["bandits"] and owner is not None and not _raid_immune(state, owner):
                queue.append(new_battle("raid", camp["target"], camp=k))
    for i, a in enumerate(seats):
        for b in seats[i + 1 :]:
            la = [loc for loc in _attacks(state, a) if city(state, loc)["owner"] == b]
            lb = [loc for loc in _attacks(state, b) if city(state, loc)["owner"] == a]
            for x, y in zip(la, lb, strict=False):
                queue.append(new_battle("field", x, sides=[a, b], locs=[x, y]))
    for k in range(len(state["camps"])):
        loc = f"camp-{k}"
        if any(player(state, s)["at"].get(loc) for s in seats):
            queue.append(new_battle("camp", loc, camp=k))
    seen: list[str] = []
    for s in seats:
        for loc in _attacks(state, s):
            if loc not in seen:
                seen.append(loc)
                queue.append(new_battle("city", loc))
    return queue


def _raid_immune(state: State, seat: int) -> bool:
    return bool(works(state, seat, "magistrate")) or shielded(state, seat)


def new_battle(kind: str, loc: str, **extra: Any) -> dict[str, Any]:
    battle: dict[str, Any] = {
        "kind": kind,
        "loc": loc,
        "mods": [],
        "orders": None,
        "lines": [],
        "moved": 0,
    }
    battle.update(extra)
    return battle


def _attacks(state: State, seat: int) -> list[str]:
    """Cities where ``seat`` has soldiers but does not own the city (attacking forces)."""
    p = player(state, seat)
    return [c["id"] for c in state["cities"] if p["at"].get(c["id"]) and c["owner"] != seat]


def current(state: State) -> dict[str, Any] | None:
    """The battle being fought now (None between battles or outside the war phase)."""
    war = state.get("war")
    if not war or war["current"] is None or war["current"] >= len(war["queue"]):
        return None
    return war["queue"][war["current"]]


def next_battle(state: State) -> list[Event]:
    """Move to the next battle that still has a fight in it (forces may have gone)."""
    war = state["war"]
    start = 0 if war["current"] is None else war["current"] + 1
    for i in range(start, len(war["queue"])):
        battle = war["queue"][i]
        if _contested(state, battle):
            war["current"] = i
            if battle["kind"] == "field":
                return [
                    sealed.open_round(
                        state, "orders", list(battle["sides"]), T("Field battle: choose your order")
                    )
                ]
            return []
        battle["skipped"] = True
    war["current"] = len(war["queue"])
    return WAR_STEPS.enter(state, "after")


def _contested(state: State, battle: dict[str, Any]) -> bool:
    kind = battle["kind"]
    if kind == "field":
        return all(
            player(state, s)["at"].get(loc)
            for s, loc in zip(battle["sides"], battle["locs"], strict=True)
        )
    if kind in ("raid", "knife"):
        return (
            state["camps"][battle["camp"]]["bandits"] > 0
            and city(state, battle["loc"])["owner"] is not None
        )
    return any(part["role"] == "attack" for part in participants(state, battle))


def act_choose_order(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """A field battle: choose Attack, Defend or Retreat in secret."""
    actor = seat_of(actor)
    return choose(state, actor, "orders", params["order"])


def reveal_orders(state: State, choices: list[Any], rng: Rng) -> list[Event]:
    battle = current(state)
    assert battle is not None
    orders = [choices[s] for s in battle["sides"]]
    for i in range(2):
        other = battle["sides"][1 - i]
        # Stalling Tactic forces the opponent to Retreat; Taunt forces them to Attack.
        if mod(battle, other, "stall"):
            orders[i] = "retreat"
        elif mod(battle, other, "taunt"):
            orders[i] = "attack"
    battle["orders"] = orders
    return [
        {
            "type": "OrdersRevealed",
            "sides": list(battle["sides"]),
            "orders_t": [ORDER_NAMES[o] for o in orders],
        }
    ]


def act_press_on(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The winner of a field battle (with Attack) goes on to attack the city, or goes home."""
    war = state["war"]
    seat = war["press"]
    battle = current(state)
    assert battle is not None
    loc = battle["locs"][battle["sides"].index(seat)]
    war["press"] = None
    if not params["go"]:
        send_home(state, seat, loc)
    return [{"type": "PressOn", "seat": seat, "go": params["go"]}] + next_battle(state)


def act_cancel_field_battle(
    state: State, actor: Actor, params: dict[str, Any], rng: Rng
) -> list[Event]:
    """The two cities are not adjacent on the map: the forces do not meet on the plain."""
    battle = current(state)
    assert battle is not None
    if sealed.is_open(state, "orders"):
        state["sealed"] = None
    battle["skipped"] = True
    return [{"type": "FieldBattleCancelled"}] + next_battle(state)


def my_battle(state: State, seat: int) -> tuple[dict[str, Any], str]:
    """The current battle and where ``seat``'s force in it stands (refused if not in it)."""
    battle = current(state)
    if battle is None or state["step"] != "battles" or battle.get("done"):
        raise RulesError("no_battle", N_("There is no battle to resolve."))
    for part in participants(state, battle):
        if part["seat"] == seat:
            return battle, part["loc"]
    raise NotAllowed("not_in_battle", N_("You are not in this battle."))


def in_current_battle(state: State, seat: int) -> bool:
    try:
        my_battle(state, seat)
    except RulesError:
        return False
    return True


def act_twin_swallows(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Advisor Yan Qing: pay $1 a soldier to move up to 2 soldiers into the current battle."""
    actor = seat_of(actor)
    battle, loc = my_battle(state, actor)
    n, source = params["n"], params["source"]
    p = player(state, actor)
    if battle["moved"] + n > 2:
        raise BadValue("too_many", N_("At most 2 soldiers a battle."))
    if source == loc or p["at"].get(source, 0) < n:
        raise BadValue("no_soldiers_there", N_("You do not have those soldiers there."))
    pay(state, actor, n)
    battle["moved"] += n
    add_at(p, source, -n)
    add_at(p, loc, n)
    return [{"type": "SoldiersMoved", "seat": actor, "n": n}]
