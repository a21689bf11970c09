"""Dealing with a seedable shuffle (docs/rules.md §1, "Deal").

The dealer gives 3 then 2 cards to each player (french option ``deal_2_then_3``:
2 then 3), starting with the player after the dealer, and turns the next card
up: the bidding card. After the auction the receiver of the bidding card gets
it plus 2 more, every other player 3, so everyone holds 8.

>>> from engine.variants import rules_for
>>> from engine.cards import cards_of
>>> d = first_deal(rules_for("saudi"), Seat.S, seed=7)
>>> [len(cards_of(m)) for m in d.hands], len(d.stock)
([5, 5, 5, 5], 11)
>>> full = complete_deal(d, receiver=Seat.N, rules=rules_for("saudi"))
>>> [len(cards_of(m)) for m in full]
[8, 8, 8, 8]
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import CARDS, Card, Seat, cards_of, seats_from
from engine.variants import RuleSet


@dataclass(frozen=True)
class FirstDeal:
    """The table before the auction: five cards each, the bidding card, and the stock."""

    dealer: Seat
    hands: tuple[int, int, int, int]  # masks, indexed by Seat
    bidding_card: Card
    stock: tuple[Card, ...]  # the undealt cards, in dealing order


_PERMUTATIONS = math.factorial(32)


def _radix_groups() -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """The Fisher-Yates steps ``(i, i + 1)``, i = 31 → 1, in groups whose radices multiply to
    less than 2**30: one division of the big random number per group, the digits of a group
    then come from a small int."""
    groups = []
    i = 31
    while i >= 1:
        steps: list[tuple[int, int]] = []
        product = 1
        while i >= 1 and product * (i + 1) < 2**30:
            steps.append((i, i + 1))
            product *= i + 1
            i -= 1
        groups.append((product, tuple(steps)))
    return tuple(groups)


_RADIX_GROUPS = _radix_groups()
_BIT = tuple(1 << c for c in range(32))


def shuffled_deck(seed: int | random.Random | None = None) -> list[Card]:
    """A uniformly shuffled deck.

    Fisher-Yates driven by one random number below 32!: its mixed-radix digits
    are independent and uniform, so this is exactly ``random.shuffle`` with
    one call to the generator instead of 31 (the deal is on the hot path of
    every simulated hand).
    """
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    deck = list(CARDS)
    k = rng.randrange(_PERMUTATIONS)
    for product, steps in _RADIX_GROUPS:
        digits = k % product
        k //= product
        for i, radix in steps:
            j = digits % radix
            digits //= radix
            deck[i], deck[j] = deck[j], deck[i]
    return deck


def _packet_positions(sizes: tuple[int, ...], start: int = 0) -> tuple[tuple[int, ...], ...]:
    """For each of the four players in dealing order, the positions of the cards they get when
    the cards from ``start`` on are dealt in rounds of packets of ``sizes`` (one size per round)."""
    positions: list[list[int]] = [[], [], [], []]
    pos = start
    for size in sizes:
        for player in range(4):
            positions[player] += range(pos, pos + size)
            pos += size
    return tuple(tuple(p) for p in positions)


# Deck positions of each player's first five cards (in dealing order), by packets.
_FIRST_POSITIONS = {packets: _packet_positions(packets) for packets in ((3, 2), (2, 3))}
# Stock positions of each player's last cards (in dealing order), by the receiver's place in that order.
_STOCK_POSITIONS = tuple(
    tuple(
        tuple(range(sum(3 - (p == r) for p in range(player)), sum(3 - (p == r) for p in range(player + 1))))
        for player in range(4)
    )
    for r in range(4)
)


def first_deal(
    rules: RuleSet, dealer: Seat, seed: int | random.Random | None = None, deck: list[Card] | None = None
) -> FirstDeal:
    """Deal five cards each and turn up the bidding card."""
    if deck is None:
        deck = shuffled_deck(seed)
    elif sorted(deck) != list(CARDS):
        raise ValueError("a deck holds each of the 32 cards once")
    order = seats_from((dealer + (-1 if rules.clockwise else 1)) % 4, rules.clockwise)
    positions = _FIRST_POSITIONS[(2, 3) if getattr(rules, "deal_2_then_3", False) else (3, 2)]
    hands = [0, 0, 0, 0]
    bit = _BIT
    for seat, player_positions in zip(order, positions, strict=True):
        m = 0
        for p in player_positions:
            m |= bit[deck[p]]
        hands[seat] = m
    return FirstDeal(dealer, (hands[0], hands[1], hands[2], hands[3]), deck[20], tuple(deck[21:]))


def complete_deal(first: FirstDeal, receiver: Seat, rules: RuleSet) -> tuple[int, int, int, int]:
    """Hand out the rest: the receiver takes the bidding card and 2 more, the others 3 each."""
    order = seats_from((first.dealer + (-1 if rules.clockwise else 1)) % 4, rules.clockwise)
    hands = list(first.hands)
    hands[receiver] |= 1 << first.bidding_card
    stock = first.stock
    positions = _STOCK_POSITIONS[order.index(receiver)]
    bit = _BIT
    for seat, player_positions in zip(order, positions, strict=True):
        m = 0
        for p in player_positions:
            m |= bit[stock[p]]
        hands[seat] |= m
    return (hands[0], hands[1], hands[2], hands[3])


def deck_for(
    rules: RuleSet,
    dealer: Seat,
    first_hands: Sequence[int],
    bidding_card: Card,
    full_hands: Sequence[int],
    receiver: Seat,
) -> list[Card]:
    """A deck that :func:`first_deal` and :func:`complete_deal` deal as given: ``first_hands``
    (five cards a seat, masks), the bidding card, then ``full_hands`` (eight cards a seat) once
    ``receiver`` has taken the bidding card. The inverse of dealing, for replaying a recorded hand.
    """
    order = seats_from((dealer + (-1 if rules.clockwise else 1)) % 4, rules.clockwise)
    positions = _FIRST_POSITIONS[(2, 3) if getattr(rules, "deal_2_then_3", False) else (3, 2)]
    deck: list[Card | None] = [None] * 32
    for seat, player_positions in zip(order, positions, strict=True):
        for p, c in zip(player_positions, cards_of(first_hands[seat]), strict=True):
            deck[p] = c
    deck[20] = bidding_card
    stock = _STOCK_POSITIONS[order.index(receiver)]
    for seat, player_positions in zip(order, stock, strict=True):
        rest = full_hands[seat] & ~first_hands[seat] & ~(1 << bidding_card)
        for p, c in zip(player_positions, cards_of(rest), strict=True):
            deck[21 + p] = c
    if any(c is None for c in deck):
        raise ValueError("these hands are not a deal")
    return [c for c in deck if c is not None]
