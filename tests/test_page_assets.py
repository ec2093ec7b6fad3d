"""Each page loads the scripts and styles its markup uses, and the phone page stays light.

What a kind of page loads is one table (``companion/web/assets.py``). Here every kind of
page is rendered, for every game, at every step of the recorded playthroughs, and a file
counts as *used* by a page when its markup has what the file works on: for a stylesheet, a
rule whose classes are all on the page; for a script, the attributes it looks for. A page
loads exactly the files it uses at some point of a game (the phone loads the card chooser
because a choice comes up later), so the table screen carries nothing of the phone's and
the other way round.

The phone's first load, on the wire as the server sends it (gzip, headers included: the
HTML, its stylesheet and its script) stays at most 40 KB for every game at its heaviest
recorded step; the page's files are then cached for good.
"""

from __future__ import annotations

import gzip
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion.games import GAMES
from companion.pipeline.tables import HOST, Viewer
from companion.web import assets, auth, regions

from .fixtures.tables import replay_log, tally

STATIC = Path(__file__).resolve().parents[1] / "static"
LOGS = sorted((Path(__file__).resolve().parent / "fixtures" / "logs").glob("*.json"))
PLAYED = sorted({json.loads(p.read_text())["game"] for p in LOGS})
PHONE_LIMIT = 40 * 1024
# What each script works on: the attributes it looks for in a page.
SCRIPT_MARKS = {
    assets.HTMX: re.compile(r"\shx-(?!headers=)[a-z-]+="),
    assets.SSE: re.compile(r"\ssse-connect="),
    "js/app.js": re.compile(r'id="prefs"'),  # every page: the large-type setting
    "js/notes.js": re.compile(r"\sdata-notes[\s>]"),
    "js/pass.js": re.compile(r"\sdata-pass-cover[\s>]"),
    "js/choose.js": re.compile(r"\sdata-choose-open="),
    "js/dice.js": re.compile(r"\sdata-dice-value[\s>=]"),
    "js/plays.js": re.compile(r"\sdata-print[\s>=]"),
    "js/tv.js": re.compile(r'\sclass="tv-page[\s"]'),  # the TV's pages, shown in turn
    "js/clocks.js": re.compile(r'\sclass="clocks[\s"]'),  # a table that keeps clocks
    "js/speak.js": re.compile(r'\sid="speak-toggle"'),  # the table that speaks aloud
}
# Those the base page's own chrome carries on every page, whatever the page is.
CLASS_ATTR = re.compile(r'\sclass="([^"]*)"')


def every_file() -> list[str]:
    """Every stylesheet and script the pages could load."""
    found = [p.relative_to(STATIC).as_posix() for p in STATIC.rglob("*") if p.is_file()]
    return sorted(f for f in found if f.endswith((".css", ".js")))


def selectors(css: str) -> list[frozenset[str]]:
    """The classes of each selector of a stylesheet that names any class."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    found = []
    for head in re.findall(r"([^{}]+)\{", css):
        if head.strip().startswith("@"):
            continue
        for selector in head.split(","):
            # A class inside :not() is one the element must NOT have.
            selector = re.sub(r":not\([^)]*\)", "", selector)
            classes = frozenset(re.findall(r"\.([A-Za-z_][\w-]*)", selector))
            if classes:
                found.append(classes)
    return found


STYLES = {
    name: selectors((STATIC / name).read_text()) for name in every_file() if name.endswith(".css")
}
OWNED: dict[str, set[str]] = {}  # class -> the stylesheets that name it
for _name, _rules in STYLES.items():
    for _sel in _rules:
        for _class in _sel:
            OWNED.setdefault(_class, set()).add(_name)


@dataclass
class Seen:
    """What a kind of page showed over a game: its classes and the scripts' marks."""

    classes: set[str] = field(default_factory=set)
    marks: set[str] = field(default_factory=set)

    def add(self, html: str) -> None:
        for value in CLASS_ATTR.findall(html):
            self.classes.update(value.split())
        self.marks.update(f for f, mark in SCRIPT_MARKS.items() if mark.search(html))

    def uses(self) -> dict[str, str]:
        """The files this page uses, each with why (a selector's classes, a script's mark)."""
        used = {name: SCRIPT_MARKS[name].pattern for name in self.marks}
        for name, rules in STYLES.items():
            # A rule counts by a class only this stylesheet names: several stylesheets style
            # a ".chip" of their own, and the language links are hidden in print by more
            # than one; neither says which stylesheet a page needs.
            found = [
                sel for sel in rules if sel <= self.classes and any(OWNED[c] == {name} for c in sel)
            ]
            if found:
                used[name] = "." + ".".join(sorted(found[0]))
        return used


def loaded_files(html: str) -> list[str]:
    """The files a page loads: its bundles, opened up through the table, and single files."""
    files = []
    for url in re.findall(r'<(?:link rel="stylesheet" href|script src)="/static/([^"?]+)', html):
        if url.startswith("page/"):
            stem, _, ext = url.removeprefix("page/").rpartition(".")
            kind, _, game = stem.partition("~")
            styles, scripts = assets.files_of(kind, game or None)
            files += styles if ext == "css" else scripts
        else:
            files.append(url)
    return files


@dataclass
class Played:
    """A game's recorded playthroughs, as each kind of page showed them."""

    seen: dict[str, Seen]
    heaviest: tuple[int, str, int, int]  # (gzip bytes of the phone's live area, log, step, seat)


PLAYS: dict[str, Played] = {}


