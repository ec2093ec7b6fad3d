"""memo(): a rendered macro is reused while its plain-data arguments and language are equal."""

from __future__ import annotations

import pytest
from flask import Flask
from markupsafe import Markup

from companion.web.fragments import RECENT_PER_TABLE, Fragments, collecting
from companion.web.stream import sse

SOURCE = (
    "{% macro row(p) %}<li>{{ bump() }}{{ p.name }}: {{ _('Honor Points') }}</li>{% endmacro %}"
)


@pytest.fixture
def row(app: Flask):
    renders: list[int] = []
    module = app.jinja_env.from_string(
        SOURCE, globals={"bump": lambda: renders.append(1) or ""}
    ).module
    return module.row, renders


def test_equal_arguments_render_once_and_changed_ones_render_again(app: Flask, row) -> None:
    macro, renders = row
    fragments = Fragments()
    with app.test_request_context("/"):
        first = fragments.call(macro, {"name": "Ann", "honor": 3})
        again = fragments.call(macro, {"name": "Ann", "honor": 3})
        changed = fragments.call(macro, {"name": "Ann", "honor": 2})
    assert first == again == changed == "<li>Ann: Honor Points</li>"
    assert len(renders) == 2  # the equal call was served from memory
    assert (fragments.hits, fragments.misses) == (1, 2)


class Table:
    """Stands for a loaded table: fragments are kept per table object."""


def test_a_piece_every_screen_shows_is_rendered_once_for_all_of_them(app: Flask, row) -> None:
    macro, renders = row
    fragments = Fragments()
    table, other = Table(), Table()
    ann = {"name": "Ann", "honor": 3}
    with app.test_request_context("/"):
        shown = []
        for viewer in ("host", "tv", "seat 0", "seat 1"):
            with collecting(table, viewer, "game") as found:
                fragments.frag("p-0", macro, ann)
            shown.append(found["p-0"])
        assert len(renders) == 1  # the table screen rendered it; the others took its HTML
        assert set(shown) == {'<li id="p-0">Ann: Honor Points</li>'}
        # Another id, other arguments, another language or another table: a rendering each.
        with collecting(table, "host", "game"):
            fragments.frag("p-1", macro, ann)
            fragments.frag("p-0", macro, {"name": "Ann", "honor": 2})
        with collecting(other, "host", "game"):
            fragments.frag("p-0", macro, ann)
        # Bounded per table: past the bound it starts again, and renders again as needed.
        with collecting(table, "host", "list"):
            for n in range(RECENT_PER_TABLE + 1):
                fragments.frag("p-0", macro, {"name": "Ann", "honor": 100 + n})
        with collecting(table, "seat 3", "list"):  # a viewer that has not shown it yet
            fragments.frag("p-0", macro, ann)
    assert len(renders) == 4 + RECENT_PER_TABLE + 1 + 1
    with app.test_request_context("/", headers={"Accept-Language": "zh-TW"}):
        with collecting(table, "seat 2", "game"):
            fragments.frag("p-0", macro, ann)
    assert len(renders) == 4 + RECENT_PER_TABLE + 1 + 1 + 1


def test_each_language_gets_its_own_rendering(app: Flask, row) -> None:
    macro, renders = row
    fragments = Fragments()
    with app.test_request_context("/", headers={"Accept-Language": "zh-TW"}):
        chinese = fragments.call(macro, {"name": "Ann"})
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        english = fragments.call(macro, {"name": "Ann"})
    assert english == "<li>Ann: Honor Points</li>"
    assert chinese != english and "Ann" in chinese
    assert len(renders) == 2


def test_names_stay_escaped_when_reused(app: Flask, row) -> None:
    macro, _ = row
    fragments = Fragments()
    with app.test_request_context("/"):
        for _ in range(2):
            html = fragments.call(macro, {"name": "<script>alert(1)</script>"})
            assert "<script>" not in html and "&lt;script&gt;" in html


def test_only_plain_data_and_imported_macros_are_accepted(app: Flask, row) -> None:
    macro, _ = row
    fragments = Fragments()
    with app.test_request_context("/"):
        # An object's equality cannot be checked by value: refuse rather than guess.
        with pytest.raises(TypeError):
            fragments.call(macro, object())
        with pytest.raises(TypeError):
            fragments.call(lambda p: p, {"name": "Ann"})


def test_values_that_print_alike_but_render_differently_never_share_a_rendering(
    app: Flask, row
) -> None:
    macro, renders = row
    fragments = Fragments()
    with app.test_request_context("/"):
        # Markup is shown as is, a plain string is escaped: keyed alike they would leak
        # one into the other, so Markup is refused outright.
        with pytest.raises(TypeError):
            fragments.call(macro, {"name": Markup("<b>Ann</b>")})
        assert "&lt;b&gt;" in fragments.call(macro, {"name": "<b>Ann</b>"})
        # True == 1 in Python (a plain dict key would confuse them), but they are not the
        # same data and may render differently.
        fragments.call(macro, {"name": "Ann", "turn": True})
        fragments.call(macro, {"name": "Ann", "turn": 1})
    assert len(renders) == 3


def test_the_store_is_bounded(app: Flask, row) -> None:
    macro, renders = row
    fragments = Fragments(size=3)
    with app.test_request_context("/"):
        for n in range(10):
            fragments.call(macro, {"name": f"P{n}"})
        assert len(fragments) == 3
        fragments.call(macro, {"name": "P0"})  # long evicted: rendered again
    assert len(renders) == 11


def test_a_stream_message_prefixes_every_line_and_lets_no_carriage_return_through() -> None:
    message = sse("view", '<p>a</p>\n\n<p title="x\ry">b</p>\r\n<i>c</i>\n', event_id=7)
    assert message.endswith("\n\n") and "\r" not in message
    lines = message[:-2].split("\n")
    assert lines[:2] == ["id: 7", "event: view"]
    assert all(line.startswith("data: ") for line in lines[2:])
    data = "\n".join(line[len("data: ") :] for line in lines[2:])
    assert data == '<p>a</p>\n\n<p title="x\ny">b</p>\n<i>c</i>'
