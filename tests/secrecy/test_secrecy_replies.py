"""Every reply depends on public information only, as a property (issue #23).

Two tables of the same game stand at the same position of a recorded playthrough
(``tests/fixtures/logs``), after a few random host corrections, and differ only in one seat's
hidden information (``scramblers.py``: another role, another hand, another sealed choice,
consistent with everything public). The same request goes to both, through the real web app:

- a host action (a correction or a move), with and without ``confirm``, through the JSON API
  and through the table screen's htmx form;
- a seat's action through the JSON API, with another seat's secrets scrambled.

The two replies must be the same, status and body byte for byte (each table's own id and
CSRF token put in the same place): a question, a refusal, its code and wording. Only an
action that goes ahead and reveals by design (a barrier recorded with it, or an event the
rules make public: ``REVEALS`` in ``test_secrecy_property``) may then show different things.
And a host correction that was not asked first never reveals: a game's public ``may_reveal``
declaration covers every correction that could.
"""

from __future__ import annotations

import copy
import json
import random
import re
import secrets
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from werkzeug.datastructures import MultiDict

from companion.games import GAMES
from companion.games.kit import State
from companion.pipeline.live import Hub
from companion.pipeline.tables import Tables
from companion.store.log import Store, digest

from ..fixtures.tables import replay_log
from .driver import apply_action, draw_action, fixed_examples
from .scramblers import no_secrets, secrets_of
from .test_secrecy_property import REVEALS

LOGS = Path(__file__).resolve().parent.parent / "fixtures" / "logs"
GAME_LOGS = {
    game: sorted(p.name for p in LOGS.glob("*.json") if json.loads(p.read_text())["game"] == game)
    for game in sorted(GAMES)
}


@cache
def positions(name: str) -> tuple[dict[str, Any], list[State]]:
    """The playthrough and every state it passes through before its end (replayed once)."""
    data = json.loads((LOGS / name).read_text())
    tables = Tables(Store(":memory:"), Hub())
    played = replay_log(tables, "replay", data)
    game = GAMES[data["game"]]
    states = [copy.deepcopy(tables.load("replay").state)]
    for _step in played:
        state = tables.load("replay").state
        if game.result(state) is None:
            states.append(copy.deepcopy(state))
    return data, states


# --------------------------------------------------------------------------- the requests


def _samurai_prelude(state: State, rng: random.Random) -> list[dict[str, Any]]:
    """Leave two players standing (health set by hand: no Defeat, no end), the table where
    one more defeat is the Swordmaster's question."""
    n = len(state["players"])
    standing = rng.sample(range(n), 2)
    return [
        {"type": "set_counter", "seat": s, "counter": "health", "value": 0}
        for s in range(n)
        if s not in standing and state["health"][s] > 0
    ]


def _samurai_probe(state: State, rng: random.Random) -> dict[str, Any]:
    """A defeat by another player: the correction whose outcome rests on the roles."""
    standing = [s for s in range(len(state["players"])) if state["health"][s] > 0] or [0]
    seat = rng.choice(standing)
    others = [s for s in range(len(state["players"])) if s != seat]
    by = rng.choice([s for s in standing if s != seat] or others)
    return {"type": "adjust", "seat": seat, "counter": "health", "delta": -10, "by": by}


PRELUDES = {"samurai-sword": _samurai_prelude}
PROBES = {"samurai-sword": _samurai_probe}


def host_request(game_id: str, state: State, rng: random.Random) -> dict[str, Any] | None:
    """A host action: often the game's sharpest probe, else any the host may take now."""
    game = GAMES[game_id]
    if game_id in PROBES and rng.random() < 0.7:
        return PROBES[game_id](state, rng)
    allowed = game.allowed(state, None)
    if not allowed:
        return None
    corrections = [t for t in allowed if game.actions[t].correction]
    kinds = corrections if corrections and rng.random() < 0.7 else allowed
    return draw_action(game, state, None, kinds, game.view(state, None), rng)


def as_form(raw: dict[str, Any]) -> list[tuple[str, str]]:
    """The request as the table screen's form posts it: strings, lists as repeated fields."""
    fields: list[tuple[str, str]] = []
    for key, value in raw.items():
        values = value if isinstance(value, list | tuple) else [value]
        for one in values:
            if one is None:
                continue
            text = ("true" if one else "false") if isinstance(one, bool) else str(one)
            fields.append((key, text))
    return fields


# --------------------------------------------------------------------------- the tables


