"""``manage.py load_curriculum [--path DIR] [--check]``: the content files into the database.

The files are the truth: after a load the courses, lessons, steps and curriculum puzzles in the
database are exactly those of the files. Loading is idempotent (a second run writes nothing),
matches rows by their stable names (course key, lesson slug, step number, puzzle key) so
attempts keep pointing at their puzzle, and is all or nothing: every file is read and checked
with the engine first, and the writes run in one transaction.

A curriculum puzzle that disappears from the files is deleted, unless learners have answered it:
then it is kept without a step, with its attempts, and comes back if its key reappears.

The solver's puzzles of ``generated/<variant>.yaml`` (lessons/generated.py) are loaded the same
way, as ``generated`` puzzles without a step; like curriculum puzzles, a generated puzzle that is
in no file any more is deleted unless it has attempts.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any, TypeVar

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import models, transaction
from django.utils import translation

from lessons import content_checks
from lessons.content import CONTENT_DIR, LANGS, CourseSpec, CurriculumError, PuzzleSpec, Text
from lessons.generated import read_content
from lessons.models import Course, Lesson, Puzzle, Source, Step
from lessons.rating import starting_rating

M = TypeVar("M", bound=models.Model)


class Command(BaseCommand):
    help = "Load the lesson content files (lessons/content/) into the database, all or nothing."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--path", type=Path, default=CONTENT_DIR, help="the content directory")
        parser.add_argument("--check", action="store_true", help="check the files, write nothing")

    def handle(self, *args: Any, path: Path, check: bool, **options: Any) -> None:
        try:
            courses, generated = read_content(path)
        except CurriculumError as e:
            for error in e.errors:
                self.stderr.write(str(error))
            raise CommandError(f"{len(e.errors)} problem(s) in {path}: nothing was loaded") from None
        # Content the features read from their own files (the practice table's guided hands) is not
        # loaded, but checked with the rest: a wrong score there stops the load as well.
        problems = content_checks.problems() if path == CONTENT_DIR else []
        for problem in problems:
            self.stderr.write(problem)
        if problems:
            raise CommandError(f"{len(problems)} problem(s) in the features' content: nothing was loaded")
        puzzles = sum(len(c.puzzles) for c in courses)
        lessons = sum(len(c.lessons) for c in courses)
        counts = f"{len(courses)} course(s), {lessons} lesson(s), {puzzles} puzzle(s)"
        if generated:
            counts += f", {len(generated)} generated puzzle(s)"
        if check:
            self.stdout.write(f"{counts}: all good")
            return
        # Saving a translated model writes the active language into the untranslated column too;
        # English keeps that column the same whoever runs the command.
        with translation.override("en"), transaction.atomic():
            tally = Loader().load(courses, generated)
        self.stdout.write(
            f"{counts}: "
            f"{tally['created']} created, {tally['updated']} updated, {tally['deleted']} deleted, "
            f"{tally['unchanged']} unchanged; {tally['kept']} old puzzle(s) kept for their attempts"
        )


def translated(name: str, text: Text) -> dict[str, str]:
    """``title`` → ``{"title_en": ..., "title_ar": ..., ...}`` ("" where untranslated: English shows)."""
    return {f"{name}_{lang}": text.get(lang, "") for lang in LANGS}


class Loader:
    """Writes checked records; counts rows created, updated, deleted, unchanged, and puzzles kept."""

    def __init__(self) -> None:
        self.tally: Counter[str] = Counter()

    def load(self, courses: list[CourseSpec], generated: list[PuzzleSpec] | None = None) -> Counter[str]:
        existing_puzzles = {p.key: p for p in Puzzle.objects.all()}
        for spec in courses:
            course = self.put(Course.objects.filter(key=spec.key).first(), Course, self.course_values(spec))
            self.load_lessons(course, spec, existing_puzzles)
        self.delete(Course.objects.exclude(key__in=[c.key for c in courses]))
        self.remove_old_puzzles({p.key for c in courses for p in c.puzzles})
        for puzzle_spec in generated or []:
            self.load_puzzle(puzzle_spec, existing_puzzles, None, Source.GENERATED)
        self.remove_old_puzzles({p.key for p in generated or []}, Source.GENERATED)
        return self.tally

    def course_values(self, spec: CourseSpec) -> dict[str, Any]:
        return {
            "key": spec.key,
            "variant": spec.variant,
            "order": spec.order,
            "first_hand_after": spec.first_hand_after,
            **translated("title", spec.title),
            **translated("description", spec.description),
        }

    def load_lessons(self, course: Course, spec: CourseSpec, existing_puzzles: dict[str, Puzzle]) -> None:
        lessons = {lesson.slug: lesson for lesson in course.lessons.all()}
        for lesson_spec in spec.lessons:
            values = {
                "course_id": course.pk,
                "slug": lesson_spec.slug,
                "order": lesson_spec.order,
                "checkpoint": lesson_spec.checkpoint,
                **translated("title", lesson_spec.title),
                **translated("summary", lesson_spec.summary),
                # One key point a line.
                **translated("recap", {lang: "\n".join(p) for lang, p in lesson_spec.recap.items()}),
            }
            lesson = self.put(lessons.get(lesson_spec.slug), Lesson, values)
            steps = {step.order: step for step in lesson.steps.all()}
            for order, step_spec in enumerate(lesson_spec.steps, 1):
                puzzle = None
                if step_spec.puzzle is not None:
                    puzzle = self.load_puzzle(step_spec.puzzle, existing_puzzles, lesson_spec.path)
                values = {
                    "lesson_id": lesson.pk,
                    "order": order,
                    "kind": step_spec.kind,
                    "table": step_spec.table,
                    "puzzle_id": puzzle.pk if puzzle else None,
                    **translated("body", step_spec.body),
                }
                self.put(steps.get(order), Step, values)
            self.delete(lesson.steps.filter(order__gt=len(lesson_spec.steps)))
        self.delete(course.lessons.exclude(slug__in=[lesson.slug for lesson in spec.lessons]))

    def load_puzzle(
        self,
        spec: PuzzleSpec,
        existing: dict[str, Puzzle],
        path: Path | None,
        source: str = Source.CURRICULUM,
    ) -> Puzzle:
        puzzle = existing.get(spec.key)
        if puzzle is not None and puzzle.source != source:
            where = f"{path}: " if path else ""
            raise CommandError(f"{where}puzzle {spec.key}: key already used by a {puzzle.source} puzzle")
        values = {
            "key": spec.key,
            "variant": spec.variant,
            "task": spec.task,
            "position": spec.position,
            "answers": spec.answers,
            "rules": spec.rules,
            "themes": spec.themes,
            "difficulty": spec.difficulty,
            "why_not": spec.why_not,
            "source": source,
            **translated("prompt", spec.prompt),
            **translated("hint", spec.hint),
            **translated("explanation", spec.explanation),
        }
        if puzzle is None:
            # Set once: afterwards the rating is the learners' business, and a reload keeps it.
            values["rating"] = starting_rating(spec.difficulty)
        puzzle = self.put(puzzle, Puzzle, values)
        existing[spec.key] = puzzle
        return puzzle

    def remove_old_puzzles(self, keys: set[str], source: str = Source.CURRICULUM) -> None:
        old = Puzzle.objects.filter(source=source).exclude(key__in=keys)
        self.delete(old.filter(attempts__isnull=True))
        self.tally["kept"] += old.count()

    def put(self, row: M | None, model: type[M], values: dict[str, Any]) -> M:
        """Create the row, or update the fields that differ; an unchanged row is not written."""
        if row is None:
            row = model(**values)
            row.save()
            self.tally["created"] += 1
            return row
        changed = [name for name, value in values.items() if getattr(row, name) != value]
        if changed:
            for name in changed:
                setattr(row, name, values[name])
            # Only these fields: a trainer answer may have moved the puzzle's rating meanwhile.
            row.save(update_fields=changed)
            self.tally["updated"] += 1
        else:
            self.tally["unchanged"] += 1
        return row

    def delete(self, rows: models.QuerySet[Any]) -> None:
        deleted, _ = rows.delete()
        self.tally["deleted"] += deleted
