"""Plný kurník's words: coops, dice, supply; a table from engine event to
sentence, in full (:func:`describe_event`: which die paid what, what grew,
what found no place, every theft and every rooster that stopped one, in the
order the engine recorded them, :mod:`herna.games.kurnik.events`) and
briefly (:func:`brief_events`: one line per roll, "Eva rolls 6 and 3: a hen
and an egg", no coop recaps); what the choices of the moment mean
(:func:`help_text`).

Every word comes from the message catalog (:mod:`herna.core.catalog`;
Czech in ``herna/games/kurnik/locale/cs.po``), with Czech plural forms and
cases. Words first, so a screen reader reads every coop as counts ("3 hens,
1 chick, 2 eggs, 3 free places"); the row of 9 letters (H hen, C chick, E egg,
· free; in Czech S, K, V) and the colours only add to it.
"""

from __future__ import annotations

from typing import Any, Callable

from herna.core.catalog import N_, ntext, ptext, text, translations

from .cards import group_by_seq
from .spans import LOOKS, Block, Line
from .i18n import t
from .voice import YOU_CASES, Voice, join

LOOKS.update({"hens": "bold red", "chicks": "yellow", "eggs": "white", "free": "dim"})
DIE_FACES = " ⚀⚁⚂⚃⚄⚅"
KINDS = ("eggs", "chicks", "hens")
CARD_OF = {"egg": "eggs", "chick": "chicks", "hen": "hens"}
"""Event card names (singular) to view keys (plural)."""

ACCUSATIVE = "accusative"
"""Message context of a count or card as the object of a verb (Czech
``1 slepici``, ``kohouta``); English reads the same."""
SUBJECT = "subject"
"""Message context of a card as the subject (Czech ``slepice``)."""

COUNTS = {
    "eggs": (N_("{n} egg"), N_("{n} eggs")),
    "chicks": (N_("{n} chick"), N_("{n} chicks")),
    "hens": (N_("{n} hen"), N_("{n} hens")),
    "roosters": (N_("{n} rooster"), N_("{n} roosters")),
    "free": (N_("{n} free place"), N_("{n} free places")),
}
ONE_CARD = {"eggs": N_("an egg"), "chicks": N_("a chick"), "hens": N_("a hen")}
GLYPHS = {"hens": N_("H"), "chicks": N_("C"), "eggs": N_("E")}


def _lang(lang: str) -> str:
    return lang if lang in ("en", "cs") else "en"


def nptext(lang: str, context: str, singular: str, plural: str, n: int, /, **fields: Any) -> str:
    """:func:`herna.core.catalog.ntext` in a message context (a Czech case)."""
    return translations(_lang(lang)).npgettext(context, singular, plural, n).format(n=n, **fields)


def count(n: int, kind: str, lang: str, accusative: bool = False) -> str:
    """``3 hens`` / ``3 slepice`` (Czech plural forms 1, 2-4, 5+; the
    accusative ``1 slepici`` where a verb takes it). ``kind``: ``eggs``,
    ``chicks``, ``hens``, ``roosters``, ``free``."""
    singular, plural = COUNTS[kind]
    if accusative:
        return nptext(lang, ACCUSATIVE, singular, plural, n)
    return ntext(_lang(lang), singular, plural, n)


def card(kind: str, lang: str, context: str = ACCUSATIVE) -> str:
    """One card as an object (``an egg`` / ``slepici``) or a subject."""
    return ptext(_lang(lang), context, ONE_CARD[kind])


def coop_words(coop: dict, lang: str, accusative: bool = False) -> str:
    """A coop in words: ``2 hens, 1 chick, 3 eggs, 3 free places``."""
    return ", ".join(count(coop[kind], kind, lang, accusative) for kind in ("hens", "chicks", "eggs", "free"))


def coop_glyphs(coop: dict, lang: str) -> Line:
    """The 9 places as letters: hens, chicks, eggs, then free places."""
    out = Line()
    for kind in ("hens", "chicks", "eggs"):
        out.append(text(_lang(lang), GLYPHS[kind]) * coop[kind], kind)
    out.append("·" * coop["free"], "free")
    return out


# ----- events -------------------------------------------------------------------------------

class _Say:
    """What one event's sentences need: the language, seat names in their
    cases, counts and cards."""

    def __init__(self, event: dict, viewer: int | None, style: Voice) -> None:
        self.e, self.viewer, self.st = event, viewer, style
        self.lang = _lang(style.lang)

    def __call__(self, msgid: str, **fields: Any) -> str:
        return text(self.lang, msgid, **fields)

    def n(self, singular: str, plural: str, n: int, **fields: Any) -> str:
        return ntext(self.lang, singular, plural, n, **fields)

    def who(self, seat: int) -> str:
        """``seat`` as the viewer reads it (``(you)`` for the viewer's own)."""
        return self.st.seat(seat, self.viewer)

    def _case(self, seat: int, case: str) -> str:
        word = self.st.seat_case(seat, case)
        if seat != self.viewer:
            return word
        if self.lang != "cs":
            return self.st.seat(seat, self.viewer)
        return f"{YOU_CASES[case]} ({word})"  # "tobě (hráči 1)": the pronoun in its case, then the seat

    def seat_fields(self, name: str, seat: int) -> dict[str, str]:
        """``{name}``, ``{name}_dat``, ``{name}_gen`` of ``seat`` (Czech cases;
        the viewer's own seat is marked ``(you)``)."""
        return {name: self.who(seat), f"{name}_dat": self._case(seat, "dat"),
                f"{name}_gen": self._case(seat, "gen")}

    def hens(self, n: int) -> str:
        return count(n, "hens", self.lang, True)


def _roll(say: _Say) -> list[str]:
    e = say.e
    return [say("Your turn: you can only roll.")] if e["only"] and say.viewer == e["seat"] else []


def _dice_rolled(say: _Say) -> list[str]:
    high, low = say.e["dice"]
    if high == low:  # a double's own event says the roll with what it does
        return []
    return [say("{who} rolls {a} and {b}.", who=say.who(say.e["seat"]), a=high, b=low)]


_GIFT_DUE = {1: N_("{who} rolls 1 and 1 (double one: must give an egg to another player)."),
             2: N_("{who} rolls 2 and 2 (double two: must give a chick to another player)."),
             3: N_("{who} rolls 3 and 3 (double three: must give a hen to another player).")}
