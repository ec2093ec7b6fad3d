"""docs/api.md lists every refusal code the platform answers with, under its HTTP status.

A client acts on the code (resend with ``"confirm": true`` after ``confirm_action``, join after
``no_token``), so a code the API can answer with but the docs do not name is a client that
cannot know what to do. The codes are read from the source of the pipeline, the web and the
kit (the parts every game shares); a game's own codes are its docs page's business.
"""

from __future__ import annotations

import re
from pathlib import Path

from companion import errors
from companion.web.errors import status_of

ROOT = Path(__file__).resolve().parents[2]
SHARED = ("companion/pipeline", "companion/web", "companion/games/kit")
# `SomeError(` then the code as the first argument, on the same line or the next.
MADE = re.compile(r"\b([A-Z][A-Za-z]+)\(\s*\"([a-z_]+)\"")


def raised_codes() -> dict[str, set[int]]:
    """Every code the shared parts make a refusal with, and the statuses it is answered with."""
    found: dict[str, set[int]] = {}
    for folder in SHARED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for kind, code in MADE.findall(path.read_text(encoding="utf-8")):
                cls = getattr(errors, kind, None)
                if isinstance(cls, type) and issubclass(cls, errors.RulesError):
                    found.setdefault(code, set()).add(status_of(cls(code, "")))
    return found


def documented_codes() -> dict[str, set[int]]:
    """The codes in docs/api.md's "Error codes" table, with the status of each row."""
    text = (ROOT / "docs/api.md").read_text(encoding="utf-8")
    table = text.split("## Error codes", 1)[1].split("\n## ", 1)[0]
    rows: dict[str, set[int]] = {}
    for line in table.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 2 and cells[0].isdigit():
            for code in re.findall(r"`([a-z_]+)`", cells[1]):
                rows.setdefault(code, set()).add(int(cells[0]))
    return rows


def test_the_source_is_read_and_the_asking_codes_are_among_it():
    codes = raised_codes()
    # The scan itself works: the codes a client must answer are found where they are made.
    for code, status in [("confirm_action", 409), ("confirm_reveal", 409), ("no_token", 401)]:
        assert status in codes.get(code, set()), code
    assert len(codes) > 40


def test_every_shared_refusal_code_is_in_the_docs_with_its_status():
    documented = documented_codes()
    missing = {
        code: sorted(statuses - documented.get(code, set()))
        for code, statuses in raised_codes().items()
        if not statuses <= documented.get(code, set())
    }
    assert not missing, f"docs/api.md's Error codes table lacks (code: statuses) {missing}"


def test_the_docs_tell_a_client_to_resend_a_confirmed_action():
    lines = (ROOT / "docs/api.md").read_text(encoding="utf-8").splitlines()
    row = next(line for line in lines if "`confirm_action`" in line)
    assert row.startswith("| 409 |") and '"confirm": true' in row
