"""The coach's evaluation of every decision of a hand at a class table, for the teacher who watches.

A pupil's own review (:mod:`lessons.practice.tables.reviews`) keeps only that pupil's mistakes; the
teacher sees every call, doubling word and card of the hand, of all four seats (bots too: a pupil
learns as much from the bot's card the coach prefers), each with the coach's verdict (among the
best choices, or what it loses on average against them: :func:`engine.coach.review.verdict`) and
the principle of the better choice. It is the practice table's evaluator, judged from each seat's
own view with the hints' seed and sample count (:func:`engine.coach.review.judge`), so a hinted
choice is never marked.

It is computed once per finished hand, off the request (lessons/practice/tables/tasks.py), and
only at a class table (nobody else would read it); kept in a
:class:`~lessons.models.HandEvaluation`, drawn only into the teacher's board
(lessons/practice/tables/board.py). The stored result holds rule IDs, cards and numbers; the
sentences are made in the teacher's language when the board is drawn (:func:`shown`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils import timezone

from engine import messages
from engine.bots import view_of
from engine.cards import Card, Seat
from engine.coach import words
from engine.coach.review import judge, verdict
from engine.explain import Reason
from engine.hand import Hand
from lessons.models import HandEvaluation, LiveTable, PracticeGame, ReviewStatus, TableGame
from lessons.practice import display
from lessons.practice.hints import from_json, to_json
from lessons.practice.review import SAMPLES, asked_for, hand_key, reviewable
from lessons.practice.state import COACH_SEED, BrokenGame, Move
from lessons.practice.tables.game import SeatTable

# What a stored result is: a change of its shape makes older ones be computed again.
VERSION = 1
JUDGED = ("call", "double", "play", "belote")


def evaluate(st: SeatTable, n: int) -> dict[str, Any]:
    """Every decision of every seat in hand ``n`` (1-based), judged from that seat's view.

    ``decisions``: in the order they were made, each ``{"seat", "kind"}`` (``call``, ``double`` or
    ``card``), what was chosen (``played``; ``round`` for a call, ``trick`` for a card), whether
    it is a mistake, the verdict and the principle (``[rule, params]`` items)."""
    record = st.records[n - 1]
    out: dict[str, Any] = {"version": VERSION, "decisions": []}
    for i, item in enumerate(record["actions"]):
        move = Move.from_json(item)
        if move.kind not in JUDGED:
            continue
        before = st.replay(record, i)
        if not isinstance(before, Hand):
            continue  # a position from the middle of a hand: never dealt at a live table
        view = view_of(before, move.seat)
        said = move.value
        if move.kind in ("call", "double"):
            # As the auction spells it ("hokm:S"; the form may have sent "hokm:s").
            said = next((c for c in view.choices if c.lower() == said.lower()), "")
            if not said or said == "redeal" or len(view.choices) < 2:
                continue  # nothing to choose: nothing to judge
        elif view.legal & (view.legal - 1) == 0:
            continue  # a forced card
        hands = before.tricks.hands if move.kind in ("play", "belote") and before.tricks is not None else None
        j = judge(view, said, COACH_SEED, SAMPLES, hands)
        said_verdict = verdict(j.evaluation, said)
        out["decisions"].append(
            {
                "seat": str(move.seat),
                "kind": j.kind,
                "played": said,
                "round": before.auction.round if j.kind == "call" else 0,
                "trick": j.trick,
                "mistake": j.mistake,
                "verdict": [said_verdict.rule, to_json(said_verdict.params)],
                "reasons": [[r.rule, to_json(r.params)] for r in j.reasons],
            }
        )
    return out


# ---------------------------------------------------------------- storage


def wanted(table: LiveTable) -> bool:
    """A table whose hands are evaluated for a teacher: a class's."""
    return table.classroom_id is not None


def request(game: PracticeGame, n: int) -> HandEvaluation | None:
    """The evaluation of hand ``n``, asked for once (a stored one is returned; None: the hand
    cannot be evaluated). One that failed, was made for another hand of that number, or has been
    pending so long that its task was surely lost is asked for again."""
    from lessons.practice.tables.tasks import evaluate_hand  # the task module imports this one

    try:
        st = SeatTable(game, Seat.S, frozenset())
    except BrokenGame:
        return None
    if not reviewable(st, n):
        return None
    key = hand_key(st.records[n - 1])
    row: HandEvaluation | None = asked_for(HandEvaluation, game, n, key, evaluate_hand.enqueue)
    return row


