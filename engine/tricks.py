"""The play of eight tricks as a small mutable state with cheap make and undo.

:class:`TrickPlay` knows only cards, turns and tricks — no auction, no
projects, no scoring — so the solver and the bots can search it fast:
:meth:`TrickPlay.push` plays a card after a legality check,
:meth:`TrickPlay.pop` undoes it from a saved snapshot (python-chess style).

>>> from engine.variants import rules_for
>>> from engine.deal import first_deal, complete_deal
>>> rules = rules_for("french")
>>> hands = complete_deal(first_deal(rules, Seat.S, seed=1), Seat.E, rules)
>>> t = TrickPlay(rules, hands, trump=0, leader=Seat.E)
>>> while not t.is_over():
...     t.push(cards_of(t.legal())[0])
>>> sum(t.points), sum(t.tricks)
(162, 8)
>>> while t.moves:
...     _ = t.pop()
>>> tuple(t.hands) == hands
True
"""

from __future__ import annotations

import random
from typing import NamedTuple

from engine.cards import CARDS, SEATS, Card, Seat, cards_of
from engine.explain import Reason
from engine.play import explain_play, legal_mask
from engine.ranking import LAST_TRICK_BONUS, POINTS, trick_winner_index
from engine.variants import RuleSet

# Per suit and 8-bit pattern, the card numbers it stands for (random choice without a loop).
_BYTE_CARDS = tuple(
    tuple(tuple(8 * s + r for r in range(8) if b >> r & 1) for b in range(256)) for s in range(4)
)


class IllegalPlay(ValueError):
    """A card that may not be played now; ``reasons`` cite RULES.md (empty: not in hand / not your turn)."""

    def __init__(self, card: Card, reasons: list[Reason]) -> None:
        super().__init__(f"{card} may not be played: {', '.join(r.rule for r in reasons) or 'not held'}")
        self.card = card
        self.reasons = reasons


class Played(NamedTuple):
    """A card played: who, what, and which trick (0-7)."""

    seat: Seat
    card: Card
    trick: int


class TrickTaken(NamedTuple):
    """A completed trick: its cards in play order (leader first), the winner and the points won."""

    leader: Seat
    cards: tuple[Card, Card, Card, Card]
    winner: Seat
    points: int  # card points, plus the last-trick bonus on the eighth trick


class TrickPlay:
    """Eight tricks from four 8-card hands (masks indexed by seat)."""

    __slots__ = (
        "_legal_at",
        "_legal_mask",
        "ekka",
        "hands",
        "leader",
        "moves",
        "points",
        "rules",
        "step",
        "taken",
        "to_play",
        "trick",
        "tricks",
        "trump",
    )

    def __init__(
        self, rules: RuleSet, hands: tuple[int, int, int, int] | list[int], trump: int, leader: Seat
    ) -> None:
        self.rules = rules
        self.trump = trump
        self.hands = list(hands)
        self.leader = int(leader)
        self.to_play = int(leader)
        self.step = -1 if rules.clockwise else 1
        self.trick: list[int] = []
        self.points = [0, 0]
        self.tricks = [0, 0]
        self.moves: list[Played] = []
        self.taken: list[TrickTaken] = []
        self.ekka = False
        self._legal_at = -1  # len(moves) when _legal_mask was computed
        self._legal_mask = 0

    # -- queries
    def legal(self) -> int:
        """Mask of the legal cards of the player to act (remembered until the next card is played)."""
        if self._legal_at != len(self.moves):
            self._legal_mask = legal_mask(
                self.hands[self.to_play], self.trick, self.trump, self.rules, self.ekka
            )
            self._legal_at = len(self.moves)
        return self._legal_mask

    def is_over(self) -> bool:
        return len(self.moves) == 32

    def trick_number(self) -> int:
        return len(self.moves) >> 2

    def explain(self, card: Card) -> list[Reason]:
        """Why ``card`` may not be played now (empty when it may)."""
        seat = self.to_play
        trick_pairs = [(Seat((self.leader + self.step * i) % 4), CARDS[c]) for i, c in enumerate(self.trick)]
        verdict = explain_play(cards_of(self.hands[seat]), trick_pairs, self.trump, self.rules, self.ekka)
        return verdict.illegal.get(card, [])

    # -- make / undo
    def push(self, card: int, check: bool = True) -> None:
        """Play ``card`` for the player to act; raise :class:`IllegalPlay` when it is not allowed."""
        seat = self.to_play
        hand = self.hands[seat]
        if check and not (self.legal() >> card & 1):
            raise IllegalPlay(CARDS[card], self.explain(CARDS[card]) if hand >> card & 1 else [])
        self.hands[seat] = hand & ~(1 << card)
        trick = self.trick
        trick.append(card)
        self.moves.append(Played(SEATS[seat], CARDS[card], len(self.moves) >> 2))
        if len(trick) < 4:
            self.to_play = (seat + self.step) % 4
            return
        trump = self.trump
        wi = trick_winner_index(trick, trump)
        winner = (self.leader + self.step * wi) % 4
        pts = POINTS[trump]
        won = pts[trick[0]] + pts[trick[1]] + pts[trick[2]] + pts[trick[3]]
        if len(self.moves) == 32:
            won += LAST_TRICK_BONUS
        self.points[winner & 1] += won
        self.tricks[winner & 1] += 1
        self.taken.append(
            TrickTaken(
                SEATS[self.leader],
                (CARDS[trick[0]], CARDS[trick[1]], CARDS[trick[2]], CARDS[trick[3]]),
                SEATS[winner],
                won,
            )
        )
        self.trick = []
        self.leader = self.to_play = winner
        self.ekka = False

    def playout(self, rng: random.Random) -> None:
        """Play to the end, each player choosing uniformly among their legal cards.

        The fast path of random play (Monte Carlo bots, property tests, benchmarks):
        no legality re-check and no list of cards per play.
        """
        rules, trump, hands, push = self.rules, self.trump, self.hands, self.push
        byte_cards = _BYTE_CARDS
        rand = rng.random
        while len(self.moves) < 32:
            m = legal_mask(hands[self.to_play], self.trick, trump, rules, self.ekka)
            choices = (
                byte_cards[0][m & 0xFF]
                + byte_cards[1][(m >> 8) & 0xFF]
                + byte_cards[2][(m >> 16) & 0xFF]
                + byte_cards[3][m >> 24]
            )
            push(choices[int(rand() * len(choices))], False)

    def pop(self) -> Played:
        """Undo the last card played (everything else is derived from the records, no snapshot)."""
        played = self.moves.pop()
        self.hands[played.seat] |= 1 << played.card
        self.to_play = played.seat
        if self.trick:
            self.trick.pop()
        else:  # the card completed a trick: take the trick back
            taken = self.taken.pop()
            team = taken.winner & 1
            self.points[team] -= taken.points
            self.tricks[team] -= 1
            self.leader = taken.leader
            self.trick = list(taken.cards[:3])
        self.ekka = False
        self._legal_at = -1
        return played
