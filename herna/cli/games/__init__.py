"""Per-game terminal rendering, one module per game (``herna.cli.games.ugo``
and so on). Each module has

- ``render(view, seat, lang, labels=None, style=None)``: the whole table;
- ``describe_event(event, viewer, style)``: the sentences of one engine
  event (:meth:`herna.core.State.events`) as ``viewer`` (a seat or ``None``)
  sees it; a renderer that has it is driven by events only (its older
  ``describe(before, token, actor, after, lang, style=None)``, sentences
  about one action re-derived from views, goes);
- ``help_text(view, lang, style=None)``: what the decision of the moment means;
- ``status(view, seat, style)``: the few lines shown at a seat's prompt;
- ``hand_lines``, ``scores_lines``, ``last_lines`` ``(view, seat, style)``:
  the prompt's ``hand``, ``scores`` and ``last`` commands;
- ``deal_key(view)``: changes when a new deal or round starts;

and may have ``milestone`` (a summary at the end of a deal or round),
``action_label`` (words beside a menu entry), ``free_prompt`` with
``parse_answer`` (a typed answer instead of a long menu), ``private_news``
(what a seat learned privately since its last prompt) and ``remember`` (public
facts kept over a deal for ``milestone``). ``style`` is a
:class:`herna.cli.style.Style`.
"""

from __future__ import annotations

import importlib
from types import ModuleType


def renderer(game: str) -> ModuleType:
    """The rendering module of ``game``."""
    return importlib.import_module(f"herna.cli.games.{game}")


def describe(game: str, before: dict, token: str, actor, after: dict, lang: str, style=None) -> list[str]:
    """The game's sentences about one action, always as a list."""
    lines = renderer(game).describe(before, token, actor, after, lang, style=style)
    if not lines:
        return []
    return [lines] if isinstance(lines, str) else list(lines)
