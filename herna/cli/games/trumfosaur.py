"""Trumfosaur at the terminal: the table as one seat (or a spectator) sees
it, and one or more sentences per engine event.

What happened is told from the engine's events
(:mod:`herna.games.trumfosaur.events`) by :func:`describe_event`, a table
from event kind to text; nothing here re-derives a rule. The table, the
prompt's status and the commands read the seat's view. Every word comes
from the message catalog (:mod:`herna.core.catalog`; Czech in
``herna/games/trumfosaur/locale/cs.po``); action strings and card codes stay
as SCENARIOS.md writes them. Plain words first (a screen reader reads them
well); colour only adds.
"""

from __future__ import annotations

import functools
from typing import Any, Callable

from rich.console import Group
from rich.text import Text

from herna.cli.games.text import cards_label, styled_cards
from herna.cli.style import Style
from herna.core.catalog import N_, ntext, ptext, text
from herna.games.trumfosaur.cards import SPECIES, SPECIES_NAMES, TRUMP_NAME, invitation_score, parse_card

CONTEXT = "trumfosaur table"
"""Catalog context of the short labels (``ptext``), so that another game's
same English word may be translated differently."""

SPECIES_STYLE = {"SAX": "green", "VZT": "red", "AQU": "cyan", "SPI": "magenta", "BYZ": "yellow", "TRUMF": "bold white"}

PHASES = {
    "exchange": N_("master exchange"), "invite": N_("choosing invitations"), "play": N_("playing"),
    "reveal": N_("reveal window"), "over": N_("game over"), "deal": N_("dealing"), "draw": N_("drawing"),
}
"""The view's ``phase`` in words."""

HELP = {
    "exchange": N_("Lay out 0-2 cards face up and draw as many (exchange, exchange SAX1 AQU2)."),
    "invite": N_("Choose your secret scoring card: you score +1 per taken card of its species, "
                 "+2 per taken card of its value."),
    "play": N_("Follow the led species if you can, or play your trump; the first trump wins the trick."),
    "reveal": N_("Reveal your invitation to lead the next trick (once per deal), or pass."),
    "over": N_("The game is over."),
}
"""What each decision means (the ``help`` command)."""


def species_name(index: int, lang: str) -> str:
    """A species' name (T-1.1) from the catalog."""
    return ptext(lang, "species", SPECIES_NAMES[index])


def label(lang: str, word: str, **fields: Any) -> str:
    """A short label of this game's table in ``lang`` (context :data:`CONTEXT`)."""
    return ptext(lang, CONTEXT, word, **fields)


def card_text(card: str | None, dash: str = "—") -> Text:
    """One card code, coloured by species."""
    if card is None:
        return Text(dash)
    prefix = "TRUMF" if card == "TRUMF" else card[:3]
    return Text(card, style=SPECIES_STYLE.get(prefix, ""))


def cards_text(cards: list[str], dash: str = "—") -> Text:
    """Card codes separated by spaces, coloured by species."""
    return styled_cards(cards, lambda card: SPECIES_STYLE.get("TRUMF" if card == "TRUMF" else card[:3], ""), dash)


def trick_words(view: dict, lang: str) -> str | None:
    """Where the deal is, for the header: ``trick 3/10`` while a trick is
    played, ``after trick 2/10`` in the reveal window (T-5.2: it comes
    between two tricks; the view's ``trick_number`` is then the next
    trick's); ``None`` before the first trick (exchange, invitations) and
    at the end."""
    phase, number = view["phase"], view["trick_number"]
    if phase == "play" and number:
        return label(lang, "trick {n}/10", n=number)
    if phase == "reveal" and number > 1:
        return label(lang, "after trick {n}/10", n=number - 1)
    return None


