"""Leavers and the turn clock of the web server (docs/server.md, "Leavers and
the turn clock"); the settings are :mod:`herna.server.table_settings`'s.

- ``away_after``: a person's seat absent that long (no socket, no request;
  :mod:`herna.server.presence`) while the table is playing is handed to the
  leaver bot;
- ``clock``: the turn clock. Per WCAG 2.2.1 (Timing Adjustable) it is off
  unless chosen, its length is chosen, the client is told the time left and
  warns :data:`WARN_BEFORE` seconds before it runs out, and the person to move
  can lengthen it by ``clock`` seconds, :data:`MAX_EXTENSIONS` times a turn,
  with one simple action (``POST /api/tables/{id}/more_time``). When it runs
  out, the leaver bot plays that one move for them (the move is stored as
  made by the clock, and told as such); the seat stays theirs.

The other players may also vote to hand an absent person's seat to the bot
(``POST /api/tables/{id}/vote``): refused with 422 ``present`` unless that
seat has been absent at least the presence window (WEB-API.md), and with 422
``waiting`` while the table waits for its people; a majority of the other
people still playing their own seats decides. The person takes the seat back
by using their token again (any request or socket). A table where a bot
played for a person is marked ``partly_bot``.

Presence across processes: every :data:`~herna.server.presence.HEARTBEAT`
seconds each process refreshes the stored ``last_seen`` of all its online
seats in one write (a thousand sockets opened together once made a thousand
commits at each beat).
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from fastapi import APIRouter, Depends, Request
from pydantic import BaseModel, Field

from . import presence
from .db import utcnow
from .deps import required_seat, table_of
from .errors import ServiceError
from .live import LiveTable, TurnClock
from .tables import TableService

log = logging.getLogger("herna.server.leavers")

WARN_BEFORE = 20.0
"""Seconds before the clock runs out when the client warns (WCAG 2.2.1 asks for at least 20)."""
MAX_EXTENSIONS = 10
"""How many times a person may lengthen one turn (WCAG 2.2.1 asks for at least ten)."""


def clock_info(table: LiveTable) -> dict[str, Any] | None:
    """The ``clock`` field of a state message: ``None`` when no turn clock
    runs; else ``{"seat", "seq", "limit", "remaining", "warn_before",
    "extensions_left"}`` (seconds; ``remaining`` at the time of sending)."""
    clock = table.clock
    if clock is None or clock.seq != table.seq:
        return None
    extra = table.seats[clock.seat].clock_extra
    used = round(max(0.0, extra - clock.extra_base) / clock.limit)
    return {"seat": clock.seat, "seq": clock.seq, "limit": clock.limit,
            "remaining": round(max(0.0, clock.deadline(extra) - time.time()), 1),
            "warn_before": WARN_BEFORE, "extensions_left": max(0, MAX_EXTENSIONS - used)}


class Leavers:
    """The leaver and clock policy of one :class:`TableService` (module
    docstring): timers per table, one heartbeat for the online seats."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self._away: dict[str, asyncio.TimerHandle] = {}
        self._clock: dict[str, asyncio.TimerHandle] = {}
        self._online: dict[tuple[str, int], LiveTable] = {}
        self._beat: asyncio.Task | None = None
        service.on_change.append(self.changed)
        service.on_presence.append(self.presence)

    # ----- hooks ----------------------------------------------------------------------------------------
    def changed(self, table: LiveTable) -> None:
        """The table was loaded or changed: (re)arm its clock and away timers."""
        if self.service.closing:
            return
        self._arm_clock(table)
        self._arm_away(table)

    def presence(self, table: LiveTable, seat: int | None, online: bool) -> None:
        """A seat's WebSocket count changed here: beat while it is online,
        (re)arm the away timer when it goes."""
        if seat is None or self.service.closing:
            return
        if online:
            self._online[(table.id, seat)] = table
            if self._beat is None or self._beat.done():
                self._beat = self.service.spawn(self._heartbeat())
        else:
            self._online.pop((table.id, seat), None)
        self._arm_away(table)

    async def _heartbeat(self) -> None:
        """Every :data:`~herna.server.presence.HEARTBEAT` seconds, store that the online seats are here (one write)."""
        while not self.service.closing:
            await asyncio.sleep(presence.HEARTBEAT)
            seats = [(table, seat) for (_, seat), table in self._online.items() if table.online.get(seat, 0) > 0]
            if seats:
                await self.service.touch_many(seats)

    def close(self) -> None:
        """Cancel every timer and heartbeat."""
        for handle in [*self._away.values(), *self._clock.values()]:
            handle.cancel()
        if self._beat is not None:
            self._beat.cancel()
        self._away.clear()
        self._clock.clear()
        self._online.clear()

    # ----- away -----------------------------------------------------------------------------------------
    def away_due(self, table: LiveTable) -> float | None:
        """Seconds until the first absent seat may be handed over, or ``None``
        (no ``away_after``, the table not playing, nobody who could be)."""
        after = table.settings.get("away_after")
        if not after or table.status != "playing":
            return None
        now = utcnow()
        due = None
        for info in table.seats:
            if not info.human or info.bot_playing or table.online.get(info.seat, 0) > 0:
                continue
            wait = after - presence.absent_for(table, info.seat, now)
            due = wait if due is None else min(due, wait)
        return None if due is None else max(0.0, due)

    def _arm_away(self, table: LiveTable) -> None:
        handle = self._away.pop(table.id, None)
        if handle is not None:
            handle.cancel()
        due = self.away_due(table)
        if due is None:
            return
        loop = asyncio.get_running_loop()
        self._away[table.id] = loop.call_later(due + 0.05, lambda: self.service.spawn(self._check_away(table)))

    async def _check_away(self, table: LiveTable) -> None:
        """Hand every seat away for ``away_after`` to the bot (after reading
        the stored seats: another worker may have seen the person)."""
        self._away.pop(table.id, None)
        after = table.settings.get("away_after")
        if not after:
            return
        async with table.lock:
            await self.service.refresh(table)
        if table.status != "playing":
            return
        now = utcnow()
        for info in table.seats:
            if not info.human or info.bot_playing or table.online.get(info.seat, 0) > 0:
                continue
            if presence.absent_for(table, info.seat, now) >= after - 0.01:
                await self.service.set_bot_playing(table, info.seat, True)
        self._arm_away(table)

    # ----- the turn clock ---------------------------------------------------------------------------------
    def _arm_clock(self, table: LiveTable) -> None:
        handle = self._clock.pop(table.id, None)
        if handle is not None:
            handle.cancel()
        limit = table.settings.get("clock")
        seat = table.to_move()
        if not limit or table.status != "playing" or seat is None or table.bot_kind(seat) is not None:
            table.clock = None
            return
        clock = table.clock
        if clock is None or clock.seq != table.seq or clock.seat != seat:
            clock = table.clock = TurnClock(seat, table.seq, time.time(), float(limit),
                                            table.seats[seat].clock_extra)
        wait = clock.deadline(table.seats[seat].clock_extra) - time.time()
        loop = asyncio.get_running_loop()
        self._clock[table.id] = loop.call_later(max(0.0, wait) + 0.05,
                                                lambda: self.service.spawn(self._check_clock(table, clock)))

    async def _check_clock(self, table: LiveTable, clock: TurnClock) -> None:
        self._clock.pop(table.id, None)
        if table.clock is not clock or table.seq != clock.seq:
            return
        if clock.deadline(table.seats[clock.seat].clock_extra) > time.time() + 0.01:
            self._arm_clock(table)  # lengthened meanwhile
            return
        await self.service.time_out(table, clock.seat, clock.seq)

    # ----- requests ---------------------------------------------------------------------------------------
    async def more_time(self, table: LiveTable, seat: int) -> dict[str, Any]:
        """``seat`` (to move) lengthens its turn by the table's ``clock``.
        :class:`ServiceError` 422 ``no_clock``, ``not_your_turn`` or
        ``no_more_time`` (:data:`MAX_EXTENSIONS` used)."""
        limit = table.settings.get("clock")
        if not limit:
            raise ServiceError(422, "no_clock", "this table has no turn clock")
        async with table.lock:
            clock = table.clock
            if clock is None or clock.seat != seat or clock.seq != table.seq or table.bot_kind(seat) is not None:
                raise ServiceError(422, "not_your_turn", "only the person to move can ask for more time",
                                   seq=table.seq)
            info = clock_info(table)
            if info is None or info["extensions_left"] <= 0:
                raise ServiceError(422, "no_more_time", f"this turn was lengthened {MAX_EXTENSIONS} times already",
                                   seq=table.seq)
            table.seats[seat].clock_extra = await asyncio.to_thread(
                self.service.db.add_clock_extra, table.id, seat, float(limit))
        await self.service.announce(table)
        answer = clock_info(table)
        assert answer is not None
        return answer

    async def vote(self, table: LiveTable, voter: int, target: object) -> dict[str, Any]:
        """``voter`` votes to hand ``target``'s seat to the bot. Returns
        ``{"seat", "votes", "needed", "handed"}``. :class:`ServiceError` 422
        ``present`` (the seat's person is here, or was within the presence
        window), ``waiting`` (the table waits for its people), ``bad_vote``
        (not a person's seat, one's own, already a bot's, the game over)."""
        if not isinstance(target, int) or isinstance(target, bool) or not 0 <= target < len(table.seats):
            raise ServiceError(422, "bad_vote", f"'seat' must be a seat number from 0 to {len(table.seats) - 1}")
        async with table.lock:
            await self.service.refresh(table)
        info = table.seats[target]
        if table.state.is_terminal():
            raise ServiceError(422, "bad_vote", "the game is over")
        if table.status == "waiting":
            raise ServiceError(422, "waiting", "the table waits for its players; nobody can be voted out "
                                               "before the game starts")
        if info.kind != "human":
            raise ServiceError(422, "bad_vote", f"seat {target} is a bot's seat")
        if target == voter:
            raise ServiceError(422, "bad_vote", "you cannot vote on your own seat; open another tab of "
                                                "your link to take it back, or just play on")
        if table.seats[voter].bot_playing:
            raise ServiceError(422, "bad_vote", "a bot plays your seat; open your link to take it back first")
        if info.bot_playing:
            raise ServiceError(422, "bad_vote", f"a bot plays seat {target} already")
        if presence.present(table, target):
            away = presence.absent_for(table, target)
            raise ServiceError(422, "present", f"seat {target}'s player is here (connected, or seen "
                                               f"{away:.0f} s ago); a seat can be handed to the bot after "
                                               f"{presence.window(table):.0f} s away")
        async with table.lock:
            votes = await asyncio.to_thread(self.service.db.add_vote, table.id, target, voter)
            info.votes = votes
        needed = votes_needed(table, target)
        handed = len(set(votes) & set(voters(table, target))) >= needed
        if handed:
            await self.service.set_bot_playing(table, target, True)
        else:
            await self.service.announce(table)
        return {"seat": target, "votes": votes, "needed": needed, "handed": handed}


