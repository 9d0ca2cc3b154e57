"""``herna analyze --engine batch``: the balance report's games, batched.

:func:`run_batch_analysis` plays the base and every variant as
:func:`herna.arena.analyze.run_analysis` does (the same bots per seat,
rotated by game index, the same records' keys that the report reads), but
through a batched engine (:func:`herna.batch.engine`) with the batched bots
(:mod:`herna.batch.bots`, each called through
:func:`~herna.batch.bots.call_policy` with the public extras it names):
``B`` games at once, each slot of the batch
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
* **Record fields** (as the Python path's, per game :data:`READOUTS`).
  ``index``, ``variant``, ``options``, ``bots``, ``scores`` (the view's
  ``scores``: Trumfosaur's and Ugo!'s individual game totals, the engine's
  ``scores``; Kurník's hens), ``returns`` (the summed ``rewards``: the
  Python ``returns()``), ``winners`` (Trumfosaur, Ugo!: the seats with the
  best return, with teams both partners, T-7.2, Ugo!'s equal totals
  sharing the win, U-2.1; Kurník: the engine's ``winners``, K-1.4),
  ``length`` (in the game's ``length_unit``, as :meth:`State.period
  <herna.core.State.period>` at the end: Trumfosaur's deals, counted from
  the phase in the observation; Ugo!'s rounds, the round index in the
  final observation + 1; Kurník's turns, the engine's ``turn``), ``first``
  (option ``first_player``; Kurník: the engine's ``first``, rolled when
  the option is unset, K-2.1, as the Python view's ``first_player``) and
  ``seconds`` (the variant's wall time per game). No
  ``actions``/``digest``/history.

The engine runs without auto-reset, so a finished game keeps its final
``scores``; every ``chunk`` steps the finished slots are read out and
restarted (a slot that finished mid-chunk waits for the chunk's end).
"""

from __future__ import annotations

import dataclasses
import functools
import json
import time
from typing import Any, Callable, Sequence

import jax
import jax.numpy as jnp
import numpy as np

from herna.core import load

from . import engine
from .bots import call_policy, policy

Length = Callable[[jax.Array, jax.Array, jax.Array], jax.Array]
"""``count(before, after, length) -> length``: a game's record ``length``
(int32 ``(B,)``) after a step, from ``state.observation`` ``(B, n, D)``
before and after it."""


def _trumfosaur_final(state, lengths: jax.Array) -> dict[str, jax.Array]:
    """Trumfosaur's end of game: the engine's ``scores`` and the deals played (``deal_number``, from 1)."""
    return {"scores": state.scores, "length": state.deal_number}


def _ugo_final(state, lengths: jax.Array) -> dict[str, jax.Array]:
    """Ugo!'s end of game: the engine's ``scores`` and the rounds played (``round``, from 0, U-2.1)."""
    return {"scores": state.scores, "length": state.round + 1}


def _kurnik_final(state, lengths: jax.Array) -> dict[str, jax.Array]:
    """Kurník's end of game, from the public position as the Python record
    reads it: ``scores`` the hens (the view's ``scores``), ``winners`` the
    engine's (K-1.4; at the ``turn_limit`` guard every seat with the most
    hens), ``length`` the turns taken (``turn``: :meth:`State.period
    <herna.core.State.period>`, K-3.1) and ``first`` the first player (rolled,
    K-2.1, or the option)."""
    return {"scores": state.hens, "length": state.turn, "winners": state.winners, "first": state.first}


@dataclasses.dataclass(frozen=True)
class Readout:
    """How the driver plays and reads one game's records.

    ``observe``: :func:`herna.batch.engine`'s mode (``"all"``: the rows
    ``(B, n, D)`` the length counter reads; ``"current"``: ``(B, D)``, the
    acting seat's only). ``length``: ``(players, options) -> count``
    (:data:`Length`), run after every step, or ``None``. ``final(state,
    lengths)``: int arrays over the batch read from the finished state:
    ``scores`` ``(B, n)`` and ``length`` ``(B,)``, optionally ``winners``
    bool ``(B, n)`` (else the seats of best return) and ``first`` ``(B,)``
    (else the option ``first_player``)."""

    observe: str
    length: Callable[[int, dict], Length] | None
    final: Callable[..., dict[str, jax.Array]]


READOUTS: dict[str, Readout] = {
    "trumfosaur": Readout("current", None, _trumfosaur_final),
    "ugo": Readout("all", None, _ugo_final),
    "kurnik": Readout("current", None, _kurnik_final),
}
"""Per game, how the driver reads a record (its ``length`` in the game's ``length_unit``)."""

OBSERVATION_FREE = frozenset({"random"})
"""Batched bots that read no observation (only the legal mask): with only these the engine builds none."""

ANALYZED = tuple(READOUTS)
"""The games whose balance report runs on the batch path."""

DEFAULT_BATCH = 2048
"""Games played at once by default (a CPU's sweet spot; larger on an accelerator)."""


