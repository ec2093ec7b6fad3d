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

from companion.games import GAMES
from tests.fixtures.benchmarks import benchmark_output

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


def run(script: str, *args: str, timeout: float = 300) -> dict:
    """The one JSON line a benchmark prints, run ``--quick`` with ``args``; it must succeed."""
    out = benchmark_output(script, "--quick", *args, timeout=timeout)
    lines = [line for line in out.splitlines() if line.startswith("{")]
    assert len(lines) == 1, out
    return json.loads(lines[0])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_fanout_drives_every_game_with_its_move_mix(game):
    # A refused move fails the run.
    figures = run("fanout.py", "--game", game, timeout=120)
    ours = {"html_bytes_per_subscriber_update", "server_cpu_ms_per_move", "client_cpu_ms_per_move"}
    assert PEER_KEYS | ours | {"game", "mix"} <= set(figures)
    assert figures["game"] == game and figures["mix"] and figures["moves"] == 5


def test_compare_peer_explains_itself():
    out = benchmark_output("compare_peer.py", "--help", timeout=60)
    assert "--tables" in out and "--runs" in out


@pytest.mark.parametrize("script", ["replay.py", "pages.py"])
def test_the_other_benchmarks_report_every_game(script):
    from companion.games import GAMES

    figures = run(script)
    per_game = figures["games"] if script == "replay.py" else figures["first_load"]
    assert set(per_game) == set(GAMES)


def test_idle_tables_leave_memory_beyond_the_cache():
    from companion.pipeline.tables import MAX_CACHED

    figures = run("idle_tables.py")
    assert figures["cache"]["kept_in_memory"] == MAX_CACHED < figures["cache"]["tables"]
    assert figures["keep-all"]["kept_in_memory"] == figures["keep-all"]["tables"]


def test_phone_dom_reports_the_work_per_live_update():
    figures = run("phone_dom.py", timeout=180)  # a browser run: a shorter limit of its own
    timings = {"swap_ms", "frame_ms"}
    counts = {"message_bytes_p50", "messages_per_move", "dom_nodes", "live_html_bytes"}
    assert timings | counts | {"game", "moves", "cpu_throttle"} <= set(figures)
    assert figures["moves"] == 5 and figures["cpu_throttle"] == 4
    for key in timings:
        assert set(figures[key]) == {"p50", "p95", "max"}
        assert all(isinstance(value, (int, float)) for value in figures[key].values())
    assert all(figures[key] > 0 for key in counts), figures


def test_commit_stall_reports_latency_and_fsyncs_under_a_slow_disk():
    # Needs strace (scripts/test installs it): the server's fsyncs are delayed through it.
    figures = run("commit_stall.py")
    keys = {"p50_ms", "mean_ms", "p99_ms", "max_ms", "moves_per_s", "fsync_delay_ms", "tables"}
    assert keys | {"moves", "moves_per_table", "fsyncs"} <= set(figures)
    assert (figures["tables"], figures["moves_per_table"], figures["moves"]) == (2, 5, 10)
    assert figures["fsync_delay_ms"] == 5
    assert figures["p99_ms"] >= figures["p50_ms"] > 0 and figures["fsyncs"] > 0


def test_fanout_runs_on_postgresql_with_workers():
    # A throwaway PostgreSQL cluster (tests/pgcluster.py) and two server processes: a move
    # and the streams that must see it may be on different processes.
    figures = run("fanout.py", "--db", "postgresql", "--workers", "2", timeout=120)
    assert figures["db"] == "postgresql" and figures["workers"] == 2
    assert figures["p50_ms"] > 0 and figures["moves_per_s"] > 0 and figures["moves"] == 5
    assert figures["db_rss_mb"] > 0 and figures["db_cpu_ms_per_move"] >= 0
    assert figures["total_rss_mb"] == round(figures["server_rss_mb"] + figures["db_rss_mb"], 1)


def test_fanout_needs_postgresql_for_workers():
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "fanout.py"), "--quick", "--workers", "2"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert done.returncode == 2 and "--workers needs PostgreSQL" in done.stderr


def test_disk_writes_reports_bytes_per_move_for_a_game():
    figures = run("disk_writes.py", "--game", "quorsum", timeout=120)
    assert figures["sqlite"]["synchronous"] == "FULL"  # never traded for fewer writes
    [game] = figures["games"]
    assert game["game"] == "quorsum" and game["moves"] > 100 and game["games_finished"] == 1
    # Every move's commit reaches the disk: at least one 4 KB page, and the snapshot too.
    assert game["bytes_per_move"] >= 4096 and game["snapshot_bytes_per_game"] > 0


def test_one_core_pins_the_server_and_reports_each_game():
    # The server alone on one core: taskset must leave it exactly that core.
    figures = run("one_core.py", timeout=180)
    assert figures["tables"] == 1 and figures["screens"] == 8 and figures["moves"] == 3
    (game,) = [key for key in figures if key in GAMES]
    assert {"p50_ms", "p99_ms", "max_ms", "server_cpu_ms_per_move"} <= set(figures[game])
    assert 0 < figures[game]["p50_ms"] <= figures[game]["p99_ms"]
    assert figures[game]["server_cpus"] == [figures["cpu"]]


def test_render_steps_reports_every_game_per_live_area():
    figures = run("render_steps.py", timeout=180)
    assert set(figures["games"]) == set(GAMES) and figures["target_ms"] == 4
    for game in figures["games"].values():
        assert game["steps"] > 0 and game["ms_per_step"] > 0
        assert {"table", "tv", "phones"} <= set(game)


def test_fanout_reports_where_the_servers_memory_goes():
    figures = run("fanout.py", "--memory-breakdown", "--tracemalloc", timeout=180)
    report = figures["memory_breakdown"]
    assert report["process"]["rss_mb"] > 0 and report["process"]["mappings_rss_mb"]
    # --quick: 2 tables of 4 screens, every stream still open when the report is taken.
    streams = report["streams"]
    assert streams["streams"] == 8 and sum(streams["gzip_streams_by_window_bits"].values()) == 8
    assert streams["zlib_native_mb_estimate"] > 0 and streams["held_entries"] > 0
    assert report["threads"]["greenlets"] >= 8 and report["objects"]["by_type"]
    traced = report["tracemalloc"]
    assert traced["traced_mb"] > 0 and traced["by_line"] and traced["by_file"]