def voters(table: LiveTable, target: int) -> list[int]:
    """The seats that may vote on ``target``: the other people playing their seats themselves."""
    return [s.seat for s in table.seats if s.human and not s.bot_playing and s.seat != target]


def votes_needed(table: LiveTable, target: int) -> int:
    """A majority of :func:`voters`."""
    return len(voters(table, target)) // 2 + 1


# ----- the routes ------------------------------------------------------------------------------------------

class VoteBody(BaseModel):
    """``POST /api/tables/{id}/vote``: the seat to hand to a bot."""

    seat: Any = Field(description="the seat number (from 0) of the absent player")


def leavers_of(request: Request) -> Leavers:
    """The app's leaver policy."""
    policy: Leavers = request.app.state.leavers
    return policy


router = APIRouter(tags=["tables"])


@router.post("/api/tables/{table_id}/more_time")
async def more_time(request: Request, table: LiveTable = Depends(table_of),
                    seat: int = Depends(required_seat)) -> dict[str, Any]:
    """The person to move lengthens the turn clock by its limit (WCAG 2.2.1):
    the answer is the clock (``remaining`` seconds, ``extensions_left``)."""
    return await leavers_of(request).more_time(table, seat)


@router.post("/api/tables/{table_id}/vote")
async def vote(body: VoteBody, request: Request, table: LiveTable = Depends(table_of),
               seat: int = Depends(required_seat)) -> dict[str, Any]:
    """Vote to hand an absent player's seat to the bot: ``{"seat", "votes",
    "needed", "handed"}``; a majority of the other people decides; 422
    ``present`` while the seat's person is here."""
    return await leavers_of(request).vote(table, seat, body.seat)
