"""``herna bench --vs-openspiel``: herna's speed next to OpenSpiel's
(needs ``pip install 'herna[openspiel]'``).

1. Random playouts: actions applied per second of herna's games of hidden
   information (the records without ``perfect_information``: Trumfosaur and
   Ugo!, trick-taking games; through herna's own API, and through the
   ``herna_*`` pyspiel games) next to OpenSpiel's C++ trick-taking games
   ``hearts`` and ``oh_hell``. Every game is driven by
   the same Python loop (:func:`random_playouts`: legal actions, a random
   choice, apply; chance outcomes drawn by their probabilities), and every
   applied action counts, chance and herna's automatic single-choice moves
   included (the length of the final state's history), so the figures compare.
2. ISMCTS on the first of those games (``herna_trumfosaur``): herna's ISMCTS bot
   (:mod:`herna.bots.ismcts`) next to OpenSpiel's Python ISMCTS
   (``open_spiel.python.algorithms.ismcts`` with random rollouts, run for a
   fixed time per move): simulations per second, and a match at equal time
   per move (each seat arrangement played equally often).

:func:`measure_vs_openspiel` returns the figures; the terminal prints them
with the ratios (:func:`herna.cli.bench_openspiel.run_vs_openspiel`).
"""

from __future__ import annotations

import json
import os
import random
import time
from contextlib import contextmanager
from typing import Any, Callable

DEFAULT_SECONDS = 2.0
DEFAULT_MOVE_SECONDS = 0.1
DEFAULT_GAMES = 4
MATCH_OPTIONS = {"players": 4, "target_score": 1}
"""The ISMCTS match's options: four players, one deal of Trumfosaur (the game
ends after the first deal)."""
THEIR_GAMES = ("hearts", "oh_hell")
"""OpenSpiel's C++ trick-taking games the playouts of Trumfosaur and Ugo! compare with."""
THEIR_DICE_GAMES = ("pig",)
"""OpenSpiel's C++ dice race the playouts of Kurník compare with (it runs
near the loop's own floor)."""


def hidden_information_games() -> list[str]:
    """herna's games of hidden information, in registry order (the records
    whose ``perfect_information`` is false): the ones this benchmark
    compares with OpenSpiel's trick-taking games."""
    from herna.core import records

    return [rec.name for rec in records() if not rec.perfect_information]


# ----- random playouts ---------------------------------------------------------------------
def random_playouts(new_state: Callable[[], Any], seconds: float, seed: int = 1) -> dict:
    """Play random games from ``new_state()`` (an OpenSpiel-style state:
    ``is_terminal``, ``is_chance_node``, ``chance_outcomes``,
    ``legal_actions``, ``apply_action``, ``history``) for about ``seconds``
    (at least one game). Returns ``{"games", "actions", "seconds",
    "actions_per_second", "decisions", "decisions_per_second"}``; ``actions``
    counts every action in the finished games' histories, ``decisions`` the
    players' choices the loop made (chance draws and the moves an engine
    makes by itself left out, as :mod:`herna.batch.bench` counts)."""
    rng = random.Random(seed)
    games = actions = decisions = 0
    start = time.perf_counter()
    while True:
        state = new_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                pick = rng.random()
                action = outcomes[-1][0]
                for outcome, probability in outcomes:
                    pick -= probability
                    if pick < 0:
                        action = outcome
                        break
            else:
                action = rng.choice(state.legal_actions())
                decisions += 1
            state.apply_action(action)
        games += 1
        actions += len(state.history())
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return {"games": games, "actions": actions, "seconds": elapsed, "actions_per_second": actions / elapsed,
                    "decisions": decisions, "decisions_per_second": decisions / elapsed}


def engines_here() -> list[str]:
    """The engines this installation runs every game on: ``python`` and,
    where it is built for every game, ``compiled``."""
    from herna.core import engines, records

    built = all(engines.available(rec.name) for rec in records())
    return ["python", "compiled"] if built else ["python"]


@contextmanager
def default_engine(engine: str):
    """``herna.load``'s default engine is ``engine`` inside the block (for
    the adapters, which load their games themselves)."""
    from herna.core import engines

    before = os.environ.get(engines.ENV)
    os.environ[engines.ENV] = engine
    try:
        yield
    finally:
        if before is None:
            os.environ.pop(engines.ENV, None)
        else:
            os.environ[engines.ENV] = before


