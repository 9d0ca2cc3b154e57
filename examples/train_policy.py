"""Train a small policy on herna.batch by policy gradient (REINFORCE), any game.

A two-layer MLP reads the observation of the seat to act (``state.observation``
of :func:`herna.batch.make`, pgx's conventions) and gives logits over the
action ids, masked by ``legal_action_mask``. The learner sits at seat 0 of
every game and uniformly random legal play at the others; a batch of games
is played to the end, each of the learner's moves is credited with the
game's outcome (1 for a win, shared wins included; 0 otherwise) minus the
batch's mean, and the MLP takes one optax Adam step (plain gradient steps
where optax is not installed). Everything but the Python loop over
iterations is jitted.

    python examples/train_policy.py trumfosaur --players 3 --target-score 1 \
        --iterations 200 --batch 512 --out trumfosaur-3.npz

In a long game of chance (Kurník: about 11 choices of the learner a game,
and the dice decide most games) that signal is too weak: ``--critic`` adds
a value network (the learner's chance to win from the observation it acts
on, fitted to the outcomes) and credits each move with the change of that
value until the learner's next move, GAE(``--lam``), normalised per batch:

    python examples/train_policy.py kurnik --players 4 --critic --batch 2048 \
        --steps 160 --learning-rate 1e-3 --iterations 1000 --minutes 18 --out kurnik-4.npz

The weights are saved as a ``.npz`` (``w1``, ``b1``, ``w2``, ``b2`` and the
game, its options and the sizes) that :mod:`herna.bots.policy` plays with
NumPy alone (bot kind ``policy``). ``docs/batch.md`` ("Training a policy")
has the figures; ``tests/batch/test_train_policy.py`` runs it at toy size.
"""

from __future__ import annotations

import argparse
import functools
import json
import time
from typing import Any, NamedTuple

import jax
import jax.numpy as jnp
import numpy as np

import herna.batch

try:  # optax (PyPI) if installed; plain gradient steps otherwise
    import optax
except ImportError:  # pragma: no cover - depends on the environment
    optax = None


class Rollout(NamedTuple):
    """What one batch of games leaves for the gradient: per step ``(T, B, ...)``."""

    observation: jax.Array  # float32 (T, B, D): the acting seat's
    mask: jax.Array  # bool (T, B, A)
    action: jax.Array  # int32 (T, B)
    mine: jax.Array  # bool (T, B): the learner chose this action
    win: jax.Array  # float32 (B,): 1 where seat 0 won (a shared win included), 0 else
    finished: jax.Array  # bool (B,): the game ended within the steps played


def init_params(key: jax.Array, inputs: int, hidden: int, actions: int) -> dict[str, jax.Array]:
    """A two-layer MLP: ``inputs`` -> ``hidden`` (tanh) -> ``actions`` logits."""
    k1, k2 = jax.random.split(key)
    return {"w1": jax.random.normal(k1, (inputs, hidden)) * np.sqrt(1.0 / inputs),
            "b1": jnp.zeros(hidden), "w2": jax.random.normal(k2, (hidden, actions)) * 0.01,
            "b2": jnp.zeros(actions)}


def logits_of(params: dict[str, jax.Array], observation: jax.Array, mask: jax.Array) -> jax.Array:
    """Masked logits ``(…, A)``: illegal actions at a large negative value (never NaN)."""
    hidden = jnp.tanh(observation @ params["w1"] + params["b1"])
    return jnp.where(mask, hidden @ params["w2"] + params["b2"], -1e9)


def make_rollout(env: Any, batch: int, steps: int, greedy: bool = False):
    """A jitted ``rollout(params, key) -> Rollout``: ``batch`` games, at most
    ``steps`` decisions each, learner at seat 0 (sampling, or its most likely
    action with ``greedy``), random legal play elsewhere."""

    def rollout(params: dict[str, jax.Array], key: jax.Array) -> Rollout:
        key, sub = jax.random.split(key)
        state = env.init(sub, batch)

        def body(carry, key):
            state, total = carry
            k1, k2, k3 = jax.random.split(key, 3)
            mask = state.legal_action_mask
            mine = (state.current_player == 0) & ~state.terminated
            learned = logits_of(params, state.observation, mask)
            chosen = jnp.argmax(learned, -1) if greedy else jax.random.categorical(k1, learned)
            uniform = jax.random.categorical(k2, jnp.where(mask, 0.0, -1e9))
            action = jnp.where(mine, chosen, uniform).astype(jnp.int32)
            after = env.step(state, action, k3)
            return (after, total + after.rewards), (state.observation, mask, action, mine)

        (state, total), (obs, mask, action, mine) = jax.lax.scan(
            body, (state, jnp.zeros((batch, env.num_players))), jax.random.split(key, steps))
        win = (total[:, 0] >= total.max(axis=1)) & state.terminated
        return Rollout(obs, mask, action, mine, win.astype(jnp.float32), state.terminated)

    return jax.jit(rollout)


