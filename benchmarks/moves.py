"""The fan-out benchmark's move mixes: for each game, what a real table taps, in a loop.

A mix is a deterministic generator of moves. Each move is one action body and who posts it:
the table screen (the host token) or one seat's phone (that seat's token). Between two moves
the driver hands the mix the view the reply carried (``Mix.view``), and the mix reads the
public part of it to stay legal in every state it reaches: whose turn it is, which province
is next, which tiles may be flipped. It draws no random numbers of its own, so the same table
state always gets the same move. Each mix below ran for thousands of moves at every player
count without a refusal or an end of the game (Sun Tzu: a whole game).

game            setup (untimed)      one cycle of play (host = table screen, phone = a seat)
samurai-sword   -                    a turn: host next phase; phone next phase, parried
                                     attack, own Focus +/-1; target's phone its Daimyo
                                     (private); host Armor +/-1 fix; phone ends the turn
sun-tzu         Warlords, locked     a round: host enters each province's cards, a phone
                                     resolves it; phones recall (rounds 2-4); host
                                     finishes the battles. 9 rounds: 104 moves, no more
quorsum         -                    a game: host roll-off, phones choose and place; turns
                                     of declare + dice entered (phone, host), declare +
                                     app roll + end turn, or pass; host starts the next
three-kingdoms  a city each          a turn: every other one a tile (phone or host), else
                                     reinforce, to Hold, to Alert, withdraw (phone); host
                                     recounts the tile stack when it runs low
art-of-war      setup choices        a round: host enters the event, taps the phases,
                                     resolves raids; phones Peace, bid 0, deploy at home
                                     (each + lock), workers, food sale; a tactics fix
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

HOST = None


@dataclass(frozen=True)
class Move:
    """One action: ``seat`` None is the table screen (host token), else that seat's phone."""

    seat: int | None
    body: dict[str, Any]


class Mix:
    """A game's move mix for a table of ``seats`` players.

    ``setup()`` yields the moves a table makes before play (run before the clock starts),
    ``play()`` the moves of play, for as long as the game allows: ``limit`` moves when the
    game must end (Sun Tzu), else forever.
    """

    game = ""
    mix = ""  # the short description the benchmark prints
    options: dict[str, Any] = {}
    limit: int | None = None

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.view: dict[str, Any] = {}

    def setup(self) -> Iterator[Move]:
        return iter(())

    def play(self) -> Iterator[Move]:
        raise NotImplementedError


def toggle(value: int) -> int:
    """+1 from 0, else -1: a counter that goes up and down again."""
    return 1 if value == 0 else -1


class SamuraiSword(Mix):
    """Turns go round the table; the hands stay level: each turn draws 2, plays a Weapon and
    makes the next player parry, so nobody is wounded and the game never ends."""

    game = "samurai-sword"
    mix = "turn: next phase x2, parried attack, own Focus +/-1, Daimyo (private), Armor fix, end"

    def play(self) -> Iterator[Move]:
        daimyo = [0] * self.seats
        while True:
            me = self.view["turn"]
            yield Move(HOST, {"type": "next_phase"})  # Recover -> Draw: the app adds the cards
            yield Move(me, {"type": "next_phase"})  # Draw -> Play
            target = self._target(me)
            if target is not None:
                attack = {"target": target, "damage": 1, "parried": True}
                yield Move(me, {"type": "attack", **attack})
            focus = self.view["players"][me]["focus"]
            yield Move(
                me, {"type": "adjust", "seat": me, "counter": "focus", "delta": toggle(focus)}
            )
            other = target if target is not None else (me + 1) % self.seats
            daimyo[other] = (daimyo[other] + 1) % 4
            yield Move(other, {"type": "set_daimyo", "n": daimyo[other]})
            armor = self.view["players"][me]["armor"]
            fix = {"seat": me, "counter": "armor", "delta": toggle(armor)}
            yield Move(HOST, {"type": "adjust", **fix})
            yield Move(me, {"type": "end_turn"})

    def _target(self, me: int) -> int | None:
        """The next player round the table an attack may reach: not Harmless, a card to parry."""
        players = self.view["players"]
        if players[me]["hand"] == 0:
            return None
        for step in range(1, self.seats):
            seat = (me + step) % self.seats
            if not players[seat]["harmless"] and players[seat]["hand"] > 0:
                return seat
        return None


