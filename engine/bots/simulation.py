"""Simulating the rest of a hand from one seat's View and a sampled deal.

Two starting points:

- during the play (:class:`PlayPosition`): the cards played so far are
  replayed once to get the trick in progress, its leader and the points and
  tricks taken; a sample (:mod:`engine.bots.sampling`) gives the hidden hands;
- before the contract (:func:`sample_first_deal`): the other seats' five cards
  and the stock are dealt at random (the passes already made may be honoured
  by the caller), and :func:`contract_deal` completes the deal for a contract.

:func:`deal_value` gives each deal its :class:`~engine.bots.outcome.HandValue`;
the projects come from the View when they have been shown, otherwise from
each seat's sampled eight cards (what the hand would declare for them).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.auction import Contract, first_leader
from engine.bots.outcome import HandValue
from engine.bots.rollout import playout
from engine.bots.view import View, shown_from
from engine.cards import FULL_DECK, SEATS, Card, Seat
from engine.deal import FirstDeal, complete_deal
from engine.projects import Project, best_split_mask
from engine.ranking import LAST_TRICK_BONUS, POINTS, trick_winner_index
from engine.variants import RuleSet


class PlayPosition:
    """The public state of the play, read once from a View."""

    __slots__ = ("attack", "contract", "leader", "played_by", "points", "rules", "seat", "trick", "tricks")

    def __init__(self, view: View) -> None:
        contract = view.contract
        if contract is None:
            raise ValueError("no contract yet")
        self.rules = view.rules
        self.contract = contract
        self.seat = view.seat
        self.attack = contract.team
        trump = contract.trump
        step = -1 if view.rules.clockwise else 1
        points = [0, 0]
        tricks = [0, 0]
        played_by = [0, 0, 0, 0]
        trick: list[int] = []
        leader = -1
        for i, p in enumerate(view.plays):
            played_by[p.seat] |= 1 << p.card
            if not trick:
                leader = p.seat
            trick.append(p.card)
            if len(trick) == 4:
                winner = (leader + step * trick_winner_index(trick, trump)) % 4
                won = sum(POINTS[trump][c] for c in trick)
                if i == 31:
                    won += LAST_TRICK_BONUS
                points[winner & 1] += won
                tricks[winner & 1] += 1
                trick = []
                leader = winner
        if view.leader is not None:
            leader = view.leader
        self.leader = leader
        self.trick = trick
        self.points = points
        self.tricks = tricks
        self.played_by = played_by

    def original_hands(self, hands: Sequence[int]) -> list[int]:
        """Each seat's eight cards: what it holds now plus what it has played."""
        return [hands[s] | self.played_by[s] for s in range(4)]

    def utility_after(self, hands: Sequence[int], card: int, value: HandValue) -> float:
        """Play ``card`` for the seat to act, then play out; the result's utility for the View's team."""
        hs = list(hands)
        points = list(self.points)
        tricks = list(self.tricks)
        playout(
            self.rules,
            self.contract.trump,
            hs,
            self.trick,
            self.leader,
            points,
            tricks,
            self.attack,
            self.contract.taker,
            card,
        )
        return value.utility(points, tricks, self.seat & 1)


def declared_for(
    rules: RuleSet, trump: int, full_hands: Sequence[int], view: View | None = None
) -> dict[Seat, list[Project]]:
    """The projects the hand declares for ``full_hands``; once shown, the View's own."""
    if getattr(rules, "no_declarations", False):
        return {}
    if view is not None and view.trick_number >= shown_from(rules):
        return {s: list(ps) for s, ps in view.projects}
    declared: dict[Seat, list[Project]] = {}
    for s in SEATS:
        ps = best_split_mask(full_hands[s], rules, trump)
        if ps:
            declared[s] = ps
    return declared


def deal_value(
    view: View, contract: Contract, full_hands: Sequence[int], multiplier: int | None = None
) -> HandValue:
    """The :class:`HandValue` of a complete deal (eight cards a seat) under ``contract``."""
    declared = declared_for(view.rules, contract.trump, full_hands, view)
    return HandValue(
        view.rules,
        contract,
        view.dealer,
        declared,
        full_hands,
        view.bidding_card,
        view.multiplier if multiplier is None else multiplier,
        view.gahwa,
        view.pot,
    )


def sample_first_deal(view: View, rng: random.Random) -> FirstDeal:
    """The table before the contract, with the other seats' five cards and the stock at random."""
    rest = FULL_DECK & ~view.hand & ~(1 << view.bidding_card)
    cards = []
    while rest:
        low = rest & -rest
        cards.append(low.bit_length() - 1)
        rest ^= low
    rng.shuffle(cards)
    hands = [0, 0, 0, 0]
    pos = 0
    for s in range(4):
        if s == view.seat:
            hands[s] = view.hand
            continue
        for c in cards[pos : pos + 5]:
            hands[s] |= 1 << c
        pos += 5
    stock = tuple(Card(c) for c in cards[pos:])
    return FirstDeal(view.dealer, (hands[0], hands[1], hands[2], hands[3]), view.bidding_card, stock)


def contract_deal(view: View, first: FirstDeal, contract: Contract) -> tuple[int, int, int, int]:
    return complete_deal(first, contract.receiver, view.rules)


def play_contract(view: View, full_hands: Sequence[int], contract: Contract) -> tuple[list[int], list[int]]:
    """Play a whole hand out under ``contract``: card points and tricks (NS, EW)."""
    points = [0, 0]
    tricks = [0, 0]
    leader = first_leader(view.rules, view.dealer, contract)
    playout(
        view.rules,
        contract.trump,
        list(full_hands),
        [],
        leader,
        points,
        tricks,
        contract.team,
        contract.taker,
    )
    return points, tricks
