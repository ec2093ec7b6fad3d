"""What every viewer of Quorsum sees: the grid, the pieces, the opening, the turn's declaration
with its odds and rolls, the planner, the stalemate counter and the match.

Nothing in Quorsum is secret, so every viewer gets the same view (seats also get ``me = {}``).
"""

from __future__ import annotations

from typing import Any

from ..kit import Actor, State, T
from ..kit.odds import odds
from .board import (
    action_problem,
    home_arrow,
    home_of,
    is_home,
    legal_flips,
    legal_moves,
    name,
    occupant,
    opt,
    piece_distance,
    row_col,
    seat_distances,
)
from .data import (
    CORNERS,
    DICE,
    FACE_T,
    KIND_T,
    PHASES,
    PLACEMENTS,
    RESULT_KIND_T,
    SIZE,
    STATUS_T,
    STEP_T,
    TILES_PER_VALUE,
    TURN_PHASES,
    VALUES,
)
from .dice import (
    chain_chance,
    plan_chance,
    planner_view,
    rolled_any,
    success_chance,
    tile_ref,
    values_of,
)
from .opening import whose_turn
from .scoring import game_reason, match_winner, over
from .stalemate import stalemate_tiebreak


def _cell_view(state: State, tile: int) -> dict[str, Any]:
    row, col = row_col(tile)
    cell = state["tiles"][tile]
    return {
        "tile": tile,
        "row": row,
        "col": col,
        "value": cell["value"] if cell else None,
        "face": cell["face"] if cell else None,
        "face_t": FACE_T[cell["face"]] if cell else None,
        "locked": tile in state["flipped"],
        "piece": occupant(state, tile),
    }


def _piece_view(state: State, pid: int) -> dict[str, Any]:
    piece = state["pieces"][pid]
    owner = piece["owner"]
    view: dict[str, Any] = {
        "id": pid,
        "owner": owner,
        "owner_name": name(state, owner),
        "number": pid % 2 + 1,
        "label": T("{name}'s piece {n}", name=name(state, owner), n=pid % 2 + 1),
        "tile": piece["tile"],
        "home": piece["home"],
        "placed": piece["tile"] is not None,
    }
    if piece["tile"] is None:
        return view
    view.update(
        row=row_col(piece["tile"])[0],
        col=row_col(piece["tile"])[1],
        home_row=row_col(piece["home"])[0],
        home_col=row_col(piece["home"])[1],
        distance=piece_distance(piece),
        best=piece["best"],
        at_home=piece["tile"] == piece["home"],
        arrow=home_arrow(piece["tile"], piece["home"]),
    )
    return view


def _action_view(state: State, index: int, act: dict[str, Any]) -> dict[str, Any]:
    values = values_of(state, act)
    live = state["phase"] == "resolve"
    problem = action_problem(state, act) if live and act["status"] == "pending" else None
    view = {
        "index": index,
        "kind": act["kind"],
        "kind_t": KIND_T[act["kind"]],
        "piece": act["piece"],
        **tile_ref(state, act["tile"]),
        "dice": act["dice"],
        "path": [tile_ref(state, t) for t in act["path"]],
        "status": act["status"],
        "status_t": STATUS_T[act["status"]],
        "rolls": [
            {**r, "row": row_col(r["tile"])[0], "col": row_col(r["tile"])[1]} for r in act["rolls"]
        ],
        "chain_dice": act["chain_dice"] if act["status"] == "chain" else 0,
        "chance_first": odds(success_chance(values[0], act["dice"])),
        "chance": odds(chain_chance(values, act["dice"])),
        "can_try": live and act["status"] == "pending" and problem is None,
        "problem_t": problem,
        "next": [],
        "roll_dice": _roll_dice(act),
        "planned_next": None,
    }
    if act["status"] == "chain":
        view["next"] = [
            tile_ref(state, t, act["chain_dice"]) for t in legal_moves(state, act["piece"])
        ]
        step = len(act["rolls"]) - 1  # every roll so far succeeded, one per planned tile
        if step < len(act["path"]):
            view["planned_next"] = act["path"][step]
    return view


def _roll_dice(act: dict[str, Any]) -> int:
    """How many dice the next roll of this action uses (0 once it is resolved)."""
    if act["status"] == "pending":
        return act["dice"]
    return act["chain_dice"] if act["status"] == "chain" else 0


def _declaration_view(state: State) -> dict[str, Any] | None:
    if state["phase"] != "resolve" and not state["plan"]:
        return None
    plan = state["plan"]
    return {
        "actions": [_action_view(state, i, a) for i, a in enumerate(plan)],
        "dice_used": sum(a["dice"] for a in plan),
        "given_up": state["given_up"],
        "chance": odds(plan_chance(state, plan)),
        "can_redeclare": state["phase"] == "resolve" and not rolled_any(state),
    }


