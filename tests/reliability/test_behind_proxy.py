"""Behind a proxy: the address phones are sent to, and who a request really comes from."""

from __future__ import annotations

import json
import urllib.request

from companion import create_app

from .spawn import serve


def test_qr_codes_and_links_carry_the_public_url_not_the_servers_own(tmp_path):
    server = serve(tmp_path / "p.db", "--quiet", "--public-url", "https://games.example.org/")
    try:
        request = urllib.request.Request(
            server.base + "/api/tables",
            data=json.dumps({"game": "samurai-sword", "players": ["A", "B", "C"]}).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as reply:
            table = json.loads(reply.read())
        # The seats' links (their QR codes) send phones to the proxy, not past it.
        assert all(
            s["join_url"].startswith("https://games.example.org/join/") for s in table["seats"]
        )
    finally:
        server.stop()


def test_behind_a_proxy_the_forwarded_address_is_the_players_own(tmp_path):
    app = create_app({"DATABASE": str(tmp_path / "a.db"), "TESTING": True, "BEHIND_PROXY": True})
    seen = {}

    @app.get("/whoami-for-test")
    def whoami() -> str:
        from flask import request

        seen["addr"], seen["scheme"] = request.remote_addr, request.scheme
        return "ok"

    app.test_client().get(
        "/whoami-for-test",
        headers={"X-Forwarded-For": "192.168.1.77", "X-Forwarded-Proto": "https"},
    )
    assert seen == {"addr": "192.168.1.77", "scheme": "https"}
    plain = create_app({"DATABASE": str(tmp_path / "b.db"), "TESTING": True})

    @plain.get("/whoami-for-test")
    def whoami_plain() -> str:
        from flask import request

        seen["addr"] = request.remote_addr
        return "ok"

    plain.test_client().get("/whoami-for-test", headers={"X-Forwarded-For": "192.168.1.77"})
    assert seen["addr"] != "192.168.1.77"  # not trusted unless asked for
    app.extensions["store"].close()
    plain.extensions["store"].close()
