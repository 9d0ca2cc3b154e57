"""Hints for learners: the strong bot's best moves, and a review of a game.

:func:`hints` answers "what would the strong bot play here, and why?" for
the seat to move; :func:`review` replays a game and lists the decisions of
chosen seats that lost the most expected value against the search's best
move. The terminal's ``hint`` command and ``herna review`` print them; the
web app's hint key can call :func:`hints` (it returns plain data).

**No cheating.** Both search only the seat's
:class:`~herna.bots.base.Observation` (its view, and determinizations drawn
from its information state by ``observation.resampler()``), as every bot
does: two states that differ only in what the seat cannot see give the same
hints for the same seed.

**The search** is :class:`~herna.bots.ismcts.ISMCTSBot` (the ``hard`` bot's
search, random rollouts). First the bot's search
(:meth:`~herna.bots.ismcts.ISMCTSBot.root_statistics`); a move's ``visits``
are how often it tried the move. Its most visited moves are then valued on
equal footing and **paired**
(:meth:`~herna.bots.ismcts.ISMCTSBot.paired_values`): in each of
:data:`REPLICATES` independent replicates every move gets as many
iterations, each starting with that move, all on the same determinizations
and search seed (common random numbers). The first search's means are not
comparable (a move that looked worse early is tried less and keeps a mean
biased low), and the per-iteration standard error of one tree is not the
uncertainty of a comparison (its iterations are not independent); the
replicates are, so the difference of two moves over the replicates has an
honest standard error (sd / sqrt(replicates)), and a gap counts only beyond
:data:`NOISE` of them. A hint and a review use this same valuation. A
move's ``value`` is its mean utility of the game's horizon
(:mod:`herna.bots.evaluation`) over the replicates, converted for players
by the horizon's ``value_kind``:

**Reasons** are facts measured on :data:`REASON_SAMPLES` determinizations
drawn from the seat's information (seeded like the search), each sentence
from the message catalogs (English and Czech):

* a card played to a trick: in how many of them the seat wins that trick
  when everyone then plays as the ``greedy`` bot;
* why, in the game's terms, from the seat's view (:mod:`herna.bots.reasons`,
  one module per game): what an invitation's species and value are worth in
  the rest of the hand, what a trump or a reveal wins or protects, what a
  field will pay for Ugo!'s colour order and farmers, what a Kurník move
  does to the race to nine hens; never the move restated;
* where the value is a chance to win (Kurník): the seat's own chance now
  and at the end of the turn;
* where the value is a chance to win (Kurník): the other seat whose chance
  falls most from now to the end of the turn (the rest of it played by the
  ``greedy`` bot, dice by their probabilities), and whether it is the
  leader (the other seat with the best chance now), if it falls by
  :data:`RIVAL_DROP` (3 percentage points) or more;
* how the move compares with the next best one (the best move) or with the
  best one (the others), in points or percentage points; a gap within
  :data:`NOISE` standard errors of the paired difference is "about as good".

**A review's verdict** (:func:`review`, :func:`review_decision`): the
search proposes the best of its most visited moves other than the move
played (valued in :data:`PROPOSAL_REPLICATES` paired replicates); then
:data:`REPLICATES` fresh replicates, sharing no random number with the
proposal (so the proposal's lucky draws do not inflate the loss), value the
proposal and the move played side by side. The loss is their mean paired
difference and ``loss_se`` its standard error; the move played is a mistake
only when the loss exceeds :data:`NOISE` standard errors and
:data:`MIN_LOSS`. Another seed then reaches the same verdict except where
the loss is close to that line (or proposes another move).

Budgets: ``iterations`` (reproducible with ``seed``) or ``seconds`` of wall
time per searched decision, as for the ``ismcts`` bot
(:func:`herna.bots.ismcts.check_budget`).
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from dataclasses import asdict, dataclass
from typing import Any, Sequence

from herna.core import CHANCE, State, record
from herna.core.catalog import N_, check_lang, ntext, text
from herna.text.voice import Voice

from .base import Observation, observe
from .evaluation import horizon_for
from .ismcts import ISMCTSBot, check_budget
from .reasons import reasons

DEFAULT_HINT_SECONDS = 1.0
"""Search time of :func:`hints` when no budget is given (seconds)."""
DEFAULT_REVIEW_ITERATIONS = 4000
"""Search iterations per decision of :func:`review` when no budget is given:
an iteration budget, so that a review does not depend on the machine's load.
Besides the search's ``N`` iterations a decision costs ``N / 2`` iterations
a move in the proposal's replicates and ``N / 2`` for each of the two moves
of the verdict (:func:`review`)."""
MIN_REVIEW_ITERATIONS = 320
"""The fewest search iterations per decision ``herna review`` takes (and
the fewest a review's time budget searches, whatever the time): each of
the verdict's :data:`REPLICATES` paired replicates gives each of the two
moves ``N / 32`` iterations, and below 320 that is under
:data:`REPLICATE_FLOOR` (10), so a smaller budget would not be the budget
spent, and the search that proposes the better move would have tried each
move a handful of times. The library's :func:`review` takes any budget (the
tests use small ones); a verdict means more the larger it is (docs/hints.md:
at 1,200 iterations six seeds disagreed on mistakes of 1.4-2.1 points)."""
DEFAULT_REVIEW_SECONDS = 0.2
"""Search time per decision of :func:`review` given ``seconds=None`` with a
time budget asked for elsewhere (kept for callers that pass a time)."""
REASON_SAMPLES = 12
"""Determinizations a reason is measured on."""
VALUE_KINDS = ("points", "win_chance")
"""What a hint's ``value`` is: expected points (a margin) or a chance to win."""
MAX_TRICK_STEPS = 40
"""At most this many actions are played after a card to see who wins its trick."""
RIVAL_DROP = 0.03
"""A rival's chance to win must fall by this much (3 percentage points)
for a reason to name it."""
REVIEW_CANDIDATES = 3
"""Moves of the search's first phase a review values beside the move played."""
REPLICATES = 16
"""Independent replicates of a paired valuation
(:meth:`~herna.bots.ismcts.ISMCTSBot.paired_values`): the standard error of
a difference between two moves is that of the mean of this many
independent paired differences."""
PROPOSAL_REPLICATES = 8
"""Replicates of a review's proposal stage (:func:`review`), which values
the search's best moves and the move played to choose the move to judge."""
REPLICATE_FLOOR = 10
"""Iterations a move gets at least in each replicate."""
NOISE = 2.2
"""A gap between two moves valued together counts when it is more than this
many standard errors of their paired difference (else the moves are "about
as good"): about the two-sided 95% point of Student's t with
``REPLICATES - 1`` = 15 degrees of freedom (2.13), since the standard error
is itself estimated from the replicates."""
MIN_LOSS = {"points": 0.1, "win_chance": 0.01}
"""A review lists a mistake only if its loss is also at least this large:
what its line can show (0.1 points; a chance to win as a fraction, one
percentage point)."""
MESSAGES: dict[str, Any] = {  # a text, or (singular, plural) for ntext
    "only": N_("the only legal move"),
    "trick": N_("wins the trick in {w} of {n} possible hands of the others"),
    "better_points": N_("{d} points more than the next move"),
    "worse_points": N_("{d} points less than the best move"),
    "better_chance": (N_("{n} percentage point better chance than the next move"),
                      N_("{n} percentage points better chance than the next move")),
    "worse_chance": (N_("{n} percentage point worse chance than the best move"),
                     N_("{n} percentage points worse chance than the best move")),
    "played_points": N_("{d} points more than the move played"),
    "played_chance": (N_("{n} percentage point better chance than the move played"),
                      N_("{n} percentage points better chance than the move played")),
    "own_chance": N_("your chance to win goes from {a}% to {b}% by the end of the turn"),
    "own_chance_same": N_("your chance to win stays about {a}% to the end of the turn"),
    "played_why": N_("the move played: {why}"),
    "leader_falls": N_("{who} (the leader): chance to win falls from {a}% to {b}%"),
    "rival_falls": N_("{who}: chance to win falls from {a}% to {b}%"),
    "points": N_("{value} points"),
    "win_chance": N_("{value}% chance to win"),
    "loss_chance": (N_("{n} percentage point"), N_("{n} percentage points")),
    "even_next": N_("about as good as the next move"),
    "even_played": N_("about as good as the move played"),
    "even_best": N_("about as good as the best move"),
}
"""Key -> English message id(s) of the reasons; Czech in ``herna/core/locale/cs.po``."""


