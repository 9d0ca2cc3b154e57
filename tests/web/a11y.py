"""Helpers of the screen-reader tests (issue 24): what a page's live
regions said, recorded in the page itself, and the figures of it.

The recorder (:data:`RECORDER`, an init script) watches the game log
(``#log-list``, a polite ``role="log"`` region) and the on-demand region
(``#speak``, assertive): every item the log appends while its region is
live is one *announcement* (the log writes its history with
``aria-live="off"``: not said); every text ``#speak`` gets is one answer
to a key. Read with :func:`spoken` and :func:`answers`."""

from __future__ import annotations

import math
import re
import statistics
from dataclasses import dataclass
from typing import Any

from .pw import WAIT_MS

RECORDER = """
(() => {
  window.__said = [];
  window.__answers = [];
  const watch = () => {
    const list = document.getElementById('log-list');
    const region = document.getElementById('log');
    const speak = document.getElementById('speak');
    if (!list || !speak) { requestAnimationFrame(watch); return; }
    new MutationObserver((records) => {
      if (region.getAttribute('aria-live') === 'off') return;
      for (const r of records) for (const node of r.addedNodes) {
        if (node.nodeType === 1 && node.tagName === 'LI') window.__said.push(node.textContent);
      }
    }).observe(list, { childList: true });
    new MutationObserver(() => {
      const text = speak.textContent;
      if (text) window.__answers.push(text);
    }).observe(speak, { childList: true, characterData: true, subtree: true });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', watch); else watch();
})();
"""
"""Init script: records the live regions' announcements in ``window.__said`` and ``window.__answers``."""


def spoken(page: Any) -> list[str]:
    """The announcements of the game log so far (module docstring)."""
    return page.evaluate("window.__said.slice()")


def answers(page: Any) -> list[str]:
    """The answers said in the on-demand region so far."""
    return page.evaluate("window.__answers.slice()")


def press(page: Any, key: str, timeout: float = WAIT_MS) -> str:
    """Press ``key`` and return the answer it got said (the next text of ``#speak``)."""
    before = len(answers(page))
    page.keyboard.press(key)
    page.wait_for_function(f"() => window.__answers.length > {before}", timeout=timeout)
    return answers(page)[before]


@dataclass
class Figures:
    """Announcements of one game: how many, per own move, characters (mean, 90th percentile, longest, per own move)."""

    announcements: int
    own_moves: int
    per_move: float
    mean: float
    p90: int
    longest: int
    chars_per_move: float

    def line(self) -> str:
        return (f"{self.announcements} announcements, {self.own_moves} own moves, {self.per_move:.2f} per move, "
                f"characters mean {self.mean:.0f}, p90 {self.p90}, max {self.longest}, "
                f"{self.chars_per_move:.0f} per own move")


def figures(items: list[str], own_moves: int) -> Figures:
    """The figures of ``items`` (the 90th percentile: the nearest rank)."""
    lengths = sorted(len(item) for item in items)
    p90 = lengths[max(0, math.ceil(0.9 * len(lengths)) - 1)] if lengths else 0
    return Figures(len(items), own_moves, len(items) / max(1, own_moves),
                   statistics.fmean(lengths) if lengths else 0.0, p90, lengths[-1] if lengths else 0,
                   sum(lengths) / max(1, own_moves))


def codes_in(text: str, names: dict[str, str]) -> list[str]:
    """The card codes (keys of ``names``, e.g. ``SAX6``, ``red5``) written in ``text`` as codes."""
    if not names:
        return []
    pattern = re.compile(r"\b(?:" + "|".join(sorted(map(re.escape, names), key=len, reverse=True)) + r")\b")
    return pattern.findall(text)
