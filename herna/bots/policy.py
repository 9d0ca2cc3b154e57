"""Learned bots: a small network trained by ``examples/train_policy.py``
(policy gradient on :mod:`herna.batch`), played with NumPy alone (bot kind
``policy``; no JAX needed to play against it).

The weights ship in the package, ``herna/data/policies/<game>-<players>.npz``:
``w1`` ``(D, H)``, ``b1`` ``(H,)``, ``w2`` ``(H, A)``, ``b2`` ``(A,)`` and
``meta`` (JSON: the game, the options it was trained with, the trainer's
settings). The bot reads its seat's observation tensor (the same numbers as
``herna.batch``'s ``observation``), computes ``tanh(x w1 + b1) w2 + b2`` and
plays the legal action of highest logit. The observation names seats
relative to the observer, and the network learned at seat 0, where an
action that names a seat (Kurník's ``rob k``, ``give k``, ``steal k``, K-4.2,
K-5.2, K-9.1) names it as the relative seat too; at another seat the bot
reads the logit of the relative seat's action (its record's ``seat_actions``). A
network fits one observation layout, so one number of players: :func:`available` lists what ships, and
``make_bot("policy", game, seat)`` raises ``ValueError`` naming it for
another game or player count. A network learned one set of rules too: a
game option that changes them from its training options (``meta``) is
refused (:func:`option_refusal`: a one-line ``ValueError`` naming the option
and the trained value); options that only set the game's length or who
starts (:attr:`herna.core.options.OptionSpec.pace`) are not. ``docs/bot-strength.md`` has their strength.

**A network of one's own**: the bot spec ``policy:FILE.npz`` plays the
network in ``FILE.npz`` (as ``examples/train_policy.py`` writes it) instead
of the shipped one, on the terminal and in ``herna.batch`` alike
(:func:`network` reads and checks either; :func:`read_network` reads a
file). A file that is missing, not a NumPy ``.npz`` archive, not shaped as
one network, trained for another game (``meta["game"]``) or player count,
or whose observation or actions do not fit the table is refused with a
one-line ``ValueError`` naming the file and what is wrong. The web server
never reads such a file (:func:`herna.bots.make_bot` with ``files=False``).
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import zipfile
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from herna.core import Game
from herna.core.options import PLAYERS, OptionSpec
from herna.core.registry import record

from . import POLICY_PREFIX as PREFIX
from . import NetworkMismatch
from .base import Bot, Observation

ARRAYS = ("w1", "b1", "w2", "b2")
"""The arrays of a network file (module docstring), besides ``meta``."""


def network_action(game: str, seat: int, players: int, action: int) -> int:
    """The id the network (trained at seat 0, observation relative to its
    seat) gives ``action`` of ``seat``: a seat-naming action (the game's
    :attr:`~herna.core.record.GameRecord.seat_actions`) names the relative
    seat ``(k - seat) % players``; others are unchanged."""
    for base, width in record(game).seat_actions:
        if base <= action < base + width:
            return base + (action - base - seat) % players
    return action


def _folder():
    """``herna/data/policies`` (a resource folder of the package)."""
    return resources.files("herna").joinpath("data", "policies")


def available() -> dict[str, list[int]]:
    """Game name -> the player counts a shipped network plays."""
    out: dict[str, list[int]] = {}
    try:
        files = sorted(p.name for p in _folder().iterdir() if p.name.endswith(".npz"))
    except (FileNotFoundError, NotADirectoryError):  # pragma: no cover - an install without the weights
        return out
    for name in files:
        game, _, players = name[:-4].rpartition("-")
        if players.isdigit():
            out.setdefault(game, []).append(int(players))
    return out


@functools.lru_cache(maxsize=None)
def weights(game: str, players: int) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """The network of ``game`` for ``players`` seats and its ``meta``;
    ``ValueError`` naming what ships when there is none."""
    shipped = available()
    if players not in shipped.get(game, []):
        have = "; ".join(f"{g} with {', '.join(map(str, p))} players" for g, p in shipped.items()) or "none"
        raise ValueError(f"no learned policy for {game} with {players} players; shipped: {have} "
                         "(train one with examples/train_policy.py)")
    with _folder().joinpath(f"{game}-{players}.npz").open("rb") as handle, np.load(handle) as data:
        params = {k: np.asarray(data[k], np.float32) for k in ("w1", "b1", "w2", "b2")}
        meta = json.loads(str(data["meta"]))
    return params, meta


def shown(spec: OptionSpec | None, value: Any) -> str:
    """``value`` of option ``spec`` as players write it in ``-o``: a seat
    counted from 1, ``true``/``false``, a list with commas, ``unset`` for
    ``None`` (the game draws or derives it)."""
    if value is None:
        return "unset"
    if isinstance(value, bool):
        return "true" if value else "false"
    if spec is not None:
        value = spec.to_players(value)
    if isinstance(value, (list, tuple)):
        return ",".join(map(str, value))
    return str(value)


def trained_options(game: Game, meta: dict[str, Any]) -> str:
    """The network's training options (``meta["options"]``) as ``k=v, ...``
    in players' words (:func:`shown`: seats from 1), or ``defaults``."""
    specs = {s.name: s for s in game.option_specs}
    items = sorted(meta.get("options", {}).items())
    return ", ".join(f"{k}={shown(specs.get(k), v)}" for k, v in items) or "defaults"


