"""Per-game terminal rendering, one module per game, named by the game's
record (``renderer``; ``herna.cli.games.ugo`` and so on). Each module has

- ``render(view, seat, lang, labels=None, style=None)``: the whole table;
- ``describe_event(event, viewer, style)``: the sentences of one engine
  event (:meth:`herna.core.State.events`) as ``viewer`` (a seat or ``None``)
  sees it: a table from event kind to catalog text, never a rule re-derived;
- ``help_text(view, lang, style=None, legal=None)``: what the decision of the
  moment means (``legal``: the legal action strings, where it takes them);
- ``status(view, seat, style)``: the few lines shown at a seat's prompt;
- ``hand_lines``, ``scores_lines``, ``last_lines`` ``(view, seat, style)``:
  the prompt's ``hand``, ``scores`` and ``last`` commands (``hand_lines``
  may take ``mine=False``: each line names its seat, ``Seat 2's hand``, for
  ``herna replay --all-cards``);
- ``deal_key(view)``: changes when a new deal or round starts;

and may have ``action_label`` (words beside a menu entry; in Czech also
beside an action string that is an English word, ``roll  (hodit
kostkami)``), ``free_prompt`` with ``parse_answer`` (a typed answer instead
of a long menu), ``private_news`` (what a seat learned privately since its
last prompt) and ``COMMAND_HELP`` (what ``hand``, ``last``, ``scores`` show
in this game's words, catalog message ids: Kurník's ``hand`` is the coop).
``style`` is a :class:`herna.cli.style.Style`.
"""

from __future__ import annotations

from types import ModuleType

from herna.core import record


def renderer(game: str) -> ModuleType:
    """The rendering module of ``game``: the module its record names in
    ``renderer`` (:class:`herna.core.GameRecord`). ``ValueError`` for an
    unknown game."""
    return record(game).load("renderer")
