"""Batched bots for herna.batch engines: pure JAX policies.

Each policy is ``policy(observation, legal_action_mask, key) -> action``:
``observation`` float32 ``(B, D)`` is the acting seat's row of the engine's
``state.observation`` (for Trumfosaur the layout of
:mod:`herna.games.trumfosaur.observation`), ``legal_action_mask`` bool
``(B, A)`` the engine's mask, ``key`` a JAX key; the result is int32
``(B,)`` legal action ids. They read only these public fields (never an
engine's internal position), so they see what the Python bots see, and
each runs under ``jax.jit``.

* :func:`random_policy`: uniform over the legal actions (any game), the
  batched :class:`herna.bots.RandomBot` (the same distribution, not the same
  draws: the Python bot uses Python's ``random``); :func:`uniform_among`
  is its draw, shared with bots that break ties at random.
* :func:`trumfosaur_greedy_policy` (``players``, ``teams``): Trumfosaur's rule-based
  :class:`herna.bots.greedy_trumfosaur.GreedyBot`, vectorised. It chooses
  **exactly** what ``GreedyBot.choose`` chooses (the bot is deterministic:
  its ties go to the first card in the order the Python bot lists them, by
  card id, and so they do here), as ``tests/batch/test_bots_batch.py``
  checks on every decision of Python-engine games of every option set. The
  invitation's merit (a float sum) is compared through a table of its ranks
  computed in Python floats, so float32 cannot split or merge a tie.

Ugo!'s greedy is :mod:`herna.batch.bots_ugo` (proved the same as its
GreedyBot): its open decisions (U-4.3) need the waiting cards' top values,
which Ugo!'s observation does not hold but which are public (U-5.1), so
its policy takes them as a fourth argument, ``waiting_tops``
(:func:`herna.batch.bots_ugo.ugo_waiting_tops`).

**Extra inputs.** A policy that needs more than the three common arguments
names them in its ``extras`` attribute (a tuple of keys of :data:`EXTRAS`,
taken as keyword arguments; absent: none); :func:`call_policy` reads them
from the engine state (public fields only) and calls it, so a driver
handles every game and bot the same way.

Everything Trumfosaur's GreedyBot reads from its seat's view is in the observation
tensor: its hand (dinosaurs and trump), its invitation, the cards of the
trick in play order, every dinosaur played this deal, the phase and the
trick number; with teams (T-7.1) also the trick's leader, who still holds
a trump, the species shown void and the partner's revealed invitation. The
number of players and whether the game has teams (GreedyBot reads the
view's ``team_scores``) are not: they are parameters of the policy
(:func:`policy` reads them from the options, teams through the record's
``side``, :func:`partners`).

* :func:`kurnik_greedy_policy` (``players``, ``supply_hens``): Kurník's
  :class:`herna.bots.greedy_kurnik.GreedyBot`, vectorised, choosing exactly
  what ``GreedyBot.choose`` chooses (``tests/batch/test_bots_batch.py``).
  Kurník's observation tensor gives the seats relative to the observer,
  while GreedyBot breaks ties by seat number and adds the harms of
  ``rob all`` in seat order (float sums that depend on the order), so this
  policy takes a fourth argument, ``seat`` int32 ``(B,)``: the acting seat
  (``state.current_player``; ``extras = ("seat",)``). Its float scores (strengths, expected hens)
  are compared through tables of their ranks computed in Python floats.

:data:`POLICIES` lists the batched bots by the Python bot spec they stand
for; :func:`policy` makes one.
"""

from __future__ import annotations

import functools
from typing import Callable

import jax
import jax.numpy as jnp
import numpy as np

from herna.core import load, record
from herna.games.trumfosaur import actions as A
from herna.games.trumfosaur.cards import NUM_CARDS, TRUMP
from herna.games.trumfosaur.constants import Phase

Policy = Callable[[jax.Array, jax.Array, jax.Array], jax.Array]

POLICIES = {"random": "any game: uniform over the legal actions",
            "policy": "the learned networks that ship (herna.bots.policy: their games and player counts)",
            "greedy": "every game: GreedyBot's rules (kurnik's also takes the acting seat, ugo's the public "
                      "waiting tops)"}
"""The bot specs that have a batched version, with what each covers."""


