"""Types are checked: mypy reads companion/ as pyproject.toml's ``[tool.mypy]`` says, strictly
on the game kit, and finds nothing wrong, so the test command fails on a type error too.

mypy runs as its own process from the project's root (it finds the config there), with its
cache in the temporary folder, one per checkout: a run after a small change takes seconds.
"""

from __future__ import annotations

import hashlib
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CACHE = Path(tempfile.gettempdir()) / (
    "companion-mypy-" + hashlib.sha256(str(ROOT).encode()).hexdigest()[:12]
)
HUNG = 900  # seconds: only stops a hung run; a cold one on a loaded machine takes about a minute


def mypy(*args: str, cache: Path = CACHE) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(cache), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=HUNG,
    )


def test_mypy_finds_no_type_errors_in_companion():
    result = mypy()
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Success: no issues found" in result.stdout


def test_the_kit_is_checked_strictly_and_a_game_by_the_default_rules(tmp_path):
    """The same unannotated function is an error in the kit and allowed in a game module: the
    kit's override is in force and reaches no further (a per-module ``strict = true`` would
    turn strict on everywhere)."""
    probe = "\n\ndef untyped(x):\n    return x\n"
    kit = ROOT / "companion/games/kit/seats.py"
    game = ROOT / "companion/games/quorsum/data.py"
    shadows = []
    for path in (kit, game):
        shadow = tmp_path / path.name
        shadow.write_text(path.read_text(encoding="utf-8") + probe, encoding="utf-8")
        shadows += ["--shadow-file", str(path), str(shadow)]
    # A cache of its own: the shadowed files would make the whole check's cache stale.
    result = mypy(*shadows, str(kit), str(game), cache=CACHE / "probe")
    errors = [line for line in result.stdout.splitlines() if ": error:" in line]
    assert len(errors) == 1, result.stdout
    assert errors[0].startswith("companion/games/kit/seats.py:")
    assert "[no-untyped-def]" in errors[0]
