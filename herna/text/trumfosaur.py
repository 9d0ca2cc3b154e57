"""Trumfosaur's words: the table as one seat (or a spectator) sees it, and
the sentences of every engine event, brief and full.

What happened is told from the engine's events
(:mod:`herna.games.trumfosaur.events`) by :func:`describe_event` (the full
verbosity: every card, every reveal window, how each deal score was made)
and :func:`brief_events` (one short line per event that matters: a finished
trick in one line, a deal end as one line of scores and totals, your own
first); nothing here re-derives a rule. The table, the prompt's status and
the readouts read the seat's view. Every word comes from the message catalog
(:mod:`herna.core.catalog`; Czech in ``herna/games/trumfosaur/locale/cs.po``),
cards by their names (``Saxosaurus 6``, ``trumf``), declined in Czech
(:mod:`herna.text.declension`: ``přiznej Špínosaura``, ``bere štych
trumfem``); card codes only beside an action string a person may type.
Plain words first (a screen reader reads them well); the species' colours
(span roles ``species-SAX`` ...) only add.
"""

from __future__ import annotations

import functools
from typing import Any, Callable

from herna.core.catalog import N_, ntext, ptext, text
from herna.games.trumfosaur.cards import SPECIES, SPECIES_NAMES, TRUMP_NAME, invitation_score, parse_card

from .cards import cards_label, group_by_seq
from .declension import decline
from .spans import LOOKS, Block, Line
from .tricks import card_line, cards_line, played, to_move, trick_parts, trick_taken
from .voice import Voice

CONTEXT = "trumfosaur table"
"""Catalog context of the short labels (``ptext``), so that another game's
same English word may be translated differently."""
SPECIES_CONTEXT = "species"
"""Catalog context of the species' names (and, with a case, their declension)."""
CARD_CONTEXT = "card"
"""Catalog context of the trump's name (and its declension)."""
TRUMP_WORD = "trump"
"""The trump's English name (T-1.2)."""

LOOKS.update({"species-SAX": "green", "species-VZT": "red", "species-AQU": "cyan", "species-SPI": "magenta",
              "species-BYZ": "yellow", "species-TRUMF": "bold"})

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

SECTIONS = {"trick": (("card_played",), ("trick_won",)), "deal": (("deal_started",), ())}
"""The parts of the game a history can jump to the start of
(:class:`herna.text.history.History`): ``(kinds that open one, kinds that
close one)``; a trick opens at its first card and closes when it is won,
a deal opens when it starts."""


def species_name(index: int, lang: str, case: str = "nominative") -> str:
    """A species' name (T-1.1) from the catalog, in ``case`` (Czech declines it)."""
    return decline(lang, SPECIES_CONTEXT, SPECIES_NAMES[index], case)


def label(lang: str, word: str, **fields: Any) -> str:
    """A short label of this game's table in ``lang`` (context :data:`CONTEXT`)."""
    return ptext(lang, CONTEXT, word, **fields)


def card_name(card: str, lang: str, case: str = "nominative") -> str:
    """A card code's name in ``lang`` and ``case`` (T-1.1): ``SAX6`` ->
    ``Saxosaurus 6`` (Czech accusative ``Saxosaura 6``), ``TRUMF`` ->
    ``trump`` (``trumf``, instrumental ``trumfem``). ``ValueError`` for a
    string that is no card."""
    index = parse_card(card)
    if index == parse_card(TRUMP_NAME):
        return decline(lang, CARD_CONTEXT, TRUMP_WORD, case)
    return f"{species_name(index // 10, lang, case)} {index % 10 + 1}"


@functools.cache
def card_names(lang: str, case: str = "nominative") -> dict[str, str]:
    """Card code -> its name in ``lang`` and ``case`` (:func:`card_name`)."""
    codes = [f"{code}{value}" for code in SPECIES for value in range(1, 11)] + [TRUMP_NAME]
    return {code: card_name(code, lang, case) for code in codes}


