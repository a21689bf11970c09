"""Lesson models: constraints the database keeps, and translated text falling back to English."""

import threading
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import IntegrityError, connection, transaction
from django.db.models import ProtectedError
from django.utils import translation

from lessons import progress
from lessons.models import TASK_COMMANDS, Attempt, Course, Lesson, Puzzle, Step, StepKind, Task


def make_puzzle(key: str = "sa-1", **fields) -> Puzzle:
    values = {
        "variant": "saudi",
        "task": "play",
        "position": {"variant": "saudi", "trump": None, "seat": "S", "hand": ["KC"]},
        "answers": ["KC"],
        "prompt_en": "Play a card.",
        **fields,
    }
    return Puzzle.objects.create(key=key, **values)


def make_lesson(slug: str = "basics") -> Lesson:
    course, _ = Course.objects.get_or_create(variant="saudi", defaults={"title_en": "Saudi Baloot"})
    return Lesson.objects.create(course=course, slug=slug, order=1, title_en="Basics")


@pytest.mark.django_db
def test_migrations_match_the_models():
    out = StringIO()
    call_command("makemigrations", "lessons", check=True, dry_run=True, stdout=out)  # exits if not

    assert "No changes detected" in out.getvalue()


def test_every_task_has_an_engine_command():
    assert set(TASK_COMMANDS) == set(Task)
    assert Puzzle(task="count").command == "trick"


@pytest.mark.django_db
def test_translated_text_falls_back_to_english():
    course = Course.objects.create(variant="saudi", title_en="Saudi Baloot", title_ar="البلوت السعودي")

    with translation.override("ar"):
        assert course.title == "البلوت السعودي"
    with translation.override("fr"):
        assert course.title == "Saudi Baloot"


@pytest.mark.django_db
def test_one_course_per_variant():
    Course.objects.create(variant="saudi", title_en="A")

    with pytest.raises(IntegrityError):
        Course.objects.create(variant="saudi", title_en="B")


@pytest.mark.django_db
def test_lesson_slugs_are_unique_within_a_course():
    make_lesson("basics")

    with pytest.raises(IntegrityError):
        make_lesson("basics")


@pytest.mark.django_db
def test_puzzle_keys_are_unique():
    make_puzzle("sa-1")

    with pytest.raises(IntegrityError):
        make_puzzle("sa-1")


@pytest.mark.django_db
def test_puzzle_difficulty_is_1_to_5():
    with pytest.raises(IntegrityError):
        make_puzzle("sa-hard", difficulty=6)


@pytest.mark.django_db
def test_a_puzzle_step_needs_a_puzzle_and_a_text_step_has_none():
    lesson = make_lesson()
    puzzle = make_puzzle()

    with transaction.atomic(), pytest.raises(IntegrityError):
        Step.objects.create(lesson=lesson, order=1, kind=StepKind.PUZZLE)
    with transaction.atomic(), pytest.raises(IntegrityError):
        Step.objects.create(lesson=lesson, order=1, kind=StepKind.TEXT, body_en="Hi", puzzle=puzzle)
    Step.objects.create(lesson=lesson, order=1, kind=StepKind.PUZZLE, puzzle=puzzle)


@pytest.mark.django_db
def test_step_numbers_are_unique_within_a_lesson():
    lesson = make_lesson()
    Step.objects.create(lesson=lesson, order=1, kind=StepKind.TEXT, body_en="One")

    with pytest.raises(IntegrityError):
        Step.objects.create(lesson=lesson, order=1, kind=StepKind.TEXT, body_en="Again")


@pytest.mark.django_db
def test_a_puzzle_with_attempts_cannot_be_deleted():
    puzzle = make_puzzle()
    Attempt.objects.create(puzzle=puzzle, session_key="s", answer="KC", correct=True, token="t1")

    with pytest.raises(ProtectedError):
        puzzle.delete()


@pytest.mark.django_db
def test_attempt_tokens_are_unique():
    puzzle = make_puzzle()
    Attempt.objects.create(puzzle=puzzle, session_key="s", answer="KC", correct=True, token="t1")

    with pytest.raises(IntegrityError):
        Attempt.objects.create(puzzle=puzzle, session_key="s", answer="KC", correct=True, token="t1")


@pytest.mark.skipif(connection.vendor != "postgresql", reason="concurrent writers need a server database")
@pytest.mark.django_db(transaction=True)
def test_a_double_submit_racing_on_postgresql_is_recorded_once():
    puzzle = make_puzzle()
    start = threading.Barrier(4)
    results: list[int] = []

    def submit() -> None:
        try:
            start.wait()
            attempt, _ = progress.record_attempt(
                puzzle=puzzle, session_key="s", answer="KC", correct=True, token="same"
            )
            results.append(attempt.pk)
        finally:
            connection.close()

    threads = [threading.Thread(target=submit) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    assert len(results) == 4
    assert len(set(results)) == 1
    assert Attempt.objects.count() == 1
