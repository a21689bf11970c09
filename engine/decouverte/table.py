"""The cards on the two-player table: sixteen piles, and turning up (docs/rules.md §5.4).

Nobody holds a hand. Each player has eight piles in front of them: a card face
down under a card face up (``deal.fr2.decouverte``). Only a face-up card may be
played (``play.fr2.face-up``); when a pile's face-up card is played, the card
under it is turned up at the end of the trick (``play.fr2.turn-up``), and
becomes playable in its turn. The last card dealt face up in the dealer's area
is the bidding card; it stays there, the dealer's card, whoever takes.

The two players sit opposite each other: ``Seat.S`` and ``Seat.N``. A pile is
``(down, up)``, each a card or ``None`` once gone or turned.

Readings chosen where seed 004 leaves room (its drawing of the deal is lost):
the dealer deals eight cards face down to the other player, then eight to
himself, then eight face up on the other player's, then eight on his own, pile
by pile; the last of all is the bidding card.

>>> d = deal_decouverte(Seat.S, seed=3)
>>> [d.table.face_up(s).bit_count() for s in TWO_SEATS], d.table.face_up(Seat.S) >> d.bidding_card & 1
([8, 8], 1)
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.cards import CARDS, TWO_SEATS, Card, NotATwoPlayerSeat, Seat, other_player
from engine.deal import shuffled_deck
from engine.explain import Reason

PILES = 8

Pile = tuple[Card | None, Card | None]


@dataclass(frozen=True)
class Table:
    """Each player's eight piles, indexed ``piles[0]`` for S and ``piles[1]`` for N."""

    piles: tuple[tuple[Pile, ...], tuple[Pile, ...]]

    @staticmethod
    def _index(seat: Seat) -> int:
        if seat not in TWO_SEATS:
            raise NotATwoPlayerSeat(seat)
        return 0 if seat == Seat.S else 1

    def piles_of(self, seat: Seat) -> tuple[Pile, ...]:
        return self.piles[self._index(seat)]

    def face_up(self, seat: Seat) -> int:
        """Mask of ``seat``'s face-up cards: the cards they may choose from (``play.fr2.face-up``)."""
        m = 0
        for _, up in self.piles_of(seat):
            if up is not None:
                m |= 1 << up
        return m

    def face_down(self, seat: Seat) -> int:
        """Mask of ``seat``'s face-down cards: seen by nobody, their owner included."""
        m = 0
        for down, _ in self.piles_of(seat):
            if down is not None:
                m |= 1 << down
        return m

    def remaining(self) -> int:
        return sum((up is not None) + (down is not None) for side in self.piles for down, up in side)

    def play(self, seat: Seat, card: Card) -> Table:
        """The table once ``seat`` has played their face-up ``card`` (the card under it stays down
        until the end of the trick)."""
        i = self._index(seat)
        side = list(self.piles[i])
        for p, (down, up) in enumerate(side):
            if up == card:
                side[p] = (down, None)
                break
        else:
            raise ValueError(f"{card} is not face up in front of {seat}")
        piles = list(self.piles)
        piles[i] = tuple(side)
        return Table((piles[0], piles[1]))

    def turn_up(self) -> tuple[Table, list[Reason]]:
        """End of a trick: every face-down card no longer covered is turned up (``play.fr2.turn-up``)."""
        reasons: list[Reason] = []
        piles: list[tuple[Pile, ...]] = []
        for seat, side in zip(TWO_SEATS, self.piles, strict=True):
            new: list[Pile] = []
            for down, up in side:
                if up is None and down is not None:
                    reasons.append(Reason("play.fr2.turn-up", {"seat": seat, "card": down}))
                    new.append((None, down))
                else:
                    new.append((down, up))
            piles.append(tuple(new))
        return Table((piles[0], piles[1])), reasons


@dataclass(frozen=True)
class DecouverteDeal:
    """The table after the deal, and the bidding card (the dealer's last face-up card)."""

    dealer: Seat
    table: Table
    bidding_card: Card

    def reason(self) -> Reason:
        return Reason("deal.fr2.decouverte", {"dealer": self.dealer, "card": self.bidding_card})


def deal_decouverte(
    dealer: Seat, seed: int | random.Random | None = None, deck: list[Card] | None = None
) -> DecouverteDeal:
    """Deal the 32 cards as sixteen piles (``deal.fr2.decouverte``)."""
    if dealer not in TWO_SEATS:
        raise NotATwoPlayerSeat(dealer)
    if deck is None:
        deck = shuffled_deck(seed)
    elif sorted(deck) != list(CARDS):
        raise ValueError("a deck holds each of the 32 cards once")
    first = other_player(dealer)
    layers = {first: (deck[0:8], deck[16:24]), dealer: (deck[8:16], deck[24:32])}
    sides = {seat: tuple(zip(down, up, strict=True)) for seat, (down, up) in layers.items()}
    table = Table((sides[Seat.S], sides[Seat.N]))
    return DecouverteDeal(dealer, table, deck[31])
