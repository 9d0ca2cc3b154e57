"""How much Trumfosaur's team-aware greedy gains its team (T-7.1).

Four-player Trumfosaur with teams: the team-aware ``GreedyBot``
(:mod:`herna.bots.greedy_trumfosaur`) as one pair of partners against the
same bot playing as it does without teams (:class:`SoloGreedy`: the
greedy of before, which played a teams game as if alone) as the other pair,
in a duplicate arena: every game seed is played twice with the same cards
in every deal (``herna.arena.match.play_game`` draws each deal from its own
stream), once with the team-aware pair at seats 0 + 2 and once at 1 + 3.

Prints the team-aware side's win share (a tie of the teams counts 1/2)
with its 95% Wilson interval over all games, the same over pairs of games
(a pair counts 1 when the team-aware side won both seatings, 1/2 for one),
and its mean team-score margin per game with a 95% t interval over pairs.

    python examples/team_greedy_strength.py -n 1000 --seed 0
"""

from __future__ import annotations

import argparse

import herna
from herna.arena.match import play_game
from herna.arena.stats import mean_ci, wilson
from herna.bots.greedy_trumfosaur import GreedyBot


class SoloGreedy(GreedyBot):
    """GreedyBot as it plays without teams (its view without ``team_scores``,
    T-7.2): a teams game played as if alone, the greedy of before."""

    name = "greedy-solo"

    def _play(self, view: dict, hand: list[int], strings: list[str]) -> int:
        return super()._play({k: v for k, v in view.items() if k != "team_scores"}, hand, strings)


def duel(n: int, seed: int, options: dict) -> dict:
    """``n`` game seeds, each played in both seatings (module docstring)."""
    game = herna.load("trumfosaur", players=4, teams=True, **options)
    wins, margins, pair_wins = [], [], []
    for i in range(n):
        game_seed = seed * 1_000_003 + i
        pair = []
        for aware_side in (0, 1):
            bots = [(GreedyBot if s % 2 == aware_side else SoloGreedy)(game, s, 0) for s in range(4)]
            record = play_game(game, bots, game_seed)
            teams = [record.scores[0] + record.scores[2], record.scores[1] + record.scores[3]]
            won = {s % 2 for s in record.winners}
            share = 1.0 / len(won) if aware_side in won else 0.0
            wins.append(share)
            pair.append((share, teams[aware_side] - teams[1 - aware_side]))
        pair_wins.append(sum(s for s, _ in pair) / 2)
        margins.append(sum(m for _, m in pair) / 2)
    share, lo, hi = wilson(sum(wins), len(wins))
    margin, _, mlo, mhi = mean_ci(margins)
    pmean, _, plo, phi = mean_ci(pair_wins)
    return {"games": len(wins), "win_share": share, "win_ci95": [lo, hi], "pair_win_mean": pmean,
            "pair_win_ci95": [plo, phi], "margin": margin, "margin_ci95": [mlo, mhi]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=1000, help="game seeds (each played twice)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--target", type=int, default=None, help="target_score (default the game's, 36)")
    args = parser.parse_args()
    options = {} if args.target is None else {"target_score": args.target}
    out = duel(args.n, args.seed, options)
    fmt = lambda ci: f"[{ci[0]:.3f}, {ci[1]:.3f}]"  # noqa: E731
    print(f"{out['games']} games ({args.n} seeds x 2 seatings), team-aware greedy vs greedy playing as alone:")
    print(f"  win share {out['win_share']:.3f} {fmt(out['win_ci95'])} (Wilson, games)")
    print(f"  win share per pair of seatings {out['pair_win_mean']:.3f} {fmt(out['pair_win_ci95'])} (t, pairs)")
    print(f"  team-score margin per game {out['margin']:+.2f} {fmt(out['margin_ci95'])} points (t, pairs)")


if __name__ == "__main__":
    main()
