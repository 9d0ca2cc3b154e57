"""Tournaments between bots: seat rotation, duplicate deals, statistics,
openskill ratings and plots (``herna arena``).

**Seat rotation.** With ``k`` bots for ``k`` seats, game ``i`` seats the bots
rotated by ``i mod k`` (rotation ``r``: seat ``s`` gets bot ``(s - r) mod
k``), so every bot plays every seat equally often.

**Duplicate** (as in duplicate bridge). ``-n`` counts *deal sets*. Deal set
``j`` has one chance seed; it is played ``k`` times, once per rotation, and
:func:`herna.arena.match.play_game` draws each deal, round or turn from its
own generator seeded by that seed and the slot (``State.chance_stream``), so
the same cards are dealt and the same dice rolled in each deal, round or turn
whoever sits where and whatever the bots decide. Luck then cancels in the comparisons,
which are made per deal set: the unit of every interval is the deal set.
Without ``--duplicate`` every game has its own seed and the unit is the game.

**Measures per bot** (a bot is an entry of ``--bots``; the same spec given
twice counts as one bot, the mean of its seats):

* mean score (the game's score: Trumfosaur points, Ugo! points, Kurník hens);
* **score margin**: its score minus the mean score of the other seats of the
  same game;
* **win share**: a win counts 1, a shared win ``1/w`` (``w`` winners);
* head-to-head, for each pair (A, B): the mean of ``score(A) - score(B)``
  and of ``win(A) - win(B)`` over the games (deal sets) they both played;
* an **openskill** rating (Plackett-Luce, each seat a team of one, ranked by
  winning first and then by score; games in index order), shown as ``mu`` with
  ``mu ± 1.96 sigma``.

Intervals (95%, :mod:`herna.arena.stats`): scores and margins, the t
interval of the mean over the units (deal sets or games); win shares without
``--duplicate``, the Wilson interval over the games; win shares per deal set
(``--duplicate``) and head-to-head win differences, the t interval clamped
to the possible range ([0, 1], [-1, 1]) and never narrower than the Wilson
interval of the pooled games with fewer than 30 units or no spread (so 4
games won by the same bot give 0.51 – 1, not 1 – 1).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any, Sequence

from herna.bots import network_file
from herna.bots.policy import file_digest
from herna.core import jsonio
from herna.core.registry import record as game_record

from .runner import GameTask
from .stats import bounded_mean_ci, mean_ci, wilson

RUN_FILE = "run.json"
GAMES_FILE = "games.jsonl"


def deal_seed(seed: int, index: int) -> int:
    """The chance seed of deal set (or game) ``index`` of a run with ``seed``."""
    return seed * 1_000_003 + index


def rotate(bots: Sequence[str], rotation: int) -> list[str]:
    """Bots per seat for ``rotation``: seat ``s`` gets ``bots[(s - r) % k]``."""
    k = len(bots)
    return [bots[(s - rotation) % k] for s in range(k)]


def partner_sides(name: str, options: dict, players: int) -> list[list[int]] | None:
    """The sides of ``players`` seats under ``options``: sorted lists of
    0-based seats that win together (the game record's ``side``:
    Trumfosaur's teams, ``[[0, 2], [1, 3]]``, T-7.1), or ``None`` when
    every seat is a side of its own."""
    side = game_record(name).side
    if side is None:
        return None
    groups: dict[int, list[int]] = {}
    for seat in range(players):
        groups.setdefault(side(options, seat), []).append(seat)
    sides = sorted(groups.values())
    return sides if len(sides) < players else None


def mixed_partners(name: str, options: dict, bots: Sequence[str]) -> list[list[int]] | None:
    """The sides (lists of 0-based seats that win together: the game
    record's ``side``, Trumfosaur's teams, T-7.1) when some rotation of
    ``bots`` (:func:`rotate`, as the arena seats them) gives partners
    different bots, so that a bot's win share mixes in its partner's play;
    ``None`` when every seat is a side of its own or partners always hold
    the same bot (``A,B,A,B``)."""
    sides = partner_sides(name, options, len(bots))
    if sides is None:
        return None
    for r in range(len(bots)):
        seated = rotate(bots, r)
        if any(len({seated[s] for s in group}) > 1 for group in sides):
            return sides
    return None


def arena_tasks(name: str, options: dict, bots: Sequence[str], n: int, seed: int = 0,
                duplicate: bool = False) -> list[GameTask]:
    """The games of an arena run (see the module docstring). With
    ``duplicate`` there are ``n * len(bots)`` games, else ``n``."""
    k = len(bots)
    tasks = []
    if duplicate:
        for j in range(n):
            s = deal_seed(seed, j)
            for r in range(k):
                i = j * k + r
                tasks.append(GameTask(i, name, options, rotate(bots, r), s, deal_seed(seed, 10_000_000 + i),
                                      {"set": j, "rotation": r}))
    else:
        for i in range(n):
            s = deal_seed(seed, i)
            tasks.append(GameTask(i, name, options, rotate(bots, i % k), s, s, {"set": i, "rotation": i % k}))
    return tasks


NETWORKS = "networks"
"""The key of ``run.json`` holding each network file's SHA-256 (file as the bots name it -> digest)."""


def check_run_file(out: Path, config: dict) -> None:
    """Write ``run.json`` for a new ``out`` folder, or check that an existing
    one describes the same run (game, options, bots, seed, duplicate, and
    the contents of each network file, ``config["networks"]``: file ->
    SHA-256, :func:`herna.bots.policy.file_digest`); ``ValueError`` (one
    line) says what differs — a network file changed since the run began is
    named, with what to do — or that ``run.json`` cannot be read (naming the
    file). ``n`` may grow or shrink. A ``run.json`` written before digests
    were kept has none to compare: the files' digests are recorded then."""
    out.mkdir(parents=True, exist_ok=True)
    path = out / RUN_FILE
    if path.exists():
        old = read_config(path, "a herna arena run.json")
        for key in config:
            if key not in ("n", NETWORKS) and old.get(key) != config[key]:
                raise ValueError(f"{out} holds a run with {key}={old.get(key)!r}, not {config[key]!r}; "
                                 "use another --out folder or the same settings to resume")
        check_networks(out, old.get(NETWORKS), config.get(NETWORKS, {}))
    path.write_text(json.dumps(config, indent=1) + "\n", encoding="utf-8")


def network_digests(bots: Sequence[str]) -> dict[str, str]:
    """File -> SHA-256 (:func:`herna.bots.policy.file_digest`) of each
    network file that ``bots`` name (``policy:FILE.npz``); ``ValueError``
    (one line, ``--bots: ...``) naming a file that cannot be read."""
    out = {}
    for file in dict.fromkeys(filter(None, map(network_file, bots))):
        try:
            out[file] = file_digest(file)
        except OSError as error:
            raise ValueError(f"--bots: cannot read the network {file}: {error.strerror or error}") from None
    return out


def check_networks(out: Path, before: Any, now: dict[str, str]) -> None:
    """``ValueError`` (one line, with what to do) when a network file of
    ``now`` (:func:`network_digests`) has other contents than when the run
    in ``out`` began (``before``, the digests its run file kept; nothing to
    compare when it kept none, as files written before digests were kept)."""
    if not isinstance(before, dict):
        return
    for file, digest in now.items():
        if before.get(file) != digest:
            raise ValueError(f"the network file {file} has changed since the run in {out} began "
                             f"(its games are of the file as it was, SHA-256 {str(before.get(file))[:12]}…, "
                             f"now {digest[:12]}…): put the old file back to resume, or use another "
                             "--out folder for the new network")


def read_config(path: Path, what: str) -> dict:
    """The JSON object in ``path``; ``ValueError`` naming the file when it
    cannot be read or is not a JSON object (``what`` says what it should be)."""
    try:
        data = jsonio.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise ValueError(f"{path} is damaged (not {what}: {error}); delete it to start this folder "
                         "afresh, or use another --out folder") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path} is damaged (not {what}: not a JSON object); delete it to start this "
                         "folder afresh, or use another --out folder")
    return data


