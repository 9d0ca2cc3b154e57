"""Ugo!'s words: every kingdom, the trick and the seat's hand, as one seat
(or a spectator) sees it (read from views); the sentences of every engine
event (:mod:`herna.games.ugo.events`), in full (:func:`describe_event`:
every card played, every card that goes onto a field, every farmer paid,
placed or lost, each round's scores with the reason of every field's score)
and briefly (:func:`brief_events`: a finished trick with what it paid in one
line, a round's end as one line of scores and totals, your own first); help
on the current decision (``help_text``). Every text comes from the message
catalogs (:mod:`herna.core.catalog`; Czech in
``herna/games/ugo/locale/cs.po``), cards by name (``red 5``, Czech
``červená 5``, declined: ``hraje modrou 1``).

Plain words first (a screen reader reads them well): colours are written
out and farmers are numbers ("2/3"); colour styling (span roles
``colour-red`` ...) only adds.
"""

from __future__ import annotations

import functools
from typing import Callable

from herna.core.catalog import N_, ntext, text
from herna.games.ugo.cards import COLOURS, LAND_NAMES, NUM_VALUES
from herna.games.ugo.fields import (
    DEFAULT_LOW_CARD_FARMERS, EMPTY_BONUS, FIELD_NAMES, LOW_CARD_VALUES, PENALTY_PER_EMPTY_PLACE, WIN_FARMERS,
)

from .cards import cards_label, group_by_seq
from .declension import decline
from .spans import LOOKS, Block, Line
from .tricks import card_line, cards_line, played, to_move, trick_parts, trick_taken
from .i18n import t
from .voice import Voice

LOOKS.update({"colour-red": "red", "colour-green": "green", "colour-blue": "blue", "colour-yellow": "yellow",
              "colour-grey": "bright_black"})
COLOUR_CONTEXT = "colour"
"""Catalog context of the colour names (``ptext(lang, "colour", "red")``;
with a case, their declension: :mod:`herna.text.declension`)."""
SECTIONS = {"trick": (("card_played",), ("trick_won",)), "round": (("round_started",), ())}
"""The parts of the game a history can jump to the start of
(:class:`herna.text.history.History`): a trick opens at its first card and
closes when it is won; a round opens when it starts."""
PHASE_WORDS = {"deal": N_("dealing"), "play": N_("playing a trick"), "open": N_("ordering new colours"),
               "farm": N_("placing farmers"), "over": N_("game over")}
"""The view's ``phase`` in words (catalog message ids)."""


def card_name(card: str, lang: str, case: str = "nominative") -> str:
    """A card code's name in ``lang`` and ``case`` (U-1.1): ``red5`` ->
    ``red 5``, Czech ``červená 5`` (accusative ``červenou 5``)."""
    colour = card.rstrip("0123456789")
    return f"{colour_word(colour, lang, case=case)} {card[len(colour):]}"


@functools.cache
def card_names(lang: str, case: str = "nominative") -> dict[str, str]:
    """Card code -> its name in ``lang`` and ``case`` (:func:`card_name`)."""
    return {f"{colour}{value}": card_name(f"{colour}{value}", lang, case)
            for colour in COLOURS for value in range(NUM_VALUES)}


def names(cards: list[str], lang: str, case: str = "nominative") -> str:
    """Cards by name, separated by commas: ``red 5, blue 0``."""
    return ", ".join(card_name(card, lang, case) for card in cards)


def colour_word(colour: str | None, lang: str, dash: str = "—", case: str = "nominative") -> str:
    """A colour id (``red``) as a word in ``lang`` and ``case``; ``dash`` for none."""
    if colour is None:
        return dash
    return decline(lang, COLOUR_CONTEXT, colour, case)


def colours_words(colours: list[str], lang: str) -> str:
    return ", ".join(colour_word(c, lang) for c in colours)


def role(card: str) -> str:
    """The span role of a card or colour (its colour in the terminal)."""
    return "colour-" + card.rstrip("0123456789")


def card_text(card: str | None, st: Voice, dash: str = "—") -> Line:
    """A card by name, styled in its colour (``dash`` for none)."""
    return card_line(card, st, card_name, role, dash)


def cards_text(cards: list[str], st: Voice, dash: str = "—") -> Line:
    """Cards by name, separated by commas, styled in their colours (``dash`` for none)."""
    return cards_line(cards, st, card_name, role, dash)


