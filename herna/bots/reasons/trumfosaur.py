"""Why a Trumfosaur move (:mod:`herna.bots.reasons`), from the seat's view.

* exchange (T-8.1): which species it keeps and what the laid-out cards were;
* invitation (T-3.3): what the rest of the hand holds of the card's species
  (1 point each when taken) and value (2 points each), T-6.1;
* a card: what the trick holds for the seat's invitation, whether the card
  is the best left of its species; a trump: what the first trump wins
  (T-4.5) or that it wins nothing after another trump;
* reveal (T-5.1): the lead it takes and the sure winners it holds; pass: what
  staying hidden protects;
* with teams (T-7.1, seen from the view's ``team_scores``, T-7.2): a card
  that leaves a trick to the partner winning it, takes it from the partner
  (the team gains nothing), or takes it from the other team.
"""

from __future__ import annotations

from herna.core.catalog import ntext, text
from herna.games.trumfosaur.cards import TRUMP, TRUMP_NAME, parse_card
from herna.games.trumfosaur.cards import card_name as card_code
from herna.games.trumfosaur.tricks import trick_winner
from herna.text.trumfosaur import card_name, names, species_name
from herna.text.voice import Voice


def _species(card: int) -> int:
    return card // 10


def _value(card: int) -> int:
    return card % 10 + 1


def _pays(card: int, invitation: int | None) -> int:
    """Points ``card`` scores when taken by the owner of ``invitation`` (T-6.1)."""
    if invitation is None or card == TRUMP:
        return 0
    return (_species(card) == _species(invitation)) + 2 * (_value(card) == _value(invitation))


def _dinos(cards) -> list[int]:
    return [parse_card(c) for c in cards if c != TRUMP_NAME]


def _seen(view: dict) -> set[int]:
    laid = [c for cards in view.get("exchanged") or [] for c in cards]
    return set(_dinos(view.get("played") or [])) | set(_dinos(view.get("hand") or [])) | set(_dinos(laid))


def _boss(card: int, view: dict) -> bool:
    """No card of ``card``'s species above it is still unseen by the seat."""
    seen = _seen(view)
    return all(c in seen for c in range(card + 1, (_species(card) + 1) * 10))


def reason(view: dict, action: str, style: Voice, trick: tuple[int, int] | None = None) -> list[str]:
    lang = style.lang
    verb, _, rest = action.partition(" ")
    hand = _dinos(view.get("hand") or [])
    own = view.get("invitation")
    invitation = parse_card(own) if own else None
    if verb == "invite":
        return [_invitation(parse_card(rest), hand, lang)]
    if verb == "exchange":
        return [_exchange(_dinos(rest.split()), hand, lang)]
    if verb == "play":
        return _play(view, parse_card(rest), invitation, lang) + _team(view, parse_card(rest), style)
    if action == "reveal":
        bosses = [c for c in hand if invitation is not None and _pays(c, invitation) and _boss(c, view)]
        leader = view.get("leader")
        if isinstance(leader, int):  # what the lead takes away, and what it costs (T-5.3)
            out = [text(lang, "you lead trick {n} instead of {who} (T-5.1)", n=view["trick_number"],
                        who=style.seat_case(leader, "gen"))]
        else:
            out = [text(lang, "you lead trick {n} (T-5.1)", n=view["trick_number"])]
        if own:
            out.append(text(lang, "but from then on everyone knows your invitation, {card}, and can keep its species "
                                  "and value from you (T-5.3)", card=card_name(own, lang)))
        if bosses:
            out.append(ntext(lang, "you hold {n} scoring card no one can beat in its species ({cards})",
                             "you hold {n} scoring cards no one can beat in their species ({cards})",
                             len(bosses), cards=names([card_code(c) for c in bosses], lang)))
        return out
    if action == "pass":
        leader = view.get("leader")
        out = [text(lang, "your invitation stays hidden, so the others do not know which cards to keep from you")]
        if isinstance(leader, int):
            out.append(text(lang, "{who} leads the next trick", who=style.seat(leader)))
        return out
    return []


