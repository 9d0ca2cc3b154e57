"""The game API contract shared by every herna game (GUIDE.md).

A :class:`Game` holds validated options; its :class:`State` is a mutable state
machine in the style of OpenSpiel: explicit chance nodes (``current_player()``
is :data:`CHANCE`), integer actions with readable strings at the edges, and
decisions with exactly one legal action applied automatically ("only real
choices are asked").

A game implements the underscore hooks of :class:`State`; the public methods
here add validation, history, auto-play, serialization and replay.
"""

from __future__ import annotations

import json
import random
from typing import Any, Callable, ClassVar, Sequence

import numpy as np

from . import engines, jsonio
from .actionio import action_id, normalise_action_text
from .errors import FormatError, IllegalActionError, InvariantError
from .events import Event, select
from .options import OptionSpec, validate_options

CHANCE = -1
"""``current_player()`` of a chance node (as OpenSpiel's kChancePlayerId)."""
TERMINAL = -4
"""``current_player()`` of a finished game (as OpenSpiel's kTerminalPlayerId)."""

FORMAT_NAME = "herna-state"
FORMAT_VERSION = 1


class Game:
    """A game with fixed options; makes states.

    Subclasses set ``name``, ``option_specs`` and ``state_class`` (the
    Python engine's state class; the game record names the compiled one) and
    may override :meth:`_cross_check`. ``Game(engine=None, **options)``
    raises ``ValueError`` naming an unknown option, a bad value, or an
    engine that names none or is not built.

    ``engine``: ``"auto"`` (the compiled engine where it is built),
    ``"compiled"`` or ``"python"``; ``None`` takes the default
    (:func:`herna.core.engines.default_engine`). After construction
    :attr:`engine` is the engine chosen (``"compiled"`` or ``"python"``)
    and :attr:`state_class` its state class. The engine is not an option:
    it changes how fast a game runs, never what happens in it, and a saved
    game does not record it.
    """

    name: ClassVar[str] = ""
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    state_class: Callable[["Game", tuple], "State"]
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 5

    def __init__(self, engine: str | None = None, **options: Any) -> None:
        self.options: dict[str, Any] = validate_options(self.name, self.option_specs, options, self._cross_check)
        self.num_players: int = self.options["players"]
        from .registry import GAMES, record

        compiled = record(self.name).compiled if self.name in GAMES else None
        chosen, cls = engines.state_class(self.name, type(self).state_class, compiled, engines.check_engine(engine))
        self.engine: str = chosen
        self.state_class = cls

    def _cross_check(self, options: dict[str, Any]) -> None:
        """Raise ``ValueError`` for option combinations the rules forbid."""

    def new_initial_state(self, deals: Sequence[dict] | None = None) -> "State":
        """A new game. ``deals`` fixes the deals of card games (SCENARIOS.md
        shape: ``[{"hands": [[card, ...], ...], "deck": [...]}, ...]``); deals
        beyond the list are chance nodes. Raises ``FormatError`` for a bad deal."""
        state = self.state_class(self, self._parse_deals(deals))
        state._advance()
        return state

    def _parse_deals(self, deals: Sequence[dict] | None) -> tuple:
        if deals:
            raise FormatError(f"{self.name} has no card deals; 'deals' must be empty")
        return ()

    def _deals_to_json(self, deals: tuple) -> list:
        return []

    def from_json(self, data: str | dict) -> "State":
        """Rebuild a state from :meth:`State.to_json` output by replaying its
        history. Raises ``FormatError`` if the data is malformed or names
        another game, ``IllegalActionError`` if the history is not legal."""
        data = _load_json(data)
        if data.get("game") != self.name:
            raise FormatError(f"this is a saved {data.get('game')!r} game, not {self.name!r}")
        game = self if data.get("options", {}) == self.options else type(self)(engine=self.engine,
                                                                                  **data.get("options", {}))
        return game._replay(data)

    def _replay(self, data: dict) -> "State":
        history = data.get("history")
        if not isinstance(history, list):
            raise FormatError("'history' must be a list of action strings")
        state = self.state_class(self, self._parse_deals(data.get("deals") or None))
        for index, item in enumerate(history):
            if not isinstance(item, (str, int)) or isinstance(item, bool):
                raise FormatError(f"history item {index + 1} must be an action string, not {item!r}")
            try:
                action = state.string_to_action(item) if isinstance(item, str) else item
                state._checked_do(action)
            except IllegalActionError as error:
                raise IllegalActionError(f"history item {index + 1} ({item!r}): {error}") from None
        return state

    def observation_tensor_shape(self) -> tuple[int, ...]:
        """Shape of :meth:`State.observation_tensor` for these options."""
        return self.new_initial_state().observation_tensor(0).shape

    def num_distinct_actions(self) -> int:
        """Size of the player action id space (ids ``0 .. n-1``)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"herna.load({self.name!r}, {opts})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and other.name == self.name and other.options == self.options

    def __hash__(self) -> int:
        return hash((self.name, json.dumps(self.options, sort_keys=True)))


def _load_json(data: str | bytes | dict) -> dict:
    """A saved game (:meth:`State.to_json` output, or its JSON text) checked
    for shape. Raises ``FormatError`` for text that is not JSON or nests too
    deeply (:func:`herna.core.jsonio.loads`), a non-object, another format, a
    ``version`` that is not an int or is newer than :data:`FORMAT_VERSION`,
    a missing game name, or non-object options."""
    if isinstance(data, (str, bytes, bytearray)):
        data = jsonio.loads(data)
    elif isinstance(data, dict):
        jsonio.check_depth(data)
    if not isinstance(data, dict):
        raise FormatError("a saved game must be a JSON object")
    if data.get("format", FORMAT_NAME) != FORMAT_NAME:
        raise FormatError(f"unknown format {data.get('format')!r}; expected {FORMAT_NAME!r}")
    version = data.get("version", FORMAT_VERSION)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise FormatError(f"'version' must be a format version number (1..{FORMAT_VERSION}), not {version!r}")
    if version > FORMAT_VERSION:
        raise FormatError(
            f"saved by a newer herna (format version {version}); this herna reads version {FORMAT_VERSION}"
        )
    if not isinstance(data.get("game"), str):
        raise FormatError("a saved game needs a 'game' name")
    if not isinstance(data.get("options", {}), dict):
        raise FormatError("'options' must be an object")
    if "engine" in data.get("options", {}):
        raise FormatError("'engine' is not a game option (a saved game does not record the engine)")
    return data


class State:
    """A game in progress: the contract every engine keeps (see the module
    docstring), and the parts of it that are the same for every engine.

    Two engines implement it: the Python engine, the readable reference of
    the rules (:class:`PythonState`, subclassed by each game's ``state.py``),
    and the compiled engine (each game's ``compiled.pyx``, over
    ``herna/core/compiled.pyx``), chosen by ``herna.load(name,
    engine=...)`` (:mod:`herna.core.engines`). Code outside the games uses
    only the public methods, so it runs on either.

    An engine provides the attributes ``game``, ``_deals`` (the parsed fixed
    deals), ``_history`` (the applied action ids, a list), ``_events`` (the
    recorded events, ``None`` when silenced) and ``_transcripts``, the machinery ``_current_player``, ``_cached_legal``,
    ``_checked_do``, ``_do``, ``_advance``, ``_forced_chance``, ``clone``,
    ``events``, ``silence``, ``record_events``, ``clone_silent``, ``_emit``
    and ``_recording`` (:class:`PythonState` documents each), and the
    game's hooks ``_legal_actions``, ``_chance_outcomes``, ``_apply``,
    ``_why_illegal``, ``_action_to_string``, ``_string_to_action``,
    ``_returns``, ``_view``, ``_observation_token``, ``_observation_tensor``,
    ``_resample``, ``_period`` and ``_check_invariants``.
    """

    __slots__ = ()

    game: Game
    _deals: tuple
    _history: list[int]
    _events: list[Event] | None
    _transcripts: dict[int, "_Transcript"] | None

    # ----- machinery (each engine's) ---------------------------------------------
    def _cached_legal(self) -> list[int]:
        raise NotImplementedError

    def _checked_do(self, action: int, on_step: Callable[[int, int], None] | None = None) -> None:
        raise NotImplementedError

    def _do(self, action: int) -> None:
        raise NotImplementedError

    def _advance(self, on_step: Callable[[int, int], None] | None = None) -> None:
        raise NotImplementedError

    def _forced_chance(self) -> int | None:
        raise NotImplementedError

    def clone(self) -> "State":
        """An independent copy (the engine's own; see :meth:`PythonState.clone`)."""
        raise NotImplementedError

    def clone_silent(self) -> "State":
        """:meth:`clone` without the events (a :meth:`silence`-d copy)."""
        raise NotImplementedError

    def events(self, since: int = 0, seat: int | None = None) -> list[dict[str, Any]]:
        """The engine events after action ``since`` that ``seat`` may see
        (see :meth:`PythonState.events`)."""
        raise NotImplementedError

    def silence(self) -> "State":
        """Stop recording events (see :meth:`PythonState.silence`); returns the state."""
        raise NotImplementedError

    def record_events(self) -> "State":
        """Record events again from now (see :meth:`PythonState.record_events`)."""
        raise NotImplementedError

    def _emit(self, kind: str, seen_by: Sequence[int] | None = None, secret: Sequence[str] = (),
              **fields: Any) -> None:
        raise NotImplementedError

    def _recording(self) -> bool:
        raise NotImplementedError

    # ----- hooks (game-specific) -------------------------------------------------
    def _current_player(self) -> int:
        raise NotImplementedError

    def _legal_actions(self) -> list[int]:
        raise NotImplementedError

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        raise NotImplementedError

    def _apply(self, action: int) -> None:
        raise NotImplementedError

    def _why_illegal(self, action: int) -> str:
        return f"{self._describe(action)} is not legal now"

    def _action_to_string(self, action: int) -> str:
        raise NotImplementedError

    def _string_to_action(self, text: str) -> int:
        raise NotImplementedError

    def _returns(self) -> list[float]:
        raise NotImplementedError

    def _observation_token(self, seat: int, action: int) -> str:
        """What ``seat`` learns when ``action`` is applied to this state (called
        before applying it). The default: the full action string."""
        return self._action_to_string(action)

    def _is_hidden_from(self, seat: int, action: int) -> bool:
        """Whether ``seat`` (-1: a spectator) would not see all of ``action``
        (see :meth:`is_hidden_from`). The default asks
        :meth:`_observation_token` for a ``?``; games may answer faster."""
        return "?" in self._observation_token(seat, action)

    def _period(self) -> int:
        """The game's unit of length so far (see :meth:`period`)."""
        raise NotImplementedError

    def _check_invariants(self) -> None:
        """Raise :class:`~herna.core.errors.InvariantError` if the state breaks the game's own
        invariants (cards and tokens conserved, ...). Default: none."""

    # ----- public API -------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.game.num_players

    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE`, or :data:`TERMINAL`."""
        return self._current_player()

    def is_terminal(self) -> bool:
        return self._current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self._current_player() == CHANCE

    def legal_actions(self) -> list[int]:
        """Sorted legal action ids of the player to act (chance: the outcomes;
        terminal: ``[]``)."""
        player = self._current_player()
        if player == TERMINAL:
            return []
        if player == CHANCE:
            return [a for a, _ in self._chance_outcomes()]
        return list(self._cached_legal())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """``[(action, probability), ...]`` at a chance node; raises
        ``IllegalActionError`` elsewhere."""
        if self._current_player() != CHANCE:
            raise IllegalActionError("this is not a chance node")
        return self._chance_outcomes()

    def apply_action(self, action: int | str, on_step: Callable[[int, int], None] | None = None) -> None:
        """Apply ``action`` (an id of any integral type, e.g. ``numpy.int64``,
        stored as a plain ``int``; or an action string) for the player to act,
        then apply every following decision that has a single legal action
        (and every chance node with a single outcome).

        ``on_step(actor, action)``, if given, is called before each action is
        applied, the automatic ones included (``actor`` is :data:`CHANCE` for
        chance). Raises ``IllegalActionError`` (saying why) and leaves the
        state untouched if the action is not legal now.
        """
        if isinstance(action, str):
            action = self.string_to_action(action)
        self._checked_do(action, on_step)
        self._advance(on_step)

    def apply_step(self, action: int | str, on_step: Callable[[int, int], None] | None = None) -> None:
        """Apply ``action`` (an id or an action string) for the player to act,
        checked as :meth:`apply_action` checks it, **and nothing after it**:
        a following decision with one legal action, or a chance node with one
        outcome, is left for the caller to apply (with this method, as it
        applies any other). For a driver that must show every move on its
        own, the forced ones included: the web server asks a person for
        their only legal move and paces a bot's like a chosen one
        (WEB-API.md, "Players, turns and presence"). Bots, scenarios and
        replays keep :meth:`apply_action` ("only real choices are asked").

        ``on_step(actor, action)``, if given, is called before the action is
        applied (``actor`` is :data:`CHANCE` for a chance outcome). Raises
        ``IllegalActionError`` (saying why) and leaves the state untouched if
        the action is not legal now; the same engine check as
        :meth:`apply_action`, on either engine."""
        if isinstance(action, str):
            action = self.string_to_action(action)
        self._checked_do(action, on_step)

    def apply_actions(self, actions: Sequence[int | str]) -> None:
        """Apply several actions in order (see :meth:`apply_action`)."""
        for action in actions:
            self.apply_action(action)

    def sample_chance(self, rng: random.Random) -> int:
        """An outcome of this chance node drawn with ``rng`` (by its
        probability). ``TypeError`` if ``rng`` is not a ``random.Random``;
        ``IllegalActionError`` if this is not a chance node."""
        _check_rng(rng)
        if self._current_player() != CHANCE:
            raise IllegalActionError("this is not a chance node")
        return self._sample_chance(rng)

    def _sample_chance(self, rng: random.Random) -> int:
        """Hook: games with many equally likely outcomes draw one faster."""
        return draw_outcome(self._chance_outcomes(), rng)

    def chance_stream(self) -> object:
        """A key naming the "slot" this chance node belongs to (a deal, a
        round, a turn), or ``None``. A driver that draws each slot's chance
        from its own seeded generator deals the same cards and rolls the same
        dice in every replay of a deal set, whatever the players decide
        (duplicate play, :func:`herna.arena.match.play_game`)."""
        return self._chance_stream()

    def _chance_stream(self) -> object:
        return None

    def history(self) -> list[int]:
        """Every action applied so far, chance and automatic ones included."""
        return list(self._history)

    def num_actions(self) -> int:
        """How many actions have been applied (``len(history())`` without the
        copy): chance and automatic ones included."""
        return len(self._history)

    def history_strings(self) -> list[str]:
        """:meth:`history` as action strings (incremental: see the class
        docstring)."""
        return [string for _, _, string in self._transcript(_STRINGS)]

    def returns(self) -> list[float]:
        """Per seat: the game's result so far (the game defines the unit; see
        each game's docs). Length = number of players."""
        return self._returns()

    def action_to_string(self, action: int) -> str:
        """Canonical action string of ``action`` (an id of any integral type)
        in this state (SCENARIOS.md). Raises ``IllegalActionError`` for a
        value that is not an integer (``None``, ``"x"``, ``3.5``, ``True``)
        or an id that names no action of this game and table."""
        action = action_id(action)
        try:
            return self._action_to_string(action)
        except IllegalActionError:
            raise
        except (ValueError, IndexError, KeyError):
            raise IllegalActionError(f"no {self.game.name} action has id {action}") from None

    def string_to_action(self, text: str) -> int:
        """The action id of an action string (case-insensitive; words
        separated by spaces or tabs). Raises ``IllegalActionError`` if the
        text is not a ``str``, has a character that is not printable ASCII
        (a Unicode digit like ``'٦'`` or a no-break space; see
        :func:`herna.core.actionio.normalise_action_text`), or names no action
        of this game."""
        if not isinstance(text, str):
            raise IllegalActionError(f"an action string was expected, not {text!r}")
        return self._string_to_action(normalise_action_text(text))

    def legal_action_strings(self) -> list[str]:
        """:meth:`legal_actions` as canonical action strings."""
        return [self._action_to_string(a) for a in self.legal_actions()]

    # ----- the API for tools (search, interop, arena, screens) --------------------------------
    def push(self, action: int) -> None:
        """Apply ``action`` **without checking it**, then every following
        decision with a single legal action (as :meth:`apply_action`). For
        search and replay loops that take ``action`` from
        :meth:`legal_actions` or :meth:`sample_chance` of this very state
        (python-chess pairs ``push`` with the checked ``push_san`` the same
        way). An action that is not legal leaves the state undefined."""
        self._do(action)
        self._advance()

    def forced_action(self) -> int | None:
        """The action the engine would apply by itself here ("only real
        choices are asked"): the one legal action of a decision, or the one
        outcome of a chance node (a fixed deal); ``None`` at a real choice,
        a real chance draw or the end."""
        player = self._current_player()
        if player == TERMINAL:
            return None
        if player == CHANCE:
            return self._forced_chance()
        legal = self._cached_legal()
        return legal[0] if len(legal) == 1 else None

    def period(self) -> int:
        """How far the game has come in its own unit of length: the deal
        (Trumfosaur), round (Ugo!) or turn (Kurník) in play, from 1; at the
        end, the number played. The unit is the game record's
        ``length_unit`` (:class:`herna.core.record.GameRecord`)."""
        return self._period()

    def is_hidden_from(self, seat: int | None, action: int) -> bool:
        """Whether ``seat`` (``None``: a spectator) would not see all of
        ``action`` if it were applied now (a card dealt to another seat, an
        invitation laid face down): its observation (:meth:`observe_action`)
        has a part replaced by ``?``. Fast enough for a search's inner loop
        (game hook ``_is_hidden_from``). ``IllegalActionError`` if ``action``
        is not an integer."""
        return self._is_hidden_from(-1 if seat is None else seat,
                                    action if type(action) is int else action_id(action))

    def on_engine(self, engine: str) -> "State":
        """This state on ``engine`` (``"python"``, ``"compiled"`` or
        ``"auto"``): the same game, fixed deals and history, replayed; a
        :meth:`silence`-d state gives a silenced copy. For comparing the
        engines and for a bot that searches on another engine than the
        table's. ``ValueError`` for an engine that names none or is not
        built."""
        from .registry import load

        game = load(self.game.name, engine=engine, **self.game.options)
        twin = game.state_class(game, self._deals)
        if self._events is None:
            twin.silence()
        for action in self._history:
            twin._do(action)
        return twin

    def initial_state(self) -> "State":
        """A new state at the start of this game: the same options and fixed
        deals, no action applied (not even the automatic ones). Replaying
        :meth:`history` on it with :meth:`push` or :meth:`step` rebuilds this state."""
        return self.game.state_class(self.game, self._deals)

    def step(self, action: int) -> None:
        """Apply one action exactly as it stands in a history, **unchecked**
        and without applying the automatic ones after it (a history already
        lists them). For replaying :meth:`history` one action at a time
        from :meth:`initial_state`."""
        self._do(action)

    def observations(self, seat: int | None) -> list[tuple[int, int, str]]:
        """A walk of the history as ``seat`` (``None``: a spectator) saw it:
        ``(actor, action, observation)`` per applied action, ``actor`` the
        seat or :data:`CHANCE`, ``observation`` the action string with what
        the seat may not know replaced by ``?`` (``invite ?``, ``deal ?``)."""
        return self._transcript(-1 if seat is None else seat).copy()

    def _transcript(self, key: int) -> list[tuple[int, int, str]]:
        """``(actor, action, text)`` per applied action, ``text`` the action
        string (``key`` :data:`_STRINGS`) or what seat ``key`` (-1: a
        spectator) saw of it. Kept in ``_transcripts`` and extended by the
        actions applied since the last call (class docstring); the caller
        must not change the list."""
        if self._transcripts is None:
            self._transcripts = {}  # type: ignore[misc]  # each engine provides the attribute
        transcript = self._transcripts.get(key)
        if transcript is None:
            transcript = self._transcripts[key] = _Transcript(self.initial_state().silence(), key)
        return transcript.extend(self._history)

    def check_invariants(self) -> None:
        """Raise :class:`~herna.core.errors.InvariantError` naming the broken
        invariant if the state breaks one of the game's own (cards and
        tokens conserved, hand sizes, ...). Conformance tests call it after
        every action; it is not an ``assert``, so ``python -O`` keeps it."""
        self._check_invariants()

    def to_json(self) -> dict:
        """JSON-ready dict: game, options, fixed deals and the action history
        (as strings). :meth:`Game.from_json` replays it to an identical state."""
        return {
            "format": FORMAT_NAME,
            "version": FORMAT_VERSION,
            "game": self.game.name,
            "options": dict(self.game.options),
            "deals": self.game._deals_to_json(self._deals),
            "history": self.history_strings(),
        }

    def observe_action(self, seat: int | None, action: int) -> str:
        """The string ``seat`` sees when ``action`` is applied now (``None``: a
        spectator): hidden parts are ``?`` (``invite ?``, ``deal ?``).
        ``IllegalActionError`` if ``action`` is not an integer."""
        return self._observation_token(-1 if seat is None else seat, action_id(action))

    def information_state_string(self, seat: int) -> str:
        """Everything ``seat`` has observed, in order (perfect recall): the
        game and options, then one token per action as the seat saw it."""
        self._check_seat(seat)
        tokens = [f"{self.game.name} seat {seat}", json.dumps(self.game.options, sort_keys=True)]
        tokens.extend(f"{'c' if actor == CHANCE else actor}:{token}" for actor, _, token in self.observations(seat))
        return "\n".join(tokens)

    def view(self, seat: int | None = None) -> dict:
        """JSON-ready dict of what ``seat`` (``None``: a spectator) sees; keys
        as in SCENARIOS.md. ``ValueError`` for a seat that does not exist."""
        if seat is not None:
            self._check_seat(seat)
        return self._view(seat)

    def observation_tensor(self, seat: int) -> np.ndarray:
        """float32 vector of what ``seat`` sees now; fixed shape per game and
        options; layout in each game's ``observation`` module."""
        self._check_seat(seat)
        return self._observation_tensor(seat)

    def resample(self, seat: int, rng: random.Random) -> "State":
        """A full state consistent with everything ``seat`` knows (its
        information state), hidden parts drawn at random with ``rng``. It is
        :meth:`silence`-d: a determinization records no events (its hidden
        cards are made up, and search pays nothing for them).
        ``ValueError`` for a seat that does not exist, ``TypeError`` if
        ``rng`` is not a ``random.Random``."""
        self._check_seat(seat)
        _check_rng(rng)
        return self._resample(seat, rng).silence()

    def _view(self, seat: int | None) -> dict:
        raise NotImplementedError

    def _observation_tensor(self, seat: int) -> np.ndarray:
        raise NotImplementedError

    def _resample(self, seat: int, rng: random.Random) -> "State":
        raise NotImplementedError

    # ----- machinery ---------------------------------------------------------------
    def _describe(self, action: int) -> str:
        try:
            return repr(self._action_to_string(action))
        except Exception:  # noqa: BLE001 - any id, even garbage, gets a message
            return f"action {action!r}"

    def _check_seat(self, seat: int) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.game.num_players:
            raise ValueError(f"seat must be 0..{self.game.num_players - 1}, not {seat!r}")

    def __repr__(self) -> str:
        player = self._current_player()
        who = {CHANCE: "chance", TERMINAL: "over"}.get(player, f"seat {player}")
        return f"<{self.game.name} state, {len(self._history)} actions, to move: {who}>"


class PythonState(State):
    """The Python engine's machinery under :class:`State` (the readable
    reference of the rules): history, events, the legal-action cache,
    transcripts, checked and unchecked application, auto-play, cloning and
    equality, over ``__slots__``. Each game's Python state subclasses it and
    implements the hooks.

    Cached (and why): ``_legal``, the legal actions of the decision in play,
    computed at most once per position, because a step needs them three
    times (the driver's :meth:`legal_actions`, the legality check of
    :meth:`apply_action` and the auto-play of the next position). Every
    applied action resets it (:meth:`_do` is the only way a state changes);
    the list is never changed in place (:meth:`legal_actions` hands out
    copies), and a clone starts without it. A test that edits a state's
    fields by hand calls :meth:`_forget_cache` afterwards.

    ``_transcripts``: for :meth:`history_strings` (and :meth:`to_json`),
    :meth:`observations` and :meth:`information_state_string`, which walk
    the whole history, a replay of it per seat asked (or for the action
    strings) with what it gave so far (:class:`_Transcript`); a later call
    replays only the actions applied since, so a tool that asks at every
    step pays per action, not per game so far. A history only grows, so a
    transcript stays valid; a clone starts without them.
    """

    __slots__ = ("game", "_deals", "_history", "_events", "_legal", "_transcripts")

    def __init__(self, game: Game, deals: tuple = ()) -> None:
        self.game = game
        self._deals = deals
        self._history: list[int] = []
        self._events: list[Event] | None = []  # None: silenced (see silence())
        self._legal: list[int] | None = None  # cache of _legal_actions() (class docstring)
        self._transcripts: dict[int, _Transcript] | None = None  # replays of the history (class docstring)

    def _emit(self, kind: str, seen_by: Sequence[int] | None = None, secret: Sequence[str] = (),
              **fields: Any) -> None:
        """Record an event of the action being applied (call it from
        ``_apply``); see :mod:`herna.core.events` for ``seen_by`` and
        ``secret``. Fields must be JSON-ready. Does nothing in a
        :meth:`silence`-d state."""
        if self._events is None:
            return
        self._events.append(Event(len(self._history) + 1, kind, fields,
                                  None if seen_by is None else tuple(seen_by), tuple(secret)))

    def _recording(self) -> bool:
        """Whether events are recorded (not :meth:`silence`-d). A game skips
        building an event whose fields cost time (lists of card names) when
        they are not: search copies apply most actions and record nothing."""
        return self._events is not None

    def events(self, since: int = 0, seat: int | None = None) -> list[dict[str, Any]]:
        """The engine events after action number ``since`` (those with
        ``seq > since``) that ``seat`` may see (``None``: a spectator), in
        the order they happened: ``{"seq", "kind", ...fields}`` dicts,
        JSON-ready (:mod:`herna.core.events`; each game lists its kinds in
        its ``events`` module). ``ValueError`` for a seat that does not exist."""
        if seat is not None:
            self._check_seat(seat)
        return select(self._events, since, seat) if self._events is not None else []

    def silence(self) -> "State":
        """Stop recording events in this state and its clones (their
        :meth:`events` are empty from now on); returns the state. For search
        copies and determinizations, whose events nobody reads: recording
        them costs time on every action and every clone."""
        self._events = None
        return self

    def record_events(self) -> "State":
        """Record events again in a :meth:`silence`-d state (a
        determinization, for a hint's reason), from an empty list: only the
        events of actions applied from now on are there. A state that
        records already keeps its events. Returns the state."""
        if self._events is None:
            self._events = []
        return self

    def clone_silent(self) -> "State":
        """:meth:`clone` without the events (a :meth:`silence`-d copy),
        cheaper than cloning and silencing."""
        events, self._events = self._events, None
        try:
            return self.clone()
        finally:
            self._events = events

    def clone(self) -> "State":
        """An independent copy: no list or dict of one is reachable from the
        other (the game and the fixed deals are shared: never changed). The
        history and events are copied whole (flat lists); other lists are
        copied whole unless they hold lists or dicts, which are copied in
        turn (:func:`_copy_value`). The copy starts without the cache."""
        other = object.__new__(type(self))
        for slot in _all_slots(type(self)):
            value = getattr(self, slot)
            if slot in _SHARED_SLOTS:
                setattr(other, slot, value)
            elif slot in _CACHE_SLOTS:
                setattr(other, slot, None)
            elif slot in _FLAT_SLOTS:
                setattr(other, slot, None if value is None else value.copy())
            else:
                setattr(other, slot, _copy_value(value))
        return other

    def _checked_do(self, action: int, on_step: Callable[[int, int], None] | None = None) -> None:
        player = self._current_player()
        if player == TERMINAL:
            raise IllegalActionError("the game is over; no action is legal")
        if type(action) is not int:
            try:
                action = action_id(action)
            except IllegalActionError:
                raise IllegalActionError(f"an action id (int) or string was expected, not {action!r}") from None
        if not self._is_legal(action, player):
            if player == CHANCE:
                raise IllegalActionError(
                    f"{self._describe(action)} is not a possible chance outcome now"
                )
            raise IllegalActionError(self._why_illegal(action))
        if on_step is not None:
            on_step(player, action)
        self._do(action)

    def _is_legal(self, action: int, player: int) -> bool:
        """Hook: whether ``action`` is legal now. A decision looks in the
        cached legal actions; a chance node scans its outcomes (games
        answer faster: a card dealt is legal if it is undealt)."""
        if player == CHANCE:
            return any(a == action for a, _ in self._chance_outcomes())
        return action in self._cached_legal()

    def _cached_legal(self) -> list[int]:
        """``_legal_actions()`` of this position, computed once (class
        docstring). Only at a decision; the caller must not change the list."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._legal_actions()
        return legal

    def _forget_cache(self) -> None:
        """Drop what is cached about this position; for code (tests) that
        sets a state's fields by hand instead of applying actions."""
        self._legal = None

    def _do(self, action: int) -> None:
        self._legal = None
        self._apply(action)
        self._history.append(action)

    def _forced_chance(self) -> int | None:
        """At a chance node: its outcome if it has only one (a fixed deal),
        else ``None``. Games override this with a cheap check."""
        outcomes = self._chance_outcomes()
        return outcomes[0][0] if len(outcomes) == 1 else None

    def _advance(self, on_step: Callable[[int, int], None] | None = None) -> None:
        """Apply every decision that has exactly one legal action, and every
        chance node with a single outcome (a fixed deal)."""
        while True:
            player = self._current_player()
            if player == TERMINAL:
                return
            if player == CHANCE:
                action = self._forced_chance()
                if action is None:
                    return
            else:
                legal = self._cached_legal()
                if len(legal) != 1:
                    return
                action = legal[0]
            if on_step is not None:
                on_step(player, action)
            self._do(action)

    def __eq__(self, other: object) -> bool:
        """Same game, deals, history and position. The recorded events are
        not compared: they follow from the history (replay records the same
        ones), and a :meth:`silence`-d state has none."""
        if type(other) is not type(self):
            return NotImplemented
        return all(getattr(self, s) == getattr(other, s) for s in _all_slots(type(self)) if s not in _NOT_COMPARED)

    __hash__ = None  # type: ignore[assignment]


def draw_outcome(outcomes: Sequence[tuple[int, float]], rng: random.Random) -> int:
    """The action of ``outcomes`` (``(action, probability)`` pairs) that one
    ``rng.random()`` falls in, by cumulative probability (none drawn when
    there is a single outcome); the default :meth:`State.sample_chance`.
    Games with a fixed table of outcomes pass it here without copying it."""
    if len(outcomes) == 1:
        return outcomes[0][0]
    total = 0.0
    pick = rng.random()
    for action, probability in outcomes:
        total += probability
        if pick < total:
            return action
    return outcomes[-1][0]


_STRINGS = -2
"""The :meth:`State._transcript` key of the action strings."""


class _Transcript:
    """A replay of a state's history kept for later calls: ``replay`` (a
    silenced state) has applied the first ``len(items)`` actions, and
    ``items`` holds ``(actor, action, text)`` for each of them (``text``:
    see :meth:`State._transcript`)."""

    __slots__ = ("replay", "key", "items")

    def __init__(self, replay: State, key: int) -> None:
        self.replay = replay
        self.key = key
        self.items: list[tuple[int, int, str]] = []

    def extend(self, history: list[int]) -> list[tuple[int, int, str]]:
        """The items of ``history``, replaying the actions not yet seen."""
        items, replay, key = self.items, self.replay, self.key
        if len(items) > len(history):  # pragma: no cover - a history only grows
            raise InvariantError("the history is shorter than its transcript")
        for action in history[len(items):]:
            actor = replay._current_player()
            text = replay._action_to_string(action) if key == _STRINGS else replay._observation_token(key, action)
            items.append((actor, action, text))
            replay._do(action)
        return items


def _check_rng(rng: object) -> None:
    if not isinstance(rng, random.Random):
        raise TypeError(
            "rng must be a random.Random (e.g. random.Random(seed)), "
            f"not {type(rng).__module__}.{type(rng).__qualname__}"
        )


_SLOTS_CACHE: dict[type, tuple[str, ...]] = {}
_SHARED_SLOTS = frozenset({"game", "_deals"})
"""Slots a clone shares with its parent: never changed in place."""
_CACHE_SLOTS = frozenset({"_legal", "_transcripts"})
"""Slots a clone starts empty (``None``): a copy is often edited by hand in
tests, and the cache is cheap to fill again."""
_FLAT_SLOTS = frozenset({"_history", "_events"})
"""Slots holding ``None`` or a list of immutable items (action ids, events)."""
_NOT_COMPARED = frozenset({"_events", "_legal", "_transcripts"})
"""Slots ``==`` skips: they follow from the history."""


def _all_slots(cls: type) -> tuple[str, ...]:
    slots = _SLOTS_CACHE.get(cls)
    if slots is None:
        names: list[str] = []
        for klass in reversed(cls.__mro__):
            for name in getattr(klass, "__slots__", ()):
                if name not in names:
                    names.append(name)
        slots = _SLOTS_CACHE[cls] = tuple(names)
    return slots


_CONTAINERS = frozenset({list, dict})


def _copy_value(value: Any) -> Any:
    """A copy of a slot's value sharing no list or dict with it. A list of
    plain items (the usual case: ints, bools, tuples) is copied whole after a
    scan of its item types at C speed; only a list holding lists or dicts,
    and a dict, are copied item by item."""
    if type(value) is list:
        if _CONTAINERS.isdisjoint(map(type, value)):
            return value.copy()
        return [_copy_value(v) if isinstance(v, (list, dict)) else v for v in value]
    if isinstance(value, list):
        return [_copy_value(v) if isinstance(v, (list, dict)) else v for v in value]
    if isinstance(value, dict):
        return {k: _copy_value(v) for k, v in value.items()}
    return value
