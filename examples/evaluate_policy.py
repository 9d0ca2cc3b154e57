"""Seat 1's win share at batched tables of learned, greedy and random seats.

Plays ``--games`` games of a table on :mod:`herna.batch` (one jitted call,
the same dice key for every table, so the rows are paired), each to its
end, and prints each seat's win share (seats counted from 1, as players
count them; a shared win counts in full for each winner, so a Trumfosaur
deal's shares can add up to more than 1, where ``herna analyze`` counts
1/w for each of w winners), seat 1's with its 95% Wilson interval
(:func:`herna.arena.stats.wilson`); a legend line says so. A table is a comma list of ``net`` (the ``.npz`` given, as
:mod:`herna.bots.policy` plays it: the legal action of highest logit,
seat-naming actions read at the relative seat), ``greedy`` (the batched
greedy bot, :func:`herna.batch.bots.policy`) and ``random``:

    python examples/evaluate_policy.py kurnik herna/data/policies/kurnik-4.npz \\
        --games 8192 --seed 11 random,random,random,random net,random,random,random \\
        greedy,random,random,random net,greedy,greedy,greedy greedy,greedy,greedy,greedy

The games use the options the network was trained with (its ``meta``: the
shipped Trumfosaur network learned games to ``target_score=1``, Ugo's
``rounds=1``), the first line printed says which; ``-o KEY=VALUE`` (as
``herna play -o`` takes it, seats from 1) and ``--players`` change one, and
a rule the network did not learn is refused as the ``policy`` bot refuses it
(:func:`herna.bots.policy.option_refusal`). ``--steps`` is only a guard
against a game that never ends: when a game is not over after that many
decisions the script stops with an error giving the share of games that
finished, and prints no win share. ``--games`` and ``--steps`` are whole
numbers from 1; anything else, like a bad ``-o``, is refused in one line
(``error: ...``) with no traceback.

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
import typer

import herna.batch
from herna.arena.stats import wilson
from herna.batch.bots import call_policy, random_policy
from herna.batch.bots import policy as batched_bot
from herna.bots.policy import PREFIX, network, network_action, read_network, trained_options
from herna.cli.checks import parse_option_items

KINDS = ("net", "greedy", "random")


def net_policy(path: str, game: str, options: dict):
    """The batched policy of the network in ``path`` (``extras = ("seat",)``);
    ``ValueError`` (one line) when it is not a network of ``game`` with
    ``options`` (:func:`herna.bots.policy.network`)."""
    table = herna.load(game, **options)
    players = table.num_players
    checked, _ = network(PREFIX + path, table)
    params = {k: jnp.asarray(v) for k, v in checked.items()}
    actions = int(params["w2"].shape[1])
    seen = jnp.asarray([[network_action(game, s, players, a) for a in range(actions)] for s in range(players)])

    def act(observation, mask, key, seat):
        scores = jnp.tanh(observation @ params["w1"] + params["b1"]) @ params["w2"] + params["b2"]
        scores = jnp.take_along_axis(scores, seen[seat], axis=-1)
        return jnp.argmax(jnp.where(mask, scores, -jnp.inf), axis=-1).astype(jnp.int32)

    act.extras = ("seat",)  # type: ignore[attr-defined]
    return act


def training_options(path: str, game: str, overrides: dict) -> dict:
    """The options the network in ``path`` was trained with (its ``meta``,
    as :mod:`herna.bots.policy` records them) with ``overrides`` on top;
    ``ValueError`` (one line) for a file that is no network
    (:func:`herna.bots.policy.read_network`)."""
    _, meta = read_network(path)
    trained = meta.get("game")
    if trained is not None and trained != game:
        raise ValueError(f"{path} is a network for {trained}, not {game}")
    return {**meta.get("options", {}), **overrides}


def make_table(game: str, options: dict, path: str, games: int):
    """A jitted ``table(key, kinds, steps) -> (wins (B, n) bool, finished (B,) bool)``;
    ``kinds`` int ``(n,)``: each seat's index into :data:`KINDS`. Every game
    is played to its end, ``steps`` (int) decisions at most (a guard: a game not
    over by then is not finished, and ``finished`` says so)."""
    env = herna.batch.make(game, **options)
    n = env.num_players
    bots = (net_policy(path, game, options), batched_bot("greedy", game, n, options), random_policy)

    def table(key, kinds, steps):
        key, sub = jax.random.split(key)
        state = env.init(sub, games)

        def going(carry):
            state, _, _, step = carry
            return (step < steps) & ~jnp.all(state.terminated)

        def body(carry):
            state, total, key, step = carry
            key, sub = jax.random.split(key)
            keys = jax.random.split(sub, len(bots) + 1)
            actions = jnp.stack([call_policy(bot, state, state.observation, k) for bot, k in zip(bots, keys)])
            seat = jnp.maximum(state.current_player, 0)
            action = jnp.take_along_axis(actions, kinds[seat][None, :], 0)[0]
            after = env.step(state, action.astype(jnp.int32), keys[-1])
            return after, total + after.rewards, key, step + 1

        state, total, _, _ = jax.lax.while_loop(going, body, (state, jnp.zeros((games, n)), key, 0))
        return (total >= total.max(axis=1, keepdims=True)) & state.terminated[:, None], state.terminated

    return jax.jit(table)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(herna.batch.SUPPORTED))
    parser.add_argument("weights", help="a .npz of examples/train_policy.py")
    parser.add_argument("tables", nargs="+", help="comma lists of net, greedy, random, one per seat")
    parser.add_argument("-o", "--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option instead of the network's training option (as herna play -o takes it; "
                             "seats from 1)")
    parser.add_argument("--players", type=int, default=None, help="the network's number of players by default")
    parser.add_argument("--games", type=int, default=8192)
    parser.add_argument("--steps", type=int, default=100_000,
                        help="a guard: decisions played per game at most; a game not over by then is an error")
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args(argv)
    for flag, value in (("--games", args.games), ("--steps", args.steps)):
        if value < 1:
            sys.exit(f"error: {flag} {value}: give a whole number from 1 up")
    try:
        overrides = parse_option_items(args.option, "-o", game_name=args.game)
    except typer.Exit as stop:  # herna's check printed its one-line error: no traceback
        sys.exit(stop.exit_code)
    if args.players is not None:
        overrides["players"] = args.players
    try:
        options = training_options(args.weights, args.game, overrides)
        table = make_table(args.game, options, args.weights, args.games)
    except ValueError as error:  # not a network of this game and table: one line, no traceback
        sys.exit(f"error: {error}")
    players = herna.load(args.game, **options).num_players
    print(f"{args.game} with {trained_options(herna.load(args.game, **options), {'options': options})}")
    print(f"win share: games won of {args.games}, a shared win counted in full for each winner; "
          "seat 1's with its 95% Wilson interval")
    for spec in args.tables:
        kinds = spec.split(",")
        if len(kinds) != players or any(k not in KINDS for k in kinds):
            parser.error(f"{spec!r}: give {players} of {', '.join(KINDS)}")
        start = time.perf_counter()
        wins, finished = table(jax.random.key(args.seed), jnp.asarray([KINDS.index(k) for k in kinds]), args.steps)
        done = float(np.mean(np.asarray(finished)))
        if done < 1:
            sys.exit(f"error: {spec}: only {done:.1%} of the {args.games} games ended within --steps {args.steps} "
                     "decisions; no win share is given over unfinished games (raise --steps)")
        won = np.asarray(wins).sum(axis=0)
        share = won / args.games
        _, low, high = wilson(float(won[0]), args.games)
        seats = ", ".join(f"{seat} {value:.3f}" for seat, value in enumerate(share, 1))
        print(f"{spec}: seat 1 {share[0]:.3f} (95% Wilson {low:.3f} – {high:.3f}), "
              f"seats {seats}, all {args.games} games finished ({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