_GIFT_NONE = {1: N_("{who} rolls 1 and 1 (double one: has no egg to give, so nothing happens)."),
              2: N_("{who} rolls 2 and 2 (double two: has no chick to give, so nothing happens)."),
              3: N_("{who} rolls 3 and 3 (double three: has no hen to give, so nothing happens).")}


def _gift_due(say: _Say) -> list[str]:
    return [say(_GIFT_DUE[say.e["dice"][0]], who=say.who(say.e["seat"]))]


def _gift_none(say: _Say) -> list[str]:
    return [say(_GIFT_NONE[say.e["dice"][0]], who=say.who(say.e["seat"]))]


def _hard_times(say: _Say) -> list[str]:
    e, who = say.e, say.who(say.e["seat"])
    if not e["eggs"]:
        return [say("{who} rolls 4 and 4 (double four, hard times: has no eggs to return).", who=who)]
    return [say("{who} rolls 4 and 4 (double four, hard times: returns all eggs to the supply ({count})).",
                who=who, count=count(e["eggs"], "eggs", say.lang))]


def _bird_flu(say: _Say) -> list[str]:
    return [say("{who} rolls 5 and 5 (double five, bird flu: rolls one more die).", who=say.who(say.e["seat"]))]


def _fox(say: _Say) -> list[str]:
    e, who = say.e, say.who(say.e["seat"])
    if e["rooster"]:
        return [say("{who} rolls 6 and 6 (double six, the fox: the rooster drives it away).", who=who)]
    if not e["hens"]:
        return [say("{who} rolls 6 and 6 (double six, the fox gets in, but there are no hens).", who=who)]
    return [say("{who} rolls 6 and 6 (double six, the fox gets in: all hens go to the supply ({count})).",
                who=who, count=count(e["hens"], "hens", say.lang))]


def _announce_due(say: _Say) -> list[str]:
    who = say.who(say.e["seat"])
    if say.e["rob_one"]:
        return [say("{who} rolls 6 and 6 (double six): take the hens, rob everyone or rob one player? Then "
                    "{who} rolls again, and the difference of that roll counts.", who=who)]
    return [say("{who} rolls 6 and 6 (double six): take the hens or rob everyone? Then {who} rolls again, "
                "and the difference of that roll counts.", who=who)]


def _gain(say: _Say) -> list[str]:
    return [say("The {v} pays {card}.", v=say.e["die"], card=card(CARD_OF[say.e["card"]], say.lang))]


def _develop(say: _Say) -> list[str]:
    if say.e["card"] == "hen":
        return [say("The {v} pays a hen: no free place, so a chick grows into a hen.", v=say.e["die"])]
    return [say("The {v} pays a chick: no free place, so an egg grows into a chick.", v=say.e["die"])]


_NO_PLACE = {"egg": N_("The {v} would pay an egg, but there is no free place: it is dropped."),
             "chick": N_("The {v} would pay a chick, but there is no free place and no egg to grow: it is dropped."),
             "hen": N_("The {v} would pay a hen, but there is no free place and no chick to grow: it is dropped.")}
_SUPPLY_EMPTY = {"egg": N_("The {v} would pay an egg, but the supply has none left."),
                 "chick": N_("The {v} would pay a chick, but the supply has none left."),
                 "hen": N_("The {v} would pay a hen, but the supply has none left.")}


def _gain_dropped(say: _Say) -> list[str]:
    e = say.e
    if e["reason"] == "no_victim":
        if e["die"] is None:
            return [say("No other player has a hen: nothing is received.")]
        return [say("The {v} would pay a hen, but the supply has none and no other player has one: "
                    "nothing is taken.", v=e["die"])]
    table = _NO_PLACE if e["reason"] == "no_place" else _SUPPLY_EMPTY
    return [say(table[e["card"]], v=e["die"])]


def _theft_due(say: _Say) -> list[str]:
    e, who = say.e, say.who(say.e["seat"])
    if e["source"] == "take":
        return [say("The supply has no more hens: {who} must take {count} from other players, one at a time "
                    "(thief rule).", who=who, count=say.hens(e["hens"]))]
    if e["source"] == "exchange":
        return [say("{who} must take one from another player (thief rule).", who=who)]
    out = [say("The {v} pays a hen, but the supply has none: {who} must take one from another player "
               "(thief rule).", v=e["die"], who=who)]
    if e["then"] is not None:
        out.append(say("The {v} is paid after that.", v=e["then"]))
    return out


def _theft(say: _Say) -> list[str]:
    e = say.e
    out = [say("{who} takes a hen from {victim} (thief rule).", who=say.who(e["thief"]),
               **say.seat_fields("victim", e["victim"]))]
    if e["develop"]:
        out.append(say("No free place: a chick grows into a hen."))
    return out


_BLOCKS = {
    ("steal", False): N_("{who} tries to take a hen from {victim}; {victim}'s rooster stops it "
                         "({n} more it can stop)."),
    ("steal", True): N_("{who} tries to take a hen from {victim}; {victim}'s rooster stops it but dies."),
    ("rob", False): N_("{who} tries to rob {victim}; {victim}'s rooster stops it ({n} more it can stop)."),
    ("rob", True): N_("{who} tries to rob {victim}; {victim}'s rooster stops it but dies."),
}


def _rooster_block(say: _Say) -> list[str]:
    e = say.e
    return [say(_BLOCKS[e["attempt"], e["died"]], who=say.who(e["thief"]), n=e["blocks_left"],
                **say.seat_fields("victim", e["victim"]))]


def _hens_due(say: _Say) -> list[str]:
    return [say("{who} is still due {count}.", who=say.who(say.e["seat"]), count=say.hens(say.e["hens"]))]


def _hens_unpaid(say: _Say) -> list[str]:
    e = say.e
    if e["source"] == "take":
        return [say.n("The supply has no more hens and no other player has one, so {n} hen is not paid.",
                      "The supply has no more hens and no other player has one, so {n} hens are not paid.",
                      e["hens"])]
    return [say.n("No other player has a hen now, so {n} hen is not paid.",
                  "No other player has a hen now, so {n} hens are not paid.", e["hens"])]


def _gift(say: _Say) -> list[str]:
    e = say.e
    kind = CARD_OF[e["card"]]
    out = [say("{who} gives {card} to {to}.", who=say.who(e["seat"]), card=card(kind, say.lang),
               **say.seat_fields("to", e["to"]))]
    if e["returned"]:
        out.append(say("{to}'s coop is full, so it goes back to the supply.", to=say.who(e["to"]),
                       card=card(kind, say.lang, SUBJECT)))
    return out


