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
from engine.auction import PASS, Contract, new_auction
from engine.bots.simulation import PlayPosition
from engine.bots.view import View, view_of
from engine.cards import CARDS, SEATS, Card, Seat, cards_of
from engine.coach.evaluator import SAMPLES, Evaluation, evaluate
from engine.deal import deck_for
from engine.explain import Reason
from engine.hand import Hand
from engine.solver.solution import solve
from engine.variants import RuleSet

__all__ = ["Judgement", "OpenFigure", "judge", "replay", "review_hand"]


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


def replay(
    rules: RuleSet,
    dealer: Seat,
    bidding_card: Card,
    hands: Sequence[int],
    calls: Sequence[tuple[Seat, str]],
    plays: Sequence[Card],
    first: Sequence[int] | None = None,
) -> tuple[Hand, list[tuple[str, int]]]:
    """A recorded hand played again: the :class:`~engine.hand.Hand` before its first action, and
    the actions in order (``("call", i)``, ``("double", i)`` for ``calls[i]``; ``("play", i)`` for
    ``plays[i]``), to apply with :func:`apply`.

    ``hands``: the four hands when play began; ``first``: the five cards each seat held during the
    auction (without them, any five of each hand stand in: the calls cannot then be judged).
    """
    auction = new_auction(rules, dealer, bidding_card)
    contract = None
    for seat, call in calls:
        if isinstance(auction.contract, Contract):
            break
        auction = auction.call(call, seat)
        contract = auction.contract
    if not isinstance(contract, Contract):
        raise ValueError("the calls sell no contract")
    if first is None:
        first = []
        for s in SEATS:
            own = hands[s] & ~(1 << bidding_card) if s == contract.receiver else hands[s]
            first.append(sum(1 << c for c in cards_of(own)[:5]))
    deck = deck_for(rules, dealer, first, bidding_card, hands, contract.receiver)
    actions: list[tuple[str, int]] = []
    probe = new_auction(rules, dealer, bidding_card)
    for i, (seat, call) in enumerate(calls):
        if probe.contract is None:
            probe = probe.call(call, seat)
            actions.append(("call", i))
        else:
            actions.append(("double", i))
    actions += [("play", i) for i in range(len(plays))]
    return Hand(rules, dealer, deck=deck), actions


def review_hand(
    rules: RuleSet,
    dealer: Seat,
    bidding_card: Card,
    hands: Sequence[int],
    calls: Sequence[tuple[Seat, str]],
    plays: Sequence[Card],
    seat: Seat,
    first: Sequence[int] | None = None,
    seed: int = 0,
    samples: int = SAMPLES,
) -> list[tuple[int, Judgement]]:
    """Every decision of ``seat`` in a recorded hand judged from its view: (the index of the call or
    card in ``calls`` / ``plays``, the judgement). Calls are judged only when ``first`` is given."""
    hand, actions = replay(rules, dealer, bidding_card, hands, calls, plays, first)
    out: list[tuple[int, Judgement]] = []
    for kind, i in actions:
        if kind == "play":
            c = plays[i]
            if hand.to_play == seat:
                assert hand.tricks is not None
                out.append((i, judge(view_of(hand, seat), str(CARDS[c]), seed, samples, hand.tricks.hands)))
            hand.play(c)
            continue
        who, word = calls[i]
        view = view_of(hand, seat)
        if who == seat and first is not None and word in view.choices and word != "redeal":
            out.append((i, judge(view, word, seed, samples)))
        if kind == "call":
            hand.call(word, who)
        else:
            hand.double(word, who)
    return out


def verdict(evaluation: Evaluation, played: str) -> Reason:
    """The evaluator's word on ``played`` as data: ``coach.best`` (it is among the best choices)
    or ``coach.loses`` (what it loses on average against the best), case ``call`` for a call."""
    seat = SEATS[evaluation.seat]
    is_card = evaluation.kind == "card"
    params: dict[str, object] = {"seat": seat, "samples": evaluation.samples}
    if is_card:
        params["card"] = Card.parse(played)
    else:
        params["call"] = played
        params["case"] = "call"
    if played in evaluation.best:
        params["value"] = round(evaluation.options[played].value)
        return Reason("coach.best", params)
    params["loss"] = round(evaluation.loss(played))
    if is_card:
        params["best"] = [Card.parse(c) for c in evaluation.best]
    else:
        params["calls"] = list(evaluation.best)
    return Reason("coach.loses", params)