def _kingdom_table(view: dict, s: int, st: Voice, viewer: int | None, labels):
    lang = st.lang
    title = text(lang, "Kingdom of {who}", who=st.seat(s, viewer, labels[s] if labels else None))
    rows = []
    for field in view["kingdoms"][s]:
        colour = field["colour"]
        if colour is None:
            colour_cell = Line(text(lang, "no colour"), "dim")
        else:
            colour_cell = Line(colour_word(colour, lang), role(colour))
            colour_cell.append(f" ({LAND_NAMES[COLOURS.index(colour)]})", "dim")
        farmers = f"{field['farmers']}/{field['places']}"
        if field["farmers"] == field["places"]:
            farmers += " " + text(lang, "full")
        score = field["score"]
        blank = st.plain and not field["cards"]  # plain: "B: colour empty, farmers 1/1 full, ..."
        rows.append([field["field"], colour_cell, "" if blank else card_text(field["top_card"], st, st.dash), farmers,
                     Line(f"{score:+d}" if score else "0", "bad" if score < 0 else None),
                     "" if blank else cards_text(field["cards"], st, st.dash)])
    columns = (text(lang, "field"), text(lang, "colour"), text(lang, "top card"), text(lang, "farmers"),
               text(lang, "score now"), text(lang, "pile (bottom first)"))
    return st.table(columns, rows, title=title)


def pending_note(view: dict, lang: str, style: Voice | None = None) -> str | None:
    """Says that the "if the round ended now" scores leave out the waiting
    new colours and the farmers not yet placed (which fields they go to is
    still to be chosen); ``None`` when nothing waits."""
    st = style or Voice.make(lang)
    pending = []
    if view["waiting_colours"]:
        pending.append(text(lang, "the new colours waiting for a field ({colours})",
                            colours=colours_words(view["waiting_colours"], lang)))
    if view["farmers_to_place"]:
        pending.append(text(lang, "the farmers still to be placed ({list})", list=", ".join(
            f"{st.seat(e['seat'])}: {e['farmers']}" for e in view["farmers_to_place"])))
    if not pending:
        return None
    return text(lang, "Note: \"if the round ended now\" and \"score now\" count only what is already on the "
                      "fields, not yet {pending}.", pending=text(lang, " or ").join(pending))


def trick_words(view: dict, lang: str) -> str:
    """Where the round is: ``trick 2/10`` while a trick is played; while the
    new colours are ordered and farmers placed, ``after trick 2/10`` (U-2.5:
    between two tricks; the view's ``trick_number`` is then already the next
    trick's, and every hand holds one card fewer per trick done)."""
    if view["phase"] in ("open", "farm") and view.get("hand_sizes"):
        done = 10 - max(view["hand_sizes"])
        return text(lang, "after trick {trick}/10", trick=done)
    return text(lang, "trick {trick}/10", trick=view["trick_number"])


def header(view: dict, st: Voice) -> Line:
    """``Round 1/4 · trick 2/10 · now: playing a trick · farmers left: 12``
    (``after trick 2/10`` while farmers are placed, :func:`trick_words`)."""
    lang = st.lang
    phase = text(lang, PHASE_WORDS[view["phase"]])
    parts = [text(lang, "Round {round}/{rounds}", round=view["round_number"], rounds=view["rounds"]),
             trick_words(view, lang), text(lang, "now: {phase}", phase=phase), *to_move(view, st)]
    if view.get("farmer_supply") is not None:  # U-1.3
        parts.append(text(lang, "farmers left: {n}", n=view["farmer_supply"]))
    return Line(st.sep.join(parts), "heading")


def scores_table(view: dict, seat: int | None, st: Voice, labels: list[str] | None = None):
    """Every seat's total, last round, score if the round ended now, cards
    in hand and the colours it has shown void in."""
    lang = st.lang
    rows = []
    for s in range(view["players"]):
        last = "" if view["round_scores"] is None else str(view["round_scores"][s])
        voids = colours_words(view["voids"][s], lang) or ("" if st.plain else st.dash)
        rows.append([st.seat(s, seat, labels[s] if labels else None), str(view["scores"][s]), last,
                     str(view["kingdom_scores"][s]), str(view["hand_sizes"][s]), voids])
    columns = ("", text(lang, "total"), text(lang, "last round"), text(lang, "if the round ended now"),
               text(lang, "cards in hand"), text(lang, "shown void in"))
    return st.table(columns, rows)


def _plays_line(label: str, seats: list[int], cards: list[str], viewer: int | None, st: Voice) -> Line:
    line = Line(f"{label}: ")
    for i, (s, card) in enumerate(zip(seats, cards)):
        line.append(("; " if i else "") + f"{st.seat(s, viewer)} ")
        line.append_text(card_text(card, st))
    return line


def trick_line(view: dict, st: Voice) -> Line | None:
    """The trick in play, card by card with who played it; ``None`` if empty."""
    if not view["trick"]:
        return None
    return _plays_line(text(st.lang, "Trick in play"), view["trick_seats"], view["trick"], view.get("seat"), st)


