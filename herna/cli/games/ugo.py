"""Ugo! at the terminal: every kingdom, the trick and the seat's hand, as
one seat (or a spectator) sees it; sentences about what happened.

Plain words first (a screen reader reads them well): colours are written
out and farmers are numbers ("2/3"); colour styling only adds.
"""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from herna.cli.i18n import seat_name
from herna.games.ugo.cards import COLOURS, LAND_NAMES

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
}


def w(key: str, lang: str):
    entry = WORDS[key]
    return entry.get(lang, entry["en"])


def colour_word(colour: str | None, lang: str) -> str:
    if colour is None:
        return "—"
    return COLOUR_WORDS.get(lang, COLOUR_WORDS["en"])[colour]


def card_text(card: str | None) -> Text:
    """``red5`` written out, styled in its colour."""
    if card is None:
        return Text("—")
    colour = card.rstrip("0123456789")
    return Text(card, style=COLOUR_STYLE.get(colour, ""))


def cards_text(cards: list[str]) -> Text:
    out = Text()
    for i, card in enumerate(cards):
        if i:
            out.append(" ")
        out.append_text(card_text(card))
    return out if cards else Text("—")


def _kingdom_table(view: dict, s: int, lang: str, viewer: int | None, labels) -> Table:
    title = f"{w('kingdom', lang)} {seat_name(s, lang, viewer, labels[s] if labels else None)}"
    table = Table(title=title, title_justify="left", show_header=True, header_style="bold", box=None,
                  pad_edge=False)
    for col in (w("field", lang), w("colour", lang), w("top", lang), w("farmers", lang), w("score", lang),
                w("pile", lang)):
        table.add_column(col)
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
        table.add_row(field["field"], colour_cell, card_text(field["top_card"]), farmers,
                      Text(f"{score:+d}" if score else "0", style="red" if score < 0 else ""),
                      cards_text(field["cards"]))
    return table


def render(view: dict, seat: int | None, lang: str = "en", labels: list[str] | None = None):
    """A rich renderable of the table for ``seat`` (``None``: spectator):
    scores, every kingdom (each field's colour, top card, farmers/places and
    what it scores if the round ended now), the trick, the last trick and
    the seat's hand."""
    n = view["players"]
    parts = []
    phase = w("phases", lang).get(view["phase"], view["phase"])
    parts.append(Text(f"{w('round', lang)} {view['round_number']}/{view['rounds']} · {w('trick', lang)} "
                      f"{view['trick_number']}/10 · {w('phase', lang)}: {phase}", style="bold"))
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    for col in ("", w("total", lang), w("last_round", lang), w("if_now", lang), w("cards_in_hand", lang),
                w("void", lang)):
        table.add_column(col)
    for s in range(n):
        last = "" if view["round_scores"] is None else str(view["round_scores"][s])
        voids = ", ".join(colour_word(c, lang) for c in view["voids"][s]) or "—"
        table.add_row(seat_name(s, lang, seat, labels[s] if labels else None), str(view["scores"][s]), last,
                      str(view["kingdom_scores"][s]), str(view["hand_sizes"][s]), voids)
    parts.append(table)
    order = [seat] + [s for s in range(n) if s != seat] if seat is not None else list(range(n))
    for s in order:
        parts.append(_kingdom_table(view, s, lang, seat, labels))
    if view["trick"]:
        line = Text(f"{w('in_play', lang)}: ")
        for i, (s, card) in enumerate(zip(view["trick_seats"], view["trick"])):
            line.append(("; " if i else "") + f"{seat_name(s, lang)} ")
            line.append_text(card_text(card))
        parts.append(line)
    last = view["last_trick"]
    if last:
        line = Text(f"{w('last_trick', lang)}: ")
        line.append_text(cards_text(last["cards"]))
        line.append(f", {w('won_by', lang)} {seat_name(last['winner'], lang)}")
        parts.append(line)
    if view["waiting_colours"]:
        parts.append(Text(f"{w('waiting', lang)}: "
                          + ", ".join(colour_word(c, lang) for c in view["waiting_colours"])))
    if view["farmers_to_place"]:
        parts.append(Text(f"{w('to_place', lang)}: " + ", ".join(
            f"{seat_name(e['seat'], lang)} {e['farmers']}" for e in view["farmers_to_place"])))
    if seat is not None and "hand" in view:
        line = Text(f"{w('hand', lang)}: ")
        line.append_text(cards_text(view["hand"]))
        parts.append(line)
    return Group(*parts)


