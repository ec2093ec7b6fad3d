"""No secret reaches the server's log: join codes and host links are redacted."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request

from companion.cli import RedactingLog


def test_the_access_log_redacts_join_codes_and_host_tokens(tmp_path):
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
            str(tmp_path / "log.db"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        base = ""
        while not base:
            match = re.search(r"running at (http://\S+)", proc.stdout.readline())
            base = match.group(1) if match else ""
        request = urllib.request.Request(
            base + "/api/tables",
            method="POST",
            headers={"Content-Type": "application/json"},
            data=json.dumps({"game": "samurai-sword", "players": ["A", "B", "C"]}).encode(),
        )
        table = json.loads(urllib.request.urlopen(request, timeout=5).read())
        secrets = [table["host_token"]] + [s["join_code"] for s in table["seats"]]
        # A browser: it keeps the cookie the join sets and follows the redirect.
        browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        browser.open(table["seats"][0]["join_url"], timeout=5).read()
        browser.open(f"{base}/host/{table['id']}/{table['host_token']}", timeout=5).read()
        try:
            urllib.request.build_opener().open(table["seats"][0]["join_url"], timeout=5)
        except urllib.error.HTTPError:
            pass  # the second use is refused: its line is logged too
        time.sleep(0.3)
    finally:
        proc.terminate()
        _, log = proc.communicate(timeout=10)
    assert "/join/[secret]" in log and "/host/" in log
    for secret in secrets:
        assert secret not in log


def test_redaction_keeps_the_rest_of_the_line():
    lines = []

    class Sink:
        def write(self, text: str) -> None:
            lines.append(text)

        def flush(self) -> None:
            pass

    RedactingLog(Sink()).write('"GET /join/Abc-123_x HTTP/1.1" 303 and /t/T1/seat')
    assert lines == ['"GET /join/[secret] HTTP/1.1" 303 and /t/T1/seat']
