"""A table's settings and a person's own seat settings (docs/server.md,
"Leavers and the turn clock", "Pace").

Table settings, chosen when it is made (``settings`` of ``POST
/api/tables``); all optional, off by default so that turn-based play never
expires on its own:

- ``away_after`` (seconds, :data:`AWAY_RANGE`, or ``None``): a person's seat
  with no connection and no request for that long is handed to the leaver
  bot; also how long a seat must be absent before the others may vote it to
  the bot (:mod:`herna.server.leavers`);
- ``clock`` (seconds a decision, :data:`CLOCK_RANGE`, or ``None``): the turn
  clock (WCAG 2.2.1, :mod:`herna.server.leavers`);
- ``leaver_bot``: the strength of the bot that plays for a leaver
  (:data:`LEAVER_BOTS`, default ``medium``);
- ``pace``: how fast the server's own moves follow each other
  (:data:`PACES`; the creator may change it during the game).

A seat's own settings (``POST /api/tables/{id}/seat-settings``):
``auto_only_moves`` (default off): the person's only legal moves are made for
them (the table does not wait for them to press it).
"""

from __future__ import annotations

from typing import Any, Sequence

from .errors import ServiceError

AWAY_RANGE = (60, 30 * 86400)
"""Allowed ``away_after`` seconds: one minute to thirty days."""
CLOCK_RANGE = (30, 7 * 86400)
"""Allowed ``clock`` seconds a decision: 30 s (at least the warning's 20 s to react) to a week."""
LEAVER_BOTS = ("easy", "medium", "hard")
"""The strengths a leaver's bot may have."""
PACES = {"slow": 2.0, "normal": 1.0, "fast": 0.4}
"""Seconds between a step shown and the next move the server makes (a bot's, chance aside), per pace."""
DEFAULT_PACE = "normal"
TRICK_PAUSE = 1.5
"""Extra seconds after a finished trick before the next lead (the trick stays on the table to be read)."""
TRICK_EVENTS = ("trick_won",)
"""Event kinds that finish a trick (the games' events modules)."""
SETTINGS = ("away_after", "clock", "leaver_bot", "pace")
SEAT_SETTINGS = ("auto_only_moves",)


def check_settings(raw: object) -> dict[str, Any]:
    """A table's settings, checked: ``{"away_after": int | None, "clock":
    int | None, "leaver_bot": str, "pace": str}`` (module docstring).
    ``None`` or ``{}``: the defaults. :class:`ServiceError` 422
    ``bad_setting`` naming the setting and what is allowed."""
    if raw is None:
        raw = {}
    if not isinstance(raw, dict):
        raise ServiceError(422, "bad_setting", "'settings' must be an object such as "
                                               '{"away_after": 300, "clock": 120, "pace": "fast"}')
    unknown = sorted(set(raw) - set(SETTINGS))
    if unknown:
        raise ServiceError(422, "bad_setting", f"unknown setting {unknown[0]!r}; the settings are: "
                                               f"{', '.join(SETTINGS)}")
    out: dict[str, Any] = {}
    for name, (low, high) in (("away_after", AWAY_RANGE), ("clock", CLOCK_RANGE)):
        value = raw.get(name)
        if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))
                                  or not low <= value <= high or value != int(value)):
            raise ServiceError(422, "bad_setting", f"'{name}' must be null (off) or whole seconds from "
                                                   f"{low} to {high}, not {value!r}")
        out[name] = None if value is None else int(value)
    bot = raw.get("leaver_bot", "medium")
    if bot not in LEAVER_BOTS:
        raise ServiceError(422, "bad_setting", f"'leaver_bot' must be one of: {', '.join(LEAVER_BOTS)}; "
                                               f"not {bot!r}")
    out["leaver_bot"] = bot
    pace = raw.get("pace", DEFAULT_PACE)
    if pace not in PACES:
        raise ServiceError(422, "bad_setting", f"'pace' must be one of: {', '.join(PACES)}; not {pace!r}")
    out["pace"] = pace
    return out


def check_seat_settings(raw: object, current: dict[str, Any] | None = None) -> dict[str, Any]:
    """A seat's own settings, checked and merged over ``current``:
    ``{"auto_only_moves": bool}``. :class:`ServiceError` 422 ``bad_setting``."""
    if not isinstance(raw, dict) or not raw:
        raise ServiceError(422, "bad_setting", 'seat settings are an object such as {"auto_only_moves": true}')
    unknown = sorted(set(raw) - set(SEAT_SETTINGS))
    if unknown:
        raise ServiceError(422, "bad_setting", f"unknown seat setting {unknown[0]!r}; the seat settings are: "
                                               f"{', '.join(SEAT_SETTINGS)}")
    value = raw["auto_only_moves"]
    if not isinstance(value, bool):
        raise ServiceError(422, "bad_setting", f"'auto_only_moves' must be true or false, not {value!r}")
    return {**seat_settings(current), "auto_only_moves": value}


def seat_settings(stored: dict[str, Any] | None) -> dict[str, Any]:
    """A seat's settings with the defaults filled in."""
    return {"auto_only_moves": bool((stored or {}).get("auto_only_moves", False))}


def pause_seconds(settings: dict[str, Any], last_events: Sequence[str], scale: float) -> float:
    """Seconds the server waits after a step is shown before its next move:
    the pace's pause, plus :data:`TRICK_PAUSE` when that step finished a
    trick (``last_events``: its event kinds), times ``scale``
    (``herna serve --pace-scale``; the tests use 0)."""
    pause = PACES.get(settings.get("pace", DEFAULT_PACE), PACES[DEFAULT_PACE])
    if any(kind in TRICK_EVENTS for kind in last_events):
        pause += TRICK_PAUSE
    return pause * scale
