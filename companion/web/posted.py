"""The fields an action form posts, with the ``do`` of the button that was pressed unpacked.

A card of buttons is one <form>: its hidden inputs say once what every button shares (the
CSRF token, the seat), and each button says only what differs, as URL-encoded pairs in its
value: ``<button name="do" value="counter=health&amp;delta=-1">``. A browser (and htmx)
posts the pressed button's name and value with the form, so the action's fields are the
form's plus that button's pairs.

A button adds fields, it never replaces one: a pair whose name the form already posts is
refused, and so are ``csrf_token`` and ``do`` themselves. ``type`` may come from a button
only when the form has no ``type`` of its own (a card whose buttons post different actions).
Everything else goes on to the action's usual parameter checks unchanged.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl

from werkzeug.datastructures import MultiDict

from ..errors import BadInput
from ..text import N_

# A button's pairs are a few short fields; anything longer is not one of ours.
MAX_DO = 200
_NEVER = frozenset({"csrf_token", "do"})


def _refused() -> BadInput:
    return BadInput("bad_button", N_("That button's request was not understood."))


def action_fields(form: MultiDict[str, str]) -> dict[str, Any]:
    """The action a form posted: its fields (a field sent more than once, such as a group of
    tick boxes, is a list), without the CSRF token, with the pressed button's ``do`` pairs.

    >>> action_fields(MultiDict([("type", "adjust"), ("seat", "2"), ("do", "delta=-1")]))
    {'type': 'adjust', 'seat': '2', 'delta': '-1'}
    >>> action_fields(MultiDict([("seat", "1"), ("do", "type=set_turn")]))
    {'seat': '1', 'type': 'set_turn'}
    >>> action_fields(MultiDict([("type", "adjust"), ("do", "type=undo")]))
    Traceback (most recent call last):
    companion.errors.BadInput: That button's request was not understood.
    """
    fields: dict[str, Any] = {
        k: v[0] if len(v) == 1 else v for k, v in form.lists() if k not in _NEVER
    }
    pressed = form.getlist("do")
    if not pressed:
        return fields
    if len(pressed) > 1 or not pressed[0] or len(pressed[0]) > MAX_DO:
        raise _refused()
    try:
        pairs = parse_qsl(pressed[0], keep_blank_values=True, strict_parsing=True)
    except ValueError:
        raise _refused() from None
    for name, value in pairs:
        if name in _NEVER or name in fields:
            raise _refused()
        fields[name] = value
    return fields
