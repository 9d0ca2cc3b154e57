"""A rule-based Trumfosaur player (reads only its seat's view).

* Exchange (T-8.1): lays out up to two low cards of its weakest species.
* Invitation (T-3.3): the card whose species and value the rest of the hand
  can best win: many cards of that species, high ones, and other cards of the
  same value; it gives up a low card of that species rather than a high one.
* Play: a trick "pays" by the cards in it of the invitation's species (+1) or
  value (+2). It wins a paying trick as cheaply as it can, with a dinosaur when
  it surely wins and with the trump when the trick pays 2 or more and no trump
  is in it yet; otherwise it dumps its least useful card. It leads a card that
  cannot be beaten in its species ("boss") when it has one, else a low card of
  a species it does not score.
* Reveal window (T-5.2): reveals when it holds a boss card of its scoring
  species and the lead is worth having.
* Teams (T-7.1), seen from its view (``team_scores``, T-7.2): the partner
  sits opposite; a trick the partner wins is as good as its own for the
  team, one an opponent wins is what to stop.

  - A trick its partner surely wins (T-4.5: it plays last; or the partner
    played the trick's first trump; or nobody after it still holds a trump,
    T-10.1, and none of them can beat the partner's card: it is the best
    unseen card of the led species, or each of them has shown it cannot
    follow, T-4.2) is left to the partner:
    no trump over it, no higher card of the led species (while it has
    another card to play); it gives the card that pays the partner's
    revealed invitation (T-5.3) more than its own, else its least useful one.
  - A trick an opponent wins so far takes its trump when the trick pays it
    at all (alone: 2 or more) and no dinosaur of its surely wins it.
    Measured (``examples/team_greedy_strength.py -n 2000``: 4 players, whole
    games to 36, 2,000 game seeds each played in both seatings): the
    team-aware pair won 0.619 (95% CI 0.604 - 0.634) of 4,000 games against
    a pair playing as alone, +2.77 team points a game (2.58 - 2.96); with
    the first rule only it was 0.501 (0.489 - 0.514) of 6,000, +0.08 points
    (-0.01 - +0.17): nearly all of the gain is the second rule.

  Without teams it plays as above, choice for choice.
"""

from __future__ import annotations

from herna.games.trumfosaur.cards import SPECIES_NAMES, TRUMP, card_name, parse_card
from herna.games.trumfosaur.tricks import trick_winner

from .base import Bot, Observation


def _species(card: int) -> int:
    return card // 10


def _value(card: int) -> int:
    return card % 10 + 1