def _quarantine(say: _Say) -> list[str]:
    return [say("Bird-flu die {n}: {who} is in quarantine and loses the next roll.", n=say.e["die"],
                who=say.who(say.e["seat"]))]


def _flu_loss(say: _Say) -> list[str]:
    e = say.e
    fields = {"n": e["die"], "who": say.who(e["seat"])}
    if e["card"] == "chick":
        if not e["count"]:
            return [say("Bird-flu die {n}: {who} would lose all chicks, but has none.", **fields)]
        return [say("Bird-flu die {n}: {who} loses all chicks to the supply ({count}).",
                    count=count(e["count"], "chicks", say.lang), **fields)]
    if not e["count"]:
        return [say("Bird-flu die {n}: {who} would lose all hens, but has none.", **fields)]
    return [say("Bird-flu die {n}: {who} loses all hens to the supply ({count}).",
                count=count(e["count"], "hens", say.lang), **fields)]


def choice_words(choice: str, victim: int | None, style: Voice) -> str:
    """What a 6-6 announcement means, as what the roller will do (Czech in
    the future tense, after ``rolls again to``): ``take the hens`` (``vezme si
    slepice``), ``rob everyone`` (``okrade všechny``), ``rob Seat 2``
    (``okrade hráče 2``)."""
    lang = _lang(style.lang)
    if choice == "take":
        return ptext(lang, "announced", "take the hens")
    if choice == "rob all":
        return ptext(lang, "announced", "rob everyone")
    return ptext(lang, "announced", "rob {who}", who=style.seat_case(victim if victim is not None else 0, "gen"))


def _announced(say: _Say) -> list[str]:
    e = say.e
    who = say.who(e["seat"])
    if e["choice"] == "take":
        return [say("{who} announces: take the hens.", who=who)]
    if e["choice"] == "rob all":
        return [say("{who} announces: rob everyone.", who=who)]
    return [say("{who} announces: rob {victim}.", who=who, **say.seat_fields("victim", e["victim"]))]


def _reroll(say: _Say) -> list[str]:
    high, low = say.e["dice"]
    return [say("Re-roll {a} and {b}: difference {d}.", a=high, b=low, d=say.e["difference"])]


def _reroll_void(say: _Say) -> list[str]:
    return [say("Difference 0: nothing happens.")]


def _take_limited(say: _Say) -> list[str]:
    e, who = say.e, say.who(say.e["seat"])
    if not e["free"]:
        return [say("{who} has no free place, so no hen is taken.", who=who)]
    return [say.n("{who} has only {free}, so {n} hen stays in the supply.",
                  "{who} has only {free}, so {n} hens stay in the supply.", e["left"], who=who,
                  free=count(e["free"], "free", say.lang, True))]


def _hens_taken(say: _Say) -> list[str]:
    return [say("{who} takes {count} from the supply.", who=say.who(say.e["seat"]), count=say.hens(say.e["hens"]))]


def _robbed(say: _Say) -> list[str]:
    e = say.e
    victim = say.seat_fields("victim", e["victim"])
    if e["mode"] == "all":
        msgid = (N_("{victim} returns {count} to the supply, all it had.") if e["everything"]
                 else N_("{victim} returns {count} to the supply."))
        return [say(msgid, count=say.hens(e["hens"]), **victim)]
    who = say.who(e["thief"])
    msgid = (N_("{who} takes {count} from {victim}, all it had.") if e["everything"]
             else N_("{who} takes {count} from {victim}."))
    out = [say(msgid, who=who, count=say.hens(e["hens"]), **victim)]
    rest = e["hens"] - e["kept"]
    if rest and e["kept"]:
        out.append(say.n("{who} has room for {kept}; {n} hen goes back to the supply.",
                         "{who} has room for {kept}; {n} hens go back to the supply.", rest,
                         who=who, kept=say.hens(e["kept"])))
    elif rest:
        out.append(say.n("{who} has no free place; {n} hen goes back to the supply.",
                         "{who} has no free place; {n} hens go back to the supply.", rest, who=who))
    return out


def _rob_nothing(say: _Say) -> list[str]:
    e = say.e
    if e["mode"] == "one":
        return [say("{victim} has no hens: nothing is taken.", victim=say.who(e["seats"][0]))]
    return [say("No hens, nothing to lose: {seats}.", seats=join([say.who(k) for k in e["seats"]], say.lang))]


def _exchange(say: _Say) -> list[str]:
    e, who = say.e, say.who(say.e["seat"])
    if e["paid"] == "hen":
        return [say("{who} exchanges 5 hens for a rooster (it stops 3 theft attempts).", who=who)]
    if e["paid"] == "egg":
        if e["got"] is None:
            return [say("{who} returns 3 eggs, but the supply has no chick: nothing is received.", who=who)]
        return [say("{who} exchanges 3 eggs for a chick.", who=who)]
    if e["got"] is None:
        return [say("{who} returns 3 chicks for a hen, but the supply has none.", who=who)]
    return [say("{who} exchanges 3 chicks for a hen.", who=who)]


def _turn_passed(say: _Say) -> list[str]:
    return [say("{who} is in quarantine and does not roll.", who=say.who(say.e["seat"]))]


def _start_roll(say: _Say) -> list[str]:
    return [say("{who} rolls {n} for the start.", who=say.who(say.e["seat"]), n=say.e["die"])]


def _first_player(say: _Say) -> list[str]:
    return [say("{who} starts.", who=say.who(say.e["seat"]))]


def _start_tie(say: _Say) -> list[str]:
    return [say("Tie: {seats} roll again.", seats=join([say.who(k) for k in say.e["seats"]], say.lang))]


def _coop(say: _Say) -> list[str]:
    e = say.e
    return [say("{who} now has {coop}.", who=say.who(e["seat"]), coop=coop_words(e, say.lang, True))]


def _game_over(say: _Say) -> list[str]:
    e = say.e
    if e["reason"] == "nine_hens":
        return [say("{who} has 9 hens and wins!", who=say.who(e["winners"][0]))]
    return [say("The turn limit is reached; most hens win: {seats}.",
                seats=join([say.who(k) for k in e["winners"]], say.lang))]


