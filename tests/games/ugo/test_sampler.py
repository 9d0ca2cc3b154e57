"""U-5.1: Ugo!'s fast determinization sampler (``make_sampler``) draws
exactly what ``state.resample`` draws with the same rng, at decisions all
over seeded games (first round, later rounds, before and after a deal)."""

from __future__ import annotations

import random

import herna
from herna.bots import observe
from herna.core import CHANCE


def test_sampler_draws_what_resample_draws() -> None:
    checked = 0
    for players, seed in ((2, 1), (3, 2), (4, 3), (4, 4)):
        game = herna.load("ugo", players=players, rounds=3)
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            if rng.random() < 0.2:
                for seat in {player, (player + 1) % players}:
                    draw = observe(state, seat).resampler()
                    for k in range(3):
                        fast = draw(random.Random(k))
                        slow = state.resample(seat, random.Random(k))
                        assert fast == slow
                        assert fast.information_state_string(seat) == state.information_state_string(seat)
                        checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 100