def _invitation(card: int, hand: list[int], lang: str) -> str:
    rest = [c for c in hand if c != card]
    same = [c for c in rest if _species(c) == _species(card)]
    pairs = [c for c in rest if _value(c) == _value(card)]
    high = [c for c in same if _value(c) >= 8]
    worth = len(same) + 2 * len(pairs)
    out = ntext(lang, "your other cards hold {same} of {species} (1 point each when you take them) and {pairs} of "
                      "value {value} (2 points each): up to {n} point besides the invitation's 3",
                "your other cards hold {same} of {species} (1 point each when you take them) and {pairs} of "
                "value {value} (2 points each): up to {n} points besides the invitation's 3",
                worth, same=len(same), species=species_name(_species(card), lang), pairs=len(pairs),
                value=_value(card))
    if high:
        out += "; " + ntext(lang, "{n} of them is 8 or higher, a likely trick winner",
                            "{n} of them are 8 or higher, likely trick winners", len(high))
    return out


def _exchange(laid: list[int], hand: list[int], lang: str) -> str:
    kept = [c for c in hand if c not in laid]
    counts = [sum(1 for c in kept if _species(c) == s) for s in range(5)]
    best = max(range(5), key=lambda s: (counts[s], sum(_value(c) for c in kept if _species(c) == s)))
    keep = text(lang, "you keep {n} of {species}, your longest species, to invite from", n=counts[best],
                species=species_name(best, lang))
    if not laid:
        return keep
    return keep + "; " + text(lang, "the laid-out cards (values {values}) are out of play for everyone (T-8.1)",
                              values=", ".join(str(_value(c)) for c in sorted(laid, key=_value)))


def _play(view: dict, card: int, invitation: int | None, lang: str) -> list[str]:
    trick = _dinos(view.get("trick") or [])
    trumped = TRUMP_NAME in (view.get("trick") or [])
    in_trick = sum(_pays(c, invitation) for c in trick)
    if card == TRUMP:
        if trumped:
            return [text(lang, "a trump is already in this trick and the first trump wins (T-4.5): yours wins "
                               "nothing and is gone for the deal")]
        if not view.get("trick"):
            return [text(lang, "led, the trump wins this trick whatever follows (T-4.5), and the others may play "
                               "any card (T-4.4)")]
        return [ntext(lang, "the first trump wins the trick (T-4.5): it takes the cards in it, worth {n} point to "
                            "your invitation", "the first trump wins the trick (T-4.5): it takes the cards in it, "
                            "worth {n} points to your invitation", in_trick)]
    out = []
    own = _pays(card, invitation)
    if own:
        out.append(ntext(lang, "the card itself scores {n} point for your invitation if you take it back",
                         "the card itself scores {n} points for your invitation if you take it back", own))
    if trick:
        out.append(ntext(lang, "the trick so far is worth {n} point to your invitation",
                         "the trick so far is worth {n} points to your invitation", in_trick))
    if _boss(card, view):
        out.append(text(lang, "no unseen card of the species {species} beats it",
                        species=species_name(_species(card), lang)))
    elif not own:
        out.append(text(lang, "it scores nothing for you: a card you can spare"))
    return out


def _winning(view: dict) -> tuple[int, int] | None:
    """``(seat, card)`` winning the trick so far (T-4.5: the first trump,
    else the highest card of the led species; a trump as ``TRUMP``), or
    ``None`` before the lead."""
    trick, seats = view.get("trick") or [], view.get("trick_seats") or []
    if not trick or len(seats) != len(trick):
        return None
    cards = [parse_card(c) for c in trick]
    seat = trick_winner(seats, cards)
    return seat, cards[seats.index(seat)]


def _beats(card: int, winner: int) -> bool:
    """``card`` played now takes the trick from ``winner`` (T-4.5)."""
    if winner == TRUMP:
        return False
    if card == TRUMP:
        return True
    return _species(card) == _species(winner) and card > winner


def _team(view: dict, card: int, style: Voice) -> list[str]:
    """With teams (T-7.1: seats 0 + 2 and 1 + 3; T-7.2's ``team_scores``
    in the view): whose trick ``card`` leaves or takes, for the team."""
    seat = view.get("seat")
    if "team_scores" not in view or not isinstance(seat, int):
        return []
    winning = _winning(view)
    if winning is None:
        return []
    who, best = winning
    lang = style.lang
    partner = (seat + 2) % 4
    if who == partner:
        if _beats(card, best):
            return [text(lang, "it takes the trick from your partner {who}: the team gains nothing by it (T-7.1)",
                         who=style.seat_case(partner, "dat"))]
        return [text(lang, "your partner {who} wins this trick so far, and what they take counts for your "
                           "team (T-7.1)", who=style.seat(partner))]
    if _beats(card, best):
        return [text(lang, "it takes the trick from {who} of the other team (T-7.1)",
                     who=style.seat_case(who, "dat"))]
    return []
