"""Level 3: sample the hidden hands, play every choice out, keep the best on average.

By default (``method="coach"``) every decision is the coach's evaluator's
(:mod:`engine.coach.evaluator`): the same values the hints and the hand review
give, each sampled deal solved exactly in the endgame, within the bot's sample
count and time budget. The older method below (``method="race"``) is kept to
measure the two against each other in a duplicate match (``bench/match.py``).

Each decision of the older method is a small Monte Carlo search over determinizations:

- **Play.** The hidden hands are sampled consistently with what the seat has
  seen (:mod:`engine.bots.knowledge`: voids and trump shortages proved by the
  cards played, the bidding card with the receiver, shown projects, the
  belote); for each sample, each legal card is played and the rest of the
  hand is played out by the rule-of-thumb policy for all four seats
  (:mod:`engine.bots.rollout`); the card with the best average
  :func:`~engine.bots.outcome.utility` for the seat's team wins. Every card is
  tried on the same samples, so the comparison is between cards, not between
  deals. Cards that cannot differ in outcome (adjacent zero-point cards of one
  suit) are tried once.
- **Auction.** Each allowed call is tried on sampled deals (the other seats'
  five cards and the stock, dealt so that rule-of-thumb players would have
  made the calls already made): the auction is finished as rule-of-thumb
  players would finish it (:mod:`engine.bots.auction_model`), the contract it
  sells is played out, and the call with the best average utility is made. A
  void hand is worth nothing to either side.
- **Doubling.** Each allowed word is valued on sampled deals by the game
  points it would bring (one playout per sample, scored at each multiplier).

Choices race (:mod:`engine.bots.racing`): after ``race_after`` samples the
clearly worse ones are dropped, and the decision ends when one is left, after
``samples`` samples, or when ``budget_ms`` is spent (after at least
``min_samples``). With ``budget_ms=None`` the bot is deterministic for a given seed.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from functools import partial
from typing import TYPE_CHECKING

from engine.auction import LADDER
from engine.bots.auction_model import explains, finish_auction
from engine.bots.base import Bot
from engine.bots.knowledge import Knowledge, infer
from engine.bots.outcome import scale
from engine.bots.racing import Race
from engine.bots.sampling import sample_hands
from engine.bots.simulation import (
    PlayPosition,
    contract_deal,
    deal_value,
    play_contract,
    sample_first_deal,
)
from engine.bots.view import View
from engine.cards import CARDS, SUIT_MASK, Card
from engine.deal import FirstDeal

if TYPE_CHECKING:
    from engine.coach.evaluator import Evaluation
from engine.ranking import POINTS, STRENGTH

REJECTION_TRIES = 20
"""Deals tried before the auction for one that explains the calls made."""
SAMPLES = 48
"""Samples per decision, at most."""
RACE_AFTER = 8
"""Samples before clearly worse choices are dropped (:mod:`engine.bots.racing`)."""
BUDGET_MS = 150.0
"""Wall-clock time after which a decision stops sampling: well under the 300 ms aim, so that a
loaded machine (fewer samples in the time) still answers in time."""


class StrongBot(Bot):
    level = 3
    name = "strong"

    def __init__(
        self,
        seed: int | None = None,
        samples: int = SAMPLES,
        budget_ms: float | None = BUDGET_MS,
        min_samples: int = 4,
        race_after: int = RACE_AFTER,
        method: str = "coach",
    ) -> None:
        if method not in ("coach", "race"):
            raise ValueError(f"unknown method {method!r}")
        self.method = method
        """``coach``: every decision is the evaluator's (:mod:`engine.coach.evaluator`, the values the
        hints and the review use); ``race``: the older racing estimate of utility below, kept to
        measure the two against each other (``make match``)."""
        self.rng = random.Random(seed)
        self.budget_ms = budget_ms
        self.max_samples = samples
        self.min_samples = min_samples
        self.race_after = race_after
        self.samples_used = 0
        """Samples the last decision used (for benchmarks)."""

    def _race(self, options: int) -> Race:
        return Race(options, self.race_after)

    def _rounds(self) -> Iterator[int]:
        """Count samples (1, 2, ...) until the decision must end (see the module docstring)."""
        start = time.perf_counter()
        n = 0
        self.samples_used = 0
        while n < self.max_samples:
            if (
                self.budget_ms is not None
                and n >= self.min_samples
                and (time.perf_counter() - start) * 1000.0 > self.budget_ms
            ):
                break
            n += 1
            self.samples_used = n
            yield n

    # -- play
    def play(self, view: View) -> Card:
        legal = view.legal
        contract = view.contract
        if not legal & (legal - 1) or contract is None:
            return CARDS[legal.bit_length() - 1]
        if self.method == "coach":
            return Card.parse(self._evaluate(view).choice)
        trump = contract.trump
        live = view.unseen | view.hand | _mask(view.trick)
        cards = representatives(legal, live, trump)
        if len(cards) == 1:
            return CARDS[cards[0]]
        position = PlayPosition(view)
        knowledge = infer(view)
        calls = [c.call for c in view.calls]
        race = self._race(len(cards))
        for _ in self._rounds():
            hands = self._play_sample(view, knowledge, position, calls)
            value = deal_value(view, contract, position.original_hands(hands))
            race.add({i: position.utility_after(hands, cards[i], value) for i in race.active})
            if race.over:
                break
        return CARDS[cards[race.best()]]

    def _play_sample(
        self, view: View, knowledge: Knowledge, position: PlayPosition, calls: list[str]
    ) -> list[int]:
        """Hidden hands consistent with the play and the auction (the coach's own sampling)."""
        from engine.coach.evaluator import sample_play_deal  # the evaluator imports the bots' modules

        return sample_play_deal(view, knowledge, position, calls, self.rng)

    # -- auction
    def bid(self, view: View) -> str:
        choices = [c for c in view.choices if c != "redeal"]
        if len(choices) == 1:
            return choices[0]
        if self.method == "coach":
            return self._evaluate(view).choice
        return self.bid_estimates(view)[0]

    def bid_estimates(self, view: View) -> tuple[str, dict[str, float]]:
        """The call the bot makes, and its estimate of each allowed call (``redeal`` aside).

        The estimate is the mean utility (:func:`engine.bots.outcome.utility`) of the call on the
        sampled deals it was tried on: a call dropped from the race early was tried on fewer.
        """
        choices = [c for c in view.choices if c != "redeal"]
        if len(choices) == 1:
            return choices[0], {choices[0]: 0.0}
        calls = [c.call for c in view.calls]
        finish = partial(finish_auction, view.rules, view.dealer, view.bidding_card)
        race = self._race(len(choices))
        for _ in self._rounds():
            first = self._first_deal(view, calls)
            values = {}
            for i in race.active:
                contract = finish([*calls, choices[i]], first.hands)
                if contract is None:
                    values[i] = 0.0  # a void hand: nobody scores
                    continue
                full = contract_deal(view, first, contract)
                value = deal_value(view, contract, full, multiplier=1)
                points, tricks = play_contract(view, full, contract)
                values[i] = value.utility(points, tricks, view.seat & 1)
            race.add(values)
            if race.over:
                break
        return choices[race.best()], {c: race.mean(i) for i, c in enumerate(choices)}

    def _first_deal(self, view: View, calls: list[str]) -> FirstDeal:
        """A random table before the contract on which rule-of-thumb players make the calls made so far."""
        for _ in range(REJECTION_TRIES):
            first = sample_first_deal(view, self.rng)
            if explains(view.rules, view.dealer, view.bidding_card, calls, first.hands, view.seat):
                break
        return first

    # -- doubling
    def double(self, view: View) -> str:
        choices = list(view.choices)
        if len(choices) == 1 or view.contract is None:
            return choices[0]
        if self.method == "coach":
            return self._evaluate(view).choice
        return self.double_estimates(view)[0]

    def _evaluate(self, view: View) -> Evaluation:
        from engine.coach.evaluator import evaluate  # the evaluator imports the bots' modules

        evaluation = evaluate(view, self.rng.getrandbits(32), self.max_samples, budget_ms=self.budget_ms)
        self.samples_used = evaluation.samples
        return evaluation

    def double_estimates(self, view: View) -> tuple[str, dict[str, float]]:
        """The doubling word the bot says, and its estimate of each allowed word.

        The estimate is the mean margin in game points (the seat's team's minus the other's,
        divided by :func:`engine.bots.outcome.scale`, a typical hand's game points) of the word on
        the sampled deals it was tried on. The hidden hands are sampled from what the seat knows
        only; each sample is played out once and scored at each word's multiplier, so the words
        are compared on the same deals.
        """
        choices = list(view.choices)
        contract = view.contract
        if len(choices) == 1 or contract is None:
            return choices[0], {choices[0]: 0.0}
        knowledge = infer(view)
        words = [(w, view.multiplier if w == "pass" else (2, 3, 4, 4)[LADDER.index(w)]) for w in choices]
        team = view.seat & 1
        s = scale(view.rules, contract.trump)
        race = self._race(len(words))
        # Scoring a playout at one more multiplier costs next to nothing: every word is valued on
        # every sample (the race only decides when to stop), so the estimates share their deals.
        totals = [0.0] * len(words)
        for _ in self._rounds():
            hands = sample_hands(knowledge, self.rng)
            points, tricks = play_contract(view, hands, contract)
            values = {}
            for i, (_, multiplier) in enumerate(words):
                gp = deal_value(view, contract, hands, multiplier=multiplier).game_points(points, tricks)
                values[i] = (gp[team] - gp[team ^ 1]) / s
                totals[i] += values[i]
            race.add(values)
            if race.over:
                break
        n = max(race.samples, 1)
        return words[race.best()][0], {w: totals[i] / n for i, (w, _) in enumerate(words)}


def representatives(legal: int, live: int, trump: int) -> list[int]:
    """The legal cards worth trying: of adjacent cards of one suit with the same points
    (no live card between them in strength), only the weakest."""
    points = POINTS[trump]
    strength = STRENGTH[trump]
    out = []
    for s in range(4):
        held = legal & SUIT_MASK[s]
        if not held:
            continue
        order = sorted((c for c in range(8 * s, 8 * s + 8) if live >> c & 1), key=lambda c: strength[c])
        prev = -1
        for c in order:
            if held >> c & 1:
                if prev < 0 or points[prev] != points[c]:
                    out.append(c)
                prev = c
            else:
                prev = -1
    return out


def _mask(cards: tuple[Card, ...]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m
