"""Resolving The Art of War's battles: the table screen taps Resolve once the cards are played;
the calculator's result is applied (soldiers kept and lost, bandits, a city captured, a main
castle's fall ending the game) with what follows a battle (compensation, Humble, Apothecary).
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, Actor, Event, P, Rng, State, T
from .board import (
    add_at,
    advisor,
    apothecary,
    city,
    draw_tactics,
    heroic,
    home,
    name,
    player,
    send_home,
    set_at,
    take_money,
)
from .combat import mod, preview, retreat_loss, settle
from .flow import game_over
from .war import current, next_battle


def act_resolve_battle(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """The table screen resolves the current battle once everyone has played their cards."""
    battle = current(state)
    assert battle is not None
    if battle["kind"] == "field":
        events = _resolve_field(state, battle)
    else:
        events = _resolve_fight(state, battle)
    battle["done"] = True
    if state["over"] or state["war"]["press"] is not None:
        return events
    return events + next_battle(state)


def _losses(before: dict[int, int], state: State, battle: dict[str, Any]) -> dict[str, int]:
    """Soldiers each player lost in this battle (for the Apothecary and the Healer)."""
    out = {}
    for seat, n in before.items():
        now = sum(player(state, seat)["at"].values())
        if n > now:
            out[str(seat)] = n - now
    battle["losses"] = out
    return out


def _aftermath(
    state: State,
    battle: dict[str, Any],
    winner: int | None,
    losers: list[int],
    before: dict[int, int],
) -> list[Event]:
    """Compensation, Humble's $3, the Apothecary, and who attacked whom."""
    events: list[Event] = []
    for seat, lost in _losses(before, state, battle).items():
        back = apothecary(state, int(seat), lost)
        if back:
            add_at(player(state, int(seat)), home(int(seat)), back)
            battle["lines"].append(
                T(
                    "{building_t}: {name} gets {n} back",
                    building_t=N_("Apothecary"),
                    name=name(state, int(seat)),
                    n=back,
                )
            )
    for loser in losers:
        events.append(draw_tactics(state, loser, 1, N_("compensation")))
        if winner is not None and advisor(state, winner, "tian"):
            events += take_money(state, loser, winner, 3, N_("Humble"))
    return events


def _before(state: State) -> dict[int, int]:
    return {s: sum(player(state, s)["at"].values()) for s in range(len(state["players"]))}


def _resolve_fight(state: State, battle: dict[str, Any]) -> list[Event]:
    """A city, a bandit camp or a bandit raid: several forces, the highest CP wins."""
    before = _before(state)
    rows = preview(state, battle)
    kind, loc = battle["kind"], battle["loc"]
    battle["lines"] = [line for row in rows for line in row["lines"]]
    defender = rows[0] if rows and rows[0]["role"] == "defend" else None
    events: list[Event] = []
    if defender and defender["seat"] is not None and mod(battle, defender["seat"], "empty_fort"):
        # Empty Fort: the city holds without a fight; the attackers go home unharmed.
        for row in rows[1:]:
            if row["seat"] is not None:
                send_home(state, row["seat"], loc)
        battle["lines"].append(T("Empty Fort: the attackers withdraw"))
        battle["winner"] = defender["seat"]
        return [{"type": "BattleResolved", "loc": loc}]
    win, after = settle([r["cp"] for r in rows], [r["eff"] for r in rows])
    if (
        win is not None
        and rows[win]["seat"] is not None
        and rows[win]["role"] == "attack"
        and mod(battle, rows[win]["seat"], "bloodless")
    ):
        after[win] = rows[win]["n"]
    for row, left in zip(rows, after, strict=True):
        if row["seat"] is None:
            state["camps"][battle["camp"]]["bandits"] = left
        else:
            set_at(player(state, row["seat"]), loc, left)
    winner = rows[win] if win is not None else None
    win_seat = winner["seat"] if winner else None
    if win is None:
        battle["lines"].append(T("A tie for the highest CP: every force is lost"))
    else:
        battle["lines"].append(
            P(
                "{who} wins and keeps {n} soldier",
                "{who} wins and keeps {n} soldiers",
                who=name(state, win_seat),
                n=after[win],
            )
            if win_seat is not None
            else P(
                "The bandits win; {n} goes back to its camp",
                "The bandits win; {n} go back to their camp",
                n=after[win],
            )
        )
    battle["winner"] = win_seat
    losers = [r["seat"] for i, r in enumerate(rows) if r["seat"] is not None and i != win]
    if kind == "camp" and winner is not None and win_seat is not None:
        send_home(state, win_seat, loc)
        events += heroic(state, win_seat)
    if kind in ("raid", "knife") and winner is not None and win_seat is not None:
        events += heroic(state, win_seat)
    events.insert(0, {"type": "BattleResolved", "loc": loc})
    events += _aftermath(state, battle, win_seat, losers, before)
    if (
        kind == "city"
        and win_seat is not None
        and winner is not None
        and winner["role"] == "attack"
    ):
        events += capture(state, loc, win_seat)
    return events


