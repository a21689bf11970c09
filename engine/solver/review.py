"""The review of a played hand: each decision of one player judged with every hand open.

:func:`review` replays a hand (the deal, the contract, the cards in the order
they were played) and, at each card the chosen seat played, solves the
position exactly: the value of every legal card, the best cards, the value of
the card played and what it cost. Values are the **player's team's card
points for the whole hand** (the tricks already taken, the rest with best play
on both sides after that card, the last-trick bonus included), so a learner
reads them as final scores: "with the Ace your team ends with 91".

The solves of one hand share their transposition table: every position is a
part of the same deal, and what the first solve proved about the later tricks
answers most of the later solves.

Explanations are data: each decision carries one reason, ``solve.best`` when
the card played was a best card, ``solve.loses`` otherwise, with the params of
:mod:`engine.solver.explain` (rendered by :mod:`engine.messages`).

>>> from engine.cards import Card, Seat, mask_of
>>> from engine.ranking import NO_TRUMP
>>> from engine.variants import rules_for
>>> h = lambda *cs: mask_of(Card.parse(c) for c in cs)
>>> hands = (h("AS", "7H"), h("TS", "8H"), h("KS", "9H"), h("QS", "JH"))
>>> plays = [Card.parse(c) for c in ("AS", "TS", "KS", "QS", "7H", "8H", "9H", "JH")]
>>> r = review(rules_for("saudi"), NO_TRUMP, hands, Seat.S, plays, Seat.S)
>>> d = r.decisions[0]
>>> str(d.played), {str(c): v for c, v in d.values.items()}, [str(c) for c in d.best], d.loss
('AS', {'AS': 28, '7H': 38}, ['7H'], 10)
>>> d.reason.rule, r.loss
('solve.loses', 10)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from engine.cards import CARDS, SEATS, TEAMS, Card, Seat, Team
from engine.explain import Reason
from engine.solver.core import new_table
from engine.solver.native import Table
from engine.solver.position import BestCardPosition
from engine.solver.solution import Solution, solve
from engine.tricks import TrickPlay
from engine.variants import RuleSet

__all__ = ["Decision", "Review", "decision_reason", "review"]


@dataclass(frozen=True)
class Decision:
    """One card of the reviewed player, judged."""

    trick: int
    """The trick's number in the hand, 1-8."""
    position: BestCardPosition
    """The position before the card: every hand, the trick so far, the points taken."""
    played: Card
    values: dict[Card, int]
    """For each legal card: the player's team's card points for the whole hand, best play after it."""
    best: tuple[Card, ...]
    """The legal cards of the best value."""
    loss: int
    """Card points the card played cost the player's team against a best card (0 for a best card)."""
    reason: Reason
    """``solve.best`` (the card played was a best card) or ``solve.loses``."""

    @property
    def value(self) -> int:
        """The value of the card played."""
        return self.values[self.played]


@dataclass(frozen=True)
class Review:
    """Every decision of one player in a hand."""

    seat: Seat
    decisions: tuple[Decision, ...]

    @property
    def team(self) -> Team:
        return TEAMS[self.seat & 1]

    @property
    def loss(self) -> int:
        """All the card points the player's choices cost, added up."""
        return sum(d.loss for d in self.decisions)


def review(
    rules: RuleSet,
    trump: int,
    hands: Sequence[int],
    leader: Seat,
    plays: Sequence[Card],
    seat: Seat,
    taker: Team | None = None,
    ekka: Collection[int] = (),
    taker_seat: Seat | None = None,
) -> Review:
    """Judge every card ``seat`` played in ``plays`` (see the module docstring).

    ``hands``: the four hands as dealt (masks by seat, before the first card);
    ``leader``: who led the first trick; ``plays``: the cards in the order played
    (up to 32: a hand not finished is reviewed as far as it went); ``ekka``: the
    numbers (1-8) of the tricks whose leader called Ekka (saudi option ``ekka``).
    A card that may not be played raises :class:`engine.tricks.IllegalPlay`.
    """
    t = TrickPlay(rules, list(hands), trump, leader)
    table = new_table()
    decisions = []
    for card in plays:
        number = t.trick_number() + 1
        if not t.trick and number in ekka:
            t.ekka = True  # called on the card led: it holds until the trick is complete
        if t.to_play == seat and t.legal() >> card & 1:
            p = BestCardPosition(
                rules,
                trump,
                (t.hands[0], t.hands[1], t.hands[2], t.hands[3]),
                SEATS[t.leader],
                SEATS[t.to_play],
                [CARDS[c] for c in t.trick],
                (t.points[0], t.points[1]),
                taker,
                t.ekka and bool(t.trick),
                taker_seat,
            )
            decisions.append(_judge(p, card, table, number))
        t.push(card)
    return Review(seat, tuple(decisions))


def _judge(p: BestCardPosition, card: Card, table: dict[int, int] | Table, number: int) -> Decision:
    s = solve(
        p.rules, p.trump, p.hands, p.to_play, p.leader, p.trick, p.points_so_far, p.taker, p.ekka, table
    )
    team = p.to_play & 1
    values = {c: s.totals(c)[team] for c in s.values}
    best = tuple(s.best)
    return Decision(number, p, card, values, best, values[best[0]] - values[card], decision_reason(s, card))


def decision_reason(s: Solution, card: Card) -> Reason:
    """``solve.best`` or ``solve.loses`` for ``card`` in a solved position (params as in explain)."""
    team = s.to_play & 1
    could = s.value[team]
    if card in s.best:
        return Reason(
            "solve.best",
            {
                "cards": list(s.best),
                "seat": s.to_play,
                "team": TEAMS[team],
                "points": could,
                "total": sum(s.value),
                "hand_points": s.so_far[team] + could,
            },
        )
    got = s.values[card][team]
    return Reason(
        "solve.loses",
        {
            "card": card,
            "seat": s.to_play,
            "team": TEAMS[team],
            "points": could - got,
            "best": list(s.best),
            "got": got,
            "could": could,
            "total": sum(s.values[card]),
        },
    )
