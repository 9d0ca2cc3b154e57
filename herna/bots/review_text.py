"""The words of a game's review (:func:`herna.bots.hints.review`), shared by
``herna review`` and the web app's ``GET /api/tables/{id}/review``.

:func:`review_text` turns the reviewed decisions into the lines a player
reads: a head line saying what the values are, one line per mistake (where
it was, who, what was played by name and its value, the better move and its
value, the loss with its standard error) with its reason under it, a note on
the noise, and a summary.
"""

from __future__ import annotations

from typing import Callable, Sequence

from .hints import ReviewItem, loss_words, number, shown_loss, value_words

from herna.text.i18n import t, value_meaning


def mistakes(items: Sequence[ReviewItem], top: int) -> list[ReviewItem]:
    """The first ``top`` of ``items`` (sorted as :func:`~herna.bots.hints.review`
    sorts them) whose loss shows at the printed precision (:func:`~herna.bots.hints.shown_loss`)."""
    out = [item for item in items if shown_loss(item.loss, item.value_kind) > 0]
    return out[:top]


def loss_se_words(item: ReviewItem, lang: str) -> str:
    """The loss's standard error as the loss is printed: points to one
    decimal, a chance to win in whole percentage points (one decimal below
    one point, so that a small error is not printed as ``± 0``)."""
    if item.value_kind == "win_chance":
        return number(100 * item.loss_se, lang, digits=0 if 100 * item.loss_se >= 0.95 else 1)
    return number(item.loss_se, lang)


def where_words(item: ReviewItem) -> str:
    """Where the decision was, as a line starts with it (``Deal 2, trick 5``); ``""`` when unknown."""
    return item.where[:1].upper() + item.where[1:] if item.where else ""


def review_note(items: Sequence[ReviewItem], listed: Sequence[ReviewItem], lang: str) -> str:
    """The line after the mistakes: none reviewed, the noise (some are ``listed``), or that none lost value."""
    if not items:
        return t("review_none", lang)
    return t("review_noise", lang) if listed else t("review_no_loss", lang)


def review_summary(items: Sequence[ReviewItem], lang: str) -> str:
    """The last line: how many decisions, in how many no loss beyond the noise was found (the move played was
    as good as the search's proposal, or no better move stood out of the noise)."""
    return t("review_summary", lang, n=len(items), m=sum(1 for item in items if item.best == item.played))


def mistake_line(item: ReviewItem, lang: str, seat_words: Callable[[int], str]) -> str:
    """``Deal 2, trick 5, Seat 1: played Saxosaurus 8 (-1.0 points); better
    Aquasaurus 3 (+0.8 points); lost 1.8 points (± 0.4)``: the loss rounded
    from its unrounded value (:func:`~herna.bots.hints.loss_words`), so it
    can differ by 0.1 (a percentage point) from the difference of the two
    values as printed."""
    kind = item.value_kind
    return t("review_line", lang, where=where_words(item) or f"#{item.seq}", who=seat_words(item.seat),
             played=item.played_label,
             played_value=value_words(item.played_value, kind, lang), best=item.best_label,
             best_value=value_words(item.best_value, kind, lang),
             loss=loss_words(item.loss, kind, lang), se=loss_se_words(item, lang))


def review_head(game, items: Sequence[ReviewItem], lang: str) -> str | None:
    """The head line (what the values are), ``None`` without items."""
    return t("review_head", lang, value=value_meaning(game, items[0].value_kind, lang)) if items else None


def review_text(game, items: Sequence[ReviewItem], lang: str, seat_words: Callable[[int], str], top: int,
                finished: bool = True) -> list[str]:
    """The review as lines (module docstring); ``game``: the
    :class:`~herna.core.Game` or its name; ``seat_words(seat)``: a seat's
    name for the reader. Reasons are indented by four spaces."""
    out = [] if finished else [t("review_unfinished", lang)]
    if not items:
        return out + [review_note(items, [], lang)]
    out.append(t("review_head", lang, value=value_meaning(game, items[0].value_kind, lang)))
    listed = mistakes(items, top)
    for item in listed:
        out.append(mistake_line(item, lang, seat_words))
        if item.reason:
            out.append(f"    {item.reason}")
    out.append(review_note(items, listed, lang))
    out.append(review_summary(items, lang))
    return out
