"""Light an LED for whose turn it is, on a Raspberry Pi beside the table.

It reads a table's public event feed (docs/feed.md) with nothing but the Python standard
library, and switches GPIO LEDs with gpiozero (preinstalled on Raspberry Pi OS):

    # one LED per seat: seat 0 on GPIO17, seat 1 on GPIO27, seat 2 on GPIO22
    python3 turn_led.py --server http://raspberrypi.local:8000 --table Ab3dE9 --pins 17,27,22

    # one LED that lights while it is seat 2's turn
    python3 turn_led.py --server http://192.168.1.20:8000 --table Ab3dE9 --seat 2 --pin 17

Wire each LED's long leg to its GPIO pin through a 330 Ω resistor, its short leg to ground.
The table id is the last part of the table screen's address (``/t/<table id>``). The feed
needs no token: it carries only what the table screen shows. If the server goes away, the
script waits and reconnects, and the LEDs catch up at once.
"""

from __future__ import annotations

import argparse
import json
import threading
import urllib.error
import urllib.request
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Protocol


class Led(Protocol):
    """What this script needs of an LED: gpiozero's ``LED`` has it; so can a test's fake."""

    def on(self) -> None: ...

    def off(self) -> None: ...


class TurnLights:
    """LEDs by seat: the LED of the seat whose turn it is is on, every other one off."""

    def __init__(self, pins: dict[int, int], led: Callable[[int], Led] | None = None) -> None:
        if led is None:
            from gpiozero import LED  # only on the Pi: a test passes its own ``led``

            led = LED
        self.leds = {seat: led(pin) for seat, pin in pins.items()}

    def show(self, seat: int | None) -> None:
        """Light ``seat``'s LED (None: nobody's turn, every LED off)."""
        for n, led in self.leds.items():
            if n == seat:
                led.on()
            else:
                led.off()


def messages(lines: Iterable[bytes]) -> Iterator[tuple[str, str, str | None]]:
    """Server-sent events from a stream's lines: (event, data, last event id).

    A message with an id but no data (the feed sends one for a change with no event) still
    moves the last event id: it comes out with empty data.

    >>> list(messages([b"id: 4\\n", b"event: turn\\n", b'data: {"x": 1}\\n', b"\\n", b": ping\\n"]))
    [('turn', '{"x": 1}', '4')]
    """
    event, data, last_id, has_id = "message", [], None, False
    for raw in lines:
        line = raw.decode("utf-8").rstrip("\r\n")
        if not line:
            if data or has_id:
                yield event, "\n".join(data), last_id
            event, data, has_id = "message", [], False
            continue
        if line.startswith(":"):
            continue  # a heartbeat comment
        field, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if field == "event":
            event = value
        elif field == "data":
            data.append(value)
        elif field == "id":
            last_id, has_id = value, True


def seat_of(event: dict[str, Any]) -> int | None:
    """Whose turn an event says it is (``hello`` and ``turn`` carry ``turn``)."""
    turn = event.get("turn")
    return turn.get("seat") if isinstance(turn, dict) else None


def run(
    server: str,
    table: str,
    lights: TurnLights,
    max_events: int | None = None,
    stop: threading.Event | None = None,
    retry: float = 3.0,
    timeout: float = 45.0,
) -> int:
    """Follow the table's turn until ``max_events`` events were handled or ``stop`` is set
    (or for ever); returns how many events were handled. A lost connection is retried
    after ``retry`` seconds; an unknown table stops it with the server's message."""
    stop = stop or threading.Event()
    url = f"{server.rstrip('/')}/api/tables/{table}/feed"
    handled, last_id = 0, None
    while not stop.is_set():
        headers = {"Accept": "text/event-stream"}
        if last_id:
            headers["Last-Event-ID"] = last_id  # only what is newer, after a reconnect
        try:
            request = urllib.request.Request(url, headers=headers)
            # The server sends a comment every 15 seconds: a longer silence is a dead line.
            with urllib.request.urlopen(request, timeout=timeout) as stream:
                for kind, data, event_id in messages(stream):
                    last_id = event_id
                    if not data:
                        continue
                    event = json.loads(data)
                    if kind in ("hello", "turn"):
                        lights.show(seat_of(event))
                    elif kind == "end":
                        lights.show(None)
                    handled += 1
                    if max_events is not None and handled >= max_events:
                        return handled
                    if stop.is_set():
                        break
        except urllib.error.HTTPError as err:
            if 400 <= err.code < 500:
                message = json.loads(err.read() or b"{}").get("error", {}).get("message", "")
                err.close()
                raise SystemExit(f"turn_led: {message or err}") from None
            err.close()
        except (OSError, ValueError):
            pass  # the server restarted or the Wi-Fi dropped: wait, then reconnect
        stop.wait(retry)
    return handled


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Light an LED for whose turn it is.")
    parser.add_argument("--server", required=True, help="e.g. http://raspberrypi.local:8000")
    parser.add_argument("--table", required=True, help="the table id, from /t/<table id>")
    parser.add_argument("--pins", help="GPIO pins in seat order, e.g. 17,27,22")
    parser.add_argument("--seat", type=int, help="light one LED for this seat (0 = first)")
    parser.add_argument("--pin", type=int, help="the GPIO pin of that one LED")
    args = parser.parse_args(argv)
    if args.pins:
        pins = {n: int(p) for n, p in enumerate(args.pins.split(","))}
    elif args.seat is not None and args.pin is not None:
        pins = {args.seat: args.pin}
    else:
        parser.error("give --pins, or --seat and --pin")
    lights = TurnLights(pins)
    try:
        run(args.server, args.table, lights)
    except KeyboardInterrupt:
        pass
    finally:
        lights.show(None)


if __name__ == "__main__":
    main()
