"""Counting in the middle of a hand: the trumps still out, and whether the contract is already decided.

Both read the tricks played so far, each as its four ``(seat, card)`` plays in play order
(the leader first; each later trick led by the previous trick's winner).

:func:`trumps_left` counts the trumps the other three players still hold, from what one
player sees: the trumps played in the tricks so far and the trumps in their own hand.

:func:`contract_outlook` decides whether the contract is already made or already lost,
whatever happens in the tricks left. It scores the hand twice with :func:`engine.scoring.score_hand`
(never restating a threshold): the worst case for the takers, every card point still in play
and the last trick's 10 to the defenders (with every trick left), and the best case, all of it
to the takers. Made in the worst case: already made. Not made in the best case: already lost.
Otherwise it still depends on the play. Declarations, belote and doubling are left out: this is
what the card play decides.

>>> from engine.cards import Card, Seat
>>> from engine.variants import rules_for
>>> S, W, N, E = Seat.S, Seat.W, Seat.N, Seat.E
>>> c = Card.parse
>>> trick = [(S, c("JH")), (E, c("7H")), (N, c("AC")), (W, c("8H"))]
>>> count = trumps_left(1, [trick], [c("9H"), c("AH")])
>>> count.left, [str(t.card) for t in count.seen]
(3, ['JH', '7H', '8H'])
>>> outlook = contract_outlook(rules_for("french"), 1, Team.NS, [trick])
>>> outlook.verdict, outlook.taken[Team.NS], outlook.left
('open', 31, 131)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from engine.cards import Card, Seat, Team
from engine.ranking import LAST_TRICK_BONUS, points_of, total_points, trick_winner_index
from engine.scoring import TRICKS, HandFacts, HandScore, score_hand
from engine.variants import RuleSet

Trick = Sequence[tuple[Seat, Card]]

TRUMPS = 8  # cards of the trump suit in the deck


class CountingError(ValueError):
    """Tricks that cannot have been played: a repeated card, a trick of the wrong size, a wrong leader."""


@dataclass(frozen=True)
class TrumpSeen:
    """A trump played: in which trick (1 for the first), by whom."""

    trick: int
    seat: Seat
    card: Card


@dataclass(frozen=True)
class TrumpCount:
    """The trumps counted by one player: played (``seen``), in their hand (``held``), and the
    number the three others still hold (``left``), which are ``out``."""

    trump: int
    seen: tuple[TrumpSeen, ...]
    held: tuple[Card, ...]
    out: tuple[Card, ...]

    @property
    def left(self) -> int:
        return len(self.out)


@dataclass(frozen=True)
class Outlook:
    """Whether the contract is decided: ``made`` already, ``lost`` already, or ``open``.

    ``taken`` and ``tricks`` are each team's card points (the last trick's 10 once it is
    played) and tricks so far; ``left`` the card points still in play, the last trick's 10
    included; ``worst`` and ``best`` the hand scored with all of it to the defenders, or to
    the takers.
    """

    verdict: Literal["made", "open", "lost"]
    taker: Team
    taken: dict[Team, int]
    tricks: dict[Team, int]
    left: int
    tricks_left: int
    worst: HandScore
    best: HandScore


def check_tricks(tricks: Sequence[Trick], trump: int) -> list[Seat]:
    """The winner of each trick; :class:`CountingError` when the tricks cannot have been played."""
    if len(tricks) > TRICKS:
        raise CountingError(f"at most {TRICKS} tricks")
    seen: set[int] = set()
    winners: list[Seat] = []
    for n, trick in enumerate(tricks, 1):
        if len(trick) != 4:
            raise CountingError(f"trick {n} has {len(trick)} cards, not 4")
        if len({seat for seat, _ in trick}) != 4:
            raise CountingError(f"trick {n}: each seat plays one card")
        if winners and trick[0][0] != winners[-1]:
            raise CountingError(
                f"trick {n} is led by {trick[0][0]}, not by {winners[-1]} who won trick {n - 1}"
            )
        for _, card in trick:
            if int(card) in seen:
                raise CountingError(f"{card} is played twice")
            seen.add(int(card))
        winners.append(trick[trick_winner_index([int(card) for _, card in trick], trump)][0])
    return winners


def trumps_left(trump: int, tricks: Sequence[Trick], hand: Sequence[Card]) -> TrumpCount:
    """The trumps the three other players still hold, counted from the tricks and one's own hand."""
    check_tricks(tricks, trump)
    played = {int(card) for trick in tricks for _, card in trick}
    if any(int(card) in played for card in hand):
        raise CountingError("a card of the hand was already played")
    seen = tuple(
        TrumpSeen(n, seat, card)
        for n, trick in enumerate(tricks, 1)
        for seat, card in trick
        if card.suit == trump
    )
    held = tuple(sorted((card for card in hand if card.suit == trump), key=int))
    gone = played | {int(card) for card in held}
    out = tuple(Card(trump * 8 + rank) for rank in range(TRUMPS) if trump * 8 + rank not in gone)
    return TrumpCount(trump, seen, held, out)


def contract_outlook(rules: RuleSet, trump: int, taker: Team, tricks: Sequence[Trick]) -> Outlook:
    """Whether the takers' contract is already made or lost, by the hand's own score at both extremes."""
    winners = check_tricks(tricks, trump)
    taken = {Team.NS: 0, Team.EW: 0}
    won = {Team.NS: 0, Team.EW: 0}
    for n, (trick, winner) in enumerate(zip(tricks, winners, strict=True), 1):
        points = points_of(sum(1 << int(card) for _, card in trick), trump)
        taken[winner.team] += points + (LAST_TRICK_BONUS if n == TRICKS else 0)
        won[winner.team] += 1
    left = total_points(trump) - taken[Team.NS] - taken[Team.EW]
    tricks_left = TRICKS - len(tricks)

    def scored(team: Team) -> HandScore:
        """The hand scored with every point and trick left going to ``team``."""
        card_points = dict(taken)
        card_points[team] += left
        won_all = dict(won)
        won_all[team] += tricks_left
        return score_hand(HandFacts(rules, trump, taker, card_points, won_all))

    worst, best = scored(taker.other), scored(taker)
    verdict: Literal["made", "open", "lost"] = "made" if worst.made else "lost" if not best.made else "open"
    return Outlook(verdict, taker, taken, won, left, tricks_left, worst, best)
