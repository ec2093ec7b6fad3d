"""The results archive: every finished game, with its outcome as the end screen showed it.

The log stays the truth. The write that ends a game stores its play (``plays``: the outcome,
players, options and times) in the same transaction (``tables``); an undo that steps back
over the end of a game without secrets takes its play out again, a redo puts it back. A
database from before that is brought up to date once, at start-up (``catch_up``). The
archive's pages only read.

Only what every screen could see at the end is kept: the outcome is the game's public result
(it names the roles and sides the end revealed) and nothing of a seat's own (private lines,
hands, notes) is ever read here.

Players are matched across plays by name, ignoring case and spaces around it; the server's
owner can merge two spellings (``merge``), and records then count them as one player; a merge
can be undone (``unmerge``).

Plays brought from another server (``imported``, from an exported archive) have no table
and no log here: they are kept as they came, in a table of their own (``imported_plays``,
since a ``plays`` row must name a table of this server), under an id with a prefix no table
id can have, and are listed with the others.
"""

from __future__ import annotations

import json
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from typing import Any

from ..errors import BadInput, NotFound
from ..pipeline.tables import Tables
from ..text import N_
from .archive_schema import TooLarge

# The setting that says this database's archive is kept by its writes: nothing to catch up.
ARCHIVE_KEPT = "archive_kept_by_writes"

# The params of a score row's label that name what a seat played: a role, a side, a colour.
SIDE_PARAMS = ("role_t", "side_t", "colour_t", "color_t", "team_t", "faction_t")


@dataclass(frozen=True)
class Play:
    """One finished game."""

    table_id: str
    game_id: str
    players: list[str]
    options: dict[str, Any]
    created: float  # when the table was set up
    ended: float  # when the action that ended it was taken
    result: dict[str, Any]  # the outcome, its texts untranslated (as GET .../result holds them)
    hidden: bool = False  # archived by the host: kept, but not listed

    @property
    def imported(self) -> bool:
        """Brought from another server's archive (no table of this server)."""
        return self.table_id.startswith(IMPORTED_PREFIX)

    @property
    def duration(self) -> float:
        """Seconds from setting the table up to the end."""
        return max(0.0, self.ended - self.created)

    @property
    def winners(self) -> list[str]:
        return [
            self.players[s]
            for s in self.result.get("winners", [])
            if type(s) is int and 0 <= s < len(self.players)
        ]

    def rows(self) -> list[dict[str, Any]]:
        """The score rows, each with its player's name (None for a team's row) and side.

        Every row has the keys the pages read (``archive_schema.Row``): a stored result is
        data, and a row written before the schema existed must not take a page down.
        """
        out = []
        for row in self.result.get("rows", []):
            if not isinstance(row, dict):
                continue
            row = {"label": "", "seat": None, "score": None, "won": False, "lines": [], **row}
            seat = row.get("seat")
            name = (
                self.players[seat]
                if isinstance(seat, int) and 0 <= seat < len(self.players)
                else None
            )
            out.append({**row, "name": name, "side": side_of(row)})
        return out

    def clocks(self) -> list[dict[str, Any]]:
        """Each seat's time at the table and its longest turn, when the table kept clocks
        (else none): ``[{name, seconds, longest}]`` in seat order. A stored result is data:
        anything but whole seconds per player is left out."""
        kept = self.result.get("clocks")
        if not isinstance(kept, dict):
            return []
        seconds, longest = kept.get("seconds"), kept.get("longest")
        if not (isinstance(seconds, list) and isinstance(longest, list)):
            return []
        if not len(seconds) == len(longest) == len(self.players):
            return []
        pairs = list(zip(seconds, longest, strict=True))
        if not all(type(s) is int and type(n) is int for s, n in pairs):
            return []
        return [
            {"name": name, "seconds": s, "longest": n}
            for name, (s, n) in zip(self.players, pairs, strict=True)
        ]


def side_of(row: dict[str, Any]) -> Any:
    """What a score row says its seat played (a role, a side, a colour), if it says."""
    label = row.get("label")
    if isinstance(label, list) and len(label) == 2 and isinstance(label[1], dict):
        for key in SIDE_PARAMS:
            if key in label[1]:
                return label[1][key]
    return None


def refresh(tables: Tables) -> int:
    """Bring every table's play up to date with the log; how many were looked at.

    Every write that ends a game (or steps back over its end) stores its play in the same
    transaction, so this is needed once only: for a database from before that, at start-up
    (``catch_up``). A page of the archive only reads."""
    stale = tables.store.unarchived()
    for table_id, version in stale:
        loaded = tables.load(table_id)
        # Only at the version it was worked out on: a move meanwhile stored its own play.
        tables.store.record_play(table_id, loaded.game.outcome(loaded.state), version)
    return len(stale)


