"""The words every screen shares: what the terminal (:mod:`herna.cli`) and
the web app (:mod:`herna.server`) say, in Czech and English, as plain text
with optional style spans (:mod:`herna.text.spans`; no rich, no HTML: each
screen draws the spans its own way).

- :mod:`herna.text.voice`: :class:`Voice`, how one screen speaks (language,
  players' names, plain mode for screen readers and braille lines); seats
  named as players count them, Czech cases;
- :mod:`herna.text.i18n`: the words that belong to no game (prompts, seats,
  what plays a seat, what a hint's value means), from the catalogs;
- :mod:`herna.text.events`: the engine's events in words, ``brief`` (the
  default) or ``full`` (:data:`~herna.text.events.VERBOSITIES`), and the
  mark of a move made for a player;
- :mod:`herna.text.history`: stepping through what happened, jumping to
  the start of the trick, turn or deal; the score sheet;
- :mod:`herna.text.declension`: card and colour names in the case a Czech
  sentence needs (``přiznej Špínosaura``, ``hraje modrou 1``);
- one module per game, named by the game's record (``texts``):
  :mod:`herna.text.trumfosaur`, :mod:`herna.text.ugo`, :mod:`herna.text.kurnik`.

A game's words module has

- ``describe_event(event, viewer, voice)``: the full lines of one engine
  event as ``viewer`` (a seat or ``None``) sees it, from a table of event
  kind to catalog text, never a rule re-derived; ``brief_events(events,
  viewer, voice)``: the brief lines of each event (a list per event);
- ``render(view, seat, lang, labels=None, style=None)``: the whole table as
  blocks (lines and tables); ``status(view, seat, voice)``: the few lines
  at a seat's prompt; ``prompt_line(view, seat, voice, legal)``: what to do
  now in one short line;
- readouts ``(view, seat, voice) -> [block]``: ``hand_lines`` (may take
  ``mine=False``: each line names its seat, ``Seat 2's hand``),
  ``scores_lines``, ``last_lines``, and the game's own in ``READOUTS``
  (command -> function name: Ugo!'s ``kingdom``, Kurník's ``coops``);
- ``help_text(view, lang, style=None, legal=None, typed=True)``: what the decision of
  the moment means; ``action_label(action, view, voice)``: the words for a
  menu entry (a card's name; the code stays beside it where a person types
  it); ``card_names(lang, case)`` where the game has cards;
- ``deal_key(view)``: changes when a new deal or round starts;
  ``SECTIONS``: the parts of the game a history can jump to the start of;
  ``sheet_row(event)``: a score sheet's row; ``COMMAND_HELP``: what the
  commands show in this game's words (catalog message ids);

and may have ``free_prompt`` with ``parse_answer`` and ``refusal`` (a typed
answer instead of a long menu: Trumfosaur's master exchange) and
``new_deal_lines(view, seat, voice)`` (what the brief verbosity says at the
start of a deal: the new hand).
"""

from __future__ import annotations

from .events import VERBOSITIES, Said, brief_lines, event_lines, has_private_view, said, words
from .i18n import seat_kind, t, value_meaning, winners
from .spans import LOOKS, Block, Line, Span, Table, look, plain_lines
from .voice import Voice, clean

__all__ = ["VERBOSITIES", "Said", "brief_lines", "event_lines", "has_private_view", "said", "words", "seat_kind",
           "t", "value_meaning", "winners", "LOOKS", "Block", "Line", "Span", "Table", "look", "plain_lines",
           "Voice", "clean"]
