"""The review of a finished hand at the practice table: the learner's mistakes, found and kept.

Each decision of the learner (a call, a doubling word, a card) is judged from the learner's seat
(:func:`engine.coach.review.judge`): the evaluator values every choice on deals sampled from what
the learner had seen, with the hints' own seed and sample count, so a hinted choice is never
marked. A decision is a mistake only when it loses at least the evaluator's threshold on average
(:data:`engine.coach.evaluator.MISTAKE_CARD_POINTS` card points; the same share of a hand in game
points for a call or a doubling word) and the 95 % interval of that loss lies above zero. Each
mistake is kept with the principle of the better choice (the hint's reasons), and a card mistake
also with the double-dummy figure (what it cost with every hand seen: a note, not the verdict) and
the themes of that position. A position game (from the middle of a hand, the cards gone before
unknown) is judged with every hand open.

The result holds cards, calls and numbers only (no sentence: lessons/practice/display.py words
it). It is computed once per hand, off the request (lessons/practice/tasks.py), and kept in a
:class:`~lessons.models.HandReview`. "Practise this position" turns a card mistake into a personal
best-card puzzle in the learner's review queue (:func:`practise`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from engine import advice
from engine.bots import view_of
from engine.bots.view import View
from engine.cards import CARDS, SEATS, Card, Seat
from engine.coach.evaluator import MISTAKE_CARD_POINTS, Evaluation
from engine.coach.review import Judgement, judge
from engine.explain import Reason
from engine.hand import Hand
from engine.solver.hint import hint
from engine.solver.position import BestCardPosition, write_position
from engine.solver.review import review
from lessons.models import HandReview, PracticeGame, Puzzle, ReviewItem, ReviewStatus, Source, Task
from lessons.practice.decouverte import coach as decouverte_coach
from lessons.practice.decouverte.game import BrokenRecord, DecouverteTable, is_decouverte
from lessons.practice.hints import to_json
from lessons.practice.state import COACH_SEED, BrokenGame, Move, Table

# Sampled deals per decision: the hints' own count (engine.advice.SAMPLES), so that the review
# values a hinted decision on the very deals the hint did.
SAMPLES = advice.SAMPLES
# What a stored result is: a change of its shape makes older results be computed again.
VERSION = 3
# A review still pending this long after it was asked for is asked for again when its page is
# opened: its task was lost (a Redis restarted without its data, a worker killed in the middle).
# Longer than a queue's wait on a busy day; a review computed twice is stored once.
ASK_AGAIN_AFTER = timedelta(minutes=2)


def hand_key(record: dict[str, Any]) -> str:
    """A fingerprint of a hand's record: its deal and every action, nothing else."""
    return _fingerprint(record, ("dealer", "deck", "actions", "contract"))


def deal_key(record: dict[str, Any]) -> str:
    """A fingerprint of a hand's deal alone: the same from its first action to its last."""
    return _fingerprint(record, ("dealer", "deck", "contract"))


