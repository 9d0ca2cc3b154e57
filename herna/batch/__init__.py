"""Batched engines for accelerators, in JAX (GUIDE.md: ``herna/batch/``).

``env = herna.batch.make(game, **options)`` gives an environment with
pgx's conventions (:mod:`herna.batch.environment`): pure ``env.init(key)``
and ``env.step(state, action, key)`` that run under ``jax.jit`` and
``jax.vmap``. Under it, :func:`engine` gives the game's batched engine
itself, a second implementation of the Python engine's rules, proved the
same game by a differential test.

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


def make(game: str, *, auto_reset: bool = False, observe: str = "current",
         illegal_action_penalty: float | None = None, **options: Any):
    """A batched ``game`` with pgx's conventions (:class:`herna.batch.environment.Env`):
    ``init(key)``, ``step(state, action, key)``, ``current_player`` always a
    seat, ``observation`` of the current player, ``legal_action_mask`` all
    True at a game's end, ``rewards``, ``terminated``, ``truncated``, no
    auto-reset unless ``auto_reset=True``, an illegal action ending the game
    with ``illegal_action_penalty`` for its player (default: one below the
    game's lowest return). ``observe``: ``"current"`` (default, ``(D,)`` a
    game), ``"all"`` (``(n, D)``) or ``"none"``. ``options``: the Python
    engine's, validated as by :func:`herna.load`.

    Raises ``ValueError`` for a game without a batched engine (naming what
    is supported), a bad option (the Python engine's message) or a bad
    ``observe``/``auto_reset``/penalty; ``ImportError`` (saying to install
    ``herna[batch]``) without JAX.

    >>> env = make("trumfosaur", players=4)            # doctest: +SKIP
    >>> state = jax.jit(env.init)(jax.random.key(0))    # doctest: +SKIP
    """
    if observe not in ("current", "all", "none"):
        raise ValueError(f"observe must be 'current', 'all' or 'none', not {observe!r}")
    if not isinstance(auto_reset, bool):
        raise ValueError(f"auto_reset must be True or False, not {auto_reset!r}")
    if illegal_action_penalty is not None and (isinstance(illegal_action_penalty, bool)
                                               or not isinstance(illegal_action_penalty, (int, float))):
        raise ValueError(f"illegal_action_penalty must be a number, not {illegal_action_penalty!r}")
    inner = "all" if game == "ugo" else observe
    raw = engine(game, auto_reset=auto_reset, observe=inner, **options)
    from .environment import Env, default_penalty

    penalty = default_penalty(game, raw.options) if illegal_action_penalty is None else float(illegal_action_penalty)
    if game == "ugo":
        from .ugo import _OVER as over
    elif game == "kurnik":
        from .kurnik import OVER as over
    else:
        from .trumfosaur import _OVER as over
    return Env(game, raw, auto_reset, observe, penalty, int(over))


def engine(game: str, *, auto_reset: bool = True, observe: str = "all", **options: Any):
    """The batched engine of ``game`` itself, with the Python engine's ``options``
    (validated as by :func:`herna.load`: defaults filled, bad values refused):
    the rules without :func:`make`'s pgx conventions, for the differential
    tests, ``herna analyze`` and the benchmarks (``docs/batch.md``, "Engines").

    ``auto_reset``: a game that ends at a step is replaced, in the same step,
    by a new game dealt from the step's key; the returned state keeps
    ``terminated`` and ``rewards`` of the game that ended (pgx's convention).
    Without it a finished game stays finished, ``current_player`` -4.

    ``observe``: what ``state.observation`` holds after each step: ``"all"``
    (default) every seat's observation tensor, ``(n, D)`` per game;
    ``"current"`` only the row of the seat to act, ``(D,)``; ``"none"``
    nothing (shape ``(0,)``), the fastest. In every mode
    ``env.observe(state, seat)`` computes a seat's tensor on request.
    Ugo!'s engine has ``"all"`` only (another mode raises ``ValueError``);
    Kurník's dice are drawn inside ``init``/``step`` (K-2.1, K-4). An illegal
    action is not checked: the result is undefined.

    Raises ``ValueError`` for a game without a batched engine (naming what
    is supported) or for a bad option (the Python engine's message).
    ``ImportError`` (saying to install ``herna[batch]``) without JAX.
    """
    if game not in SUPPORTED:
        raise ValueError(f"no batched engine for game {game!r}; herna.batch supports: "
                         + "; ".join(f"{k} ({v})" for k, v in SUPPORTED.items()))
    from herna.core import load

    validated = load(game, **options).options
    Env: Any  # the game's environment class
    try:
        from .cache import enable

        enable()  # JAX's persistent compilation cache (herna/batch/cache.py)
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


__all__ = ["make", "engine", "SUPPORTED"]
