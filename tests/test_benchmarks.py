"""The benchmarks keep working: each runs in --quick mode and prints its JSON figures.

No timing is asserted here (timings are compared as ratios, by hand, in one run against
the peer); only that each benchmark runs and reports what it promises.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PEER_KEYS = {
    "peer",
    "tables",
    "clients_per_table",
    "moves",
    "p50_ms",
    "p99_ms",
    "max_ms",
    "moves_per_s",
    "server_rss_mb",
    "bytes_per_subscriber_update",
}


def run(script: str) -> dict:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / script), "--quick"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    assert len(lines) == 1, done.stdout
    return json.loads(lines[0])


def test_fanout_reports_the_peers_figures_and_bytes_per_update():
    figures = run("fanout.py")
    assert PEER_KEYS <= set(figures)
    assert figures["moves"] == 5 and figures["p99_ms"] >= figures["p50_ms"] > 0
    assert 0 < figures["bytes_per_subscriber_update"] < figures["html_bytes_per_subscriber_update"]


@pytest.mark.parametrize("script", ["replay.py", "pages.py"])
def test_the_other_benchmarks_report_every_game(script):
    from companion.games import GAMES

    figures = run(script)
    per_game = figures["games"] if script == "replay.py" else figures["first_load"]
    assert set(per_game) == set(GAMES)


def test_idle_tables_leave_memory_beyond_the_cache():
    from companion.tables import MAX_CACHED

    figures = run("idle_tables.py")
    assert figures["cache"]["kept_in_memory"] == MAX_CACHED < figures["cache"]["tables"]
    assert figures["keep-all"]["kept_in_memory"] == figures["keep-all"]["tables"]
