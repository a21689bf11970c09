"""The answer to a best-card position as data: the best cards, the line proving them, what others cost.

:func:`analyse` solves a :class:`~engine.solver.position.BestCardPosition`
and returns a :class:`BestCard`: the cards reaching the best value and the
explanation as :class:`~engine.explain.Step` records, rendered by
:mod:`engine.messages` like every rule's explanation.
:meth:`BestCard.why_not` tells what another card costs, or why it may not be
played at all (the reasons of :func:`engine.play.explain_play`).

Points are **card points from the position on**: the cards already in the
trick in progress, every later trick, and the last-trick bonus; the tricks
finished before the position are added for the hand's totals.

These ids are not rules of docs/rules.md (see ``SOLVER_IDS`` in :mod:`engine.rule_ids`):

=================  ======================================================================
id                 params
=================  ======================================================================
``solve.best``     ``cards`` (the best cards), ``seat`` (to play), ``team`` (its team),
                   ``points`` (the team's points from here with best play), ``total``
                   (all points still to win, last trick included), ``hand_points`` (the
                   team's card points for the whole hand)
``solve.trick``    ``n`` (the trick's number in the hand, 1-8), ``cards`` (the four plays
                   as ``(seat, card)`` pairs, in play order), ``seat`` and ``card`` (the
                   winner and its card), ``points`` (the trick's points, last-trick bonus
                   included), ``last`` (True on the eighth trick)
``solve.outcome``  ``team`` (the taking team), ``points`` (its card points for the hand),
                   ``outcome`` (``made``, ``tie`` or ``failed``, see
                   :meth:`engine.solver.Solution.outcome`), ``tie`` (True when level),
                   ``value`` and ``other_value`` (what the contract compares: game points
                   in Saudi, card points otherwise), ``half`` (81, or 65 in Sun),
                   ``total`` (162 or 130)
``solve.loses``    ``card``, ``seat``, ``team``, ``points`` (what ``card`` loses against the
                   best), ``best`` (the best cards), ``got`` / ``could`` (the team's points
                   from here after ``card`` / after a best card), ``total``
=================  ======================================================================

>>> from engine.solver.position import read_position
>>> p = read_position({"variant": "saudi", "contract": {"mode": "sun", "trump": None, "taker": "S"},
...     "hands": {"S": ["AS", "7H"], "E": ["TS", "8H"], "N": ["KS", "9H"], "W": ["QS", "JH"]},
...     "leader": "S", "points": {"NS": 60, "EW": 30}})
>>> answer = analyse(p)
>>> [str(c) for c in answer.best], [s.rule for s in answer.steps]
(['7H'], ['solve.best', 'solve.trick', 'solve.trick', 'solve.outcome'])
>>> answer.steps[0].params["points"], answer.why_not(Card.parse("AS"))[0].params["points"]
(38, 10)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.cards import TEAMS, Card, Seat
from engine.explain import Reason, Step
from engine.messages import render
from engine.play import explain_play
from engine.ranking import LAST_TRICK_BONUS, POINTS, total_points, trick_winner_index
from engine.solver.position import BestCardPosition
from engine.solver.solution import Solution, line_after, solve

Play = tuple[Seat, Card]


@dataclass(frozen=True)
class BestCard:
    """A solved best-card position and its explanation."""

    position: BestCardPosition
    solution: Solution
    best: list[Card]
    """Every legal card reaching the best value (``solution.best``)."""
    steps: list[Step]
    """``solve.best``, one ``solve.trick`` per trick of the principal line, ``solve.outcome``."""

    @property
    def legal(self) -> list[Card]:
        """The legal cards of the player to act."""
        return list(self.solution.values)

    @property
    def team(self) -> int:
        """The team of the player to act (0 = NS, 1 = EW)."""
        return self.position.to_play & 1

    def loss(self, card: Card) -> int:
        """Card points ``card`` gives away against a best card (0 for a best card)."""
        return self.solution.loss(card)

    def line_after(self, card: Card) -> list[Play]:
        """A principal line starting with the legal ``card``: best play on both sides after it."""
        if card == self.best[0]:
            return list(self.solution.line)
        p = self.position
        _, line = line_after(p.rules, p.trump, p.hands, p.to_play, p.leader, card, p.trick, p.ekka)
        return line

    def why_not(self, card: Card) -> list[Reason]:
        """What ``card`` costs, as reasons to render (``{rule, message}`` each).

        - an illegal card: the refusals of :func:`engine.play.explain_play`;
        - a legal card that is not best: ``solve.loses``, then the principal line
          after it (``solve.trick`` per trick) and, with a taker, ``solve.outcome``;
        - a best card: nothing (an empty list).

        A card the player does not hold raises ``ValueError``.
        """
        p = self.position
        if not p.hands[p.to_play] >> card & 1:
            raise ValueError(f"{card} is not in {p.to_play}'s hand")
        values = self.solution.values
        if card not in values:
            verdict = explain_play(p.cards(p.to_play), p.plays(), p.trump, p.rules, p.ekka)
            return verdict.illegal.get(card, [])
        if card in self.best:
            return []
        team = self.team
        got = values[card][team]
        could = self.solution.value[team]
        reasons = [
            Reason(
                "solve.loses",
                {
                    "card": card,
                    "seat": p.to_play,
                    "team": TEAMS[team],
                    "points": could - got,
                    "best": list(self.best),
                    "got": got,
                    "could": could,
                    "total": sum(values[card]),
                },
            )
        ]
        line = self.line_after(card)
        reasons += [Reason("solve.trick", params) for params in trick_params(p, line)]
        outcome = _outcome_params(self.solution, card)
        if outcome is not None:
            reasons.append(Reason("solve.outcome", outcome))
        return reasons


def analyse(position: BestCardPosition) -> BestCard:
    """Solve ``position`` and explain the answer (see the module docstring)."""
    p = position
    solution = solve(
        p.rules, p.trump, p.hands, p.to_play, p.leader, p.trick, p.points_so_far, p.taker, p.ekka
    )
    team = p.to_play & 1
    value = solution.value
    steps = [
        Step(
            "solve.best",
            {
                "cards": list(solution.best),
                "seat": p.to_play,
                "team": TEAMS[team],
                "points": value[team],
                "total": sum(value),
                "hand_points": p.points_so_far[team] + value[team],
            },
        )
    ]
    steps += [Step("solve.trick", params) for params in trick_params(p, solution.line)]
    outcome = _outcome_params(solution, solution.best[0])
    if outcome is not None:
        steps.append(Step("solve.outcome", outcome))
    return BestCard(p, solution, list(solution.best), steps)


def tricks_of(position: BestCardPosition, line: Sequence[Play]) -> list[list[Play]]:
    """The tricks of ``line`` (played from ``position``), the trick in progress completed first."""
    plays = [*position.plays(), *line]
    return [plays[i : i + 4] for i in range(0, len(plays), 4)]


def trick_params(position: BestCardPosition, line: Sequence[Play]) -> list[dict[str, Any]]:
    """The params of a ``solve.trick`` for each trick of ``line`` (a line to the end of the hand)."""
    trump = position.trump
    tricks = tricks_of(position, line)
    out = []
    for i, trick in enumerate(tricks):
        cards = [c for _, c in trick]
        seat, card = trick[trick_winner_index(cards, trump)]
        last = i == len(tricks) - 1
        params: dict[str, Any] = {
            "n": position.trick_number + i,
            "cards": [(s, c) for s, c in trick],
            "seat": seat,
            "card": card,
            "points": sum(POINTS[trump][c] for c in cards) + (LAST_TRICK_BONUS if last else 0),
        }
        if last:
            params["last"] = True
        out.append(params)
    return out


def _outcome_params(solution: Solution, card: Card) -> dict[str, Any] | None:
    verdict = solution.verdict(card)
    if verdict is None or solution.taker is None:
        return None
    total = total_points(solution.trump)
    return {
        "team": TEAMS[solution.taker],
        "points": solution.totals(card)[solution.taker],
        "outcome": verdict.outcome,
        "tie": verdict.tie,
        "value": verdict.value,
        "other_value": verdict.other_value,
        "half": total // 2,
        "total": total,
    }


def as_messages(
    items: Sequence[Reason | Step], variant: str, lang: str, deck: str = "french"
) -> list[dict[str, str]]:
    """``[{"rule", "message"}]``: reasons or steps rendered in ``lang``, for a page or JSON."""
    return [{"rule": item.rule, "message": render(item, variant, lang, deck)} for item in items]


__all__ = ["BestCard", "analyse", "as_messages", "trick_params", "tricks_of"]
