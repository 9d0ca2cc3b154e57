"""Words for a seat, in its language: event lines, action labels, help.

The web app says what the terminal says: every sentence comes from the
game's words module (its record's ``texts``, :mod:`herna.text`) with a
plain :class:`herna.text.voice.Voice` (screen-reader mode), and every word
from the shared message catalogs (:mod:`herna.core.catalog`). Nothing here
words a rule itself.

- :func:`event_lines`: ``describe_event(event, seat, style)`` of one event
  (the full verbosity); :func:`brief_lines`: the brief lines of each of a
  list of events (:mod:`herna.text.events`);
- :func:`legal_labels`: per legal action ``{"action", "label"}``: the
  renderer's ``action_label``, else (English) the renderer's ``ACTION_WORDS``
  entry, else the names of the cards it names, else the catalog's word for
  the action (context ``action``), else the string;
- :func:`help_for`: the renderer's ``help_text`` for the decision, as
  for a screen where nobody types an action (no key of the card codes, no
  ``herna rules`` command: names, not codes);
- :func:`readouts`: the terminal's ``hand``, ``scores`` and ``last``
  commands (the renderer's ``hand_lines``, ``scores_lines``, ``last_lines``)
  and the game's own (``kingdom``, ``coops``) as plain lines;
  :func:`sections`: where a history can jump to (trick, deal, round, turn);
- :func:`card_names`: card code -> words (``SAX6`` -> ``Saxosaurus 6``), from
  the renderer's ``card_names(lang)`` where it has one, else from the game
  package's card tables and catalog words.

A renderer that fails on some input is logged, and the seat gets no line
for it rather than an error.
"""

from __future__ import annotations

import functools
import logging
from types import ModuleType
from typing import Any, Callable, Sequence

from herna.core import record
from herna.core.catalog import N_, text, translations
from herna.text.i18n import t as cli_text
from herna.text.spans import plain_lines
from herna.text.voice import Voice as Style

log = logging.getLogger("herna.server")

ACTION_CONTEXT = "action"
"""Catalog context of the words for whole action strings (``pass``, ``reveal``)."""

WORDS = {
    "human": N_("human"),
    "spectator": N_("spectator"),
    "clock_move": N_("Time ran out: the bot played {move} for {seat}."),
    "clock_move_you": N_("Time ran out: the bot played {move} for you."),
    "clock_hidden": N_("Time ran out: the bot played for {seat}."),
}
"""A few words the server itself says (catalog ids; Czech in ``herna/server/locale/cs.po``)."""


@functools.cache
def renderer(game: str) -> ModuleType:
    """The words module of ``game`` (its record's ``texts``)."""
    module: ModuleType = record(game).load("texts")
    return module


BOT_LABELS: dict[str, str] = {"easy": N_("easy bot"), "medium": N_("medium bot"), "hard": N_("hard bot"),
                              "greedy": N_("greedy bot"), "random": N_("random bot"), "policy": N_("learned bot")}
"""Catalog words of the bot kinds ``GET /api/games`` lists."""


def seat_names(seats: Sequence[Any], lang: str) -> list[str | None]:
    """The names the table's words use for ``seats`` (each with ``seat``,
    ``kind``, ``name``): a player's own name, a bot without one by its kind
    as the page's seat plates show it (``Easy bot 3``, Czech ``Snadný bot
    3``), ``None`` for a person who gave none (``Seat 2``)."""
    out: list[str | None] = []
    for seat in seats:
        if seat.name or seat.kind == "human" or seat.kind not in BOT_LABELS:
            out.append(seat.name or None)
            continue
        label = text(lang, BOT_LABELS[seat.kind])
        out.append(f"{label[:1].upper()}{label[1:]} {seat.seat + 1}")
    return out


def table_style(seats: Sequence[Any], lang: str) -> Style:
    """The style a table's words are said in: ``lang`` and its seats' names (:func:`seat_names`)."""
    return style(lang, seat_names(seats, lang))


def style(lang: str, names: Sequence[str | None] = ()) -> Style:
    """The plain style the web app speaks in (``lang``, players' names)."""
    return _style(lang, tuple(names))


@functools.lru_cache(maxsize=4096)
def _style(lang: str, names: tuple[str | None, ...]) -> Style:
    return Style.make(lang, plain=True, names=list(names), numbers=False)  # the page's plates show the names