def loss_of(params: dict[str, jax.Array], data: Rollout) -> jax.Array:
    """REINFORCE: minus the mean over games of (win - mean win) x the sum of
    the learner's log-probabilities (games unfinished within the steps count 0)."""
    logp = jax.nn.log_softmax(logits_of(params, data.observation, data.mask))
    chosen = jnp.take_along_axis(logp, data.action[..., None], -1)[..., 0]
    advantage = (data.win - data.win.mean()) * data.finished
    return -jnp.mean((chosen * data.mine).sum(axis=0) * advantage)


def init_critic(key: jax.Array, inputs: int, hidden: int) -> dict[str, jax.Array]:
    """A second two-layer MLP, ``inputs`` -> ``hidden`` (tanh) -> 1: the
    learner's chance to win from the observation it acts on (``v*`` keys)."""
    return {"v1": jax.random.normal(key, (inputs, hidden)) * np.sqrt(1.0 / inputs), "vb1": jnp.zeros(hidden),
            "v2": jnp.zeros((hidden, 1)), "vb2": jnp.full(1, 0.25)}


def value_of(params: dict[str, jax.Array], observation: jax.Array) -> jax.Array:
    """The critic's value ``(…)`` of each observation ``(…, D)``."""
    return (jnp.tanh(observation @ params["v1"] + params["vb1"]) @ params["v2"] + params["vb2"])[..., 0]


def advantages(value: jax.Array, mine: jax.Array, win: jax.Array, lam: float) -> jax.Array:
    """GAE(lambda) over the learner's own decisions ``(T, B)``: from one of its
    decisions to its next one (undiscounted; the others' moves and the dice in
    between are the environment), the last one to the game's outcome ``win``.
    ``lam`` 1 is the outcome minus the value (a baseline per state), 0 the
    one-step change of value (least variance, most bias)."""

    def back(carry, step):
        next_value, next_advantage = carry
        v, m = step
        advantage = next_value - v + lam * next_advantage
        return (jnp.where(m, v, next_value), jnp.where(m, advantage, next_advantage)), jnp.where(m, advantage, 0.0)

    _, out = jax.lax.scan(back, (win, jnp.zeros_like(win)), (value, mine), reverse=True)
    return out


def critic_loss_of(params: dict[str, jax.Array], data: Rollout, lam: float = 0.9,
                   entropy: float = 0.0) -> jax.Array:
    """Actor-critic (``--critic``): minus the mean over the learner's decisions
    of GAE(``lam``) advantage (:func:`advantages`, normalised over the batch)
    x log-probability, plus the critic's squared error against the outcome,
    minus ``entropy`` x the policy's entropy; unfinished games count 0."""
    logits = logits_of(params, data.observation, data.mask)
    logp = jax.nn.log_softmax(logits)
    chosen = jnp.take_along_axis(logp, data.action[..., None], -1)[..., 0]
    value = value_of(params, data.observation)
    mine = data.mine & data.finished[None, :]
    count = jnp.maximum(mine.sum(), 1)
    advantage = jax.lax.stop_gradient(advantages(value, mine, data.win, lam))
    mean = (advantage * mine).sum() / count
    scale = jnp.sqrt(((advantage - mean) ** 2 * mine).sum() / count) + 1e-6
    policy = -((advantage - mean) / scale * chosen * mine).sum() / count
    critic = (((value - data.win[None, :]) ** 2) * mine).sum() / count
    spread = -(jnp.where(data.mask, jnp.exp(logp) * logp, 0.0).sum(-1) * mine).sum() / count
    return policy + critic - entropy * spread


def train(game: str, options: dict, iterations: int = 100, batch: int = 256, steps: int = 200, hidden: int = 64,
          learning_rate: float = 3e-3, seed: int = 0, log=print, critic: bool = False, lam: float = 0.9,
          entropy: float = 0.0, minutes: float | None = None,
          start: dict[str, np.ndarray] | None = None) -> tuple[dict[str, np.ndarray], list[dict]]:
    """Train (module docstring): the parameters as NumPy arrays and the
    history, one ``{"iteration", "win_share", "finished"}`` per iteration
    (the learner's sampled play in that iteration's games). ``critic``:
    actor-critic with a value network and GAE(``lam``) advantages and an
    ``entropy`` bonus (:func:`critic_loss_of`; the returned parameters then
    hold the critic's ``v*`` too) instead of plain REINFORCE; ``minutes``
    stops earlier once that much wall time has passed; ``start``: the
    policy's weights to go on from (``w1`` … ``b2`` of a saved ``.npz``)."""
    env = herna.batch.make(game, **options)
    params = init_params(jax.random.key(seed), env.observation_size, hidden, env.num_actions)
    if start is not None:
        params = {k: jnp.asarray(start[k]) for k in params}
    if critic:
        params |= init_critic(jax.random.key(seed + 2), env.observation_size, hidden)
        grad = jax.jit(jax.grad(functools.partial(critic_loss_of, lam=lam, entropy=entropy)))
    else:
        grad = jax.jit(jax.grad(loss_of))
    rollout = make_rollout(env, batch, steps)
    if optax is not None:
        optimizer = optax.adam(learning_rate)
        opt_state = optimizer.init(params)

        @jax.jit
        def update(params, opt_state, data):
            updates, opt_state = optimizer.update(grad(params, data), opt_state)
            return optax.apply_updates(params, updates), opt_state
    else:  # pragma: no cover - depends on the environment
        opt_state = None

        @jax.jit
        def update(params, opt_state, data):
            return jax.tree.map(lambda p, g: p - 10 * learning_rate * g, params, grad(params, data)), opt_state

    key = jax.random.key(seed + 1)
    history = []
    began = time.perf_counter()
    for iteration in range(iterations):
        if minutes is not None and time.perf_counter() - began > 60 * minutes:
            break
        key, sub = jax.random.split(key)
        data = rollout(params, sub)
        params, opt_state = update(params, opt_state, data)
        history.append({"iteration": iteration, "win_share": float(data.win.mean()),
                        "finished": float(data.finished.mean())})
        if log and (iteration % 10 == 0 or iteration == iterations - 1):
            log(f"iteration {iteration}: win share {history[-1]['win_share']:.3f} "
                f"(finished {history[-1]['finished']:.3f}, {time.perf_counter() - began:.0f} s)")
    return {k: np.asarray(v) for k, v in params.items()}, history


