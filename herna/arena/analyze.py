"""The designer's balance report (``herna analyze``).

Simulates ``n`` games of the base options and of each **variant** (the base
options with some options changed) with chosen bots, then reports:

* **advantage by seat**: win share (shared wins count ``1/w``) with its 95%
  Wilson interval and mean score with its 95% interval, per seat;
* **distributions** of the score (every seat of every game) and of the game
  length (deals, rounds or turns);
* the **effect of each variant** against the base: the difference of mean
  game length, of mean score, of seat 0's win share and of the share of games
  with a shared win, each with a 95% interval (independent samples:
  ``se = sqrt(se_a^2 + se_b^2)``).

Game ``i`` of every variant uses the same chance seed (``seed * 1_000_003 +
i``) and, with several bot specs, seats them rotated by ``i mod k`` so that
each bot plays each seat equally often. The output folder holds one JSON
Lines file per variant (appended as games finish: rerunning the same command
resumes), ``report.json``, the plots (PNG and SVG) and ``report.html``, a
self-contained page (tables and inline SVG plots).

Default variants (``--variant`` replaces them): Trumfosaur ``master``, and
``teams`` with 4 players (T-8, T-7); Ugo! low-card payout
``low_card_farmers`` ``[0, 0]``, ``[1, 1]``, ``[2, 2]`` (U-1.4); Kurník each
variant of K-9: ``rough_thief``, ``dead_rooster``, ``missing_hens``,
``six_six=fox``.
"""

from __future__ import annotations

import html
import io
import json
import math
from pathlib import Path
from typing import Callable, Sequence

from herna.core import load

from .runner import GameTask, run_tasks
from .stats import Z95, mean_ci, wilson
from .tournament import deal_seed, rotate

RUN_FILE = "analysis.json"


def default_variants(name: str, options: dict) -> list[dict]:
    """The variants compared by default (module docstring), as option
    changes; those the base already has, or that the rules forbid with the
    base options, are left out."""
    if name == "trumfosaur":
        candidates = [{"master": True}, {"teams": True}]
    elif name == "ugo":
        candidates = [{"low_card_farmers": [0, 0]}, {"low_card_farmers": [1, 1]}, {"low_card_farmers": [2, 2]}]
    elif name == "kurnik":
        candidates = [{"rough_thief": True}, {"dead_rooster": True}, {"missing_hens": True}, {"six_six": "fox"}]
    else:
        candidates = []
    out = []
    for change in candidates:
        merged = {**options, **change}
        if merged == options:
            continue
        try:
            load(name, **merged)
        except ValueError:
            continue
        out.append(change)
    return out


def variant_label(change: dict) -> str:
    if not change:
        return "base"
    parts = []
    for key, value in change.items():
        if value is True:
            parts.append(key)
        else:
            parts.append(f"{key}={json.dumps(value, separators=(',', ':'))}")
    return " ".join(parts)


def analysis_tasks(name: str, options: dict, bots: Sequence[str], n: int, seed: int, v: int) -> list[GameTask]:
    k = len(bots)
    return [GameTask(i, name, options, rotate(bots, i % k), deal_seed(seed, i), deal_seed(seed, i),
                     {"variant": v}) for i in range(n)]


def run_analysis(name: str, options: dict, bots: Sequence[str], n: int, variants: Sequence[dict], seed: int = 0,
                 jobs: int = 1, out: Path | None = None,
                 progress: Callable[[int], None] | None = None) -> list[tuple[dict, dict, list[dict]]]:
    """Play the base and every variant; ``[(change, options, records), ...]``
    (the base first, with ``change == {}``). ``ValueError`` for bad options
    or bots, before any game."""
    base = load(name, **options)
    configs = [({}, base.options)]
    for change in variants:
        configs.append((change, load(name, **{**base.options, **change}).options))
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        config = {"game": name, "options": base.options, "bots": list(bots), "seed": seed,
                  "variants": [c for c, _ in configs]}
        path = out / RUN_FILE
        if path.exists():
            old = json.loads(path.read_text(encoding="utf-8"))
            for key in ("game", "options", "bots", "seed"):
                if old.get(key) != config[key]:
                    raise ValueError(f"{out} holds an analysis with {key}={old.get(key)!r}, not {config[key]!r}; "
                                     "use another --out folder or the same settings to resume")
        path.write_text(json.dumps(config, indent=1) + "\n", encoding="utf-8")
    results = []
    for v, (change, opts) in enumerate(configs):
        tasks = analysis_tasks(name, opts, bots, n, seed, v)
        file = None if out is None else out / f"games-{_slug(change)}.jsonl"
        records = run_tasks(tasks, jobs=jobs, path=file, keep_saved=False, progress=progress)
        results.append((change, opts, records))
    return results


