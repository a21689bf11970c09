"""Level 3: sample the hidden hands, play every choice out, keep the best on average.

Each decision is a small Monte Carlo search over determinizations:

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
- **Auction.** Each call that would make a contract is tried on sampled deals
  (the other seats' five cards and the stock; seats that passed are dealt hands
  the heuristic would have passed with); the best call is made when its
  average utility beats passing. Passing is worth the contract that stands
  (a Hokm another seat called) or, when none stands, ``pass_value``.
- **Doubling.** Each allowed word is valued on sampled deals by the game
  points it would bring (one playout per sample, scored at each multiplier).

A decision stops sampling when ``budget_ms`` is spent (after at least
``min_samples``) or after ``max_samples``. With ``budget_ms=None`` the number of
samples is fixed and the bot is deterministic for a given seed.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

from engine.auction import LADDER, Call, Contract
from engine.bots.base import Bot
from engine.bots.heuristic import heuristic_call
from engine.bots.knowledge import infer
from engine.bots.outcome import scale
from engine.bots.sampling import sample_hands
from engine.bots.simulation import (
    PlayPosition,
    contract_deal,
    deal_value,
    play_contract,
    sample_first_deal,
)
from engine.bots.view import View
from engine.cards import CARDS, SUIT_LETTERS, SUIT_MASK, Card
from engine.deal import FirstDeal
from engine.ranking import NO_TRUMP, POINTS, STRENGTH

PASS_VALUE = 0.0
"""Utility of passing when no contract stands: a call must promise more to be made."""
REJECTION_TRIES = 20


class StrongBot(Bot):
    level = 3
    name = "strong"

    def __init__(
        self,
        seed: int | None = None,
        budget_ms: float | None = 150.0,
        max_samples: int = 400,
        min_samples: int = 6,
        pass_value: float = PASS_VALUE,
    ) -> None:
        self.rng = random.Random(seed)
        self.budget_ms = budget_ms
        self.max_samples = max_samples
        self.min_samples = min_samples
        self.pass_value = pass_value
        self.samples_used = 0
        """Samples the last decision used (for benchmarks)."""

    def _rounds(self) -> Iterator[int]:
        start = time.perf_counter()
        n = 0
        while n < self.max_samples:
            if (
                self.budget_ms is not None
                and n >= self.min_samples
                and (time.perf_counter() - start) * 1000.0 > self.budget_ms
            ):
                break
            yield n
            n += 1
            self.samples_used = n

    # -- play
    def play(self, view: View) -> Card:
        legal = view.legal
        contract = view.contract
        if not legal & (legal - 1) or contract is None:
            return CARDS[legal.bit_length() - 1]
        trump = contract.trump
        live = view.unseen | view.hand | _mask(view.trick)
        cards = representatives(legal, live, trump)
        if len(cards) == 1:
            return CARDS[cards[0]]
        position = PlayPosition(view)
        knowledge = infer(view)
        totals = [0.0] * len(cards)
        self.samples_used = 0
        for _ in self._rounds():
            hands = sample_hands(knowledge, self.rng)
            value = deal_value(view, contract, position.original_hands(hands))
            for i, c in enumerate(cards):
                totals[i] += position.utility_after(hands, c, value)
        best = max(range(len(cards)), key=lambda i: totals[i])
        return CARDS[cards[best]]

    # -- auction
    def bid(self, view: View) -> str:
        choices = [c for c in view.choices if c != "redeal"]
        if len(choices) == 1:
            return choices[0]
        options: dict[str, Contract] = {}
        for c in choices:
            contract = _contract_of(view, c)
            if contract is not None:
                options[c] = contract
        standing = _standing_hokm(view)
        if not options:
            return "pass" if "pass" in choices else choices[0]
        contracts = list(options.values()) + ([standing] if standing is not None else [])
        totals = [0.0] * len(contracts)
        n = 0
        self.samples_used = 0
        for _ in self._rounds():
            first = self._first_deal(view)
            for i, contract in enumerate(contracts):
                full = contract_deal(view, first, contract)
                value = deal_value(view, contract, full, multiplier=1)
                points, tricks = play_contract(view, full, contract)
                totals[i] += value.utility(points, tricks, view.seat & 1)
            n += 1
        means = [t / max(n, 1) for t in totals]
        names = list(options)
        best = max(range(len(names)), key=lambda i: means[i])
        if "pass" not in choices:
            return names[best]
        pass_value = means[-1] if standing is not None else self.pass_value
        return names[best] if means[best] > pass_value else "pass"

    def _first_deal(self, view: View) -> FirstDeal:
        """A random table before the contract; the seats that passed hold hands the heuristic passes with."""
        passes = _passes(view)
        first = sample_first_deal(view, self.rng)
        for _ in range(REJECTION_TRIES):
            if all(heuristic_call(view.rules.name, ch, first.hands[s], view.bidding_card) == "pass"
                   for s, ch in passes):
                break
            first = sample_first_deal(view, self.rng)
        return first

    # -- doubling
    def double(self, view: View) -> str:
        choices = list(view.choices)
        contract = view.contract
        if len(choices) == 1 or contract is None:
            return choices[0]
        knowledge = infer(view)
        words = [(w, view.multiplier if w == "pass" else (2, 3, 4, 4)[LADDER.index(w)]) for w in choices]
        totals = [0.0] * len(words)
        team = view.seat & 1
        s = scale(view.rules, contract.trump)
        self.samples_used = 0
        for _ in self._rounds():
            hands = sample_hands(knowledge, self.rng)
            points, tricks = play_contract(view, hands, contract)
            for i, (_, multiplier) in enumerate(words):
                gp = deal_value(view, contract, hands, multiplier=multiplier).game_points(points, tricks)
                totals[i] += (gp[team] - gp[team ^ 1]) / s
        best = max(range(len(words)), key=lambda i: totals[i])
        return words[best][0]


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


def _contract_of(view: View, choice: str) -> Contract | None:
    """The contract a call would make, if nobody else speaks (``None`` for ``pass``)."""
    call = Call.parse(choice)
    me = view.seat
    up = view.bidding_card.suit
    if call.word in ("hokm", "take"):
        return Contract("hokm", up if call.suit is None else call.suit, me, me)
    if call.word == "sun":
        return Contract("sun", NO_TRUMP, me, me)
    if call.word == "ashkal":
        return Contract("sun", NO_TRUMP, me, me.partner)
    if call.word == "confirm":
        standing = _standing_hokm(view)
        return standing
    return None


def _standing_hokm(view: View) -> Contract | None:
    """The saudi Hokm already called (it stands if everyone passes)."""
    for called in reversed(view.calls):
        call = Call.parse(called.call)
        if call.word == "hokm":
            suit = view.bidding_card.suit if call.suit is None else call.suit
            return Contract("hokm", suit, called.seat, called.seat)
    return None


def _passes(view: View) -> list[tuple[int, tuple[str, ...]]]:
    """The other seats that passed before any contract call, with the choices they had."""
    up = view.bidding_card.suit
    saudi = view.rules.name == "saudi"
    word = "hokm" if saudi else "take"
    round1: tuple[str, ...] = ("pass", "hokm", "sun") if saudi else ("pass", "take")
    others = tuple(f"{word}:{SUIT_LETTERS[s]}" for s in range(4) if s != up)
    round2: tuple[str, ...] = ("pass", "sun", *others) if saudi else ("pass", *others)
    out: list[tuple[int, tuple[str, ...]]] = []
    for i, called in enumerate(view.calls):
        if called.call != "pass":
            break
        if called.seat != view.seat:
            out.append((called.seat, round1 if i < 4 else round2))
    return out
