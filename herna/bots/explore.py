"""Exploring bots: a bot that sometimes takes the choices a variant adds.

A variant's new choice can be one that a sensible player never makes.
Kurník's dead rooster (K-9.2) is the case in point: a rooster costs 5 of
the 9 hens a player needs (K-1.4, K-6.2) and stops at most three thefts,
and no rule for buying it that was tried wins more often than never
buying it (measured with ``greedy`` seats, 2,000 games each, 4 players:
buying at 6 hens or fewer drops the buyer's win share from 0.25 to
0.06; only when the supply holds 20 hens or fewer, to 0.12; the same
with ``six_six=fox`` and with 5 players; see ``docs/bot-strength.md``). So the
``greedy``, ``expectimax`` and ``ismcts`` bots consider the purchase at
every turn and decline it, and a balance report with them alone says the
variant changed no game, which is true of careful players but tells a
designer nothing about what the variant does when it is used.

``BOT+explore`` (``greedy+explore``, ``expectimax+explore=0.1``) wraps any
bot: at a decision where an action of a kind the game's options add is
legal (:meth:`herna.core.GameRecord.added_action_kinds`: the rooster
purchase, rob one, the master exchange), it takes one of those actions,
drawn uniformly, with probability ``rate`` (default
:data:`EXPLORE_RATE`); otherwise, and always in the base game (which
adds no kind), it plays as the wrapped bot. Its own generator is seeded
from the bot's seed and drawn from only at such decisions, so in a game
without added kinds it plays move for move as the wrapped bot.
``herna analyze`` seats ``greedy+explore`` by default.
"""

from __future__ import annotations

import math
import random

from herna.core import Game, action_kind, record

from .base import Bot, Observation

EXPLORE_RATE = 0.05
"""Default chance of taking an added action where one is legal."""


def parse_explore(spec: str) -> tuple[str, float | None]:
    """``"greedy+explore=0.1"`` -> ``("greedy", 0.1)``; a spec without
    ``+explore`` -> ``(spec, None)``; ``+explore`` alone: the default rate.
    ``ValueError`` for a rate that is not a number in (0, 1]."""
    base, sep, tail = spec.rpartition("+explore")
    if not sep or not base:
        return spec, None
    if not tail:
        return base, EXPLORE_RATE
    if not tail.startswith("="):
        raise ValueError(f"{spec!r}: write BOT+explore or BOT+explore=RATE (a share, e.g. 0.05)")
    try:
        rate = float(tail[1:])
    except ValueError:
        rate = math.nan
    if not 0 < rate <= 1:
        raise ValueError(f"{spec!r}: the explore rate must be a number above 0 and at most 1, not {tail[1:]!r}")
    return base, rate


class ExploringBot(Bot):
    """``inner``, but with probability ``rate`` an action of a kind the
    game's options add (see the module docstring)."""

    def __init__(self, game: Game, seat: int, inner: Bot, rate: float = EXPLORE_RATE,
                 seed: int | None = None) -> None:
        super().__init__(game, seat, seed)
        self.inner = inner
        self.rate = rate
        self.kinds = frozenset(record(game.name).added_action_kinds(game.options))
        self.name = f"{inner.name}+explore"
        self.rng = random.Random(None if seed is None else f"explore:{seed}")

    def choose(self, observation: Observation) -> int:
        if self.kinds:
            added = [a for a, s in zip(observation.legal_actions, observation.action_strings)
                     if action_kind(s) in self.kinds]
            if added and len(added) < len(observation.legal_actions) and self.rng.random() < self.rate:
                return self.rng.choice(added)
        return self.inner.choose(observation)
