"""The sixteen tricks of a two-player hand, played from the piles (docs/rules.md §5.4).

The cards a player may choose from are their face-up cards
(``play.fr2.face-up``); among those, which may be played on the trick is
French Belote's rule, asked of :mod:`engine.play` unchanged (with two players
the other card of a trick is always an opponent's). The player who did not deal
leads the first trick (``lead.fr2.first``); the winner of a trick leads the
next; after each trick the uncovered cards are turned up (``play.fr2.turn-up``).

:meth:`DecouverteHand.view` is what one player sees: both players' face-up
cards, how many face-down cards lie where, and the cards played — never a
face-down card, whoever's it is. Bots are given the view and nothing else.

>>> from engine.decouverte.table import deal_decouverte
>>> import random
>>> deal = deal_decouverte(Seat.S, seed=5)
>>> h = DecouverteHand(deal, trump=deal.bidding_card.suit, taker=Seat.N)
>>> rng = random.Random(1)
>>> while not h.is_over():
...     _ = h.play(rng.choice(cards_of(h.legal())))
>>> len(h.tricks), sum(h.points.values())
(16, 162)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.cards import CARDS, TWO_SEATS, Card, Seat, cards_of
from engine.cards import other_player as other
from engine.decouverte.table import DecouverteDeal, Table
from engine.explain import Reason
from engine.play import explain_play, explain_trick, legal_mask_for
from engine.ranking import LAST_TRICK_BONUS
from engine.scoring import DecouverteScore, score_decouverte
from engine.tricks import IllegalPlay
from engine.variants import FrenchTwoPlayer, RuleSet

TRICKS = 16


@dataclass(frozen=True)
class TwoCardTrick:
    """A completed trick: its two plays (leader first), the winner's ``trick.win`` reason, the
    points won (the last trick's 10 included) and the cards turned up after it."""

    plays: tuple[tuple[Seat, Card], tuple[Seat, Card]]
    winner: Seat
    points: int
    reason: Reason
    turned: tuple[Reason, ...]


class DecouverteHand:
    """The play of one hand, from the deal and the contract to the score."""

    def __init__(self, deal: DecouverteDeal, trump: int, taker: Seat, rules: RuleSet | None = None) -> None:
        self.rules = rules if rules is not None else FrenchTwoPlayer()
        self.deal = deal
        self.trump = trump
        self.taker = taker
        self.table: Table = deal.table
        self.leader = other(deal.dealer)
        self.to_play = self.leader
        self.trick: list[tuple[Seat, Card]] = []
        self.tricks: list[TwoCardTrick] = []
        self.points = {seat: 0 for seat in TWO_SEATS}
        self.before = 0
        """Tricks played before the hand was resumed from a view (:meth:`resume`)."""
        self._legal = legal_mask_for(self.rules)

    @classmethod
    def resume(cls, view: dict[str, Any], down: dict[Seat, tuple[Card | None, ...]]) -> DecouverteHand:
        """The hand a player's :meth:`view` shows, with ``down`` the face-down card of each pile
        (None where there is none): a deal the viewer cannot tell from the real one, played on
        from there (the coach's samples, :mod:`engine.decouverte.coach`)."""
        piles = {s: tuple(zip(down[s], view["piles"][s], strict=True)) for s in TWO_SEATS}
        table = Table((piles[Seat.S], piles[Seat.N]))
        trick = list(view["trick"])
        to_play = view["to_play"]
        # The bidding card plays no part in the play: any card stands for it.
        hand = cls(DecouverteDeal(view["dealer"], table, CARDS[0]), view["trump"], view["taker"])
        hand.leader = trick[0][0] if trick else to_play
        hand.to_play = to_play
        hand.trick = trick
        hand.points = dict(view["points"])
        hand.before = len(view["played"]) // 2
        return hand

    def lead_reason(self) -> Reason:
        return Reason("lead.fr2.first", {"seat": other(self.deal.dealer), "dealer": self.deal.dealer})

    def is_over(self) -> bool:
        return self.before + len(self.tricks) == TRICKS

    def legal(self) -> int:
        """Mask of the cards the player to act may play now."""
        if self.is_over():
            return 0
        return self._legal(self.table.face_up(self.to_play), [c for _, c in self.trick], self.trump, False)

    def explain(self, card: Card) -> list[Reason]:
        """Why ``card`` may not be played now (empty when it may)."""
        up = self.table.face_up(self.to_play)
        if not up >> card & 1:
            return [Reason("play.fr2.face-up", {"seat": self.to_play, "card": card})]
        verdict = explain_play(cards_of(up), self.trick, self.trump, self.rules)
        return verdict.illegal.get(card, [])

    def play(self, card: Card) -> TwoCardTrick | None:
        """Play ``card`` for the player to act; the trick when this card completes it."""
        if self.is_over() or not self.legal() >> card & 1:
            raise IllegalPlay(card, [] if self.is_over() else self.explain(card))
        seat = self.to_play
        self.table = self.table.play(seat, card)
        self.trick.append((seat, card))
        if len(self.trick) == 1:
            self.to_play = other(seat)
            return None
        result = explain_trick(self.trick, self.trump)
        points = result.points + (LAST_TRICK_BONUS if self.before + len(self.tricks) == TRICKS - 1 else 0)
        self.table, turned = self.table.turn_up()
        done = TwoCardTrick(
            (self.trick[0], self.trick[1]), result.winner, points, result.reason, tuple(turned)
        )
        self.tricks.append(done)
        self.points[result.winner] += points
        self.trick = []
        self.leader = self.to_play = result.winner
        return done

    def score(self) -> DecouverteScore:
        if not self.is_over():
            raise ValueError("the hand is not over")
        return score_decouverte(self.taker, self.points)

    def view(self, seat: Seat) -> dict[str, Any]:
        """What ``seat`` sees: no face-down card's identity, theirs or the opponent's."""
        other(seat)  # refuses a seat that is not S or N
        return {
            "seat": seat,
            "dealer": self.deal.dealer,
            "trump": self.trump,
            "taker": self.taker,
            "to_play": None if self.is_over() else self.to_play,
            "face_up": {s: self.table.face_up(s) for s in TWO_SEATS},
            # Per pile, whether a card lies face down under it: its place, never its face.
            "covered": {s: tuple(down is not None for down, _ in self.table.piles_of(s)) for s in TWO_SEATS},
            "piles": {s: tuple(up for _, up in self.table.piles_of(s)) for s in TWO_SEATS},
            "trick": tuple(self.trick),
            "played": tuple(p for t in self.tricks for p in t.plays),
            "points": dict(self.points),
        }
