"""Render steps: the web's work per step of play, every viewer rendered after each step.

Every recorded playthrough (``tests/fixtures/logs/*.json``) is replayed through the real
pipeline in-process, and after each step every live area builds its parts for the new
version, as the live server does when a move reaches its screens: the host's table screen,
the TV and each seat's phone, in one language. Only that building is timed (not the move
itself, nor loading the table), in CPU time of this thread, so other work on a shared
machine does not count; compare runs back to back all the same, and quote ratios.

    python benchmarks/render_steps.py [--lang en|zh-TW] [--game GAME] [--quick]

Prints one JSON line: per game the steps replayed and the ms per step in all and per live
area (``table``, ``tv``, ``phones``: all the phones together). The issue's target is 4 ms
per step for every game (``target_ms``). ``--quick`` replays the first steps of one
playthrough per game.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion import create_app  # noqa: E402
from companion.games import GAMES  # noqa: E402
from companion.pipeline.tables import HOST, Viewer  # noqa: E402
from companion.web import regions  # noqa: E402
from tests.fixtures.tables import replay_log  # noqa: E402

LOGS = ROOT / "tests" / "fixtures" / "logs"
QUICK_STEPS = 15
AREAS = ("table", "tv", "phones")


def replay(app: Any, path: Path, table_id: str, lang: str, upto: int | None) -> dict[str, Any]:
    """Replay one recording, building every viewer's parts after each step: the time per
    area in seconds, and the steps."""
    data = json.loads(path.read_text())
    tables = app.extensions["tables"]
    seats = [Viewer("seat", n) for n in range(len(data["players"]))]
    spent = dict.fromkeys(AREAS, 0.0)
    steps = 0
    with app.test_request_context("/", headers={"Accept-Language": lang}):
        for _n, _step in replay_log(tables, table_id, data, upto, host="host-bench"):
            loaded = tables.load(table_id)
            t0 = time.thread_time()
            regions.parts(loaded, HOST)
            t1 = time.thread_time()
            regions.parts(loaded, regions.TV)
            t2 = time.thread_time()
            for seat in seats:
                regions.parts(loaded, seat)
            t3 = time.thread_time()
            spent["table"] += t1 - t0
            spent["tv"] += t2 - t1
            spent["phones"] += t3 - t2
            steps += 1
    return {"steps": steps, **spent}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="en", choices=["en", "zh-TW"])
    parser.add_argument("--game", choices=sorted(GAMES), help="one game (default: every game)")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    games = [args.game] if args.game else sorted(GAMES)
    out: dict[str, Any] = {
        "benchmark": "render_steps",
        "lang": args.lang,
        "clock": "thread_cpu",
        "target_ms": 4,
        "games": {},
    }
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(
            {"DATABASE": f"{tmp}/bench.db", "TESTING": True, "PUBLIC_URL": "http://bench:8000"}
        )
        for game in games:
            paths = sorted(LOGS.glob(f"{game}-*.json"))
            if args.quick:
                paths = paths[:1]
            totals: dict[str, float] = defaultdict(float)
            for n, path in enumerate(paths):
                upto = QUICK_STEPS if args.quick else None
                found = replay(app, path, f"{game}-{n}", args.lang, upto)
                for key, value in found.items():
                    totals[key] += value
            steps = int(totals["steps"])
            per_step = {area: 1000 * totals[area] / max(1, steps) for area in AREAS}
            out["games"][game] = {
                "playthroughs": len(paths),
                "steps": steps,
                "ms_per_step": round(sum(per_step.values()), 2),
                **{area: round(ms, 2) for area, ms in per_step.items()},
            }
            print(f"{game}: {out['games'][game]}", file=sys.stderr)
        app.extensions["store"].close()
    print(json.dumps(out))


if __name__ == "__main__":
    main()
