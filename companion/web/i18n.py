"""Languages: each device picks its own (cookie), defaulting to its browser's.

Game modules hand over English msgids and ``Text`` pairs (``[msgid, params]``); this module
translates them with the gettext catalogs compiled from ``companion/i18n/*/*.po``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Flask, g, request
from flask_babel import Babel, get_locale, get_translations

from .. import HERE
from ..text import PLURAL

LANGUAGES = {"en": "English", "zh_TW": "繁體中文"}
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


def translate(text: Any, gettext_fn: Callable[[str], str] | None = None) -> str:
    """A msgid, or a ``[msgid, params]`` pair, in the current language."""
    tr = gettext_fn or catalog()
    if text is None:
        return ""
    if isinstance(text, str):
        return tr(text) if text else ""
    if isinstance(text, (list, tuple)) and len(text) == 2 and isinstance(text[0], str):
        msgid, params = text
        params = {k: translate(v, tr) if k.endswith("_t") else v for k, v in (params or {}).items()}
        if PLURAL in params:
            # A count's line (``text.P``): the plural form is the catalogue's to choose.
            form = plural(msgid, params.pop(PLURAL), params.get("n", 1))
        else:
            form = tr(msgid)
        try:
            return form.format(**params)
        except (KeyError, IndexError, ValueError):
            # A catalog entry with a broken placeholder must not take the page down.
            return msgid.format(**params)
    return str(text)


def init_app(app: Flask) -> None:
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = str(HERE / "translations")
    app.config["BABEL_DEFAULT_LOCALE"] = "en"
    Babel(app, locale_selector=select_locale)
    # Templates (and macros in imported templates) translate through the cached catalog.
    app.jinja_env.install_gettext_callables(_gettext, _ngettext, newstyle=True)
    app.jinja_env.filters["t"] = translate
    app.jinja_env.globals.update(
        LANGUAGES=LANGUAGES, lang=lang, html_lang=lambda: HTML_LANG.get(lang(), "en")
    )
