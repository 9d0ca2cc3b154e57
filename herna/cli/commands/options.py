"""``herna options``: each game's options in players' words, with the flags
that set them; ``--markdown`` writes ``docs/options.md``."""

from __future__ import annotations

from typing import Optional

import typer
from rich.text import Text

from herna.core.catalog import text
from herna.core.options import OptionSpec
from herna.core.record import GameRecord
from herna.core.registry import game_class, record, records

from ..checks import check_game, check_lang
from ..flags import game_names
from ..gameflags import metavar
from ..i18n import t
from ..output import console


def flag_words(spec: OptionSpec) -> str:
    """The flag that sets ``spec`` with its value: ``--target-score N``,
    ``--six-six announce|fox``, ``--first-player SEAT``, ``--master``."""
    if spec.ask == "yes_no":
        return spec.flag
    shown = metavar(spec) or "N"
    return f"{spec.flag} {shown.strip('[]')}"


def facts(spec: OptionSpec, lang: str) -> str:
    """Values, default and rule id of ``spec`` in ``lang``: ``1 to 1000;
    default 36; T-2.1``."""
    parts = [spec.values_words(lang), t("option_default", lang, value=spec.default_words(lang)), spec.rule]
    return "; ".join(part for part in parts if part)


def game_lines(rec: GameRecord, lang: str) -> list[Text]:
    """The options of ``rec`` for the terminal: a line per option (its
    label, flag and facts), its help indented below; advanced ones after a
    heading of their own."""
    specs = game_class(rec.name).option_specs
    out = [Text(rec.title, style="bold")]
    for advanced in (False, True):
        chosen = [spec for spec in specs if spec.advanced == advanced]
        if advanced and chosen:
            out.append(Text("  " + t("options_more", lang), style="bold"))
        for spec in chosen:
            words = spec.words(lang)
            out.append(Text.assemble("  ", (words["label"], "bold"), f": {flag_words(spec)} ({facts(spec, lang)})"))
            out.append(Text(f"      {words['help']}"))
    return out


def markdown() -> str:
    """``docs/options.md``: every game's options, made from their specs."""
    lines = ["# Game options", "",
             "Made from the games' option specs (`herna/games/<game>/game.py`) by `herna options --markdown`;",
             "a test checks that this file is current. The same words are the lobby's (`GET /api/games`)",
             "and the flags' `--help`. The flags count seats from 1, as players do; `-o KEY=VALUE` takes an",
             "option by its engine name, a seat counted from 1 there too (`2`: the second seat) and a list",
             "as its numbers with commas (`2,2`). \"More options\" are the ones a table rarely changes.", "",
             "To add an option, declare it in the game's `OPTION_SPECS` (`herna/core/options.py`: a label, one",
             "line of help in players' words, its rule id, whether it is advanced), give its words in Czech in",
             "the game's `locale/cs.po`, and rerun `herna options --markdown > docs/options.md`: the flags,",
             "`--help` and the lobby follow by themselves.", ""]
    for rec in records():
        lines += [f"## {rec.title} (`{rec.name}`)", ""]
        for advanced in (False, True):
            chosen = [spec for spec in game_class(rec.name).option_specs if spec.advanced == advanced]
            if not chosen:
                continue
            if advanced:
                lines += ["More options:", ""]
            lines += ["| option | in Czech | flag | values | default | rule | what it does |",
                      "|---|---|---|---|---|---|---|"]
            for spec in chosen:
                cells = [f"{text('en', spec.label)} (`{spec.name}`)", text("cs", spec.label), f"`{flag_words(spec)}`",
                         spec.values_words("en") or ("yes/no" if spec.ask == "yes_no" else "a seat"),
                         spec.default_words("en"), spec.rule or "–", text("en", spec.doc)]
                lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
            lines.append("")
    return "\n".join(lines)


def options(
    game: Optional[str] = typer.Argument(None, help=f"{game_names()} (default: every game)"),
    lang: str = typer.Option("en", "--lang", help="en or cs"),
    as_markdown: bool = typer.Option(False, "--markdown", help="Print docs/options.md (Markdown, English) instead."),
) -> None:
    """Each game's options in players' words: what each changes, the flag
    that sets it (play, simulate, arena, analyze), its values and default."""
    lang = check_lang(lang)
    if as_markdown:
        print(markdown(), end="")
        return
    chosen = [record(check_game(game))] if game is not None else records()
    for k, rec in enumerate(chosen):
        if k:
            console.print("")
        for line in game_lines(rec, lang):
            console.print(line)