def last_trick_line(view: dict, st: Voice) -> Line | None:
    """The last trick's cards and who won it; ``None`` before the first."""
    last = view["last_trick"]
    if not last:
        return None
    line = _plays_line(text(st.lang, "Last trick"), last["seats"], last["cards"], view.get("seat"), st)
    line.append(", " + text(st.lang, "won by {who}", who=st.seat(last["winner"], view.get("seat"))))
    return line


def hand_line(view: dict, st: Voice) -> Line | None:
    """``Your hand: red0 red4 ...`` for a seat's view; ``None`` for a spectator."""
    if "hand" not in view:
        return None
    line = Line(text(st.lang, "Your hand") + ": ")
    line.append_text(cards_text(view["hand"], st, st.dash))
    return line


def waiting_lines(view: dict, st: Voice) -> list[Line]:
    """The new colours waiting for a field and the farmers still to place."""
    lang = st.lang
    out = []
    if view["waiting_colours"]:
        out.append(Line(text(lang, "New colours waiting for a field") + ": "
                        + colours_words(view["waiting_colours"], lang)))
    if view["farmers_to_place"]:
        out.append(Line(text(lang, "Farmers to place") + ": " + ", ".join(
            f"{st.seat(e['seat'], view.get('seat'))} {e['farmers']}" for e in view["farmers_to_place"])))
    return out


def render(view: dict, seat: int | None, lang: str = "en", labels: list[str] | None = None,
           style: Voice | None = None):
    """The whole table for ``seat`` (``None``: spectator), as blocks:
    scores, the farmers left in the supply (U-1.3), every kingdom (each
    field's colour, top card, farmers/places and what it scores if the
    round ended now), the trick, the last trick and the seat's hand.
    ``labels``: per seat, a word shown after its name (the bot's kind)."""
    st = style or Voice.make(lang)
    n = view["players"]
    parts = [header(view, st), scores_table(view, seat, st, labels)]
    note = pending_note(view, st.lang, st)
    if note:
        parts.append(Line(note, "note"))
    order = [seat] + [s for s in range(n) if s != seat] if seat is not None else list(range(n))
    for s in order:
        parts.append(_kingdom_table(view, s, st, seat, labels))
    for line in (trick_line(view, st), last_trick_line(view, st)):
        if line is not None:
            parts.append(line)
    parts.extend(waiting_lines(view, st))
    hand = hand_line(view, st) if seat is not None else None
    if hand is not None:
        parts.append(hand)
    return parts


# ----- the compact status at a prompt and the prompt's commands --------------------------------

def deal_key(view: dict):
    """Changes when a new round starts (the terminal then shows the whole table)."""
    return view["round_number"]


def kingdom_line(view: dict, seat: int, st: Voice, mine: bool = True) -> Line:
    """One kingdom in one line: ``Your kingdom: A red 8 (1/1), B grey 1 (1/1),
    C empty (0/2), ...; score now 9`` (each field's top card and its
    farmers/places); ``mine`` false: ``Kingdom of Seat 2: ...``."""
    lang = st.lang
    title = text(lang, "Your kingdom") if mine else text(lang, "Kingdom of {who}", who=st.seat(seat))
    line = Line(title + ": ")
    for i, field in enumerate(view["kingdoms"][seat]):
        line.append((", " if i else "") + f"{field['field']} ")
        if field["top_card"]:
            line.append_text(card_text(field["top_card"], st))
        else:
            line.append(text(lang, "empty"))
        line.append(f" ({field['farmers']}/{field['places']})")
    line.append(f"; {text(lang, 'score now')} {view['kingdom_scores'][seat]}")
    return line


def kingdom_lines(view: dict, seat: int, style: Voice) -> list[Block]:
    """The ``kingdom`` command: the seat's kingdom in one line, and what waits to be placed."""
    return [kingdom_line(view, seat, style), *waiting_lines(view, style)]


def status(view: dict, seat: int, style: Voice) -> list[Line]:
    """What the seat needs at its prompt, in a few lines: round, trick and
    the farmers left (U-1.3); the trick in play (or that the seat leads);
    what waits to be placed; its kingdom in one line; its hand."""
    st = style
    out = [header(view, st)]
    trick = trick_line(view, st)
    if trick is not None:
        out.append(trick)
    elif view["phase"] == "play" and view["current_player"] == seat:
        out.append(Line(text(st.lang, "You lead this trick.")))
    out.extend(waiting_lines(view, st))
    out.append(kingdom_line(view, seat, st))
    hand = hand_line(view, st)
    if hand is not None:
        out.append(hand)
    return out