# ----- statistics ------------------------------------------------------------------------
def _share(record: dict, seat: int) -> float:
    winners = record["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0


def per_game_values(record: dict, names: Sequence[str]) -> dict:
    """For one game: ``score``, ``margin`` and ``win`` per bot name (the mean
    over its seats when it holds several)."""
    scores = record["scores"]
    n = len(scores)
    total = sum(scores)
    out: dict = {}
    for name in names:
        seats = [s for s in range(n) if record["bots"][s] == name]
        if not seats:
            continue
        out[name] = {
            "score": sum(scores[s] for s in seats) / len(seats),
            "margin": sum(scores[s] - (total - scores[s]) / (n - 1) for s in seats) / len(seats),
            "win": sum(_share(record, s) for s in seats) / len(seats),
        }
    return out


def _units(records: Sequence[dict], names: Sequence[str]) -> list[dict]:
    """Per unit (deal set, or game): each bot's mean score/margin/win and
    ``games``, the number of games of the unit it played."""
    groups: dict[int, list[dict]] = {}
    for record in records:
        groups.setdefault(record.get("set", record["index"]), []).append(per_game_values(record, names))
    units = []
    for key in sorted(groups):
        games = groups[key]
        unit = {}
        for name in names:
            rows = [g[name] for g in games if name in g]
            if rows:
                unit[name] = {m: sum(r[m] for r in rows) / len(rows) for m in ("score", "margin", "win")}
                unit[name]["games"] = len(rows)
        units.append(unit)
    return units


def _ci(values: list[float]) -> dict:
    mean, sd, lo, hi = mean_ci(values)
    return {"mean": mean, "sd": sd, "ci95": [lo, hi], "n": len(values)}


def _bounded_ci(values: list[float], low: float, high: float, pooled: int) -> dict:
    mean, sd, lo, hi = bounded_mean_ci(values, low, high, pooled)
    return {"mean": mean, "sd": sd, "ci95": [lo, hi], "n": len(values)}


def ratings(records: Sequence[dict], names: Sequence[str]) -> dict:
    """openskill Plackett-Luce ratings per bot name: ``mu``, ``sigma`` and
    ``ci95`` = ``mu ± 1.96 sigma`` (games in index order; ranked by winning,
    then score)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    current = {name: model.rating(name=name) for name in names}
    for record in sorted(records, key=lambda r: r["index"]):
        bots = record["bots"]
        n = len(bots)
        teams = [[model.rating(mu=current[b].mu, sigma=current[b].sigma, name=b)] for b in bots]
        keys = [(_share(record, s) > 0, record["scores"][s]) for s in range(n)]
        order = sorted(set(keys), reverse=True)
        ranks: list[float] = [order.index(k) + 1 for k in keys]
        new = model.rate(teams, ranks=ranks)
        for name in set(bots):
            seats = [s for s in range(n) if bots[s] == name]
            mu = sum(new[s][0].mu for s in seats) / len(seats)
            sigma = sum(new[s][0].sigma for s in seats) / len(seats)
            current[name] = model.rating(mu=mu, sigma=sigma, name=name)
    out = {}
    for name in names:
        r = current[name]
        out[name] = {"mu": r.mu, "sigma": r.sigma, "ci95": [r.mu - 1.96 * r.sigma, r.mu + 1.96 * r.sigma],
                     "ordinal": r.mu - 3 * r.sigma}
    return out


def summarize_arena(records: Sequence[dict], bots: Sequence[str], duplicate: bool) -> dict:
    """Per bot: mean score, score margin and win share with 95% intervals,
    rating; head-to-head pairs; run totals (see the module docstring)."""
    names = list(dict.fromkeys(bots))
    units = _units(records, names)
    games = len(records)
    out_bots = []
    rates = ratings(records, names) if records else {}
    for name in names:
        rows = [u[name] for u in units if name in u]
        entry: dict[str, Any] = {
            "bot": name, "score": _ci([r["score"] for r in rows]), "margin": _ci([r["margin"] for r in rows]),
            "win": _bounded_ci([r["win"] for r in rows], 0.0, 1.0, sum(r["games"] for r in rows))}
        if not duplicate:
            wins = sum(r["win"] for r in rows)
            share, lo, hi = wilson(wins, len(rows))
            entry["win"]["ci95"] = [lo, hi]
        entry["rating"] = rates.get(name)
        out_bots.append(entry)
    pairs = []
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            rows = [(u[a], u[b]) for u in units if a in u and b in u]
            pairs.append({"a": a, "b": b,
                          "score_diff": _ci([x["score"] - y["score"] for x, y in rows]),
                          "win_diff": _bounded_ci([x["win"] - y["win"] for x, y in rows], -1.0, 1.0,
                                                  sum(min(x["games"], y["games"]) for x, y in rows))})
    seconds = [r.get("seconds", 0.0) for r in records]
    lengths = [r.get("length", 0) for r in records]
    return {"games": games, "units": len(units), "unit": "deal set" if duplicate else "game",
            "duplicate": duplicate, "bots": out_bots, "pairs": pairs,
            "seconds_per_game": sum(seconds) / games if games else math.nan,
            "mean_length": sum(lengths) / games if games else math.nan}


# ----- plots --------------------------------------------------------------------------------
def plot_arena(records: Sequence[dict], summary: dict, out: Path, title: str) -> list[Path]:
    """``ratings.png/.svg`` (openskill mu with its 95% interval, and the score
    margin with its interval) and ``scores.png/.svg`` (score distribution per
    bot); returns the files written."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = [b["bot"] for b in summary["bots"]]
    files = []
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 0.6 * len(names) + 2.2))
    y = list(range(len(names)))
    mus = [b["rating"]["mu"] for b in summary["bots"]]
    err = [1.96 * b["rating"]["sigma"] for b in summary["bots"]]
    ax1.errorbar(mus, y, xerr=err, fmt="o", capsize=4)
    ax1.set_yticks(y, names)
    ax1.invert_yaxis()
    ax1.set_xlabel("openskill rating mu (±1.96 sigma)")
    margins = [b["margin"]["mean"] for b in summary["bots"]]
    lo = [b["margin"]["mean"] - b["margin"]["ci95"][0] for b in summary["bots"]]
    hi = [b["margin"]["ci95"][1] - b["margin"]["mean"] for b in summary["bots"]]
    ax2.errorbar(margins, y, xerr=[lo, hi], fmt="s", capsize=4, color="tab:green")
    ax2.axvline(0, color="grey", lw=0.8)
    ax2.set_yticks(y, names)
    ax2.invert_yaxis()
    ax2.set_xlabel(f"score margin vs the other seats (95% CI per {summary['unit']})")
    fig.suptitle(title)
    files += _save_figure(plt, fig, out, "ratings")

    fig, ax = plt.subplots(figsize=(max(5, 1.6 * len(names) + 2), 4))
    data = []
    for name in names:
        data.append([r["scores"][s] for r in records for s in range(len(r["bots"])) if r["bots"][s] == name])
    ax.violinplot([d if d else [0] for d in data], showmeans=True)
    ax.set_xticks(range(1, len(names) + 1), names, rotation=15)
    ax.set_ylabel("score per game")
    ax.set_title(f"{title}: score distribution per bot")
    files += _save_figure(plt, fig, out, "scores")
    return files


def _save_figure(plt, fig, out, stem: str) -> list:
    """Write ``fig`` as ``stem.png`` and ``stem.svg`` in ``out``; returns the paths."""
    fig.tight_layout()
    paths = []
    for ext in ("png", "svg"):
        path = out / f"{stem}.{ext}"
        fig.savefig(path, dpi=110)
        paths.append(path)
    plt.close(fig)
    return paths