def names(cards: list[str], lang: str, case: str = "nominative") -> str:
    """Cards by name, separated by commas: ``Saxosaurus 2, trump``."""
    return ", ".join(card_name(card, lang, case) for card in cards)


def role(card: str) -> str:
    """The span role of a card (its species' colour in the terminal)."""
    return "species-" + ("TRUMF" if card.upper() == TRUMP_NAME else card[:3].upper())


def card_text(card: str | None, st: Voice, dash: str = "—") -> Line:
    """One card by name, styled by species (``dash`` for none)."""
    return card_line(card, st, card_name, role, dash)


def cards_text(cards: list[str], st: Voice, dash: str = "—") -> Line:
    """Cards by name, separated by commas, styled by species (``dash`` for none)."""
    return cards_line(cards, st, card_name, role, dash)


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


def header(view: dict, st: Voice) -> Line:
    """``Deal 1 · trick 3/10 · target 36 · now: playing`` (in the reveal
    window ``after trick 2/10``; no trick before the first, see :func:`trick_words`)."""
    lang = st.lang
    phase = text(lang, PHASES[view["phase"]])
    trick = trick_words(view, lang)
    return Line(st.sep.join([label(lang, "Deal {n}", n=view["deal_number"]), *([trick] if trick else []),
                             label(lang, "target {n}", n=view["target_score"]),
                             label(lang, "now: {phase}", phase=phase), *to_move(view, st)]), "heading")


def teams_line(team_scores: list[int], lang: str) -> str:
    """T-7.1: the two team totals (seats numbered from 1)."""
    return text(lang, "Teams: seats 1+3 = {a}, seats 2+4 = {b}", a=team_scores[0], b=team_scores[1])


def scores_table(view: dict, seat: int | None, st: Voice, labels: list[str] | None = None) -> list[Block]:
    """Per seat: total, last deal, cards taken, invitation (revealed, or the
    seat's own, which it alone sees: ``Saxosaurus 6 (yours, hidden)``),
    trump still in hand, cards in hand; master-version cards laid out."""
    lang = st.lang
    rows = []
    for s in range(view["players"]):
        inv = view["invitations"][s]
        if not inv and view["phase"] == "over" and view.get("deal_invitations"):
            inv = view["deal_invitations"][s]  # T-10.2: the last deal was scored in the open
        if inv:
            inv_text = card_text(inv, st)
        elif s == seat and view.get("invitation"):  # T-10.2: hidden from the others, not from its owner
            inv_text = card_text(view["invitation"], st).append(" (" + label(lang, "yours, hidden") + ")", "dim")
        else:
            inv_text = Line(label(lang, "hidden"), "dim")
        last = "" if view["deal_scores"] is None else str(view["deal_scores"][s])
        name = Line(st.seat(s, seat, labels[s] if labels else None))
        if view["exchanged"][s]:
            name.append(" (" + label(lang, "laid out: {cards}", cards=names(view["exchanged"][s], lang)) + ")")
        rows.append([name, str(view["scores"][s]), last, str(view["taken"][s]), inv_text,
                     label(lang, "yes") if view["trumps"][s] else label(lang, "no"), str(view["hand_sizes"][s])])
    columns = ("", label(lang, "total"), label(lang, "last deal"), label(lang, "taken"),
               label(lang, "invitation (pozvánka)"), label(lang, "trump"),
               label(lang, "cards in hand") if st.plain or lang != "en" else "#")
    out: list[Block] = [st.table(columns, rows)]
    if "team_scores" in view:
        out.append(Line(teams_line(view["team_scores"], lang)))
    return out


def played_line(title: str, seats: list[int], cards: list[str], st: Voice, viewer: int | None = None) -> Line:
    """``title`` then ``Seat 1 Saxosaurus 6, Seat 2 Saxosaurus 10, ...``."""
    line = Line(title)
    for i, (s, card) in enumerate(zip(seats, cards)):
        if i:
            line.append(", ")
        line.append(f"{st.seat(s, viewer)} ")
        line.append_text(card_text(card, st))
    return line


