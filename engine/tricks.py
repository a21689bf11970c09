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

from engine.cards import CARDS, SEATS, SUIT_MASK, Card, Seat, cards_of
from engine.explain import Reason
from engine.play import explain_play, legal_mask_for
from engine.ranking import LAST_TRICK_BONUS, POINTS, TRICK_STRENGTH, trick_winner_index
from engine.variants import RuleSet


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
    """Eight tricks from four 8-card hands (masks indexed by seat).

    The play is recorded as plain ints (cards, seats, trick winners and points);
    the :class:`Played` and :class:`TrickTaken` records of :attr:`moves` and
    :attr:`taken` are built from them when first asked for, so a random playout
    allocates nothing per card.
    """

    __slots__ = (
        "_cards",
        "_legal",
        "_legal_at",
        "_legal_mask",
        "_moves",
        "_seats",
        "_taken",
        "_winners",
        "_won",
        "ekka",
        "hands",
        "leader",
        "points",
        "rules",
        "step",
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
        self.ekka = False
        # The record: card and seat of every play, winner and points of every completed trick.
        self._cards: list[Card] = []
        self._seats: list[int] = []
        self._winners: list[int] = []
        self._won: list[int] = []
        # Records built so far from the above (always a prefix of the play).
        self._moves: list[Played] = []
        self._taken: list[TrickTaken] = []
        self._legal = legal_mask_for(rules)
        self._legal_at = -1  # number of cards played when _legal_mask was computed
        self._legal_mask = 0

    # -- the record
    @property
    def moves(self) -> list[Played]:
        """Every card played so far, in order."""
        moves = self._moves
        done = len(moves)
        if done < len(self._cards):
            cards, seats = self._cards, self._seats
            moves.extend(Played(SEATS[seats[i]], cards[i], i >> 2) for i in range(done, len(cards)))
        return moves

    @property
    def taken(self) -> list[TrickTaken]:
        """Every completed trick so far, in order."""
        taken = self._taken
        done = len(taken)
        if done < len(self._winners):
            for k in range(done, len(self._winners)):
                taken.append(self._trick_taken(k))
        return taken

    def _trick_taken(self, k: int) -> TrickTaken:
        c = self._cards
        i = 4 * k
        return TrickTaken(
            SEATS[self._seats[i]], (c[i], c[i + 1], c[i + 2], c[i + 3]), SEATS[self._winners[k]], self._won[k]
        )

    # -- queries
    def legal(self) -> int:
        """Mask of the legal cards of the player to act (remembered until the next card is played)."""
        if self._legal_at != len(self._cards):
            self._legal_mask = self._legal(self.hands[self.to_play], self.trick, self.trump, self.ekka)
            self._legal_at = len(self._cards)
        return self._legal_mask

    def is_over(self) -> bool:
        return len(self._cards) == 32

    def trick_number(self) -> int:
        return len(self._cards) >> 2

    def explain(self, card: Card) -> list[Reason]:
        """Why ``card`` may not be played now (empty when it may)."""
        seat = self.to_play
        trick_pairs = [(SEATS[(self.leader + self.step * i) % 4], CARDS[c]) for i, c in enumerate(self.trick)]
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
        cards = self._cards
        cards.append(CARDS[card])
        self._seats.append(seat)
        if len(trick) < 4:
            self.to_play = (seat + self.step) % 4
            return
        trump = self.trump
        wi = trick_winner_index(trick, trump)
        winner = (self.leader + self.step * wi) % 4
        pts = POINTS[trump]
        won = pts[trick[0]] + pts[trick[1]] + pts[trick[2]] + pts[trick[3]]
        if len(cards) == 32:
            won += LAST_TRICK_BONUS
        self.points[winner & 1] += won
        self.tricks[winner & 1] += 1
        self._winners.append(winner)
        self._won.append(won)
        self.trick = []
        self.leader = self.to_play = winner
        self.ekka = False

    def playout(self, rng: random.Random) -> None:
        """Play to the end, each player choosing uniformly among their legal cards.

        The fast path of random play (Monte Carlo bots, property tests, benchmarks):
        no legality re-check, no list of cards per play, and the trick bookkeeping of
        :meth:`push` done in place. The card is the ``int(rng.random() * n)``-th
        lowest of the ``n`` legal ones.
        """
        trump, hands, legal, step = self.trump, self.hands, self._legal, self.step
        rand = rng.random
        suit_mask = SUIT_MASK
        strength = TRICK_STRENGTH[trump]
        pts = POINTS[trump]
        cards, seats, winners, won_log = self._cards, self._seats, self._winners, self._won
        points, tricks = self.points, self.tricks
        trick = self.trick
        seat = self.to_play
        ekka = self.ekka
        played = len(cards)
        while played < 32:
            hand = hands[seat]
            n = len(trick)
            if n == 0:
                m = hand
            else:
                led = trick[0] >> 3
                m = hand & suit_mask[led]
                if not m or led == trump:
                    m = legal(hand, trick, trump, ekka)
            k = int(rand() * m.bit_count())
            while k:
                m &= m - 1
                k -= 1
            c = (m & -m).bit_length() - 1
            hands[seat] = hand ^ (1 << c)
            trick.append(c)
            cards.append(CARDS[c])
            seats.append(seat)
            played += 1
            if n < 3:
                seat = (seat + step) % 4
                continue
            # The trick is complete: its winner leads the next one.
            c0, c1, c2, c3 = trick
            by_strength = strength[c0 >> 3]
            wi, best = 0, by_strength[c0]
            s = by_strength[c1]
            if s > best:
                wi, best = 1, s
            s = by_strength[c2]
            if s > best:
                wi, best = 2, s
            if by_strength[c3] > best:
                wi = 3
            seat = (seat + step * (wi + 1)) % 4
            won = pts[c0] + pts[c1] + pts[c2] + pts[c3]
            if played == 32:
                won += LAST_TRICK_BONUS
            points[seat & 1] += won
            tricks[seat & 1] += 1
            winners.append(seat)
            won_log.append(won)
            trick = []
            ekka = False
        self.trick = trick
        self.leader = self.to_play = seat
        self.ekka = ekka

    def pop(self) -> Played:
        """Undo the last card played (everything else is derived from the records, no snapshot)."""
        cards, seats = self._cards, self._seats
        card = cards.pop()
        seat = seats.pop()
        i = len(cards)
        moves = self._moves
        played = moves.pop() if len(moves) > i else Played(SEATS[seat], card, i >> 2)
        self.hands[seat] |= 1 << card
        self.to_play = seat
        if self.trick:
            self.trick.pop()
        else:  # the card completed a trick: take the trick back
            k = len(self._winners) - 1
            if len(self._taken) > k:
                self._taken.pop()
            team = self._winners.pop() & 1
            self.points[team] -= self._won.pop()
            self.tricks[team] -= 1
            self.leader = seats[4 * k]
            self.trick = list(cards[4 * k : 4 * k + 3])
        self.ekka = False
        self._legal_at = -1
        return played
