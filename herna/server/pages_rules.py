"""The rules pages (:mod:`herna.core.rules_text`):

- ``GET /rules/{game}?lang=en|cs``: **How to play**, for players, with
  pictures from the app (art shortcodes filled by ``/static/js/howto.js``
  with ``art.js``; without them the words stay) and one worked example;
- ``GET /rules/{game}/spec?lang=``: the **full rules (numbered)**, herna's
  specification with its rule ids (English; the page's own words in
  ``lang``);
- ``GET /rules/{game}/rulebook``: the **original Czech rulebook**.

Each page leads back to the lobby and to the other two. An unknown game is
404 (a browser gets the page with the way back), an unknown language 422.
"""

from __future__ import annotations

import html

from fastapi import APIRouter
from fastapi.responses import HTMLResponse
from markdown_it import MarkdownIt

from herna.core import record
from herna.core.catalog import LANGS, N_, text
from herna.core.record import GameRecord
from herna.core.rules_text import how_to_play, rulebook_lines, specification

from .errors import ServiceError

router = APIRouter(tags=["games"])

LANGUAGE_NAMES = {"en": "English", "cs": "Česky"}
"""Each language by its own name, for the switch between them."""
WORDS = {
    "back": N_("Back to the lobby"),
    "howto": N_("How to play"),
    "howto_title": N_("How to play {game}"),
    "spec": N_("Full rules (numbered)"),
    "spec_title": N_("{game}: full rules (numbered)"),
    "spec_note": N_("The numbered rules are in English: each rule has an id that herna's tests and scenarios cite."),
    "rulebook": N_("The original Czech rulebook"),
    "pages": N_("Rules pages"),
}
"""The pages' own words (catalog messages; Czech in herna/server/locale)."""


def _lang(lang: str) -> str:
    if lang not in LANGS:
        raise ServiceError(422, "bad_lang", f"unknown language {lang!r}; the languages are: {', '.join(LANGS)}")
    return lang


def _game(game: str) -> GameRecord:
    try:
        return record(game)
    except ValueError as error:
        raise ServiceError(404, "not_found", str(error)) from None


def markdown(source: str, raw_html: bool = False) -> str:
    """``source`` rendered (CommonMark with GFM tables). ``raw_html`` keeps
    the How-to-play pages' art shortcodes; they are the only HTML those
    pages hold (checked by the tests), and the numbered rules get none."""
    return MarkdownIt("commonmark", {"html": raw_html}).enable("table").render(source)


def nav(rec: GameRecord, lang: str, current: str) -> str:
    """The links of a rules page: the lobby, the other language, and the
    pages of the game other than ``current`` (``howto``, ``spec`` or
    ``rulebook``)."""
    name = rec.name
    links = [f'<a href="/">{html.escape(text(lang, WORDS["back"]))}</a>']
    if current != "rulebook":
        path = f"/rules/{name}" + ("/spec" if current == "spec" else "")
        links += [f'<a href="{path}?lang={other}" lang="{other}" hreflang="{other}">{LANGUAGE_NAMES[other]}</a>'
                  for other in LANGS if other != lang]
    if current != "howto":
        links.append(f'<a href="/rules/{name}?lang={lang}">{html.escape(text(lang, WORDS["howto"]))}</a>')
    if current != "spec":
        links.append(f'<a href="/rules/{name}/spec?lang={lang}" class="spec-link">'
                     f'{html.escape(text(lang, WORDS["spec"]))}</a>')
    if current != "rulebook":
        links.append(f'<a href="/rules/{name}/rulebook" hreflang="cs">{html.escape(text(lang, WORDS["rulebook"]))}</a>')
    items = "".join(f"<li>{link}</li>" for link in links)
    return f'<nav class="rules-nav" aria-label="{html.escape(text(lang, WORDS["pages"]))}"><ul>{items}</ul></nav>'


def page(lang: str, title: str, nav_html: str, body: str, main_class: str = "rules", main_lang: str | None = None,
         scripts: str = "") -> str:
    """A whole rules page: ``body`` (HTML) in ``<main>`` under ``nav_html``."""
    attr = f' lang="{main_lang}"' if main_lang and main_lang != lang else ""
    return (f'<!doctype html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{html.escape(title)} – herna</title>\n"
            f'<link rel="stylesheet" href="/static/app.css">\n<link rel="stylesheet" href="/static/howto.css">\n'
            f"{scripts}</head>\n<body>\n{nav_html}\n"
            f'<main id="main" class="{main_class}"{attr}>\n{body}\n</main>\n</body>\n</html>\n')


def howto_page(game: str, lang: str) -> str:
    """The How-to-play page of ``game`` in ``lang``."""
    rec = _game(game)
    body = markdown(how_to_play(rec.name, lang), raw_html=True)
    return page(lang, text(lang, WORDS["howto_title"], game=rec.title), nav(rec, lang, "howto"), body,
                main_class="rules how-to-play",
                scripts='<script type="module" src="/static/js/howto.js"></script>\n')


def spec_page(game: str, lang: str) -> str:
    """The numbered rules of ``game``; the page's own words in ``lang``."""
    rec = _game(game)
    source = specification(rec.name, f"[{rec.rulebook}](/rules/{rec.name}/rulebook)")
    note = f'<p class="note">{html.escape(text(lang, WORDS["spec_note"]))}</p>\n' if lang != "en" else ""
    return page(lang, text(lang, WORDS["spec_title"], game=rec.title), nav(rec, lang, "spec"),
                note + f'<div lang="en">{markdown(source)}</div>', main_class="rules spec")


def rulebook_page(game: str) -> str:
    """The original Czech rulebook of ``game`` (paragraphs)."""
    rec = _game(game)
    body = "\n".join(f"<p>{html.escape(line)}</p>" for line in rulebook_lines(rec.name))
    title = f"{rec.title} – pravidla"
    return page("cs", title, nav(rec, "cs", "rulebook"), f"<h1>{html.escape(title)}</h1>\n{body}",
                main_class="rules rulebook")


@router.get("/rules/{game}", response_class=HTMLResponse)
async def rules_howto(game: str, lang: str = "en") -> HTMLResponse:
    """How to play ``game``, for players, in ``lang`` (en or cs)."""
    return HTMLResponse(howto_page(game, _lang(lang)))


@router.get("/rules/{game}/spec", response_class=HTMLResponse)
async def rules_spec(game: str, lang: str = "en") -> HTMLResponse:
    """The full rules of ``game``, numbered (English; the page's words in ``lang``)."""
    return HTMLResponse(spec_page(game, _lang(lang)))


@router.get("/rules/{game}/rulebook", response_class=HTMLResponse)
async def rules_rulebook(game: str) -> HTMLResponse:
    """The original Czech rulebook of ``game``."""
    return HTMLResponse(rulebook_page(game))
