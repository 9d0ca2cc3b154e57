"""The few words the generic terminal says, by key, from the message
catalogs (:mod:`herna.core.catalog`).

:data:`MESSAGES` maps a key to its English message id (or a tuple of them
for a list of lines); the Czech is in ``herna/core/locale/cs.po``, shared
with the web app. :func:`t` and :func:`lines` look a key up and fill its
``{fields}``.
"""

from __future__ import annotations

from herna.core.catalog import LANGS, N_, ntext, ptext, text

MESSAGES: dict[str, str | tuple[str, ...]] = {
    "seat": N_("Seat {seat}"),
    "named": N_("{name} (seat {seat}{extra})"),
    "you": N_("you"),
    "nothing": N_("none"),
    "your_move": N_("Your move, {who}."),
    "choose": N_("Choose a number or type an action"),
    "bad_number": N_("There is no choice {n}; choose 1-{m} or type an action."),
    "illegal": N_("Not allowed: {why}"),
    "too_long": N_("That answer is too long (at most {n} characters); type a number or an action."),
    "pass_device": N_("Pass the device to {who}. Others, look away. Press Enter when ready."),
    "game_over": N_("Game over."),
    "scores": N_("Scores"),
    "left": N_("Game left."),
    "saved": N_("Saved to {path} (herna replay {path})."),
    "saved_unfinished": N_("Saved to {path}; go on with: herna play {game} --resume {path}"),
    "plays": N_("{who}: {action}"),
    "help": N_("Type a number from the menu or an action (such as {example}). Commands:"),
    "cmd_hand": N_("your cards"),
    "cmd_table": N_("the whole table"),
    "cmd_scores": N_("the scores"),
    "cmd_log": N_("the last {n} things that happened"),
    "cmd_last": N_("the last trick"),
    "cmd_hint": N_("the strong bot's three best moves, each with its value and why (it sees only what you see)"),
    "cmd_help": N_("this help and what your choices mean"),
    "cmd_quit": N_("leave the game (it stays saved with --save)"),
    "refused_hint": N_("Choose a number 1-{m} from the menu (Enter shows it again, ? explains the choices)."),
    "log_empty": N_("Nothing has happened yet."),
    "log_title": N_("The last things that happened:"),
    "no_last": N_("No trick has been played yet."),
    "forced_for_you": N_("Your only legal move, {action}, was made for you."),
    "automatic": N_("automatic: the only legal move"),
    "continue": N_("Press Enter to continue."),
    "table_header": N_("herna{sep}{game}{sep}seats: {seats}{sep}seed {seed}"),
    "replay_header": N_("{where}{sep}seats: {seats}"),
    "arena_game": N_("game {index} of {file}"),
    "bots_stand_in": N_("standard input is not a terminal: every seat is played by a bot for this run."),
    "replay_prompt": N_("(Enter: next, b: back, t: table, q: quit) "),
    "replay_keys": N_("Enter: next step, b: one step back, t: the table now, q: quit"),
    "hint_head": N_("The strong bot's best moves (it sees only what you see; {value}):"),
    "hint_wait": N_("Searching for {seconds} s…"),
    "value_deal": N_("value: your expected point margin over the others at the end of this deal"),
    "value_round": N_("value: your expected point margin over the others at the end of this round"),
    "value_win": N_("value: your chance to win the game"),
    "review_head": N_("The moves that lost the most ({value}):"),
    "review_line": N_("#{seq} {who}: played {played} ({played_value}); better {best} ({best_value}); lost {loss}"),
    "review_none": N_("No decision to review."),
    "review_no_loss": N_("No move lost value that shows."),
    "review_summary": N_("Decisions reviewed: {n}; the strong bot's own move was played in {m}."),
    "review_unfinished": N_("The game is not finished: the moves so far are reviewed."),
    "options_more": N_("More options"),
    "rules_more": N_("Full rules, numbered: herna rules {game} --spec; the Czech rulebook: "
                     "herna rules {game} --rulebook"),
    "option_default": N_("default {value}"),
}
"""Key -> English message id(s); translations in the catalogs."""

SEAT_KIND_CONTEXT = "seat kind"
"""Catalog context of the words for what plays a seat (``ptext``)."""
SEAT_KINDS = {"human": N_("human"), "random": N_("random"), "greedy": N_("greedy"), "ismcts": N_("ismcts"),
              "expectimax": N_("expectimax")}
"""What plays a seat (``--seats``: ``human`` or a bot spec's name) -> its word
(context :data:`SEAT_KIND_CONTEXT`; Czech ``člověk``, ``hladový bot``, ...)."""

