"""The ``companion`` command: ``serve`` runs the app for a table, ``demo`` adds a ready table.

The server is gevent's WSGI server in one process: every connection is a greenlet, so the
long-lived event streams of seven phones and two screens cost almost nothing and never
starve the request handlers (a thread-pool server would). One process also means one
in-memory cache and one live hub per table, with SQLite as the durable truth. The server's
defences against a crowded or hostile Wi-Fi (connection cap, read deadline) are in
``server.py``; ``--cert``/``--key`` make it speak HTTPS.
"""

from __future__ import annotations

import argparse
import gc
import os
import re
import shutil
import socket
import sys
import tempfile
from pathlib import Path
from typing import Any, TextIO

DEMO_PLAYERS = ["Akiko", "Benji", "Chen", "Daiki", "Emi"]
MIN_FREE_BYTES = 50 * 1024 * 1024  # below this, a long game night's log may not fit


def lan_address() -> str:
    """This machine's address on the local network (what phones must open), else 127.0.0.1."""
    # Connecting a UDP socket sends nothing: it only asks the kernel which interface
    # would route there, which gives the LAN address without any traffic.
    for probe in ("10.255.255.255", "192.168.255.255"):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
                sock.connect((probe, 1))
                address = sock.getsockname()[0]
            if address and not address.startswith("127.") and address != "0.0.0.0":
                return address
        except OSError:
            continue
    try:
        address = socket.gethostbyname(socket.gethostname())
        if not address.startswith("127."):
            return address
    except OSError:
        pass
    return "127.0.0.1"


class RedactingLog:
    """The access log, minus anything secret: join codes in paths never reach the log.

    A secret runs to the next "/", "?", white space or quote, whatever it is made of: a
    request may spell a code with percent escapes ("/join/%41bc") and still be served.
    An escaped slash ("%2F", e.g. inside a query string) counts as a slash.
    """

    SECRET_PATH = re.compile(
        r"""(/|%2[Ff])(join|host(?:/|%2[Ff])[^/?\s"']+?)(/|%2[Ff])[^/?\s"']+"""
    )

    def __init__(self, out: TextIO) -> None:
        self.out = out

    def write(self, line: str) -> None:
        self.out.write(self.SECRET_PATH.sub(r"\1\2\3[secret]", line))
        self.out.flush()


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="companion", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    for name, help_text in (
        ("serve", "run the app for the table"),
        ("demo", "run the app with a ready Samurai Sword table"),
    ):
        cmd = sub.add_parser(name, help=help_text)
        cmd.add_argument("--host", default="0.0.0.0", help="address to listen on (default: all)")
        cmd.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 = any)")
        cmd.add_argument("--db", default=None, help="SQLite file (default: user data directory)")
        cmd.add_argument("--quiet", action="store_true", help="no access log")
        cmd.add_argument("--cert", default=None, help="TLS certificate (PEM): serve HTTPS")
        cmd.add_argument("--key", default=None, help="the certificate's private key (PEM)")
        cmd.add_argument(
            "--max-connections",
            type=int,
            default=None,
            help="open connections at most (default: the file limit less a reserve)",
        )
        cmd.add_argument(
            "--read-timeout",
            type=float,
            default=None,
            help="seconds a connection may take to send a request, or stay idle (default 10)",
        )
        cmd.add_argument(
            "--create-limit",
            default=None,
            help='tables one address may create, e.g. "30 per minute;300 per day" (the default)',
        )
        if name == "serve":
            cmd.add_argument("--demo", action="store_true", help="also create a demo table")
    return parser


def make_demo_table(app: Any, base: str) -> None:
    """Create a five-player Samurai Sword table and print where to open it."""
    tables = app.extensions["tables"]
    created = tables.create("samurai-sword", DEMO_PLAYERS, {})
    print(f"\nDemo table (Samurai Sword, {len(DEMO_PLAYERS)} players):")
    print(f"  table screen: {base}/t/{created.id}")
    print(
        f"  host link (keep it private: it makes any device the host): "
        f"{base}/host/{created.id}/{created.host_token}"
    )
    for name, code in zip(DEMO_PLAYERS, created.join_codes, strict=True):
        print(f"  {name:>6}'s phone: {base}/join/{code}")


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


def _warn_about_storage(db: str) -> None:
    warning = None if db == ":memory:" else storage_warning(db)
    if warning:
        print(warning, file=sys.stderr, flush=True)


def serve(args: argparse.Namespace, demo: bool) -> None:
    # Patch before anything imports threading or socket, so locks and waits cooperate.
    from gevent import monkey

    monkey.patch_all()
    import ssl

    from . import create_app
    from .server import READ_TIMEOUT, Server, default_max_connections, raise_file_limit
    from .web.qr import text as qr_text

    if bool(args.cert) != bool(args.key):
        sys.exit("companion: --cert and --key go together")
    if args.max_connections is not None and args.max_connections < 1:
        sys.exit("companion: --max-connections must be at least 1")
    if args.create_limit:
        from limits import parse_many

        try:
            parse_many(args.create_limit)
        except ValueError as err:
            sys.exit(f"companion: --create-limit: {err}")
    tls: dict[str, Any] = {}
    if args.cert:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        try:
            context.load_cert_chain(args.cert, args.key)
        except (OSError, ssl.SSLError) as err:
            sys.exit(f"companion: cannot use --cert {args.cert} --key {args.key}: {err}")
        tls["ssl_context"] = context
    file_limit = raise_file_limit()
    server = Server(
        (args.host, args.port),
        None,
        max_connections=args.max_connections or default_max_connections(file_limit),
        read_timeout=args.read_timeout or READ_TIMEOUT,
        log=None if args.quiet else RedactingLog(sys.stderr),
        error_log=RedactingLog(sys.stderr),
        **tls,
    )
    server.init_socket()
    port = server.socket.getsockname()[1]
    host = lan_address() if args.host in ("0.0.0.0", "::") else args.host
    base = f"{'https' if tls else 'http'}://{host}:{port}"
    config: dict[str, Any] = {"PUBLIC_URL": base}
    if args.db:
        config["DATABASE"] = args.db
    if tls:
        config["SESSION_COOKIE_SECURE"] = True
    if args.create_limit:
        config["CREATE_RATE_LIMIT"] = args.create_limit
    # Before the app opens the database, which may fail for the reason warned about.
    if args.db:
        _warn_about_storage(args.db)
    app = create_app(config)
    if not args.db:
        _warn_about_storage(app.config["DATABASE"])
    server.application = app
    # Accept requests first; the terminal QR code and the demo table come right after.
    server.start()
    print(f"Table Companion is running at {base}", flush=True)
    print(f"Open it on the table screen; database: {app.config['DATABASE']}")
    print(qr_text(base))
    if demo:
        make_demo_table(app, base)
    sys.stdout.flush()
    # Everything built so far lives as long as the process. Moving it out of the garbage
    # collector's sight makes a full collection ~0.1 ms instead of ~15: a pause that
    # otherwise lands on some unlucky player's tap.
    gc.collect()
    gc.freeze()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        server.stop(timeout=1)


def main(argv: list[str] | None = None) -> None:
    args = _parser().parse_args(argv)
    serve(args, demo=args.command == "demo" or getattr(args, "demo", False))


if __name__ == "__main__":
    main()
