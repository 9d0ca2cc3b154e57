"""The Trumfosaur state machine (rules/trumfosaur.md).

Phases of a deal (T-3.6; :class:`~herna.games.trumfosaur.constants.Phase`):
chance deals 10 cards to each seat in seat order (``deal SAX6``; a fixed
deal is a chance node with one outcome and applies itself) → master
exchange, clockwise from the first leader, each followed by chance draws
(T-8.1) → invitations, clockwise from the first leader (T-3.3) → each takes
a trump (T-3.4) → 10 tricks (T-4), each of tricks 1-9 followed by a reveal
window (T-5.2). Then the deal is scored (T-6) and the next deal starts at
once, unless a player or team reached the target (T-2.1). A deal is scored
in the open: its invitations are public from then on (T-10.2).

:meth:`TrumfosaurState._apply` dispatches by phase to one method per rule.
Hands are bitmasks of dinosaur ids; the trump in hand is a flag per seat.
"""

from __future__ import annotations

import random
from typing import Any


from herna.core import CHANCE, TERMINAL, IllegalActionError, PythonState
from herna.core.bits import bit_list, random_bit
from herna.core.catalog import N_
from herna.core.errors import InvariantError

from . import actions as A
from .cards import ALL_CARDS_MASK, NUM_CARDS, SPECIES_MASK, TRUMP, card_name, invitation_score
from .constants import HAND_SIZE, TRICKS, Phase
from .events import breakdown
from .reading import TrumfosaurReading
from .tricks import Trick, trick_winner


