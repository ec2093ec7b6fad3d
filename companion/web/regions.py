"""A live view as regions and fragments with stable ids, and what changed between versions.

A tap changes a few numbers, so a screen should receive those numbers, not its whole view
again. As in Phoenix LiveView, a view is split into parts whose inputs are known, and only
the parts whose output changed travel:

- A *region* is one block of a live area (the status line, the game's board, the history),
  rendered by its own template ``live/<name>.html`` into an element ``#r-<name>``. A
  *shared* region is rendered once per version from the public screen and the same bytes go
  to every screen and phone that shows it; an *own* region is rendered for one viewer (its
  forms, its secrets), once per version however many of its devices are connected.
- A *fragment* is a piece of a region that changes on its own: a player's card, the track.
  A template renders it with ``frag(id, macro, *args)``: the macro's output (memoised on its
  arguments, ``fragments.Fragments``) gets the id on its root element. While a region is
  rendered, each fragment leaves a placeholder in the region's *shell*, so when the shell
  is unchanged only the fragments that changed need to travel.

``changes(parts, sent)`` compares a viewer's parts with what one of its streams last sent
and returns the out-of-band swaps (htmx ``hx-swap-oob``) that bring that screen up to date:
a region whose shell changed travels whole, otherwise only its changed fragments do. So a
half-typed number in a form and an open ``<details>`` survive other players' taps: the
elements around them are never replaced unless they themselves changed.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from weakref import WeakKeyDictionary

from flask import current_app, render_template, url_for
from jinja2 import Template
from markupsafe import Markup

from ..pipeline.loaded import Kept
from ..pipeline.tables import PUBLIC, Loaded, Viewer
from . import cache, fragments, speech
from .i18n import lang
from .screens import Screen, screen

SHARED = "shared"  # one rendering per version, from the public screen, for every viewer
OWN = "own"  # rendered for this viewer: its forms and what only it may see

# Each live area's regions, in page order (the layout templates place them).
PHONE_REGIONS: dict[str, str] = {
    "top": OWN,
    "status": SHARED,
    "undo": OWN,
    "result": OWN,
    "sealed": OWN,
    "game": OWN,
    "cando": OWN,
    "public": SHARED,
    "history": SHARED,
    "notes": OWN,
    "clocks": OWN,  # knows its seat: only its own phone flashes past the turn limit
}
TABLE_REGIONS: dict[str, str] = {
    "status": SHARED,
    "latest": SHARED,
    "result": OWN,
    "sealed": OWN,
    "game": OWN,
    "aside": OWN,
    "cando": OWN,
    "history": SHARED,
    "clocks": OWN,  # the host's has the Pause button
    "speech": SHARED,  # what speak.js says aloud, once switched on (speech.py)
}
# The TV's: all public, and laid out for the sofa (``table/_tv_live.html``): the status
# line, the latest action, and the game's pages that take turns on the screen.
TV_REGIONS: dict[str, str] = {
    "status": SHARED,
    "latest": SHARED,
    "tv": SHARED,
    "clocks": SHARED,
    "speech": SHARED,
}
# The public viewer on a TV: the table screen's view, in the TV's regions.
TV = Viewer("public", screen="tv")

# Versions of a viewer's parts kept to patch from: the reply to a phone's own tap is the
# change from the version before it, and a stream that reconnects a moment later resumes
# from the version it last showed.
KEPT_VERSIONS = 2


@dataclass(frozen=True)
class Part:
    """One region as rendered for one version."""

    shell: str  # the region's HTML with a placeholder where each fragment sits
    frags: dict[str, str] = field(default_factory=dict)  # fragment id -> its HTML
    # The shell around its fragments, for telling "new items at the top of a list" (a new
    # history line) from any other change: the text before the first fragment, after the
    # last, and the separators between them.
    frame: tuple[str, str, frozenset[str]] = ("", "", frozenset())
    order: tuple[str, ...] = ()  # the fragments' ids in page order

    @property
    def html(self) -> str:
        """The region's HTML with its fragments in place. Put together only when a region
        travels whole: the recent versions a server keeps hold shells and fragments only."""
        if not self.frags:
            return self.shell
        pieces = self.shell.split(fragments.MARK)
        return "".join(p if n % 2 == 0 else self.frags[p] for n, p in enumerate(pieces))


Parts = dict[str, Part]  # region name -> Part, in page order
# What one screen holds: region id -> its shell (and id + "#part" -> its Part), fragment
# id -> its HTML.
Held = dict[str, object]


def regions_of(viewer: Viewer) -> dict[str, str]:
    if viewer.screen == "tv":
        return TV_REGIONS
    return PHONE_REGIONS if viewer.kind == "seat" else TABLE_REGIONS


def layout_template(viewer: Viewer) -> str:
    if viewer.screen == "tv":
        return "table/_tv_live.html"
    return "seat/_live.html" if viewer.kind == "seat" else "table/_live.html"


def _template(name: str) -> Template:
    return current_app.jinja_env.get_template(name)


def render_part(template: str, viewer_screen: Screen, table: Loaded | None = None) -> Part:
    """Render one region's template, collecting its fragments apart from its shell.

    Straight through Jinja: a region needs no request globals (``request``, ``session``),
    and Flask's per-render context work would cost more than a small region itself."""
    with fragments.collecting(table and table.kept, viewer_screen.viewer, template) as found:
        shell = _template(template).render(s=viewer_screen)
    if not found:
        return _plain(shell)
    pieces = shell.split(fragments.MARK)
    if len(pieces) != 2 * len(found) + 1 or set(pieces[1::2]) != set(found):
        # Not one placeholder per fragment (a fragment id used twice): the region is
        # rendered whole, and travels whole whenever it changes.
        return _plain(_template(template).render(s=viewer_screen))
    # Even pieces are the shell's own text, odd pieces the ids of the fragments between.
    frame = (pieces[0], pieces[-1], frozenset(pieces[2:-1:2]))
    return Part(shell, found, frame, tuple(pieces[1::2]))


