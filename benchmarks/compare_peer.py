"""Ours against the peer, back to back: the fan-out benchmark's ratios at several table counts.

For each T, R paired runs: ``benchmarks/fanout.py T S M --game G`` (this working tree), then
the peer's ``../shared/bench/peer-boardgameio/run.sh T S M`` (boardgame.io, on developer
machines only). Running them in pairs, one right after the other, puts both under the same
machine load; the median of the per-pair ratios then shrugs off a run that a busy moment
spoiled.

    python benchmarks/compare_peer.py [--tables 1 20 100] [--subscribers 8] [--moves 50]
                                      [--runs 3] [--game samurai-sword]
                                      [--db sqlite|postgresql|postgresql://...] [--workers N]

``--db`` and ``--workers`` go to our side alone (``fanout.py --db ... --workers N``): ours
keeps the games in SQLite (default) or PostgreSQL, as one server process or N.

Prints ONE JSON line: ``db`` and ``workers``, per T every run's raw figures (ours and the
peer's) and the median of each ratio ours / peer for p50_ms, p99_ms, moves_per_s,
server_rss_mb and server_cpu_ms_per_move (below 1 is better for ours, except moves_per_s),
and total_rss_mb: ours with PostgreSQL's memory added, against the peer's server, which
holds its games itself. Progress goes to stderr. A developer tool: CI does not run it.
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
# Ours with its database's cost against the peer's server alone (its games are in it).
TOTALS = {"total_rss_mb": "server_rss_mb"}


def json_line(command: list[str], env: dict[str, str] | None = None) -> dict[str, Any]:
    """Run a benchmark and return the JSON line it prints last on stdout (stderr passes on)."""
    done = subprocess.run(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        sys.exit(f"compare_peer: {' '.join(command)} failed (exit {done.returncode})")
    return json.loads(lines[-1])


def ratio(
    ours: dict[str, Any], peer: dict[str, Any], key: str, peer_key: str | None = None
) -> float | None:
    """ours / peer for one figure (the peer's ``peer_key`` if given), or None when either is
    missing or the peer's is 0."""
    a, b = ours.get(key), peer.get(peer_key or key)
    if not isinstance(a, (int, float)) or not isinstance(b, (int, float)) or b == 0:
        return None
    return round(a / b, 3)


def compare(
    tables: int, subscribers: int, moves: int, runs: int, game: str, store: list[str]
) -> dict[str, Any]:
    """R paired runs at T tables: the raw figures and the median ratio of each figure.
    ``store`` is our side's ``--db``/``--workers`` options."""
    # The working tree's code, whichever copy of the package the interpreter has installed.
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONPATH": path}
    ours_cmd = [sys.executable, str(ROOT / "benchmarks" / "fanout.py")]
    sizes = [str(tables), str(subscribers), str(moves)]
    pairs = []
    for n in range(runs):
        ours = json_line([*ours_cmd, *sizes, "--game", game, *store], env)
        peer = json_line([str(PEER), *sizes])
        ratios = {key: ratio(ours, peer, key) for key in RATIOS}
        ratios |= {key: ratio(ours, peer, key, theirs) for key, theirs in TOTALS.items()}
        pairs.append({"ours": ours, "peer": peer, "ratios": ratios})
        print(f"T={tables} run {n + 1}/{runs}: ours/peer {json.dumps(ratios)}", file=sys.stderr)
    medians = {}
    for key in (*RATIOS, *TOTALS):
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
    parser.add_argument(
        "--db",
        default="sqlite",
        metavar="{sqlite,postgresql,postgresql://...}",
        help="where ours keeps the games (fanout.py --db)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help="our server processes (fanout.py --workers; needs PostgreSQL)",
    )
    args = parser.parse_args()
    if args.workers > 1 and args.db == "sqlite":
        parser.error("--workers needs PostgreSQL: --db postgresql or --db postgresql://...")
    store = ["--db", args.db, "--workers", str(args.workers)]
    if not os.access(PEER, os.X_OK):
        sys.exit(
            f"compare_peer: the peer benchmark is missing: {PEER} "
            "(it is on developer machines only, beside this repository in ../shared)"
        )
    result = {
        "game": args.game,
        "db": "sqlite" if args.db == "sqlite" else "postgresql",
        "workers": args.workers,
        "clients_per_table": args.subscribers,
        "moves": args.moves,
        "runs": args.runs,
        "tables": {
            str(t): compare(t, args.subscribers, args.moves, args.runs, args.game, store)
            for t in args.tables
        },
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
