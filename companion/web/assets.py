"""Static files, and what each kind of page loads: one stylesheet and one script per page.

Which scripts and styles a page needs is written down once, in ``PAGES`` (by page kind) and
``GAME_WIDGETS`` (a game's own controls, on the pages that show them); ``base.html`` reads
it through ``page_assets`` and the tests check it against what each page's markup uses. A
page gets its files as two bundles (one CSS, one JS) made in memory: minified, gzipped once,
and named by a hash of their content (``?v=``), so a browser keeps them for a year without
asking again and a changed file gets a new name. A phone on a busy table Wi-Fi pays for
its page once: three requests, each a few KB, and nothing on the next load.

Single files (icons, the manifest, a stylesheet a fragment links) are served the same way,
fingerprinted by ``url_for`` too.
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import rcssmin
import rjsmin
from flask import Flask, Response, abort, request, url_for
from flask.sessions import SecureCookieSessionInterface, SessionMixin
from werkzeug.exceptions import HTTPException
from werkzeug.security import safe_join

# Types the platform's MIME table may lack (it is read from the system's files too, which
# differ between machines): a browser ignores a manifest served as anything else.
TYPES = {
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
}
YEAR = 365 * 24 * 3600

HTMX = "vendor/htmx-2.0.11.min.js"
SSE = "vendor/htmx-ext-sse-2.2.4.js"
# Stands for the game's own stylesheet (css/games/<game>.css) in a page's list of styles.
GAME_CSS = "css/games/{game}.css"
GAME_ID = re.compile(r"[a-z0-9-]{1,40}")


@dataclass(frozen=True)
class Kind:
    """The files a kind of page loads, in cascade order."""

    styles: tuple[str, ...]
    scripts: tuple[str, ...]


# Every page loads app.js: the large-type setting applies everywhere. Only pages that talk
# to the server with htmx (the live screens) load htmx and its SSE extension.
_LIVE = (HTMX, SSE, "js/app.js")
PAGES: dict[str, Kind] = {
    # Home, a new table, an error page: plain forms and links.
    "plain": Kind(("css/app.css",), ("js/app.js",)),
    "join": Kind(("css/app.css", "css/join.css"), ("js/app.js",)),  # typing a seat's code
    "print": Kind(("css/app.css", "css/join.css"), ("js/app.js",)),  # the seats' QR codes
    "plays": Kind(("css/app.css", "css/plays.css"), ("js/app.js",)),  # the archive
    # A play's result sheet, with its Print button.
    "sheet": Kind(("css/app.css", "css/plays.css"), ("js/app.js", "js/plays.js")),
    "story": Kind(
        ("css/app.css", "css/plays.css", "css/story.css"), ("js/app.js",)
    ),  # a play told again
    # The table screen and the TV may speak the table aloud (speak.js); a phone never does.
    "table": Kind(
        ("css/app.css", "css/table.css", GAME_CSS, "css/speak.css"), (*_LIVE, "js/speak.js")
    ),
    "tv": Kind(  # pages in turn
        ("css/app.css", "css/table.css", GAME_CSS, "css/tv.css", "css/speak.css"),
        (*_LIVE, "js/tv.js", "js/speak.js"),
    ),
    "phone": Kind(("css/app.css", GAME_CSS, "css/notes.css"), (*_LIVE, "js/notes.js")),
    # A seat handed round on a shared device: a phone's page behind a cover.
    "pass": Kind(
        ("css/app.css", GAME_CSS, "css/notes.css", "css/pass.css"),
        (*_LIVE, "js/notes.js", "js/pass.js"),
    ),
}
# A game's own controls that need a script or style of their own, by widget.
WIDGETS: dict[str, Kind] = {
    # Private choices with the hand in view (choose.js): a panel of one's own cards.
    "choose": Kind(("css/choose.css",), ("js/choose.js",)),
    # Tap entry of real dice (dice.js).
    "dice": Kind((), ("js/dice.js",)),
}
# game -> page kind -> the widgets its screens of that kind can show at some point of a game.
GAME_WIDGETS: dict[str, dict[str, tuple[str, ...]]] = {
    "art-of-war": {"phone": ("choose",), "pass": ("choose",)},
    "sun-tzu": {"phone": ("choose",), "pass": ("choose",)},
    "quorsum": {"phone": ("dice",), "pass": ("dice",), "table": ("dice",)},
}


def files_of(kind: str, game: str | None = None) -> tuple[list[str], list[str]]:
    """The stylesheets and scripts of a page of ``kind`` (showing ``game``), in order."""
    page = PAGES[kind]
    styles = [s.format(game=game) for s in page.styles if game or s != GAME_CSS]
    scripts = list(page.scripts)
    for widget in GAME_WIDGETS.get(game or "", {}).get(kind, ()):
        styles += WIDGETS[widget].styles
        scripts += WIDGETS[widget].scripts
    return styles, scripts


@dataclass
class Packed:
    """A file or bundle as served: its bytes, gzipped, and a hash of its content."""

    mtimes: tuple[float, ...]
    raw: bytes
    packed: bytes
    etag: str = field(init=False)

    def __post_init__(self) -> None:
        self.etag = hashlib.sha256(self.raw).hexdigest()[:20]


def _minified(path: Path) -> bytes:
    """A script or stylesheet without comments and spaces (most of a hand-written file's
    weight even after gzip); licence comments (``/*!``) stay. Vendored ``.min.`` files are
    sent as published."""
    raw = path.read_bytes()
    if ".min." in path.name:
        return raw
    if path.suffix == ".js":
        return rjsmin.jsmin(raw.decode(), keep_bang_comments=True).encode()
    if path.suffix == ".css":
        return rcssmin.cssmin(raw.decode(), keep_bang_comments=True).encode()
    return raw


class Assets:
    def __init__(self, folder: str) -> None:
        self.folder = folder
        self._cache: dict[str, Packed] = {}

    def _path(self, filename: str) -> Path:
        path = safe_join(self.folder, filename)
        try:
            found = path is not None and Path(path).is_file()
        except OSError:  # e.g. a name longer than the file system allows
            found = False
        if not found or path is None:
            abort(404)
        return Path(path)

    def _packed(self, key: str, paths: list[Path], joiner: bytes) -> Packed:
        mtimes = tuple(p.stat().st_mtime for p in paths)
        cached = self._cache.get(key)
        if cached is None or cached.mtimes != mtimes:
            raw = joiner.join(_minified(p) for p in paths)
            cached = Packed(mtimes, raw, gzip.compress(raw, compresslevel=9, mtime=0))
            self._cache[key] = cached
        return cached

    def file(self, filename: str) -> Packed:
        path = self._path(filename)
        return self._packed(str(path), [path], b"")

    def bundle(self, name: str) -> Packed:
        """A page's bundle, named ``page/<kind>[~<game>].<css|js>``."""
        stem, _, ext = name.removeprefix("page/").rpartition(".")
        kind, _, game = stem.partition("~")
        if kind not in PAGES or ext not in ("css", "js"):
            abort(404)
        # A page that shows a game is named with it; one that does not, without.
        if (GAME_CSS in PAGES[kind].styles) != bool(GAME_ID.fullmatch(game)):
            abort(404)
        styles, scripts = files_of(kind, game or None)
        paths = [self._path(f) for f in (styles if ext == "css" else scripts)]
        # A semicolon between scripts: one that ends without one must not call the next.
        return self._packed(name, paths, b"\n;\n" if ext == "js" else b"\n")

    def get(self, filename: str) -> Packed:
        return self.bundle(filename) if filename.startswith("page/") else self.file(filename)

    def view(self, filename: str) -> Response:
        found = self.get(filename)
        mimetype = (
            TYPES.get(Path(filename).suffix.lower())
            or mimetypes.guess_type(filename)[0]
            or "application/octet-stream"
        )
        if request.if_none_match.contains(found.etag):
            response = Response(status=304)
        elif "gzip" in request.headers.get("Accept-Encoding", "") and len(found.packed) < len(
            found.raw
        ):
            response = Response(found.packed, mimetype=mimetype)
            response.headers["Content-Encoding"] = "gzip"
        else:
            response = Response(found.raw, mimetype=mimetype)
        response.set_etag(found.etag)
        response.vary.add("Accept-Encoding")
        if request.args.get("v") == found.etag:
            # The name says the content: it never changes, so no browser need ask again.
            response.headers["Cache-Control"] = f"public, max-age={YEAR}, immutable"
        else:
            response.headers["Cache-Control"] = "public, max-age=86400"
        return response


@dataclass(frozen=True)
class PageAssets:
    """What ``base.html`` links: the page's stylesheet and script (URLs)."""

    styles: list[str]
    scripts: list[str]


class _StaticQuietSession(SecureCookieSessionInterface):
    """The session cookie is refreshed on the pages, not on each static file: a phone
    would otherwise get the same cookie back with every stylesheet and script."""

    def should_set_cookie(self, app: Flask, session: SessionMixin) -> bool:
        return request.endpoint != "static" and super().should_set_cookie(app, session)


def init_app(app: Flask, folder: str) -> None:
    assets = Assets(folder)
    app.extensions["assets"] = assets
    app.add_url_rule("/static/<path:filename>", endpoint="static", view_func=assets.view)
    app.session_interface = _StaticQuietSession()

    @app.url_defaults
    def fingerprint(endpoint: str, values: dict[str, Any]) -> None:
        # Every link to a static file names its content, so it can be cached for good.
        if endpoint == "static" and "v" not in values and "filename" in values:
            try:
                values["v"] = assets.get(values["filename"]).etag
            except HTTPException:  # a missing file: a plain link, and a 404 when followed
                pass

    def page_assets(kind: str, game: str | None = None) -> PageAssets:
        name = f"page/{kind}~{game}" if game else f"page/{kind}"
        return PageAssets(
            [url_for("static", filename=f"{name}.css")],
            [url_for("static", filename=f"{name}.js")],
        )

    app.jinja_env.globals["page_assets"] = page_assets
