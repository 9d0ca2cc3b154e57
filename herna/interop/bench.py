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

:func:`measure_vs_openspiel` returns the figures; :func:`run_vs_openspiel`
prints them with the ratios.
"""

from __future__ import annotations

import random
import time
from typing import Any, Callable

DEFAULT_SECONDS = 2.0
DEFAULT_MOVE_SECONDS = 0.1
DEFAULT_GAMES = 4
MATCH_OPTIONS = {"players": 4, "target_score": 1}
"""The ISMCTS match's options: four players, one deal of Trumfosaur (the game
ends after the first deal)."""
THEIR_GAMES = ("hearts", "oh_hell")
"""OpenSpiel's C++ trick-taking games the playouts compare with."""


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


def playout_rows(seconds: float = DEFAULT_SECONDS) -> list[dict]:
    """:func:`random_playouts` of herna's games of hidden information (herna
    API and pyspiel adapter; :func:`hidden_information_games`) and OpenSpiel's
    :data:`THEIR_GAMES`. Row ``game``: ``herna <name>``, ``herna_<name>`` or
    OpenSpiel's name."""
    import pyspiel

    import herna
    from herna.interop import openspiel as hos

    rows = []
    mine = hidden_information_games()
    for name in mine:
        game = herna.load(name)
        rows.append({"game": f"herna {name}", "engine": "herna (Python)", "options": dict(game.options),
                     **random_playouts(game.new_initial_state, seconds)})
    for name in mine:
        game = hos.load_game(name)
        rows.append({"game": f"herna_{name}", "engine": "pyspiel Python game", "options": {},
                     **random_playouts(game.new_initial_state, seconds)})
    for name in THEIR_GAMES:
        game = pyspiel.load_game(name)
        rows.append({"game": name, "engine": "OpenSpiel C++", "options": {},
                     **random_playouts(game.new_initial_state, seconds)})
    return rows


# ----- ISMCTS ---------------------------------------------------------------------------------
def _timed_ismcts_class():
    from open_spiel.python.algorithms import ismcts

    class TimedISMCTSBot(ismcts.ISMCTSBot):
        """OpenSpiel's Python ISMCTS, searching for ``seconds`` per move
        instead of a number of simulations (at least two)."""

        def __init__(self, game, evaluator, uct_c: float, seconds: float, random_state=None) -> None:
            super().__init__(game, evaluator, uct_c, max_simulations=1, random_state=random_state)
            self.seconds = seconds
            self.last_simulations = 0
            self.last_seconds = 0.0

        def run_search(self, state):
            self.reset()
            legal = state.legal_actions()
            if len(legal) == 1:
                return [(legal[0], 1.0)]
            self._root_node = self.create_new_node(state)
            start = time.perf_counter()
            deadline = start + self.seconds
            count = 0
            while count < 2 or time.perf_counter() < deadline:  # the first one only expands the root
                self.run_simulation(self.sample_root_state(state))
                count += 1
            self.last_simulations = count
            self.last_seconds = time.perf_counter() - start
            return self.get_final_policy(state, self._root_node)

    return TimedISMCTSBot


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
        herna_bots = {s: make_bot(f"ismcts:{move_seconds}s", game.herna_game, s, rng.getrandbits(32))
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


def measure_vs_openspiel(seconds: float = DEFAULT_SECONDS, games: int = DEFAULT_GAMES,
                         move_seconds: float = DEFAULT_MOVE_SECONDS, seed: int = 1) -> dict:
    """Both parts: ``{"playouts": [row, ...], "ismcts": {...}, "ratios": {...}}``."""
    rows = playout_rows(seconds)
    match = ismcts_match(games, move_seconds, seed)
    rate = {row["game"]: row["actions_per_second"] for row in rows}
    ratios = {}
    for mine in _herna_rows(rows):
        for theirs in THEIR_GAMES:
            ratios[f"{mine} / {theirs}"] = rate[mine] / rate[theirs]
    h, o = match["herna"]["simulations_per_second"], match["openspiel"]["simulations_per_second"]
    if h and o:
        ratios["ISMCTS simulations/s herna / OpenSpiel"] = h / o
    return {"playouts": rows, "ismcts": match, "ratios": ratios}


def _herna_rows(rows: list[dict]) -> list[str]:
    """The ``game`` of every herna row of :func:`playout_rows`."""
    return [row["game"] for row in rows if row["engine"] != "OpenSpiel C++"]


def run_vs_openspiel(console, seconds: float = DEFAULT_SECONDS, games: int = DEFAULT_GAMES,
                     move_seconds: float = DEFAULT_MOVE_SECONDS, seed: int = 1) -> None:
    """Measure (:func:`measure_vs_openspiel`) and print to ``console`` (a
    ``rich.console.Console``): the playout table, the ISMCTS table, the ratios."""
    from rich.table import Table

    try:
        import pyspiel  # noqa: F401
    except ImportError:
        console.print("[red]OpenSpiel is not installed: pip install 'herna[openspiel]'[/red]")
        return
    console.print(f"Random playouts, about {seconds:g} s of play per game, one Python loop for all "
                  "(every applied action counted, chance and automatic moves included)...")
    rows = playout_rows(seconds)
    table = Table(title="Random playouts")
    for col in ("game", "engine", "games", "actions", "actions/s"):
        table.add_column(col, justify="right" if col in ("games", "actions", "actions/s") else "left")
    for row in rows:
        table.add_row(row["game"], row["engine"], str(row["games"]), str(row["actions"]),
                      f"{row['actions_per_second']:,.0f}")
    console.print(table)
    rate = {row["game"]: row["actions_per_second"] for row in rows}
    for mine in _herna_rows(rows):
        parts = [f"{rate[mine] / rate[theirs]:.2f}x {theirs}" for theirs in THEIR_GAMES]
        console.print(f"  {mine}: {', '.join(parts)}")

    console.print(f"\nISMCTS on herna_{hidden_information_games()[0]} {MATCH_OPTIONS}, {move_seconds:g} s per move, "
                  f"{games} games...")
    match = ismcts_match(games, move_seconds, seed)
    if not match["herna_available"]:
        console.print("[yellow]herna.bots.ismcts is not available: OpenSpiel's ISMCTS only[/yellow]")
    table = Table(title=f"ISMCTS, {move_seconds:g} s per move (OpenSpiel uct_c={match['uct_c']:.2f})")
    for col in ("bot", "simulations/s", "seats", "mean score", "win share"):
        table.add_column(col, justify="left" if col == "bot" else "right")
    for name, label in (("herna", "herna ISMCTS"), ("openspiel", "OpenSpiel Python ISMCTS")):
        st = match[name]
        if not st["seats"]:
            continue
        table.add_row(label, f"{st['simulations_per_second']:,.0f}" if st["simulations_per_second"] else "-",
                      str(st["seats"]), f"{st['mean_score']:.2f}", f"{st['win_share']:.2f}")
    console.print(table)
    h, o = match["herna"]["simulations_per_second"], match["openspiel"]["simulations_per_second"]
    if h and o:
        console.print(f"  herna ISMCTS simulations/s: {h / o:.2f}x OpenSpiel's Python ISMCTS")


__all__ = ["random_playouts", "playout_rows", "hidden_information_games", "ismcts_match", "measure_vs_openspiel",
           "run_vs_openspiel",
           "herna_ismcts_available"]
