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
"""

from __future__ import annotations

from herna.games.trumfosaur.cards import TRUMP, card_name, parse_card

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
        pays = sum(self._pays(c, invitation) for c in trick)
        trump_in = TRUMP in trick
        last = len(trick) == n - 1
        led = trick[0]
        following = led != TRUMP and any(_species(c) == _species(led) for c in dinos)
        if not trump_in and following:
            best = max(c for c in trick if c != TRUMP and _species(c) == _species(led))
            winners = [c for c in dinos if _species(c) == _species(led) and c > best]
            sure = [c for c in winners if last or self._boss(c, played | set(trick), hand)]
            mine = [c for c in winners if self._pays(c, invitation)]
            if sure and (pays + max(self._pays(c, invitation) for c in sure) > 0):
                return min(sure)
            if has_trump and pays >= 2:
                return TRUMP
            if mine and last:
                return min(mine)
            return self._dump(dinos or legal, invitation)
        if not trump_in and has_trump and pays >= 2:
            return TRUMP
        return self._dump(dinos or legal, invitation)

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

