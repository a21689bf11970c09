"""Fast playouts: the rest of a hand played by the rule-of-thumb policy for all four seats.

Works on masks and plain lists, not on :class:`engine.tricks.TrickPlay`
(no records, no undo): a playout is thrown away once its points are read.
Each seat chooses with :func:`engine.bots.policy.choose_card` from its own
hand and the cards still out, so the playout does not look at hidden cards
either: it is how the hand might go between players who play by the rules of
thumb, once the sample has fixed who holds what.
"""

from __future__ import annotations

from engine.bots.policy import choose_card
from engine.play import legal_mask
from engine.ranking import LAST_TRICK_BONUS, POINTS, trick_winner_index
from engine.variants import RuleSet


def playout(
    rules: RuleSet,
    trump: int,
    hands: list[int],
    trick: list[int],
    leader: int,
    points: list[int],
    tricks: list[int],
    attack: int,
    taker: int,
    first: int = -1,
) -> None:
    """Play to the end from the position given; ``hands``, ``points`` and ``tricks`` are updated in place.

    ``trick``: the cards of the trick in progress (a copy is made), led by ``leader``.
    ``attack``: the taking team (0 NS, 1 EW); ``taker``: the taker's seat.
    ``first``: the card the player to act plays first (it must be legal), instead of the policy's.
    """
    step = -1 if rules.clockwise else 1
    pts = POINTS[trump]
    trick = list(trick)
    seat = (leader + step * len(trick)) % 4
    live = hands[0] | hands[1] | hands[2] | hands[3]
    while live:
        h = hands[seat]
        if first >= 0:
            c, first = first, -1
        else:
            legal = legal_mask(h, trick, trump, rules)
            c = legal.bit_length() - 1
            if legal & (legal - 1):
                c = choose_card(h, legal, trick, trump, live & ~h, seat & 1 == attack, seat == taker)
        bit = 1 << c
        hands[seat] = h & ~bit
        live &= ~bit
        trick.append(c)
        if len(trick) == 4:
            winner = (leader + step * trick_winner_index(trick, trump)) % 4
            won = pts[trick[0]] + pts[trick[1]] + pts[trick[2]] + pts[trick[3]]
            if not live:
                won += LAST_TRICK_BONUS
            points[winner & 1] += won
            tricks[winner & 1] += 1
            trick = []
            leader = seat = winner
        else:
            seat = (seat + step) % 4
