"""The games' routes: what the lobby and the pages read about the games.

``GET /api/games?lang=`` (options, bots, player counts, card names),
``GET /api/i18n/{lang}`` (the browser app's own words), ``GET /rules/{game}?lang=``
(the rules as a page), ``GET /api/health``.
"""

from __future__ import annotations

import html
import os
import re
from importlib import resources
from typing import Any

from babel.messages.pofile import read_po
from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse
from markdown_it import MarkdownIt

from herna.core import Game, record
from herna.core.catalog import po_files, text
from herna.core.registry import available_games

from . import texts
from .botpool import BOT_LABELS, describe_bots
from .deps import check_lang, lang_of, service_of
from .errors import ServiceError

router = APIRouter(tags=["games"])


@router.get("/api/games")
async def games(lang: str = Depends(lang_of)) -> list[dict[str, Any]]:
    """Every game: its options (name, default, type, bounds, choices, help),
    the bots offered, the player counts and the card names, in ``lang``."""
    return game_list(lang)


@router.get("/api/i18n/{lang}")
async def i18n(lang: str) -> dict[str, Any]:
    """``{msgid: translation}`` of every message with context ``web``
    (the browser app's own words); plural messages map to the list of forms."""
    return web_messages(check_lang(lang))


@router.get("/api/health", tags=["server"])
async def health(request: Request) -> dict[str, Any]:
    """``{"ok": true, "tables": live tables in this process, "worker": its pid}``."""
    return {"ok": True, "tables": service_of(request).live_tables(), "worker": os.getpid()}


@router.get("/rules/{game}", response_class=HTMLResponse)
async def rules(game: str, lang: str = Depends(lang_of)) -> HTMLResponse:
    """The rules as a page: herna's numbered English rules, or the Czech original (``lang=cs``)."""
    try:
        rec = record(game)
    except ValueError as error:
        raise ServiceError(404, "not_found", str(error)) from None
    return HTMLResponse(rules_page(rec.name, lang))


def game_list(lang: str) -> list[dict[str, Any]]:
    """The body of ``GET /api/games`` in ``lang``."""
    out = []
    for name in available_games():
        rec = record(name)
        cls: type[Game] = rec.game_class
        options = []
        for spec in cls.option_specs:
            if spec.name == "players":
                continue
            options.append({
                "name": spec.name, "default": spec.default, "type": spec.kind.__name__,
                "min": spec.minimum, "max": spec.maximum,
                "choices": list(spec.choices) if spec.choices is not None else None,
                "help": text(lang, spec.doc) if spec.doc else "", "rule": spec.rule,
            })
        bots = [{"kind": b["kind"], "spec": b["spec"], "label": text(lang, b["label"])} for b in describe_bots()]
        bots += [{"kind": kind, "spec": kind, "label": text(lang, BOT_LABELS[kind])} for kind in ("greedy", "random")]
        out.append({"name": name, "title": rec.title, "options": options, "bots": bots,
                    "min_players": cls.min_players, "max_players": cls.max_players,
                    "length_unit": rec.length_unit, "perfect_information": rec.perfect_information,
                    "card_names": texts.card_names(name, lang)})
    return out


def web_messages(lang: str) -> dict[str, Any]:
    """``{msgid: translation}`` of the messages with context ``web`` in the
    catalog files of ``lang`` (:func:`herna.core.catalog.po_files`); English
    maps each message id (from the Czech files) to itself."""
    out: dict[str, Any] = {}
    for path in po_files("cs"):
        with path.open("rb") as fh:
            catalog = read_po(fh, locale="cs")
        for message in catalog:
            if message.context != "web" or not message.id:
                continue
            ids = [message.id] if isinstance(message.id, str) else list(message.id)
            strings = [message.string] if isinstance(message.string, str) else list(message.string or ())
            if lang != "cs":
                strings = ids
            forms = [form or ids[min(i, len(ids) - 1)] for i, form in enumerate(strings)] or ids
            out[ids[0]] = forms[0] if isinstance(message.id, str) else forms
    return out


SEED_LEFTOVERS = re.compile(r"^(Autor: .*\|.*|Sdílet s přáteli:?|.* v PDF zde)$")
"""Lines of the stored Czech rulebooks that are leftovers of the web pages they were copied
from (an article's byline, a share button, a PDF link), not rules."""


def rulebook_lines(source: str) -> list[str]:
    """The lines of a Czech rulebook worth showing: stripped, not empty, no web leftovers."""
    return [line for line in (raw.strip() for raw in source.splitlines())
            if line and not SEED_LEFTOVERS.match(line)]


def rules_page(game: str, lang: str) -> str:
    """The rules of ``game`` as a simple page: the numbered English rules
    (markdown rendered with markdown-it-py) or the Czech original (paragraphs)."""
    rec = record(game)
    if lang == "cs":
        source = resources.files("herna").joinpath("data", "seeds", rec.rulebook).read_text("utf-8")
        body = "\n".join(f"<p>{html.escape(line)}</p>" for line in rulebook_lines(source))
        title = f"{rec.title} – pravidla"
    else:
        source = resources.files("herna").joinpath("data", "rules", rec.rules).read_text("utf-8")
        body = MarkdownIt("commonmark", {"html": False}).enable("table").render(source)
        title = f"{rec.title} – rules"
    back = "Zpět do herny" if lang == "cs" else "Back to the lobby"
    heading = f"<h1>{html.escape(title)}</h1>\n" if lang == "cs" else ""
    return (f'<!doctype html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{html.escape(title)}</title>\n"
            f'<link rel="stylesheet" href="/static/app.css">\n</head>\n<body>\n'
            f'<nav class="rules-nav"><a href="/">{back}</a></nav>\n'
            f'<main id="main" class="rules">\n{heading}{body}\n</main>\n</body>\n</html>\n')