def uniform_among(allowed: jax.Array, key: jax.Array) -> jax.Array:
    """int32 ``(B,)``: per row one of the ``True`` entries of ``allowed``
    (bool ``(B, A)``), uniformly at random (Gumbel argmax); 0 for a row with
    none. The draw of :func:`random_policy`, and of a bot's ties."""
    noise = jax.random.gumbel(key, allowed.shape)
    return jnp.argmax(jnp.where(allowed, noise, -jnp.inf), axis=-1).astype(jnp.int32)


def random_policy(observation: jax.Array, legal_action_mask: jax.Array, key: jax.Array) -> jax.Array:
    """int32 ``(B,)``: a uniformly random legal action of each row
    (:func:`uniform_among` the mask); ``observation`` is not read."""
    del observation
    return uniform_among(legal_action_mask, key)


# ----- Trumfosaur greedy -------------------------------------------------------------------
_ID = np.arange(NUM_CARDS)
_SPECIES = _ID // 10
_VALUE = _ID % 10 + 1
_SAME_SPECIES = _SPECIES[:, None] == _SPECIES[None, :]
_HIGHER = _SAME_SPECIES & (_ID[None, :] > _ID[:, None])
"""``_HIGHER[c, d]``: ``d`` is a higher card of ``c``'s species (GreedyBot._boss)."""
_PAIR = np.zeros((NUM_CARDS, NUM_CARDS), np.int32)
for _i, (_a, _b) in enumerate(A.PAIRS):
    _PAIR[_a, _b] = _PAIR[_b, _a] = _i


def _merit_ranks() -> np.ndarray:
    """int32 ``(10, 5, 5, 10)``: the rank of GreedyBot's invitation merit
    ``1.0 * same + 0.8 * high + 1.2 * pairs - 0.08 * v`` (evaluated as the
    Python bot does, in Python floats) over ``same`` 0..9, ``high`` 0..4,
    ``pairs`` 0..4, ``v`` 1..10; equal floats get equal ranks."""
    merit = np.zeros((10, 5, 5, 10))
    for same in range(10):
        for high in range(5):
            for pairs in range(5):
                for v in range(1, 11):
                    merit[same, high, pairs, v - 1] = 1.0 * same + 0.8 * high + 1.2 * pairs - 0.08 * v
    return np.searchsorted(np.unique(merit), merit).astype(np.int32)


_MERIT_RANK = _merit_ranks()


