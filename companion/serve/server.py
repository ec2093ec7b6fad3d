"""The HTTP server under ``companion serve``: gevent's WSGI server, hardened for a shared Wi-Fi.

Every open connection costs a file descriptor, and a process has a fixed number of them. When
they run out, the server can accept nothing: not the health check, not a phone's tap. So:

- at start the soft file limit is raised to the hard one (``raise_file_limit``);
- the server holds at most ``max_connections`` connections, a few dozen below that limit
  (the database, its journal and the logs need descriptors too);
- a connection must send its request line and headers within ``read_timeout`` seconds, and
  a keep-alive connection idle for longer is closed;
- a request's whole body must arrive within ``body_timeout`` seconds of its headers, however
  slowly it trickles in (``TimedInput``); then the connection is closed;
- at the cap, a new connection closes the connection that has waited longest for a request;
  only when every connection is busy (answering, or a live stream) is the new one refused;
- one client address holds at most ``per_address`` busy connections: a request beyond that
  is refused (429) before its body is read, so no one address can take the cap and a
  phone of a live table always finds room. Behind a proxy (``behind_proxy``) the address is
  the one the proxy forwards, as the app reads it.

Import this module only after gevent's monkey patching (``cli.serve`` does).
"""

from __future__ import annotations

import socket
import time
from collections import Counter
from contextlib import closing, suppress
from typing import Any, Protocol

from gevent import Timeout
from gevent.pywsgi import Input, WSGIHandler, WSGIServer
from werkzeug.exceptions import RequestTimeout

from . import memory

try:
    import resource
except ImportError:  # Windows has no rlimits; the cap then falls back to a fixed number.
    resource = None  # type: ignore[assignment]

RESERVED_FDS = 64  # for the database, its WAL and shared-memory files, logs, the listener
# Connections accepted per turn of the event loop. The cap is checked when a connection's
# greenlet first runs, and an evicted connection's descriptor is freed when its own greenlet
# next runs: up to twice this many descriptors beyond the cap, well inside the reserve.
MAX_ACCEPT = 8
FALLBACK_FILE_LIMIT = 1024
READ_TIMEOUT = 10.0
BODY_TIMEOUT = 60.0  # a 4 MB archive import over a poor Wi-Fi still arrives in time
# The WSGI environ key that tells the app this request is over its address's cap.
CROWDED = "companion.crowded"


def raise_file_limit() -> int:
    """Raise this process's soft limit on open files to its hard limit; return the new soft one."""
    if resource is None:
        return FALLBACK_FILE_LIMIT
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft != hard:
        with suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return FALLBACK_FILE_LIMIT * 64 if soft == resource.RLIM_INFINITY else soft


def default_max_connections(file_limit: int) -> int:
    """How many connections fit under ``file_limit`` with descriptors left for everything else.

    >>> default_max_connections(1024), default_max_connections(256), default_max_connections(50)
    (960, 192, 16)
    """
    return max(16, file_limit - RESERVED_FDS)


