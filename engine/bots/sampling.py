"""Determinization: deal the unseen cards to the other seats consistently with a :class:`Knowledge`.

Each sampled deal gives every seat exactly the number of cards it holds, its
known cards, and none of the cards it cannot hold. Cards are dealt one at a
time, the most constrained first, each to a seat drawn in proportion to the
room left in that seat's hand (without constraints that is a uniform deal);
before each card is placed, Hall's condition over the three seats checks that
the cards still to deal can all find a place, so dealing never gets stuck.

>>> import random
>>> from engine.bots.knowledge import Knowledge
>>> from engine.cards import Seat, SUIT_MASK, FULL_DECK, cards_of
>>> mine = SUIT_MASK[0]  # S holds the eight spades
>>> k = Knowledge(Seat.S, FULL_DECK & ~mine, (8, 8, 8, 8), (mine, 0, 0, 0),
...               (FULL_DECK & ~mine, SUIT_MASK[1], SUIT_MASK[1], 0))  # E and N are void in hearts
>>> hands = sample_hands(k, random.Random(1))
>>> hands[Seat.W] == SUIT_MASK[1], [h.bit_count() for h in hands]
(True, [8, 8, 8, 8])
"""

from __future__ import annotations

import random

from engine.bots.knowledge import Knowledge

# For each non-empty subset S of three seats (bits 0-2): the non-empty subsets A of S.
_HALL = tuple((s, tuple(a for a in range(1, 8) if a & s == a)) for s in range(1, 8))


def _feasible(classes: list[int], room: list[int]) -> bool:
    """Hall's condition: the cards allowed only within any set of seats fit in those seats' room."""
    for s, subsets in _HALL:
        cap = (room[0] if s & 1 else 0) + (room[1] if s & 2 else 0) + (room[2] if s & 4 else 0)
        need = 0
        for a in subsets:
            need += classes[a]
        if need > cap:
            return False
    return True


def sample_hands(k: Knowledge, rng: random.Random) -> list[int]:
    """Four hands (masks, indexed by seat) consistent with ``k``; the seat's own hand as it is."""
    hands = list(k.known)
    others = [s for s in range(4) if s != k.seat]
    known_others = 0
    for s in others:
        known_others |= k.known[s]
    room = [k.counts[s] - k.known[s].bit_count() for s in others]
    cards = []
    rest = k.unseen & ~known_others
    while rest:
        low = rest & -rest
        cards.append(low.bit_length() - 1)
        rest ^= low
    rng.shuffle(cards)
    allowed = []
    constrained = False
    for c in cards:
        a = 0
        for i, s in enumerate(others):
            if not k.forbidden[s] >> c & 1:
                a |= 1 << i
        allowed.append(a)
        constrained = constrained or a != 7
    if not constrained:
        pos = 0
        for i, s in enumerate(others):
            for c in cards[pos : pos + room[i]]:
                hands[s] |= 1 << c
            pos += room[i]
        return hands
    classes = [0] * 8
    for a in allowed:
        classes[a] += 1
    if not _feasible(classes, room):
        raise ValueError("no deal is consistent with this knowledge")
    # The most constrained cards first (the shuffle breaks ties at random).
    order = sorted(range(len(cards)), key=lambda j: allowed[j].bit_count())
    for j in order:
        c, a = cards[j], allowed[j]
        classes[a] -= 1
        options = [i for i in range(3) if a >> i & 1 and room[i] > 0]
        while True:
            total = 0
            for i in options:
                total += room[i]
            r = rng.random() * total
            pick = options[-1]
            for i in options:
                r -= room[i]
                if r < 0:
                    pick = i
                    break
            room[pick] -= 1
            if len(options) == 1 or _feasible(classes, room):
                break
            room[pick] += 1
            options.remove(pick)
        hands[others[pick]] |= 1 << c
    return hands