def trick_line(view: dict, st: Voice, seat: int | None) -> Line | None:
    """The trick in play, or who leads when it is empty (``None`` outside play)."""
    if view["trick"]:
        return played_line(label(st.lang, "Trick in play: "), view["trick_seats"], view["trick"], st, seat)
    if view["phase"] == "play":
        if view["leader"] == seat:
            return Line(text(st.lang, "You lead this trick."))
        return Line(label(st.lang, "To lead: {who}", who=st.seat(view["leader"], seat)))
    return None


def last_trick_line(view: dict, st: Voice, seat: int | None) -> Line | None:
    """The last trick of this deal and who won it (``None`` before the first)."""
    last = view["last_trick"]
    if not last:
        return None
    line = played_line(label(st.lang, "Last trick: "), last["seats"], last["cards"], st, seat)
    line.append("; " + label(st.lang, "won by {who}", who=st.seat(last["winner"], seat)))
    return line


def own_lines(view: dict, st: Voice, mine: bool = True) -> list[Line]:
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
    line = Line(titles[0])
    line.append_text(card_text(view["invitation"], st, st.dash))
    if view["invitation"]:
        taken = sum(1 << parse_card(c) for c in view["taken_cards"] if c != TRUMP_NAME)
        worth = invitation_score(parse_card(view["invitation"]), taken)
        line.append(" (" + label(lang, "worth so far: {n}", n=worth) + ")")
    hand = Line(titles[1])
    hand.append_text(cards_text(view["hand"], st, st.dash))
    taken_line = Line(titles[2])
    taken_line.append_text(cards_text(view["taken_cards"], st, st.dash))
    return [line, hand, taken_line]


def render(view: dict, seat: int | None, lang: str = "en", labels: list[str] | None = None,
           style: Voice | None = None) -> list[Block]:
    """The whole table for ``seat`` (``None``: spectator), as blocks."""
    st = style or Voice.make(lang)
    parts: list[Block] = [header(view, st), *scores_table(view, seat, st, labels)]
    for line in (trick_line(view, st, seat), last_trick_line(view, st, seat)):
        if line is not None:
            parts.append(line)
    if seat is not None and "hand" in view:
        parts.extend(own_lines(view, st))
    return parts


# ----- the compact status at a prompt, the prompt's commands, the exchange prompt -------------

def deal_key(view: dict) -> int:
    """Changes when a new deal starts (the terminal then shows the whole table)."""
    return view["deal_number"]


def status(view: dict, seat: int, style: Voice) -> list[Block]:
    """The seat's prompt in a few lines: deal and trick, the trick in play
    (or who leads), its invitation with its worth so far, its hand."""
    out: list[Block] = [header(view, style)]
    trick = trick_line(view, style, seat)
    if trick is not None:
        out.append(trick)
    mine = own_lines(view, style)
    return out + mine[:2]


def prompt_line(view: dict, seat: int, style: Voice, legal: list[str] | None = None) -> str:
    """What the seat is to do now, in one short line (the brief prompt):
    ``Trick 3: follow Saxosaurus.``, ``Trick 3: you have no Saxosaurus,
    play any card.`` (T-4.2), ``Choose your invitation.`` (T-3.3),
    ``Reveal your invitation and lead trick 4?`` (T-5.2)."""
    lang, phase = style.lang, view["phase"]
    if phase == "invite":
        return text(lang, "Choose your invitation.")
    if phase == "exchange":
        return text(lang, "Master exchange: lay out up to 2 cards.")
    if phase == "reveal":
        return text(lang, "Reveal your invitation and lead trick {n}?", n=view["trick_number"])
    if phase != "play":
        return ""
    number = view["trick_number"]
    if not view["trick"]:
        return text(lang, "Trick {n}: you lead.", n=number)
    led = view["trick"][0]
    if led == TRUMP_NAME:
        return text(lang, "Trick {n}: a trump was led, play any card.", n=number)
    index = SPECIES.index(led[:3])
    if any(card[:3] == led[:3] for card in view.get("hand", ())):
        return text(lang, "Trick {n}: follow {species}.", n=number, species=species_name(index, lang, "accusative"))
    return text(lang, "Trick {n}: you have no {species}, play any card.", n=number,
                species=species_name(index, lang, "genitive"))