def pettingzoo_playouts(name: str, seconds: float, seed: int = 1) -> dict:
    """Random games through herna's PettingZoo AEC environment
    (:mod:`herna.interop.pettingzoo`: ``env.last()``, a random action of
    the mask, ``env.step``) for about ``seconds``; counted as
    :func:`random_playouts` counts (every action in the finished games'
    histories; decisions: the agents' steps)."""
    import numpy as np

    from herna.interop.pettingzoo import raw_env

    env = raw_env(name)
    rng = random.Random(seed)
    games = actions = decisions = 0
    start = time.perf_counter()
    while True:
        env.reset(seed=rng.randrange(2**31))
        for agent in env.agent_iter():
            _, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(env.observe(agent)["action_mask"])
            env.step(int(legal[int(rng.random() * len(legal))]))
            decisions += 1
        games += 1
        actions += env.herna_state.num_actions()
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return {"games": games, "actions": actions, "seconds": elapsed, "actions_per_second": actions / elapsed,
                    "decisions": decisions, "decisions_per_second": decisions / elapsed}


def references(name: str) -> tuple[str, ...]:
    """The OpenSpiel C++ games herna's ``name`` is compared with: the
    trick-taking :data:`THEIR_GAMES` for a game of hidden information, Pig
    (:data:`THEIR_DICE_GAMES`) for Kurník's dice race."""
    from herna.core import record

    return THEIR_DICE_GAMES if record(name).perfect_information else THEIR_GAMES


def playout_rows(seconds: float = DEFAULT_SECONDS) -> list[dict]:
    """:func:`random_playouts` of every herna game on every engine here
    (:func:`engines_here`), through herna's API, the pyspiel adapter and the
    PettingZoo adapter (where PettingZoo is installed), then OpenSpiel's
    :data:`THEIR_GAMES` and :data:`THEIR_DICE_GAMES`. Row ``game``: ``herna
    <name>``, ``herna_<name>`` or ``pettingzoo <name>`` (with ``engine``), or
    OpenSpiel's name."""
    import pyspiel

    import herna
    from herna.core import available_games
    from herna.interop import openspiel as hos

    try:
        import pettingzoo  # noqa: F401
        with_pettingzoo = True
    except ImportError:
        with_pettingzoo = False
    rows = []
    for engine in engines_here():
        for name in available_games():
            game = herna.load(name, engine=engine)
            rows.append({"game": f"herna {name}", "engine": f"herna {engine}", "options": dict(game.options),
                         **random_playouts(game.new_initial_state, seconds)})
            with default_engine(engine):
                adapted = hos.load_game(name)
            rows.append({"game": f"herna_{name}", "engine": f"pyspiel adapter, herna {engine}", "options": {},
                         **random_playouts(adapted.new_initial_state, seconds)})
            if with_pettingzoo:
                with default_engine(engine):
                    rows.append({"game": f"pettingzoo {name}", "engine": f"PettingZoo AEC, herna {engine}",
                                 "options": {}, **pettingzoo_playouts(name, seconds)})
    for name in THEIR_GAMES + THEIR_DICE_GAMES:
        game = pyspiel.load_game(name)
        rows.append({"game": name, "engine": "OpenSpiel C++", "options": {},
                     **random_playouts(game.new_initial_state, seconds)})
    return rows


def playout_ratios(rows: list[dict]) -> dict[str, float]:
    """``"<game> (<engine>) / <reference>": ratio`` of actions per second,
    each herna row against the OpenSpiel games of :func:`references`."""
    rate = {row["game"]: row["actions_per_second"] for row in rows if row["engine"] == "OpenSpiel C++"}
    out = {}
    for row in rows:
        if row["engine"] == "OpenSpiel C++":
            continue
        name = row["game"].split(" ")[-1].removeprefix("herna_")
        for theirs in references(name):
            out[f"{row['game']} ({row['engine']}) / {theirs}"] = row["actions_per_second"] / rate[theirs]
    return out


# ----- ISMCTS ---------------------------------------------------------------------------------
def _timed_ismcts_class():
    from .openspiel_ismcts import timed_ismcts_class

    return timed_ismcts_class()


def herna_ismcts_available() -> bool:
    """Whether :mod:`herna.bots.ismcts` is installed."""
    try:
        import herna.bots.ismcts  # noqa: F401
    except ImportError:
        return False
    return True


