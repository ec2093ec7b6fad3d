"""Each game's ``reveals``: the event types after which undo stops (a reveal is a barrier).

The platform shows "Undo stops at {what}: correct the board instead." with the game's msgid,
so every key must be an event type the game really emits (a typo would silently never stop
undo) and every msgid must read well after "Undo stops at " in both languages.
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from companion.games import GAMES

I18N = Path(__file__).resolve().parents[2] / "companion" / "i18n" / "zh_TW"
GAME_IDS = sorted(GAMES)


def _module_source(game_id: str) -> str:
    """Every source file of the game: its package, or its module while one is moving."""
    path = Path(inspect.getsourcefile(inspect.getmodule(GAMES[game_id].setup)))
    files = [path] if path.parent.name == "games" else sorted(path.parent.glob("*.py"))
    return "\n".join(f.read_text(encoding="utf-8") for f in files)


def _catalog(game_id: str):
    with open(I18N / f"{game_id}.po", "rb") as handle:
        return read_po(handle)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_reveal_is_an_event_type_the_game_emits(game_id):
    # The declaration itself names every key: look for the type everywhere else.
    source = re.sub(r"reveals=\{.*?\n    \}", "", _module_source(game_id), flags=re.S)
    for kind in GAMES[game_id].reveals:
        # Emitted as {"type": "Kind", ...}, or as the type argument of a helper (_note).
        assert re.search(rf'"type": "{kind}"|^\s+"{kind}"(,| if )|= "{kind}" if ', source, re.M), (
            f"{game_id}: {kind} is never emitted"
        )


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_reveal_says_what_it_shows_after_undo_stops_at_in_both_languages(game_id):
    catalog = _catalog(game_id)
    for kind, what in GAMES[game_id].reveals.items():
        assert what and what[0].islower() and not what.endswith((".", ":", "!")), (kind, what)
        message = catalog.get(what)
        assert message is not None and message.string, (game_id, kind, what)
        assert not re.search(r"[,:;.!?]", message.string), (what, message.string)


def test_the_games_with_hidden_information_declare_their_reveals():
    assert {"ProvinceRevealed", "WarlordPlayed"} <= set(GAMES["sun-tzu"].reveals)
    assert {"CardTaken", "CardsGiven", "GeneralUsed", "BlueprintDrawn"} <= set(
        GAMES["art-of-war"].reveals
    )
    assert "SwordmasterVoid" in GAMES["samurai-sword"].reveals
    # Quorsum and 3 Kingdoms Battle hide nothing (their digests' §8): no action reveals.
    assert GAMES["quorsum"].reveals == {} and GAMES["three-kingdoms"].reveals == {}