def _plain(html: str) -> Part:
    return Part(html)


EMPTY = _plain("")


def viewer_screen(loaded: Loaded, viewer: Viewer) -> Screen:
    """This viewer's ``screens.Screen`` for this version, built once."""
    return cache.memo(loaded, ("screen", viewer), lambda: screen(loaded, viewer))


def _macro(name: str, *args: Any) -> Part:
    """One of the small own regions (``live/_own.html``), memoised on its arguments: a
    phone's first line or its undo button renders again only when they change."""
    macro = getattr(_template("live/_own.html").module, name)
    return _plain(fragments.memo_call(macro, *args))


def _own(loaded: Loaded, viewer: Viewer, name: str) -> Part:
    """A region of this viewer's own, from the few inputs it reads where they are known."""
    s = viewer_screen(loaded, viewer)
    if name in ("top", "undo", "notes"):
        # Kept in this table's slots, as the pieces of a rendered region are.
        with fragments.collecting(loaded.kept, viewer, name):
            return _small(s, name)
    if name == "result" and s.result is None:
        return EMPTY
    if name == "sealed" and not s.view.get("sealed"):
        return EMPTY
    if name == "game":
        inputs = _game_inputs(loaded, s)
        if inputs is not None:
            # The view and the allowed list are the very objects of the last version when
            # the move left what they read unchanged (``Loaded.derived``).
            basis: tuple[Any, ...] = (s.view, s.allowed, s.csrf, s.post_url)
            return _reused(loaded, s.viewer, name, basis, inputs, s)
    elif name in PLATFORM_INPUTS:
        cando = (s.cando,) if name == "cando" else None
        return _reused(loaded, s.viewer, name, cando, lambda: PLATFORM_INPUTS[name](s), s)
    return render_part(f"live/{name}.html", s, loaded)


def _names(s: Screen) -> list[str]:
    return [p["name"] for p in s.view["players"]]


def _turn_name(s: Screen) -> str | None:
    turn = s.view.get("turn")
    return s.view["players"][turn]["name"] if turn is not None else None


# What each of the platform's own templates (live/<name>.html) reads of its screen, as plain
# data: equal inputs give the same region, so it is not rendered again (``_reused``). Kept
# to what the template reads, so a change elsewhere at the table leaves them equal.
PLATFORM_INPUTS: dict[str, Callable[[Screen], Any]] = {
    # _status.html: the game's name, round, phase, whose turn, and whether it is over.
    "status": lambda s: (
        s.game_name,
        s.view.get("round"),
        s.view.get("phase"),
        s.result is not None,
        _turn_name(s),
    ),
    "latest": lambda s: (s.latest, bool(s.result)),
    "history": lambda s: s.public_lines,
    "cando": lambda s: s.cando,
    # The Pause form (the host's) posts to this table with this viewer's token.
    "clocks": lambda s: (s.clocks, s.seat, s.is_host, s.table_id, s.csrf),
    # The side column: the host's Undo and Redo (their labels say what they take back) and
    # the seat list with its join links.
    "aside": lambda s: (s.table_id, s.is_host, s.csrf, s.cursor, s.seat_rows),
    # Who has locked, by name; the host's Unlock buttons are its forms.
    "sealed": lambda s: (
        s.view.get("sealed"),
        _names(s),
        s.is_host,
        "unlock" in s.actions,
        s.can("unlock"),
        s.form,
    ),
}


