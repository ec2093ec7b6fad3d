"""The ``companion`` command: ``serve`` runs the app for a table, ``demo`` adds a ready table.

The server is gevent's WSGI server in one process: every connection is a greenlet, so the
long-lived event streams of seven phones and two screens cost almost nothing and never
starve the request handlers (a thread-pool server would). One process also means one
in-memory cache and one live hub per table, with SQLite as the durable truth.
"""

from __future__ import annotations

import argparse
import gc
import re
import socket
import sys
from typing import Any, TextIO

DEMO_PLAYERS = ["Akiko", "Benji", "Chen", "Daiki", "Emi"]


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
    """The access log, minus anything secret: join codes in paths never reach the log."""

    SECRET_PATH = re.compile(r"/(join|host/[A-Za-z0-9_\-]+)/[A-Za-z0-9_\-]+")

    def __init__(self, out: TextIO) -> None:
        self.out = out

    def write(self, line: str) -> None:
        self.out.write(self.SECRET_PATH.sub(r"/\1/[secret]", line))
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


def serve(args: argparse.Namespace, demo: bool) -> None:
    # Patch before anything imports threading or socket, so locks and waits cooperate.
    from gevent import monkey

    monkey.patch_all()
    from gevent.pywsgi import WSGIServer

    from . import create_app
    from .web.qr import text as qr_text

    class Server(WSGIServer):
        def handle(self, sock, address):
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            return super().handle(sock, address)

    server = Server(
        (args.host, args.port),
        None,
        log=None if args.quiet else RedactingLog(sys.stderr),
        error_log=RedactingLog(sys.stderr),
    )
    server.init_socket()
    port = server.socket.getsockname()[1]
    host = lan_address() if args.host in ("0.0.0.0", "::") else args.host
    base = f"http://{host}:{port}"
    config: dict[str, Any] = {"PUBLIC_URL": base}
    if args.db:
        config["DATABASE"] = args.db
    app = create_app(config)
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
