"""The phone's DOM work per live update: what one change at the table costs a slow phone.

A real ``companion serve`` process and Debian's Chromium (headless, driven by Playwright)
with a phone's viewport, touch and pixel ratio, its CPU slowed 4x through the DevTools
protocol so that a laptop behaves more like a mid-range phone. The phone claims seat 1 and
its page opens its SSE stream; the host then makes moves through the JSON API (a counter
tapped on another seat, every fifth on the phone's own seat) and waits, after each, until
the phone has shown that version, so moves never overlap.

Inside the page, a script installed before any of the page's own runs times each message
the htmx SSE extension swaps, whatever its event name (a whole view or only fragments):

- swap_ms: from ``htmx:sseBeforeMessage`` to ``htmx:sseMessage``, i.e. parsing the HTML
  and swapping it in, the synchronous part that blocks the page;
- frame_ms: from the same start until a task queued from the next animation frame runs,
  which approximates "style, layout and paint of the new content are done".

Messages of one version (one move) are added up. The first moves are a warm-up (the page's
scripts get compiled and its caches filled) and are not counted.

    python benchmarks/phone_dom.py [--moves 40] [--game samurai-sword] [--quick]

Prints one JSON line: timings in ms (p50, p95, max), the SSE message size (its data, in
characters: bytes for ASCII, before gzip), messages per move, the page's element count and
the size of the live area's HTML at the end. Each run deals a new table at random (roles,
characters), so sizes differ by a few per cent between runs; compare several runs.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import tempfile
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from serving import HOST, start_server, stop_server

WARMUP = 3
CPU_THROTTLE = 4
PHONE_SEAT = 1
MOVE_TIMEOUT_MS = 10_000
# Checked on a timer, not every animation frame (the default): the check itself is page work
# and would otherwise run inside the frames being timed.
POLL_MS = 50
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]

# Listening on document in the capture phase runs before any listener the page adds on the
# swapped element. The extension passes the same MessageEvent as the detail of both events,
# so it keys the start time (several messages may be in flight within one task).
INSTRUMENT = """
(() => {
  const started = new WeakMap();
  const updates = {};
  window.__phoneDom = {updates, open: false};
  document.addEventListener("htmx:sseOpen", () => { window.__phoneDom.open = true; }, true);
  document.addEventListener("htmx:sseBeforeMessage", (event) => {
    started.set(event.detail, performance.now());
  }, true);
  document.addEventListener("htmx:sseMessage", (event) => {
    const t1 = performance.now();
    const message = event.detail;
    const t0 = started.get(message);
    if (t0 === undefined) return;
    const version = message.lastEventId;
    const u = updates[version] ||= {t0, swap: 0, bytes: 0, messages: 0, t2: null, pending: 0};
    u.t0 = Math.min(u.t0, t0);
    u.swap += t1 - t0;
    u.bytes += (message.data || "").length;
    u.messages += 1;
    u.pending += 1;
    requestAnimationFrame(() => setTimeout(() => {
      u.t2 = performance.now();
      u.pending -= 1;
    }));
  }, true);
})();
"""


def post(port: int, path: str, body: dict[str, Any], token: str | None = None) -> dict[str, Any]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(
        f"http://{HOST}:{port}{path}", json.dumps(body).encode(), headers, method="POST"
    )
    with urllib.request.urlopen(request, timeout=10) as reply:
        return json.load(reply)


def local(url: str, port: int) -> str:
    """The same URL on this server: join URLs name the server's public address."""
    return re.sub(r"^https?://[^/]+", f"http://{HOST}:{port}", url)


def chromium() -> str:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    if not found:
        raise SystemExit("Debian's chromium is not installed (apt-get install chromium)")
    return found


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def spread(values: list[float]) -> dict[str, float]:
    return {
        "p50": round(statistics.median(values), 2),
        "p95": round(percentile(values, 0.95), 2),
        "max": round(max(values), 2),
    }


def moves_plan(players: int, total: int) -> list[int]:
    """Which seat each move taps: the others in turn, and every fifth the phone's own."""
    others = [s for s in range(players) if s != PHONE_SEAT]
    plan = []
    for n in range(total):
        plan.append(PHONE_SEAT if n % 5 == 4 else others[n % len(others)])
    return plan


def drive(page: Page, port: int, table: dict[str, Any], counter: str, total: int) -> list[str]:
    """Makes the moves one at a time; returns the versions the phone showed, in order."""
    path = f"/api/tables/{table['id']}/actions"
    # Each seat's counter goes up, then back down: it stays within its range however long
    # the run, and every move is a real change (no clamped no-op that sends nothing).
    next_delta = {seat["seat"]: 1 for seat in table["seats"]}
    versions = []
    for seat in moves_plan(len(table["seats"]), total):
        delta = next_delta[seat]
        next_delta[seat] = -delta
        body = {"type": "adjust", "seat": seat, "counter": counter, "delta": delta}
        version = str(post(port, path, body, table["host_token"])["version"])
        try:
            page.wait_for_function(
                "v => { const u = window.__phoneDom.updates[v]; return u && u.pending === 0; }",
                arg=version,
                polling=POLL_MS,
                timeout=MOVE_TIMEOUT_MS,
            )
        except PlaywrightTimeoutError:
            # Every move changes what the phone shows (a public counter, a history line),
            # so each version must reach it, carrying that version as its SSE id.
            raise SystemExit(f"the phone got no message with id {version}") from None
        versions.append(version)
    return versions


def bench(port: int, game: str, counter: str, moves: int) -> dict[str, Any]:
    players = [f"P{n}" for n in range(7)]
    table = post(port, "/api/tables", {"game": game, "players": players})
    join = local(table["seats"][PHONE_SEAT]["join_url"], port)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium(), headless=True, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(
                viewport={"width": 390, "height": 844},
                device_scale_factor=3,
                is_mobile=True,
                has_touch=True,
            )
            context.add_init_script(INSTRUMENT)
            page = context.new_page()
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_THROTTLE})
            page.goto(join)
            assert re.search(r"/t/[^/]+/seat$", page.url), page.url
            page.wait_for_function("window.__phoneDom.open", timeout=MOVE_TIMEOUT_MS)
            versions = drive(page, port, table, counter, WARMUP + moves)[WARMUP:]
            updates = page.evaluate("window.__phoneDom.updates")
            dom_nodes = page.evaluate("document.getElementsByTagName('*').length")
            live_html = page.evaluate("document.getElementById('live').outerHTML.length")
        finally:
            browser.close()
    counted = [updates[v] for v in versions]
    return {
        "game": game,
        "moves": moves,
        "cpu_throttle": CPU_THROTTLE,
        "swap_ms": spread([u["swap"] for u in counted]),
        "frame_ms": spread([u["t2"] - u["t0"] for u in counted]),
        "message_bytes_p50": int(statistics.median(u["bytes"] for u in counted)),
        "messages_per_move": round(sum(u["messages"] for u in counted) / len(counted), 2),
        "dom_nodes": dom_nodes,
        "live_html_bytes": live_html,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--game", default="samurai-sword")
    parser.add_argument("--counter", default="hand", help="the counter each move taps")
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--quick", action="store_true", help="5 moves (for CI)")
    args = parser.parse_args()
    moves = 5 if args.quick else args.moves
    with tempfile.TemporaryDirectory() as tmp:
        proc, port = start_server(Path(tmp) / "bench.db")
        try:
            figures = bench(port, args.game, args.counter, moves)
        finally:
            stop_server(proc)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
