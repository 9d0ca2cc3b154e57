"""herna games as OpenSpiel (pyspiel) Python games: ``herna_ugo``,
``herna_trumfosaur`` and ``herna_kurnik`` (needs ``pip install 'herna[openspiel]'``).

Importing this module registers the three games; load them as any OpenSpiel
game, with herna's options as game parameters::

    import pyspiel
    import herna.interop.openspiel  # registers the games
    game = pyspiel.load_game("herna_trumfosaur", {"players": 4, "master": True})

Mapping (docs/interop/openspiel.md has the details):

* Player action ids are herna's (``0 .. game.num_distinct_actions() - 1``).
  Chance outcome ids are herna's minus the game's first chance id, so they
  are ``0 .. max_chance_outcomes - 1`` (Trumfosaur: deal ``SAX1`` is 0, draw
  ``SAX1`` is 50; Ugo!: deal ``red0`` is 0; Kurník: ``dice 1 1`` is 0).
* Decisions with one legal action are applied by herna itself, so OpenSpiel
  sees only real choices; ``history()`` holds the actions OpenSpiel applied.
* Parameters: herna's options; a list option (Ugo!'s ``low_card_farmers``)
  is a string ``"1;2"``, an unset int (Kurník's ``first_player``) is ``-1``.
* Utility: general-sum, terminal rewards; ``returns()`` are herna's results
  at the end (Trumfosaur and Ugo! totals, Kurník 1 for a winner) and 0 before.
* Observation (``observation_string`` / ``_tensor``): what the seat sees now,
  herna's ``view(seat)`` as JSON and herna's ``observation_tensor(seat)``.
* Information state: ``information_state_string`` is herna's
  (perfect recall: every action as the seat saw it); the tensor is the
  observation tensor followed by the current deal's trick history
  (:func:`herna.interop._common.history_planes`).
* ``resample_from_infostate(player, sampler)``: herna's determinization
  (``state.resample``); the seat's information state is unchanged.
"""

from __future__ import annotations

import json
import random
from typing import Any, Callable

import numpy as np
import pyspiel

import herna
from herna.core import CHANCE, TERMINAL, Game, record, records
from herna.core.registry import game_class

from . import _common
from ._common import GameSpec, game_spec

SHORT_NAMES = {rec.name: f"herna_{rec.name}" for rec in records()}
"""herna game name -> OpenSpiel short name (``herna_<name>``), for every game of the registry."""
LONG_NAMES = {rec.name: f"herna {rec.title}" for rec in records()}
"""herna game name -> OpenSpiel long name (``herna <title>``, the record's title)."""
LIST_SEPARATOR = ";"


# ----- parameters <-> options ------------------------------------------------------------
def parameter_specification(name: str) -> dict[str, Any]:
    """OpenSpiel parameters (with defaults) of herna game ``name``."""
    out: dict[str, Any] = {}
    for spec in game_class(name).option_specs:
        if spec.kind is list:
            out[spec.name] = LIST_SEPARATOR.join(str(v) for v in spec.default)
        elif spec.default is None:
            out[spec.name] = -1
        else:
            out[spec.name] = spec.default
    return out


def parameters_from_options(options: dict[str, Any]) -> dict[str, Any]:
    """OpenSpiel parameters of (validated) herna options: a list becomes a
    ``"1;2"`` string, ``None`` becomes ``-1``; the rest as is (the inverse of
    :func:`options_from_parameters`)."""
    out: dict[str, Any] = {}
    for key, value in options.items():
        if isinstance(value, (list, tuple)):
            value = LIST_SEPARATOR.join(str(v) for v in value)
        elif value is None:
            value = -1
        out[key] = value
    return out


INT32_MAX = 2**31 - 1
"""OpenSpiel keeps game sizes (``max_game_length`` ...) in C++ ``int``."""


def options_from_parameters(name: str, params: dict[str, Any]) -> dict[str, Any]:
    """herna options from OpenSpiel parameters (see :func:`parameter_specification`)."""
    specs = {spec.name: spec for spec in game_class(name).option_specs}
    options: dict[str, Any] = {}
    for key, value in params.items():
        spec = specs.get(key)
        if spec is None:
            options[key] = value  # herna.load names the options there are
        elif spec.kind is list and isinstance(value, str):
            options[key] = [v for v in value.replace(LIST_SEPARATOR, " ").replace(",", " ").split()]
        elif spec.default is None and value == -1:
            options[key] = None
        else:
            options[key] = value
    return options


