"""The review of a finished game: ``GET /api/tables/{id}/review`` (an extra
beyond WEB-API.md, as the hint key is).

The same review as ``herna review`` gives for the game saved
(:func:`herna.bots.hints.review`): every decision of the reviewed seats is
searched from that seat's information as it was then, with the default
iteration budget and the seed derived from the game (:func:`herna.bots.hints.game_seed`),
so the answer is the same on every request, on every worker, and the same as
the terminal's for the same game. Query:

- ``seat`` (0-based, as the API counts seats; repeatable): the seats to review;
  default the seat of the token, else every seat a person played
  (every seat if bots played them all);
- ``top`` (1 to 50, default 5): how many mistakes ``text`` lists;
- ``lang``: ``en`` or ``cs``.

The answer::

    {"table", "game", "seats", "lang", "value_kind", "meaning", "decisions",
     "items": [{"seq", "seat", "where", "played", "played_label", "played_value",
                "best", "best_label", "best_value", "loss", "loss_se", "value_kind", "reason",
                "proposed", "proposed_label", "proposed_value", "paired_loss", ...}],
     "mistakes": [{"item", "seq", "seat", "where", "played", "played_value", "best",
                   "best_value", "loss", "se", "reason"}],
     "head", "note", "summary", "text": [line, ...]}

``items`` are every reviewed decision, sorted by loss (largest first, the
moves within the search's noise last with loss 0), each with the move the
verdict compared with the one played (``proposed``) and their paired
difference (``paired_loss``, ± ``loss_se``), also where no mistake was
found (:class:`herna.bots.hints.ReviewItem`); ``text`` is what the
terminal prints (a head line, one line per mistake with its reason, a note
on the noise and a summary), ready to be read out. ``mistakes`` are the
``top`` decisions that ``text`` lists, in its order, in words for a page to
lay out: ``item`` the index in ``items``, ``where`` with a capital
(``Deal 2, trick 5``), ``played`` / ``best`` the moves' names, their values
and the ``loss`` as the terminal writes them (``-1.0 points``, ``41% chance
to win``, ``1.8 points``, ``5 percentage points``; the loss rounded from
its unrounded value, not the difference of the values as written), ``se`` the loss's
standard error in the loss's units (``0.4``); ``head``, ``note`` and
``summary`` are ``text``'s head line (``None`` without decisions), its note
(the noise, or that no move lost value) and its last line. The game is over, so
every hand is public (as the replay shows) and anyone with the link may ask.

The search runs in the bot pool (never in the event loop); the answer is
kept with the table per seats and language, so asking again costs nothing.
Errors: 409 ``not_finished`` while the game is on (a review would judge
moves from hidden hands still in play), 422 ``bad_seat`` / ``bad_top`` /
``bad_lang``, 503 ``busy`` when the pool does not answer in
:data:`REVIEW_TIMEOUT` seconds.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Depends, Query, Request

from herna.bots.hints import ReviewItem, loss_words, value_words
from herna.bots.hints import review as review_game
from herna.bots.review_text import (
    loss_se_words, mistakes, review_head, review_note, review_summary, review_text, where_words,
)
from herna.core import load
from herna.text.i18n import value_meaning

from . import texts
from .deps import lang_of, optional_seat, service_of, table_of
from .errors import ServiceError
from .live import LiveTable

REVIEW_TIMEOUT = 300.0
"""A review not done in this many seconds is a 503 (a Kurník game of four
people has hundreds of decisions; about 0.1-0.3 s each)."""
MAX_TOP = 50
"""At most this many mistakes in ``text``."""

router = APIRouter(tags=["tables"])


def review_answer(state_json: dict, seats: list[int], lang: str, names: list[str | None], top: int
                  ) -> dict[str, Any]:
    """The review (module docstring) without ``table``, run in a bot-pool
    worker: ``state_json`` the finished game, ``seats`` 0-based."""
    game = load(state_json["game"], **state_json.get("options", {}))
    state = game.from_json(state_json)
    items = review_game(state, seats, lang=lang)
    st = texts.style(lang, names)
    kind = items[0].value_kind if items else None
    listed = mistakes(items, top)
    index = {id(item): k for k, item in enumerate(items)}
    return {"game": game.name, "seats": seats, "lang": lang, "value_kind": kind,
            "meaning": value_meaning(game, kind, lang) if kind else None, "decisions": len(items),
            "items": [item.to_dict() for item in items],
            "mistakes": [mistake_words(item, index[id(item)], lang) for item in listed],
            "head": review_head(game, items, lang), "note": review_note(items, listed, lang),
            "summary": review_summary(items, lang) if items else None,
            "text": review_text(game, items, lang, st.seat, top, state.is_terminal())}


def mistake_words(item: ReviewItem, index: int, lang: str) -> dict[str, Any]:
    """One entry of ``mistakes`` (module docstring): ``item`` (the ``index``-th
    of ``items``) in words of ``lang``, as :func:`herna.bots.review_text.mistake_line`
    writes them."""
    kind = item.value_kind
    return {"item": index, "seq": item.seq, "seat": item.seat,
            "where": where_words(item),
            "played": item.played_label, "played_value": value_words(item.played_value, kind, lang),
            "best": item.best_label, "best_value": value_words(item.best_value, kind, lang),
            "loss": loss_words(item.loss, kind, lang),  # from the unrounded loss, as the terminal's line
            "se": loss_se_words(item, lang), "reason": item.reason}


def _seats(table: LiveTable, asked: list[int] | None, own: int | None) -> list[int]:
    players = table.state.num_players
    if asked:
        bad = [s for s in asked if not 0 <= s < players]
        if bad:
            raise ServiceError(422, "bad_seat", f"no seat {bad[0]} at this table: seats are 0 to {players - 1}")
        return sorted(set(asked))
    if own is not None:
        return [own]
    people = [s for s in range(players) if table.bot_kind(s) is None]
    return people or list(range(players))


@router.get("/api/tables/{table_id}/review")
async def get_review(request: Request, table: LiveTable = Depends(table_of), lang: str = Depends(lang_of),
                     own: int | None = Depends(optional_seat), seat: list[int] | None = Query(None),
                     top: int = 5) -> dict[str, Any]:
    """The strong bot's review of a finished game: the moves that lost the
    most, where they were, the better move and by how much (module docstring)."""
    if not table.state.is_terminal():
        raise ServiceError(409, "not_finished", "a review is made once the game is over", seq=table.seq)
    if not 1 <= top <= MAX_TOP:
        raise ServiceError(422, "bad_top", f"top must be 1 to {MAX_TOP}, not {top}")
    seats = _seats(table, seat, own)
    key = ("review", tuple(seats), lang, top)
    future = table.cache.get(key)
    if future is None or (future.done() and (future.cancelled() or future.exception())):
        pool = service_of(request).pool
        future = asyncio.ensure_future(pool.call(review_answer, table.state.to_json(), seats, lang,
                                                 texts.seat_names(table.seats, lang), top, timeout=REVIEW_TIMEOUT))
        table.cache[key] = future
    try:
        answer = await asyncio.shield(future)
    except asyncio.TimeoutError:
        raise ServiceError(503, "busy", "no review now: the server is busy; try again", seq=table.seq) from None
    return {"table": table.id, **answer}