def _slug(change: dict) -> str:
    label = variant_label(change)
    return "".join(ch if ch.isalnum() else "_" for ch in label).strip("_") or "base"


# ----- statistics ------------------------------------------------------------------------
def _win(record: dict, seat: int) -> float:
    winners = record["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0


def variant_stats(records: Sequence[dict], players: int) -> dict:
    """Per seat win share and score, game length, score, shared-win share."""
    n = len(records)
    seats = []
    for s in range(players):
        share, lo, hi = wilson(sum(_win(r, s) for r in records), n)
        mean, sd, slo, shi = mean_ci([r["scores"][s] for r in records])
        seats.append({"seat": s, "win_share": share, "win_ci95": [lo, hi], "mean_score": mean,
                      "score_ci95": [slo, shi]})
    length = mean_ci([r["length"] for r in records])
    scores = [v for r in records for v in r["scores"]]
    score = mean_ci(scores)
    shared = sum(1 for r in records if len(r["winners"]) > 1)
    shared_share, shared_lo, shared_hi = wilson(shared, n)
    return {"games": n, "seats": seats,
            "length": {"mean": length[0], "sd": length[1], "ci95": [length[2], length[3]]},
            "score": {"mean": score[0], "sd": score[1], "ci95": [score[2], score[3]]},
            "shared_wins": {"share": shared_share, "ci95": [shared_lo, shared_hi]},
            "seconds_per_game": sum(r.get("seconds", 0.0) for r in records) / n if n else math.nan}


def _diff(a: Sequence[float], b: Sequence[float]) -> dict:
    ma, sa, _, _ = mean_ci(a)
    mb, sb, _, _ = mean_ci(b)
    se = math.sqrt(sa * sa / max(len(a), 1) + sb * sb / max(len(b), 1))
    d = mb - ma
    return {"diff": d, "ci95": [d - Z95 * se, d + Z95 * se]}


def effects(base: Sequence[dict], variant: Sequence[dict]) -> dict:
    """The variant minus the base: game length, score, seat 0's win share,
    share of shared wins; each ``{"diff", "ci95"}``."""
    return {
        "length": _diff([r["length"] for r in base], [r["length"] for r in variant]),
        "score": _diff([v for r in base for v in r["scores"]], [v for r in variant for v in r["scores"]]),
        "seat0_win": _diff([_win(r, 0) for r in base], [_win(r, 0) for r in variant]),
        "shared_wins": _diff([float(len(r["winners"]) > 1) for r in base],
                             [float(len(r["winners"]) > 1) for r in variant]),
    }


def build_report(name: str, bots: Sequence[str], seed: int, results) -> dict:
    base_records = results[0][2]
    players = load(name, **results[0][1]).num_players
    report = {"game": name, "bots": list(bots), "seed": seed, "variants": []}
    for change, opts, records in results:
        entry = {"label": variant_label(change), "change": change, "options": opts,
                 "stats": variant_stats(records, load(name, **opts).num_players)}
        if change:
            entry["effect"] = effects(base_records, records)
        report["variants"].append(entry)
    report["players"] = players
    return report


# ----- plots and HTML ---------------------------------------------------------------------
UNITS = {"trumfosaur": "deals", "ugo": "rounds", "kurnik": "turns"}


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
    players = len(report["variants"][0]["stats"]["seats"])
    ax.axhline(1 / players, color="grey", lw=0.8, ls="--")
    ax.set_xticks(range(players), [f"seat {s}" for s in range(players)])
    ax.set_ylabel("win share (95% CI)")
    ax.set_title(f"{name}: advantage by seat")
    ax.legend(fontsize=8)
    save(fig, "seats")

    for key, getter, xlabel in (("scores", lambda r: r["scores"], "score per seat and game"),
                                ("lengths", lambda r: [r["length"]], f"game length ({UNITS.get(name, 'length')})")):
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
        metrics = [("length", "game length"), ("score", "mean score"), ("seat0_win", "seat 0 win share"),
                   ("shared_wins", "shared-win share")]
        fig, axes = plt.subplots(1, len(metrics), figsize=(12, 0.5 * len(variants) + 2.2), sharey=True)
        y = list(range(len(variants)))
        for ax, (key, title) in zip(axes, metrics):
            d = [v["effect"][key]["diff"] for v in variants]
            lo = [v["effect"][key]["diff"] - v["effect"][key]["ci95"][0] for v in variants]
            hi = [v["effect"][key]["ci95"][1] - v["effect"][key]["diff"] for v in variants]
            ax.errorbar(d, y, xerr=[lo, hi], fmt="o", capsize=4)
            ax.axvline(0, color="grey", lw=0.8)
            ax.set_title(f"Δ {title}", fontsize=9)
        axes[0].set_yticks(y, [v["label"] for v in variants])
        axes[0].invert_yaxis()
        fig.suptitle(f"{name}: effect of each variant against the base (95% CI)")
        save(fig, "effects")
    return svgs


def _fmt(x: float, digits: int = 2) -> str:
    return "—" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:.{digits}f}"