def catch_up(tables: Tables) -> None:
    """At start-up, once per database: the plays of games that ended before every write
    kept the archive (nothing when the database cannot be written: it is shown as saved)."""
    store = tables.store
    if store.read_only or store.setting(ARCHIVE_KEPT) is not None:
        return
    refresh(tables)
    store.set_setting(ARCHIVE_KEPT, "1")


def plays(tables: Tables, hidden: bool = False) -> list[Play]:
    """The finished games, newest first (with ``hidden``, the archived ones too), the
    imported ones among them."""
    rows = tables.store.play_rows(hidden)
    return [
        Play(
            table_id=r[0],
            game_id=r[1],
            players=json.loads(r[2]),
            options=json.loads(r[3]),
            created=r[4],
            ended=r[5] if r[5] is not None else r[4],
            result=json.loads(r[6]),
            hidden=bool(r[7]),
        )
        for r in rows
    ]


def play(tables: Tables, table_id: str) -> Play | None:
    """One finished game (archived or not), or None."""
    return next((p for p in plays(tables, hidden=True) if p.table_id == table_id), None)


def set_hidden(tables: Tables, table_id: str, hidden: bool) -> None:
    """Archive a play (kept, not listed) or bring it back to the list."""
    tables.store.set_play_hidden(table_id, hidden)


# -- plays brought from another server ----------------------------------------------------

# Table ids are URL-safe base64 (letters, digits, "-" and "_"): a "." never starts one.
IMPORTED_PREFIX = "imp."


def imported_id(play_id: str) -> str:
    """The id a play from another server is kept under here: its own id with the prefix,
    once (a play imported twice over, from server to server, keeps one id).

    >>> imported_id("B-TcHFUz"), imported_id("imp.B-TcHFUz")
    ('imp.B-TcHFUz', 'imp.B-TcHFUz')
    """
    return play_id if play_id.startswith(IMPORTED_PREFIX) else IMPORTED_PREFIX + play_id


def imported(
    tables: Tables, played: list[Play], at: float, limit: int | None = None
) -> tuple[int, int]:
    """Keep plays from another server's archive as finished plays of this one.

    ``played`` comes from ``exports.parse_archive``, which checked it against the schema.
    A play already here (imported before, or this server's own play coming back) is
    skipped, so importing the same file twice adds nothing. With ``limit``, the server keeps
    at most that many imported plays in all: an import that would go over it is refused
    (``TooLarge``) and nothing of it is kept. Returns (added, skipped).
    """
    own = tables.store.own_play_ids()
    fresh, seen = [], set()
    for p in played:
        new_id = imported_id(p.table_id)
        if p.table_id in own or new_id in seen:
            continue
        seen.add(new_id)
        fresh.append(
            (
                new_id,
                p.game_id,
                json.dumps(p.players),
                json.dumps(p.options),
                p.created,
                p.ended,
                json.dumps(p.result),
                int(p.hidden),
                at,
            )
        )

    def within_limit(kept: int) -> None:
        if limit is not None and kept > limit:
            raise TooLarge(
                "too_many_imported",
                N_(
                    "This server keeps at most {max} imported plays; this file would make"
                    " {n}. Nothing was imported."
                ),
                max=limit,
                n=kept,
            )

    added = tables.store.import_plays(fresh, within_limit) if fresh else 0
    return added, len(played) - added


def delete(tables: Tables, table_id: str) -> None:
    """Delete a finished game for good: the table, its log and every row of it, or an
    imported play's row. A running game is no play: it is refused, and nothing changes.
    Who may is the web layer's question (the table's host, the server's owner)."""
    found = play(tables, table_id)
    if found is None:
        raise NotFound("unknown_play", N_("There is no such finished game."))
    if found.imported:
        tables.store.delete_imported_play(table_id)
    else:
        tables.delete(table_id)


# -- players across plays ---------------------------------------------------------------


def key(name: str) -> str:
    """A name as plays are matched by it: case and spaces around it do not count."""
    return " ".join(name.split()).casefold()


def _chain(stored: dict[str, str], name: str) -> list[str]:
    """The names a name counts as, merge after merge, itself first (a loop is never stored;
    the walk stops at one all the same)."""
    chain, seen = [name], {key(name)}
    while key(chain[-1]) in stored and key(stored[key(chain[-1])]) not in seen:
        chain.append(stored[key(chain[-1])])
        seen.add(key(chain[-1]))
    return chain