@dataclass(frozen=True)
class Hint:
    """One suggested move.

    action: the action id (one of the legal actions).
    action_string: its canonical string (``play SAX6``, ``rob 2``).
    label: the move in words as the terminal's menu names it beside the
        string (``rob Seat 3``, in Czech ``Saxosaurus 6``), or the action
        string where the menu adds no words.
    value: in the units of ``value_kind``: expected points (margin at the
        end of the deal or round) or chance to win (``0..1``).
    value_kind: ``"points"`` or ``"win_chance"``.
    visits: how many of the search's iterations tried the move.
    reason: one line in the requested language.
    """

    action: int
    action_string: str
    label: str
    value: float
    value_kind: str
    visits: int
    reason: str

    def to_dict(self) -> dict:
        """JSON-ready dict of the fields."""
        return asdict(self)


@dataclass(frozen=True)
class ReviewItem:
    """One reviewed decision (:func:`review`).

    seq: the action number in the game's history (1-based, as
        ``herna replay`` numbers it).
    seat: the deciding seat (0-based).
    played / played_string / played_label: the action played: its id, its
        canonical string and its words (the game's ``move_words`` where it
        has them, else as :attr:`Hint.label`: ``a farmer on field E``).
    played_value: the value of the played move (the verdict's replicates).
    best / best_string / best_label / best_value: the move the search
        proposed (its best valued move other than the move played) and its
        value, when it beats the move played beyond the noise
        (:data:`NOISE`, :data:`MIN_LOSS`); else the move played itself.
    loss: ``best_value - played_value`` (the verdict's mean paired
        difference, :attr:`paired_loss`; 0 when the move played was as
        good as any, up to the noise); both values come from the verdict's
        paired replicates (:func:`review`), unrounded (a line prints it
        rounded, :func:`loss_words`, not as the difference of the two
        values as printed).
    value_kind: ``"points"`` or ``"win_chance"``.
    reason: why the best move is better, one line.
    where: where in the game the decision was (the game's words module's
        ``where``: ``deal 2, trick 5``, ``round 3, trick 1``, ``turn 41``).
    loss_se: the standard error of ``loss`` (same units): of the mean
        paired difference between the move proposed and the move played
        over the verdict's independent replicates; a loss is counted only
        beyond :data:`NOISE` of them.
    proposed / proposed_string / proposed_label / proposed_value: the move
        the verdict compared with the move played (the search's proposal),
        whether or not it beat it: the same as ``best`` for a mistake, and
        for a decision without one the alternative that was checked.
        ``None`` for an item made without a verdict.
    paired_loss: the verdict's mean paired difference, ``proposed_value -
        played_value`` (negative when the move played did better), with
        standard error ``loss_se``; ``loss`` is it when it counts, else 0.
    """

    seq: int
    seat: int
    played: int
    played_string: str
    played_label: str
    played_value: float
    best: int
    best_string: str
    best_label: str
    best_value: float
    loss: float
    value_kind: str
    reason: str
    where: str = ""
    loss_se: float = 0.0
    proposed: int | None = None
    proposed_string: str | None = None
    proposed_label: str | None = None
    proposed_value: float | None = None
    paired_loss: float | None = None

    def to_dict(self) -> dict:
        """JSON-ready dict of the fields."""
        return asdict(self)