def header(view: dict, st: Style) -> Text:
    """``Deal 1 · trick 3/10 · target 36 · now: playing`` (in the reveal
    window ``after trick 2/10``; no trick before the first, see :func:`trick_words`)."""
    lang = st.lang
    phase = text(lang, PHASES[view["phase"]])
    trick = trick_words(view, lang)
    return Text(st.sep.join([label(lang, "Deal {n}", n=view["deal_number"]), *([trick] if trick else []),
                             label(lang, "target {n}", n=view["target_score"]),
                             label(lang, "now: {phase}", phase=phase)]), style="bold")


def teams_line(team_scores: list[int], lang: str) -> str:
    """T-7.1: the two team totals (seats numbered from 1)."""
    return text(lang, "Teams: seats 1+3 = {a}, seats 2+4 = {b}", a=team_scores[0], b=team_scores[1])


def scores_table(view: dict, seat: int | None, st: Style, labels: list[str] | None = None) -> list:
    """Per seat: total, last deal, cards taken, revealed invitation, trump
    still in hand, cards in hand; master-version cards laid out."""
    lang = st.lang
    rows = []
    for s in range(view["players"]):
        inv = view["invitations"][s]
        if not inv and view["phase"] == "over" and view.get("deal_invitations"):
            inv = view["deal_invitations"][s]  # T-10.2: the last deal was scored in the open
        inv_text = card_text(inv) if inv else Text(label(lang, "hidden"), style="dim")
        last = "" if view["deal_scores"] is None else str(view["deal_scores"][s])
        name = Text(st.seat(s, seat, labels[s] if labels else None))
        if view["exchanged"][s]:
            name.append(" (" + label(lang, "laid out: {cards}", cards=" ".join(view["exchanged"][s])) + ")")
        rows.append([name, str(view["scores"][s]), last, str(view["taken"][s]), inv_text,
                     label(lang, "yes") if view["trumps"][s] else label(lang, "no"), str(view["hand_sizes"][s])])
    columns = ("", label(lang, "total"), label(lang, "last deal"), label(lang, "taken"),
               label(lang, "invitation (pozvánka)"), label(lang, "trump"),
               label(lang, "cards in hand") if st.plain or lang != "en" else "#")
    out: list = [st.table(columns, rows)]
    if "team_scores" in view:
        out.append(Text(teams_line(view["team_scores"], lang)))
    return out


def played_line(title: str, seats: list[int], cards: list[str], st: Style, viewer: int | None = None) -> Text:
    """``title`` then ``Seat 1 SAX6, Seat 2 SAX10, ...``."""
    line = Text(title)
    for i, (s, card) in enumerate(zip(seats, cards)):
        if i:
            line.append(", ")
        line.append(f"{st.seat(s, viewer)} ")
        line.append_text(card_text(card))
    return line


def trick_line(view: dict, st: Style, seat: int | None) -> Text | None:
    """The trick in play, or who leads when it is empty (``None`` outside play)."""
    if view["trick"]:
        return played_line(label(st.lang, "Trick in play: "), view["trick_seats"], view["trick"], st, seat)
    if view["phase"] == "play":
        if view["leader"] == seat:
            return Text(text(st.lang, "You lead this trick."))
        return Text(label(st.lang, "To lead: {who}", who=st.seat(view["leader"], seat)))
    return None


def last_trick_line(view: dict, st: Style, seat: int | None) -> Text | None:
    """The last trick of this deal and who won it (``None`` before the first)."""
    last = view["last_trick"]
    if not last:
        return None
    line = played_line(label(st.lang, "Last trick: "), last["seats"], last["cards"], st, seat)
    line.append("; " + label(st.lang, "won by {who}", who=st.seat(last["winner"], seat)))
    return line


