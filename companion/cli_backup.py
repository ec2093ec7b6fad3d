"""``companion backup`` and ``companion restore``: the commands, registered by ``cli``.

They only parse and call the store (``store.backup``, ``store.pgdump``), which alone touches
the database's files and SQL. ``backup`` works while the server runs; ``restore`` refuses
while a server uses a SQLite file (``store.backup.serving``).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

BACKUP_HELP = """\
Make a consistent copy of the games while the server runs (never copy the live file with
cp: such a copy can be damaged). With no PATH the copy goes into the "backups" folder beside
the database; with a folder, into it; with a file name, there. It prints where it went and
how big it is. For PostgreSQL it runs pg_dump (custom format, -Fc); with no PATH the copy
goes into the current folder.
"""

RESTORE_HELP = """\
Put a backup back in place of the games. The file is checked first (whole, undamaged, made
by Table Companion, by this release or an older one); the current database is moved aside,
never deleted, under a name ending ".before-restore-<UTC time>". Stop the server first; the
next start upgrades a backup from an older release, as any start does. For PostgreSQL it
runs pg_restore, after a pg_dump of the current database into the folder of FILE.
"""


def register(sub: Any) -> None:
    """Add the two commands to ``companion``'s subcommands."""
    plain = argparse.RawDescriptionHelpFormatter
    backup = sub.add_parser(
        "backup",
        help="copy the games to a file, safely, while the server runs",
        description=BACKUP_HELP,
        formatter_class=plain,
        usage="companion backup [PATH] [--db FILE|URL]",
        epilog="examples:\n  companion backup\n  companion backup /media/usb/\n",
    )
    backup.add_argument("path", nargs="?", default=None, metavar="PATH")
    backup.add_argument("--db", default=None, metavar="FILE|URL", help="as for companion serve")
    restore = sub.add_parser(
        "restore",
        help="put a backup back in place of the games",
        description=RESTORE_HELP,
        formatter_class=plain,
        usage="companion restore FILE [--db FILE|URL]",
    )
    restore.add_argument("file", metavar="FILE")
    restore.add_argument("--db", default=None, metavar="FILE|URL", help="as for companion serve")


def _location(args: argparse.Namespace) -> str:
    from . import default_database

    return str(args.db or default_database())


def _backups_folder(location: str) -> Path:
    """The "backups" folder beside a SQLite file; for PostgreSQL, the current folder."""
    from .store.postgres import is_url

    if not is_url(location):
        return Path(location).expanduser().parent / "backups"
    return Path.cwd()


def run(args: argparse.Namespace) -> None:
    """Run ``backup`` or ``restore``; a refusal is one line and exit status 1."""
    from .store.backup import Refused

    try:
        if args.command == "backup":
            backup(args)
        else:
            restore(args)
    except Refused as err:
        sys.exit(f"companion: {err}")


def backup(args: argparse.Namespace) -> None:
    from .store import pgdump
    from .store.backup import Refused, copy, size_text, stamp
    from .store.postgres import is_url, shown

    location = _location(args)
    postgres = is_url(location)
    if not postgres and not Path(location).exists():
        raise Refused(f"There is no database at {location} yet: nothing to back up.")
    name = f"table-companion-{stamp()}{'.dump' if postgres else '.db'}"
    dest = Path(args.path).expanduser() if args.path else _backups_folder(location)
    if not args.path or dest.is_dir() or args.path.endswith(os.sep):
        dest = dest / name
    size = pgdump.dump(location, dest) if postgres else copy(location, dest)
    print(f"Backed up {shown(location) if postgres else location}")
    print(f"  to {dest} ({size_text(size)})")


def restore(args: argparse.Namespace) -> None:
    from .store import backup as sqlite_backup
    from .store import pgdump
    from .store.postgres import is_url, shown

    location = _location(args)
    file = Path(args.file).expanduser()
    if not file.is_file():
        raise sqlite_backup.Refused(f"There is no file {file}.")
    if is_url(location):
        # What the database held goes beside the file restored, where the person works.
        aside = pgdump.restore(file, location, file.resolve().parent)
        print(f"Restored {file} into {shown(location)}.")
        print(f"What the database held before is in {aside}.")
        return
    moved, step = sqlite_backup.restore(file, Path(location).expanduser())
    print(f"Restored {file} to {location}.")
    if moved is not None:
        print(f"The database it replaced was moved to {moved} (nothing was deleted).")
    from .store import migrations

    if step < migrations.LATEST:
        print("It was saved by an older release: the next start upgrades it.")
    print("Start the server again: it serves the restored games.")