# ----- the state's Python-side data ------------------------------------------------------
class _Meta:
    """Per game: the herna Game, its spec and sizes; shared by all states."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.spec: GameSpec = game_spec(game)
        self.n = game.num_players
        self.base = self.spec.chance_base
        self.template = game.new_initial_state()


class _Box:
    """The herna state behind a pyspiel state, with what the adapter keeps
    alongside: the actor of every history action, each seat's
    information-state lines (``None`` until asked for, then kept up to date)
    and a cached determinization sampler. OpenSpiel clones a Python state by
    deep-copying its ``__dict__`` and serializes it by pickling: this class
    makes the first a herna ``clone()`` and the second herna's JSON."""

    __slots__ = ("meta", "state", "shared", "actors", "lines", "sampler", "pending")

    def __init__(self, meta: _Meta, state=None, actors=None, lines=None) -> None:
        self.meta = meta
        self.shared = state is None  # copy-on-write of the game's initial state
        self.state = meta.template if state is None else state
        # the actor of every action: worked out when first asked for (the
        # observer's history planes), then kept up to date; until then a
        # step is the engine's own apply_action, without a Python callback
        self.actors: list[int] | None = actors
        self.lines: list[list[str] | None] = lines if lines is not None else [None] * meta.n
        self.sampler: tuple[int, Callable[[random.Random], Any]] | None = None  # (seat, its resampler)
        self.pending: list[tuple[int, int]] | None = None

    def __deepcopy__(self, memo) -> "_Box":
        other = _Box.__new__(_Box)
        other.meta = self.meta
        other.shared = self.shared
        other.state = self.state if self.shared else self.state.clone()
        other.actors = None if self.actors is None else list(self.actors)
        other.lines = [None if t is None else list(t) for t in self.lines]
        other.sampler = None
        other.pending = None
        return other

    def __reduce__(self):
        return (_restore_box, (self.meta.game.name, json.dumps(self.state.to_json())))

    # ----- stepping -------------------------------------------------------------------
    def apply(self, action: int) -> None:
        if self.shared:
            self.state = self.state.clone()
            self.shared = False
        self.sampler = None
        actors, lines = self.actors, self.lines
        tracked = [(s, t) for s, t in enumerate(lines) if t is not None]
        if actors is None and not tracked:
            _common.step(self.state, action)
            return
        state = self.state

        def on_step(actor: int, act: int) -> None:
            if actors is not None:
                actors.append(actor)
            for seat, seat_lines in tracked:
                seat_lines.append(_common.token(state, seat, actor, act))

        _common.step(state, action, on_step)

    def actor_list(self) -> list[int]:
        if self.actors is None:
            self.actors = _common.replay_trace(self.state)[0]
        return self.actors

    def info_string(self, seat: int) -> str:
        lines = self.lines[seat]
        if lines is None:
            actors, _, found = _common.replay_trace(self.state, (seat,))
            if self.actors is None:
                self.actors = actors
            lines = self.lines[seat] = found[seat]
        return "\n".join(lines)


def _restore_box(name: str, data: str) -> _Box:
    state = herna.from_json(data)
    game = _GAMES.get((name, json.dumps(state.game.options, sort_keys=True)))
    meta = game.meta if game is not None else _Meta(state.game)
    return _Box(meta, state, None)


_GAMES: dict[tuple[str, str], "HernaGame"] = {}


# ----- pyspiel classes -----------------------------------------------------------------
def _game_type(name: str) -> pyspiel.GameType:
    cls = game_class(name)
    perfect = record(name).perfect_information
    info = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=SHORT_NAMES[name],
        long_name=LONG_NAMES[name],
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=info.PERFECT_INFORMATION if perfect else info.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(name),
    )


