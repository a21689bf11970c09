"""The value of every choice open to one seat, judged from what that seat has seen.

One evaluator answers the hints, the hand review and the strong bot: given a
:class:`~engine.bots.view.View` (the seat's own cards, the bidding card, the
calls, the doubling words, every card played, the projects shown), it deals the
cards the seat cannot see many times, each deal consistent with all of that
(:mod:`engine.bots.sampling` for the voids and cards the play proved;
:func:`engine.bots.auction_model.explains` for the calls: a seat that passed
rarely holds the J and 9 of the bidding card's suit), and values each legal
choice on the **same** deals:

- **a card**: the seat's team's card points for the whole hand (tricks already
  taken, the last-trick bonus included) after the card, the rest played out on
  each deal by the exact solver (perfect-information Monte Carlo) once the seat
  holds :data:`EXACT_CARDS` cards or fewer, earlier by the rule-of-thumb
  playout (:mod:`engine.bots.rollout`), the best that fits the time;
- **a call**: the auction finished by rule-of-thumb players, the contract it
  sells played out, the hand scored: the seat's team's game points minus the
  other team's (a void hand: 0);
- **a doubling word**: the same margin of game points, the hand played out once
  per deal and scored at each word's multiplier.

Each value comes with its 95 % interval. Because every choice is valued on the
same deals, two choices are compared by their **paired** differences (the luck
of the deal cancels out): :attr:`Evaluation.best` holds the choices whose
difference from the leader is not told apart from zero at 95 %, and a choice is
a **mistake** (:meth:`Evaluation.mistake`) only when it loses at least
:data:`MISTAKE_CARD_POINTS` card points (the same share of a typical hand in game
points, for a call) on average **and** the whole 95 % interval of that loss lies
above zero.

The result depends only on the view, the ``seed`` and the sample count: the
random generator is seeded from the view's own content, so the hint asked at
the table and the review computed later give the same values for the same
decision, and dealing the hidden cards differently changes nothing.
"""

from __future__ import annotations

import hashlib
import math
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from engine.auction import LADDER
from engine.bots.auction_model import explains, finish_auction
from engine.bots.knowledge import Knowledge, infer
from engine.bots.outcome import scale
from engine.bots.rollout import playout
from engine.bots.sampling import sample_hands
from engine.bots.simulation import (
    PlayPosition,
    contract_deal,
    deal_value,
    play_contract,
    sample_first_deal,
)
from engine.bots.view import View
from engine.cards import CARDS, SEATS, SUIT_MASK, iter_bits
from engine.deal import FirstDeal
from engine.hand import Phase
from engine.ranking import POINTS, STRENGTH
from engine.solver.solution import solve

__all__ = [
    "EXACT_CARDS",
    "MISTAKE_CARD_POINTS",
    "SAMPLES",
    "Estimate",
    "Evaluation",
    "evaluate",
    "evaluate_sampled",
    "sample_play_deal",
]

SAMPLES = 32
"""Sampled deals per decision (the hint and the review use the same number)."""
EXACT_CARDS = 4
"""Cards in the seat's hand from which each sampled deal is solved exactly; more cards are
played out by the rule-of-thumb policy (a faster exact solver can raise it)."""
MISTAKE_CARD_POINTS = 5.0
"""Expected card points a choice must lose, at least, to be called a mistake."""
TYPICAL_HAND = 162
"""Card points of a whole hand: the threshold in game points is the same share of a typical hand's
game points (:func:`engine.bots.outcome.scale`)."""
Z = 1.96
"""Standard errors of a 95 % interval."""
REJECTION_TRIES = 20
"""Deals tried before the auction for one that explains the calls made."""
PLAY_REJECTION_TRIES = 8
"""Deals tried during the play for one that also explains the auction."""
MIN_SAMPLES = 4
"""Samples taken whatever the time budget."""


@dataclass(frozen=True)
class Estimate:
    """A mean over sampled deals and its 95 % interval."""

    value: float
    low: float
    high: float

    def as_dict(self) -> dict[str, float]:
        return {"value": round(self.value, 1), "low": round(self.low, 1), "high": round(self.high, 1)}


def _estimate(xs: Sequence[float]) -> Estimate:
    n = len(xs)
    if n == 0:
        return Estimate(0.0, 0.0, 0.0)
    mean = sum(xs) / n
    if n == 1:
        return Estimate(mean, mean, mean)
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    half = Z * math.sqrt(var / n)
    return Estimate(mean, mean - half, mean + half)


