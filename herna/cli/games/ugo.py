"""Ugo! at the terminal: every kingdom, the trick and the seat's hand, as
one seat (or a spectator) sees it (read from views); one or more sentences
per engine event (:mod:`herna.games.ugo.events`: every card played, every
card that goes onto a field, every farmer paid, placed or lost, each round's
scores with the reason of every field's score); help on the current
decision (``help_text``). Every text comes from the message catalogs
(:mod:`herna.core.catalog`; Czech in ``herna/games/ugo/locale/cs.po``).

Plain words first (a screen reader reads them well): colours are written
out and farmers are numbers ("2/3"); colour styling only adds.
"""

from __future__ import annotations

import functools
from typing import Callable

from rich.console import Group
from rich.text import Text

from herna.cli.games.text import cards_label, styled_cards
from herna.cli.style import Style
from herna.core.catalog import N_, ntext, ptext, text
from herna.games.ugo.cards import COLOURS, LAND_NAMES, NUM_VALUES
from herna.games.ugo.fields import (
    DEFAULT_LOW_CARD_FARMERS, EMPTY_BONUS, FIELD_NAMES, LOW_CARD_VALUES, PENALTY_PER_EMPTY_PLACE, WIN_FARMERS,
)

COLOUR_STYLE = {"red": "red", "green": "green", "blue": "blue", "yellow": "yellow", "grey": "bright_black"}
COLOUR_CONTEXT = "colour"
"""Catalog context of the colour names (``ptext(lang, "colour", "red")``)."""
PHASE_WORDS = {"deal": N_("dealing"), "play": N_("playing a trick"), "open": N_("ordering new colours"),
               "farm": N_("placing farmers"), "over": N_("game over")}
"""The view's ``phase`` in words (catalog message ids)."""


@functools.cache
def card_names(lang: str) -> dict[str, str]:
    """Card code -> its name in ``lang`` (U-1.1): ``red5`` -> ``red 5``, ``červená 5``."""
    return {f"{colour}{value}": f"{colour_word(colour, lang)} {value}"
            for colour in COLOURS for value in range(NUM_VALUES)}


def colour_word(colour: str | None, lang: str, dash: str = "—") -> str:
    """A colour id (``red``) as a word in ``lang``; ``dash`` for none."""
    if colour is None:
        return dash
    return ptext(lang, COLOUR_CONTEXT, colour)


def colours_words(colours: list[str], lang: str) -> str:
    return ", ".join(colour_word(c, lang) for c in colours)


def card_text(card: str | None, dash: str = "—") -> Text:
    """``red5`` written out, styled in its colour (``dash`` for none)."""
    if card is None:
        return Text(dash)
    colour = card.rstrip("0123456789")
    return Text(card, style=COLOUR_STYLE.get(colour, ""))


def cards_text(cards: list[str], dash: str = "—") -> Text:
    return styled_cards(cards, lambda card: COLOUR_STYLE.get(card.rstrip("0123456789"), ""), dash)


def _kingdom_table(view: dict, s: int, st: Style, viewer: int | None, labels):
    lang = st.lang
    title = text(lang, "Kingdom of {who}", who=st.seat(s, viewer, labels[s] if labels else None))
    rows = []
    for field in view["kingdoms"][s]:
        colour = field["colour"]
        if colour is None:
            colour_cell = Text(text(lang, "no colour"), style="dim")
        else:
            colour_cell = Text(colour_word(colour, lang), style=COLOUR_STYLE.get(colour, ""))
            colour_cell.append(f" ({LAND_NAMES[COLOURS.index(colour)]})", style="dim")
        farmers = f"{field['farmers']}/{field['places']}"
        if field["farmers"] == field["places"]:
            farmers += " " + text(lang, "full")
        score = field["score"]
        blank = st.plain and not field["cards"]  # plain: "B: colour empty, farmers 1/1 full, ..."
        rows.append([field["field"], colour_cell, "" if blank else card_text(field["top_card"], st.dash), farmers,
                     Text(f"{score:+d}" if score else "0", style="red" if score < 0 else ""),
                     "" if blank else cards_text(field["cards"], st.dash)])
    columns = (text(lang, "field"), text(lang, "colour"), text(lang, "top card"), text(lang, "farmers"),
               text(lang, "score now"), text(lang, "pile (bottom first)"))
    return st.table(columns, rows, title=title)