def new_deal_lines(view: dict, seat: int, style: Voice) -> list[Line]:
    """What the brief verbosity says at the start of a round: the new hand,
    where the first prompt lists only the cards that follow the led colour
    (leading, every card is a choice and the prompt names them all)."""
    line = hand_line(view, style)
    leading = view["phase"] == "play" and not view["trick"] and view["current_player"] == seat
    return [line] if line is not None and not leading else []


def hand_lines(view: dict, seat: int, style: Voice, *, mine: bool = True) -> list[Line]:
    """The ``hand`` command. ``mine`` false (a replay showing every seat's
    hand): the line names the seat (``Seat 2's hand``) instead of ``Your hand``."""
    line = hand_line(view, style)
    if line is None:
        return [Line(style.dash)]
    if not mine:
        line = Line(text(style.lang, "{who}'s hand", who=style.seat_case(seat, "gen")) + ": ")
        line.append_text(cards_text(view["hand"], style, style.dash))
    return [line]


def scores_lines(view: dict, seat: int, style: Voice) -> list:
    """The ``scores`` command: the scores table and what "now" leaves out."""
    out = [scores_table(view, seat, style)]
    note = pending_note(view, style.lang, style)
    if note:
        out.append(Line(note, "note"))
    return out


def last_lines(view: dict, seat: int, style: Voice) -> list[Line]:
    """The ``last`` command: the last trick, or ``[]`` before the first."""
    line = last_trick_line(view, style)
    return [line] if line is not None else []


def action_label(action: str, view: dict, style: Voice) -> str | None:
    """Words for a menu entry, in every language: a card's name (``play
    red5`` -> ``red 5``, Czech ``červená 5``), for ``open <colour>`` the
    colour and the field it opens (U-4.3), for ``farm <field>`` the farmers
    there (U-3.4)."""
    verb, _, arg = action.partition(" ")
    if verb == "play":
        return cards_label(action, card_names(style.lang))
    seat = view.get("seat")
    if not isinstance(seat, int):
        return None
    kingdom = view["kingdoms"][seat]
    if verb == "open":
        empty = [f["field"] for f in kingdom if f["colour"] is None]
        return text(style.lang, "{colour} opens field {field}", colour=colour_word(arg, style.lang),
                    field=empty[0] if empty else style.dash)
    if verb == "farm" and arg in FIELD_NAMES:
        field = kingdom[FIELD_NAMES.index(arg)]
        return text(style.lang, "field {field} has {farmers}/{places} farmers", field=arg,
                    farmers=field["farmers"], places=field["places"])
    return None


COMMAND_HELP = {"kingdom": N_("your kingdom: each field's top card and farmers, and its score now")}
"""What the prompt's commands show in Ugo!'s own words."""
READOUTS = {"kingdom": "kingdom_lines"}
"""Ugo!'s own readouts: command -> the function that says it."""


def prompt_line(view: dict, seat: int, style: Voice, legal: list[str] | None = None) -> str:
    """What the seat is to do now, in one short line (the brief prompt):
    ``Trick 3: follow red.`` (U-3.1), ``Trick 3: you lead.``, ``Choose the
    colour that opens field C.`` (U-4.3), ``Place a farmer: 2 to place.`` (U-3.4)."""
    lang, phase = style.lang, view["phase"]
    if phase == "play":
        number = view["trick_number"]
        if not view["trick"]:
            return text(lang, "Trick {n}: you lead.", n=number)
        led = view["trick"][0].rstrip("0123456789")
        if any(card.rstrip("0123456789") == led for card in view.get("hand", ())):
            return text(lang, "Trick {n}: follow {colour}.", n=number, colour=colour_word(led, lang, case="accusative"))
        return text(lang, "Trick {n}: you have no {colour}, play any card.", n=number,
                    colour=colour_word(led, lang, case="accusative"))
    if phase == "open":
        empty = [f["field"] for f in view["kingdoms"][seat] if f["colour"] is None]
        return text(lang, "Choose the new colour that opens field {field}.", field=empty[0] if empty else "")
    if phase == "farm":
        queue = view["farmers_to_place"]
        count = queue[0]["farmers"] if queue else 0
        return ntext(lang, "Place a farmer: {n} to place.", "Place a farmer: {n} to place.", count)
    return ""


# ----- help on the current decision ----------------------------------------------------------

