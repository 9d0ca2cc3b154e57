"""Trumfosaur at the terminal: the table as one seat (or a spectator) sees it.

Plain words first (a screen reader reads them well); colour only adds.
"""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from herna.cli.i18n import seat_name
from herna.games.trumfosaur.cards import parse_card
from herna.games.trumfosaur.state import trick_winner

SPECIES_STYLE = {"SAX": "green", "VZT": "red", "AQU": "cyan", "SPI": "magenta", "BYZ": "yellow", "TRUMF": "bold white"}
WORDS = {
    "deal": {"en": "Deal", "cs": "Partie"},
    "trick": {"en": "trick", "cs": "kolo (štych)"},
    "target": {"en": "target", "cs": "cíl"},
    "total": {"en": "total", "cs": "celkem"},
    "last_deal": {"en": "last deal", "cs": "minulá partie"},
    "taken": {"en": "taken", "cs": "vzal"},
    "invitation": {"en": "invitation (pozvánka)", "cs": "pozvánka"},
    "hidden": {"en": "hidden", "cs": "skrytá"},
    "trump": {"en": "trump", "cs": "trumf"},
    "yes": {"en": "yes", "cs": "ano"},
    "no": {"en": "no", "cs": "ne"},
    "in_play": {"en": "Trick in play", "cs": "Hrané kolo"},
    "last_trick": {"en": "Last trick", "cs": "Minulé kolo"},
    "won_by": {"en": "won by", "cs": "bere"},
    "hand": {"en": "Your hand", "cs": "Tvoje karty"},
    "your_inv": {"en": "Your invitation", "cs": "Tvoje pozvánka"},
    "your_taken": {"en": "Your taken cards", "cs": "Tvoje získané karty"},
    "laid_out": {"en": "laid out", "cs": "odložil"},
    "team": {"en": "Teams", "cs": "Týmy"},
    "none": {"en": "none", "cs": "nic"},
    "phase": {"en": "now", "cs": "teď"},
    "phases": {"en": {"exchange": "master exchange", "invite": "choosing invitations", "play": "playing",
                      "reveal": "reveal window", "over": "game over", "deal": "dealing", "draw": "drawing"},
               "cs": {"exchange": "výměna (mistrovská verze)", "invite": "volba pozvánek", "play": "hra",
                      "reveal": "možnost odkrýt pozvánku", "over": "konec hry", "deal": "rozdávání", "draw": "dobírání"}},
}


def w(key: str, lang: str) -> str:
    entry = WORDS[key]
    return entry.get(lang, entry["en"])


def card_text(card: str | None) -> Text:
    if card is None:
        return Text("—")
    prefix = "TRUMF" if card == "TRUMF" else card[:3]
    return Text(card, style=SPECIES_STYLE.get(prefix, ""))


def cards_text(cards: list[str]) -> Text:
    out = Text()
    for i, card in enumerate(cards):
        if i:
            out.append(" ")
        out.append_text(card_text(card))
    return out if cards else Text("—")


