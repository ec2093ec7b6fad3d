"""Page weight and cold start.

- Cold start: from launching ``companion serve`` to its first 200 on /healthz (median of runs).
- First load: the bytes a browser transfers to show a page for the first time, compressed
  as the server sends them, headers included: the HTML plus the stylesheets and scripts
  it links. Every kind of page: home, a new table, the plays, joining by code, and for
  each game the table screen, the TV and a phone. Target: at most 40 KB for the phone page
  (``tests/web/test_page_assets.py`` holds it at every game's heaviest recorded step).
- Repeat load: the same page again. Files named by their content (``?v=``, cached as
  immutable) are not asked for again; any other is asked again (a 304 at best).
- Icons: the icons and the manifest the page links, which a browser fetches when it wants
  them (for a tab, a home screen), apart from the figures above.

    python benchmarks/pages.py [--quick]

Prints one JSON line.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.games import GAMES  # noqa: E402

PHONE_LIMIT_KB = 40


def cold_start(db: Path) -> tuple[float, subprocess.Popen[str], str]:
    began = time.perf_counter()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "companion.cli",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--db",
            str(db),
            "--quiet",
            "--create-limit",  # one table per game per run, many runs: never the limit
            "100000 per minute",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert proc.stdout is not None
    base = ""
    while not base:
        line = proc.stdout.readline()
        match = re.search(r"running at (http://\S+)", line)
        if match:
            base = match.group(1)
        elif not line and proc.poll() is not None:
            raise RuntimeError("server did not start")
    while True:
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=2) as reply:
                if reply.status == 200:
                    return (time.perf_counter() - began) * 1000, proc, base
        except (urllib.error.URLError, ConnectionError):
            time.sleep(0.005)


class Browser:
    """Fetches like a browser: cookies, gzip accepted, wire bytes counted."""

    def __init__(self) -> None:
        self.jar = CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, url: str) -> tuple[bytes, int]:
        request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
        with self.opener.open(request, timeout=10) as reply:
            raw = reply.read()
            return raw, len(raw) + sum(len(k) + len(v) + 4 for k, v in reply.getheaders())

    def page_weight(self, base: str, path: str) -> dict[str, float]:
        """A page's first load, repeat load and icons, in KB."""
        import gzip

        raw, total = self.get(base + path)
        html = gzip.decompress(raw).decode() if raw[:2] == b"\x1f\x8b" else raw.decode()
        repeat = total
        files = re.findall(r'<(?:link rel="stylesheet" href|script src)="(/static/[^"]+)"', html)
        for asset in sorted(set(files)):
            request = urllib.request.Request(
                base + asset.replace("&amp;", "&"), headers={"Accept-Encoding": "gzip"}
            )
            with self.opener.open(request, timeout=10) as reply:
                size = len(reply.read()) + sum(len(k) + len(v) + 4 for k, v in reply.getheaders())
                total += size
                if "immutable" not in (reply.headers.get("Cache-Control") or ""):
                    repeat += 200  # asked again: a request and a 304's headers, about
        icons = set(
            re.findall(
                r'<link rel="(?:icon|apple-touch-icon|manifest)"[^>]* href="(/static/[^"]+)"', html
            )
        )
        icon_bytes = sum(self.get(base + i.replace("&amp;", "&"))[1] for i in icons)
        return {
            "first_kb": round(total / 1024, 1),
            "repeat_kb": round(repeat / 1024, 1),
            "files": len(set(files)),
            "icons_kb": round(icon_bytes / 1024, 1),
        }


def post_json(url: str, body: dict) -> dict:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as reply:
        return json.loads(reply.read())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    runs = 1 if args.quick else 5
    out: dict = {"benchmark": "pages", "phone_limit_kb": PHONE_LIMIT_KB}
    with tempfile.TemporaryDirectory() as tmp:
        starts = []
        for n in range(runs):
            ms, proc, base = cold_start(Path(tmp) / f"cold{n}.db")
            starts.append(ms)
            if n < runs - 1:
                proc.terminate()
                proc.wait(10)
        out["cold_start_ms"] = round(statistics.median(starts), 1)
        try:
            visitor = Browser()
            out["pages"] = {
                "home": visitor.page_weight(base, "/"),
                "new_table": visitor.page_weight(base, "/new/samurai-sword"),
                "plays": visitor.page_weight(base, "/plays"),
                "join": visitor.page_weight(base, "/j"),
            }
            weights = {}
            for game_id, game in sorted(GAMES.items()):
                players = [f"Player {n + 1}" for n in range(game.max_players)]
                table = post_json(base + "/api/tables", {"game": game_id, "players": players})
                host = Browser()
                host.get(f"{base}/host/{table['id']}/{table['host_token']}")
                phone = Browser()
                phone.get(table["seats"][0]["join_url"])
                weights[game_id] = {
                    "phone": phone.page_weight(base, f"/t/{table['id']}/seat"),
                    "table": host.page_weight(base, f"/t/{table['id']}"),
                    "tv": Browser().page_weight(base, f"/t/{table['id']}/tv"),
                }
            out["first_load"] = weights
        finally:
            proc.terminate()
            proc.wait(10)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
