"""Table Companion: a Flask + htmx app that sits beside a physical board game.

``create_app`` wires the store (SQLite log), the pipeline (``tables``), the live hub and
the web blueprints together. Templates and static files live at the top of the repository
(``templates/``, ``static/``) and inside the package once installed, so both are looked for.
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from flask import Flask
from jinja2 import StrictUndefined

HERE = Path(__file__).resolve().parent


def _resource_dir(name: str) -> str:
    """``companion/<name>`` when installed from a wheel, else the repository's top-level folder."""
    inside = HERE / name
    return str(inside if inside.is_dir() else HERE.parent / name)


def default_database() -> str:
    """Where games are kept unless told: a hosted set-up names its PostgreSQL in the
    environment (``DATABASE_URL``, docs/scaling.md), else a SQLite file in the user's data
    folder."""
    if os.environ.get("DATABASE_URL"):
        return os.environ["DATABASE_URL"]
    from platformdirs import user_data_dir

    return str(Path(user_data_dir("table-companion")) / "companion.db")


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    """Build the app. ``test_config`` overrides settings (e.g. ``DATABASE``, ``PUBLIC_URL``)."""
    from .after import archive
    from .pipeline.live import Hub
    from .pipeline.tables import Tables
    from .store.log import Store
    from .web import (
        api,
        assets,
        errors,
        exports,
        feed,
        fragments,
        i18n,
        owner,
        pages,
        passing,
        plays,
        seat_notes,
        security,
        stream,
        tv,
    )
    from .web import clocks as web_clocks
    from .web import join as web_join
    from .web import story as web_story
    from .web.templating import App

    app = App(
        __name__,
        template_folder=_resource_dir("templates"),
        static_folder=None,
    )
    app.config.from_mapping(
        DATABASE=None,
        PUBLIC_URL=None,  # e.g. http://192.168.1.20:8000, the address printed in QR codes
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        SESSION_COOKIE_NAME="tc_session",
        PERMANENT_SESSION_LIFETIME=60 * 60 * 24 * 30,
        MAX_CONTENT_LENGTH=64 * 1024,
        SEND_FILE_MAX_AGE_DEFAULT=60 * 60 * 24 * 30,
        # Failed joins one client address may make (Flask-Limiter syntax; docs/security.md).
        JOIN_RATE_LIMIT="30 per minute",
        # Tables one client address may create (Flask-Limiter syntax; form and API together).
        CREATE_RATE_LIMIT="30 per minute;300 per day",
        SSE_HEARTBEAT=15.0,
        # Automatic snapshots of a SQLite file kept per kind (after a game, before an
        # upgrade): None reads COMPANION_SNAPSHOTS, else 10; 0 turns them off.
        SNAPSHOTS=None,
    )
    if test_config:
        app.config.update(test_config)
    app.config["DATABASE"] = app.config["DATABASE"] or default_database()

    store = Store(app.config["DATABASE"], snapshots=app.config["SNAPSHOTS"])
    app.secret_key = store.meta("secret_key", lambda: secrets.token_hex(32))
    app.jinja_env.undefined = StrictUndefined
    # Every byte of a view goes to every phone after every change: drop template indentation.
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    app.extensions["store"] = store
    app.extensions["tables"] = Tables(store, Hub())
    # Plays of games that ended before every write kept the archive: once, never in a GET.
    archive.catch_up(app.extensions["tables"])

    i18n.init_app(app)
    fragments.init_app(app)
    assets.init_app(app, _resource_dir("static"))
    security.init_app(app)
    errors.init_app(app)
    app.register_blueprint(pages.bp)
    app.register_blueprint(stream.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(web_join.bp)  # /j: joining by a seat's short code
    app.register_blueprint(tv.bp)
    app.register_blueprint(passing.bp)  # seats played by handing a shared device round
    app.register_blueprint(plays.bp)  # the results archive: plays, records, retention
    app.register_blueprint(exports.bp)  # CSV, JSON, BG Stats, receipts, archive import
    app.register_blueprint(owner.bp)  # the server's owner: its link and its powers
    app.register_blueprint(seat_notes.bp)  # each phone's private notes
    app.register_blueprint(feed.bp)  # the public event feed
    app.register_blueprint(web_clocks.bp)  # the host's Pause/Resume of the table's clocks
    app.register_blueprint(web_story.bp)  # the story of the night: a finished play told again
    if app.config.get("BEHIND_PROXY"):
        from werkzeug.middleware.proxy_fix import ProxyFix

        # One proxy in front: its X-Forwarded-* headers say who the player really is.
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=1, x_proto=1, x_host=1)  # type: ignore[method-assign]
    return app