def ask_latest(table: LiveTable, st: SeatTable) -> None:
    """The latest finished hand's evaluation, asked for again if it is missing or its task was lost
    (a teacher's page does this when it is opened)."""
    if not wanted(table):
        return
    finished = [i for i, r in enumerate(st.records, 1) if not (r.get("result") or {"void": True}).get("void")]
    if finished:
        request(st.game, finished[-1])


def compute(evaluation_id: int) -> str:
    """Evaluate one hand and store it (the task's work); then the teacher's board is drawn again."""
    row = HandEvaluation.objects.select_related("game").filter(pk=evaluation_id).first()
    if row is None:
        return "gone"
    if row.status == ReviewStatus.DONE and row.result.get("version") == VERSION:
        return "done already"
    try:
        st: SeatTable | None = SeatTable(row.game, Seat.S, frozenset())
    except BrokenGame:
        st = None
    if st is None or not reviewable(st, row.hand) or hand_key(st.records[row.hand - 1]) != row.key:
        HandEvaluation.objects.filter(pk=row.pk).update(status=ReviewStatus.FAILED)
        return "stale"
    try:
        result = evaluate(st, row.hand)
    except Exception:
        HandEvaluation.objects.filter(pk=row.pk).update(status=ReviewStatus.FAILED)
        raise
    HandEvaluation.objects.filter(pk=row.pk, key=row.key).update(
        status=ReviewStatus.DONE, result=result, done_at=timezone.now()
    )
    _tell_the_teacher(row.game_id)
    return "done"


def _tell_the_teacher(game_id: int) -> None:
    from lessons.practice.tables.consumers import evaluated  # the consumers import the tables' modules

    row = TableGame.objects.filter(game_id=game_id).select_related("table").first()
    if row is not None:
        evaluated(row.table)


# ---------------------------------------------------------------- in words


@dataclass
class DecisionShown:
    seat: str
    name: str
    kind: str
    what: str
    face: Any
    trick: int
    mistake: bool
    verdict: str
    principles: list[str]


@dataclass
class EvaluationShown:
    hand: int
    status: str
    decisions: list[DecisionShown] = field(default_factory=list)

    @property
    def mistakes(self) -> int:
        return sum(d.mistake for d in self.decisions)


def _verdict_params(params: dict[str, Any]) -> dict[str, Any]:
    out = from_json(params)
    if "best" in out:  # the best cards (a card's verdict)
        out["best"] = [Card.parse(c) for c in out["best"]]
    return out


def shown(row: HandEvaluation | None, say: display.Say, names: dict[str, str]) -> EvaluationShown | None:
    """A stored evaluation in the reader's language and the variant's words (``names``: who sits at
    each seat, by seat letter)."""
    if row is None:
        return None
    out = EvaluationShown(row.hand, row.status)
    if row.status != ReviewStatus.DONE:
        return out
    for d in row.result.get("decisions", []):
        seat = Seat.parse(d["seat"])
        rule, params = d["verdict"]
        if d["kind"] == "card":
            card = Card.parse(d["played"])
            what, face = say.definite(card), say.face(card)
        else:
            what, face = say.call(d["played"], d.get("round") or 1), None
        out.decisions.append(
            DecisionShown(
                seat=say.seat(seat),
                name=names.get(d["seat"], ""),
                kind=d["kind"],
                what=what,
                face=face,
                trick=int(d.get("trick") or 0),
                mistake=bool(d.get("mistake")),
                verdict=messages.render(
                    Reason(rule, _verdict_params(params)), say.variant, say.lang, say.deck
                ),
                principles=[
                    t
                    for t in (
                        words.sentence(Reason(r, from_json(p)), say.variant, say.lang, say.deck)
                        for r, p in d.get("reasons", [])
                    )
                    if t
                ],
            )
        )
    return out