class GreedyBot(Bot):
    """See the module docstring."""

    name = "greedy"

    def choose(self, observation: Observation) -> int:
        view = observation.view
        strings = observation.action_strings
        if len(strings) == 1:
            return observation.legal_actions[0]
        phase = view["phase"]
        hand = [parse_card(c) for c in view["hand"] if c != "TRUMF"]
        if phase == "exchange":
            return observation.action_of(self._exchange(hand))
        if phase == "invite":
            return observation.action_of(f"invite {card_name(self._invitation(hand))}")
        if phase == "reveal":
            return observation.action_of("reveal" if self._wants_reveal(view, hand) else "pass")
        return observation.action_of(f"play {card_name(self._play(view, hand, strings))}")

    # ----- decisions -------------------------------------------------------------
    def _exchange(self, hand: list[int]) -> str:
        strength = [sum(_value(c) for c in hand if _species(c) == s) for s in range(5)]
        best = max(range(5), key=lambda s: strength[s])
        candidates = sorted((c for c in hand if _species(c) != best and _value(c) <= 4), key=_value)[:2]
        return " ".join(["exchange", *(card_name(c) for c in sorted(candidates))])

    def _invitation(self, hand: list[int]) -> int:
        def merit(card: int) -> float:
            s, v = _species(card), _value(card)
            rest = [c for c in hand if c != card]
            same = [c for c in rest if _species(c) == s]
            high = sum(1 for c in same if _value(c) >= 7)
            pairs = sum(1 for c in rest if _value(c) == v)
            return 1.0 * len(same) + 0.8 * high + 1.2 * pairs - 0.08 * v
        return max(hand, key=merit)

    def _pays(self, card: int, invitation: int) -> int:
        if card == TRUMP or invitation < 0:
            return 0
        return (1 if _species(card) == _species(invitation) else 0) + (2 if _value(card) == _value(invitation) else 0)

    def _boss(self, card: int, played: set[int], hand: list[int]) -> bool:
        """True if no unseen card of its species is higher."""
        s = _species(card)
        return all(c in played or c in hand for c in range(card + 1, (s + 1) * 10))

    def _wants_reveal(self, view: dict, hand: list[int]) -> bool:
        invitation = parse_card(view["invitation"])
        played = {parse_card(c) for c in view["played"]}
        bosses = [c for c in hand if _species(c) == _species(invitation) and self._boss(c, played, hand)]
        return bool(bosses) and view["trick_number"] >= 3

    def _play(self, view: dict, hand: list[int], strings: list[str]) -> int:
        legal = [parse_card(s.split()[1]) for s in strings]
        invitation = parse_card(view["invitation"])
        played = {parse_card(c) for c in view["played"]}
        trick = [parse_card(c) for c in view["trick"]]
        dinos = [c for c in legal if c != TRUMP]
        has_trump = TRUMP in legal
        n = view["players"]
        if not trick:
            return self._lead(dinos, has_trump, invitation, played, hand)
        teams = "team_scores" in view
        if teams and dinos:
            gift = self._partner_trick(view, dinos, invitation, played, trick, hand)
            if gift is not None:
                return gift
        pays = sum(self._pays(c, invitation) for c in trick)
        trump_in = TRUMP in trick
        last = len(trick) == n - 1
        led = trick[0]
        following = led != TRUMP and any(_species(c) == _species(led) for c in dinos)
        # the trump takes a trick that pays 2 or more; with teams one an opponent wins that pays at all (T-7.1)
        need = 1 if teams and not trump_in and self._winner(view, trick) != self._partner(view) else 2
        if not trump_in and following:
            best = max(c for c in trick if c != TRUMP and _species(c) == _species(led))
            winners = [c for c in dinos if _species(c) == _species(led) and c > best]
            sure = [c for c in winners if last or self._boss(c, played | set(trick), hand)]
            mine = [c for c in winners if self._pays(c, invitation)]
            if sure and (pays + max(self._pays(c, invitation) for c in sure) > 0):
                return min(sure)
            if has_trump and pays >= need:
                return TRUMP
            if mine and last:
                return min(mine)
            return self._dump(dinos or legal, invitation)
        if not trump_in and has_trump and pays >= need:
            return TRUMP
        return self._dump(dinos or legal, invitation)

    def _partner(self, view: dict) -> int:
        """The partner's seat with teams: the seat opposite (T-7.1)."""
        n = view["players"]
        return (self.seat + n // 2) % n

    @staticmethod
    def _winner(view: dict, trick: list[int]) -> int:
        """The seat whose card wins the trick so far (T-4.5, the engine's
        :func:`~herna.games.trumfosaur.tricks.trick_winner`)."""
        return trick_winner(view["trick_seats"], trick)

    def _partner_trick(self, view: dict, dinos: list[int], invitation: int, played: set[int], trick: list[int],
                       hand: list[int]) -> int | None:
        """With teams (T-7.1): the card to give a trick the partner (the seat
        opposite) surely wins (module docstring), or ``None`` when the
        partner does not surely win it. It keeps to the cards that do not
        overtake the partner (if it has any): the one whose pay to the
        partner's revealed invitation (T-5.3) most exceeds its pay to ours,
        then as :meth:`_dump`."""
        n = view["players"]
        seats = view["trick_seats"]
        if self._winner(view, trick) != self._partner(view):
            return None
        later = [s for s in range(n) if s != self.seat and s not in seats]
        if TRUMP in trick:  # the partner played the first trump: it wins (T-4.5)
            keep = list(dinos)
        else:
            led = _species(trick[0])
            best = max(c for c in trick if _species(c) == led)
            if later:
                if any(view["trumps"][s] for s in later):
                    return None
                if not (self._boss(best, played | set(trick), hand)
                        or all(SPECIES_NAMES[led] in view["voids"][s] for s in later)):
                    return None
            keep = [c for c in dinos if not (_species(c) == led and c > best)] or list(dinos)
        shown = view["invitations"][self._partner(view)]
        theirs = parse_card(shown) if shown else -1

        def gain(card: int) -> int:
            return max(0, self._pays(card, theirs) - self._pays(card, invitation))

        return min(keep, key=lambda c: (-gain(c), self._pays(c, invitation) > 0, _value(c)))

    def _lead(self, dinos, has_trump, invitation, played, hand) -> int:
        bosses = [c for c in dinos if self._boss(c, played, hand)]
        scoring = [c for c in bosses if self._pays(c, invitation)]
        if scoring:
            return max(scoring)
        if bosses:
            return max(bosses)
        if dinos:
            return self._dump(dinos, invitation)
        return TRUMP

    def _dump(self, cards: list[int], invitation: int) -> int:
        """The least useful card: one that does not score for us, lowest first."""
        return min(cards, key=lambda c: (self._pays(c, invitation) > 0, c == TRUMP, _value(c) if c != TRUMP else 99))

