"""The JSON API of DESIGN.md's public contract, for outside tools and other clients.

It authenticates with ``Authorization: Bearer <token>`` only (never cookies), so it needs no
CSRF token. Every reply is built from the same privacy gate as the pages (``screens``).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request, url_for

from ..errors import BadInput, RulesError
from ..games import GAMES
from ..games.kit import Game
from ..text import N_, Text
from . import auth, cache, cando
from .clock_board import api_clocks
from .i18n import translate
from .screens import describe, join_url, public_base_url, screen, tables, visible
from .security import create_limit, join_limit

bp = Blueprint("api", __name__, url_prefix="/api")


def _body() -> dict[str, Any]:
    try:
        data = request.get_json(silent=True)
    except RecursionError:  # absurdly nested JSON: the parser gives up
        data = None
    if not isinstance(data, dict):
        raise BadInput("bad_json", N_("The request body must be a JSON object."))
    return data


def _game_doc(game: Game) -> dict[str, Any]:
    return {
        "id": game.id,
        "name": translate(game.name),
        "min_players": game.min_players,
        "max_players": game.max_players,
        "options": [
            {
                "name": o.name,
                "kind": o.kind,
                "default": o.default,
                "label": translate(o.label),
                "choices": [c[0] for c in o.choices],
                "min": o.min,
                "max": o.max,
            }
            for o in game.options
        ],
        "actions": [
            {
                "type": a.type,
                "label": translate(a.label),
                "doc": a.doc,
                "params": [
                    {
                        "name": p.name,
                        "kind": p.kind,
                        "min": p.min,
                        "max": p.max,
                        "choices": list(p.choices),
                        "optional": p.optional,
                    }
                    for p in a.params
                ],
            }
            for a in game.actions.values()
        ],
    }


def _said(text: Text | None) -> str | None:
    return None if text is None else translate(text)


def _view(asking: auth.Asking) -> dict[str, Any]:
    viewer = asking.viewer
    s = screen(asking.loaded, viewer)
    return {
        "table_id": s.table_id,
        "game": s.game_id,
        "version": s.version,
        "viewer": {"kind": viewer.kind, "seat": viewer.seat},
        "view": s.view,
        "allowed": s.allowed,
        "seats": [
            {"seat": x.seat, "name": x.name, "joined": x.joined, "phones": x.phones}
            for x in s.seats
        ],
        # Newest first, within one action too; ``by``: the player who did it, or None for
        # the table screen (the host).
        "history": [{"seq": h.seq, "by": h.by, "text": translate(h.text)} for h in s.history],
        "over": s.result is not None,
        "can_undo": s.can_undo,
        "can_redo": s.can_redo,
        # What Undo and Redo would take back ("Undo: Ann's hidden choice"), and why Undo
        # cannot (a reveal in the way): the words their buttons show.
        "undo_label": _said(s.undo_label),
        "undo_blocked": _said(s.undo_blocked),
        "redo_label": _said(s.redo_label),
        **({"clocks": clocks} if (clocks := api_clocks(asking.loaded)) is not None else {}),
        # "What can I do now?" (the host's or this seat's): none for the public view.
        **({} if s.cando is None else cando.translated(s.cando)),
    }


@bp.get("/games")
def games() -> Response:
    return jsonify([_game_doc(g) for g in GAMES.values()])


@bp.post("/tables")
@create_limit
def create_table() -> tuple[Response, int]:
    body = _body()
    created = tables().create(body.get("game"), body.get("players"), body.get("options") or {})
    loaded = tables().load(created.id)
    return jsonify(
        {
            "id": created.id,
            "host_token": created.host_token,
            "table_url": public_base_url() + url_for("pages.table", table_id=created.id),
            "seats": [
                {
                    "seat": n,
                    "name": name,
                    "join_code": code,
                    "join_url": join_url(code),
                    "short_code": short,  # the same seat's code to type at /j
                }
                for n, (name, code, short) in enumerate(
                    zip(loaded.players, created.join_codes, created.short_codes, strict=True)
                )
            ],
        }
    ), 201


@bp.post("/join")
@join_limit
def join() -> Response:
    code = _body().get("code")
    table_id, seat, token = tables().claim(code)
    return jsonify({"table_id": table_id, "seat": seat, "token": token})


@bp.post("/tables/<table_id>/seats/<int:seat>/reissue")
def reissue(table_id: str, seat: int) -> Response:
    viewer = auth.bearer(tables(), table_id).viewer
    code = tables().reissue(table_id, viewer, seat)
    short = tables().short_code(table_id, seat)
    return jsonify(
        {"seat": seat, "join_code": code, "join_url": join_url(code), "short_code": short}
    )


def is_text(value: Any) -> bool:
    """Is ``value`` a Text, ``[msgid, params]``? (The one shape of translatable text.)"""
    return (
        isinstance(value, list)
        and len(value) == 2
        and isinstance(value[0], str)
        and isinstance(value[1], dict)
    )


def plain(value: Any, key: str = "") -> Any:
    """``value`` with every Text, and every msgid under a key ending in ``_t``, translated
    into the request's language (docs/api.md: "Text in replies")."""
    if is_text(value):
        return translate(value)
    if key.endswith("_t") and isinstance(value, str):
        return translate(value)
    if isinstance(value, list):
        # A list under a ``_t`` key holds msgids (or Texts) too.
        return [plain(v, key if key.endswith("_t") else "") for v in value]
    if isinstance(value, dict):
        return {k: plain(v, k) for k, v in value.items()}
    return value


