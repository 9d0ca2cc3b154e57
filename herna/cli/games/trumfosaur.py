"""Trumfosaur at the terminal: the table as one seat (or a spectator) sees it.

Plain words first (a screen reader reads them well); colour only adds.
"""

from __future__ import annotations

from rich.console import Group
from rich.text import Text

from herna.cli.games.text import styled_cards
from herna.cli.i18n import lookup
from herna.cli.style import Style
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
    "cards": {"en": "cards in hand", "cs": "karet v ruce"},
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


WORDS.update({
    "teams": {"en": "Teams: seats {a} = {sa}, seats {b} = {sb}", "cs": "Týmy: hráči {a} = {sa}, hráči {b} = {sb}"},
    "you_lead": {"en": "You lead this trick.", "cs": "Vynášíš."},
    "exchange_prompt": {
        "en": "Master exchange: type up to two cards to lay out face up and draw as many "
              "(for example {example}, or exchange {example}); Enter or none keeps your hand.",
        "cs": "Výměna (mistrovská verze): napiš až dvě karty, které odložíš lícem nahoru a za které "
              "dobereš (třeba {example} nebo exchange {example}); Enter nebo none = nic neměníš."},
    "exchange_ask": {"en": "Cards to lay out (Enter: none)", "cs": "Karty k odložení (Enter: žádné)"},
    "drew": {"en": "You laid out {out} and drew {drew}.", "cs": "Odložil jsi {out} a dobral {drew}."},
    "deal_over": {"en": "Deal {deal} is over. Invitations and scores ({rule}):",
                  "cs": "Partie {deal} skončila. Pozvánky a body ({rule}):"},
    "seat_score": {"en": "{who}: invitation {inv}, {score} points", "cs": "{who}: pozvánka {inv}, body: {score}"},
    "made": {"en": " = 3 for the invitation{parts}", "cs": " = 3 za pozvánku{parts}"},
    "made_species": {"en": " + {n} for {species} taken ({cards})", "cs": " + {n} za druh {species} ({cards})"},
    "made_value": {"en": " + {n} for {k} card(s) of value {value} ({cards})",
                   "cs": " + {n} za {k} {kards} s číslem {value} ({cards})"},
    "made_nothing": {"en": " and nothing matching taken", "cs": " a nic dalšího"},
    "inv_hidden": {"en": "not shown", "cs": "neukázána"},
})


def w(key: str, lang: str):
    return lookup(WORDS, key, lang)


def card_text(card: str | None, dash: str = "—") -> Text:
    if card is None:
        return Text(dash)
    prefix = "TRUMF" if card == "TRUMF" else card[:3]
    return Text(card, style=SPECIES_STYLE.get(prefix, ""))


def cards_text(cards: list[str], dash: str = "—") -> Text:
    return styled_cards(cards, lambda card: SPECIES_STYLE.get("TRUMF" if card == "TRUMF" else card[:3], ""), dash)


def header(view: dict, st: Style) -> Text:
    """``Deal 1 · trick 3/10 · target 36 · now: playing``."""
    lang = st.lang
    phase = w("phases", lang).get(view["phase"], view["phase"])
    return Text(st.sep.join([f"{w('deal', lang)} {view['deal_number']}",
                             f"{w('trick', lang)} {view['trick_number']}/10",
                             f"{w('target', lang)} {view['target_score']}", f"{w('phase', lang)}: {phase}"]),
                style="bold")


def scores_table(view: dict, seat: int | None, st: Style, labels: list[str] | None = None):
    """Per seat: total, last deal, cards taken, revealed invitation, trump
    still in hand, cards in hand; master-version cards laid out."""
    lang = st.lang
    rows = []
    for s in range(view["players"]):
        inv = view["invitations"][s]
        inv_text = card_text(inv) if inv else Text(w("hidden", lang), style="dim")
        last = "" if view["deal_scores"] is None else str(view["deal_scores"][s])
        name = Text(st.seat(s, seat, labels[s] if labels else None))
        if view["exchanged"][s]:
            name.append(f" ({w('laid_out', lang)}: {' '.join(view['exchanged'][s])})")
        rows.append([name, str(view["scores"][s]), last, str(view["taken"][s]), inv_text,
                     w("yes", lang) if view["trumps"][s] else w("no", lang), str(view["hand_sizes"][s])])
    columns = ("", w("total", lang), w("last_deal", lang), w("taken", lang), w("invitation", lang),
               w("trump", lang), w("cards", lang) if st.plain else "#")
    out = [st.table(columns, rows)]
    if "team_scores" in view:
        a, b = view["team_scores"]
        out.append(Text(w("teams", lang).format(a="1+3", b="2+4", sa=a, sb=b)))
    return out


