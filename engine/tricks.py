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
from math import floor
from typing import NamedTuple

from engine.cards import CARDS, SEATS, SUIT_MASK, Card, Seat, cards_of
from engine.explain import Reason
from engine.play import explain_play, legal_mask_for
from engine.ranking import HIGHER, LAST_TRICK_BONUS, NO_TRUMP, POINTS, TRICK_STRENGTH, trick_winner_index
from engine.variants import RuleSet

# Per suit and 8-bit pattern, the card numbers it stands for, lowest first: a random legal
# card is picked from a mask with table look-ups.
_BYTE_CARDS = tuple(
    tuple(tuple(8 * s + r for r in range(8) if b >> r & 1) for b in range(256)) for s in range(4)
)
_BIT = tuple(1 << c for c in range(32))
# _TURNS[step][leader]: the four seats of a trick in play order (step 1, or -1 when clockwise).
_TURNS = {
    step: tuple(tuple((leader + step * n) % 4 for n in range(4)) for leader in range(4)) for step in (1, -1)
}


class IllegalPlay(ValueError):
    """A card that may not be played now; ``reasons`` cite docs/rules.md (none: not held, not your turn)."""

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

    The play is recorded as plain ints (the cards in play order, the winner and
    points of each trick; who played each card follows from the turn order);
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
        "_opening",
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
        # The record: every card played, the winner and points of every completed trick,
        # and the leader of the first trick (each later trick is led by the previous winner).
        self._cards: list[int] = []
        self._winners: list[int] = []
        self._won: list[int] = []
        self._opening = int(leader)
        # Records built so far from the above (always a prefix of the play).
        self._moves: list[Played] = []
        self._taken: list[TrickTaken] = []
        self._legal = legal_mask_for(rules)
        self._legal_at = -1  # number of cards played when _legal_mask was computed
        self._legal_mask = 0

    # -- the record
    def _leader_of(self, trick: int) -> int:
        return self._winners[trick - 1] if trick else self._opening

    @property
    def moves(self) -> list[Played]:
        """Every card played so far, in order."""
        moves = self._moves
        cards = self._cards
        step = self.step
        for i in range(len(moves), len(cards)):
            leader = self._leader_of(i >> 2)
            moves.append(Played(SEATS[(leader + step * (i & 3)) % 4], CARDS[cards[i]], i >> 2))
        return moves

    @property
    def taken(self) -> list[TrickTaken]:
        """Every completed trick so far, in order."""
        taken = self._taken
        c = self._cards
        for k in range(len(taken), len(self._winners)):
            i = 4 * k
            taken.append(
                TrickTaken(
                    SEATS[self._leader_of(k)],
                    (CARDS[c[i]], CARDS[c[i + 1]], CARDS[c[i + 2]], CARDS[c[i + 3]]),
                    SEATS[self._winners[k]],
                    self._won[k],
                )
            )
        return taken

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
        cards.append(card)
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
        :meth:`push` done in place, a trick at a time. The card is the
        ``int(rng.random() * n)``-th lowest of the ``n`` legal ones.
        """
        trump, hands, legal, step = self.trump, self.hands, self._legal, self.step
        rules = self.rules
        # The cases of legal_mask met most are answered here: following suit (overtrumping
        # on a trump lead per play.must-overtrump) and a void without trumps (any card).
        overtrump_always = rules.overtrump_always
        overtrump_on_trump_lead = bool(getattr(rules, "overtrump_on_trump_lead", False))
        trump_mask = SUIT_MASK[trump] if trump != NO_TRUMP else 0
        higher_than = HIGHER[trump]
        rand = rng.random
        bit, c0, c1, c2, c3 = _BIT, *_BYTE_CARDS
        turns = _TURNS[step]
        strength = TRICK_STRENGTH[trump]
        pts = POINTS[trump]
        cards, winners, won_log = self._cards, self._winners, self._won
        points, tricks = self.points, self.tricks
        ekka = self.ekka
        seat = self.leader  # after the four cards of a trick the turn is back to its leader
        trick = self.trick
        # Cards of a trick are recorded when it completes: a trick begun before is recorded again then.
        del cards[len(cards) - len(trick) :]
        first = len(trick)
        while len(winners) < 8:
            if first == 0:
                hand = hands[seat]
                choices = c0[hand & 0xFF] + c1[hand >> 8 & 0xFF] + c2[hand >> 16 & 0xFF] + c3[hand >> 24]
                c = choices[floor(rand() * len(choices))]
                hands[seat] = hand ^ bit[c]
                trick = [c]
                first = 1
            led = trick[0] >> 3
            shift = 8 * led
            led_cards = _BYTE_CARDS[led]
            trump_led = led == trump
            # The winner so far: its index in the trick and its strength.
            by_strength = strength[led]
            wi = trick_winner_index(trick, trump) if first > 1 else 0
            best = by_strength[trick[wi]]
            players = turns[seat]
            for n in range(first, 4):
                player = players[n]
                hand = hands[player]
                follow = hand >> shift & 0xFF
                if follow:
                    if trump_led and (overtrump_always or (overtrump_on_trump_lead and wi != n - 2)):
                        follow = follow & higher_than[trick[wi]] >> shift or follow
                    choices = led_cards[follow]
                else:
                    m = legal(hand, trick, trump, ekka) if hand & trump_mask and not trump_led else hand
                    choices = c0[m & 0xFF] + c1[m >> 8 & 0xFF] + c2[m >> 16 & 0xFF] + c3[m >> 24]
                c = choices[floor(rand() * len(choices))]
                hands[player] = hand ^ bit[c]
                trick.append(c)
                if by_strength[c] > best:
                    wi, best = n, by_strength[c]
            # The trick is complete: its winner leads the next one.
            seat = players[wi]
            won = pts[trick[0]] + pts[trick[1]] + pts[trick[2]] + pts[trick[3]]
            if len(winners) == 7:
                won += LAST_TRICK_BONUS
            points[seat & 1] += won
            tricks[seat & 1] += 1
            winners.append(seat)
            won_log.append(won)
            cards += trick
            first = 0
            ekka = False
        self.trick = []
        self.leader = self.to_play = seat
        self.ekka = ekka

    def pop(self) -> Played:
        """Undo the last card played (everything else is derived from the records, no snapshot)."""
        cards = self._cards
        card = cards.pop()
        i = len(cards)
        moves = self._moves
        seat = (self._leader_of(i >> 2) + self.step * (i & 3)) % 4
        played = moves.pop() if len(moves) > i else Played(SEATS[seat], CARDS[card], i >> 2)
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
            self.leader = self._leader_of(k)
            self.trick = [CARDS[c] for c in cards[4 * k : 4 * k + 3]]
        self.ekka = False
        self._legal_at = -1
        return played
