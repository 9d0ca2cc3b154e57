"""Golden fingerprints of whole seeded games, to prove that a faster engine
plays exactly the same games as the one that recorded them.

A fingerprint is a SHA-256 over every step of a seeded random game: the
player to act, the legal actions (chance: the outcomes and their
probabilities) and their strings, the spectator's and every seat's view,
observation tensor and observation of the action, the events, clone
equality, and at some decisions every seat's information-state string, a
``resample`` and a ``resampler()`` draw (histories and views); at the end
the returns, ``to_json``, ``history_strings`` and every seat's events.

``python -m tests.engines.golden`` rewrites ``golden_fingerprints.json`` with the
Python engine, the reference (only ever do that for a deliberate change of
the rules; both engines must then match the new fixture).
"""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys
from pathlib import Path

from herna.bots import observe
from herna.core import CHANCE, load

FIXTURE = Path(__file__).with_name("golden_fingerprints.json")

OPTION_SETS: list[tuple[str, dict]] = [
    ("trumfosaur", {}),
    ("trumfosaur", {"players": 2, "target_score": 20}),
    ("trumfosaur", {"players": 3, "master": True}),
    ("trumfosaur", {"players": 5, "first_player": 2}),
    ("trumfosaur", {"teams": True, "master": True, "target_score": 24}),
    ("ugo", {}),
    ("ugo", {"players": 2, "rounds": 3}),
    ("ugo", {"players": 3, "first_player": 1}),
    ("ugo", {"rounds": 2, "farmers": 6}),
    ("kurnik", {}),
    ("kurnik", {"players": 2}),
    ("kurnik", {"players": 5, "rough_thief": True}),
    ("kurnik", {"dead_rooster": True, "missing_hens": True}),
    ("kurnik", {"six_six": "fox", "players": 3}),
]
"""Game and options of each fingerprinted set."""

GAMES_PER_SET = 20
"""Seeded games per option set."""

DETAIL_EVERY = 9
"""Information states, resamples and sampler draws at every n-th decision."""

SIMULATE_RUNS: list[list[str]] = [
    ["trumfosaur", "-n", "6", "--seed", "3", "--seats", "ismcts:40,greedy,random,random"],
    ["trumfosaur", "-n", "4", "--seed", "5", "--master", "--players", "3", "--seats", "ismcts:30,random,greedy"],
    ["ugo", "-n", "6", "--seed", "4", "--seats", "ismcts:40,greedy,random,random"],
    ["kurnik", "-n", "8", "--seed", "2", "--seats", "ismcts:40,greedy,random,random"],
    ["trumfosaur", "-n", "40", "--seed", "7"],
    ["ugo", "-n", "40", "--seed", "7"],
    ["kurnik", "-n", "40", "--seed", "7"],
]
"""``herna simulate`` arguments whose ``--json`` output is recorded."""


def game_fingerprint(name: str, options: dict, seed: int, engine: str | None = None) -> tuple[str, int]:
    """The SHA-256 hex digest of one seeded random game (module docstring),
    played on ``engine`` (``herna.load``'s), and its number of applied actions."""
    game = load(name, engine=engine, **options)
    rng = random.Random(seed)
    state = game.new_initial_state()
    digest = hashlib.sha256()
    n = game.num_players

    def put(item) -> None:
        digest.update(json.dumps(item, sort_keys=True, separators=(",", ":")).encode())
        digest.update(b"\n")

    decisions = 0
    seen_events = 0
    while not state.is_terminal():
        player = state.current_player()
        put(["player", player, state.num_actions(), state.period(), state.forced_action()])
        put(["view", state.view(None)] + [state.view(s) for s in range(n)])
        for s in range(n):
            digest.update(state.observation_tensor(s).tobytes())
        legal = state.legal_actions()
        put(["legal", legal])
        if player == CHANCE:
            put(["outcomes", state.chance_outcomes()])
            action = state.sample_chance(rng)
        else:
            put(["strings", state.legal_action_strings()])
            decisions += 1
            if decisions % DETAIL_EVERY == 1:
                put(["infostate"] + [state.information_state_string(s) for s in range(n)])
                sample = state.resample(player, random.Random(seed * 1000 + decisions))
                put(["resample", sample.history(), sample.view(None), sample.legal_actions()])
                draw = observe(state, player).resampler()
                sample = draw(random.Random(seed * 7 + decisions))
                put(["sampler", sample.history(), sample.view(None), sample.legal_actions()])
                copy = state.clone()
                put(["clone", copy == state])
            action = rng.choice(legal)
        put(["act", action, [state.observe_action(s, action) for s in range(n)],
             state.observe_action(None, action), [state.is_hidden_from(s, action) for s in range(n)]])
        state.apply_action(action)
        events = state.events(seen_events)
        put(["events", events])
        seen_events = state.num_actions()
    put(["returns", state.returns()])
    put(["json", state.to_json(), state.history_strings()])
    put(["infostate"] + [state.information_state_string(s) for s in range(n)])
    put(["seat events"] + [state.events(0, s) for s in range(n)])
    put(["replay", game.from_json(state.to_json()) == state])
    return digest.hexdigest(), state.num_actions()


def simulate_output(args: list[str], engine: str | None = None) -> dict:
    """The ``herna simulate ... --json`` summary of ``args`` (on ``engine``:
    ``--engine``), without its timings and without ``ray`` (added after the
    fixture was recorded: where the games ran, not what they gave), and
    without ``sides`` where it is ``None`` (added after the fixture too: it
    holds numbers only for partners, and no recorded run has any)."""
    extra = ["--engine", engine] if engine else []
    out = subprocess.run([sys.executable, "-m", "herna.cli.main", "simulate", *args, *extra, "--json"],
                         check=True, capture_output=True, text=True).stdout
    summary = json.loads(out)
    # timings differ run to run; where (ray) and on what (engine) the games ran is not what they gave
    return {k: v for k, v in summary.items()
            if "second" not in k and k not in ("ray", "engine") and not (k == "sides" and v is None)}


def set_key(name: str, options: dict) -> str:
    return f"{name} {json.dumps(options, sort_keys=True)}"


def record() -> dict:
    """Fingerprints of every option set and simulate run, as stored in the fixture."""
    games = {}
    for name, options in OPTION_SETS:
        games[set_key(name, options)] = [game_fingerprint(name, options, seed, "python")[0]
                                         for seed in range(GAMES_PER_SET)]
    simulate = {" ".join(args): simulate_output(args, "python") for args in SIMULATE_RUNS}
    return {"games": games, "simulate": simulate}


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(record(), indent=1, sort_keys=True) + "\n")
    print(f"wrote {FIXTURE}")
