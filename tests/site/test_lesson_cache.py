"""Lessons kept in memory between requests (lessons/lesson_cache.py): read once, read again after a change."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from lessons import lesson_cache
from lessons.models import Attempt, Puzzle, Step
from tests.site.pages import answer, step_url

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def empty_cache(monkeypatch):
    lesson_cache._kept.clear()
    monkeypatch.setattr(lesson_cache, "_version_seen", (-10.0, None))
    cache.clear()
    yield
    lesson_cache._kept.clear()


@pytest.fixture
def clock(monkeypatch):
    """The cache's clock, moved by hand: ``clock[0] += 2`` is two seconds later."""
    now = [1000.0]
    monkeypatch.setattr(lesson_cache.time, "monotonic", lambda: now[0])
    return now


@pytest.fixture
def kept(settings):
    settings.CONTENT_CACHE_SECONDS = 300


def step_queries(client, url):
    """The step-table queries of one request to ``url``, and its response."""
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    return [q for q in queries.captured_queries if "lessons_step" in q["sql"]], response


def test_it_reads_a_lesson_once_then_from_memory(client, saudi, kept):
    first, _ = step_queries(client, step_url(1))
    second, response = step_queries(client, step_url(2))
    assert len(first) == 1
    assert second == []
    assert response.status_code == 200
    assert "answer-token" in response.text


def test_it_reads_the_database_each_time_when_turned_off(client, saudi, settings):
    settings.CONTENT_CACHE_SECONDS = 0
    assert len(step_queries(client, step_url(1))[0]) == 1
    assert len(step_queries(client, step_url(1))[0]) == 1


def test_it_shows_a_change_saved_through_django_at_the_next_request(client, saudi, kept):
    client.get(step_url(1))
    step = Step.objects.get(lesson__slug="follow-suit", order=1)
    step.body_en = "East leads **hearts** now."
    step.save()
    assert "hearts" in client.get(step_url(1)).text


def test_it_reads_again_within_a_second_when_another_process_changed_the_content(client, saudi, kept, clock):
    client.get(step_url(1))
    # What a load_curriculum run elsewhere leaves in the shared cache (Redis in production).
    cache.set(lesson_cache.VERSION_KEY, 12345)
    clock[0] += 0.5
    assert step_queries(client, step_url(1))[0] == []  # the version is asked once a second
    clock[0] += 0.6
    assert len(step_queries(client, step_url(1))[0]) == 1


def test_it_reads_again_after_content_cache_seconds(client, saudi, settings, clock):
    settings.CONTENT_CACHE_SECONDS = 10
    client.get(step_url(1))
    clock[0] += 9
    assert step_queries(client, step_url(1))[0] == []
    clock[0] += 2
    assert len(step_queries(client, step_url(1))[0]) == 1


def test_it_keeps_no_lesson_that_does_not_exist(client, saudi, kept):
    for slug in ("nothing-here", "nor-here"):
        assert client.get(step_url(1, slug=slug)).status_code == 404
    assert not any("nothing-here" in key for key in lesson_cache._kept)
    assert len(lesson_cache._kept) == 0


def test_it_records_answers_to_a_kept_puzzle(client, saudi, kept):
    client.get(step_url(2))
    for card in ("KC", "AS"):
        assert answer(client, step_url(2), {"card": card}, htmx=True).status_code == 200
    assert sorted(Attempt.objects.values_list("answer", flat=True)) == ["AS", "KC"]


def test_it_keeps_the_lessons_of_the_progress_page(client, saudi, kept):
    answer(client, step_url(2), {"card": "KC"})
    client.get("/en/progress/")
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/en/progress/")
    content = [
        q for q in queries.captured_queries if "lessons_step" in q["sql"] or "lessons_lesson" in q["sql"]
    ]
    assert content == []
    assert response.status_code == 200
    assert "Follow suit" in response.text


def test_it_tells_the_other_processes_once_the_change_is_committed(
    saudi, kept, django_capture_on_commit_callbacks
):
    step = Step.objects.get(lesson__slug="follow-suit", order=1)
    cache.set(lesson_cache.VERSION_KEY, "before")
    with django_capture_on_commit_callbacks(execute=True):
        step.body_en = "East leads **hearts** now."
        step.save()
        assert cache.get(lesson_cache.VERSION_KEY) == "before"  # not committed yet
    assert cache.get(lesson_cache.VERSION_KEY) != "before"


@pytest.mark.parametrize("source", ["generated", "personal", "teacher"])
def test_a_puzzle_in_no_lesson_empties_no_cache(
    client, saudi, kept, source, django_capture_on_commit_callbacks
):
    # The trainer's pool, a learner's own position, a teacher's puzzle: made all day long.
    client.get(step_url(1))
    cache.set(lesson_cache.VERSION_KEY, "before")
    curriculum = Step.objects.exclude(puzzle=None).first().puzzle
    with django_capture_on_commit_callbacks(execute=True):
        made = Puzzle.objects.create(
            key=f"made-{source}", variant="saudi", task=curriculum.task, position=curriculum.position,
            source=source,
        )  # fmt: skip
        made.rating = 1600
        made.save()
        made.delete()
    assert cache.get(lesson_cache.VERSION_KEY) == "before"
    assert step_queries(client, step_url(1))[0] == []  # this process kept its lessons too


def test_a_curriculum_puzzle_changed_is_read_again_everywhere(
    saudi, kept, django_capture_on_commit_callbacks
):
    cache.set(lesson_cache.VERSION_KEY, "before")
    puzzle = Step.objects.exclude(puzzle=None).first().puzzle
    with django_capture_on_commit_callbacks(execute=True):
        puzzle.hint = "Look at the suit led."
        puzzle.save()
    assert cache.get(lesson_cache.VERSION_KEY) != "before"
