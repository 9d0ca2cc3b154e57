"""The Trumfosaur state machine (rules/trumfosaur.md).

Phases of a deal (T-3.6): chance deals 10 cards to each seat in seat order
(``deal SAX6``; a fixed deal is a chance node with one outcome and applies
itself) → master exchange, clockwise from the first leader, each followed by
chance draws (T-8.1) → invitations, clockwise from the first leader (T-3.3) →
each takes a trump (T-3.4) → 10 tricks (T-4), each of tricks 1-9 followed by a
reveal window (T-5.2). Then the deal is scored (T-6) and the next deal starts
at once, unless a player or team reached the target (T-2.1). A deal is
scored in the open: its invitations are public from then on (T-10.2).

Hands are bitmasks of dinosaur ids; the trump in hand is a flag per seat.
"""

from __future__ import annotations

import random

import numpy as np

from herna.core import CHANCE, TERMINAL, IllegalActionError, State
from herna.core.bits import bit_list

from . import actions as A
from .cards import (
    ALL_CARDS_MASK,
    NUM_CARDS,
    SPECIES_MASK,
    SPECIES_NAMES,
    TRUMP,
    card_name,
    invitation_score,
)

DEAL, EXCHANGE, DRAW, INVITE, PLAY, WINDOW, OVER = range(7)
PHASE_NAMES = ("deal", "exchange", "draw", "invite", "play", "reveal", "over")
HAND_SIZE = 10
TRICKS = 10


def trick_winner(seats: list[int], cards: list[int]) -> int:
    """T-4.5: the first trump wins; else the highest card of the led species.
    ``seats``/``cards`` in play order; returns the winning seat."""
    if TRUMP in cards:
        return seats[cards.index(TRUMP)]
    led = cards[0] // 10
    best = 0
    for i in range(1, len(cards)):
        card = cards[i]
        if card // 10 == led and card > cards[best]:
            best = i
    return seats[best]