def _fingerprint(record: dict[str, Any], fields: tuple[str, ...]) -> str:
    text = json.dumps({k: record.get(k) for k in fields}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def reviewable(table: Table | DecouverteTable, n: int) -> bool:
    """Hand ``n`` (1-based) is over and was played (not a void deal)."""
    if not 1 <= n <= len(table.records):
        return False
    result = table.records[n - 1].get("result") or {}
    return bool(result) and not result.get("void")


# ---------------------------------------------------------------- the analysis


def analyse(table: Table, n: int) -> dict[str, Any]:
    """Every decision of the learner in hand ``n`` (1-based), judged: see the module docstring."""
    record = table.records[n - 1]
    hand = table.replay(record)
    learner = table.learner
    out: dict[str, Any] = {
        "version": VERSION,
        "seat": str(learner),
        "cards": [],
        "bids": [],
        "doubles": [],
        "judged": 0,
    }
    if not isinstance(hand, Hand):
        # A position from the middle of a hand: the cards gone before it are not known, so the
        # hidden hands cannot be sampled; its cards are judged with every hand open.
        out["cards"] = _open_review(table, hand)
        mine = [a for a in record["actions"] if a[1] == str(learner)]
        out["judged"] = sum(1 for a in mine if a[0] in ("play", "belote"))
        out["loss"] = sum(c["loss"] for c in out["cards"])
        return out
    for i, item in enumerate(record["actions"]):
        move = Move.from_json(item)
        if move.seat != learner or move.kind not in ("call", "double", "play", "belote"):
            continue
        before = table.replay(record, i)
        assert isinstance(before, Hand)
        view = view_of(before, learner)
        out["judged"] += 1
        said = move.value
        if move.kind in ("call", "double"):
            # As the auction spells it ("hokm:S"; the form may have sent "hokm:s").
            said = next((c for c in view.choices if c.lower() == said.lower()), "")
            if not said or said == "redeal":
                continue
        elif not view.legal:
            continue
        hands = before.tricks.hands if move.kind in ("play", "belote") and before.tricks is not None else None
        j = judge(view, said, COACH_SEED, SAMPLES, hands)
        if not j.mistake:
            continue
        if j.kind == "card":
            out["cards"].append(_card_mistake(view, j, before))
        elif j.kind == "call":
            out["bids"].append(
                {
                    "call": said,
                    "best": j.evaluation.choice,
                    "round": before.auction.round,
                    "loss": round(j.loss, 1),
                    "options": call_options(j.evaluation),
                    "reasons": _reasons(j.reasons),
                }
            )
        else:
            assert view.contract is not None
            out["doubles"].append(
                {
                    "word": said,
                    "best": j.evaluation.choice,
                    "points": max(1, round(j.loss)),
                    "buyers": int(view.contract.team) == view.seat & 1,  # the learner's team bought
                    "reasons": _reasons(j.reasons),
                }
            )
    out["loss"] = round(sum(c["loss"] for c in out["cards"]))
    return out


def call_options(evaluation: Evaluation) -> dict[str, dict[str, float]]:
    """Each call's average game points (with its interval) and the share of deals where the contract
    it leads to is made."""
    made = evaluation.made
    return {c: {**e.as_dict(), "made": round(made.get(c, 0.0), 2)} for c, e in evaluation.options.items()}


def _reasons(reasons: Sequence[Reason]) -> list[list[Any]]:
    return [[r.rule, to_json(r.params)] for r in reasons]


def _card_mistake(view: View, j: Judgement, before: Hand) -> dict[str, Any]:
    """A card mistake as stored: the seat's-view verdict, the principle of the better card, and
    the double-dummy figure with its position (for "Practise this position")."""
    assert j.open is not None and before.tricks is not None and before.contract is not None
    t = before.tricks
    p = BestCardPosition(
        before.rules,
        t.trump,
        (t.hands[0], t.hands[1], t.hands[2], t.hands[3]),
        SEATS[t.leader],
        SEATS[t.to_play],
        [CARDS[c] for c in t.trick],
        (t.points[0], t.points[1]),
        before.contract.team,
        False,
        before.contract.taker,
    )
    ev = j.evaluation
    return {
        "trick": j.trick,
        "played": j.played,
        "best": list(ev.best),
        "loss": round(j.loss),
        "low": round(ev.losses[j.played].low, 1),
        "high": round(ev.losses[j.played].high, 1),
        "samples": ev.samples,
        "reasons": _reasons(j.reasons),
        "team": view.seat & 1,
        # The double-dummy figure: information, never the verdict.
        "open": {"best": list(j.open.best), "loss": j.open.loss},
        "got": j.open.got,
        "could": j.open.could,
        "total": j.open.total,
        "themes": list(hint(p).themes) if j.open.loss > 0 else [],
        "position": write_position(p),
    }


def _open_review(table: Table, hand: Any) -> list[dict[str, Any]]:
    """The cards of a position game judged with every hand open (engine.solver.review)."""
    t = hand.tricks
    if t is None or not t.taken or hand.contract is None:
        return []
    contract = hand.contract
    taker = contract.taker
    leader = Seat.parse(table.setup["leader"])
    plays = [m.card for m in t.moves]
    start = _start_hands(table)
    judged = review(table.rules, t.trump, start, leader, plays, table.learner, taker.team, (), taker)
    found = []
    for d in judged.decisions:
        if d.loss < MISTAKE_CARD_POINTS:
            continue
        p = d.position
        found.append(
            {
                "trick": d.trick,
                "played": str(d.played),
                "best": [str(c) for c in d.best],
                "loss": d.loss,
                "reasons": [],
                "team": p.to_play & 1,
                "open": {"best": [str(c) for c in d.best], "loss": d.loss},
                "got": d.reason.params["got"],
                "could": d.reason.params["could"],
                "total": d.reason.params["total"],
                "themes": list(hint(p).themes),
                "position": write_position(p),
            }
        )
    return found


def _start_hands(table: Table) -> list[int]:
    hands = table.setup["hands"]
    return [sum(1 << Card.parse(c) for c in hands[str(seat)]) for seat in SEATS]


# ---------------------------------------------------------------- storage


def request(game: PracticeGame, table: Table | DecouverteTable, n: int) -> HandReview | None:
    """The review of hand ``n``, asked for once: a new one is enqueued, a stored one returned.

    None when the hand cannot be reviewed (not over, a void deal). A review stored for another
    hand of the same number (the game was started afresh), one that failed, or one pending for
    longer than ``ASK_AGAIN_AFTER`` is asked for again.
    """
    from lessons.practice.tasks import review_hand  # the task module imports this one

    if not reviewable(table, n):
        return None
    key = hand_key(table.records[n - 1])
    return asked_for(HandReview, game, n, key, review_hand.enqueue)


def asked_for(model: Any, game: PracticeGame, n: int, key: str, enqueue: Any) -> Any:
    """The row of hand ``n``'s judgement of a finished hand (a learner's review), its task
    enqueued when it has none yet, was for another record of the hand (``key``), failed, or was
    lost (still pending after ASK_AGAIN_AFTER): asked for once, whatever the pages ask."""
    row = model.objects.filter(game=game, hand=n).first()
    now = timezone.now()
    lost = row is not None and row.status == ReviewStatus.PENDING and now - row.created > ASK_AGAIN_AFTER
    if row is not None and row.key == key and row.status != ReviewStatus.FAILED and not lost:
        return row
    if row is not None:
        # ``created``: when it was last asked for, so that a lost task is asked for again only
        # once every ASK_AGAIN_AFTER.
        model.objects.filter(pk=row.pk).update(key=key, status=ReviewStatus.PENDING, result={}, created=now)
    else:
        try:
            with transaction.atomic():
                row = model.objects.create(game=game, hand=n, key=key)
        except IntegrityError:  # the same page asked twice at once: the other request enqueued it
            return model.objects.filter(game=game, hand=n).first()
    enqueue(row.pk)
    row.refresh_from_db()
    return row


def compute(review_id: int) -> str:
    """Compute and store one review (the task's work); what it did, for the task's result.
    A découverte game's hand is judged by its own coach (lessons/practice/decouverte/coach.py)."""
    row = HandReview.objects.select_related("game").filter(pk=review_id).first()
    if row is None:
        return "gone"
    if row.status == ReviewStatus.DONE and row.result.get("version") == VERSION:
        return "done already"
    table: Table | DecouverteTable | None
    try:
        table = DecouverteTable(row.game) if is_decouverte(row.game) else Table(row.game)
    except (BrokenGame, BrokenRecord):  # a game the engine no longer replays: started afresh
        table = None
    if table is None or not reviewable(table, row.hand) or hand_key(table.records[row.hand - 1]) != row.key:
        HandReview.objects.filter(pk=row.pk).update(status=ReviewStatus.FAILED)
        return "stale"
    try:
        if isinstance(table, Table):
            result = analyse(table, row.hand)
        else:  # two-player découverte: judged from South's view by its own coach
            result = decouverte_coach.analyse(table.records[row.hand - 1])
    except Exception:
        HandReview.objects.filter(pk=row.pk).update(status=ReviewStatus.FAILED)
        raise
    HandReview.objects.filter(pk=row.pk, key=row.key).update(
        status=ReviewStatus.DONE, result=result, done_at=timezone.now()
    )
    return "done"


# ---------------------------------------------------------------- practise this position


class NotAMistake(Exception):
    """The trick named is no card mistake of that review."""


def practise(row: HandReview, trick: int, session_key: str, user: Any) -> Puzzle:
    """The card mistake of ``trick`` as a personal best-card puzzle, due in the review queue today.

    Asking twice (a double submit, a second tab) gives the same puzzle and one queue item.
    """
    mistake = next((c for c in row.result.get("cards", []) if c["trick"] == trick), None)
    if row.status != ReviewStatus.DONE or mistake is None:
        raise NotAMistake(trick)
    if mistake.get("open", {}).get("loss", mistake["loss"]) <= 0:
        # With every hand seen the card lost nothing here: no best-card puzzle to practise.
        raise NotAMistake(trick)
    key = f"mine-{row.game_id}-{row.hand}-{trick}-{row.key[:8]}"
    puzzle = Puzzle.objects.filter(key=key).first()
    if puzzle is None:
        try:
            with transaction.atomic():
                puzzle = Puzzle.objects.create(
                    key=key,
                    variant=row.game.variant,
                    task=Task.BEST_CARD,
                    position=mistake["position"],
                    # The puzzle shows every hand: its answers are the best cards with all seen.
                    answers=list(mistake.get("open", {}).get("best") or mistake["best"]),
                    themes=[*mistake["themes"], "endgame"] if mistake["themes"] else [],
                    source=Source.PERSONAL,
                    difficulty=3,
                )
        except IntegrityError:
            puzzle = Puzzle.objects.get(key=key)
    # Due now (not tomorrow like a wrong answer): the learner asked to practise it.
    try:
        with transaction.atomic():
            ReviewItem.objects.get_or_create(
                session_key=session_key,
                puzzle=puzzle,
                defaults={"user": user, "due": timezone.now() - timedelta(seconds=1)},
            )
    except IntegrityError:
        pass
    return puzzle
