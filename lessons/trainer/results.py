"""The puzzle trainer's records: who the learner is, and what an answer does to the ratings.

A learner has one :class:`TrainerRating` per variant: their account's when signed in (the same on
every device), else their session's. Only the first answer to a puzzle is rated: it creates the
puzzle's :class:`TrainerPlay` and moves both the learner's and the puzzle's Glicko-2 ratings
(:func:`lessons.rating.rate_answer`, the puzzle as the opponent). The play's unique
(learner, puzzle) pair makes this hold for any number of answers; the rated answer's attempt is
kept on the play, so a double submit of the same form shows the same rating change again.

Later answers are not rated. A right one without help clears a failed puzzle: the trainer stops
bringing it back. A hint or the solution shown before an answer makes that answer a failure.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.http import HttpRequest
from django.utils import timezone

from lessons import progress
from lessons.models import Attempt, Puzzle, TrainerPlay, TrainerRating
from lessons.rating import Rating, rate_answer
from lessons.standing import Result, rated_result, rating_change

# What a rated answer changes in the learner's TrainerRating (saved, and copied back after a race).
RATED_FIELDS = (
    "rating",
    "deviation",
    "volatility",
    "played",
    "won",
    "streak",
    "best_streak",
    "current_answered",
    "updated",
)


# ---------------------------------------------------------------- who the learner is


def learner_filter(request: HttpRequest) -> dict[str, Any] | None:
    """How the learner's ratings are found: by account, else by session (None: no session yet)."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return {"user": user}
    key = request.session.session_key
    return {"user": None, "session_key": key} if key else None


def find_learner(request: HttpRequest, variant: str) -> TrainerRating | None:
    """The learner's rating in ``variant`` if they have one; nothing is created."""
    found = learner_filter(request)
    if found is None:
        return None
    return TrainerRating.objects.filter(variant=variant, **found).first()


def learner(request: HttpRequest, variant: str) -> TrainerRating:
    """The learner's rating in ``variant``, made (with a session for an anonymous learner) if need be."""
    progress.session_key(request, create=True)
    found = learner_filter(request)
    assert found is not None  # the session exists now
    rating, _created = TrainerRating.objects.get_or_create(variant=variant, **found)
    return rating


def learners(request: HttpRequest) -> dict[str, TrainerRating]:
    """The learner's ratings by variant: one query."""
    found = learner_filter(request)
    if found is None:
        return {}
    return {r.variant: r for r in TrainerRating.objects.filter(**found)}


# ---------------------------------------------------------------- answers and help


def helped(who: TrainerRating, puzzle: Puzzle) -> bool:
    """Whether a hint or the solution of ``puzzle`` was shown while it was on screen."""
    return who.current_id == puzzle.pk and (who.current_hint or who.current_solution)


def help_shown(who: TrainerRating, puzzle: Puzzle, *, hint: bool = False, solution: bool = False) -> None:
    """Note that the hint or the solution of the puzzle on screen was shown: its answer is a failure."""
    if who.current_id != puzzle.pk:
        return
    who.current_hint = who.current_hint or hint
    who.current_solution = who.current_solution or solution
    who.save(update_fields=["current_hint", "current_solution"])


def record_answer(who: TrainerRating, puzzle: Puzzle, attempt: Attempt, correct: bool) -> Result:
    """Rate the first answer to ``puzzle``, or clear a failed puzzle solved again; ``who`` is updated.

    The learner's row is locked for the transaction, so two answers racing for the first place
    are decided one after the other (on SQLite, by the unique play: the loser finds the play).
    """
    with_help = helped(who, puzzle)
    with transaction.atomic():
        fresh = TrainerRating.objects.select_for_update().get(pk=who.pk)
        answering_current = fresh.current_id == puzzle.pk and not fresh.current_answered
        # The puzzle on screen is answered: the next visit brings a new one.
        fresh.current_answered = fresh.current_answered or answering_current
        play = TrainerPlay.objects.filter(learner=fresh, puzzle=puzzle).first()
        result = None
        if play is None:
            result = _rate_first_answer(fresh, puzzle, attempt, correct and not with_help, with_help)
        if result is None:
            play = play or TrainerPlay.objects.get(learner=fresh, puzzle=puzzle)
            result = _later_answer(play, attempt, correct and not with_help)
            if answering_current:
                fresh.save(update_fields=["current_answered"])
    _copy(fresh, who)
    return result


def _rate_first_answer(
    who: TrainerRating, puzzle: Puzzle, attempt: Attempt, success: bool, with_help: bool
) -> Result | None:
    """Create the play and move both ratings; None if another answer got there first."""
    opponent = Puzzle.objects.select_for_update().filter(pk=puzzle.pk)
    puzzle_rating = opponent.values_list("rating", "deviation", "volatility").get()
    before = Rating(who.rating, who.deviation, who.volatility)
    after, puzzle_after = rate_answer(before, Rating(*puzzle_rating), success)
    now = timezone.now()
    try:
        with transaction.atomic():
            TrainerPlay.objects.create(
                learner=who,
                puzzle=puzzle,
                attempt=attempt,
                success=success,
                helped=with_help,
                rating_before=before.rating,
                rating_after=after.rating,
                cleared=success,
                created=now,
                updated=now,
            )
    except IntegrityError:
        return None
    opponent.update(
        rating=puzzle_after.rating,
        deviation=puzzle_after.deviation,
        volatility=puzzle_after.volatility,
        rated_plays=F("rated_plays") + 1,
    )
    who.rating, who.deviation, who.volatility = after.rating, after.deviation, after.volatility
    who.played += 1
    who.won += int(success)
    who.streak = who.streak + 1 if success else 0
    who.best_streak = max(who.best_streak, who.streak)
    who.updated = now
    who.save(update_fields=RATED_FIELDS)
    return Result(True, success, with_help, rating_change(before.rating, after.rating))


def _later_answer(play: TrainerPlay, attempt: Attempt, success: bool) -> Result:
    """Not rated; the same form posted again shows the rated result again."""
    if play.attempt_id == attempt.pk:
        return rated_result(play)
    cleared = success and not play.cleared
    # A failed puzzle answered again goes to the back of the replay queue, or leaves it.
    play.cleared = play.cleared or success
    play.updated = timezone.now()
    play.save(update_fields=["cleared", "updated"])
    return Result(False, success, cleared=cleared)


def _copy(source: TrainerRating, target: TrainerRating) -> None:
    for name in RATED_FIELDS:
        setattr(target, name, getattr(source, name))
