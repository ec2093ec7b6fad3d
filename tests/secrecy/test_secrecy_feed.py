"""Secrecy of the public event feed and the webhooks, byte for byte, for every game.

The same approach as ``test_secrecy_pages.py``: a table is played a little through the real
pipeline; feeds are opened (and webhook dispatchers primed) before one more step; after the
step, one seat's private data is scrambled in the cached state, and what a feed sends for
that version (its events, or its bare id), a new connection's ``hello`` and the webhooks'
events must be byte-identical to what they are with the real state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask

from companion.after import feed, webhooks

from .driver import GAME_IDS
from .scramblers import no_secrets
from .test_secrecy_pages import Table, assert_secrets_kept, public_change_found, set_state

CHECKPOINTS = (4, 25)  # actions played before the step whose feed is compared
SEATS_PER_CHECKPOINT = 2
MAX_STEPS = 12  # steps played with the feeds open, until one brings a feed event


class Stream:
    """One open feed, read one message (one chunk the server sends) at a time."""

    def __init__(self, app: Flask, table_id: str, opened: list[Stream]) -> None:
        self.response = app.test_client().get(f"/api/tables/{table_id}/feed", buffered=False)
        assert self.response.status_code == 200
        self.chunks: Iterator[Any] = iter(self.response.response)
        opened.append(self)

    def next(self) -> bytes:
        chunk = next(self.chunks)
        return chunk if isinstance(chunk, bytes) else chunk.encode()

    def hello(self) -> bytes:
        assert self.next().startswith(b"retry:")
        return self.next()


def close_all(opened: list[Stream]) -> None:
    # Each open stream holds its request context: close them newest first.
    while opened:
        opened.pop().response.close()


def compare(
    table: Table, scramble: Callable[..., dict], rng: random.Random
) -> tuple[int, list[str]]:
    """Play to each checkpoint, step once with feeds open, and list what the feed sends
    differently when a seat's private data is scrambled."""
    app, found, compared, played = table.app, [], 0, 0
    app.config["SSE_HEARTBEAT"] = 0.01  # a step that changed nothing: a heartbeat at once
    seats_each = SEATS_PER_CHECKPOINT if scramble is not no_secrets else 1
    for checkpoint in CHECKPOINTS:
        table.play(checkpoint - 1 - played, rng)
        played = checkpoint
        if table.game.result(table.loaded.state) is not None:
            break
        seats = rng.sample(range(len(table.players)), seats_each)
        opened: list[Stream] = []
        try:
            # One feed and one webhook dispatcher for the real state, and one of each per
            # scrambled seat, all opened on the same version before the step.
            streams = [Stream(app, table.id, opened) for _ in range(len(seats) + 1)]
            hellos = {s.hello() for s in streams}
            assert len(hellos) == 1
            hooks = [webhooks.Webhooks(app, []) for _ in streams]
            for hook in hooks:
                hook.events(table.id)
            step_until_the_feed_has_news(table, rng)
            loaded = table.loaded
            real, version = loaded.state, loaded.version
            if table.game.result(real) is not None:
                break  # the end shows everything
            before = sent(app, table.id, streams[0], hooks[0])
            for n, seat in enumerate(seats, start=1):
                other = scramble(real, seat, rng)
                set_state(app, loaded, other)
                try:
                    after = sent(app, table.id, streams[n], hooks[n])
                finally:
                    set_state(app, loaded, real)
                assert table.loaded.version == version
                compared += len(before)
                found += [
                    f"after {played} actions, the {key} changes when seat {seat}'s private"
                    " data changes"
                    for key, value in before.items()
                    if after[key] != value
                ]
        finally:
            close_all(opened)
        if scramble is no_secrets:
            break
    return compared, found


def step_until_the_feed_has_news(table: Table, rng: random.Random) -> None:
    """Play on until the public view has a feed event to tell (a few steps at most): the
    comparison is worth most when events, not just a bare id, are compared."""
    start = table.loaded
    view, seq = start.game.view(start.state, None), start.last_seq
    for _ in range(MAX_STEPS):
        table.play(1, rng)
        now = table.loaded
        if now.game.result(now.state) is not None:
            return
        if feed.events_between(view, now.game.view(now.state, None), now, since_seq=seq):
            return


def sent(app: Flask, table_id: str, stream: Stream, hook: webhooks.Webhooks) -> dict[str, bytes]:
    """What the feed and the webhooks send for the table's version now."""
    opened: list[Stream] = []
    try:
        hello = Stream(app, table_id, opened).hello()
    finally:
        close_all(opened)
    posts = b"\n".join(feed.encode(e).encode() for e in hook.events(table_id))
    return {"feed's message": stream.next(), "new feed's hello": hello, "webhook posts": posts}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_feed_and_webhooks_never_change_when_a_seats_secrets_change(app, monkeypatch, game_id):
    assert_secrets_kept(compare, app, monkeypatch, game_id)


def test_the_feed_check_sees_a_change_of_public_data(app):
    """A 'scrambler' that moves the turn, a public fact, must change what the feed sends."""

    def turn_on(state: dict, seat: int) -> None:
        state["turn"] = (state["turn"] + 1) % len(state["players"])

    found = public_change_found(compare, app, turn_on)
    assert any("feed's message" in f for f in found), found
    assert any("hello" in f for f in found)
    assert any("webhook posts" in f for f in found)
