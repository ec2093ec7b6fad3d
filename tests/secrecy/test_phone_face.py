"""A phone lying face up gives nothing away: its face is the same whatever its own secrets.

For every registered game, a table is played through the real pipeline (fixed seed) and, at
a few points, each seat's OWN private data is scrambled (several times, so counts reach
their bounds) by writing the cached state. The seat's phone page is rendered before and
after, and its face (the page less what is behind the press-and-hold reveal, and less a
closed choosing panel, which opens only on a tap) must be byte-identical: the same buttons,
in the same places, enabled alike, worded alike, carrying the same values.
"""

from __future__ import annotations

import random
from html.parser import HTMLParser

import pytest

import companion.pipeline.tables as tables_module

from . import test_secrecy_pages as pages
from .driver import GAME_IDS
from .scramblers import no_secrets, secrets_of
from .test_secrecy_pages import SEED, Table, set_state

CHECKPOINTS = (0, 3, 12, 25, 40)  # actions played through the pipeline before each comparison
SCRAMBLES = 3  # different private values per seat and checkpoint
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source"}


def behind_a_reveal(attrs: dict[str, str | None], in_closed_details: bool = False) -> bool:
    """Is this element a closed private region: the reveal's content (``.private``, the
    private notes) or a choosing panel, both shown only while the player asks; or the
    inside of a closed panel that the phone closes when it goes to the background
    (``data-face-down`` in a ``<details>`` served closed)?"""
    if "data-face-down" in attrs and in_closed_details:
        return True
    if "hidden" not in attrs:
        return False
    classes = (attrs.get("class") or "").split()
    return "private" in classes or "private-notes" in classes or "data-choose-panel" in attrs


class Face(HTMLParser):
    """The page as it shows when nobody holds anything: every tag, attribute and text, less
    the subtrees behind a reveal."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[str] = []
        self.depth = 0  # >0 while inside a private subtree
        self.details: list[bool] = []  # the enclosing <details>: is each served open?

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            if not self.depth:
                self.out.append(f"<{tag} {attrs}>")
            return
        if tag == "details":
            self.details.append("open" in dict(attrs))
        closed = bool(self.details) and not self.details[-1]
        if self.depth or behind_a_reveal(dict(attrs), closed):
            self.depth += 1
            return
        self.out.append(f"<{tag} {attrs}>")

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if tag == "details" and self.details:
            self.details.pop()
        if self.depth:
            self.depth -= 1
            return
        self.out.append(f"</{tag}>")

    def handle_data(self, data: str) -> None:
        if not self.depth and data.strip():
            self.out.append(data.strip())


def face(html: str) -> list[str]:
    parser = Face()
    parser.feed(html)
    parser.close()
    return parser.out


def first_change(a: list[str], b: list[str]) -> str:
    for n, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return f"{' '.join(a[max(0, n - 3) : n])[-200:]} … {x!r} became {y!r}"
    return f"{len(a)} pieces became {len(b)}"


def face_changes(
    table: Table, scramble, rng: random.Random, checkpoints: tuple[int, ...] = CHECKPOINTS
) -> tuple[int, list[str]]:
    found: list[str] = []
    compared = 0
    played = 0
    for checkpoint in checkpoints:
        table.play(checkpoint - played, rng)
        played = checkpoint
        loaded = table.loaded
        real = loaded.state
        if table.game.result(real) is not None:
            break  # after the end the rules reveal everything
        for seat, client in enumerate(table.clients):
            url = f"/t/{table.id}/seat"
            before = face(client.get(url).get_data(as_text=True))
            for _ in range(SCRAMBLES):
                set_state(table.app, loaded, scramble(real, seat, rng))
                try:
                    after = face(client.get(url).get_data(as_text=True))
                finally:
                    set_state(table.app, loaded, real)
                compared += 1
                if after != before:
                    change = first_change(before, after)
                    found.append(f"after {played} actions, seat {seat}'s phone: {change}")
                    break
    return compared, found


# Every game with its default options, and the variants that put more on a phone's face.
# Games that keep nothing secret have no face to compare (Quorsum, 3 Kingdoms).
# The Art of War's first round with an epic auction in it, a checkpoint in each of its steps:
# the purchases, the bid, the building step, the deployment, the battle orders, the battles.
AOW_ROUND = (0, 25, 40, 51, 60, 79, 100, 165, 190)
VARIANTS = [
    pytest.param(game_id, None, CHECKPOINTS, id=game_id)
    for game_id in GAME_IDS
    if secrets_of(game_id)[0] is not no_secrets
] + [
    pytest.param("samurai-sword", {"deal": "manual"}, CHECKPOINTS, id="samurai-sword-manual-deal"),
    pytest.param("art-of-war", {"auction_from": 1}, AOW_ROUND, id="art-of-war-first-round"),
]


@pytest.mark.parametrize(("game_id", "options", "checkpoints"), VARIANTS)
def test_a_phones_face_is_the_same_whatever_its_own_secrets(
    app, monkeypatch, game_id, options, checkpoints
):
    scramble, _redraw = secrets_of(game_id)
    if options is not None:
        monkeypatch.setitem(pages.OPTIONS, game_id, options)
    monkeypatch.setattr(tables_module.secrets, "randbits", lambda bits: SEED)
    table = Table(app, game_id)
    compared, found = face_changes(table, scramble, random.Random(SEED), checkpoints)
    assert compared, f"{game_id}: the game ended before anything was compared"
    assert not found, f"{game_id}: " + "\n".join(found)


def test_the_face_check_sees_a_button_that_follows_a_secret(app):
    """The check itself: Tally's face shows no secret, but a page that did would be caught."""
    from .scramblers import scramble_tally

    table = Table(app, "tally")
    compared, found = face_changes(table, scramble_tally, random.Random(1))
    assert compared and not found, found

    def leaky(state: dict, seat: int, rng: random.Random) -> dict:
        # The same secret number, shown outside the reveal (as a "−" shown only above 0 was).
        new = scramble_tally(state, seat, rng)
        new["players"][seat]["name"] = f"Ann {new['players'][seat]['secret']}"
        return new

    compared, found = face_changes(table, leaky, random.Random(1))
    assert found, "a face that follows a secret must be caught"
