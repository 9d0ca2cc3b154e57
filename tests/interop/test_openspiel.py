"""herna games as OpenSpiel Python games (herna.interop.openspiel): pyspiel's
own random-simulation test with serialization, the adapter's consistency with
herna, and OpenSpiel's Python MCTS and ISMCTS bots playing whole games."""

from __future__ import annotations

import dataclasses
import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import herna  # noqa: E402
from herna.interop import _common  # noqa: E402
from herna.interop import openspiel as hos  # noqa: E402

SIM_CASES = [
    ("herna_ugo", 2),
    ("herna_ugo(players=2,rounds=2,low_card_farmers=0;3,first_player=1)", 2),
    ("herna_trumfosaur", 2),
    ("herna_trumfosaur(players=2,master=True,target_score=12)", 2),
    ("herna_trumfosaur(players=4,teams=True,target_score=20)", 1),
    ("herna_trumfosaur(players=5,first_player=3,target_score=10)", 1),
    ("herna_kurnik", 3),
    ("herna_kurnik(players=5,rough_thief=True,dead_rooster=True,missing_hens=True,first_player=2)", 2),
    ("herna_kurnik(players=3,six_six=fox,supply_hens=10,turn_limit=60)", 3),
]


@pytest.mark.parametrize("name,sims", SIM_CASES)
def test_pyspiel_random_sim_test_with_serialization(name, sims):
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_registered_with_herna_options_as_parameters():
    for short in ("herna_ugo", "herna_trumfosaur", "herna_kurnik"):
        assert short in pyspiel.registered_names()
    game = pyspiel.load_game("herna_ugo(players=3,low_card_farmers=2;1)")
    assert game.herna_game == herna.load("ugo", players=3, low_card_farmers=[2, 1])
    assert game.num_players() == 3
    assert game.num_distinct_actions() == game.herna_game.num_distinct_actions() == 53
    assert game.max_chance_outcomes() == 45
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM
    kurnik = hos.load_game("kurnik", players=2, first_player=None)
    assert kurnik.herna_game.options["first_player"] is None
    assert kurnik.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert str(hos.load_game("ugo", low_card_farmers=[0, 3])).startswith("herna_ugo(")


def test_bad_parameters_say_what_is_wrong():
    with pytest.raises(ValueError, match="at most 4"):
        pyspiel.load_game("herna_ugo(players=7)")
    with pytest.raises(ValueError, match="turn_limit"):
        pyspiel.load_game("herna_kurnik(turn_limit=0)")
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        pyspiel.load_game("herna_ugo(colour=1)")
    with pytest.raises(ValueError, match="unknown game"):
        hos.load_game("chess")


def test_bad_parameters_are_value_errors_never_pybind_errors(monkeypatch):
    """Every bad parameter reaching the adapter is a ValueError naming it: values beyond herna's
    bounds (target_score 3*10**8 used to overflow OpenSpiel's C++ int), wrong types given to the
    adapter's load_game, and sizes that would not fit OpenSpiel's int."""
    for name, options, match in (("trumfosaur", {"target_score": 3 * 10**8}, "target_score"),
                                 ("kurnik", {"turn_limit": 10**11}, "turn_limit"),
                                 ("kurnik", {"supply_hens": 10**6}, "supply_hens"),
                                 ("kurnik", {"players": 3.5}, "players"),
                                 ("kurnik", {"players": "abc"}, "players"),
                                 ("kurnik", {"rough_thief": "maybe"}, "rough_thief"),
                                 ("ugo", {"low_card_farmers": "x;y"}, "low_card_farmers"),
                                 ("kurnik", {"colour": 1}, "no option 'colour'")):
        with pytest.raises(ValueError, match=match):
            hos.load_game(name, **options)
    with pytest.raises(ValueError, match="target_score"):
        pyspiel.load_game("herna_trumfosaur", {"target_score": 3 * 10**8})
    with pytest.raises(ValueError, match="target_score"):
        pyspiel.load_game("herna_trumfosaur(target_score=300000000)")
    kurnik_class = type(pyspiel.load_game("herna_kurnik"))
    with pytest.raises(ValueError, match="dict"):
        kurnik_class(["players", 2])
    huge = _common.game_spec(herna.load("kurnik"))
    monkeypatch.setattr(hos, "game_spec", lambda game: dataclasses.replace(huge, max_game_length=2**40))
    with pytest.raises(ValueError, match="too long for OpenSpiel"):
        kurnik_class({"turn_limit": 77})


