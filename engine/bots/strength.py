"""Hand strength for bidding: rough counts of the tricks and points a hand brings.

:func:`hokm_strength` values a hand with a given trump suit, :func:`sun_strength`
without trumps. Both are sums of card weights, in "quarter tricks" of a kind:
what matters is that they order hands well and that the thresholds of
:mod:`engine.bots.heuristic` were set by playing hands out (a taker whose
strength is at the threshold makes the contract about as often as not).
"""

from __future__ import annotations

from engine.cards import ACE, EIGHT, JACK, KING, NINE, QUEEN, SEVEN, SUIT_MASK, TEN

_TRUMP_WEIGHT = {JACK: 3.0, NINE: 2.2, ACE: 1.4, TEN: 1.1, KING: 0.8, QUEEN: 0.8, EIGHT: 0.6, SEVEN: 0.6}


def _has(mask: int, suit: int, rank: int) -> bool:
    return bool(mask >> (suit * 8 + rank) & 1)


def side_strength(mask: int, suit: int) -> float:
    """A plain suit's value: aces, tens behind their ace, kings behind both."""
    v = 0.0
    if _has(mask, suit, ACE):
        v += 1.0
        if _has(mask, suit, TEN):
            v += 0.8
            if _has(mask, suit, KING):
                v += 0.4
    elif _has(mask, suit, TEN) and (mask & SUIT_MASK[suit]).bit_count() >= 2:
        v += 0.3
    return v


def hokm_strength(mask: int, trump: int) -> float:
    """Strength of ``mask`` with ``trump`` as trump: its trumps, its side aces, its short suits."""
    trumps = 0
    v = 0.0
    for rank, w in _TRUMP_WEIGHT.items():
        if _has(mask, trump, rank):
            v += w
            trumps += 1
    for s in range(4):
        if s == trump:
            continue
        v += side_strength(mask, s)
        if trumps >= 3 and not mask & SUIT_MASK[s]:
            v += 0.5
    return v


def sun_strength(mask: int) -> float:
    """Strength of ``mask`` in Sun: aces and tens, long suits headed by them."""
    v = 0.0
    for s in range(4):
        v += side_strength(mask, s) * 1.25
        n = (mask & SUIT_MASK[s]).bit_count()
        if n >= 4 and _has(mask, s, ACE):
            v += 0.4 * (n - 3)
    return v


def has_jack_or_nine(mask: int, trump: int) -> bool:
    return _has(mask, trump, JACK) or _has(mask, trump, NINE)


def trump_count(mask: int, trump: int) -> int:
    return (mask & SUIT_MASK[trump]).bit_count()
