"""The review of a finished hand at the practice table: the learner's mistakes, found and kept.

Each card the learner played is judged with every hand open by the exact solver
(:func:`engine.solver.review.review`): a card that gives away card points against the best card is
a mistake, kept with what it cost, the best cards, the numbers of the engine's reason
(``solve.loses``) and the themes of the position (:mod:`engine.solver.themes`: what the best card
teaches). Each call of the learner's auction is set against the strong bot's estimate
(:meth:`engine.bots.strong.StrongBot.bid_estimates`): a call is a mistake only when the bot's own
call is clearly better on the deals it sampled (by :data:`BID_MARGIN` of utility, a quarter of the
swing between losing and winning the hand), since a sample of a few dozen deals is no proof.
Each doubling word of the learner is set the same way against the strong bot's estimate of each
word (:meth:`~engine.bots.strong.StrongBot.double_estimates`, a margin in typical hands' game
points) by the same :data:`BID_MARGIN`, and kept with the game points it cost on average.

The result holds cards, calls and numbers only (no sentence: lessons/practice/display.py words
it). It is computed once per hand, off the request (lessons/practice/tasks.py), and kept in a
:class:`~lessons.models.HandReview`. "Practise this position" turns a card mistake into a personal
best-card puzzle in the learner's review queue (:func:`practise`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator
from datetime import timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from engine.bots import view_of
from engine.bots.outcome import scale
from engine.bots.strong import StrongBot
from engine.bots.view import View
from engine.cards import SEATS, Card, Seat
from engine.hand import Hand
from engine.solver.hint import hint
from engine.solver.position import write_position
from engine.solver.review import review
from lessons.models import HandReview, PracticeGame, Puzzle, ReviewItem, ReviewStatus, Source, Task
from lessons.practice.state import BrokenGame, Move, Table

# A call is judged wrong only when the strong bot's own call is better by this much utility
# (engine.bots.outcome.utility: +1 a won hand, -1 a lost one, plus the margin in game points).
BID_MARGIN = 0.5
# The strong bot's samples for one call of the review: more than at the table, off the request.
BID_SAMPLES = 64
BID_BUDGET_MS = 300.0
# The strong bot's samples for one doubling word: one playout each, so fewer fit in the time.
DOUBLE_SAMPLES = 48
DOUBLE_BUDGET_MS = 250.0
# What a stored result is: a change of its shape makes older results be computed again.
VERSION = 2
# A review still pending this long after it was asked for is asked for again when its page is
# opened: its task was lost (a Redis restarted without its data, a worker killed in the middle).
# Longer than a queue's wait on a busy day; a review computed twice is stored once.
ASK_AGAIN_AFTER = timedelta(minutes=2)


def hand_key(record: dict[str, Any]) -> str:
    """A fingerprint of a hand's record: its deal and every action, nothing else."""
    keep = {k: record.get(k) for k in ("dealer", "deck", "actions", "contract")}
    text = json.dumps(keep, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def reviewable(table: Table, n: int) -> bool:
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
    t = hand.tricks
    if t is not None and t.taken:
        if isinstance(hand, Hand):
            dealt = list(hand.full_hands)
            contract = hand.contract
        else:
            dealt = _start_hands(table)
            contract = hand.contract
        assert contract is not None
        taker = contract.taker
        leader = t.taken[0].leader if isinstance(hand, Hand) else Seat.parse(table.setup["leader"])
        plays = [m.card for m in t.moves]
        judged = review(table.rules, t.trump, dealt, leader, plays, learner, taker.team, (), taker)
        out["judged"] = len(judged.decisions)
        for d in judged.decisions:
            if d.loss <= 0:
                continue
            p = d.position
            themes = list(hint(p).themes)
            team = p.to_play & 1
            out["cards"].append(
                {
                    "trick": d.trick,
                    "played": str(d.played),
                    "best": [str(c) for c in d.best],
                    "loss": d.loss,
                    # solve.loses's numbers: the points still to win after the card, and of them
                    # what the team takes after this card and after a best one.
                    "got": d.reason.params["got"],
                    "could": d.reason.params["could"],
                    "total": d.reason.params["total"],
                    "team": team,
                    "themes": themes,
                    "position": write_position(p),
                }
            )
    if isinstance(hand, Hand):
        out["bids"] = _bids(table, record)
        out["doubles"] = _doubles(table, record)
        out["judged"] += sum(
            1 for a in record["actions"] if a[0] in ("call", "double") and a[1] == str(learner)
        )
    out["loss"] = sum(c["loss"] for c in out["cards"])
    return out


def _bids(table: Table, record: dict[str, Any]) -> list[dict[str, Any]]:
    """The learner's calls that the strong bot finds clearly worse than its own."""
    return [
        {"call": move.value, "best": best, "round": before.auction.round, "margin": round(margin, 2)}
        for move, before, _, best, margin in _worse_words(
            table,
            record,
            "call",
            BID_SAMPLES,
            BID_BUDGET_MS,
            StrongBot.bid_estimates,
            lambda view, word: word != "redeal",
        )
    ]


def _doubles(table: Table, record: dict[str, Any]) -> list[dict[str, Any]]:
    """The learner's doubling words that the strong bot finds clearly worse than its own, each with
    the game points it cost on average over the deals the bot sampled."""
    found = []
    for move, _, view, best, margin in _worse_words(
        table,
        record,
        "double",
        DOUBLE_SAMPLES,
        DOUBLE_BUDGET_MS,
        StrongBot.double_estimates,
        lambda view, word: view.contract is not None,
    ):
        assert view.contract is not None
        found.append(
            {
                "word": move.value,
                "best": best,
                "margin": round(margin, 2),
                "points": max(1, round(margin * scale(view.rules, view.contract.trump))),
                "buyers": int(view.contract.team) == view.seat & 1,  # the learner's team bought
            }
        )
    return found


def _worse_words(
    table: Table,
    record: dict[str, Any],
    kind: str,
    samples: int,
    budget_ms: float,
    estimates: Callable[[StrongBot, View], tuple[str, dict[str, float]]],
    judged: Callable[[View, str], bool],
) -> Iterator[tuple[Move, Hand, View, str, float]]:
    """Each word of ``kind`` ("call" or "double") the learner said, ``judged`` in its view, for
    which the strong bot's own word is better by at least ``BID_MARGIN``: (the move, the hand
    before it, the learner's view, the bot's word, the margin)."""
    seed = int(record.get("seed") or 0)
    for i, item in enumerate(record["actions"]):
        move = Move.from_json(item)
        if move.kind != kind or move.seat != table.learner:
            continue
        before = table.replay(record, i)
        assert isinstance(before, Hand)
        view = view_of(before, table.learner)
        if move.value not in view.choices or not judged(view, move.value):
            continue
        bot = StrongBot(seed=seed * 64 + i, samples=samples, budget_ms=budget_ms)
        best, values = estimates(bot, view)
        if best == move.value or move.value not in values:
            continue
        margin = values[best] - values[move.value]
        if margin >= BID_MARGIN:
            yield move, before, view, best, margin


def _start_hands(table: Table) -> list[int]:
    hands = table.setup["hands"]
    return [sum(1 << Card.parse(c) for c in hands[str(seat)]) for seat in SEATS]


# ---------------------------------------------------------------- storage


def request(game: PracticeGame, table: Table, n: int) -> HandReview | None:
    """The review of hand ``n``, asked for once: a new one is enqueued, a stored one returned.

    None when the hand cannot be reviewed (not over, a void deal). A review stored for another
    hand of the same number (the game was started afresh), one that failed, or one pending for
    longer than ``ASK_AGAIN_AFTER`` is asked for again.
    """
    from lessons.practice.tasks import review_hand  # the task module imports this one

    if not reviewable(table, n):
        return None
    key = hand_key(table.records[n - 1])
    row = HandReview.objects.filter(game=game, hand=n).first()
    now = timezone.now()
    lost = row is not None and row.status == ReviewStatus.PENDING and now - row.created > ASK_AGAIN_AFTER
    if row is not None and row.key == key and row.status != ReviewStatus.FAILED and not lost:
        return row
    if row is not None:
        # ``created``: when it was last asked for, so that a lost task is asked for again only
        # once every ASK_AGAIN_AFTER.
        HandReview.objects.filter(pk=row.pk).update(
            key=key, status=ReviewStatus.PENDING, result={}, created=now
        )
    else:
        try:
            with transaction.atomic():
                row = HandReview.objects.create(game=game, hand=n, key=key)
        except IntegrityError:  # the same page asked twice at once: the other request enqueued it
            return HandReview.objects.filter(game=game, hand=n).first()
    review_hand.enqueue(row.pk)
    row.refresh_from_db()
    return row


def compute(review_id: int) -> str:
    """Compute and store one review (the task's work); what it did, for the task's result."""
    row = HandReview.objects.select_related("game").filter(pk=review_id).first()
    if row is None:
        return "gone"
    if row.status == ReviewStatus.DONE and row.result.get("version") == VERSION:
        return "done already"
    try:
        table = Table(row.game)
    except BrokenGame:  # a game the engine no longer replays: the page starts it afresh
        table = None
    if table is None or not reviewable(table, row.hand) or hand_key(table.records[row.hand - 1]) != row.key:
        HandReview.objects.filter(pk=row.pk).update(status=ReviewStatus.FAILED)
        return "stale"
    try:
        result = analyse(table, row.hand)
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
                    answers=list(mistake["best"]),
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