def hand_lines(view: dict, seat: int, style: Voice, *, mine: bool = True) -> list[Block]:
    """The ``hand`` command: invitation, hand, taken cards (``mine`` false:
    each line names the seat, for a replay showing every hand)."""
    return list(own_lines(view, style, mine)) if "hand" in view else []


def scores_lines(view: dict, seat: int, style: Voice) -> list[Block]:
    """The ``scores`` command."""
    return scores_table(view, seat, style)


def last_lines(view: dict, seat: int, style: Voice) -> list[Block]:
    """The ``last`` command: the trick in play and the last trick of this deal."""
    out: list[Block] = []
    for line in (trick_line(view, style, seat), last_trick_line(view, style, seat)):
        if line is not None:
            out.append(line)
    return out


ACTION_WORDS = {"reveal": N_("reveal your invitation and lead the next trick"),
                "pass": N_("keep your invitation hidden")}
"""Words for the reveal window's menu entries (T-5.2)."""
KEEP_HAND = N_("keep your hand: lay out no card")
"""Words for the master exchange of no card (T-8.1): the bare action string
``exchange`` does not say it."""

COMMAND_HELP = {"hand": N_("your invitation, your cards and the cards you have taken"),
                "last": N_("the trick in play and the last trick of this deal")}
"""What the prompt's ``hand`` and ``last`` show in Trumfosaur."""


def action_label(action: str, view: dict, style: Voice) -> str | None:
    """Words for a menu entry, in every language: the names of the cards
    played, invited or laid out (``play SAX6`` -> ``Saxosaurus 6``), what
    ``reveal`` and ``pass`` mean, and the exchange of no card (:data:`KEEP_HAND`);
    ``None`` for a string that is none of these."""
    if action == "exchange":
        return text(style.lang, KEEP_HAND)
    if action in ACTION_WORDS:
        return text(style.lang, ACTION_WORDS[action])
    return cards_label(action, card_names(style.lang))


def free_prompt(view: dict, strings: list[str], style: Voice) -> tuple[str, str] | None:
    """T-8.1: instead of a menu of every 0-2 card choice (up to 56), the
    master exchange asks for the cards: ``(explanation, prompt)``; ``None``
    at any other decision."""
    if view["phase"] != "exchange" or "hand" not in view:
        return None
    example = " ".join(view["hand"][:2])
    explanation = text(style.lang, "Master exchange: type up to two cards to lay out face up and draw as many "
                                   "(for example {example}, or exchange {example}); Enter or none keeps your hand.",
                       example=example)
    hand = Line(text(style.lang, "Your hand: {cards}.", cards=", ".join(
        f"{card_name(card, style.lang)} ({card})" for card in view["hand"])))
    return explanation + "\n" + hand.plain, text(style.lang, "Cards to lay out (Enter: none)")


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


def refusal(answer: str, view: dict, lang: str) -> str | None:
    """What is wrong with a master-exchange answer, in words the player can
    act on (T-8.1), before the engine's refusal: ``at most 2 cards``, ``you
    have no BYZ2``, ``the trump cannot be laid out``; ``None`` where the
    answer is not an exchange or nothing is wrong with its cards."""
    if view.get("phase") != "exchange" or "hand" not in view:
        return None
    words = answer.split()
    if words and words[0].lower() == "exchange":
        words = words[1:]
    cards = []
    for word in words:
        try:
            parse_card(word)
        except ValueError:
            return None
        cards.append(word.upper())
    if len(cards) > 2:
        return ntext(lang, "at most 2 cards: you typed {n} card", "at most 2 cards: you typed {n} cards", len(cards))
    if TRUMP_NAME in cards:
        return text(lang, "the trump cannot be laid out (T-8.1)")
    if len(set(cards)) < len(cards):
        return text(lang, "{card} is typed twice", card=cards[0] if cards[0] == cards[-1] else cards[1])
    missing = [card for card in cards if card not in view["hand"]]
    if missing:
        return text(lang, "you have no {card}", card=missing[0])
    return None


