"""Will the database save? A look at its file, its folder and its disk before serving."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

MIN_FREE_BYTES = 50 * 1024 * 1024  # below this, a long game night's log may not fit


def storage_warning(db: str | os.PathLike[str], min_free: int = MIN_FREE_BYTES) -> str | None:
    """One line saying why the database may fail to save (unwritable, disk full), else None."""
    path = Path(db)
    folder = path.parent
    while not folder.is_dir() and folder != folder.parent:
        folder = folder.parent  # the store creates missing folders: their parent must be writable
    problems = []
    # Real write attempts, not os.access: for root, os.access says yes to nearly everything.
    if path.exists():
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_APPEND))
        except OSError:
            problems.append(f"the database file {path} is not writable")
    try:
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError:
        # SQLite's write-ahead log and shared-memory files are created beside the database.
        problems.append(f"the folder {folder} is not writable")
    try:
        free = shutil.disk_usage(folder).free
    except OSError:
        free = None
    if free is not None and free < min_free:
        problems.append(f"only {free // (1024 * 1024)} MB free on its disk")
    if not problems:
        return None
    return "WARNING: the database may fail to save: " + "; ".join(problems)
