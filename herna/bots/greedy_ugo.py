"""A rule-based Ugo! bot: one-ply look-ahead on the seat's view only.

Every decision is scored with :func:`kingdom_value`: the round score
(U-6) of the kingdom after placing the farmers the seat is owed now and a
cautious share of the farmers it may still get, placed where they score best.
Farmers come out of a supply that runs dry (U-1.3: 12 tokens with 2 players;
``view["farmer_supply"]``), so every count of farmers still to come is capped
by what the supply can pay: a won trick pays at most what is left, a losing 1
or 2 at most what is left after the winner's pay (U-2.5: the winner's first),
and future tricks at most what this trick leaves.

* play: for each legal card, the chance it wins the trick (from the cards not
  yet seen, hand sizes and shown voids) weighs the kingdom after winning
  (the trick's cards stacked, new colours on the leftmost fields, the card's
  farmers) against the kingdom after losing (farmers for a losing 1 or 2).
  So it farms fields with high top cards, dumps 1s and 2s when they lose,
  avoids winning colours it cannot farm in time and covering a high top card
  with a low one.
* open: the order of new colours whose kingdom scores best.
* farm: the field whose farmer raises the kingdom's value most.
"""

from __future__ import annotations

from itertools import permutations
from math import comb

from herna.core import Game
from herna.games.ugo.cards import CARD_COLOUR, CARD_VALUE, COLOURS, HAND_SIZE, NUM_CARDS, parse_card
from herna.games.ugo.fields import EMPTY_BONUS, PLACES, WIN_FARMERS, field_score

from .base import Bot, Observation

FUTURE_FARMERS_PER_TRICK = 0.2
"""Farmers the bot counts on per trick still to come (cautious; tuned
against random players: 0 to 0.7 tried, 0.2 best)."""
FUTURE_SUPPLY_SHARE = 0.5
"""Share of the supply left after a trick that the bot may count on for the
tricks still to come: the others draw on the same supply (2 players, tried
0.25, 0.5 and 1 against random players: all within noise; 0.5 kept)."""


def kingdom_value(fields: list[list[int]], farmers: float) -> float:
    """Best round score (U-6) of ``fields`` (per field ``[colour or -1,
    top value or -1, farmers]``) after placing ``int(farmers)`` more farmers
    on C-E where they score most."""
    total = 0
    for f in (0, 1):
        total += fields[f][1] if fields[f][0] >= 0 else EMPTY_BONUS[f]
    free = [PLACES[f] - fields[f][2] for f in (2, 3, 4)]
    t = min(int(farmers), sum(free))
    best = None
    for a in range(min(free[0], t) + 1):
        for b in range(min(free[1], t - a) + 1):
            c = t - a - b
            if c > free[2]:
                continue
            s = 0
            for f, extra in ((2, a), (3, b), (4, c)):
                colour, top, placed = fields[f]
                s += field_score(f, colour >= 0, top, placed + extra)
            if best is None or s > best:
                best = s
    return total + (best if best is not None else 0)


def _fields_of(kingdom: list[dict]) -> list[list[int]]:
    return [[COLOURS.index(f["colour"]) if f["colour"] else -1,
             f["top"] if f["top"] is not None else -1,
             f["farmers"]] for f in kingdom]


def _add_cards(fields: list[list[int]], cards: list[int]) -> list[list[int]]:
    """The kingdom after winning ``cards`` (U-4.1-U-4.3); new colours open
    the leftmost fields, the one with the highest top card first."""
    out = [list(f) for f in fields]
    top_of: dict[int, int] = {}
    for c in cards:
        k = CARD_COLOUR[c]
        top_of[k] = max(top_of.get(k, -1), CARD_VALUE[c])
    new = []
    for k, top in top_of.items():
        for f in out:
            if f[0] == k:
                f[1] = top
                break
        else:
            new.append((top, k))
    new.sort(reverse=True)
    slot = sum(1 for f in out if f[0] >= 0)
    for top, k in new:
        out[slot][0], out[slot][1] = k, top
        slot += 1
    return out