def capture(state: State, loc: str, captor: int) -> list[Event]:
    """A city changes hands with its buildings (and their workers). A main castle ends the
    game at once."""
    place = city(state, loc)
    loser = place["owner"]
    place["owner"] = captor
    events: list[Event] = [{"type": "CityCaptured", "seat": captor, "loc": loc, "loser": loser}]
    if loser is not None:
        player(state, loser)["lost_city_round"] = state["round"]
    if place["kind"] == "castle" and loser is not None:
        events += game_over(state, captor, loser)
    return events


def _resolve_field(state: State, battle: dict[str, Any]) -> list[Event]:
    """Two forces meet on the plain; the revealed orders decide what happens."""
    before = _before(state)
    a, b = battle["sides"]
    oa, ob = battle["orders"]
    rows = preview(state, battle)
    battle["lines"] = [line for row in rows for line in row["lines"]]
    pair = {oa, ob}
    events: list[Event] = []
    winner: int | None = None
    losers: list[int] = []
    if pair <= {"attack", "defend"} and "attack" in pair:
        win, after = settle([r["cp"] for r in rows], [r["eff"] for r in rows])
        if win is None and state["options"]["field_tie"] == "home":
            for seat, loc in zip(battle["sides"], battle["locs"], strict=True):
                send_home(state, seat, loc)
            battle["lines"].append(T("A tie: both forces go home"))
        else:
            if (
                win is not None
                and battle["orders"][win] == "attack"
                and mod(battle, battle["sides"][win], "bloodless")
            ):
                after[win] = rows[win]["n"]
            for i, (seat, loc) in enumerate(zip(battle["sides"], battle["locs"], strict=True)):
                set_at(player(state, seat), loc, after[i])
            if win is None:
                losers = [a, b]
                battle["lines"].append(T("A tie for the highest CP: every force is lost"))
            else:
                winner = battle["sides"][win]
                losers = [battle["sides"][1 - win]]
                battle["lines"].append(
                    P(
                        "{who} wins and keeps {n} soldier",
                        "{who} wins and keeps {n} soldiers",
                        who=name(state, winner),
                        n=after[win],
                    )
                )
                if battle["orders"][win] == "attack":
                    state["war"]["press"] = winner
                else:
                    send_home(state, winner, battle["locs"][win])
    elif pair == {"attack", "retreat"}:
        r = battle["orders"].index("retreat")
        seat, loc, n = battle["sides"][r], battle["locs"][r], rows[r]["n"]
        attacker = battle["sides"][1 - r]
        loss = retreat_loss(
            n,
            mod(battle, attacker, "catch_off_guard"),
            mod(battle, seat, "cicada_shell"),
            advisor(state, seat, "qing"),
        )
        set_at(player(state, seat), loc, n - loss)
        send_home(state, seat, loc)
        losers = [seat]
        battle["lines"].append(
            P(
                "{who} retreats and loses {n} soldier",
                "{who} retreats and loses {n} soldiers",
                who=name(state, seat),
                n=loss,
            )
        )
        state["war"]["press"] = attacker
    else:
        # Defend/Defend, Retreat/Retreat and (our reading) Defend/Retreat: nobody fights.
        for seat, loc in zip(battle["sides"], battle["locs"], strict=True):
            send_home(state, seat, loc)
        battle["lines"].append(T("No fight: both forces go home"))
    battle["winner"] = winner
    events.append({"type": "FieldBattleResolved", "a": a, "b": b})
    events += _aftermath(state, battle, winner, losers, before)
    return events
