"""The review queue: every lesson puzzle a learner gets wrong comes back after 1, 3 and 7 days.

So does every puzzle got wrong in a teacher's drill, a lesson's or the teacher's own: the drill
is over once done, the review brings its mistakes back.

A wrong answer puts the puzzle in the queue (or starts it over), due the next day. Answered
right once due, it moves on a stage and waits longer; right after the last wait, it is learnt.
An answer given before the puzzle is due (trying again at once in the lesson) changes nothing:
the queue asks whether the learner still knows it days later.

A learner also puts a position of their own practice hands in the queue, from the review of
that hand ("Practise this position", lessons/practice/review.py): a personal puzzle, due at once.

Items are kept like attempts (lessons/progress.py): by session, with the account once signed
in. Signing in moves the browser's items to the account's session (:func:`keep_on_sign_in`).
The due puzzles are served mixed across lessons and spread over rules: the next one practises
another rule than the last one served when it can, and is never the last one served while
another is due (:func:`next_due`).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.http import HttpRequest
from django.utils import timezone

from lessons.models import Puzzle, ReviewItem, Source, Step, StepKind
from lessons.puzzle_access import may_see_puzzle, visible_puzzles

# The waits, in days, before each return of a puzzle.
WAITS = (1, 3, 7)
LAST_RULE_KEY = "review-last-rule"  # session: the rule of the puzzle served last
LAST_PUZZLE_KEY = "review-last-puzzle"  # session: the key of the puzzle served last


def in_review(puzzle: Puzzle, drill: Any = None) -> bool:
    """The curriculum's lesson puzzles come back, any puzzle answered in a teacher's drill (a
    teacher's own puzzle too), and the positions of the learner's own practice hands that they
    chose to practise; the trainer's generated puzzles have the trainer for that."""
    return puzzle.source in (Source.CURRICULUM, Source.PERSONAL) or drill is not None


def may_see_in_review(user: Any, puzzle: Puzzle) -> bool:
    """Whether the queue may still serve ``puzzle`` to ``user``: a position of the learner's own
    hand is theirs by being in their queue; any other puzzle asks who may see it (a teacher's
    puzzle stays the class's: a pupil who left it no longer sees it)."""
    return puzzle.source == Source.PERSONAL or may_see_puzzle(user, puzzle)


def note_answer(
    puzzle: Puzzle,
    session_key: str,
    user: Any,
    correct: bool,
    now: datetime | None = None,
    drill: Any = None,
) -> None:
    """What one answer does to the queue (see the module docstring); ``drill``: the drill it was
    answered in, if any. A right answer moves on a puzzle already in the queue, whatever its source."""
    if not session_key:
        return
    if not correct and not in_review(puzzle, drill):
        return
    now = now or timezone.now()
    item = ReviewItem.objects.filter(session_key=session_key, puzzle=puzzle).first()
    if not correct:
        if item is None:
            try:
                with transaction.atomic():
                    ReviewItem.objects.create(
                        session_key=session_key, user=user, puzzle=puzzle, due=now + timedelta(days=WAITS[0])
                    )
            except IntegrityError:  # the same wrong answer, posted twice at once
                pass
            return
        item.stage, item.learnt, item.due = 0, False, now + timedelta(days=WAITS[0])
        item.save(update_fields=["stage", "learnt", "due"])
        return
    if item is None or item.learnt or item.due > now:
        return
    item.stage += 1
    if item.stage >= len(WAITS):
        item.learnt = True
    else:
        item.due = now + timedelta(days=WAITS[item.stage])
    item.save(update_fields=["stage", "learnt", "due"])


def _due(session_key: str | None, user: Any, now: datetime | None = None) -> Any:
    """The learner's due items, of the puzzles they may still open: a teacher's puzzle stays the
    class's, and a pupil who left it no longer sees it (lessons/puzzle_access.py)."""
    if not session_key:
        return ReviewItem.objects.none()
    due = ReviewItem.objects.filter(session_key=session_key, learnt=False, due__lte=now or timezone.now())
    return due.filter(visible_puzzles(user, "puzzle"))


def waiting(session_key: str | None, user: Any) -> Any:
    """The learner's items not learnt yet, due or not, of the puzzles they may still open."""
    items = ReviewItem.objects.filter(session_key=session_key or "", learnt=False)
    return items.filter(visible_puzzles(user, "puzzle"))


def due_count(session_key: str | None, user: Any) -> int:
    """How many puzzles the review has for the learner now: as many as it serves one after another."""
    return int(_due(session_key, user).count())


def _rule(puzzle: Puzzle) -> str:
    return str((puzzle.rules or [""])[0])


def next_due(request: HttpRequest, session_key: str | None) -> Puzzle | None:
    """The due puzzle to serve now: the longest due, of another rule than the last one served,
    and never the last one served again while another is due ("Next puzzle" after giving up on
    one, or after a right answer that left it due)."""
    items = list(_due(session_key, request.user).select_related("puzzle").order_by("due", "id"))
    if not items:
        return None
    last_puzzle = request.session.get(LAST_PUZZLE_KEY, "")
    others = [i for i in items if i.puzzle.key != last_puzzle] or items
    last_rule = request.session.get(LAST_RULE_KEY, "")
    chosen = next((i for i in others if _rule(i.puzzle) != last_rule), others[0])
    return chosen.puzzle


def served(request: HttpRequest, puzzle: Puzzle) -> None:
    """Remember the puzzle and the rule served, so that the next puzzle is another and practises
    another rule."""
    request.session[LAST_RULE_KEY] = _rule(puzzle)
    request.session[LAST_PUZZLE_KEY] = puzzle.key


def step_of(puzzle: Puzzle) -> Step | None:
    """The lesson step that shows ``puzzle`` (its first one, in course order)."""
    steps = Step.objects.select_related("lesson__course").filter(kind=StepKind.PUZZLE, puzzle=puzzle)
    return steps.order_by("lesson__course__order", "lesson__order", "order").first()


def keep_on_sign_in(user: Any, old_key: str, new_key: str) -> None:
    """Move the account's items and those of the browser's anonymous session to the new session.

    A puzzle in both queues is kept once: at the earlier stage and the earlier return, so that
    nothing the learner got wrong comes back later than either queue said.
    """
    mine = Q(user=user)
    if old_key:
        mine |= Q(session_key=old_key, user__isnull=True)
    with transaction.atomic():
        items = list(ReviewItem.objects.select_for_update().filter(mine).order_by("id"))
        kept: dict[int, ReviewItem] = {}
        for item in items:
            other = kept.get(item.puzzle_id)
            if other is None:
                kept[item.puzzle_id] = item
                continue
            keep, drop = (item, other) if _sooner(item) < _sooner(other) else (other, item)
            drop.delete()
            kept[item.puzzle_id] = keep
        ReviewItem.objects.filter(pk__in=[i.pk for i in kept.values()]).update(user=user, session_key=new_key)


def _sooner(item: ReviewItem) -> tuple[bool, int, datetime]:
    return (item.learnt, item.stage, item.due)
