"""The who/when table of every game's docs page, generated from the actions' declarations.

Each ``docs/games/<game>.md`` holds the table between two markers; this rewrites it from the
game's ``Action.who``/``phases``/``when``, so the docs can never say something the code does
not do (a test checks the pages are current):

    python -m companion.web.gamedocs
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from ..games import GAMES
from ..games.example import GAME as EXAMPLE
from ..games.kit import Game, who_when_table

DOCS = Path(__file__).resolve().parents[2] / "docs" / "games"
START, END = "<!-- who-when:start -->", "<!-- who-when:end -->"
BLOCK = re.compile(re.escape(START) + r".*?" + re.escape(END), re.S)


def block(game: Game) -> str:
    table = who_when_table(game.actions, dict(game.phases))
    return f"{START}\n{table}\n{END}"


def current(page: str, game: Game) -> str:
    """The page with its who/when block rewritten (appended under a heading if missing)."""
    if BLOCK.search(page):
        return BLOCK.sub(lambda _m: block(game), page)
    return page.rstrip("\n") + "\n\n## Who may act, and when\n\n" + block(game) + "\n"


def main() -> int:
    # The example game is in no registry, but the guide points at its page too.
    for game in (*GAMES.values(), EXAMPLE):
        path = DOCS / f"{game.id}.md"
        page = path.read_text(encoding="utf-8") if path.exists() else f"# {game.name}\n"
        path.write_text(current(page, game), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
