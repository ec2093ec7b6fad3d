""" "What can I do now?" for one screen: the kit's answer (``games.kit.cando``) for the host or
a seat, worked out once per version of the table and viewer, as plain data.

The table screen of someone without the host's cookie and a TV act on nothing, so they get
no panel. A seat's answer is its own allowed list and public refusals; the host's is built
from the host's allowed list and the same public refusals, so neither tells anyone more
than their own buttons already do.
"""

from __future__ import annotations

import json
from typing import Any

from ..games.kit import Actor, Game
from ..games.kit.cando import what_now
from ..pipeline.tables import Loaded, Viewer
from .i18n import translate


def now(loaded: Loaded, viewer: Viewer) -> dict[str, Any] | None:
    """``{"can_do": [...], "cannot_do": [...]}`` for this viewer now (msgids and Texts, not
    yet translated), or None for a screen that acts on nothing."""
    if viewer.kind not in ("host", "seat") or viewer.screen == "tv":
        return None
    actor = viewer.actor
    game = loaded.game
    # Carried to the next version while what it read of the state is unchanged.
    return loaded.derived(("cando", actor), lambda state: _panel(game, state, actor))


def _panel(game: Game, state: Any, actor: Actor) -> dict[str, Any]:
    """The kit's answer as plain data, with the "why not"s also grouped by reason (first
    seen first), so a phone reads each reason once, followed by the actions it stops."""
    panel = what_now(game, state, actor).as_dict()
    groups: dict[str, dict[str, Any]] = {}
    for item in panel["cannot_do"]:
        key = json.dumps(item["reason"], sort_keys=True)
        group = groups.setdefault(key, {"reason": item["reason"], "actions": []})
        group["actions"].append({k: item[k] for k in ("type", "label", "rule")})
    panel["why_not"] = list(groups.values())
    return panel


def translated(panel: dict[str, Any] | None) -> dict[str, list[dict[str, str]]]:
    """The panel for the JSON API, in the request's language: ``can_do`` as
    ``{type, label, doc, rule}``, ``cannot_do`` as ``{type, label, reason, rule}``."""
    if panel is None:
        return {"can_do": [], "cannot_do": []}
    return {
        "can_do": [
            {
                "type": a["type"],
                "label": translate(a["label"]),
                "doc": translate(a["doc"]),
                "rule": a["rule"],
            }
            for a in panel["can_do"]
        ],
        "cannot_do": [
            {
                "type": a["type"],
                "label": translate(a["label"]),
                "reason": translate(a["reason"]),
                "rule": a["rule"],
            }
            for a in panel["cannot_do"]
        ],
    }
