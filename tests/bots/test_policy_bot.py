"""The learned bots (herna.bots.policy): the shipped networks play legal
moves with NumPy alone, refuse a player count they were not trained for
with a clear error, and the batched version (herna.batch.bots) chooses as
the NumPy one does."""

from __future__ import annotations

import random

import numpy as np
import pytest

import herna
from herna.bots import make_bot, observe
from herna.bots.policy import available, logits, network_action, option_refusal, weights
from herna.core.registry import record

SHIPPED = [(game, players) for game, counts in sorted(available().items()) for players in counts]


def test_the_shipped_networks_are_listed():
    assert ("trumfosaur", 4) in SHIPPED  # the 4-player one-deal network (docs/bot-strength.md)
    assert ("kurnik", 4) in SHIPPED and ("ugo", 4) in SHIPPED


@pytest.mark.parametrize("game,players", SHIPPED)
def test_plays_whole_games_legally(game, players):
    params, meta = weights(game, players)
    assert meta["game"] == game and meta["options"]["players"] == players
    table = herna.load(game, players=players)
    assert params["w1"].shape[0] == table.observation_tensor_shape()[0]
    assert params["w2"].shape[1] == table.num_distinct_actions()
    rng = random.Random(5)
    for _ in range(2):
        state = table.new_initial_state()
        bots = [make_bot("policy" if seat == 0 else "random", table, seat, seat) for seat in range(players)]
        while not state.is_terminal():
            player = state.current_player()
            if player < 0:
                state.apply_action(state.sample_chance(rng))
                continue
            action = bots[player].choose(observe(state, player))
            assert action in state.legal_actions()
            state.apply_action(action)


def test_refusals_name_what_ships():
    with pytest.raises(ValueError, match="no learned policy"):
        make_bot("policy", herna.load("trumfosaur", players=5), 0)
    with pytest.raises(ValueError, match="policy:FILE.npz .* 'fast' does not end in .npz"):  # a file, or nothing
        make_bot("policy:fast", herna.load("ugo"), 0)


def test_options_that_add_actions_are_refused_in_words():
    """Trumfosaur's master version (T-8) adds the exchange actions the shipped network never learned:
    refused with a ValueError naming them (a learner found an IndexError mid-game)."""
    with pytest.raises(ValueError, match=r"knows 103 actions, but trumfosaur with these options has 1379 "
                       r"\(1276 it never learned\); it plays trumfosaur with .*target_score=1.*; "
                       "only target_score and first_player may differ"):
        make_bot("policy", herna.load("trumfosaur", players=4, master=True), 0)


@pytest.mark.parametrize("game,players", SHIPPED)
def test_batched_policy_chooses_as_the_numpy_bot(game, players):
    jax = pytest.importorskip("jax", exc_type=ImportError)
    from herna.batch.bots import policy

    act = policy("policy", game, players)
    table = herna.load(game, players=players)
    state = table.new_initial_state()
    rng = random.Random(9)
    observations, masks, seats, chosen = [], [], [], []
    while not state.is_terminal() and len(chosen) < 40:
        player = state.current_player()
        if player < 0:
            state.apply_action(state.sample_chance(rng))
            continue
        obs = np.asarray(state.observation_tensor(player), np.float32)
        mask = np.zeros(table.num_distinct_actions(), bool)
        mask[state.legal_actions()] = True
        scores = logits(weights(game, players)[0], obs)
        legal = np.flatnonzero(mask)
        seen = [network_action(game, player, players, a) for a in legal]
        chosen.append(int(legal[np.argmax(scores[seen])]))
        assert chosen[-1] == make_bot("policy", table, player).choose(observe(state, player))
        observations.append(obs)
        masks.append(mask)
        seats.append(player)
        state.apply_action(rng.choice(state.legal_actions()))
    extras = {"seat": jax.numpy.asarray(seats)} if "seat" in getattr(act, "extras", ()) else {}
    batched = np.asarray(act(jax.numpy.asarray(np.stack(observations)), jax.numpy.asarray(np.stack(masks)),
                             jax.random.key(0), **extras))
    assert batched.tolist() == chosen


