"""Seat 0's win share at batched tables of learned, greedy and random seats.

Plays ``--games`` games of a table on :mod:`herna.batch` (one jitted call,
the same dice key for every table, so the rows are paired) and prints each
seat's win share (shared wins included), seat 0's with its 95% interval
(normal approximation). A table is a comma list of ``net`` (the ``.npz``
given, as :mod:`herna.bots.policy` plays it: the legal action of highest
logit, seat-naming actions read at the relative seat), ``greedy`` (the
batched greedy bot, :func:`herna.batch.bots.policy`) and ``random``:

    python examples/evaluate_policy.py kurnik herna/data/policies/kurnik-4.npz --players 4 \\
        --games 8192 --seed 11 random,random,random,random net,random,random,random \\
        greedy,random,random,random net,greedy,greedy,greedy greedy,greedy,greedy,greedy

docs/bot-strength.md ("The learned bots") has Kurník's figures. A weights
file that is not a network of the game and player count given (another
game's, a missing or damaged file) is refused in one line, by the check the
``policy:FILE.npz`` bot makes (:func:`herna.bots.policy.network`).
"""

from __future__ import annotations

import argparse
import sys
import time

import jax
import jax.numpy as jnp
import numpy as np

import herna.batch
from herna.batch.bots import call_policy, random_policy
from herna.batch.bots import policy as batched_bot
from herna.bots.policy import PREFIX, network, network_action

KINDS = ("net", "greedy", "random")


def net_policy(path: str, game: str, players: int):
    """The batched policy of the network in ``path`` (``extras = ("seat",)``);
    ``ValueError`` (one line) when it is not a network of ``game`` with
    ``players`` seats (:func:`herna.bots.policy.network`)."""
    checked, _ = network(PREFIX + path, herna.load(game, players=players))
    params = {k: jnp.asarray(v) for k, v in checked.items()}
    actions = int(params["w2"].shape[1])
    seen = jnp.asarray([[network_action(game, s, players, a) for a in range(actions)] for s in range(players)])

    def act(observation, mask, key, seat):
        scores = jnp.tanh(observation @ params["w1"] + params["b1"]) @ params["w2"] + params["b2"]
        scores = jnp.take_along_axis(scores, seen[seat], axis=-1)
        return jnp.argmax(jnp.where(mask, scores, -jnp.inf), axis=-1).astype(jnp.int32)

    act.extras = ("seat",)  # type: ignore[attr-defined]
    return act


def make_table(game: str, options: dict, path: str, games: int, steps: int):
    """A jitted ``table(key, kinds) -> (wins (B, n) bool, finished (B,) bool)``;
    ``kinds`` int ``(n,)``: each seat's index into :data:`KINDS`."""
    env = herna.batch.make(game, **options)
    n = env.num_players
    bots = (net_policy(path, game, n), batched_bot("greedy", game, n, options), random_policy)

    def table(key, kinds):
        key, sub = jax.random.split(key)
        state = env.init(sub, games)

        def body(carry, key):
            state, total = carry
            keys = jax.random.split(key, len(bots) + 1)
            actions = jnp.stack([call_policy(bot, state, state.observation, k) for bot, k in zip(bots, keys)])
            seat = jnp.maximum(state.current_player, 0)
            action = jnp.take_along_axis(actions, kinds[seat][None, :], 0)[0]
            after = env.step(state, action.astype(jnp.int32), keys[-1])
            return (after, total + after.rewards), None

        (state, total), _ = jax.lax.scan(body, (state, jnp.zeros((games, n))), jax.random.split(key, steps))
        return (total >= total.max(axis=1, keepdims=True)) & state.terminated[:, None], state.terminated

    return jax.jit(table)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(herna.batch.SUPPORTED))
    parser.add_argument("weights", help="a .npz of examples/train_policy.py")
    parser.add_argument("tables", nargs="+", help="comma lists of net, greedy, random, one per seat")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=8192)
    parser.add_argument("--steps", type=int, default=160, help="decisions played per game at most")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args(argv)
    try:
        table = make_table(args.game, {"players": args.players}, args.weights, args.games, args.steps)
    except ValueError as error:  # not a network of this game and table: one line, no traceback
        sys.exit(f"error: {error}")
    for spec in args.tables:
        kinds = spec.split(",")
        if len(kinds) != args.players or any(k not in KINDS for k in kinds):
            parser.error(f"{spec!r}: give {args.players} of {', '.join(KINDS)}")
        start = time.perf_counter()
        wins, finished = table(jax.random.key(args.seed), jnp.asarray([KINDS.index(k) for k in kinds]))
        share = np.asarray(wins, float).mean(axis=0)
        half = 1.96 * np.sqrt(share[0] * (1 - share[0]) / args.games)
        print(f"{spec}: seat 0 {share[0]:.3f} ({share[0] - half:.3f} – {share[0] + half:.3f}), "
              f"seats {np.round(share, 3).tolist()}, finished {float(np.mean(finished)):.3f} "
              f"({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