def aliases(tables: Tables) -> dict[str, str]:
    """Merged spellings: a name's key -> the name it counts as.

    Each merge is kept as it was made (spelling -> the name picked), so undoing one restores
    exactly what was there before; a chain (C into A, then A into B) is followed here."""
    stored = tables.store.name_aliases()
    return {alias: _chain(stored, name)[-1] for alias, name in stored.items()}


def merged(tables: Tables) -> list[tuple[str, str]]:
    """Each merge as it was made: (the spelling's key, the name it was merged into)."""
    return sorted(tables.store.name_aliases().items(), key=lambda pair: (key(pair[1]), pair[0]))


def merge(tables: Tables, spelling: str, into: str) -> None:
    """Count ``spelling`` as the player ``into`` from now on (the owner's choice).

    ``into`` may itself be a merged spelling: records follow it to its player. Spellings
    merged into ``spelling`` before follow it, so a chain of merges stays one player.
    """
    target = _merge_target(tables.store.name_aliases(), spelling, into)
    tables.store.set_alias(key(spelling), target)


def _merge_target(stored: dict[str, str], spelling: str, into: str) -> str:
    """``into`` as a merge keeps it, or a refusal if the two already count as one player
    (a merge that would close a loop of merges among them)."""
    into = " ".join(into.split())
    if not into or not key(spelling) or key(spelling) in [key(n) for n in _chain(stored, into)]:
        raise BadInput("same_player", N_("These two names already count as one player."))
    return into


def merge_preview(tables: Tables, spelling: str, into: str) -> tuple[Record, Record, Record]:
    """What merging ``spelling`` into ``into`` would do, before it is done: the player each
    counts as now, and the one player they would be (every play counted, archived or not)."""
    played = plays(tables, hidden=True)
    stored = tables.store.name_aliases()
    after = {**stored, key(spelling): _merge_target(stored, spelling, into)}

    def record_of(links: dict[str, str], name: str) -> Record:
        player = _chain(links, name)[-1]
        resolved = {alias: _chain(links, n)[-1] for alias, n in links.items()}
        found = records(played, resolved)
        return next((r for r in found if key(r.name) == key(player)), Record(player))

    return record_of(stored, spelling), record_of(stored, into), record_of(after, into)


def unmerge(tables: Tables, spelling: str) -> None:
    """Undo the merge of ``spelling``: it counts as a player of its own again."""
    if not tables.store.drop_alias(key(spelling)):
        raise NotFound("unknown_merge", N_("That name is not merged."))


@dataclass
class GameRecord:
    """One player's record at one game."""

    plays: int = 0
    wins: int = 0
    scores: list[float] = field(default_factory=list)
    sides: Counter = field(default_factory=Counter)

    @property
    def average(self) -> float | None:
        return sum(self.scores) / len(self.scores) if self.scores else None

    @property
    def best(self) -> float | None:
        return max(self.scores) if self.scores else None


@dataclass
class Record:
    """One player's record across plays."""

    name: str
    plays: int = 0
    wins: int = 0
    games: dict[str, GameRecord] = field(default_factory=lambda: defaultdict(GameRecord))


def records(played: list[Play], merged: dict[str, str] | None = None) -> list[Record]:
    """Each player's plays, wins, and per game the average and best score and the sides
    played; players matched by name (and the merged spellings), most plays first."""
    merged = merged or {}
    found: dict[str, Record] = {}
    # Oldest first: a player is named as they were first written down.
    for p in sorted(played, key=lambda p: p.ended):
        winners = set(p.result.get("winners", []))
        by_seat = {r.get("seat"): r for r in p.rows() if isinstance(r.get("seat"), int)}
        for seat, raw_name in enumerate(p.players):
            name = merged.get(key(raw_name), " ".join(raw_name.split()))
            record = found.setdefault(key(name), Record(name))
            record.plays += 1
            won = seat in winners
            record.wins += int(won)
            game = record.games[p.game_id]
            game.plays += 1
            game.wins += int(won)
            row = by_seat.get(seat)
            if row is not None and isinstance(row.get("score"), (int, float)):
                game.scores.append(row["score"])
            if row is not None and row.get("side") is not None:
                side = row["side"]
                game.sides[json.dumps(side) if not isinstance(side, str) else side] += 1
    return sorted(found.values(), key=lambda r: (-r.plays, key(r.name)))