class TrumfosaurLayout:
    """Offsets of :mod:`herna.games.trumfosaur.observation` with ``n`` players."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.hand = 0
        self.invitation = 51
        self.trick = 101
        self.leader = self.trick + n * 51
        self.played = self.leader + n
        self.revealed = self.played + 50 + n * 50
        self.trumps = self.played + 50 + 3 * n * 50
        self.voids = self.trumps + n
        self.phase = self.voids + 5 * n + n
        self.trick_number = self.phase + 7


def trumfosaur_greedy_policy(players: int, teams: bool = False) -> Policy:
    """The batched :class:`~herna.bots.greedy_trumfosaur.GreedyBot` for
    Trumfosaur with ``players`` seats (see the module docstring); ``teams``:
    the game has teams (T-7.1, 4 players), where GreedyBot leaves a trick
    its partner surely wins to the partner and trumps an opponent's trick
    that pays it at all (the observation does not say whether the game has
    teams, so the policy is built for it). Its ``key`` is not used (the bot
    draws nothing)."""
    layout = TrumfosaurLayout(players)

    def one(obs: jax.Array, mask: jax.Array) -> jax.Array:
        return _greedy_one(layout, obs, mask, teams)

    def policy(observation: jax.Array, legal_action_mask: jax.Array, key: jax.Array) -> jax.Array:
        del key
        return jax.vmap(one)(observation, legal_action_mask)

    return policy


def _greedy_one(L: TrumfosaurLayout, obs: jax.Array, mask: jax.Array, teams: bool = False) -> jax.Array:
    """GreedyBot.choose on one observation row ``(D,)`` and mask ``(A,)``
    (``teams``: the game has teams, T-7.1)."""
    n = L.n
    ids = jnp.arange(NUM_CARDS)
    species = jnp.asarray(_SPECIES)
    value = jnp.asarray(_VALUE)
    hand = obs[L.hand:L.hand + NUM_CARDS] > 0.5  # dinosaurs only, as GreedyBot's ``hand``
    inv_hot = obs[L.invitation:L.invitation + NUM_CARDS] > 0.5
    has_inv = inv_hot.any()
    inv = jnp.argmax(inv_hot)
    trick_hot = obs[L.trick:L.trick + n * 51].reshape(n, 51) > 0.5
    trick_len = trick_hot.any(axis=1).sum()
    trick_cards = trick_hot[:, :NUM_CARDS].any(axis=0)  # the dinosaurs in the trick
    played = obs[L.played:L.played + NUM_CARDS] > 0.5
    phase = jnp.argmax(obs[L.phase:L.phase + 7])
    trick_number = jnp.argmax(obs[L.trick_number:L.trick_number + 11])

    # _pays of every dinosaur against the invitation (a trump pays nothing)
    pays = jnp.where(has_inv, (species == inv // 10).astype(jnp.int32) + 2 * (value == inv % 10 + 1), 0)
    # _boss(c, played, hand): no unseen higher card of its species (the trick's cards are in ``played``)
    unseen = ~(played | hand | trick_cards)
    boss = ~(jnp.asarray(_HIGHER) & unseen[None, :]).any(axis=1)
    big = jnp.int32(1 << 20)

    def first_min(keys: jax.Array, where: jax.Array) -> jax.Array:
        return jnp.argmin(jnp.where(where, keys, big))

    # ----- exchange (T-8.1) -----
    strength = jnp.zeros(5, jnp.int32).at[species].add(jnp.where(hand, value, 0))
    best_species = jnp.argmax(strength)
    cand = hand & (species != best_species) & (value <= 4)
    order = value * 100 + ids  # sorted by value, ties in hand (id) order
    first = first_min(order, cand)
    second = first_min(order, cand & (ids != first))
    count = jnp.minimum(cand.sum(), 2)
    lo, hi = jnp.minimum(first, second), jnp.maximum(first, second)
    exchange = jnp.where(count == 0, A.EXCHANGE_NONE,
                         jnp.where(count == 1, A.EXCHANGE_ONE_BASE + first,
                                   A.EXCHANGE_TWO_BASE + jnp.asarray(_PAIR)[lo, hi]))

    # ----- invitation (T-3.3) -----
    same_species = jnp.asarray(_SAME_SPECIES) & hand[None, :] & (ids[None, :] != ids[:, None])
    same = same_species.sum(axis=1)
    high = (same_species & (value >= 7)[None, :]).sum(axis=1)
    same_value = (value[:, None] == value[None, :]) & hand[None, :] & (ids[None, :] != ids[:, None])
    pairs = same_value.sum(axis=1)
    rank = jnp.asarray(_MERIT_RANK)[jnp.minimum(same, 9), jnp.minimum(high, 4), jnp.minimum(pairs, 4), value - 1]
    invite = A.INVITE_BASE + jnp.argmax(jnp.where(hand, rank, -1))

    # ----- reveal window (T-5.2) -----
    wants = (hand & (species == inv // 10) & boss).any() & (trick_number >= 3)
    reveal = jnp.where(wants, A.REVEAL, A.PASS)

    # ----- play (T-4) -----
    legal = mask[:NUM_CARDS]
    has_trump = mask[TRUMP]
    any_dino = legal.any()
    dump_key = (pays > 0).astype(jnp.int32) * 10000 + value * 100 + ids
    dump = jnp.where(any_dino, first_min(dump_key, legal), TRUMP)
    # lead
    bosses = legal & boss
    scoring = bosses & (pays > 0)
    lead = jnp.where(scoring.any(), jnp.argmax(jnp.where(scoring, ids, -1)),
                     jnp.where(bosses.any(), jnp.argmax(jnp.where(bosses, ids, -1)), dump))
    # follow
    trick_pays = (trick_cards * pays).sum()
    trump_in = trick_hot[:, TRUMP].any()
    last = trick_len == n - 1
    led_trump = trick_hot[0, TRUMP]
    led = jnp.argmax(trick_hot[0, :NUM_CARDS])
    led_species = led // 10
    following = ~led_trump & (legal & (species == led_species)).any()
    best = jnp.max(jnp.where(trick_cards & (species == led_species), ids, -1))
    winners = legal & (species == led_species) & (ids > best)
    sure = winners & (last | boss)
    mine = winners & (pays > 0)
    sure_pays = jnp.max(jnp.where(sure, pays, -big))
    need: jax.Array | int = 2
    if teams:  # GreedyBot._partner_trick and the trump against an opponent's trick (T-7.1)
        gift, partner_sure, partner_wins = _partner_trick(L, obs, legal, pays, dump_key, boss, trick_hot, trick_len,
                                                          trump_in, led_species, best)
        need = jnp.where(partner_wins, 2, 1)
    trump_now = has_trump & (trick_pays >= need)
    follow = jnp.where(sure.any() & (trick_pays + sure_pays > 0), first_min(ids, sure),
                       jnp.where(trump_now, TRUMP, jnp.where(mine.any() & last, first_min(ids, mine), dump)))
    other = jnp.where(~trump_in & trump_now, TRUMP, dump)
    follows = jnp.where(~trump_in & following, follow, other)
    if teams:
        follows = jnp.where(partner_sure & any_dino, gift, follows)
    play = jnp.where(trick_len == 0, lead, follows)

    action = jnp.select([phase == int(Phase.EXCHANGE), phase == int(Phase.INVITE), phase == int(Phase.WINDOW)],
                        [exchange, invite, reveal], play)
    forced = mask.sum() == 1
    return jnp.where(forced, jnp.argmax(mask), action).astype(jnp.int32)


def _partner_trick(L: TrumfosaurLayout, obs: jax.Array, legal: jax.Array, pays: jax.Array, dump_key: jax.Array,
                   boss: jax.Array, trick_hot: jax.Array, trick_len: jax.Array, trump_in: jax.Array,
                   led_species: jax.Array, best: jax.Array) -> tuple[jax.Array, jax.Array, jax.Array]:
    """GreedyBot._partner_trick on one row (T-7.1): ``(card, sure, wins)``,
    the card to give, whether the partner (relative seat ``n // 2``) surely
    wins the trick in play and whether its card wins it so far
    (GreedyBot._winner; read for a trick of at least one card)."""
    n = L.n
    ids = jnp.arange(NUM_CARDS)
    species = jnp.asarray(_SPECIES)
    value = jnp.asarray(_VALUE)
    positions = jnp.arange(n)
    leader = jnp.argmax(obs[L.leader:L.leader + n])
    seat_at = (leader + positions) % n  # the relative seat of each play position
    in_trick = positions < trick_len
    card_at = jnp.argmax(trick_hot, axis=1)  # the card at each position (0 where none)
    first_trump = jnp.argmax(in_trick & (card_at == TRUMP))
    best_at = jnp.argmax(in_trick & (card_at == best))
    winner = seat_at[jnp.where(trump_in, first_trump, best_at)]
    played_seat = ((seat_at[:, None] == positions[None, :]) & in_trick[:, None]).any(axis=0)
    later = (positions != 0) & ~played_seat  # the seats still to play after us
    trumps = obs[L.trumps:L.trumps + n] > 0.5
    void = obs[L.voids:L.voids + 5 * n].reshape(n, 5)[:, led_species] > 0.5
    safe = ~(later & trumps).any() & (boss[best] | (void | ~later).all())
    wins = winner == n // 2
    sure = wins & (trump_in | ~later.any() | safe)
    overtakes = ~trump_in & (species == led_species) & (ids > best)
    keep = legal & ~overtakes
    keep = jnp.where(keep.any(), keep, legal)
    shown = obs[L.revealed + (n // 2) * NUM_CARDS:L.revealed + (n // 2 + 1) * NUM_CARDS] > 0.5
    theirs = jnp.argmax(shown)
    pays_them = jnp.where(shown.any(), (species == theirs // 10).astype(jnp.int32) + 2 * (value == theirs % 10 + 1), 0)
    gain = jnp.maximum(0, pays_them - pays)
    card = jnp.argmin(jnp.where(keep, -gain * 100000 + dump_key, 1 << 20))
    return card, sure, wins


# ----- Kurník greedy -----------------------------------------------------------------------
def _kurnik_tables(players: int) -> dict[str, np.ndarray | np.int32]:
    """Ranks of GreedyBot's float scores (:mod:`herna.bots.greedy_kurnik`),
    evaluated as the Python bot does: ``strength`` int32 ``(10, 10, 10)`` by
    hens, chicks, eggs; and on one common scale, ``take`` ``(10,)`` by free
    places, ``rob_one`` ``(10, 11)`` by ``min(free, hens)`` and harm code,
    ``rob_all`` ``(11 ** (players - 1),)`` by the harm codes of the other
    seats in seat order (base 11, first seat most significant). A harm code
    is 0 (no harm) or ``1 + 5 * w + min(hens, 5) - 1`` with ``w`` 0 for the
    leader's weight 0.6, 1 for 0.25 (``expected_min`` is flat from 5 hens)."""
    import itertools

    from herna.bots.greedy_kurnik import expected_min, strength

    strengths = np.array([[[strength({"hens": h, "chicks": c, "eggs": e}) for e in range(10)] for c in range(10)]
                          for h in range(10)])
    harm = [0.0] + [weight * expected_min(h) for weight in (0.6, 0.25) for h in range(1, 6)]
    take = np.array([expected_min(f) for f in range(10)])
    rob_one = np.array([[expected_min(m) + harm[code] for code in range(11)] for m in range(10)])
    rob_all = np.array([sum(harm[c] for c in codes) for codes in itertools.product(range(11), repeat=players - 1)])
    scale = np.unique(np.concatenate([take, rob_one.ravel(), rob_all, [0.0]]))
    rank = lambda values: np.searchsorted(scale, values).astype(np.int32)  # noqa: E731
    return {"strength": np.searchsorted(np.unique(strengths), strengths).astype(np.int32), "take": rank(take),
            "rob_one": rank(rob_one), "rob_all": rank(rob_all), "zero": rank(np.array(0.0))}


def kurnik_greedy_policy(players: int, supply_hens: int = 36) -> Callable[..., jax.Array]:
    """The batched :class:`~herna.bots.greedy_kurnik.GreedyBot` for Kurník
    with ``players`` seats and the option ``supply_hens`` (to read the
    supply's hens from the observation): ``policy(observation,
    legal_action_mask, key, seat)`` with ``observation`` float32 ``(B, D)``
    the acting seat's row, ``legal_action_mask`` bool ``(B, 22)``, ``seat``
    int ``(B,)`` the acting seat (``extras = ("seat",)``, :func:`call_policy`);
    int32 ``(B,)`` actions. ``key`` is not used."""
    tables = {k: jnp.asarray(v) for k, v in _kurnik_tables(players).items()}
    size = max(1, supply_hens)

    def policy(observation: jax.Array, legal_action_mask: jax.Array, key: jax.Array, seat: jax.Array) -> jax.Array:
        del key
        one = functools.partial(_kurnik_greedy_one, players, size, tables)
        return jax.vmap(one)(observation, legal_action_mask, jnp.asarray(seat, jnp.int32))

    policy.extras = ("seat",)  # type: ignore[attr-defined]  # read by call_policy
    return policy


def _kurnik_greedy_one(n: int, supply_hens: int, T: dict, obs: jax.Array, mask: jax.Array,
                       seat: jax.Array) -> jax.Array:
    """GreedyBot.choose on one observation row ``(D,)``, mask ``(22,)`` and seat."""
    from herna.games.kurnik import actions as KA
    from herna.games.kurnik.observation import COOP_FEATURES

    coops = obs[:COOP_FEATURES * n].reshape(n, COOP_FEATURES)
    rel = (jnp.arange(n) - seat) % n  # the block of each seat (block 0: the observer)
    eggs, chicks, hens, free = (jnp.round(coops[rel, i] * 9).astype(jnp.int32) for i in range(4))
    rooster = coops[rel, 4] > 0.5
    sup_hens = jnp.round(obs[COOP_FEATURES * n + 2] * supply_hens).astype(jnp.int32)
    phase = jnp.argmax(obs[COOP_FEATURES * n + 4:COOP_FEATURES * n + 13])
    seats = jnp.arange(n)
    me = seats == seat
    strength = T["strength"][hens, chicks, eggs]
    big = jnp.int32(1 << 20)

    # ----- turn (K-3.1, K-6): GreedyBot._turn and wants_rooster
    legal = mask[:5]
    best_rival = jnp.max(jnp.where(me, -1, hens))
    wants = (hens[seat] <= 6) & (sup_hens <= 3) & (best_rival - (hens[seat] - 5) <= 5)
    quarantine = jnp.where(legal[KA.EXCHANGE_CHICKS], KA.EXCHANGE_CHICKS,
                           jnp.where(legal[KA.EXCHANGE_EGGS], KA.EXCHANGE_EGGS, KA.PASS))
    usual = jnp.where(legal[KA.EXCHANGE_CHICKS] & ((free[seat] <= 3) | (chicks[seat] >= 5)), KA.EXCHANGE_CHICKS,
                      jnp.where(legal[KA.EXCHANGE_EGGS] & (free[seat] <= 2), KA.EXCHANGE_EGGS, KA.ROLL))
    turn = jnp.where(legal[KA.EXCHANGE_HENS] & wants, KA.EXCHANGE_HENS,
                     jnp.where(legal[KA.PASS], quarantine, usual))

    # ----- gift (K-4.2): the lowest (has room, strength, seat)
    gives = mask[KA.GIVE_BASE:KA.GIVE_BASE + n]
    gift = KA.GIVE_BASE + jnp.argmin(jnp.where(gives, (free > 0) * big + strength * 8 + seats, 4 * big))

    # ----- thief rule (K-5.2): the highest (no rooster, strength, -seat)
    steals = mask[KA.STEAL_BASE:KA.STEAL_BASE + n]
    steal = KA.STEAL_BASE + jnp.argmax(jnp.where(steals, (~rooster) * big + strength * 8 + 7 - seats, -1))

    # ----- 6-6 announcement (K-4.5, K-9.1): the first best score, in action id order
    others = ~me
    leader = strength >= jnp.max(jnp.where(others, strength, -1))
    harm = jnp.where(rooster | (hens == 0), 0, 1 + 5 * (~leader) + jnp.minimum(hens, 5) - 1)
    digits = jnp.where(others, harm, 0)
    order = jnp.cumsum(others) - 1  # position of each other seat in seat order
    index = jnp.sum(jnp.where(others, digits * 11 ** (n - 2 - order), 0))
    rob_one = jnp.where(rooster, T["zero"], T["rob_one"][jnp.minimum(free[seat], hens), harm])
    ranks = jnp.concatenate([T["take"][free[seat]][None], T["rob_all"][index][None],
                             jnp.pad(rob_one, (0, KA.MAX_SEATS - n))])
    announce = KA.TAKE + jnp.argmax(jnp.where(mask[KA.TAKE:KA.GIVE_BASE], ranks, -1))

    action = jnp.select([phase == 1, phase == 3, phase == 5, phase == 7], [turn, gift, announce, steal], 0)
    forced = mask.sum() == 1
    return jnp.where(forced, jnp.argmax(mask), action).astype(jnp.int32)


def policy(spec: str, game: str, players: int, options: dict | None = None) -> Policy:
    """The batched bot for ``spec`` (a key of :data:`POLICIES`) in ``game``
    with ``players`` seats (``options``: the game's validated options, for
    Kurník's ``supply_hens``, default 36, and Ugo!'s ``low_card_farmers``,
    default ``[1, 2]``); its extra inputs, if any, are named by its
    ``extras`` (:func:`call_policy`). ``ValueError`` naming the games of
    :mod:`herna.batch` for another game, the Python engine's message for a
    bad player count or option (checked as :func:`herna.load` checks them),
    the learned network's refusal (:func:`herna.bots.policy.network`: of
    options it was not trained with; for ``policy:FILE.npz`` a file that is
    not a network of this game and table), and naming the batched bots
    when ``spec`` has none."""
    from . import SUPPORTED

    if game not in SUPPORTED:
        raise ValueError(f"no batched engine for game {game!r}; herna.batch supports: {', '.join(SUPPORTED)}")
    table = load(game, **{**(options or {}), "players": players})
    options = table.options
    players = options["players"]
    if spec == "random":
        return random_policy
    if spec == "policy" or spec.startswith("policy:"):  # the shipped network, or policy:FILE.npz
        from herna.bots.policy import network

        return learned_policy(game, players, network(spec, table)[0])
    if spec == "greedy" and game == "trumfosaur":
        return trumfosaur_greedy_policy(players, teams=partners(game, options))
    if spec == "greedy" and game == "kurnik":
        return kurnik_greedy_policy(players, options.get("supply_hens", 36))
    if spec == "greedy" and game == "ugo":
        from .bots_ugo import ugo_greedy_policy

        return ugo_greedy_policy(players, options.get("low_card_farmers", (1, 2)))
    raise ValueError(f"bot {spec!r} has no batched version for {game}; batched bots: "
                     + "; ".join(f"{k} ({v})" for k, v in POLICIES.items()))


def partners(game: str, options: dict) -> bool:
    """Whether some seats of ``game`` with (validated) ``options`` play on
    one side (the record's :attr:`~herna.core.record.GameRecord.side`:
    Trumfosaur's teams, T-7.1)."""

    side = record(game).side
    players = options["players"]
    return side is not None and len({side(options, seat) for seat in range(players)}) < players


def learned_policy(game: str, players: int, params: dict | None = None) -> Callable[..., jax.Array]:
    """The network of ``game`` with ``players`` seats that ships
    (:mod:`herna.bots.policy`), or ``params`` (``w1``, ``b1``, ``w2``, ``b2``
    of :func:`herna.bots.policy.network`), as a batched policy: the legal action of
    highest logit, as the NumPy bot plays it (an action that names a seat read
    at the relative seat's logit, :func:`herna.bots.policy.network_action`;
    then ``extras = ("seat",)``). ``ValueError`` naming what ships."""
    from herna.bots.policy import network_action, weights

    params = {k: jnp.asarray(v) for k, v in (params or weights(game, players)[0]).items()}

    def scores(observation: jax.Array) -> jax.Array:
        hidden = jnp.tanh(observation @ params["w1"] + params["b1"])
        return hidden @ params["w2"] + params["b2"]

    def act(observation: jax.Array, mask: jax.Array, key: jax.Array) -> jax.Array:
        return jnp.argmax(jnp.where(mask, scores(observation), -jnp.inf), axis=-1).astype(jnp.int32)

    if not record(game).seat_actions:
        return act
    actions = int(params["w2"].shape[1])
    seen = jnp.asarray([[network_action(game, seat, players, a) for a in range(actions)] for seat in range(players)],
                       jnp.int32)  # (n, A): the network's id of each action id, per acting seat

    def act_at_seat(observation: jax.Array, mask: jax.Array, key: jax.Array, seat: jax.Array) -> jax.Array:
        read = jnp.take_along_axis(scores(observation), seen[jnp.asarray(seat, jnp.int32)], axis=-1)
        return jnp.argmax(jnp.where(mask, read, -jnp.inf), axis=-1).astype(jnp.int32)

    act_at_seat.extras = ("seat",)  # type: ignore[attr-defined]  # read by call_policy
    return act_at_seat


def _acting_seat(state) -> jax.Array:
    """int32 ``(B,)``: ``state.current_player``, clipped to a seat (0 at the end)."""
    return jnp.maximum(state.current_player, 0).astype(jnp.int32)


def _waiting_tops(state) -> jax.Array:
    from .bots_ugo import ugo_waiting_tops

    return ugo_waiting_tops(state)


EXTRAS: dict[str, Callable] = {"seat": _acting_seat, "waiting_tops": _waiting_tops}
"""The extra inputs a policy may name in its ``extras``, each read from the
engine state (public fields only): ``seat`` int32 ``(B,)`` the acting seat
(any game); ``waiting_tops`` int32 ``(B, 5)`` Ugo!'s waiting colours' top
values (:func:`herna.batch.bots_ugo.ugo_waiting_tops`, U-5.1)."""


def call_policy(fn: Policy, state, observation: jax.Array, key: jax.Array) -> jax.Array:
    """``fn(observation, state.legal_action_mask, key, **extras)``: int32
    ``(B,)`` actions, the extras named by ``fn.extras`` (keys of
    :data:`EXTRAS`) read from the batched engine ``state``; ``observation``
    float32 ``(B, D)`` the acting seat's rows. Traceable (for ``jax.jit``)."""
    extras = {name: EXTRAS[name](state) for name in getattr(fn, "extras", ())}
    return fn(observation, state.legal_action_mask, key, **extras)


__all__ = ["POLICIES", "EXTRAS", "Policy", "policy", "partners", "call_policy", "random_policy", "uniform_among",
           "trumfosaur_greedy_policy", "TrumfosaurLayout", "kurnik_greedy_policy"]
