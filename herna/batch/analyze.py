"""``herna analyze --engine batch``: the balance report's games, batched.

:func:`run_batch_analysis` plays the base and every variant as
:func:`herna.arena.analyze.run_analysis` does (the same bots per seat,
rotated by game index, the same records' keys that the report reads), but
through a batched engine (:func:`herna.batch.make`) with the batched bots
(:mod:`herna.batch.bots`): ``B`` games at once, each slot of the batch
playing its share of the games one after the other.

* **No length bias.** Slot ``b`` plays games ``b, b + B, b + 2B, ...`` (its
  quota, ``n / B`` games) and every one of them is kept, whatever its length;
  a run does not stop at the first ``n`` games to finish (that would favour
  short games). Game ``i``'s bots are ``rotate(bots, i % k)``, as in the
  Python path.
* **Not paired across variants.** The Python path plays game ``i`` of every
  variant from the same chance seed, so it can count the games a variant
  changed; here each variant draws its own deals (independent samples, which
  the effect intervals assume anyway), so ``changed_games`` is ``None``.
* **Record fields.** ``index``, ``variant``, ``options``, ``bots``,
  ``scores`` (individual game totals, the engine's ``scores``), ``returns``
  (the summed ``rewards``), ``winners`` (the seats with the best return: with
  teams both partners, T-7.2; Ugo!'s equal totals share the win, U-2.1),
  ``length`` (in the game's ``length_unit``, as :meth:`State.period
  <herna.core.State.period>` at the end: Trumfosaur's deals, counted from
  the phase in the observation; Ugo!'s rounds, the round index in the
  final observation + 1), ``first`` (option ``first_player``) and
  ``seconds`` (the variant's wall time per game). No
  ``actions``/``digest``/history.

The engine runs without auto-reset, so a finished game keeps its final
``scores``; every ``chunk`` steps the finished slots are read out and
restarted (a slot that finished mid-chunk waits for the chunk's end).
"""

from __future__ import annotations

import functools
import json
import time
from typing import Callable, Sequence

import jax
import jax.numpy as jnp
import numpy as np

from herna.core import load
from herna.games.trumfosaur.constants import Phase

from . import make
from .bots import TrumfosaurLayout, policy

Length = Callable[[jax.Array, jax.Array, jax.Array], jax.Array]
"""``count(before, after, length) -> length``: a game's record ``length``
(int32 ``(B,)``) after a step, from ``state.observation`` ``(B, n, D)``
before and after it."""


def _trumfosaur_length(players: int, options: dict) -> Length:
    """Deals: one more each time the phase leaves play for a new deal or the end."""
    at = TrumfosaurLayout(players).phase
    playing = jnp.array([int(Phase.PLAY), int(Phase.WINDOW)])
    starting = jnp.array([int(Phase.EXCHANGE), int(Phase.INVITE), int(Phase.OVER)])

    def count(before: jax.Array, after: jax.Array, length: jax.Array) -> jax.Array:
        def phase(obs):
            return jnp.argmax(obs[:, 0, at:at + 7], axis=1)

        return length + (jnp.isin(phase(before), playing) & jnp.isin(phase(after), starting))

    return count


def _ugo_length(players: int, options: dict) -> Length:
    """Rounds: the round in play, from 1 (U-2.1; at the end, all of them)."""
    from .bots_ugo import UgoLayout

    at = UgoLayout(players).round
    rounds = options["rounds"]

    def count(before: jax.Array, after: jax.Array, length: jax.Array) -> jax.Array:
        return jnp.round(after[:, 0, at] * rounds).astype(jnp.int32) + 1

    return count


LENGTHS: dict[str, Callable[[int, dict], Length]] = {"trumfosaur": _trumfosaur_length, "ugo": _ugo_length}
"""Per game, how the driver counts a record's ``length`` from the observation."""

ANALYZED = tuple(LENGTHS)
"""The games whose balance report runs on the batch path."""

DEFAULT_BATCH = 2048
"""Games played at once by default (a CPU's sweet spot; larger on an accelerator)."""


def check_batch(name: str, bots: Sequence[str]) -> None:
    """``ValueError`` (saying what the batch path supports) for a game
    without a batched engine or balance report (Kurník, so far) or a bot
    without a batched version (Ugo!'s greedy, so far: see
    :mod:`herna.batch.bots_ugo`)."""
    from . import SUPPORTED

    if name not in ANALYZED:
        what = "has a batched engine, but its balance report does not run on it yet" if name in SUPPORTED \
            else "has no batched engine"
        raise ValueError(f"--engine batch: {name} {what}; the batch path of analyze runs: "
                         + ", ".join(ANALYZED) + " (use --engine auto|compiled|python)")
    players = load(name).num_players
    for spec in dict.fromkeys(bots):
        try:
            policy(spec, name, players)
        except ValueError as error:
            raise ValueError(f"--engine batch: {error}") from None


