"""Languages: each device picks its own (cookie), defaulting to its browser's.

Game modules hand over English msgids and ``Text`` pairs (``[msgid, params]``); this module
translates them with the gettext catalogs compiled from ``companion/i18n/*/*.po``.
"""

from __future__ import annotations

import functools
import math
import string
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from babel.lists import format_list
from babel.messages.mofile import read_mo
from flask import Flask, g, request
from flask_babel import Babel, get_locale, get_translations
from markupsafe import Markup, escape

from ..text import AS_IS, LIST, PLURAL

# The package folder: where the compiled catalogue lives, and what counts as our own code.
HERE = Path(__file__).resolve().parents[1]

LANGUAGES = {"en": "English", "zh_TW": "繁體中文"}
BABEL_LOCALE = {"en": "en", "zh_TW": "zh_Hant_TW"}
HTML_LANG = {"en": "en", "zh_TW": "zh-Hant-TW"}
COOKIE = "tc_lang"


def select_locale() -> str:
    """The device's chosen language, else the browser's best match, else English."""
    chosen = request.cookies.get(COOKIE)
    if chosen in LANGUAGES:
        return chosen
    for lang, _quality in request.accept_languages:
        low = lang.lower()
        if low.startswith("zh"):
            # Traditional Chinese is the only Chinese we have: zh-TW, zh-HK, zh-Hant, plain zh.
            return "zh_TW"
        if low.startswith("en"):
            return "en"
    return "en"


def lang() -> str:
    """This request's language code (e.g. "zh_TW"), worked out once per request."""
    found = getattr(g, "_tc_lang", None)
    if found is None:
        # Babel names Traditional Chinese "zh_Hant_TW"; the app's own code for it is "zh_TW"
        # (the language menu, the page's lang attribute and the caches all use it).
        locale = get_locale()
        found = "zh_TW" if locale is not None and locale.language == "zh" else "en"
        g._tc_lang = found
    return found


def _translations() -> Any:
    """The current language's catalogue object, resolved once per request."""
    found = getattr(g, "_tc_translations", None)
    if found is None:
        locale = lang()
        found = _CATALOGS.get(locale)
        if found is None:
            found = _CATALOGS[locale] = get_translations()
        g._tc_translations = found
    return found


def catalog() -> Callable[[str], str]:
    """The current language's plain gettext function, resolved once per request.

    Rendering a view calls gettext hundreds of times; going through Flask-Babel's context
    lookups each time was a third of the render. Catalogs never change while running.
    """
    found = getattr(g, "_tc_gettext", None)
    if found is None:
        found = g._tc_gettext = _translations().gettext
    return found


def plural(singular: str, plural_msgid: str, n: int) -> str:
    """gettext's ngettext in the current language: the catalogue's plural rule picks the form
    (English: one and other; Chinese has one form for every count)."""
    return _translations().ngettext(singular, plural_msgid, n)


def _gettext(msgid: str, **variables: Any) -> str:
    text = catalog()(msgid)
    return text % variables if variables else text


def _ngettext(singular: str, plural_msgid: str, n: int) -> str:
    # Jinja's new-style wrapper puts the count and the other variables in place itself.
    return plural(singular, plural_msgid, n)


_CATALOGS: dict[str, Any] = {}


# How deep a Text's ``_t`` params may nest (a stored result's Texts go three deep at most).
MAX_TEXT_DEPTH = 4
MAX_LIST_ITEMS = 64
MAX_PARAM_LENGTH = 2000
MAX_PARAM_NUMBER = 10**15
MO_FILE = HERE / "translations" / "zh_Hant_TW" / "LC_MESSAGES" / "messages.mo"


def _names(msgid: str) -> frozenset[str]:
    return frozenset(f for _lit, f, _spec, _conv in string.Formatter().parse(msgid) if f)


@functools.cache
def known_texts() -> tuple[dict[str, frozenset[str]], dict[str, str]]:
    """The msgids the app itself uses, each with the parameter names it expects, and the
    plural msgid of each count's line. The catalogue knows them all: a test fails when a
    msgid has no translation. Read once; the catalogues never change while running."""
    with MO_FILE.open("rb") as f:
        catalogue = read_mo(f)
    names: dict[str, frozenset[str]] = {AS_IS: frozenset({"name"})}
    plurals: dict[str, str] = {}
    for message in catalogue:
        if not message.id:
            continue  # the header
        if isinstance(message.id, str):
            names[message.id] = _names(message.id)
        else:
            singular, plural_msgid = message.id[0], message.id[1]
            names[singular] = _names(singular) | _names(plural_msgid)
            plurals[singular] = plural_msgid
    return names, plurals


def _simple(value: Any) -> bool:
    """A value a known msgid may show: a short string, a bounded finite number, a flag."""
    if value is None or isinstance(value, bool):
        return True
    if isinstance(value, str):
        return len(value) <= MAX_PARAM_LENGTH
    if isinstance(value, int):
        return -MAX_PARAM_NUMBER <= value <= MAX_PARAM_NUMBER
    if isinstance(value, float):
        return math.isfinite(value) and abs(value) <= MAX_PARAM_NUMBER
    return False


