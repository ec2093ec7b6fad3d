"""Secrecy at the web layer, byte for byte, for every registered game.

A table is built through the real pipeline (fixed seed), every seat is joined on its own
browser (and also handed round on the host's shared screen), and the table is played a
little. At a few points, one seat's private data is
scrambled by writing the cached state, and every OTHER viewer's phone page, table page, host
page, JSON view, first stream message and refusal replies must be byte-identical to what they
were before (same version number, since nothing went through the log).

Each seat's private notes are part of its private data: every seat writes notes of its own
through the real route at the start (on its phone), and the scrambled seat writes new ones
between the two snapshots (on the shared screen, with its own token there). Other viewers'
bytes must not change, and neither the old nor the new notes may appear in any of them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

import companion.pipeline.tables as tables_module
from companion.errors import ConfirmFirst
from companion.games.kit import RulesError
from companion.pipeline.tables import HOST, Viewer

from ..conftest import csrf, first_stream_message
from ..fixtures.tables import api_table
from .driver import GAME_IDS, all_games, apply_action, draw_action, draw_step, players_for
from .scramblers import no_secrets, scramble_tally, secrets_of

SEED = 20240611
# Options with the most secrets in play (the phones hold the Sun Tzu cards).
OPTIONS: dict[str, dict[str, Any]] = {"sun-tzu": {"cards": "phones"}}
CHECKPOINTS = (3, 25)  # actions played through the pipeline before each comparison
SEATS_PER_CHECKPOINT = 2


NOTES_FORM_TOKEN = re.compile(
    r'data-notes-form[^>]*>\s*<input type="hidden" name="csrf_token" value="([^"]+)"'
)


def notes_text(seat: int, draft: int) -> str:
    """A seat's notes: a marker found nowhere else, as bytes of any reply would carry it."""
    return f"SecretNotesOfSeat{seat}Draft{draft}Qx7"


