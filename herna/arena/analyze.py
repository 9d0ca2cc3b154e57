"""The designer's balance report (``herna analyze``).

Simulates ``n`` games of the base options and of each **variant** (the base
options with some options changed) with chosen bots, then reports:

* **advantage by seat**: win share (shared wins count ``1/w``) with its 95%
  Wilson interval and mean score with its 95% interval, per seat; or, when
  the starting player is not always seat 0 (Kurník rolls for it, K-2.1; a
  ``first_player`` option), per place in the **turn order**: position 0 is
  the player who started the game, position 1 the next one, and so on
  (``report["order"]`` is ``"seat"`` or ``"turn"``);
* **distributions** of the score (every seat of every game) and of the game
  length (deals, rounds or turns);
* the **seat imbalance** of each variant (``seat_imbalance``): the largest
  minus the smallest win share of the seats (or places in the turn order),
  with a 95% interval made from simultaneous Wilson intervals of every
  seat's share (Bonferroni), so it does not depend on which two seats came
  out extreme and never goes below 0, and the p-value of a chi-square test
  that all seats win equally often (``equal_shares_p``). Where partners win
  together (Trumfosaur's teams, T-7.1, T-7.2: the record's ``side``,
  ``sides`` in the report) all three are over the **sides**, a side's win
  share being the share of the games it won (each partner's seat share is
  half of it, its interval the side's halved), and the text and HTML name
  them by seats counted from 1 (``seats 1+3 vs 2+4``). The figure itself
  is above 0 by chance even for a fair game (it picks the extremes); read
  the p-value for whether the seats differ at all and the interval for how
  much they may;
* the **effect of each variant** against the base: the difference of mean
  game length, of mean score, of the win share of position 0 (seat 0, or the
  player who started) and of the share of games with a shared win, each with
  a 95% interval. Game ``i`` of a variant is played on the same chance seed
  as game ``i`` of the base (a **paired** design), so each effect is the
  mean of the per-game differences with the t interval of those
  differences (``"method": "paired"``): a variant that changes no game has
  every difference 0, so its effect is exactly 0 with the interval [0, 0].
  Without pairs (``herna.batch``: each variant draws its own deals) the
  samples are independent: ``se = sqrt(se_a^2 + se_b^2)`` for means,
  Newcombe's interval for shares (``"method": "independent"``). A shared
  win is a win of more than one side: Trumfosaur partners (teams, T-7.2)
  winning together are one side, so a team win is not a shared win. Where
  a game cannot end in a shared win (Kurník, the record's ``shared_wins``)
  and none happened, that column is left out (``report["columns"]``), and so
  is the game length where the options fix it (Ugo!'s ``rounds``: every
  game of every variant as long);
* how many games the variant **changed**: game ``i`` of a variant is played
  with the same chance seed and bots as game ``i`` of the base, so when no
  game went differently (say ``dead_rooster`` with bots that never buy a
  rooster) the variant cannot have had an effect, and the report says so.
  Two counts tell how: ``played_differently``, the games whose moves differ
  (did the bots play otherwise?), and ``result_changed``, the games whose
  scores or winners differ (a variant may change the result with every
  move the same: Trumfosaur's teams add up the partners' scores);
  ``changed_games`` counts the games that differ in either.

Game ``i`` of every variant uses the same chance seed (``seed * 1_000_003 +
i``) and, with several bot specs, seats them rotated by ``i mod k`` so that
each bot plays each seat equally often. A variant that changes the number of
players (``players=3``) needs a lineup of that size: with the same bot in
every seat it is that bot in every seat of the variant; with different bots
it is refused (:func:`variant_lineups`). The output folder holds one JSON
Lines file per variant (appended as games finish: rerunning the same command
resumes), ``report.json``, the plots (PNG and SVG) and ``report.html``, a
self-contained page (tables and inline SVG plots).

Default variants (``--variant`` replaces them) come from the game's record
(:attr:`herna.core.GameRecord.variants`): for example Trumfosaur ``master``,
and ``teams`` with 4 players (T-8, T-7); Ugo! low-card payout
``low_card_farmers`` ``[0, 0]``, ``[1, 1]``, ``[2, 2]`` (U-1.4); Kurník each
variant of K-9: ``rough_thief``, ``dead_rooster``, ``missing_hens``,
``six_six=fox``. Game lengths are counted in the record's ``length_unit``.
"""

from __future__ import annotations

import copy
import html
import io
import json
import math
from pathlib import Path
from statistics import NormalDist
from typing import Any, Callable, Sequence

from herna.bots import make_bot
from herna.core import load, record
from herna.core.registry import game_class

from .runner import GameTask, run_tasks
from .stats import Z95, mean_ci, newcombe, wilson
from .tournament import NETWORKS, check_networks, deal_seed, network_digests, read_config, rotate

RUN_FILE = "analysis.json"


def default_variants(name: str, options: dict) -> list[dict]:
    """The variants compared by default: the record's ``variants``
    (:class:`herna.core.GameRecord`), as option changes; those the base
    already has, or that the rules forbid with the base options, are left
    out. ``ValueError`` for an unknown game."""
    out = []
    for change in record(name).variants:
        change = copy.deepcopy(dict(change))
        merged = {**options, **change}
        if merged == options:
            continue
        try:
            load(name, **merged)
        except ValueError:
            continue
        out.append(change)
    return out