def help_text(view: dict, lang: str = "en", style: Voice | None = None, *, legal: list[str] | None = None,
              typed: bool = True) -> str:
    """What the current decision means, the scoring rules in two lines, the
    farmers each card value pays, and where to read all the rules.
    ``legal``: the legal action strings of the seat to act (the play loop
    passes them), named in the help as the choices. ``typed`` false (a
    screen where nobody types an action, the web page): no key of the
    colour codes and no ``herna rules`` command."""
    phase = view["phase"]
    lines = []
    if lang != "en" and typed:  # the card codes are English colour words
        lines.append(text(lang, "Colours: {key}.", key=", ".join(f"{c} = {colour_word(c, lang)}" for c in COLOURS)))
    player = view["current_player"]
    st = style or Voice.make(lang)
    choices = ", ".join(action_label(action, view, st) or action for action in legal) if legal else ""
    if phase == "play":
        if view["trick"]:
            led = view["trick"][0].rstrip("0123456789")
            lines.append(text(lang, "{colour} was led: play a {colour} card if you have one, otherwise any card.",
                              colour=colour_word(led, lang)))
        else:
            lines.append(text(lang, "You lead this trick: play any card."))
        lines.append(text(lang, "The highest value wins, whatever its colour (equal values: the led colour, else "
                                "the card played first). The winner takes every card of the trick into the kingdom: "
                                "a colour already there goes on top of its field (the top card may get lower), a new "
                                "colour opens the leftmost empty field."))
    elif phase == "open" and isinstance(player, int):
        waiting = [a.split()[1] for a in legal if a.startswith("open ")] if legal else view["waiting_colours"]
        empty = [f["field"] for f in view["kingdoms"][player] if f["colour"] is None]
        lines.append(text(lang, "Your trick brought colours new to your kingdom: {colours}. Choose which one opens "
                                "your next empty field ({field}); the others follow to the right in the order you "
                                "choose. Cards never move later.",
                          colours=colours_words(waiting, lang), field=empty[0] if empty else "—"))
    elif phase == "farm" and isinstance(player, int):
        queue = view["farmers_to_place"]
        count = queue[0]["farmers"] if queue else 0
        free = ", ".join(f"{f['field']} {f['places'] - f['farmers']}" for f in view["kingdoms"][player][2:])
        lines.append(ntext(lang, "Place one paid farmer on field C, D or E (A and B are always full); {n} farmer "
                                 "to place now. Free places: {free}. Farmers never move; farmers with no free place "
                                 "are lost.",
                           "Place one paid farmer on field C, D or E (A and B are always full); {n} farmers "
                           "to place now. Free places: {free}. Farmers never move; farmers with no free place "
                           "are lost.", count, free=free))
    elif phase == "deal":
        lines.append(text(lang, "The cards are being dealt: 10 to each player."))
    elif phase == "over":
        lines.append(text(lang, "The game is over: the highest total wins."))
    if choices:
        lines.append(text(lang, "Your choices: {choices}.", choices=choices))
    lines.append(text(lang, "Scoring, per field at the round's end: fully farmed (every farmer place filled: A 1 and "
                            "B 1 always are, C 2, D 3, E 4) with cards: + the top card's value; fully farmed and "
                            "empty: + bonus (C {c}, D {d}, E {e}).",
                      c=EMPTY_BONUS[2], d=EMPTY_BONUS[3], e=EMPTY_BONUS[4]))
    lines.append(text(lang, "Not fully farmed with cards: -{penalty} per empty farmer place; not fully farmed and "
                            "empty: 0.", penalty=PENALTY_PER_EMPTY_PLACE))
    lines.append(farmers_help(view, lang))
    if typed:
        lines.append(t("rules_more", lang, game="ugo"))  # --spec, --rulebook: herna rules' own words
    return "\n".join(lines)


def either(items: list, lang: str) -> str:
    """``3, 4 or 5`` (Czech ``3, 4 nebo 5``)."""
    words = [str(item) for item in items]
    if len(words) < 2:
        return "".join(words)
    return text(lang, "{first} or {last}", first=", ".join(words[:-1]), last=words[-1])


def farmers_help(view: dict, lang: str) -> str:
    """U-1.4 in one sentence: the farmers a winning card pays by its value
    (values grouped by what they pay), and the low cards that pay only when
    they lose (the ``low_card_farmers`` option)."""
    same, other = view.get("low_card_farmers", DEFAULT_LOW_CARD_FARMERS)
    groups: dict[int, list[int]] = {}
    for value, count in enumerate(WIN_FARMERS):
        if value not in LOW_CARD_VALUES:
            groups.setdefault(count, []).append(value)
    wins = "; ".join(ntext(lang, "{values}: {n} farmer", "{values}: {n} farmers", count, values=either(values, lang))
                     for count, values in sorted(groups.items(), reverse=True))
    return text(lang, "Farmers for a card go to whoever played it. A card that wins the trick pays by its value "
                      "({wins}). Cards of value {low} pay only when they do not win the trick: {same} if the card "
                      "has the winning card's colour, {other} otherwise.",
                wins=wins, low=either(list(LOW_CARD_VALUES), lang), same=ntext(lang, "{n} farmer", "{n} farmers", same),
                other=ntext(lang, "{n} farmer", "{n} farmers", other))


