"""Static files (vendored htmx, CSS, small JS), gzipped in memory and cached by browsers.

Flask's own static route sends files as they are; a phone on a busy table Wi-Fi should not
fetch 50 KB of uncompressed JavaScript, so each file is compressed once and kept.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
from pathlib import Path

from flask import Flask, Response, abort, request
from werkzeug.security import safe_join

# Types the platform's MIME table may lack (it is read from the system's files too, which
# differ between machines): a browser ignores a manifest served as anything else.
TYPES = {
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
}


class Assets:
    def __init__(self, folder: str) -> None:
        self.folder = folder
        self._cache: dict[str, tuple[float, bytes, bytes, str]] = {}

    def get(self, filename: str) -> tuple[bytes, bytes, str]:
        path = safe_join(self.folder, filename)
        try:
            found = path is not None and Path(path).is_file()
        except OSError:  # e.g. a name longer than the file system allows
            found = False
        if not found:
            abort(404)
        mtime = Path(path).stat().st_mtime
        cached = self._cache.get(path)
        if cached is None or cached[0] != mtime:
            raw = Path(path).read_bytes()
            etag = hashlib.sha256(raw).hexdigest()[:20]
            cached = (mtime, raw, gzip.compress(raw, compresslevel=9, mtime=0), etag)
            self._cache[path] = cached
        return cached[1], cached[2], cached[3]

    def view(self, filename: str) -> Response:
        raw, packed, etag = self.get(filename)
        mimetype = (
            TYPES.get(Path(filename).suffix.lower())
            or mimetypes.guess_type(filename)[0]
            or "application/octet-stream"
        )
        if request.if_none_match.contains(etag):
            response = Response(status=304)
        elif "gzip" in request.headers.get("Accept-Encoding", "") and len(packed) < len(raw):
            response = Response(packed, mimetype=mimetype)
            response.headers["Content-Encoding"] = "gzip"
        else:
            response = Response(raw, mimetype=mimetype)
        response.set_etag(etag)
        response.vary.add("Accept-Encoding")
        response.headers["Cache-Control"] = "public, max-age=86400"
        return response


def init_app(app: Flask, folder: str) -> None:
    assets = Assets(folder)
    app.add_url_rule("/static/<path:filename>", endpoint="static", view_func=assets.view)