def pending_note(view: dict, lang: str, style: Style | None = None) -> str | None:
    """Says that the "if the round ended now" scores leave out the waiting
    new colours and the farmers not yet placed (which fields they go to is
    still to be chosen); ``None`` when nothing waits."""
    st = style or Style.make(lang)
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


def header(view: dict, st: Style) -> Text:
    """``Round 1/4 · trick 2/10 · now: playing a trick · farmers left: 12``
    (``after trick 2/10`` while farmers are placed, :func:`trick_words`)."""
    lang = st.lang
    phase = text(lang, PHASE_WORDS[view["phase"]])
    parts = [text(lang, "Round {round}/{rounds}", round=view["round_number"], rounds=view["rounds"]),
             trick_words(view, lang), text(lang, "now: {phase}", phase=phase)]
    if view.get("farmer_supply") is not None:  # U-1.3
        parts.append(text(lang, "farmers left: {n}", n=view["farmer_supply"]))
    return Text(st.sep.join(parts), style="bold")


def scores_table(view: dict, seat: int | None, st: Style, labels: list[str] | None = None):
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


def _plays_line(label: str, seats: list[int], cards: list[str], viewer: int | None, st: Style) -> Text:
    line = Text(f"{label}: ")
    for i, (s, card) in enumerate(zip(seats, cards)):
        line.append(("; " if i else "") + f"{st.seat(s, viewer)} ")
        line.append_text(card_text(card))
    return line


def trick_line(view: dict, st: Style) -> Text | None:
    """The trick in play, card by card with who played it; ``None`` if empty."""
    if not view["trick"]:
        return None
    return _plays_line(text(st.lang, "Trick in play"), view["trick_seats"], view["trick"], view.get("seat"), st)


def last_trick_line(view: dict, st: Style) -> Text | None:
    """The last trick's cards and who won it; ``None`` before the first."""
    last = view["last_trick"]
    if not last:
        return None
    line = _plays_line(text(st.lang, "Last trick"), last["seats"], last["cards"], view.get("seat"), st)
    line.append(", " + text(st.lang, "won by {who}", who=st.seat(last["winner"], view.get("seat"))))
    return line


def hand_line(view: dict, st: Style) -> Text | None:
    """``Your hand: red0 red4 ...`` for a seat's view; ``None`` for a spectator."""
    if "hand" not in view:
        return None
    line = Text(text(st.lang, "Your hand") + ": ")
    line.append_text(cards_text(view["hand"], st.dash))
    return line


def waiting_lines(view: dict, st: Style) -> list[Text]:
    """The new colours waiting for a field and the farmers still to place."""
    lang = st.lang
    out = []
    if view["waiting_colours"]:
        out.append(Text(text(lang, "New colours waiting for a field") + ": "
                        + colours_words(view["waiting_colours"], lang)))
    if view["farmers_to_place"]:
        out.append(Text(text(lang, "Farmers to place") + ": " + ", ".join(
            f"{st.seat(e['seat'], view.get('seat'))} {e['farmers']}" for e in view["farmers_to_place"])))
    return out


def render(view: dict, seat: int | None, lang: str = "en", labels: list[str] | None = None,
           style: Style | None = None):
    """A rich renderable of the table for ``seat`` (``None``: spectator):
    scores, the farmers left in the supply (U-1.3), every kingdom (each
    field's colour, top card, farmers/places and what it scores if the
    round ended now), the trick, the last trick and the seat's hand.
    ``labels``: per seat, a word shown after its name (the bot's kind)."""
    st = style or Style.make(lang)
    n = view["players"]
    parts = [header(view, st), scores_table(view, seat, st, labels)]
    note = pending_note(view, st.lang, st)
    if note:
        parts.append(Text(note, style="italic"))
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
    return Group(*parts)


# ----- the compact status at a prompt and the prompt's commands --------------------------------

def deal_key(view: dict):
    """Changes when a new round starts (the terminal then shows the whole table)."""
    return view["round_number"]