def win_share(game: str, options: dict, params: dict | None, games: int = 4096, steps: int = 200, seed: int = 7,
              greedy: bool = False) -> tuple[float, float]:
    """Seat 0's win share over ``games`` games against random play (``params``
    None: seat 0 random too, an untrained MLP of zeros), and its standard error."""
    env = herna.batch.make(game, **options)
    if params is None:
        params = {"w1": jnp.zeros((env.observation_size, 1)), "b1": jnp.zeros(1),
                  "w2": jnp.zeros((1, env.num_actions)), "b2": jnp.zeros(env.num_actions)}
    data = make_rollout(env, games, steps, greedy)({k: jnp.asarray(v) for k, v in params.items()},
                                                   jax.random.key(seed))
    share = float(data.win.mean())
    return share, float(np.sqrt(max(share * (1 - share), 1e-12) / games))


def save(path: str, params: dict[str, np.ndarray], game: str, options: dict, history: list[dict],
         settings: dict | None = None) -> None:
    """The weights and what they are for, as one ``.npz`` (:mod:`herna.bots.policy`
    reads it; a critic's ``v*`` are not saved); ``settings``: the trainer's, kept in ``meta``."""
    meta = {"game": game, "options": herna.load(game, **options).options, "trainer": "examples/train_policy.py",
            "iterations": len(history), "final_win_share": history[-1]["win_share"] if history else None,
            **({"settings": settings} if settings else {})}
    np.savez_compressed(path, **{k: params[k].astype(np.float32) for k in ("w1", "b1", "w2", "b2")},
                        meta=np.array(json.dumps(meta)))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(herna.batch.SUPPORTED))
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--target-score", type=int, default=None, help="Trumfosaur's target (1: one deal)")
    parser.add_argument("--rounds", type=int, default=None, help="Ugo!'s rounds")
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--steps", type=int, default=200, help="decisions played per game at most")
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--learning-rate", type=float, default=3e-3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--critic", action="store_true",
                        help="actor-critic: a value network, GAE advantages (for long games of chance, Kurník)")
    parser.add_argument("--lam", type=float, default=0.9, help="GAE lambda with --critic")
    parser.add_argument("--entropy", type=float, default=0.0, help="entropy bonus with --critic")
    parser.add_argument("--minutes", type=float, default=None, help="stop training after this much wall time")
    parser.add_argument("--eval-games", type=int, default=4096, help="games of each win-share measurement")
    parser.add_argument("--init", default=None, help="go on training the policy of this .npz")
    parser.add_argument("--out", default=None, help="save the weights here (.npz)")
    args = parser.parse_args(argv)
    options = {k: v for k, v in {"players": args.players, "target_score": args.target_score,
                                 "rounds": args.rounds}.items() if v is not None}
    start = time.perf_counter()
    begin = None
    if args.init:
        with np.load(args.init) as data:
            begin = {k: np.asarray(data[k]) for k in ("w1", "b1", "w2", "b2")}
    before = win_share(args.game, options, begin, games=args.eval_games, steps=args.steps)
    params, history = train(args.game, options, args.iterations, args.batch, args.steps, args.hidden,
                            args.learning_rate, args.seed, critic=args.critic, lam=args.lam, entropy=args.entropy,
                            minutes=args.minutes, start=begin)
    after = win_share(args.game, options, params, games=args.eval_games, steps=args.steps)
    print(f"win share vs random: {before[0]:.3f} ± {before[1]:.3f} ({'start' if begin else 'random'}) -> "
          f"{after[0]:.3f} ± {after[1]:.3f} "
          f"(trained), {time.perf_counter() - start:.0f} s")
    if args.critic:  # the bot plays the most likely action: measure that too
        best = win_share(args.game, options, params, games=args.eval_games, steps=args.steps, greedy=True)
        print(f"win share vs random, most likely action: {best[0]:.3f} ± {best[1]:.3f}")
    if args.out:
        save(args.out, params, args.game, options, history, {k: v for k, v in vars(args).items() if k != "out"})
        print("saved", args.out)


if __name__ == "__main__":
    main()
