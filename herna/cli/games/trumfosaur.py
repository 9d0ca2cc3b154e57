"""Trumfosaur at the terminal: the table as one seat (or a spectator) sees it.

Plain words first (a screen reader reads them well); colour only adds.
"""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text

from herna.cli.games.text import styled_cards
from herna.cli.i18n import lookup, seat_name
from herna.games.trumfosaur.cards import SPECIES, SPECIES_NAMES, invitation_score, parse_card
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
    "leads": {"en": "To lead", "cs": "Vynáší"},
    "worth": {"en": "worth so far", "cs": "zatím bodů"},
    "key": {"en": "Cards", "cs": "Karty"},
    "deal_scores": {"en": "deal scores", "cs": "body za partii"},
    "scoring": {"en": "3 for the invitation, +1 per card of its species, +2 per card of its value",
                "cs": "3 za pozvánku, +1 za kartu jejího druhu, +2 za kartu jejího čísla"},
    "help_exchange": {"en": "Lay out 0-2 cards face up and draw as many (exchange, exchange SAX1 AQU2).",
                      "cs": "Odlož 0-2 karty lícem nahoru a dober stejně (exchange, exchange SAX1 AQU2)."},
    "help_invite": {"en": "Choose your secret scoring card: you score +1 per taken card of its species, "
                           "+2 per taken card of its value.",
                    "cs": "Zvol tajnou bodovací kartu: +1 za každou získanou kartu jejího druhu, +2 za kartu jejího čísla."},
    "help_play": {"en": "Follow the led species if you can, or play your trump; the first trump wins the trick.",
                  "cs": "Přiznej vynesený druh, nebo zahraj trumf; první trumf bere."},
    "help_reveal": {"en": "Reveal your invitation to lead the next trick (once per deal), or pass.",
                    "cs": "Odkryj pozvánku a vynášej příští kolo (jednou za partii), nebo pass."},
    "help_over": {"en": "The game is over.", "cs": "Hra skončila."},
    "help_deal": {"en": "", "cs": ""},
    "help_draw": {"en": "", "cs": ""},
    "phases": {"en": {"exchange": "master exchange", "invite": "choosing invitations", "play": "playing",
                      "reveal": "reveal window", "over": "game over", "deal": "dealing", "draw": "drawing"},
               "cs": {"exchange": "výměna (mistrovská verze)", "invite": "volba pozvánek", "play": "hra",
                      "reveal": "možnost odkrýt pozvánku", "over": "konec hry", "deal": "rozdávání", "draw": "dobírání"}},
}


def w(key: str, lang: str):
    return lookup(WORDS, key, lang)


def card_text(card: str | None) -> Text:
    if card is None:
        return Text("—")
    prefix = "TRUMF" if card == "TRUMF" else card[:3]
    return Text(card, style=SPECIES_STYLE.get(prefix, ""))


def cards_text(cards: list[str]) -> Text:
    return styled_cards(cards, lambda card: SPECIES_STYLE.get("TRUMF" if card == "TRUMF" else card[:3], ""))


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
        parts.append(played_line(f"{w('in_play', lang)}: ", view["trick_seats"], view["trick"], lang))
    elif view["phase"] == "play":
        parts.append(Text(f"{w('leads', lang)}: {seat_name(view['leader'], lang, seat)}"))
    if view["last_trick"]:
        last = view["last_trick"]
        line = played_line(f"{w('last_trick', lang)}: ", last["seats"], last["cards"], lang)
        line.append(f"; {w('won_by', lang)} {seat_name(last['winner'], lang)}")
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
        if view["invitation"]:
            taken = sum(1 << parse_card(c) for c in view["taken_cards"] if c != "TRUMF")
            line.append(f"  ({w('worth', lang)}: {invitation_score(parse_card(view['invitation']), taken)})")
        parts.append(line)
    return Group(*parts)


def played_line(title: str, seats: list[int], cards: list[str], lang: str) -> Text:
    line = Text(title)
    for i, (s, card) in enumerate(zip(seats, cards)):
        if i:
            line.append(", ")
        line.append(f"{seat_name(s, lang)} ")
        line.append_text(card_text(card))
    return line


def help_text(view: dict, lang: str) -> str:
    """The card key and what the current decision means."""
    key = ", ".join(f"{code} = {name}" for code, name in zip(SPECIES, SPECIES_NAMES))
    return f"{w('key', lang)}: {key}, TRUMF = {w('trump', lang)}. {w('help_' + view['phase'], lang)}"


def milestone(before: dict, after: dict, seat: int | None, lang: str):
    """At the end of a deal: every seat's deal score and, for the viewer, how
    its invitation scored."""
    if after["deal_number"] == before["deal_number"] and not (after["terminal"] and not before["terminal"]):
        return None
    scores = after["deal_scores"]
    parts = []
    if seat is not None and before.get("invitation"):
        parts.append(Text(f"{w('your_inv', lang)} {before['invitation']}: {scores[seat]} "
                          f"({w('scoring', lang)})"))
    totals = ", ".join(f"{seat_name(s, lang, seat)} {v}" for s, v in enumerate(after["scores"]))
    parts.append(Text(f"{w('total', lang)}: {totals}"))
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
