"""The Kurník state machine (rules/kurnik.md), all ints and small lists.

A turn runs through these phases (``phase`` slot; chance phases marked *):

``START``\\*  one die per player to find who starts (K-2.1), only without
             ``first_player``; ties re-roll among the tied.
``TURN``     the player's choice (K-3.1): ``roll`` or an exchange (K-6); in a
             quarantine turn (K-4.4, K-11.3) the exchanges or ``pass``. With a
             single choice (just ``roll``) the core applies it by itself.
``DICE``\\*   two dice (K-4); pays at once (K-4.1, K-5.4, K-7) or leads to
``GIVE``     the gift of a double 1, 2 or 3 (K-4.2): ``give k``;
``FLU``\\*    the bird-flu die after 5-5 (K-4.4);
``ANNOUNCE`` the 6-6 choice (K-4.5, K-4.7): ``take``, ``rob all``, ``rob k``;
``REROLL``\\* the 6-6 re-roll, D = high - low (K-4.5);
``STEAL``    a hen due while the supply has none (thief rule, K-5.2):
             ``steal k``, one decision per hen.
``OVER``     9 hens (K-1.4) or the ``turn_limit`` guard (see ``game.py``).

Counts of the three card kinds are kept per seat (``eggs``, ``chicks``,
``hens``); a coop's cards never exceed 9 (K-1.2). Every card is in a coop, the
supply, or (hens of K-9.3 and dead roosters of K-9.2) the box.
"""

from __future__ import annotations

import random

from herna.core import CHANCE, TERMINAL, IllegalActionError, PythonState
from herna.core.state import draw_outcome

from . import actions as A
from .constants import (
    ANNOUNCE, CHANCE_PHASES, CHICK, DICE, EGG, FLU, GIFT_OF_DOUBLE, GIVE, HEN, KIND_OF_FACE, NO_ROOSTER, OVER,
    KIND_NAMES, PLACES, REROLL, ROOSTER_ALIVE, ROOSTER_DEAD, ROOSTER_LIVES, START, STEAL, TAKE_NONE, TURN,
)
from .reading import KurnikReading

_COOP_PHASES = (TURN, DICE, GIVE, FLU, REROLL, STEAL)
"""Phases whose action may change a coop (a ``coop`` event follows)."""