def _ci(ci, digits: int = 2) -> str:
    return f"{_fmt(ci[0], digits)} – {_fmt(ci[1], digits)}"


def write_html(report: dict, svgs: dict[str, str], path: Path) -> None:
    """A self-contained HTML report (tables, inline SVG plots)."""
    name = report["game"]
    unit = UNITS.get(name, "length")
    e = html.escape
    parts = [f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>herna analyze {e(name)}</title>",
             "<style>body{font-family:system-ui,sans-serif;margin:2em;max-width:1100px}"
             "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:3px 8px;"
             "text-align:right}th{background:#f3f3f3}svg{max-width:100%;height:auto}</style></head><body>",
             f"<h1>Balance report: {e(name)}</h1>",
             f"<p>Bots (rotated through the seats): {e(', '.join(report['bots']))} · seed {report['seed']} · "
             f"base options <code>{e(json.dumps(report['variants'][0]['options']))}</code></p>",
             "<h2>Summary per variant</h2><table><tr><th>variant</th><th>games</th>"
             f"<th>{unit} per game</th><th>95% CI</th><th>mean score</th><th>sd</th><th>shared wins</th>"
             "<th>s per game</th></tr>"]
    for v in report["variants"]:
        st = v["stats"]
        parts.append(f"<tr><td>{e(v['label'])}</td><td>{st['games']}</td><td>{_fmt(st['length']['mean'])}</td>"
                     f"<td>{_ci(st['length']['ci95'])}</td><td>{_fmt(st['score']['mean'])}</td>"
                     f"<td>{_fmt(st['score']['sd'])}</td><td>{_fmt(st['shared_wins']['share'], 3)}</td>"
                     f"<td>{_fmt(st['seconds_per_game'], 4)}</td></tr>")
    parts.append("</table><h2>Advantage by seat</h2><table><tr><th>variant</th><th>seat</th><th>win share</th>"
                 "<th>95% CI</th><th>mean score</th><th>95% CI</th></tr>")
    for v in report["variants"]:
        for s in v["stats"]["seats"]:
            parts.append(f"<tr><td>{e(v['label'])}</td><td>{s['seat']}</td><td>{_fmt(s['win_share'], 3)}</td>"
                         f"<td>{_ci(s['win_ci95'], 3)}</td><td>{_fmt(s['mean_score'])}</td>"
                         f"<td>{_ci(s['score_ci95'])}</td></tr>")
    parts.append("</table>")
    if svgs.get("seats"):
        parts.append(svgs["seats"])
    effect_rows = [v for v in report["variants"] if "effect" in v]
    if effect_rows:
        parts.append("<h2>Effect of each variant (variant minus base, 95% CI)</h2><table><tr><th>variant</th>"
                     f"<th>Δ {unit}</th><th>95% CI</th><th>Δ score</th><th>95% CI</th><th>Δ seat 0 win</th>"
                     "<th>95% CI</th><th>Δ shared wins</th><th>95% CI</th></tr>")
        for v in effect_rows:
            f = v["effect"]
            parts.append(f"<tr><td>{e(v['label'])}</td>" + "".join(
                f"<td>{_fmt(f[k]['diff'], 3)}</td><td>{_ci(f[k]['ci95'], 3)}</td>"
                for k in ("length", "score", "seat0_win", "shared_wins")) + "</tr>")
        parts.append("</table>")
        if svgs.get("effects"):
            parts.append(svgs["effects"])
    parts.append("<h2>Distributions</h2>")
    for key in ("scores", "lengths"):
        if svgs.get(key):
            parts.append(svgs[key])
    parts.append("<p>Intervals: 95% normal intervals of means, Wilson intervals of win shares; a shared win "
                 "counts 1/w for each of its w winners. Made by <code>herna analyze</code>.</p></body></html>")
    path.write_text("\n".join(parts), encoding="utf-8")