@dataclass(frozen=True)
class Evaluation:
    """Every legal choice of one seat valued on the same sampled deals."""

    seat: int
    kind: str
    """``card``, ``call`` or ``double``."""
    unit: str
    """``card-points`` (a card) or ``game-points`` (a call or doubling word: a margin)."""
    options: dict[str, Estimate]
    """Each legal choice (cards as ``"AH"``, calls as the auction spells them) and its value."""
    losses: dict[str, Estimate]
    """Each choice's loss against :attr:`choice` on the same deals (negative: it did better)."""
    best: tuple[str, ...]
    """The choices not told apart from the best one (:attr:`choice` first)."""
    choice: str
    """The choice of the best mean value."""
    samples: int
    exact: bool
    """The sampled deals were solved exactly (cards only)."""
    threshold: float
    """The loss from which a choice may be a mistake, in :attr:`unit`."""
    made: dict[str, float] = field(default_factory=dict)
    """Calls only: for each call, the share of the deals where the contract it leads to is made
    by the team that buys it."""
    ours: dict[str, float] = field(default_factory=dict)
    """Calls only: for each call, the share of the deals where the seat's team buys."""

    def loss(self, choice: str) -> float:
        """The expected loss of ``choice`` against the best (0 for a choice in :attr:`best`)."""
        if choice in self.best:
            return 0.0
        return max(0.0, self.losses[choice].value)

    def mistake(self, choice: str) -> bool:
        """``choice`` loses at least :attr:`threshold` and the interval of its loss lies above 0."""
        return choice not in self.best and self.loss(choice) >= self.threshold and self.losses[choice].low > 0


# ---------------------------------------------------------------- sampling


def _view_seed(view: View, seed: int) -> int:
    """A seed from what the seat sees and ``seed``: the same view gives the same samples."""
    public = (
        view.rules.name,
        repr(view.rules),
        int(view.seat),
        int(view.dealer),
        view.hand,
        int(view.bidding_card),
        tuple((int(c.seat), str(c.call)) for c in view.calls),
        tuple(repr(d) for d in view.doubles),
        repr(view.contract),
        tuple((int(p.seat), int(p.card)) for p in view.plays),
        repr(view.projects),
        view.choices,
        view.legal,
        seed,
    )
    return _public_seed(public)