class GreedyBot(Bot):
    """Heuristic Ugo! player (see the module docstring). Uses only the
    observation's view and legal actions."""

    name = "greedy"

    def __init__(self, game: Game, seat: int, seed: int | None = None) -> None:
        super().__init__(game, seat, seed)
        same, other = game.options["low_card_farmers"]
        self.low = (same, other)
        self.n = game.num_players

    # ----- decisions ------------------------------------------------------------
    def choose(self, observation: Observation) -> int:
        choices = self.best_actions(observation)
        return choices[0] if len(choices) == 1 else self.rng.choice(choices)

    def best_actions(self, observation: Observation) -> list[int]:
        """The legal actions of best value (within 1e-9), in legal-action
        order; :meth:`choose` draws one of them uniformly (its only use of
        ``rng``). A forced decision is its one legal action, not scored."""
        legal = observation.legal_actions
        if len(legal) == 1:
            return list(legal)
        view = observation.view
        strings = observation.action_strings
        verb = strings[0].split()[0]
        if verb == "play":
            values = self._play_values(view, [parse_card(s.split()[1]) for s in strings])
        elif verb == "open":
            values = self._open_values(view, [COLOURS.index(s.split()[1]) for s in strings])
        else:
            values = self._farm_values(view, ["ABCDE".index(s.split()[1]) for s in strings])
        best = max(values)
        return [a for a, v in zip(legal, values) if v >= best - 1e-9]

    def _future(self, view: dict, after_this_trick: bool, taken: int = 0) -> float:
        """Farmers the seat counts on from the tricks after this one: a
        cautious rate per trick, capped by the supply left once ``taken``
        more farmers are paid out of it (U-1.3)."""
        left = HAND_SIZE - view["trick_number"] + (0 if after_this_trick else 1)
        supply = max(view["farmer_supply"] - taken, 0)
        return min(FUTURE_FARMERS_PER_TRICK * max(left, 0), FUTURE_SUPPLY_SHARE * supply)

    def _owed(self, view: dict) -> int:
        return sum(e["farmers"] for e in view["farmers_to_place"] if e["seat"] == self.seat)

    def _open_values(self, view: dict, colours: list[int]) -> list[float]:
        fields = _fields_of(view["kingdoms"][self.seat])
        tops: dict[int, int] = {}
        for name in view["waiting_cards"]:
            c = parse_card(name)
            tops[CARD_COLOUR[c]] = max(tops.get(CARD_COLOUR[c], -1), CARD_VALUE[c])
        farmers = self._owed(view) + self._future(view, True)
        out = []
        for first in colours:
            rest = [k for k in colours if k != first]
            best = float("-inf")
            for order in permutations(rest):  # at least one order (the empty one)
                trial = [list(f) for f in fields]
                slot = sum(1 for f in trial if f[0] >= 0)
                for k in (first, *order):
                    trial[slot][0], trial[slot][1] = k, tops[k]
                    slot += 1
                v = kingdom_value(trial, farmers)
                best = max(best, v)
            out.append(best)
        return out

    def _farm_values(self, view: dict, targets: list[int]) -> list[float]:
        fields = _fields_of(view["kingdoms"][self.seat])
        farmers = self._owed(view) - 1 + self._future(view, True)
        out = []
        for f in targets:
            trial = [list(x) for x in fields]
            trial[f][2] += 1
            # a farmer on a field with cards is sure to count; prefer it
            out.append(kingdom_value(trial, farmers) + (0.01 * trial[f][1] if trial[f][0] >= 0 else 0))
        return out

    def _play_values(self, view: dict, cards: list[int]) -> list[float]:
        n = self.n
        seat = self.seat
        trick = [parse_card(c) for c in view["trick"]]
        trick_seats = view["trick_seats"]
        hand = [parse_card(c) for c in view["hand"]]
        seen = 0
        for c in hand:
            seen |= 1 << c
        for kingdom in view["kingdoms"]:
            for f in kingdom:
                for c in f["cards"]:
                    seen |= 1 << parse_card(c)
        for c in trick:
            seen |= 1 << c
        for c in view["waiting_cards"]:
            seen |= 1 << parse_card(c)
        unseen = [c for c in range(NUM_CARDS) if not seen >> c & 1]
        leader = trick_seats[0] if trick else seat
        later = [(leader + i) % n for i in range(len(trick) + 1, n)]
        voids = [[COLOURS.index(k) for k in v] for v in view["voids"]]
        fields = _fields_of(view["kingdoms"][seat])
        owed = self._owed(view)
        supply = view["farmer_supply"]  # owed farmers are already out of it
        led = CARD_COLOUR[trick[0]] if trick else None
        best_card = None
        if trick:
            best_card = trick[0]
            for c in trick[1:]:
                if CARD_VALUE[c] > CARD_VALUE[best_card] or (
                        CARD_VALUE[c] == CARD_VALUE[best_card] and CARD_COLOUR[c] == led
                        and CARD_COLOUR[best_card] != led):
                    best_card = c
        # U-2.5: the winner is paid first; if this seat loses, the winning
        # card (the best so far, or an average winner) is paid before it
        winner_pay = WIN_FARMERS[CARD_VALUE[best_card]] if best_card is not None else 1
        out = []
        for card in cards:
            v = CARD_VALUE[card]
            my_led = led if led is not None else CARD_COLOUR[card]
            if best_card is not None and not self._beats(card, best_card, my_led):
                p = 0.0
            else:
                p = 1.0
                for j in later:
                    beaters = [c for c in unseen if CARD_COLOUR[c] not in voids[j]
                               and (CARD_VALUE[c] > v or (CARD_VALUE[c] == v and CARD_COLOUR[c] == my_led
                                                          and CARD_COLOUR[card] != my_led))]
                    pool = len([c for c in unseen if CARD_COLOUR[c] not in voids[j]])
                    h = view["hand_sizes"][j]
                    if h and h <= pool:
                        p *= comb(pool - len(beaters), h) / comb(pool, h)
            win_fields = _add_cards(fields, trick + [card])
            gain = min(WIN_FARMERS[v], supply)
            win = kingdom_value(win_fields, owed + gain + self._future(view, True, gain))
            lose_farmers = 0
            if v in (1, 2):
                lose_farmers = self.low[0] if CARD_COLOUR[card] == my_led else self.low[1]
            gain = min(lose_farmers, max(supply - winner_pay, 0))
            lose = kingdom_value(fields, owed + gain + self._future(view, True, winner_pay + gain))
            out.append(p * win + (1 - p) * lose)
        return out

    @staticmethod
    def _beats(card: int, best: int, led: int) -> bool:
        v, bv = CARD_VALUE[card], CARD_VALUE[best]
        return v > bv or (v == bv and CARD_COLOUR[card] == led and CARD_COLOUR[best] != led)
