"""The server's name on the local network: ``<hostname>.local``, advertised by mDNS.

A laptop's or a Raspberry Pi's address on the Wi-Fi can change from one evening to the next
(a router hands out another one), and then every printed QR code and bookmark points
nowhere. ``http://<hostname>.local:8000`` keeps working: the server answers multicast DNS
for that name with its current address, and advertises itself as a web service
(``_http._tcp.local.``, "Table Companion on <hostname>") for apps that browse for them.

Advertising is a convenience, never a condition: if it fails (no network, multicast
blocked, the package missing), ``advertise`` says so in one line and the server goes on.
The ``zeroconf`` package is imported only when advertising, so building the advertisement
(``service_info``) touches no network.
"""

from __future__ import annotations

import re
import socket
from collections.abc import Callable
from typing import Any

SERVICE_TYPE = "_http._tcp.local."
MAX_LABEL = 63  # a DNS label's length limit


def local_label(hostname: str) -> str:
    """This machine's name as an mDNS host label: its first part, lower case, letters,
    digits and dashes only.

    >>> local_label("Kitchen-Pi.lan"), local_label("Akiko's MacBook"), local_label("")
    ('kitchen-pi', 'akiko-s-macbook', 'table-companion')
    """
    first = hostname.split(".")[0].lower()
    label = re.sub(r"[^a-z0-9-]+", "-", first).strip("-")[:MAX_LABEL].strip("-")
    return label or "table-companion"


def local_url(hostname: str, port: int, scheme: str = "http") -> str:
    """The address phones can open whatever the LAN address is today.

    >>> local_url("kitchen-pi", 8000)
    'http://kitchen-pi.local:8000'
    """
    return f"{scheme}://{local_label(hostname)}.local:{port}"


def service_info(hostname: str, address: str, port: int, scheme: str = "http") -> Any:
    """The advertisement: the web service "Table Companion on <hostname>" at
    ``<hostname>.local`` (pointing at ``address``) and ``port``."""
    from zeroconf import ServiceInfo

    label = local_label(hostname)
    return ServiceInfo(
        SERVICE_TYPE,
        f"Table Companion on {label}.{SERVICE_TYPE}",
        addresses=[socket.inet_aton(address)],
        port=port,
        server=f"{label}.local.",
        properties={"path": "/", "scheme": scheme},
    )


def should_advertise(listen_host: str, address: str, enabled: bool = True) -> bool:
    """Advertise only a server other machines can reach: not with ``--no-mdns``, not when it
    listens on loopback only, and not when no LAN address was found.

    >>> should_advertise("0.0.0.0", "192.168.1.20"), should_advertise("127.0.0.1", "127.0.0.1")
    (True, False)
    >>> should_advertise("0.0.0.0", "192.168.1.20", enabled=False)
    False
    """
    loopback = listen_host in ("localhost", "::1") or listen_host.startswith("127.")
    return enabled and not loopback and not address.startswith("127.")


class Advert:
    """A running advertisement; ``close`` takes it back off the network."""

    def __init__(self, zeroconf: Any, info: Any, url: str) -> None:
        self.zeroconf = zeroconf
        self.info = info
        self.url = url

    def register(self) -> None:
        """Announce the service (probing takes a second or two: run it in the background).

        ``allow_name_change``: a second server on the same machine becomes "... (2)".
        """
        self.zeroconf.register_service(self.info, allow_name_change=True)

    def close(self) -> None:
        """Say goodbye on the network (so browsers drop the name now, not in an hour)."""
        try:
            self.zeroconf.unregister_service(self.info)
        except Exception:  # shutting down: nothing to do about it
            pass
        finally:
            self.zeroconf.close()


def advertise(
    hostname: str,
    address: str,
    port: int,
    scheme: str = "http",
    *,
    zeroconf_factory: Callable[..., Any] | None = None,
    say: Callable[[str], None] = print,
) -> Advert | None:
    """Start advertising; None (after one line saying why) if that cannot be done.

    ``zeroconf_factory`` makes the responder (``zeroconf.Zeroconf`` by default; tests pass a
    stand-in, so no test ever sends multicast). The caller runs ``Advert.register``.
    """
    try:
        info = service_info(hostname, address, port, scheme)
        if zeroconf_factory is None:
            from zeroconf import IPVersion, Zeroconf

            def zeroconf_factory() -> Any:
                # Only the LAN address phones use: no other interface hears from us.
                return Zeroconf(interfaces=[address], ip_version=IPVersion.V4Only)

        zeroconf = zeroconf_factory()
    except Exception as err:  # any failure here must not stop the server
        name = f"{local_label(hostname)}.local"
        say(f"No {name} name (mDNS: {describe(err)}); use the address above.")
        return None
    return Advert(zeroconf, info, local_url(hostname, port, scheme))


def describe(err: BaseException) -> str:
    """A failure in a few words, for one line on the terminal.

    >>> describe(OSError(19, "No such device")), describe(ImportError("No module named x"))
    ('No such device', 'No module named x')
    """
    return getattr(err, "strerror", None) or str(err) or type(err).__name__