def ismcts_match(games: int = DEFAULT_GAMES, move_seconds: float = DEFAULT_MOVE_SECONDS, seed: int = 1,
                 options: dict | None = None, game_name: str | None = None) -> dict:
    """herna's ISMCTS against OpenSpiel's Python ISMCTS on ``game_name``
    (default: the first of :func:`hidden_information_games`, Trumfosaur)
    with ``options`` (default :data:`MATCH_OPTIONS`), both
    given ``move_seconds`` per move; game ``g`` seats herna at the even seats
    when ``g`` is even, at the odd seats otherwise. Without
    :mod:`herna.bots.ismcts`, only OpenSpiel's bot plays (all seats), to
    measure its speed.

    Returns per bot: simulations, search seconds, simulations per second,
    mean score per seat and win share (a deal won alone counts 1, shared
    wins count as fractions), and the games played."""
    import numpy as np
    from open_spiel.python.algorithms import mcts

    from herna.bots import make_bot, observe
    from herna.interop import openspiel as hos

    options = dict(MATCH_OPTIONS if options is None else options)
    game = hos.load_game(game_name or hidden_information_games()[0], **options)
    n = game.num_players()
    with_herna = herna_ismcts_available()
    uct_c = 0.35 * (game.max_utility() - game.min_utility())
    timed = _timed_ismcts_class()
    rng = random.Random(seed)
    stats = {name: {"simulations": 0, "seconds": 0.0, "score": 0.0, "seats": 0, "wins": 0.0}
             for name in ("herna", "openspiel")}
    for g in range(games):
        herna_seats = {s for s in range(n) if s % 2 == g % 2} if with_herna else set()
        rs = np.random.RandomState(rng.getrandbits(31))
        os_bot = timed(game, mcts.RandomRolloutEvaluator(1, rs), uct_c, move_seconds, random_state=rs)
        herna_bots: dict[int, Any] = {s: make_bot(f"ismcts:{move_seconds}s", game.herna_game, s, rng.getrandbits(32))
                      for s in herna_seats}
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
                continue
            seat = state.current_player()
            if seat in herna_bots:
                bot = herna_bots[seat]
                action = bot.choose(observe(state.herna_state(), seat))
                stats["herna"]["simulations"] += bot.last_iterations
                stats["herna"]["seconds"] += bot.last_seconds
            else:
                action = os_bot.step(state)
                stats["openspiel"]["simulations"] += os_bot.last_simulations
                stats["openspiel"]["seconds"] += os_bot.last_seconds
            state.apply_action(int(action))
        returns = state.returns()
        best = max(returns)
        winners = [s for s in range(n) if returns[s] == best]
        for s in range(n):
            name = "herna" if s in herna_seats else "openspiel"
            stats[name]["score"] += returns[s]
            stats[name]["seats"] += 1
            if s in winners:
                stats[name]["wins"] += 1 / len(winners)
    out: dict = {"games": games, "move_seconds": move_seconds, "options": options, "uct_c": uct_c,
                 "herna_available": with_herna}
    for name, st in stats.items():
        out[name] = {
            "simulations": st["simulations"],
            "seconds": st["seconds"],
            "simulations_per_second": st["simulations"] / st["seconds"] if st["seconds"] else None,
            "mean_score": st["score"] / st["seats"] if st["seats"] else None,
            "win_share": st["wins"] / st["seats"] if st["seats"] else None,
            "seats": st["seats"],
        }
    return out


_OPENSPIEL_ISMCTS = r"""
import json, random, sys, time
import pyspiel
seed, simulations, decisions = (int(a) for a in sys.argv[1:4])
game = pyspiel.load_game("hearts(pass_cards=false)")
evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
rng = random.Random(seed)
while True:
    state = game.new_initial_state()
    asked = 0
    while not state.is_terminal() and asked < decisions:
        if state.is_chance_node():
            state.apply_action(rng.choice(state.chance_outcomes())[0])
            continue
        legal = state.legal_actions()
        if len(legal) > 1:
            bot = pyspiel.ISMCTSBot(rng.randrange(2**31), evaluator, 0.7, simulations)
            start = time.perf_counter()
            action = bot.step(state)
            print(json.dumps([simulations, time.perf_counter() - start]), flush=True)
            asked += 1
        else:
            action = legal[0]
        state.apply_action(action)
"""
"""Measures OpenSpiel's C++ ISMCTSBot (random rollouts) on Hearts in a
process of its own: at the first decisions of each game, one line per
search. Card passing is off: with it, the bot crashes (a segmentation fault
in pyspiel 2.0.2) at the first decision after the passes."""

ISMCTS_DECISIONS = 8
"""Searches measured per game (its first real decisions)."""
ISMCTS_SIMULATIONS = 300
"""Simulations (iterations) per search."""


