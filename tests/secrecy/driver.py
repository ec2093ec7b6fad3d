"""Random play of any game, the way the platform runs it: actions from ``allowed`` with params
drawn from their ``Param`` specs (and, often, from what the acting viewer's own view offers as
legal targets, so that sequences get deep into a game), applied as ``Tables.act`` applies them.

Shared by the secrecy suites and the fuzz suite. ``rng`` is anything with the methods of
``random.Random`` (a hypothesis ``randoms()`` instance, or a seeded ``random.Random``).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from hypothesis import HealthCheck, Phase, settings

from companion.errors import ConfirmFirst
from companion.games import GAMES
from companion.games.example import GAME as TALLY
from companion.games.kit import Action, Actor, Event, Game, NotAllowed, Param, RulesError, State
from companion.games.kit.driver import action_rng
from companion.games.kit.params import BadInput, coerce

Hint = Callable[[State, dict[str, Any], Actor, str, Any], dict[str, Any] | None]


def all_games() -> dict[str, Game]:
    """Every registered game, plus the platform's tiny test game (it has secrets and bids)."""
    return {**GAMES, TALLY.id: TALLY}


GAME_IDS = sorted(all_games())
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")


def players_for(game: Game, n: int) -> list[str]:
    return list(NAMES[: max(game.min_players, min(n, game.max_players))])


def random_options(game: Game, rng: Any) -> dict[str, Any]:
    """The defaults, or (half the time) a random value for every option."""
    if rng.random() < 0.5:
        return {o.name: o.default for o in game.options}
    out: dict[str, Any] = {}
    for o in game.options:
        if o.kind == "bool":
            out[o.name] = rng.random() < 0.5
        elif o.kind == "int":
            lo = 0 if o.min is None else o.min
            hi = lo + 10 if o.max is None else o.max
            # Small values keep games short enough to reach their end (match points, rounds).
            out[o.name] = rng.choice([o.default, rng.randint(lo, min(hi, lo + 6))])
        else:
            out[o.name] = rng.choice([c[0] for c in o.choices])
    return out


# --------------------------------------------------------------------------- params


def draw_value(param: Param, players: int, rng: Any) -> Any:
    """A value of the declared kind, inside the declared range (mostly small numbers)."""
    kind = param.kind
    if kind in ("int", "ints"):
        lo = -3 if param.min is None else param.min
        hi = 10 if param.max is None else param.max
        if rng.random() < 0.6:
            lo, hi = max(lo, min(hi, -3)), min(hi, max(lo, 6))

        def one() -> int:
            return rng.randint(lo, hi)

        if kind == "int":
            return one()
        return [one() for _ in range(rng.randint(0, min(param.max_len, 4)))]
    if kind == "seat":
        return rng.randint(0, players - 1)
    if kind == "seats":
        return rng.sample(range(players), rng.randint(0, players))
    if kind == "choice":
        return rng.choice(list(param.choices))
    if kind == "choices":
        return rng.sample(list(param.choices), rng.randint(0, len(param.choices)))
    if kind == "bool":
        return rng.random() < 0.5
    if kind == "str":
        return rng.choice(["", "1", "45 6", "x"])[: param.max_len]
    raise AssertionError(f"unknown param kind {kind}")


