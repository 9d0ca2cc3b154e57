"""Message catalogs: every text a player reads, in Czech and English.

herna's texts are gettext messages with the English text as the message id
(the gettext convention), and ``{name}`` fields filled in after translation.
The Czech translations are PO files read with Babel:

- ``herna/core/locale/cs.po``: texts every screen shares (prompts, commands,
  seat names, core refusals);
- ``herna/games/<game>/locale/cs.po``: each game's event lines, refusal
  reasons, help for each decision, option descriptions and card names.

For each language they are merged into **one catalog**, which the terminal
and the web app both use. Czech has three plural forms (1 bod, 2 body,
5 bodů; 1 slepice, 2 slepice, 5 slepic): :func:`ntext` picks the right one with the catalog's
``Plural-Forms`` rule. English needs no file: the message ids are the English.

Mark a literal for the catalog without translating it yet with :func:`N_`
(for example an :class:`~herna.core.errors.IllegalActionError` template,
translated when a screen shows it). ``tests`` check that every marked text
has a Czech translation.

>>> text("cs", "Game over.")
'Konec hry.'
>>> [ntext("cs", "{n} point", "{n} points", n) for n in (1, 2, 5)]
['1 bod', '2 body', '5 bodů']
"""

from __future__ import annotations

import functools
import gettext as _gettext
import io
from importlib import resources
from typing import Any

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

LANGS = ("en", "cs")
"""Languages with a catalog; English is the source language."""

def catalog_packages() -> tuple[str, ...]:
    """Packages whose ``locale/<lang>.po`` files make up each language's
    catalog: the core's, each game's (its record's ``catalog``), then the
    web server's and the browser app's texts."""
    from .registry import GAMES

    return ("herna.core", *GAMES.values(), "herna.server", "herna.web")


def N_(message: str) -> str:
    """Mark ``message`` for the catalog; returns it unchanged (translated later)."""
    return message


def check_lang(lang: str) -> str:
    """``lang`` if herna has it, else ``ValueError`` naming the languages."""
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; the languages are: {', '.join(LANGS)}")
    return lang


def po_files(lang: str) -> list[Any]:
    """The PO files (importlib resources) that make up ``lang``'s catalog."""
    out = []
    for package in catalog_packages():
        try:
            # one name per joinpath: a namespace package (a folder without __init__.py) takes only one
            path = resources.files(package).joinpath("locale").joinpath(f"{lang}.po")
        except ModuleNotFoundError:  # pragma: no cover - a game left out of an installation
            continue
        if path.is_file():
            out.append(path)
    return out


@functools.cache
def translations(lang: str) -> _gettext.NullTranslations:
    """The merged catalog of ``lang`` (cached). English: the identity."""
    check_lang(lang)
    merged: _gettext.NullTranslations = _gettext.NullTranslations()
    first = True
    for path in po_files(lang):
        with path.open("rb") as fh:
            catalog = read_po(fh, locale=lang)
        buffer = io.BytesIO()
        write_mo(buffer, catalog)
        buffer.seek(0)
        part = _gettext.GNUTranslations(buffer)
        if first:
            merged, first = part, False
        else:
            merged._catalog.update(part._catalog)  # type: ignore[attr-defined]  # same plural rule
    return merged


def text(lang: str, message: str, /, **fields: Any) -> str:
    """``message`` in ``lang``, with ``{name}`` fields filled from ``fields``."""
    translated = translations(lang).gettext(message)
    return translated.format(**fields) if fields else translated


def ntext(lang: str, singular: str, plural: str, n: int, /, **fields: Any) -> str:
    """The form of ``singular``/``plural`` for the number ``n`` in ``lang``
    (Czech: 1, 2-4, 5+), fields filled (``n`` among them)."""
    return translations(lang).ngettext(singular, plural, n).format(n=n, **fields)


def ptext(lang: str, context: str, message: str, /, **fields: Any) -> str:
    """``message`` in ``lang`` for ``context`` (the same English in two roles,
    e.g. a card's name and the same word in a sentence)."""
    translated = translations(lang).pgettext(context, message)
    return translated.format(**fields) if fields else translated