EVENT_LINES: dict[str, Callable[[_Say], list[str]]] = {
    "start_roll": _start_roll, "start_tie": _start_tie, "first_player": _first_player, "roll": _roll,
    "turn_passed": _turn_passed, "exchange": _exchange, "dice_rolled": _dice_rolled, "gain": _gain,
    "develop": _develop, "gain_dropped": _gain_dropped, "theft_due": _theft_due, "theft": _theft,
    "rooster_block": _rooster_block, "hens_due": _hens_due, "hens_unpaid": _hens_unpaid, "gift_due": _gift_due,
    "gift_none": _gift_none, "gift": _gift, "hard_times": _hard_times, "bird_flu": _bird_flu,
    "quarantine": _quarantine, "flu_loss": _flu_loss, "fox": _fox, "announce_due": _announce_due,
    "announced": _announced, "reroll": _reroll, "reroll_void": _reroll_void, "take_limited": _take_limited,
    "hens_taken": _hens_taken, "robbed": _robbed, "rob_nothing": _rob_nothing, "coop": _coop,
    "game_over": _game_over,
}
"""Event kind (:mod:`herna.games.kurnik.events`) to its sentences."""


def describe_event(event: dict, viewer: int | None, style: Voice) -> list[str]:
    """The sentences of one engine event (``{"seq", "kind", ...fields}``)
    for ``viewer`` (``None``: a spectator), in ``style.lang``.

    >>> import herna
    >>> s = herna.load("kurnik", players=2, first_player=0).new_initial_state()
    >>> s.apply_action("dice 5 2")
    >>> for e in s.events():
    ...     for line in describe_event(e, None, Voice.make("en")): print(line)
    Seat 1 rolls 5 and 2.
    The 5 pays a chick.
    The 2 pays an egg.
    Seat 1 now has 0 hens, 1 chick, 1 egg, 7 free places.
    """
    say = EVENT_LINES.get(event["kind"])
    return say(_Say(event, viewer, style)) if say else []


# ----- what happened, briefly ----------------------------------------------------------------

_GROWS = {"hen": N_("a chick grows into a hen"), "chick": N_("an egg grows into a chick")}
"""K-7.1 as part of a roll's brief line: the card a die grew into."""
_NO_ROOM = {"egg": N_("no room for an egg"), "chick": N_("no room for a chick"), "hen": N_("no room for a hen")}
_NONE_LEFT = {"egg": N_("no egg left in the supply"), "chick": N_("no chick left in the supply"),
              "hen": N_("no hen left in the supply")}
"""K-5.3, K-7.3 as part of a roll's brief line: a die that paid nothing, and why."""
_FOLDED = ("gain", "develop", "gain_dropped", "theft_due", "coop", "hens_due", "roll")
"""Kinds with no brief line of their own: what a die paid is in its roll's line (K-4.1), no coop recaps,
no "your turn" (the prompt says it)."""


def _piece(e: dict, lang: str) -> str | None:
    """What one die of a roll did, as a part of the roll's brief line
    (``a hen``, ``a chick grows into a hen``, ``no room for an egg``), or
    ``None`` for an event that is no die's result."""
    kind = e["kind"]
    if kind == "gain":
        return card(CARD_OF[e["card"]], lang, SUBJECT)
    if kind == "develop":
        return text(lang, _GROWS[e["card"]])
    if kind == "gain_dropped" and e["die"] is not None:
        if e["reason"] == "no_place":
            return text(lang, _NO_ROOM[e["card"]])
        if e["reason"] == "supply_empty":
            return text(lang, _NONE_LEFT[e["card"]])
        return text(lang, "no hen anywhere")
    if kind == "theft_due" and e["source"] == "die":
        return text(lang, "a hen from another player (the supply is empty)")
    return None


def _brief_roll(e: dict, pieces: list[str], viewer: int | None, st: Voice) -> str:
    """K-4.1: a roll and what its dice paid, in one line: ``Eva rolls 6 and 3: a hen and an egg.``"""
    high, low = e["dice"]
    kinds = [kind for kind in KINDS if card(kind, st.lang, SUBJECT) == pieces[0]] if pieces else []
    if len(pieces) == 2 and pieces[0] == pieces[1]:  # "2 eggs", not "an egg and an egg"
        pieces = [count(2, kinds[0], st.lang) if kinds else text(st.lang, "{piece}, twice", piece=pieces[0])]
    result = join(pieces, st.lang) or text(st.lang, "nothing")
    return st.say(e["seat"], viewer, N_("{who} rolls {a} and {b}: {result}."), N_("You roll {a} and {b}: {result}."),
                  a=high, b=low, result=result)


_DOUBLE_GIFT = {1: N_("an egg to give"), 2: N_("a chick to give"), 3: N_("a hen to give")}
_NO_GIFT = {1: N_("no egg to give"), 2: N_("no chick to give"), 3: N_("no hen to give")}
"""K-4.2 as what a double 1-1, 2-2 or 3-3 did, in a roll's brief line."""


_EXCHANGES = {
    ("hen", True): (N_("{who} exchanges 5 hens for a rooster (it stops 3 theft attempts)."),
                    N_("You exchange 5 hens for a rooster (it stops 3 theft attempts).")),
    ("egg", True): (N_("{who} exchanges 3 eggs for a chick."), N_("You exchange 3 eggs for a chick.")),
    ("egg", False): (N_("{who} returns 3 eggs, but the supply has no chick: nothing is received."),
                     N_("You return 3 eggs, but the supply has no chick: nothing is received.")),
    ("chick", True): (N_("{who} exchanges 3 chicks for a hen."), N_("You exchange 3 chicks for a hen.")),
    ("chick", False): (N_("{who} returns 3 chicks for a hen, but the supply has none."),
                       N_("You return 3 chicks for a hen, but the supply has none.")),
}
"""K-6: an exchange in a brief line, ``(paid, got something)`` -> (said of another seat, said of yours)."""


_ANNOUNCED = {
    "take": (N_("{who} announces: take the hens."), N_("You announce: take the hens.")),
    "rob all": (N_("{who} announces: rob everyone."), N_("You announce: rob everyone.")),
    "rob": (N_("{who} announces: rob {victim}."), N_("You announce: rob {victim}.")),
}
"""K-4.5, K-9.1: a 6-6 announcement in a brief line, choice -> (said of another seat, said of yours); the
victim of ``rob`` (Czech: in the genitive, the catalog's ``{victim_gen}``)."""