def openspiel_ismcts_rate(seconds: float, simulations: int = ISMCTS_SIMULATIONS,
                          decisions: int = ISMCTS_DECISIONS, seed: int = 1) -> dict:
    """OpenSpiel's C++ ``ISMCTSBot`` on Hearts: simulations per second over
    about ``seconds`` of searches (:data:`_OPENSPIEL_ISMCTS`, run in a
    subprocess, which is restarted with the next seed if it crashes).
    Returns ``{"simulations", "seconds", "simulations_per_second",
    "searches", "crashes"}``."""
    import subprocess
    import sys

    sims = searches = crashes = 0
    spent = 0.0
    started = time.perf_counter()
    while spent < seconds and time.perf_counter() - started < 3 * seconds + 30:
        left = max(1.0, seconds - spent)
        try:
            run = subprocess.run([sys.executable, "-c", _OPENSPIEL_ISMCTS, str(seed), str(simulations),
                                  str(decisions)], capture_output=True, text=True, timeout=left + 10)
            out, crashed = run.stdout, run.returncode != 0
        except subprocess.TimeoutExpired as timeout:
            out = timeout.stdout.decode() if isinstance(timeout.stdout, bytes) else (timeout.stdout or "")
            crashed = False
        for line in out.splitlines():
            count, elapsed = json.loads(line)
            sims += count
            spent += elapsed
            searches += 1
        crashes += crashed
        seed += 1
    return {"simulations": sims, "seconds": spent, "simulations_per_second": sims / spent if spent else None,
            "searches": searches, "crashes": crashes}


def herna_ismcts_rate(name: str, engine: str, seconds: float, simulations: int = ISMCTS_SIMULATIONS,
                      decisions: int = ISMCTS_DECISIONS, seed: int = 1) -> dict:
    """herna's ISMCTS (random rollouts, :data:`ISMCTS_SIMULATIONS`
    iterations a search) on ``name`` (default options) and ``engine``, at the
    first :data:`ISMCTS_DECISIONS` real decisions of random games, as
    :func:`openspiel_ismcts_rate` measures Hearts. Same keys (no crashes)."""
    import herna
    from herna.bots import observe
    from herna.bots.ismcts import ISMCTSBot

    game = herna.load(name, engine=engine)
    rng = random.Random(seed)
    sims = searches = 0
    spent = 0.0
    while spent < seconds or searches == 0:
        state = game.new_initial_state()
        asked = 0
        while not state.is_terminal() and asked < decisions:
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            player = state.current_player()
            bot = ISMCTSBot(game, player, seed=rng.randrange(2**31), iterations=simulations)
            start = time.perf_counter()
            action = bot.choose(observe(state, player))
            spent += time.perf_counter() - start
            sims += bot.last_iterations
            searches += 1
            asked += 1
            state.apply_action(action)
    return {"simulations": sims, "seconds": spent, "simulations_per_second": sims / spent, "searches": searches,
            "crashes": 0}


def ismcts_rows(seconds: float = DEFAULT_SECONDS) -> list[dict]:
    """Simulations per second of herna's ISMCTS on every game and engine
    here (:func:`herna_ismcts_rate`), then of OpenSpiel's C++ ISMCTS on
    Hearts (:func:`openspiel_ismcts_rate`), measured the same way."""
    from herna.core import available_games

    rows = [{"bot": f"herna ISMCTS, {name}", "engine": f"herna {engine}",
             **herna_ismcts_rate(name, engine, seconds)}
            for engine in engines_here() for name in available_games()]
    rows.append({"bot": "OpenSpiel ISMCTSBot, hearts", "engine": "OpenSpiel C++", **openspiel_ismcts_rate(seconds)})
    return rows


def measure_vs_openspiel(seconds: float = DEFAULT_SECONDS, games: int = DEFAULT_GAMES,
                         move_seconds: float = DEFAULT_MOVE_SECONDS, seed: int = 1) -> dict:
    """Every part: ``{"playouts": [row, ...], "ismcts_rates": [row, ...],
    "ismcts": {...}, "ratios": {...}}``."""
    rows = playout_rows(seconds)
    rates = ismcts_rows(seconds)
    match = ismcts_match(games, move_seconds, seed)
    ratios = playout_ratios(rows)
    ratios.update(ismcts_ratios(rates))
    h, o = match["herna"]["simulations_per_second"], match["openspiel"]["simulations_per_second"]
    if h and o:
        ratios["ISMCTS simulations/s herna / OpenSpiel Python ISMCTS (match)"] = h / o
    return {"playouts": rows, "ismcts_rates": rates, "ismcts": match, "ratios": ratios}


def ismcts_ratios(rates: list[dict]) -> dict[str, float]:
    """``"<bot> (<engine>) / OpenSpiel C++ ISMCTS on hearts": ratio`` of
    simulations per second."""
    theirs = rates[-1]["simulations_per_second"]
    return {f"{row['bot']} ({row['engine']}) / OpenSpiel C++ ISMCTS on hearts": row["simulations_per_second"] / theirs
            for row in rates[:-1] if theirs}


__all__ = ["random_playouts", "playout_rows", "playout_ratios", "pettingzoo_playouts", "hidden_information_games",
           "ismcts_match", "ismcts_rows", "herna_ismcts_rate", "openspiel_ismcts_rate", "measure_vs_openspiel",
           "herna_ismcts_available", "engines_here"]