def test_parameters_kept_are_the_validated_options():
    """A parameter given as text (``players="3"``) is kept as herna read it (3), so the
    game's parameters, string and serialization agree with herna's options."""
    kurnik_class = type(pyspiel.load_game("herna_kurnik"))
    game = kurnik_class({"players": "3", "rough_thief": "yes", "turn_limit": "50"})
    params = game.get_parameters()
    assert (params["players"], params["rough_thief"], params["turn_limit"]) == (3, True, 50)
    assert params["first_player"] == -1
    assert hos.load_game("kurnik", players="3").get_parameters()["players"] == 3
    again = pyspiel.load_game(str(game))
    assert again.herna_game == game.herna_game


def test_utility_bounds():
    t = pyspiel.load_game("herna_trumfosaur")
    assert (t.min_utility(), t.max_utility()) == (3.0, 55.0)  # T-6.1: 3 .. target - 1 + 20
    teams = pyspiel.load_game("herna_trumfosaur(teams=True)")
    assert (teams.min_utility(), teams.max_utility()) == (6.0, 75.0)
    u = pyspiel.load_game("herna_ugo(rounds=2)")
    assert (u.min_utility(), u.max_utility()) == (-90.0, 80.0)  # U-6: -45 .. 40 a round
    k = pyspiel.load_game("herna_kurnik")
    assert (k.min_utility(), k.max_utility()) == (0.0, 1.0)


def _random_walk(game, seed, every=5):
    """Yield (openspiel state) at the decisions of one random game."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    step = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            assert abs(sum(probs) - 1) < 1e-9
            assert all(0 <= a < game.max_chance_outcomes() for a in outcomes)
            state.apply_action(rng.choices(outcomes, probs)[0])
            continue
        if step % every == 0:
            yield state
        state.apply_action(rng.choice(state.legal_actions()))
        step += 1
    yield state


@pytest.mark.parametrize("name", ["herna_ugo(players=3,rounds=1)",
                                  "herna_trumfosaur(players=3,master=True,target_score=8)",
                                  "herna_kurnik(players=3)"])
def test_consistent_with_herna(name):
    game = pyspiel.load_game(name)
    hgame = game.herna_game
    seen = 0
    for state in _random_walk(game, seed=3, every=4):
        hstate = state.herna_state()
        # the OpenSpiel history replayed through herna's own apply_action gives the same state
        shadow = hgame.new_initial_state()
        for item in state.full_history():
            player, action = item.player, item.action
            shadow.apply_action(action + game.meta.base if player == pyspiel.PlayerId.CHANCE else action)
        assert shadow == hstate
        assert state.is_terminal() == hstate.is_terminal()
        if state.is_terminal():
            assert state.returns() == hstate.returns()
            break
        assert state.returns() == [0.0] * game.num_players()
        seat = state.current_player()
        assert state.legal_actions() == hstate.legal_actions()
        mask = state.legal_actions_mask()
        assert len(mask) == game.num_distinct_actions() and sum(mask) == len(hstate.legal_actions())
        for s in range(game.num_players()):
            # information state: herna's perfect-recall string; observation: herna's view and tensor
            assert state.information_state_string(s) == hstate.information_state_string(s)
            assert np.array_equal(state.observation_tensor(s), hstate.observation_tensor(s))
            info = np.asarray(state.information_state_tensor(s))
            assert info.shape == tuple(game.information_state_tensor_shape())
            assert np.array_equal(info[:hstate.observation_tensor(s).size], hstate.observation_tensor(s))
        assert state.observation_string(seat).startswith("{")
        for action in state.legal_actions():
            assert state.action_to_string(seat, action) == hstate.action_to_string(action)
        # serialization round trip
        game2, state2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
        assert str(game2) == str(game) and state2.history() == state.history()
        assert state2.herna_state() == hstate
        assert state2.information_state_string(seat) == state.information_state_string(seat)
        # a clone is independent
        clone = state.clone()
        clone.apply_action(clone.legal_actions()[0])
        assert state.herna_state() == hstate
        seen += 1
    assert seen > 3


def test_step_matches_apply_action():
    for name in herna.available_games():
        game = herna.load(name, players=3)
        rng = random.Random(7)
        a, b = game.new_initial_state(), game.new_initial_state()
        trace = []
        while not a.is_terminal():
            action = a.sample_chance(rng) if a.is_chance_node() else rng.choice(a.legal_actions())
            before = len(b.history())
            a.apply_action(action)
            _common.step(b, action, lambda actor, act: trace.append((actor, act)))
            assert a == b
            assert [act for _, act in trace[before:]] == b.history()[before:]
        assert len(trace) == len(b.history())
        assert [actor for actor, _ in trace] == _common.replay_trace(b)[0]


def test_trick_history_planes():
    game = pyspiel.load_game("herna_trumfosaur(players=3)")
    n = 3
    for state in _random_walk(game, seed=11, every=1):
        if state.is_terminal():
            break
        h = state.herna_state()
        view = h.view()
        if view["phase"] != "play" or view["deal_number"] != 1:
            continue
        planes = np.asarray(state.information_state_tensor(0))[-game.meta.spec.history_size:]
        plays = planes[:10 * n * 51].reshape(10, n, 51)
        dinosaurs_played = int(plays[:, :, :50].sum())
        assert dinosaurs_played == len(view["played"])
        trump_played = int(plays[:, :, 50].sum())
        assert trump_played == sum(1 for t in view["trumps"] if not t)
        tricks_started = int(planes[10 * n * 51:10 * n * 51 + 10 * n].sum())
        assert tricks_started == view["trick_number"] - (0 if view["trick"] else 1)


def test_resample_from_infostate_keeps_the_information_state():
    game = pyspiel.load_game("herna_trumfosaur(players=4,master=True)")
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    checked = 0
    for state in _random_walk(game, seed=5, every=9):
        if state.is_terminal():
            break
        seat = state.current_player()
        key = state.information_state_string(seat)
        for _ in range(2):
            other = state.resample_from_infostate(seat, sampler)
            assert other.information_state_string(seat) == key
            assert other.herna_state().information_state_string(seat) == key
            assert other.current_player() == seat
            # the same number of herna actions; OpenSpiel's history() holds the real
            # choices of the drawn world (a forced play there may be a choice here)
            assert len(other.herna_state().history()) == len(state.herna_state().history())
            asked = _common.replay_trace(other.herna_state())[1]
            assert len(other.history()) == sum(asked)
            assert str(other).split("\n")[0] == str(state).split("\n")[0]
        checked += 1
    assert checked > 5


def _play(game, bots, seed):
    """A whole game: chance drawn by its probabilities, every decision by the
    seat's bot (``bot.step(state)``, as OpenSpiel's evaluate_bots does)."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(int(action))
            decisions += 1
    returns = state.returns()
    assert decisions > 0 and len(returns) == game.num_players()
    assert game.min_utility() <= min(returns) and max(returns) <= game.max_utility()
    return returns