def _double(e: dict, lang: str) -> str | None:
    """What a double did (K-4.2-K-4.5, K-9.4), as the result of a roll's
    brief line (``a hen to give``, ``bird flu, one more die``);
    ``None`` for an event that is no double's."""
    kind = e["kind"]
    if kind == "gift_due":
        return text(lang, _DOUBLE_GIFT[e["dice"][0]])
    if kind == "gift_none":
        return text(lang, _NO_GIFT[e["dice"][0]])
    if kind == "hard_times":
        if not e["eggs"]:
            return text(lang, "hard times, no eggs to return")
        return text(lang, "hard times, {count} back to the supply", count=count(e["eggs"], "eggs", lang))
    if kind == "bird_flu":
        return text(lang, "bird flu, one more die")
    if kind == "fox":
        if e["rooster"]:
            return text(lang, "the fox, driven away by the rooster")
        if not e["hens"]:
            return text(lang, "the fox, but no hens")
        return text(lang, "the fox, {count} to the supply", count=count(e["hens"], "hens", lang))
    if kind == "announce_due":
        return text(lang, "take the hens or rob")
    return None


def _brief_one(e: dict, viewer: int | None, st: Voice) -> list[str]:
    """The brief line of an event said on its own: shorter words for the
    common ones, the full sentence for the rare ones (a theft stopped, hens
    not paid), nothing for a recap."""
    kind, lang = e["kind"], st.lang
    if kind in _FOLDED:
        return []
    double = _double(e, lang)
    if double is not None:
        high, low = e["dice"]
        return [st.say(e["seat"], viewer, N_("{who} rolls {a} and {b}: {result}."),
                       N_("You roll {a} and {b}: {result}."), a=high, b=low, result=double)]
    if kind == "exchange":
        third, second = _EXCHANGES[e["paid"], e["got"] is not None or e["paid"] == "hen"]  # as the full line
        return [st.say(e["seat"], viewer, third, second)]
    if kind == "start_roll":  # K-2.1: each start roll, in the words of a roll (yours as yours)
        return [st.say(e["seat"], viewer, N_("{who} rolls {n} for the start."), N_("You roll {n} for the start."),
                       n=e["die"])]
    if kind == "first_player":
        return [st.say(e["seat"], viewer, N_("{who} starts."), N_("You start."))]
    if kind == "turn_passed":
        return [st.say(e["seat"], viewer, N_("{who} is in quarantine and does not roll."),
                       N_("You are in quarantine and do not roll."))]
    if kind == "start_tie":
        return [text(lang, "Tie: {seats} roll again.", seats=join([st.you_or_name(k, viewer) for k in e["seats"]],
                                                                   lang))]
    if kind == "quarantine":
        return [text(lang, "Bird-flu die {n}: quarantine for {who}.", n=e["die"],
                     who=st.you_or_case(e["seat"], viewer, "gen"))]
    if kind == "flu_loss":
        if not e["count"]:
            return [text(lang, "Bird-flu die {n}: nothing to lose.", n=e["die"])]
        return [text(lang, "Bird-flu die {n}: {count} from {who} to the supply.", n=e["die"],
                     count=count(e["count"], CARD_OF[e["card"]], lang), who=st.you_or_case(e["seat"], viewer, "gen"))]
    if kind == "theft":
        return [st.say(e["thief"], viewer, N_("{who} takes a hen from {victim}."),
                       N_("You take a hen from {victim}."), victim=st.you_or_case(e["victim"], viewer, "dat"))]
    if kind == "announced":  # K-4.5: your own in the second person
        third, second = _ANNOUNCED[e["choice"]]
        victim = st.you_or_case(e["victim"], viewer, "gen") if e["choice"] == "rob" else ""
        return [st.say(e["seat"], viewer, third, second, victim=victim, victim_gen=victim)]
    if kind == "take_limited" and not e["free"]:
        return [st.say(e["seat"], viewer, N_("{who} has no free place: no hen taken."),
                       N_("You have no free place: no hen taken."))]
    if kind == "gift" and not e["returned"]:
        return [st.say(e["seat"], viewer, N_("{who} gives {card} to {to}."), N_("You give {card} to {to}."),
                       card=card(CARD_OF[e["card"]], st.lang), to=st.you_or_case(e["to"], viewer, "dat"),
                       to_dat=st.you_or_case(e["to"], viewer, "dat"))]
    if kind == "gift":  # a gift that found no place (K-4.2): where it went is the point, in one line
        return [st.say(e["seat"], viewer, N_("{who} gives {card} to {to}, but that coop is full: back to the supply."),
                       N_("You give {card} to {to}, but that coop is full: back to the supply."),
                       card=card(CARD_OF[e["card"]], st.lang), to=st.you_or_case(e["to"], viewer, "dat"))]
    return describe_event(e, viewer, st)[:1]  # a rare event: its first sentence


def brief_events(events: list[dict], viewer: int | None, style: Voice) -> list[list[str]]:
    """The brief lines of each of ``events`` (aligned with them; ``[]`` for
    an event not said briefly): one line per roll with what its dice paid
    (``Eva rolls 6 and 3: a hen and an egg.``; events of one action are read
    together), no coop recaps, the rare events (doubles, thefts, roosters)
    in their full sentence."""
    out: list[list[str]] = [[] for _ in events]
    for group in group_by_seq(events):
        roll = next((i for i in group if events[i]["kind"] == "dice_rolled"
                     and events[i]["dice"][0] != events[i]["dice"][1]), None)
        folded: set[int] = set()
        if roll is not None:
            pieces = []
            others = events[roll]["seat"] != viewer
            for i in group:
                piece = _piece(events[i], style.lang) if i > roll else None
                if piece is not None:
                    folded.add(i)
                    if not (others and events[i]["kind"] == "gain_dropped"):
                        pieces.append(piece)  # another's die that paid nothing: not said (its coop says why)
            out[roll] = [_brief_roll(events[roll], pieces, viewer, style)]
        for i in group:
            if i == roll or i in folded:
                continue
            kind = events[i]["kind"]
            if kind in ("gain", "develop", "gain_dropped"):  # a die paid after a theft: its own line
                out[i] = describe_event(events[i], viewer, style)
            else:
                out[i] = _brief_one(events[i], viewer, style)
        _fold_rob_all(events, group, out, viewer, style)
    return out


