"""The events an Ugo! state records (:meth:`herna.core.State.events`).

Every event is public except ``card_dealt``, which only its receiver sees
(U-5.1). Seats are 0-based ints, cards are card strings (``red5``), colours
are colour ids of the action strings (``red`` ... ``grey``), fields are
letters ``A``-``E``. In the order they happen:

===================  =====================================================
kind                 fields
===================  =====================================================
``round_started``    ``round`` (1-based), ``rounds``, ``dealer``, ``leader``
                     (U-2.2, U-2.4); at the round's first dealt card
``card_dealt``       ``seat``, ``card`` (U-2.2); seen by ``seat`` only
``card_played``      ``seat``, ``card`` (U-3.1)
``trick_won``        ``seat`` (the winner), ``card`` (the winning card),
                     ``cards`` (in the order played), ``plays``
                     (``[[seat, card], ...]``), ``trick`` (1-10) (U-3.2)
``cards_stacked``    ``seat``, ``field``, ``colour``, ``cards`` (bottom
                     first), ``top``, ``was`` (the top card before): cards
                     of a colour already in the kingdom (U-4.1, U-4.2)
``colours_waiting``  ``seat``, ``colours``: new colours of the trick, on no
                     field until the winner orders them (U-4.5, U-4.3)
``farmers_paid``     ``seat``, ``count`` (paid out of the supply),
                     ``unpaid`` (due but the supply was empty), ``supply``
                     (left after this payment) (U-3.3, U-1.4, U-1.3);
                     seats in the order of U-2.5
``farmers_lost``     ``seat``, ``count``: paid farmers with no free place
                     (U-1.3); right after the payment when the seat places
                     none, else after its last ``farmer_placed``
``colour_opened``    ``seat``, ``colour``, ``field``, ``cards``, ``top`` (U-4.3)
``farmer_placed``    ``seat``, ``field``, ``farmers``, ``places`` (now on
                     that field) (U-3.4)
``round_scored``     ``round``, ``rounds``, ``scores`` (this round, per seat),
                     ``totals`` (per seat), ``breakdown``: per seat the
                     fields A-E as ``{"field", "colour", "top_card",
                     "farmers", "places", "score", "rule"}``, ``rule`` the
                     id of U-6.1-U-6.4 that gave the score (U-6, U-2.1)
``game_over``        ``winners``, ``scores`` (U-2.1)
===================  =====================================================

Events make no random draws and change no state.
"""

KINDS = ("round_started", "card_dealt", "card_played", "trick_won", "cards_stacked", "colours_waiting",
         "farmers_paid", "farmers_lost", "colour_opened", "farmer_placed", "round_scored", "game_over")
"""Every event kind, in the order of the table above."""