def own_lines(view: dict, st: Style, mine: bool = True) -> list[Text]:
    """The seat's invitation (with its worth so far, T-6.1), hand and taken
    cards; ``mine`` false (a replay showing every seat): each line names the
    seat (``Seat 2's hand: ``) instead of ``Your hand: ``."""
    lang = st.lang
    if mine:
        titles = [label(lang, "Your invitation: "), label(lang, "Your hand: "), label(lang, "Your taken cards: ")]
    else:
        who = st.seat_case(view["seat"], "gen")
        titles = [label(lang, "{who}'s invitation: ", who=who), label(lang, "{who}'s hand: ", who=who),
                  label(lang, "Cards taken by {who}: ", who=who)]
    line = Text(titles[0])
    line.append_text(card_text(view["invitation"], st.dash))
    if view["invitation"]:
        taken = sum(1 << parse_card(c) for c in view["taken_cards"] if c != TRUMP_NAME)
        worth = invitation_score(parse_card(view["invitation"]), taken)
        line.append(" (" + label(lang, "worth so far: {n}", n=worth) + ")")
    hand = Text(titles[1])
    hand.append_text(cards_text(view["hand"], st.dash))
    taken_line = Text(titles[2])
    taken_line.append_text(cards_text(view["taken_cards"], st.dash))
    return [line, hand, taken_line]


def render(view: dict, seat: int | None, lang: str = "en", labels: list[str] | None = None,
           style: Style | None = None) -> Group:
    """A rich renderable of the table for ``seat`` (``None``: spectator)."""
    st = style or Style.make(lang)
    parts = [header(view, st), *scores_table(view, seat, st, labels)]
    for line in (trick_line(view, st, seat), last_trick_line(view, st, seat)):
        if line is not None:
            parts.append(line)
    if seat is not None and "hand" in view:
        parts.extend(own_lines(view, st))
    return Group(*parts)


# ----- the compact status at a prompt, the prompt's commands, the exchange prompt -------------

def deal_key(view: dict) -> int:
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


def hand_lines(view: dict, seat: int, style: Style, *, mine: bool = True) -> list[Text]:
    """The ``hand`` command: invitation, hand, taken cards (``mine`` false:
    each line names the seat, for a replay showing every hand)."""
    return own_lines(view, style, mine) if "hand" in view else []


def scores_lines(view: dict, seat: int, style: Style) -> list:
    """The ``scores`` command."""
    return scores_table(view, seat, style)


def last_lines(view: dict, seat: int, style: Style) -> list[Text]:
    """The ``last`` command: the last trick of this deal, or ``[]``."""
    line = last_trick_line(view, style, seat)
    return [line] if line is not None else []


ACTION_WORDS = {"reveal": N_("reveal your invitation and lead the next trick"),
                "pass": N_("keep your invitation hidden")}
"""Words beside the reveal window's menu entries (T-5.2), where the language is not English."""
KEEP_HAND = N_("keep your hand: lay out no card")
"""Words beside the master exchange of no card (T-8.1), in every language:
the bare action string ``exchange`` does not say it."""

COMMAND_HELP = {"hand": N_("your invitation, your cards and the cards you have taken"),
                "last": N_("the last trick of this deal")}
"""What the prompt's ``hand`` and ``last`` show in Trumfosaur (:func:`herna.cli.play.command_lines`)."""


@functools.cache
def card_names(lang: str) -> dict[str, str]:
    """Card code -> its name in ``lang`` (T-1.1): ``SAX6`` -> ``Saxosaurus 6``,
    ``TRUMF`` -> ``trump`` (``trumf`` in Czech)."""
    names = {f"{code}{value}": f"{species_name(k, lang)} {value}"
             for k, code in enumerate(SPECIES) for value in range(1, 11)}
    names[TRUMP_NAME] = ptext(lang, "trumfosaur table", "trump")
    return names


def action_label(action: str, view: dict, style: Style) -> str | None:
    """Words beside a menu entry in a language other than English (the
    strings are English words and card codes): what ``reveal`` and ``pass``
    mean, the names of the cards played, invited or laid out; ``None`` in
    English (but for the exchange of no card, :data:`KEEP_HAND`)."""
    if action == "exchange":
        return text(style.lang, KEEP_HAND)
    if style.lang == "en":
        return None
    if action in ACTION_WORDS:
        return text(style.lang, ACTION_WORDS[action])
    return cards_label(action, card_names(style.lang))