def players_options(name: str, options: dict) -> dict:
    """``options`` (the engine's values) as players write them: a seat
    option counts from 1 (:meth:`herna.core.options.OptionSpec.to_players`:
    the engine's ``first_player`` 1 is ``2``); other values unchanged. For
    what people read (headers, report.html); report.json and ``--json``
    keep the engine's values. ``ValueError`` for an unknown game."""
    specs = {spec.name: spec for spec in game_class(name).option_specs}
    return {key: specs[key].to_players(value) if key in specs else value for key, value in options.items()}


def variant_label(change: dict, name: str | None = None) -> str:
    """A variant as players would type it: ``base``, ``teams``,
    ``six_six="fox" rough_thief``; with the game's ``name`` a seat option
    counts from 1, as players do (``first_player=2`` is the engine's seat
    1); without it, the engine's values (the games files' names)."""
    if not change:
        return "base"
    specs = {spec.name: spec for spec in game_class(name).option_specs} if name else {}
    parts = []
    for key, value in change.items():
        if value is True:
            parts.append(key)
        else:
            if key in specs:
                value = specs[key].to_players(value)
            parts.append(f"{key}={json.dumps(value, separators=(',', ':'))}")
    return " ".join(parts)


def variant_lineups(name: str, options: dict, bots: Sequence[str], variants: Sequence[dict]) -> list[list[str]]:
    """The bots per seat for the base and each variant (base first). A
    variant with another number of players gets the same bot in every seat
    when ``bots`` are all one bot; ``ValueError`` when they differ (which
    bot would leave, or join, is not for herna to guess)."""
    base = load(name, **options)
    out = [list(bots)]
    for change in variants:
        players = load(name, **{**base.options, **change}).num_players
        if players == len(bots):
            out.append(list(bots))
        elif len(set(bots)) == 1:
            out.append([bots[0]] * players)
        else:
            raise ValueError(f"variant {variant_label(change, name)} has {players} players, but the bots "
                             f"{','.join(bots)} are a lineup for {len(bots)}; compare player counts with "
                             "one bot in every seat (e.g. --bots " + ",".join([bots[0]] * len(bots)) + "), "
                             "or run analyze once per number of players")
    return out


VARIANT_HINT = "use --variant to choose the variants it can play (--variant none: the base game alone)"
"""What a refusal of a bot at a variant adds (the default variants are every rule variant of the game)."""


def check_bots(name: str, options: dict, bots: Sequence[str], variants: Sequence[dict]) -> None:
    """Every bot of the base and of every variant (:func:`variant_lineups`)
    made once, before any game or file: ``ValueError`` for a bot that
    refuses the base options, or ``variant LABEL: ...`` (with
    :data:`VARIANT_HINT`) for one that refuses a variant (a learned network
    trained with other options)."""
    lineups = variant_lineups(name, options, bots, variants)
    for change, lineup in zip([{}, *variants], lineups):
        game = load(name, **{**options, **change})
        for seat, spec in enumerate(lineup):
            try:
                make_bot(spec, game, seat, 0)
            except ValueError as error:
                raise ValueError(f"variant {variant_label(change, name)}: {error}; {VARIANT_HINT}" if change
                                 else str(error)) from None


def analysis_tasks(name: str, options: dict, bots: Sequence[str], n: int, seed: int, v: int) -> list[GameTask]:
    k = len(bots)
    return [GameTask(i, name, options, rotate(bots, i % k), deal_seed(seed, i), deal_seed(seed, i),
                     {"variant": v}) for i in range(n)]


def run_analysis(name: str, options: dict, bots: Sequence[str], n: int, variants: Sequence[dict], seed: int = 0,
                 jobs: int = 1, out: Path | None = None,
                 progress: Callable[[int], None] | None = None,
                 reports: list | None = None, ray: bool = False) -> list[tuple[dict, dict, list[dict]]]:
    """Play the base and every variant; ``[(change, options, records), ...]``
    (the base first, with ``change == {}``). ``ValueError`` for bad options
    or bots, before any game. ``reports``, when given, gets one
    :func:`~herna.arena.runner.run_tasks` report per variant (games found,
    used, dropped, played; jobs). ``ray``: the games run on the Ray cluster
    joined by :func:`herna.arena.cluster.connect` (``jobs``: its CPUs)."""
    base = load(name, **options)
    configs: list[tuple[dict, dict]] = [({}, base.options)]
    for change in variants:
        configs.append((change, load(name, **{**base.options, **change}).options))
    lineups = variant_lineups(name, base.options, bots, variants)
    check_bots(name, base.options, bots, variants)
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        networks = network_digests(bots)
        config = {"game": name, "options": base.options, "bots": list(bots), "seed": seed,
                  "variants": [c for c, _ in configs], NETWORKS: networks}
        path = out / RUN_FILE
        if path.exists():
            old = read_config(path, "a herna analysis.json")
            for key in ("game", "options", "bots", "seed"):
                if old.get(key) != config[key]:
                    raise ValueError(f"{out} holds an analysis with {key}={old.get(key)!r}, not {config[key]!r}; "
                                     "use another --out folder or the same settings to resume")
            check_networks(out, old.get(NETWORKS), networks)
        path.write_text(json.dumps(config, indent=1) + "\n", encoding="utf-8")
    results = []
    for v, ((change, opts), lineup) in enumerate(zip(configs, lineups)):
        tasks = analysis_tasks(name, opts, lineup, n, seed, v)
        file = None if out is None else out / f"games-{_slug(change)}.jsonl"
        report: dict = {"file": str(file) if file else None}
        records = run_tasks(tasks, jobs=jobs, path=file, keep_saved=False, progress=progress, report=report,
                            ray=ray)
        if reports is not None:
            reports.append(report)
        results.append((change, opts, records))
    return results