def _fold_rob_all(events: list[dict], group: list[int], out: list[list[str]], viewer: int | None,
                  st: Voice) -> None:
    """K-4.5 "rob all": what every robbed seat returns, in one line on the
    first of them (``Back to the supply: 3 hens from you, 3 hens from Tom.``,
    your own first) instead of a line per seat. In place on ``out``."""
    robbed = [i for i in group if events[i]["kind"] == "robbed" and events[i]["mode"] == "all"]
    if len(robbed) < 2:
        return
    lang = st.lang
    by_seat = {events[i]["victim"]: events[i] for i in robbed}
    parts = [text(lang, "{count} from {who}", count=count(by_seat[s]["hens"], "hens", lang),
                  who=st.you_or_case(s, viewer, "gen")) for s in st.order(list(by_seat), viewer)]
    out[robbed[0]] = [text(lang, "Back to the supply: {list}.", list=", ".join(parts))]
    for i in robbed[1:]:
        out[i] = []


def sheet_row(event: dict) -> tuple[int | None, list[int], list[int]] | None:
    """A score sheet's row from ``game_over``: ``(None, hens, hens)`` (Kurník
    keeps no score between turns: the sheet has one row, at the end, K-1.4;
    its period is the turn the game ended in, which the event does not
    hold); ``None`` for other events."""
    if event["kind"] != "game_over":
        return None
    return None, list(event["scores"]), list(event["scores"])


def prompt_line(view: dict, seat: int, style: Voice, legal: list[str] | None = None) -> str:
    """What the seat is to do now, in one short line (the brief prompt):
    ``Your turn: roll or exchange.`` (K-3.1), ``Give an egg to whom?`` (K-4.2),
    ``Double six: take the hens or rob?`` (K-4.5), ``Take a hen from whom?`` (K-5.2)."""
    lang = _lang(style.lang)
    legal = legal or []
    phase = view.get("phase")
    pending = view.get("pending") or {}
    if phase == "give":
        return text(lang, "Give {card} to whom?", card=card(CARD_OF.get(pending.get("give", "egg"), "eggs"), lang))
    if phase == "announce":
        return text(lang, "Double six: take the hens or rob?")
    if phase == "steal":
        return text(lang, "Take a hen from whom?")
    if "pass" in legal:
        return text(lang, "Quarantine: no roll this turn; pass or exchange.")
    if "roll" in legal:
        return text(lang, "Your turn: roll or exchange.")
    return phase_words(view, lang, style)


# ----- the table ------------------------------------------------------------------------------

_PHASES = {
    "start": N_("start rolls: chance"),
    "turn": N_("{who} chooses: roll or exchange"),
    "dice": N_("{who} rolls two dice"),
    "give": N_("{who} must choose who gets {card}"),
    "bird_flu": N_("bird flu: {who} rolls one more die"),
    "announce": N_("double six: {who} announces take, rob all or rob one before rolling again"),
    "reroll": N_("{who} rolls again to {choice}"),
    "steal": N_("the supply has no hens: {who} names whom to take a hen from (thief rule)"),
    "over": N_("game over"),
}


def _pending_choice(pending: dict, st: Voice) -> str:
    action = pending.get("reroll", "take")
    if action.startswith("rob ") and action != "rob all":
        return choice_words("rob", int(action.split()[1]), st)
    return choice_words(action, None, st)


def phase_words(view: dict, lang: str, style: Voice | None = None) -> str:
    """What the table waits for, in words."""
    st = style or Voice.make(lang)
    lang = _lang(lang)
    who = st.seat(view["turn_player"], view.get("seat")) if view.get("turn_player") is not None else ""
    pending = view.get("pending") or {}
    gift = card(CARD_OF[pending["give"]], lang) if "give" in pending else ""
    choice = _pending_choice(pending, st) if "reroll" in pending else ""
    phase = view.get("phase", "")
    return text(lang, _PHASES[phase], who=who, card=gift, choice=choice) if phase in _PHASES else phase


def rooster_words(coop: dict, lang: str) -> str:
    """K-9.2: ``yes, stops 2 more`` / ``dead`` / ``none``."""
    lang = _lang(lang)
    if coop.get("rooster"):
        return text(lang, "yes, stops {n} more", n=3 - coop["rooster_blocks"])
    return ptext(lang, "rooster", "dead") if coop.get("rooster_dead") else ptext(lang, "rooster", "none")


def roll_words(roll: list[int] | None, lang: str, plain: bool = False) -> str:
    """``6 and 3`` / ``5 and 5, extra die 2`` / ``6 and 6, re-roll 5 and 1 (difference 4)``,
    each with its die faces (⚅⚂) unless ``plain``."""
    lang = _lang(lang)
    if not roll:
        return text(lang, "no roll yet")

    def faces(*dice: int) -> str:
        return "" if plain else " " + "".join(DIE_FACES[d] for d in dice)

    out = text(lang, "{a} and {b}", a=roll[0], b=roll[1]) + faces(roll[0], roll[1])
    if len(roll) == 3:
        out += ", " + text(lang, "extra die {n}", n=roll[2]) + faces(roll[2])
    elif len(roll) == 4:
        out += (", " + text(lang, "re-roll {a} and {b}", a=roll[2], b=roll[3]) + faces(roll[2], roll[3])
                + " " + text(lang, "(difference {d})", d=abs(roll[2] - roll[3])))
    return out


def coops_table(view: dict, seat: int | None, st: Voice, labels: list[str] | None = None):
    """Every coop: its places as letters (not in plain mode), in words, the
    rooster (with variant K-9.2 only) and a status (to move, quarantine, winner)."""
    lang = _lang(st.lang)
    roosters = roosters_in_play(view)
    mover = view.get("turn_player")
    rows = []
    for k in range(view["players"]):
        coop = view["coops"][k]
        status = []
        if k in view["winners"]:
            status.append(text(lang, "WINNER"))
        elif k == mover and not view["terminal"]:
            status.append(text(lang, "to move"))
        if k in view["quarantined"]:
            status.append(text(lang, "quarantine"))
        row: list[Any] = [st.seat(k, seat, labels[k] if labels else None), coop_words(coop, lang),
                          rooster_words(coop, lang), ", ".join(status)]
        if not roosters:
            del row[2]
        if not st.plain:
            row.insert(1, coop_glyphs(coop, lang))
        rows.append(row)
    columns = ["", text(lang, "holds"), ptext(lang, "column", "rooster"), text(lang, "status")]
    if not roosters:
        del columns[2]
    if not st.plain:
        columns.insert(1, text(lang, "coop (9 places)"))
    return st.table(columns, rows)


def roosters_in_play(view: dict) -> bool:
    """Whether roosters are in the game (variant K-9.2): only then does a
    screen speak of them."""
    return bool(view.get("options", {}).get("dead_rooster"))