def help_text(view: dict, lang: str, style: Voice | None = None, *, legal: list[str] | None = None,
              typed: bool = True) -> str:
    """The card key, what the current decision means (in a trick: the led
    species to follow, T-4.2) and, given the legal action strings
    ``legal``, the cards they use by name. ``typed`` false (a screen where
    nobody types an action, the web page): no key of the card codes."""
    key = ", ".join(f"{code} = {species_name(k, lang)}" for k, code in enumerate(SPECIES))
    out = text(lang, "Cards: {key}, TRUMF = trump.", key=key) if typed else ""
    phase = view["phase"]
    if phase == "play" and view.get("trick") and view["trick"][0] != TRUMP_NAME:
        index = SPECIES.index(view["trick"][0][:3])
        out += " " + text(lang, "{species} was led: follow {accusative} if you can, or play your trump; the "
                                "first trump wins the trick.", species=species_name(index, lang),
                          accusative=species_name(index, lang, "accusative"))
    elif phase in HELP:
        out += " " + text(lang, HELP[phase])
    cards = sorted({word.upper() for action in legal or () for word in action.split()[1:]}, key=parse_card)
    if cards and phase != "exchange":
        out += " " + text(lang, "Cards you may use now: {cards}.", cards=names(cards, lang))
    return out.strip()


# ----- what happened, in full: one entry per event kind ----------------------------------------

def _deal_started(e: dict, viewer: int | None, st: Voice) -> list[str]:
    return [text(st.lang, "Deal {deal} begins; {who} leads the first trick.", deal=e["deal"],
                 who=st.seat(e["first_leader"], viewer))]


def _cards_laid_out(e: dict, viewer: int | None, st: Voice) -> list[str]:
    who = st.seat(e["seat"], viewer)
    if not e["cards"]:
        return [text(st.lang, "{who} keeps the hand.", who=who)]
    return [text(st.lang, "{who} lays out {cards} face up.", who=who, cards=names(e["cards"], st.lang, "accusative"))]


def _cards_drawn(e: dict, viewer: int | None, st: Voice) -> list[str]:
    if "cards" in e:
        return [text(st.lang, "{who} draws {cards}.", who=st.seat(e["seat"], viewer),
                     cards=names(e["cards"], st.lang, "accusative"))]
    return [ntext(st.lang, "{who} draws {n} card.", "{who} draws {n} cards.", e["count"],
                  who=st.seat(e["seat"], viewer))]


def _invitation_chosen(e: dict, viewer: int | None, st: Voice) -> list[str]:
    who = st.seat(e["seat"], viewer)
    if "card" in e:
        return [text(st.lang, "{who} chooses the invitation {card}.", who=who, card=card_name(e["card"], st.lang))]
    return [text(st.lang, "{who} chooses an invitation face down.", who=who)]


def _trumps_taken(e: dict, viewer: int | None, st: Voice) -> list[str]:
    return [text(st.lang, "Everyone takes a trump; {who} leads trick 1.", who=st.seat(e["leader"], viewer))]


def _card_played(e: dict, viewer: int | None, st: Voice) -> list[str]:
    return [text(st.lang, "{who} plays {card}.", who=st.seat(e["seat"], viewer),
                 card=card_name(e["card"], st.lang, "accusative"))]


def _trick_won(e: dict, viewer: int | None, st: Voice) -> list[str]:
    return [text(st.lang, "{who} wins the trick ({trick}/10): {cards}.", who=st.seat(e["seat"], viewer),
                 trick=e["trick"], cards=names(e["cards"], st.lang))]


def _reveal_passed(e: dict, viewer: int | None, st: Voice) -> list[str]:
    return [text(st.lang, "{who} does not reveal.", who=st.seat(e["seat"], viewer))]


