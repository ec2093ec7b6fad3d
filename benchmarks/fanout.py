"""Fan-out latency: T tables, S live subscribers each, one client per table making M moves.

The same shape as the peer benchmark (../shared/bench/peer-boardgameio): every table runs at
once; a move's latency runs from sending its POST until the LAST of the table's S subscribers
holds the new version (every SSE message carries ``id: <version>``, whether it is a whole view
or a patch, and one message may cover several versions), and the next move is sent only then.
Subscribers are real SSE connections: the host's table screen and S-1 phones, each phone a
seat claimed with its own cookie (so each gets its own view). A game with fewer seats than
S-1 fills the rest with public screens (a second screen anyone may open); a game with more
seats than phones gets the rest claimed through the API, with no stream.

The moves are each game's realistic mix (``moves.py``): the table screen's taps with the host
token, each phone's own with that seat's token (read from the phone's session cookie, so the
seat is claimed once and its phone never locked out). Setup moves (Warlords, setup choices)
run before the streams open and the clock starts. Every move is an ordinary action, durably
committed before its reply; a refused move stops the benchmark with the reply.

    python benchmarks/fanout.py T S M [--game samurai-sword] [--quick]
                                      [--db sqlite|postgresql|postgresql://...] [--workers N]
    python benchmarks/fanout.py 100 8 0 --soak 600    # human pace for 10 minutes
    python benchmarks/fanout.py 1 8 50 --pin-cpu 0    # the server on one core (taskset)
    python benchmarks/fanout.py 100 8 50 --memory-breakdown   # where the server's memory goes

The games are kept in a SQLite file by default. ``--db postgresql`` keeps them in PostgreSQL
instead: a throwaway cluster (``tests/pgcluster.py``, Debian's postgresql) with a fresh
database, removed at the end; ``--db postgresql://user@host:port/name`` uses that existing
database as it is. ``--workers N`` (PostgreSQL only) runs the server as N processes sharing
the port (``companion serve --workers N``), so a move and its subscribers' streams may be on
different processes.

Prints one JSON line with the peer's keys plus the game and its mix, bytes per subscriber per
update (as sent on the wire, gzip included) and the HTML bytes those updates carry, the store
(``db``) and the server's processes (``workers``). The server's memory and CPU cover all its
processes: with workers, the parent and every worker. With PostgreSQL, the database's own
cost is reported apart, summed over the cluster's processes (the postmaster and its
children: a backend per connection, the writers): ``db_rss_mb`` and ``db_cpu_ms_per_move``,
and ``total_rss_mb`` is the server's and the database's together (with SQLite, the store is
inside the server: the server's alone). Resident memory counts what the cluster's processes
share (shared buffers, libraries) once in each of them; ``db_pss_mb`` counts it once in all.
A database on another machine cannot be measured from here: its figures are then null.
``--memory-breakdown`` adds ``memory_breakdown``: the server's own report of where its memory
goes (``companion/serve/memory.py``), taken at the end of the run with every stream still
open; with ``--tracemalloc`` too, its top allocations by file and line. Tracing costs memory
and much time of its own, so such a run's ``server_rss_mb`` is higher than a plain run's.
The soak mode reports errors, streams that died and the server's memory sampled over the run.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import os
import shutil
import signal
import statistics
import sys
import tempfile
import time
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field

from costs import Store, open_store, proc_pss_mb, server_cpu_s, server_rss_mb, store_choice
from moves import MIXES, Mix, Move
from serving import HOST, start_server, stop_server

from companion.games import GAMES

WARMUP = 2
MOVE_TIMEOUT = 30.0
REPORT_TIMEOUT = 120.0  # only stops a hung run: a report of 800 streams takes seconds
MEMORY_REPORT = "COMPANION_MEMORY_REPORT"  # companion/serve/memory.py reads it at start
GZIP = True  # subscribers ask for compressed streams, as browsers do (--identity: they don't)


class Http:
    """A minimal keep-alive HTTP/1.1 client over one connection (no third-party code)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, body: dict | None = None, headers: dict | None = None
    ) -> tuple[int, dict[str, str], bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(HOST, self.port)
        data = json.dumps(body).encode() if body is not None else b""
        head = [
            f"{method} {path} HTTP/1.1",
            f"Host: {HOST}:{self.port}",
            f"Content-Length: {len(data)}",
        ]
        if body is not None:
            head.append("Content-Type: application/json")
        for k, v in (headers or {}).items():
            head.append(f"{k}: {v}")
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
        await self.writer.drain()
        return await read_response(self.reader)

    async def close(self) -> None:
        if self.writer:
            self.writer.close()


async def read_head(reader: asyncio.StreamReader) -> tuple[int, dict[str, str]]:
    raw = await reader.readuntil(b"\r\n\r\n")
    lines = raw.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers: dict[str, str] = {}
    for line in lines[1:]:
        if ":" in line:
            k, v = line.split(":", 1)
            headers.setdefault(k.strip().lower(), v.strip())
    return status, headers


async def read_response(reader: asyncio.StreamReader) -> tuple[int, dict[str, str], bytes]:
    status, headers = await read_head(reader)
    if "content-length" in headers:
        body = await reader.readexactly(int(headers["content-length"]))
    elif headers.get("transfer-encoding") == "chunked":
        body = b""
        while True:
            size = int((await reader.readuntil(b"\r\n")).strip(), 16)
            chunk = await reader.readexactly(size + 2)
            if size == 0:
                break
            body += chunk[:-2]
    else:
        body = b""
    return status, headers, body


class Subscriber:
    """One SSE connection: records when it first holds each table version."""

    def __init__(self, port: int, path: str, cookie: str | None) -> None:
        self.port, self.path, self.cookie = port, path, cookie
        self.version = -1
        self.changed = asyncio.Event()
        self.bytes = 0
        self.wire_bytes = 0
        self.updates = 0
        self.task: asyncio.Task | None = None
        self.ready = asyncio.Event()

    async def run(self) -> None:
        reader, writer = await asyncio.open_connection(HOST, self.port)
        head = [
            f"GET {self.path} HTTP/1.1",
            f"Host: {HOST}:{self.port}",
            "Accept: text/event-stream",
        ]
        if GZIP:
            head.append("Accept-Encoding: gzip")
        if self.cookie:
            head.append(f"Cookie: {self.cookie}")
        writer.write(("\r\n".join(head) + "\r\n\r\n").encode())
        await writer.drain()
        status, headers = await read_head(reader)
        assert status == 200, status
        chunked = headers.get("transfer-encoding") == "chunked"
        unpack = zlib.decompressobj(31) if headers.get("content-encoding") == "gzip" else None
        self.ready.set()
        buffer = b""
        try:
            while True:
                if chunked:
                    size = int((await reader.readuntil(b"\r\n")).strip(), 16)
                    data = await reader.readexactly(size + 2)
                    if size == 0:
                        return
                    data = data[:-2]
                else:
                    data = await reader.read(65536)
                # What crossed the network, compressed or not.
                self.wire_bytes += len(data)
                buffer += unpack.decompress(data) if unpack else data
                while b"\n\n" in buffer:
                    message, buffer = buffer.split(b"\n\n", 1)
                    self._message(message)
        finally:
            writer.close()

    def _message(self, message: bytes) -> None:
        event_id = None
        for line in message.split(b"\n"):
            if line.startswith(b"id: "):
                event_id = int(line[4:])
        if event_id is None:
            return
        self.bytes += len(message) + 2
        self.updates += 1
        self.version = max(self.version, event_id)
        self.changed.set()

    async def wait_for(self, version: int) -> None:
        while self.version < version:
            self.changed.clear()
            await self.changed.wait()


def session_token(cookie: str, kind: str, table_id: str) -> str:
    """The token a browser's session cookie holds for a table (``kind`` "host" or "seat").

    The session cookie is signed, not encrypted: its first part is the JSON session in
    URL-safe base64, zlib-compressed when it starts with a dot. Reading the phone's own token
    there lets its moves use the same credential as its stream without a second claim.
    """
    payload = cookie.split("=", 1)[1].rsplit(".", 2)[0]
    packed = payload.startswith(".")
    raw = base64.urlsafe_b64decode(payload.lstrip(".") + "=" * (-len(payload.lstrip(".")) % 4))
    return json.loads(zlib.decompress(raw) if packed else raw)[kind][table_id]


def seats_for(game: str, subscribers: int) -> int:
    """Players at a table: one per phone (S-1), within the game's player count."""
    spec = GAMES[game]
    return max(spec.min_players, min(subscribers - 1, spec.max_players))


@dataclass
class Table:
    """One benchmark table: its tokens by seat (None = host), its streams and its mix."""

    id: str
    tokens: dict[int | None, str]
    subs: list[Subscriber]
    mix: Mix
    moves: Iterator[Move] = field(default_factory=lambda: iter(()))


class Refused(RuntimeError):
    """A move of the mix was refused: the mix or the server is wrong, never skip it."""


async def act(http: Http, table: Table, move: Move) -> int:
    """Post one move; the mix sees the reply's view. Returns the new version."""
    auth = {"Authorization": f"Bearer {table.tokens[move.seat]}"}
    status, _, reply = await http.request(
        "POST", f"/api/tables/{table.id}/actions", move.body, auth
    )
    if status != 200:
        who = "the host" if move.seat is None else f"seat {move.seat}"
        raise Refused(
            f"{table.mix.game}: {who}'s move {json.dumps(move.body)} was refused: "
            f"{status} {reply.decode(errors='replace')}"
        )
    data = json.loads(reply)
    table.mix.view = data["view"]
    return data["version"]


async def set_up_table(port: int, game: str, subscribers: int) -> Table:
    """Create a table, claim its seats, make the mix's setup moves; streams not yet open."""
    http = Http(port)
    seats = seats_for(game, subscribers)
    mix = MIXES[game](seats)
    players = [f"P{n}" for n in range(seats)]
    body = {"game": game, "players": players, "options": mix.options}
    status, _, reply = await http.request("POST", "/api/tables", body)
    assert status == 201, reply
    created = json.loads(reply)
    table_id = created["id"]
    tokens: dict[int | None, str] = {None: created["host_token"]}
    # The table screen is the host's browser: the host link puts the token in its session.
    status, headers, _ = await http.request("GET", f"/host/{table_id}/{created['host_token']}")
    assert status == 303, status
    subs = [Subscriber(port, f"/t/{table_id}/stream", headers["set-cookie"].split(";", 1)[0])]
    phones = min(subscribers - 1, seats)
    for seat in created["seats"]:
        if seat["seat"] < phones:
            status, headers, _ = await http.request("GET", f"/join/{seat['join_code']}")
            assert status == 303, status
            cookie = headers["set-cookie"].split(";", 1)[0]
            tokens[seat["seat"]] = session_token(cookie, "seat", table_id)
            subs.append(Subscriber(port, f"/t/{table_id}/seat/stream", cookie))
        else:
            # A seat with no phone watching: claimed once, through the API.
            status, _, reply = await http.request("POST", "/api/join", {"code": seat["join_code"]})
            assert status == 200, reply
            tokens[seat["seat"]] = json.loads(reply)["token"]
    while len(subs) < subscribers:
        subs.append(Subscriber(port, f"/t/{table_id}/stream", None))
    table = Table(table_id, tokens, subs, mix)
    auth = {"Authorization": f"Bearer {tokens[None]}"}
    status, _, reply = await http.request("GET", f"/api/tables/{table_id}", None, auth)
    assert status == 200, reply
    mix.view = json.loads(reply)["view"]
    for move in mix.setup():
        await act(http, table, move)
    table.moves = mix.play()
    await http.close()
    return table


async def drive(port: int, table: Table, moves: int) -> list[float]:
    http = Http(port)
    latencies = []
    for n in range(WARMUP + moves):
        move = next(table.moves, None)
        if move is None:
            raise Refused(f"{table.mix.game}: the game ended after {n} moves")
        start = time.perf_counter()
        version = await act(http, table, move)
        await asyncio.wait_for(
            asyncio.gather(*(s.wait_for(version) for s in table.subs)), MOVE_TIMEOUT
        )
        if n >= WARMUP:
            latencies.append((time.perf_counter() - start) * 1000)
    await http.close()
    return latencies


async def open_streams(tables: list[Table]) -> list[Subscriber]:
    """Start every table's streams and wait until each has been answered."""
    subs = [s for t in tables for s in t.subs]
    for sub in subs:
        sub.task = asyncio.create_task(sub.run())
    await asyncio.gather(*(s.ready.wait() for s in subs))
    return subs


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


async def bench(
    port: int, pid: int, tables: int, subs_per: int, moves: int, game: str, store: Store
) -> dict:
    """Time the moves and measure the server's cost, and the database's apart when it is
    PostgreSQL on this machine (``store.pid``, its postmaster)."""
    setups = [await set_up_table(port, game, subs_per) for _ in range(tables)]
    all_subs = await open_streams(setups)
    await asyncio.sleep(0.2)
    for sub in all_subs:
        sub.bytes = sub.wire_bytes = sub.updates = 0
    start = time.perf_counter()
    # Every process is read while it is alive: the server's workers, the database's backends.
    cpu_db = server_cpu_s(store.pid) if store.pid else 0.0
    cpu_server, cpu_client = server_cpu_s(pid), time.process_time()
    results = await asyncio.gather(*(drive(port, t, moves) for t in setups))
    elapsed = time.perf_counter() - start
    cpu_server, cpu_client = server_cpu_s(pid) - cpu_server, time.process_time() - cpu_client
    cpu_db = server_cpu_s(store.pid) - cpu_db if store.pid else 0.0
    rss = server_rss_mb(pid)
    latencies = [x for r in results for x in r]
    if store.kind == "sqlite":  # the store is inside the server: its cost is the server's
        db: dict = {"total_rss_mb": rss}
    elif store.pid:
        db_rss = server_rss_mb(store.pid)
        db = {
            "db_rss_mb": db_rss,
            "db_pss_mb": proc_pss_mb(store.pid),
            "db_cpu_ms_per_move": round(cpu_db * 1000 / max(1, len(latencies)), 2),
            "total_rss_mb": round(rss + db_rss, 1),
        }
    else:  # PostgreSQL on another machine: its cost cannot be read from here
        db = dict.fromkeys(("db_rss_mb", "db_pss_mb", "db_cpu_ms_per_move", "total_rss_mb"))
    updates = sum(s.updates for s in all_subs)
    breakdown = await memory_breakdown(pid) if os.environ.get(MEMORY_REPORT) else None
    for sub in all_subs:
        if sub.task:
            sub.task.cancel()
    extra = {"memory_breakdown": breakdown} if breakdown is not None else {}
    return {
        "peer": "table-companion",
        "tables": tables,
        "clients_per_table": subs_per,
        "moves": moves,
        "game": game,
        "mix": MIXES[game].mix,
        "seats": setups[0].mix.seats,
        "p50_ms": round(statistics.median(latencies), 2),
        "p99_ms": round(percentile(latencies, 0.99), 2),
        "max_ms": round(max(latencies), 2),
        "moves_per_s": round(len(latencies) / elapsed, 1),
        "server_rss_mb": rss,
        "bytes_per_subscriber_update": round(sum(s.wire_bytes for s in all_subs) / max(1, updates)),
        "html_bytes_per_subscriber_update": round(sum(s.bytes for s in all_subs) / max(1, updates)),
        # Where the time went: the server's CPU per move, and the load generator's own share
        # (it shares the machine's cores with the server, as the peer's does).
        "server_cpu_ms_per_move": round(cpu_server * 1000 / max(1, len(latencies)), 2),
        "client_cpu_ms_per_move": round(cpu_client * 1000 / max(1, len(latencies)), 2),
        "db": store.kind,
        "workers": store.workers,
        # PostgreSQL's own cost, apart from the server's; the two together.
        **db,
        **extra,
    }


async def memory_breakdown(pid: int) -> dict:
    """Ask the server (SIGUSR1) for its report of where its memory goes, with every
    stream still open, and read it once it is written (renamed into place whole)."""
    path = os.environ[MEMORY_REPORT]
    os.kill(pid, signal.SIGUSR1)
    deadline = time.monotonic() + REPORT_TIMEOUT
    while not os.path.exists(path):
        if time.monotonic() > deadline:
            raise RuntimeError("fanout: the server wrote no memory report")
        await asyncio.sleep(0.05)
    with open(path, encoding="utf-8") as report:
        return json.load(report)


async def soak(
    port: int, pid: int, tables: int, subs_per: int, seconds: float, game: str, store: Store
) -> dict:
    """Human pace for a long time: every table acts every 2-6 s; errors and memory over time.

    A connection error or a timeout is counted and the table goes on (the mix sees the view
    as the server has it); a refused move stops the run, as in the timed mode. A game that
    ends (Sun Tzu's nine rounds) stops its table's moves, as a real table would.
    """
    import random

    rng = random.Random(7)
    setups = [await set_up_table(port, game, subs_per) for _ in range(tables)]
    all_subs = await open_streams(setups)
    errors = 0
    finished = 0
    latencies: list[float] = []
    rss: list[float] = [server_rss_mb(pid)]
    deadline = time.monotonic() + seconds

    async def table_loop(table: Table) -> None:
        nonlocal errors, finished
        http = Http(port)
        await asyncio.sleep(rng.uniform(0, 4))
        while time.monotonic() < deadline:
            move = next(table.moves, None)
            if move is None:
                finished += 1
                break
            start = time.perf_counter()
            try:
                version = await act(http, table, move)
                await asyncio.wait_for(
                    asyncio.gather(*(s.wait_for(version) for s in table.subs)), MOVE_TIMEOUT
                )
                latencies.append((time.perf_counter() - start) * 1000)
            except (TimeoutError, OSError, asyncio.IncompleteReadError):
                errors += 1
                http = Http(port)
                await resync(http, table)
            await asyncio.sleep(rng.uniform(2, 6))
        await http.close()

    async def sample_memory() -> None:
        while time.monotonic() < deadline:
            await asyncio.sleep(min(30, max(1, seconds / 10)))
            rss.append(server_rss_mb(pid))

    await asyncio.gather(sample_memory(), *(table_loop(t) for t in setups))
    dead_streams = sum(1 for s in all_subs if s.task and s.task.done())
    for sub in all_subs:
        if sub.task:
            sub.task.cancel()
    return {
        "peer": "table-companion",
        "mode": "soak",
        "db": store.kind,
        "workers": store.workers,
        "tables": tables,
        "clients_per_table": subs_per,
        "game": game,
        "mix": MIXES[game].mix,
        "seconds": seconds,
        "actions": len(latencies),
        "errors": errors,
        "games_finished": finished,
        "dead_streams": dead_streams,
        "p50_ms": round(statistics.median(latencies), 2) if latencies else None,
        "p99_ms": round(percentile(latencies, 0.99), 2) if latencies else None,
        "server_rss_mb_over_time": rss,
    }


async def resync(http: Http, table: Table) -> None:
    """After a lost reply the mix reads the view as the server has it (best effort)."""
    auth = {"Authorization": f"Bearer {table.tokens[None]}"}
    try:
        status, _, reply = await http.request("GET", f"/api/tables/{table.id}", None, auth)
    except (OSError, asyncio.IncompleteReadError):
        return
    if status == 200:
        table.mix.view = json.loads(reply)["view"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tables", nargs="?", type=int, default=20)
    parser.add_argument("subscribers", nargs="?", type=int, default=8)
    parser.add_argument("moves", nargs="?", type=int, default=50)
    # Samurai Sword by default: the game with the most seats, so S=8 is one table screen and
    # seven phones, each its own viewer. Every game has its own mix (moves.py).
    parser.add_argument("--game", default="samurai-sword", choices=sorted(GAMES))
    parser.add_argument("--quick", action="store_true", help="a tiny run (CI keeps it working)")
    parser.add_argument(
        "--identity",
        action="store_true",
        help="subscribers do not accept gzip (what compression costs the server)",
    )
    parser.add_argument(
        "--db",
        default="sqlite",
        type=store_choice,
        metavar="{sqlite,postgresql,postgresql://...}",
        help="where the server keeps the games: a SQLite file (default), a throwaway"
        " PostgreSQL cluster, or this existing PostgreSQL database",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help="server processes sharing the port (companion serve --workers; needs PostgreSQL)",
    )
    parser.add_argument(
        "--pin-cpu",
        type=int,
        metavar="CPU",
        help="the server on this one core alone (taskset) and the clients on the others:"
        " a Raspberry Pi's single busy core, roughly",
    )
    parser.add_argument(
        "--soak",
        type=float,
        metavar="SECONDS",
        help="human pace for this long instead of back-to-back moves",
    )
    parser.add_argument(
        "--memory-breakdown",
        action="store_true",
        help="the server reports where its memory goes at the end",
    )
    parser.add_argument(
        "--tracemalloc",
        action="store_true",
        help="with --memory-breakdown: the top allocations too (much slower: 10 tables work;"
        " at 30 and 100 the traced server stalled on this machine)",
    )
    args = parser.parse_args()
    if args.quick:
        args.tables, args.subscribers, args.moves = 2, 4, 5
    limit = MIXES[args.game].limit
    if not args.soak and limit is not None and WARMUP + args.moves > limit:
        most = limit - WARMUP
        parser.error(f"{args.game}'s mix is a whole game, {limit} moves: ask for {most} at most")
    if args.workers < 1:
        parser.error("--workers must be at least 1")
    if args.workers > 1 and args.db == "sqlite":
        parser.error("--workers needs PostgreSQL: --db postgresql or --db postgresql://...")
    if args.tracemalloc and not args.memory_breakdown:
        parser.error("--tracemalloc goes with --memory-breakdown")
    if args.memory_breakdown and (args.workers > 1 or args.soak):
        parser.error("--memory-breakdown is for one server process's timed run")
    global GZIP
    GZIP = not args.identity
    if args.memory_breakdown:
        # Read by the server at start (start_server passes this process's environment on).
        folder = tempfile.mkdtemp(prefix="fanout-memory-")
        os.environ[MEMORY_REPORT] = os.path.join(folder, "memory.json")
        if args.tracemalloc:
            os.environ["PYTHONTRACEMALLOC"] = "1"
    wrapper = None
    if args.pin_cpu is not None:
        cores = os.sched_getaffinity(0)
        if args.pin_cpu not in cores or len(cores) < 2:
            parser.error(f"--pin-cpu needs a core of {sorted(cores)} and one more for the clients")
        wrapper = ["taskset", "--cpu-list", str(args.pin_cpu)]
        # The clients stay off the server's core, so what it measures is the server's own.
        os.sched_setaffinity(0, cores - {args.pin_cpu})
    with open_store(args.db, args.workers) as store:
        proc, port = start_server(store.db, wrapper=wrapper, workers=args.workers)
        server_cpus = sorted(os.sched_getaffinity(proc.pid))
        try:
            if args.soak:
                run = soak(
                    port, proc.pid, args.tables, args.subscribers, args.soak, args.game, store
                )
            else:
                run = bench(
                    port, proc.pid, args.tables, args.subscribers, args.moves, args.game, store
                )
            result = asyncio.run(run)
        except Refused as err:
            sys.exit(f"fanout: {err}")
        finally:
            stop_server(proc)
            if args.memory_breakdown:
                shutil.rmtree(os.path.dirname(os.environ[MEMORY_REPORT]), ignore_errors=True)
    result["server_cpus"] = server_cpus  # the cores the server may run on
    print(json.dumps(result))


if __name__ == "__main__":
    main()