class SunTzu(Mix):
    """Real cards (the default): the table screen enters each province's two cards as turned
    over, and a phone resolves the battle.

    Each round Blue and Red play 2, 3, 4, 5 and one other card: Blue wins one province by 1,
    Red another, the rest are ties, so the score marker stays near the centre and no event's
    condition is ever met (no 1 against 1, no 6, 9, 10 or Plague). The other cards are spent
    one a round (+1 and -1 three times each, 7, 8, +2); 10, 9 and +3 are discarded to recall
    an army. The game ends with round 9's scoring, so the mix stops just before it.
    """

    game = "sun-tzu"
    mix = "round: host enters 5 provinces' cards, phones resolve, recalls, host finishes battles"
    SPECIALS = ("+1", "-1", "+1", "-1", "+1", "-1", "7", "8", "+2")
    RECALLS = {2: "10", 3: "9", 4: "+3"}
    # Eight rounds of 11 moves, round 9 without its closing move, and the recalls.
    limit = 8 * 11 + 10 + 2 * len(RECALLS)

    def setup(self) -> Iterator[Move]:
        # Blue's Warlord 3 moves the marker at the start; Red's 3 only acts on a Plague.
        for seat in (0, 1):
            yield Move(seat, {"type": "choose_warlord", "warlord": 3})
        for seat in (0, 1):
            yield Move(seat, {"type": "lock"})

    def play(self) -> Iterator[Move]:
        provinces = [p["id"] for p in self.view["provinces"]]
        for rnd in range(1, 10):
            blue_wins, red_wins = rnd % 5, (rnd + 2) % 5
            ties = iter(("4", "5", self.SPECIALS[rnd - 1]))
            for step in range(5):
                # The leftmost face-down province: a chooser of the order may take it too.
                p = next(i for i, x in enumerate(self.view["provinces"]) if not x["revealed"])
                if p == blue_wins:
                    cards, winner = ("3", "2"), 0
                elif p == red_wins:
                    cards, winner = ("2", "3"), 1
                else:
                    card = next(ties)
                    cards, winner = (card, card), step % 2
                entry = {"province": provinces[p], "card0": cards[0], "card1": cards[1]}
                yield Move(HOST, {"type": "enter_cards", **entry})
                yield Move(winner, {"type": "resolve"})
            if rnd in self.RECALLS:
                for seat in (0, 1):
                    yield Move(seat, {"type": "recall", "card": self.RECALLS[rnd]})
            if rnd < 9:
                yield Move(HOST, {"type": "finish_battles"})


