"""Commit stall: T tables move at once while every fsync takes as long as on a slow SD card.

Every action is committed (WAL, ``synchronous=FULL``: one fsync at least) before its reply.
If commits run on the server's event loop, each fsync stalls every connection of every
table; if they run beside it, tables wait only for their own commit, and moves that arrive
together share one. This benchmark shows which: the real server runs under ``strace``, which
delays every fsync and fdatasync by ``--fsync-delay-ms`` (a laptop SSD takes ~0.2 ms, a
Raspberry Pi's SD card 5-30 ms), and T clients, one per table on its own keep-alive
connection, each make M back-to-back moves (a counter tap, +1 then -1).

    python benchmarks/commit_stall.py [T] [M] [--fsync-delay-ms 20] [--quick]

Prints one JSON line: latency of a move (POST sent to reply read) at p50 / p99 / max and its
mean in ms over all moves, moves per second, and the fsyncs the server made while the moves
ran (what strace saw: with ``--fsync-delay-ms 0`` the server runs without strace and this is
null).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from serving import HOST, start_server, stop_server

MOVE = {"type": "adjust", "seat": 0, "counter": "hand"}
PLAYERS = ["P0", "P1", "P2", "P3"]


def strace(delay_ms: float, trace: Path) -> list[str]:
    """strace around the server: only fsync and fdatasync stop it (seccomp-bpf), and each
    returns ``delay_ms`` late, as if the disk were slow."""
    return [
        "strace",
        "-f",
        "-qq",
        "--seccomp-bpf",
        "-e",
        "signal=none",
        "-e",
        "trace=fsync,fdatasync",
        "-e",
        f"inject=fsync,fdatasync:delay_exit={int(delay_ms * 1000)}",
        "-o",
        str(trace),
    ]


def fsyncs(trace: Path) -> int:
    """How many fsync and fdatasync calls strace has written down so far."""
    try:
        text = trace.read_text(errors="replace")
    except OSError:
        return 0
    return len(re.findall(r"\b(?:fsync|fdatasync)\(", text))


class Http:
    """A minimal keep-alive HTTP/1.1 client over one connection (no third-party code)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, body: dict | None = None, headers: dict | None = None
    ) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(HOST, self.port)
        assert self.reader is not None
        data = json.dumps(body).encode() if body is not None else b""
        head = [
            f"{method} {path} HTTP/1.1",
            f"Host: {HOST}:{self.port}",
            f"Content-Length: {len(data)}",
        ]
        if body is not None:
            head.append("Content-Type: application/json")
        head += [f"{k}: {v}" for k, v in (headers or {}).items()]
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
        await self.writer.drain()
        raw = await self.reader.readuntil(b"\r\n\r\n")
        lines = raw.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        length = 0
        for line in lines[1:]:
            name, _, value = line.partition(":")
            if name.strip().lower() == "content-length":
                length = int(value)
        return status, await self.reader.readexactly(length)

    async def close(self) -> None:
        if self.writer:
            self.writer.close()


async def create_table(port: int) -> dict:
    http = Http(port)
    status, body = await http.request(
        "POST", "/api/tables", {"game": "samurai-sword", "players": PLAYERS}
    )
    await http.close()
    assert status == 201, body
    return json.loads(body)


async def drive(http: Http, table: dict, moves: int, start: asyncio.Event) -> list[float]:
    """``moves`` back-to-back moves at one table; the latency of each, in ms."""
    auth = {"Authorization": f"Bearer {table['host_token']}"}
    path = f"/api/tables/{table['id']}/actions"
    await start.wait()
    latencies = []
    for n in range(moves):
        began = time.perf_counter()
        status, reply = await http.request(
            "POST", path, {**MOVE, "delta": 1 if n % 2 == 0 else -1}, auth
        )
        assert status == 200, reply
        latencies.append((time.perf_counter() - began) * 1000)
    return latencies


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


async def bench(port: int, tables: int, moves: int, trace: Path) -> dict:
    created = [await create_table(port) for _ in range(tables)]
    # Every client connects (and reads its table once) before the clock starts.
    clients = [Http(port) for _ in created]
    for http, table in zip(clients, created, strict=True):
        status, _ = await http.request("GET", f"/api/tables/{table['id']}")
        assert status == 200
    start = asyncio.Event()
    runs = [
        asyncio.create_task(drive(http, table, moves, start))
        for http, table in zip(clients, created, strict=True)
    ]
    await asyncio.sleep(0.2)  # strace writes its lines as the calls return: let it catch up
    before = fsyncs(trace)
    began = time.perf_counter()
    start.set()
    results = await asyncio.gather(*runs)
    elapsed = time.perf_counter() - began
    await asyncio.sleep(0.2)
    after = fsyncs(trace)
    for http in clients:
        await http.close()
    latencies = [x for r in results for x in r]
    return {
        "p50_ms": round(statistics.median(latencies), 2),
        # The mean too: when commits stall the event loop, a few connections are served
        # over and over while the rest starve, and the median alone hides that.
        "mean_ms": round(statistics.fmean(latencies), 2),
        "p99_ms": round(percentile(latencies, 0.99), 2),
        "max_ms": round(max(latencies), 2),
        "moves_per_s": round(len(latencies) / elapsed, 1),
        "fsyncs": after - before,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tables", nargs="?", type=int, default=20, help="T (default 20)")
    parser.add_argument("moves", nargs="?", type=int, default=30, help="M per table (30)")
    parser.add_argument(
        "--fsync-delay-ms",
        type=float,
        default=20.0,
        help="added to every fsync and fdatasync (default 20; 0 = no strace)",
    )
    parser.add_argument("--quick", action="store_true", help="a tiny run (CI keeps it working)")
    args = parser.parse_args()
    if args.quick:
        args.tables, args.moves, args.fsync_delay_ms = 2, 5, 5.0
    if args.fsync_delay_ms > 0 and shutil.which("strace") is None:
        sys.exit("commit_stall: strace is not installed (apt-get install strace), or pass 0")
    with tempfile.TemporaryDirectory() as tmp:
        trace = Path(tmp) / "strace.out"
        proc, port = start_server(
            Path(tmp) / "bench.db",
            strace(args.fsync_delay_ms, trace) if args.fsync_delay_ms > 0 else None,
        )
        try:
            figures = asyncio.run(bench(port, args.tables, args.moves, trace))
        finally:
            stop_server(proc)
    traced = args.fsync_delay_ms > 0
    result = {
        "benchmark": "commit_stall",
        "fsync_delay_ms": args.fsync_delay_ms,
        "tables": args.tables,
        "moves_per_table": args.moves,
        "moves": args.tables * args.moves,
        **figures,
        "fsyncs": figures["fsyncs"] if traced else None,
    }
    print(json.dumps(result))


if __name__ == "__main__":
    main()