def free_prompt(view: dict, strings: list[str], style: Style) -> tuple[str, str] | None:
    """T-8.1: instead of a menu of every 0-2 card choice (up to 56), the
    master exchange asks for the cards: ``(explanation, prompt)``; ``None``
    at any other decision."""
    if view["phase"] != "exchange" or "hand" not in view:
        return None
    example = " ".join(view["hand"][:2])
    explanation = text(style.lang, "Master exchange: type up to two cards to lay out face up and draw as many "
                                   "(for example {example}, or exchange {example}); Enter or none keeps your hand.",
                       example=example)
    return explanation, text(style.lang, "Cards to lay out (Enter: none)")


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
    return [text(style.lang, "You laid out {cards} and drew {drawn}.", cards=" ".join(laid),
                 drawn=" ".join(drew) or style.dash)]


def help_text(view: dict, lang: str, style: Style | None = None, *, legal: list[str] | None = None) -> str:
    """The card key, what the current decision means and, given the legal
    action strings ``legal``, the cards they use."""
    key = ", ".join(f"{code} = {species_name(k, lang)}" for k, code in enumerate(SPECIES))
    out = text(lang, "Cards: {key}, TRUMF = trump.", key=key)
    if view["phase"] in HELP:
        out += " " + text(lang, HELP[view["phase"]])
    cards = sorted({word.upper() for action in legal or () for word in action.split()[1:]}, key=parse_card)
    if cards and view["phase"] != "exchange":
        out += " " + text(lang, "Cards you may use now: {cards}.", cards=" ".join(cards))
    return out


# ----- what happened: one entry per event kind --------------------------------------------------

def _deal_started(e: dict, viewer: int | None, st: Style) -> list[str]:
    return [text(st.lang, "Deal {deal} begins; {who} leads the first trick.", deal=e["deal"],
                 who=st.seat(e["first_leader"], viewer))]


def _cards_laid_out(e: dict, viewer: int | None, st: Style) -> list[str]:
    who = st.seat(e["seat"], viewer)
    if not e["cards"]:
        return [text(st.lang, "{who} keeps the hand.", who=who)]
    return [text(st.lang, "{who} lays out {cards} face up.", who=who, cards=" ".join(e["cards"]))]


def _cards_drawn(e: dict, viewer: int | None, st: Style) -> list[str]:
    if "cards" in e:
        return [text(st.lang, "{who} draws {cards}.", who=st.seat(e["seat"], viewer), cards=" ".join(e["cards"]))]
    return [ntext(st.lang, "{who} draws {n} card.", "{who} draws {n} cards.", e["count"],
                  who=st.seat(e["seat"], viewer))]


def _invitation_chosen(e: dict, viewer: int | None, st: Style) -> list[str]:
    who = st.seat(e["seat"], viewer)
    if "card" in e:
        return [text(st.lang, "{who} chooses the invitation {card}.", who=who, card=e["card"])]
    return [text(st.lang, "{who} chooses an invitation face down.", who=who)]


def _trumps_taken(e: dict, viewer: int | None, st: Style) -> list[str]:
    return [text(st.lang, "Everyone takes a trump; {who} leads trick 1.", who=st.seat(e["leader"], viewer))]


def _card_played(e: dict, viewer: int | None, st: Style) -> list[str]:
    return [text(st.lang, "{who} plays {card}.", who=st.seat(e["seat"], viewer), card=e["card"])]


def _trick_won(e: dict, viewer: int | None, st: Style) -> list[str]:
    return [text(st.lang, "{who} wins the trick ({trick}/10): {cards}.", who=st.seat(e["seat"], viewer),
                 trick=e["trick"], cards=" ".join(e["cards"]))]


