"""A rule-based Kurník player (rules/kurnik.md) that reads only its view.

- Turn (K-3.1): exchanges 3 chicks for a hen when the coop is getting full
  (at most 3 free places) or it holds 5+ chicks, 3 eggs for a chick when at most
  2 places are free, and otherwise rolls. In a quarantine turn (K-11.3) any
  exchange beats passing. A rooster (K-9.2) costs 5 hens, so it is bought
  only when that is cheap compared with the danger (:func:`wants_rooster`):
  never at 7 or more hens (a near-win), only when thefts are real (the
  supply is almost out of hens, so every rolled 6 of a rival steals) and when
  the trade does not leave it far behind the best rival. With the default
  36 hens that never happens (no trigger tried helped there); with scarce
  hens against thieving opponents it pays off.
- Gifts (K-4.2) go to a full coop if there is one (the card then just returns
  to the supply), else to the player with the fewest hens.
- 6-6 (K-4.5): scores take / rob all / rob one by expected hens gained and
  hens taken from the leader (D = |a - b| of two dice).
- Thief rule (K-5.2): steals from the leader, avoiding live roosters.
"""

from __future__ import annotations

from herna.bots.base import Bot, Observation

# P(D = d) for D = |a - b| of two dice, d = 0..5
D_PROBS = tuple(sum(1 for a in range(1, 7) for b in range(1, 7) if abs(a - b) == d) / 36 for d in range(6))


def expected_min(cap: int) -> float:
    """E[min(D, cap)] for the 6-6 re-roll difference D."""
    return sum(p * min(d, cap) for d, p in enumerate(D_PROBS))


ROOSTER_MAX_HENS = 6
"""Never trade hens for a rooster above this many hens (K-9.2): from 7 hens
the coop is two or three good rolls from 9 (K-1.4); a rooster would throw
five of them away. (Trading at 8 hens made the bot no better than random.)"""
ROOSTER_SUPPLY = 3
"""A rooster is worth its price only when the thief rule (K-5.2) is about to
bite: the supply holds at most this many hens."""
ROOSTER_BEHIND = 5
"""... and the trade leaves it at most this many hens behind the best rival."""


def wants_rooster(view: dict, me: int) -> bool:
    """Whether trading 5 hens for a rooster (K-6.2, K-9.2) is sensible now."""
    coops = view["coops"]
    hens = coops[me]["hens"]
    if hens > ROOSTER_MAX_HENS or view["supply"]["hens"] > ROOSTER_SUPPLY:
        return False
    best_rival = max(coops[k]["hens"] for k in range(view["players"]) if k != me)
    return best_rival - (hens - 5) <= ROOSTER_BEHIND


def strength(coop: dict) -> float:
    """Rough progress of a coop, in hens."""
    return coop["hens"] + 0.3 * coop["chicks"] + 0.1 * coop["eggs"]


class GreedyBot(Bot):
    """Sensible one-step Kurník heuristics: roll or exchange, rob the leader,
    give to the last."""

    name = "greedy"

    def choose(self, observation: Observation) -> int:
        view = observation.view
        strings = observation.action_strings
        phase = view["phase"]
        if phase == "turn":
            text = self._turn(view, observation.seat, strings)
        elif phase == "give":
            text = self._gift(view, observation.seat, strings)
        elif phase == "announce":
            text = self._announce(view, observation.seat, strings)
        elif phase == "steal":
            text = self._steal(view, strings)
        else:
            text = strings[0]
        return observation.action_of(text)

    def _turn(self, view: dict, me: int, strings: list[str]) -> str:
        coop = view["coops"][me]
        free = coop["free"]
        if "exchange hens" in strings and wants_rooster(view, me):
            return "exchange hens"
        if "pass" in strings:  # quarantine turn: an exchange costs nothing
            for text in ("exchange chicks", "exchange eggs"):
                if text in strings:
                    return text
            return "pass"
        if "exchange chicks" in strings and (free <= 3 or coop["chicks"] >= 5):
            return "exchange chicks"
        if "exchange eggs" in strings and free <= 2:
            return "exchange eggs"
        return "roll"

    def _gift(self, view: dict, me: int, strings: list[str]) -> str:
        coops = view["coops"]

        def key(text: str):
            k = int(text.split()[1])
            return (coops[k]["free"] > 0, strength(coops[k]), k)

        return min(strings, key=key)

    def _announce(self, view: dict, me: int, strings: list[str]) -> str:
        coops = view["coops"]
        free = coops[me]["free"]
        others = [k for k in range(view["players"]) if k != me]
        leader_strength = max(strength(coops[k]) for k in others)

        def harm(k: int) -> float:
            if coops[k]["rooster"] or not coops[k]["hens"]:
                return 0.0
            weight = 0.6 if strength(coops[k]) >= leader_strength else 0.25
            return weight * expected_min(coops[k]["hens"])

        def score(text: str) -> float:
            if text == "take":
                return expected_min(free)
            if text == "rob all":
                return sum(harm(k) for k in others)
            k = int(text.split()[1])
            if coops[k]["rooster"]:
                return 0.0
            return expected_min(min(free, coops[k]["hens"])) + harm(k)

        return max(strings, key=score)

    def _steal(self, view: dict, strings: list[str]) -> str:
        coops = view["coops"]

        def key(text: str):
            k = int(text.split()[1])
            return (not coops[k]["rooster"], strength(coops[k]), -k)

        return max(strings, key=key)
