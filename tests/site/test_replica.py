"""The read replica (``DATABASE_REPLICA_URL``, baloot_site/db_router.py): content read from it,
everything people write, and every read right after a write, from the primary.

- The router's choices, asked directly: in every run.
- Without ``DATABASE_REPLICA_URL`` (the usual runs, SQLite and PostgreSQL): no replica alias, no
  router, no middleware, and the pages work as ever.
- With it pointing at the primary's own PostgreSQL database (the replica is then the test
  database's ``MIRROR``): real requests, query by query, on both connections. The PostgreSQL run
  starts that run itself, as a child pytest of this module.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.sessions.models import Session
from django.db import connection, connections
from django.http import HttpResponse
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext

from baloot_site import db_router
from baloot_site.db_router import (
    PIN_COOKIE,
    PRIMARY,
    REPLICA,
    ReplicaMiddleware,
    ReplicaRouter,
    RequestState,
    reading_from_primary,
)
from lessons.models import Attempt, Course, Lesson, Puzzle, Step
from tests.site.pages import answer, step_url

ROOT = Path(__file__).resolve().parents[2]
router = ReplicaRouter()
REPLICA_CONFIGURED = REPLICA in settings.DATABASES


@pytest.fixture
def in_request():
    """The router's view of a request being answered (as ReplicaMiddleware sets it)."""
    state = RequestState()
    token = db_router._request.set(state)
    yield state
    db_router._request.reset(token)


# ---------------------------------------------------------------- the router's choices


def test_it_reads_content_from_the_replica_during_a_request(in_request):
    for model in (Course, Lesson, Step, Puzzle):
        assert router.db_for_read(model) == REPLICA


def test_it_reads_what_people_write_from_the_primary(in_request, django_user_model):
    for model in (Attempt, Session, django_user_model):
        assert router.db_for_read(model) == PRIMARY


def test_it_reads_everything_from_the_primary_outside_a_request():
    # load_curriculum reads the puzzles it is about to update: never from a copy that lags.
    assert router.db_for_read(Puzzle) == PRIMARY


def test_it_reads_from_the_primary_once_the_request_has_written(in_request):
    assert router.db_for_write(Attempt) == PRIMARY
    assert router.db_for_read(Step) == PRIMARY
    assert in_request.wrote and not in_request.wrote_content


def test_it_notes_a_write_of_content(in_request):
    router.db_for_write(Puzzle)
    assert in_request.wrote_content


def test_it_reads_from_the_primary_for_a_pinned_browser():
    token = db_router._request.set(RequestState(pinned=True))
    try:
        assert router.db_for_read(Puzzle) == PRIMARY
    finally:
        db_router._request.reset(token)


def test_it_reads_from_the_primary_when_asked(in_request):
    with reading_from_primary():
        assert router.db_for_read(Lesson) == PRIMARY
    assert router.db_for_read(Lesson) == REPLICA


def test_it_migrates_the_primary_only():
    assert router.allow_migrate(PRIMARY, "lessons", "attempt") is True
    assert router.allow_migrate(REPLICA, "lessons", "attempt") is False


def test_it_relates_rows_read_on_either_side():
    puzzle, attempt = Puzzle(), Attempt()
    puzzle._state.db, attempt._state.db = REPLICA, PRIMARY
    assert router.allow_relation(puzzle, attempt) is True


def test_it_pins_a_browser_that_wrote_content_to_the_primary(settings):
    settings.REPLICA_PIN_SECONDS = 10

    def saves_a_puzzle(request):
        router.db_for_write(Puzzle)
        return HttpResponse()

    response = ReplicaMiddleware(saves_a_puzzle)(RequestFactory().post("/"))
    cookie = response.cookies[PIN_COOKIE]
    assert cookie["max-age"] == 10 and cookie["httponly"]


def test_it_does_not_pin_a_learner_who_answered():
    def saves_an_attempt(request):
        router.db_for_write(Attempt)
        return HttpResponse()

    response = ReplicaMiddleware(saves_an_attempt)(RequestFactory().post("/"))
    assert PIN_COOKIE not in response.cookies


def test_it_reads_content_of_a_pinned_request_from_the_primary():
    seen = []

    def reads(request):
        seen.append(router.db_for_read(Step))
        return HttpResponse()

    middleware = ReplicaMiddleware(reads)
    middleware(RequestFactory().get("/"))
    request = RequestFactory().get("/")
    request.COOKIES[PIN_COOKIE] = "1"
    middleware(request)
    assert seen == [REPLICA, PRIMARY]


# ---------------------------------------------------------------- without a replica

