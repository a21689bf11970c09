"""Who may open a puzzle: the one rule shared by the puzzle pages of every feature.

It lives in the core because both the classroom (a drill's puzzle page, a teacher's own puzzle)
and the practice table (a puzzle played out against the bots) ask it.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from lessons.models import Drill, Puzzle, PuzzleAuthor, Source


def may_see_puzzle(user: Any, puzzle: Puzzle) -> bool:
    """The courses' and the generator's puzzles are everyone's. A teacher's puzzle is for its
    author and staff (its page), and for the teachers and pupils of a class with a drill that
    holds it (the drill's puzzle page): nobody else, whoever knows its key. A position of a learner's
    own practice hand is opened by nobody here: only their review queue serves it."""
    if puzzle.source == Source.PERSONAL:
        return False  # a learner's own hand: served only by their review queue (lessons/review/)
    if puzzle.source != Source.TEACHER:
        return True
    if not user.is_authenticated:
        return False
    if user.is_staff or PuzzleAuthor.objects.filter(puzzle=puzzle, author=user).exists():
        return True
    in_a_class = Q(classroom__teachers=user) | Q(classroom__memberships__student=user)
    return Drill.objects.filter(in_a_class, items__puzzle=puzzle).exists()