def plays_note(game: Game, meta: dict[str, Any]) -> str:
    """What a refusal says the network plays: its training options
    (:func:`trained_options`) and which options are only pace
    (:attr:`~herna.core.options.OptionSpec.pace`: who starts, how long the
    game lasts), free to change; one clause, no final stop."""
    pace = [spec.name for spec in game.option_specs if spec.pace]
    names = " and ".join(", ".join(pace).rsplit(", ", 1))
    free = f"; only {names} may differ, as they set only who starts or how long a game lasts" if pace else ""
    return f"it plays {game.name} with {trained_options(game, meta)}{free}"


def option_refusal(game: Game, meta: dict[str, Any], who: str | None = None) -> str | None:
    """Why the network of ``meta`` may not play ``game`` (its validated
    options): the first option, in the game's order, that is not
    :attr:`~herna.core.options.OptionSpec.pace` and differs from the value
    the network was trained with (an option its ``meta`` lacks: trained at
    the option's default) — one line naming the option, this table's value,
    the trained options and those free to change (:func:`plays_note`); ``None`` when every such option matches.
    ``who``: how the line names the network (default ``the learned policy
    of GAME``). (The number of players is checked by :func:`weights`.)"""
    trained = meta.get("options", {})
    for spec in game.option_specs:
        if spec.pace or spec.name == PLAYERS or spec.name not in game.options:
            continue
        have = game.options[spec.name]
        want = trained.get(spec.name, spec.default)
        if json.dumps(have) != json.dumps(want):
            return (f"{who or f'the learned policy of {game.name}'} was trained with "
                    f"{spec.name}={shown(spec, want)}, not {spec.name}={shown(spec, have)}; "
                    f"{plays_note(game, meta)}: choose another bot or play those options")
    return None


def read_network(path: str | os.PathLike) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """The network in the ``.npz`` file ``path`` (module docstring: ``w1``
    ``(D, H)``, ``b1`` ``(H,)``, ``w2`` ``(H, A)``, ``b2`` ``(A,)``, float32,
    and ``meta``, a JSON text; a file without ``meta`` gives ``{}``) and its
    ``meta``. Read once per file version (its path, size and modification
    time). ``ValueError``, one line naming ``path``: a name that does not
    end in ``.npz``, a file that is missing or unreadable, not a NumPy
    ``.npz`` archive, without those arrays, with arrays that are not finite
    numbers or do not fit one network, or with a ``meta`` that is not a
    JSON object. A leading ``~`` is the home folder. The game it fits is checked by :func:`network`."""
    shown_path = os.fspath(path)
    if not shown_path.lower().endswith(".npz"):
        raise ValueError(f"{PREFIX}{shown_path}: a network of your own is given as {PREFIX}FILE.npz (a file "
                         f"examples/train_policy.py wrote); {shown_path!r} does not end in .npz")
    file = Path(shown_path).expanduser()
    try:
        stat = file.stat()
    except OSError as error:
        raise ValueError(f"cannot read the network {shown_path}: {error.strerror or error}") from None
    if not file.is_file():
        raise ValueError(f"cannot read the network {shown_path}: it is not a file")
    return _read_network(str(file.resolve()), stat.st_size, stat.st_mtime_ns, shown_path)


