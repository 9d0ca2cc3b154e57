"""The events a Trumfosaur state records (:meth:`herna.core.State.events`).

Cards are card codes (``"SAX6"``, ``"TRUMF"``), seats 0-based ints. In the
order they happen in a deal:

| kind | fields | who sees it | rule |
|---|---|---|---|
| ``deal_started`` | ``deal``, ``first_leader`` | everyone | T-3.1, T-3.5 |
| ``card_dealt`` | ``seat``, ``card`` | ``seat`` only | T-3.1 |
| ``cards_laid_out`` | ``seat``, ``cards`` (0-2, face up; none: the hand is kept) | everyone | T-8.1 |
| ``cards_drawn`` | ``seat``, ``count``, ``cards`` | everyone; ``cards`` only ``seat`` | T-8.1 |
| ``invitation_chosen`` | ``seat``, ``card`` | everyone; ``card`` only ``seat`` | T-3.3 |
| ``trumps_taken`` | ``leader`` (of trick 1) | everyone | T-3.4, T-3.5 |
| ``card_played`` | ``seat``, ``card`` | everyone | T-4.1-T-4.4 |
| ``trick_won`` | ``seat``, ``trick`` (1-10), ``cards``, ``plays`` (``[[seat, card], ...]``) | everyone | T-4.5-T-4.7 |
| ``reveal_passed`` | ``seat`` | everyone | T-5.2 |
| ``invitation_revealed`` | ``seat``, ``card`` (the seat leads next) | everyone | T-5.1, T-5.3 |
| ``window_closed`` | ``leader``, ``trick`` (the next trick; nobody revealed) | everyone | T-5.2, T-4.7 |
| ``deal_scored`` | ``deal``, ``scores``, ``invitations``, ``breakdown``, ``totals`` | everyone | T-6, T-10.2 |
| ``game_over`` | ``winners``, ``scores`` (+ ``team_scores``) | everyone | T-2.1, T-7.2 |

``deal_scored`` adds ``team_totals`` with teams (T-7.1). ``breakdown`` has
per seat the parts of its score as T-6.1 counts them:
``{"invitation": card, "base": 3, "species": [cards], "species_points": n,
"value": [cards], "value_points": 2k, "score": total}``.

Events make no random draws and change no state: replaying a history gives
the same events.
"""

from __future__ import annotations

from typing import Any

from .cards import INVITATION_POINTS, card_name, score_parts

KINDS = ("deal_started", "card_dealt", "cards_laid_out", "cards_drawn", "invitation_chosen", "trumps_taken",
         "card_played", "trick_won", "reveal_passed", "invitation_revealed", "window_closed", "deal_scored",
         "game_over")
"""Every event kind, in the order of the table above."""


def breakdown(invitation: int, taken_mask: int) -> dict[str, Any]:
    """One seat's ``deal_scored`` breakdown (T-6.1; see the module docstring)."""
    parts = score_parts(invitation, taken_mask)
    return {
        "invitation": card_name(invitation),
        "base": INVITATION_POINTS,
        "species": [card_name(c) for c in parts.species_cards],
        "species_points": len(parts.species_cards),
        "value": [card_name(c) for c in parts.value_cards],
        "value_points": 2 * len(parts.value_cards),
        "score": parts.total,
    }