class Quorsum(Mix):
    """Game after game of a match that never ends: with ``draw_points`` 0 a drawn game scores
    nothing.

    The pieces never move (every declared move misses its dice), so each game ends in the
    stalemate after ``stalemate_turns`` turns, drawn, and the next one starts. The turns go
    round three kinds: a move and a flip with the dice entered (the move's on the phone, the
    flip's on the table screen), two flips with the app's dice and the turn ended early, a pass.
    """

    game = "quorsum"
    mix = "game: opening; turns: declare + dice entered, declare + app roll + end, pass; next game"
    options = {"draw_points": 0}

    def play(self) -> Iterator[Move]:
        turn = 0
        while True:
            phase, me = self.view["phase_key"], self.view["turn"]
            if phase == "rolloff":
                yield Move(HOST, {"type": "rolloff", "die0": 6, "die1": 1})
            elif phase == "choose":
                yield Move(me, {"type": "choose", "option": "A"})
            elif phase == "place":
                owners = self.view["opening"]["placements"][0]["by_corner"]
                yield Move(me, {"type": "place", "owners": owners})
            elif phase == "ended":
                yield Move(HOST, {"type": "next_game"})
            elif phase == "declare":
                yield from self._turn(me, turn)
                turn += 1
            else:
                raise AssertionError(f"quorsum: no move for the phase {phase}")

    def _turn(self, me: int, turn: int) -> Iterator[Move]:
        targets = self.view["targets"]
        flips = [f["tile"] for f in targets["flips"]]
        moves = [(m["piece"], m["tiles"][0]["tile"]) for m in targets["moves"] if m["tiles"]]
        kind = turn % 3
        if kind == 0 and moves and flips:
            piece, tile = moves[turn // 3 % len(moves)]
            plan = {"pieces": [piece, -1], "tiles": [tile, flips[turn % len(flips)]]}
            yield Move(me, {"type": "declare", **plan, "dice": [2, 1]})
            # The move misses (a 1 on every die), the flip succeeds (a 6 beats every tile).
            yield Move(me, {"type": "resolve", "index": 0, "values": [1, 1]})
            yield Move(HOST, {"type": "resolve", "index": 1, "values": [6]})
        elif kind == 1 and len(flips) >= 2:
            first, second = flips[turn % len(flips)], flips[(turn + 1) % len(flips)]
            plan = {"pieces": [-1, -1], "tiles": [first, second]}
            yield Move(me, {"type": "declare", **plan, "dice": [2, 2]})
            yield Move(me, {"type": "roll", "index": 0})
            yield Move(me, {"type": "end_turn"})
        else:
            yield Move(me, {"type": "pass"})


class ThreeKingdoms(Mix):
    """One action a turn and the turn passes by itself; nobody attacks, so nothing ends it.

    Every other turn a player lays a tile with no city on it (on the phone, or the table screen
    records it); in between the player's own city goes through a troop in, to Hold, back to
    Alert and out again. When the stack runs low the host corrects it, as a table that
    recounts its tiles would.
    """

    game = "three-kingdoms"
    mix = "turn: a tile (phone or host) every other turn, else reinforce/Hold/Alert/withdraw"
    LOW, REFILL = 10, 60

    def setup(self) -> Iterator[Move]:
        for seat in range(self.seats):
            city = {"spaces": 2, "city": 0, "alert": 1, "complete": True, "size": "small"}
            yield Move(seat, {"type": "expand", **city})

    def play(self) -> Iterator[Move]:
        turns = 0
        while True:
            me = self.view["turn"]
            city = next(c["id"] for c in self.view["cities"] if c["owner"] == me)
            step = turns // self.seats % 8
            if step % 2 == 1:
                yield Move(HOST if step % 4 == 1 else me, {"type": "expand", "spaces": 0})
            elif step == 0:
                yield Move(me, {"type": "reinforce", "city": city, "stance": "alert"})
            elif step == 2:
                yield Move(me, {"type": "change_stance", "direction": "to_hold", "cities": [city]})
            elif step == 4:
                yield Move(me, {"type": "change_stance", "direction": "to_alert", "cities": [city]})
            else:
                yield Move(me, {"type": "withdraw", "city": city, "stance": "alert"})
            turns += 1
            if self.view["tiles_left"] < self.LOW:
                yield Move(HOST, {"type": "adjust_tiles", "tiles_left": self.REFILL})


class ArtOfWar(Mix):
    """Rounds of seven phases: the table screen taps them through, the phones make the secret
    choices (War or Peace, the epic bid, the deployment) and their own entries.

    Everyone keeps the Peace and deploys at home, so the only battles are the Yellow Turbans'
    raids (the host resolves them; raiding bandits never capture). The host enters each event
    as the table draws it, through the whole deck; before a third Great Peace it corrects the
    count back, the one correction the mix needs to keep the game going.
    """

    game = "art-of-war"
    mix = "round: host event, phases, raids; phones Peace/bid/deploy + lock, workers, food sale"
    EVENTS = ("ships", "stoppage", "barbarians", "famine", "turbans", "heretic", "great_peace")

    def setup(self) -> Iterator[Move]:
        for seat in range(self.seats):
            split = {"advisor": 0, "general": 0, "soldiers": 3, "food": 3}
            yield Move(seat, {"type": "choose_setup", **split})
        for seat in range(self.seats):
            yield Move(seat, {"type": "lock"})

    def play(self) -> Iterator[Move]:
        while True:
            view = self.view
            phase, step, rnd = view["phase_no"], view["step"], view["round"]
            if view["sealed"]:
                yield from self._secret(view["sealed"])
            elif phase == 0:
                yield from self._event()
            elif phase == 3 and (share := self._tribute()):
                seat, vassal = share
                yield Move(seat, {"type": "take_tribute", "vassal": vassal, "kind": "food"})
            elif phase == 4 and step == "purchase":
                # A tactic card the app did not count, and the next round one played unseen.
                delta = 1 if rnd % 2 else -1
                yield Move(rnd % self.seats, {"type": "adjust_tactics", "delta": delta})
                yield Move(HOST, {"type": "next"})
            elif phase == 4 and step == "build":
                for seat in range(self.seats):
                    n = rnd % 2
                    if n and self.view["players"][seat]["soldiers_in_hand"] < 2:
                        continue
                    yield Move(
                        seat, {"type": "assign_workers", "mine": n, "farm": n, "barracks": 0}
                    )
                yield Move(HOST, {"type": "next"})
            elif phase == 5 and step == "battles":
                yield Move(HOST, {"type": "resolve_battle"})
            elif phase == 6:
                for seat in range(self.seats):
                    food = self.view["players"][seat]["food"]
                    yield Move(seat, {"type": "sell_food", "n": 1 if food >= 2 else 0})
                yield Move(HOST, {"type": "next"})
            else:
                yield Move(HOST, {"type": "next"})

    def _secret(self, sealed: dict[str, Any]) -> Iterator[Move]:
        """Every seat of the open secret round makes its choice and locks it in."""
        for seat in sealed["seats"]:
            if sealed["name"] == "stance":
                body = {"type": "choose_stance", "stance": "peace"}
            elif sealed["name"] == "bid":
                body = {"type": "bid", "amount": 0}
            elif sealed["name"] == "deploy":
                body = {"type": "deploy", "counts": self._all_home(seat)}
            else:
                raise AssertionError(f"art-of-war: no move for the secret round {sealed['name']}")
            yield Move(seat, body)
            yield Move(seat, {"type": "lock"})

    def _all_home(self, seat: int) -> list[int]:
        """Every soldier in hand stays in the main castle (the phone's one-tap shortcut)."""
        places = [loc["loc"] for loc in self.view["map"]["locations"]]
        counts = [0] * len(places)
        counts[places.index(f"castle-{seat}")] = self.view["players"][seat]["soldiers_in_hand"]
        return counts

    def _event(self) -> Iterator[Move]:
        """The next card of the deck in a fixed order (a new deck once all have come out)."""
        event = self.view["event"]
        out = {card["key"] for card in event["cards"] if card["out"]}
        key = next((k for k in self.EVENTS if k not in out), self.EVENTS[0])
        if key == "great_peace" and event["great_peace"] >= 2:
            yield Move(HOST, {"type": "set_great_peace", "n": 0})
        yield Move(HOST, {"type": "enter_event", "event": key})

    def _tribute(self) -> tuple[int, int] | None:
        """A tribute share a phone has still to take: (seat, vassal)."""
        for share in self.view["tribute"]:
            if share["kind"] is None:
                return share["seat"], share["vassal"]
        return None


MIXES: dict[str, type[Mix]] = {
    m.game: m for m in (SamuraiSword, SunTzu, Quorsum, ThreeKingdoms, ArtOfWar)
}
