"""Backups of a PostgreSQL database with PostgreSQL's own tools, ``pg_dump`` and ``pg_restore``.

A backup is ``pg_dump``'s custom format (``-Fc``): compressed, and restored table by table.
The password never goes on a command line (any user of the machine could read it there): the
tools get the URL without it, and the password in their environment (``PGPASSWORD``).

``restore`` checks the file before it replaces anything: ``pg_restore`` reads it whole (a
truncated or damaged file fails), it must hold Table Companion's tables, and its schema step
must be no newer than this release's. The current database is then dumped aside (never
dropped without a copy) and the backup restored in one transaction.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path
from urllib.parse import unquote, urlsplit

from .backup import Refused, known_step, stamp
from .postgres import shown

INSTALL = (
    "{tool} is not installed: it comes with PostgreSQL's client tools"
    " (Debian, Ubuntu, Raspberry Pi OS: sudo apt install postgresql-client)."
)


def tool(name: str) -> str:
    """The path of ``pg_dump`` or ``pg_restore``, or ``Refused`` saying how to install it."""
    found = shutil.which(name)
    if found is None:
        raise Refused(INSTALL.format(tool=name))
    return found


def _run(args: list[str], url: str) -> subprocess.CompletedProcess[bytes]:
    env = dict(os.environ)
    password = urlsplit(url).password
    if password is not None:
        env["PGPASSWORD"] = unquote(password)
    return subprocess.run(args, env=env, capture_output=True, check=False)


def _said(result: subprocess.CompletedProcess[bytes]) -> str:
    text = result.stderr.decode(errors="replace").strip()
    return text.splitlines()[-1] if text else f"exit status {result.returncode}"


def dump(url: str, dest: Path) -> int:
    """``pg_dump -Fc`` of the database at ``url`` into ``dest`` (0600); its size."""
    pg_dump = tool("pg_dump")  # before anything is made
    dest.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    partial = dest.with_name(f".{dest.name}.partial")
    os.close(os.open(partial, os.O_RDWR | os.O_CREAT | os.O_TRUNC, 0o600))
    done = _run([pg_dump, "-Fc", "--no-owner", "-f", str(partial), shown(url)], url)
    if done.returncode != 0:
        partial.unlink()
        raise Refused(f"pg_dump could not back up {shown(url)}: {_said(done)}")
    os.replace(partial, dest)
    return dest.stat().st_size


def check(path: Path) -> int:
    """Refuse unless ``path`` is a whole Table Companion dump this release can restore;
    its schema step."""
    restore = tool("pg_restore")
    whole = _run([restore, "-f", os.devnull, str(path)], "")
    if whole.returncode != 0:
        raise Refused(f"{path} is damaged or not a pg_dump backup: {_said(whole)}")
    listing = _run([restore, "-l", str(path)], "").stdout.decode(errors="replace")
    tables = set(re.findall(r" TABLE DATA \S+ (\w+) ", listing))
    if not {"tables", "seats", "actions", "schema_version"} <= tables:
        raise Refused(f"{path} is a pg_dump backup, but not one of Table Companion's.")
    data = _run([restore, "--data-only", "--table=schema_version", "-f", "-", str(path)], "")
    step = 0
    copying = False
    for line in data.stdout.decode(errors="replace").splitlines():
        if line.startswith("COPY ") and "schema_version" in line:
            copying = True
        elif copying and line == "\\.":
            copying = False
        elif copying and line.split("\t", 1)[0].isdigit():
            step = max(step, int(line.split("\t", 1)[0]))
    return known_step(path, step)


def restore(backup: Path, url: str, aside_folder: Path) -> Path:
    """Restore ``backup`` into the database at ``url``, after a dump of what it held now
    (where that went is returned). Nothing changes if the check refuses."""
    check(backup)
    aside = aside_folder / f"before-restore-{stamp()}.dump"
    dump(url, aside)
    done = _run(
        [
            tool("pg_restore"),
            "--clean",
            "--if-exists",
            "--no-owner",
            "--single-transaction",
            "-d",
            shown(url),
            str(backup),
        ],
        url,
    )
    if done.returncode != 0:
        raise Refused(
            f"pg_restore could not restore {backup} (nothing changed; the database as it"
            f" was is also in {aside}): {_said(done)}"
        )
    return aside
