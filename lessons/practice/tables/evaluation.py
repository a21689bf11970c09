"""The coach's evaluation of every decision at a class table, judged while the hand is played,
for the teacher who watches.

A pupil's own review (:mod:`lessons.practice.tables.reviews`) keeps only that pupil's mistakes; the
teacher sees every call, doubling word and card of each hand, of all four seats (bots too: a pupil
learns as much from the bot's card the coach prefers), each with the coach's verdict (among the
best choices, or what it loses on average against them: :func:`engine.coach.review.verdict`) and
the principle of the better choice. It is the practice table's evaluator, judged from each seat's
own view with the hints' seed and sample count (:func:`engine.coach.review.judge`), so a hinted
choice is never marked.

It grows with the hand: after every change of a class table (:func:`ask_current`), the decisions
made since the last look are judged off the request (lessons/practice/tables/tasks.py), added to
the hand's :class:`~lessons.models.HandEvaluation` (keyed by the deal, not by the growing list of
actions), and the teacher's board is drawn again. A finished hand's evaluation is simply the one
that reached its last action. It is drawn only into the teacher's board
(lessons/practice/tables/board.py); pupils' sockets are never told of it. The stored result holds
rule IDs, cards and numbers; the sentences are made in the teacher's language when the board is
drawn (:func:`shown`).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from engine import messages
from engine.bots import view_of
from engine.cards import Card, Seat
from engine.coach import words
from engine.coach.review import judge, verdict
from engine.explain import Reason
from engine.hand import Hand
from lessons.models import HandEvaluation, LiveTable, PracticeGame, ReviewStatus, TableGame, TableSeat
from lessons.practice import display
from lessons.practice.hints import from_json, to_json
from lessons.practice.review import SAMPLES, deal_key
from lessons.practice.state import COACH_SEED, BrokenGame, Move
from lessons.practice.tables.decouverte import is_decouverte
from lessons.practice.tables.game import SeatTable, current_game

# What a stored result is: a change of its shape makes older ones be judged again from the start.
VERSION = 2
JUDGED = ("call", "double", "play", "belote")


def judge_from(st: SeatTable, n: int, start: int) -> list[dict[str, Any]]:
    """The decisions among hand ``n``'s actions from index ``start`` on, each judged from its own
    seat's view.

    Each is ``{"index", "seat", "kind"}`` (``call``, ``double`` or ``card``), what was chosen
    (``played``; ``round`` for a call, ``trick`` for a card), whether it is a mistake, the verdict
    and the principle (``[rule, params]`` items). A forced card, a call without a choice and a
    redeal are no decisions."""
    record = st.records[n - 1]
    out: list[dict[str, Any]] = []
    for i, item in enumerate(record["actions"][start:], start):
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
        out.append(
            {
                "index": i,
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


def through(row: HandEvaluation) -> int:
    """How many of the hand's actions the stored evaluation has looked at (0: none, or a result of
    an older shape, to be judged again)."""
    if row.result.get("version") != VERSION:
        return 0
    return int(row.result.get("through") or 0)


# ---------------------------------------------------------------- asking


def wanted(table: LiveTable) -> bool:
    """A table whose decisions are evaluated for a teacher: a class's four-seat table."""
    return table.classroom_id is not None and not is_decouverte(table)