@pytest.mark.parametrize("name", ["herna_ugo(players=2,rounds=1)", "herna_trumfosaur(players=3,target_score=1)",
                                  "herna_kurnik(players=2,turn_limit=40)"])
def test_openspiel_python_mcts_plays_whole_games(name):
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game(name)
    rs = np.random.RandomState(1)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=4, evaluator=mcts.RandomRolloutEvaluator(1, rs),
                       random_state=rs, solve=False)
    _play(game, [bot] * game.num_players(), 1)


@pytest.mark.parametrize("name", ["herna_ugo(players=2,rounds=1)", "herna_trumfosaur(players=3,target_score=1)"])
def test_openspiel_python_ismcts_plays_whole_games(name):
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(name)
    rs = np.random.RandomState(2)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 5.0, max_simulations=6, random_state=rs)
    _play(game, [bot] * game.num_players(), 2)
    # with a bounded set of world samples too, as OpenSpiel's own bot test does
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 5.0, max_simulations=6,
                           max_world_samples=2, random_state=rs,
                           final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VALUE)
    _play(game, [bot] * game.num_players(), 3)


@pytest.mark.parametrize("name", ["herna_ugo(players=2,rounds=1)", "herna_trumfosaur(players=3,target_score=1)"])
def test_evaluate_bots_with_the_python_ismcts_wrapper(name):
    """OpenSpiel's ``evaluate_bots`` drives the Python ISMCTS (with the
    ``restart_at``/``inform_action`` it lacks) through whole herna games."""
    from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts

    from herna.interop.openspiel_ismcts import evaluable_ismcts_class

    game = pyspiel.load_game(name)
    rs = np.random.RandomState(4)
    with pytest.raises(pyspiel.SpielError, match="RestartAt"):  # OpenSpiel's own class, as the docs say
        evaluate_bots.evaluate_bots(game.new_initial_state(),
                                    [ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 5.0,
                                                      max_simulations=4, random_state=rs)] * game.num_players(), rs)
    bot_class = evaluable_ismcts_class()
    bots = [bot_class(game, mcts.RandomRolloutEvaluator(1, rs), 5.0, max_simulations=4, random_state=rs)
            for _ in range(game.num_players())]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rs)
    assert len(returns) == game.num_players()
    assert game.min_utility() <= min(returns) and max(returns) <= game.max_utility() and max(returns) > 0
