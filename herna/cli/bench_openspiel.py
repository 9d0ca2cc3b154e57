"""``herna bench --vs-openspiel`` at the terminal: herna's speed next to
OpenSpiel's, measured by :mod:`herna.interop.bench` and printed here as
tables with their ratios (needs ``pip install 'herna[openspiel]'``)."""

from __future__ import annotations

from rich.table import Table

from herna.interop import bench


def run_vs_openspiel(console, seconds: float = bench.DEFAULT_SECONDS, games: int = bench.DEFAULT_GAMES,
                     move_seconds: float = bench.DEFAULT_MOVE_SECONDS, seed: int = 1) -> None:
    """Measure (:mod:`herna.interop.bench`) and print to ``console`` (a
    ``rich.console.Console``): the playout table and its ratios, the ISMCTS
    speed table and its ratios, the ISMCTS match."""
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        console.print("[red]OpenSpiel is not installed: pip install 'herna[openspiel]'[/red]")
        return
    console.print(f"Random playouts, about {seconds:g} s of play per row, one Python loop for all "
                  "(every applied action counted, chance and automatic moves included)...")
    rows = bench.playout_rows(seconds)
    table = Table(title="Random playouts")
    for col in ("game", "engine", "games", "actions", "actions/s", "vs OpenSpiel"):
        table.add_column(col, justify="right" if col in ("games", "actions", "actions/s") else "left")
    rate = {row["game"]: row["actions_per_second"] for row in rows if row["engine"] == "OpenSpiel C++"}
    for row in rows:
        if row["engine"] == "OpenSpiel C++":
            versus = ""
        else:
            name = row["game"].split(" ")[-1].removeprefix("herna_")
            versus = ", ".join(f"{row['actions_per_second'] / rate[t]:.2f}x {t}" for t in bench.references(name))
        table.add_row(row["game"], row["engine"], str(row["games"]), str(row["actions"]),
                      f"{row['actions_per_second']:,.0f}", versus)
    console.print(table)

    console.print(f"\nISMCTS speed: {bench.ISMCTS_SIMULATIONS} simulations a search with random rollouts, at the first "
                  f"{bench.ISMCTS_DECISIONS} decisions of random games, about {seconds:g} s of search per row...")
    rates = bench.ismcts_rows(seconds)
    table = Table(title="ISMCTS simulations per second")
    for col in ("bot", "engine", "searches", "simulations/s", "vs OpenSpiel C++ on hearts"):
        table.add_column(col, justify="right" if col in ("searches", "simulations/s") else "left")
    theirs = rates[-1]["simulations_per_second"]
    for row in rates:
        ratio = f"{row['simulations_per_second'] / theirs:.2f}x" if theirs and row is not rates[-1] else ""
        sps = row["simulations_per_second"]
        table.add_row(row["bot"], row["engine"], str(row["searches"]), f"{sps:,.0f}" if sps else "-", ratio)
    console.print(table)
    if rates[-1]["crashes"]:
        console.print(f"  OpenSpiel's ISMCTSBot crashed {rates[-1]['crashes']} time(s) (restarted with the next seed)")

    console.print(f"\nISMCTS match on herna_{bench.hidden_information_games()[0]} {bench.MATCH_OPTIONS}, "
                  f"{move_seconds:g} s per move, {games} games...")
    match = bench.ismcts_match(games, move_seconds, seed)
    if not match["herna_available"]:
        console.print("[yellow]herna.bots.ismcts is not available: OpenSpiel's ISMCTS only[/yellow]")
    table = Table(title=f"ISMCTS, {move_seconds:g} s per move (OpenSpiel uct_c={match['uct_c']:.2f})")
    for col in ("bot", "simulations/s", "seats", "mean score", "win share"):
        table.add_column(col, justify="left" if col == "bot" else "right")
    for name, label in (("herna", "herna ISMCTS"), ("openspiel", "OpenSpiel Python ISMCTS")):
        st = match[name]
        if not st["seats"]:
            continue
        table.add_row(label, f"{st['simulations_per_second']:,.0f}" if st["simulations_per_second"] else "-",
                      str(st["seats"]), f"{st['mean_score']:.2f}", f"{st['win_share']:.2f}")
    console.print(table)
    h, o = match["herna"]["simulations_per_second"], match["openspiel"]["simulations_per_second"]
    if h and o:
        console.print(f"  herna ISMCTS simulations/s: {h / o:.2f}x OpenSpiel's Python ISMCTS")