def played(app: Flask, game: str) -> Played:
    """Every recorded playthrough of ``game``, replayed once per test run."""
    if game in PLAYS:
        return PLAYS[game]
    seen = {kind: Seen() for kind in ("table", "tv", "phone")}
    heaviest = (0, "", 0, 0)
    with app.test_request_context("/"):
        for path in LOGS:
            log = json.loads(path.read_text())
            if log["game"] != game:
                continue
            seats = [Viewer("seat", n) for n in range(len(log["players"]))]
            tables = app.extensions["tables"]
            tid = f"w-{path.stem}"
            for n, _step in replay_log(tables, tid, log, host="host-w"):
                step, loaded = n + 1, tables.load(tid)
                seen["table"].add(regions.full(loaded, HOST))
                seen["tv"].add(regions.full(loaded, auth.PUBLIC))
                for seat in seats:
                    html = regions.full(loaded, seat)
                    seen["phone"].add(html)
                    size = len(gzip.compress(html.encode()))
                    heaviest = max(heaviest, (size, path.stem, step, seat.seat))
    PLAYS[game] = Played(seen, heaviest)
    return PLAYS[game]


def page(client: FlaskClient, path: str) -> str:
    reply = client.get(path)
    assert reply.status_code == 200, path
    return reply.get_data(as_text=True)


@pytest.mark.parametrize("game", PLAYED)
def test_each_live_page_loads_exactly_the_files_its_game_uses(
    app: Flask, client: FlaskClient, game: str
):
    seen = {k: Seen(set(v.classes), set(v.marks)) for k, v in played(app, game).seen.items()}
    players = ["Ann", "Bo", "Cy", "Di"][: max(2, GAMES[game].min_players)]
    table = client.post("/api/tables", json={"game": game, "players": players}).get_json()
    host, phone = app.test_client(), app.test_client()
    host.get(f"/host/{table['id']}/{table['host_token']}")
    phone.get(urlsplit(table["seats"][0]["join_url"]).path)
    pages = {
        "table": page(host, f"/t/{table['id']}"),
        "tv": page(client, f"/t/{table['id']}/tv"),
        "phone": page(phone, f"/t/{table['id']}/seat"),
    }
    # A second seat joined on the same phone is handed round behind a cover; the cover page
    # brings in the seat's own screen (a phone's live area) when its player takes it.
    phone.get(urlsplit(table["seats"][1]["join_url"]).path)
    opened = page(phone, f"/t/{table['id']}/pass/1/open")
    pages["pass"] = page(phone, f"/t/{table['id']}/pass/1") + opened
    seen["pass"] = Seen(set(seen["phone"].classes), set(seen["phone"].marks))
    for kind, html in pages.items():
        seen[kind].add(html)
        loaded = loaded_files(html)
        assert len(loaded) == len(set(loaded)), (kind, loaded)
        uses = seen[kind].uses()
        assert set(loaded) == set(uses), (kind, uses)
    # The table screen carries nothing of the phone's, and the phone nothing of the table's.
    assert not {"js/notes.js", "css/notes.css", "js/pass.js"} & set(loaded_files(pages["table"]))
    assert not {"css/tv.css", "css/join.css"} & set(loaded_files(pages["phone"]))


def test_each_plain_page_loads_exactly_the_files_it_uses(app: Flask, client: FlaskClient):
    table = client.post("/api/tables", json={"game": "samurai-sword", "players": ["A", "B", "C"]})
    table = table.get_json()
    client.get(f"/host/{table['id']}/{table['host_token']}")
    done = tally(app.extensions["tables"], ["Ann", "Bo"], [3, 10])  # a result sheet
    paths = ["/", "/new/samurai-sword", "/j", f"/t/{table['id']}/print"]
    paths += ["/plays", "/plays/players", f"/plays/{done.id}"]
    for path in paths:
        html = page(client, path)
        seen = Seen()
        seen.add(html)
        assert set(loaded_files(html)) == set(seen.uses()), (path, seen.uses())
    missing = client.get("/no/such/page")
    assert missing.status_code == 404
    seen = Seen()
    seen.add(missing.get_data(as_text=True))
    assert set(loaded_files(missing.get_data(as_text=True))) == set(seen.uses())


def wire(client: FlaskClient, path: str) -> tuple[bytes, int]:
    """A reply's body as sent (gzip where the server compresses) and its size on the wire:
    the body and every header line."""
    reply = client.get(path, headers={"Accept-Encoding": "gzip"})
    assert reply.status_code == 200, path
    head = sum(len(k) + len(v) + 4 for k, v in reply.headers.items())
    return reply.get_data(), len(reply.get_data()) + head


@pytest.mark.parametrize("game", PLAYED)
def test_the_phone_page_is_at_most_40_kb_at_its_games_heaviest_step(app: Flask, game: str):
    _, stem, step, seat = played(app, game).heaviest
    log = json.loads((LOGS[0].parent / f"{stem}.json").read_text())
    for _ in replay_log(app.extensions["tables"], "weighed", log, step, host="host-w"):
        pass
    phone = app.test_client()
    assert phone.get(f"/join/code-{seat:02d}-weighed").status_code == 303
    raw, total = wire(phone, "/t/weighed/seat")
    html = gzip.decompress(raw).decode()
    links = re.findall(r'<(?:link rel="stylesheet" href|script src)="(/static/[^"]+)"', html)
    assert len(links) == 2, links  # one stylesheet, one script
    for link in links:
        reply = phone.get(link, headers={"Accept-Encoding": "gzip"})
        total += wire(phone, link)[1]
        # Named by its content: a second load asks nothing.
        assert reply.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        assert "Set-Cookie" not in reply.headers
    assert total <= PHONE_LIMIT, f"{total / 1024:.1f} KB at {stem} step {step}, seat {seat}"