class _Driver:
    """The jitted parts of one variant's run (one engine, one lineup)."""

    def __init__(self, name: str, options: dict, bots: Sequence[str], batch: int, chunk: int) -> None:
        self.env = env = make(name, auto_reset=False, **options)
        self.players = n = env.num_players
        self.batch = batch
        self.specs = list(dict.fromkeys(bots))
        self.lineup = np.array([self.specs.index(b) for b in bots], np.int32)
        policies = [policy(spec, name, n) for spec in self.specs]
        count = LENGTHS[name](n, env.options)
        k = len(bots)
        lineup = jnp.asarray(self.lineup)
        rows = jnp.arange(batch)

        def one_step(carry, key):
            state, rotation, lengths, returns = carry
            seat = jnp.clip(state.current_player, 0, n - 1)
            obs = state.observation[rows, seat]
            mask = state.legal_action_mask
            keys = jax.random.split(key, len(policies) + 1)
            if len(policies) == 1:
                action = policies[0](obs, mask, keys[1])
            else:
                choices = jnp.stack([p(obs, mask, keys[i + 1]) for i, p in enumerate(policies)])
                which = lineup[(seat - rotation) % k]  # rotate(): seat s plays bots[(s - r) % k]
                action = choices[which, rows]
            before = state.observation
            state = env.step(state, action, keys[0])
            lengths = count(before, state.observation, lengths)
            return (state, rotation, lengths, returns + state.rewards), None

        def run_chunk(carry, key):
            carry, _ = jax.lax.scan(one_step, carry, jax.random.split(key, chunk))
            return carry

        def restart(state, done, key):
            fresh = env.init(key, batch)
            return jax.tree_util.tree_map(
                lambda a, b: jnp.where(done.reshape((-1,) + (1,) * (a.ndim - 1)), a, b), fresh, state)

        self.run_chunk = jax.jit(run_chunk)
        self.restart = jax.jit(restart)
        self.init = jax.jit(lambda key: env.init(key, batch))


@functools.lru_cache(maxsize=8)
def _driver(name: str, options: str, bots: tuple, batch: int, chunk: int) -> _Driver:
    """A compiled driver, kept for the next run of the same settings (compiling takes seconds)."""
    return _Driver(name, json.loads(options), bots, batch, chunk)


def play_variant(name: str, options: dict, bots: Sequence[str], n: int, seed: int, variant: int = 0,
                 batch_size: int = DEFAULT_BATCH, chunk: int = 16,
                 progress: Callable[[int], None] | None = None) -> list[dict]:
    """The records (sorted by ``index``, module docstring) of ``n`` games of
    ``name`` with ``options`` and ``bots`` (one spec per seat, rotated),
    played ``batch_size`` at a time from ``seed`` (and ``variant``).
    ``progress(k)``: ``k`` more games done."""
    k = len(bots)
    batch = max(1, min(batch_size, n))
    driver = _driver(name, json.dumps(options, sort_keys=True), tuple(bots), batch, chunk)
    players = driver.players
    quota = np.full(batch, n // batch) + (np.arange(batch) < n % batch)
    played = np.zeros(batch, np.int64)  # games finished (and kept) per slot
    key = jax.random.fold_in(jax.random.key(seed), variant)
    key, sub = jax.random.split(key)
    state = driver.init(sub)
    lengths = jnp.zeros(batch, jnp.int32)
    returns = jnp.zeros((batch, players), jnp.float32)
    lineups = [list(bots[(s - r) % k] for s in range(players)) for r in range(k)]
    first = options.get("first_player", 0)
    records: list[dict] = []
    started = time.perf_counter()
    while (played < quota).any():
        rotation = jnp.asarray(((played * batch + np.arange(batch)) % k).astype(np.int32))
        key, run_key, reset_key = jax.random.split(key, 3)
        state, _, lengths, returns = driver.run_chunk((state, rotation, lengths, returns), run_key)
        keep = np.asarray(state.terminated) & (played < quota)
        if keep.any():
            slots = np.nonzero(keep)[0]
            scores = np.asarray(state.scores)[slots]
            rets = np.asarray(returns)[slots]
            done_lengths = np.asarray(lengths)[slots]
            for slot, sc, ret, length in zip(slots, scores, rets, done_lengths):
                index = int(played[slot] * batch + slot)
                best = ret.max()
                records.append({"index": index, "variant": variant, "options": options,
                                "bots": lineups[index % k], "scores": [int(v) for v in sc],
                                "returns": [float(v) for v in ret],
                                "winners": [s for s in range(players) if ret[s] == best],
                                "length": int(length), "first": first, "seconds": 0.0})
            if progress:
                progress(len(slots))
        else:
            continue
        played += keep
        done_j = jnp.asarray(keep & (played < quota))  # a slot past its quota stays finished
        state = driver.restart(state, done_j, reset_key)
        lengths = jnp.where(done_j, 0, lengths)
        returns = jnp.where(done_j[:, None], 0.0, returns)
    seconds = (time.perf_counter() - started) / max(n, 1)
    for record in records:
        record["seconds"] = seconds
    records.sort(key=lambda r: r["index"])
    return records


def run_batch_analysis(name: str, options: dict, bots: Sequence[str], n: int, variants: Sequence[dict],
                       seed: int = 0, batch_size: int = DEFAULT_BATCH,
                       progress: Callable[[int], None] | None = None) -> list[tuple[dict, dict, list[dict]]]:
    """As :func:`herna.arena.analyze.run_analysis` (``[(change, options,
    records), ...]``, the base first), on the batched engine. ``ValueError``
    for a game or bot the batch path lacks (:func:`check_batch`), or bad
    options or lineups, before any game."""
    from herna.arena.analyze import variant_lineups

    check_batch(name, bots)
    base = load(name, **options)
    configs = [({}, base.options)]
    for change in variants:
        configs.append((change, load(name, **{**base.options, **change}).options))
    lineups = variant_lineups(name, base.options, bots, variants)
    results = []
    for v, ((change, opts), lineup) in enumerate(zip(configs, lineups)):
        records = play_variant(name, opts, lineup, n, seed, v, batch_size=batch_size, progress=progress)
        results.append((change, opts, records))
    return results


__all__ = ["DEFAULT_BATCH", "check_batch", "play_variant", "run_batch_analysis"]
