"""Turning untrusted input (JSON bodies, form fields) into a game action's typed parameters.

Everything a player or API client sends passes through here before a game sees it: unknown
fields, wrong types, out-of-range numbers and oversized values are refused with a
``BadInput`` (HTTP 400) whose message the viewer reads in their own language. A refusal of
one field carries that field's JSON name as the param ``field``: the message names the form
label (what a person sees on the page), and the API answers with the JSON name instead.

>>> from companion.games.kit import Param
>>> coerce([Param("delta", "int", min=-3, max=3)], {"delta": "2"}, players=4)
{'delta': 2}
>>> coerce([Param("seat", "seat")], {"seat": 9}, players=4)
Traceback (most recent call last):
...
companion.errors.BadInput: Seat 9 does not exist.
>>> try:
...     coerce([Param("n", "int", label="Points")], {}, players=4)
... except BadInput as err:
...     err.code, err.params
('missing_field', {'field_t': 'Points', 'field': 'n'})
"""

from __future__ import annotations

import re
from typing import Any

from ...errors import BadInput
from ...text import N_
from .contract import Option, Param

__all__ = ["BadInput", "coerce", "coerce_one", "coerce_options"]

MAX_INT = 10**6
WHOLE_NUMBER = re.compile(r"-?[0-9]{1,8}")


def _int(name: str, value: Any, lo: int | None, hi: int | None) -> int:
    if isinstance(value, bool):
        raise BadInput("bad_type", N_("{field_t} must be a whole number."), field_t=name)
    if isinstance(value, str):
        text = value.strip()
        # ASCII digits only: "²".isdigit() is true, but int("²") fails.
        if not WHOLE_NUMBER.fullmatch(text):
            raise BadInput("bad_type", N_("{field_t} must be a whole number."), field_t=name)
        value = int(text)
    if not isinstance(value, int):
        raise BadInput("bad_type", N_("{field_t} must be a whole number."), field_t=name)
    lo = -MAX_INT if lo is None else lo
    hi = MAX_INT if hi is None else hi
    if not lo <= value <= hi:
        raise BadInput(
            "out_of_range",
            N_("{field_t} must be between {lo} and {hi}."),
            field_t=name,
            lo=lo,
            hi=hi,
        )
    return value


def _bool(name: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if value in ("1", "true", "on", "yes", 1):
        return True
    if value in ("0", "false", "off", "no", "", 0):
        return False
    raise BadInput("bad_type", N_("{field_t} must be yes or no."), field_t=name)


def _list(name: str, value: Any, max_len: int) -> list[Any]:
    if isinstance(value, str):
        value = [v for v in value.split(",") if v.strip()]
    if not isinstance(value, list) or len(value) > max_len:
        raise BadInput("bad_type", N_("{field_t} must be a list."), field_t=name)
    return value


def coerce_one(param: Param, value: Any, players: int) -> Any:
    """One parameter, checked and converted to its declared kind."""
    name = param.label or param.name
    kind = param.kind
    if kind == "int":
        return _int(name, value, param.min, param.max)
    if kind == "seat":
        seat = _int(name, value, None, None)
        if not 0 <= seat < players:
            raise BadInput("no_such_seat", N_("Seat {seat} does not exist."), seat=seat)
        return seat
    if kind == "bool":
        return _bool(name, value)
    if kind == "choice":
        if not isinstance(value, str) or value not in param.choices:
            raise BadInput("bad_choice", N_("{field_t} is not one of the choices."), field_t=name)
        return value
    if kind == "str":
        if not isinstance(value, str) or len(value) > param.max_len:
            raise BadInput("bad_type", N_("{field_t} is too long or not text."), field_t=name)
        return value
    if kind == "ints":
        return [_int(name, v, param.min, param.max) for v in _list(name, value, param.max_len)]
    if kind == "seats":
        seats = [coerce_one(Param(name, "seat"), v, players) for v in _list(name, value, players)]
        if len(set(seats)) != len(seats):
            raise BadInput("duplicate_seat", N_("{field_t} names a seat twice."), field_t=name)
        return seats
    if kind == "choices":
        items = _list(name, value, param.max_len)
        if any(not isinstance(v, str) or v not in param.choices for v in items):
            raise BadInput("bad_choice", N_("{field_t} is not one of the choices."), field_t=name)
        return items
    raise AssertionError(f"unknown param kind {kind}")


def coerce(
    params: tuple[Param, ...] | list[Param], raw: dict[str, Any], players: int
) -> dict[str, Any]:
    """All of an action's parameters from ``raw``; unknown fields are refused."""
    known = {p.name for p in params}
    extra = sorted(k for k in raw if k not in known)
    if extra:
        name = extra[0][:40]
        raise BadInput("unknown_field", N_("Unknown field: {field_t}."), field_t=name, field=name)
    out: dict[str, Any] = {}
    for param in params:
        value = raw.get(param.name)
        if value is None or value == "":
            if not param.optional:
                raise BadInput(
                    "missing_field",
                    N_("{field_t} is missing."),
                    field_t=param.label or param.name,
                    field=param.name,
                )
            out[param.name] = param.default
            continue
        try:
            out[param.name] = coerce_one(param, value, players)
        except BadInput as err:
            # Which field was refused, by its JSON name: the API names it (see module doc).
            err.params.setdefault("field", param.name)
            raise
    return out


def coerce_options(options: tuple[Option, ...], raw: dict[str, Any]) -> dict[str, Any]:
    """A table's options, defaults filled in; unknown options are refused."""
    known = {o.name: o for o in options}
    extra = sorted(k for k in raw if k not in known)
    if extra:
        raise BadInput("unknown_option", N_("Unknown option: {field_t}."), field_t=extra[0][:40])
    out: dict[str, Any] = {}
    for opt in options:
        value = raw.get(opt.name)
        if value is None or value == "":
            out[opt.name] = opt.default
            continue
        if opt.kind == "bool":
            out[opt.name] = _bool(opt.name, value)
        elif opt.kind == "int":
            out[opt.name] = _int(opt.name, value, opt.min, opt.max)
        else:
            values = [c[0] for c in opt.choices]
            if value not in values:
                raise BadInput(
                    "bad_choice",
                    N_("{field_t} is not one of the choices."),
                    field_t=opt.label or opt.name,
                )
            out[opt.name] = value
    return out
