"""Helpers shared by the arena tests."""

from __future__ import annotations


def record_line(index: int, bots: list, scores: list, winners: list, **extra) -> dict:
    """One line of a run file (:mod:`herna.arena.runner`) with what the
    summaries read: game ``index``, a bot spec per seat, scores, winners;
    length 1, no time; ``extra`` fields added."""
    return {"index": index, "bots": bots, "scores": scores, "winners": winners, "length": 1, "seconds": 0.0, **extra}
