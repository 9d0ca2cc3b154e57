"""herna.batch's key-drawn chance against the exact distributions.

The differential tests (``test_*_batch.py``) replay the Python engine's
chance outcomes, so they cannot see how the batched engines *draw* chance
from a key. These tests draw it, many games at once, and compare the counts
with the exact distributions by a chi-square test:

- Kurník (K-2.1, K-4, K-4.4, K-4.5): the start rolls (one die a seat: with
  two players the deciding pair is uniform over the 30 ordered pairs of
  different faces; with 3 and 4 players each seat starts equally often), the
  two dice of a roll (an unordered pair: a double 1/36, another pair 2/36),
  the bird-flu die (one die, uniform over 1-6, with its effect) and the 6-6
  re-roll (a pair again).
- Trumfosaur (T-3.1) and Ugo! (U-2.2): every card goes to every seat (and
  Trumfosaur's deck) with its share, for the first deal (``init``) and for the
  deals drawn inside ``step`` (a new deal and, with auto-reset, a new game);
  and :func:`herna.batch.dealing.permutations` puts each card at each place
  with probability 1/m.

Every draw is seeded, so each test is deterministic; the thresholds are
generous fixed p-values (:data:`P_MIN`), so a correct engine passes with any
seed but a wrong distribution (such as the larger of two dice for one die,
this suite's first find) fails by far.
"""

from __future__ import annotations

import numpy as np
import pytest

jax = pytest.importorskip("jax", reason="herna.batch needs JAX (pip install 'herna[batch]')", exc_type=ImportError)
jnp = jax.numpy
stats = pytest.importorskip("scipy.stats")

from herna.batch import engine  # noqa: E402
from herna.batch.bench import uniform_legal  # noqa: E402
from herna.batch.dealing import permutations  # noqa: E402
from herna.games.kurnik import actions as KA  # noqa: E402

P_MIN = 1e-6
"""A test fails when its chi-square p-value is below this (a correct draw fails one seed in a million)."""
SEED = 20261203
PAIR_PROBABILITIES = {(high, low): (1 if high == low else 2) / 36 for high in range(1, 7) for low in range(1, high + 1)}
"""The exact law of an unordered roll of two dice ``(high, low)`` (K-4)."""


def chi_square(observed: np.ndarray, expected: np.ndarray, constraints: int = 1) -> float:
    """The p-value of ``observed`` counts against ``expected`` counts (same
    shape; cells with expected 0 must be observed 0); ``constraints``: the
    independent sums fixed by the design (rows of a table)."""
    observed = np.asarray(observed, float).ravel()
    expected = np.asarray(expected, float).ravel()
    assert observed[expected == 0].sum() == 0, "an impossible outcome was drawn"
    keep = expected > 0
    assert observed.sum() == pytest.approx(expected.sum())
    statistic = float((((observed - expected) ** 2)[keep] / expected[keep]).sum())
    return float(stats.chi2.sf(statistic, keep.sum() - constraints))


# ----- Kurník -------------------------------------------------------------------------------------
B_KURNIK = 12_000


def die(face: int) -> int:
    """The Python engine's chance outcome id of one die showing ``face``."""
    return KA.DIE_BASE + face - 1


def stopped(env, dice: list[int]):
    """``B_KURNIK`` games replayed through ``dice`` (chance outcome ids), stopped at the chance node after them."""
    return env.init_from_dice(jnp.broadcast_to(jnp.asarray(dice, jnp.int32), (B_KURNIK, len(dice))))


