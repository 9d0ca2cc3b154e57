"""Kurník action ids and their strings (SCENARIOS.md, rules/kurnik.md).

Player actions use ids ``0 .. NUM_DISTINCT_ACTIONS - 1``; chance outcomes use
the ids after them, so every id has one meaning in every state:

====================  =========================  ======================
id                    string                     rule
====================  =========================  ======================
0                     ``roll``                   K-3.1 A, K-4
1                     ``exchange eggs``          K-6.1 (3 eggs -> chick)
2                     ``exchange chicks``        K-6.1 (3 chicks -> hen)
3                     ``exchange hens``          K-6.2 (5 hens -> rooster)
4                     ``pass``                   K-11.3 (quarantine turn)
5                     ``take``                   K-4.5
6                     ``rob all``                K-4.5
7 + k                 ``rob k``                  K-9.1 (rob one: seat k)
12 + k                ``give k``                 K-4.2 (gift to seat k)
17 + k                ``steal k``                K-5.2 (thief rule: seat k)
22 .. 42              ``dice H L``               K-1.5 (two dice, H >= L)
43 .. 48              ``die N``                  K-2.1, K-4.4 (one die)
====================  =========================  ======================

Two dice are one unordered chance outcome: ``dice 2 5`` and ``dice 5 2``
name the same roll. The canonical string puts the **higher die first**
(``dice 5 2``, ``dice 6 6``); any order is accepted, case-insensitively.

>>> dice_string(DICE_ID[5, 2]), parse_action("DICE 2 5", 4) == DICE_ID[5, 2]
('dice 5 2', True)
"""

from __future__ import annotations

from herna.core import IllegalActionError
from herna.core.actionio import ascii_int
from herna.core.catalog import N_

MAX_SEATS = 5

ROLL = 0
EXCHANGE_EGGS = 1
EXCHANGE_CHICKS = 2
EXCHANGE_HENS = 3
PASS = 4
TAKE = 5
ROB_ALL = 6
ROB_BASE = 7
GIVE_BASE = ROB_BASE + MAX_SEATS
STEAL_BASE = GIVE_BASE + MAX_SEATS
NUM_DISTINCT_ACTIONS = STEAL_BASE + MAX_SEATS
"""Size of the player action id space (22)."""

DICE_BASE = NUM_DISTINCT_ACTIONS
PAIRS: tuple[tuple[int, int], ...] = tuple((high, low) for high in range(1, 7) for low in range(1, high + 1))
"""The 21 unordered rolls of two dice, ``(high, low)``; id = ``DICE_BASE + index``."""
DICE_ID: dict[tuple[int, int], int] = {pair: DICE_BASE + index for index, pair in enumerate(PAIRS)}
DIE_BASE = DICE_BASE + len(PAIRS)
NUM_ACTION_IDS = DIE_BASE + 6
"""Player ids and chance ids together (49)."""

DICE_OUTCOMES: tuple[tuple[int, float], ...] = tuple(
    (DICE_BASE + index, (1 if high == low else 2) / 36) for index, (high, low) in enumerate(PAIRS)
)
"""Chance outcomes of two dice: doubles 1/36, other pairs 2/36."""
DIE_OUTCOMES: tuple[tuple[int, float], ...] = tuple((DIE_BASE + face - 1, 1 / 6) for face in range(1, 7))
"""Chance outcomes of one die."""

_SIMPLE = {
    ROLL: "roll",
    EXCHANGE_EGGS: "exchange eggs",
    EXCHANGE_CHICKS: "exchange chicks",
    EXCHANGE_HENS: "exchange hens",
    PASS: "pass",
    TAKE: "take",
    ROB_ALL: "rob all",
}
_SIMPLE_IDS = {text: action for action, text in _SIMPLE.items()}
_SEAT_VERBS = {"rob": ROB_BASE, "give": GIVE_BASE, "steal": STEAL_BASE}

FORMS = ("roll", "exchange eggs", "exchange chicks", "exchange hens", "pass", "take", "rob all",
         "rob SEAT", "give SEAT", "steal SEAT", "dice N N", "die N")
"""The action string forms (SCENARIOS.md). A refusal names only the
player's forms, in its catalog message (a chance outcome is nobody's
choice; the placeholder SEAT is translated)."""


def is_dice(action: int) -> bool:
    """True for a two-dice chance outcome."""
    return DICE_BASE <= action < DIE_BASE


def is_die(action: int) -> bool:
    """True for a one-die chance outcome."""
    return DIE_BASE <= action < NUM_ACTION_IDS


def dice_of(action: int) -> tuple[int, int]:
    """``(high, low)`` of a two-dice outcome id."""
    return PAIRS[action - DICE_BASE]


def die_of(action: int) -> int:
    """The face 1..6 of a one-die outcome id."""
    return action - DIE_BASE + 1


def dice_string(action: int) -> str:
    high, low = dice_of(action)
    return f"dice {high} {low}"


def action_string(action: int, players: int = MAX_SEATS) -> str:
    """Canonical string of a Kurník action id at a table of ``players``
    seats; ``ValueError`` for an id that is not an int, is unknown, or names
    a seat ``>= players`` (``rob 3`` at a 2-player table)."""
    if not isinstance(action, int) or isinstance(action, bool):
        raise ValueError(f"not an action id: {action!r}")
    if action in _SIMPLE:
        return _SIMPLE[action]
    for verb, base in _SEAT_VERBS.items():
        if base <= action < base + MAX_SEATS:
            seat = action - base
            if seat >= players:
                raise ValueError(f"Kurník action id {action} is '{verb} {seat}', but seats are 0..{players - 1}")
            return f"{verb} {seat}"
    if is_dice(action):
        return dice_string(action)
    if is_die(action):
        return f"die {die_of(action)}"
    raise ValueError(f"no Kurník action has id {action}")


def _face(word: str, text: str) -> int:
    face = ascii_int(word)
    if face is None or not 1 <= face <= 6:
        raise IllegalActionError(N_("{text}: a die shows 1..6, not {word}"), text=repr(text), word=repr(word))
    return face


def parse_action(text: str, players: int) -> int:
    """The action id of ``text`` (whitespace-normalised; case-insensitive) at a
    table of ``players`` seats. Raises ``IllegalActionError`` naming the forms
    if ``text`` names no action."""
    lowered = text.lower()
    if lowered in _SIMPLE_IDS:
        return _SIMPLE_IDS[lowered]
    words = lowered.split()
    if len(words) == 2 and words[0] in _SEAT_VERBS:
        seat = ascii_int(words[1])
        if seat is None or not 0 <= seat < players:
            raise IllegalActionError(N_("{text} names no seat: seats are 0..{last} (players 1 to {players}), "
                                        "not {word}"), text=repr(text), last=players - 1, players=players,
                                     word=repr(words[1]))
        return _SEAT_VERBS[words[0]] + seat
    if len(words) == 3 and words[0] == "dice":
        a, b = _face(words[1], text), _face(words[2], text)
        return DICE_ID[max(a, b), min(a, b)]
    if len(words) == 2 and words[0] == "die":
        return DIE_BASE + _face(words[1], text) - 1
    raise IllegalActionError(N_("{text} is not a Kurník action; a player's actions are: roll, exchange eggs, "
                                "exchange chicks, exchange hens, pass, take, rob all, rob SEAT, give SEAT, "
                                "steal SEAT (SEAT: 0 for player 1 up to {last} for player {players})"),
                             text=repr(text), last=players - 1, players=players)