@functools.cache
def _texts_in(source: str) -> tuple[dict[str, frozenset[str]], dict[str, str]]:
    """The msgids written in one source file of a game that lives outside the package (a
    game added as the guide says, before its texts reach the catalogue), as ``known_texts``."""
    from babel.messages.extract import extract_python

    from ..i18n_tools import KEYWORDS

    names: dict[str, frozenset[str]] = {}
    plurals: dict[str, str] = {}
    with open(source, "rb") as f:
        # Babel types every extractor's results as (line, message, comments, context);
        # extract_python's are (line, function, message, comments).
        results: Iterable[tuple[Any, ...]] = extract_python(f, KEYWORDS, [], {})
        for _line, _func, message, _comments in results:
            # A call with more arguments than its msgids comes as a tuple padded with None.
            found = [m for m in (message if isinstance(message, tuple) else (message,)) if m]
            if len(found) == 1:
                names[found[0]] = _names(found[0])
            elif len(found) == 2:  # a count's line: singular and plural
                names[found[0]] = _names(found[0]) | _names(found[1])
                plurals[found[0]] = found[1]
    return names, plurals


def _app_texts(msgid: str) -> tuple[frozenset[str] | None, dict[str, str]]:
    """The parameter names ``msgid`` expects if the app itself uses it (the catalogue, or the
    source of a registered game from outside the package), and the plurals known with it."""
    names, plurals = known_texts()
    if msgid in names:
        return names[msgid], plurals
    from ..games import GAMES

    for game in list(GAMES.values()):
        code = getattr(game.setup, "__code__", None)
        source = code.co_filename if code is not None else None
        if not source or not source.endswith(".py") or Path(source).is_relative_to(HERE):
            continue  # the package's own games are in the catalogue
        found, more = _texts_in(source)
        if msgid in found:
            return found[msgid], {**plurals, **more}
    return None, plurals


def _is_list(value: Any) -> bool:
    return isinstance(value, (list, tuple)) and len(value) == 2 and value[0] == LIST


def _listed(params: dict[str, Any], tr: Callable[[str], str], depth: int) -> str:
    """A ``text.L`` list joined by the language's own rule: a string item is data (a name)
    shown as it is, a Text item is translated."""
    items = params.get("items")
    if (
        not isinstance(items, (list, tuple))
        or len(items) > MAX_LIST_ITEMS
        or depth > MAX_TEXT_DEPTH
    ):
        return ""
    shown = [
        (item if _simple(item) else "") if isinstance(item, str) else translate(item, tr, depth + 1)
        for item in items
    ]
    return format_list(shown, locale=BABEL_LOCALE.get(lang(), "en")) if shown else ""


def _formatted(msgid: str, params: dict[str, Any], tr: Callable[[str], str], depth: int) -> str:
    """``[msgid, params]`` in the current language, or ``msgid`` as plain data when it is
    not a msgid of the app, or its params are not the ones it expects."""
    if msgid == LIST:
        return _listed(params, tr, depth)
    expected, plurals = _app_texts(msgid)
    plural_msgid = params.get(PLURAL)
    if expected is None or (
        plural_msgid is not None
        and (plurals.get(msgid) != plural_msgid or type(params.get("n")) is not int)
    ):
        return msgid
    values: dict[str, Any] = {}
    for name in expected:  # only the names it expects: any other param is left out
        if name not in params:
            return msgid
        value = params[name]
        if (name.endswith("_t") or _is_list(value)) and depth < MAX_TEXT_DEPTH:
            value = translate(value, tr, depth + 1)
        elif not _simple(value):
            return msgid
        values[name] = value
    # A count's line (``text.P``): the plural form is the catalogue's to choose.
    form = plural(msgid, plural_msgid, params["n"]) if plural_msgid is not None else tr(msgid)
    for template in (form, msgid):
        try:
            return template.format(**values)
        except (KeyError, IndexError, ValueError):
            continue  # a catalogue entry with a broken placeholder must not take a page down
    return msgid


def translate(text: Any, gettext_fn: Callable[[str], str] | None = None, depth: int = 0) -> str:
    """A msgid, or a ``[msgid, params]`` pair, in the current language.

    Only a msgid the app itself uses is ever formatted, with only the parameters it expects
    (short strings, bounded numbers, and Texts for ``_t`` names); anything else (a Text from
    an imported archive this server does not know, say) is shown as it is, as plain data.
    """
    tr = gettext_fn or catalog()
    if text is None:
        return ""
    if isinstance(text, str):
        return tr(text) if text else ""
    if (
        isinstance(text, (list, tuple))
        and len(text) == 2
        and isinstance(text[0], str)
        and isinstance(text[1], dict | None)
    ):
        return _formatted(text[0], text[1] or {}, tr, depth)
    return str(text)


def listed(items: Any, labels: dict[Any, Any] | None = None) -> Markup:
    """A template's list joined by the viewer's language's rule ("Bo, Cy, and Di";
    "Bo、Cy和Di"): never a comma that a template put in. ``labels``: what to show for
    each item, when the items are keys."""
    shown = [escape(item if labels is None else labels[item]) for item in items]
    return Markup(format_list(shown, locale=BABEL_LOCALE.get(lang(), "en"))) if shown else Markup()


def init_app(app: Flask) -> None:
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = str(HERE / "translations")
    app.config["BABEL_DEFAULT_LOCALE"] = "en"
    Babel(app, locale_selector=select_locale)
    # Templates (and macros in imported templates) translate through the cached catalog.
    # Added to the environment by Jinja's i18n extension, which Flask-Babel loads.
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        _gettext, _ngettext, newstyle=True
    )
    app.jinja_env.filters["t"] = translate
    app.jinja_env.filters["listed"] = listed
    # A label's colon: ": " in English, a full-width "：" (its own space) in Chinese.
    app.jinja_env.globals["colon"] = lambda: "：" if lang() == "zh_TW" else ": "
    app.jinja_env.globals.update(
        LANGUAGES=LANGUAGES, lang=lang, html_lang=lambda: HTML_LANG.get(lang(), "en")
    )
