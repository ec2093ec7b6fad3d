"""The project's own rules about itself: pure games, complete translations, a fresh catalog."""

from __future__ import annotations

import ast
import json
import random
import re
import sys
from pathlib import Path

import pytest

from companion import i18n_tools
from companion.games import GAMES
from companion.games.art_of_war.data import ALLOWANCES as AOW_ALLOWANCES
from companion.games.kit import SHELL_VIEW_KEYS

GAMES_DIR = Path(i18n_tools.PACKAGE) / "games"
FORBIDDEN = {"flask", "sqlite3", "time", "datetime", "random", "os", "threading", "werkzeug"}


STDLIB = set(sys.stdlib_module_names) - FORBIDDEN
# The kit's driver makes the seeded generators every action draws from (never the module's
# global one): the one place under games/ that may import random (and pickle, to copy).
KIT_EXCEPTIONS = {"driver.py": {"random", "pickle"}}


def imports_of(path: Path) -> list[tuple[int, str]]:
    """(level, module) of every import in a file: level 0 absolute, 1 ``.x``, 2 ``..x``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(0, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.level, node.module or ""))
    return found


GAME_FILES = sorted(
    p for p in GAMES_DIR.rglob("*.py") if "kit" not in p.relative_to(GAMES_DIR).parts
)


@pytest.mark.parametrize("path", GAME_FILES, ids=lambda p: str(p.relative_to(GAMES_DIR)))
def test_a_game_imports_only_the_kit_its_own_package_and_the_standard_library(path):
    inside = path.relative_to(GAMES_DIR).parts
    for level, module in imports_of(path):
        top = module.split(".")[0]
        if level == 0:
            assert top in STDLIB or top == "__future__", f"{path.name} imports {module}"
        elif len(inside) == 1:  # games/__init__.py (the registry) or a game not yet a package
            assert level == 1, f"{path.name} reaches above games/: {'.' * level}{module}"
        else:  # games/<game>/<module>.py
            assert level == 1 or (level == 2 and top in ("kit", "")), (
                f"{'/'.join(inside)} imports {'.' * level}{module}: only ..kit, its own package"
                " and the standard library"
            )


@pytest.mark.parametrize("path", sorted((GAMES_DIR / "kit").glob("*.py")), ids=lambda p: p.name)
def test_the_kit_imports_nothing_above_it(path):
    allowed = STDLIB | KIT_EXCEPTIONS.get(path.name, set())
    for level, module in imports_of(path):
        top = module.split(".")[0]
        if level == 0:
            assert top in allowed or top == "__future__", f"kit/{path.name} imports {module}"
        else:
            # .x inside the kit; ...text and ...errors, the ground floor under it
            assert level == 1 or (level == 3 and module in ("text", "errors")), (
                f"kit/{path.name} imports {'.' * level}{module}"
            )


def test_every_text_in_code_and_templates_has_a_traditional_chinese_translation():
    assert i18n_tools.missing("zh_TW") == []


def test_the_compiled_catalog_matches_the_po_files():
    import gettext

    with i18n_tools.mo_path("zh_TW").open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)._catalog  # type: ignore[attr-defined]
    compiled = {k: v for k, v in compiled.items() if k}  # the header holds dates, not texts
    expected = {}
    for m in i18n_tools.merged_catalog("zh_TW"):
        if not m.id or not m.string:
            continue
        if m.pluralizable:  # a plural entry: one string per form
            expected.update({(m.id[0], n): form for n, form in enumerate(m.string)})
        else:
            expected[m.id] = m.string
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


@pytest.mark.parametrize("game", sorted(GAMES), ids=str)
def test_each_games_docs_page_has_the_who_when_table_of_its_declarations(game):
    from companion.web import gamedocs

    page = (gamedocs.DOCS / f"{game}.md").read_text(encoding="utf-8")
    assert gamedocs.block(GAMES[game]) in page, "run: python -m companion.web.gamedocs"


WEB_DIR = Path(i18n_tools.PACKAGE) / "web"


def store_reaches(source: str, package: str = "companion.web") -> list[str]:
    """Where a module of ``package`` reaches the store: an import of ``companion.store``, or
    ``.store`` / ``.hub`` on anything (the pipeline object's store and live hub)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        modules: list[str] = []
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
            if node.level == 0:
                base = ""
            module = ".".join(p for p in (base, node.module or "") if p)
            modules = [module] + [f"{module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Attribute) and node.attr in ("store", "hub"):
            found.append(f"line {node.lineno}: .{node.attr}")
        for module in modules:
            if module == "companion.store" or module.startswith("companion.store."):
                found.append(f"line {node.lineno}: imports {module}")
    return found


def test_the_store_check_can_fail():
    assert store_reaches("from ..store import digest")
    assert store_reaches("from .. import store")
    assert store_reaches("import companion.store.log")
    assert store_reaches("tables().store.seats(1)")
    assert store_reaches("pipeline.hub.subscribe(1)")
    assert not store_reaches("from ..tables import Tables\ntables().seats(1)")


@pytest.mark.parametrize("path", sorted(WEB_DIR.glob("*.py")), ids=lambda p: p.name)
def test_the_web_reaches_the_store_and_the_hub_only_through_the_pipeline(path):
    """The web speaks to ``Tables`` (``seats``, ``recent``, ``subscribe``, ``join_code``...);
    only ``Tables`` speaks to the store and the live hub."""
    assert store_reaches(path.read_text(encoding="utf-8")) == []


# --------------------------------------------------------------------------- templates only display

TEMPLATES_DIR = Path(i18n_tools.ROOT) / "templates"
GAME_TEMPLATES = sorted((TEMPLATES_DIR / "games").rglob("*.html"))
JINJA_TAG = re.compile(r"\{%.*?%\}|\{\{.*?\}\}", re.S)
# A phase compared by number or name: the view says what the phase means (``v.in_setup``,
# ``v.selling_food``, ``v.in_battle``...).
PHASE_TEST = re.compile(
    r"(?<!for\s)\bphase(?:_no|_id)?\s*(?:==|!=|<=|>=|<|>|(?:not\s+)?in\b)"
    r"|(?:==|!=|<=|>=|<|>)\s*[\w.]*\bphase(?:_no|_id)?\b(?![\w.])"
)
# Art of War's starting resources (8 / 9 / 9 / 10) depend on the table's options and seats.
ALLOWANCE_NUMBERS = re.compile(r"\s*/\s*".join(str(n) for n in AOW_ALLOWANCES[:3]) + r"\b")
# Sun Tzu's held Warlords go by letter: the view gives each its ``letter``.
LETTERS_RULE = re.compile(r"\{%-?\s*set\s+letters\b")


def template_rules(text: str) -> list[str]:
    """What in a template decides a rule instead of displaying the view's answer."""
    found = []
    for tag in JINJA_TAG.finditer(text):
        line = text.count("\n", 0, tag.start()) + 1
        if PHASE_TEST.search(tag.group()):
            found.append(f"line {line}: compares a phase: {tag.group()}")
        if LETTERS_RULE.search(tag.group()):
            found.append(f"line {line}: letters Warlords itself: {tag.group()}")
    for match in ALLOWANCE_NUMBERS.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        found.append(f"line {line}: hard-codes the starting resources: {match.group()}")
    return found


def test_the_template_check_can_fail():
    assert template_rules("{% if v.phase_no >= 0 and not v.over %}")
    assert template_rules("{% if v.phase_no == 6 %}x{% endif %}")
    assert template_rules("{% if 6 != v.phase_no %}x{% endif %}")
    assert template_rules("{% elif v.phase_id == 'battle' %}")
    assert template_rules('{% set in_battle = v.phase_id == "battle" %}')
    assert template_rules('{% if v.phase in ["Setup"] %}')
    assert template_rules('{{ _("(8 / 9 / 9 / 10 in turn order)") }}')
    assert template_rules("<p>8/9/9/10</p>")
    assert template_rules('{% set letters = ["A", "B", "C", "D", "E"] %}')
    assert not template_rules('<div data-phase="{{ v.phase_id }}">{{ v.phase|t }}</div>')
    assert not template_rules("{% for phase in v.phases %}{{ phase.name|t }}{% endfor %}")
    assert not template_rules("{% if v.in_setup %}{{ v.phase_badge }}{% endif %}")
    assert not template_rules('{{ _("Warlord {n}").format(n=w.letter) }} {# 0 / 1 / 2 #}')


@pytest.mark.parametrize(
    "path", GAME_TEMPLATES, ids=lambda p: str(p.relative_to(TEMPLATES_DIR / "games"))
)
def test_a_game_template_displays_the_view_and_decides_no_rule(path):
    """Phases, starting resources and Warlord letters come from the view (DESIGN.md, Traps)."""
    assert template_rules(path.read_text(encoding="utf-8")) == []