def test_seat_naming_actions_are_read_at_the_relative_seat():
    """Kurník's observation is relative to its seat and the network learned at seat 0, so at seat 2 of 4
    ``give 3`` (id 15) is the network's ``give 1`` (id 13) and ``give 0`` its ``give 2`` (K-4.2)."""
    assert network_action("kurnik", 2, 4, 15) == 13 and network_action("kurnik", 2, 4, 12) == 14
    assert network_action("kurnik", 3, 4, 17) == 18 and network_action("kurnik", 0, 4, 19) == 19
    assert network_action("kurnik", 2, 4, 0) == 0 and network_action("trumfosaur", 2, 4, 15) == 15


@pytest.mark.parametrize("game,options,named", [
    ("kurnik", {"dead_rooster": True}, "dead_rooster=true"),
    ("kurnik", {"rough_thief": True}, "rough_thief=true"),
    ("kurnik", {"supply_hens": 30}, "supply_hens=30"),
    ("trumfosaur", {"teams": True}, "teams=true"),
    ("ugo", {"low_card_farmers": [2, 2]}, "low_card_farmers=2,2"),
])
def test_rule_options_it_was_not_trained_with_are_refused_naming_them(game, options, named):
    """A network learned one set of rules: Kurník's dead rooster (K-9.2) made it buy roosters all game
    (win share 0.043 against greedy's 0.319); such an option is refused in one line naming it and the
    trained value, the batched twin alike."""
    table = herna.load(game, players=4, **options)
    with pytest.raises(ValueError, match=f"trained with {named.split('=')[0]}=.*not {named};") as error:
        make_bot("policy", table, 0)
    assert "\n" not in str(error.value) and "choose another bot" in str(error.value)
    pytest.importorskip("jax", exc_type=ImportError)
    from herna.batch.bots import policy

    with pytest.raises(ValueError, match=f"not {named};"):
        policy("policy", game, 4, options)


@pytest.mark.parametrize("game,options", [
    ("trumfosaur", {"target_score": 36, "first_player": 2}), ("ugo", {"rounds": 4, "first_player": 3}),
    ("kurnik", {"first_player": 1, "turn_limit": 300}),
])
def test_options_of_length_or_first_seat_only_are_played(game, options):
    """Options that set only the game's length or who starts (OptionSpec.pace) change no rule: allowed
    (the docs' arena commands use ``-o target_score=1`` and ``--rounds 1``)."""
    table = herna.load(game, players=4, **options)
    assert option_refusal(table, weights(game, 4)[1]) is None
    make_bot("policy", table, 0)


def test_refusals_count_seats_from_one():
    """The trained options are said as players write them: Trumfosaur's network learned with the engine's
    seat 0 first, said ``first_player=1``."""
    with pytest.raises(ValueError, match="first_player=1, master=false") as error:
        make_bot("policy", herna.load("trumfosaur", players=4, master=True), 0)
    assert "first_player=0" not in str(error.value)


@pytest.mark.parametrize("game", sorted(herna.available_games()))
def test_a_games_seat_actions_are_the_actions_that_name_a_seat(game):
    # the record's seat_actions (read by network_action) are exactly the ids whose string ends in a seat
    state = herna.load(game, players=5 if game != "ugo" else 4).new_initial_state()
    blocks = record(game).seat_actions
    for base, width in blocks:
        verbs = {state.action_to_string(base + k).rsplit(" ", 1)[0] for k in range(width)}
        assert len(verbs) == 1, (game, base, verbs)
        seats = [state.action_to_string(base + k).rsplit(" ", 1)[1] for k in range(width)]
        assert seats == [str(k) for k in range(width)]
    assert bool(blocks) == (game == "kurnik")  # K-4.2 give k, K-5.2 steal k, K-9.1 rob k