class KurnikState(KurnikReading, PythonState):
    """A Kurník game in progress (see the module docstring for the phases).

    Public reading goes through :meth:`view`; the slots are for the bots'
    and tests' speed and may change. What only reads a state (views,
    refusals, invariants, strings, ...) is in
    :class:`~herna.games.kurnik.reading.KurnikReading`, shared with the
    compiled engine; this class holds the rules that change one.
    """

    __slots__ = (
        "_eggs", "_chicks", "_hens", "_rooster", "_blocks",
        "_sup_eggs", "_sup_chicks", "_sup_hens", "_sup_roosters", "_box_hens", "_box_roosters",
        "_phase", "_player", "_turn", "_quarantine", "_lost_turn",
        "_roll", "_roller", "_gift", "_choice", "_steal_left", "_steal_develop", "_rest",
        "_start_seats", "_start_rolls", "_first", "_winners",
    )

    def __init__(self, game, deals: tuple = ()) -> None:
        super().__init__(game, deals)
        options = game.options
        n = game.num_players
        self._eggs = [0] * n
        self._chicks = [0] * n
        self._hens = [0] * n
        self._rooster = [NO_ROOSTER] * n
        self._blocks = [0] * n
        self._sup_eggs = options["supply_eggs"]
        self._sup_chicks = options["supply_chicks"]
        self._sup_hens = game.start_hens()
        self._box_hens = options["supply_hens"] - self._sup_hens
        # K-1.3: without K-9.2 the roosters stay in the box and the supply shows 0
        self._sup_roosters = options["supply_roosters"] if options["dead_rooster"] else 0
        self._box_roosters = options["supply_roosters"] - self._sup_roosters
        self._quarantine = 0  # bitmask of seats that lose their next roll (K-4.4)
        self._lost_turn = False  # the current turn is a quarantine turn (K-11.3)
        self._roll: tuple[int, ...] = ()  # dice of the latest roll, re-rolls appended
        self._roller = -1
        self._gift = EGG
        self._choice = TAKE_NONE
        self._steal_left = 0
        self._steal_develop = False
        self._rest = -1  # kind of the die still to pay after a theft (K-5.4)
        self._winners: list[int] = []
        self._start_rolls = [0] * n
        self._turn = 0
        first = options["first_player"]
        if first is None:  # K-2.1: start rolls
            self._phase = START
            self._start_seats = (1 << n) - 1
            self._player = 0
            self._first = -1
        else:
            self._start_seats = 0
            self._first = first
            self._begin_turn(first)

    # ----- core hooks -----------------------------------------------------------------
    def _current_player(self) -> int:
        phase = self._phase
        if phase == OVER:
            return TERMINAL
        if phase in CHANCE_PHASES:
            return CHANCE
        return self._player

    def _forced_chance(self) -> int | None:
        return None  # dice always have several outcomes

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return list(self._outcome_table())

    def _outcome_table(self) -> tuple[tuple[int, float], ...]:
        """The chance outcomes of this chance node: two dice or one die (a
        constant table, not copied)."""
        return A.DICE_OUTCOMES if self._phase in (DICE, REROLL) else A.DIE_OUTCOMES

    def _sample_chance(self, rng: random.Random) -> int:
        return draw_outcome(self._outcome_table(), rng)

    def _is_legal(self, action: int, player: int) -> bool:
        """A chance outcome is checked by range: the outcome ids of each
        table are consecutive."""
        if player == CHANCE:
            table = self._outcome_table()
            return table[0][0] <= action <= table[-1][0]
        return super()._is_legal(action, player)

    def _legal_actions(self) -> list[int]:
        phase, p = self._phase, self._player
        if phase == TURN:
            out = [A.PASS if self._lost_turn else A.ROLL]
            if self._eggs[p] >= 3:
                out.append(A.EXCHANGE_EGGS)
            if self._chicks[p] >= 3:
                out.append(A.EXCHANGE_CHICKS)
            if self.can_buy_rooster(p):
                out.append(A.EXCHANGE_HENS)
            out.sort()
            return out
        n = self.game.num_players
        if phase == GIVE:
            return [A.GIVE_BASE + k for k in range(n) if k != p]
        if phase == ANNOUNCE:
            out = [A.TAKE, A.ROB_ALL]
            if self.game.options["rough_thief"]:
                out.extend(A.ROB_BASE + k for k in range(n) if k != p)
            return out
        if phase == STEAL:
            return [A.STEAL_BASE + k for k in self.hen_holders(p)]
        return []

    def _apply(self, action: int) -> None:
        """Apply ``action`` by the phase's rule, recording its events (see
        :mod:`.events`): the steps in the order the rules apply them, then a
        ``coop`` event for every coop that changed and ``game_over``."""
        if self._phase in _COOP_PHASES and self._recording():
            before = (self._eggs[:], self._chicks[:], self._hens[:])
            actor = self._player
            self._dispatch(action)
            self._emit_coops(before, actor)
        else:
            self._dispatch(action)
        if self._phase == OVER:
            hens = self._hens
            self._emit("game_over", winners=list(self._winners), scores=list(hens),
                       reason="nine_hens" if max(hens) >= PLACES else "turn_limit")

    def _emit_coops(self, before: tuple[list[int], list[int], list[int]], actor: int) -> None:
        """A ``coop`` event (what it holds now) for every seat whose eggs,
        chicks or hens changed: the acting seat first, then in seat order."""
        eggs, chicks, hens = self._eggs, self._chicks, self._hens
        n = len(eggs)
        for k in [actor] + [k for k in range(n) if k != actor]:
            if eggs[k] != before[0][k] or chicks[k] != before[1][k] or hens[k] != before[2][k]:
                self._emit("coop", seat=k, eggs=eggs[k], chicks=chicks[k], hens=hens[k],
                           free=PLACES - eggs[k] - chicks[k] - hens[k])

    def _dispatch(self, action: int) -> None:
        phase = self._phase
        if phase == DICE:
            self._resolve_dice(*A.dice_of(action))
        elif phase == TURN:
            self._resolve_turn_choice(action)
        elif phase == REROLL:
            self._resolve_reroll(*A.dice_of(action))
        elif phase == STEAL:
            self._resolve_steal(action - A.STEAL_BASE)
        elif phase == GIVE:
            self._resolve_gift(action - A.GIVE_BASE)
        elif phase == ANNOUNCE:
            self._resolve_announce(action)
        elif phase == FLU:
            self._resolve_flu(A.die_of(action))
        elif phase == START:
            self._resolve_start_roll(A.die_of(action))
        else:  # pragma: no cover - the core refuses actions at the end
            raise IllegalActionError("the game is over")

    # ----- turns ------------------------------------------------------------------------
    def _begin_turn(self, seat: int) -> None:
        limit = self.game.options["turn_limit"]
        if limit and self._turn >= limit:  # guard (game.py): most hens win
            best = max(self._hens)
            self._winners = [k for k, h in enumerate(self._hens) if h == best]
            self._phase = OVER
            return
        self._turn += 1
        self._player = seat
        self._lost_turn = bool(self._quarantine >> seat & 1)
        self._phase = TURN

    def _end_turn(self) -> None:
        p = self._player
        if self._lost_turn:  # K-11.3: listed until the lost turn has been taken
            self._quarantine &= ~(1 << p)
            self._lost_turn = False
        self._begin_turn((p + 1) % self.game.num_players)

    def _win_check(self, seat: int) -> bool:
        """K-1.4 / K-11.2: 9 hens win at once; True if the game is over."""
        if self._hens[seat] >= PLACES:
            self._winners = [seat]
            self._phase = OVER
            return True
        return False

    def _resolve_start_roll(self, face: int) -> None:
        """K-2.1: seats of ``start_seats`` roll in seat order; highest starts."""
        p = self._player
        self._start_rolls[p] = face
        self._emit("start_roll", seat=p, die=face)
        seats = self._start_seats
        n = self.game.num_players
        following = [k for k in range(p + 1, n) if seats >> k & 1]
        if following:
            self._player = following[0]
            return
        rolled = [k for k in range(n) if seats >> k & 1]
        best = max(self._start_rolls[k] for k in rolled)
        tied = [k for k in rolled if self._start_rolls[k] == best]
        if len(tied) == 1:
            self._start_seats = 0
            self._first = tied[0]
            self._emit("first_player", seat=tied[0])
            self._begin_turn(tied[0])
            return
        self._start_seats = sum(1 << k for k in tied)
        self._emit("start_tie", seats=tied)
        for k in range(n):
            self._start_rolls[k] = 0
        self._player = tied[0]

    def _resolve_turn_choice(self, action: int) -> None:
        """K-3.1: roll, or one exchange (K-6); ``pass`` in a quarantine turn."""
        p = self._player
        if action == A.ROLL:
            only = self._eggs[p] < 3 and self._chicks[p] < 3 and not self.can_buy_rooster(p)
            self._emit("roll", seat=p, only=only)
            self._phase = DICE
            return
        if action == A.EXCHANGE_EGGS:  # K-6.1: 3 eggs -> 1 chick (K-5.3 if none)
            self._eggs[p] -= 3
            self._sup_eggs += 3
            self._emit("exchange", seat=p, paid="egg", count=3, got="chick" if self._sup_chicks else None)
            if self._sup_chicks:
                self._sup_chicks -= 1
                self._chicks[p] += 1
        elif action == A.EXCHANGE_CHICKS:  # K-6.1: 3 chicks -> 1 hen (K-5.2 if none)
            self._chicks[p] -= 3
            self._sup_chicks += 3
            self._emit("exchange", seat=p, paid="chick", count=3, got="hen" if self._sup_hens else None)
            if self._hen_due(None, -1):
                return
        elif action == A.EXCHANGE_HENS:  # K-6.2: 5 hens -> rooster
            self._hens[p] -= 5
            self._sup_hens += 5
            self._sup_roosters -= 1
            self._rooster[p] = ROOSTER_ALIVE
            self._emit("exchange", seat=p, paid="hen", count=5, got="rooster")
        else:  # K-11.3: the quarantine turn passes
            self._emit("turn_passed", seat=p)
        self._end_turn()

    # ----- rolls ------------------------------------------------------------------------
    def _resolve_dice(self, high: int, low: int) -> None:
        p = self._player
        self._roll = (high, low)
        self._roller = p
        dice = [high, low]
        self._emit("dice_rolled", seat=p, dice=dice)
        if high != low:  # K-4.1, resolved hen, chick, egg (K-5.4)
            first, second = KIND_OF_FACE[high], KIND_OF_FACE[low]
            if first == HEN:
                if self._hen_due(high, second):
                    return
            else:
                self._gain_small(first, high)
            self._gain_small(second, low)
            self._end_turn()
            return
        if high <= 3:  # K-4.2 gifts
            kind = GIFT_OF_DOUBLE[high]
            if (self._eggs, self._chicks, self._hens)[kind][p]:
                self._emit("gift_due", seat=p, dice=dice, card=KIND_NAMES[kind])
                self._gift = kind
                self._phase = GIVE
                return
            self._emit("gift_none", seat=p, dice=dice, card=KIND_NAMES[kind])
        elif high == 4:  # K-4.3 hard times
            self._emit("hard_times", seat=p, dice=dice, eggs=self._eggs[p])
            self._sup_eggs += self._eggs[p]
            self._eggs[p] = 0
        elif high == 5:  # K-4.4 bird flu: one more die
            self._emit("bird_flu", seat=p, dice=dice)
            self._phase = FLU
            return
        elif self.game.options["six_six"] == "fox":  # K-9.4
            rooster = self._rooster[p] == ROOSTER_ALIVE
            self._emit("fox", seat=p, dice=dice, hens=0 if rooster else self._hens[p], rooster=rooster)
            if not rooster:
                self._sup_hens += self._hens[p]
                self._hens[p] = 0
        else:  # K-4.5 announce, then re-roll
            self._emit("announce_due", seat=p, dice=dice, rob_one=self.game.options["rough_thief"])
            self._phase = ANNOUNCE
            return
        self._end_turn()

    def _gain_small(self, kind: int, die: int) -> None:
        """Pay the egg or chick that the die showing ``die`` rolled (K-5.1,
        K-5.3, K-7.1)."""
        p = self._player
        name = KIND_NAMES[kind]
        if self._eggs[p] + self._chicks[p] + self._hens[p] < PLACES:
            if kind == EGG:
                if self._sup_eggs:
                    self._sup_eggs -= 1
                    self._eggs[p] += 1
                    self._emit("gain", seat=p, die=die, card=name)
                    return
            elif self._sup_chicks:
                self._sup_chicks -= 1
                self._chicks[p] += 1
                self._emit("gain", seat=p, die=die, card=name)
                return
            self._emit("gain_dropped", seat=p, die=die, card=name, reason="supply_empty")
        elif kind == CHICK and self._eggs[p]:  # K-7.1 egg -> chick
            if self._sup_chicks:
                self._eggs[p] -= 1
                self._sup_eggs += 1
                self._chicks[p] += 1
                self._sup_chicks -= 1
                self._emit("develop", seat=p, die=die, card=name)
            else:
                self._emit("gain_dropped", seat=p, die=die, card=name, reason="supply_empty")
        else:
            self._emit("gain_dropped", seat=p, die=die, card=name, reason="no_place")

    def _hen_due(self, die: int | None, rest: int) -> bool:
        """Pay one hen to the player, rolled by the die showing ``die`` or
        (``die`` None) bought by an exchange, from the supply or by the
        thief rule. A rolled hen without a free place develops a chick
        (K-7.1, K-7.3). ``rest`` is the kind of the other die, paid after a
        theft decision. Returns True if the turn is paused (a ``steal``
        decision) or the game is over."""
        p = self._player
        if self._eggs[p] + self._chicks[p] + self._hens[p] < PLACES:
            develop = False
        elif die is not None and self._chicks[p]:
            develop = True
        else:  # K-5.5: no place, no chick: not taken, no theft
            self._emit("gain_dropped", seat=p, die=die, card="hen", reason="no_place")
            return False
        if self._sup_hens:
            self._sup_hens -= 1
            self._hens[p] += 1
            if develop:
                self._chicks[p] -= 1
                self._sup_chicks += 1
                self._emit("develop", seat=p, die=die, card="hen")
            elif die is not None:  # an exchange said what it got
                self._emit("gain", seat=p, die=die, card="hen")
            return self._win_check(p)
        if not self.hen_holders(p):  # K-5.2: nobody to steal from
            self._emit("gain_dropped", seat=p, die=die, card="hen", reason="no_victim")
            return False
        self._emit("theft_due", seat=p, hens=1, die=die, then=self._roll[1] if rest >= 0 else None,
                   source="exchange" if die is None else "die")
        self._phase = STEAL
        self._steal_left = 1
        self._steal_develop = develop
        self._rest = rest
        return True

    def _resolve_steal(self, victim: int) -> None:
        """K-5.2: ``victim`` hands one hen over, unless a rooster stops it (K-9.2)."""
        p = self._player
        if self._rooster[victim] == ROOSTER_ALIVE:
            self._block(victim, "steal")
        else:
            self._hens[victim] -= 1
            self._hens[p] += 1
            if self._steal_develop:
                self._chicks[p] -= 1
                self._sup_chicks += 1
            self._emit("theft", thief=p, victim=victim, card="hen", develop=self._steal_develop, rule="K-5.2")
            if self._win_check(p):
                return
        self._steal_left -= 1
        if self._steal_left:
            if self.hen_holders(p):
                self._emit("hens_due", seat=p, hens=self._steal_left)
                return
            self._emit("hens_unpaid", seat=p, hens=self._steal_left, source="steal")
        self._steal_left = 0
        self._steal_develop = False
        rest, self._rest = self._rest, -1
        if rest >= 0:
            self._gain_small(rest, self._roll[1])
        self._end_turn()

    def _block(self, seat: int, attempt: str) -> None:
        """K-9.2: the rooster of ``seat`` stops a theft attempt (``attempt``:
        ``"steal"``, K-5.2, or ``"rob"``, K-4.5/K-9.1); the third one kills it."""
        self._blocks[seat] += 1
        died = self._blocks[seat] >= ROOSTER_LIVES
        if died:
            self._rooster[seat] = ROOSTER_DEAD
            self._box_roosters += 1
        self._emit("rooster_block", thief=self._player, victim=seat, attempt=attempt,
                   blocks_left=ROOSTER_LIVES - self._blocks[seat], died=died)

    def _resolve_gift(self, to: int) -> None:
        """K-4.2: the roller gives one card; a full coop sends it to the supply."""
        p, kind = self._player, self._gift
        counts = (self._eggs, self._chicks, self._hens)[kind]
        counts[p] -= 1
        room = self._eggs[to] + self._chicks[to] + self._hens[to] < PLACES
        self._emit("gift", seat=p, to=to, card=KIND_NAMES[kind], returned=not room)
        if room:
            counts[to] += 1
            if kind == HEN and self._win_check(to):
                return
        elif kind == EGG:
            self._sup_eggs += 1
        elif kind == CHICK:
            self._sup_chicks += 1
        else:
            self._sup_hens += 1
        self._end_turn()

    def _resolve_flu(self, face: int) -> None:
        """K-4.4 bird flu (no rooster protects, K-9.2)."""
        p = self._player
        self._roll = self._roll + (face,)
        if face <= 3:
            self._emit("quarantine", seat=p, die=face)
            self._quarantine |= 1 << p
        elif face <= 5:
            self._emit("flu_loss", seat=p, die=face, card="chick", count=self._chicks[p])
            self._sup_chicks += self._chicks[p]
            self._chicks[p] = 0
        else:
            self._emit("flu_loss", seat=p, die=face, card="hen", count=self._hens[p])
            self._sup_hens += self._hens[p]
            self._hens[p] = 0
        self._end_turn()

    def _resolve_reroll(self, high: int, low: int) -> None:
        """K-4.5: the announced option with D = high - low (doubles: 0, K-8.5)."""
        p = self._player
        self._roll = self._roll + (high, low)
        d = high - low
        choice = self._choice
        self._choice = TAKE_NONE
        self._emit("reroll", seat=p, dice=[high, low], difference=d)
        if d == 0:  # K-8.5
            self._emit("reroll_void", seat=p)
        elif choice == A.TAKE:
            free = self.free(p)
            gain = min(d, free)
            if gain < d:
                self._emit("take_limited", seat=p, free=free, left=d - gain)
            paid = min(gain, self._sup_hens)
            self._sup_hens -= paid
            self._hens[p] += paid
            if paid:
                self._emit("hens_taken", seat=p, hens=paid)
            if self._win_check(p):
                return
            if gain > paid:
                if self.hen_holders(p):  # K-5.2 one by one
                    self._emit("theft_due", seat=p, hens=gain - paid, die=None, then=None, source="take")
                    self._phase = STEAL
                    self._steal_left = gain - paid
                    self._steal_develop = False
                    self._rest = -1
                    return
                self._emit("hens_unpaid", seat=p, hens=gain - paid, source="take")
        elif choice == A.ROB_ALL:  # every other player, one attempt each (K-9.2)
            bare = []
            for q in range(self.game.num_players):
                if q == p:
                    continue
                if not self._hens[q]:
                    bare.append(q)
                elif self._rooster[q] == ROOSTER_ALIVE:
                    self._block(q, "rob")
                else:
                    lost = min(d, self._hens[q])
                    self._hens[q] -= lost
                    self._sup_hens += lost
                    self._emit("robbed", thief=p, victim=q, hens=lost, kept=0, everything=lost < d, mode="all")
            if bare:
                self._emit("rob_nothing", thief=p, seats=bare, mode="all")
        else:  # K-9.1 rob one
            q = choice - A.ROB_BASE
            if not self._hens[q]:
                self._emit("rob_nothing", thief=p, seats=[q], mode="one")
            elif self._rooster[q] == ROOSTER_ALIVE:
                self._block(q, "rob")
            else:
                lost = min(d, self._hens[q])
                kept = min(lost, self.free(p))
                self._hens[q] -= lost
                self._hens[p] += kept
                self._sup_hens += lost - kept
                self._emit("robbed", thief=p, victim=q, hens=lost, kept=kept, everything=lost < d, mode="one")
                if self._win_check(p):
                    return
        self._end_turn()

    def _resolve_announce(self, action: int) -> None:
        """K-4.5 / K-9.1: the 6-6 roller announces what the re-roll does."""
        if action == A.TAKE:
            choice, victim = "take", None
        elif action == A.ROB_ALL:
            choice, victim = "rob all", None
        else:
            choice, victim = "rob", action - A.ROB_BASE
        self._emit("announced", seat=self._player, choice=choice, victim=victim)
        self._choice = action
        self._phase = REROLL

