"""The terminal's command words, and the shared words it says
(:mod:`herna.text.i18n`, re-exported here).

:data:`COMMANDS` are the prompt's commands every game has; a game's words
module adds its own (``READOUTS``: Ugo!'s ``kingdom``, Kurník's ``coops``)
and the sections its history can jump to (``SECTIONS``: ``trick``,
``deal``, ``round``, ``turn``). :data:`COMMAND_WORDS` gives, per language,
the words that run each command at a prompt; the English words work in
every language.
"""

from __future__ import annotations

from types import ModuleType

from herna.text.i18n import LANGS, MESSAGES, lines, seat_kind, seat_name, t, value_meaning, winners

COMMANDS = ("hand", "table", "scores", "last", "log", "back", "next", "again", "sheet", "brief", "full", "hint",
            "help", "quit")
"""The prompt's commands every game has, in the order ``help`` lists them."""
GAME_COMMANDS = ("kingdom", "coops", "trick", "deal", "round", "turn")
"""Commands a game has where its words module names them (a readout in
``READOUTS``, a section in ``SECTIONS``), listed by ``help`` after the readouts."""
COMMAND_WORDS = {
    "en": {"hand": ("hand",), "table": ("table",), "scores": ("scores",), "log": ("log",), "last": ("last",),
           "back": ("back", "b"), "next": ("next", "n"), "again": ("again", "a"), "sheet": ("sheet",),
           "brief": ("brief",), "full": ("full",), "hint": ("hint",), "help": ("help", "?"),
           "quit": ("quit", "q", "exit"), "kingdom": ("kingdom", "k"), "coops": ("coops",), "trick": ("trick",),
           "deal": ("deal",), "round": ("round",), "turn": ("turn",)},
    "cs": {"hand": ("ruka", "karty"), "table": ("stůl", "stul"), "scores": ("body", "skóre", "skore"),
           "log": ("záznam", "zaznam", "historie"), "last": ("minulý", "minuly", "poslední", "posledni"),
           "back": ("zpět", "zpet"), "next": ("dál", "dal", "další", "dalsi"), "again": ("znovu",),
           "sheet": ("zápis", "zapis"), "brief": ("stručně", "strucne"), "full": ("podrobně", "podrobne"),
           "hint": ("rada",), "help": ("pomoc", "nápověda", "napoveda"), "quit": ("konec",),
           "kingdom": ("království", "kralovstvi"), "coops": ("kurníky", "kurniky"), "trick": ("štych", "stych"),
           "deal": ("partie",), "round": ("kolo",), "turn": ("tah",)},
}
"""Per language, the words that run each command at a prompt (the first is
the one ``help`` names). The English words work in every language; a
language's own words are listed first, the English beside them."""

__all__ = ["LANGS", "MESSAGES", "t", "lines", "seat_name", "winners", "seat_kind", "value_meaning",
           "command_word", "command_names", "commands_of", "COMMANDS", "GAME_COMMANDS", "COMMAND_WORDS"]


def commands_of(module: ModuleType | None) -> tuple[str, ...]:
    """The commands at a prompt of the game whose words module is
    ``module``: :data:`COMMANDS` and the game's own (its ``READOUTS`` and
    ``SECTIONS``), in the order ``help`` lists them."""
    if module is None:
        return COMMANDS
    own = set(getattr(module, "READOUTS", {})) | set(getattr(module, "SECTIONS", {}))
    extra = tuple(command for command in GAME_COMMANDS if command in own)
    return COMMANDS[:5] + extra + COMMANDS[5:]


def command_word(word: str, module: ModuleType | None = None) -> str | None:
    """The command that ``word`` typed at a prompt runs, in any language
    (case-insensitive), among the commands of ``module``'s game
    (:func:`commands_of`; without a module every command); ``None`` if none.
    One leading ``/`` is allowed (``/help``, ``/ruka``), as in the web's chat box."""
    word = word.strip().lower()
    word = word[1:] if word.startswith("/") else word
    allowed = commands_of(module) if module is not None else COMMANDS + GAME_COMMANDS
    for words in COMMAND_WORDS.values():
        for command, names in words.items():
            if word in names and command in allowed:
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