def _public_seed(public: object) -> int:
    """A seed from ``public``: what the seat sees and the caller's seed, its ``repr`` stable."""
    digest = hashlib.sha256(repr(public).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def sample_play_deal(
    view: View, knowledge: Knowledge, position: PlayPosition, calls: Sequence[str], rng: random.Random
) -> list[int]:
    """Hidden hands consistent with the play and, as far as a few tries find, with the auction:
    a random five of each seat's eight cards (the bidding card was not among the receiver's five)
    must make rule-of-thumb players call as they did."""
    hands = sample_hands(knowledge, rng)
    if not calls:
        return hands
    bidding_card = view.bidding_card
    receiver = view.contract.receiver if view.contract is not None else -1
    for _ in range(PLAY_REJECTION_TRIES):
        first = [0, 0, 0, 0]
        for s, cards in enumerate(position.original_hands(hands)):
            if s == view.seat:
                continue
            if s == receiver:
                cards &= ~(1 << bidding_card)
            for c in rng.sample(list(iter_bits(cards)), 5):
                first[s] |= 1 << c
        if explains(view.rules, view.dealer, bidding_card, calls, first, view.seat):
            break
        hands = sample_hands(knowledge, rng)
    return hands


def sample_auction_deal(view: View, calls: Sequence[str], rng: random.Random) -> FirstDeal:
    """A random table before the contract on which rule-of-thumb players make the calls made so far."""
    first = sample_first_deal(view, rng)
    for _ in range(REJECTION_TRIES - 1):
        if explains(view.rules, view.dealer, view.bidding_card, calls, first.hands, view.seat):
            break
        first = sample_first_deal(view, rng)
    return first


class _Samples:
    """Count samples up to ``samples``, or until ``budget_ms`` is spent (after :data:`MIN_SAMPLES`)."""

    def __init__(self, samples: int, budget_ms: float | None) -> None:
        self.samples = max(1, samples)
        self.budget_ms = budget_ms
        self.start = time.perf_counter()
        self.n = 0

    def more(self) -> bool:
        if self.n >= self.samples:
            return False
        if (
            self.budget_ms is not None
            and self.n >= MIN_SAMPLES
            and (time.perf_counter() - self.start) * 1000.0 > self.budget_ms
        ):
            return False
        self.n += 1
        return True


# ---------------------------------------------------------------- the choices


def card_groups(legal: int, live: int, trump: int) -> dict[int, int]:
    """Each legal card and the card that stands for it: of adjacent cards of one suit with the same
    points (no live card between them in strength) the weakest, since they cannot differ."""
    points = POINTS[trump]
    strength = STRENGTH[trump]
    out: dict[int, int] = {}
    for s in range(4):
        if not legal & SUIT_MASK[s]:
            continue
        order = sorted((c for c in range(8 * s, 8 * s + 8) if live >> c & 1), key=lambda c: strength[c])
        rep = -1
        for c in order:
            if legal >> c & 1:
                if rep < 0 or points[rep] != points[c]:
                    rep = c
                out[c] = rep
            else:
                rep = -1
    return out


def _evaluation(
    seat: int,
    kind: str,
    unit: str,
    choices: Sequence[str],
    values: dict[str, list[float]],
    exact: bool,
    threshold: float,
    made: dict[str, float] | None = None,
    ours: dict[str, float] | None = None,
) -> Evaluation:
    options = {c: _estimate(values[c]) for c in choices}
    # The leader: the best mean; ties go to the first choice in ``choices``' order.
    lead = max(choices, key=lambda c: (round(options[c].value, 9), -choices.index(c)))
    losses = {c: _estimate([a - b for a, b in zip(values[lead], values[c], strict=True)]) for c in choices}
    best = (lead, *[c for c in choices if c != lead and losses[c].low <= 0])
    n = len(values[lead])
    return Evaluation(
        int(seat), kind, unit, options, losses, best, lead, n, exact, threshold, made or {}, ours or {}
    )


def evaluate_card(
    view: View,
    seed: int = 0,
    samples: int = SAMPLES,
    exact_cards: int = EXACT_CARDS,
    budget_ms: float | None = None,
) -> Evaluation:
    """Every legal card of ``view.seat`` valued in its team's card points for the whole hand."""
    contract = view.contract
    legal = view.legal
    if not legal or contract is None:
        raise ValueError("the seat has no card to play now")
    trump = contract.trump
    live = view.unseen | view.hand | _mask(view.trick)
    groups = card_groups(legal, live, trump)
    reps = sorted(set(groups.values()), key=lambda c: (POINTS[trump][c], STRENGTH[trump][c], c))
    names = {c: str(CARDS[c]) for c in groups}
    order = sorted(groups, key=lambda c: (reps.index(groups[c]), c))
    choices = [names[c] for c in order]
    team = view.seat & 1
    values: dict[int, list[float]] = {c: [] for c in reps}
    exact = view.hand.bit_count() <= exact_cards
    if len(reps) > 1:
        rng = random.Random(_view_seed(view, seed))
        position = PlayPosition(view)
        knowledge = infer(view)
        calls = [c.call for c in view.calls]
        leader = SEATS[position.leader] if position.leader >= 0 else view.seat
        so_far = (position.points[0], position.points[1])
        count = _Samples(samples, budget_ms)
        while count.more():
            hands = sample_play_deal(view, knowledge, position, calls, rng)
            if exact:
                h = (hands[0], hands[1], hands[2], hands[3])
                trick = list(position.trick)
                s = solve(view.rules, trump, h, view.seat, leader, trick, so_far, None)
                for c in reps:
                    values[c].append(float(s.totals(CARDS[c])[team]))
                continue
            for c in reps:
                hs = list(hands)
                points = list(position.points)
                tricks = list(position.tricks)
                playout(
                    view.rules,
                    trump,
                    hs,
                    position.trick,
                    position.leader,
                    points,
                    tricks,
                    position.attack,
                    contract.taker,
                    c,
                )
                values[c].append(float(points[team]))
    else:
        values[reps[0]].append(0.0)
    by_name = {names[c]: values[groups[c]] for c in groups}
    return _evaluation(view.seat, "card", "card-points", choices, by_name, exact, MISTAKE_CARD_POINTS)


def evaluate_call(
    view: View, seed: int = 0, samples: int = SAMPLES, budget_ms: float | None = None, kept: bool = False
) -> Evaluation:
    """Every allowed call (a redeal aside) valued in game points: the seat's team's minus the other's.

    The auction goes on by the rules of thumb, the seat's own later calls included; ``kept``: the
    seat keeps to the call valued instead (:func:`~engine.bots.auction_model.finish_auction`'s
    ``keeps``), as a bidding puzzle means it."""
    choices = [c for c in view.choices if c != "redeal"]
    if not choices:
        raise ValueError("the seat has no call to make now")
    rng = random.Random(_view_seed(view, seed))
    calls = [c.call for c in view.calls]
    team = view.seat & 1
    values: dict[str, list[float]] = {c: [] for c in choices}
    made = dict.fromkeys(choices, 0)
    ours = dict.fromkeys(choices, 0)
    count = _Samples(samples if len(choices) > 1 else 1, budget_ms)
    worst = scale(view.rules, view.bidding_card >> 3)
    while count.more():
        first = sample_auction_deal(view, calls, rng)
        for call in choices:
            keeps = view.seat if kept else None
            contract = finish_auction(
                view.rules, view.dealer, view.bidding_card, [*calls, call], first.hands, keeps
            )
            if contract is None:
                values[call].append(0.0)  # a void hand: nobody scores
                continue
            full = contract_deal(view, first, contract)
            value = deal_value(view, contract, full, multiplier=1)
            points, tricks = play_contract(view, full, contract)
            gp = value.game_points(points, tricks)
            values[call].append(float(gp[team] - gp[team ^ 1]))
            buyers = int(contract.team)
            made[call] += gp[buyers] > 0
            ours[call] += buyers == team
    n = max(count.n, 1)
    threshold = MISTAKE_CARD_POINTS * worst / TYPICAL_HAND
    return _evaluation(
        view.seat,
        "call",
        "game-points",
        choices,
        values,
        False,
        threshold,
        {c: made[c] / n for c in choices},
        {c: ours[c] / n for c in choices},
    )


def evaluate_double(
    view: View, seed: int = 0, samples: int = SAMPLES, budget_ms: float | None = None
) -> Evaluation:
    """Every allowed doubling word valued in game points: the seat's team's minus the other's."""
    choices = list(view.choices)
    contract = view.contract
    if not choices or contract is None:
        raise ValueError("the seat has no word to say now")
    rng = random.Random(_view_seed(view, seed))
    knowledge = infer(view)
    team = view.seat & 1
    multipliers = {w: view.multiplier if w == "pass" else (2, 3, 4, 4)[LADDER.index(w)] for w in choices}
    values: dict[str, list[float]] = {w: [] for w in choices}
    count = _Samples(samples if len(choices) > 1 else 1, budget_ms)
    while count.more():
        hands = sample_hands(knowledge, rng)
        points, tricks = play_contract(view, hands, contract)
        for w in choices:
            gp = deal_value(view, contract, hands, multiplier=multipliers[w]).game_points(points, tricks)
            values[w].append(float(gp[team] - gp[team ^ 1]))
    threshold = MISTAKE_CARD_POINTS * scale(view.rules, contract.trump) / TYPICAL_HAND
    return _evaluation(view.seat, "double", "game-points", choices, values, False, threshold)


def evaluate_sampled(
    seat: int,
    choices: Sequence[str],
    public: object,
    values_on: Callable[[random.Random], Mapping[str, float]],
    seed: int = 0,
    samples: int = SAMPLES,
    kind: str = "card",
) -> Evaluation:
    """The evaluator for a game that deals its hidden cards its own way (two-player découverte):
    ``values_on(rng)`` deals the cards ``seat`` cannot see once, consistently with ``public`` (all
    the seat has seen, its ``repr`` stable), and returns each choice's value on that deal, in card
    points. The samples are seeded from ``public`` and ``seed`` alone, so the hidden cards as they
    really lie change nothing; the best choices and the mistakes follow the same rule as above."""
    rng = random.Random(_public_seed((public, seed)))
    values: dict[str, list[float]] = {c: [] for c in choices}
    count = _Samples(samples if len(choices) > 1 else 1, None)
    while count.more():
        on = values_on(rng)
        for c in choices:
            values[c].append(on[c])
    return _evaluation(seat, kind, "card-points", choices, values, False, MISTAKE_CARD_POINTS)


def evaluate(
    view: View,
    seed: int = 0,
    samples: int = SAMPLES,
    exact_cards: int = EXACT_CARDS,
    budget_ms: float | None = None,
) -> Evaluation:
    """Whatever ``view.seat`` must decide now: a call, a doubling word or a card.

    ``budget_ms``: stop sampling once this time is spent (after :data:`MIN_SAMPLES` samples); the
    result then depends on the machine's speed, so hints and reviews leave it unset.
    """
    if view.phase is Phase.AUCTION:
        return evaluate_call(view, seed, samples, budget_ms)
    if view.phase is Phase.DOUBLING:
        return evaluate_double(view, seed, samples, budget_ms)
    if view.phase is Phase.PLAY:
        return evaluate_card(view, seed, samples, exact_cards, budget_ms)
    raise ValueError(f"nothing to decide in phase {view.phase.value}")


def _mask(cards: Sequence[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m
