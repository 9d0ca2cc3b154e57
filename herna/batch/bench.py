"""Speed of the batched engines: random-policy actions per second.

:func:`bench_trumfosaur` runs ``steps`` batched steps of a uniformly random
masked policy (:func:`uniform_legal`: hashed priorities from one random
word per game) inside one jitted ``jax.lax.scan`` at each batch
size, auto-reset on, and reports the
compile time (lowering + XLA compilation, measured apart) and the steady
throughput (a second, compiled run):

* ``actions_per_s``: decisions taken per second, ``batch_size * steps / time``
  (each step is one real decision per game; forced plays the engine applies
  by itself and the deals are not counted, as in the Python engine's
  ``herna bench`` they are).

Games per second are not reported: the games of a batch start together, so
over 100 steps few of them end (a 4-player game is about 220 decisions);
divide ``actions_per_s`` by the decisions per game instead.

:func:`bench_ugo` measures Ugo! (:mod:`herna.batch.ugo`) and :func:`bench_kurnik`
Kurník (:mod:`herna.batch.kurnik`) the same way.

Run: ``python -m herna.batch.bench [ugo|kurnik] [batch sizes ...]`` and, for
Trumfosaur, ``[--observe=all,current,none] [--master=0,1] [--sampler=uniform|categorical]``.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any


def uniform_legal(key: Any, mask: Any) -> Any:
    """A random legal action of each game: ``mask`` bool ``(B, A)`` (at
    least one legal action per row), int32 ``(B,)``: the legal id with the
    highest priority, priorities hashed from one random word per game and
    the action id (murmur3's 32-bit finaliser), so uniform over the legal
    actions up to the hash's quality. ``jax.random.categorical`` over masked
    logits draws a random number per action id (103 or 1379 a game) and a
    cumulative sum is slow in XLA on a CPU: either costs more than the step.

    The id rides in the low bits of its priority (the hash's top bits above
    it), so one plain ``max`` finds both: an ``argmax`` (a reduction over
    value and index pairs) is several times slower in XLA on a CPU. Two
    legal ids whose top bits tie (about 1 in 2**24 per pair for 103 ids,
    2**20 for 1379) go to the higher id."""
    import jax
    import jax.numpy as jnp

    u32 = jnp.uint32
    width = max(1, (mask.shape[1] - 1).bit_length())
    ids = jnp.arange(mask.shape[1], dtype=u32)
    h = jax.random.bits(key, mask.shape[:1], u32)[:, None] ^ (ids * u32(0x9E3779B9))
    h = (h ^ (h >> 16)) * u32(0x85EBCA6B)
    h = (h ^ (h >> 13)) * u32(0xC2B2AE35)
    h = h ^ (h >> 16)
    priority = jnp.where(mask, ((h >> (width + 1)) << width) | ids | u32(0x80000000), u32(0))
    return (priority.max(axis=1) & u32((1 << width) - 1)).astype(jnp.int32)


def bench_trumfosaur(batch_sizes: tuple[int, ...] = (1024, 4096, 16384), steps: int = 100, seed: int = 0,
                     observe: str = "all", sampler: str = "uniform", **options: Any) -> list[dict]:
    """For each batch size: ``{"batch_size", "observe", "master", "sampler", "steps",
    "compile_s", "run_s", "actions_per_s"}`` (seconds of wall time).
    ``observe`` is :func:`herna.batch.engine`'s (``"all"``: every seat's
    observation at every step, as before the option existed); ``options``
    are Trumfosaur options (default: 4 players, as ``herna bench``).
    ``sampler``: ``"uniform"`` (:func:`uniform_legal`) or ``"categorical"``
    (``jax.random.categorical`` over masked logits, as the bench did
    before 2026-12-02's speed-up: its rows are not comparable)."""
    from herna.batch import engine

    options = {"players": 4, **options}
    env = engine("trumfosaur", observe=observe, **options)
    return [{"batch_size": row["batch_size"], "observe": observe, "master": bool(env.master), **row}
            for row in _bench_env(env, batch_sizes, steps, seed, sampler)]


def bench_ugo(batch_sizes: tuple[int, ...] = (1024, 4096, 16384), steps: int = 100, seed: int = 0,
              sampler: str = "uniform", **options: Any) -> list[dict]:
    """:func:`bench_trumfosaur` for Ugo! (:mod:`herna.batch.ugo`): for each
    batch size ``{"batch_size", "sampler", "steps", "compile_s", "run_s",
    "actions_per_s"}``, the same random masked policy in one jitted
    ``lax.scan``, auto-reset on. ``options`` are Ugo! options (default: 4
    players, 4 rounds, as ``herna bench``). Forced decisions and deals are
    not counted."""
    from herna.batch import engine

    return _bench_env(engine("ugo", **{"players": 4, **options}), batch_sizes, steps, seed, sampler)


def bench_kurnik(batch_sizes: tuple[int, ...] = (1024, 4096, 16384), steps: int = 100, seed: int = 0,
                 sampler: str = "uniform", **options: Any) -> list[dict]:
    """:func:`bench_ugo` for Kurník (:mod:`herna.batch.kurnik`, ``observe="none"``):
    the same rows; ``options`` are Kurník options (default: 4 players).
    Forced decisions and the dice are not counted."""
    from herna.batch import engine

    return _bench_env(engine("kurnik", observe="none", **{"players": 4, **options}), batch_sizes, steps, seed, sampler)


def _bench_env(env: Any, batch_sizes: tuple[int, ...], steps: int, seed: int, sampler: str) -> list[dict]:
    """The measurement of :func:`bench_trumfosaur` and :func:`bench_ugo` on
    a made ``env``: for each batch size ``{"batch_size", "sampler", "steps",
    "compile_s", "run_s", "actions_per_s"}``. ``sampler``: ``"uniform"``
    (:func:`uniform_legal`) or ``"categorical"`` (``jax.random.categorical``
    over masked logits); ``ValueError`` for another."""
    if sampler not in ("uniform", "categorical"):
        raise ValueError(f"sampler must be 'uniform' or 'categorical', not {sampler!r}")
    import jax
    import jax.numpy as jnp

    out = []
    for batch in batch_sizes:
        def run(state, key):
            def body(carry, key):
                k1, k2 = jax.random.split(key)
                if sampler == "categorical":
                    action = jax.random.categorical(k1, jnp.where(carry.legal_action_mask, 0.0, -jnp.inf))
                else:
                    action = uniform_legal(k1, carry.legal_action_mask)
                return env.step(carry, action, k2), None

            return jax.lax.scan(body, state, jax.random.split(key, steps))[0]

        key = jax.random.key(seed)
        if getattr(env, "compiles_its_loop", False):  # Kurník's init is compiled code: shared with every call
            state = env.init(key, batch)
        else:
            state = jax.jit(env.init, static_argnums=1)(key, batch)
        jax.block_until_ready(state)
        started = time.perf_counter()
        compiled = jax.jit(run).lower(state, key).compile()
        compile_s = time.perf_counter() - started
        state = compiled(state, jax.random.key(seed + 1))  # warm-up: games under way, caches filled
        jax.block_until_ready(state)
        started = time.perf_counter()
        state = compiled(state, jax.random.key(seed + 2))
        jax.block_until_ready(state)
        run_s = time.perf_counter() - started
        out.append({"batch_size": batch, "sampler": sampler, "steps": steps,
                    "compile_s": round(compile_s, 2), "run_s": round(run_s, 3),
                    "actions_per_s": round(batch * steps / run_s)})
    return out


def reference_rows(seconds: float = 2.0, **options: Any) -> list[dict]:
    """The references of ``herna bench --batch``, measured in the same run:
    ``[{"engine", "actions_per_s"}]`` for herna's Trumfosaur on one state in
    a Python loop, on the compiled engine (where it is built) and on the
    Python engine (``options`` as for :func:`bench_trumfosaur`), and, where
    OpenSpiel is installed, its C++ Hearts through the same loop
    (:func:`herna.interop.bench.random_playouts`; players' decisions per
    second, counted as :func:`bench_trumfosaur` counts them). Hearts, when
    there, is the last row."""
    import herna
    from herna.core import engines
    from herna.interop.bench import random_playouts

    def decisions_per_second(new_state: Any) -> int:
        return round(random_playouts(new_state, seconds)["decisions_per_second"])

    rows = []
    for engine in ("compiled", "python"):
        if engine == "compiled" and not engines.available("trumfosaur"):
            continue
        game = herna.load("trumfosaur", engine=engine, **{"players": 4, **options})
        rows.append({"engine": f"herna Trumfosaur, {engine} engine, one state",
                     "actions_per_s": decisions_per_second(game.new_initial_state)})
    try:
        import pyspiel
    except ImportError:
        return rows
    hearts = pyspiel.load_game("hearts")
    rows.append({"engine": "OpenSpiel C++ Hearts, one state",
                 "actions_per_s": decisions_per_second(hearts.new_initial_state)})
    return rows


def kurnik_reference(seconds: float = 2.0, **options: Any) -> dict | None:
    """The one-state reference of :func:`bench_kurnik`, measured as
    :func:`reference_rows` measures Trumfosaur's: ``{"engine",
    "actions_per_s"}`` for herna's Kurník (``options``; default 4 players)
    on the compiled engine in a Python loop, or ``None`` where the compiled
    engine is not built. The batched engine's target is at least this at
    batch 16k (issue 26)."""
    import herna
    from herna.core import engines
    from herna.interop.bench import random_playouts

    if not engines.available("kurnik"):
        return None
    game = herna.load("kurnik", engine="compiled", **{"players": 4, **options})
    return {"engine": "herna Kurník, compiled engine, one state",
            "actions_per_s": round(random_playouts(game.new_initial_state, seconds)["decisions_per_second"])}


def main(argv: list[str] | None = None) -> None:
    """Print :func:`bench_trumfosaur` as JSON lines: each ``observe`` mode,
    without and with the master version; with a first argument ``ugo`` or
    ``kurnik``, :func:`bench_ugo` or :func:`bench_kurnik`. Arguments: batch sizes, and for Trumfosaur optionally
    ``--observe=MODE[,MODE]`` / ``--master=0,1`` to measure fewer rows."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in ("ugo", "kurnik"):
        measure = bench_ugo if args[0] == "ugo" else bench_kurnik
        for row in measure(tuple(int(a) for a in args[1:]) or (1024, 4096, 16384)):
            print(json.dumps(row), flush=True)
        return
    modes, masters, sampler = ["all", "current", "none"], [False, True], "uniform"
    for a in [a for a in args if a.startswith("--")]:
        args.remove(a)
        name, _, value = a[2:].partition("=")
        if name == "observe":
            modes = value.split(",")
        elif name == "sampler":
            sampler = value
        elif name == "master":
            masters = [bool(int(v)) for v in value.split(",")]
        else:
            raise SystemExit(f"unknown option {a!r}")
    sizes = tuple(int(a) for a in args) or (1024, 4096, 16384)
    for master in masters:
        for mode in modes:
            for row in bench_trumfosaur(sizes, observe=mode, sampler=sampler, master=master):
                print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
