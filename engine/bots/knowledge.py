"""What one seat can infer about the hidden hands from what it has seen.

For each other seat: how many cards it holds, the cards it is known to hold,
and the cards it cannot hold.

Known cards
  - the bidding card is with the receiver until played (it was given to them);
  - the cards of projects shown (:mod:`engine.bots.view`) and not yet played;
  - moroccan and french belote: the holder who announced it with one card holds the other.
Cards a seat cannot hold
  - every card it played is legal by the rules (docs/rules.md §2). So if the card
    ``c`` it played would have been illegal in a hand holding ``c`` and ``x``,
    it did not hold ``x`` then, and does not hold it now. That one test covers
    each rule and its exemptions without naming them: not following suit
    proves a void in the led suit (``play.must-follow``); not trumping when an
    opponent wins proves a void in trumps (``play.must-trump``), but not
    trumping when the partner wins proves nothing (``play.partner-winning``);
    a trump that does not beat the best trump in the trick when the rules
    asked for it proves that no higher trump was held (``play.must-overtrump``,
    ``play.must-overruff``). It is sound because legality is monotone in the
    hand: a card that another card makes illegal stays illegal whatever else
    is held;
  - moroccan and french: a seat that played the trump King or Queen without
    announcing the belote does not hold the other one.

>>> from engine.bots.view import view_of
>>> from engine.cards import Card, Seat
>>> from engine.hand import Hand
>>> from engine.auction import Contract
>>> from engine.variants import rules_for
>>> hand = Hand.with_contract(rules_for("french"), Seat.S, Contract("hokm", 0, Seat.E, Seat.E), seed=5)
>>> k = infer(view_of(hand, Seat.S))
>>> k.counts, Card(hand.first.bidding_card) in [Card(c) for c in range(32) if k.known[Seat.E] >> c & 1]
((8, 8, 8, 8), True)
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.bots.view import View
from engine.cards import FULL_DECK, KING, QUEEN, SEATS, SUIT_MASK, Card, Seat, card, cards_of, iter_bits
from engine.play import legal_mask
from engine.ranking import NO_TRUMP


@dataclass(frozen=True)
class Knowledge:
    """One seat's inferences about the four hands (indexed by seat; its own hand is known)."""

    seat: Seat
    unseen: int
    """Cards in the other three hands."""
    counts: tuple[int, int, int, int]
    """How many cards each seat holds now."""
    known: tuple[int, int, int, int]
    """Cards each seat is known to hold."""
    forbidden: tuple[int, int, int, int]
    """Cards each seat cannot hold."""

    def void_suits(self, seat: Seat) -> list[int]:
        """Suits ``seat`` is known to be void in (among the cards still unseen)."""
        return [
            s
            for s in range(4)
            if self.unseen & SUIT_MASK[s] and not self.unseen & SUIT_MASK[s] & ~self.forbidden[seat]
        ]

    def possible(self, seat: Seat) -> list[Card]:
        """The unseen cards ``seat`` may hold."""
        if seat == self.seat:
            return []
        return cards_of(self.unseen & ~self.forbidden[seat])


def infer(view: View) -> Knowledge:
    """What ``view.seat`` can infer now (the contract must be known: the play or the doubling)."""
    me = view.seat
    contract = view.contract
    if contract is None:
        raise ValueError("inference needs a contract: the hands are not complete before it")
    trump = contract.trump
    rules = view.rules
    unseen = view.unseen
    counts = [8, 8, 8, 8]
    known = [0, 0, 0, 0]
    forbidden = [0, 0, 0, 0]
    known[me] = view.hand

    trick: list[int] = []
    pair: tuple[int, ...] = (card(trump, KING), card(trump, QUEEN)) if trump != NO_TRUMP else ()
    pair_seen = False
    for p in view.plays:
        s, c = p.seat, p.card
        counts[s] -= 1
        if s != me:
            # The card played was legal: drop every unseen card that would have made it illegal.
            one = 1 << c
            for x in iter_bits(unseen & ~forbidden[s]):
                if not legal_mask(one | (1 << x), trick, trump, rules) >> c & 1:
                    forbidden[s] |= 1 << x
        if c in pair and not pair_seen:
            pair_seen = True
            other = pair[1] if c == pair[0] else pair[0]
            if rules.name != "saudi" and s != me:
                if view.belote == s:
                    known[s] |= (1 << other) & unseen
                else:
                    forbidden[s] |= 1 << other
        trick.append(c)
        if len(trick) == 4:
            trick = []

    if not (view.hand | view.played) >> view.bidding_card & 1 and contract.receiver != me:
        known[contract.receiver] |= 1 << view.bidding_card
    for s, projects in view.projects:
        if s != me:
            for pr in projects:
                known[s] |= pr.mask & unseen
    for s in SEATS:
        if s != me:
            for t in SEATS:
                if t != s:
                    forbidden[s] |= known[t]
            forbidden[s] &= ~known[s]
    forbidden[me] = FULL_DECK & ~view.hand
    return Knowledge(
        me,
        unseen,
        (counts[0], counts[1], counts[2], counts[3]),
        (known[0], known[1], known[2], known[3]),
        (forbidden[0], forbidden[1], forbidden[2], forbidden[3]),
    )
