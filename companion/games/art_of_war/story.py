"""What the story of the night charts for The Art of War: points, money, food, soldiers.

Read from the PUBLIC view only (``view(state, None)``), so the chart at each step shows
exactly what the table screen showed then; a number the table screen did not show is None.
"""

from __future__ import annotations

from typing import Any

from ..kit import N_

# Each charted number: its label (a msgid) and its key in a seat's public row.
SERIES = {
    N_("Points"): "score",
    N_("Money"): "money",
    N_("Food in hand"): "food",
    N_("Soldiers"): "soldiers_total",
}


def story_series(public_view: dict[str, Any]) -> dict[str, list[Any]]:
    """The public numbers to chart at this moment: label -> one value per seat."""
    players = public_view.get("players") or []
    return {label: [p.get(key) for p in players] for label, key in SERIES.items()}