def check_batch(name: str, bots: Sequence[str], options: dict | None = None, variants: Sequence[dict] = ()) -> None:
    """``ValueError`` (saying what the batch path supports) for a game
    without a batched engine or balance report (``--engine batch: ...``),
    or a bot without a batched version (:data:`herna.batch.bots.POLICIES`)
    or that refuses the base ``options`` or a variant's (``{**options,
    **change}`` per change of ``variants``: the learned network's training
    options): ``--bots: ...``, as the Python path says it."""
    from . import SUPPORTED

    if name not in ANALYZED:
        what = "has a batched engine, but its balance report does not run on it yet" if name in SUPPORTED \
            else "has no batched engine"
        raise ValueError(f"--engine batch: {name} {what}; the batch path of analyze runs: "
                         + ", ".join(ANALYZED) + " (use --engine auto|compiled|python)")
    from herna.arena.analyze import VARIANT_HINT, variant_label

    for change in [{}, *variants]:
        table = load(name, **{**(options or {}), **change})
        for spec in dict.fromkeys(bots):
            try:
                policy(spec, name, table.num_players, table.options)
            except ValueError as error:
                if change:  # the bot is the one refused, so the message blames --bots, not the engine
                    raise ValueError(f"--bots: variant {variant_label(change, name)}: {error}; "
                                     f"{VARIANT_HINT}") from None
                raise ValueError(f"--bots: {error}") from None


class _Driver:
    """The jitted parts of one variant's run (one engine, one lineup)."""

    def __init__(self, name: str, options: dict, bots: Sequence[str], batch: int, chunk: int) -> None:
        readout = READOUTS[name]
        observe = readout.observe
        if observe != "all" and all(spec in OBSERVATION_FREE for spec in bots):
            observe = "none"  # the cheapest mode the bots need: random play reads only the mask
        self.env = env = engine(name, auto_reset=False, observe=observe, **options)
        self.players = n = env.num_players
        self.batch = batch
        self.specs = list(dict.fromkeys(bots))
        self.lineup = np.array([self.specs.index(b) for b in bots], np.int32)
        policies = [policy(spec, name, n, env.options) for spec in self.specs]
        count = readout.length(n, env.options) if readout.length else None
        k = len(bots)
        lineup = jnp.asarray(self.lineup)
        rows = jnp.arange(batch)

        def one_step(carry, key):
            state, rotation, lengths, returns = carry
            seat = jnp.clip(state.current_player, 0, n - 1)
            obs = state.observation if state.observation.ndim == 2 else state.observation[rows, seat]
            keys = jax.random.split(key, len(policies) + 1)
            if len(policies) == 1:
                action = call_policy(policies[0], state, obs, keys[1])
            else:
                choices = jnp.stack([call_policy(p, state, obs, keys[i + 1]) for i, p in enumerate(policies)])
                which = lineup[(seat - rotation) % k]  # rotate(): seat s plays bots[(s - r) % k]
                action = choices[which, rows]
            before = state.observation
            state = env.step(state, action, keys[0])
            if count is not None:
                lengths = count(before, state.observation, lengths)
            return (state, rotation, lengths, returns + state.rewards), None

        def run_chunk(carry, key):
            carry, _ = jax.lax.scan(one_step, carry, jax.random.split(key, chunk))
            return carry

        def merge(fresh, state, done):
            return jax.tree_util.tree_map(
                lambda a, b: jnp.where(done.reshape((-1,) + (1,) * (a.ndim - 1)), a, b), fresh, state)

        self.final = jax.jit(readout.final)
        self.run_chunk = jax.jit(run_chunk)
        self.init = jax.jit(lambda key: env.init(key, batch))
        self._merge = jax.jit(merge)

    def restart(self, state: Any, done: jax.Array, key: jax.Array) -> Any:
        """``state`` with the games where ``done`` replaced by new ones dealt
        from ``key``: the compiled :attr:`init` and a small compiled merge, so
        the engine's ``init`` is compiled once a driver, not twice (Kurník's
        loop: tens of seconds on a CPU)."""
        return self._merge(self.init(key), state, done)


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
            final = {key_: np.asarray(v)[slots] for key_, v in driver.final(state, lengths).items()}
            rets = np.asarray(returns)[slots]
            for j, (slot, ret) in enumerate(zip(slots, rets)):
                index = int(played[slot] * batch + slot)
                won = final["winners"][j] if "winners" in final else ret == ret.max()
                records.append({"index": index, "variant": variant, "options": options,
                                "bots": lineups[index % k], "scores": [int(v) for v in final["scores"][j]],
                                "returns": [float(v) for v in ret],
                                "winners": [s for s in range(players) if won[s]],
                                "length": int(final["length"][j]),
                                "first": int(final["first"][j]) if "first" in final else first,
                                "seconds": 0.0})
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

    check_batch(name, bots, options, variants)
    base = load(name, **options)
    configs: list[tuple[dict, dict]] = [({}, base.options)]
    for change in variants:
        configs.append((change, load(name, **{**base.options, **change}).options))
    lineups = variant_lineups(name, base.options, bots, variants)
    results = []
    for v, ((change, opts), lineup) in enumerate(zip(configs, lineups)):
        records = play_variant(name, opts, lineup, n, seed, v, batch_size=batch_size, progress=progress)
        results.append((change, opts, records))
    return results


__all__ = ["ANALYZED", "DEFAULT_BATCH", "READOUTS", "Readout", "check_batch", "play_variant", "run_batch_analysis"]