def trick_line(view: dict, st: Style, seat: int | None) -> Text | None:
    """The trick in play, or who leads when it is empty (``None`` outside play)."""
    if view["trick"]:
        return played_line(f"{w('in_play', st.lang)}: ", view["trick_seats"], view["trick"], st, seat)
    if view["phase"] == "play":
        if view["leader"] == seat:
            return Text(w("you_lead", st.lang))
        return Text(f"{w('leads', st.lang)}: {st.seat(view['leader'], seat)}")
    return None


def last_trick_line(view: dict, st: Style, seat: int | None) -> Text | None:
    last = view["last_trick"]
    if not last:
        return None
    line = played_line(f"{w('last_trick', st.lang)}: ", last["seats"], last["cards"], st, seat)
    line.append(f"; {w('won_by', st.lang)} {st.seat(last['winner'], seat)}")
    return line


def own_lines(view: dict, st: Style) -> list[Text]:
    """The seat's invitation, hand and taken cards (with their worth so far)."""
    lang = st.lang
    line = Text(f"{w('your_inv', lang)}: ")
    line.append_text(card_text(view["invitation"], st.dash))
    if view["invitation"]:
        taken = sum(1 << parse_card(c) for c in view["taken_cards"] if c != "TRUMF")
        line.append(f" ({w('worth', lang)}: {invitation_score(parse_card(view['invitation']), taken)})")
    hand = Text(f"{w('hand', lang)}: ")
    hand.append_text(cards_text(view["hand"], st.dash))
    taken_line = Text(f"{w('your_taken', lang)}: ")
    taken_line.append_text(cards_text(view["taken_cards"], st.dash))
    return [line, hand, taken_line]


def render(view: dict, seat: int | None, lang: str = "en", labels: list[str] | None = None,
           style: Style | None = None):
    """A rich renderable of the table for ``seat`` (``None``: spectator)."""
    st = style or Style.make(lang)
    parts = [header(view, st), *scores_table(view, seat, st, labels)]
    for line in (trick_line(view, st, seat), last_trick_line(view, st, seat)):
        if line is not None:
            parts.append(line)
    if seat is not None and "hand" in view:
        parts.extend(own_lines(view, st))
    return Group(*parts)


def played_line(title: str, seats: list[int], cards: list[str], st: Style, viewer: int | None = None) -> Text:
    line = Text(title)
    for i, (s, card) in enumerate(zip(seats, cards)):
        if i:
            line.append(", ")
        line.append(f"{st.seat(s, viewer)} ")
        line.append_text(card_text(card))
    return line


# ----- the compact status at a prompt, the prompt's commands, the exchange prompt -------------

def deal_key(view: dict):
    """Changes when a new deal starts (the terminal then shows the whole table)."""
    return view["deal_number"]


def status(view: dict, seat: int, style: Style) -> list[Text]:
    """The seat's prompt in a few lines: deal and trick, the trick in play
    (or who leads), its invitation with its worth so far, its hand."""
    out = [header(view, style)]
    trick = trick_line(view, style, seat)
    if trick is not None:
        out.append(trick)
    mine = own_lines(view, style)
    return out + mine[:2]


def hand_lines(view: dict, seat: int, style: Style) -> list[Text]:
    """The ``hand`` command: invitation, hand, taken cards."""
    return own_lines(view, style) if "hand" in view else []


def scores_lines(view: dict, seat: int, style: Style) -> list:
    """The ``scores`` command."""
    return scores_table(view, seat, style)


def last_lines(view: dict, seat: int, style: Style) -> list[Text]:
    """The ``last`` command: the last trick of this deal, or ``[]``."""
    line = last_trick_line(view, style, seat)
    return [line] if line is not None else []


def free_prompt(view: dict, strings: list[str], style: Style) -> tuple[str, str] | None:
    """T-8.1: instead of a menu of every 0-2 card choice (up to 56), the
    master exchange asks for the cards: ``(explanation, prompt)``; ``None``
    at any other decision."""
    if view["phase"] != "exchange" or "hand" not in view:
        return None
    example = " ".join(view["hand"][:2])
    return w("exchange_prompt", style.lang).format(example=example), w("exchange_ask", style.lang)


def parse_answer(answer: str, view: dict) -> str | None:
    """At the master exchange: ``""``/``none`` keeps the hand (``exchange``),
    card codes alone lay them out (``SAX1 AQU2`` -> ``exchange SAX1 AQU2``).
    ``None``: not a shorthand (read as an action string)."""
    if view["phase"] != "exchange":
        return None
    words = answer.split()
    if not words or (len(words) == 1 and words[0].lower() in ("none", "nic", "-")):
        return "exchange"
    if words[0].lower() == "exchange":
        return None
    try:
        for word in words:
            parse_card(word)
    except ValueError:
        return None
    return "exchange " + " ".join(words)


