"""Dealing with a seedable shuffle (RULES.md §1, "Deal").

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
from dataclasses import dataclass

from engine.cards import CARDS, Card, Seat, seats_from
from engine.variants import RuleSet


@dataclass(frozen=True)
class FirstDeal:
    """The table before the auction: five cards each, the bidding card, and the stock."""

    dealer: Seat
    hands: tuple[int, int, int, int]  # masks, indexed by Seat
    bidding_card: Card
    stock: tuple[Card, ...]  # the undealt cards, in dealing order


_PERMUTATIONS = math.factorial(32)


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
    for i in range(31, 0, -1):
        k, j = divmod(k, i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def first_deal(
    rules: RuleSet, dealer: Seat, seed: int | random.Random | None = None, deck: list[Card] | None = None
) -> FirstDeal:
    """Deal five cards each and turn up the bidding card."""
    if deck is None:
        deck = shuffled_deck(seed)
    elif sorted(deck) != list(CARDS):
        raise ValueError("a deck holds each of the 32 cards once")
    order = seats_from((dealer + (-1 if rules.clockwise else 1)) % 4, rules.clockwise)
    packets = (2, 3) if getattr(rules, "deal_2_then_3", False) else (3, 2)
    hands = [0, 0, 0, 0]
    pos = 0
    for size in packets:
        for seat in order:
            for c in deck[pos : pos + size]:
                hands[seat] |= 1 << c
            pos += size
    return FirstDeal(dealer, (hands[0], hands[1], hands[2], hands[3]), deck[pos], tuple(deck[pos + 1 :]))


def complete_deal(first: FirstDeal, receiver: Seat, rules: RuleSet) -> tuple[int, int, int, int]:
    """Hand out the rest: the receiver takes the bidding card and 2 more, the others 3 each."""
    order = seats_from((first.dealer + (-1 if rules.clockwise else 1)) % 4, rules.clockwise)
    hands = list(first.hands)
    hands[receiver] |= 1 << first.bidding_card
    pos = 0
    for seat in order:
        size = 2 if seat == receiver else 3
        for c in first.stock[pos : pos + size]:
            hands[seat] |= 1 << c
        pos += size
    return (hands[0], hands[1], hands[2], hands[3])