def _game_inputs(loaded: Loaded, s: Screen) -> Callable[[], Any] | None:
    """What a screen's game panel reads, where the game declares it (``Game.seat_inputs`` for
    a phone, ``Game.table_inputs`` for the table screen), with the screen's own buttons and
    where its forms post: everything the template sees. None where nothing is declared."""
    game = loaded.game
    seat_inputs, table_inputs = game.seat_inputs, game.table_inputs
    if s.seat is not None:
        seat = s.seat
        if seat_inputs is None:
            return None
        return lambda: (seat_inputs(s.view, seat), s.allowed, s.csrf, s.post_url)
    if table_inputs is None:
        return None
    return lambda: (table_inputs(s.view), s.is_host, s.allowed, s.csrf, s.post_url)


@dataclass(frozen=True)
class _Rendered:
    """A region as last rendered for one viewer: what it was worked out from (``basis``,
    compared by identity), the inputs it read (compared by value) and the result."""

    basis: tuple[Any, ...] | None
    inputs: Any
    part: Part


# Per table (``Loaded.kept``, which an undo's rebuild keeps): (region, viewer, language) -> how
# it was last rendered.
_REUSED: WeakKeyDictionary[Kept, dict[tuple[str, Viewer, str], _Rendered]] = WeakKeyDictionary()


def _same_basis(old: tuple[Any, ...] | None, new: tuple[Any, ...] | None) -> bool:
    return (
        old is not None
        and new is not None
        and len(old) == len(new)
        # Strings (a CSRF token, a URL) by value; the rest (a view, a list) by identity.
        and all(a is b or (type(a) is str and a == b) for a, b in zip(old, new, strict=True))
    )


def _reused(
    loaded: Loaded,
    viewer: Viewer,
    name: str,
    basis: tuple[Any, ...] | None,
    inputs: Callable[[], Any],
    s: Screen,
) -> Part:
    """A region rendered again only when what it reads has changed.

    When the objects its inputs are worked out from (``basis``: the view, the allowed list)
    are the very ones of last time, the move did not touch what it reads: the last part is
    reused without working out its inputs. Otherwise equal inputs still give the same region,
    so the last one is reused without running its template: on most taps only the seat that
    acted and the one whose turn it is change. A recorded-playthrough test checks every
    declaration against a fresh rendering."""
    kept = _REUSED.setdefault(loaded.kept, {})
    key = (name, viewer, lang())
    found = kept.get(key)
    if found is not None and _same_basis(found.basis, basis):
        return found.part
    now = inputs()
    if found is not None and found.inputs == now:
        kept[key] = _Rendered(basis, now, found.part)
        return found.part
    part = render_part(f"live/{name}.html", s, loaded)
    kept[key] = _Rendered(basis, now, part)
    return part


def _small(s: Screen, name: str) -> Part:
    """A small region rendered straight from the inputs it reads."""
    if name == "top":
        view = s.view
        turn = view.get("turn")
        state = "over" if s.result else "mine" if turn == s.seat else "other"
        turn_name = view["players"][turn]["name"] if turn is not None else None
        return _macro("top", view["players"][s.seat]["name"], state, turn_name)
    if name == "undo":
        if not s.can_undo and s.notice is None:
            return EMPTY
        url = url_for("pages.seat_undo", table_id=s.table_id)
        return _macro("undo", url, s.csrf, s.undo_label if s.can_undo else None, s.notice)
    lines = [[h.by, h.text] for h in s.private_history]
    return _macro("notes", lines) if lines else EMPTY


def _part(loaded: Loaded, viewer: Viewer, name: str, scope: str) -> Part:
    if name == "speech":  # worked out from this version and the one shown before (speech.py)
        return cache.memo(loaded, ("part", name, lang()), lambda: _plain(speech.render(loaded)))
    if scope == SHARED:
        return cache.memo(loaded, ("part", name, lang()), lambda: _shared(loaded, name))
    return _own(loaded, viewer, name)


def _shared(loaded: Loaded, name: str) -> Part:
    """A region every screen shares, from the public screen; the TV's pages are rendered
    again only when what they read changed, where the game declares it (``tv_inputs``)."""
    s = viewer_screen(loaded, PUBLIC)
    tv_inputs = loaded.game.tv_inputs
    if name == "tv" and tv_inputs is not None:
        basis = (s.view, s.result)
        return _reused(loaded, PUBLIC, name, basis, lambda: (tv_inputs(s.view), s.result), s)
    if name in PLATFORM_INPUTS:
        return _reused(loaded, PUBLIC, name, None, lambda: PLATFORM_INPUTS[name](s), s)
    return render_part(f"live/{name}.html", s, loaded)


