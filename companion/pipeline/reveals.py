"""What an action reveals, and the barrier that makes for undo.

A reveal (a sealed round's choices shown, a declared reveal of the game, the end of a game
with secrets) is a barrier: undo never steps back across it, and a host's correction that
could bring one asks first. The table pipeline (``tables``) asks these questions.

Every reply depends on public information only: in a game with secrets, whether a host's
correction asks, and how, is decided before it runs, from the request and the host's view
(``asks_first``), never from what the hidden cards make of it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import Barrier, ConfirmFirst, NotAllowed, RulesError  # noqa: F401
from ..games.kit import Event, Game, State, sealed
from ..store.log import ActionRow
from ..text import N_, T, Text
from .loaded import Loaded
from .seating import Viewer


def asks_first(
    game: Game,
    viewer: Viewer,
    spec: Any,
    view: Callable[[], dict[str, Any]],
    params: dict[str, Any],
) -> bool:
    """Does this host correction, in a game with secrets, wait for a confirmation before it
    runs? Decided from public information only: the request and ``view()``, the host's view
    (called only when the game declares ``Action.may_reveal``). The answer and the question
    are then the same whatever the hidden cards are. (Only a host's correction: a move of
    play that reveals by design says so on its button.)"""
    if viewer.kind != "host" or not spec.correction or not secret_outcomes(game):
        return False
    if spec.may_reveal is None:
        return True  # nothing declared: any correction could, while the game runs
    return bool(spec.may_reveal(view(), params))


def confirm_correction() -> ConfirmFirst:
    """The one question a host correction that could reveal gets in a game with secrets: it
    names no outcome (which one would come depends on the hidden cards)."""
    return ConfirmFirst(
        "confirm_reveal",
        N_(
            "This correction can't be undone if it brings the end of the game or shows "
            "something hidden. Confirm to go ahead."
        ),
    )


def needs_confirmation(game: Game, viewer: Viewer, spec: Any) -> bool:
    """Does this change, once run, wait for the host to confirm what it reveals? Only a
    host's correction in a game where its outcome is public (no secrets, or
    ``Game.corrections_public``), so the question may name it. (Elsewhere it is asked
    before, with ``asks_first``.)"""
    return viewer.kind == "host" and spec.correction and not secret_outcomes(game)


def secret_outcomes(game: Game) -> bool:
    """Can what a host's correction brings depend on a seat's secret in this game?"""
    return game.secrets and not game.corrections_public


def confirm_first(barrier: Text) -> ConfirmFirst:
    """The question a host's correction gets before it reveals ``barrier`` (a game without
    secrets only: elsewhere the outcome may depend on a secret)."""
    return ConfirmFirst(
        "confirm_reveal",
        N_("This can't be undone: it brings {what_t}. Confirm to go ahead."),
        what_t=barrier,
    )


def game_end() -> Text:
    """The end of a game with secrets, as the barrier it is."""
    return T("the end of the game, which shows everything that was hidden")


def barrier_of(game: Game, before: State, after: State, events: list[Event]) -> Text | None:
    """What an action made public, if anything: the end of the game, a sealed round's
    reveal, or one of the game's declared reveals. Undo never steps back across it."""
    if game.secrets and game.over(after):
        return game_end()
    if sealed.reveals(before, after):
        if isinstance(after.get("round"), int):
            return T("the reveal of round {round}'s secret choices", round=after["round"])
        return T("the reveal of the secret choices")
    for event in events:
        shown = game.reveals.get(event.get("type", ""))
        if shown:
            return T(shown)
    return None


BARRIER_MSG = N_("Undo stops at {what_t}: correct the board instead.")


def undo_barrier(loaded: Loaded, row: ActionRow) -> Text | None:
    """Why undoing ``row`` would cross a reveal, if it would: the reason a disabled Undo
    button shows, and the refusal a tap gets (the same words)."""
    # A game over that kept secrets has shown them: its end is a barrier even for a log
    # written before barriers were stored with the rows.
    what = game_end() if loaded.over and loaded.game.secrets else row.barrier
    return None if what is None else T(BARRIER_MSG, what_t=what)


def check_undo(loaded: Loaded, row: ActionRow, viewer: Viewer) -> None:
    """Refuse an undo that would cross a reveal, or a seat's undo of someone else's action."""
    blocked = undo_barrier(loaded, row)
    if blocked is not None:
        raise Barrier("undo_barrier", BARRIER_MSG, **blocked[1])
    if viewer.kind == "seat" and row.actor != viewer.seat:
        raise NotAllowed(
            "not_your_action",
            N_("You can undo only your own last action, before anyone else acts."),
        )


def asks_before_undo(row: ActionRow, viewer: Viewer) -> bool:
    """Does this undo wait for a confirmation? The host taking back a seat's own input (made
    on that seat's phone) does. Decided from who made the row, which every history line
    shows, never from what the input was."""
    return viewer.kind == "host" and row.actor is not None


def confirm_undo(name: str, what: Text) -> ConfirmFirst:
    """The question before the host takes back ``name``'s own input (``what``: its label)."""
    return ConfirmFirst(
        "confirm_undo",
        N_(
            "Undo {what_t}? It is {name}'s own input: {name}'s phone will be told."
            " Confirm to undo it."
        ),
        what_t=what,
        name=name,
    )
