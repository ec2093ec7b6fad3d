"""The Jinja environment, tuned for a page that is rendered again after every tap.

Jinja keeps each template's globals as a ChainMap over the environment's. Every
``{% import %}`` then works out which globals are new with a set difference against that
ChainMap, which walks it key by key: about a third of a millisecond per rendered view,
for a result that is always empty here. All globals are set while the app is built, before
the first template loads, so a plain dict of them is the same and the difference is fast.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

from flask import Flask
from flask.templating import Environment


class Templates(Environment):
    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        return {**self.globals, **(d or {})}


class App(Flask):
    jinja_environment = Templates
