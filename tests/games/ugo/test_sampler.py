"""U-5.1: Ugo!'s fast determinization sampler (``make_sampler``) draws
exactly what ``state.resample`` draws with the same rng, at decisions all
over seeded games (first round, later rounds, before and after a deal),
and on the compiled engine its C draw (``RoundSampler``) draws what the
Python one does."""

from __future__ import annotations

import random

import pytest

import herna
from herna.bots import observe
from herna.core import CHANCE, engines


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


class _ZeroRandom(random.Random):
    """A generator whose ``randrange`` is always 0: every shuffle of a draw
    is the same, so a draw that leaves the seat to play one card of the led
    colour is drawn again all ``_TRIES`` times, and the last resort runs."""

    def getrandbits(self, k: int) -> int:
        return 0


@pytest.mark.skipif(not engines.available("ugo"), reason="the compiled engine is not built")
def test_compiled_draw_makes_the_python_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    """On the compiled engine the per-draw part runs in C (``RoundSampler``):
    it draws the same states as the Python ``draw`` over the same state,
    leaving the rng as that does, for plain draws, redraws and the last
    resort (the seat to play made void in the led colour)."""
    from herna.games.ugo import resample
    from herna.games.ugo.compiled import UgoCompiledState

    def python_sampler(state, seat):
        with monkeypatch.context() as patch:
            patch.setattr(UgoCompiledState, "_round_sampler", None, raising=False)
            return resample.make_sampler(state, seat)

    checked = redrawn = last_resort = 0
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        game = herna.load("ugo", engine="compiled", players=players, rounds=2)
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            for seat in range(players):
                fast, slow = resample.make_sampler(state, seat), python_sampler(state, seat)
                for a, b in ((random.Random(checked), random.Random(checked)), (_ZeroRandom(seed), _ZeroRandom(seed))):
                    for _ in range(2):
                        x, y = fast(a), slow(b)
                        assert x.history() == y.history() and x == y
                    assert a.getstate() == b.getstate()
                known = resample._Knowledge(state, seat)
                if known.dealt and known.check:
                    calls = []
                    assign = known.assign
                    known.assign = lambda *args: calls.append(1) or assign(*args)
                    known.draw_hidden(_ZeroRandom(seed))
                    last_resort += len(calls) == resample._TRIES + 1
                    calls.clear()
                    known.draw_hidden(random.Random(checked))
                    redrawn += len(calls) > 1
                checked += 1
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 300 and redrawn > 10 and last_resort > 3