def pair_counts(high: np.ndarray, low: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Observed and expected counts of the 21 unordered rolls."""
    pairs = list(PAIR_PROBABILITIES)
    observed = np.array([np.sum((high == h) & (low == lo)) for h, lo in pairs])
    return observed, np.array([PAIR_PROBABILITIES[p] for p in pairs]) * len(high)


def test_kurnik_start_rolls_two_players_uniform_distinct_pair():
    """K-2.1: each seat rolls one die, ties re-roll: the deciding rolls of two
    seats are uniform over the 30 ordered pairs of different faces (the
    larger of two dice per seat would make 6-1 eleven times as likely as 1-2)."""
    env = engine("kurnik", players=2, first_player=None, auto_reset=True)
    state = env.init(jax.random.key(SEED), batch_size=B_KURNIK)
    rolls = np.asarray(state.start_rolls)
    first = np.asarray(state.first)
    assert ((rolls >= 1) & (rolls <= 6)).all() and (rolls[:, 0] != rolls[:, 1]).all()
    assert (first == rolls.argmax(axis=1)).all()
    observed = np.zeros((6, 6))
    np.add.at(observed, (rolls[:, 0] - 1, rolls[:, 1] - 1), 1)
    expected = np.where(np.eye(6, dtype=bool), 0.0, B_KURNIK / 30)
    assert chi_square(observed, expected) > P_MIN


@pytest.mark.parametrize("players", [3, 4])
def test_kurnik_start_rolls_every_seat_starts_equally_often(players):
    """K-2.1 with re-rolls among the tied: the first player is uniform over the seats."""
    env = engine("kurnik", players=players, first_player=None, auto_reset=True)
    first = np.asarray(env.init(jax.random.key(SEED + players), batch_size=B_KURNIK).first)
    observed = np.bincount(first, minlength=players)
    assert len(observed) == players
    assert chi_square(observed, np.full(players, B_KURNIK / players)) > P_MIN


def test_kurnik_two_dice_unordered_pair_law():
    """K-4: a roll is two independent dice: 1/36 a double, 2/36 another pair."""
    env = engine("kurnik", players=2, first_player=None, auto_reset=True)
    state = stopped(env, [die(6), die(1)])  # seat 0 starts; its first roll (forced) is the chance node
    state = state.replace(eggs=state.eggs.at[:, 1].set(3))  # seat 1's turn is a real choice: the roll stays in view
    state = env.resume(state, jax.random.key(SEED))
    roll = np.asarray(state.roll)
    assert chi_square(*pair_counts(roll[:, 0], roll[:, 1])) > P_MIN


def test_kurnik_bird_flu_is_one_uniform_die_with_its_effect():
    """K-4.4: after 5-5 one die: 1-3 quarantine, 4-5 the chicks, 6 the hens;
    each face 1/6 (the larger of two dice gave 6 with 11/36)."""
    env = engine("kurnik", players=2, first_player=None, auto_reset=True)
    state = stopped(env, [die(6), die(1), KA.DICE_ID[(5, 5)]])
    state = state.replace(eggs=state.eggs.at[:, 1].set(3), chicks=state.chicks.at[:, 0].set(2),
                          hens=state.hens.at[:, 0].set(2))
    state = env.resume(state, jax.random.key(SEED + 1))
    face = np.asarray(state.roll[:, 2])
    assert chi_square(np.bincount(face, minlength=7)[1:], np.full(6, B_KURNIK / 6)) > P_MIN
    quarantine = np.asarray(state.quarantine[:, 0])
    chicks, hens = np.asarray(state.chicks[:, 0]), np.asarray(state.hens[:, 0])
    assert (quarantine == (face <= 3)).all()
    assert ((chicks == 0) == ((face == 4) | (face == 5))).all()
    assert ((hens == 0) == (face == 6)).all()


def test_kurnik_six_six_reroll_is_a_pair():
    """K-4.5: after 6-6 and the announcement, the re-roll is two dice (the pair law)."""
    env = engine("kurnik", players=2, first_player=None, auto_reset=True)
    state = stopped(env, [die(6), die(1), KA.DICE_ID[(6, 6)]])
    state = env.resume(state, jax.random.key(SEED + 2))  # the announcement is seat 0's real choice
    assert (np.asarray(state.current_player) == 0).all()
    assert np.asarray(state.legal_action_mask[:, KA.TAKE]).all()
    state = state.replace(eggs=state.eggs.at[:, 1].set(3))
    state = env.step(state, jnp.full(B_KURNIK, KA.TAKE, jnp.int32), jax.random.key(SEED + 3))
    roll = np.asarray(state.roll)
    assert chi_square(*pair_counts(roll[:, 2], roll[:, 3])) > P_MIN


def test_kurnik_resume_at_a_real_choice_changes_nothing():
    """:meth:`KurnikEnv.resume` of a game already at a real choice returns the same position."""
    env = engine("kurnik", players=3, auto_reset=False)
    state = env.init(jax.random.key(SEED), batch_size=B_KURNIK)  # the batch whose loop is compiled already
    again = env.resume(state, jax.random.key(SEED + 9))
    for name in ("eggs", "chicks", "hens", "phase", "player", "roll", "current_player", "legal_action_mask"):
        np.testing.assert_array_equal(np.asarray(getattr(again, name)), np.asarray(getattr(state, name)), name)


# ----- deals -------------------------------------------------------------------------------------
def holder_counts(hands: np.ndarray) -> np.ndarray:
    """``hands`` bool ``(G, n, C)`` (fresh deals) -> counts ``(C, n + 1)`` of
    which seat holds each card (the last column: not dealt)."""
    per_seat = hands.sum(axis=0).T  # (C, n)
    return np.concatenate([per_seat, (hands.shape[0] - per_seat.sum(axis=1))[:, None]], axis=1)


def expected_holders(games: int, players: int, cards: int) -> np.ndarray:
    share = np.array([10 / cards] * players + [(cards - 10 * players) / cards])
    return np.broadcast_to(share * games, (cards, players + 1))


def check_deals(hands: np.ndarray, players: int, cards: int) -> None:
    """``hands`` bool ``(G, n, C)``: fresh deals, 10 cards a seat, each card
    at each seat with probability 10 / C (T-3.1, U-2.2)."""
    assert hands.shape[1:] == (players, cards) and hands.shape[0] > 0
    assert (hands.sum(axis=2) == 10).all() and (hands.sum(axis=1) <= 1).all()
    observed = holder_counts(hands)
    expected = expected_holders(hands.shape[0], players, cards)
    if expected[:, -1].sum() == 0:
        observed, expected = observed[:, :-1], expected[:, :-1]
    assert chi_square(observed, expected, constraints=cards) > P_MIN


def first_deals(env, games: int = 20_000):
    """``games`` first deals of ``env`` from :data:`SEED`, ``init`` compiled
    (un-jitted, each of its operations would be compiled alone)."""
    return jax.jit(env.init, static_argnums=1)(jax.random.key(SEED), games)


def played_deals(env, steps: int, batch: int, seed: int, is_new) -> np.ndarray:
    """The hands of every deal drawn inside ``step`` over ``steps`` uniformly
    random steps of ``batch`` games (``is_new(before, after)`` bool ``(B,)``:
    the step dealt, and ``after`` is the new deal's first decision)."""

    @jax.jit
    def run(state, key):
        def body(state, key):
            k1, k2 = jax.random.split(key)
            after = env.step(state, uniform_legal(k1, state.legal_action_mask), k2)
            return after, (is_new(state, after), after.hands)

        return jax.lax.scan(body, state, jax.random.split(key, steps))[1]

    new, hands = run(jax.jit(env.init, static_argnums=1)(jax.random.key(seed), batch), jax.random.key(seed + 1))
    new, hands = np.asarray(new), np.asarray(hands)
    return hands[new]


@pytest.mark.parametrize("players", [2, 4])
def test_trumfosaur_first_deal_uniform(players):
    env = engine("trumfosaur", players=players, observe="none", auto_reset=True)
    check_deals(np.asarray(first_deals(env).hands), players, 50)


def test_trumfosaur_deals_inside_step_uniform():
    """The next deal (T-3.1) and, with auto-reset, the next game's, drawn by ``step``."""
    env = engine("trumfosaur", players=4, target_score=10, observe="none", auto_reset=True)
    hands = played_deals(env, 120, 1024, SEED, lambda before, after: (after.deal_number != before.deal_number)
                         | after.terminated)
    assert len(hands) > 2_000
    check_deals(hands, 4, 50)


@pytest.mark.parametrize("players", [2, 4])
def test_ugo_first_deal_uniform(players):
    env = engine("ugo", players=players, auto_reset=True)
    check_deals(np.asarray(first_deals(env).hands), players, 45)


def test_ugo_deals_inside_step_uniform():
    """The next round's deal (U-2.2) and, with auto-reset, the next game's, drawn by ``step``."""
    env = engine("ugo", players=3, rounds=1, auto_reset=True)
    hands = played_deals(env, 100, 512, SEED, lambda before, after: (after.round != before.round)
                         | after.terminated)
    assert len(hands) > 1_000
    check_deals(hands, 3, 45)


@pytest.mark.parametrize("cards", [45, 50])
def test_permutations_each_card_at_each_place_uniform(cards):
    """:func:`permutations`: every row a permutation, card ``c`` at place ``i`` with probability 1/m."""
    rows = 40_000
    draw = jax.jit(lambda key: permutations(jax.random.bits(key, (rows, cards), jnp.uint32)))
    orders = np.asarray(draw(jax.random.key(SEED + cards)))
    assert (np.sort(orders, axis=1) == np.arange(cards)).all()
    observed = np.zeros((cards, cards))
    np.add.at(observed, (orders, np.broadcast_to(np.arange(cards), orders.shape)), 1)
    assert chi_square(observed, np.full((cards, cards), rows / cards), constraints=2 * cards - 1) > P_MIN
