"""Level 1 at the practice table: a cautious beginner. Random legal cards; careful calls.

A beginner who has just learnt the rules buys only with a hand that plainly holds the trumps,
and keeps away from Sun unless its aces say so. The rule, per variant, counting the bidding
card as held (the taker receives it):

- saudi, round 1: **Hokm** with the Jack of the bidding card's suit and two more cards of that
  suit (three trumps, the strongest among them); **Sun** only with three Aces. Never Ashkal
  (a call for a partner's hand is not a beginner's); a Hokm bidder asked again confirms it.
- saudi, round 2: Hokm in another suit holding its Jack and two more cards of it; Sun as above.
- moroccan, french: **take** with the Jack of the suit and two more cards of it, or with the
  Jack and the Nine of it; in the second round the same in another suit. A bidding card that is
  a Jack (moroccan) leaves no choice.
- The doubling (saudi): always pass. Answering a double needs judgement a beginner has not yet.

Beginners who bid this way buy seldom, so some hands are thrown in: that is what happens at a
table of careful beginners. ``make bench`` (bench/bench_bidding.py) reports how often each
level buys Sun, Hokm, Ashkal or takes.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.auction import Call
from engine.bots.random_bot import RandomBot
from engine.bots.view import View
from engine.cards import ACE, JACK, NINE, SUIT_MASK

SUN_ACES = 3
"""Aces (the bidding card counted) from which a beginner calls Sun."""
TRUMPS = 3
"""Cards of the suit, its Jack among them, from which a beginner buys it."""


def _has(mask: int, suit: int, rank: int) -> bool:
    return bool(mask >> (suit * 8 + rank) & 1)


def holds_trumps(mask: int, suit: int) -> bool:
    """The Jack of ``suit`` with two more cards of it, or its Jack and its Nine."""
    if not _has(mask, suit, JACK):
        return False
    return (mask & SUIT_MASK[suit]).bit_count() >= TRUMPS or _has(mask, suit, NINE)


def aces(mask: int) -> int:
    return sum(_has(mask, suit, ACE) for suit in range(4))


def beginner_call(variant: str, choices: Sequence[str], hand: int, bidding_card: int) -> str:
    """A cautious beginner's call among ``choices`` for a seat holding ``hand`` (its five cards)."""
    if len(choices) == 1:
        return choices[0]
    with_card = hand | (1 << bidding_card)
    up = bidding_card >> 3
    if "confirm" in choices:
        return "confirm"
    if variant == "saudi" and "sun" in choices and aces(with_card) >= SUN_ACES:
        return "sun"
    word = "hokm" if variant == "saudi" else "take"
    if word in choices and holds_trumps(with_card, up):
        return word
    for c in choices:
        call = Call.parse(c)
        if call.word == word and call.suit is not None and holds_trumps(with_card, call.suit):
            return c
    return "pass" if "pass" in choices else choices[0]


class BeginnerBot(RandomBot):
    """Bids like a cautious beginner (:func:`beginner_call`), never doubles, plays random legal cards."""

    level = 1
    name = "beginner"

    def bid(self, view: View) -> str:
        return beginner_call(view.rules.name, view.choices, view.hand, view.bidding_card)

    def double(self, view: View) -> str:
        return "pass" if "pass" in view.choices else view.choices[0]