def request(game: PracticeGame, n: int) -> HandEvaluation | None:
    """Hand ``n``'s evaluation, its task enqueued when some of the hand's actions are not judged
    yet (None: there is no such hand). A row made for another deal of that number, of an older
    shape, or whose task failed starts again from the first action.

    Cheap enough to be asked after every move: it reads the stored record, replays nothing, and
    enqueues only when there is something new (a task asked twice judges it once)."""
    from lessons.practice.tables.tasks import evaluate_hand  # the task module imports this one

    if not 1 <= n <= len(game.hands) or game.setup:
        return None
    record = game.hands[n - 1]
    key = deal_key(record)
    row = HandEvaluation.objects.filter(game=game, hand=n).first()
    if row is None:
        try:
            with transaction.atomic():
                row = HandEvaluation.objects.create(game=game, hand=n, key=key, result={"version": VERSION})
        except IntegrityError:  # asked twice at once: the other's row (its task may have run already)
            row = HandEvaluation.objects.filter(game=game, hand=n).first()
            if row is None:
                return None
    elif row.key != key or row.status == ReviewStatus.FAILED or row.result.get("version") != VERSION:
        HandEvaluation.objects.filter(pk=row.pk).update(
            key=key, status=ReviewStatus.PENDING, result={"version": VERSION}, created=timezone.now()
        )
        row.refresh_from_db()
    elif through(row) >= len(record["actions"]):
        return row  # every action looked at already
    evaluate_hand.enqueue(row.pk)
    row.refresh_from_db()
    return row


def ask_current(table: LiveTable) -> None:
    """At a class table, the current hand's decisions not judged yet are asked for (after any
    change: a move, a seat changing hands, a bot playing for a person out of time)."""
    if wanted(table):
        game = current_game(table)
        request(game, len(game.hands))


def ask_missing(table: LiveTable, game: PracticeGame) -> None:
    """Every hand of the game whose evaluation is missing or behind, asked for again (a teacher's
    page does this when it is opened: a task may have been lost with a Redis restarted)."""
    if not wanted(table):
        return
    rows = {r.hand: r for r in HandEvaluation.objects.filter(game=game)}
    for n, record in enumerate(game.hands, 1):
        row = rows.get(n)
        if row is None or row.status == ReviewStatus.FAILED or through(row) < len(record["actions"]):
            request(game, n)


# ---------------------------------------------------------------- judging (the task's work)


def compute(evaluation_id: int) -> str:
    """Judge the decisions of one hand not judged yet and add them to its evaluation; then the
    teacher's board is drawn again.

    The judging is done outside any lock; the decisions are then added under a lock on the row,
    each only if its action is beyond what the row has looked at meanwhile: a task that ran twice
    or late (the hand moved on since it was enqueued) adds nothing twice. A live table's actions
    are only ever appended (no take-back), so what was judged stays true as the hand grows."""
    row = HandEvaluation.objects.select_related("game").filter(pk=evaluation_id).first()
    if row is None:
        return "gone"
    try:
        st: SeatTable | None = SeatTable(row.game, Seat.S, frozenset())
    except BrokenGame:
        st = None
    if st is None or not 1 <= row.hand <= len(st.records) or deal_key(st.records[row.hand - 1]) != row.key:
        HandEvaluation.objects.filter(pk=row.pk, key=row.key).update(status=ReviewStatus.FAILED)
        return "stale"
    start, total = through(row), len(st.records[row.hand - 1]["actions"])
    if start >= total and row.status == ReviewStatus.DONE:
        return "done already"
    try:
        judged = judge_from(st, row.hand, start)
    except Exception:
        HandEvaluation.objects.filter(pk=row.pk, key=row.key).update(status=ReviewStatus.FAILED)
        raise
    # Who sat where when the decisions were made (a seat may change hands later in the game).
    table = _table_of(row.game_id)
    names = dict(TableSeat.objects.filter(table=table).values_list("seat", "name")) if table else {}
    for d in judged:
        d["name"] = names.get(d["seat"], "")
    with transaction.atomic():
        locked = HandEvaluation.objects.select_for_update().filter(pk=row.pk, key=row.key).first()
        if locked is None:
            return "stale"  # asked again for another deal meanwhile
        seen = through(locked)
        if seen < start:
            return "stale"  # started again from the first action meanwhile: that task judges it
        decisions = locked.result.get("decisions", []) if seen else []
        decisions += [d for d in judged if d["index"] >= seen]
        locked.result = {"version": VERSION, "through": max(seen, total), "decisions": decisions}
        locked.status, locked.done_at = ReviewStatus.DONE, timezone.now()
        locked.save(update_fields=["result", "status", "done_at"])
    if table is not None:
        from lessons.practice.tables.consumers import evaluated  # the consumers import this module

        evaluated(table)
    return "done"