def last_roll_line(view: dict, st: Voice) -> Line:
    """``Last roll, Seat 2: 6 and 3`` (no brackets: a seat's name may hold its own)."""
    lang = _lang(st.lang)
    roller = view.get("last_roller")
    words = roll_words(view["last_roll"], lang, st.plain)
    if roller is not None and view["last_roll"]:
        return Line(text(lang, "Last roll, {who}: {roll}", who=st.seat(roller, view.get("seat")), roll=words))
    return Line(f"{text(lang, 'Last roll')}: {words}")


def render(view: dict, seat: int | None, lang: str = "en", labels: list[str] | None = None,
           style: Voice | None = None) -> list[Block]:
    """The whole table for ``seat`` (``None``: a spectator), as blocks.

    Every coop is a row: its 9 places as letters (left out in plain mode),
    then the same in words, the rooster (K-9.2) and a status (to move,
    quarantine, winner)."""
    st = style or Voice.make(lang)
    lang = _lang(lang)
    parts: list[Block] = [Line(st.sep.join([text(lang, "Full henhouse (Plný kurník)"),
                                            text(lang, "turn {n}", n=view.get("turn", 0)),
                                            phase_words(view, lang, st)]), "heading"),
                          coops_table(view, seat, st, labels)]
    if not st.plain:
        parts.append(Line(text(lang, "H hen, C chick, E egg, · free place"), "dim"))
    parts.append(last_roll_line(view, st))
    supply = view["supply"]
    kinds = ["hens", "chicks", "eggs"] + (["roosters"] if view.get("options", {}).get("dead_rooster") else [])
    parts.append(Line(f"{text(lang, 'Supply')}: " + ", ".join(count(supply[k], k, lang) for k in kinds)))
    box = view.get("box") or {}
    if box.get("hens") or (box.get("roosters") and view.get("options", {}).get("dead_rooster")):
        shown = [count(box[k], k, lang) for k in ("hens", "roosters") if box.get(k)]
        parts.append(Line(f"{text(lang, 'Out of the game (box)')}: " + ", ".join(shown), "dim"))
    if view["quarantined"]:
        parts.append(Line(f"{text(lang, 'In quarantine (no roll in the next turn)')}: "
                          + ", ".join(st.seat(k) for k in view["quarantined"])))
    if view.get("start_rolls") and view.get("turn", 0) <= 1:
        rolls = view.get("start_rolls") or []
        shown = [f"{st.seat(k)}: {r}" for k, r in enumerate(rolls) if r]
        if shown:
            parts.append(Line(f"{text(lang, 'Start rolls (highest starts)')}: " + "; ".join(shown)))
    return parts  # the end of the game and its winner are told by play and replay


# ----- the compact status at a prompt, the prompt's commands, the menu's labels ---------------

def _your_coop(coop: dict, lang: str) -> str:
    return f"{text(lang, 'Your coop')}: {coop_words(coop, lang)}"


def status(view: dict, seat: int, style: Voice) -> list[Line]:
    """The seat's prompt in a few lines: the turn and what it waits for, the
    seat's coop in words, every seat's hens (9 win, K-1.4), the last roll."""
    st = style
    lang = _lang(st.lang)
    coop = view["coops"][seat]
    mine = _your_coop(coop, lang)
    if coop.get("rooster"):
        mine += f"; {ptext(lang, 'column', 'rooster')}: {rooster_words(coop, lang)}"
    hens = "; ".join(f"{st.seat(k, seat)}: {view['coops'][k]['hens']}" for k in range(view["players"]))
    return [Line(st.sep.join([text(lang, "turn {n}", n=view.get("turn", 0)), phase_words(view, lang, st)]),
                 "heading"),
            Line(mine), Line(f"{text(lang, 'Hens (9 win)')}: {hens}"), last_roll_line(view, st)]


def hand_lines(view: dict, seat: int, style: Voice, *, mine: bool = True) -> list[Line]:
    """The ``hand`` command: the seat's coop in words and its rooster.
    ``mine`` false (a replay showing every seat): the line names the seat
    (``Seat 2's coop``) instead of ``Your coop``."""
    lang = _lang(style.lang)
    coop = view["coops"][seat]
    if mine:
        title = _your_coop(coop, lang)
    else:
        title = text(lang, "{who}'s coop", who=style.seat_case(seat, "gen")) + ": " + coop_words(coop, lang)
    if not roosters_in_play(view):
        return [Line(title)]
    return [Line(f"{title}; {ptext(lang, 'column', 'rooster')}: {rooster_words(coop, lang)}")]


def scores_lines(view: dict, seat: int, style: Voice) -> list:
    """The ``scores`` command: every coop (hens count; 9 hens win)."""
    return [coops_table(view, seat, style)]


def last_lines(view: dict, seat: int, style: Voice) -> list[Line]:
    """The ``last`` command: the last roll and who rolled it."""
    return [last_roll_line(view, style)]


ACTION_WORDS = {
    "roll": N_("roll the dice"), "pass": N_("skip the roll: quarantine"),
    "exchange eggs": N_("3 eggs for a chick"), "exchange chicks": N_("3 chicks for a hen"),
    "exchange hens": N_("5 hens for a rooster"), "take": N_("take the hens"), "rob all": N_("rob everyone"),
}
"""Words for a menu entry without a seat (context ``menu``)."""

COMMAND_HELP = {"hand": N_("your coop"), "last": N_("the last roll"), "scores": N_("every coop (9 hens win)"),
                "coops": N_("every coop (9 hens win)")}
"""What the prompt's commands show in Kurník's own words."""
SECTIONS = {"turn": (("roll", "turn_passed"), ())}
"""The part of the game a history can jump to the start of
(:class:`herna.text.history.History`): a turn opens when its player rolls
(K-3.1) or passes it in quarantine (K-11.3); an exchange before the roll
(K-6.1) is said just before that start."""
READOUTS = {"coops": "scores_lines"}
"""Kurník's own readouts: command -> the function that says it (every coop)."""


