"""Translation catalogs: extract msgids, merge the per-game PO files, compile the MO file.

Sources are ``companion/i18n/<locale>/*.po`` (one for the platform, one per game, so each
game's texts travel with the game). They are merged into the single gettext domain that
Flask-Babel reads, ``companion/translations/<Babel locale>/LC_MESSAGES/messages.mo``, which is
committed so a plain ``pip install`` needs no build step. A test fails when the MO file is
stale or a msgid used in code or templates has no translation.

    python -m companion.i18n_tools compile   # after editing a PO file
    python -m companion.i18n_tools missing   # msgids without a zh_TW translation
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parent
SOURCES = PACKAGE / "i18n"
COMPILED = PACKAGE / "translations"
LOCALES = ("zh_TW",)
KEYWORDS = {"_": None, "gettext": None, "N_": None, "T": (1,), "ngettext": (1, 2), "P": (1, 2)}

Msgid = str | tuple[str, str]  # a plain msgid, or a plural's (singular, plural)


def extract_msgids() -> set[Msgid]:
    """Every msgid used in the package's Python code and in the templates; a plural (from
    ``ngettext`` or ``text.P``) as its (singular, plural) pair."""
    found: set[Msgid] = set()
    sources = [
        (PACKAGE, [("**.py", "python")]),
        (ROOT / "templates", [("**.html", "jinja2")]),
    ]
    for folder, method_map in sources:
        if not folder.is_dir():
            continue
        options = {"**.html": {"extensions": "jinja2.ext.do"}}
        for _file, _line, message, _comments, _ctx in extract_from_dir(
            str(folder), method_map, options, keywords=KEYWORDS
        ):
            if isinstance(message, tuple):
                if len(message) >= 2 and message[0] and message[1]:
                    found.add((message[0], message[1]))
                else:
                    found.update(t for t in message if t)
            elif message:
                found.add(message)
    return found


def merged_catalog(locale: str) -> Catalog:
    """Every PO file of ``locale`` merged into one catalog (the first translation wins)."""
    catalog = Catalog(locale=locale, domain="messages")
    # The platform's file first: its words (buttons, errors) win over a game's.
    files = sorted((SOURCES / locale).glob("*.po"), key=lambda p: (p.stem != "platform", p.name))
    for po in files:
        with po.open("rb") as handle:
            part = read_po(handle, locale=locale)
        for message in part:
            if message.id and message.string and message.id not in catalog:
                catalog.add(message.id, message.string)
    return catalog


def compiled_bytes(locale: str) -> bytes:
    out = io.BytesIO()
    write_mo(out, merged_catalog(locale), use_fuzzy=False)
    return out.getvalue()


def mo_path(locale: str) -> Path:
    # Flask-Babel looks the catalog up under Babel's full name: zh_TW is zh_Hant_TW.
    return COMPILED / str(Locale.parse(locale)) / "LC_MESSAGES" / "messages.mo"


def compile_all() -> None:
    for locale in LOCALES:
        path = mo_path(locale)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(compiled_bytes(locale))


def missing(locale: str) -> list[str]:
    """Msgids used somewhere that no PO file of ``locale`` translates; a plural needs a
    plural entry (``msgid_plural``), so that ngettext finds it."""
    catalog = merged_catalog(locale)
    gaps = []
    for msgid in extract_msgids():
        key = msgid[0] if isinstance(msgid, tuple) else msgid
        found = catalog.get(key)
        if found is None or not found.string or isinstance(msgid, tuple) != found.pluralizable:
            gaps.append(" | ".join(msgid) if isinstance(msgid, tuple) else msgid)
    return sorted(gaps)


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "compile"
    if command == "compile":
        compile_all()
        return 0
    if command == "missing":
        gaps = missing(argv[1] if len(argv) > 1 else "zh_TW")
        print("\n".join(gaps))
        return 1 if gaps else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