def _table_of(game_id: int) -> LiveTable | None:
    row = TableGame.objects.filter(game_id=game_id).select_related("table").first()
    return row.table if row is not None else None


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
    """One hand's evaluation as the teacher reads it: its decisions, the latest first."""

    hand: int
    status: str
    live: bool = False  # the hand is being played
    behind: bool = False  # some of its actions are not judged yet
    decisions: list[DecisionShown] = field(default_factory=list)

    @property
    def mistakes(self) -> int:
        return sum(d.mistake for d in self.decisions)

    @property
    def complete(self) -> bool:
        """A finished hand judged to its last action: what is shown of it will not change."""
        return self.status == ReviewStatus.DONE and not self.live and not self.behind


def _verdict_params(params: dict[str, Any]) -> dict[str, Any]:
    out = from_json(params)
    if "best" in out:  # the best cards (a card's verdict)
        out["best"] = [Card.parse(c) for c in out["best"]]
    return out


def shown(row: HandEvaluation | None, n: int, record: dict[str, Any], say: display.Say) -> EvaluationShown:
    """Hand ``n``'s stored evaluation (None: none yet) in the reader's language and the variant's
    words, the latest decision first (``record``: the hand as it stands, to tell how far behind
    the coach is)."""
    actions = len(record.get("actions") or [])
    live = "result" not in record
    if row is None:
        return EvaluationShown(n, ReviewStatus.PENDING, live=live, behind=actions > 0)
    seen = through(row)
    out = EvaluationShown(row.hand, row.status, live=live, behind=seen < actions)
    if seen:
        out.decisions = _worded(row, seen, say)
    return out


# The decisions of each evaluation in words, by its state and the reader's words: the teacher's
# board is drawn after every move and again when the coach has judged it, and most of what it
# lists (the earlier hands, the current one up to its latest decisions) has not changed since.
# ``done_at`` in the key: a database emptied and filled again (tests) reuses ids.
_WORDED: OrderedDict[tuple[Any, ...], list[DecisionShown]] = OrderedDict()
WORDED_MAX = 256


def _worded(row: HandEvaluation, seen: int, say: display.Say) -> list[DecisionShown]:
    key = (row.pk, row.done_at, seen, say.lang, say.variant, say.deck)
    worded = _WORDED.get(key)
    if worded is None:
        worded = [_decision_shown(d, say) for d in reversed(row.result.get("decisions", []))]
        _WORDED[key] = worded
        while len(_WORDED) > WORDED_MAX:
            _WORDED.popitem(last=False)
    return worded


def _decision_shown(d: dict[str, Any], say: display.Say) -> DecisionShown:
    rule, params = d["verdict"]
    if d["kind"] == "card":
        card = Card.parse(d["played"])
        what, face = say.definite(card), say.face(card)
    else:
        what, face = say.call(d["played"], d.get("round") or 1), None
    return DecisionShown(
        seat=say.seat(Seat.parse(d["seat"])),
        name=d.get("name", ""),
        kind=d["kind"],
        what=what,
        face=face,
        trick=int(d.get("trick") or 0),
        mistake=bool(d.get("mistake")),
        verdict=messages.render(Reason(rule, _verdict_params(params)), say.variant, say.lang, say.deck),
        principles=[
            t
            for t in (
                words.sentence(Reason(r, from_json(p)), say.variant, say.lang, say.deck)
                for r, p in d.get("reasons", [])
            )
            if t
        ],
    )


def shown_game(game: PracticeGame, records: list[dict[str, Any]], say: display.Say) -> list[EvaluationShown]:
    """Every hand of the game, the current one first, each with what the coach has judged of it."""
    rows = {r.hand: r for r in HandEvaluation.objects.filter(game=game)}
    return [shown(rows.get(n), n, records[n - 1], say) for n in range(len(records), 0, -1)]
