"""What a seat sees (U-5): the JSON view and the observation tensor.

View (SCENARIOS.md keys, plus extras): ``game``, ``players``,
``current_player`` (seat, ``"chance"``, ``None`` when over), ``terminal``,
``scores`` (totals of finished rounds), ``winners``, ``round_number``
(1-based; between rounds the finished one), ``trick_number`` (1-10: the trick
in play, or the round's last one once it is over), ``leader``, ``trick``,
``last_trick`` (``{"cards", "winner"}`` plus extras ``"seats"``, who played
each card, ``"farmers"``, paid per seat out of the supply, ``"lost"``, per
seat the paid farmers that found no free place, and ``"unpaid"``, per
seat the farmers due that the empty supply could not pay, U-1.3),
``kingdoms`` (per seat 5 fields A-E ``{"field", "colour", "top",
"top_card", "cards", "farmers", "places", "score"}``; ``score``: what the
field scores if the round ended now), ``round_scores``, ``farmer_supply``
(farmer tokens left in the supply this round, U-1.3; between rounds, what
the finished round left). Extras: ``farmers_lost`` (farmers lost this
round for want of a free place, U-1.3), ``rounds``, ``dealer`` (U-2.4:
right of the round's first leader), ``phase``, ``trick_seats``,
``kingdom_scores``, ``waiting_colours`` / ``waiting_cards`` (new colours of
the last trick not yet on a field, U-4.5), ``farmers_to_place`` (the queue,
U-2.5; farmers that will be placed), ``hand_sizes``, ``voids`` (colours each seat has shown it lacks this
round), ``low_card_farmers`` (the option: farmers for a losing 1 or 2,
[same colour as the winning card, other colour], U-1.4). A seat's view adds
``seat`` and ``hand`` (sorted). Nothing in a view depends on another seat's hand or the unused cards.

Observation tensor of seat ``s`` (float32, length ``90 + 140 n + 23``;
relative seat ``r = (seat - s) mod n``, 0 = the observer, then clockwise):

=================  ====  =====================================================
offset             size  content
=================  ====  =====================================================
0                  45    own hand (card id one-hot)
45                 45    cards played this round (trick, waiting, kingdoms)
90 + 140 r         45    card seat r played to the current trick
90 + 140 r + 45    85    fields A-E, 17 each: colour one-hot (5), top value
                         one-hot (9), cards / 10, farmers / places,
                         empty places / 4
90 + 140 r + 130   5     colours seat r showed void in this round
90 + 140 r + 135   1     farmers seat r has still to place / 9
90 + 140 r + 136   1     seat r's total score / 50
90 + 140 r + 137   1     seat r's hand size / 10
90 + 140 r + 138   1     seat r leads the trick
90 + 140 r + 139   1     seat r is to act
90 + 140 n         5     phase one-hot (deal, play, open, farm, over)
90 + 140 n + 5     5     waiting new colours
90 + 140 n + 10    10    trick number one-hot (1-10)
90 + 140 n + 20    1     round index (0-based) / rounds
90 + 140 n + 21    1     rounds after this one / rounds
90 + 140 n + 22    1     farmer supply / 36, at most 1 (U-1.3; 36 fill
                         every free place of 4 kingdoms)
=================  ====  =====================================================
"""

from __future__ import annotations

import numpy as np

from herna.core.state import CHANCE, TERMINAL

from .cards import CARD_NAMES, CARD_VALUE, COLOURS, HAND_SIZE, cards_of
from .constants import PHASE_NAMES
from .fields import FARMER_TOKENS, FIELD_NAMES, NUM_FIELDS, PLACES, field_score

SEAT_BLOCK = 140
FIELD_BLOCK = 17
GLOBAL_BLOCK = 23


def tensor_size(players: int) -> int:
    """Length of the observation tensor for ``players`` seats (layout above)."""
    return 90 + SEAT_BLOCK * players + GLOBAL_BLOCK


def _kingdom(field_cards: list, field_colour: list[int], field_farmers: list[int], s: int) -> list[dict]:
    """Seat ``s``'s fields A-E in the view, from the state's per-field lists
    (read once per view: on the compiled engine each read builds a list)."""
    out = []
    base = s * NUM_FIELDS
    for f in range(NUM_FIELDS):
        cards = field_cards[base + f]
        colour = field_colour[base + f]
        farmers = field_farmers[base + f]
        top = CARD_VALUE[cards[-1]] if cards else None
        out.append({
            "field": FIELD_NAMES[f],
            "colour": COLOURS[colour] if colour >= 0 else None,
            "top": top,
            "top_card": CARD_NAMES[cards[-1]] if cards else None,
            "cards": [CARD_NAMES[c] for c in cards],
            "farmers": farmers,
            "places": PLACES[f],
            "score": field_score(f, bool(cards), top, farmers),
        })
    return out