if not REPLICA_CONFIGURED:

    def test_it_has_no_replica_without_database_replica_url():
        assert settings.DATABASE_REPLICA_URL == ""
        assert list(settings.DATABASES) == ["default"]
        assert settings.DATABASE_ROUTERS == []
        assert "baloot_site.db_router.ReplicaMiddleware" not in settings.MIDDLEWARE

    @pytest.mark.django_db
    def test_it_serves_lessons_and_answers_on_the_one_database(client, saudi):
        assert client.get(step_url(2)).status_code == 200
        assert answer(client, step_url(2), {"card": "KC"}, htmx=True).status_code == 200
        assert Attempt.objects.count() == 1
        assert "replica" not in client.get("/healthz").json()


if not REPLICA_CONFIGURED and connection.vendor == "postgresql":

    def test_it_reads_from_a_mirrored_replica_on_postgresql():
        """This module again, in a child pytest whose replica is the primary's own database."""
        env = dict(os.environ)
        env["DATABASE_REPLICA_URL"] = env["DATABASE_URL"]
        # A test database of its own (pytest-django adds this suffix), whatever else runs.
        env["TOX_PARALLEL_ENV"] = f"replica{os.getpid()}"
        result = subprocess.run(
            [sys.executable, "-m", "pytest", __file__, "-v", "-p", "no:cacheprovider", "-p", "no:xdist"],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
        for name in (
            "test_it_records_an_answer_on_the_primary",
            "test_it_checks_the_replica_for_the_load_balancer",
        ):
            assert f"{name} PASSED" in result.stdout, result.stdout[-3000:]
        assert "skipped" not in result.stdout


# ---------------------------------------------------------------- with a mirrored replica

if REPLICA_CONFIGURED:
    both = pytest.mark.django_db(transaction=True, databases=[PRIMARY, REPLICA])

    def queries_on_each(call):
        """Run ``call()``; the SQL it sent to the primary and to the replica."""
        with (
            CaptureQueriesContext(connections[PRIMARY]) as primary,
            CaptureQueriesContext(connections[REPLICA]) as replica,
        ):
            call()
        return [q["sql"] for q in primary.captured_queries], [q["sql"] for q in replica.captured_queries]

    def test_it_is_set_up_from_database_replica_url():
        assert settings.DATABASES[REPLICA]["TEST"]["MIRROR"] == PRIMARY
        assert settings.DATABASE_ROUTERS == ["baloot_site.db_router.ReplicaRouter"]
        assert "baloot_site.db_router.ReplicaMiddleware" in settings.MIDDLEWARE

    @both
    def test_it_reads_a_lesson_from_the_replica_and_the_learners_attempts_from_the_primary(client, saudi):
        answer(client, step_url(2), {"card": "KC"})
        on_primary, on_replica = queries_on_each(lambda: client.get("/en/learn/saudi/follow-suit/"))
        assert any("lessons_lesson" in sql for sql in on_replica)
        assert any("lessons_step" in sql for sql in on_replica)
        assert not any("lessons_attempt" in sql for sql in on_replica)
        assert any("lessons_attempt" in sql for sql in on_primary)

    @both
    def test_it_records_an_answer_on_the_primary(client, saudi):
        client.get(step_url(2))
        on_primary, on_replica = queries_on_each(
            lambda: answer(client, step_url(2), {"card": "KC"}, htmx=True)
        )
        assert any(sql.startswith("INSERT INTO") and "lessons_attempt" in sql for sql in on_primary)
        assert not any("lessons_attempt" in sql or "django_session" in sql for sql in on_replica)
        assert Attempt.objects.using(PRIMARY).count() == 1

    @both
    def test_it_reads_from_the_primary_after_a_write_in_the_same_request(saudi):
        def writes_then_reads(request):
            Attempt.objects.create(
                puzzle=Puzzle.objects.get(key="sa-follow-1"),
                session_key="s",
                answer="KC",
                correct=True,
                token="t1",
            )
            Puzzle.objects.get(key="sa-follow-1")
            return HttpResponse()

        middleware = ReplicaMiddleware(writes_then_reads)
        on_primary, on_replica = queries_on_each(lambda: middleware(RequestFactory().get("/")))
        assert len([sql for sql in on_replica if "lessons_puzzle" in sql]) == 1  # the read before the write
        assert len([sql for sql in on_primary if "lessons_puzzle" in sql and "SELECT" in sql]) == 1

    @both
    def test_it_keeps_lessons_read_from_the_primary(client, saudi, settings):
        settings.CONTENT_CACHE_SECONDS = 300
        from lessons import lesson_cache

        lesson_cache._kept.clear()
        try:
            on_primary, on_replica = queries_on_each(lambda: client.get(step_url(1)))
        finally:
            lesson_cache._kept.clear()
        assert any("lessons_step" in sql for sql in on_primary)
        assert not any("lessons_step" in sql for sql in on_replica)

    @both
    def test_it_checks_the_replica_for_the_load_balancer(client):
        assert client.get("/healthz").json() == {
            "status": "ok",
            "database": "ok",
            "replica": "ok",
            "migrations": "applied",
        }
