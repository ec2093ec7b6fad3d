"""The server's .local name: the advertisement it builds, and that failing to advertise is fine.

No test here starts a real responder: ``advertise`` gets a stand-in factory, so nothing is
ever sent on the network.
"""

from __future__ import annotations

import socket

from companion.serve import mdns


def test_the_advertisement_names_the_table_companion_on_this_host():
    info = mdns.service_info("Kitchen-Pi.lan", "192.168.1.20", 8000)
    assert info.type == "_http._tcp.local."
    assert info.name == "Table Companion on kitchen-pi._http._tcp.local."
    assert info.server == "kitchen-pi.local."
    assert info.port == 8000
    assert info.addresses == [socket.inet_aton("192.168.1.20")]
    assert info.properties[b"path"] == b"/"


class FakeZeroconf:
    """Records what would have been sent."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, object]] = []

    def register_service(self, info: object, allow_name_change: bool = False) -> None:
        self.calls.append(("register", info))

    def unregister_service(self, info: object) -> None:
        self.calls.append(("unregister", info))

    def close(self) -> None:
        self.calls.append(("close", None))


def test_an_advert_registers_and_says_goodbye_on_close():
    fake = FakeZeroconf()
    said: list[str] = []
    advert = mdns.advertise(
        "pi", "192.168.1.20", 8000, zeroconf_factory=lambda: fake, say=said.append
    )
    assert advert is not None and said == []
    assert advert.url == "http://pi.local:8000"
    advert.register()
    advert.close()
    assert [name for name, _ in fake.calls] == ["register", "unregister", "close"]
    assert fake.calls[0][1].server == "pi.local."


def test_a_failure_to_advertise_is_one_line_and_no_advert():
    said: list[str] = []

    def no_multicast() -> None:
        raise OSError(19, "No such device")

    advert = mdns.advertise(
        "pi", "192.168.1.20", 8000, zeroconf_factory=no_multicast, say=said.append
    )
    assert advert is None
    assert said == ["No pi.local name (mDNS: No such device); use the address above."]


def test_closing_survives_a_network_that_went_away():
    fake = FakeZeroconf()

    def broken(_info: object) -> None:
        raise OSError("network is unreachable")

    fake.unregister_service = broken  # type: ignore[method-assign]
    mdns.Advert(fake, None, "http://pi.local:8000").close()
    assert fake.calls == [("close", None)]


def test_loopback_and_no_mdns_advertise_nothing():
    assert mdns.should_advertise("0.0.0.0", "192.168.1.20")
    assert mdns.should_advertise("192.168.1.20", "192.168.1.20")
    assert not mdns.should_advertise("127.0.0.1", "127.0.0.1")
    assert not mdns.should_advertise("localhost", "localhost")
    assert not mdns.should_advertise("0.0.0.0", "127.0.0.1")  # no LAN found: nobody to tell
    assert not mdns.should_advertise("0.0.0.0", "192.168.1.20", enabled=False)


def test_the_cli_has_a_switch_to_turn_it_off():
    from companion.cli import _parser

    assert _parser().parse_args(["serve", "--no-mdns"]).no_mdns
    assert not _parser().parse_args(["demo"]).no_mdns