def plain_text_asked() -> bool:
    """Did the client ask for every Text translated (``?text=plain``)?"""
    return request.args.get("text") == "plain"


def plain_reply(reply: dict[str, Any]) -> dict[str, Any]:
    """A view reply with every Text translated (``plain``), and the view's ``phase``: the
    one shell key that holds a msgid without the ``_t`` mark (kit.contract.SHELL_VIEW_KEYS),
    kept so for the clients that read it."""
    out = plain(reply)
    view = out.get("view")
    if isinstance(view, dict) and isinstance(view.get("phase"), str):
        view["phase"] = translate(view["phase"])
    return out


@bp.get("/tables/<table_id>")
def table(table_id: str) -> Response:
    reply = _view(auth.bearer(tables(), table_id))
    return jsonify(plain_reply(reply) if plain_text_asked() else reply)


@bp.post("/tables/<table_id>/actions")
def act(table_id: str) -> Response:
    viewer = auth.bearer(tables(), table_id).viewer
    body = _body()
    changed = tables().change(table_id, viewer, body)
    loaded = changed.loaded
    shown = [e for e in changed.events if visible(e, viewer)]
    reply = {
        "version": changed.version,
        "view": cache.view(loaded, viewer.actor),
        "events": [{**e, "text": translate(describe(loaded, e))} for e in shown],
    }
    return jsonify(plain_reply(reply) if plain_text_asked() else reply)


@bp.post("/tables/<table_id>/undo")
def undo(table_id: str) -> Response:
    viewer = auth.bearer(tables(), table_id).viewer
    # A body is optional: ``{"confirm": true}`` answers the question before the host takes
    # back a seat's own input.
    body = request.get_json(silent=True)
    confirm = isinstance(body, dict) and body.get("confirm") in (True, "1", "true", "yes")
    return jsonify({"version": tables().undo(table_id, viewer, confirm=confirm)})


@bp.post("/tables/<table_id>/redo")
def redo(table_id: str) -> Response:
    viewer = auth.bearer(tables(), table_id).viewer
    return jsonify({"version": tables().redo(table_id, viewer)})


@bp.get("/tables/<table_id>/result")
def result(table_id: str) -> Response:
    loaded = auth.bearer(tables(), table_id).loaded
    outcome = loaded.game.outcome(loaded.state)
    if outcome is None:
        raise RulesError("not_over", N_("The game is not over yet."))

    return jsonify(plain(outcome))
