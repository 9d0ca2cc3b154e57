"""Information-set MCTS (single observer; Cowling, Powley and Whitehouse 2012).

The bot sees only its seat's :class:`~herna.bots.base.Observation`. Each
iteration draws one determinization from the seat's information
(``observation.resampler()``, i.e. ``state.resample`` or a faster per-game
sampler with the same distribution), then walks one tree that belongs to the
searching seat's information set:

* **Selection** at a decision: UCB1 with *availability counts* among the
  children whose action is legal in this determinization (SO-ISMCTS):
  ``mean + c * sqrt(ln(available) / visits)``, ``mean`` being the acting
  seat's own utility (max^n: every seat maximises its own value).
* **Expansion**: one untried legal action per iteration.
* **Hidden moves** of another seat (a Trumfosaur invitation: the searching
  seat sees ``invite ?``) and **chance** (dice, draws) are open-loop nodes:
  the move is drawn in the determinization (an opponent's hidden choice by the
  rollout policy, chance by its probabilities) and the edge is keyed by what
  the searching seat observes (``invite ?``, ``dice 2 5``), so a Kurník dice
  roll gets one child per outcome, visited in proportion to its probability
  (expectimax-style sampling), and hidden choices share one child.
* **Rollout** with the ``random`` or the game's ``greedy`` policy up to the
  game's horizon (end of the Trumfosaur deal, of the Ugo! round, or of the
  Kurník turn), then the utility of :mod:`herna.bots.evaluation`.
* The move played is the root child with the most visits.

Budgets: ``iterations`` (reproducible: the same seed gives the same moves),
1 .. 10**7, or ``seconds`` of wall time per decision, 0 < s <= 3600
(``ismcts:2000``, ``ismcts:0.2s``; see :func:`parse_spec`).

For speed the search applies actions to its own determinizations with the
core's unchecked :meth:`~herna.core.State.push` (every action it applies is
taken from ``legal_actions`` or ``sample_chance`` of that state); it uses only
the public :class:`~herna.core.State` API. On the compiled engine the same
iterations run in C (:mod:`herna.bots.compiled_search`: the same tree, the
same random draws, so the same moves for the same seed).
"""

from __future__ import annotations

import math
import random
import re
import time

from herna.core import CHANCE, Game, State

from .base import Bot, Observation, observe
from .evaluation import horizon_for

DEFAULT_SECONDS = 0.2
DEFAULT_EXPLORATION = 0.7
ROLLOUTS = ("random", "greedy")
SEARCH_ENGINES = ("python", "compiled")
"""Engines a search may run its determinizations on (``ismcts:0.2s:python``)."""
MAX_SECONDS = 3600.0
"""Largest time budget per decision (one hour)."""
MAX_ITERATIONS = 10**7
"""Largest iteration budget per decision."""
BUDGET_FORMS = (f"ismcts:SECONDSs with 0 < SECONDS <= {MAX_SECONDS:g} (e.g. ismcts:0.2s) or "
                f"ismcts:ITERATIONS with 1 <= ITERATIONS <= {MAX_ITERATIONS} (e.g. ismcts:2000)")
_SECONDS = re.compile(r"(?:[0-9]{1,12}(?:\.[0-9]{0,12})?|\.[0-9]{1,12})s")
_ITERATIONS = re.compile(r"[0-9]{1,12}")


class Node:
    """A tree node: children by edge key, visit and availability counts and
    the summed utility of the seat whose move led here."""

    __slots__ = ("children", "visits", "avail", "total")

    def __init__(self) -> None:
        self.children: dict = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0


def parse_spec(spec: str) -> dict:
    """Options of an ``ismcts`` bot spec: ``ismcts``, ``ismcts:0.2s``
    (seconds per decision), ``ismcts:2000`` (iterations), and optionally a
    rollout policy ``:random`` or ``:greedy`` (``ismcts:0.2s:greedy``) and
    the engine its determinizations run on, ``:python`` or ``:compiled``
    (default: the table's; ``ismcts:0.2s:python`` is the search as it was
    before the compiled engine, for measuring what it gained).
    Budgets are plain decimals in ASCII digits: seconds ``0 < s <= 3600``
    (:data:`MAX_SECONDS`), iterations ``1 .. 10**7`` (:data:`MAX_ITERATIONS`);
    ``nan``, ``inf``, ``1e309``, negative or zero budgets are refused.
    Returns ``{"seconds": float}`` or ``{"iterations": int}`` and maybe
    ``{"rollout": str}`` and ``{"engine": str}``. Raises ``ValueError`` saying what is allowed."""
    parts = [p.strip().lower() for p in spec.split(":")]
    if parts[0] != "ismcts":
        raise ValueError(f"{spec!r} is not an ismcts spec")
    out: dict = {}
    for part in parts[1:]:
        if not part:
            continue
        if part in ROLLOUTS:
            out["rollout"] = part
        elif part in SEARCH_ENGINES:
            out["engine"] = part
        elif _SECONDS.fullmatch(part):
            out["seconds"] = check_budget(None, float(part[:-1]))[1]
        elif _ITERATIONS.fullmatch(part):
            out["iterations"] = check_budget(int(part), None)[0]
        else:
            raise ValueError(f"bad ismcts option {part!r} in {spec!r}; use {BUDGET_FORMS}, "
                             f"optionally followed by :{'|:'.join(ROLLOUTS)} (e.g. ismcts:2000:greedy) "
                             f"and :{'|:'.join(SEARCH_ENGINES)} (the engine searched on)")
    if "seconds" in out and "iterations" in out:
        raise ValueError(f"{spec!r}: give a time budget or an iteration budget, not both")
    return out


