"""Equivalent cards: cards of one hand whose exchange cannot change the outcome.

**The rule.** Call *live* the cards not yet played to a finished trick: the
cards in the four hands plus the cards of the trick in progress. Two cards
``x`` and ``y`` of the same hand are *equivalent* when

1. they are of the same suit,
2. they are worth the same card points (``POINTS[trump]``), and
3. no live card of that suit lies strictly between them in trick strength
   (``STRENGTH[trump]``) — they are adjacent among the live cards.

Equivalence is the transitive closure of that relation (a run of such cards),
and the solver searches only one card of each run: the weakest.

**Why it is exact.** Let ``σ`` exchange ``x`` and ``y`` everywhere. Every
comparison the rules make — following suit, ``play.must-overtrump`` and
``play.must-overruff`` (``HIGHER``), ``trick.win`` (``STRENGTH``) — compares
a card with the other cards *of the same trick*, which come from the other
three hands and so are never ``x`` or ``y`` at the same time. For any live
card ``z`` other than ``x`` and ``y``, ``x`` beats ``z`` exactly when ``y``
does (same suit, nothing live between them), and cards that are already out
of play are never compared again. So ``σ`` maps every legal continuation
after ``x`` to a legal continuation after ``y`` with the same trick winners,
and with the same points because ``x`` and ``y`` are worth the same. The two
cards lead to the same value.

The cards in the current trick count as live: with ``8S`` in the trick,
``9S`` beats it and ``7S`` does not, so ``9S`` and ``7S`` in one hand are
*not* equivalent although no card between them is still in a hand.

In Belote the point values of a suit are all different except the
zero-point cards (plain 9 8 7, trump 8 7), which are also the weakest of their
suit and rank in sequence order; so only those ever merge. A plain A (11) and
10 (10) never merge, even when adjacent. The tables below are built from
``POINTS`` and ``STRENGTH`` by the general rule; the import checks the shape
that lets them be indexed by the low bits of a suit.

>>> from engine.cards import Card, mask_of, cards_of
>>> hand = mask_of(Card.parse(c) for c in ["9S", "7S", "AS", "TS"])
>>> cards_of(representatives(hand, hand | mask_of([Card.parse("KS")]), 2))
[Card.parse('7S'), Card.parse('TS'), Card.parse('AS')]
>>> cards_of(representatives(hand, hand | mask_of([Card.parse("8S")]), 2))
[Card.parse('7S'), Card.parse('9S'), Card.parse('TS'), Card.parse('AS')]
"""

from __future__ import annotations

from engine.ranking import NO_TRUMP, POINTS, STRENGTH


def _mergeable_ranks(points: list[int], strength: list[int]) -> int:
    """Ranks that share their points with another rank: only those can ever merge."""
    mask = 0
    for r in range(8):
        if any(points[o] == points[r] for o in range(8) if o != r):
            mask |= 1 << r
    width = mask.bit_length()
    # The fast path indexes the tables with the low bits of a suit: the
    # mergeable ranks must be ranks 0..width-1, weakest of the suit, and
    # rank order must be strength order among them.
    if mask != (1 << width) - 1:
        raise AssertionError("mergeable ranks are not the lowest ranks")
    others = [strength[r] for r in range(width, 8)]
    if others and max(strength[r] for r in range(width)) > min(others):
        raise AssertionError("mergeable ranks are not the weakest of their suit")
    if any(strength[r] > strength[r + 1] for r in range(width - 1)):
        raise AssertionError("rank order is not strength order among mergeable ranks")
    return mask


def _drop_table(points: list[int], width: int) -> tuple[int, ...]:
    """``table[live << width | held]``: the held cards to skip, keeping the weakest of each run.

    Bits are ranks 0..width-1 of one suit, in strength order (checked above).
    ``held`` is a subset of ``live``; other indexes are never used.
    """
    table = []
    for live in range(1 << width):
        for held in range(1 << width):
            drop = 0
            prev = -1  # the previous live rank, when it is held
            for r in range(width):
                if not live >> r & 1:
                    continue
                if held >> r & 1:
                    if prev >= 0 and points[prev] == points[r]:
                        drop |= 1 << r  # same run as the previous (kept or dropped) card
                    prev = r
                else:
                    prev = -1  # a live card of another hand (or of the trick) breaks the run
            table.append(drop)
    return tuple(table)


def _kind(trump_suit: bool) -> tuple[int, int, tuple[int, ...]]:
    # Suit 0 as the trump suit stands for every trump suit; NO_TRUMP for every plain one.
    table_trump = 0 if trump_suit else NO_TRUMP
    points = [POINTS[table_trump][r] for r in range(8)]
    strength = [STRENGTH[table_trump][r] for r in range(8)]
    mask = _mergeable_ranks(points, strength)
    width = mask.bit_length()
    return mask, width, _drop_table(points, width)


_PLAIN = _kind(False)
_TRUMP = _kind(True)

# Per trump (0-3, NO_TRUMP): per suit (shift, mergeable mask, width, drop table).
SUIT_TABLES: tuple[tuple[tuple[int, int, int, tuple[int, ...]], ...], ...] = tuple(
    tuple((8 * s, *(_TRUMP if s == trump else _PLAIN)) for s in range(4)) for trump in range(5)
)
# Per trump: every card that could merge, all suits (a quick test that nothing can).
MERGEABLE: tuple[int, ...] = tuple(sum(m << sh for sh, m, _, _ in SUIT_TABLES[trump]) for trump in range(5))


def representatives(cards: int, live: int, trump: int) -> int:
    """``cards`` (cards of one hand) with each run of equivalent cards reduced to its weakest card.

    ``live``: the cards in the four hands plus the cards of the trick in progress.
    """
    z = cards & MERGEABLE[trump]
    if not z & (z - 1):
        return cards  # at most one card that could merge
    for shift, mask, width, table in SUIT_TABLES[trump]:
        held = (cards >> shift) & mask
        if held & (held - 1):
            cards &= ~(table[((live >> shift) & mask) << width | held] << shift)
    return cards


def equivalent_to(card: int, cards: int, live: int, trump: int) -> int:
    """The mask of the cards of ``cards`` equivalent to ``card`` (``card`` included).

    The slow, plain reading of the rule, for reports and tests: walk from
    ``card`` through adjacent live cards of equal points held in ``cards``.
    """
    suit = card >> 3
    strength = STRENGTH[trump]
    points = POINTS[trump]
    suit_live = [c for c in range(8 * suit, 8 * suit + 8) if live >> c & 1]
    suit_live.sort(key=lambda c: strength[c])
    i = suit_live.index(card)
    found = 1 << card
    for direction in (-1, 1):
        j = i
        while 0 <= j + direction < len(suit_live):
            nxt = suit_live[j + direction]
            if not cards >> nxt & 1 or points[nxt] != points[card]:
                break
            found |= 1 << nxt
            j += direction
    return found