class Versions:
    """Recent versions of each viewer's parts, per table (``Loaded.kept``: they leave memory
    with it, and stay across an undo's rebuild, as a version's parts never change)."""

    def __init__(self) -> None:
        self._tables: WeakKeyDictionary[Kept, dict[tuple[Viewer, str], OrderedDict[int, Parts]]] = (
            WeakKeyDictionary()
        )

    def put(self, loaded: Loaded, key: tuple[Viewer, str], version: int, parts: Parts) -> None:
        kept = self._tables.setdefault(loaded.kept, {}).setdefault(key, OrderedDict())
        kept[version] = parts
        while len(kept) > KEPT_VERSIONS:
            kept.popitem(last=False)

    def get(self, loaded: Loaded, key: tuple[Viewer, str], version: int) -> Parts | None:
        kept = self._tables.get(loaded.kept, {}).get(key)
        return kept.get(version) if kept is not None else None


KEPT = Versions()


def parts(loaded: Loaded, viewer: Viewer) -> Parts:
    """This viewer's regions at this version, rendered once per version and language."""
    key = (viewer, lang())

    def render() -> Parts:
        made = {
            name: _part(loaded, viewer, name, scope) for name, scope in regions_of(viewer).items()
        }
        KEPT.put(loaded, key, loaded.version, made)
        return made

    return cache.memo(loaded, ("parts", *key), render)


def parts_at(loaded: Loaded, viewer: Viewer, version: int) -> Parts | None:
    """This viewer's parts as they were at ``version``, if still kept."""
    if version == loaded.version:
        return parts(loaded, viewer)
    return KEPT.get(loaded, (viewer, lang()), version)


def catch_up(loaded: Loaded, viewer: Viewer, version: int | None) -> tuple[str, str, Held]:
    """What brings a screen that shows ``version`` up to now, and what it holds then:
    ``("patch", swaps, held)`` while that version is kept, else ``("view", the whole live
    area, held)``. The reply to a page's own post and a stream that (re)connects both start
    here; a stream then follows with ``changes``."""
    now = parts(loaded, viewer)
    before = parts_at(loaded, viewer, version) if version is not None and version >= 0 else None
    if before is None:
        return "view", full(loaded, viewer), shown(now)
    held = shown(before)
    return "patch", changes(now, held), held


def region_id(name: str) -> str:
    return f"r-{name}"


def full(loaded: Loaded, viewer: Viewer) -> str:
    """The whole live area of this viewer: every region in its place."""
    made = parts(loaded, viewer)

    def region(name: str) -> Markup:
        return Markup(f'<div id="{region_id(name)}" class="region">{made[name].html}</div>')

    return cache.memo(
        loaded,
        ("full", viewer, lang()),
        lambda: render_template(layout_template(viewer), region=region),
    )


def shown(made: Parts) -> Held:
    """What a screen holds once it shows ``made``: each region's shell and each fragment."""
    held: Held = {}
    for name, part in made.items():
        _hold(held, region_id(name), part)
    return held


def _hold(held: Held, rid: str, part: Part) -> None:
    held[rid] = part.shell
    held[rid + "#part"] = part
    held.update(part.frags)


def _new_at_top(old: Part | None, new: Part) -> int:
    """How many fragments ``new`` adds at the top of ``old``'s list, when that is the whole
    change (a new history line; the oldest may drop off the end); else 0."""
    if old is None or not old.order or old.frame[:2] != new.frame[:2]:
        return 0
    if len(old.frame[2] | new.frame[2]) > 1:  # the separators between items differ
        return 0
    known = set(old.order)
    added = 0
    while added < len(new.order) and new.order[added] not in known:
        added += 1
    kept = new.order[added:]
    if not added or not kept or old.order[: len(kept)] != kept:
        return 0
    return added


def changes(made: Parts, sent: Held) -> str:
    """The out-of-band swaps that bring a screen holding ``sent`` up to ``made``; ``sent``
    is updated to match. Empty when nothing this screen shows has changed.

    A region whose shell changed travels whole, except when the change is only new
    fragments at the top of its list: then just those travel, placed before the first
    line the screen already has, and the lines that dropped off the end are removed."""
    out: list[str] = []
    for name, part in made.items():
        rid = region_id(name)
        if sent.get(rid) != part.shell:
            old = sent.get(rid + "#part")
            held = old if isinstance(old, Part) else None
            added = _new_at_top(held, part)
            if held is not None and added:
                first_kept = part.order[added]
                new_items = "".join(part.frags[fid] for fid in part.order[:added])
                out.append(f'<div hx-swap-oob="beforebegin:#{first_kept}">{new_items}</div>')
                for gone in held.order[len(part.order) - added :]:
                    out.append(f'<div id="{gone}" hx-swap-oob="delete"></div>')
                    sent.pop(gone, None)
            else:
                out.append(f'<div id="{rid}" hx-swap-oob="innerHTML">{part.html}</div>')
            _hold(sent, rid, part)
            continue
        for fid, html in part.frags.items():
            if sent.get(fid) != html:
                out.append(fragments.out_of_band(fid, html))
                sent[fid] = html
    return "".join(out)