COMMANDS = ("hand", "table", "scores", "log", "last", "hint", "help", "quit")
"""The prompt's commands, in the order ``help`` lists them."""
COMMAND_WORDS = {
    "en": {"hand": ("hand",), "table": ("table",), "scores": ("scores",), "log": ("log",), "last": ("last",),
           "hint": ("hint",), "help": ("help", "?"), "quit": ("quit", "q", "exit")},
    "cs": {"hand": ("ruka", "karty"), "table": ("stůl", "stul"), "scores": ("body", "skóre", "skore"),
           "log": ("záznam", "zaznam", "historie"), "last": ("minulý", "minuly", "poslední", "posledni"),
           "hint": ("rada",), "help": ("pomoc", "nápověda", "napoveda"), "quit": ("konec",)},
}
"""Per language, the words that run each command at a prompt (the first is
the one ``help`` names). The English words work in every language; a
language's own words are listed first, the English beside them."""

__all__ = ["LANGS", "MESSAGES", "t", "lines", "lookup", "seat_name", "winners", "seat_kind", "command_word",
           "command_names", "COMMANDS", "COMMAND_WORDS"]


def lookup(table: dict, key: str, lang: str):
    """``table[key]`` in ``lang``, falling back to English, for tables that
    map a key to ``{"en": ..., "cs": ...}`` (the renderers' older tables;
    new texts belong in the catalogs)."""
    entry = table[key]
    return entry.get(lang, entry["en"])


def t(key: str, lang: str, **fields) -> str:
    """The text ``key`` of :data:`MESSAGES` in ``lang``, ``{fields}`` filled.
    ``KeyError`` for an unknown key, ``ValueError`` for an unknown language."""
    message = MESSAGES[key]
    if not isinstance(message, str):
        raise KeyError(f"{key!r} is a list of lines; use lines()")
    return text(lang, message, **fields)


def lines(key: str, lang: str, **fields) -> list[str]:
    """The list of lines ``key`` of :data:`MESSAGES` in ``lang``, each with
    ``{fields}`` filled."""
    message = MESSAGES[key]
    return [text(lang, line, **fields) for line in ((message,) if isinstance(message, str) else message)]


def seat_name(seat: int, lang: str, human: int | None = None, label: str | None = None,
              name: str | None = None) -> str:
    """``seat`` (0-based, as in the engine and the action strings) as players
    read it, numbered from 1: ``Seat 3``; with the player's ``name``
    ``Eva (seat 1)``. ``(you)`` is added for the ``human``'s own seat, else
    the ``label`` (a bot's kind) if given: ``Seat 2 (greedy)``,
    ``Eva (seat 1, you)``."""
    extra = t("you", lang) if human is not None and seat == human else (label or "")
    if name:
        return t("named", lang, name=name, seat=seat + 1, extra=f", {extra}" if extra else "")
    text_ = t("seat", lang, seat=seat + 1)
    return f"{text_} ({extra})" if extra else text_


def winners(lang: str, who: list[str]) -> str:
    """``Winner: Seat 2`` or ``Winners: Seat 1, Seat 3`` (Czech ``Vítěz:`` / ``Vítězové:``)."""
    return ntext(lang, "Winner: {who}", "Winners: {who}", len(who), who=", ".join(who))


def seat_kind(spec: str, lang: str) -> str:
    """What plays a seat in words: ``human``, ``greedy``, ... as typed in
    English; in Czech ``člověk``, ``hladový bot``, ``náhodný bot``, and a
    bot spec with parameters as the word with the spec beside it as a code:
    ``bot ISMCTS (ismcts:0.2s)``. An unknown spec is shown as it is."""
    base = spec.split(":")[0].strip().lower()
    if lang == "en" or base not in SEAT_KINDS:
        return spec
    word = ptext(lang, SEAT_KIND_CONTEXT, SEAT_KINDS[base])
    return word if spec.strip().lower() == base else f"{word} ({spec})"


def command_word(word: str) -> str | None:
    """The command (a key of :data:`COMMANDS`) that ``word`` typed at a
    prompt runs, in any language (case-insensitive); ``None`` if none."""
    word = word.strip().lower()
    for words in COMMAND_WORDS.values():
        for command, names in words.items():
            if word in names:
                return command
    return None


def command_names(command: str, lang: str) -> str:
    """How ``help`` names ``command``: ``hand``, ``help (?)`` in English; in
    Czech the Czech word with the English beside it, ``ruka (hand)``,
    ``pomoc (help, ?)``."""
    english = COMMAND_WORDS["en"][command]
    short = [word for word in english[1:] if len(word) == 1]
    own = COMMAND_WORDS.get(lang, {}).get(command) if lang != "en" else None
    if own:
        return f"{own[0]} ({', '.join([english[0], *short])})"
    return english[0] + (f" ({', '.join(short)})" if short else "")