def action_label(action: str, view: dict, style: Voice) -> str | None:
    """Words for a menu entry, in every language: for an action string that
    names a seat (the strings count seats from 0) ``give 2`` -> ``give an
    egg to Seat 3``, ``rob 1`` -> ``rob Seat 2``, ``steal 0`` -> ``take a
    hen from Seat 1``; for the others what they do (``roll`` -> ``roll the
    dice``, Czech ``hodit kostkami``)."""
    verb, _, arg = action.partition(" ")
    lang = _lang(style.lang)
    if action in ACTION_WORDS:
        return ptext(lang, "menu", ACTION_WORDS[action])
    if not arg.isdigit():
        return None
    k = int(arg)
    if verb == "give":
        kind = CARD_OF.get((view.get("pending") or {}).get("give", "egg"), "eggs")
        return text(lang, "give {card} to {who}", card=card(kind, lang), who=style.seat_case(k, "dat"))
    if verb == "rob":
        return text(lang, "rob {who}", who=style.seat_case(k, "gen"))
    if verb == "steal":
        return text(lang, "take a hen from {who}", who=style.seat_case(k, "dat"))
    return None


def deal_key(view: dict):
    """Kurník is one long game: the whole table is shown at the start and on ``table``."""
    return None


# ----- help ----------------------------------------------------------------------------

_HELP = {
    "roll": N_("roll: roll two dice (see the dice below)."),
    "pass": N_("pass: you are in quarantine (bird flu) and may not roll this turn; pass ends the turn."),
    "exchange eggs": N_("exchange eggs: give back 3 eggs, get 1 chick (you have {eggs})."),
    "exchange chicks": N_("exchange chicks: give back 3 chicks, get 1 hen (you have {chicks}); if the supply has "
                          "no hen, you take one from another player (thief rule)."),
    "exchange hens": N_("exchange hens: give back 5 hens, get a rooster (you have {hens}; 9 hens win). The "
                        "rooster takes no place and stops the next 3 theft attempts against you; the third "
                        "kills it. A rooster is not worth 5 hens when you are close to 9."),
    "take": N_("take: you get D hens, D being the difference of the next roll (0 to 5, about 2 on average), "
               "only into free places (you have {free})."),
    "rob all": N_("rob all: every other player gives D hens back to the supply (or all they have); "
                  "a rooster stops it."),
}


def _seat_help(verb: str, k: int, view: dict, st: Voice, free: str) -> str | None:
    """The help line of ``give k``, ``rob k`` or ``steal k``."""
    lang = _lang(st.lang)
    c = view["coops"][k]
    fields = {"k": k, "who": st.seat(k), "dat": st.seat_case(k, "dat"), "free": free,
              "hens": count(c["hens"], "hens", lang)}
    if verb == "give":
        kind = CARD_OF.get((view.get("pending") or {}).get("give", "egg"), "eggs")
        msgid = (N_("give {k}: give {card} to {who} ({coop}); the coop is full, so the card goes back to the "
                    "supply.") if c["free"] == 0 else N_("give {k}: give {card} to {who} ({coop})."))
        return text(lang, msgid, card=card(kind, lang), coop=coop_words(c, lang), **fields)
    if verb == "rob":
        if not c["hens"]:
            return text(lang, "rob {k}: {who} has no hens, so nothing would be taken.", **fields)
        msgid = (N_("rob {k}: {who} ({hens}, has a rooster that stops it) gives up D hens; you keep as many as "
                    "fit (you have {free}), the rest go to the supply.") if c["rooster"] else
                 N_("rob {k}: {who} ({hens}) gives up D hens; you keep as many as fit (you have {free}), the rest "
                    "go to the supply."))
        return text(lang, msgid, **fields)
    if verb == "steal":
        msgid = (N_("steal {k}: take one hen from {who} ({hens}, has a rooster that stops it).") if c["rooster"]
                 else N_("steal {k}: take one hen from {who} ({hens})."))
        return text(lang, msgid, **fields)
    return None


def help_text(view: dict, lang: str, style: Voice | None = None, *, legal: list[str] | None = None,
              typed: bool = True) -> str:
    """What each choice in ``legal`` (the legal action strings of the
    decision, from the engine) means, with the counts that matter for it;
    then the dice table in two lines and where the full rules are.
    ``typed`` false (a screen where nobody types an action, the web page):
    each choice without the action it is typed as (``give 1: ``), no
    ``herna rules`` command."""
    st = style or Voice.make(lang)
    lang = _lang(lang)
    p = view.get("seat", view.get("turn_player"))
    lines = []
    if legal and p is not None:
        me = view["coops"][p]
        free = count(me["free"], "free", lang, True)
        lines.append(text(lang, "What your choices mean now:"))
        for action in legal:
            verb, _, arg = action.partition(" ")
            if action in _HELP:
                line = text(lang, _HELP[action], eggs=count(me["eggs"], "eggs", lang, True),
                            chicks=count(me["chicks"], "chicks", lang, True),
                            hens=count(me["hens"], "hens", lang, True), free=free)
            elif arg.isdigit() and int(arg) < view["players"]:
                line = _seat_help(verb, int(arg), view, st, free) or ""
            else:
                continue
            if not typed and ": " in line:  # "give 1: give a chick to Eva" -> "Give a chick to Eva"
                line = line.split(": ", 1)[1]
                line = line[:1].upper() + line[1:]
            lines.append("  " + line)
        pending = view.get("pending") or {}
        if view.get("phase") == "steal" and pending.get("steal"):
            lines.append(text(lang, "The supply has no hens; you are due {count}, one at a time.",
                              count=count(pending["steal"], "hens", lang, True)))
    lines.append(text(lang, "Dice: 1, 2 or 3 pays an egg, 4 or 5 a chick, 6 a hen; each die on its own, the hen "
                            "first. Without a free place a die grows a card one step instead (a chick into a hen, "
                            "an egg into a chick) or is dropped."))
    fox = (N_("6-6: the fox takes all your hens unless you have a rooster.") if roosters_in_play(view)
           else N_("6-6: the fox takes all your hens."))
    six = (fox if view["options"].get("six_six") == "fox"
           else N_("6-6: announce take or rob, then roll again for the difference."))
    lines.append(text(lang, "Doubles: 1-1, 2-2, 3-3: give an egg, a chick, a hen to another player; 4-4: all your "
                            "eggs go back; 5-5 bird flu, one more die: 1 to 3 quarantine, 4 or 5 all chicks go, 6 "
                            "all hens go; {six}", six=text(lang, six)))
    if typed:
        lines.append(t("rules_more", lang, game="kurnik"))  # --spec, --rulebook: herna rules' own words
    return "\n".join(lines)


def where(view: dict, lang: str) -> str:
    """Where a decision was taken, for a review (the view just before it):
    ``turn 41`` (the table's turns counted from 1, K-3.1)."""
    return text(_lang(lang), "turn {n}", n=view["turn"])
