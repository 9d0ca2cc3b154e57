"""How strong the bot levels are (``herna bench bots``): a round-robin
duplicate arena per game of the levels players choose from.

The levels are the web's ``easy`` / ``medium`` / ``hard`` (:data:`LEVELS`,
the same specs as ``herna.server.botpool.PLAYER_BOTS``) and ``random`` as
the floor, one of each at a 4-player table: every deal set (the same cards
or dice per deal, round or turn) is played once per rotation of the four
through the seats (:func:`herna.arena.tournament.arena_tasks` with
``duplicate``), so each level meets each other in every seat on the same
luck: a round robin. Per level: the win share with its 95% interval over
deal sets, the openskill rating (mu with mu ± 1.96 sigma), and per pair the
difference of win shares with its interval
(:func:`herna.arena.tournament.summarize_arena`).

``scale`` multiplies every search time budget (``hard`` ``ismcts:2s`` at
``scale=0.1`` searches 0.2 s a move): a full-strength run of the hard level
takes hours on a 2-core machine, so a quick run says its scale, and the
table it writes says so too. :func:`markdown` renders the result as the
section of ``docs/bot-strength.md`` between :data:`BEGIN` and :data:`END`,
which :func:`write_section` replaces in place.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Callable, Sequence

from herna.core import load, record

from .runner import run_tasks
from .tournament import arena_tasks, summarize_arena

LEVELS = {"random": "random", "easy": "greedy", "medium": "ismcts:0.3s", "hard": "ismcts:2s"}
"""Level -> bot spec (the web's names; ``random`` is the floor)."""
BEGIN = "<!-- herna bench bots: begin -->"
END = "<!-- herna bench bots: end -->"
_SECONDS = re.compile(r"^(\d+(?:\.\d+)?)s$")


def scaled(spec: str, scale: float) -> str:
    """``spec`` with its time budget times ``scale`` (``ismcts:2s``, 0.1 ->
    ``ismcts:0.2s``); other specs unchanged."""
    parts = spec.split(":")
    for i, part in enumerate(parts[1:], start=1):
        found = _SECONDS.match(part)
        if found:
            parts[i] = f"{float(found.group(1)) * scale:g}s"
    return ":".join(parts)


def level_specs(scale: float) -> dict[str, str]:
    """Level -> the spec played at ``scale``. ``ValueError`` for a scale
    that is not in (0, 1]."""
    if not 0 < scale <= 1:
        raise ValueError(f"the budget scale must be above 0 and at most 1, not {scale!r}")
    return {level: scaled(spec, scale) for level, spec in LEVELS.items()}


def run_levels(game: str, n: int, scale: float, seed: int = 0, jobs: int = 1, out: Path | None = None,
               progress: Callable[[int], None] | None = None) -> dict:
    """Play ``n`` deal sets of ``game`` (each in 4 rotations) with one bot
    of each level; the :func:`~herna.arena.tournament.summarize_arena`
    summary with ``levels`` (level -> spec), ``game``, ``options``, ``n``,
    ``scale`` and ``seed`` added. ``out``: a folder for the games file
    (resumable)."""
    specs = level_specs(scale)
    options = load(game, **record(game).short_options).options
    bots = list(specs.values())
    tasks = arena_tasks(game, options, bots, n, seed, duplicate=True)
    path = None if out is None else out / f"levels-{game}.jsonl"
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    records = run_tasks(tasks, jobs=jobs, path=path, keep_saved=False, progress=progress)
    summary = summarize_arena(records, bots, duplicate=True)
    summary.update({"game": game, "options": options, "levels": specs, "n": n, "scale": scale, "seed": seed})
    return summary


def markdown(summaries: Sequence[dict], command: str, when: str, machine: str) -> str:
    """The docs section of the runs (module docstring)."""
    lines = [BEGIN, "## Bot levels by measured strength (`herna bench bots`)", "",
             f"Rerun with `{command}` ({when}, {machine}). Each game: a 4-player table of one bot of each "
             "level, every deal set played once per rotation of the four through the seats (a round-robin "
             "duplicate arena); win share over deal sets with its 95% interval, openskill rating mu with "
             "mu ± 1.96 sigma.", ""]
    for s in summaries:
        title = record(s["game"]).title
        scale = s["scale"]
        lines.append(f"### {title} ({s['n']} deal sets, {s['games']} games"
                     + (f"; search budgets × {scale:g}" if scale != 1 else "") + ")")
        lines += ["", "| level | bot | win share (95% CI) | rating mu (95% CI) |", "|---|---|---|---|"]
        by_spec = {b["bot"]: b for b in s["bots"]}
        for level, spec in s["levels"].items():
            b = by_spec[spec]
            w, r = b["win"], b["rating"]
            lines.append(f"| {level} | `{spec}` | {w['mean']:.3f} ({w['ci95'][0]:.3f} – {w['ci95'][1]:.3f}) | "
                         f"{r['mu']:.1f} ({r['ci95'][0]:.1f} – {r['ci95'][1]:.1f}) |")
        names = {spec: level for level, spec in s["levels"].items()}
        steps = [p for p in s["pairs"] if _adjacent(names[p["a"]], names[p["b"]])]
        if steps:
            lines += ["", "| pair | win share difference (95% CI) |", "|---|---|"]
            for p in steps:
                d = p["win_diff"]
                lines.append(f"| {names[p['b']]} − {names[p['a']]} | {0.0 - d['mean']:+.3f} "
                             f"({0.0 - d['ci95'][1]:+.3f} – {0.0 - d['ci95'][0]:+.3f}) |")
        lines.append("")
    lines.append(END)
    return "\n".join(lines)


def _adjacent(a: str, b: str) -> bool:
    order = list(LEVELS)
    return abs(order.index(a) - order.index(b)) == 1


def write_section(path: Path, section: str) -> None:
    """Replace the section between :data:`BEGIN` and :data:`END` in
    ``path`` (or append it)."""
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    if BEGIN in text and END in text:
        text = text[:text.index(BEGIN)] + section + text[text.index(END) + len(END):]
    else:
        text = text.rstrip("\n") + "\n\n" + section + "\n"
    path.write_text(text, encoding="utf-8")