# ----- the public functions -------------------------------------------------------------------

def hints(state: State, seat: int | None = None, k: int = 3, *, seconds: float | None = None,
          iterations: int | None = None, seed: int | None = None, lang: str = "en") -> list[Hint]:
    """The ``k`` best moves of the seat to move, best first.

    Searches from ``seat``'s :class:`~herna.bots.base.Observation` only (never
    the rest of ``state``) with the strong bot's ISMCTS for ``iterations``
    or ``seconds`` (default :data:`DEFAULT_HINT_SECONDS`); ``seed`` makes an
    iteration budget reproducible (a time budget: half the time). The
    search's ``k`` most visited moves are then valued on equal footing in
    paired replicates (:meth:`~herna.bots.ismcts.ISMCTSBot.paired_values`,
    as a review values moves) with as many iterations in all as the search
    made in its half of the time, or half an iteration budget. Returns at most
    ``k`` :class:`Hint` (fewer when there are fewer legal moves), sorted by
    that value (ties: by action id); a decision with one legal move gives that move
    with the reason "the only legal move". ``lang``: ``"en"`` or ``"cs"``
    for the labels and reasons. ``state`` is not changed.

    Raises ``ValueError`` when the state is terminal, chance is to move,
    ``seat`` is not the seat to move, ``k`` is not a whole number >= 1, the
    budget is not allowed (see :func:`~herna.bots.ismcts.check_budget`) or
    the language is unknown."""
    lang = check_lang(lang)
    seat = _check_decision(state, seat)
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise ValueError(f"k must be a whole number >= 1, not {k!r}")
    observation = observe(state, seat)
    half = None if seconds is None and iterations is not None else (seconds or DEFAULT_HINT_SECONDS) / 2
    stats, bot = _search(observation, half, iterations, seed, DEFAULT_HINT_SECONDS)
    candidates = [action for action, _ in _ranked(stats)[:k]]
    # the other half: as many iterations as the search made in its half of the time, or half an iteration budget
    budget = bot.last_iterations if half is not None else (iterations or 2) // 2
    values = _evaluate(observation, candidates, budget // (REPLICATES * len(candidates)), seed)
    ranked = sorted(candidates, key=lambda a: (-values.mean(a), a))  # by the comparable values
    kind, scale = _value_kind(state)
    words = _Words(state, seat, lang)
    legal = observation.legal_actions
    out: list[Hint] = []
    for index, action in enumerate(ranked):
        if len(legal) == 1:
            reason = text(lang, MESSAGES["only"])
        else:
            facts = _facts(observation, action, words, _seed(seed, action))
            if index == 0:
                if len(ranked) > 1:
                    facts.append(_compare(values, action, ranked[1], kind, scale, lang, best=True))
            else:
                facts.append(_compare(values, ranked[0], action, kind, scale, lang, best=False))
            reason = "; ".join(f for f in facts if f)
        string = state.action_to_string(action)
        out.append(Hint(action, string, words.label(string), values.mean(action) * scale, kind, stats[action][0],
                        reason))
    return out


def review(state: State, seats: Sequence[int] | None = None, *, seconds: float | None = None,
           iterations: int | None = None, seed: int | None = None, lang: str = "en",
           progress=None) -> list[ReviewItem]:
    """Replay ``state``'s history from its start and judge every decision of
    ``seats`` (0-based; default: every seat) that had more than one legal
    move, from that seat's information as it was then (its observation at
    that point: later events and other hands are never read).

    Each decision is searched with ``iterations`` (default
    :data:`DEFAULT_REVIEW_ITERATIONS`) or, if given, ``seconds`` per
    decision, at least twice as many iterations as legal moves so that every
    move gets a value. The review is **deterministic** with an iteration
    budget: ``seed`` (default: :func:`game_seed` of the game, so the same
    file gives the same review) seeds each decision's search from the seed
    and the decision's action number. A time budget depends on the
    machine's load and is not reproducible. ``state`` may be finished or
    not (then the moves so far are reviewed); it is not changed.
    ``progress(done, total)``, if given, is called after each decision.

    Returns one :class:`ReviewItem` per judged decision, sorted by the loss
    as printed (:func:`shown_loss`, largest first), then by the exact loss,
    then by action number. Each decision is judged as the module docstring
    says (*A review's verdict*): a move whose paired loss against the
    search's proposal is within :data:`NOISE` standard errors (or below
    :data:`MIN_LOSS`) has loss 0 (the move played counts as the best);
    ``loss_se`` is the standard error of the paired difference.

    Raises ``ValueError`` for a seat that does not exist, a budget that is
    not allowed or an unknown language."""
    lang = check_lang(lang)
    if seconds is None and iterations is None:
        iterations = DEFAULT_REVIEW_ITERATIONS
    iterations, seconds = check_budget(iterations, seconds if iterations is None else None)
    if seed is None:
        seed = game_seed(state)
    players = state.num_players
    if seats is None:
        chosen = set(range(players))
    else:
        chosen = set()
        for seat in seats:
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
                raise ValueError(f"no seat {seat!r} in this game: seats are 0 to {players - 1}")
            chosen.add(seat)
    kind, scale = _value_kind(state)
    where = getattr(record(state.game.name).load("texts"), "where", None)
    walker = state.initial_state()
    history = state.history()
    decisions = []
    for index, action in enumerate(history):
        player = walker.current_player()
        if player in chosen and len(walker.legal_actions()) > 1:
            decisions.append((index, walker.clone(), action))
        walker.step(action)
    out: list[ReviewItem] = []
    for done, (index, before, played) in enumerate(decisions, start=1):
        out.append(_judge(before, played, seconds, iterations, seed, lang, kind, scale, where))
        if progress is not None:
            progress(done, len(decisions))
    out.sort(key=lambda item: (-shown_loss(item.loss, kind), -item.loss, item.seq))
    return out


def review_decision(state: State, played: int, *, seconds: float | None = None, iterations: int | None = None,
                    seed: int | None = None, lang: str = "en") -> ReviewItem:
    """Judge one decision as :func:`review` judges each: ``state`` is the
    game just before it (a player to move with more than one legal move),
    ``played`` the action taken there. ``seed`` as :func:`review`'s (the
    same seed gives the same item as that decision's in the review of the
    whole game; the default, :func:`game_seed` of ``state``, is not the
    whole game's); default budget :data:`DEFAULT_REVIEW_ITERATIONS`
    iterations. ``state`` is not changed. Raises ``ValueError`` for a state
    that is not a decision with a choice, an illegal ``played``, a bad budget
    or language."""
    lang = check_lang(lang)
    _check_decision(state, None)
    if len(state.legal_actions()) < 2 or played not in state.legal_actions():
        raise ValueError(f"not a decision to judge: {played!r} must be one of two or more legal actions")
    if seconds is None and iterations is None:
        iterations = DEFAULT_REVIEW_ITERATIONS
    iterations, seconds = check_budget(iterations, seconds if iterations is None else None)
    if seed is None:
        seed = game_seed(state)
    kind, scale = _value_kind(state)
    where = getattr(record(state.game.name).load("texts"), "where", None)
    return _judge(state, played, seconds, iterations, seed, lang, kind, scale, where)


def _judge(before: State, played: int, seconds, iterations, seed, lang: str, kind: str, scale: float,
           where) -> ReviewItem:
    """One decision of :func:`review` (its docstring): the search proposes
    a better move, fresh paired replicates judge it against ``played``."""
    index = before.num_actions()
    seat = before.current_player()
    observation = observe(before, seat)
    floor = 2 * len(observation.legal_actions)
    budget = max(iterations, floor) if iterations is not None else None
    half = None if budget is not None else (seconds or DEFAULT_REVIEW_SECONDS) / 2
    # a time budget searches at least MIN_REVIEW_ITERATIONS, however short the time (a loaded machine, 1 ms)
    stats, bot = _search(observation, half, budget, _seed(seed, index), DEFAULT_REVIEW_SECONDS,
                         min_iterations=floor if budget is not None else max(floor, MIN_REVIEW_ITERATIONS))
    spent = bot.last_iterations if budget is None else budget  # a time budget: the iterations it made
    ranked = _ranked(stats)
    candidates = list(dict.fromkeys([a for a, _ in ranked[:REVIEW_CANDIDATES]] + [played]))
    others = [a for a in candidates if a != played]
    # both stages value a move alike (replicates of `each` iterations: the same quantity), so the move
    # proposed is the one the verdict judges best
    each = spent // (2 * REPLICATES)
    # the proposal: the best other candidate, on paired replicates
    proposed = _evaluate(observation, candidates, each, _seed(seed, index), PROPOSAL_REPLICATES)
    proposal = max(others, key=lambda a: (proposed.mean(a), -a))
    # the verdict: fresh replicates (no random number shared with the choice, so no winner's curse) of the
    # proposal and the move played on common determinizations and seeds (as many iterations as the search)
    values = _evaluate(observation, [proposal, played], each, _verdict_seed(seed, index))
    gap, gap_se = values.gap(proposal, played)
    lost = _significant(gap, gap_se) and gap * scale >= MIN_LOSS[kind]
    words = _Words(before, seat, lang)
    played_string = before.action_to_string(played)
    played_mean = values.mean(played)
    loss_se = gap_se * scale
    if not lost:
        reason = _compare(values, played, proposal, kind, scale, lang, best=True)
        best, best_mean = played, played_mean
    else:
        best, best_mean = proposal, values.mean(proposal)
        facts = _facts(observation, best, words, _seed(seed, index))
        # what the move played did, from the same view (a bought rooster's cost, a card given away), so that
        # the biggest mistakes are explained by what they cost and not only by what the better move does
        played_why = reasons(before.game.name, observation.view, played_string, words.style)
        if played_why:
            facts.append(text(lang, MESSAGES["played_why"], why="; ".join(played_why)))
        facts.append(_compare(values, best, played, kind, scale, lang, best=True, against_played=True))
        reason = "; ".join(f for f in facts if f)
    best_string = before.action_to_string(best)
    place = where(before.view(seat), lang) if where is not None else ""
    proposal_string = before.action_to_string(proposal)
    return ReviewItem(index + 1, seat, played, played_string, words.move(played_string), played_mean * scale,
                      best, best_string, words.move(best_string), best_mean * scale,
                      gap * scale if lost else 0.0, kind, reason, place, loss_se,
                      proposal, proposal_string, words.move(proposal_string), values.mean(proposal) * scale,
                      gap * scale)


def game_seed(state: State) -> int:
    """A seed that depends only on the game (its options, fixed deals and
    history: :meth:`State.to_json`): a review's default, so the same saved
    game is reviewed alike on every run. ``0 <= seed < 2**31``."""
    digest = hashlib.blake2b(json.dumps(state.to_json(), sort_keys=True, default=str).encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "big") & 0x7FFFFFFF


def value_words(value: float, kind: str, lang: str, signed: bool = True) -> str:
    """A hint's value for players: ``+2.3 points`` (Czech ``+2,3 bodu``) or
    ``41% chance to win``. ``ValueError`` for an unknown kind or language."""
    lang = check_lang(lang)
    if kind == "points":
        return text(lang, MESSAGES["points"], value=number(value, lang, signed=signed))
    if kind == "win_chance":
        return text(lang, MESSAGES["win_chance"], value=number(100 * value, lang, digits=0, signed=False))
    raise ValueError(f"unknown value kind {kind!r}; the kinds are: {', '.join(VALUE_KINDS)}")


def shown_loss(loss: float, kind: str) -> float:
    """A loss (or any difference of two values) as it is printed, rounded
    from its unrounded value: points to one decimal, a chance to win in
    whole percentage points; never negative. Not the difference of the two
    values as printed, which can differ from it by one in the last digit
    (``+0.24`` and ``-0.04`` print as ``+0.2`` and ``0.0``; the loss,
    0.28, as ``0.3``)."""
    return max(0.0, round(loss, 1) if kind == "points" else float(round(100 * loss)))


def loss_words(loss: float, kind: str, lang: str) -> str:
    """A review's loss in words, rounded from the unrounded ``loss``
    (:func:`shown_loss`; the same in the terminal's lines, ``--json``'s
    readers and the web's review): ``1.3 points``, ``1 percentage point``
    (Czech ``1 procentní bod``, ``5 procentních bodů``)."""
    gap = shown_loss(loss, kind)
    if kind == "win_chance":
        singular, plural = MESSAGES["loss_chance"]
        return ntext(lang, singular, plural, int(gap))
    return text(lang, MESSAGES["points"], value=number(gap, lang))


def number(x: float, lang: str, digits: int = 1, signed: bool = False) -> str:
    """``x`` with ``digits`` decimals in ``lang``'s way (a decimal comma in
    Czech), with a ``+`` for a positive number when ``signed``."""
    out = f"{x:+.{digits}f}" if signed else f"{x:.{digits}f}"
    if out.lstrip("+-") == f"{0:.{digits}f}":
        out = out.lstrip("+-")
    return out.replace(".", ",") if lang == "cs" else out


# ----- helpers ----------------------------------------------------------------------------------

def _check_decision(state: State, seat: int | None) -> int:
    if state.is_terminal():
        raise ValueError("the game is over: there is no move to hint")
    player = state.current_player()
    if player == CHANCE:
        raise ValueError("chance is to move (a deal or a roll), not a player: there is no move to hint")
    if seat is not None and seat != player:
        raise ValueError(f"seat {seat!r} is not to move: the seat to move is {player} (0-based)")
    return player


def _seed(seed: int | None, salt: int) -> int | None:
    return None if seed is None else random.Random(f"{seed}:{salt}").getrandbits(31)


def _search(observation: Observation, seconds, iterations, seed, default: float,
            min_iterations: int = 1) -> tuple[dict[int, tuple[int, float]], ISMCTSBot]:
    """Root statistics of the strong bot's search; with a time budget the
    search is repeated until ``min_iterations`` were done in all."""
    if iterations is None and seconds is None:
        seconds = default
    iterations, seconds = check_budget(iterations, seconds)
    bot = ISMCTSBot(observation.game, observation.seat, seed, iterations=iterations, seconds=seconds)
    stats = bot.root_statistics(observation)
    if bot.last_iterations < min_iterations or len(stats) < len(observation.legal_actions):
        bot = ISMCTSBot(observation.game, observation.seat, seed,
                        iterations=max(min_iterations, bot.last_iterations))
        stats = bot.root_statistics(observation)
    return stats, bot


class _Paired:
    """Paired replicates of moves' values (:meth:`~herna.bots.ismcts.ISMCTSBot.paired_values`):
    ``reps`` is one ``{action: mean utility}`` per replicate."""

    def __init__(self, reps: list[dict[int, float]]) -> None:
        self.reps = reps

    def mean(self, action: int) -> float:
        """The action's mean utility over the replicates."""
        return sum(rep[action] for rep in self.reps) / len(self.reps)

    def gap(self, better: int, worse: int) -> tuple[float, float]:
        """``(mean, standard error)`` of ``better``'s value minus ``worse``'s,
        from the replicates' paired differences (independent replicates:
        sd / sqrt(count))."""
        diffs = [rep[better] - rep[worse] for rep in self.reps]
        mean = sum(diffs) / len(diffs)
        variance = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
        return mean, math.sqrt(variance / len(diffs))


def _evaluate(observation: Observation, actions: list[int], each: int, seed: int | None,
              replicates: int = 0) -> _Paired:
    """``actions`` valued on equal footing and paired
    (:meth:`~herna.bots.ismcts.ISMCTSBot.paired_values`): ``replicates``
    (default :data:`REPLICATES`) replicates of ``each`` iterations a move
    (at least :data:`REPLICATE_FLOOR`)."""
    bot = ISMCTSBot(observation.game, observation.seat, seed)
    return _Paired(bot.paired_values(observation, actions, max(REPLICATE_FLOOR, each), replicates or REPLICATES,
                                     seed if seed is not None else bot.rng.getrandbits(31)))


def _verdict_seed(seed: int | None, salt: int) -> int | None:
    """A review's seed for the verdict of decision ``salt``: independent of
    :func:`_seed`'s, which chose the move it judges."""
    return None if seed is None else random.Random(f"{seed}:{salt}:verdict").getrandbits(31)


def _ranked(stats: dict[int, tuple[int, float]]) -> list[tuple[int, tuple[int, float]]]:
    return sorted(stats.items(), key=lambda item: (-item[1][0], -item[1][1], item[0]))


def _value_kind(state: State) -> tuple[str, float]:
    horizon = record(state.game.name).load("search")
    kind = getattr(horizon, "value_kind", "points")
    return kind, float(getattr(horizon, "points_per_unit", 1.0)) if kind == "points" else 1.0


def _significant(gap: float, se: float) -> bool:
    """Whether a paired difference ``gap`` (a mean over the replicates, with
    standard error ``se``) exceeds :data:`NOISE` standard errors."""
    return gap > NOISE * se


def _compare(values: _Paired, better: int, worse: int, kind: str, scale: float, lang: str, best: bool,
             against_played: bool = False) -> str:
    """The words for the gap between two moves valued together (``values``),
    said of ``better`` (``best``: against the next move or, with
    ``against_played``, against the move played; else of ``worse``,
    against the best). A gap within the noise (:func:`_significant` of the
    paired difference) or that rounds to nothing is "about as good"."""
    even = text(lang, MESSAGES["even_played" if against_played else "even_next" if best else "even_best"])
    gap, se = values.gap(better, worse)
    if not _significant(gap, se):
        return even
    shown_difference = shown_loss(gap * scale, kind)  # from the unrounded difference, as a review's loss
    if kind == "win_chance":
        points = int(shown_difference)
        if points <= 0:
            return even
        key = "played_chance" if against_played else "better_chance" if best else "worse_chance"
        singular, plural = MESSAGES[key]
        return ntext(lang, singular, plural, points)
    if shown_difference < 0.05:
        return even
    key = "played_points" if against_played else "better_points" if best else "worse_points"
    return text(lang, MESSAGES[key], d=number(shown_difference, lang))


class _Words:
    """The game's words for moves and events (its record's ``texts``,
    :mod:`herna.text`), as ``seat`` reads them."""

    def __init__(self, state: State, seat: int, lang: str) -> None:
        self.module = record(state.game.name).load("texts")
        self.style = Voice.make(lang)
        self.view = state.view(seat)
        self.seat = seat

    def label(self, string: str) -> str:
        hook = getattr(self.module, "action_label", None)
        words = hook(string, self.view, self.style) if hook else None
        return words or string

    def move(self, string: str) -> str:
        """The move in words for a review line (the words module's
        ``move_words``, else :meth:`label`)."""
        hook = getattr(self.module, "move_words", None)
        words = hook(string, self.view, self.style) if hook else None
        return words or self.label(string)



def _facts(observation: Observation, action: int, words: _Words, seed: int | None) -> list[str]:
    """Facts about ``action`` (see the module docstring), as sentences: the
    game's reasons (:mod:`herna.bots.reasons`, from the seat's view), and
    those measured on determinizations of the seat's information."""
    seat = observation.seat
    rng = random.Random(seed)
    draw = observation.resampler()
    wins = tries = 0
    greedy: list = []
    horizon = None
    before: list[float] = []
    after: list[float] = []
    string = observation.action_strings[observation.legal_actions.index(action)]
    for _ in range(REASON_SAMPLES):
        state = draw(rng).record_events()
        if horizon is None:
            horizon = horizon_for(state)
        start = state.num_actions()
        chances = getattr(horizon, "value_kind", "points") == "win_chance"
        if chances:
            utility = horizon.utility(state)
            before = [b + u for b, u in zip(before, utility)] if before else list(utility)
        state.apply_action(action)
        events = state.events(since=start, seat=seat)
        played_card = any(e["kind"] == "card_played" and e.get("seat") == seat for e in events)
        if not played_card:
            if not chances:
                break
            _play_out(state, horizon, rng, greedy)
            utility = horizon.utility(state)
            after = [a + u for a, u in zip(after, utility)] if after else list(utility)
            continue
        winner = _trick_winner(state, start, rng, greedy)
        if winner is not None:
            tries += 1
            wins += winner == seat
    out = []
    if tries:
        out.append(text(words.style.lang, MESSAGES["trick"], w=wins, n=tries))
    out.extend(reasons(observation.game.name, observation.view, string, words.style,
                       trick=(wins, tries) if tries else None))
    if after:
        lang = words.style.lang
        a = number(100 * before[seat] / REASON_SAMPLES, lang, digits=0)
        b = number(100 * after[seat] / REASON_SAMPLES, lang, digits=0)
        # the same when rounded: "stays about 17%", not "goes from 17% to 17%"
        out.append(text(lang, MESSAGES["own_chance"] if a != b else MESSAGES["own_chance_same"], a=a, b=b))
        out.append(_rival_fact(seat, [b / REASON_SAMPLES for b in before], [a / REASON_SAMPLES for a in after],
                               words))
    return out


def _rival_fact(seat: int, before: list[float], after: list[float], words: _Words) -> str:
    """The other seat whose chance to win the move (and the rest of the
    turn) lowers most, if by :data:`RIVAL_DROP` or more: ``Seat 3 (the
    leader): chance to win falls from 60% to 35%``; ``""`` if none."""
    others = [s for s in range(len(before)) if s != seat]
    if not others:
        return ""
    rival = max(others, key=lambda s: (before[s] - after[s], -s))
    if before[rival] - after[rival] < RIVAL_DROP:
        return ""
    leader = max(others, key=lambda s: (before[s], -s))
    key = "leader_falls" if rival == leader else "rival_falls"
    lang = words.style.lang
    return text(lang, MESSAGES[key], who=words.style.seat(rival), a=number(100 * before[rival], lang, digits=0),
                b=number(100 * after[rival], lang, digits=0))


def _play_out(state: State, horizon, rng: random.Random, greedy: list) -> None:
    """Play ``state`` on to the horizon (the end of the turn in play), chance
    by its probabilities and every seat as the greedy bot."""
    from . import make_bot

    if not greedy:
        greedy.extend(make_bot("greedy", state.game, s, seed=rng.randrange(1 << 30))
                      for s in range(state.game.num_players))
    while not horizon.done(state):
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(greedy[player].choose(observe(state, player)))


def _trick_winner(state: State, start: int, rng: random.Random, greedy: list) -> int | None:
    """Play on with the greedy bot in every seat until the trick of the card
    just played is won; its winner (``None`` if none within
    :data:`MAX_TRICK_STEPS` actions or before the game ends)."""
    from . import make_bot

    if not greedy:
        greedy.extend(make_bot("greedy", state.game, s, seed=rng.randrange(1 << 30))
                      for s in range(state.game.num_players))
    for _ in range(MAX_TRICK_STEPS):
        for event in state.events(since=start):
            if event["kind"] == "trick_won":
                return event["seat"]
        if state.is_terminal():
            return None
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(greedy[player].choose(observe(state, player)))
    return None
