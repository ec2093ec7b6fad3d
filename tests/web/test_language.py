"""Each page speaks its device's language, and says so; counts read right in both.

A Chinese page declares ``lang="zh-Hant-TW"``, so a screen reader reads it with a Chinese
voice. Plurals go through gettext's ngettext.

English has a singular and a plural ("1 phone", "2 phones"); Traditional Chinese has one
form for every count. A game's line built with ``text.P`` and a template's ``ngettext``
both let the catalogue choose.
"""

from __future__ import annotations

from flask import Flask

from companion.text import P
from companion.web.i18n import translate


def in_language(app: Flask, lang: str, text: list) -> str:
    header = "zh-TW" if lang == "zh_TW" else "en"
    with app.test_request_context("/", headers={"Accept-Language": header}):
        return translate(text)


def test_a_count_line_takes_the_english_singular_and_plural(app):
    one = P("%(num)d phone", "%(num)d phones", 1)
    # The catalogue's own count line (only the app's msgids are formatted).
    assert in_language(app, "en", P("{n} minute", "{n} minutes", 1)) == "1 minute"
    assert in_language(app, "en", P("{n} minute", "{n} minutes", 3)) == "3 minutes"
    assert in_language(app, "en", P("{n} minute", "{n} minutes", 0)) == "0 minutes"
    # A P text is still [msgid, params]: the API's convention holds.
    assert isinstance(one[0], str) and isinstance(one[1], dict)


def phones(app: Flask, language: str, *counts: int) -> str:
    """The platform's plural entry for each count, rendered in ``language``, joined by '|'."""
    template = "|".join(
        f"{{{{ ngettext('%(num)d phone', '%(num)d phones', {n}) }}}}" for n in counts
    )
    with app.test_request_context("/", headers={"Accept-Language": language}):
        return app.jinja_env.from_string(template).render()


def test_chinese_has_one_form_for_every_count(app):
    # The platform's plural entry (msgid_plural) is found by ngettext in both counts.
    assert phones(app, "zh-TW", 1, 4) == "1 支手機|4 支手機"


def test_the_seat_list_counts_phones_in_english(app):
    assert phones(app, "en", 1, 2) == "1 phone|2 phones"


def test_a_chinese_page_declares_its_language_and_marks_it_in_the_menu(client):
    page = client.get("/", headers={"Accept-Language": "zh-TW"}).get_data(as_text=True)
    assert '<html lang="zh-Hant-TW">' in page
    assert '<span class="on">繁體中文</span>' in page
    english = client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert '<html lang="en">' in english and '<span class="on">English</span>' in english