def kingdom_line(view: dict, seat: int, st: Style) -> Text:
    """One kingdom in one line: ``Your kingdom: A red8 1/1, B grey1 1/1, C empty 0/2, ...
    (score now 9)``."""
    lang = st.lang
    line = Text(text(lang, "Your kingdom") + ": ")
    for i, field in enumerate(view["kingdoms"][seat]):
        line.append((", " if i else "") + f"{field['field']} ")
        if field["top_card"]:
            line.append_text(card_text(field["top_card"]))
        else:
            line.append(text(lang, "empty"))
        line.append(f" {field['farmers']}/{field['places']}")
    line.append(f" ({text(lang, 'score now')} {view['kingdom_scores'][seat]})")
    return line


def status(view: dict, seat: int, style: Style) -> list[Text]:
    """What the seat needs at its prompt, in a few lines: round, trick and
    the farmers left (U-1.3); the trick in play (or that the seat leads);
    what waits to be placed; its kingdom in one line; its hand."""
    st = style
    out = [header(view, st)]
    trick = trick_line(view, st)
    if trick is not None:
        out.append(trick)
    elif view["phase"] == "play" and view["current_player"] == seat:
        out.append(Text(text(st.lang, "You lead this trick.")))
    out.extend(waiting_lines(view, st))
    out.append(kingdom_line(view, seat, st))
    hand = hand_line(view, st)
    if hand is not None:
        out.append(hand)
    return out


def hand_lines(view: dict, seat: int, style: Style, *, mine: bool = True) -> list[Text]:
    """The ``hand`` command. ``mine`` false (a replay showing every seat's
    hand): the line names the seat (``Seat 2's hand``) instead of ``Your hand``."""
    line = hand_line(view, style)
    if line is None:
        return [Text(style.dash)]
    if not mine:
        line = Text(text(style.lang, "{who}'s hand", who=style.seat_case(seat, "gen")) + ": ")
        line.append_text(cards_text(view["hand"], style.dash))
    return [line]


def scores_lines(view: dict, seat: int, style: Style) -> list:
    """The ``scores`` command: the scores table and what "now" leaves out."""
    out = [scores_table(view, seat, style)]
    note = pending_note(view, style.lang, style)
    if note:
        out.append(Text(note, style="italic"))
    return out


def last_lines(view: dict, seat: int, style: Style) -> list[Text]:
    """The ``last`` command: the last trick, or ``[]`` before the first."""
    line = last_trick_line(view, style)
    return [line] if line is not None else []


def action_label(action: str, view: dict, style: Style) -> str | None:
    """Words beside a menu entry: for ``open <colour>`` the colour and the
    field it opens (U-4.3), for ``farm <field>`` the farmers there (U-3.4);
    for a card, its name in a language other than English (``red5`` ->
    ``červená 5``; ``None`` in English: the code says it all)."""
    verb, _, arg = action.partition(" ")
    if verb == "play":
        return cards_label(action, card_names(style.lang)) if style.lang != "en" else None
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


# ----- help on the current decision ----------------------------------------------------------

def help_text(view: dict, lang: str = "en", style: Style | None = None, *, legal: list[str] | None = None) -> str:
    """What the current decision means, the scoring rules in two lines, the
    farmers each card value pays, and where to read all the rules.
    ``legal``: the legal action strings of the seat to act (the play loop
    passes them), named in the help as the choices."""
    phase = view["phase"]
    lines = []
    if lang != "en":  # the card codes are English colour words
        lines.append(text(lang, "Colours: {key}.", key=", ".join(f"{c} = {colour_word(c, lang)}" for c in COLOURS)))
    player = view["current_player"]
    choices = ", ".join(legal) if legal else ""
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
    lines.append(text(lang, "All the rules: herna rules ugo (the Czech original: herna rules ugo --lang cs)."))
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
    top = text(lang, ", top card {card}", card=field["top_card"]) if field["top_card"] else ""
    score = f"{field['score']:+d}" if field["score"] else "0"
    return text(lang, "{field}, {colour}, {farmers}/{places} farmers{full}{top}: scores {score} ({why})",
                field=field["field"], colour=colour, farmers=field["farmers"], places=field["places"], full=full,
                top=top, score=score, why=score_reason(field, lang))


def _round_started(e: dict, viewer: int | None, st: Style) -> list[str]:
    return [text(st.lang, "Round {round}: 10 cards are dealt to each player; {who} leads.", round=e["round"],
                 who=st.seat(e["leader"], viewer))]


def _card_dealt(e: dict, viewer: int | None, st: Style) -> list[str]:
    return []  # the seat's hand is in its status; ten lines a round would drown the rest


