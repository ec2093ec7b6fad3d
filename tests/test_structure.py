"""The project's own rules about itself: pure games, complete translations, a fresh catalog."""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest

from companion import i18n_tools
from companion.games import GAMES
from companion.games.base import SHELL_VIEW_KEYS

GAMES_DIR = Path(i18n_tools.PACKAGE) / "games"
FORBIDDEN = {"flask", "sqlite3", "time", "datetime", "random", "os", "threading", "werkzeug"}


@pytest.mark.parametrize("path", sorted(GAMES_DIR.glob("*.py")), ids=lambda p: p.name)
def test_rules_modules_import_no_flask_database_clock_or_global_random(path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            imported.add(node.module.split(".")[0])
    assert not imported & FORBIDDEN, f"{path.name} imports {sorted(imported & FORBIDDEN)}"


def test_every_text_in_code_and_templates_has_a_traditional_chinese_translation():
    assert i18n_tools.missing("zh_TW") == []


def test_the_compiled_catalog_matches_the_po_files():
    import gettext

    with i18n_tools.mo_path("zh_TW").open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]
    compiled = {k: v for k, v in compiled.items() if k}  # the header holds dates, not texts
    expected = {m.id: m.string for m in i18n_tools.merged_catalog("zh_TW") if m.id and m.string}
    assert compiled == expected, "run: python -m companion.i18n_tools compile"


def test_po_files_agree_where_they_translate_the_same_text():
    seen: dict[str, tuple[str, str]] = {}
    from babel.messages.pofile import read_po

    for po in sorted((i18n_tools.SOURCES / "zh_TW").glob("*.po")):
        with po.open("rb") as handle:
            for message in read_po(handle, locale="zh_TW"):
                if not message.id or not message.string:
                    continue
                if message.id in seen:
                    other_file, other = seen[message.id]
                    assert other == message.string, (message.id, other_file, po.name)
                seen[message.id] = (po.name, message.string)


@pytest.mark.parametrize("game", sorted(GAMES), ids=str)
def test_every_game_honours_the_contract(game):
    g = GAMES[game]
    players = [f"P{n}" for n in range(g.max_players)]
    options = {o.name: o.default for o in g.options}
    state = g.setup(players, options, random.Random(7))
    assert json.loads(json.dumps(state)) == state
    for viewer in [None, *range(len(players))]:
        view = g.view(state, viewer)
        assert set(SHELL_VIEW_KEYS) <= set(view)
        assert [p["seat"] for p in view["players"]] == list(range(len(players)))
        json.dumps(view)
        if viewer is not None:
            assert "me" in view
        for action in g.allowed(state, viewer):
            assert action in g.actions
    assert g.result(state) is None
