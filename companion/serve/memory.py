"""Where a running server's memory goes: an opt-in report, for the benchmarks.

When the server starts with ``COMPANION_MEMORY_REPORT=<path>`` in its environment, a SIGUSR1
makes it write a JSON breakdown of its memory to that path (written whole, then renamed, so
a reader never sees half a file). Without the variable nothing is installed and nothing
costs anything. The report holds:

- ``process``: resident memory (anonymous and file-backed) and the process's mappings by
  kind (the C heap, anonymous maps, thread stacks, shared libraries), from /proc;
- ``threads``: the OS threads, and the greenlets that stand for connections;
- ``streams``: the live streams, their gzip compressors and an estimate of the compressors'
  native memory (zlib's own formula: the window and hash tables, which Python cannot see),
  and the entries each stream holds of what its screen shows;
- ``objects``: live objects per type (what the garbage collector tracks);
- ``tracemalloc``: with ``PYTHONTRACEMALLOC`` set, the top allocations by file and line, and
  by file. That tracing costs memory of its own (``overhead_mb``): read the process's
  resident figure from a run without it.

Nothing in the report comes from a table's content: counts and sizes only.
"""

from __future__ import annotations

import gc
import json
import os
import re
import sys
import threading
import tracemalloc
import zlib
from collections import Counter
from pathlib import Path
from typing import Any

ENV = "COMPANION_MEMORY_REPORT"
TOP = 30
MB = 1024 * 1024


def deflate_bytes(window_bits: int, mem_level: int) -> int:
    """zlib's own figure for one compressor's memory (zconf.h), its state struct aside.

    >>> deflate_bytes(13, 4), deflate_bytes(14, 4), deflate_bytes(12, 3)
    (40960, 73728, 20480)
    """
    return (1 << (window_bits + 2)) + (1 << (mem_level + 9))


def _mb(n: float) -> float:
    return round(n / MB, 2)


def process_figures() -> dict[str, Any]:
    """Resident memory by kind, and the mappings' resident memory grouped by what they are."""
    status = Path("/proc/self/status").read_text()
    kb = {k: int(v) for k, v in re.findall(r"^(\w+):\s+(\d+) kB", status, re.M)}
    groups: Counter[str] = Counter()
    name = "anonymous"
    for line in Path("/proc/self/smaps").read_text().splitlines():
        fields = line.split()
        if re.match(r"^[0-9a-f]+-[0-9a-f]+ ", line):
            path = fields[5] if len(fields) > 5 else ""
            if path.startswith("[stack"):
                name = "main thread stack"
            elif path == "[heap]":
                name = "C heap (brk)"
            elif path.startswith("["):
                name = path
            elif path:
                name = "libraries and files" if ".so" in path or "python" in path else "files"
            else:
                name = "anonymous maps (mmap'd heap, thread stacks, arenas)"
        elif fields and fields[0] == "Rss:":
            groups[name] += int(fields[1])
    return {
        "rss_mb": round(kb.get("VmRSS", 0) / 1024, 1),
        "rss_anon_mb": round(kb.get("RssAnon", 0) / 1024, 1),
        "rss_file_mb": round(kb.get("RssFile", 0) / 1024, 1),
        "mappings_rss_mb": {k: round(v / 1024, 1) for k, v in groups.most_common()},
    }


def _generators(objects: list[Any], name: str) -> list[Any]:
    return [
        o
        for o in objects
        if type(o).__name__ == "generator" and o.gi_code.co_name == name and o.gi_frame
    ]


def stream_figures(objects: list[Any]) -> dict[str, Any]:
    """The live streams (their generators' frames), their compressors and what they hold."""
    packers = _generators(objects, "gzipped")
    windows = Counter(g.gi_frame.f_locals.get("window_bits") for g in packers)
    level = getattr(sys.modules.get("companion.web.stream"), "MEM_LEVEL", 8)
    native = sum(deflate_bytes(bits, level) * n for bits, n in windows.items() if bits)
    events = _generators(objects, "_events")
    helds = [g.gi_frame.f_locals.get("held") for g in events]
    helds = [h for h in helds if isinstance(h, dict)]
    return {
        "streams": len(events),
        "gzip_streams_by_window_bits": {str(k): v for k, v in sorted(windows.items())},
        "zlib_native_mb_estimate": _mb(native),
        "held_entries": sum(len(h) for h in helds),
        # The dicts alone: their values are shared with the kept versions, by reference.
        "held_dicts_mb": _mb(sum(sys.getsizeof(h) for h in helds)),
    }


def thread_figures(objects: list[Any]) -> dict[str, Any]:
    try:
        os_threads = len(os.listdir("/proc/self/task"))
    except OSError:
        os_threads = None
    return {
        "os_threads": os_threads,
        "python_threads": threading.active_count(),
        "greenlets": sum(1 for o in objects if type(o).__name__ in ("greenlet", "Greenlet")),
        "thread_stack_size": threading.stack_size(),
    }


def object_figures(objects: list[Any]) -> dict[str, Any]:
    """Live objects per type, the most numerous first, with their own sizes (shallow)."""
    counts: Counter[str] = Counter()
    sizes: Counter[str] = Counter()
    for o in objects:
        kind = type(o)
        key = f"{kind.__module__}.{kind.__qualname__}"
        counts[key] += 1
        try:
            sizes[key] += sys.getsizeof(o)
        except TypeError:
            pass
    return {
        "gc_tracked": len(objects),
        "by_type": [
            {"type": k, "count": n, "shallow_mb": _mb(sizes[k])} for k, n in counts.most_common(TOP)
        ],
    }


def tracemalloc_figures() -> dict[str, Any] | None:
    if not tracemalloc.is_tracing():
        return None
    snapshot = tracemalloc.take_snapshot()
    current, peak = tracemalloc.get_traced_memory()

    def top(key: str) -> list[dict[str, Any]]:
        return [
            {
                "where": str(stat.traceback[0]),
                "mb": _mb(stat.size),
                "blocks": stat.count,
            }
            for stat in snapshot.statistics(key)[:TOP]
        ]

    return {
        "traced_mb": _mb(current),
        "peak_mb": _mb(peak),
        "overhead_mb": _mb(tracemalloc.get_tracemalloc_memory()),
        "by_line": top("lineno"),
        "by_file": top("filename"),
    }


def report() -> dict[str, Any]:
    """The whole breakdown, as a JSON-ready dict."""
    gc.collect()
    # Objects frozen at start (gc.freeze) are not in get_objects: unfreeze for the count,
    # then freeze again, so the server's collections stay as short as before.
    frozen = gc.get_freeze_count()
    if frozen:
        gc.unfreeze()
    objects = gc.get_objects()
    if frozen:
        gc.freeze()
    try:
        return {
            "process": process_figures(),
            "threads": thread_figures(objects),
            "streams": stream_figures(objects),
            "objects": object_figures(objects),
            "tracemalloc": tracemalloc_figures(),
            "zlib_version": zlib.ZLIB_RUNTIME_VERSION,
        }
    finally:
        del objects


def write_report(path: str) -> None:
    tmp = f"{path}.tmp"
    with open(tmp, "w", encoding="utf-8") as out:
        json.dump(report(), out)
    os.replace(tmp, path)


def watch_if_asked() -> None:
    """With ``COMPANION_MEMORY_REPORT`` set, write the report on every SIGUSR1."""
    path = os.environ.get(ENV)
    if not path:
        return
    import signal

    import gevent

    gevent.signal_handler(signal.SIGUSR1, write_report, path)
