"""Playing one game between bots (and humans, through the same interface)."""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from typing import Callable, Sequence

from herna.bots import Bot, make_bot, observe
from herna.core import CHANCE, Game, State
from herna.core.options import FIRST_PLAYER


@dataclass
class GameRecord:
    """The result of one game: seed, final scores, winners, number of deals /
    rounds / turns, actions applied (chance and automatic ones included),
    the saved game (``State.to_json``), ``first``: the seat that started
    (Kurník: won the start rolls; otherwise the ``first_player`` option;
    ``None`` if unknown) and ``digest``: a short hash of the whole history,
    equal for two games exactly when they went the same way."""

    seed: int
    scores: list
    returns: list
    winners: list
    length: int
    actions: int
    seconds: float = 0.0
    saved: dict = field(default_factory=dict)
    first: int | None = None
    digest: str = ""


def game_length(state: State) -> int:
    """The game's length in its own unit (:meth:`State.period`; the unit is
    the record's ``length_unit``: deals for Trumfosaur, rounds for Ugo!,
    turns for Kurník)."""
    return state.period()


def play_game(
    game: Game,
    bots: Sequence[Bot],
    seed: int,
    on_action: Callable[[State, int, int], None] | None = None,
    keep_history: bool = False,
) -> GameRecord:
    """Play one whole game. Chance is drawn from one generator per chance
    stream (``State.chance_stream``: a deal, a round, a turn), seeded from
    ``seed`` and the stream, so every replay of ``seed`` gets the same cards
    and dice in each deal, round or turn whatever the players decide (what
    duplicate play needs); bots get only :func:`~herna.bots.observe` of their
    seat. ``on_action(state,
    actor, action)`` is called before each applied action."""
    import time

    started = time.perf_counter()
    streams: dict = {}
    state = game.new_initial_state()
    count = 0
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            key = state.chance_stream()
            rng = streams.get(key)
            if rng is None:
                rng = streams[key] = random.Random(f"{seed}/{key}")
            action = state.sample_chance(rng)
        else:
            action = bots[player].choose(observe(state, player))
        if on_action is not None:
            on_action(state, player, action)
        before = state.num_actions()
        state.apply_action(action)
        count += state.num_actions() - before
    view = state.view()
    first = view.get(FIRST_PLAYER, game.options.get(FIRST_PLAYER))
    digest = hashlib.blake2b(",".join(map(str, state.history())).encode(), digest_size=8).hexdigest()
    return GameRecord(
        seed=seed,
        scores=list(view["scores"]),
        returns=state.returns(),
        winners=list(view["winners"]),
        length=game_length(state),
        actions=count,
        seconds=time.perf_counter() - started,
        saved=state.to_json() if keep_history else {},
        first=first if isinstance(first, int) else None,
        digest=digest,
    )


def make_bots(specs: Sequence[str], game: Game, seed: int) -> list[Bot]:
    """One bot per seat from spec strings, seeded from ``seed``."""
    if len(specs) != game.num_players:
        raise ValueError(f"{len(specs)} bots given for {game.num_players} seats")
    return [make_bot(spec, game, seat, seed=seed * 1000 + seat) for seat, spec in enumerate(specs)]