# ----- one or more sentences per engine event ------------------------------------------------

def _points(lang: str, score: int) -> str:
    return ntext(lang, "{n} point", "{n} points", score)


def score_reason(field: dict, lang: str = "en") -> str:
    """Why a field of a ``round_scored`` breakdown scores what it does (its
    ``rule``, U-6.1-U-6.4)."""
    rule = field["rule"]
    if rule == "U-6.1":
        return text(lang, "fully farmed with cards: the top card's value")
    if rule == "U-6.2":
        bonus = EMPTY_BONUS[FIELD_NAMES.index(field["field"])]
        if bonus:
            return text(lang, "fully farmed and empty: bonus {bonus}", bonus=bonus)
        return text(lang, "empty; field {field} has no bonus", field=field["field"])
    if rule == "U-6.3":
        empty = field["places"] - field["farmers"]
        return ntext(lang, "{n} empty place at -{penalty} each", "{n} empty places at -{penalty} each", empty,
                     penalty=PENALTY_PER_EMPTY_PLACE)
    return text(lang, "empty and not fully farmed")


def field_line(field: dict, lang: str = "en") -> str:
    """One field of a ``round_scored`` breakdown in words, e.g. ``D, blue,
    1/3 farmers, top card blue8: scores -10 (2 empty places at -5 each)``."""
    colour = colour_word(field["colour"], lang) if field["colour"] else text(lang, "empty")
    full = text(lang, " (full)") if field["farmers"] >= field["places"] else ""
    top = text(lang, ", top card {card}", card=card_name(field["top_card"], lang)) if field["top_card"] else ""
    score = f"{field['score']:+d}" if field["score"] else "0"
    return text(lang, "{field}, {colour}, {farmers}/{places} farmers{full}{top}: scores {score} ({why})",
                field=field["field"], colour=colour, farmers=field["farmers"], places=field["places"], full=full,
                top=top, score=score, why=score_reason(field, lang))


def _round_started(e: dict, viewer: int | None, st: Voice) -> list[str]:
    return [text(st.lang, "Round {round}: 10 cards are dealt to each player; {who} leads.", round=e["round"],
                 who=st.seat(e["leader"], viewer))]


def _card_dealt(e: dict, viewer: int | None, st: Voice) -> list[str]:
    return []  # the seat's hand is in its status; ten lines a round would drown the rest


def _card_played(e: dict, viewer: int | None, st: Voice) -> list[str]:
    return [text(st.lang, "{who} plays {card}.", who=st.seat(e["seat"], viewer),
                 card=card_name(e["card"], st.lang, "accusative"))]


def _trick_won(e: dict, viewer: int | None, st: Voice) -> list[str]:
    return [text(st.lang, "{who} wins the trick ({cards}) with {card}.", who=st.seat(e["seat"], viewer),
                 cards=names(e["cards"], st.lang), card=card_name(e["card"], st.lang, "instrumental"))]


def _cards_stacked(e: dict, viewer: int | None, st: Voice) -> list[str]:
    return [ntext(st.lang, "{cards} goes onto field {field} of {who} (top card now {top}, was {was}).",
                  "{cards} go onto field {field} of {who} (top card now {top}, was {was}).", len(e["cards"]),
                  cards=names(e["cards"], st.lang), field=e["field"], who=st.seat(e["seat"], viewer),
                  top=card_name(e["top"], st.lang), was=card_name(e["was"], st.lang) if e["was"] else st.dash)]


def _colours_waiting(e: dict, viewer: int | None, st: Voice) -> list[str]:
    if len(e["colours"]) < 2:
        return []  # one new colour opens its field by itself (colour_opened says where)
    return [text(st.lang, "{who} must choose the order of the new colours: {colours} (each opens the next empty "
                          "field, left to right).", who=st.seat(e["seat"], viewer),
                 colours=colours_words(e["colours"], st.lang))]


def _farmers_paid(e: dict, viewer: int | None, st: Voice) -> list[str]:
    who = st.seat(e["seat"], viewer)
    out = []
    if e["count"]:
        out.append(ntext(st.lang, "{who} is paid {n} farmer (supply: {supply}).",
                         "{who} is paid {n} farmers (supply: {supply}).", e["count"], who=who, supply=e["supply"]))
    if e["unpaid"]:
        out.append(ntext(st.lang, "The supply is empty: {n} farmer due to {who} is not paid.",
                         "The supply is empty: {n} farmers due to {who} are not paid.", e["unpaid"], who=who))
    return out


