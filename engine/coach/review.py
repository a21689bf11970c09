"""One seat's decisions judged from that seat's view: the verdict a learner can act on.

:func:`judge` takes what the seat saw when it decided (a :class:`~engine.bots.view.View`) and
what it chose, and asks the evaluator (:mod:`engine.coach.evaluator`) the value of every choice
on the same sampled deals a hint would use (same view, same ``seed``, same ``samples``): a hinted
choice is the evaluator's :attr:`~engine.coach.evaluator.Evaluation.choice`, so it is never a
mistake. A choice is a mistake only when it loses at least the evaluator's threshold
(:data:`~engine.coach.evaluator.MISTAKE_CARD_POINTS` card points, or the same share of a hand's
game points) on average **and** the 95 % interval of that loss lies above zero.

Each judgement carries the principle of the better choice (the hint's reasons,
:func:`engine.advice.card_reasons`, :func:`engine.advice.call_reasons`), and, for a card, when the
four hands are given, the double-dummy figure (:class:`OpenFigure`): what the card cost with every
card seen. That figure is information, never the verdict: no player could have seen the cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.advice import call_reasons, play_advice
from engine.auction import PASS
from engine.bots.simulation import PlayPosition
from engine.bots.view import View
from engine.cards import CARDS, SEATS, Card
from engine.coach.evaluator import SAMPLES, Evaluation, evaluate
from engine.explain import Reason
from engine.solver.solution import solve

__all__ = ["Judgement", "OpenFigure", "judge"]


@dataclass(frozen=True)
class OpenFigure:
    """A card judged with every hand open (the hindsight figure)."""

    best: tuple[str, ...]
    loss: int
    """Card points the card cost against the best card, every hand seen."""
    got: int
    """The seat's team's card points from the position on, after the card played."""
    could: int
    """... and after a best card."""
    total: int
    """The card points still to win from the position on."""


@dataclass(frozen=True)
class Judgement:
    """One decision of the seat, judged (see the module docstring)."""

    kind: str
    """``card``, ``call`` or ``double``."""
    played: str
    evaluation: Evaluation
    reasons: tuple[Reason, ...]
    """Why the best choice is good (its principle), as the hint gives it."""
    trick: int = 0
    """For a card: the trick's number, 1-8."""
    open: OpenFigure | None = None

    @property
    def loss(self) -> float:
        return self.evaluation.loss(self.played)

    @property
    def mistake(self) -> bool:
        return self.played in self.evaluation.options and self.evaluation.mistake(self.played)


def judge(
    view: View,
    played: str,
    seed: int = 0,
    samples: int = SAMPLES,
    hands: Sequence[int] | None = None,
) -> Judgement:
    """``played`` (a card as ``"AH"``, a call or a doubling word) judged in ``view``.

    ``hands``: the four hands at that moment (masks by seat), for a card's double-dummy figure.
    """
    evaluation = evaluate(view, seed, samples)
    kind = evaluation.kind
    if kind == "card":
        reasons = play_advice(view, evaluation, seed).reasons
        figure = _open(view, Card.parse(played), hands) if hands is not None else None
        return Judgement(kind, played, evaluation, reasons, view.trick_number + 1, figure)
    if kind == "call":
        return Judgement(
            kind, played, evaluation, tuple(call_reasons(view, evaluation.choice, evaluation.samples))
        )
    word = evaluation.choice
    reason = Reason(
        "hint.double-pass" if word == PASS else "hint.double", {"call": word, "samples": evaluation.samples}
    )
    return Judgement(kind, played, evaluation, (reason,))


def _open(view: View, played: Card, hands: Sequence[int]) -> OpenFigure:
    assert view.contract is not None
    position = PlayPosition(view)
    team = view.seat & 1
    leader = SEATS[position.leader] if position.leader >= 0 else view.seat
    h = (hands[0], hands[1], hands[2], hands[3])
    so_far = (position.points[0], position.points[1])
    s = solve(view.rules, view.trump, h, view.seat, leader, list(position.trick), so_far, None)
    could = s.value[team]
    got = s.values[played][team]
    return OpenFigure(tuple(str(CARDS[c]) for c in s.best), could - got, got, could, sum(s.values[played]))
