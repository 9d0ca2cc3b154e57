"""The web app's hint key: ``GET /api/tables/{id}/hint`` (an extra beyond WEB-API.md).

For the seat of the token, while it is that seat's move: the strong bot's
three best moves with their value and a one-line reason, as the terminal's
``hint`` command gives them (:func:`herna.bots.hints.hints`, which reads
only that seat's observation: a hint never tells what the seat may not
know). The answer::

    {"table", "seq", "seat", "lang", "value_kind", "meaning", "head",
     "hints": [{"action", "label", "value", "value_words", "visits", "reason", "text"}],
     "text": [line, ...]}

``meaning`` says what the values are (the expected point margin at the end
of the deal or round, or the chance to win), ``head`` is the terminal's
head line with it; ``text`` is the head line and one line per hint, ready to
be read out. The search runs in the bot pool's hint lane (a worker of its
own, so a hint never waits behind the bots' moves; never in the event loop)
for :data:`HINT_SECONDS`; asking again for the same move gets the same
answer without a second search. Errors: 403 without the seat's token, 422
``not_your_turn`` / ``game_over``, 422 ``bad_lang``.

**Progress.** With ``?progress=1`` the answer is a stream of JSON lines
(``application/x-ndjson``): ``{"stage": "searching", "elapsed", "budget",
"progress"}`` every :data:`PROGRESS_EVERY` seconds while the search runs
(``progress`` = elapsed / budget, at most 0.99), then one line
``{"stage": "done", ...the answer...}`` (or ``{"stage": "error", "error",
"message"}``), so a page can show the search advancing. The checks
(token, turn, language) answer before the stream starts, with their status.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import Any, AsyncIterator

from fastapi import APIRouter, Depends, Request
from fastapi.responses import StreamingResponse

from herna.bots.hints import hints, value_words
from herna.text.i18n import t, value_meaning
from herna.core import load
from herna.core.catalog import LANGS

from . import texts
from .deps import lang_of, required_seat, table_of
from .errors import ServiceError
from .live import LiveTable
from .tables import TableService

HINT_SECONDS = 0.8
"""Search time of one hint: with the reasons and the worker's round trip a
hint is answered within 1.5 s at the 90th percentile on a loaded 2-core
machine (docs/hints.md, measured 2026-12-03); the terminal searches 1 s."""
HINT_ITERATIONS: int | None = None
"""An iteration budget instead of :data:`HINT_SECONDS` (``None``: the time
budget). A search by iterations with the hint's seed gives the same hint on
any machine, at any load (the tests use one)."""
HINT_TIMEOUT = 30.0
"""A hint not found in this many seconds (a pool full of long bot moves) is a 503."""
MOVES = 3
"""Moves in a hint."""
PROGRESS_EVERY = 0.2
"""Seconds between two progress lines of ``?progress=1``."""


def hint_answer(state_json: dict, seat: int, lang: str, seed: int, seconds: float | None,
                names: list[str | None] | None = None, iterations: int | None = None) -> dict[str, Any]:
    """The hint for ``seat`` of the state ``state_json`` after a search of
    ``seconds`` or ``iterations`` (runs in a bot-pool worker): the module docstring's answer
    without ``table`` and ``seq``. A move is named as the page's buttons name
    it (:func:`herna.server.texts.legal_labels`; ``names``: the players')."""
    game = load(state_json["game"], **state_json.get("options", {}))
    state = game.from_json(state_json)
    found = hints(state, seat, MOVES, seconds=None if iterations else seconds, iterations=iterations, seed=seed,
                  lang=lang)
    st = texts.style(lang, names or [])
    labels = {entry["action"]: entry["label"]
              for entry in texts.legal_labels(game.name, [h.action_string for h in found], state.view(seat), st)}
    kind = found[0].value_kind
    meaning = value_meaning(game, kind, lang)
    moves = []
    for hint in found:
        words = value_words(hint.value, hint.value_kind, lang)
        name = labels.get(hint.action_string) or hint.label
        moves.append({"action": hint.action_string, "label": name, "value": hint.value, "value_words": words,
                      "visits": hint.visits, "reason": hint.reason, "text": f"{name}: {words}; {hint.reason}"})
    head = t("hint_head", lang, value=meaning)
    return {"seat": seat, "lang": lang, "value_kind": kind, "meaning": meaning, "head": head, "hints": moves,
            "text": [head, *(m["text"] for m in moves)]}


class HintService:
    """Hints of one :class:`TableService`: one search per table, seat, move
    and language, shared by whoever asks for it meanwhile or again."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self._found: dict[tuple[str, int, str], tuple[int, asyncio.Future]] = {}
        service.on_change.append(self.changed)

    def changed(self, table: LiveTable) -> None:
        """A finished table's hints are dropped."""
        if table.state.is_terminal():
            self.forget(table.id)

    async def hint(self, table: LiveTable, seat: int, lang: str) -> dict[str, Any]:
        """The answer (module docstring); the search started if needed."""
        seq, future = self.start(table, seat, lang)
        return await self.answer(table, seq, future)

    async def answer(self, table: LiveTable, seq: int, future: asyncio.Future) -> dict[str, Any]:
        """The search's answer, or 503 ``busy`` when it timed out."""
        try:
            answer = await asyncio.shield(future)
        except asyncio.TimeoutError:
            raise ServiceError(503, "busy", "no hint now: the server is busy; try again", seq=seq) from None
        return {"table": table.id, "seq": seq, **answer}

    def start(self, table: LiveTable, seat: int, lang: str) -> tuple[int, asyncio.Future]:
        """Check the request and start (or find) the search: ``(seq, future)``."""
        if lang not in LANGS:
            raise ServiceError(422, "bad_lang", f"unknown language {lang!r}; the languages are: {', '.join(LANGS)}")
        state = table.state
        if state.is_terminal():
            raise ServiceError(422, "game_over", "the game is over", seq=table.seq)
        if table.status == "waiting":
            raise ServiceError(422, "waiting", "the table waits for its players", seq=table.seq)
        if state.current_player() != seat or table.bot_kind(seat) is not None:
            raise ServiceError(422, "not_your_turn", "a hint is for your own move; it is not your turn",
                               seq=table.seq)
        seq = table.seq
        key = (table.id, seat, lang)
        known = self._found.get(key)
        if known is None or known[0] != seq or (known[1].done() and (known[1].cancelled() or known[1].exception())):
            seed = random.Random(f"{table.seed}:{seq}:hint{seat}").getrandbits(62)
            future = asyncio.ensure_future(self.service.pool.call(hint_answer, state.to_json(), seat, lang, seed,
                                                                   HINT_SECONDS, texts.seat_names(table.seats, lang),
                                                                   HINT_ITERATIONS, timeout=HINT_TIMEOUT,
                                                                   lane="hints"))
            self._found[key] = known = (seq, future)
        return seq, known[1]

    async def progress(self, table: LiveTable, seat: int, lang: str) -> AsyncIterator[str]:
        """The ``?progress=1`` stream (module docstring): checks first, then lines."""
        seq, future = self.start(table, seat, lang)
        started = time.monotonic()

        async def lines() -> AsyncIterator[str]:
            while not future.done():
                elapsed = time.monotonic() - started
                yield json.dumps({"stage": "searching", "elapsed": round(elapsed, 2), "budget": HINT_SECONDS,
                                  "progress": round(min(0.99, elapsed / HINT_SECONDS), 2)}) + "\n"
                await asyncio.wait({future}, timeout=PROGRESS_EVERY)
            try:
                done = {"stage": "done", **await self.answer(table, seq, future)}
            except ServiceError as error:
                done = {"stage": "error", "error": error.code, "message": error.message}
            yield json.dumps(done, ensure_ascii=False) + "\n"

        return lines()

    def forget(self, table_id: str) -> None:
        """Drop the hints of a table (it left this process)."""
        for key in [k for k in self._found if k[0] == table_id]:
            del self._found[key]

    def close(self) -> None:
        for _, future in self._found.values():
            future.cancel()
        self._found.clear()


def hints_of(request: Request) -> HintService:
    """The app's hint service."""
    found: HintService = request.app.state.hints
    return found


router = APIRouter(tags=["tables"])


@router.get("/api/tables/{table_id}/hint", response_model=None)
async def hint(request: Request, table: LiveTable = Depends(table_of), seat: int = Depends(required_seat),
               lang: str = Depends(lang_of), progress: bool = False) -> dict[str, Any] | StreamingResponse:
    """The strong bot's three best moves for the seat to move, with
    values and reasons (the terminal's ``hint``; see herna.server.hints);
    ``progress=1``: a stream of progress lines, then the answer."""
    if progress:
        return StreamingResponse(await hints_of(request).progress(table, seat, lang),
                                 media_type="application/x-ndjson")
    return await hints_of(request).hint(table, seat, lang)
