"""Memory with many idle tables: every table is created and opened once, nobody watches.

Anyone on the Wi-Fi may create tables (within the creation limit), and a server runs for
weeks. A table that nobody watches leaves memory (it reloads from the log when opened), so
the server's memory stays flat however many tables its log holds. This prints the process's
resident memory after creating and opening N tables, with the cache as the server runs it
and, for comparison, with every table kept in memory (as before tables could leave).

    .venv/bin/python benchmarks/idle_tables.py           # N = 10,000
    .venv/bin/python benchmarks/idle_tables.py --quick   # N = 600, for the test suite
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def one_run(n: int, keep_all: bool) -> dict:
    from companion.pipeline.live import Hub
    from companion.pipeline.tables import Tables
    from companion.store.log import Store

    with tempfile.TemporaryDirectory() as folder:
        tables = Tables(Store(Path(folder) / "idle.db"), Hub())
        if keep_all:
            tables.max_cached = 10**9
        before = rss_mb()
        start = time.perf_counter()
        for i in range(n):
            created = tables.create("samurai-sword", ["Ann", "Bo", "Cy", "Di", "Ed"], {})
            tables.load(created.id)  # someone opened it once, then walked away
            if i % 1000 == 999:
                print(f"{i + 1} tables", file=sys.stderr, flush=True)
        return {
            "tables": n,
            "kept_in_memory": tables.cached(),
            "rss_mb": round(rss_mb(), 1),
            "rss_growth_mb": round(rss_mb() - before, 1),
            "seconds": round(time.perf_counter() - start, 1),
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int, nargs="?", default=10_000)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--mode", choices=["cache", "keep-all"], default=None)
    args = parser.parse_args()
    n = 600 if args.quick else args.n
    if args.mode:
        print(json.dumps(one_run(n, args.mode == "keep-all")))
        return
    # Each mode in a process of its own: memory a process once used is not given back.
    out = {"benchmark": "idle_tables"}
    for mode in ("cache", "keep-all"):
        done = subprocess.run(
            [sys.executable, __file__, str(n), "--mode", mode],
            capture_output=True,
            text=True,
            check=True,
        )
        out[mode] = json.loads(done.stdout.strip().splitlines()[-1])
    out["rss_ratio_cache_vs_keep_all"] = round(
        out["cache"]["rss_mb"] / out["keep-all"]["rss_mb"], 2
    )
    print(json.dumps(out))


if __name__ == "__main__":
    main()