EVENTS = {
    "deal": {"en": "Round {round}: 10 cards are dealt to each player.",
             "cs": "Kolo {round}: každý hráč dostává 10 karet."},
    "play": {"en": "{who} plays {card}.", "cs": "{who} hraje {card}."},
    "trick": {"en": "{who} wins the trick ({cards}) with {card}.", "cs": "{who} bere štych ({cards}) kartou {card}."},
    "paid": {"en": "Farmers paid: {list}.", "cs": "Vyplacení farmáři: {list}."},
    "unpaid": {"en": "No farmers are paid.", "cs": "Žádní farmáři."},
    "waiting": {"en": "{who} chooses the order of the new colours: {colours}.",
                "cs": "{who} volí pořadí nových barev: {colours}."},
    "open": {"en": "{who} opens field {field} with {colour} (top card {top}).",
             "cs": "{who} zakládá pole {field} barvou {colour} (navrchu {top})."},
    "farm": {"en": "{who} places a farmer on field {field} ({farmers}/{places}).",
             "cs": "{who} dává farmáře na pole {field} ({farmers}/{places})."},
    "lost": {"en": "{who} has no free farmer place: {count} farmer(s) lost.",
             "cs": "{who} nemá volné místo: {count} farmář(ů) propadá."},
    "round_end": {"en": "Round {round} ends. Round scores: {scores}. Totals: {totals}.",
                  "cs": "Kolo {round} končí. Body za kolo: {scores}. Celkem: {totals}."},
}


def _e(key: str, lang: str, **kw) -> str:
    entry = EVENTS[key]
    return entry.get(lang, entry["en"]).format(**kw)


def describe(before: dict, token: str, actor, after: dict, lang: str = "en") -> list[str]:
    """Sentences (``lang`` "en" or "cs") about what ``token`` (the action as
    the viewer saw it: ``deal ?`` hides a card) did between the views
    ``before`` and ``after``: who won a trick and with what, which farmers
    were paid or lost, fields opened and farmed, a round's scores."""
    words = token.split()
    verb = words[0] if words else ""
    out: list[str] = []
    if verb == "deal":
        if sum(before["hand_sizes"]) == 0 and before["phase"] == "deal":
            out.append(_e("deal", lang, round=after["round_number"]))
        return out
    who = seat_name(actor, lang) if isinstance(actor, int) else str(actor)
    if verb == "play":
        out.append(_e("play", lang, who=who, card=words[1]))
        if len(before["trick"]) == before["players"] - 1 and after["last_trick"]:
            last = after["last_trick"]
            winner = last["winner"]
            win_card = last["cards"][last["seats"].index(winner)]
            out.append(_e("trick", lang, who=seat_name(winner, lang), cards=" ".join(last["cards"]), card=win_card))
            order = [(winner + i) % before["players"] for i in range(before["players"])]
            paid_list = [(s, last["farmers"][s]) for s in order if last["farmers"][s]]
            if paid_list:
                out.append(_e("paid", lang, list=", ".join(f"{seat_name(s, lang)} {c}" for s, c in paid_list)))
            else:
                out.append(_e("unpaid", lang))
            if len(after["waiting_colours"]) > 1:
                colours = ", ".join(colour_word(c, lang) for c in after["waiting_colours"])
                out.append(_e("waiting", lang, who=seat_name(winner, lang), colours=colours))
            for seat, count in enumerate(last.get("lost", [])):
                if count:
                    out.append(_e("lost", lang, who=seat_name(seat, lang), count=count))
    elif verb == "open":
        colour = words[1]
        for field in after["kingdoms"][actor]:
            if field["colour"] == colour:
                out.append(_e("open", lang, who=who, field=field["field"], colour=colour_word(colour, lang),
                              top=field["top_card"]))
    elif verb == "farm":
        field = after["kingdoms"][actor]["ABCDE".index(words[1])]
        out.append(_e("farm", lang, who=who, field=field["field"], farmers=field["farmers"], places=field["places"]))
    if after["round_scores"] is not None and after["phase"] in ("deal", "over") and before["phase"] not in ("deal", "over"):
        scores = ", ".join(f"{seat_name(s, lang)} {v}" for s, v in enumerate(after["round_scores"]))
        totals = ", ".join(f"{seat_name(s, lang)} {v}" for s, v in enumerate(after["scores"]))
        out.append(_e("round_end", lang, round=before["round_number"], scores=scores, totals=totals))
    return out
