"""docs/examples/turn_led.py, the Raspberry Pi example: its LEDs follow the turn of a table
on a real ``companion serve``, with a fake GPIO that records every on and off."""

from __future__ import annotations

import doctest
import importlib.util
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from .e2e.conftest import Server

EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "examples" / "turn_led.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("turn_led", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


turn_led = load_example()


class FakeGpio:
    """LEDs by GPIO pin that remember whether they are lit, and which pins lit up, in order."""

    def __init__(self) -> None:
        self.lit: dict[int, bool] = {}
        self.lit_up: list[int] = []
        self.calls = 0  # every on() and off(): a hello switches every LED
        self.changed = threading.Condition()

    def led(self, pin: int) -> FakeGpio.Led:
        self.lit[pin] = False
        return FakeGpio.Led(self, pin)

    class Led:
        def __init__(self, gpio: FakeGpio, pin: int) -> None:
            self.gpio, self.pin = gpio, pin

        def on(self) -> None:
            with self.gpio.changed:
                self.gpio.calls += 1
                if not self.gpio.lit[self.pin]:
                    self.gpio.lit_up.append(self.pin)
                self.gpio.lit[self.pin] = True
                self.gpio.changed.notify_all()

        def off(self) -> None:
            with self.gpio.changed:
                self.gpio.calls += 1
                self.gpio.lit[self.pin] = False
                self.gpio.changed.notify_all()

    def lit_pins(self) -> list[int]:
        return [pin for pin, on in self.lit.items() if on]

    def wait_until(self, pins: list[int], calls: int = 1, limit: float = 20.0) -> None:
        """Until exactly ``pins`` are lit, after at least ``calls`` switchings (the limit
        only bounds a failing test)."""
        deadline = time.monotonic() + limit
        with self.changed:
            while self.lit_pins() != pins or self.calls < calls:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"lit: {self.lit_pins()}, expected {pins}")
                self.changed.wait(left)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path / "led.db").start()
    yield srv
    srv.stop()


PINS = {0: 17, 1: 27, 2: 22, 3: 23}


def test_the_examples_own_doctests_pass():
    assert doctest.testmod(turn_led).failed == 0


def test_one_led_per_seat_follows_whose_turn_it_is(server):
    made = server.api(
        "POST", "/api/tables", {"game": "samurai-sword", "players": ["Ann", "Bo", "Cy", "Di"]}
    )
    table, host = made["id"], made["host_token"]
    # The current player ends their own turn from their phone (a seat token).
    tokens = [
        server.api("POST", "/api/join", {"code": s["join_code"]})["token"] for s in made["seats"]
    ]

    def turn() -> int:
        return server.api("GET", f"/api/tables/{table}")["view"]["turn"]

    gpio = FakeGpio()
    lights = turn_led.TurnLights(PINS, led=gpio.led)
    stop = threading.Event()
    handled: list[int] = []
    # hello, four turns and the new round (the turn is back with the Shogun, who starts):
    # the loop stops by itself after those six events.
    loop = threading.Thread(
        target=lambda: handled.append(
            turn_led.run(server.base, table, lights, max_events=6, stop=stop)
        ),
        daemon=True,
    )
    loop.start()
    try:
        first = turn()
        gpio.wait_until([PINS[first]])
        for n in range(1, 5):
            seat = (first + n - 1) % 4
            token = host if n % 2 else tokens[seat]
            path = f"/api/tables/{table}/actions"
            server.api("POST", path, {"type": "end_turn"}, token)
            gpio.wait_until([PINS[turn()]])
        loop.join(20)
        assert not loop.is_alive() and handled == [6]
        assert gpio.lit_up == [PINS[(first + n) % 4] for n in range(5)]
    finally:
        stop.set()


def test_one_led_for_one_seat_lights_only_on_that_seats_turn(server):
    made = server.api("POST", "/api/tables", {"game": "samurai-sword", "players": ["A", "B", "C"]})
    table, host = made["id"], made["host_token"]
    first = server.api("GET", f"/api/tables/{table}")["view"]["turn"]
    mine = (first + 1) % 3
    gpio = FakeGpio()
    stop = threading.Event()
    lights = turn_led.TurnLights({mine: 5}, led=gpio.led)
    loop = threading.Thread(
        target=turn_led.run, args=(server.base, table, lights, 3, stop), daemon=True
    )
    loop.start()
    try:
        gpio.wait_until([])  # the hello: not this seat's turn
        server.api("POST", f"/api/tables/{table}/actions", {"type": "end_turn"}, host)
        gpio.wait_until([5])
        server.api("POST", f"/api/tables/{table}/actions", {"type": "end_turn"}, host)
        gpio.wait_until([])
        loop.join(20)
        assert not loop.is_alive()
        assert gpio.lit_up == [5]
    finally:
        stop.set()


def test_an_unknown_table_stops_the_loop_with_the_servers_message(server):
    lights = turn_led.TurnLights(PINS, led=FakeGpio().led)
    with pytest.raises(SystemExit, match="There is no such table"):
        turn_led.run(server.base, "nope", lights, max_events=1)


def test_a_lost_server_is_retried_and_the_leds_catch_up(tmp_path):
    srv = Server(tmp_path / "again.db").start()
    try:
        made = srv.api("POST", "/api/tables", {"game": "samurai-sword", "players": ["A", "B", "C"]})
        table, host = made["id"], made["host_token"]
        first = srv.api("GET", f"/api/tables/{table}")["view"]["turn"]
        gpio = FakeGpio()
        stop = threading.Event()
        lights = turn_led.TurnLights(PINS, led=gpio.led)
        loop = threading.Thread(
            target=turn_led.run,
            kwargs={
                "server": srv.base,
                "table": table,
                "lights": lights,
                "stop": stop,
                "retry": 0.2,
            },
            daemon=True,
        )
        loop.start()
        gpio.wait_until([PINS[first]])
        srv.stop()
        srv.start(port=int(srv.base.rsplit(":", 1)[1]))
        srv.api("POST", f"/api/tables/{table}/actions", {"type": "end_turn"}, host)
        gpio.wait_until([PINS[(first + 1) % 3]])
        stop.set()
        srv.stop()  # the stream ends: the loop sees the stop flag
        loop.join(30)
        assert not loop.is_alive()
    finally:
        stop.set()
        srv.stop()