class HernaGame(pyspiel.Game):
    """A herna game as a pyspiel game; ``herna_game`` is the herna
    :class:`~herna.core.Game`; ``meta`` the adapter's facts about it. Raises ``ValueError`` for bad parameters
    (an unknown name, a wrong type, a value out of herna's bounds, or sizes
    beyond what OpenSpiel's C++ ``int`` holds); the parameters kept are the
    validated options (:func:`parameters_from_options`)."""

    herna_name = ""

    def __init__(self, params: dict | None = None) -> None:
        name = self.herna_name
        if params is not None and not isinstance(params, dict):
            raise ValueError(f"game parameters must be a dict, not {type(params).__name__}")
        options = options_from_parameters(name, dict(params or {}))
        hgame = herna.load(name, **options)
        meta = _Meta(hgame)
        spec = meta.spec
        for what, size in (("max_game_length", spec.max_game_length), ("max_chance_nodes", spec.max_chance_nodes)):
            if size > INT32_MAX:
                raise ValueError(f"{name} with these options is too long for OpenSpiel: {what} {size} exceeds "
                                 f"{INT32_MAX}; choose a smaller game length option")
        info = pyspiel.GameInfo(
            num_distinct_actions=hgame.num_distinct_actions(),
            max_chance_outcomes=spec.max_chance_outcomes,
            num_players=hgame.num_players,
            min_utility=spec.min_utility,
            max_utility=spec.max_utility,
            utility_sum=None,
            max_game_length=spec.max_game_length,
        )
        super().__init__(_TYPES[name], info, parameters_from_options(hgame.options))
        self.herna_game = hgame
        self.meta = meta
        _GAMES.setdefault((name, json.dumps(hgame.options, sort_keys=True)), self)

    def new_initial_state(self, *args) -> "HernaState":
        if args:
            raise TypeError("herna games start from their initial state; use herna's deals for fixed deals")
        return HernaState(self)

    def max_chance_nodes_in_history(self) -> int:
        return self.meta.spec.max_chance_nodes

    def make_py_observer(self, iig_obs_type=None, params=None):
        if isinstance(iig_obs_type, dict):  # called as make_py_observer(params)
            iig_obs_type, params = None, iig_obs_type
        return HernaObserver(self.meta, iig_obs_type, params)

    def state_from_herna(self, state) -> "HernaState":
        """A pyspiel state for a herna state of this game (its ``history()``
        holds the real choices of the herna history)."""
        if state.game != self.herna_game:
            raise ValueError(f"a state of {state.game!r}, not of {self.herna_game!r}")
        return HernaState.from_herna(self, state)


