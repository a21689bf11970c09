"""The exact play of a découverte hand once every card is known: each player's best card points.

The coach's samples lay the face-down cards (:mod:`engine.decouverte.coach`); on such a lay nothing
is hidden any more, and the rest of the hand is a game of perfect information between two players.
This module plays it perfectly for both (minimax, each side taking the most card points it can),
as the four-player coach plays its sampled deals with the solver.

A position is the cards left and who leads: the piles never change, so a player's playable cards
are their cards left whose covering card (the face-up card on top of a face-down one) is gone, and
the trick's legality is the rule set's own function (:func:`engine.play.legal_mask_for`) on those
cards, as :meth:`engine.decouverte.hand.DecouverteHand.legal` asks it. Values are card points
taken from the position on, the last trick's 10 included; each position is solved once
(remembered), so all the cards of one decision share the work of one lay.

Small enough to be exact only near the end: :data:`EXACT_TRICKS` tricks left or fewer.

>>> from engine.cards import Card, Seat
>>> from engine.decouverte.table import DecouverteDeal, Table
>>> from engine.decouverte.hand import DecouverteHand
>>> c = Card.parse
>>> table = Table((((None, c("AS")), (None, c("7H"))), ((None, c("TS")), (None, c("8H")))))
>>> hand = DecouverteHand(DecouverteDeal(Seat.N, table, c("7C")), 3, Seat.S)
>>> hand.before = 14  # two tricks left: the ace first (21), or the 7, then the ace and the 10 (31)
>>> Endgame(hand).values()
{Card.parse('AS'): 21, Card.parse('7H'): 31}
"""

from __future__ import annotations

from engine.cards import TWO_SEATS, Card, Seat, cards_of
from engine.cards import other_player as other
from engine.decouverte.hand import TRICKS, DecouverteHand
from engine.play import legal_mask_for
from engine.ranking import LAST_TRICK_BONUS, POINTS, trick_winner_index

__all__ = ["EXACT_TRICKS", "Endgame", "tricks_left"]

EXACT_TRICKS = 7
"""Tricks left (the one in progress included) from which a lay is played out exactly: a decision's
24 lays take at most about 0.16 s at seven, as the bot's playouts at the first trick; at eight,
0.4 s (measured on the shared machine, CPU time)."""


class Endgame:
    """The rest of one laid-out découverte hand, solved exactly (see the module)."""

    def __init__(self, hand: DecouverteHand) -> None:
        self.trump = hand.trump
        self.points = POINTS[hand.trump]
        self.legal_fn = legal_mask_for(hand.rules)
        self.seat = hand.to_play
        self.trick = [c for _, c in hand.trick]
        self.left = 0
        self.own = {s: 0 for s in TWO_SEATS}
        # (a face-down card, the card covering it): the first is playable once the second is gone.
        self.covers: list[tuple[int, int]] = []
        for s in TWO_SEATS:
            for down, up in hand.table.piles_of(s):
                for card in (down, up):
                    if card is not None:
                        self.own[s] |= 1 << card
                        self.left |= 1 << card
                if down is not None and up is not None:
                    self.covers.append((down, up))
        self.known: dict[tuple[int, int], int] = {}

    def playable(self, seat: Seat, left: int) -> int:
        """``seat``'s cards on top of their piles when ``left`` are the cards left."""
        cards = left & self.own[seat]
        for down, up in self.covers:
            if left >> up & 1:
                cards &= ~(1 << down)
        return cards

    def total(self, left: int) -> int:
        """The card points of ``left`` and the last trick's 10 (0 when the hand is over)."""
        return sum(self.points[c] for c in cards_of(left)) + LAST_TRICK_BONUS if left else 0

    def lead(self, left: int, leader: Seat) -> int:
        """Card points the leader takes from the start of a trick with ``left`` to play, both perfect."""
        if not left:
            return 0
        key = (left, int(leader))
        found = self.known.get(key)
        if found is not None:
            return found
        mine = self.playable(leader, left)
        best = -1
        for c in cards_of(self.legal_fn(mine, [], self.trump, False)):
            best = max(best, self.reply(left & ~(1 << c), leader, c))
        self.known[key] = best
        return best

    def reply(self, left: int, leader: Seat, led: int) -> int:
        """Card points the leader takes after leading ``led``: the follower answers as best for them."""
        follower = other(leader)
        theirs = self.playable(follower, left)
        worst = 1 << 16
        for d in cards_of(self.legal_fn(theirs, [led], self.trump, False)):
            worst = min(worst, self.leader_after(left & ~(1 << d), leader, led, d))
        return worst

    def leader_after(self, left: int, leader: Seat, led: int, d: int) -> int:
        """Card points the leader takes from the trick ``led``, ``d`` on, the rest played perfectly."""
        won = self.points[led] + self.points[d] + (0 if left else LAST_TRICK_BONUS)
        if trick_winner_index([led, d], self.trump) == 0:
            return won + self.lead(left, leader)
        return self.total(left) - self.lead(left, other(leader))

    def values(self) -> dict[Card, int]:
        """For each card the player to act may play: the card points they take from here on."""
        seat = self.seat
        out: dict[Card, int] = {}
        mine = self.playable(seat, self.left)
        for c in cards_of(self.legal_fn(mine, self.trick, self.trump, False)):
            left = self.left & ~(1 << c)
            if not self.trick:
                out[c] = self.reply(left, seat, c)
            else:
                led = self.trick[0]
                opponent = other(seat)
                out[c] = self.total(left) + self.points[led] + self.points[c] + (
                    0 if left else LAST_TRICK_BONUS
                ) - self.leader_after(left, opponent, led, c)
        return out


def tricks_left(hand: DecouverteHand) -> int:
    """Tricks still to play, the one in progress included."""
    return TRICKS - hand.before - len(hand.tricks)
