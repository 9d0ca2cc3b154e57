"""``herna rules``: the rules of a game in the terminal: How to play (for
players, Czech or English), the full numbered rules (``--spec``) or the
original Czech rulebook (``--rulebook``); :mod:`herna.core.rules_text`."""

from __future__ import annotations

import typer
from rich.markdown import Markdown

from herna.core.rules_text import art_words, how_to_play, rulebook_lines, specification

from ..checks import check_game, check_lang
from ..flags import GAME
from ..i18n import t
from ..output import console, fail


def rules(
    game: str = GAME,
    lang: str = typer.Option("en", "--lang", help="en or cs: the language of How to play."),
    spec: bool = typer.Option(False, "--spec", help="The full rules, numbered (English): every rule with the id "
                              "that herna's tests and scenarios cite, and each of herna's readings marked."),
    rulebook: bool = typer.Option(False, "--rulebook", help="The original Czech rulebook that herna's rules "
                                  "restate."),
) -> None:
    """Print how to play a game: the rules for players, with a worked
    example and herna's readings of what the rulebook leaves open; --spec
    the full numbered rules, --rulebook the original Czech rulebook."""
    name = check_game(game)
    lang = check_lang(lang)
    if spec and rulebook:
        fail("give --spec or --rulebook, not both")
    if spec:
        console.print(Markdown(specification(name, f"`herna rules {name} --rulebook`")))
    elif rulebook:
        for line in rulebook_lines(name):
            console.print(line)
    else:
        console.print(Markdown(art_words(how_to_play(name, lang))))
        console.print("")
        console.print(t("rules_more", lang, game=name))