class HernaState(pyspiel.State):
    """A herna state seen through OpenSpiel. ``herna_state()`` gives a copy
    of the herna state; ``box`` holds it with what the adapter keeps
    alongside (for the observer)."""

    def __init__(self, game: HernaGame, box: _Box | None = None) -> None:
        super().__init__(game)
        self.box = box if box is not None else _Box(game.meta)

    # ----- the OpenSpiel API ----------------------------------------------------------
    def current_player(self) -> int:
        box = self.box
        if box.pending:
            return box.pending[0][0]
        return box.state.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return self.box.state.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        base = self.box.meta.base
        return [(action - base, p) for action, p in self.box.state.chance_outcomes()]

    def _apply_action(self, action: int) -> None:
        box = self.box
        if box.pending:
            box.pending.pop(0)
            return
        if box.state.current_player() == CHANCE:
            action += box.meta.base
        box.apply(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            action += self.box.meta.base
        return self.box.state.action_to_string(int(action))

    def is_terminal(self) -> bool:
        return self.box.state.current_player() == TERMINAL

    def returns(self) -> list[float]:
        state = self.box.state
        if state.current_player() != TERMINAL:
            return [0.0] * self.box.meta.n
        return [float(v) for v in state.returns()]

    def __str__(self) -> str:
        state = self.box.state
        return f"{state!r}\nhistory: {' '.join(map(str, state.history()))}"

    def information_state_string(self, player: int | None = None) -> str:
        """herna's ``information_state_string(player)`` (default: the player to act)."""
        return self.box.info_string(self.current_player() if player is None else player)

    def resample_from_infostate(self, player_id: int, probability_sampler) -> "HernaState":
        """A state drawn by herna's determinization for ``player_id``: the same
        information state for that seat, hidden cards at random.
        ``probability_sampler()`` (a float in [0, 1)) seeds the draw."""
        box = self.box
        seat = int(player_id)
        rng = random.Random(int(probability_sampler() * (1 << 53)))
        if box.sampler is None or box.sampler[0] != seat:
            from herna.bots.base import Observation

            box.sampler = (seat, Observation(box.state, seat).resampler())
        drawn = box.sampler[1](rng)
        new = HernaState.from_herna(self.get_game(), drawn, copy=False)
        lines = box.lines[seat]
        if lines is not None:
            new.box.lines[seat] = list(lines)
        return new

    # ----- herna side -----------------------------------------------------------------
    def herna_state(self):
        """A copy of the herna state."""
        return self.box.state.clone()

    @classmethod
    def from_herna(cls, game: HernaGame, hstate, copy: bool = True) -> "HernaState":
        """Build a pyspiel state whose OpenSpiel history is the real choices of
        ``hstate``'s history (replayed through ``apply_action`` without
        recomputing the game); it holds ``hstate`` itself unless ``copy``."""
        actors, asked, _ = _common.replay_trace(hstate)
        new = cls(game)
        base = game.meta.base
        steps = [(actor, action - base if actor == CHANCE else action)
                 for actor, action, real in zip(actors, hstate.history(), asked) if real]
        box = new.box
        box.pending = steps
        for _, action in list(steps):
            new.apply_action(action)
        box.pending = None
        box.state = hstate.clone() if copy else hstate
        box.shared = False
        box.actors = actors
        box.lines = [None] * game.meta.n
        return new


class HernaObserver:
    """OpenSpiel's Python observer protocol (``tensor``, ``dict``,
    ``set_from``, ``string_from``) for one seat's view.

    ``perfect_recall=False`` (OpenSpiel's default observation): herna's
    ``observation_tensor`` and ``view`` (JSON). ``perfect_recall=True`` (the
    information state): the observation tensor then the trick history of the
    current deal, and herna's ``information_state_string``. Only a seat's own
    view is offered (``private_info=SINGLE_PLAYER``, ``public_info=True``).
    """

    def __init__(self, meta: _Meta, iig_obs_type, params) -> None:
        if params:
            raise ValueError(f"herna observers take no parameters, not {params}")
        if iig_obs_type is not None:
            if not iig_obs_type.public_info or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
                raise ValueError("herna observes for one seat: use public_info=True and "
                                 "private_info=SINGLE_PLAYER")
        self.meta = meta
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        obs_size = meta.game.observation_tensor_shape()[0]
        history = meta.spec.history_size if self.perfect_recall else 0
        self.tensor = np.zeros(obs_size + history, dtype=np.float32)
        self.dict = {"observation": self.tensor[:obs_size]}
        if history:
            self.dict["history"] = self.tensor[obs_size:]

    def set_from(self, state: HernaState, player: int) -> None:
        box = state.box
        hstate = box.state
        self.dict["observation"][:] = hstate.observation_tensor(player)
        if "history" in self.dict:
            self.dict["history"][:] = _common.history_planes(hstate, box.actor_list(), player)

    def string_from(self, state: HernaState, player: int) -> str:
        box = state.box
        if self.perfect_recall:
            return box.info_string(player)
        return json.dumps(box.state.view(player), sort_keys=True, separators=(",", ":"), ensure_ascii=False)


_TYPES: dict[str, pyspiel.GameType] = {}


def _register() -> None:
    registered = set(pyspiel.registered_names())
    for name in SHORT_NAMES:
        _TYPES[name] = _game_type(name)
        cls = type(f"Herna{name.capitalize()}Game", (HernaGame,), {"herna_name": name})
        globals()[cls.__name__] = cls
        if SHORT_NAMES[name] not in registered:
            pyspiel.register_game(_TYPES[name], cls)


_register()


def load_game(name: str, **options: Any) -> pyspiel.Game:
    """``pyspiel.load_game("herna_<name>", options)`` for a herna game name.
    The options are checked by herna first, so any bad one (unknown, of the
    wrong type, out of bounds) raises ``ValueError`` naming it, never an
    OpenSpiel error."""
    if name not in SHORT_NAMES:
        raise ValueError(f"unknown game {name!r}; the games are: {', '.join(SHORT_NAMES)}")
    game = herna.load(name, **options)  # ValueError for any bad option
    try:
        return pyspiel.load_game(SHORT_NAMES[name], parameters_from_options(game.options))
    except pyspiel.SpielError as error:  # pragma: no cover - herna's checks come first
        raise ValueError(f"OpenSpiel refused the parameters of {name}: {error}") from None


__all__ = ["HernaGame", "HernaState", "HernaObserver", "load_game", "parameter_specification",
           "options_from_parameters", "parameters_from_options", "SHORT_NAMES"]