class TrumfosaurState(TrumfosaurReading, PythonState):
    """A Trumfosaur game in progress. See the module docstring.

    Slots (the game package's own; tools read :meth:`view` and the public
    :class:`~herna.core.State` API): ``_phase``; ``_deal_number`` (from 1);
    ``_scores`` (game totals per seat); ``_deal_scores`` and
    ``_deal_invitations`` (the last finished deal, or ``None``);
    ``_first_leader`` / ``_prev_first_leader`` (T-3.5); per seat ``_hands``
    (bitmask), ``_trump`` (still held), ``_invitation`` (card id or -1),
    ``_revealed``, ``_exchanged`` (cards laid out, T-8.1), ``_taken``
    (bitmask of dinosaurs taken), ``_taken_count`` (cards taken, trumps
    included), ``_voids`` (species bitmask shown void, T-4.2); ``_undealt``
    (bitmask), ``_deck`` (a fixed deal's deck order), ``_dealt`` (cards
    dealt this deal), ``_draws_left`` and ``_drawn`` (the master exchange
    in progress, T-8.1); ``_turn`` (the seat to act);
    ``_trick_seats`` / ``_trick_cards`` (the trick in play), ``_leader``,
    ``_trick_number``, ``_last_trick`` (a :class:`Trick` or ``None``),
    ``_played`` (bitmask of dinosaurs played this deal); ``_winners``.
    """

    __slots__ = (
        "_phase", "_deal_number", "_scores", "_deal_scores", "_deal_invitations", "_first_leader",
        "_prev_first_leader",
        "_hands", "_trump", "_invitation", "_revealed", "_deck", "_undealt", "_dealt",
        "_exchanged", "_draws_left", "_drawn", "_turn", "_trick_seats", "_trick_cards",
        "_leader", "_trick_number", "_last_trick", "_taken", "_taken_count", "_voids",
        "_played", "_winners",
    )

    def __init__(self, game, deals=()) -> None:
        super().__init__(game, deals)
        n = game.num_players
        self._scores = [0] * n
        self._deal_scores: list[int] | None = None
        self._deal_invitations: list[int] | None = None  # T-10.2: last finished deal's cards
        self._deal_number = 0
        self._first_leader: int = game.options["first_player"]
        self._prev_first_leader = -1
        self._winners: list[int] = []
        self._start_deal()

    # ----- deal set-up ---------------------------------------------------------------
    def _start_deal(self) -> None:
        """T-3.1: a new deal; the cards are dealt by the chance nodes that follow."""
        n = self.game.num_players
        self._deal_number += 1
        self._phase = Phase.DEAL
        self._hands = [0] * n
        self._trump = [False] * n
        self._invitation = [-1] * n
        self._revealed = [False] * n
        self._undealt = ALL_CARDS_MASK
        self._dealt = 0
        fixed = self._fixed_deal()
        self._deck: list[int] = list(fixed[1]) if fixed else []
        self._exchanged: list[list[int]] = [[] for _ in range(n)]
        self._draws_left = 0
        self._drawn: list[int] = []
        self._turn = -1
        self._trick_seats: list[int] = []
        self._trick_cards: list[int] = []
        self._leader = self._first_leader
        self._trick_number = 0
        self._last_trick: Trick | None = None
        self._taken = [0] * n
        self._taken_count = [0] * n
        self._voids = [0] * n
        self._played = 0

    def _fixed_deal(self):
        index = self._deal_number - 1
        return self._deals[index] if index < len(self._deals) else None

    # ----- hooks ---------------------------------------------------------------------
    def _current_player(self) -> int:
        phase = self._phase
        if phase == Phase.OVER:
            return TERMINAL
        if phase == Phase.DEAL or phase == Phase.DRAW:
            return CHANCE
        return self._turn

    def _chance_base(self) -> int:
        return A.DEAL_BASE if self._phase == Phase.DEAL else A.DRAW_BASE

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        forced = self._forced_chance()
        if forced is not None:
            return [(forced, 1.0)]
        base = self._chance_base()
        cards = bit_list(self._undealt)
        p = 1.0 / len(cards)
        return [(base + c, p) for c in cards]

    def _sample_chance(self, rng: random.Random) -> int:
        forced = self._forced_chance()
        if forced is not None:
            return forced
        return self._chance_base() + random_bit(self._undealt, rng)

    def _is_legal(self, action: int, player: int) -> bool:
        if player == CHANCE:
            forced = self._forced_chance()
            if forced is not None:
                return action == forced
            card = action - self._chance_base()
            return 0 <= card < NUM_CARDS and bool(self._undealt >> card & 1)
        return action in self._cached_legal()

    def _forced_chance(self) -> int | None:
        fixed = self._fixed_deal()
        if fixed is None:
            return None
        if self._phase == Phase.DEAL:
            k = self._dealt
            return A.DEAL_BASE + fixed[0][k // HAND_SIZE][k % HAND_SIZE]
        return A.DRAW_BASE + self._deck[0]

    def _playable_mask(self, seat: int) -> int:
        """T-4.2-T-4.4: the dinosaurs ``seat`` may play to the trick in play."""
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
        if phase == Phase.PLAY:
            out = bit_list(self._playable_mask(seat))
            if self._trump[seat]:
                out.append(A.PLAY_TRUMP)
            return out
        if phase == Phase.WINDOW:
            return [A.REVEAL, A.PASS]
        if phase == Phase.INVITE:
            return [A.INVITE_BASE + c for c in bit_list(self._hands[seat])]
        if phase == Phase.EXCHANGE:
            hand = bit_list(self._hands[seat])
            out = [A.EXCHANGE_NONE] + [A.EXCHANGE_ONE_BASE + c for c in hand]
            out += [A.EXCHANGE_TWO_BASE + A.PAIR_INDEX[(a, b)] for i, a in enumerate(hand) for b in hand[i + 1:]]
            return sorted(out)
        return []

    def _apply(self, action: int) -> None:
        phase = self._phase
        if phase == Phase.PLAY:
            self._play(action - A.PLAY_BASE)
        elif phase == Phase.DEAL:
            self._deal_card(action - A.DEAL_BASE)
        elif phase == Phase.WINDOW:
            if action == A.REVEAL:
                self._reveal()
            else:
                self._pass()
        elif phase == Phase.INVITE:
            self._invite(action - A.INVITE_BASE)
        elif phase == Phase.EXCHANGE:
            self._exchange(A.exchange_cards(action))
        elif phase == Phase.DRAW:
            self._draw(action - A.DRAW_BASE)
        else:  # pragma: no cover - the core refuses actions at the end
            raise IllegalActionError(N_("the game is over; no action is legal"))

    # ----- one method per rule ---------------------------------------------------------
    def _deal_card(self, card: int) -> None:
        """T-3.1: deal ``card`` to the next seat (10 each, seat by seat); the
        rest is the deck. Then the master exchange (T-8.1) or the
        invitations (T-3.3), clockwise from the first leader (T-3.6)."""
        seat = self._dealt // HAND_SIZE
        if self._dealt == 0:
            self._emit("deal_started", deal=self._deal_number, first_leader=self._first_leader)
        self._emit("card_dealt", seen_by=(seat,), seat=seat, card=card_name(card))
        self._hands[seat] |= 1 << card
        self._undealt &= ~(1 << card)
        self._dealt += 1
        if self._dealt == HAND_SIZE * self.game.num_players:
            if self._fixed_deal() is None:
                self._deck = []
            self._phase = Phase.EXCHANGE if self.game.options["master"] else Phase.INVITE
            self._turn = self._first_leader

    def _exchange(self, cards: tuple[int, ...]) -> None:
        """T-8.1: the seat lays out 0-2 cards face up and draws as many from
        the deck (the chance draws that follow)."""
        seat = self._turn
        for card in cards:
            self._hands[seat] &= ~(1 << card)
        self._exchanged[seat] = sorted(cards)
        self._drawn = []
        self._emit("cards_laid_out", seat=seat, cards=[card_name(c) for c in self._exchanged[seat]])
        if cards:
            self._draws_left = len(cards)
            self._phase = Phase.DRAW
        else:
            self._next_exchange()

    def _draw(self, card: int) -> None:
        """T-8.1: the exchanging seat draws ``card`` from the deck; after
        its last draw, everyone learns how many it drew, only it which."""
        seat = self._turn
        self._hands[seat] |= 1 << card
        self._undealt &= ~(1 << card)
        if self._deck and self._deck[0] == card:
            self._deck.pop(0)
        self._drawn.append(card)
        self._draws_left -= 1
        if self._draws_left == 0:
            self._emit("cards_drawn", seen_by=(seat,), secret=("cards",), seat=seat, count=len(self._drawn),
                       cards=[card_name(c) for c in self._drawn])
            self._phase = Phase.EXCHANGE
            self._next_exchange()

    def _next_exchange(self) -> None:
        """T-3.6: the next seat clockwise exchanges; after the last, the
        invitations start with the first leader."""
        nxt = (self._turn + 1) % self.game.num_players
        if nxt == self._first_leader:
            self._phase = Phase.INVITE
        self._turn = nxt

    def _invite(self, card: int) -> None:
        """T-3.3: the seat lays ``card`` face down as its invitation; after
        the last seat each takes a trump (T-3.4) and the first leader leads
        trick 1 (T-3.5)."""
        seat = self._turn
        self._hands[seat] &= ~(1 << card)
        self._invitation[seat] = card
        self._emit("invitation_chosen", seen_by=(seat,), secret=("card",), seat=seat, card=card_name(card))
        nxt = (seat + 1) % self.game.num_players
        if nxt == self._first_leader:
            self._trump = [True] * self.game.num_players  # T-3.4
            self._phase = Phase.PLAY
            self._trick_number = 1
            self._leader = self._first_leader
            self._emit("trumps_taken", leader=self._first_leader)
        self._turn = nxt

    def _play(self, card: int) -> None:
        """T-4.1-T-4.4: the seat plays ``card`` (:data:`TRUMP`: its trump);
        not following the led species shows a void (T-4.2). The last card
        of a trick ends it (:meth:`_take_trick`)."""
        seat = self._turn
        n = self.game.num_players
        cards = self._trick_cards
        if card == TRUMP:
            self._trump[seat] = False
        else:
            self._hands[seat] &= ~(1 << card)
            self._played |= 1 << card
            if cards and cards[0] != TRUMP and card // 10 != cards[0] // 10:
                self._voids[seat] |= 1 << (cards[0] // 10)  # T-4.2: showed a void
        cards.append(card)
        self._trick_seats.append(seat)
        self._emit("card_played", seat=seat, card=card_name(card))
        if len(cards) < n:
            self._turn = (seat + 1) % n
            return
        self._take_trick()

    def _take_trick(self) -> None:
        """T-4.5-T-4.7: the winner takes the trick and leads the next one;
        after tricks 1-9 the reveal window opens (T-5.2), after the 10th the
        deal is scored (T-6)."""
        n = self.game.num_players
        cards = self._trick_cards
        winner = trick_winner(self._trick_seats, cards)
        for card in cards:
            if card != TRUMP:
                self._taken[winner] |= 1 << card
        self._taken_count[winner] += n
        self._last_trick = Trick(tuple(self._trick_seats), tuple(cards), winner)
        if self._recording():
            self._emit("trick_won", seat=winner, trick=self._trick_number, cards=[card_name(c) for c in cards],
                       plays=[[s, card_name(c)] for s, c in zip(self._trick_seats, cards)])
        self._trick_cards = []
        self._trick_seats = []
        self._leader = winner
        if self._trick_number == TRICKS:
            self._score_deal()
            return
        self._trick_number += 1
        asked = self._next_to_ask(winner)
        if asked >= 0:
            self._phase = Phase.WINDOW
            self._turn = asked
        else:
            self._turn = winner

    def _reveal(self) -> None:
        """T-5.1 / T-5.3: the seat reveals its invitation (public for the
        rest of the deal), leads the next trick and closes the window."""
        seat = self._turn
        self._revealed[seat] = True
        self._leader = seat
        self._phase = Phase.PLAY
        self._emit("invitation_revealed", seat=seat, card=card_name(self._invitation[seat]))

    def _pass(self) -> None:
        """T-5.2: the seat passes; the window asks the next seat, or closes
        and the trick's winner leads."""
        self._emit("reveal_passed", seat=self._turn)
        asked = self._next_to_ask(self._turn)
        if asked >= 0:
            self._turn = asked
            return
        self._phase = Phase.PLAY
        self._turn = self._leader
        self._emit("window_closed", leader=self._leader, trick=self._trick_number)

    def _score_deal(self) -> None:
        """T-6.1: each seat scores its invitation against its taken cards;
        the invitations become public (T-10.2). T-2.1 / T-7.1: the game
        ends when a seat (a team) reaches the target, else the next deal
        starts with the leader of T-3.5."""
        n = self.game.num_players
        opts = self.game.options
        deal_scores = [invitation_score(self._invitation[s], self._taken[s]) for s in range(n)]
        self._deal_scores = deal_scores
        self._deal_invitations = list(self._invitation)  # T-10.2: scored in the open
        for s in range(n):
            self._scores[s] += deal_scores[s]
        fields: dict[str, Any] = {
            "deal": self._deal_number, "scores": list(deal_scores),
            "invitations": [card_name(c) for c in self._invitation],
            "breakdown": [breakdown(self._invitation[s], self._taken[s]) for s in range(n)],
            "totals": list(self._scores)}
        if opts["teams"]:
            fields["team_totals"] = self._team_totals()
        self._emit("deal_scored", **fields)
        totals = self._team_totals() if opts["teams"] else self._scores
        if max(totals) >= opts["target_score"]:
            best = max(totals)
            if opts["teams"]:
                self._winners = sorted(s for s in range(n) if totals[s % 2] == best)
            else:
                self._winners = [s for s in range(n) if totals[s] == best]
            self._phase = Phase.OVER
            self._turn = -1
            over: dict[str, Any] = {"winners": list(self._winners), "scores": list(self._scores)}
            if opts["teams"]:
                over["team_scores"] = self._team_totals()
            self._emit("game_over", **over)
            return
        self._prev_first_leader = self._first_leader
        self._first_leader = self._next_first_leader()
        self._start_deal()

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
        raise InvariantError("no seat has the lowest total")  # pragma: no cover

    # ----- reading ---------------------------------------------------------------------
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
        if phase == Phase.PLAY:
            token = A.action_to_string(action)
            if self._play_options(self._turn) == 1:
                token += " (auto)"
            if self._trick_number == TRICKS and len(self._trick_cards) == self.game.num_players - 1:
                token += " | invitations " + " ".join(card_name(c) for c in self._invitation)
            return token
        if phase == Phase.DEAL:
            return A.action_to_string(action) if self._dealt // HAND_SIZE == seat else "deal ?"
        if phase == Phase.DRAW:
            return A.action_to_string(action) if self._turn == seat else "draw ?"
        if phase == Phase.INVITE and self._turn != seat:
            return "invite ?"
        if phase == Phase.WINDOW and action == A.REVEAL:
            return f"reveal {card_name(self._invitation[self._turn])}"
        return A.action_to_string(action)

