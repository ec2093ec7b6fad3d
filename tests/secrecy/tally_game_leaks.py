"""Deliberately leaky variants of the test game (Tally), one channel each, to show that the
differential secrecy check fails when a secret escapes (tests that can fail)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion.games.example import rules as tally
from companion.games.example.view import view as tally_view
from companion.games.kit import Actor, Event, NotAllowed, Rng, State

from .scramblers import redraw_tally as redraw

__all__ = ["redraw"]


def view_shows_secrets(state: State, viewer: Actor) -> dict[str, Any]:
    """Every secret number on every screen."""
    return tally_view(state, viewer) | {"all": [p["secret"] for p in state["players"]]}


def view_counts_bids(state: State, viewer: Actor) -> dict[str, Any]:
    """Something derived from the sealed bids (how many are high), on every screen."""
    rnd = state.get("sealed")
    high = sum(1 for c in rnd["choices"] if c is not None and c >= 50) if rnd else 0
    return tally_view(state, viewer) | {"high_bids": high}


def allowed_by_secret(state: State, actor: Actor) -> list[str]:
    """The table screen's buttons depend on seat 0's secret."""
    out = tally.allowed(state, actor)
    if actor is None and state["players"][0]["secret"] % 2:
        out = [a for a in out if a != "unlock"]
    return out


def _set_secret_in_public(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> Any:
    events = tally.set_secret(state, actor, params, rng)
    return [{k: v for k, v in e.items() if k != "to"} for e in events]


def _add_refused_with_secret(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> Any:
    seat = params["seat"]
    if actor is not None and actor != seat:
        raise NotAllowed(
            "not_your_seat",
            "That is {name}'s counter (secret {secret}).",
            name=state["players"][seat]["name"],
            secret=state["players"][seat]["secret"],
        )
    return tally.add(state, actor, params, rng)


def _end_turn_scoring_secret(state: State, actor: Actor, params: dict[str, Any], rng: Rng) -> Any:
    seat = state["turn"]
    events: list[Event] = tally.end_turn(state, actor, params, rng)
    state["players"][seat]["score"] += state["players"][seat]["secret"] % 3
    return events


def _with(kind: str, fn: Any) -> dict[str, Any]:
    return {**tally.ACTIONS, kind: replace(tally.ACTIONS[kind], fn=fn)}


actions_with_public_secret_event = _with("set_secret", _set_secret_in_public)
actions_with_refusal_naming_a_secret = _with("add", _add_refused_with_secret)
actions_scoring_by_secret = _with("end_turn", _end_turn_scoring_secret)
