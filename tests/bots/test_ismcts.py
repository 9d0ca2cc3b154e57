"""ISMCTS: sees only its seat's information, reproducible, legal, stronger
than random; the fast Trumfosaur sampler agrees with the seat's information."""

from __future__ import annotations

import random

import pytest

import herna
from herna.arena.match import make_bots, play_game
from herna.bots import make_bot, observe
from herna.bots.ismcts import ISMCTSBot, parse_spec

GAMES = [("trumfosaur", {"target_score": 1}), ("ugo", {"rounds": 1}), ("kurnik", {"turn_limit": 60})]


def _decisions(game, seed: int, count: int):
    """``count`` decision states (more than one legal action) of random games."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        state = game.new_initial_state()
        while not state.is_terminal() and len(out) < count:
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            if len(legal) > 1 and rng.random() < 0.3:
                out.append(state.clone())
            state.apply_action(rng.choice(legal))
    return out


@pytest.mark.parametrize("name,options", GAMES)
def test_choice_depends_only_on_the_seats_information(name, options):
    """Two states the seat cannot tell apart (the real one and a
    determinization of it) get the same move from the same seed: the bot
    reads nothing hidden."""
    game = herna.load(name, **options)
    rng = random.Random(3)
    for state in _decisions(game, 11, 4):
        seat = state.current_player()
        twin = state.resample(seat, rng)
        assert twin.information_state_string(seat) == state.information_state_string(seat)
        moves = []
        for s in (state, twin):
            bot = ISMCTSBot(game, seat, seed=5, iterations=60)
            moves.append(bot.choose(observe(s, seat)))
        assert moves[0] == moves[1]
        assert moves[0] in state.legal_actions()


@pytest.mark.parametrize("name,options", GAMES)
def test_same_seed_same_game_and_only_legal_moves(name, options):
    """An iteration budget and a seed give the same moves; play_game would
    raise IllegalActionError on an illegal one."""
    game = herna.load(name, **options)
    specs = ["ismcts:25", "random", "ismcts:25:random", "greedy" if name != "kurnik" else "random"]
    a = play_game(game, make_bots(specs, game, 7), 7, keep_history=True)
    b = play_game(game, make_bots(specs, game, 7), 7, keep_history=True)
    assert a.saved["history"] == b.saved["history"]
    assert a.scores == b.scores


def test_greedy_rollout_and_time_budget(monkeypatch):
    """A time budget ends the search at the first check past it: read on a
    clock of the test's own that moves 10 ms at each reading, so that a
    loaded machine changes nothing (5 iterations in the 50 ms, then the last
    reading)."""
    import types

    from herna.bots import ismcts

    readings = iter(range(10**6))
    monkeypatch.setattr(ismcts, "time", types.SimpleNamespace(perf_counter=lambda: next(readings) / 100))
    game = herna.load("ugo", rounds=1)
    state = _decisions(game, 2, 1)[0]
    seat = state.current_player()
    bot = make_bot("ismcts:0.05s:greedy", game, seat, seed=1)
    assert bot.rollout == "greedy" and bot.seconds == 0.05
    assert bot.choose(observe(state, seat)) in state.legal_actions()
    assert bot.last_iterations == 5 and bot.last_seconds == pytest.approx(0.06)


def test_beats_random_in_a_small_sample():
    """Trumfosaur single deals: ISMCTS (80 iterations) against three random
    bots, each deal once per seat; its mean score margin is clearly positive."""
    game = herna.load("trumfosaur", target_score=1)
    margins = []
    for deal in range(2):
        for seat in range(4):
            specs = ["random"] * 4
            specs[seat] = "ismcts:80"
            record = play_game(game, make_bots(specs, game, deal * 10 + seat), 1000 + deal)
            others = [record.scores[s] for s in range(4) if s != seat]
            margins.append(record.scores[seat] - sum(others) / 3)
    assert sum(margins) / len(margins) > 0.5, margins


def test_specs():
    assert parse_spec("ismcts") == {}
    assert parse_spec("ismcts:0.2s") == {"seconds": 0.2}
    assert parse_spec("ismcts:2000") == {"iterations": 2000}
    assert parse_spec("ismcts:0.5s:greedy") == {"seconds": 0.5, "rollout": "greedy"}
    game = herna.load("trumfosaur")
    assert make_bot("ismcts", game, 0).seconds == 0.2
    for bad in ("ismcts:fast", "ismcts:0s", "ismcts:0", "ismcts:2000:1s", "ismcts:0.2s:minimax"):
        with pytest.raises(ValueError, match="ismcts"):
            make_bot(bad, game, 0)


@pytest.mark.parametrize("bad", ["ismcts:nans", "ismcts:infs", "ismcts:nan", "ismcts:-1s", "ismcts:0s",
                                 "ismcts:1e309s", "ismcts:1e3s", "ismcts:3600.5s", "ismcts:10000001",
                                 "ismcts:" + "9" * 5000, "ismcts:\u0663", "ismcts:1_000", "ismcts:-5",
                                 "ismcts:0.0s"])
def test_absurd_or_non_finite_budgets_are_refused(bad):
    """Budgets must be finite, positive and sane (<= 3600 s, <= 10**7 iterations), in ASCII digits;
    the error names the allowed form (a NaN budget used to search forever)."""
    game = herna.load("kurnik", players=2)
    with pytest.raises(ValueError, match=r"ismcts:SECONDSs with 0 < SECONDS <= 3600"):
        make_bot(bad, game, 0)


def test_budgets_at_the_bounds_and_direct_construction():
    game = herna.load("kurnik", players=2)
    assert parse_spec("ismcts:3600s") == {"seconds": 3600.0}
    assert parse_spec("ismcts:.5s") == {"seconds": 0.5}
    assert parse_spec("ismcts:10000000:greedy") == {"iterations": 10**7, "rollout": "greedy"}
    for kwargs in ({"seconds": float("nan")}, {"seconds": float("inf")}, {"seconds": -1.0}, {"seconds": 4000},
                   {"iterations": 0}, {"iterations": 2.5}, {"iterations": True}, {"exploration": float("nan")}):
        with pytest.raises(ValueError):
            ISMCTSBot(game, 0, 1, **kwargs)
    for bad in ("expectimax:2", None, 3):
        with pytest.raises(ValueError, match="expectimax|bot spec"):
            make_bot(bad, game, 0)


@pytest.mark.parametrize("options", [{}, {"master": True}, {"teams": True}, {"players": 3, "master": True}])
def test_trumfosaur_sampler_matches_the_seats_information(options):
    """The fast sampler (T-10.1) draws full states with the seat's
    information state, legal actions and the state invariants; it varies the
    hidden cards."""
    game = herna.load("trumfosaur", **options)
    rng = random.Random(4)
    states = _decisions(game, 5, 6)
    # a later deal too: play on in one game past its first deal
    state = game.new_initial_state()
    while state.view()["deal_number"] < 2 or state.is_chance_node() or len(state.legal_actions()) < 2:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    states.append(state)
    for state in states:
        seat = state.current_player()
        info = state.information_state_string(seat)
        draw = observe(state, seat).resampler()
        hands = set()
        for _ in range(5):
            sample = draw(rng)
            assert sample.information_state_string(seat) == info
            assert sample.legal_actions() == state.legal_actions()
            sample._check_invariants()
            hands.add(tuple(sample._hands))
        assert len(hands) > 1 or state._trick_number >= 9