def private_news(old: dict, new: dict, style: Style) -> list[str]:
    """What the seat learned privately since its previous prompt (``old`` and
    ``new`` are its own views): after its master exchange, the cards it laid
    out and the ones it drew (T-8.1; only the drawer sees them)."""
    if old.get("phase") != "exchange" or old["deal_number"] != new["deal_number"] or "hand" not in new:
        return []
    seat = new["seat"]
    laid = new["exchanged"][seat]
    if not laid:
        return []
    drew = [card for card in new["hand"] if card not in old["hand"]]
    return [w("drew", style.lang).format(out=" ".join(laid), drew=" ".join(drew) or style.dash)]


def help_text(view: dict, lang: str, style: Style | None = None) -> str:
    """The card key and what the current decision means."""
    key = ", ".join(f"{code} = {name}" for code, name in zip(SPECIES, SPECIES_NAMES))
    return f"{w('key', lang)}: {key}, TRUMF = {w('trump', lang)}. {w('help_' + view['phase'], lang)}"


# ----- the end of a deal ---------------------------------------------------------------------

def remember(memory: dict, before: dict, token: str, actor, after: dict) -> None:
    """Keeps, in ``memory``, the cards each seat took in the deal in play,
    from the public tricks (T-4.6, T-10.1: every card played and who won is
    seen by all), for :func:`milestone`. Called for every action in order."""
    deal = before["deal_number"]
    if memory.get("deal") != deal:
        memory.clear()
        memory.update(deal=deal, taken={}, complete=before["trick_number"] <= 1 and not before["played"])
    words = token.split()
    if words[:1] == ["play"] and len(before["trick"]) == before["players"] - 1:
        cards = before["trick"] + [words[1]]
        winner = trick_winner(before["trick_seats"] + [actor], [parse_card(c) for c in cards])
        memory["taken"].setdefault(winner, []).extend(c for c in cards if c != "TRUMF")
        memory["finished"] = deal


def _made(invitation: str, taken: list[str], lang: str) -> str:
    """How T-6.1 made a score: ``= 3 for the invitation + 2 for Byznysaurus
    taken (BYZ2 BYZ5) + 2 for 1 card(s) of value 4 (SPI4)``."""
    inv = parse_card(invitation)
    same = [c for c in taken if parse_card(c) // 10 == inv // 10]
    value = [c for c in taken if parse_card(c) % 10 == inv % 10]
    parts = ""
    if same:
        parts += w("made_species", lang).format(n=len(same), species=SPECIES_NAMES[inv // 10], cards=" ".join(same))
    if value:
        kards = "karta" if len(value) == 1 else "karty" if len(value) <= 4 else "karet"
        parts += w("made_value", lang).format(n=2 * len(value), k=len(value), kards=kards, value=inv % 10 + 1,
                                              cards=" ".join(value))
    return w("made", lang).format(parts=parts or w("made_nothing", lang))


def milestone(before: dict, after: dict, seat: int | None, lang: str, style: Style | None = None,
              memory: dict | None = None):
    """At the end of a deal (T-6, T-10.2): every seat's invitation (from
    ``deal_invitations``, once the engine shows it) and its deal score, with
    how the score was made when ``memory`` (see :func:`remember`) holds the
    whole deal's tricks; then the totals. ``None`` at any other move."""
    if after["deal_number"] == before["deal_number"] and not (after["terminal"] and not before["terminal"]):
        return None
    st = style or Style.make(lang)
    scores = after["deal_scores"]
    invitations = after.get("deal_invitations") or [None] * after["players"]
    if seat is not None and before.get("invitation") and invitations[seat] is None:
        invitations = list(invitations)
        invitations[seat] = before["invitation"]
    memory = memory or {}
    known = memory.get("complete") and memory.get("finished") == before["deal_number"]
    parts = [Text(w("deal_over", lang).format(deal=before["deal_number"], rule=w("scoring", lang)), style="bold")]
    for s in range(after["players"]):
        inv = invitations[s]
        line = w("seat_score", lang).format(who=st.seat(s, seat), inv=inv or w("inv_hidden", lang),
                                            score=scores[s])
        if inv and known:
            taken = memory["taken"].get(s, [])
            mask = sum(1 << parse_card(c) for c in taken)
            if invitation_score(parse_card(inv), mask) == scores[s]:
                line += _made(inv, taken, lang)
        parts.append(Text("  " + line))
    totals = ", ".join(f"{st.seat(s, seat)} {v}" for s, v in enumerate(after["scores"]))
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


def describe(before: dict, token: str, actor, after: dict, lang: str = "en", style: Style | None = None) -> list[str]:
    """Sentences about what ``token`` (the action as the viewer saw it) did."""
    if actor == "chance" or token.startswith(("deal", "draw")):
        return []
    st = style or Style.make(lang)
    who = st.seat(actor)
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
            out.append(e("trick", who=st.seat(winner), cards=" ".join(cards)))
        if after["deal_number"] != before["deal_number"] or (after["terminal"] and not before["terminal"]):
            scores = ", ".join(f"{st.seat(s)} {v}" for s, v in enumerate(after["deal_scores"]))
            out.append(e("deal_end", deal=before["deal_number"], scores=scores))
    return out