def _invitation_revealed(e: dict, viewer: int | None, st: Voice) -> list[str]:
    return [text(st.lang, "{who} reveals the invitation {card} and will lead.", who=st.seat(e["seat"], viewer),
                 card=card_name(e["card"], st.lang))]


def _window_closed(e: dict, viewer: int | None, st: Voice) -> list[str]:
    return [text(st.lang, "Nobody reveals; {who} leads trick {trick}.", who=st.seat(e["leader"], viewer),
                 trick=e["trick"])]


def _values(cards: list[str]) -> str:
    """The values of cards of one species: ``2, 5, 7``."""
    return ", ".join(str(parse_card(card) % 10 + 1) for card in cards)


def _species_of(cards: list[str], lang: str) -> str:
    """The species of cards of one value: ``Saxosaurus, Aquasaurus``."""
    return ", ".join(species_name(parse_card(card) // 10, lang) for card in cards)


def _made(part: dict, lang: str) -> str:
    """How T-6.1 made one score, from the event's breakdown: ``= 3 for the
    invitation + 3 for Byznysaurus taken (2, 5, 7) + 2 for 1 card of
    value 4 (Špínosaurus)``."""
    invitation = parse_card(part["invitation"])
    parts = ""
    if part["species"]:
        parts += text(lang, " + {n} for {species} taken ({cards})", n=part["species_points"],
                      species=species_name(invitation // 10, lang), cards=_values(part["species"]))
    if part["value"]:
        parts += ntext(lang, " + {points} for {n} card of value {value} ({cards})",
                       " + {points} for {n} cards of value {value} ({cards})", len(part["value"]),
                       points=part["value_points"], value=invitation % 10 + 1, cards=_species_of(part["value"], lang))
    return text(lang, " = {base} for the invitation{parts}", base=part["base"],
                parts=parts or text(lang, " and nothing matching taken"))


def _deal_scored(e: dict, viewer: int | None, st: Voice) -> list[str]:
    """T-6, T-10.2: every invitation, its score and how it was made; the totals."""
    lang = st.lang
    out = [text(lang, "Deal {deal} is over. Invitations and scores (3 for the invitation, +1 per card of its "
                      "species, +2 per card of its value):", deal=e["deal"])]
    for s, part in enumerate(e["breakdown"]):
        line = text(lang, "{who}: invitation {card}, {score} points", who=st.seat(s, viewer),
                    card=card_name(part["invitation"], lang), score=part["score"])
        out.append(line + _made(part, lang))
    totals = ", ".join(f"{st.seat(s, viewer)} {v}" for s, v in enumerate(e["totals"]))
    out.append(text(lang, "Totals: {totals}", totals=totals))
    if "team_totals" in e:
        out.append(teams_line(e["team_totals"], lang))
    return out


def _silent(e: dict, viewer: int | None, st: Voice) -> list[str]:
    """Events with no line of their own: a dealt card (the hand is on the
    table shown at each new deal) and the end of the game (the screen says
    who won)."""
    return []


DESCRIBE: dict[str, Callable[[dict, int | None, Voice], list[str]]] = {
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


def describe_event(event: dict, viewer: int | None, style: Voice) -> list[str]:
    """The full sentences of one engine event as ``viewer`` (a seat, ``None``:
    a spectator) sees it (:meth:`herna.core.State.events`); ``[]`` for an
    event with nothing to say. ``KeyError`` for a kind this game does not record."""
    return DESCRIBE[event["kind"]](event, viewer, style)


# ----- what happened, briefly ---------------------------------------------------------------------

def _brief_deal(e: dict, viewer: int | None, st: Voice) -> str:
    """A deal's end in one line: its scores and the totals, your own first
    (how each score was made: the full lines)."""
    lang = st.lang
    if list(e["scores"]) == list(e["totals"]):  # the first deal: its scores are the totals
        line = text(lang, "Deal {deal}: {scores}.", deal=e["deal"], scores=st.scores(e["scores"], viewer))
    else:
        line = text(lang, "Deal {deal}: {scores}; totals {totals}.", deal=e["deal"],
                    scores=st.scores(e["scores"], viewer), totals=st.scores(e["totals"], viewer))
    if "team_totals" in e:
        line = line[:-1] + "; " + text(lang, "teams {a} to {b}.", a=e["team_totals"][0], b=e["team_totals"][1])
    return line


def _brief_one(e: dict, viewer: int | None, st: Voice) -> list[str]:
    """The brief lines of one event that needs no other event of its action."""
    kind, lang = e["kind"], st.lang
    if kind == "deal_started":
        return [text(lang, "Deal {deal} begins.", deal=e["deal"])]
    if kind == "cards_laid_out" and e["cards"]:
        return [st.say(e["seat"], viewer, N_("{who} lays out {cards}."), N_("You lay out {cards}."),
                       cards=names(e["cards"], lang, "accusative"))]
    if kind == "cards_drawn" and "cards" in e:
        return [text(lang, "You draw {cards}.", cards=names(e["cards"], lang, "accusative"))]
    if kind == "invitation_chosen" and "card" in e:  # your own; anyone's in a replay showing every card
        if e["seat"] == viewer:
            return [text(lang, "Your invitation: {card}.", card=card_name(e["card"], lang))]
        return [text(lang, "{who} chooses the invitation {card}.", who=st.short(e["seat"]),
                     card=card_name(e["card"], lang))]
    if kind == "trumps_taken" and e["leader"] != viewer:  # your own lead: the prompt says it
        return [text(lang, "Trick 1: {who} leads.", who=st.short(e["leader"]))]
    if kind == "card_played":
        return [played(e, viewer, st, card_name)]
    if kind == "invitation_revealed":
        return [st.say(e["seat"], viewer, N_("{who} reveals the invitation {card} and leads."),
                       N_("You reveal your invitation {card} and lead."), card=card_name(e["card"], lang))]
    if kind == "deal_scored":
        return [_brief_deal(e, viewer, st)]
    return []  # a dealt card, a kept hand, a hidden choice, a pass in the reveal window, a closed window


def brief_events(events: list[dict], viewer: int | None, style: Voice) -> list[list[str]]:
    """The brief lines of each of ``events`` (aligned with them; ``[]`` for
    an event not said briefly): one short line per event that matters, a
    trick's last card and its win in one line (events of one action are
    read together, :func:`herna.text.cards.group_by_seq`), no line for a
    reveal window passed or closed (T-5.2), a deal's end as one line of
    scores and totals."""
    out: list[list[str]] = [[] for _ in events]
    for group in group_by_seq(events):
        won, last = trick_parts(events, group)
        for i in group:
            if i == last:
                continue
            if i == won:
                event = events[i]
                card = next(c for s, c in event["plays"] if s == event["seat"])
                out[i] = [trick_taken(event["seat"], card, events[last] if last is not None else None, viewer, style,
                                      card_name)]
            else:
                out[i] = _brief_one(events[i], viewer, style)
    return out


def sheet_row(event: dict) -> tuple[int, list[int], list[int]] | None:
    """A score sheet's row from a ``deal_scored`` event: ``(deal, scores, totals)``; ``None`` for other events."""
    if event["kind"] != "deal_scored":
        return None
    return event["deal"], list(event["scores"]), list(event["totals"])


def where(view: dict, lang: str) -> str:
    """Where a decision was taken, for a review (the view just before it):
    ``deal 2, trick 5``, ``deal 2, after trick 4`` (the reveal window, T-5.2),
    ``deal 2, invitation`` (T-3.3), ``deal 2, master exchange`` (T-8.1)."""
    deal = text(lang, "deal {n}", n=view["deal_number"])
    phase, number = view["phase"], view["trick_number"]
    if phase == "play" and number:
        part = text(lang, "trick {n}", n=number)
    elif phase == "reveal" and number > 1:
        part = text(lang, "after trick {n}", n=number - 1)
    elif phase == "invite":
        part = text(lang, "invitation")
    elif phase == "exchange":
        part = text(lang, "master exchange")
    else:
        return deal
    return f"{deal}, {part}"
