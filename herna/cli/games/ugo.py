"""Ugo! at the terminal: every kingdom, the trick and the seat's hand, as
one seat (or a spectator) sees it; sentences about what happened (every
card that goes onto a field, every farmer placed or lost); a summary of the
final kingdoms at the end of each round (``milestone``) and help on the
current decision (``help_text``), in English and Czech.

Plain words first (a screen reader reads them well): colours are written
out and farmers are numbers ("2/3"); colour styling only adds.
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from herna.cli.games.text import styled_cards
from herna.cli.i18n import lookup
from herna.cli.style import Style
from herna.games.ugo.cards import COLOURS, LAND_NAMES
from herna.games.ugo.fields import (
    DEFAULT_LOW_CARD_FARMERS, EMPTY_BONUS, FIELD_NAMES, LOW_CARD_VALUES, PENALTY_PER_EMPTY_PLACE,
    WIN_FARMERS,
)

COLOUR_STYLE = {"red": "red", "green": "green", "blue": "blue", "yellow": "yellow", "grey": "bright_black"}
COLOUR_WORDS = {
    "en": dict(zip(COLOURS, COLOURS)),
    "cs": dict(zip(COLOURS, ("červená", "zelená", "modrá", "žlutá", "šedá"))),
}
WORDS = {
    "round": {"en": "Round", "cs": "Kolo"},
    "trick": {"en": "trick", "cs": "štych"},
    "phase": {"en": "now", "cs": "teď"},
    "phases": {"en": {"deal": "dealing", "play": "playing a trick", "open": "ordering new colours",
                      "farm": "placing farmers", "over": "game over"},
               "cs": {"deal": "rozdávání", "play": "hraje se štych", "open": "pořadí nových barev",
                      "farm": "umisťování farmářů", "over": "konec hry"}},
    "total": {"en": "total", "cs": "celkem"},
    "last_round": {"en": "last round", "cs": "minulé kolo"},
    "if_now": {"en": "if the round ended now", "cs": "kdyby kolo skončilo teď"},
    "cards_in_hand": {"en": "cards in hand", "cs": "karet v ruce"},
    "kingdom": {"en": "Kingdom of", "cs": "Království:"},
    "field": {"en": "field", "cs": "pole"},
    "colour": {"en": "colour", "cs": "barva"},
    "top": {"en": "top card", "cs": "vrchní karta"},
    "pile": {"en": "pile (bottom first)", "cs": "hromádka (odspodu)"},
    "farmers": {"en": "farmers", "cs": "farmáři"},
    "score": {"en": "score now", "cs": "body teď"},
    "empty": {"en": "empty", "cs": "prázdné"},
    "full": {"en": "full", "cs": "plné"},
    "in_play": {"en": "Trick in play", "cs": "Hraný štych"},
    "last_trick": {"en": "Last trick", "cs": "Minulý štych"},
    "won_by": {"en": "won by", "cs": "bere"},
    "waiting": {"en": "New colours waiting for a field", "cs": "Nové barvy čekají na pole"},
    "to_place": {"en": "Farmers to place", "cs": "Farmáři k umístění"},
    "hand": {"en": "Your hand", "cs": "Tvoje karty"},
    "none": {"en": "none", "cs": "nic"},
    "void": {"en": "shown void in", "cs": "nemá barvu"},
    "pending_colours": {"en": "the new colours waiting for a field ({colours})",
                        "cs": "nové barvy, které čekají na pole ({colours})"},
    "pending_farmers": {"en": "the farmers still to be placed ({list})",
                        "cs": "farmáře, kteří se teprve umístí ({list})"},
    "pending_note": {"en": "Note: \"if the round ended now\" and \"score now\" count only what is already on the "
                           "fields, not yet {pending}.",
                     "cs": "Pozor: „kdyby kolo skončilo teď“ a „body teď“ počítají jen to, co už je na polích, "
                           "ještě ne {pending}."},
    "nor": {"en": " or ", "cs": " ani "},
    "farmer_supply": {"en": "farmers left", "cs": "farmářů v zásobě"},
    "your_kingdom": {"en": "Your kingdom", "cs": "Tvoje království"},
    "you_lead": {"en": "You lead this trick.", "cs": "Vynášíš."},
}


def w(key: str, lang: str):
    return lookup(WORDS, key, lang)


def colour_word(colour: str | None, lang: str) -> str:
    if colour is None:
        return "—"
    return COLOUR_WORDS.get(lang, COLOUR_WORDS["en"])[colour]


def card_text(card: str | None, dash: str = "—") -> Text:
    """``red5`` written out, styled in its colour (``dash`` for none)."""
    if card is None:
        return Text(dash)
    colour = card.rstrip("0123456789")
    return Text(card, style=COLOUR_STYLE.get(colour, ""))


def cards_text(cards: list[str], dash: str = "—") -> Text:
    return styled_cards(cards, lambda card: COLOUR_STYLE.get(card.rstrip("0123456789"), ""), dash)


def cs_plural(count: int, one: str, few: str, many: str) -> str:
    """The Czech form for ``count``: 1 ``one``, 2-4 ``few``, else ``many``."""
    return one if count == 1 else few if 2 <= count <= 4 else many


def _kingdom_table(view: dict, s: int, st: Style, viewer: int | None, labels):
    lang = st.lang
    title = f"{w('kingdom', lang)} {st.seat(s, viewer, labels[s] if labels else None)}"
    rows = []
    for field in view["kingdoms"][s]:
        colour = field["colour"]
        colour_cell = Text(colour_word(colour, lang), style=COLOUR_STYLE.get(colour or "", ""))
        if colour is not None:
            colour_cell.append(f" ({LAND_NAMES[COLOURS.index(colour)]})", style="dim")
        if colour is None:
            colour_cell = Text(w("empty", lang), style="dim")
        farmers = f"{field['farmers']}/{field['places']}"
        if field["farmers"] == field["places"]:
            farmers += f" {w('full', lang)}"
        score = field["score"]
        blank = st.plain and not field["cards"]  # plain: "B: colour empty, farmers 1/1 full, ..."
        rows.append([field["field"], colour_cell, "" if blank else card_text(field["top_card"], st.dash), farmers,
                     Text(f"{score:+d}" if score else "0", style="red" if score < 0 else ""),
                     "" if blank else cards_text(field["cards"], st.dash)])
    columns = (w("field", lang), w("colour", lang), w("top", lang), w("farmers", lang), w("score", lang),
               w("pile", lang))
    return st.table(columns, rows, title=title)


def pending_note(view: dict, lang: str, style: Style | None = None) -> str | None:
    """Says that the "if the round ended now" scores leave out the waiting
    new colours and the farmers not yet placed (which fields they go to is
    still to be chosen); ``None`` when nothing waits."""
    st = style or Style.make(lang)
    pending = []
    if view["waiting_colours"]:
        pending.append(w("pending_colours", lang).format(
            colours=", ".join(colour_word(c, lang) for c in view["waiting_colours"])))
    if view["farmers_to_place"]:
        pending.append(w("pending_farmers", lang).format(list=", ".join(
            f"{st.seat(e['seat'])}: {e['farmers']}" for e in view["farmers_to_place"])))
    if not pending:
        return None
    return w("pending_note", lang).format(pending=w("nor", lang).join(pending))


def header(view: dict, st: Style) -> Text:
    """``Round 1/4 · trick 2/10 · now: playing a trick · farmers left 12``."""
    lang = st.lang
    phase = w("phases", lang).get(view["phase"], view["phase"])
    parts = [f"{w('round', lang)} {view['round_number']}/{view['rounds']}",
             f"{w('trick', lang)} {view['trick_number']}/10", f"{w('phase', lang)}: {phase}"]
    if view.get("farmer_supply") is not None:  # U-1.3
        parts.append(f"{w('farmer_supply', lang)}: {view['farmer_supply']}")
    return Text(st.sep.join(parts), style="bold")


def scores_table(view: dict, seat: int | None, st: Style, labels: list[str] | None = None):
    """Every seat's total, last round, score if the round ended now, cards
    in hand and the colours it has shown void in."""
    lang = st.lang
    rows = []
    for s in range(view["players"]):
        last = "" if view["round_scores"] is None else str(view["round_scores"][s])
        voids = ", ".join(colour_word(c, lang) for c in view["voids"][s]) or ("" if st.plain else st.dash)
        rows.append([st.seat(s, seat, labels[s] if labels else None), str(view["scores"][s]), last,
                     str(view["kingdom_scores"][s]), str(view["hand_sizes"][s]), voids])
    columns = ("", w("total", lang), w("last_round", lang), w("if_now", lang), w("cards_in_hand", lang),
               w("void", lang))
    return st.table(columns, rows)


def trick_line(view: dict, st: Style) -> Text | None:
    """The trick in play, card by card with who played it; ``None`` if empty."""
    if not view["trick"]:
        return None
    line = Text(f"{w('in_play', st.lang)}: ")
    for i, (s, card) in enumerate(zip(view["trick_seats"], view["trick"])):
        line.append(("; " if i else "") + f"{st.seat(s, view.get('seat'))} ")
        line.append_text(card_text(card))
    return line


def last_trick_line(view: dict, st: Style) -> Text | None:
    """The last trick's cards and who won it; ``None`` before the first."""
    last = view["last_trick"]
    if not last:
        return None
    line = Text(f"{w('last_trick', st.lang)}: ")
    seats = last.get("seats")
    if seats:
        for i, (s, card) in enumerate(zip(seats, last["cards"])):
            line.append(("; " if i else "") + f"{st.seat(s, view.get('seat'))} ")
            line.append_text(card_text(card))
    else:
        line.append_text(cards_text(last["cards"]))
    line.append(f", {w('won_by', st.lang)} {st.seat(last['winner'], view.get('seat'))}")
    return line


