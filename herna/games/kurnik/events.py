"""The events a Kurník action records (:meth:`herna.core.State.events`).

Kurník is a game of perfect information (K-10.1): every event is public
(``seen_by=None``). Seats are 0-based ints; a card kind is ``"egg"``,
``"chick"`` or ``"hen"`` (``"rooster"`` where an exchange buys one); a
``die`` is a face 1..6, or ``None`` where no die is involved (an exchange,
the 6-6 take); ``dice`` is ``[high, low]``.

The engine records them in the order the rules apply them, die by die (the
hen first, K-5.4). After the steps of an action come a ``coop`` event for
every coop that changed (the acting seat first) and, if the game ended,
``game_over``.

======================  ==============================================  ===========
kind                    fields                                          rule
======================  ==============================================  ===========
``start_roll``          seat, die                                       K-2.1
``start_tie``           seats (who roll again)                          K-2.1
``first_player``        seat                                            K-2.1
``roll``                seat, only (roll was the only legal choice)     K-3.1
``turn_passed``         seat (a quarantine turn)                        K-11.3
``exchange``            seat, paid (kind), count, got (kind or None:    K-6.1, K-6.2
                        the supply had none)
``dice_rolled``         seat, dice                                      K-4.1
``gain``                seat, die, card: a card from the supply         K-4.1, K-5.1
``develop``             seat, die, card: no free place, a card grew     K-7.1
                        into ``card`` (egg -> chick, chick -> hen)
``gain_dropped``        seat, die, card, reason: ``"no_place"``,        K-5.3, K-5.5,
                        ``"supply_empty"``, ``"no_victim"`` (no hen     K-7.3
                        in the supply and nobody to take one from)
``theft_due``           seat, hens, die, then (face of the die paid     K-5.2, K-5.4
                        after the theft, or None), source: ``"die"``,
                        ``"exchange"``, ``"take"``
``theft``               thief, victim, card, develop (a chick grew),    K-5.2
                        rule
``rooster_block``       thief, victim, attempt (``"steal"``/``"rob"``), K-9.2
                        blocks_left, died
``hens_due``            seat, hens still due to the thief               K-5.2
``hens_unpaid``         seat, hens, source (``"take"``/``"steal"``):    K-5.2
                        nobody else has a hen
``gift_due``            seat, dice, card to give                        K-4.2
``gift_none``           seat, dice, card the roller does not have       K-4.2
``gift``                seat, to, card, returned (the coop was full)    K-4.2
``hard_times``          seat, dice, eggs returned                       K-4.3
``bird_flu``            seat, dice (one more die follows)               K-4.4
``quarantine``          seat, die                                       K-4.4
``flu_loss``            seat, die, card, count lost                     K-4.4
``fox``                 seat, dice, hens lost, rooster (it protected)   K-9.4
``announce_due``        seat, dice, rob_one (``rough_thief``)           K-4.5
``announced``           seat, choice (``"take"``, ``"rob all"``,        K-4.5, K-9.1
                        ``"rob"``), victim
``reroll``              seat, dice, difference                          K-4.5
``reroll_void``         seat: difference 0, nothing happens             K-8.5
``take_limited``        seat, free places, left (hens not taken)        K-4.5
``hens_taken``          seat, hens from the supply                      K-4.5
``robbed``              thief, victim, hens, kept (by the thief),       K-4.5, K-9.1
                        everything (fewer than D: all it had), mode
                        (``"all"``/``"one"``)
``rob_nothing``         thief, seats without hens, mode                 K-4.5, K-9.1
``coop``                seat, eggs, chicks, hens, free                  K-1.2
``game_over``           winners, scores (hens), reason (``"nine_hens"``  K-1.4
                        or ``"turn_limit"``, the guard of ``game.py``)
======================  ==============================================  ===========

>>> import herna
>>> state = herna.load("kurnik", players=2, first_player=0).new_initial_state()
>>> state.apply_action("dice 6 2")  # seat 1's roll is its only choice: applied too
>>> [(e["kind"], e.get("die"), e.get("card")) for e in state.events()]  # doctest: +NORMALIZE_WHITESPACE
[('roll', None, None), ('dice_rolled', None, None), ('gain', 6, 'hen'), ('gain', 2, 'egg'),
 ('coop', None, None), ('roll', None, None)]
"""

from __future__ import annotations

KINDS = (
    "start_roll", "start_tie", "first_player", "roll", "turn_passed", "exchange", "dice_rolled", "gain",
    "develop", "gain_dropped", "theft_due", "theft", "rooster_block", "hens_due", "hens_unpaid", "gift_due",
    "gift_none", "gift", "hard_times", "bird_flu", "quarantine", "flu_loss", "fox", "announce_due", "announced",
    "reroll", "reroll_void", "take_limited", "hens_taken", "robbed", "rob_nothing", "coop", "game_over",
)
"""Every event kind Kurník records (the table above)."""