def check_budget(iterations: int | None, seconds: float | None) -> tuple[int | None, float | None]:
    """``(iterations, seconds)`` checked: iterations an int ``1 ..``
    :data:`MAX_ITERATIONS`, seconds a finite number ``0 < s <=``
    :data:`MAX_SECONDS` (returned as ``float``); ``None`` stays ``None``.
    Raises ``ValueError`` naming the allowed forms."""
    if iterations is not None:
        if isinstance(iterations, bool) or not isinstance(iterations, int) or not 1 <= iterations <= MAX_ITERATIONS:
            raise ValueError(f"ismcts iteration budget must be a whole number 1..{MAX_ITERATIONS}, "
                             f"not {iterations!r}; use {BUDGET_FORMS}")
    if seconds is not None:
        if (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                or not math.isfinite(seconds) or not 0 < seconds <= MAX_SECONDS):
            raise ValueError(f"ismcts time budget must be a finite number of seconds, 0 < s <= {MAX_SECONDS:g}, "
                             f"not {seconds!r}; use {BUDGET_FORMS}")
        seconds = float(seconds)
    return iterations, seconds


class ISMCTSBot(Bot):
    """SO-ISMCTS (see the module docstring).

    ``iterations`` or ``seconds`` (default: 0.2 s) per decision; ``rollout``:
    ``random`` (default) or ``greedy``; ``exploration``: the UCB constant;
    ``engine``: ``python`` or ``compiled`` to search on that engine
    whatever the table's (default: the table's).
    After each decision ``last_iterations`` and ``last_seconds`` tell how much
    search it did; ``searches``, ``total_iterations`` and ``total_seconds`` add
    up over the bot's decisions (for ``herna bench`` and the arena)."""

    name = "ismcts"

    def __init__(self, game: Game, seat: int, seed: int | None = None, iterations: int | None = None,
                 seconds: float | None = None, rollout: str = "random",
                 exploration: float = DEFAULT_EXPLORATION, engine: str | None = None) -> None:
        super().__init__(game, seat, seed)
        if rollout not in ROLLOUTS:
            raise ValueError(f"unknown rollout policy {rollout!r}; choose one of: {', '.join(ROLLOUTS)}")
        if engine is not None and engine not in SEARCH_ENGINES:
            raise ValueError(f"unknown search engine {engine!r}; choose one of: {', '.join(SEARCH_ENGINES)}")
        self.engine = engine
        if iterations is None and seconds is None:
            seconds = DEFAULT_SECONDS
        iterations, seconds = check_budget(iterations, seconds)
        if not isinstance(exploration, (int, float)) or isinstance(exploration, bool) \
                or not math.isfinite(exploration) or exploration < 0:
            raise ValueError(f"exploration must be a finite number >= 0, not {exploration!r}")
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout
        self.exploration = exploration
        self._greedy: list[Bot] | None = None
        self.last_iterations = 0
        self.last_seconds = 0.0
        self.total_iterations = 0
        self.total_seconds = 0.0
        self.searches = 0

    def __repr__(self) -> str:
        budget = f"{self.iterations}" if self.iterations is not None else f"{self.seconds}s"
        engine = f":{self.engine}" if self.engine else ""
        return f"ismcts:{budget}:{self.rollout}{engine}(seat {self.seat})"

    # ----- the search ---------------------------------------------------------------
    def choose(self, observation: Observation) -> int:
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        children = self._search(observation).children
        best, best_visits = legal[0], -1
        for action in legal:
            child = children.get(action)
            if child is not None and child.visits > best_visits:
                best, best_visits = action, child.visits
        return best

    def root_statistics(self, observation: Observation) -> dict[int, tuple[int, float]]:
        """Search ``observation`` (the seat's information only) with this
        bot's budget and return the root's children: ``{action: (visits,
        mean utility)}`` for every legal action the search visited (with a
        budget of at least as many iterations as legal actions, every one).
        The mean utility is the seat's own, as the game's horizon scores it
        (:mod:`herna.bots.evaluation`: a margin / scale in roughly ``[-1,
        1]``, or a chance to win in ``[0, 1]``). :meth:`choose` plays the
        action with the most visits; this is the same search (the hints of
        :mod:`herna.bots.hints` stand on it). Also searches a decision with
        one legal action (:meth:`choose` does not)."""
        children = self._search(observation).children
        return {action: (children[action].visits, children[action].total / children[action].visits)
                for action in observation.legal_actions
                if action in children and children[action].visits > 0}

    def evaluate_moves(self, observation: Observation, actions: list[int], iterations: int | None = None,
                       seconds: float | None = None) -> dict[int, tuple[int, float, float]]:
        """Value each of ``actions`` (legal at ``observation``) on the same
        footing: for each, the same budget (``iterations``, or ``seconds`` of
        wall time, per move) of ISMCTS iterations whose first move is that
        action, the search below it as usual. Returns ``{action: (n, mean,
        standard error of the mean)}`` of the seat's utility (as
        :meth:`root_statistics`). The root statistics of a search are not
        comparable like this: a move that looked worse early gets fewer
        visits and keeps a mean biased low; here every move gets as many
        iterations, so the differences are the moves' (up to the standard
        errors). Reads the seat's information only."""
        iterations, seconds = check_budget(iterations, seconds if iterations is None else None)
        rng = self.rng
        draw = observation.resampler(self.engine)
        state = draw(rng)
        horizon = horizon_for(state)
        fast = _compiled_search(state)
        out: dict[int, tuple[int, float, float]] = {}
        for action in actions:
            root = fast.Node() if fast is not None else Node()
            limits = fast.make_limits(horizon) if fast is not None else None
            deadline = time.perf_counter() + seconds if seconds is not None else math.inf
            count, total, squares = 0, 0.0, 0.0
            while True:
                state = draw(rng)
                state.push(action)
                if fast is not None:
                    utility = fast.iterate(self, root, state, limits, rng, self.rollout == "greedy")
                else:
                    utility = self._iterate(root, state, horizon, rng)
                value = utility[self.seat]
                count += 1
                total += value
                squares += value * value
                if (count >= iterations) if iterations is not None else (time.perf_counter() >= deadline
                                                                         and count >= 2):
                    break
            mean = total / count
            variance = max(0.0, squares / count - mean * mean) * count / max(1, count - 1)
            out[action] = (count, mean, math.sqrt(variance / count))
        return out

    def paired_values(self, observation: Observation, actions: list[int], iterations: int, replicates: int,
                      seed: int) -> list[dict[int, float]]:
        """Independent replicates of a **paired** valuation of ``actions``
        (legal at ``observation``), for a comparison whose uncertainty can
        be trusted (:mod:`herna.bots.hints`).

        Replicate ``r`` (of ``replicates``, >= 2) derives a world seed and a
        search seed from ``seed`` and ``r``; each action then gets
        ``iterations`` ISMCTS iterations whose first move is that action
        (as :meth:`evaluate_moves`), every action on the **same**
        determinizations (drawn from the seat's information with the world
        seed: common random numbers) and with the same search seed. Returns
        one ``{action: mean utility}`` per replicate. Replicates share no
        random numbers, so the differences between two actions over the
        replicates are independent and identically distributed: their mean
        and standard error (sd / sqrt(replicates)) are an honest estimate of
        the difference and its uncertainty, where the per-iteration
        standard error of :meth:`evaluate_moves` is not (the iterations of
        one tree are not independent, and a search that also chose the
        moves overstates the winner's lead). Deterministic for a seed.
        Raises ``ValueError`` for fewer than 2 replicates or a bad budget."""
        check_budget(iterations, None)
        if isinstance(replicates, bool) or not isinstance(replicates, int) or replicates < 2:
            raise ValueError(f"replicates must be a whole number >= 2, not {replicates!r}")
        draw = observation.resampler(self.engine)
        seeds = random.Random(f"paired:{seed}")
        horizon = None
        fast = None
        out: list[dict[int, float]] = []
        for _ in range(replicates):
            world_seed, search_seed = seeds.getrandbits(63), seeds.getrandbits(63)
            values: dict[int, float] = {}
            for action in actions:
                worlds, rng = random.Random(world_seed), random.Random(search_seed)
                total = 0.0
                root = None
                limits = None
                for _ in range(iterations):
                    state = draw(worlds)
                    if horizon is None:
                        horizon = horizon_for(state)
                        fast = _compiled_search(state)
                    if root is None:
                        root = fast.Node() if fast is not None else Node()
                        limits = fast.make_limits(horizon) if fast is not None else None
                    state.push(action)
                    if fast is not None:
                        utility = fast.iterate(self, root, state, limits, rng, self.rollout == "greedy")
                    else:
                        utility = self._iterate(root, state, horizon, rng)
                    total += utility[self.seat]
                values[action] = total / iterations
            out.append(values)
        return out

    def _search(self, observation: Observation) -> Node:
        """Run the search from ``observation``; the root node."""
        started = time.perf_counter()
        deadline = started + self.seconds if self.seconds is not None else math.inf
        limit = self.iterations
        rng = self.rng
        draw = observation.resampler(self.engine)
        state = draw(rng)
        horizon = horizon_for(state)
        fast = _compiled_search(state)
        if fast is not None:  # the same iteration in C (herna/bots/compiled_search.pyx)
            root = fast.Node()
            limits, greedy, fast_iterate = fast.make_limits(horizon), self.rollout == "greedy", fast.iterate
        else:
            root = Node()
        count = 0
        while True:
            if fast is not None:
                fast_iterate(self, root, state, limits, rng, greedy)
            else:
                self._iterate(root, state, horizon, rng)
            count += 1
            if limit is not None:
                if count >= limit:
                    break
            elif time.perf_counter() >= deadline:
                break
            state = draw(rng)
        elapsed = time.perf_counter() - started
        self.last_iterations, self.last_seconds = count, elapsed
        self.total_iterations += count
        self.searches += 1
        self.total_seconds += elapsed
        return root

    def _iterate(self, root: Node, state: State, horizon, rng: random.Random) -> list[float]:
        """One iteration from ``root`` on the determinization ``state``; the
        utilities it backed up (one per seat)."""
        seat = self.seat
        c = self.exploration
        node = root
        path: list[tuple[Node, int]] = []
        while not horizon.done(state):
            player = state.current_player()
            if player == CHANCE:
                action = state.sample_chance(rng)
                key = _edge_key(state, seat, action)
            else:
                legal = state.legal_actions()
                if player != seat and state.is_hidden_from(seat, legal[0]):
                    action = self._policy(state, player, legal, rng)
                    key = state.observe_action(seat, action)
                else:
                    children = node.children
                    untried = [a for a in legal if a not in children]
                    if untried:
                        action = untried[0] if len(untried) == 1 else rng.choice(untried)
                        child = children[action] = Node()
                        for a in legal:
                            other = children.get(a)
                            if other is not None:
                                other.avail += 1
                        path.append((child, player))
                        state.push(action)
                        break
                    best_child, best_value, action = children[legal[0]], -math.inf, legal[0]
                    for a in legal:
                        child = children[a]
                        child.avail += 1
                        value = child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
                        if value > best_value:
                            best_child, best_value, action = child, value, a
                    path.append((best_child, player))
                    node = best_child
                    state.push(action)
                    continue
            reached = node.children.get(key)
            if reached is None:
                reached = node.children[key] = Node()
            node = reached
            state.push(action)
        self._rollout(state, horizon, rng)
        utility = horizon.utility(state)
        for child, player in path:
            child.visits += 1
            child.total += utility[player]
        return utility

    def _rollout(self, state: State, horizon, rng: random.Random) -> None:
        greedy = self.rollout == "greedy"
        done, push = horizon.done, state.push
        while not done(state):
            player = state.current_player()
            if player == CHANCE:
                action = state.sample_chance(rng)
            elif greedy:
                action = self._greedy_move(state, player)
            else:
                legal = state.legal_actions()
                action = legal[0] if len(legal) == 1 else legal[int(rng.random() * len(legal))]
            push(action)

    def _policy(self, state: State, player: int, legal: list[int], rng: random.Random) -> int:
        if self.rollout == "greedy":
            return self._greedy_move(state, player)
        return rng.choice(legal)

    def _greedy_move(self, state: State, player: int) -> int:
        bots = self._greedy
        if bots is None:
            from . import make_bot

            bots = self._greedy = [make_bot("greedy", self.game, s, seed=self.rng.randrange(1 << 30))
                                   for s in range(self.game.num_players)]
        return bots[player].choose(observe(state, player))


def _compiled_search(state: State):
    """:mod:`herna.bots.compiled_search` if ``state`` is on the compiled
    engine (and the module is built), else ``None``."""
    try:
        from herna.core.compiled import CompiledState

        from . import compiled_search  # type: ignore[attr-defined]  # compiled_search.pyx: no stub
    except ImportError:
        return None
    return compiled_search if isinstance(state, CompiledState) else None


def _edge_key(state: State, seat: int, action: int):
    """The edge of a chance outcome: the action if ``seat`` sees it, else
    what ``seat`` observes (``deal ?``)."""
    token = state.observe_action(seat, action)
    return token if "?" in token else action