def build_view(state, seat: int | None) -> dict:
    """The JSON-ready view of ``seat`` (``None``: a spectator), U-5.1/U-5.2."""
    n = state.game.num_players
    player = state._current_player()
    field_cards, field_colour, field_farmers = state._field_cards, state._field_colour, state._farmers
    kingdoms = [_kingdom(field_cards, field_colour, field_farmers, s) for s in range(n)]
    leader = state._leader
    queue = state._queue
    last = None
    trick = state._last_trick
    if trick is not None:
        last = {
            "cards": [CARD_NAMES[c] for c in trick.cards],
            "winner": trick.winner,
            "seats": [(trick.leader + i) % n for i in range(len(trick.cards))],
            "farmers": list(trick.paid),
            "lost": list(trick.lost),
            "unpaid": list(trick.unpaid),
        }
    view = {
        "game": state.game.name,
        "players": n,
        "current_player": "chance" if player == CHANCE else None if player == TERMINAL else player,
        "terminal": player == TERMINAL,
        "scores": list(state._scores),
        "winners": state.winners(),
        "round_number": state._round + 1,
        "rounds": state.game.options["rounds"],
        "trick_number": min(state._tricks_done + 1, HAND_SIZE),
        "leader": leader,
        "dealer": (state.game.options["first_player"] + state._round - 1) % n,
        "trick": [CARD_NAMES[c] for c in state._trick],
        "trick_seats": [(leader + i) % n for i in range(len(state._trick))],
        "last_trick": last,
        "kingdoms": kingdoms,
        "kingdom_scores": [sum(f["score"] for f in k) for k in kingdoms],
        "round_scores": list(state._round_scores) if state._round_scores is not None else None,
        "farmer_supply": state._supply,
        "farmers_lost": state._round_lost,
        "phase": PHASE_NAMES[state._phase],
        "waiting_colours": [COLOURS[k] for k in range(5) if state._waiting_colours >> k & 1],
        "waiting_cards": [CARD_NAMES[c] for c in cards_of(state._waiting)],
        "farmers_to_place": [{"seat": due.seat, "farmers": due.farmers} for due in queue],
        "hand_sizes": [h.bit_count() for h in state._hands],
        "voids": [[COLOURS[k] for k in range(5) if v >> k & 1] for v in state._voids],
        "low_card_farmers": list(state.game.options["low_card_farmers"]),
    }
    if seat is not None:
        view["seat"] = seat
        view["hand"] = [CARD_NAMES[c] for c in cards_of(state._hands[seat])]
    return view


def build_tensor(state, seat: int) -> np.ndarray:
    """The observation tensor of ``seat`` (layout in the module docstring)."""
    n = state.game.num_players
    rounds = state.game.options["rounds"]
    vec = np.zeros(tensor_size(n), dtype=np.float32)
    idx: list[int] = cards_of(state._hands[seat])
    vals: list[float] = [1.0] * len(idx)
    played = 0
    for p in state._played:
        played |= p
    for c in cards_of(played):
        idx.append(45 + c)
        vals.append(1.0)
    leader = state._leader
    player = state._current_player()
    queue = state._queue
    for s in range(n):
        r = (s - seat) % n
        b = 90 + SEAT_BLOCK * r
        pos = (s - leader) % n
        if pos < len(state._trick):
            idx.append(b + state._trick[pos])
            vals.append(1.0)
        fb = b + 45
        base = s * NUM_FIELDS
        for f in range(NUM_FIELDS):
            o = fb + FIELD_BLOCK * f
            colour = state._field_colour[base + f]
            cards = state._field_cards[base + f]
            farmers = state._farmers[base + f]
            if colour >= 0:
                idx += [o + colour, o + 5 + CARD_VALUE[cards[-1]], o + 14]
                vals += [1.0, 1.0, len(cards) / 10.0]
            idx += [o + 15, o + 16]
            vals += [farmers / PLACES[f], (PLACES[f] - farmers) / 4.0]
        for k in range(5):
            if state._voids[s] >> k & 1:
                idx.append(b + 130 + k)
                vals.append(1.0)
        waiting = sum(due.farmers for due in queue if due.seat == s)
        idx += [b + 135, b + 136, b + 137, b + 138, b + 139]
        vals += [waiting / 9.0, state._scores[s] / 50.0, state._hands[s].bit_count() / 10.0,
                 float(s == leader), float(s == player)]
    g = 90 + SEAT_BLOCK * n
    idx.append(g + state._phase)
    vals.append(1.0)
    for k in range(5):
        if state._waiting_colours >> k & 1:
            idx.append(g + 5 + k)
            vals.append(1.0)
    idx += [g + 10 + min(state._tricks_done, HAND_SIZE - 1), g + 20, g + 21, g + 22]
    vals += [1.0, state._round / rounds, (rounds - 1 - state._round) / rounds,
             min(state._supply, FARMER_TOKENS) / FARMER_TOKENS]
    vec[idx] = vals
    return vec