def _farmers_lost(e: dict, viewer: int | None, st: Voice) -> list[str]:
    return [ntext(st.lang, "{who} has no free farmer place: {n} farmer is lost.",
                  "{who} has no free farmer place: {n} farmers are lost.", e["count"],
                  who=st.seat(e["seat"], viewer))]


def _colour_opened(e: dict, viewer: int | None, st: Voice) -> list[str]:
    return [text(st.lang, "{who} opens field {field} with {colour}: {cards} (top card {top}).",
                 who=st.seat(e["seat"], viewer), field=e["field"], colour=colour_word(e["colour"], st.lang),
                 cards=names(e["cards"], st.lang), top=card_name(e["top"], st.lang))]


def _farmer_placed(e: dict, viewer: int | None, st: Voice) -> list[str]:
    return [text(st.lang, "{who} places a farmer on field {field} ({farmers}/{places}).",
                 who=st.seat(e["seat"], viewer), field=e["field"], farmers=e["farmers"], places=e["places"])]


def _round_scored(e: dict, viewer: int | None, st: Voice) -> list[str]:
    lang = st.lang
    out = [text(lang, "Round {round} is over. The final kingdoms and what each field scores:", round=e["round"])]
    for seat, fields in enumerate(e["breakdown"]):
        out.append(text(lang, "Kingdom of {who}: {points}", who=st.seat(seat, viewer),
                        points=_points(lang, e["scores"][seat])))
        out.extend("  " + field_line(field, lang) for field in fields)
    scores = ", ".join(f"{st.seat(s, viewer)} {v}" for s, v in enumerate(e["scores"]))
    totals = ", ".join(f"{st.seat(s, viewer)} {v}" for s, v in enumerate(e["totals"]))
    out.append(text(lang, "Round {round} scores: {scores}.", round=e["round"], scores=scores))
    if e["round"] < e["rounds"]:  # after the last round, game_over gives the final totals
        out.append(text(lang, "Totals after round {round}: {totals}.", round=e["round"], totals=totals))
    return out


def _game_over(e: dict, viewer: int | None, st: Voice) -> list[str]:
    totals = ", ".join(f"{st.seat(s, viewer)} {v}" for s, v in enumerate(e["scores"]))
    return [text(st.lang, "Final totals: {totals}.", totals=totals)]


EVENT_LINES: dict[str, Callable[[dict, int | None, Voice], list[str]]] = {
    "round_started": _round_started, "card_dealt": _card_dealt, "card_played": _card_played,
    "trick_won": _trick_won, "cards_stacked": _cards_stacked, "colours_waiting": _colours_waiting,
    "farmers_paid": _farmers_paid, "farmers_lost": _farmers_lost, "colour_opened": _colour_opened,
    "farmer_placed": _farmer_placed, "round_scored": _round_scored, "game_over": _game_over,
}
"""Event kind (:mod:`herna.games.ugo.events`) to the function that words it."""


def describe_event(event: dict, viewer: int | None, style: Voice) -> list[str]:
    """The sentences of one engine event as ``viewer`` (a seat, ``None``: a
    spectator) sees it, in ``style.lang``; ``[]`` for an event not worth a
    line (a dealt card, a single new colour). ``KeyError`` for an unknown kind."""
    return EVENT_LINES[event["kind"]](event, viewer, style)


# ----- what happened, briefly ---------------------------------------------------------------------

def _brief_trick(e: dict, last: dict | None, paid: list[dict], viewer: int | None, st: Voice) -> str:
    """U-3.2, U-3.3: one line per finished trick (:func:`herna.text.tricks.trick_taken`)
    with the farmers it paid (``paid``): ``Tom plays red 2; Eva takes the
    trick with red 8; farmers: 2 to Eva, 1 to you.``"""
    line = trick_taken(e["seat"], e["card"], last, viewer, st, card_name)
    counts = {p["seat"]: p["count"] for p in paid if p["count"]}
    if counts:
        line = line.rstrip(".") + "; " + text(st.lang, "farmers: {list}.", list=", ".join(
            text(st.lang, "{n} to {who}", n=counts[s], who=st.you_or_case(s, viewer, "gen"))
            for s in st.order(list(counts), viewer)))
    return line