class Twin:
    """One of the two tables: created in the app's store, its state set to the position."""

    def __init__(self, app: Any, game_id: str, data: dict[str, Any], state: State) -> None:
        self.app, self.client = app, app.test_client()
        self.tables: Tables = app.extensions["tables"]
        self.id = "tw" + secrets.token_hex(5)
        self.host = secrets.token_urlsafe(16)
        self.codes = [secrets.token_urlsafe(12) for _ in data["players"]]
        self.shorts = self.tables.store.create_table(
            self.id, game_id, data["players"], data["options"], data["seed"], self.host, self.codes
        )
        self.tokens: dict[int, str] = {}
        self.state = state

    def place(self) -> None:
        """The table at the position: the state the log reached (memory holds it, as after
        any action; both twins' logs and versions are the same)."""
        self.tables.load(self.id).state = copy.deepcopy(self.state)

    def claim(self, seat: int) -> str:
        _tid, _seat, token = self.tables.claim(self.codes[seat])
        self.tokens[seat] = token
        return token

    def same(self, body: bytes, other: Twin) -> bytes:
        """``body`` with this table's own id and seats' codes (the QR codes' keys, the short
        codes) written as the other's: they differ from table to table, nothing else may."""
        pairs = [(self.id, other.id)]
        for mine, theirs in zip(self.codes, other.codes, strict=True):
            pairs += [(mine, theirs), (digest(mine)[:10], digest(theirs)[:10])]
        pairs += [(m, t) for m, t in zip(self.shorts or [], other.shorts or [], strict=True)]
        for mine, theirs in pairs:
            body = body.replace(str(mine).encode(), str(theirs).encode())
        return body

    def api(self, actor: int | None, raw: dict[str, Any]) -> Any:
        token = self.host if actor is None else self.tokens[actor]
        return self.client.post(
            f"/api/tables/{self.id}/actions",
            json=raw,
            headers={"Authorization": f"Bearer {token}"},
        )

    def form(self, raw: dict[str, Any]) -> tuple[Any, str]:
        with self.client.session_transaction() as session:
            session["host"] = {self.id: self.host}
        page = self.client.get(f"/t/{self.id}").get_data(as_text=True)
        csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
        reply = self.client.post(
            f"/t/{self.id}/act",
            data=MultiDict([*as_form(raw), ("csrf_token", csrf)]),
            headers={"HX-Request": "true"},
        )
        return reply, csrf

    def revealed(self, since: int) -> bool:
        """Did what this table just did reveal by design (a barrier, a public reveal event)?"""
        reveals = REVEALS.get(GAMES[self.tables.load(self.id).game.id].id, {})
        rows = [r for r in self.tables.load(self.id).rows if r.seq > since]
        return any(
            r.barrier is not None or any(e.get("type") in reveals for e in r.events) for r in rows
        )


def compare(game_id: str, a: Twin, b: Twin, actor: int | None, raw: dict[str, Any], path: str):
    """Send ``raw`` to both twins; the replies must match unless it revealed by design."""
    since = (a.tables.load(a.id).last_seq, b.tables.load(b.id).last_seq)
    if path == "api":
        ra, rb = a.api(actor, raw), b.api(actor, raw)
        body_a, body_b = ra.get_data(), b.same(rb.get_data(), a)
    else:
        (ra, csrf_a), (rb, csrf_b) = a.form(raw), b.form(raw)
        body_a = ra.get_data()
        body_b = b.same(rb.get_data(), a).replace(csrf_b.encode(), csrf_a.encode())
    who = "the host" if actor is None else f"seat {actor}"
    where = f"{game_id}: {who} sends {json.dumps(raw)} ({path})"
    assert ra.status_code == rb.status_code, (
        f"{where}: the status tells hidden information apart: {ra.status_code} != "
        f"{rb.status_code}\n{body_a[:400]!r}\n{body_b[:400]!r}"
    )
    if ra.status_code < 300 and (a.revealed(since[0]) or b.revealed(since[1])):
        return  # it went ahead and revealed, by design: what it shows is public now
    assert body_a == body_b, (
        f"{where}: the reply tells hidden information apart:\n{body_a[:600]!r}\n{body_b[:600]!r}"
    )
    if ra.status_code < 300 and actor is None and not raw.get("confirm"):
        spec = GAMES[game_id].actions[raw["type"]]
        assert not (a.revealed(since[0]) or b.revealed(since[1])) or not spec.correction, (
            f"{where}: a host correction revealed without asking first: widen may_reveal"
        )


# --------------------------------------------------------------------------- the property


@pytest.mark.parametrize("game_id", sorted(GAMES))
@fixed_examples(16)
@given(data=st.data())
def test_every_reply_is_the_same_for_tables_that_differ_only_in_hidden_information(
    app, game_id, data
):
    game = GAMES[game_id]
    rng = data.draw(st.randoms(use_true_random=False), label="rng")
    log, states = positions(data.draw(st.sampled_from(GAME_LOGS[game_id]), label="log"))
    state = copy.deepcopy(states[data.draw(st.integers(0, len(states) - 1), label="position")])
    # A few host corrections first (confirmed), the same on both tables.
    prelude = PRELUDES.get(game_id)
    if prelude and rng.random() < 0.7:
        steps = prelude(state, rng)
    else:
        steps = [host_request(game_id, state, rng) for _ in range(rng.choice([0, 0, 1, 2]))]
    for seq, raw in enumerate(step for step in steps if step is not None):
        try:
            new, _ = apply_action(game, state, None, {**raw, "confirm": True}, log["seed"], seq)
        except Exception:  # a refused correction changes nothing
            continue
        if game.result(new) is None:
            state = new
    as_seat = rng.random() < 0.25 and game.private
    n = len(state["players"])
    actor = rng.randrange(n) if as_seat else None
    if actor is None:
        raw = host_request(game_id, state, rng)
    else:
        allowed = game.allowed(state, actor)
        raw = (
            draw_action(game, state, actor, allowed, game.view(state, actor), rng)
            if allowed
            else None
        )
    if raw is None:
        return
    if actor is None and data.draw(st.booleans(), label="confirm"):
        raw = {**raw, "confirm": True}
    scramble, _redraw = secrets_of(game_id)
    named = [v for k, v in raw.items() if k in ("seat", "by", "target") and isinstance(v, int)]
    candidates = [s for s in (named if named and rng.random() < 0.6 else range(n)) if s != actor]
    seat = rng.choice(candidates or [s for s in range(n) if s != actor] or [0])
    other = scramble(state, seat, rng) if scramble is not no_secrets else copy.deepcopy(state)
    if game.result(other) is not None:
        return
    path = "form" if actor is None and data.draw(st.booleans(), label="htmx") else "api"
    a, b = Twin(app, game_id, log, state), Twin(app, game_id, log, other)
    for twin in (a, b):
        if actor is not None:
            twin.claim(actor)
        twin.place()
    compare(game_id, a, b, actor, raw, path)
