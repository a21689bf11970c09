"""Rule-of-thumb card play on masks: the heuristic bot's choice, and the rollouts' policy.

:func:`choose_card` sees what a player sees: its own cards, the trick in
progress, the trump, and ``out``, the cards still held by the other three
players (everything neither in its hand nor played). It is fast enough to be
called for every card of thousands of simulated hands.

The rules of thumb, in the order they are tried:

Leading
  - the attacking side pulls trumps while the opponents may still hold some:
    the master trump (the highest still out) when held, else a low trump for a
    taker holding three or more (``count trumps``: ``out`` tells how many remain);
  - otherwise a master card of a plain suit (the highest remaining), preferring
    points and suits where the others still hold cards (less risk of a ruff);
  - otherwise a low card of a plain suit, from the longest suit.
Following, partner winning
  - partner sure to win (last to play, or a card nobody left can beat): give
    points (the highest-value card that is not a trump);
  - otherwise play low.
Following, an opponent winning
  - able to win: with the cheapest winning card that is sure to hold (a master),
    or the cheapest winner when last to play; don't waste a high trump on a
    worthless trick; second hand low when the partner plays last;
  - unable to win: discard the lowest-value card, keeping trumps.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import SUIT_MASK
from engine.ranking import HIGHER, NO_TRUMP, PLAIN_ORDER, POINTS, STRENGTH, TRUMP_ORDER, trick_winner_index


def _extreme_rank(order: tuple[int, ...], byte: int, strongest: bool) -> int:
    ranks = [r for r in (order if strongest else reversed(order)) if byte >> r & 1]
    return ranks[0] if ranks else -1


# For an 8-bit pattern of one suit: the rank of its strongest / weakest card,
# indexed [is_trump][byte] (one look-up instead of a scan).
_TOP = tuple(tuple(_extreme_rank(order, b, True) for b in range(256)) for order in (PLAIN_ORDER, TRUMP_ORDER))
_BOTTOM = tuple(
    tuple(_extreme_rank(order, b, False) for b in range(256)) for order in (PLAIN_ORDER, TRUMP_ORDER)
)


def weakest(mask: int, trump: int) -> int:
    """The weakest card of ``mask`` (all of one suit, not empty)."""
    s = (mask & -mask).bit_length() - 1 >> 3
    return 8 * s + _BOTTOM[s == trump][mask >> 8 * s & 0xFF]


def strongest(mask: int, trump: int) -> int:
    """The strongest card of ``mask`` (all of one suit, not empty)."""
    s = (mask & -mask).bit_length() - 1 >> 3
    return 8 * s + _TOP[s == trump][mask >> 8 * s & 0xFF]


def choose_card(
    hand: int, legal: int, trick: Sequence[int], trump: int, out: int, attack: bool, taker: bool
) -> int:
    """The heuristic's card among ``legal`` (see the module docstring).

    ``attack``: the player's team took the contract; ``taker``: the player itself did.
    """
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    if not trick:
        return _lead(hand, trump, out, attack, taker)
    return _follow(legal, trick, trump, out)


def _lead(hand: int, trump: int, out: int, attack: bool, taker: bool) -> int:
    higher = HIGHER[trump]
    points = POINTS[trump]
    out_trumps = 0
    if trump != NO_TRUMP:
        tm = SUIT_MASK[trump]
        mine = hand & tm
        out_trumps = out & tm
        if attack and mine and out_trumps:
            top = strongest(mine, trump)
            if not higher[top] & out:
                return top
            if taker and mine.bit_count() >= 3:
                return weakest(mine, trump)
    best, best_key = -1, (-1, -1)
    low, low_key = -1, (99, 0)
    for s in range(4):
        if s == trump:
            continue
        m = hand & SUIT_MASK[s]
        if not m:
            continue
        top = strongest(m, trump)
        left = (out & SUIT_MASK[s]).bit_count()
        if not higher[top] & out and (left or not out_trumps):
            key = (points[top] + (5 if left >= 2 else 0), left)
            if key > best_key:
                best, best_key = top, key
        bottom = weakest(m, trump)
        # A low card from the longest suit; a guarded ten (Ace still out) is kept.
        lkey = (points[bottom], -m.bit_count())
        if lkey < low_key:
            low, low_key = bottom, lkey
    if best >= 0:
        return best
    if low >= 0:
        return low
    mine = hand & SUIT_MASK[trump]
    top = strongest(mine, trump)
    return top if not higher[top] & out else weakest(mine, trump)


# Sort keys per trump and card: lowest-value card, trumps last (discarding, playing low) ...
_DISCARD_KEY = tuple(
    tuple((1000 if c >> 3 == t else 0) + 20 * POINTS[t][c] + STRENGTH[t][c] for c in range(32))
    for t in range(5)
)
# ... and the card to give a partner who wins: the most points, trumps last.
_GIVE_KEY = tuple(
    tuple((0 if c >> 3 == t else 1000) + 20 * POINTS[t][c] - STRENGTH[t][c] for c in range(32))
    for t in range(5)
)


def _min_by(mask: int, key: Sequence[int]) -> int:
    best, best_key = -1, 1 << 30
    while mask:
        low = mask & -mask
        mask ^= low
        c = low.bit_length() - 1
        if key[c] < best_key:
            best, best_key = c, key[c]
    return best


def _follow(legal: int, trick: Sequence[int], trump: int, out: int) -> int:
    n = len(trick)
    points = POINTS[trump]
    strength = STRENGTH[trump]
    higher = HIGHER[trump]
    wi = trick_winner_index(trick, trump)
    w = trick[wi]
    led = trick[0] >> 3
    tm = SUIT_MASK[trump] if trump != NO_TRUMP else 0
    after = 3 - n  # players still to play after this one
    # A card winning the trick now holds if nobody still to play can beat it, as far as
    # ``out`` tells: no higher card of its suit out, and (a plain card) no ruff in sight.
    exposed = after and out & tm and (out & SUIT_MASK[led]).bit_count() < after

    if wi == n - 2:  # partner winning
        if not after or not (higher[w] & out or (w >> 3 != trump and exposed)):
            return _max_by(legal, _GIVE_KEY[trump])
        return _min_by(legal, _DISCARD_KEY[trump])

    # Cards that beat the winning card: higher in its suit, or (a plain card winning) any trump.
    beaters = legal & (higher[w] | (tm if w >> 3 != trump else 0))
    if not beaters:
        return _min_by(legal, _DISCARD_KEY[trump])
    cheapest = _min_by(beaters, strength)
    ruff = cheapest >> 3 == trump and led != trump
    rest = legal & ~beaters
    trick_points = 0
    for c in trick:
        trick_points += points[c]
    if ruff and rest and trick_points < 4 and points[cheapest] >= 10:
        return _min_by(rest, _DISCARD_KEY[trump])
    if not after:
        return cheapest
    sure = 0
    m = beaters
    while m:
        low = m & -m
        m ^= low
        c = low.bit_length() - 1
        if not higher[c] & out and (c >> 3 == trump or not exposed):
            sure |= low
    if sure:
        return _min_by(sure, strength)
    if ruff:
        return cheapest
    if rest and (n == 1 or trick_points < 10):
        return _min_by(rest, _DISCARD_KEY[trump])
    return _max_by(beaters, strength)


def _max_by(mask: int, key: Sequence[int]) -> int:
    best, best_key = -1, -(1 << 30)
    while mask:
        low = mask & -mask
        mask ^= low
        c = low.bit_length() - 1
        if key[c] > best_key:
            best, best_key = c, key[c]
    return best
