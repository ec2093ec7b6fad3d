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
import errno
import gc
import os
import socket
import sys
from typing import Any

from . import cli_backup
from .serve.access_log import RedactingLog
from .serve.disk import storage_warning

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


TOP_HELP = """\
Table Companion keeps the scores, turns and secrets of a board game for you: a table
screen everyone can see, and each player's own phone. It runs on this computer; phones on
the same Wi-Fi join by scanning their seat's QR code. No internet needed.

commands:
  serve    start the app for your table
  demo     start it with a ready table, to try it out
  owner-link  print a new link for the server's owner (the old one stops working)
  backup   copy the games to a file, safely, while the server runs
  restore  put a backup back in place of the games
"""

TOP_EXAMPLES = """\
examples:
  companion serve           start; then open the address it prints on the table screen
  companion demo            try it with a ready five-player Samurai Sword table
  companion serve --help    every option, explained
"""

SERVE_HELP = """\
Start Table Companion on this computer. It prints the address to open on the table
screen (the TV, laptop or tablet everyone can see). Start a game there: that screen
becomes the host, with each seat's QR code and undo. Players scan their seat's QR code
with their phones; a phone without a camera opens <address>/j and types the seat's code.
The first time, it also prints the owner link: it gives a browser the server-wide powers
(merge players' names, import archives); "companion owner-link" prints a new one.
Stop with Ctrl+C. Your games are saved as you play and survive a restart.
"""

DEMO_HELP = """\
Start Table Companion with a ready five-player Samurai Sword table, to try it out. It
prints the host link to open on the table screen (with the QR codes for the phones).
Same options as "companion serve".
"""

OWNER_HELP = """\
Print a new owner link: the browser that opens it gets the server owner's powers (merge
players' spellings, import archives, delete imported plays). The link "companion serve"
printed before, and every browser it was opened on, stop working. Run it on the computer
that keeps the games, with the same --db.
"""


def _examples(command: str) -> str:
    return f"""\
examples:
  companion {command}
  companion {command} --port 8001          if port 8000 is taken
  companion {command} --db ~/games.db      keep the games in this file
  companion {command} --host 127.0.0.1     only this computer can open it
"""