def _card_played(e: dict, viewer: int | None, st: Style) -> list[str]:
    return [text(st.lang, "{who} plays {card}.", who=st.seat(e["seat"], viewer), card=e["card"])]


def _trick_won(e: dict, viewer: int | None, st: Style) -> list[str]:
    return [text(st.lang, "{who} wins the trick ({cards}) with {card}.", who=st.seat(e["seat"], viewer),
                 cards=" ".join(e["cards"]), card=e["card"])]


def _cards_stacked(e: dict, viewer: int | None, st: Style) -> list[str]:
    return [ntext(st.lang, "{cards} goes onto field {field} of {who} (top card now {top}, was {was}).",
                  "{cards} go onto field {field} of {who} (top card now {top}, was {was}).", len(e["cards"]),
                  cards=" ".join(e["cards"]), field=e["field"], who=st.seat(e["seat"], viewer), top=e["top"],
                  was=e["was"])]


def _colours_waiting(e: dict, viewer: int | None, st: Style) -> list[str]:
    if len(e["colours"]) < 2:
        return []  # one new colour opens its field by itself (colour_opened says where)
    return [text(st.lang, "{who} must choose the order of the new colours: {colours} (each opens the next empty "
                          "field, left to right).", who=st.seat(e["seat"], viewer),
                 colours=colours_words(e["colours"], st.lang))]


def _farmers_paid(e: dict, viewer: int | None, st: Style) -> list[str]:
    who = st.seat(e["seat"], viewer)
    out = []
    if e["count"]:
        out.append(ntext(st.lang, "{who} is paid {n} farmer (supply: {supply}).",
                         "{who} is paid {n} farmers (supply: {supply}).", e["count"], who=who, supply=e["supply"]))
    if e["unpaid"]:
        out.append(ntext(st.lang, "The supply is empty: {n} farmer due to {who} is not paid.",
                         "The supply is empty: {n} farmers due to {who} are not paid.", e["unpaid"], who=who))
    return out


def _farmers_lost(e: dict, viewer: int | None, st: Style) -> list[str]:
    return [ntext(st.lang, "{who} has no free farmer place: {n} farmer is lost.",
                  "{who} has no free farmer place: {n} farmers are lost.", e["count"],
                  who=st.seat(e["seat"], viewer))]


def _colour_opened(e: dict, viewer: int | None, st: Style) -> list[str]:
    return [text(st.lang, "{who} opens field {field} with {colour}: {cards} (top card {top}).",
                 who=st.seat(e["seat"], viewer), field=e["field"], colour=colour_word(e["colour"], st.lang),
                 cards=" ".join(e["cards"]), top=e["top"])]


def _farmer_placed(e: dict, viewer: int | None, st: Style) -> list[str]:
    return [text(st.lang, "{who} places a farmer on field {field} ({farmers}/{places}).",
                 who=st.seat(e["seat"], viewer), field=e["field"], farmers=e["farmers"], places=e["places"])]


def _round_scored(e: dict, viewer: int | None, st: Style) -> list[str]:
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


def _game_over(e: dict, viewer: int | None, st: Style) -> list[str]:
    totals = ", ".join(f"{st.seat(s, viewer)} {v}" for s, v in enumerate(e["scores"]))
    return [text(st.lang, "Final totals: {totals}.", totals=totals)]


EVENT_LINES: dict[str, Callable[[dict, int | None, Style], list[str]]] = {
    "round_started": _round_started, "card_dealt": _card_dealt, "card_played": _card_played,
    "trick_won": _trick_won, "cards_stacked": _cards_stacked, "colours_waiting": _colours_waiting,
    "farmers_paid": _farmers_paid, "farmers_lost": _farmers_lost, "colour_opened": _colour_opened,
    "farmer_placed": _farmer_placed, "round_scored": _round_scored, "game_over": _game_over,
}
"""Event kind (:mod:`herna.games.ugo.events`) to the function that words it."""


def describe_event(event: dict, viewer: int | None, style: Style) -> list[str]:
    """The sentences of one engine event as ``viewer`` (a seat, ``None``: a
    spectator) sees it, in ``style.lang``; ``[]`` for an event not worth a
    line (a dealt card, a single new colour). ``KeyError`` for an unknown kind."""
    return EVENT_LINES[event["kind"]](event, viewer, style)
