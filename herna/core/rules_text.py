"""The rules as people read them, for every screen (the terminal's ``herna
rules``, the web pages ``/rules/{game}``):

- **How to play** (:func:`how_to_play`): a short page for players per game,
  in Czech and English, with one worked example and herna's readings of the
  rules (``herna/data/howto/{game}.{lang}.md``; the numbered rules settle
  every point it makes);
- the **numbered specification** (:func:`specification`): herna's rules with
  their ids, in English (``herna/data/rules``, the record's ``rules``);
- the **original Czech rulebook** (:func:`rulebook_lines`,
  ``herna/data/seeds``, the record's ``rulebook``).

How-to-play pages are Markdown. Their pictures come from the app, written as
art shortcodes ``<span data-art="GAME:THING">words</span>`` (THING as in
``herna/web/js/art.js``: a card code, ``field:C``, ``dice:6,3``,
``coop:H,C,E``, ...); the words are what a screen without the picture shows
(:func:`art_words`), and a page's only HTML.
"""

from __future__ import annotations

import re
from importlib import resources

from .catalog import check_lang
from .registry import record

ART = re.compile(r'<span data-art="(?P<game>[a-z]+):(?P<thing>[^"<>]+)">(?P<words>[^<>]*)</span>')
"""An art shortcode: ``<span data-art="kurnik:dice:2,6">dice 2 and 6</span>``."""

SEEDS_REFERENCE = re.compile(r"`\.\./seeds/[^`]+`")
"""How the numbered rules name the Czech rulebook they restate (a path
beside the shared rules folder, which means nothing to a reader)."""

SEED_LEFTOVERS = re.compile(r"^(Autor: .*\|.*|Sdílet s přáteli:?|.* v PDF zde)$")
"""Lines of the stored Czech rulebooks that are leftovers of the web pages
they were copied from (an article's byline, a share button, a PDF link), not
rules."""

TABLE_ROW = re.compile(r"^\s*\|.*\|\s*$")


def _data(*parts: str) -> str:
    return resources.files("herna").joinpath("data", *parts).read_text("utf-8")


def how_to_play(game: str, lang: str) -> str:
    """The How-to-play page of ``game`` in ``lang`` (Markdown with art
    shortcodes). ``ValueError`` for an unknown game or language."""
    rec = record(game)
    return _data("howto", f"{rec.name}.{check_lang(lang)}.md")


def art_words(markdown: str, mark: str = "[{}]") -> str:
    """``markdown`` with each art shortcode replaced by its words, in
    ``mark`` (``[dice 2 and 6]``): the page for a screen that draws no
    pictures (the terminal)."""
    return ART.sub(lambda m: mark.format(m["words"]), markdown)


def close_tables(markdown: str) -> str:
    """``markdown`` with a blank line after every table that a text line
    follows at once: without it a GFM table takes the following lines for
    rows (a note under Ugo!'s farmer table, U-1.4)."""
    lines = markdown.splitlines()
    out: list[str] = []
    for k, line in enumerate(lines):
        out.append(line)
        following = lines[k + 1] if k + 1 < len(lines) else ""
        if TABLE_ROW.match(line) and following.strip() and not TABLE_ROW.match(following):
            out.append("")
    return "\n".join(out) + ("\n" if markdown.endswith("\n") else "")


def specification(game: str, rulebook: str) -> str:
    """The numbered rules of ``game`` (Markdown, English) ready to show:
    tables closed (:func:`close_tables`), and the path by which they name
    their Czech source replaced by ``rulebook``, a Markdown reference for the
    screen: a link (``[the Czech rulebook](/rules/ugo/rulebook)``) or a
    command. ``ValueError`` for an unknown game."""
    text = _data("rules", record(game).rules)
    return close_tables(SEEDS_REFERENCE.sub(lambda m: rulebook, text, count=1))


def rulebook_lines(game: str) -> list[str]:
    """The lines of ``game``'s original Czech rulebook worth showing:
    stripped, not empty, without the leftovers of the web page it was
    copied from. ``ValueError`` for an unknown game."""
    source = _data("seeds", record(game).rulebook)
    return [line for line in (raw.strip() for raw in source.splitlines()) if line and not SEED_LEFTOVERS.match(line)]
