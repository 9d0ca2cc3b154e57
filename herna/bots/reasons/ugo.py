"""Why an Ugo! move (:mod:`herna.bots.reasons`), from the seat's view.

* colour order (U-4.3): which field each new colour opens, its top card, its
  farmer places and what it will score: the top card once fully farmed,
  -5 per empty place if not (U-6.1, U-6.3);
* a farmer (U-3.4): the field's farmers and score before and after, and what
  it pays once full (its top card, or its bonus when empty, U-6.2);
* a card: the farmers it brings if it wins or loses (U-1.4) and, where its
  colour already lies in the kingdom, the field's new top card (U-4.2).
"""

from __future__ import annotations

from herna.core.catalog import ntext, text
from herna.games.ugo.fields import EMPTY_BONUS, FIELD_NAMES, IS_LOW_CARD, PLACES, WIN_FARMERS, field_score
from herna.text.ugo import colour_word
from herna.text.voice import Voice


def _colour(card: str) -> str:
    return card.rstrip("0123456789")


def _value(card: str) -> int:
    return int(card[len(_colour(card)):])


def _score_words(field: dict, farmers: int, top: int | None, has_cards: bool, lang: str) -> str:
    index = FIELD_NAMES.index(field["field"])
    now = field_score(index, has_cards, top, farmers)
    full = top if has_cards else EMPTY_BONUS[index]
    return text(lang, "field {field}, {farmers}/{places} farmers: scores {now:+d} now, {full:+d} once fully farmed",
                field=field["field"], farmers=farmers, places=field["places"], now=now, full=full)


def reason(view: dict, action: str, style: Voice, trick: tuple[int, int] | None = None) -> list[str]:
    lang = style.lang
    seat = view.get("seat")
    if not isinstance(seat, int):
        return []
    kingdom = view["kingdoms"][seat]
    verb, _, arg = action.partition(" ")
    if verb == "open":
        return [_order(view, kingdom, arg, lang)]
    if verb == "farm":
        return [_farm(kingdom, arg, lang)]
    if verb == "play":
        return _play(view, kingdom, arg, lang, never_wins=trick is not None and trick[1] > 0 and trick[0] == 0)
    return []


def _order(view: dict, kingdom: list[dict], first: str, lang: str) -> str:
    waiting = [c for c in view.get("waiting_colours") or [] if c != first]
    order = [first, *waiting]
    empty = [f for f in kingdom if f["colour"] is None]
    cards = view.get("waiting_cards") or []
    parts = []
    for colour, field in zip(order, empty):
        top = max((_value(c) for c in cards if _colour(c) == colour), default=None)
        parts.append(text(lang, "{colour} to {where}", colour=colour_word(colour, lang),
                          where=_score_words(field, field["farmers"], top, top is not None, lang)))
    if len(order) > len(empty):
        parts.append(text(lang, "no free field is left for the rest"))
    return "; ".join(parts)


def _farm(kingdom: list[dict], name: str, lang: str) -> str:
    field = next(f for f in kingdom if f["field"] == name)
    index = FIELD_NAMES.index(name)
    has_cards = bool(field["cards"])
    before = field_score(index, has_cards, field["top"], field["farmers"])
    after = field_score(index, has_cards, field["top"], field["farmers"] + 1)
    if after != before:
        out = text(lang, "field {field} then has {farmers}/{places} farmers and scores {after:+d} instead of "
                         "{before:+d}", field=name, farmers=field["farmers"] + 1, places=field["places"], after=after,
                   before=before)
    else:
        out = text(lang, "field {field} then has {farmers}/{places} farmers", field=name, farmers=field["farmers"] + 1,
                   places=field["places"])
    missing = PLACES[index] - field["farmers"] - 1
    if missing > 0:
        pays = field["top"] if has_cards else EMPTY_BONUS[index]
        if after != before:  # the score after the farmer is said above
            out += "; " + ntext(lang, "{n} more farmer and it pays {pays:+d}", "{n} more farmers and it pays {pays:+d}",
                                missing, pays=pays)
        else:  # what it pays once full, and what it scores if the round ends first (U-6.3: -5 a place still empty)
            out += "; " + ntext(lang, "{n} more farmer and it pays {pays:+d}; until then it scores {now:+d}",
                                "{n} more farmers and it pays {pays:+d}; until then it scores {now:+d}",
                                missing, pays=pays, now=after)
    elif not has_cards:
        out += "; " + text(lang, "an empty field fully farmed earns its bonus {bonus} (U-6.2)",
                           bonus=EMPTY_BONUS[index])
    return out


def _play(view: dict, kingdom: list[dict], card: str, lang: str, never_wins: bool = False) -> list[str]:
    value = _value(card)
    colour = _colour(card)
    if never_wins:  # it loses in every sampled hand of the others: what it brings as a lost card, no field changes
        if IS_LOW_CARD[value]:
            same, other = view.get("low_card_farmers") or (1, 2)
            return [text(lang, "lost, a card of value {value} brings farmers: {same} if it loses to its own colour, "
                               "{other} if to another (U-1.4); your kingdom does not change", value=value, same=same,
                         other=other)]
        return [text(lang, "lost, it brings no farmer and your kingdom does not change (U-1.4)")]
    if IS_LOW_CARD[value]:
        same, other = view.get("low_card_farmers") or (1, 2)
        out = [text(lang, "a card of value {value} brings no farmer if it wins, {same} if it loses to its own colour "
                          "and {other} if to another (U-1.4)", value=value, same=same, other=other)]
    elif WIN_FARMERS[value]:
        out = [ntext(lang, "it brings {n} farmer if it wins (U-1.4)", "it brings {n} farmers if it wins (U-1.4)",
                     WIN_FARMERS[value])]
    else:
        out = [text(lang, "a card of value {value} brings no farmer, won or lost (U-1.4)", value=value)]
    field = next((f for f in kingdom if f["colour"] == colour), None)
    if field is not None:
        out.append(text(lang, "won, it lies on top of your field {field}: top card {old} becomes {new} (U-4.2)",
                        field=field["field"], old=field["top"], new=value))
    else:
        empty = [f for f in kingdom if f["colour"] is None]
        if empty and empty[0]["farmers"] >= empty[0]["places"]:
            out.append(text(lang, "won, {colour} opens field {field}, which is always farmed: it scores the top "
                                  "card, {value} (U-6.1)", colour=colour_word(colour, lang), field=empty[0]["field"],
                            value=value))
        elif empty:
            out.append(ntext(lang, "won, {colour} opens field {field}: {n} farmer place to fill or -5 each",
                             "won, {colour} opens field {field}: {n} farmer places to fill or -5 each",
                             empty[0]["places"] - empty[0]["farmers"], colour=colour_word(colour, lang),
                             field=empty[0]["field"]))
    return out