def default_per_address(max_connections: int) -> int:
    """Busy connections one address may hold: a quarter of the cap, between 8 and 512.

    A quarter, so that one address (or three) never takes every connection; at most 512, as
    many as a convention's worth of phones behind one router may need.

    >>> default_per_address(960), default_per_address(192), default_per_address(16)
    (240, 48, 8)
    >>> default_per_address(65472)
    512
    """
    return min(512, max(8, max_connections // 4))


class Connection(Protocol):
    def evict(self) -> None: ...


class Connections:
    """The open connections, which of them are idle (waiting for a request), oldest first,
    and how many busy ones each client address holds.

    >>> class Conn:
    ...     def __init__(self, name): self.name, self.evicted = name, False
    ...     def evict(self): self.evicted = True
    >>> pool = Connections(2)
    >>> a, b, c, d = Conn("a"), Conn("b"), Conn("c"), Conn("d")
    >>> pool.admit(a), pool.admit(b)
    (True, True)
    >>> pool.mark(b, idle=True); pool.mark(a, idle=True); pool.mark(a, idle=False)
    >>> pool.admit(c), b.evicted, a.evicted  # b waited longest; a is busy answering
    (True, True, False)
    >>> pool.admit(d)  # a and c are busy: nothing to evict, d is refused
    False
    >>> pool = Connections(10, per_address=2)
    >>> [pool.busy(Conn(n), "10.0.0.9") for n in "abc"], pool.busy(d, "10.0.0.7")
    ([True, True, False], True)
    >>> pool.mark(d, idle=True); pool.per_address["10.0.0.7"]  # d answered: no longer busy
    0
    """

    def __init__(self, limit: int, per_address: int | None = None) -> None:
        self.limit = limit
        self.open: set[Connection] = set()
        # A dict keeps insertion order: its first key is the connection idle the longest.
        self.idle: dict[Connection, None] = {}
        self.per_address_limit = per_address or limit
        self.per_address: Counter[str] = Counter()
        self.busy_from: dict[Connection, str] = {}

    def admit(self, conn: Connection) -> bool:
        """Take ``conn`` in, evicting the longest-idle connection at the cap; False if none is."""
        if len(self.open) >= self.limit:
            if not self.idle:
                return False
            victim = next(iter(self.idle))
            self.leave(victim)
            victim.evict()
        self.open.add(conn)
        return True

    def mark(self, conn: Connection, idle: bool) -> None:
        """Record that ``conn`` waits for a request (idle) or is handling one (busy)."""
        self.idle.pop(conn, None)
        if idle:
            self._done(conn)
            if conn in self.open:
                self.idle[conn] = None

    def busy(self, conn: Connection, address: str) -> bool:
        """Count ``conn``'s request against ``address``; False (not counted) at its cap."""
        if self.per_address[address] >= self.per_address_limit:
            return False
        self.per_address[address] += 1
        self.busy_from[conn] = address
        return True

    def _done(self, conn: Connection) -> None:
        address = self.busy_from.pop(conn, None)
        if address is not None:
            self.per_address[address] -= 1
            if not self.per_address[address]:
                del self.per_address[address]

    def leave(self, conn: Connection) -> None:
        self.open.discard(conn)
        self.idle.pop(conn, None)
        self._done(conn)


class Dropped(ValueError):
    """A connection closed without a reply: too slow to send its request, or evicted.

    A ``ValueError``, which gevent treats as the client's fault: no traceback is printed.
    """


class BodyTooSlow(RequestTimeout):
    """A request's body did not arrive in time: the app answers 408, then the connection closes."""


class TimedInput(Input):
    """A request body that must arrive whole by ``deadline`` (a ``time.monotonic()`` value).

    A deadline on each read would let a client that trickles a byte at a time hold its
    connection for ever; this one is on the whole body. Past it, a read raises
    ``BodyTooSlow`` and the connection is marked to close: the rest of the body could no
    longer be told apart from a next request.
    """

    __slots__ = ("deadline", "handler", "discard")

    def __init__(self, old: Input, deadline: float, handler: WSGIHandler) -> None:
        super().__init__(
            old.rfile, old.content_length, socket=old.socket, chunked_input=old.chunked_input
        )
        self.deadline = deadline
        self.handler = handler
        self.discard = True  # read what the app left, to find the next request on this connection

    def _in_time(self, read: Any, *args: Any) -> Any:
        left = self.deadline - time.monotonic()
        if left > 0:
            timeout = Timeout(left)
            timeout.start()
            try:
                return read(*args)
            except Timeout as err:
                if err is not timeout:
                    raise
            finally:
                timeout.close()
        self.handler.close_connection = True
        raise BodyTooSlow()

    def read(self, length: int | None = None) -> bytes:
        return self._in_time(super().read, length)

    def readline(self, size: int | None = None) -> bytes:
        return self._in_time(super().readline, size)

    # gevent's own hook (it reads what the app left of the body); its stubs leave it out.
    def _discard(self) -> None:
        if not self.discard:
            return  # the connection closes after this reply: no next request to find
        with suppress(BodyTooSlow):
            super()._discard()  # type: ignore[misc]


class Handler(WSGIHandler):
    """gevent's handler, on a deadline while it waits for a request, and evictable then;
    its request's body on a deadline too, and counted against its client's address."""

    evicted = False
    _deadline: Timeout | None = None
    server: Server

    def read_requestline(self) -> str:
        self.server.connections.mark(self, idle=True)
        self._deadline = Timeout.start_new(self.server.read_timeout, Dropped("no request in time"))
        try:
            line = super().read_requestline()
        except (Dropped, OSError):
            return ""  # gevent reads an empty request line as "the client went away"
        return "" if self.evicted else line

    # gevent returns True here, as its docs say; its stubs say a message: Any covers both.
    def read_request(self, raw_requestline: str) -> Any:
        try:
            parsed = super().read_request(raw_requestline)
        finally:
            # The headers are in: from here on this connection is busy answering.
            self._stop_deadline()
            self.server.connections.mark(self, idle=False)
        if self.evicted:
            raise Dropped("evicted")
        return parsed

    def handle_one_request(self) -> Any:
        try:
            return super().handle_one_request()
        finally:
            # Some refusals (a too-long request line) return before the headers are read.
            self._stop_deadline()

    def get_environ(self) -> dict[str, Any]:
        env = super().get_environ()
        assert self.wsgi_input is not None  # gevent sets it as it reads the request's headers
        timed = TimedInput(self.wsgi_input, time.monotonic() + self.server.body_timeout, self)
        if env["wsgi.input"] is self.wsgi_input:  # not an upgrade, which reads the raw socket
            env["wsgi.input"] = timed
        self.wsgi_input = timed
        if not self.server.connections.busy(self, self.client_key(env)):
            # Over this address's cap: the app refuses it (429, in the asker's language)
            # before reading any body, and the connection closes right after.
            env[CROWDED] = True
            self.close_connection = True
            timed.discard = False
        return env

    def client_key(self, env: dict[str, Any]) -> str:
        """The address a request counts against: the forwarded one behind a proxy, read as
        the app's ProxyFix reads it (the last X-Forwarded-For entry, the one our proxy added)."""
        if self.server.behind_proxy:
            forwarded = env.get("HTTP_X_FORWARDED_FOR", "")
            if forwarded:
                return forwarded.rsplit(",", 1)[-1].strip()
        return env.get("REMOTE_ADDR") or "?"

    def _handle_client_error(self, ex: BaseException) -> Any:
        if isinstance(ex, Dropped):
            return None  # close quietly: there is no one to answer, or no need to
        # gevent's own hook for a client's errors; its stubs leave it out.
        return super()._handle_client_error(ex)  # type: ignore[misc]

    def _stop_deadline(self) -> None:
        if self._deadline is not None:
            self._deadline.close()
            self._deadline = None

    def evict(self) -> None:
        """Close this idle connection to make room: its blocked read returns at once."""
        self.evicted = True
        with suppress(OSError, AttributeError):
            self.socket.shutdown(socket.SHUT_RDWR)


class _Handshake:
    """A TLS connection that has not finished its handshake yet: idle, and evictable."""

    def __init__(self, sock: socket.socket) -> None:
        self.sock = sock
        self.evicted = False

    def evict(self) -> None:
        self.evicted = True
        with suppress(OSError):
            self.sock.shutdown(socket.SHUT_RDWR)


class Server(WSGIServer):
    """A WSGI server with a cap on connections, overall and per client address, and a
    deadline for each request's headers and for its body."""

    handler_class = Handler

    def __init__(
        self,
        listener: Any,
        application: Any = None,
        *,
        max_connections: int,
        read_timeout: float = READ_TIMEOUT,
        body_timeout: float = BODY_TIMEOUT,
        per_address: int | None = None,
        behind_proxy: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(listener, application, **kwargs)
        self.max_accept = MAX_ACCEPT
        self.connections = Connections(
            max_connections, per_address or default_per_address(max_connections)
        )
        self.read_timeout = read_timeout
        self.body_timeout = body_timeout
        self.behind_proxy = behind_proxy
        memory.watch_if_asked()  # a benchmark's breakdown of the memory, if it asks for one

    def handle(self, sock: Any, address: Any) -> None:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        handler = self.handler_class(sock, address, self)
        if not self.connections.admit(handler):
            # Every connection is busy (answers, live streams): refuse this one, not theirs.
            # Its file object holds a reference to the socket, so it must close first.
            handler.rfile.close()
            return  # gevent closes the socket
        try:
            handler.handle()
        finally:
            self.connections.leave(handler)

    def wrap_socket_and_handle(self, client_socket: Any, address: Any) -> None:
        # The TLS handshake is part of sending a request: the same deadline and cap apply,
        # or a client that connects and never says hello would hold its descriptor forever.
        pending = _Handshake(client_socket)
        if not self.connections.admit(pending):
            return
        self.connections.mark(pending, idle=True)
        try:
            with Timeout(self.read_timeout, Dropped("no TLS handshake in time")):
                # gevent sets ``wrap_socket`` on each server, a plain function; its stubs
                # declare it on the class, as if it were a method.
                tls_socket = self.wrap_socket(  # type: ignore[misc]
                    client_socket, **(self.ssl_args or {})
                )
        except (Dropped, OSError, ValueError):
            return  # too slow, evicted, or not TLS at all (plain HTTP to the HTTPS port)
        finally:
            self.connections.leave(pending)
        with closing(tls_socket):
            if not pending.evicted:
                self.handle(tls_socket, address)