def _targets_view(state: State) -> dict[str, Any] | None:
    """What the active player could declare right now (legal on the current board)."""
    if state["phase"] != "declare":
        return None
    seat = state["turn"]
    moves = [
        {"piece": pid, "tiles": [tile_ref(state, t) for t in legal_moves(state, pid)]}
        for pid, p in enumerate(state["pieces"])
        if p["owner"] == seat
    ]
    return {"moves": moves, "flips": [tile_ref(state, t) for t in legal_flips(state)]}


def odds_table() -> list[dict[str, Any]]:
    """The digest's success table, built fresh for each view (views may be altered downstream)."""
    return [
        {"value": v, "chances": [odds(success_chance(v, n)) for n in range(1, DICE + 1)]}
        for v in VALUES
    ]


def _player_view(state: State, seat: int) -> dict[str, Any]:
    placed = state["pieces"][0]["tile"] is not None
    return {
        "seat": seat,
        "name": name(state, seat),
        "points": state["points"][seat],
        "pieces": [pid for pid, p in enumerate(state["pieces"]) if p["owner"] == seat],
        "distances": seat_distances(state, seat) if placed else None,
        "home_count": sum(is_home(state, seat)) if placed else 0,
        "chooser": state["chooser"] == seat,
        "first": state["first"] == seat,
        "placer": state["placer"] == seat,
        "active": state["turn"] == seat,
    }


def _game_view(record: dict[str, Any], state: State) -> dict[str, Any]:
    winner = record["winner"]
    return {
        **record,
        "winner_name": name(state, winner) if winner is not None else None,
        "kind_t": RESULT_KIND_T[record["kind"]],
        "reason": game_reason(record, state),
    }


def _tile_ref_plain(tile: int) -> dict[str, int]:
    row, col = row_col(tile)
    return {"tile": tile, "row": row, "col": col}


def _placement_view(owners: tuple[int, ...]) -> dict[str, Any]:
    """One way to place the pieces: the ``owners`` list to post, and each seat's two corners."""
    return {
        "owners": ",".join(str(o) for o in owners),
        "by_corner": list(owners),
        "corners_of": [
            [_tile_ref_plain(c) for c, o in zip(CORNERS, owners, strict=True) if o == seat]
            for seat in (0, 1)
        ],
    }


def _tied(dice: list[int | None]) -> bool:
    """Did the last opening roll tie (so it must be rolled again)?"""
    return dice[0] is not None and dice[0] == dice[1]


def _corner_view(corner: int) -> dict[str, Any]:
    home = home_of(corner)
    return {
        **_tile_ref_plain(corner),
        "home": home,
        "home_row": row_col(home)[0],
        "home_col": row_col(home)[1],
        "arrow": home_arrow(corner, home),
    }


def _standing_view(state: State) -> dict[str, Any] | None:
    """Who a stalemate would favour right now, by the tie-break (None before placement)."""
    if state["pieces"][0]["tile"] is None or state["phase"] not in TURN_PHASES:
        return None
    dists = [seat_distances(state, 0), seat_distances(state, 1)]
    winner, step = stalemate_tiebreak(*dists)
    return {
        "winner": winner,
        "winner_name": name(state, winner) if winner is not None else None,
        "step": step,
        "step_t": STEP_T.get(step or ""),
        "distances": dists,
    }


def _layout_view(state: State) -> dict[str, Any]:
    counts = [t["value"] for t in state["tiles"] if t is not None]
    return {
        "mode": opt(state, "layout"),
        "missing": sum(1 for t in state["tiles"] if t is None),
        "next": next((_tile_ref_plain(i) for i, t in enumerate(state["tiles"]) if t is None), None),
        "left": [{"value": v, "left": TILES_PER_VALUE - counts.count(v)} for v in VALUES],
    }


def _corrections_view(state: State) -> dict[str, Any]:
    """The bounds of the host's corrections (the counters stay below the limits that end)."""
    return {
        "stalemate_max": opt(state, "stalemate_turns") - 1,
        "points_max": opt(state, "match_points") - 1,
    }


