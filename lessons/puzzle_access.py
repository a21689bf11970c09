"""Who may open a puzzle: the one rule shared by the puzzle pages of every feature.

It lives in the core because both the classroom (a drill's puzzle page, a teacher's own puzzle)
and the practice table (a puzzle played out against the bots) ask it, and the review counts and
serves only the puzzles it allows.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from lessons.models import DrillItem, Puzzle, PuzzleAuthor, Source


def visible_puzzles(user: Any, field: str = "") -> Q:
    """The puzzles ``user`` may open, as a filter on :class:`Puzzle` (``field=""``) or on a model
    whose foreign key ``field`` points at one (``"puzzle"``).

    The courses' and the generator's puzzles are everyone's. A teacher's puzzle is for its author
    and staff (its page), and for the teachers and present pupils of a class with a drill that
    holds it (the drill's puzzle page): nobody else, whoever knows its key. A pupil who left the
    class (``Membership.left_at``) no longer sees it.
    """
    prefix = f"{field}__" if field else ""
    everyones = ~Q(**{f"{prefix}source": Source.TEACHER})
    if not user.is_authenticated:
        return everyones
    if user.is_staff:
        return Q()
    authored = PuzzleAuthor.objects.filter(author=user).values("puzzle_id")
    in_a_class = DrillItem.objects.filter(
        Q(drill__classroom__teachers=user)
        | Q(drill__classroom__memberships__student=user, drill__classroom__memberships__left_at__isnull=True),
        puzzle__isnull=False,
    ).values("puzzle_id")
    pk = f"{field}_id" if field else "pk"
    return everyones | Q(**{f"{pk}__in": authored}) | Q(**{f"{pk}__in": in_a_class})


def may_see_puzzle(user: Any, puzzle: Puzzle) -> bool:
    """Whether ``user`` may open ``puzzle`` (see :func:`visible_puzzles`). A position of a
    learner's own practice hand is opened by nobody here: only their review queue serves it."""
    if puzzle.source == Source.PERSONAL:
        return False  # a learner's own hand: served only by their review queue (lessons/review/)
    if puzzle.source != Source.TEACHER:
        return True  # no query for the courses' and the generator's puzzles
    return Puzzle.objects.filter(visible_puzzles(user), pk=puzzle.pk).exists()
