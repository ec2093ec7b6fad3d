"""The house's wings and the doors between them, checked from the code's own imports.

``companion/`` is the ground floor (``text``, ``errors``) under the games, the store, the
pipeline, the after-game wing, the web and the serving processes. Each wing may import only the
floors below it (the table ``MAY_IMPORT``); nothing imports back up; there are no circles; all
SQL lives in the store; and only a handful of modules stand alone at the top.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion import i18n_tools

PACKAGE = Path(i18n_tools.PACKAGE)
TOP_LEVEL_MODULES = 8
# Which wing each wing may import (besides itself). The ground floor is ``text``, ``errors``
# and ``i18n_tools``; ``app`` is ``companion/__init__.py`` and ``cli.py``, which build it all.
MAY_IMPORT = {
    "ground": set(),
    "games": {"ground"},
    "store": {"ground"},
    "pipeline": {"ground", "games", "store"},
    "after": {"ground", "games", "pipeline"},
    "web": {"ground", "games", "pipeline", "after"},
    "serve": {"ground"},
    "app": {"ground", "games", "store", "pipeline", "after", "web", "serve"},
}
GROUND = {"text", "errors", "i18n_tools"}
SQL = re.compile(r"\b(SELECT\s.+\sFROM|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM)\b")


def module_of(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def wing_of(module: str) -> str:
    parts = module.split(".")
    if len(parts) == 1:
        return "app"  # companion itself
    if parts[1] in MAY_IMPORT:
        return parts[1]
    if parts[1] in GROUND:
        return "ground"
    return "app"


def imports(path: Path) -> Iterator[tuple[int, str]]:
    """(line, absolute module) of every import of a companion module in ``path``, including
    imports inside functions: a deferred import is still a door."""
    module = module_of(path)
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "companion":
                    yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] != "companion":
                continue
            # ``from . import notes`` names a module; ``from .tables import Tables`` doesn't
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                named = PACKAGE.parent.joinpath(*sub.split("."))
                is_module = named.with_suffix(".py").exists() or (named / "__init__.py").exists()
                yield node.lineno, sub if is_module else target


SOURCES = sorted(PACKAGE.rglob("*.py"))
GRAPH = {
    module_of(path): {target for _line, target in imports(path) if target != module_of(path)}
    for path in SOURCES
}


def test_only_a_handful_of_modules_stand_alone_at_the_top():
    alone = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(alone) <= TOP_LEVEL_MODULES, alone
    wings = sorted(p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists())
    assert {"store", "pipeline", "after", "web", "games", "serve"} <= set(wings)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_a_module_imports_only_its_own_wing_and_the_floors_below(path):
    wing = wing_of(module_of(path))
    for line, target in imports(path):
        other = wing_of(target)
        if target == "companion":  # the app's package itself: only the app's own modules
            assert wing == "app", f"{path.relative_to(PACKAGE)}:{line} imports the app's package"
            continue
        if other == wing:
            continue
        assert other in MAY_IMPORT[wing], (
            f"{path.relative_to(PACKAGE)}:{line} ({wing}) imports {target} ({other})"
        )


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph.get(node, ()):
            if nxt not in graph:
                continue
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                top = stack.pop()
                group.append(top)
                if top == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_modules_import_each_other_in_a_circle():
    # A package's __init__ re-exporting its own modules is not a circle through them.
    graph = {
        module: {t for t in targets if not module.startswith(t + ".") and t != "companion"}
        for module, targets in GRAPH.items()
    }
    assert circles(graph) == []


def test_the_circle_check_can_fail():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_all_sql_lives_in_the_store(path):
    if wing_of(module_of(path)) == "store":
        return
    text = path.read_text(encoding="utf-8")
    found = [
        f"line {text.count(chr(10), 0, m.start()) + 1}: {m.group()[:60]}"
        for m in SQL.finditer(text)
    ]
    assert found == [], f"{path.relative_to(PACKAGE)} runs its own SQL"


def test_the_sql_check_can_fail():
    assert SQL.search('db.execute("SELECT text FROM seat_notes WHERE seat=?")')
    assert SQL.search("DELETE FROM actions WHERE table_id=?")
    assert not SQL.search("select the seat from the list")