def _safe(what: str, function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    try:
        return function(*args, **kwargs)
    except Exception:  # noqa: BLE001 - words never break a game
        log.exception("renderer %s failed", what)
        return None


def _plain(value: Any, st: Style) -> str:
    """A words module's output (``str`` or :class:`herna.text.spans.Line`) as plain text."""
    plain = getattr(value, "plain", value)
    return st.clean(str(plain))


def event_lines(game: str, event: dict, viewer: int | None, st: Style) -> list[str]:
    """The sentences of ``event`` as ``viewer`` (seat or ``None``) reads
    them, in ``st.lang``; ``[]`` for an event not worth a line."""
    lines = _safe(f"describe_event({event.get('kind')!r})", renderer(game).describe_event, event, viewer, st)
    return [_plain(line, st) for line in lines or ()]


def brief_lines(game: str, events: list[dict], viewer: int | None, st: Style) -> list[list[str]]:
    """The brief lines of each of ``events`` as ``viewer`` reads them, in
    ``st.lang`` (a list per event, ``[]`` for an event not said briefly;
    the events of one action are read together, so pass them whole)."""
    lines = _safe("brief_events", renderer(game).brief_events, events, viewer, st)
    if lines is None:
        return [[] for _ in events]
    return [[_plain(line, st) for line in each] for each in lines]


def automatic(line: str, lang: str) -> str:
    """``line`` marked as the player's only legal move, made for them (the terminal's words)."""
    return f"{line} ({cli_text('automatic', lang)})"


@functools.cache
def card_names(game: str, lang: str, case: str = "nominative") -> dict[str, str]:
    """Card code -> its name in ``lang`` and grammatical ``case`` (one of
    :data:`herna.text.declension.CASES`; ``{}`` for a game without cards),
    from the renderer's ``card_names(lang, case)``: ``SAX6`` -> ``Saxosaurus 6``,
    ``TRUMF`` -> ``trump``, ``red5`` -> ``červená 5`` (cs), in the
    accusative ``Saxosaura 6``, ``červenou 5`` (after "přiznej", follow)."""
    hook = getattr(renderer(game), "card_names", None)
    names = _safe("card_names", hook, lang, case) if callable(hook) else None
    return {str(k): str(v) for k, v in names.items()} if isinstance(names, dict) else {}


def _catalog_word(lang: str, action: str) -> str | None:
    """The catalog's word for a whole action string (context ``action``), if any."""
    if lang == "en":
        return None
    word = translations(lang).pgettext(ACTION_CONTEXT, action)
    return word if word != action else None


def legal_labels(game: str, legal: Sequence[str], view: dict, st: Style) -> list[dict[str, str]]:
    """``[{"action": "play SAX6", "label": "Saxosaurus 6"}, ...]`` for the
    legal action strings, in ``st.lang`` (module docstring)."""
    hook = getattr(renderer(game), "action_label", None)
    out = []
    for action in legal:
        label = _safe("action_label", hook, action, view, st) if hook else None
        out.append({"action": action, "label": _plain(label or action_words(game, action, st), st)})
    return out


def action_words(game: str, action: str, st: Style) -> str:
    """Words for an action string without a view (module docstring, after
    the renderer's ``action_label``): the names of the cards it names, the
    renderer's English ``ACTION_WORDS``, the catalog's word, or the string."""
    names = card_names(game, st.lang)
    words = action.split()
    cards = [names[w] for w in words[1:] if w in names]
    if cards and len(cards) == len(words) - 1:
        return ", ".join(cards)
    if len(words) == 1 and words[0] in names:
        return names[words[0]]
    if st.lang == "en":  # the English words a renderer shows only beside other languages
        words_of = getattr(renderer(game), "ACTION_WORDS", None)
        label = words_of.get(action) if isinstance(words_of, dict) else None
        if label:
            return str(label)
    return _catalog_word(st.lang, action) or action


def clock_ran_out(game: str, seat: int, action: str | None, viewer: int | None, st: Style) -> str:
    """The line of the server's ``clock_ran_out`` event: "Time ran out: the
    bot played Saxosaurus 2 for Eva." (``action`` ``None``: hidden from this
    viewer, "Time ran out: the bot played for Eva.")."""
    if viewer == seat and action is not None:
        return text(st.lang, WORDS["clock_move_you"], move=action_words(game, action, st))
    who = st.seat_case(seat, "gen")  # after "za" (Czech); the seat's name in English
    if action is None:
        return text(st.lang, WORDS["clock_hidden"], seat=who)
    return text(st.lang, WORDS["clock_move"], seat=who, move=action_words(game, action, st))


def help_for(game: str, view: dict, st: Style, legal: Sequence[str] | None) -> str | None:
    """The renderer's help on the decision in ``view`` (plain text), or ``None``."""
    hook = getattr(renderer(game), "help_text", None)
    if hook is None:
        return None
    value = _safe("help_text", hook, view, st.lang, style=st, legal=list(legal) if legal else None, typed=False)
    return _plain(value, st) if value else None


def word(lang: str, key: str) -> str:
    """One of the server's :data:`WORDS` in ``lang``."""
    return text(lang, WORDS[key])


READOUTS = {"hand": "hand_lines", "scores": "scores_lines", "last": "last_lines"}
"""Readout name -> words-module function ``(view, seat, style) -> [block]``."""


def game_readouts(game: str) -> dict[str, str]:
    """The game's own readouts (its words module's ``READOUTS``: Ugo!'s
    ``kingdom``, Kurník's ``coops``): name -> words-module function."""
    own = getattr(renderer(game), "READOUTS", None)
    return {str(k): str(v) for k, v in own.items()} if isinstance(own, dict) else {}


def sections(game: str) -> dict[str, dict[str, list[str]]]:
    """The parts of ``game`` a history can jump to the start of (its words
    module's ``SECTIONS``, :class:`herna.text.history.History`):
    ``{"trick": {"opens": [event kind, ...], "closes": [...]}, ...}``."""
    own = getattr(renderer(game), "SECTIONS", None) or {}
    return {str(name): {"opens": list(opens), "closes": list(closes)} for name, (opens, closes) in own.items()}


def readouts(game: str, view: dict, seat: int | None, st: Style) -> dict[str, list[str]]:
    """What the terminal's ``hand``, ``scores`` and ``last`` commands (and
    the game's own, :func:`game_readouts`: ``kingdom``, ``coops``) say to
    ``seat`` (``None``: a spectator, who gets no ``hand`` and no
    ``kingdom``), as plain lines in ``st.lang``: ``{"hand": [...],
    "scores": [...], "last": [...], "kingdom": [...]}``. A table row is one
    line. About 1-3 ms: made on request, not per change."""
    module = renderer(game)
    out: dict[str, list[str]] = {}
    for key, name in {**READOUTS, **game_readouts(game)}.items():
        hook = getattr(module, name, None)
        if hook is None or (key in ("hand", "kingdom") and seat is None):
            out[key] = []
            continue
        items = _safe(name, hook, view, seat if seat is not None else -1, st) or []
        out[key] = [st.clean(line.strip()) for line in plain_lines(items) if line.strip()]
    return out
