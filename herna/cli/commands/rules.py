"""``herna rules``: the rules of a game in the terminal."""

from __future__ import annotations

from importlib import resources

import typer
from rich.markdown import Markdown

from herna.core import record

from ..checks import check_game, check_lang
from ..flags import GAME
from ..output import console


def rules(
    game: str = GAME,
    lang: str = typer.Option("en", "--lang", help="en (herna's numbered rules) or cs (the original rulebook)"),
) -> None:
    """Print the rules: herna's numbered English rules, or the Czech original."""
    name = check_game(game)
    lang = check_lang(lang)
    rec = record(name)
    english, czech = rec.rules, rec.rulebook
    folder = "rules" if lang == "en" else "seeds"
    text = resources.files("herna").joinpath("data", folder, english if lang == "en" else czech).read_text("utf-8")
    if lang == "en":
        console.print(Markdown(text))
    else:
        console.print(text)