def render(view: dict, seat: int | None, lang: str = "en", labels: list[str] | None = None):
    """A rich renderable of the table for ``seat`` (``None``: spectator)."""
    n = view["players"]
    parts = []
    phase = w("phases", lang).get(view["phase"], view["phase"])
    header = (f"{w('deal', lang)} {view['deal_number']} · {w('trick', lang)} {view['trick_number']}/10 · "
              f"{w('target', lang)} {view['target_score']} · {w('phase', lang)}: {phase}")
    parts.append(Text(header, style="bold"))
    table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
    for col in ("", w("total", lang), w("last_deal", lang), w("taken", lang), w("invitation", lang),
                w("trump", lang), "#"):
        table.add_column(col)
    for s in range(n):
        inv = view["invitations"][s]
        inv_text = card_text(inv) if inv else Text(w("hidden", lang), style="dim")
        last = "" if view["deal_scores"] is None else str(view["deal_scores"][s])
        name = seat_name(s, lang, seat, labels[s] if labels else None)
        if view["exchanged"][s]:
            name += f" [{w('laid_out', lang)}: {' '.join(view['exchanged'][s])}]"
        table.add_row(name, str(view["scores"][s]), last, str(view["taken"][s]), inv_text,
                      w("yes", lang) if view["trumps"][s] else w("no", lang), str(view["hand_sizes"][s]))
    parts.append(table)
    if "team_scores" in view:
        a, b = view["team_scores"]
        parts.append(Text(f"{w('team', lang)}: 0+2 = {a}, 1+3 = {b}"))
    if view["trick"]:
        line = Text(f"{w('in_play', lang)}: ")
        for s, card in zip(view["trick_seats"], view["trick"]):
            line.append(f"{seat_name(s, lang)} ")
            line.append_text(card_text(card))
            line.append("; ")
        parts.append(line)
    if view["last_trick"]:
        line = Text(f"{w('last_trick', lang)}: ")
        line.append_text(cards_text(view["last_trick"]["cards"]))
        line.append(f", {w('won_by', lang)} {seat_name(view['last_trick']['winner'], lang)}")
        parts.append(line)
    if seat is not None and "hand" in view:
        line = Text(f"{w('your_inv', lang)}: ")
        line.append_text(card_text(view["invitation"]))
        parts.append(line)
        line = Text(f"{w('hand', lang)}: ")
        line.append_text(cards_text(view["hand"]))
        parts.append(line)
        line = Text(f"{w('your_taken', lang)}: ")
        line.append_text(cards_text(view["taken_cards"]))
        parts.append(line)
    return Group(*parts)


EVENTS = {
    "invite ?": {"en": "{who} chooses an invitation face down.", "cs": "{who} skrytě volí pozvánku."},
    "invite": {"en": "{who} chooses the invitation {card}.", "cs": "{who} volí pozvánku {card}."},
    "reveal": {"en": "{who} reveals the invitation {card} and will lead.", "cs": "{who} odkrývá pozvánku {card} a vynáší."},
    "pass": {"en": "{who} does not reveal.", "cs": "{who} neodkrývá."},
    "play": {"en": "{who} plays {card}.", "cs": "{who} hraje {card}."},
    "exchange": {"en": "{who} lays out {cards} and draws as many.", "cs": "{who} odkládá {cards} a dobírá."},
    "exchange0": {"en": "{who} keeps the hand.", "cs": "{who} nic nemění."},
    "trick": {"en": "{who} wins the trick: {cards}.", "cs": "{who} bere kolo: {cards}."},
    "deal_end": {"en": "Deal {deal} scores: {scores}.", "cs": "Body za partii {deal}: {scores}."},
}


def describe(before: dict, token: str, actor, after: dict, lang: str = "en") -> list[str]:
    """Sentences about what ``token`` (the action as the viewer saw it) did."""
    if actor == "chance" or token.startswith(("deal", "draw")):
        return []
    who = seat_name(actor, lang)
    words = token.split()
    out = []

    def e(key, **kw):
        entry = EVENTS[key]
        return entry.get(lang, entry["en"]).format(**kw)

    verb = words[0]
    if token == "invite ?":
        out.append(e("invite ?", who=who))
    elif verb == "invite":
        out.append(e("invite", who=who, card=words[1]))
    elif verb == "reveal":
        out.append(e("reveal", who=who, card=words[1] if len(words) > 1 else "?"))
    elif verb == "pass":
        out.append(e("pass", who=who))
    elif verb == "exchange":
        out.append(e("exchange", who=who, cards=" ".join(words[1:])) if len(words) > 1 else e("exchange0", who=who))
    elif verb == "play":
        out.append(e("play", who=who, card=words[1]))
        if len(before["trick"]) == before["players"] - 1:
            cards = before["trick"] + [words[1]]
            winner = trick_winner(before["trick_seats"] + [actor], [parse_card(c) for c in cards])
            out.append(e("trick", who=seat_name(winner, lang), cards=" ".join(cards)))
        if after["deal_number"] != before["deal_number"] or (after["terminal"] and not before["terminal"]):
            scores = ", ".join(f"{seat_name(s, lang)} {v}" for s, v in enumerate(after["deal_scores"]))
            out.append(e("deal_end", deal=before["deal_number"], scores=scores))
    return out
