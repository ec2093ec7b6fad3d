"""Screenshot a game's table screen and phones, in English and 繁體中文, into shots/.

    .venv/bin/python scripts/screenshots.py samurai-sword [players...]

Starts a real server, creates a table through the API, claims two seats from their QR URLs
in phone-sized browsers, plays a few actions given on the command line as JSON, and saves
PNGs to look at. A development aid: the browser tests assert; this shows.
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.e2e.conftest import CHROMIUM_ARGS, PHONE, SCREEN, Server, chromium_path  # noqa: E402

DEFAULT_PLAYERS = {
    "samurai-sword": ["Akiko", "Benji", "Chen", "Daiki", "Emi"],
    "sun-tzu": ["Akiko", "Benji"],
    "quorsum": ["Akiko", "Benji"],
    "art-of-war": ["Akiko", "Benji", "Chen"],
    "three-kingdoms": ["Akiko", "Benji", "Chen"],
}


def main() -> None:
    game = sys.argv[1] if len(sys.argv) > 1 else "samurai-sword"
    actions = [json.loads(a) for a in sys.argv[2:]]
    out = Path("shots")
    out.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "shots.db").start()
        try:
            table = server.api(
                "POST", "/api/tables", {"game": game, "players": DEFAULT_PLAYERS[game]}
            )
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
                host = browser.new_context(**SCREEN)
                host_page = host.new_page()
                host_page.goto(f"{server.base}/host/{table['id']}/{table['host_token']}")
                phones = []
                for seat in table["seats"][:2]:
                    ctx = browser.new_context(**PHONE)
                    page = ctx.new_page()
                    page.goto(seat["join_url"])
                    phones.append(page)
                for action in actions:
                    server.api(
                        "POST",
                        f"/api/tables/{table['id']}/actions",
                        action,
                        token=table["host_token"],
                    )
                for lang in ("en", "zh_TW"):
                    for page in [host_page, *phones]:
                        page.goto(
                            f"{server.base}/lang/{lang}?next=" + page.url.split(server.base)[1]
                        )
                        page.wait_for_timeout(300)
                    host_page.screenshot(path=str(out / f"{game}-table-{lang}.png"), full_page=True)
                    for n, page in enumerate(phones):
                        page.screenshot(
                            path=str(out / f"{game}-phone{n}-{lang}.png"), full_page=True
                        )
                    # The secret, as its owner sees it while holding "reveal".
                    reveal = phones[0].locator("[data-reveal]")
                    if reveal.count():
                        reveal.first.dispatch_event("pointerdown")
                        phones[0].screenshot(path=str(out / f"{game}-phone0-revealed-{lang}.png"))
                        reveal.first.dispatch_event("pointerup")
                browser.close()
        finally:
            server.stop()
    print("\n".join(sorted(str(p) for p in out.glob(f"{game}-*.png"))))


if __name__ == "__main__":
    main()