def _brief_one(e: dict, viewer: int | None, st: Voice) -> list[str]:
    """The brief lines of one event that needs no other event of its action."""
    kind, lang = e["kind"], st.lang
    if kind == "round_started":
        return [st.say(e["leader"], viewer, N_("Round {round}: {who} leads."), N_("Round {round}: you lead."),
                       round=e["round"])]
    if kind == "card_played":
        return [played(e, viewer, st, card_name)]
    if kind == "colour_opened":
        return [st.say(e["seat"], viewer, N_("{who} opens field {field} with {colour}."),
                       N_("You open field {field} with {colour}."), field=e["field"],
                       colour=colour_word(e["colour"], lang))]
    if kind == "cards_stacked" and e["seat"] == viewer:
        return [text(lang, "Your field {field}: top card now {top}.", field=e["field"], top=card_name(e["top"], lang))]
    if kind == "farmers_paid":
        out = []
        if e["count"]:
            out.append(ntext(lang, "You get {n} farmer.", "You get {n} farmers.", e["count"]) if e["seat"] == viewer
                       else ntext(lang, "{who} gets {n} farmer.", "{who} gets {n} farmers.", e["count"],
                                  who=st.short(e["seat"])))
        if e["unpaid"]:
            out.extend(_farmers_paid({**e, "count": 0}, viewer, st))
        return out
    if kind == "farmers_lost":
        if e["seat"] == viewer:
            return [ntext(lang, "You lose {n} farmer: no free place.", "You lose {n} farmers: no free place.",
                          e["count"])]
        return [ntext(lang, "{who} loses {n} farmer: no free place.", "{who} loses {n} farmers: no free place.",
                      e["count"], who=st.short(e["seat"]))]
    if kind == "round_scored":
        if list(e["scores"]) == list(e["totals"]):  # the first round: its scores are the totals
            return [text(lang, "Round {round}: {scores}.", round=e["round"],
                         scores=st.scores(e["scores"], viewer))]
        return [text(lang, "Round {round}: {scores}; totals {totals}.", round=e["round"],
                     scores=st.scores(e["scores"], viewer), totals=st.scores(e["totals"], viewer))]
    if kind == "game_over":
        return [text(lang, "Final totals: {totals}.", totals=st.scores(e["scores"], viewer))]
    # a dealt card, new colours to order (the prompt asks), a farmer placed (yours: you chose it; another's: the
    # payment line said who got farmers, where they went is in the kingdoms' readout)
    return []


def brief_events(events: list[dict], viewer: int | None, style: Voice) -> list[list[str]]:
    """The brief lines of each of ``events`` (aligned with them; ``[]`` for
    an event not said briefly): one short line per event that matters; a
    trick's last card, its win and the farmers it paid in one line (events
    of one action are read together); a round's end as one line of scores
    and totals, your own first."""
    out: list[list[str]] = [[] for _ in events]
    for group in group_by_seq(events):
        won, last = trick_parts(events, group)
        folded: set[int] = set()
        paid: list[dict] = []
        if won is not None:
            payments = [i for i in group if events[i]["kind"] == "farmers_paid" and not events[i]["unpaid"]]
            paid = [events[i] for i in payments]
            folded = set(payments) | ({last} if last is not None else set())
        for i in group:
            if i in folded:
                continue
            if i == won:
                out[i] = [_brief_trick(events[i], events[last] if last is not None else None, paid, viewer, style)]
            else:
                out[i] = _brief_one(events[i], viewer, style)
    return out


def sheet_row(event: dict) -> tuple[int, list[int], list[int]] | None:
    """A score sheet's row from a ``round_scored`` event: ``(round, scores, totals)``; ``None`` for other events."""
    if event["kind"] != "round_scored":
        return None
    return event["round"], list(event["scores"]), list(event["totals"])


def where(view: dict, lang: str) -> str:
    """Where a decision was taken, for a review (the view just before it):
    ``round 3, trick 5``, or ``round 3, after trick 4`` while the new colours
    are ordered and farmers placed (U-2.5, U-3.4)."""
    round_ = text(lang, "round {n}", n=view["round_number"])
    if view["phase"] in ("open", "farm") and view.get("hand_sizes"):
        return f"{round_}, " + text(lang, "after trick {n}", n=10 - max(view["hand_sizes"]))
    return f"{round_}, " + text(lang, "trick {n}", n=view["trick_number"])


def move_words(action: str, view: dict, style: Voice) -> str | None:
    """A move in words for a review line, where the menu's words
    (:func:`action_label`) describe the field rather than the move:
    ``farm E`` -> ``a farmer on field E`` (U-3.4); ``None`` for the others."""
    verb, _, arg = action.partition(" ")
    if verb == "farm" and arg in FIELD_NAMES:
        return text(style.lang, "a farmer on field {field}", field=arg)
    return None
