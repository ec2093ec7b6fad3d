"""No secret reaches the server's log: join codes and host links are redacted."""

from __future__ import annotations

import time
import urllib.error
import urllib.request

from companion.serve.access_log import RedactingLog, redact

from .spawn import SAMURAI, api, serve


def test_the_access_log_redacts_join_codes_and_host_tokens(tmp_path):
    server = serve(tmp_path / "log.db")
    try:
        base = server.base
        table = api(base, "POST", "/api/tables", SAMURAI)
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
        log = server.stop()
    assert "/join/[secret]" in log and "/host/" in log
    for secret in secrets:
        assert secret not in log


def visit(base: str, paths: list[str]) -> None:
    """A browser (keeping its cookies) opens each path; a refusal is logged all the same."""
    for path in paths:
        browser = urllib.request.build_opener(urllib.request.HTTPCookieProcessor())
        try:
            browser.open(base + path, timeout=5).read()
        except urllib.error.HTTPError:
            pass


def escaped(secret: str) -> str:
    """``secret`` with its first character percent-escaped: the same code to the server."""
    return f"%{ord(secret[0]):02X}{secret[1:]}"


def test_the_access_log_redacts_percent_escaped_codes_and_codes_with_query_strings(tmp_path):
    server = serve(tmp_path / "escaped.db")
    try:
        table = api(server.base, "POST", "/api/tables", SAMURAI)
        codes = [s["join_code"] for s in table["seats"]]
        host = table["host_token"]
        visits = [
            f"/join/{escaped(codes[0])}",
            f"/join/{codes[1]}?from=qr",
            f"/join/{escaped(codes[2])}?from=qr&x=%22",
            f"/host/{table['id']}/{escaped(host)}",
            f"/lang/en?next=%2Fjoin%2F{codes[3]}",
        ]
        visit(server.base, visits)
        time.sleep(0.3)
    finally:
        log = server.stop()
    assert log.count("[secret]") >= len(visits)
    for secret in [*codes, host]:
        # Not the code, and not what follows an escaped first character either.
        assert secret[1:] not in log


def redacting() -> tuple[RedactingLog, list[str]]:
    """A redacting log and the lines it passes on."""
    lines: list[str] = []

    class Sink:
        def write(self, text: str) -> None:
            lines.append(text)

        def flush(self) -> None:
            pass

    return RedactingLog(Sink()), lines


def test_redaction_keeps_the_rest_of_the_line():
    log, lines = redacting()
    log.write('"GET /join/Abc-123_x HTTP/1.1" 303 and /t/T1/seat')
    assert lines == ['"GET /join/[secret] HTTP/1.1" 303 and /t/T1/seat']


def test_redaction_runs_to_the_next_slash_question_mark_space_or_quote():
    log, lines = redacting()
    log.write('"GET /join/%41bc.~!x?k=v HTTP/1.1" 303')
    log.write('"GET /host/T%31/%2Dtok/more HTTP/1.1" 404')
    log.write('"GET /lang/en?next=%2fjoin%2fAbc HTTP/1.1" 303')
    assert lines == [
        '"GET /join/[secret]?k=v HTTP/1.1" 303',
        '"GET /host/T1/[secret]/more HTTP/1.1" 404',
        '"GET /lang/en?next=[secret] HTTP/1.1" 303',
    ]


def logged(server, paths: list[str]) -> None:
    """Wait until the server has logged a request line for each of ``paths`` (redacted or not:
    either way the line is there to check). A hung server fails the test."""
    lines = [f'"GET {redact(path)} HTTP/1.1"' for path in paths]
    deadline = time.monotonic() + 60  # only stops a hung test; the event is the log line
    while not all(line in "".join(server.stderr) for line in lines):
        assert time.monotonic() < deadline, "".join(server.stderr)
        time.sleep(0.05)


def test_the_access_log_redacts_codes_the_router_would_read_however_they_are_spelled(tmp_path):
    server = serve(tmp_path / "spelled.db")
    try:
        table = api(server.base, "POST", "/api/tables", SAMURAI)
        codes = [s["join_code"] for s in table["seats"]]
        shorts = [s["short_code"] for s in table["seats"]]
        host = table["host_token"]
        twice = "".join(f"%25{ord(ch):02X}" for ch in f"/join/{codes[3]}")
        visits = [
            f"//join//{codes[0]}",
            f"/join;x/{codes[1]}",
            f"/JOIN/{codes[2]}",
            f"/lang/en?next={twice}",
            f"/lang/en?next=http%3A%2F%2Fh%2FJ%2F{shorts[0]}",
            f"/J//{shorts[1]}",
            f"//host/{table['id']}//{host}",
            f"/t/{table['id']}?token={host}",
        ]
        visit(server.base, visits)
        logged(server, visits)
    finally:
        log = server.stop()
    for secret in [*codes, *shorts, host]:
        assert secret not in log
        assert secret.casefold() not in log.casefold()
    assert "//join//[secret]" in log and "/JOIN/[secret]" in log and "next=[secret]" in log
