"""Phase 6 of The Art of War, food: upkeep (1 food for every 3 population; short players
discard soldiers), then the food market, settled when the table moves on to the next round.
"""

from __future__ import annotations

from typing import Any

from ..kit import N_, Actor, BadValue, Event, P, Rng, State, T, seat_of
from .board import (
    money_event,
    name,
    order,
    player,
    population,
    remove_soldiers,
    soldiers,
    works,
)
from .data import FOOD_PRICES


def food_needed(population: int, rounding: str = "floor") -> int:
    """Food eaten: 1 for every 3 population (floor by default; ceil is a table option).

    >>> food_needed(8), food_needed(8, "ceil"), food_needed(9, "ceil")
    (2, 3, 3)
    """
    return population // 3 if rounding == "floor" else -(-population // 3)


def soldiers_to_discard(population: int, food: int, soldiers: int, rounding: str = "floor") -> int:
    """Soldiers that must go so that the food needed is no more than the food held.

    >>> soldiers_to_discard(14, 3, 10)   # floor: keep 3*3+2 = 11 population
    3
    >>> soldiers_to_discard(14, 3, 10, "ceil")   # ceil: keep 3*3 = 9 population
    5
    >>> soldiers_to_discard(14, 0, 2)   # capped at the soldiers owned; workers never go
    2
    """
    keep = 3 * food + 2 if rounding == "floor" else 3 * food
    return min(soldiers, max(0, population - keep))


def food_price(k: int) -> int:
    """The table's price per unit in column ``k`` (1-based; 9 or more sells for 0).

    >>> [food_price(k) for k in (1, 2, 3, 4, 8, 9, 12)]
    [6, 5, 5, 3, 1, 0, 0]
    """
    return FOOD_PRICES[min(k, len(FOOD_PRICES)) - 1] if k > 0 else 0


def sale_revenue(first: int, n: int, mode: str) -> int:
    """Base revenue of ``n`` units whose columns start after ``first`` units already sold.

    Uniform: every unit sells at the price of the column of the total (first + n).
    Marginal: the k-th unit sells at the price of column k.

    >>> sale_revenue(0, 3, "uniform"), sale_revenue(0, 3, "marginal")
    (15, 16)
    >>> sale_revenue(0, 9, "uniform"), sale_revenue(2, 2, "marginal")
    (0, 8)
    """
    if n <= 0:
        return 0
    if mode == "uniform":
        return n * food_price(first + n)
    return sum(food_price(k) for k in range(first + 1, first + n + 1))


def pay_upkeep(state: State, rng: Rng) -> list[Event]:
    """Phase 6: upkeep (1 food per 3 population); short players discard soldiers."""
    events: list[Event] = []
    rounding = state["options"]["food_rounding"]
    for seat in order(state):
        p = player(state, seat)
        pop = population(state, seat)
        need = food_needed(pop, rounding)
        lines = [
            T(
                "{name}: population {pop}, needs {need} food, has {food}",
                name=name(state, seat),
                pop=pop,
                need=need,
                food=p["food"],
            )
        ]
        if need > p["food"]:
            gone = remove_soldiers(p, soldiers_to_discard(pop, p["food"], soldiers(p), rounding))
            pop -= gone
            need = food_needed(pop, rounding)
            lines.append(
                P(
                    "Not enough food: {n} soldier discarded",
                    "Not enough food: {n} soldiers discarded",
                    n=gone,
                )
            )
            events.append({"type": "SoldiersStarved", "seat": seat, "n": gone})
        paid = min(need, p["food"])
        p["food"] -= paid
        lines.append(T("Pays {n} food; {left} left", n=paid, left=p["food"]))
        state["computed"] += lines
    return events


def act_sell_food(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> list[Event]:
    """Phase 6: say how much food you sell (settled when the table moves on)."""
    actor = seat_of(actor)
    if params["n"] > player(state, actor)["food"]:
        raise BadValue("not_enough_food", N_("You do not have that much food."))
    state["sales"][actor] = params["n"]
    return [{"type": "FoodOffered", "seat": actor, "n": params["n"]}]


def sales_revenue(state: State) -> list[dict[str, Any]]:
    """What every seller gets: the price table (per player or shared, uniform or marginal),
    plus Market +$1 and Big Ships in Port +$2 a unit."""
    sales = state["sales"]
    opts = state["options"]
    out = []
    total = sum(sales)
    first = 0
    for seat in order(state):
        n = sales[seat]
        if opts["food_market"] == "player":
            base = sale_revenue(0, n, opts["food_price"])
        elif opts["food_price"] == "uniform":
            base = n * food_price(total) if n else 0
        else:
            # A shared market with marginal prices: units take the columns in turn order.
            base = sale_revenue(first, n, "marginal")
            first += n
        bonus = works(state, seat, "market") + (2 if state["event"]["current"] == "ships" else 0)
        out.append(
            {"seat": seat, "n": n, "base": base, "bonus": bonus * n, "money": base + bonus * n}
        )
    return out


def settle_market(state: State, rng: Rng) -> list[Event]:
    """The round ends: every seller is paid, then the Bank pays its interest."""
    events: list[Event] = []
    state["computed"] = []
    for row in sales_revenue(state):
        seat = row["seat"]
        p = player(state, seat)
        if row["n"]:
            p["food"] -= row["n"]
            p["money"] += row["money"]
            state["computed"].append(
                T(
                    "{name} sells {n} food: ${base} + ${bonus} = ${money}",
                    name=name(state, seat),
                    n=row["n"],
                    base=row["base"],
                    bonus=row["bonus"],
                    money=row["money"],
                )
            )
            events.append({"type": "FoodSold", "seat": seat, "n": row["n"], "money": row["money"]})
        bank = (p["money"] // 4) * works(state, seat, "bank")
        if bank:
            p["money"] += bank
            events.append(money_event(seat, bank, N_("the Bank")))
    return events
