"""How complete the curriculum is: lessons, puzzles, languages and the rules its puzzles practise.

Read from the content files (:func:`lessons.content.read_curriculum`), so it can be asked
before anything is loaded. ``manage.py curriculum_stats`` prints it; tests/site/test_curriculum.py
holds the curriculum to it.

A text counts in a language when it is written there (not empty). The texts are: the course's
title and description, each lesson's title and summary, each step's text, and each puzzle's
prompt, hint and explanation. Titles, prompts, hints and explanations are always counted (a
missing hint is missing in every language), except the hints of a checkpoint, which has none;
descriptions, summaries and step texts only where they exist in English.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from lessons.content import LANGS, CourseSpec, PuzzleSpec, Text
from lessons.models import Task
from lessons.rulebook import RULE_ORDER, VARIANTS, applicable_rules

# A puzzle's difficulty, 1 (a first look) to 5 (lessons/content.py checks the range).
DIFFICULTIES = range(1, 6)


@dataclass(frozen=True)
class MissingText:
    """One text that some languages lack: where it is (``saudi/02-follow-suit: puzzle sa-x-1 hint``)."""

    where: str
    missing: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.where}: no {', '.join(self.missing)}"


def texts(course: CourseSpec) -> Iterator[tuple[str, Text, bool]]:
    """Every text of a course: ``(where, text, required)``."""
    yield f"{course.key}/course.yaml title", course.title, True
    yield f"{course.key}/course.yaml description", course.description, False
    for lesson in course.lessons:
        name = f"{course.key}/{lesson.path.name}"
        yield f"{name} title", lesson.title, True
        yield f"{name} summary", lesson.summary, False
        for i, step in enumerate(lesson.steps):
            yield f"{name} steps[{i}] text", step.body, False
            if step.puzzle is not None:
                for field in ("prompt", "hint", "explanation"):
                    # A checkpoint's puzzles have no hint, and a best-card puzzle may leave its
                    # prompt to the page (the same question every time): none is missing.
                    required = not (field == "hint" and lesson.checkpoint) and not (
                        field == "prompt" and step.puzzle.task in ("best-card", "decouverte-card")
                    )
                    yield f"{name} puzzle {step.puzzle.key} {field}", getattr(step.puzzle, field), required


def missing_texts(course: CourseSpec) -> list[MissingText]:
    out = []
    for where, text, required in texts(course):
        if not text and not required:
            continue
        missing = tuple(lang for lang in LANGS if not text.get(lang))
        if missing:
            out.append(MissingText(where, missing))
    return out


def complete_languages(course: CourseSpec) -> list[str]:
    """The languages in which every text of the course is written, sorted."""
    missing = {lang for m in missing_texts(course) for lang in m.missing}
    return sorted(lang for lang in LANGS if lang not in missing)


def practised_rules(course: CourseSpec) -> set[str]:
    return {rule for puzzle in course.puzzles for rule in puzzle.rules}


def in_rules_order(rules: set[str]) -> list[str]:
    return [rule for rule in RULE_ORDER if rule in rules]


def unpractised_rules(course: CourseSpec) -> list[str]:
    """The IDs that apply to the course's variant and that no puzzle of it practises, in the rules' order."""
    practised = practised_rules(course)
    return [rule for rule in applicable_rules(course.variant) if rule not in practised]


def by_kind(course: CourseSpec) -> dict[str, int]:
    """Puzzles of each kind (task), in the order of :class:`lessons.models.Task`; absent kinds left out."""
    counts = Counter(puzzle.task for puzzle in course.puzzles)
    return {task: counts[task] for task in Task.values if counts[task]}


def by_difficulty(puzzles: list[PuzzleSpec]) -> dict[str, int]:
    """``{"1": n, ..., "5": n}``, every difficulty listed (JSON keys are text)."""
    counts = Counter(puzzle.difficulty for puzzle in puzzles)
    return {str(level): counts[level] for level in DIFFICULTIES}


def difficulty_by_kind(course: CourseSpec) -> dict[str, dict[str, int]]:
    """For each kind present, its puzzles by difficulty: shows whether the card puzzles climb 1 to 4."""
    return {task: by_difficulty([p for p in course.puzzles if p.task == task]) for task in by_kind(course)}


def tricks_left(puzzle: PuzzleSpec) -> int:
    """The tricks still to play in a best-card position, the one in progress included: the most
    cards any seat holds (the seat to play holds one more than those who have played to the trick)."""
    return max((len(cards) for cards in puzzle.position.get("hands", {}).values()), default=0)


def by_tricks_left(course: CourseSpec) -> dict[str, int]:
    """Best-card puzzles by the number of tricks left, ``{"2": 16, ..., "8": 10}`` (JSON keys are
    text): shows whether a course poses whole hands and opening leads, not only the last tricks."""
    counts = Counter(tricks_left(p) for p in course.puzzles if p.task == Task.BEST_CARD)
    return {str(n): counts[n] for n in sorted(counts)}


def stats(courses: list[CourseSpec]) -> dict[str, dict[str, Any]]:
    """For every variant, its rules course's numbers (:func:`course_stats`), and under ``courses``
    the same numbers for each of the variant's courses by key (the rules course, then the others
    in order: ``saudi``, ``saudi-playing-well``).

    A variant without a rules course has nothing: no language is complete, no rule is practised.
    """
    out: dict[str, dict[str, Any]] = {}
    for variant in VARIANTS:
        mine = [c for c in courses if c.variant == variant]
        # The rules course of each variant: its key is the variant's name.
        rules = next((c for c in mine if c.key == variant), None)
        row = course_stats(rules) if rules is not None else _no_course(variant)
        others = sorted((c for c in mine if c is not rules), key=lambda c: c.key)
        row["courses"] = {c.key: course_stats(c) for c in [*([rules] if rules else []), *others]}
        out[variant] = row
    return out


def course_stats(course: CourseSpec) -> dict[str, Any]:
    """One course's numbers: ``lessons`` and ``checkpoints``, ``puzzles``, ``complete_languages``,
    ``unpractised_rules``, ``course`` (its English title), ``puzzles_by_kind``,
    ``puzzles_by_difficulty``, ``difficulty_by_kind``, ``practised_rules`` (in the rules' order),
    ``puzzles_by_tricks_left`` (best-card puzzles) and ``checked_claims``."""
    return {
        "lessons": sum(1 for lesson in course.lessons if not lesson.checkpoint),
        "checkpoints": sum(1 for lesson in course.lessons if lesson.checkpoint),
        "puzzles": len(course.puzzles),
        "complete_languages": complete_languages(course),
        "unpractised_rules": unpractised_rules(course),
        "course": course.title["en"],
        "puzzles_by_kind": by_kind(course),
        "puzzles_by_difficulty": by_difficulty(course.puzzles),
        "difficulty_by_kind": difficulty_by_kind(course),
        "practised_rules": in_rules_order(practised_rules(course)),
        "puzzles_by_tricks_left": by_tricks_left(course),
        # The claims of its lessons the engine worked out at loading (lessons/claims.py).
        "checked_claims": len(course.claims),
    }


def _no_course(variant: str) -> dict[str, Any]:
    return {
        "lessons": 0,
        "checkpoints": 0,
        "puzzles": 0,
        "complete_languages": [],
        "unpractised_rules": applicable_rules(variant),
        "course": "",
        "puzzles_by_kind": {},
        "puzzles_by_difficulty": by_difficulty([]),
        "difficulty_by_kind": {},
        "practised_rules": [],
        "puzzles_by_tricks_left": {},
        "checked_claims": 0,
    }