def hand_line(view: dict, st: Style) -> Text | None:
    """``Your hand: red0 red4 ...`` for a seat's view; ``None`` for a spectator."""
    if "hand" not in view:
        return None
    line = Text(f"{w('hand', st.lang)}: ")
    line.append_text(cards_text(view["hand"], st.dash))
    return line


def waiting_lines(view: dict, st: Style) -> list[Text]:
    """The new colours waiting for a field and the farmers still to place."""
    lang = st.lang
    out = []
    if view["waiting_colours"]:
        out.append(Text(f"{w('waiting', lang)}: " + ", ".join(colour_word(c, lang) for c in view["waiting_colours"])))
    if view["farmers_to_place"]:
        out.append(Text(f"{w('to_place', lang)}: " + ", ".join(
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
    note = pending_note(view, lang, st)
    if note:
        parts.append(Text(note, style="italic"))
    order = [seat] + [s for s in range(n) if s != seat] if seat is not None else list(range(n))
    for s in order:
        parts.append(_kingdom_table(view, s, st, seat, labels))
    for line in (trick_line(view, st), last_trick_line(view, st)):
        if line is not None:
            parts.append(line)
    parts.extend(waiting_lines(view, st))
    if seat is not None and hand_line(view, st) is not None:
        parts.append(hand_line(view, st))
    return Group(*parts)


# ----- the compact status at a prompt and the prompt's commands --------------------------------

def deal_key(view: dict):
    """Changes when a new round starts (the terminal then shows the whole table)."""
    return view["round_number"]


def kingdom_line(view: dict, seat: int, st: Style) -> Text:
    """One kingdom in one line: ``Your kingdom: A red8 1/1, B grey1 1/1, C empty 0/2, ...
    (score now 9)``."""
    lang = st.lang
    line = Text(f"{w('your_kingdom', lang)}: ")
    for i, field in enumerate(view["kingdoms"][seat]):
        line.append((", " if i else "") + f"{field['field']} ")
        if field["top_card"]:
            line.append_text(card_text(field["top_card"]))
        else:
            line.append(w("empty", lang))
        line.append(f" {field['farmers']}/{field['places']}")
    line.append(f" ({w('score', lang)} {view['kingdom_scores'][seat]})")
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
        out.append(Text(w("you_lead", st.lang)))
    out.extend(waiting_lines(view, st))
    out.append(kingdom_line(view, seat, st))
    hand = hand_line(view, st)
    if hand is not None:
        out.append(hand)
    return out


def hand_lines(view: dict, seat: int, style: Style) -> list[Text]:
    """The ``hand`` command."""
    return [hand_line(view, style) or Text(style.dash)]


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


# ----- the end of a round: every field's score and why ---------------------------------------

SCORING = {
    "line": {"en": "{field}, {colour}, {farmers}/{places} farmers{full}{top}: scores {score} ({why})",
             "cs": "{field}, {colour}, farmáři {farmers}/{places}{full}{top}, body: {score} ({why})"},
    "full": {"en": " (full)", "cs": " (plné)"},
    "top": {"en": ", top card {card}", "cs": ", vrchní karta {card}"},
    "empty": {"en": "empty", "cs": "prázdné"},
    "why_top": {"en": "fully farmed with cards: the top card's value",
                "cs": "plně obsazené a s kartami: hodnota vrchní karty"},
    "why_bonus": {"en": "fully farmed and empty: bonus {bonus}", "cs": "plně obsazené a prázdné: bonus {bonus}"},
    "why_no_bonus": {"en": "empty; field {field} has no bonus", "cs": "prázdné; pole {field} nemá bonus"},
    "why_penalty": {"en": "{count} empty place{s} at -{penalty} each",
                    "cs": "{count} {places}, každé -{penalty}"},
    "why_zero": {"en": "empty and not fully farmed", "cs": "prázdné a ne plně obsazené"},
    "heading": {"en": "Round {round} of {rounds} is over.", "cs": "Kolo {round}/{rounds} skončilo."},
    "heading_last": {"en": "Round {round} of {rounds}, the last one, is over.",
                     "cs": "Kolo {round}/{rounds}, poslední, skončilo."},
    "intro": {"en": " The final kingdoms and what each field scores:",
              "cs": " Konečná království a body za každé pole:"},
    "kingdom": {"en": "Kingdom of {who}: {score} points", "cs": "Království: {who}, body: {score}"},
    "round_scores": {"en": "Round {round} scores: {scores}.", "cs": "Body za kolo {round}: {scores}."},
    "totals": {"en": "Totals after round {round}: {totals}.", "cs": "Celkem po kole {round}: {totals}."},
    "final": {"en": "Final totals: {totals}.", "cs": "Konečné součty: {totals}."},
}


def _s(key: str, lang: str, **kw) -> str:
    entry = SCORING[key]
    return entry.get(lang, entry["en"]).format(**kw)


def score_reason(field: dict, lang: str = "en") -> str:
    """Why ``field`` (a view's field) scores what it does (U-6)."""
    index = FIELD_NAMES.index(field["field"])
    empty_places = field["places"] - field["farmers"]
    if empty_places <= 0:
        if field["cards"]:
            return _s("why_top", lang)
        if EMPTY_BONUS[index]:
            return _s("why_bonus", lang, bonus=EMPTY_BONUS[index])
        return _s("why_no_bonus", lang, field=field["field"])
    if field["cards"]:
        places = cs_plural(empty_places, "prázdné místo", "prázdná místa", "prázdných míst")
        return _s("why_penalty", lang, count=empty_places, s="" if empty_places == 1 else "s", places=places,
                  penalty=PENALTY_PER_EMPTY_PLACE)
    return _s("why_zero", lang)


def field_line(field: dict, lang: str = "en") -> str:
    """One field's round score in words, e.g. ``D, blue, 1/3 farmers, top card
    blue8: scores -10 (2 empty places at -5 each)``."""
    colour = colour_word(field["colour"], lang) if field["colour"] else _s("empty", lang)
    full = _s("full", lang) if field["farmers"] >= field["places"] else ""
    top = _s("top", lang, card=field["top_card"]) if field["top_card"] else ""
    score = field["score"]
    return _s("line", lang, field=field["field"], colour=colour, farmers=field["farmers"], places=field["places"],
              full=full, top=top, score=f"{score:+d}" if score else "0", why=score_reason(field, lang))


def round_ended(before: dict, after: dict) -> bool:
    """Whether a round was scored between the views ``before`` and ``after``."""
    return (before["phase"] in ("play", "open", "farm") and after["round_scores"] is not None
            and (after["phase"] in ("deal", "over") or after["round_number"] != before["round_number"]))


def milestone(before: dict, after: dict, seat: int | None, lang: str = "en", style: Style | None = None):
    """At the end of each round (and so of the game): every kingdom with each
    field's colour, top card, farmers/places and its score with the reason,
    then the round's scores and the totals. ``None`` at any other move."""
    if not round_ended(before, after):
        return None
    st = style or Style.make(lang)
    n = after["players"]
    finished = before["round_number"]
    last = finished >= after["rounds"]
    heading = _s("heading_last" if last else "heading", lang, round=finished, rounds=after["rounds"])
    # With a fixed deal the next round may already be dealt: its kingdoms are empty.
    kingdoms = after["round_number"] == finished
    parts = [Text(heading + (_s("intro", lang) if kingdoms else ""), style="bold")]
    if kingdoms:
        for s in range(n):
            kingdom = after["kingdoms"][s]
            parts.append(Text(_s("kingdom", lang, who=st.seat(s, seat),
                                 score=sum(f["score"] for f in kingdom)), style="bold"))
            for field in kingdom:
                line = Text("  ")
                line.append(field_line(field, lang), style="red" if field["score"] < 0 else "")
                parts.append(line)
    scores = ", ".join(f"{st.seat(s, seat)} {v}" for s, v in enumerate(after["round_scores"]))
    totals = ", ".join(f"{st.seat(s, seat)} {v}" for s, v in enumerate(after["scores"]))
    parts.append(Text(_s("round_scores", lang, round=finished, scores=scores)))
    parts.append(Text(_s("final", lang, totals=totals) if last else _s("totals", lang, round=finished, totals=totals),
                      style="bold"))
    return Group(*parts)


# ----- help on the current decision ----------------------------------------------------------

HELP = {
    "play_lead": {"en": "You lead this trick: play any card.", "cs": "Vynášíš: zahraj libovolnou kartu."},
    "play_follow": {"en": "{colour} was led: play a {colour} card if you have one, otherwise any card.",
                    "cs": "Vynesená barva je {colour}: přiznej ji, máš-li ji, jinak zahraj cokoli."},
    "play_rest": {"en": "The highest value wins, whatever its colour (equal values: the led colour, else the card "
                        "played first). The winner takes every card of the trick into the kingdom: a colour "
                        "already there goes on top of its field (the top card may get lower), a new colour opens "
                        "the leftmost empty field.",
                  "cs": "Bere nejvyšší hodnota bez ohledu na barvu (při shodě vynesená barva, jinak dříve zahraná "
                        "karta). Vítěz si dá všechny karty štychu do království: barva, kterou už má, jde navrch "
                        "svého pole (vrchní karta může klesnout), nová barva založí nejlevější prázdné pole."},
    "open": {"en": "Your trick brought colours new to your kingdom: {colours}. Choose which one opens your next "
                   "empty field ({field}); the others follow to the right in the order you choose. Cards never "
                   "move later.",
             "cs": "Štych ti přinesl nové barvy: {colours}. Zvol, která založí tvé další prázdné pole ({field}); "
                   "ostatní následují doprava v pořadí, které zvolíš. Karty se pak už nepřesouvají."},
    "farm": {"en": "Place one paid farmer on field C, D or E (A and B are always full); {count} to place now. "
                   "Free places: {free}. Farmers never move; farmers with no free place are lost.",
             "cs": "Umísti jednoho vyplaceného farmáře na pole C, D nebo E (A a B jsou vždy plná); teď umisťuješ "
                   "{count}. Volná místa: {free}. Farmáři se nepřesouvají; kdo nemá volné místo, farmáře ztrácí."},
    "deal": {"en": "The cards are being dealt: 10 to each player.", "cs": "Rozdávají se karty: 10 každému hráči."},
    "over": {"en": "The game is over: the highest total wins.", "cs": "Hra skončila: vyhrává nejvyšší součet."},
    "score1": {"en": "Scoring, per field at the round's end: fully farmed (every farmer place filled: A 1 and B 1 "
                     "always are, C 2, D 3, E 4) with cards: + the top card's value; fully farmed and empty: "
                     "+ bonus (C 1, D 3, E 5).",
               "cs": "Body za každé pole na konci kola: plně obsazené (všechna místa pro farmáře plná: A 1 a B 1 "
                     "vždy, C 2, D 3, E 4) s kartami: + hodnota vrchní karty; plně obsazené a prázdné: "
                     "+ bonus (C 1, D 3, E 5)."},
    "score2": {"en": "Not fully farmed with cards: -{penalty} per empty farmer place; not fully farmed and empty: 0.",
               "cs": "Ne plně obsazené s kartami: -{penalty} za každé prázdné místo; ne plně obsazené a prázdné: 0."},
    "payouts": {"en": "Farmers paid to the card's player, by value: when it wins the trick: {wins}. "
                      "A {low} pays only when it loses: {same} if it has the winning card's colour, {other} otherwise.",
                "cs": "Farmáři pro hráče karty podle hodnoty: když bere štych: {wins}. {low} platí jen, když "
                      "prohraje: {same}, má-li barvu vítězné karty, jinak {other}."},
    "pays": {"en": "{value} pays {count}", "cs": "{value} dává {count}"},
    "or": {"en": " or ", "cs": " nebo "},
    "low_cap": {"en": "{low}", "cs": "Karta {low}"},
    "rules": {"en": "All the rules: herna rules ugo (the Czech original: herna rules ugo --lang cs).",
              "cs": "Celá pravidla: herna rules ugo --lang cs (český originál), herna rules ugo (anglicky, "
                    "číslovaná)."},
}


def _h(key: str, lang: str, **kw) -> str:
    entry = HELP[key]
    return entry.get(lang, entry["en"]).format(**kw)


def help_text(view: dict, lang: str = "en", style: Style | None = None) -> str:
    """What the current decision means, the scoring rules in two lines, the
    farmers each card value pays, and where to read all the rules."""
    phase = view["phase"]
    lines = []
    player = view["current_player"]
    if phase == "play":
        if view["trick"]:
            led = view["trick"][0].rstrip("0123456789")
            lines.append(_h("play_follow", lang, colour=colour_word(led, lang)))
        else:
            lines.append(_h("play_lead", lang))
        lines.append(_h("play_rest", lang))
    elif phase == "open" and isinstance(player, int):
        empty = [f["field"] for f in view["kingdoms"][player] if f["colour"] is None]
        lines.append(_h("open", lang, colours=", ".join(colour_word(c, lang) for c in view["waiting_colours"]),
                        field=empty[0] if empty else "—"))
    elif phase == "farm" and isinstance(player, int):
        queue = view["farmers_to_place"]
        count = queue[0]["farmers"] if queue else 0
        free = ", ".join(f"{f['field']} {f['places'] - f['farmers']}" for f in view["kingdoms"][player][2:])
        lines.append(_h("farm", lang, count=count, free=free))
    elif phase in ("deal", "over"):
        lines.append(_h(phase, lang))
    lines.append(_h("score1", lang))
    lines.append(_h("score2", lang, penalty=PENALTY_PER_EMPTY_PLACE))
    same, other = view.get("low_card_farmers", DEFAULT_LOW_CARD_FARMERS)
    wins = ", ".join(_h("pays", lang, value=v, count=0 if v in LOW_CARD_VALUES else WIN_FARMERS[v])
                     for v in range(len(WIN_FARMERS)))
    low = _h("or", lang).join(str(v) for v in LOW_CARD_VALUES)
    lines.append(_h("payouts", lang, wins=wins, low=_h("low_cap", lang, low=low), same=same, other=other))
    lines.append(_h("rules", lang))
    return "\n".join(lines)


# ----- sentences about each action ------------------------------------------------------------

EVENTS = {
    "deal": {"en": "Round {round}: 10 cards are dealt to each player.",
             "cs": "Kolo {round}: každý hráč dostává 10 karet."},
    "play": {"en": "{who} plays {card}.", "cs": "{who} hraje {card}."},
    "trick": {"en": "{who} wins the trick ({cards}) with {card}.", "cs": "{who} bere štych ({cards}) kartou {card}."},
    "stack1": {"en": "{cards} goes onto field {field} of {who} (top card now {top}, was {was}).",
               "cs": "Na pole {field} ({who}) přibývá {cards} (navrchu teď {top}, předtím {was})."},
    "stack": {"en": "{cards} go onto field {field} of {who} (top card now {top}, was {was}).",
              "cs": "Na pole {field} ({who}) přibývají {cards} (navrchu teď {top}, předtím {was})."},
    "paid": {"en": "Farmers paid: {list}.", "cs": "Vyplacení farmáři: {list}."},
    "unpaid": {"en": "No farmers are paid.", "cs": "Žádní farmáři."},
    "waiting": {"en": "{who} must choose the order of the new colours: {colours} (each opens the next empty field, "
                      "left to right).",
                "cs": "{who} musí zvolit pořadí nových barev: {colours} (každá založí další prázdné pole zleva)."},
    "open": {"en": "{who} opens field {field} with {colour}: {cards} (top card {top}).",
             "cs": "{who} zakládá pole {field} barvou {colour}: {cards} (navrchu {top})."},
    "order": {"en": "{who} has chosen the order of the new colours: {list}.",
              "cs": "{who}: zvolené pořadí nových barev: {list}."},
    "order_item": {"en": "{colour} on field {field}", "cs": "{colour} na poli {field}"},
    "farm": {"en": "{who} places a farmer on field {field} ({farmers}/{places}).",
             "cs": "{who} dává farmáře na pole {field} ({farmers}/{places})."},
    "lost": {"en": "{who} has no free farmer place: {count} farmer(s) lost.",
             "cs": "{who} nemá volné místo pro farmáře: {count} {farmers}."},
    "lost_more": {"en": "{who} has no free farmer place left: {count} more farmer(s) lost.",
                  "cs": "{who} už nemá volné místo pro farmáře: ještě {count} {farmers}."},
    "round_end": {"en": "Round {round} ends. Round scores: {scores}. Totals: {totals}.",
                  "cs": "Kolo {round} končí. Body za kolo: {scores}. Celkem: {totals}."},
}


def _e(key: str, lang: str, **kw) -> str:
    entry = EVENTS[key]
    return entry.get(lang, entry["en"]).format(**kw)


def _lost(key: str, who: str, count: int, lang: str) -> str:
    farmers = cs_plural(count, "farmář propadá", "farmáři propadají", "farmářů propadá")
    return _e(key, lang, who=who, count=count, farmers=farmers)


def _stacked(before: dict, after: dict, seat: int, st: Style) -> list[str]:
    """A sentence for each field of ``seat`` that got cards on top."""
    lang = st.lang
    out = []
    for old, new in zip(before["kingdoms"][seat], after["kingdoms"][seat]):
        added = new["cards"][len(old["cards"]):]
        if old["cards"] and added:
            out.append(_e("stack1" if len(added) == 1 else "stack", lang, cards=" ".join(added), field=new["field"],
                          who=st.seat(seat), top=new["top_card"], was=old["top_card"]))
    return out


def describe(before: dict, token: str, actor, after: dict, lang: str = "en", style: Style | None = None) -> list[str]:
    """Sentences (``lang`` "en" or "cs") about what ``token`` (the action as
    the viewer saw it: ``deal ?`` hides a card) did between the views
    ``before`` and ``after``: who won a trick and with what, every card that
    went onto a field, which farmers were paid, placed or lost, the order
    of new colours, a round's scores."""
    st = style or Style.make(lang)
    words = token.split()
    verb = words[0] if words else ""
    out: list[str] = []
    if verb == "deal":
        if sum(before["hand_sizes"]) == 0 and before["phase"] == "deal":
            out.append(_e("deal", lang, round=after["round_number"]))
        return out
    who = st.seat(actor) if isinstance(actor, int) else str(actor)
    if verb == "play":
        out.append(_e("play", lang, who=who, card=words[1]))
        if len(before["trick"]) == before["players"] - 1 and after["last_trick"]:
            last = after["last_trick"]
            winner = last["winner"]
            win_card = last["cards"][last["seats"].index(winner)]
            out.append(_e("trick", lang, who=st.seat(winner), cards=" ".join(last["cards"]), card=win_card))
            out += _stacked(before, after, winner, st)
            order = [(winner + i) % before["players"] for i in range(before["players"])]
            paid_list = [(s, last["farmers"][s]) for s in order if last["farmers"][s]]
            if paid_list:
                out.append(_e("paid", lang, list=", ".join(f"{st.seat(s)} {c}" for s, c in paid_list)))
            else:
                out.append(_e("unpaid", lang))
            if len(after["waiting_colours"]) > 1:
                colours = ", ".join(colour_word(c, lang) for c in after["waiting_colours"])
                out.append(_e("waiting", lang, who=st.seat(winner), colours=colours))
            # Seats that place none of their farmers lose them now; a seat that
            # places some hears of the rest after its last farmer (see "farm").
            lost = last.get("lost", [])
            for s in order:
                if s < len(lost) and lost[s] and lost[s] == last["farmers"][s]:
                    out.append(_lost("lost", st.seat(s), lost[s], lang))
    elif verb == "open":
        colour = words[1]
        kingdom = after["kingdoms"][actor]
        for field in kingdom:
            if field["colour"] == colour:
                out.append(_e("open", lang, who=who, field=field["field"], colour=colour_word(colour, lang),
                              cards=" ".join(field["cards"]), top=field["top_card"]))
        if before["waiting_colours"] and not after["waiting_colours"] and after["last_trick"]:
            trick_cards = set(after["last_trick"]["cards"])
            opened = [f for f in kingdom if f["cards"] and set(f["cards"]) <= trick_cards]
            if len(opened) > 1:
                items = ", ".join(_e("order_item", lang, colour=colour_word(f["colour"], lang), field=f["field"])
                                  for f in opened)
                out.append(_e("order", lang, who=who, list=items))
    elif verb == "farm":
        field = after["kingdoms"][actor]["ABCDE".index(words[1])]
        out.append(_e("farm", lang, who=who, field=field["field"], farmers=field["farmers"], places=field["places"]))
        queue = before["farmers_to_place"]
        last = after["last_trick"]
        if queue and queue[0]["seat"] == actor and queue[0]["farmers"] == 1 and last:
            lost = last.get("lost", [])
            if actor < len(lost) and lost[actor]:
                out.append(_lost("lost_more", who, lost[actor], lang))
    if round_ended(before, after):
        scores = ", ".join(f"{st.seat(s)} {v}" for s, v in enumerate(after["round_scores"]))
        totals = ", ".join(f"{st.seat(s)} {v}" for s, v in enumerate(after["scores"]))
        out.append(_e("round_end", lang, round=before["round_number"], scores=scores, totals=totals))
    return out