def bearer(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


class Table:
    """One table with a browser per seat, the host's browser and a stranger's."""

    def __init__(self, app: Flask, game_id: str) -> None:
        self.app = app
        self.game = all_games()[game_id]
        self.players = players_for(self.game, 4)
        made = api_table(app, app.test_client(), game_id, self.players, OPTIONS.get(game_id, {}))
        self.id, self.host_token = made.id, made.host_token
        self.tokens: list[str] = made.tokens
        self.clients: list[FlaskClient] = made.phones
        self.host = app.test_client()
        assert self.host.get(f"/host/{self.id}/{self.host_token}").status_code == 303
        # The host's screen is also handed round for every seat (pass the device), as a
        # table with players without phones would: its covers and each seat's screen on it
        # are compared too.
        with self.host.session_transaction() as session:
            session["pass"] = {self.id: {str(n): t for n, t in enumerate(self.tokens)}}
        self.public = app.test_client()
        self.csrf = {"host": csrf(self.host.get(f"/t/{self.id}").get_data(as_text=True))}
        # Every seat keeps notes of its own, written on its phone through the real route.
        self.notes: dict[int, list[str]] = {}
        for seat, client in enumerate(self.clients):
            self.csrf[f"seat {seat}"] = csrf(
                client.get(f"/t/{self.id}/seat").get_data(as_text=True)
            )
            self.write_notes(seat, client, self.csrf[f"seat {seat}"])
            page = client.get(f"/t/{self.id}/seat").get_data(as_text=True)
            assert notes_text(seat, 0) in page, "the seat's own page shows its notes"

    def write_notes(self, seat: int, client: FlaskClient, token: str) -> None:
        """Write the seat's next notes through ``POST /t/<id>/seat/notes`` on ``client``."""
        drafts = self.notes.setdefault(seat, [])
        drafts.append(notes_text(seat, len(drafts)))
        reply = client.post(
            f"/t/{self.id}/seat/notes",
            data={"text": drafts[-1], "csrf_token": token},
            headers={"HX-Request": "true"},
        )
        assert reply.status_code == 200, reply.get_data(as_text=True)

    def write_notes_on_shared_screen(self, seat: int) -> None:
        """The seat's next notes, written on the host's shared screen with its own token."""
        opened = self.host.get(f"/t/{self.id}/pass/{seat}/open").get_data(as_text=True)
        match = NOTES_FORM_TOKEN.search(opened)
        assert match, "the seat's screen on the shared device has its notes form"
        assert self.notes[seat][-1] in opened, "and shows the seat's own notes"
        self.write_notes(seat, self.host, match.group(1))

    @property
    def tables(self) -> Any:
        return self.app.extensions["tables"]

    @property
    def loaded(self) -> Any:
        return self.tables.load(self.id)

    def play(self, steps: int, rng: random.Random) -> None:
        game = self.game
        for _ in range(steps):
            loaded = self.loaded
            step = draw_step(game, loaded.state, rng)
            if step is None:
                return
            actor, raw = step
            # Compare running games: a step that would end the game is skipped (the end is a
            # barrier that undo never steps back across).
            try:
                after, _ = apply_action(
                    game, loaded.state, actor, raw, loaded.seed, loaded.next_seq
                )
            except RulesError:
                continue
            if game.result(after) is not None:
                continue
            viewer = HOST if actor is None else Viewer("seat", actor)
            try:
                self.tables.act(self.id, viewer, raw)
            except ConfirmFirst:
                continue  # a correction that would reveal something: the pipeline asks first

    def screens(self, skip: int | None) -> dict[str, bytes | str]:
        """Everything each viewer but seat ``skip`` can fetch now, by viewer and route."""
        tid = self.id
        out: dict[str, bytes | str] = {}
        for seat, (client, token) in enumerate(zip(self.clients, self.tokens, strict=True)):
            if seat == skip:
                continue
            out[f"seat {seat} phone page"] = client.get(f"/t/{tid}/seat").data
            out[f"seat {seat} JSON view"] = client.get(
                f"/api/tables/{tid}", headers=bearer(token)
            ).data
            out[f"seat {seat} stream"] = first_stream_message(client.get(f"/t/{tid}/seat/stream"))
        for who, client, token in (
            ("table screen", self.public, None),
            ("host", self.host, self.host_token),
        ):
            out[f"{who} page"] = client.get(f"/t/{tid}").data
            out[f"{who} JSON view"] = client.get(f"/api/tables/{tid}", headers=bearer(token)).data
            out[f"{who} stream"] = first_stream_message(client.get(f"/t/{tid}/stream"))
        out["host print page"] = self.host.get(f"/t/{tid}/print").data
        for seat in range(len(self.players)):
            # Between turns the shared screen shows every seat's cover, the hidden one's too.
            out[f"shared screen cover for seat {seat}"] = self.host.get(
                f"/t/{tid}/pass/{seat}"
            ).data
            if seat != skip:
                out[f"shared screen open for seat {seat}"] = self.host.get(
                    f"/t/{tid}/pass/{seat}/open"
                ).data
                out[f"shared screen page for seat {seat}"] = self.host.get(
                    f"/t/{tid}/pass/{seat}/screen"
                ).data
        return out

    def refusals(self, scrambled: dict, skip: int, rng: random.Random) -> list[tuple[str, dict]]:
        """Actions every viewer but ``skip`` might send that the rules refuse both with the real
        state and with the scrambled one (an accepted action would go into the log)."""
        game, state, loaded = self.game, self.loaded.state, self.loaded
        picked = []

        def refused(at: dict, v: int | None, raw: dict) -> bool:
            try:
                apply_action(game, at, v, raw, loaded.seed, loaded.next_seq)
            except RulesError:
                return True
            return False

        for v in [None, *range(len(self.players))]:
            allowed = game.allowed(state, v)
            if v == skip or not allowed:
                continue
            for _ in range(12):
                raw = draw_action(game, state, v, allowed, game.view(state, v), rng)
                if refused(state, v, raw) and refused(scrambled, v, raw):
                    picked.append(("host" if v is None else f"seat {v}", raw))
                    break
        return picked

    def send(self, picked: list[tuple[str, dict]]) -> dict[str, bytes]:
        out = {}
        for n, (who, raw) in enumerate(picked):
            if who == "host":
                token, client = self.host_token, self.host
            else:
                seat = int(who.split()[1])
                token, client = self.tokens[seat], self.clients[seat]
            api = client.post(f"/api/tables/{self.id}/actions", json=raw, headers=bearer(token))
            assert api.status_code >= 400, (who, raw)
            page = client.post(
                f"/t/{self.id}/seat/act" if who != "host" else f"/t/{self.id}/act",
                data={k: str(v) for k, v in raw.items()},
                headers={"HX-Request": "true", "X-CSRF-Token": self.csrf[who]},
            )
            assert page.status_code >= 400, (who, raw)
            out[f"{who} refusal #{n} ({raw})"] = api.data + b"\n" + page.data
        return out


def set_state(app: Flask, loaded: Any, state: dict) -> None:
    """Write a table's cached state, and forget what was rendered from the old one (the web
    keeps views and fragments per table version, and the version does not change)."""
    loaded.state = state
    loaded.forget()


def differences(table: Table, scramble: Any, rng: random.Random) -> tuple[int, list[str]]:
    """Play to each checkpoint; scramble seats there; list what other viewers see change."""
    found: list[str] = []
    compared = 0
    played = 0
    seats = SEATS_PER_CHECKPOINT if scramble is not no_secrets else 1
    for checkpoint in CHECKPOINTS:
        table.play(checkpoint - played, rng)
        played = checkpoint
        loaded = table.loaded
        real, version = loaded.state, loaded.version
        if table.game.result(real) is not None:
            break  # after the end the rules reveal everything
        for seat in rng.sample(range(len(table.players)), seats):
            other = scramble(real, seat, rng)
            picked = table.refusals(other, seat, rng)
            before = table.screens(skip=seat) | table.send(picked)
            # The seat's notes change too (in the store, through the real route).
            table.write_notes_on_shared_screen(seat)
            # The cached state: what every screen is rendered from.
            set_state(table.app, loaded, other)
            try:
                after = table.screens(skip=seat) | table.send(picked)
            finally:
                set_state(table.app, loaded, real)
            assert table.loaded.version == version
            compared += len(before)
            found += [
                f"after {played} actions, {key} changes when seat {seat}'s private data changes"
                for key, value in before.items()
                if after[key] != value
            ]
            found += [
                f"after {played} actions, {key} shows seat {seat}'s notes"
                for key, value in (before | {f"{k} (after)": v for k, v in after.items()}).items()
                for text in table.notes[seat]
                if text.encode() in (value if isinstance(value, bytes) else value.encode())
            ]
        if scramble is no_secrets:
            break
    return compared, found


Check = Callable[[Table, Any, random.Random], tuple[int, list[str]]]


def assert_secrets_kept(check: Check, app: Flask, monkeypatch: Any, game_id: str) -> None:
    """``check`` compares what every other viewer gets with a seat's secrets as they are and
    scrambled, through a whole seeded game: it compares something and finds no difference."""
    scramble, _redraw = secrets_of(game_id)
    monkeypatch.setattr(tables_module.secrets, "randbits", lambda bits: SEED)
    compared, found = check(Table(app, game_id), scramble, random.Random(SEED))
    assert compared, f"{game_id}: the game ended before anything was compared"
    assert not found, f"{game_id}: " + "; ".join(found)


def public_change_found(check: Check, app: Flask, change: Callable[[dict, int], None]) -> list:
    """What ``check`` finds when the 'scrambler' also makes a public ``change`` (it must find
    something: the check can fail)."""

    def scramble_public(state: dict, seat: int, rng: random.Random) -> dict:
        new = scramble_tally(state, seat, rng)
        change(new, seat)
        return new

    compared, found = check(Table(app, "tally"), scramble_public, random.Random(1))
    assert compared, found
    return found


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_no_page_stream_or_reply_changes_when_another_seats_secrets_change(
    app, monkeypatch, game_id
):
    assert_secrets_kept(differences, app, monkeypatch, game_id)


def test_the_page_check_sees_a_change_of_public_data(app):
    """A 'scrambler' that changes a public score must change every other viewer's bytes."""

    def score_up(state: dict, seat: int) -> None:
        state["players"][seat]["score"] += 1

    found = public_change_found(differences, app, score_up)
    assert any("table screen page" in f for f in found), found
    assert any("JSON view" in f for f in found)
    assert any("stream" in f for f in found)


def test_the_page_check_sees_a_seats_notes_shown_to_another_seat(app):
    """A phone page that showed every seat's notes must be caught, by bytes and by content."""
    from markupsafe import Markup, escape

    from companion.pipeline import seat_notes

    store = app.extensions["store"]
    own_notes = app.jinja_env.globals["notes_section"]

    def every_seats_notes(s: Any) -> Markup:
        seats = range(len(s.view["players"]))
        others = [escape(seat_notes.read(store, s.table_id, n)) for n in seats if n != s.seat]
        return own_notes(s) + Markup(" ").join(others)

    app.jinja_env.globals["notes_section"] = every_seats_notes
    compared, found = differences(Table(app, "tally"), no_secrets, random.Random(1))
    assert compared, found
    assert any("phone page changes" in f for f in found), found
    assert any("phone page shows seat" in f for f in found), found
    assert any("shared screen open for seat" in f for f in found), found