def _reveal_passed(e: dict, viewer: int | None, st: Style) -> list[str]:
    return [text(st.lang, "{who} does not reveal.", who=st.seat(e["seat"], viewer))]


def _invitation_revealed(e: dict, viewer: int | None, st: Style) -> list[str]:
    return [text(st.lang, "{who} reveals the invitation {card} and will lead.", who=st.seat(e["seat"], viewer),
                 card=e["card"])]


def _window_closed(e: dict, viewer: int | None, st: Style) -> list[str]:
    return [text(st.lang, "Nobody reveals; {who} leads trick {trick}.", who=st.seat(e["leader"], viewer),
                 trick=e["trick"])]


def _made(part: dict, lang: str) -> str:
    """How T-6.1 made one score, from the event's breakdown: ``= 3 for the
    invitation + 3 for Byznysaurus taken (BYZ2 BYZ5 BYZ7) + 2 for 1 card of
    value 4 (SPI4)``."""
    invitation = parse_card(part["invitation"])
    parts = ""
    if part["species"]:
        parts += text(lang, " + {n} for {species} taken ({cards})", n=part["species_points"],
                      species=species_name(invitation // 10, lang), cards=" ".join(part["species"]))
    if part["value"]:
        parts += ntext(lang, " + {points} for {n} card of value {value} ({cards})",
                       " + {points} for {n} cards of value {value} ({cards})", len(part["value"]),
                       points=part["value_points"], value=invitation % 10 + 1, cards=" ".join(part["value"]))
    return text(lang, " = {base} for the invitation{parts}", base=part["base"],
                parts=parts or text(lang, " and nothing matching taken"))


def _deal_scored(e: dict, viewer: int | None, st: Style) -> list[str]:
    """T-6, T-10.2: every invitation, its score and how it was made; the totals."""
    lang = st.lang
    out = [text(lang, "Deal {deal} is over. Invitations and scores (3 for the invitation, +1 per card of its "
                      "species, +2 per card of its value):", deal=e["deal"])]
    for s, part in enumerate(e["breakdown"]):
        line = text(lang, "{who}: invitation {card}, {score} points", who=st.seat(s, viewer), card=part["invitation"],
                    score=part["score"])
        out.append("  " + line + _made(part, lang))
    totals = ", ".join(f"{st.seat(s, viewer)} {v}" for s, v in enumerate(e["totals"]))
    out.append(text(lang, "Totals: {totals}", totals=totals))
    if "team_totals" in e:
        out.append(teams_line(e["team_totals"], lang))
    return out


def _silent(e: dict, viewer: int | None, st: Style) -> list[str]:
    """Events with no line of their own: a dealt card (the hand is on the
    table shown at each new deal) and the end of the game (the terminal
    says who won)."""
    return []


DESCRIBE: dict[str, Callable[[dict, int | None, Style], list[str]]] = {
    "deal_started": _deal_started,
    "card_dealt": _silent,
    "cards_laid_out": _cards_laid_out,
    "cards_drawn": _cards_drawn,
    "invitation_chosen": _invitation_chosen,
    "trumps_taken": _trumps_taken,
    "card_played": _card_played,
    "trick_won": _trick_won,
    "reveal_passed": _reveal_passed,
    "invitation_revealed": _invitation_revealed,
    "window_closed": _window_closed,
    "deal_scored": _deal_scored,
    "game_over": _silent,
}
"""The sentences of each event kind (:data:`herna.games.trumfosaur.events.KINDS`)."""


def describe_event(event: dict, viewer: int | None, style: Style) -> list[str]:
    """The sentences of one engine event as ``viewer`` (a seat, ``None``: a
    spectator) sees it (:meth:`herna.core.State.events`); ``[]`` for an event
    with nothing to say. ``KeyError`` for a kind this game does not record."""
    return DESCRIBE[event["kind"]](event, viewer, style)