def draw_params(spec: Action, players: int, rng: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for param in spec.params:
        if param.optional and rng.random() < 0.35:
            continue
        out[param.name] = draw_value(param, players, rng)
    return out


def pick(rng: Any, seq: Any) -> Any:
    seq = list(seq)
    return rng.choice(seq) if seq else None


# --------------------------------------------------------------------------- hints per game
# Legal-looking params from what the acting viewer can see (its own view), or from what the
# player holds at the real table (the state), so that sequences get past setup and deep into
# the game. Each returns params to merge over the generic ones, or None.


def _hint_samurai(state: State, view: dict[str, Any], actor: Actor, kind: str, rng: Any) -> Any:
    from companion.games import samurai_sword as ss

    n = len(state["players"])
    if kind == "adjust":
        counter = rng.choice(["health"] * 4 + ["honor"] * 2 + ["hand"] * 2 + ["armor", "focus"])
        delta = rng.choice([-1, -1, -2, -3, -5, 1, 2]) if counter != "armor" else 1
        out = {"seat": actor if actor is not None else rng.randint(0, n - 1)}
        out |= {"counter": counter, "delta": delta}
        if rng.random() < 0.5:
            out["by"] = rng.randint(0, n - 1)
        return out
    if kind == "enter_role" and actor is not None:
        # What is left of the role cards for this player count, given the others' entries.
        left = [r for r, k in ss.ROLE_COUNTS[n].items() for _ in range(k)]
        for seat, role in enumerate(state["roles"]):
            if seat != actor and role in left:
                left.remove(role)
        role = pick(rng, left) if rng.random() < 0.85 else rng.choice(ss.ROLES)
        used = {s for k, s in enumerate(state["stars"]) if k != actor and s}
        return {"role": role, "stars": pick(rng, [s for s in (1, 2, 3) if s not in used]) or 1}
    if kind == "enter_character" and actor is not None:
        taken = {c for k, c in enumerate(state["characters"]) if k != actor}
        return {"character": pick(rng, [c for c in ss.CHARACTERS if c not in taken])}
    if kind == "attack" and view.get("attack"):
        # A weapon that reaches someone, from the attack helper of the player on turn.
        rows = [r for r in view["attack"][view["turn"]] if r["targets"] and r["weapons"]]
        row = pick(rng, rows)
        if row is None:
            return {"target": rng.randint(0, n - 1), "damage": rng.randint(1, 3), "weapon": None}
        weapon = pick(rng, row["weapons"]).lower()
        return {
            "target": pick(rng, row["targets"]),
            "weapon": weapon,
            "damage": None,
            "attacker": None,
        }
    if kind in ("battle_cry", "jujutsu"):
        others = [p["seat"] for p in view["players"] if not p["harmless"]]
        others = [s for s in others if s != view["turn"]]
        return {"discarded": rng.sample(others, rng.randint(0, len(others))), "attacker": None}
    if kind == "set_counter":
        counter = rng.choice(["health", "honor", "hand", "armor", "fast_draw", "focus"])
        seat = rng.randint(0, n - 1)
        top = view["players"][seat]["max_health"] if counter == "health" else 6
        return {"seat": seat, "counter": counter, "value": rng.randint(0, top or 0)}
    if kind == "set_turn":
        return {"seat": rng.randint(0, n - 1), "round": None}
    if kind == "set_character":
        free = [c for c in ss.CHARACTERS if c not in state["characters"]]
        return {"seat": rng.randint(0, n - 1), "character": pick(rng, free)}
    return None


def _hint_sun_tzu(state: State, view: dict[str, Any], actor: Actor, kind: str, rng: Any) -> Any:
    me = view.get("me") or {}
    if kind == "place":
        hand = list(me.get("hand", []))
        rng.shuffle(hand)
        blocked = set(me.get("six_blocked", []))
        out: dict[str, Any] = {}
        provinces = [p["id"] for p in view["provinces"]]
        for prov in provinces:
            code = next((c for c in hand if not (c == "6" and prov in blocked)), None)
            if code is None:
                return None
            hand.remove(code)
            out[prov] = code
        return out
    if kind == "reveal":
        return {"province": pick(rng, view["order"]["choices"])} if rng.random() < 0.5 else {}
    if kind == "take" and view["pending"]:
        return {"province": pick(rng, view["pending"][0]["sources"])}
    if kind == "warlord":
        usable = [w for w in me.get("warlords", []) if w["now"]]
        w = pick(rng, usable)
        if w is None:
            return None
        target = pick(rng, w["targets"])
        if isinstance(target, list):
            return {"warlord": w["n"], "province": target[0], "to": target[1]}
        return {"warlord": w["n"], "province": target}
    if kind == "choose_extra_warlord":
        w = pick(rng, me.get("extra_choices", []))
        return {"warlord": w["n"]} if w else None
    if kind == "bottom":
        return {"card": pick(rng, me.get("drawn", []))}
    if kind == "recall" and me.get("recall_cards"):
        return {"card": pick(rng, me["recall_cards"])}
    if kind == "enter_cards":
        return {"province": pick(rng, view["order"]["choices"])} if rng.random() < 0.3 else {}
    if kind == "set_score":
        return {"score": rng.randint(-3, 3)}
    if kind == "set_displays":
        ids = [p["id"] for p in view["provinces"]]
        return dict(zip(ids, rng.sample(range(1, 11), 5), strict=True))
    if kind == "enter_event":
        cards = view.get("event_cards", [])
        card = pick(rng, [e for e in cards if not e["up"] and not e["done"]])
        return {"event": card["id"]} if card else None
    if kind == "set_event_done":
        card = pick(rng, view.get("event_cards", []))
        return {"event": card["id"], "done": not card["done"]} if card else None
    return None


def _hint_quorsum(state: State, view: dict[str, Any], actor: Actor, kind: str, rng: Any) -> Any:
    if kind == "place":
        owners = [0, 0, 1, 1]
        rng.shuffle(owners)
        return {"owners": owners}
    if kind == "declare" and view.get("targets"):
        targets = view["targets"]
        plan: list[tuple[int, int, int]] = []
        dice = 4
        for _ in range(rng.randint(1, 2)):
            moves = [(m["piece"], t["tile"]) for m in targets.get("moves", []) for t in m["tiles"]]
            flips = [(-1, t["tile"]) for t in targets.get("flips", [])]
            choice = pick(rng, moves + flips)
            if choice is None or dice == 0:
                break
            used = rng.randint(1, dice)
            dice -= used
            plan.append((choice[0], choice[1], used))
        if not plan:
            return None
        return {
            "pieces": [p for p, _, _ in plan],
            "tiles": [t for _, t, _ in plan],
            "dice": [d for _, _, d in plan],
        }
    if kind in ("resolve", "roll") and view.get("declaration"):
        actions = [a for a in view["declaration"]["actions"] if a.get("can_try", True)]
        action = pick(rng, actions)
        if action is None:
            return None
        out = {"index": action["index"]}
        if kind == "resolve":
            n = action.get("chain_dice") if action.get("status") == "chain" else action["dice"]
            out["values"] = [rng.randint(1, 6) for _ in range(max(1, n or 1))]
        nxt = [t["tile"] for t in action.get("next") or []]
        if nxt:
            out["tile"] = pick(rng, nxt)
        return out
    if kind == "set_tile":
        return {"value": rng.randint(2, 6)}
    if kind == "move_piece":
        free = [c["tile"] for row in view["grid"] for c in row if c["piece"] is None]
        return {"piece": rng.randint(0, 3), "tile": pick(rng, free), "best": None}
    if kind == "correct_tile":
        return {"value": None, "face": rng.choice(["dark", "light"])}
    if kind == "set_stalemate":
        return {"count": rng.randint(0, view["corrections"]["stalemate_max"])}
    if kind == "set_points":
        return {"points": rng.randint(0, view["corrections"]["points_max"])}
    return None


def _hint_three_kingdoms(
    state: State, view: dict[str, Any], actor: Actor, kind: str, rng: Any
) -> Any:
    c = view.get("choices") or {}
    battle = view.get("battle")
    if kind == "expand":
        spaces = rng.randint(0, 2)
        alert = rng.randint(0, spaces)
        out = {"spaces": spaces, "alert": alert, "hold": rng.randint(0, spaces - alert)}
        city = pick(rng, c.get("open", [])) if spaces and rng.random() < 0.6 else None
        out["city"] = city or 0
        out["complete"] = bool(spaces) and rng.random() < 0.35
        return out | {"joins": None, "also_complete": None, "size": None}
    if kind in ("reinforce", "withdraw"):
        city = pick(rng, c.get(kind, []))
        return {"city": city, "stance": rng.choice(["alert", "hold"])} if city else None
    if kind == "transfer":
        a, b = pick(rng, c.get("transfer_from", [])), pick(rng, c.get("transfer_to", []))
        return {"from_city": a, "to_city": b} if a and b else None
    if kind == "change_stance":
        direction = rng.choice(["to_hold", "to_alert"])
        troops = list((c.get("stance") or {}).get(direction, {}).get("all", []))
        if not troops:
            return None
        return {"direction": direction, "cities": troops[: rng.randint(1, len(troops))]}
    if kind in ("national_war", "secret_passage", "drive_tiger", "lure_tiger"):
        launch = pick(rng, c.get("launch", []) if kind != "drive_tiger" else c.get("targets", []))
        target = pick(rng, c.get("targets", []))
        out = {"target": target}
        if kind != "lure_tiger" or rng.random() < 0.5:
            out["launch"] = launch
        return out if target and out.get("launch", 1) else None
    if kind == "beauty_trap":
        target = pick(rng, c.get("targets", []))
        return {"target": target, "stance": rng.choice(["alert", "hold"])} if target else None
    if kind == "occupy":
        city = pick(rng, c.get("occupy", []))
        return {"city": city} if city else None
    if kind == "emergency":
        city = pick(rng, c.get("mine", []))
        return {"city": city, "mode": rng.choice(["add", "remove"])} if city else None
    if kind == "roll":
        if battle and rng.random() < 0.3:
            return {"dice": [rng.randint(1, 6) for _ in range(battle.get("dice_needed") or 1)]}
        return {}
    if kind == "settle" and battle:
        return {"n": rng.randint(0, battle.get("settle_max") or 0)}
    if kind == "create_city":
        tiles = rng.randint(1, 4)
        spaces = rng.randint(0, 2 * tiles)
        alert = rng.randint(0, min(spaces, 2))
        seat = rng.randint(0, len(state["players"]) - 1) if alert else None
        out = {"tiles": tiles, "spaces": spaces, "complete": rng.random() < 0.6}
        return out | {"seat": seat, "alert": alert, "hold": 0, "size": None}
    if kind == "complete_city":
        cities = view.get("cities") or []
        city = pick(rng, [x["id"] for x in cities])
        if city is None:
            return None
        return {"city": city, "complete": rng.random() < 0.7, "size": None}
    return None


def _hint_art_of_war(state: State, view: dict[str, Any], actor: Actor, kind: str, rng: Any) -> Any:
    me = view.get("me") or {}
    if kind == "enter_epic":
        epic = pick(rng, view["auction"].get("enterable") or [])
        return {"epic": epic["key"]} if epic else None
    if kind == "enter_tiebreak":
        seat = pick(rng, view["auction"].get("drawn_among") or [])
        return {"seat": seat} if seat is not None else None
    if actor is None:
        return None
    if kind == "enter_offer":
        offer = me.get("offer") or {}
        advisors = rng.sample([c["key"] for c in offer.get("all_advisors", [])], 2)
        generals = rng.sample([c["key"] for c in offer.get("all_generals", [])], 2)
        two_a, two_g = len(offer.get("advisors", [])) > 1, len(offer.get("generals", [])) > 1
        return {
            "advisor_a": advisors[0],
            "advisor_b": advisors[1] if two_a else None,
            "general_a": generals[0],
            "general_b": generals[1] if two_g else None,
        }
    if kind == "buy_blueprint":
        bp = pick(rng, me.get("addable_blueprints") or [])
        return {"building": bp["key"] if bp and rng.random() < 0.5 else None}
    if kind == "choose_setup":
        offer = me.get("offer") or {}
        allowance = offer.get("allowance", 8)
        soldiers = rng.randint(0, allowance)
        return {
            "advisor": rng.randint(0, max(0, len(offer.get("advisors", [])) - 1)),
            "general": rng.randint(0, max(0, len(offer.get("generals", [])) - 1)),
            "soldiers": soldiers,
            "food": rng.randint(0, allowance - soldiers),
        }
    if kind == "bid":
        return {"amount": rng.randint(0, max(0, me.get("money", 0)))}
    if kind == "deploy":
        locations = [loc["loc"] for loc in view["map"]["locations"]]
        targets = me.get("deploy_targets") or []
        counts = [0] * len(locations)
        hand = view["players"][actor]["in_hand"]
        for _ in range(hand):
            where = pick(rng, targets)
            if where is None:
                return None
            counts[locations.index(where)] += 1
        return {"counts": counts}
    if kind == "take_tribute":
        share = pick(rng, [t for t in view["tribute"] if t["seat"] == actor and t["kind"] is None])
        if share is None:
            return None
        return {"vassal": share["vassal"], "kind": rng.choice(["food", "money", "soldiers"])}
    if kind == "start_building":
        bp = pick(rng, me.get("blueprints", []))
        return {"building": bp["key"]} if bp else None
    if kind == "sell_food":
        return {"n": rng.randint(0, max(0, view["players"][actor]["food"]))}
    if kind == "assign_workers":
        return {"mine": rng.randint(0, 2), "farm": rng.randint(0, 2), "barracks": 0}
    if kind == "play_tactic" and me.get("cards"):
        card = pick(rng, me["cards"])
        key = card["key"] if isinstance(card, dict) else card
        take = pick(rng, me.get("takeable") or [])
        return {
            "card": key,
            "target": rng.randint(0, len(state["players"]) - 1),
            "take": take["key"] if take and rng.random() < 0.5 else None,
        }
    return None


HINTS: dict[str, Hint] = {
    "samurai-sword": _hint_samurai,
    "sun-tzu": _hint_sun_tzu,
    "quorsum": _hint_quorsum,
    "three-kingdoms": _hint_three_kingdoms,
    "art-of-war": _hint_art_of_war,
}

# How often each action type is picked (default 1): the moves that push a game forward more
# than the host's corrections, so that random sequences reach sealed reveals, battles and ends.
WEIGHTS: dict[str, dict[str, float]] = {
    "samurai-sword": {"adjust": 4, "next_phase": 2, "bushido_draw": 2, "deck_out": 0.3},
    "sun-tzu": {
        "choose_warlord": 3,
        "place": 4,
        "lock": 4,
        "reveal": 3,
        "enter_cards": 3,
        "resolve": 3,
        "finish_battles": 3,
        "take": 3,
        "warlord": 2,
        "bottom": 3,
        "move_armies": 0.3,
        "set_score": 0.3,
    },
    "quorsum": {"set_tile": 0.2, "declare": 3, "resolve": 3, "roll": 3},
    "three-kingdoms": {
        "expand": 4,
        "roll": 4,
        "adjust_city": 0.2,
        "adjust_player": 0.2,
        "adjust_tiles": 0.2,
        "set_turn": 0.3,
    },
    "art-of-war": {
        "next": 6,
        "lock": 5,
        "choose_setup": 4,
        "choose_stance": 4,
        "bid": 3,
        "deploy": 4,
        "choose_order": 3,
        "take_tribute": 3,
        "resolve_battle": 3,
        "press_on": 2,
        "correct": 0.2,
        "set_soldiers": 0.2,
        "set_bandits": 0.2,
        "set_city_owner": 0.2,
        "set_vassal": 0.1,
        "set_camp_target": 0.1,
        "remove_building": 0.1,
        "set_start_player": 0.2,
        "adjust_money": 0.3,
        "adjust_tactics": 0.3,
    },
}


def weighted(rng: Any, items: list[str], weights: dict[str, float]) -> str:
    total = sum(weights.get(i, 1.0) for i in items)
    x = rng.random() * total
    for item in items:
        x -= weights.get(item, 1.0)
        if x < 0:
            return item
    return items[-1]


def draw_step(game: Game, state: State, rng: Any) -> tuple[Actor, dict[str, Any]] | None:
    """Who acts next and how: an (actor, type) pair weighted over everything every viewer may
    do now (so that the moves that push the game on come up often), then its params."""
    weights = WEIGHTS.get(game.id, {})
    pairs = [
        (actor, kind)
        for actor in [None, *range(len(state["players"]))]
        for kind in game.allowed(state, actor)
    ]
    if not pairs:
        return None
    x = rng.random() * sum(weights.get(kind, 1.0) for _, kind in pairs)
    chosen = pairs[-1]
    for pair in pairs:
        x -= weights.get(pair[1], 1.0)
        if x < 0:
            chosen = pair
            break
    actor, kind = chosen
    return actor, draw_action(game, state, actor, [kind], game.view(state, actor), rng)


def draw_action(
    game: Game, state: State, actor: Actor, allowed: list[str], view: dict[str, Any], rng: Any
) -> dict[str, Any]:
    """One action for ``actor``: an allowed type, params from its specs and the hints."""
    kind = weighted(rng, allowed, WEIGHTS.get(game.id, {}))
    spec = game.actions[kind]
    params = draw_params(spec, len(state["players"]), rng)
    hint = HINTS.get(game.id)
    if hint is not None and rng.random() < 0.85:
        extra = hint(state, view, actor, kind, rng)
        if extra:
            known = {p.name for p in spec.params}
            for key, value in extra.items():
                if key not in known:
                    continue
                if value is None:  # the hint says: leave this (optional) param out
                    params.pop(key, None)
                else:
                    params[key] = value
    return {"type": kind, **params}


# --------------------------------------------------------------------------- the pipeline


def apply_action(
    game: Game, state: State, actor: Actor, raw: Any, seed: int, seq: int
) -> tuple[State, list[Event]]:
    """What ``Tables.act`` does to a table's state, without the log: the same checks, in the
    same order, the same copy and the same randomness (the table's seed and the action's seq)."""
    if not isinstance(raw, dict) or not isinstance(raw.get("type"), str):
        raise BadInput("no_type", "An action needs a type.")
    spec = game.actions.get(raw["type"])
    if spec is None:
        raise BadInput("unknown_action", "There is no such action in this game.")
    if game.result(state) is not None:
        raise RulesError("game_over", "The game is over.")
    if spec.type not in game.allowed(state, actor):
        raise NotAllowed("not_now", "You can't do that right now.")
    if spec.confirm and not raw.get("confirm"):
        raise ConfirmFirst("confirm_action", spec.confirm)
    params = coerce(
        spec.params,
        {k: v for k, v in raw.items() if k not in ("type", "confirm")},
        len(state["players"]),
    )
    new = copy.deepcopy(state)
    events = spec.fn(new, actor, params, action_rng(seed, seq))
    return new, events


def fixed_examples(max_examples: int) -> settings:
    """Hypothesis settings of the secrecy properties: fixed examples (a failure stays failing
    until the code is fixed), no shrinking (a leak's message carries the whole action trail),
    no example database in the repository, and no deadline (a loaded machine is slow)."""
    return settings(
        max_examples=max_examples,
        deadline=None,
        derandomize=True,
        database=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
