"""Ours against the peer, back to back: the fan-out benchmark's ratios at several table counts.

For each T, R paired runs: ``benchmarks/fanout.py T S M --game G`` (this working tree), then
the peer's ``../shared/bench/peer-boardgameio/run.sh T S M`` (boardgame.io, on developer
machines only). Running them in pairs, one right after the other, puts both under the same
machine load; the median of the per-pair ratios then shrugs off a run that a busy moment
spoiled.

    python benchmarks/compare_peer.py [--tables 1 20 100] [--subscribers 8] [--moves 50]
                                      [--runs 3] [--game samurai-sword]

Prints ONE JSON line: per T every run's raw figures (ours and the peer's) and the median of
each ratio ours / peer for p50_ms, p99_ms, moves_per_s, server_rss_mb and
server_cpu_ms_per_move (below 1 is better for ours, except moves_per_s). Progress goes to
stderr. A developer tool: CI does not run it.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PEER = ROOT.parent / "shared" / "bench" / "peer-boardgameio" / "run.sh"
RATIOS = ("p50_ms", "p99_ms", "moves_per_s", "server_rss_mb", "server_cpu_ms_per_move")


def json_line(command: list[str], env: dict[str, str] | None = None) -> dict[str, Any]:
    """Run a benchmark and return the JSON line it prints last on stdout (stderr passes on)."""
    done = subprocess.run(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        sys.exit(f"compare_peer: {' '.join(command)} failed (exit {done.returncode})")
    return json.loads(lines[-1])


def ratio(ours: dict[str, Any], peer: dict[str, Any], key: str) -> float | None:
    """ours / peer for one figure, or None when either is missing or the peer's is 0."""
    a, b = ours.get(key), peer.get(key)
    if not isinstance(a, (int, float)) or not isinstance(b, (int, float)) or b == 0:
        return None
    return round(a / b, 3)


def compare(tables: int, subscribers: int, moves: int, runs: int, game: str) -> dict[str, Any]:
    """R paired runs at T tables: the raw figures and the median ratio of each figure."""
    # The working tree's code, whichever copy of the package the interpreter has installed.
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONPATH": path}
    ours_cmd = [sys.executable, str(ROOT / "benchmarks" / "fanout.py")]
    sizes = [str(tables), str(subscribers), str(moves)]
    pairs = []
    for n in range(runs):
        ours = json_line([*ours_cmd, *sizes, "--game", game], env)
        peer = json_line([str(PEER), *sizes])
        ratios = {key: ratio(ours, peer, key) for key in RATIOS}
        pairs.append({"ours": ours, "peer": peer, "ratios": ratios})
        print(f"T={tables} run {n + 1}/{runs}: ours/peer {json.dumps(ratios)}", file=sys.stderr)
    medians = {}
    for key in RATIOS:
        values = [p["ratios"][key] for p in pairs if p["ratios"][key] is not None]
        medians[key] = round(statistics.median(values), 3) if values else None
    return {"runs": pairs, "median_ratio": medians}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[1, 20, 100], metavar="T")
    parser.add_argument("--subscribers", type=int, default=8, metavar="S")
    parser.add_argument("--moves", type=int, default=50, metavar="M")
    parser.add_argument("--runs", type=int, default=3, metavar="R", help="paired runs per T")
    parser.add_argument("--game", default="samurai-sword", help="our game (fanout.py --game)")
    args = parser.parse_args()
    if not os.access(PEER, os.X_OK):
        sys.exit(
            f"compare_peer: the peer benchmark is missing: {PEER} "
            "(it is on developer machines only, beside this repository in ../shared)"
        )
    result = {
        "game": args.game,
        "clients_per_table": args.subscribers,
        "moves": args.moves,
        "runs": args.runs,
        "tables": {
            str(t): compare(t, args.subscribers, args.moves, args.runs, args.game)
            for t in args.tables
        },
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
