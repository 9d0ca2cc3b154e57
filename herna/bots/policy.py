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
reads the logit of the relative seat's action (:data:`SEAT_ACTIONS`). A
network fits one observation layout, so one number of players: :func:`available` lists what ships, and
``make_bot("policy", game, seat)`` raises ``ValueError`` naming it for
another game or player count. A network learned one set of rules too: a
game option that changes them from its training options (``meta``) is
refused (:func:`option_refusal`: a one-line ``ValueError`` naming the option
and the trained value); options that only set the game's length or who
starts (:attr:`herna.core.options.OptionSpec.pace`) are not. ``docs/bot-strength.md`` has their strength.
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

import numpy as np

from herna.core import Game
from herna.core.options import PLAYERS, OptionSpec

from .base import Bot, Observation

SEAT_ACTIONS: dict[str, tuple[tuple[int, int], ...]] = {"kurnik": ((7, 5), (12, 5), (17, 5))}
"""Per game, the action id blocks ``(base, width)`` whose ``base + k`` names
seat ``k`` (absolute, as the engines' action ids do): Kurník's ``rob k``,
``give k`` and ``steal k`` (herna/games/kurnik/actions.py)."""


def network_action(game: str, seat: int, players: int, action: int) -> int:
    """The id the network (trained at seat 0, observation relative to its
    seat) gives ``action`` of ``seat``: a seat-naming action (:data:`SEAT_ACTIONS`)
    names the relative seat ``(k - seat) % players``; others are unchanged."""
    for base, width in SEAT_ACTIONS.get(game, ()):
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
    if spec is not None and spec.seat and isinstance(value, int):
        return str(value + 1)
    if isinstance(value, (list, tuple)):
        return ",".join(map(str, value))
    return str(value)


def trained_options(game: Game, meta: dict[str, Any]) -> str:
    """The network's training options (``meta["options"]``) as ``k=v, ...``
    in players' words (:func:`shown`: seats from 1), or ``defaults``."""
    specs = {s.name: s for s in game.option_specs}
    items = sorted(meta.get("options", {}).items())
    return ", ".join(f"{k}={shown(specs.get(k), v)}" for k, v in items) or "defaults"


def option_refusal(game: Game, meta: dict[str, Any]) -> str | None:
    """Why the network of ``meta`` may not play ``game`` (its validated
    options): the first option, in the game's order, that is not
    :attr:`~herna.core.options.OptionSpec.pace` and differs from the value
    the network was trained with (an option its ``meta`` lacks: trained at
    the option's default) — one line naming the option, this table's value
    and the trained options; ``None`` when every such option matches.
    (The number of players is checked by :func:`weights`.)"""
    trained = meta.get("options", {})
    for spec in game.option_specs:
        if spec.pace or spec.name == PLAYERS or spec.name not in game.options:
            continue
        have = game.options[spec.name]
        want = trained.get(spec.name, spec.default)
        if json.dumps(have) != json.dumps(want):
            return (f"the learned policy of {game.name} was trained with {spec.name}={shown(spec, want)}, "
                    f"not {spec.name}={shown(spec, have)} (trained with {trained_options(game, meta)}): "
                    "choose another bot")
    return None


def logits(params: dict[str, np.ndarray], observation: np.ndarray) -> np.ndarray:
    """The network's logits ``(A,)`` for one observation ``(D,)`` (float32, NumPy)."""
    hidden = np.tanh(observation @ params["w1"] + params["b1"])
    return hidden @ params["w2"] + params["b2"]


class PolicyBot(Bot):
    """The shipped network of the game and player count (module docstring)."""

    name = "policy"

    def __init__(self, game: Game, seat: int, seed: int | None = None) -> None:
        super().__init__(game, seat, seed)
        self.params, self.meta = weights(game.name, game.num_players)
        size = game.observation_tensor_shape()[0]
        if self.params["w1"].shape[0] != size:
            raise ValueError(f"the learned policy of {game.name} reads {self.params['w1'].shape[0]} numbers, "
                             f"but this table's observation has {size}")
        actions = self.params["w2"].shape[1]
        if game.num_distinct_actions() > actions:
            raise ValueError(f"the learned policy of {game.name} knows {actions} actions (trained with "
                             f"{trained_options(game, self.meta)}), but these options add others "
                             f"({game.num_distinct_actions()}): choose another bot")
        refusal = option_refusal(game, self.meta)
        if refusal:
            raise ValueError(refusal)

    def choose(self, observation: Observation) -> int:
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        scores = logits(self.params, np.asarray(observation.observation_tensor(), np.float32))
        ids = np.asarray(legal)
        seen = np.asarray([network_action(self.game.name, observation.seat, self.game.num_players, a) for a in legal])
        return int(ids[np.argmax(scores[seen])])


__all__ = ["PolicyBot", "SEAT_ACTIONS", "available", "logits", "network_action", "option_refusal", "shown",
           "trained_options", "weights"]