class TrumfosaurState(State):
    """A Trumfosaur game in progress. See the module docstring."""

    __slots__ = (
        "_phase", "_deal_number", "_scores", "_deal_scores", "_deal_invitations", "_first_leader",
        "_prev_first_leader",
        "_hands", "_trump", "_invitation", "_revealed", "_deck", "_undealt", "_dealt",
        "_exchanged", "_draws_left", "_queue", "_turn", "_trick_seats", "_trick_cards",
        "_leader", "_trick_number", "_last_trick", "_taken", "_taken_count", "_voids",
        "_played", "_winners",
    )

    def __init__(self, game, deals=()) -> None:
        super().__init__(game, deals)
        n = game.num_players
        self._scores = [0] * n
        self._deal_scores = None
        self._deal_invitations: list[int] | None = None  # T-10.2: last finished deal's cards
        self._deal_number = 0
        self._first_leader = game.options["first_player"]
        self._prev_first_leader = -1
        self._winners: list[int] = []
        self._start_deal()

    # ----- deal set-up ---------------------------------------------------------------
    def _start_deal(self) -> None:
        n = self.game.num_players
        self._deal_number += 1
        self._phase = DEAL
        self._hands = [0] * n
        self._trump = [False] * n
        self._invitation = [-1] * n
        self._revealed = [False] * n
        self._undealt = ALL_CARDS_MASK
        self._dealt = 0
        fixed = self._fixed_deal()
        self._deck = list(fixed[1]) if fixed else []
        self._exchanged = [[] for _ in range(n)]
        self._draws_left = 0
        self._queue = []
        self._turn = -1
        self._trick_seats = []
        self._trick_cards = []
        self._leader = self._first_leader
        self._trick_number = 0
        self._last_trick = None
        self._taken = [0] * n
        self._taken_count = [0] * n
        self._voids = [0] * n
        self._played = 0

    def _fixed_deal(self):
        index = self._deal_number - 1
        return self._deals[index] if index < len(self._deals) else None

    def _clockwise_from(self, seat: int) -> list[int]:
        n = self.game.num_players
        return [(seat + i) % n for i in range(n)]

    def _after_dealing(self) -> None:
        if self.game.options["master"]:
            self._phase = EXCHANGE
        else:
            self._phase = INVITE
        self._queue = self._clockwise_from(self._first_leader)
        self._turn = self._queue[0]

    # ----- hooks ---------------------------------------------------------------------
    def _current_player(self) -> int:
        phase = self._phase
        if phase == OVER:
            return TERMINAL
        if phase == DEAL or phase == DRAW:
            return CHANCE
        return self._turn

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        forced = self._forced_chance()
        if forced is not None:
            return [(forced, 1.0)]
        base = A.DEAL if self._phase == DEAL else A.DRAW
        cards = bit_list(self._undealt)
        p = 1.0 / len(cards)
        return [(base + c, p) for c in cards]

    def _sample_chance(self, rng: random.Random) -> int:
        forced = self._forced_chance()
        if forced is not None:
            return forced
        base = A.DEAL if self._phase == DEAL else A.DRAW
        undealt = self._undealt
        k = rng.randrange(undealt.bit_count())
        for card in bit_list(undealt):
            if k == 0:
                return base + card
            k -= 1
        raise AssertionError("no undealt card")  # pragma: no cover

    def _is_legal(self, action: int, player: int) -> bool:
        if player == CHANCE:
            forced = self._forced_chance()
            if forced is not None:
                return action == forced
            base = A.DEAL if self._phase == DEAL else A.DRAW
            card = action - base
            return 0 <= card < NUM_CARDS and bool(self._undealt >> card & 1)
        return action in self._legal_actions()

    def _chance_stream(self) -> object:
        return self._deal_number  # the deal and its master draws

    def _forced_chance(self) -> int | None:
        fixed = self._fixed_deal()
        if fixed is None:
            return None
        if self._phase == DEAL:
            k = self._dealt
            return A.DEAL + fixed[0][k // HAND_SIZE][k % HAND_SIZE]
        return A.DRAW + self._deck[0]

    def _playable_mask(self, seat: int) -> int:
        hand = self._hands[seat]
        cards = self._trick_cards
        if cards and cards[0] != TRUMP:
            follow = hand & SPECIES_MASK[cards[0] // 10]
            if follow:
                return follow
        return hand

    def _play_options(self, seat: int) -> int:
        """How many cards ``seat`` may play now (the trump included); 1 means
        the engine plays it by itself (T-4.2, SCENARIOS.md "only real choices")."""
        return self._playable_mask(seat).bit_count() + self._trump[seat]

    def _legal_actions(self) -> list[int]:
        phase = self._phase
        seat = self._turn
        if phase == PLAY:
            out = bit_list(self._playable_mask(seat))
            if self._trump[seat]:
                out.append(A.PLAY_TRUMP)
            return out
        if phase == WINDOW:
            return [A.REVEAL, A.PASS]
        if phase == INVITE:
            return [A.INVITE + c for c in bit_list(self._hands[seat])]
        if phase == EXCHANGE:
            hand = bit_list(self._hands[seat])
            out = [A.EXCHANGE] + [A.EXCHANGE_ONE + c for c in hand]
            out += [A.EXCHANGE_TWO + A.PAIR_INDEX[(a, b)] for i, a in enumerate(hand) for b in hand[i + 1:]]
            return sorted(out)
        return []

    def _why_illegal(self, action: int) -> str:
        phase = self._phase
        try:
            text = A.action_to_string(action)
        except ValueError:
            return f"{action!r} is not a Trumfosaur action id"
        seat = self._turn
        expected = {
            EXCHANGE: "exchange 0-2 cards (exchange, exchange CARD, exchange CARD CARD) (T-8.1)",
            INVITE: "choose your invitation from your hand (invite CARD) (T-3.3)",
            PLAY: "play a card (play CARD) (T-4)",
            WINDOW: "reveal your invitation or pass (T-5.2)",
        }
        if text.startswith("deal") or text.startswith("draw"):
            return f"{text!r} is a chance outcome; seat {seat} must {expected[phase]}"
        verb = text.split()[0]
        wanted = {EXCHANGE: "exchange", INVITE: "invite", PLAY: "play", WINDOW: "reveal/pass"}[phase]
        if verb not in wanted.split("/"):
            return f"{text!r} is not allowed now: seat {seat} must {expected[phase]}"
        hand = self._hands[seat]
        if phase == PLAY:
            if action == A.PLAY_TRUMP:
                return f"{text!r}: seat {seat} has already played its trump this deal"
            if not hand >> action & 1:
                return f"{text!r}: seat {seat} does not hold {card_name(action)}"
            led = self._trick_cards[0] // 10
            options = ", ".join(card_name(c) for c in bit_list(self._playable_mask(seat)))
            trump = " or the trump" if self._trump[seat] else ""
            return (f"{text!r}: seat {seat} must follow {SPECIES_NAMES[led]} ({options}){trump} (T-4.2)")
        if phase == INVITE:
            return f"{text!r}: seat {seat} does not hold {text.split()[1]}"
        if phase == EXCHANGE:
            return f"{text!r}: seat {seat} can only lay out cards it holds (T-8.1)"
        return f"{text!r} is not allowed now"

    def _apply(self, action: int) -> None:
        phase = self._phase
        if phase == PLAY:
            self._play(action)
        elif phase == DEAL:
            card = action - A.DEAL
            seat = self._dealt // HAND_SIZE
            self._hands[seat] |= 1 << card
            self._undealt &= ~(1 << card)
            self._dealt += 1
            if self._dealt == HAND_SIZE * self.game.num_players:
                if self._fixed_deal() is None:
                    self._deck = []
                self._after_dealing()
        elif phase == WINDOW:
            if action == A.REVEAL:
                self._revealed[self._turn] = True
                self._leader = self._turn
                self._queue = []
                self._phase = PLAY
            else:
                self._queue.pop(0)
                if self._queue:
                    self._turn = self._queue[0]
                    return
                self._phase = PLAY
                self._turn = self._leader
        elif phase == INVITE:
            seat = self._turn
            card = action - A.INVITE
            self._hands[seat] &= ~(1 << card)
            self._invitation[seat] = card
            self._queue.pop(0)
            if self._queue:
                self._turn = self._queue[0]
            else:
                self._trump = [True] * self.game.num_players  # T-3.4
                self._phase = PLAY
                self._trick_number = 1
                self._leader = self._turn = self._first_leader
        elif phase == EXCHANGE:
            seat = self._turn
            cards = A.exchange_cards(action)
            for card in cards:
                self._hands[seat] &= ~(1 << card)
            self._exchanged[seat] = sorted(cards)
            if cards:
                self._draws_left = len(cards)
                self._phase = DRAW
            else:
                self._next_exchange()
        elif phase == DRAW:
            card = action - A.DRAW
            self._hands[self._turn] |= 1 << card
            self._undealt &= ~(1 << card)
            if self._deck and self._deck[0] == card:
                self._deck.pop(0)
            self._draws_left -= 1
            if self._draws_left == 0:
                self._phase = EXCHANGE
                self._next_exchange()
        else:  # pragma: no cover - guarded by legality
            raise IllegalActionError("no action is legal now")

    def _next_exchange(self) -> None:
        self._queue.pop(0)
        if self._queue:
            self._turn = self._queue[0]
        else:
            self._phase = INVITE
            self._queue = self._clockwise_from(self._first_leader)
            self._turn = self._queue[0]

    def _play(self, action: int) -> None:
        seat = self._turn
        n = self.game.num_players
        cards = self._trick_cards
        if action == TRUMP:
            self._trump[seat] = False
        else:
            self._hands[seat] &= ~(1 << action)
            self._played |= 1 << action
            if cards and cards[0] != TRUMP and action // 10 != cards[0] // 10:
                self._voids[seat] |= 1 << (cards[0] // 10)  # T-4.2: showed a void
        cards.append(action)
        self._trick_seats.append(seat)
        if len(cards) < n:
            self._turn = (seat + 1) % n
            return
        winner = trick_winner(self._trick_seats, cards)
        for card in cards:
            if card != TRUMP:
                self._taken[winner] |= 1 << card
        self._taken_count[winner] += n
        self._last_trick = (list(cards), winner, list(self._trick_seats))
        self._trick_cards = []
        self._trick_seats = []
        self._leader = winner
        if self._trick_number == TRICKS:
            self._end_deal()
            return
        self._trick_number += 1
        queue = [(winner + i) % n for i in range(1, n)]
        self._queue = [s for s in queue if not self._revealed[s]]
        if self._queue:
            self._phase = WINDOW
            self._turn = self._queue[0]
        else:
            self._turn = winner

    def _end_deal(self) -> None:
        n = self.game.num_players
        opts = self.game.options
        deal_scores = [invitation_score(self._invitation[s], self._taken[s]) for s in range(n)]
        self._deal_scores = deal_scores
        self._deal_invitations = list(self._invitation)  # T-10.2: scored in the open
        for s in range(n):
            self._scores[s] += deal_scores[s]
        totals = self._team_totals() if opts["teams"] else self._scores
        if max(totals) >= opts["target_score"]:
            best = max(totals)
            if opts["teams"]:
                self._winners = sorted(s for s in range(n) if totals[s % 2] == best)
            else:
                self._winners = [s for s in range(n) if totals[s] == best]
            self._phase = OVER
            self._turn = -1
            return
        self._prev_first_leader = self._first_leader
        self._first_leader = self._next_first_leader()
        self._start_deal()

    def _team_totals(self) -> list[int]:
        s = self._scores
        return [s[0] + s[2], s[1] + s[3]]

    def _next_first_leader(self) -> int:
        """T-3.5: the lowest total leads; ties go to the first tied player
        clockwise from the seat after the previous first leader (teams: the
        lowest team's players are tied)."""
        n = self.game.num_players
        if self.game.options["teams"]:
            teams = self._team_totals()
            low = min(teams)
            tied = {s for s in range(n) if teams[s % 2] == low}
        else:
            low = min(self._scores)
            tied = {s for s in range(n) if self._scores[s] == low}
        for i in range(1, n + 1):
            seat = (self._prev_first_leader + i) % n
            if seat in tied:
                return seat
        raise AssertionError("no tied seat")  # pragma: no cover

    def _period(self) -> int:
        """The deal in play (T-2.1), from 1; its number also at the end."""
        return self._deal_number

    def _returns(self) -> list[float]:
        if self.game.options["teams"]:
            teams = self._team_totals()
            return [float(teams[s % 2]) for s in range(self.game.num_players)]
        return [float(v) for v in self._scores]

    def _action_to_string(self, action: int) -> str:
        return A.action_to_string(action)

    def _string_to_action(self, text: str) -> int:
        return A.string_to_action(text)

    def _observation_token(self, seat: int, action: int) -> str:
        """What ``seat`` (-1: a spectator) sees of ``action`` (before it is applied).

        Hidden: other seats' dealt and drawn cards (``deal ?``, ``draw ?``) and
        invitations (``invite ?``, T-3.3). A reveal names the card (T-5.3).
        A play is the action string, plus `` (auto)`` when it was the player's
        only legal action (the engine played it; everyone sees they were not
        asked), plus `` | invitations C0 C1 ...`` (per seat) when it ends a
        deal: the deal is scored in the open (T-10.2). Only plays can be
        automatic: windows offer reveal/pass, invitations and exchanges choose
        among at least 9 cards.
        """
        phase = self._phase
        if phase == PLAY:
            token = A.action_to_string(action)
            if self._play_options(self._turn) == 1:
                token += " (auto)"
            if self._trick_number == TRICKS and len(self._trick_cards) == self.game.num_players - 1:
                token += " | invitations " + " ".join(card_name(c) for c in self._invitation)
            return token
        if phase == DEAL:
            return A.action_to_string(action) if self._dealt // HAND_SIZE == seat else "deal ?"
        if phase == DRAW:
            return A.action_to_string(action) if self._turn == seat else "draw ?"
        if phase == INVITE and self._turn != seat:
            return "invite ?"
        if phase == WINDOW and action == A.REVEAL:
            return f"reveal {card_name(self._invitation[self._turn])}"
        return A.action_to_string(action)

    # ----- views ---------------------------------------------------------------------
    def _view(self, seat: int | None) -> dict:
        """SCENARIOS.md keys; T-10 decides what each seat sees.

        Extras: ``phase``, ``played`` (every dinosaur played this deal, sorted),
        ``trumps`` (who still holds a trump), ``hand_sizes``,
        ``target_score``, ``first_leader``, ``to_ask`` (seats still to be asked
        in a reveal window), ``voids`` (species each seat showed it lacks).
        """
        n = self.game.num_players
        player = self._current_player()
        opts = self.game.options
        out = {
            "game": "trumfosaur",
            "players": n,
            "current_player": "chance" if player == CHANCE else (None if player == TERMINAL else player),
            "terminal": self._phase == OVER,
            "scores": list(self._scores),
            "winners": list(self._winners),
            "phase": PHASE_NAMES[self._phase],
            "deal_number": self._deal_number,
            "trick_number": self._trick_number,
            "leader": self._leader,
            "first_leader": self._first_leader,
            "trick": [card_name(c) for c in self._trick_cards],
            "trick_seats": list(self._trick_seats),
            "last_trick": None if self._last_trick is None else {
                "cards": [card_name(c) for c in self._last_trick[0]], "winner": self._last_trick[1],
                "seats": list(self._last_trick[2])},
            "taken": list(self._taken_count),
            "invitations": [card_name(self._invitation[s]) if self._revealed[s] else None for s in range(n)],
            "exchanged": [[card_name(c) for c in cards] for cards in self._exchanged],
            "deal_scores": None if self._deal_scores is None else list(self._deal_scores),
            "deal_invitations": None if self._deal_invitations is None else [
                card_name(c) for c in self._deal_invitations],
            "played": [card_name(c) for c in bit_list(self._played)],
            "trumps": list(self._trump),
            "hand_sizes": [self._hands[s].bit_count() + self._trump[s] for s in range(n)],
            "voids": [[SPECIES_NAMES[k] for k in range(5) if self._voids[s] >> k & 1] for s in range(n)],
            "target_score": opts["target_score"],
            "to_ask": list(self._queue) if self._phase == WINDOW else [],
        }
        if opts["teams"]:
            out["team_scores"] = self._team_totals()
        if seat is not None:
            out["seat"] = seat
            hand = [card_name(c) for c in bit_list(self._hands[seat])]
            if self._trump[seat]:
                hand.append(card_name(TRUMP))
            out["hand"] = hand
            inv = self._invitation[seat]
            out["invitation"] = card_name(inv) if inv >= 0 else None
            taken = [card_name(c) for c in bit_list(self._taken[seat])]
            trumps_taken = self._taken_count[seat] - self._taken[seat].bit_count()
            out["taken_cards"] = taken + [card_name(TRUMP)] * trumps_taken
        return out

    def _observation_tensor(self, seat: int) -> np.ndarray:
        from .observation import observation_tensor

        return observation_tensor(self, seat)

    def _resample(self, seat: int, rng: random.Random) -> "TrumfosaurState":
        from .resample import resample

        return resample(self, seat, rng)

    # ----- invariants (conformance) --------------------------------------------------
    def _check_invariants(self) -> None:
        n = self.game.num_players
        places = self._hands + self._taken
        seen = 0
        total = 0
        for mask in places:
            assert not seen & mask, "a card is in two places"
            seen |= mask
            total += mask.bit_count()
        in_trick = [c for c in self._trick_cards if c != TRUMP]
        for c in in_trick:
            assert not seen >> c & 1, f"{card_name(c)} is in the trick and elsewhere"
            seen |= 1 << c
        for s in range(n):
            for c in self._exchanged[s]:
                assert not seen >> c & 1, f"discard {card_name(c)} is elsewhere"
                seen |= 1 << c
            if self._invitation[s] >= 0:
                c = self._invitation[s]
                assert not seen >> c & 1, f"invitation {card_name(c)} is elsewhere"
                seen |= 1 << c
        assert not seen & self._undealt, "a dealt card is still undealt"
        assert (seen | self._undealt) == ALL_CARDS_MASK, "a card went missing"
        if self._phase in (PLAY, WINDOW):
            sizes = {self._hands[s].bit_count() + self._trump[s] + (s in self._trick_seats) for s in range(n)}
            assert len(sizes) == 1, f"hand sizes differ: {sizes}"
            assert self._played == sum(1 << c for s in range(n) for c in bit_list(self._taken[s])) | sum(
                1 << c for c in in_trick), "played cards and taken cards disagree"
        for s in range(n):
            assert not self._hands[s] & sum(SPECIES_MASK[k] for k in range(5) if self._voids[s] >> k & 1), (
                f"seat {s} holds a species it showed void in")
        assert NUM_CARDS == 50