def _slug(change: dict) -> str:
    label = variant_label(change)
    return "".join(ch if ch.isalnum() else "_" for ch in label).strip("_") or "base"


# ----- statistics ------------------------------------------------------------------------
def _win(record: dict, seat: int) -> float:
    winners = record["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0


def _shared(record: dict, side: Callable[[dict, int], int] | None = None) -> bool:
    """Whether more than one side won; ``side`` is the game's
    :attr:`~herna.core.record.GameRecord.side` (partners are one side:
    Trumfosaur's teams, T-7.1), ``None``: every seat is a side."""
    winners = record["winners"]
    if side is not None:
        options = record.get("options") or {}
        return len({side(options, w) for w in winners}) > 1
    return len(winners) > 1


def order_of(results) -> str:
    """``"turn"`` when some game did not start at seat 0 (and every record
    says who started), else ``"seat"``."""
    records = [r for _, _, rs in results for r in rs]
    if records and all(isinstance(r.get("first"), int) for r in records) and any(r["first"] for r in records):
        return "turn"
    return "seat"


def _seat_at(record: dict, position: int, order: str) -> int:
    """The seat at ``position``: the seat itself, or (``order == "turn"``)
    the seat ``position`` places after the one who started."""
    if order == "turn":
        return (record["first"] + position) % len(record["scores"])
    return position


def variant_stats(records: Sequence[dict], players: int, order: str = "seat",
                  side: Callable[[dict, int], int] | None = None) -> dict:
    """Per seat (or place in the turn order, :func:`order_of`) win share and
    score, game length, score, shared-win share (``side``: the game's
    :attr:`~herna.core.record.GameRecord.side`, :func:`_shared`).

    ``seats``: one entry per 0-based position (``seat``), its ``win_share``
    counting a win shared by ``w`` as ``1/w`` with a 95% Wilson interval
    (where partners win together, T-7.2, the side's interval split evenly:
    the half share is not a proportion of its own). ``sides``: ``None``
    unless partners win together; then one entry per side, ``positions``
    (0-based) and ``win_share``, the share of the games the side won, with
    its 95% Wilson interval. ``seat_imbalance``: :func:`seat_imbalance`."""
    n = len(records)
    wins = [sum(_win(r, _seat_at(r, s, order)) for r in records) for s in range(players)]
    groups = position_sides(records, players, order, side)
    sides: list[dict[str, Any]] = []
    for i, g in enumerate(groups or []):
        share, lo, hi = wilson(sum(wins[s] for s in g), n)
        sides.append({"side": i, "positions": list(g), "win_share": share, "win_ci95": [lo, hi]})
    seats = []
    for s in range(players):
        share, lo, hi = wilson(wins[s], n)
        team = next((t for t in sides if s in t["positions"]), None)
        if team is not None and all(wins[p] == wins[s] for p in team["positions"]):
            # partners win together (T-7.2): a seat's share is its side's split evenly, and so is its
            # interval (a Wilson interval of the half share itself would be about 1.8 times too wide)
            k = len(team["positions"])
            share, lo, hi = team["win_share"] / k, team["win_ci95"][0] / k, team["win_ci95"][1] / k
        mean, sd, slo, shi = mean_ci([r["scores"][_seat_at(r, s, order)] for r in records])
        seats.append({"seat": s, "win_share": share, "win_ci95": [lo, hi], "mean_score": mean,
                      "score_ci95": [slo, shi]})
    length = mean_ci([r["length"] for r in records])
    scores = [v for r in records for v in r["scores"]]
    score = mean_ci(scores)
    shared = sum(1 for r in records if _shared(r, side))
    shared_share, shared_lo, shared_hi = wilson(shared, n)
    return {"games": n, "seats": seats, "sides": sides or None,
            "seat_imbalance": seat_imbalance(records, players, order, side),
            "length": {"mean": length[0], "sd": length[1], "ci95": [length[2], length[3]]},
            "score": {"mean": score[0], "sd": score[1], "ci95": [score[2], score[3]]},
            "shared_wins": {"share": shared_share, "ci95": [shared_lo, shared_hi]},
            "seconds_per_game": sum(r.get("seconds", 0.0) for r in records) / n if n else math.nan}


def seat_imbalance(records: Sequence[dict], players: int, order: str = "seat",
                   side: Callable[[dict, int], int] | None = None) -> dict:
    """The largest minus the smallest win share of the seats (or places in
    the turn order), or of the sides where partners win together:
    ``{"value", "ci95", "highest", "lowest", "equal_shares_p", "sides",
    "method", "shares", "highest_side", "lowest_side"}``.

    ``side``: the game's :attr:`~herna.core.record.GameRecord.side`. When it
    puts positions on one side in every record (Trumfosaur's teams, T-7.1:
    partners win together, T-7.2, so their shares are equal by the rules),
    every figure is over the **sides**: ``sides`` lists each side's
    positions, 0-based (``[[0, 2], [1, 3]]``: players' seats 1+3 and 2+4),
    a side's win share is the share of the games its side won, and
    ``value`` is the largest minus the smallest of those. Else ``sides`` is
    ``None`` and every seat (or place) is a side of its own, its win share
    counting a win shared by ``w`` as ``1/w``.

    ``shares``: the win share of each side (of each seat or place without
    sides), in the order of ``sides`` (of the positions). ``highest`` and
    ``lowest``: the 0-based position with the largest and the smallest
    share (with sides: the first position of that side);
    ``highest_side``/``lowest_side``: that side's index in ``sides``
    (``None`` without sides). ``ci95`` is a 95% interval for the true
    largest-minus-smallest share that does not depend on which sides came
    out extreme: from 95% *simultaneous* Wilson intervals of every side's
    share (each at the Bonferroni level ``1 - 0.05 / k``, ``k`` the number
    of sides), ``[max(0, max low - min high), max high - min low]``; it
    never goes below 0 and holds 0 when the sides' intervals overlap.
    ``equal_shares_p`` is the p-value of Pearson's chi-square test that
    every side wins as often (:func:`equal_shares_p`): small means they
    differ. NaNs without games (or, for the p-value, without wins)."""
    n = len(records)
    if not n or players < 2:
        return {"value": math.nan, "ci95": [math.nan, math.nan], "highest": None, "lowest": None,
                "equal_shares_p": math.nan, "sides": None, "method": IMBALANCE_METHOD, "shares": [],
                "highest_side": None, "lowest_side": None}
    wins = [sum(_win(r, _seat_at(r, s, order)) for r in records) for s in range(players)]
    sides = position_sides(records, players, order, side)
    groups = sides or [[s] for s in range(players)]
    group_wins = [sum(wins[s] for s in g) for g in groups]
    shares = [w / n for w in group_wins]
    high = max(range(len(groups)), key=lambda g: (shares[g], -g))
    low = min((g for g in range(len(groups)) if g != high), key=lambda g: (shares[g], g))
    z = NormalDist().inv_cdf(1 - 0.025 / len(groups))
    bounds = [wilson(w, n, z)[1:] for w in group_wins]
    lower = max(0.0, max(lo for lo, _ in bounds) - min(hi for _, hi in bounds))
    upper = max(hi for _, hi in bounds) - min(lo for lo, _ in bounds)
    value = shares[high] - shares[low]
    p = equal_shares_p(group_wins, [len(g) for g in groups])
    return {"value": value, "ci95": [min(lower, value), max(upper, value)], "highest": groups[high][0],
            "lowest": groups[low][0], "equal_shares_p": p, "sides": sides, "method": IMBALANCE_METHOD,
            "shares": shares, "highest_side": high if sides else None, "lowest_side": low if sides else None}


def side_label(order: str, positions: Sequence[int]) -> str:
    """A side's positions (0-based) in players' words: ``seats 1+3``, or in
    turn order ``starter & starter+2``."""
    if order == "seat":
        return "seats " + "+".join(str(p + 1) for p in positions)
    return " & ".join(position_label(order, p) for p in positions)


def sides_label(order: str, sides: Sequence[Sequence[int]]) -> str:
    """Every side in players' words: ``seats 1+3 vs 2+4`` (turn order:
    ``starter & starter+2 vs starter+1 & starter+3``)."""
    if order == "seat":
        return "seats " + " vs ".join("+".join(str(p + 1) for p in g) for g in sides)
    return " vs ".join(side_label(order, g) for g in sides)


def position_sides(records: Sequence[dict], players: int, order: str = "seat",
                   side: Callable[[dict, int], int] | None = None) -> list[list[int]] | None:
    """The positions (seats, or places in the turn order) grouped by the
    side they play on (``side``: the game's
    :attr:`~herna.core.record.GameRecord.side`, read with each record's
    ``options``), sorted: ``[[0, 2], [1, 3]]`` for Trumfosaur's teams
    (T-7.1). ``None`` when every position is a side of its own, or when the
    records do not all group them alike."""
    if side is None or not records:
        return None
    found = set()
    for r in records:
        options = r.get("options") or {}
        groups: dict[int, list[int]] = {}
        for position in range(players):
            groups.setdefault(side(options, _seat_at(r, position, order)), []).append(position)
        found.add(tuple(sorted(tuple(g) for g in groups.values())))
    if len(found) != 1:
        return None
    (grouping,) = found
    return [list(g) for g in grouping] if len(grouping) < players else None


IMBALANCE_METHOD = "simultaneous Wilson (Bonferroni); chi-square test of equal shares"
"""``seat_imbalance``'s ``method`` in report.json."""


def equal_shares_p(wins: Sequence[float], sizes: Sequence[int] | None = None) -> float:
    """The p-value of Pearson's chi-square test that ``wins`` (a count per
    seat, or per side) come from equal shares per seat: ``X^2 = sum((w -
    e)^2 / e)`` with ``e`` the total split in proportion to ``sizes`` (the
    seats of each side; default 1 each: ``e`` the mean), against chi-square
    with ``len(wins) - 1`` degrees of freedom. NaN without wins or with
    fewer than two counts."""
    total = sum(wins)
    if total <= 0 or len(wins) < 2:
        return math.nan
    sizes = list(sizes) if sizes is not None else [1] * len(wins)
    expected = [total * k / sum(sizes) for k in sizes]
    x2 = sum((w - e) ** 2 / e for w, e in zip(wins, expected))
    return chi2_sf(x2, len(wins) - 1)


def chi2_sf(x: float, df: int) -> float:
    """``P(X >= x)`` for chi-square with ``df`` (a whole number >= 1)
    degrees of freedom, in closed form (the regularized upper incomplete
    gamma function of half-integer order)."""
    if x <= 0:
        return 1.0
    half = x / 2
    if df % 2 == 0:
        term, total = 1.0, 1.0
        for i in range(1, df // 2):
            term *= half / i
            total += term
        return min(1.0, math.exp(-half) * total)
    total = math.erfc(math.sqrt(half))
    for i in range((df - 1) // 2):
        total += math.exp(-half + (i + 0.5) * math.log(half) - math.lgamma(i + 1.5))
    return min(1.0, total)


def _paired(values: Sequence[float]) -> dict:
    """The mean of per-game differences with their t interval (exactly 0
    with [0, 0] when every difference is 0)."""
    mean, _, lo, hi = mean_ci(values)
    return {"diff": mean, "ci95": [lo, hi], "method": "paired"}


def _diff(a: Sequence[float], b: Sequence[float]) -> dict:
    ma, sa, _, _ = mean_ci(a)
    mb, sb, _, _ = mean_ci(b)
    se = math.sqrt(sa * sa / max(len(a), 1) + sb * sb / max(len(b), 1))
    d = mb - ma
    return {"diff": d, "ci95": [d - Z95 * se, d + Z95 * se], "method": "independent"}


def effects(base: Sequence[dict], variant: Sequence[dict], order: str = "seat",
            side: Callable[[dict, int], int] | None = None, paired: bool = True) -> dict:
    """The variant minus the base: game length, score, the win share of
    position 0 (``first_win``: seat 0, or with ``order == "turn"`` the player
    who started), share of shared wins (``side``: as :func:`variant_stats`);
    each ``{"diff", "ci95", "method"}``. ``paired`` (game ``i`` of both on
    the same chance seed, matched by ``index``): the mean and t interval of
    the per-game differences; else independent samples (module docstring)."""
    if paired:
        before = {r["index"]: r for r in base}
        pairs = [(before[r["index"]], r) for r in variant if r["index"] in before]
        if pairs and len(pairs) == len(variant) == len(base):
            first = [_seat_at(b, 0, order) for b, _ in pairs]
            return {
                "length": _paired([v["length"] - b["length"] for b, v in pairs]),
                "score": _paired([sum(v["scores"]) / len(v["scores"]) - sum(b["scores"]) / len(b["scores"])
                                  for b, v in pairs]),
                "first_win": _paired([_win(v, _seat_at(v, 0, order)) - _win(b, s) for (b, v), s in zip(pairs, first)]),
                "shared_wins": _paired([float(_shared(v, side)) - float(_shared(b, side)) for b, v in pairs]),
            }
    return {
        "length": _diff([r["length"] for r in base], [r["length"] for r in variant]),
        "score": _diff([v for r in base for v in r["scores"]], [v for r in variant for v in r["scores"]]),
        "first_win": _share_diff([_win(r, _seat_at(r, 0, order)) for r in base],
                                 [_win(r, _seat_at(r, 0, order)) for r in variant]),
        "shared_wins": _share_diff([float(_shared(r, side)) for r in base], [float(_shared(r, side)) for r in variant]),
    }


def _share_diff(a: Sequence[float], b: Sequence[float]) -> dict:
    d, lo, hi = newcombe(sum(a), len(a), sum(b), len(b))
    return {"diff": d, "ci95": [lo, hi], "method": "independent"}


def _outcome(record: dict):
    """What identifies how a game went: its scores, winners, length, number
    of actions and history digest (a variant can change the result without
    changing a move: Trumfosaur teams only add up the partners' scores)."""
    return (record["scores"], record["winners"], record.get("length"), record.get("actions"), record.get("digest"))


def _play(record: dict):
    """What identifies a game's moves: its length, number of actions and
    history digest (every chance outcome and action)."""
    return (record.get("length"), record.get("actions"), record.get("digest"))


def _result(record: dict):
    """What identifies a game's result: its scores and winners."""
    return (record["scores"], record["winners"])


def changed_games(base: Sequence[dict], variant: Sequence[dict], what: Callable[[dict], Any] = _outcome) -> int:
    """How many games of ``variant`` went otherwise than the base game of
    the same index (same chance seed and bots), as ``what`` tells them
    apart: by default moves or result (:func:`_outcome`); :func:`_play`
    the moves alone (:func:`played_differently`), :func:`_result` the
    result alone (:func:`result_changed`). A game without a base
    counterpart counts as changed."""
    before = {r["index"]: what(r) for r in base}
    return sum(1 for r in variant if r["index"] not in before or before[r["index"]] != what(r))


def played_differently(base: Sequence[dict], variant: Sequence[dict]) -> int | None:
    """How many games of ``variant`` were played with other moves (or chance
    outcomes) than the base game of the same index: another history digest,
    number of actions or length; ``None`` when the records keep no history
    digest (nothing to compare the moves by)."""
    if not all(r.get("digest") for r in [*base, *variant]):
        return None
    return changed_games(base, variant, _play)


def result_changed(base: Sequence[dict], variant: Sequence[dict]) -> int:
    """How many games of ``variant`` ended with other scores or winners than
    the base game of the same index (the moves may be the same: a variant
    that only scores or counts the win otherwise)."""
    return changed_games(base, variant, _result)


EFFECT_KEYS = ("length", "score", "first_win", "shared_wins")


def effect_titles(order: str, unit: str) -> dict:
    """Column titles of the effect table."""
    return {"length": f"Δ {unit}", "score": "Δ score",
            "first_win": "Δ seat 1 win" if order == "seat" else "Δ starter win",
            "shared_wins": "Δ shared wins"}


def build_report(name: str, bots: Sequence[str], seed: int, results, paired: bool = True) -> dict:
    """The report of :func:`run_analysis`'s ``results``. ``paired``: game
    ``i`` of every variant had the same chance seed, so each variant's
    entry counts, against the base game of the same index,
    ``played_differently`` (games whose moves differ: :func:`played_differently`),
    ``result_changed`` (games whose scores or winners differ, even with the
    same moves: :func:`result_changed`) and ``changed_games`` (games that
    differ in either); without it (``herna.batch``: each variant draws its
    own deals) all three are ``None``. Every count is of games, 0 to ``n``.

    Positions in the report (``seat``, ``highest``, ``lowest``, ``sides``)
    are 0-based, the engine's seats; option values (``options``,
    ``change``) are the engine's (a seat option such as ``first_player``
    counts from 0 there); ``label`` is in players' words (seats from 1)."""
    base_records = results[0][2]
    players = load(name, **results[0][1]).num_players
    order = order_of(results)
    side = record(name).side
    report: dict[str, Any] = {"game": name, "bots": list(bots), "seed": seed, "order": order, "variants": []}
    for change, opts, records in results:
        entry = {"label": variant_label(change, name), "change": change, "options": opts,
                 "stats": variant_stats(records, load(name, **opts).num_players, order, side)}
        if change:
            entry["effect"] = effects(base_records, records, order, side, paired=paired)
            entry["changed_games"] = changed_games(base_records, records) if paired else None
            entry["played_differently"] = played_differently(base_records, records) if paired else None
            entry["result_changed"] = result_changed(base_records, records) if paired else None
        report["variants"].append(entry)
    report["players"] = players
    report["games_per_variant"] = len(base_records)
    report["total_games"] = sum(len(records) for _, _, records in results)
    shared = any(_shared(r, side) for _, _, records in results for r in records)
    lengths = {r["length"] for _, _, records in results for r in records}
    report["columns"] = [k for k in EFFECT_KEYS if (k != "shared_wins" or record(name).shared_wins or shared)
                         and (k != "length" or len(lengths) > 1)]
    if "shared_wins" not in report["columns"]:  # a figure that cannot apply to the game is absent, not 0
        for entry in report["variants"]:
            entry["stats"].pop("shared_wins", None)
            entry.get("effect", {}).pop("shared_wins", None)
    return report


def effect_columns(report: dict) -> list[str]:
    """The effect columns that apply to the report's game (``columns``;
    every one for a report written before it was kept)."""
    return list(report.get("columns") or EFFECT_KEYS)


def unchanged(entry: dict) -> bool:
    """Whether a variant entry of :func:`build_report` changed no game."""
    return entry.get("changed_games") == 0 and entry["stats"]["games"] > 0


NO_CHANGE = "no game changed under this variant with these bots"

NOT_PAIRED = "not counted (variants not paired: each drew its own games)"
"""What the changed-games cells say where they are not counted (``changed_games`` ``None``)."""


def changed_words(report: dict, entry: dict, key: str = "changed_games") -> str:
    """A changed-games cell of a variant ``entry`` in words (never a bare
    dash, which a screen reader reads as "none"); ``key``:
    ``changed_games``, ``played_differently`` or ``result_changed``.
    ``(the base)`` for the base; where the games were not paired (``None``:
    ``--engine batch``) that they were not counted; else the count, with
    :data:`NO_CHANGE` where the variant changed no game at all."""
    if "effect" not in entry:
        return "(the base)"
    changed = entry.get(key)
    if changed is None:
        if entry.get("changed_games") is not None:
            return "not known (the games files keep no history)"
        return ("not counted (batch engine: variants not paired)" if report.get("engine") == "batch"
                else NOT_PAIRED)
    return f"0: {NO_CHANGE}" if unchanged(entry) else str(changed)


def same_moves(entry: dict) -> bool:
    """Whether a variant ``entry`` played every game with the base's moves
    but changed some results (it scores or counts the win otherwise)."""
    return entry.get("played_differently") == 0 and (entry.get("result_changed") or 0) > 0


SAME_MOVES = ("the bots played every game exactly as in the base; only the result changed (the variant scores or "
              "counts the win otherwise)")
"""What the report says of a variant for which :func:`same_moves` holds."""


def position_label(order: str, position: int) -> str:
    if order == "seat":
        return f"seat {position + 1}"  # as players count seats, from 1
    return "starter" if position == 0 else f"starter+{position}"


# ----- plots and HTML ---------------------------------------------------------------------

def plot_analysis(name: str, report: dict, results, out: Path) -> dict[str, str]:
    """Write ``seats``, ``scores``, ``lengths`` and (with variants)
    ``effects`` as PNG and SVG; return each plot's SVG text for the HTML."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    svgs: dict[str, str] = {}
    labels = [v["label"] for v in report["variants"]]

    def save(fig, key: str) -> None:
        fig.tight_layout()
        fig.savefig(out / f"{key}.png", dpi=110)
        fig.savefig(out / f"{key}.svg")
        buffer = io.StringIO()
        fig.savefig(buffer, format="svg")
        text = buffer.getvalue()
        svgs[key] = text[text.find("<svg"):]
        plt.close(fig)

    fig, ax = plt.subplots(figsize=(8, 4))
    width = 0.8 / len(labels)
    for k, v in enumerate(report["variants"]):
        seats = v["stats"]["seats"]
        xs = [s["seat"] + (k - (len(labels) - 1) / 2) * width for s in seats]
        ys = [s["win_share"] for s in seats]
        err = [[s["win_share"] - s["win_ci95"][0] for s in seats], [s["win_ci95"][1] - s["win_share"] for s in seats]]
        ax.bar(xs, ys, width, yerr=err, capsize=3, label=v["label"])
    order = report.get("order", "seat")
    players = max(len(v["stats"]["seats"]) for v in report["variants"])
    ax.axhline(1 / len(report["variants"][0]["stats"]["seats"]), color="grey", lw=0.8, ls="--")
    ax.set_xticks(range(players), [position_label(order, s) for s in range(players)])
    ax.set_ylabel("win share (95% CI)")
    ax.set_title(f"{name}: advantage by {'seat' if order == 'seat' else 'turn order (who started)'}")
    ax.legend(fontsize=8)
    save(fig, "seats")

    for key, getter, xlabel in (("scores", lambda r: r["scores"], "score per seat and game"),
                                ("lengths", lambda r: [r["length"]], f"game length ({record(name).length_units})")):
        fig, ax = plt.subplots(figsize=(8, 4))
        for (change, _, records), label in zip(results, labels):
            values = [v for r in records for v in getter(r)]
            if values:
                lo, hi = min(values), max(values)
                bins = range(int(lo), int(hi) + 2) if hi - lo <= 60 else 40
                ax.hist(values, bins=bins, histtype="step", density=True, label=label, lw=1.4)
        ax.set_xlabel(xlabel)
        ax.set_ylabel("share")
        ax.set_title(f"{name}: distribution of the {xlabel.split(' (')[0]}")
        ax.legend(fontsize=8)
        save(fig, key)

    variants = [v for v in report["variants"] if "effect" in v]
    if variants:
        metrics = [("length", "game length"), ("score", "mean score"),
                   ("first_win", "seat 1 win share" if order == "seat" else "starter's win share"),
                   ("shared_wins", "shared-win share")]
        metrics = [m for m in metrics if m[0] in effect_columns(report)]
        fig, grid = plt.subplots(1, len(metrics), figsize=(12, 0.5 * len(variants) + 2.2), sharey=True, squeeze=False)
        axes = list(grid[0])
        y = list(range(len(variants)))
        for ax, (key, title) in zip(axes, metrics):
            d = [v["effect"][key]["diff"] for v in variants]
            lo = [v["effect"][key]["diff"] - v["effect"][key]["ci95"][0] for v in variants]
            hi = [v["effect"][key]["ci95"][1] - v["effect"][key]["diff"] for v in variants]
            ax.errorbar(d, y, xerr=[lo, hi], fmt="o", capsize=4)
            ax.axvline(0, color="grey", lw=0.8)
            ax.set_title(f"Δ {title}", fontsize=9)
        axes[0].set_yticks(y, [v["label"] + (" (no game changed)" if unchanged(v) else "") for v in variants])
        axes[0].invert_yaxis()
        fig.suptitle(f"{name}: effect of each variant against the base (95% CI)")
        save(fig, "effects")
    return svgs


def _fmt(x: float, digits: int = 2) -> str:
    return "—" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:.{digits}f}"


def _ci(ci, digits: int = 2) -> str:
    return f"{_fmt(ci[0], digits)} – {_fmt(ci[1], digits)}"


def footer(report: dict) -> str:
    """How the report's figures were made, for its game: the intervals, the
    paired design (or not), shared wins and sides only where they apply."""
    name = report["game"]
    game = record(name)
    methods = {v["effect"]["length"].get("method") for v in report["variants"] if "effect" in v}
    parts = ["Intervals: 95% t intervals of means, Wilson intervals of win shares."]
    if "paired" in methods:
        parts.append(f"Every variant's game i was played on the same chance seed as the base's game i, so each "
                     f"effect is the mean of the {report.get('games_per_variant', 'n')} per-game differences with "
                     "their t interval; a variant that changed no game has effects of exactly 0.")
    elif methods:
        parts.append("Each variant drew its own games, so effects compare independent samples (Newcombe's "
                     "interval for shares).")
    parts.append("Seat imbalance: the largest minus the smallest win share; its interval comes from 95% "
                 "simultaneous Wilson intervals of every seat's share (Bonferroni), so it does not depend on which "
                 "seats came out extreme and never goes below 0; p is the chi-square test that every seat wins "
                 "equally often. Picked as the extremes, the figure is above 0 by chance even in a fair game: a "
                 "large p (or an interval from 0) shows no imbalance.")
    if any((v["stats"].get("seat_imbalance") or {}).get("sides") for v in report["variants"]):
        parts.append("Where partners win together (as a team), a seat's share is half its team's by the rules, so "
                     "there the imbalance, its interval and p are over the sides, each team's win share being "
                     "the share of the games it won, and p tests that every side wins equally often.")
    if "shared_wins" in effect_columns(report):
        parts.append("A shared win counts 1/w for each of its w winners.")
        if game.side is not None:
            parts.append(f"Partners who win together (one side, such as a team of {game.title}) are one win, "
                         "not a shared one.")
    else:
        parts.append(f"In {game.title} the first to the goal wins alone, so there is no column of shared wins.")
    return " ".join(parts)


def write_html(report: dict, svgs: dict[str, str], path: Path) -> None:
    """A self-contained HTML report (tables, inline SVG plots)."""
    name = report["game"]
    unit = record(name).length_units
    order = report.get("order", "seat")
    lengths = "length" in effect_columns(report)  # absent where the options fix every game's length
    unpaired = any("effect" in v and v.get("changed_games") is None for v in report["variants"])
    e = html.escape
    parts = [f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>herna analyze {e(name)}</title>",
             "<style>body{font-family:system-ui,sans-serif;margin:2em;max-width:1100px}"
             "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:3px 8px;"
             "text-align:right}th{background:#f3f3f3}svg{max-width:100%;height:auto}</style></head><body>",
             f"<h1>Balance report: {e(name)}</h1>",
             f"<p>Bots (rotated through the seats): {e(', '.join(report['bots']))} · seed {report['seed']} · "
             f"base options <code>{e(json.dumps(players_options(name, report['variants'][0]['options'])))}</code> "
             "(seats counted from 1)</p>",
             f"<p>{report.get('games_per_variant', '')} games per variant (<code>-n</code>), "
             f"{report.get('total_games', '')} games in all.</p>",
             "<h2>Summary per variant</h2>",
             "<p>The variants were not paired (the batch engine: each variant drew its own deals), so no game is "
             "compared with the base game and the changed games are not counted.</p>" if unpaired else
             "<p>Against the base game on the same chance seed: <i>played "
             "differently</i> counts the games whose moves differ, <i>another result</i> those whose scores or "
             "winners differ (with the same moves or not).</p>",
             "<table><tr><th>variant</th><th>games</th><th>games played differently</th>"
             "<th>games with another result</th>"
             + (f"<th>{unit} per game</th><th>95% CI</th>" if lengths else "")
             + "<th>mean score</th><th>sd</th>"
             + ("<th>shared wins</th>" if "shared_wins" in effect_columns(report) else "")
             + "<th>seat imbalance</th><th>95% CI</th><th>p (equal shares)</th><th>s per game</th></tr>"]
    for v in report["variants"]:
        st = v["stats"]
        changed = changed_words(report, v, "played_differently")
        if same_moves(v):
            changed += f": {SAME_MOVES}"
        result = changed_words(report, v, "result_changed")
        imbalance = st.get("seat_imbalance") or {"value": None, "ci95": [None, None]}
        shared = (f"<td>{_fmt(st['shared_wins']['share'], 3)}</td>" if "shared_wins" in effect_columns(report)
                  else "")
        parts.append(f"<tr><td>{e(v['label'])}</td><td>{st['games']}</td><td>{e(changed)}</td><td>{e(result)}</td>"
                     + (f"<td>{_fmt(st['length']['mean'])}</td><td>{_ci(st['length']['ci95'])}</td>" if lengths
                        else "")
                     + f"<td>{_fmt(st['score']['mean'])}</td>"
                     f"<td>{_fmt(st['score']['sd'])}</td>{shared}"
                     f"<td>{_fmt(imbalance['value'], 3)}"
                     + (f" (by team: {e(sides_label(order, imbalance['sides']))})" if imbalance.get("sides") else "")
                     + f"</td><td>{_ci(imbalance['ci95'], 3)}</td>"
                     f"<td>{_fmt(imbalance.get('equal_shares_p', math.nan), 3)}</td>"
                     f"<td>{_fmt(st['seconds_per_game'], 4)}</td></tr>")
    if order == "seat":
        parts.append("</table><h2>Advantage by seat</h2><table><tr><th>variant</th><th>seat</th>"
                     "<th>win share</th><th>95% CI</th><th>mean score</th><th>95% CI</th></tr>")
    else:
        parts.append("</table><h2>Advantage by turn order</h2><p>The starting player is not always seat 1 "
                     "(Kurník rolls for it), so the places are counted from the player who started: "
                     "<i>starter</i>, then <i>starter+1</i> (the next player), and so on.</p><table><tr>"
                     "<th>variant</th><th>place in turn order</th><th>win share</th><th>95% CI</th>"
                     "<th>mean score</th><th>95% CI</th></tr>")
    for v in report["variants"]:
        for s in v["stats"]["seats"]:
            parts.append(f"<tr><td>{e(v['label'])}</td><td>{position_label(order, s['seat'])}</td>"
                         f"<td>{_fmt(s['win_share'], 3)}</td>"
                         f"<td>{_ci(s['win_ci95'], 3)}</td><td>{_fmt(s['mean_score'])}</td>"
                         f"<td>{_ci(s['score_ci95'])}</td></tr>")
    parts.append("</table>")
    team_rows = [v for v in report["variants"] if v["stats"].get("sides")]
    if team_rows:
        parts.append("<h2>Advantage by team</h2><p>Where partners win together, a team's win share is the share "
                     "of the games it won (each partner's share above is half of it).</p><table><tr>"
                     "<th>variant</th><th>team</th><th>win share</th><th>95% CI</th></tr>")
        for v in team_rows:
            for t in v["stats"]["sides"]:
                parts.append(f"<tr><td>{e(v['label'])}</td><td>{e(side_label(order, t['positions']))}</td>"
                             f"<td>{_fmt(t['win_share'], 3)}</td><td>{_ci(t['win_ci95'], 3)}</td></tr>")
        parts.append("</table>")
    if svgs.get("seats"):
        parts.append(svgs["seats"])
    effect_rows = [v for v in report["variants"] if "effect" in v]
    if effect_rows:
        columns = effect_columns(report)
        titles = effect_titles(order, unit)
        parts.append("<h2>Effect of each variant (variant minus base, 95% CI)</h2><table><tr><th>variant</th>"
                     + "".join(f"<th>{e(titles[k])}</th><th>95% CI</th>" for k in columns) + "</tr>")
        for v in effect_rows:
            f = v["effect"]
            label = e(v["label"]) + (f"<br><b>{NO_CHANGE}: every effect is exactly 0</b>" if unchanged(v) else "")
            parts.append(f"<tr><td>{label}</td>" + "".join(
                f"<td>{_fmt(f[k]['diff'], 3)}</td><td>{_ci(f[k]['ci95'], 3)}</td>" for k in columns) + "</tr>")
        parts.append("</table>")
        if svgs.get("effects"):
            parts.append(svgs["effects"])
    parts.append("<h2>Distributions</h2>")
    for key in ("scores", "lengths"):
        if svgs.get(key):
            parts.append(svgs[key])
    parts.append(f"<p>{e(footer(report))} Made by <code>herna analyze</code>.</p></body></html>")
    path.write_text("\n".join(parts), encoding="utf-8")
