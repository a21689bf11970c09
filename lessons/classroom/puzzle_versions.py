"""A teacher's edited puzzle reaching its drills, and the answers to its old versions still counted.

A teacher's puzzle changed after pupils answered it is saved as a new version
(lessons/classroom/teacher_puzzles.py ``save_puzzle``); the old one keeps its answers. The editor
asks "use the new version in these drills?" (yes by default, each drill named): a drill that says
yes holds the new version, and its item remembers the versions it held before
(``DrillItem.earlier_puzzles``). The answers given in the drill to those earlier versions stay with
them and still count for the item in every figure of the drill (:func:`count_earlier`): a pupil
who solved the old version has the item solved, and need not answer it again.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

from django.db import transaction

from lessons.models import Drill, DrillItem, Puzzle


def drills_holding(puzzle: Puzzle, teacher: Any) -> list[Drill]:
    """The drills of the teacher's classes that hold ``puzzle`` (archived ones too: they may be
    restored), by class and name."""
    return list(
        Drill.objects.filter(items__puzzle=puzzle, classroom__teachers=teacher)
        .select_related("classroom")
        .distinct()
        .order_by("classroom__name", "title", "id")
    )


def use_new_version(old: Puzzle, new: Puzzle, drill_ids: Iterable[int]) -> None:
    """The drills ``drill_ids`` hold ``new`` instead of ``old``, which their items remember."""
    with transaction.atomic():
        items = DrillItem.objects.select_for_update().filter(puzzle=old, drill_id__in=list(drill_ids))
        for item in items:
            item.earlier_puzzles = [*item.earlier_puzzles, old.pk]
            item.puzzle = new
            item.save(update_fields=["puzzle", "earlier_puzzles"])


def count_earlier(stats: dict[tuple[int, int, int], Any], drills: Iterable[Drill]) -> None:
    """Fold each pupil's answers to an item's earlier versions into its current puzzle's figures,
    in ``stats`` (by drill, pupil and puzzle: lessons/classroom/dashboard.py ``attempt_stats``)."""
    items = DrillItem.objects.filter(drill__in=[d.pk for d in drills], puzzle__isnull=False).exclude(
        earlier_puzzles=[]
    )
    # (drill, a version) → (the current puzzle, the versions oldest first)
    versions: dict[tuple[int, int], tuple[int, list[int]]] = {}
    for drill_id, puzzle_id, earlier in items.values_list("drill_id", "puzzle_id", "earlier_puzzles"):
        chain = [*earlier, puzzle_id]
        for version in chain:
            versions[(drill_id, version)] = (puzzle_id, chain)
    if not versions:
        return
    grouped: dict[tuple[int, int, int], list[int]] = {}
    for drill_id, user_id, puzzle_id in list(stats):
        found = versions.get((drill_id, puzzle_id))
        if found is not None:
            grouped.setdefault((drill_id, user_id, found[0]), found[1])
    for (drill_id, user_id, current), chain in grouped.items():
        answered = [stats.pop((drill_id, user_id, v)) for v in chain if (drill_id, user_id, v) in stats]
        stats[(drill_id, user_id, current)] = merged(answered)


def merged(stats: list[Any]) -> Any:
    """One item's figures from those of its versions, oldest first: they were answered in turn
    (the drill held one at a time), so the first answer of all is the oldest version's first."""
    first = stats[0]
    last = [s.last for s in stats if s.last is not None]
    return dataclasses.replace(
        first,
        tries=sum(s.tries for s in stats),
        wrong=sum(s.wrong for s in stats),
        solved=any(s.solved for s in stats),
        seconds=sum(s.seconds for s in stats),
        hints=max(s.hints for s in stats),
        solved_by=tuple(any(by) for by in zip(*(s.solved_by for s in stats), strict=True)),
        last=max(last) if last else None,
    )