def _parser() -> argparse.ArgumentParser:
    plain = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(
        prog="companion",
        usage="companion <command> [options]",
        description=TOP_HELP,
        epilog=TOP_EXAMPLES,
        formatter_class=plain,
    )
    # The commands are listed in TOP_HELP, in words; argparse's own list would repeat them.
    sub = parser.add_subparsers(
        dest="command", required=True, metavar="<command>", help=argparse.SUPPRESS
    )
    for name, summary, text in (
        ("serve", "start the app for your table", SERVE_HELP),
        ("demo", "start it with a ready table, to try it out", DEMO_HELP),
    ):
        cmd = sub.add_parser(
            name,
            help=summary,
            description=text,
            epilog=_examples(name),
            formatter_class=plain,
            usage=f"companion {name} [options]",
        )
        everyday = cmd.add_argument_group("everyday options")
        everyday.add_argument(
            "--port",
            type=int,
            default=8000,
            help="the port to use (default 8000); if it is taken, pick another, e.g. 8001",
        )
        everyday.add_argument(
            "--host",
            default="0.0.0.0",
            metavar="ADDRESS",
            help="the network address to listen on (default: every network of this computer);"
            " 127.0.0.1 keeps it to this computer alone",
        )
        everyday.add_argument(
            "--db",
            default=None,
            metavar="FILE|URL",
            help="the file the games are saved in (default: one in your user data folder),"
            " or a postgresql:// URL (docs/scaling.md); DATABASE_URL in the environment"
            " does the same",
        )
        if name == "serve":
            everyday.add_argument(
                "--demo", action="store_true", help="also set up a ready table to try"
            )
        everyday.add_argument(
            "--no-mdns",
            action="store_true",
            help="do not announce the name <this computer>.local on the network",
        )
        everyday.add_argument(
            "--quiet", action="store_true", help="do not print a line for every request"
        )
        many = cmd.add_argument_group("for a café, a club or a convention (docs/scaling.md)")
        many.add_argument(
            "--workers",
            type=int,
            default=1,
            metavar="N",
            help="run N server processes sharing the port, about one per core"
            " (needs --db postgresql://...)",
        )
        many.add_argument(
            "--public-url",
            default=os.environ.get("PUBLIC_URL"),
            metavar="URL",
            help="the address phones open, printed in QR codes and links, when it is not this"
            " server's own (behind a proxy: https://games.example.org); PUBLIC_URL in the"
            " environment does the same",
        )
        many.add_argument(
            "--behind-proxy",
            action="store_true",
            help="trust the X-Forwarded-For/-Proto/-Host headers of ONE proxy in front (nginx,"
            " HAProxy): limits then count each player's own address",
        )
        # A worker of --workers: the parent's listening socket, by its descriptor.
        many.add_argument("--listen-fd", type=int, default=None, help=argparse.SUPPRESS)
        network = cmd.add_argument_group("for a crowded or public network")
        network.add_argument(
            "--cert", default=None, metavar="FILE", help="serve HTTPS with this certificate (PEM)"
        )
        network.add_argument(
            "--key", default=None, metavar="FILE", help="the certificate's private key (PEM)"
        )
        network.add_argument(
            "--max-connections",
            type=int,
            default=None,
            metavar="N",
            help="open connections at most (default: as many as the system allows)",
        )
        network.add_argument(
            "--read-timeout",
            type=float,
            default=None,
            metavar="SECONDS",
            help="close a connection that sends nothing for this long (default 10)",
        )
        network.add_argument(
            "--body-timeout",
            type=float,
            default=None,
            metavar="SECONDS",
            help="close a connection whose request body has not all arrived this long after"
            " its headers (default 60)",
        )
        network.add_argument(
            "--max-per-address",
            type=int,
            default=None,
            metavar="N",
            help="requests and live streams one address may have open at once (default: a"
            " quarter of --max-connections, at most 512); behind a proxy, per player's address",
        )
        network.add_argument(
            "--max-public-streams",
            type=int,
            default=None,
            metavar="N",
            help="live streams without a seat or host (TV views, public table screens, event"
            " feeds) one address may have open at once (default 20)",
        )
        network.add_argument(
            "--create-limit",
            default=None,
            metavar="LIMITS",
            help='tables one device may create (default "30 per minute;300 per day")',
        )
        gadgets = cmd.add_argument_group("for lights, buzzers and other gadgets (docs/feed.md)")
        gadgets.add_argument(
            "--webhook",
            action="append",
            default=[],
            metavar="URL",
            help="also send what every table shows to everyone (whose turn it is, the round,"
            " the phase, reveals, the end) to this address, as JSON posts; repeat it for"
            " more addresses. A slow or unreachable address never slows the game",
        )
    owner = sub.add_parser(
        "owner-link",
        help="print a new link for the server's owner",
        description=OWNER_HELP,
        formatter_class=plain,
        usage="companion owner-link [options]",
    )
    owner.add_argument("--db", default=None, metavar="FILE|URL", help="as for companion serve")
    owner.add_argument("--port", type=int, default=8000, help="the port the server listens on")
    owner.add_argument(
        "--public-url",
        default=os.environ.get("PUBLIC_URL"),
        metavar="URL",
        help="the address people open, when it is not this computer's own",
    )
    cli_backup.register(sub)
    return parser


def print_owner_link(store: Any, base: str) -> None:
    """The first start on a database prints the owner link; later ones say how to get one."""
    from .pipeline import owner

    if store.read_only:  # nothing can be issued, and the owner's powers are all changes
        print("Owner link: none while the database cannot be written (its powers are all changes).")
        return
    token = owner.issue_first(store)
    if token is None:
        print('Owner link: printed at the first start; "companion owner-link" prints a new one.')
        return
    print("\nThe server's owner (merge players' names, import archives, delete imported plays):")
    print(f"  {owner.link(base, token)}")
    print('  Shown once: keep it private. "companion owner-link" prints a new one later.')


def owner_link(args: argparse.Namespace) -> None:
    """``companion owner-link``: a fresh owner token replaces the old one's digest."""
    from . import default_database
    from .pipeline import owner
    from .store.log import Store

    try:
        store = Store(args.db or default_database())
    except RuntimeError as err:  # PostgreSQL unreachable, its driver missing
        sys.exit(f"companion: {err}")
    try:
        token = owner.issue(store)
        where = store.where
    finally:
        store.close()
    base = args.public_url or f"http://{lan_address()}:{args.port}"
    print(f"New owner link for the games saved in {where}:")
    print(f"  {owner.link(base, token)}")
    print("The old owner link no longer works, nor does any browser it was opened on.")
    print("Keep this one private: whoever opens it has the owner's powers.")