def view(state: State, viewer: Actor) -> dict[str, Any]:
    """The table's view-model; identical for everyone (nothing is secret in Quorsum)."""
    phase = state["phase"]
    out: dict[str, Any] = {
        "players": [_player_view(state, s) for s in (0, 1)],
        "turn": whose_turn(state),
        "round": state["turn_no"] if phase in TURN_PHASES else None,
        "phase": PHASES.label(phase),
        "phase_key": phase,
        "over": over(state),
        "game_no": state["game_no"],
        "grid": [[_cell_view(state, r * SIZE + c) for c in range(SIZE)] for r in range(SIZE)],
        "layout": _layout_view(state),
        "pieces": [_piece_view(state, pid) for pid in range(4)],
        "opening": {
            "rolloff": state["rolloff"],
            "chooser": state["chooser"],
            "first": state["first"],
            "placer": state["placer"],
            "corners": [_corner_view(c) for c in CORNERS],
            "placements": [_placement_view(owners) for owners in PLACEMENTS],
            "tied": phase == "rolloff" and _tied(state["rolloff"]),
        },
        "flipped": list(state["flipped"]),
        "declaration": _declaration_view(state),
        "targets": _targets_view(state),
        "planner": planner_view(state),
        "odds_table": odds_table(),
        "stalemate": {
            "count": state["stalemate"],
            "limit": opt(state, "stalemate_turns"),
            "rule": opt(state, "progress"),
            "standing": _standing_view(state),
        },
        "match": {
            "target": opt(state, "match_points"),
            "points": list(state["points"]),
            "games": [_game_view(g, state) for g in state["games"]],
            "winner": match_winner(state) if phase == "over" else None,
        },
        "last_game": _game_view(state["games"][-1], state) if phase in ("ended", "over") else None,
        "corrections": _corrections_view(state),
    }
    if viewer is not None:
        out["me"] = private_view(state, viewer)
    return out


def private_view(state: State, seat: int) -> dict[str, Any]:
    """Quorsum has no secrets: a seat's view is the table's view plus an empty "me"."""
    return {}


# What each live area's template reads of the view (``Game.seat_inputs``, ``table_inputs``,
# ``tv_inputs``): where it is equal to the last version's, the area is not rendered again.
# Each is taken from that viewer's own view, so it never holds what the viewer may not see.

SETUP_PHASES = ("layout", "rolloff", "choose", "place")


def _board_inputs(view: dict[str, Any]) -> tuple[Any, ...]:
    """What the board (``_board.html``) reads: the tiles and pieces, the dice still to roll
    on each tile, the next tile to enter and, while placing, the corners' hints."""
    decl = view["declaration"]
    pending = [
        (a["tile"], a["dice"], a["kind_t"])
        for a in (decl["actions"] if decl else [])
        if a["status"] == "pending"
    ]
    placing = view["phase_key"] == "place"
    nxt = view["layout"]["next"]
    return (
        view["grid"],
        view["pieces"],
        pending,
        nxt["tile"] if nxt else None,
        view["opening"]["corners"] if placing else None,
    )


def _side_inputs(view: dict[str, Any]) -> tuple[Any, ...]:
    """What the players' cards, the stalemate cube and the match read."""
    match = view["match"]
    return (
        view["players"],
        view["over"],
        view["stalemate"],
        match if match["target"] > 1 else None,
    )


def _play_inputs(view: dict[str, Any], planner: Any) -> tuple[Any, ...]:
    """What the opening, the turn and a finished game's panel read (``_setup.html``,
    ``_turn.html``, ``_end.html``); ``planner``: the planner as this screen may use it."""
    phase = view["phase_key"]
    setup = (view["layout"], view["opening"]) if phase in SETUP_PHASES else None
    turn = None
    if phase in TURN_PHASES:
        turn = (view["turn"], view["round"], view["declaration"], planner)
    return (phase, setup, turn, view["last_game"])


def seat_inputs(view: dict[str, Any], seat: int) -> tuple[Any, ...]:
    """What a phone's panel (``seat.html``) reads: the board, the players, the turn, and the
    planner only while the turn is this seat's (only then may it declare)."""
    planner = view["planner"]
    own = planner if view["turn"] == seat else planner is not None
    return (_board_inputs(view), _side_inputs(view), _play_inputs(view, own))


def table_inputs(view: dict[str, Any]) -> tuple[Any, ...]:
    """What the table screen's board (``table.html``) reads: as a phone's, with the planner
    (the host may declare for the player on turn), the tile values left in the box and the
    bounds of the host's corrections."""
    return (
        _board_inputs(view),
        _side_inputs(view),
        _play_inputs(view, view["planner"]),
        view["layout"]["left"],
        view["corrections"],
    )


def tv_inputs(view: dict[str, Any]) -> tuple[Any, ...]:
    """What the TV's page (``tv.html``) reads: the board and the players' side only."""
    return (_board_inputs(view), _side_inputs(view))