@functools.lru_cache(maxsize=16)
def _read_network(resolved: str, size: int, mtime: int, shown_path: str
                  ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """:func:`read_network` of one version of a file (``size``, ``mtime``: the cache's key)."""
    what = "a NumPy .npz archive as examples/train_policy.py writes (w1, b1, w2, b2 and meta)"
    try:
        if not zipfile.is_zipfile(resolved):
            raise ValueError(f"{shown_path} is not {what}")
        with np.load(resolved, allow_pickle=False) as data:
            missing = [k for k in ARRAYS if k not in data.files]
            if missing:
                raise ValueError(f"{shown_path} has no {', '.join(missing)}: a network file is {what}")
            raw = {k: np.asarray(data[k]) for k in ARRAYS}
            meta_text = str(np.asarray(data["meta"])) if "meta" in data.files else None
    except ValueError as error:
        if str(error).startswith(shown_path):
            raise
        raise ValueError(f"{shown_path} is not {what} ({_first_line(error)})") from None
    except (OSError, EOFError, KeyError, zipfile.BadZipFile, RuntimeError) as error:
        raise ValueError(f"cannot read the network {shown_path}: {_first_line(error)}") from None
    if not all(np.issubdtype(a.dtype, np.number) and not np.issubdtype(a.dtype, np.complexfloating)
               for a in raw.values()):
        raise ValueError(f"{shown_path}: w1, b1, w2 and b2 must be arrays of numbers")
    params = {k: a.astype(np.float32) for k, a in raw.items()}
    w1, b1, w2, b2 = (params[k] for k in ARRAYS)
    if not (w1.ndim == 2 and w2.ndim == 2 and b1.shape == (w1.shape[1],) and w2.shape[0] == w1.shape[1]
            and b2.shape == (w2.shape[1],) and w1.size and w2.size):
        raise ValueError(f"{shown_path}: its arrays do not make one network: w1 {w1.shape}, b1 {b1.shape}, "
                         f"w2 {w2.shape}, b2 {b2.shape} (a network is w1 (D, H), b1 (H,), w2 (H, A), b2 (A,))")
    if not all(np.isfinite(a).all() for a in params.values()):
        raise ValueError(f"{shown_path}: its weights hold values that are not finite numbers (NaN or infinity)")
    meta: Any = {}
    if meta_text is not None:
        try:
            meta = json.loads(meta_text)
        except ValueError:
            meta = None
        if not isinstance(meta, dict) or not isinstance(meta.get("options", {}), dict) \
                or not isinstance(meta.get("game", ""), str):
            raise ValueError(f"{shown_path}: its meta is not a JSON object with the game's name and options "
                             "(as examples/train_policy.py writes it)")
    return params, meta


def file_digest(path: str | os.PathLike) -> str:
    """The SHA-256 of the file ``path`` (``~`` expanded), as 64 hex digits:
    what a resumable run records of a network file so that a file changed
    between runs is noticed (``herna arena --out``). ``OSError`` when it
    cannot be read."""
    digest = hashlib.sha256()
    with Path(os.fspath(path)).expanduser().open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _first_line(error: BaseException) -> str:
    return (str(error).strip().splitlines() or [type(error).__name__])[0]


def network(spec: str, game: Game) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
    """The network a bot spec names, checked against ``game`` (a table:
    its name, number of players and validated options): ``policy``, the
    one that ships (:func:`weights`), or ``policy:FILE.npz``, a file
    (:func:`read_network`). Returns ``(params, meta)``. ``ValueError`` (one
    line): no network ships for the game and player count, the file cannot
    be read as a network (:func:`read_network`) or was trained for another
    game (``meta["game"]``). :class:`NetworkMismatch` (a ``ValueError``,
    one line): trained for another number of players, an observation of
    another size (``w1``'s rows against
    :meth:`~herna.core.Game.observation_tensor_shape`), other actions
    (``w2``'s columns against :meth:`~herna.core.Game.num_distinct_actions`)
    or another rule option (:func:`option_refusal`)."""
    raw = spec.strip()
    if raw.lower() == "policy":
        params, meta = weights(game.name, game.num_players)
        who = f"the learned policy of {game.name}"
    elif raw.lower().startswith(PREFIX):
        path = raw[len(PREFIX):].strip()
        if not path:
            raise ValueError(f"{spec!r}: name the file of the network, {PREFIX}FILE.npz")
        params, meta = read_network(path)
        who = path
        trained = meta.get("game")
        if trained is not None and trained != game.name:
            raise ValueError(f"{path} is a network for {trained}, not {game.name}")
    else:
        raise ValueError(f"{spec!r} names no learned policy: policy or {PREFIX}FILE.npz")
    players = meta.get("options", {}).get("players")
    if players is not None and players != game.num_players:
        raise NetworkMismatch(f"{who} was trained for {players} players; this table has {game.num_players}")
    size = game.observation_tensor_shape()[0]
    if params["w1"].shape[0] != size:
        raise NetworkMismatch(f"{who} reads {params['w1'].shape[0]} numbers, but this table's observation "
                              f"({game.name}, {game.num_players} players) has {size}")
    actions = params["w2"].shape[1]
    if game.num_distinct_actions() > actions:
        total = game.num_distinct_actions()
        raise NetworkMismatch(f"{who} knows {actions} actions, but {game.name} with these options has {total} "
                              f"({total - actions} it never learned); {plays_note(game, meta)}: "
                              "choose another bot or play those options")
    if game.num_distinct_actions() < actions:
        raise NetworkMismatch(f"{who} knows {actions} actions, but {game.name} with these options has "
                              f"{game.num_distinct_actions()} (trained for other options or another game)")
    refusal = option_refusal(game, meta, who)
    if refusal:
        raise NetworkMismatch(refusal)
    return params, meta


def logits(params: dict[str, np.ndarray], observation: np.ndarray) -> np.ndarray:
    """The network's logits ``(A,)`` for one observation ``(D,)`` (float32, NumPy)."""
    hidden = np.tanh(observation @ params["w1"] + params["b1"])
    return hidden @ params["w2"] + params["b2"]


class PolicyBot(Bot):
    """A learned network (module docstring): the one that ships for the
    game and player count, or with ``path`` the network in that ``.npz``
    file. ``ValueError`` (one line) as :func:`network` raises it."""

    name = "policy"

    def __init__(self, game: Game, seat: int, seed: int | None = None, path: str | None = None) -> None:
        super().__init__(game, seat, seed)
        self.params, self.meta = network("policy" if path is None else PREFIX + path, game)
        if path is not None:
            self.name = PREFIX + path

    def choose(self, observation: Observation) -> int:
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        scores = logits(self.params, np.asarray(observation.observation_tensor(), np.float32))
        ids = np.asarray(legal)
        seen = np.asarray([network_action(self.game.name, observation.seat, self.game.num_players, a) for a in legal])
        return int(ids[np.argmax(scores[seen])])


__all__ = ["ARRAYS", "NetworkMismatch", "PolicyBot", "available", "file_digest", "logits", "network",
           "network_action", "option_refusal", "plays_note", "read_network", "shown", "trained_options", "weights"]
