"""A Raspberry-Pi-sized run: the server pinned to one core, one table of eight screens, for
each game's realistic mix.

A Pi at a table runs one game for one group, on a core several times slower than a laptop's.
This runs ``benchmarks/fanout.py 1 8 M --game G --pin-cpu C`` for every game (the server on
core C alone through ``taskset``, the clients on the other cores) and reports each game's
latency from a tap to the last of its eight screens, and the server's CPU per move. Compare
the figures with the peer's on the same machine (``compare_peer.py``) rather than with a
fixed number: a laptop's core is not a Pi's.

    python benchmarks/one_core.py [--moves 50] [--cpu 0] [--game G ...] [--quick]

Prints ONE JSON line: per game p50_ms, p99_ms, max_ms, server_cpu_ms_per_move and the
cores the server ran on (``server_cpus``: the one given). Progress
goes to stderr. A developer tool: the test suite runs it only in its quick form.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.games import GAMES  # noqa: E402  (after the path: run as a script)

KEYS = ("p50_ms", "p99_ms", "max_ms", "server_cpu_ms_per_move", "server_cpus")
PLAYED = ("samurai-sword", "sun-tzu", "quorsum", "three-kingdoms", "art-of-war")


def one_game(game: str, moves: int, cpu: int) -> dict[str, Any]:
    """One pinned fan-out run of ``game``: its JSON line's figures."""
    command = [sys.executable, str(ROOT / "benchmarks" / "fanout.py"), "1", "8", str(moves)]
    command += ["--game", game, "--pin-cpu", str(cpu)]
    done = subprocess.run(command, cwd=ROOT, stdout=subprocess.PIPE, text=True, check=False)
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode != 0 or not lines:
        sys.exit(f"one_core: {game} failed (exit {done.returncode})")
    figures = json.loads(lines[-1])
    return {key: figures[key] for key in KEYS}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=50)
    parser.add_argument("--cpu", type=int, default=0, help="the core the server runs on")
    parser.add_argument("--game", nargs="*", choices=sorted(GAMES), help="default: the five")
    parser.add_argument("--quick", action="store_true", help="a tiny run (CI keeps it working)")
    args = parser.parse_args()
    games = args.game or list(PLAYED)
    if args.quick:
        args.moves, games = 3, games[:1]
    out: dict[str, Any] = {"tables": 1, "screens": 8, "moves": args.moves, "cpu": args.cpu}
    for game in games:
        print(f"one_core: {game}", file=sys.stderr)
        out[game] = one_game(game, args.moves, args.cpu)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