def make_demo_table(app: Any, base: str) -> None:
    """Create a five-player Samurai Sword table and say where to open it: the host link
    first (the table screen needs the QR codes and undo), then the other ways in."""
    tables = app.extensions["tables"]
    created = tables.create("samurai-sword", DEMO_PLAYERS, {})
    print(f"\nDemo table: Samurai Sword, {len(DEMO_PLAYERS)} players ({', '.join(DEMO_PLAYERS)})")
    print("\nOpen this on the table screen: it is the host, with the QR codes and undo")
    print(f"  {base}/host/{created.id}/{created.host_token}")
    print("  Keep it private: any device that opens it becomes the host.")
    print("\nPhones: each player scans their seat's QR code on the host screen.")
    print(f"  No camera? Open {base}/j and type the seat's code shown beside its QR code.")
    print("\nRead-only table link, for a second screen or spectators (no QR codes, no undo):")
    print(f"  {base}/t/{created.id}")


def bind_error(err: OSError, command: str, host: str, port: int) -> str:
    """One line saying why the server cannot listen, and what to do instead.

    >>> print(bind_error(OSError(errno.EADDRINUSE, "in use"), "serve", "0.0.0.0", 8000))
    ... # doctest: +NORMALIZE_WHITESPACE
    Port 8000 is already in use (another companion serve?).
    Pick another: companion serve --port 8001
    """
    if err.errno == errno.EADDRINUSE:
        return (
            f"Port {port} is already in use (another companion serve?)."
            f" Pick another: companion {command} --port {port + 1}"
        )
    if err.errno == errno.EACCES:
        return (
            f"Port {port} needs administrator rights."
            f" Pick one above 1023: companion {command} --port 8000"
        )
    if err.errno == errno.EADDRNOTAVAIL or isinstance(err, socket.gaierror):
        return (
            f"This computer has no address {host}."
            f" Leave out --host to listen on all its networks: companion {command}"
        )
    return f"Cannot listen on {host}:{port}: {err.strerror or err}"


def is_url(db: str) -> bool:
    """Whether ``--db`` names a PostgreSQL database (``store.postgres.is_url``; not imported
    from there, which must wait for gevent's patching)."""
    return db.startswith(("postgresql://", "postgres://"))


def _warn_about_storage(db: str) -> None:
    warning = None if db == ":memory:" or is_url(db) else storage_warning(db)
    if warning:
        print(warning, file=sys.stderr, flush=True)


