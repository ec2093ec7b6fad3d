"""Each game declares its parts one way, explicitly.

What happens when a phase begins and when a sealed round is revealed are functions of the
parts that own them, registered by name in the game's ``__init__``, so no module is imported
only for what importing it does; every action is an ``Action(...)`` in the kit's
``action_table``.
"""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
from pathlib import Path

import pytest

from companion.games import example
from companion.games.kit import Phases, sealed
from tests.secrecy.driver import all_games

GAMES_DIR = Path(example.__file__).resolve().parents[1]
PACKAGES = sorted(
    p.name for p in GAMES_DIR.iterdir() if (p / "__init__.py").exists() and p.name != "kit"
)


def test_no_module_is_imported_only_for_what_importing_it_does():
    found = [
        f"{path.relative_to(GAMES_DIR)}:{n}"
        for path in sorted(GAMES_DIR.rglob("*.py"))
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "noqa: F401" in line
    ]
    assert found == []


def test_the_kit_registers_hooks_by_name_and_has_no_decorator_that_registers_on_import():
    assert not hasattr(Phases, "on_enter") and not hasattr(sealed.Resolvers, "on")
    phases = Phases([("a", "A"), ("b", "B")])
    with pytest.raises(ValueError, match="no phase"):
        phases.register({"c": lambda state: []})
    rounds = sealed.Resolvers()
    rounds.register({"bid": lambda state, choices: []})
    with pytest.raises(ValueError, match="already have a resolver"):
        rounds.register({"bid": lambda state, choices: []})


def registries(package: str) -> list[tuple[str, Phases | sealed.Resolvers]]:
    """Every ``Phases`` and ``Resolvers`` a game's modules hold, by where they are defined."""
    base = f"companion.games.{package}"
    found: dict[int, tuple[str, Phases | sealed.Resolvers]] = {}
    for info in pkgutil.iter_modules([str(GAMES_DIR / package)]):
        module = importlib.import_module(f"{base}.{info.name}")
        for name, value in vars(module).items():
            if isinstance(value, Phases | sealed.Resolvers):
                found.setdefault(id(value), (name, value))
    return list(found.values())


def hooks_of(registry: Phases | sealed.Resolvers) -> list:
    if isinstance(registry, Phases):
        leave = getattr(registry, "_leave", {})
        return [h for n in registry.order for h in [*registry.hooks(n), *leave.get(n, [])]]
    return [registry.resolver(name) for name in registry._by_round]


@pytest.mark.parametrize("package", PACKAGES)
def test_each_hook_is_a_function_of_the_game_named_in_its_init(package):
    init = (GAMES_DIR / package / "__init__.py").read_text(encoding="utf-8")
    hooks = [h for _name, registry in registries(package) for h in hooks_of(registry)]
    assert hooks, f"{package} registers no hook"
    for hook in hooks:
        assert hook.__module__.startswith(f"companion.games.{package}."), hook
        assert inspect.isfunction(hook) and not hook.__name__.startswith("_"), hook
        assert hook.__name__ in init, f"{hook.__name__} is not registered in {package}/__init__"


def test_every_game_is_checked():
    assert {importlib.import_module(f"companion.games.{p}").GAME.id for p in PACKAGES} == set(
        all_games()
    )


# --------------------------------------------------------------------------- one way to declare


def calls_to(tree: ast.AST, name: str) -> list[ast.Call]:
    return [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == name
    ]


@pytest.mark.parametrize("package", PACKAGES)
def test_every_action_is_declared_one_way_in_one_action_table(package):
    """An ``Action(...)`` at a module's top level, gathered by the kit's ``action_table``: no
    helper that builds actions its own way, no table built by hand."""
    tables = 0
    for path in sorted((GAMES_DIR / package).glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for fn in ast.walk(tree):
            if isinstance(fn, ast.FunctionDef | ast.Lambda):
                assert not calls_to(fn, "Action"), f"{path.name}: an Action built in a function"
        tables += len(calls_to(tree, "action_table"))
        assert "a.type: a" not in path.read_text(encoding="utf-8"), path.name
    assert tables == 1
