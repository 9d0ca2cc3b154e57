"""The games' routes: what the lobby and the pages read about the games.

``GET /api/games?lang=`` (options, bots, player counts, card names),
``GET /api/i18n/{lang}`` (the browser app's own words), ``GET /api/health``.
The rules pages are :mod:`herna.server.pages_rules`'s.
"""

from __future__ import annotations

import os
from typing import Any

from babel.messages.pofile import read_po
from fastapi import APIRouter, Depends, Request

from herna.bots.policy import available as learned_policies
from herna.core import Game, record
from herna.core.catalog import po_files, text
from herna.core.options import PLAYERS
from herna.core.registry import available_games

from . import texts
from .botpool import BOT_LABELS, describe_bots
from .deps import check_lang, lang_of, service_of

router = APIRouter(tags=["games"])


@router.get("/api/games")
async def games(lang: str = Depends(lang_of)) -> list[dict[str, Any]]:
    """Every game: its options (name, default, type, bounds, choices, rule;
    in players' words ``label``, ``help``, ``choice_labels``, ``unset``;
    ``advanced`` for "More options", ``ask``: how to ask it,
    :data:`herna.core.options.ASKS`), the bots offered, the player counts
    and the card names, in ``lang`` (``card_names_accusative``: in the
    accusative, for "follow ..." in Czech); ``sections``: where the table page's
    history keys jump to (:func:`herna.server.texts.sections`), ``readouts``:
    the game's own readouts (``kingdom``, ``coops``)."""
    return game_list(lang)


@router.get("/api/i18n/{lang}")
async def i18n(lang: str) -> dict[str, Any]:
    """``{msgid: translation}`` of every message with context ``web``
    (the browser app's own words); plural messages map to the list of forms."""
    return web_messages(check_lang(lang))


@router.get("/api/health", tags=["server"])
async def health(request: Request) -> dict[str, Any]:
    """``{"ok": true, "tables": live tables in this process, "worker": its pid, "counts": what it did}``
    (``counts``: :attr:`herna.server.tables.TableService.counts`, e.g. the database reads; ``herna bench server``)."""
    service = service_of(request)
    return {"ok": True, "tables": service.live_tables(), "worker": os.getpid(), "counts": dict(service.counts)}


def game_list(lang: str) -> list[dict[str, Any]]:
    """The body of ``GET /api/games`` in ``lang``."""
    out = []
    for name in available_games():
        rec = record(name)
        cls: type[Game] = rec.game_class
        options = []
        for spec in cls.option_specs:
            if spec.name == PLAYERS:  # the seats set up make the number of players
                continue
            words = spec.words(lang)
            options.append({
                "name": spec.name, "default": spec.default, "type": spec.kind.__name__,
                "min": spec.minimum, "max": spec.maximum,
                "choices": list(spec.choices) if spec.choices is not None else None,
                "help": words["help"], "rule": spec.rule,
                "label": words["label"], "advanced": spec.advanced, "ask": spec.ask,
                "choice_labels": words["choice_labels"], "unset": words["unset"], "length": spec.length,
            })
        bots = [{"kind": b["kind"], "spec": b["spec"], "label": text(lang, b["label"])} for b in describe_bots()]
        bots += [{"kind": kind, "spec": kind, "label": text(lang, BOT_LABELS[kind])} for kind in ("greedy", "random")]
        if name in learned_policies():  # a network ships for this game (herna.bots.policy; some player counts)
            bots.append({"kind": "policy", "spec": "policy", "label": text(lang, BOT_LABELS["policy"])})
        out.append({"name": name, "title": rec.title, "options": options, "bots": bots,
                    "min_players": cls.min_players, "max_players": cls.max_players,
                    "length_unit": rec.length_unit, "perfect_information": rec.perfect_information,
                    "card_names": texts.card_names(name, lang),
                    "card_names_accusative": texts.card_names(name, lang, "accusative"),
                    "sections": texts.sections(name), "readouts": sorted(texts.game_readouts(name))})
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
