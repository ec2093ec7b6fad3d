"""SD-card wear: the bytes a real server writes to disk per move, for each game's real mix.

A Raspberry Pi's SD card wears out by the bytes written to it. This benchmark starts a real
``companion serve`` on a fresh SQLite file and plays every recorded playthrough of each game
(``tests/fixtures/logs/*.json``: the moves a real table makes, undo and redo included)
through the HTTP API, with the host's and the phones' tokens, ``--rounds`` times over. It
reads the server process's ``write_bytes`` (``/proc/<pid>/io``: every byte it caused to be
sent to the disk, counted as the pages are dirtied: the WAL, its shared-memory index, the
checkpoints into the database file, the automatic snapshots) before and after, and after
waiting for the last snapshot.

    python benchmarks/disk_writes.py [--rounds 3] [--game quorsum] [--quick]

Prints one JSON line: per game the moves made, the games finished, ``bytes_per_move`` (the
log: WAL, index and checkpoints), ``snapshot_bytes_per_game`` (the copy written after each
finished game) and ``total_bytes_per_move`` (everything the process wrote, per move), with
the SQLite settings they were measured under. Linux only (``/proc``).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import secrets
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from serving import HOST, ROOT, start_server, stop_server

sys.path.insert(0, str(ROOT))

from companion.store import sqlite as sqlite_settings  # noqa: E402
from companion.store.log import Store, digest  # noqa: E402

LOGS = ROOT / "tests" / "fixtures" / "logs"
HUNG = 120  # seconds: only a hung server waits this long for its last snapshot


def write_bytes(pid: int) -> int:
    """Bytes the process has caused to be written to the disk so far."""
    for line in Path(f"/proc/{pid}/io").read_text().splitlines():
        if line.startswith("write_bytes:"):
            return int(line.split()[1])
    raise RuntimeError("no write_bytes in /proc/<pid>/io")


def seated(db: Path, data: dict[str, Any]) -> tuple[str, str, list[str]]:
    """A table set up as the recording's, every seat held by a phone: (id, host, seat tokens).
    Written by this process, so none of it counts as the server's."""
    table_id = "bench" + secrets.token_hex(4)
    host = secrets.token_urlsafe(24)
    seats = [secrets.token_urlsafe(24) for _ in data["players"]]
    codes = [secrets.token_urlsafe(12) for _ in data["players"]]
    store = Store(db, snapshots=0)
    try:
        store.create_table(
            table_id, data["game"], data["players"], data["options"], data["seed"], host, codes
        )
        with store.transaction() as conn:
            for seat, token in enumerate(seats):
                conn.execute(
                    "UPDATE seats SET join_code=NULL, short_code=NULL, token_hash=?, claims=1"
                    " WHERE table_id=? AND seat=?",
                    (digest(token), table_id, seat),
                )
    finally:
        store.close()
    return table_id, host, seats


def post(conn: http.client.HTTPConnection, path: str, body: dict, token: str) -> None:
    conn.request(
        "POST",
        path,
        json.dumps(body),
        {"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
    )
    reply = conn.getresponse()
    text = reply.read()
    if reply.status != 200:
        raise RuntimeError(f"{path} {body}: {reply.status} {text[:200]!r}")


def play(port: int, db: Path, data: dict[str, Any]) -> int:
    """Every step of the recording through the API; how many moves that was."""
    table_id, host, seats = seated(db, data)
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    base = f"/api/tables/{table_id}"
    try:
        for step in data["steps"]:
            if step.get("undo"):
                post(conn, f"{base}/undo", {"confirm": True}, host)
            elif step.get("redo"):
                post(conn, f"{base}/redo", {}, host)
            else:
                token = host if step["actor"] is None else seats[step["actor"]]
                post(conn, f"{base}/actions", {**step["action"], "confirm": True}, token)
    finally:
        conn.close()
    return len(data["steps"])


def measure(game: str, recordings: list[Path], rounds: int, where: str | None) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="disk-writes-", dir=where) as folder:
        db = Path(folder) / "companion.db"
        Store(db, snapshots=0).close()  # the schema, made before the count starts
        os.environ["COMPANION_SNAPSHOTS"] = "100000"  # keep every one, to weigh them
        proc, port = start_server(db)
        try:
            start = write_bytes(proc.pid)
            moves = ended = 0
            for _round in range(rounds):
                for path in recordings:
                    data = json.loads(path.read_text())
                    moves += play(port, db, data)
                    ended += 1 if data["over"] else 0
            snapshots = Path(folder) / "backups"
            deadline = time.monotonic() + HUNG
            # The last game's snapshot is written in the background: wait for it to appear.
            while len(list(snapshots.glob("*-after-game.db"))) < ended:
                if time.monotonic() > deadline:
                    raise RuntimeError("the server never wrote its snapshots")
                time.sleep(0.05)
            written = write_bytes(proc.pid) - start
        finally:
            stop_server(proc)
            os.environ.pop("COMPANION_SNAPSHOTS", None)
        snapshot_bytes = sum(p.stat().st_size for p in snapshots.glob("*.db"))
    return {
        "game": game,
        "moves": moves,
        "games_finished": ended,
        "bytes_per_move": round((written - snapshot_bytes) / moves),
        "snapshot_bytes_per_game": round(snapshot_bytes / max(ended, 1)),
        "total_bytes_per_move": round(written / moves),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3, help="times each recording is played")
    parser.add_argument("--game", default=None, help="one game only")
    parser.add_argument("--quick", action="store_true", help="one recording of one round each")
    parser.add_argument(
        "--dir",
        default=None,
        help="a folder on the disk to measure (default: the temporary folder; not a tmpfs,"
        " where nothing reaches a disk and every figure is 0)",
    )
    args = parser.parse_args()
    by_game: dict[str, list[Path]] = {}
    for path in sorted(LOGS.glob("*.json")):
        by_game.setdefault(json.loads(path.read_text())["game"], []).append(path)
    games = [args.game] if args.game else sorted(by_game)
    figures = [
        measure(
            game,
            by_game[game][:1] if args.quick else by_game[game],
            1 if args.quick else args.rounds,
            args.dir,
        )
        for game in games
    ]
    print(
        json.dumps(
            {
                "benchmark": "disk_writes",
                "sqlite": sqlite_settings.SETTINGS,
                "games": figures,
            }
        )
    )


if __name__ == "__main__":
    main()
