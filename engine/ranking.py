"""Trick strength and card points, as precomputed tables.

Indexed by ``trump`` (a suit 0-3, or :data:`NO_TRUMP` = 4 for Sun) and then by
card, so the hot paths (legality, trick winner, the solver) do table look-ups
and never compare ranks by hand.

>>> from engine.cards import FULL_DECK, HEARTS, Card
>>> POINTS[HEARTS][Card.parse("JH")], POINTS[NO_TRUMP][Card.parse("JH")]
(20, 2)
>>> points_of(FULL_DECK, HEARTS), points_of(FULL_DECK, NO_TRUMP)
(152, 120)
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import ACE, EIGHT, JACK, KING, NINE, QUEEN, SEVEN, TEN

NO_TRUMP = 4

# Strongest first (docs/rules.md §1).
TRUMP_ORDER = (JACK, NINE, ACE, TEN, KING, QUEEN, EIGHT, SEVEN)
PLAIN_ORDER = (ACE, TEN, KING, QUEEN, JACK, NINE, EIGHT, SEVEN)

TRUMP_POINTS_BY_RANK = {JACK: 20, NINE: 14, ACE: 11, TEN: 10, KING: 4, QUEEN: 3, EIGHT: 0, SEVEN: 0}
PLAIN_POINTS_BY_RANK = {ACE: 11, TEN: 10, KING: 4, QUEEN: 3, JACK: 2, NINE: 0, EIGHT: 0, SEVEN: 0}

LAST_TRICK_BONUS = 10
TOTAL_WITH_TRUMP = 162
TOTAL_SUN = 130

# Strength within a suit: 7 (strongest) down to 0.
_TRUMP_STRENGTH = {rank: 7 - i for i, rank in enumerate(TRUMP_ORDER)}
_PLAIN_STRENGTH = {rank: 7 - i for i, rank in enumerate(PLAIN_ORDER)}


def _table(trump: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    points, strength, higher = [], [], []
    for c in range(32):
        suit, rank = c >> 3, c & 7
        is_trump = suit == trump
        points.append((TRUMP_POINTS_BY_RANK if is_trump else PLAIN_POINTS_BY_RANK)[rank])
        order = _TRUMP_STRENGTH if is_trump else _PLAIN_STRENGTH
        # Trumps rank above every plain card; plain strengths compare only
        # within the led suit, which the trick winner checks separately.
        strength.append(order[rank] + (8 if is_trump else 0))
        h = 0
        for other in range(8):
            if order[other] > order[rank]:
                h |= 1 << (suit * 8 + other)
        higher.append(h)
    return tuple(points), tuple(strength), tuple(higher)


_TABLES = [_table(t) for t in range(5)]

POINTS: tuple[tuple[int, ...], ...] = tuple(t[0] for t in _TABLES)
"""``POINTS[trump][card]``: card points."""
STRENGTH: tuple[tuple[int, ...], ...] = tuple(t[1] for t in _TABLES)
"""``STRENGTH[trump][card]``: 8-15 for trumps, 0-7 for the rest (compare within the led suit)."""
HIGHER: tuple[tuple[int, ...], ...] = tuple(t[2] for t in _TABLES)
"""``HIGHER[trump][card]``: mask of the cards of the same suit that beat ``card``."""

TRICK_STRENGTH: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(STRENGTH[trump][c] if c >> 3 in (led, trump) else -1 for c in range(32)) for led in range(4)
    )
    for trump in range(5)
)
"""``TRICK_STRENGTH[trump][led][card]``: the card's strength in a trick led in suit ``led``,
-1 when it can never win it (neither the led suit nor trump): the highest wins the trick."""


def _byte_points(trump_suit: bool) -> tuple[int, ...]:
    by_rank = TRUMP_POINTS_BY_RANK if trump_suit else PLAIN_POINTS_BY_RANK
    return tuple(sum(by_rank[r] for r in range(8) if b >> r & 1) for b in range(256))


_PLAIN_BYTE = _byte_points(False)
_TRUMP_BYTE = _byte_points(True)


def points_of(mask: int, trump: int) -> int:
    """Card points of a set of cards (no last-trick bonus)."""
    total = 0
    for suit in range(4):
        byte = (mask >> (8 * suit)) & 0xFF
        total += (_TRUMP_BYTE if suit == trump else _PLAIN_BYTE)[byte]
    return total


def total_points(trump: int) -> int:
    """All card points of a hand including the last trick: 162, or 130 in Sun."""
    return TOTAL_SUN if trump == NO_TRUMP else TOTAL_WITH_TRUMP


def trick_winner_index(cards: Sequence[int], trump: int) -> int:
    """Index in ``cards`` of the card that wins (or currently wins) the trick (``trick.win``)."""
    strength = STRENGTH[trump]
    led = cards[0] >> 3
    best = 0
    best_s = strength[cards[0]]
    for i in range(1, len(cards)):
        c = cards[i]
        s = strength[c]
        if s > best_s and ((c >> 3) == led or (c >> 3) == trump):
            best, best_s = i, s
    return best
