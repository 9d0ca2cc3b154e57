"""Batched engines for accelerators, in JAX (GUIDE.md: ``herna/batch/``).

``env = herna.batch.make(game, **options)`` gives a pgx-style environment
with pure ``env.init(key, batch_size)`` and ``env.step(state, action, key)``
that run under ``jax.jit`` and ``jax.vmap``. Each is a second implementation
of the Python engine's rules, proved the same game by a differential test.

Batched bots (pure JAX policies on the observation and the legal mask) are
in :mod:`herna.batch.bots`; ``herna analyze --engine batch`` plays its games
here (:mod:`herna.batch.analyze`).

So far: Trumfosaur (:mod:`herna.batch.trumfosaur`), Ugo!
(:mod:`herna.batch.ugo`) and Kurník (:mod:`herna.batch.kurnik`), each
with every option. JAX
is the optional extra ``herna[batch]``; importing this package
does not import JAX, :func:`make` does.
"""

from __future__ import annotations

from typing import Any

SUPPORTED = {"trumfosaur": "every option: players 2-5, master, teams, target_score, first_player",
             "ugo": "every option: players 2-4, rounds, first_player, farmers, low_card_farmers",
             "kurnik": "every option: players 2-5, first_player, rough_thief, dead_rooster, missing_hens, "
                       "six_six, supply_eggs/chicks/hens/roosters, turn_limit"}
"""The games :func:`make` knows, with the options each supports."""


def make(game: str, *, auto_reset: bool = True, observe: str = "all", **options: Any):
    """A batched engine of ``game`` with the Python engine's ``options``
    (validated as by :func:`herna.load`: defaults filled, bad values refused).

    ``auto_reset``: a game that ends at a step is replaced, in the same step,
    by a new game dealt from the step's key; the returned state keeps
    ``terminated`` and ``rewards`` of the game that ended (pgx's convention).
    Without it a finished game stays finished.

    ``observe``: what ``state.observation`` holds after each step: ``"all"``
    (default) every seat's observation tensor, ``(n, D)`` per game;
    ``"current"`` only the row of the seat to act, ``(D,)``; ``"none"``
    nothing (shape ``(0,)``), the fastest. In every mode
    ``env.observe(state, seat)`` computes a seat's tensor on request.
    Ugo!'s engine has ``"all"`` only (another mode raises ``ValueError``);
    Kurník's dice are drawn inside ``init``/``step`` (K-2.1, K-4).

    Raises ``ValueError`` for a game without a batched engine (naming what
    is supported) or for a bad option (the Python engine's message).
    ``ImportError`` (saying to install ``herna[batch]``) without JAX.

    >>> env = make("trumfosaur", players=4)            # doctest: +SKIP
    >>> state = env.init(jax.random.key(0), batch_size=1024)  # doctest: +SKIP
    """
    if game not in SUPPORTED:
        raise ValueError(f"no batched engine for game {game!r}; herna.batch supports: "
                         + "; ".join(f"{k} ({v})" for k, v in SUPPORTED.items()))
    from herna.core import load

    validated = load(game, **options).options
    Env: Any  # the game's environment class
    try:
        if game == "ugo":
            from .ugo import UgoEnv as Env
        elif game == "kurnik":
            from .kurnik import KurnikEnv as Env
        else:
            from .trumfosaur import TrumfosaurEnv as Env
    except ImportError as error:  # pragma: no cover - depends on the environment
        raise ImportError(f"herna.batch needs JAX: pip install 'herna[batch]' ({error})") from error
    if not isinstance(auto_reset, bool):
        raise ValueError(f"auto_reset must be True or False, not {auto_reset!r}")
    if observe not in ("all", "current", "none") and game != "ugo":
        raise ValueError(f"observe must be 'all', 'current' or 'none', not {observe!r}")
    if game == "ugo":
        if observe != "all":
            raise ValueError(f"observe={observe!r}: Ugo!'s batched engine always gives every seat's "
                             "observation (observe='all'); Trumfosaur's and Kurník's also have 'current' and 'none'")
        return Env(validated, auto_reset=auto_reset)
    return Env(validated, auto_reset=auto_reset, observe=observe)


__all__ = ["make", "SUPPORTED"]
