"""Bots: players that see only their seat's information.

``make_bot(spec, game, seat, seed)`` builds a bot from a spec string:
``random``, ``greedy`` (the game's rule-based heuristic), ``ismcts`` with an
optional budget and rollout policy (``ismcts:0.2s``, ``ismcts:2000``,
``ismcts:0.2s:greedy``; see :mod:`herna.bots.ismcts`), and for a game of
perfect information (its record says so: Kurník, K-10.1) ``expectimax``
(:mod:`herna.bots.expectimax_kurnik`). Any of them with ``+explore`` or
``+explore=RATE`` (``greedy+explore``) sometimes takes the choices the
game's options add (:mod:`herna.bots.explore`). ``policy`` plays the
learned network that ships; ``policy:FILE.npz`` a network of one's own
(:mod:`herna.bots.policy`), read from that file only where the caller
allows files (``files=True``, the default; the web server does not).
Everything game-specific comes from the game's record
(:func:`herna.core.record`). :func:`canonical_spec` is how every command
writes a spec down (lower case, but a file's name as given).
"""

from __future__ import annotations

from herna.core import Game, record

from .base import Bot, Observation, RandomBot, observe
from .explore import parse_explore

BOT_NAMES = ("random", "greedy", "ismcts[:0.2s|:2000][:random|:greedy][:python|:compiled]",
             "policy (a learned network: herna.bots.policy)",
             "expectimax (perfect-information games)",
             "openspiel-ismcts[:0.2s|:500] (OpenSpiel's Python ISMCTS; the openspiel extra)",
             "BOT+explore[=0.05] (takes an action a variant adds at that rate)")
FILE_BOT_NAMES = ("policy:FILE.npz (a network of your own, as examples/train_policy.py writes it)",)
"""The bot specs that read a file: offered where :func:`make_bot` may read
files (the terminal, the arena, scripts), never by the web server."""
POLICY_PREFIX = "policy:"
"""The start of the spec of a network file, ``policy:FILE.npz``."""
EXTERNAL_BOTS = {"openspiel-ismcts": "herna.interop.openspiel_ismcts"}
"""Bots that live in a layer above this one (named by module, imported on
first use, as game records name theirs): name -> module with
``parse_spec`` and ``OpenSpielISMCTSBot``-style class ``BOT``."""


class NetworkMismatch(ValueError):
    """A learned network that is sound but does not fit the table it was
    asked to play (another player count, observation size, action count or
    rule option; :func:`herna.bots.policy.network`): a check made before the
    table's options are known (the default game's) may leave it to the
    check at the table."""


def canonical_spec(spec: str) -> str:
    """``spec`` as commands compare and record it: stripped and in lower
    case, except the file's name in ``policy:FILE.npz`` (kept as given: a
    file system may tell ``Net.npz`` from ``net.npz``)."""
    raw = spec.strip()
    low = raw.lower()
    if not low.startswith(POLICY_PREFIX):
        return low
    cut = low.rfind("+explore")
    end = cut if cut > len(POLICY_PREFIX) else len(raw)
    return POLICY_PREFIX + raw[len(POLICY_PREFIX):end].strip() + low[end:]


def network_file(spec: str) -> str | None:
    """The file a bot spec reads, as given (``policy:FILE.npz``, also with
    ``+explore``), or ``None`` for a spec that reads no file."""
    try:
        inner, _ = parse_explore(canonical_spec(spec))
    except ValueError:
        return None
    if inner.lower().startswith(POLICY_PREFIX):
        return inner[len(POLICY_PREFIX):].strip() or None
    return None


def make_bot(spec: str, game: Game, seat: int, seed: int | None = None, *, files: bool = True) -> Bot:
    """A bot from ``spec`` (``random``, ``greedy``, ``ismcts:...``) for ``seat`` of ``game``.
    Raises ``ValueError`` naming the allowed specs (also for an ISMCTS budget
    that is not finite, not positive or absurdly large; see
    :func:`herna.bots.ismcts.parse_spec`). ``expectimax`` takes no parameters.
    ``policy:FILE.npz`` reads that network (one line ``ValueError`` for a
    file that is missing, is no network, or does not fit ``game``:
    :func:`herna.bots.policy.network`); with ``files=False`` (the web
    server) it is an unknown bot and no file is touched."""
    if not isinstance(spec, str):
        raise ValueError(f"a bot spec must be a string, not {spec!r}; bots are: {', '.join(BOT_NAMES)}")
    raw = canonical_spec(spec)
    name = raw.lower()
    inner, rate = parse_explore(raw)
    if rate is not None:
        from .explore import ExploringBot

        return ExploringBot(game, seat, make_bot(inner, game, seat, seed, files=files), rate, seed)
    if name == "random":
        return RandomBot(game, seat, seed)
    if name == "greedy":
        return record(game.name).load("greedy")(game, seat, seed)
    if name == "policy":
        from .policy import PolicyBot

        return PolicyBot(game, seat, seed)
    if name.startswith(POLICY_PREFIX):
        if not files:
            raise ValueError(f"unknown bot {spec!r}; bots are: {', '.join(BOT_NAMES)}")
        from .policy import PolicyBot

        return PolicyBot(game, seat, seed, path=raw[len(POLICY_PREFIX):])
    if name == "expectimax":
        if not record(game.name).perfect_information:
            raise ValueError(f"the expectimax bot plays games of perfect information with chance only, "
                             f"and {game.name} has hidden information")
        from .expectimax_kurnik import ExpectimaxBot

        return ExpectimaxBot(game, seat, seed)
    if name.startswith("expectimax:"):
        raise ValueError(f"{spec!r}: the expectimax bot takes no parameters; use 'expectimax'")
    if name == "ismcts" or name.startswith("ismcts:"):
        from .ismcts import ISMCTSBot, parse_spec

        return ISMCTSBot(game, seat, seed, **parse_spec(name))
    base = name.split(":")[0]
    if base in EXTERNAL_BOTS:
        import importlib

        try:
            module = importlib.import_module(EXTERNAL_BOTS[base])
            return module.BOT(game, seat, seed, **module.parse_spec(name))
        except ImportError as error:
            raise ValueError(f"the {base} bot needs OpenSpiel: pip install 'herna[openspiel]' ({error})") from None
    names = BOT_NAMES + FILE_BOT_NAMES if files else BOT_NAMES
    raise ValueError(f"unknown bot {spec!r}; bots are: {', '.join(names)}")


__all__ = ["Bot", "Observation", "RandomBot", "observe", "make_bot", "canonical_spec", "BOT_NAMES",
           "FILE_BOT_NAMES", "NetworkMismatch", "network_file"]