def serve(args: argparse.Namespace, demo: bool) -> None:
    # Patch before anything imports threading or socket, so locks and waits cooperate.
    from gevent import monkey

    monkey.patch_all()
    import ssl

    from . import create_app
    from .after.webhooks import host_of
    from .after.webhooks import valid_url as webhook_url
    from .serve.server import (
        BODY_TIMEOUT,
        READ_TIMEOUT,
        Server,
        default_max_connections,
        raise_file_limit,
    )
    from .web.qr import text as qr_text

    if bool(args.cert) != bool(args.key):
        sys.exit("companion: --cert and --key go together")
    for option in ("max_connections", "max_per_address", "max_public_streams"):
        if getattr(args, option) is not None and getattr(args, option) < 1:
            sys.exit(f"companion: --{option.replace('_', '-')} must be at least 1")
    args.db = args.db or os.environ.get("DATABASE_URL") or None
    if args.workers < 1:
        sys.exit("companion: --workers must be at least 1")
    if args.workers > 1 and not (args.db and is_url(args.db)):
        sys.exit(
            "companion: --workers needs PostgreSQL (--db postgresql://... or DATABASE_URL):"
            " a SQLite file is for one server process"
        )
    for url in args.webhook:
        if not webhook_url(url):
            # Not the address itself: it may hold the receiving service's secret.
            sys.exit("companion: --webhook needs an http:// or https:// address")
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
    listener: Any = (args.host, args.port)
    if args.listen_fd is not None:
        listener = socket.socket(fileno=args.listen_fd)
    server = Server(
        listener,
        None,
        max_connections=args.max_connections or default_max_connections(file_limit),
        read_timeout=args.read_timeout or READ_TIMEOUT,
        body_timeout=args.body_timeout or BODY_TIMEOUT,
        per_address=args.max_per_address,
        behind_proxy=args.behind_proxy,
        log=None if args.quiet else RedactingLog(sys.stderr),
        error_log=RedactingLog(sys.stderr),
        **tls,
    )
    try:
        server.init_socket()
    except OSError as err:
        # The everyday mistake (a second server on the same port) deserves one line, not
        # a traceback: what is wrong and the command that works.
        print(bind_error(err, args.command, args.host, args.port), file=sys.stderr, flush=True)
        sys.exit(2)
    port = server.socket.getsockname()[1]
    host = lan_address() if args.host in ("0.0.0.0", "::") else args.host
    scheme = "https" if tls else "http"
    base = f"{scheme}://{host}:{port}"
    # The address phones are sent to: the proxy's, behind one; else this server's own.
    public = args.public_url.rstrip("/") if args.public_url else base
    config: dict[str, Any] = {"PUBLIC_URL": public, "BEHIND_PROXY": args.behind_proxy}
    if args.db:
        config["DATABASE"] = args.db
    if tls or public.startswith("https://"):
        config["SESSION_COOKIE_SECURE"] = True
    if args.create_limit:
        config["CREATE_RATE_LIMIT"] = args.create_limit
    if args.max_public_streams:
        config["MAX_PUBLIC_STREAMS"] = args.max_public_streams
    if args.webhook:
        config["WEBHOOKS"] = list(args.webhook)
    # Before the app opens the database, which may fail for the reason warned about.
    if args.db:
        _warn_about_storage(args.db)
    try:
        app = create_app(config)
    except RuntimeError as err:  # PostgreSQL unreachable, its driver missing
        sys.exit(f"companion: {err}")
    if not args.db:
        _warn_about_storage(app.config["DATABASE"])
    where = app.extensions["store"].where
    if app.extensions["store"].read_only:
        print(
            f"The database {where} is read-only: its games are shown as saved, and every"
            " change is refused.",
            file=sys.stderr,
            flush=True,
        )
    if args.listen_fd is not None:  # a worker: serve, and leave the talking to the parent
        from .serve import workers

        server.application = app
        workers.watch_parent()
        gc.collect()
        gc.freeze()
        server.serve_forever()
        return
    if args.workers > 1:
        # The schema is upgraded (and the demo table made) here, once; each worker is a
        # fresh process with its own connections.
        print(f"Table Companion is running at {base}", flush=True)
        print(f"{args.workers} server processes share the port; games are saved in {where}")
        print_owner_link(app.extensions["store"], public)
        if demo:
            make_demo_table(app, public)
        app.extensions["store"].close()
        print("\nStop with Ctrl+C.", flush=True)
        from .serve import workers

        workers.run(server.socket.fileno(), args.workers, args.argv)
        return
    server.application = app
    # Accept requests first; the terminal QR code and the demo table come right after.
    server.start()
    # "running at <address>" is the line scripts and tests wait for: keep it first.
    print(f"Table Companion is running at {base}", flush=True)
    if public != base:
        print(f"Phones and screens open it at {public} (the QR codes say so)")
    advert = _advertise(args, host, port, scheme)
    if args.webhook:
        hosts = ", ".join(host_of(url) for url in args.webhook)
        print(f"Sending every table's public events (docs/feed.md) to webhooks at {hosts}")
    print_owner_link(app.extensions["store"], public)
    if demo:
        print(f"Games are saved in {where}")
        make_demo_table(app, public)
    else:
        print(
            "Open that address on the table screen and start a game there: that screen"
            " becomes the host,\nwith each seat's QR code for the phones, and undo."
        )
        print(f"Games are saved in {where}")
        print(qr_text(public))
    print("\nStop with Ctrl+C.")
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
    finally:
        if advert is not None:
            advert.close()


def _advertise(args: argparse.Namespace, host: str, port: int, scheme: str) -> Any:
    """Announce ``<hostname>.local`` on the network (``mdns``), unless asked not to or only
    this computer can reach the server. Never stops the server: a failure is one line."""
    from .serve import mdns

    if not mdns.should_advertise(args.host, host, enabled=not args.no_mdns):
        return None
    advert = mdns.advertise(socket.gethostname(), host, port, scheme)
    if advert is None:
        return None
    print(f"Also at {advert.url} (this name keeps working if the address changes)")
    import signal

    import gevent

    def register() -> None:
        try:
            advert.register()
        except Exception as err:  # the server goes on without its .local name
            print(f"Could not announce {advert.url}: {mdns.describe(err)}", flush=True)

    gevent.spawn(register)
    # A service manager stops the server with SIGTERM: stop it as Ctrl+C does, so the
    # finally above says goodbye on the network instead of leaving a stale name behind.
    gevent.signal_handler(signal.SIGTERM, lambda: gevent.spawn(_interrupt))
    return advert


def _interrupt() -> None:
    import gevent

    first = gevent.get_hub().parent
    assert first is not None  # the hub's parent: the main greenlet, where serve runs
    first.throw(KeyboardInterrupt)


def main(argv: list[str] | None = None) -> None:
    args = _parser().parse_args(argv)
    if args.command == "owner-link":
        owner_link(args)
        return
    if args.command in ("backup", "restore"):
        cli_backup.run(args)
        return
    args.argv = list(sys.argv[1:] if argv is None else argv)  # for --workers' own processes
    serve(args, demo=args.command == "demo" or getattr(args, "demo", False))


if __name__ == "__main__":
    main()
