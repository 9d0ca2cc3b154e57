"""Trumfosaur observation tensor (float32, one seat's view).

Seats are relative to the observer: relative seat ``r`` is ``(seat + r) % n``,
so block 0 is always the observer. With ``n`` players the layout is:

| offset | size | content |
|---|---|---|
| 0 | 51 | own hand: dinosaur ids 0..49, then the trump |
| 51 | 50 | own invitation (one-hot) |
| 101 | n × 51 | current trick, by play position: card one-hot (50 = trump) |
| +  | n | relative seat of the current trick's leader (one-hot) |
| +  | 50 | every dinosaur played this deal |
| +  | n × 50 | cards taken, per relative seat |
| +  | n × 50 | revealed invitations, per relative seat |
| +  | n × 50 | master-version discards, per relative seat |
| +  | n | still holds its trump |
| +  | n × 5 | species shown void |
| +  | n | hand size / 10 |
| +  | 7 | phase one-hot (deal, exchange, draw, invite, play, reveal, over) |
| +  | 11 | trick number one-hot (0..10) |
| +  | n | game total / target score |
| +  | n | relative seat to act (one-hot; all zero at chance/over) |
"""

from __future__ import annotations

import numpy as np

from herna.core.bits import bits
from herna.core.errors import InvariantError

from .cards import TRUMP


def tensor_size(n: int) -> int:
    """Length of the tensor with ``n`` players (the table above)."""
    return 51 + 50 + n * 51 + n + 50 + 3 * n * 50 + n + 5 * n + n + 7 + 11 + n + n


def observation_tensor(state, seat: int) -> np.ndarray:
    """The tensor of ``seat`` (the table above) for a Trumfosaur state."""
    n = state.game.num_players
    out = np.zeros(tensor_size(n), dtype=np.float32)
    rel = [(seat + r) % n for r in range(n)]
    for c in bits(state._hands[seat]):
        out[c] = 1
    if state._trump[seat]:
        out[TRUMP] = 1
    if state._invitation[seat] >= 0:
        out[51 + state._invitation[seat]] = 1
    o = 101
    for i, card in enumerate(state._trick_cards):
        out[o + i * 51 + card] = 1
    o += n * 51
    if state._trick_seats:
        out[o + (state._trick_seats[0] - seat) % n] = 1
    o += n
    for c in bits(state._played):
        out[o + c] = 1
    o += 50
    for r, s in enumerate(rel):
        for c in bits(state._taken[s]):
            out[o + r * 50 + c] = 1
    o += n * 50
    for r, s in enumerate(rel):
        if state._revealed[s]:
            out[o + r * 50 + state._invitation[s]] = 1
    o += n * 50
    for r, s in enumerate(rel):
        for c in state._exchanged[s]:
            out[o + r * 50 + c] = 1
    o += n * 50
    for r, s in enumerate(rel):
        out[o + r] = state._trump[s]
    o += n
    for r, s in enumerate(rel):
        for k in range(5):
            if state._voids[s] >> k & 1:
                out[o + r * 5 + k] = 1
    o += 5 * n
    for r, s in enumerate(rel):
        out[o + r] = (state._hands[s].bit_count() + state._trump[s]) / 10.0
    o += n
    out[o + state._phase] = 1
    o += 7
    out[o + state._trick_number] = 1
    o += 11
    target = state.game.options["target_score"]
    for r, s in enumerate(rel):
        out[o + r] = state._scores[s] / target
    o += n
    player = state._current_player()
    if player >= 0:
        out[o + (player - seat) % n] = 1
    o += n
    if o != out.size:  # pragma: no cover - the layout above and tensor_size disagree
        raise InvariantError(f"observation layout fills {o} of {out.size} floats")
    return out
