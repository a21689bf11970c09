"""Redis stopped under a running site (baloot_site/fallible_redis.py): no 500 anywhere.

A real redis-server on a free port holds the cache, the sessions' copies, the rate limits'
counters, the lesson cache's version and the task queue, as settings.py sets them up with
``REDIS_URL``; each test stops it in the middle, and some start it again on the same port
(empty, as a Redis without persistence comes back).
"""

import logging

import django_rq
import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django_tasks import task
from django_tasks.base import TaskResultStatus

from baloot_site import fallible_redis
from bench.loadtest import free_port, start_redis
from lessons import lesson_cache
from lessons.models import Attempt
from tests.site.pages import answer, step_url

pytestmark = pytest.mark.django_db

PLAY = step_url(2)


class RedisServer:
    """One redis-server on a fixed port that a test may stop and start again."""

    def __init__(self):
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process = None

    def start(self):
        if self.process is None:
            self.process = start_redis(self.port)

    def stop(self):
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=30)
            self.process = None


@pytest.fixture(scope="module")
def redis_server():
    server = RedisServer()
    server.start()
    yield server
    server.stop()


@pytest.fixture
def redis(redis_server, settings, monkeypatch):
    """The site on Redis as deployed; Redis asked again at every use once it failed (no pause)."""
    redis_server.start()
    settings.CACHES = {
        "default": {
            "BACKEND": "baloot_site.fallible_redis.FallibleRedisCache",
            "LOCATION": redis_server.url,
            "KEY_PREFIX": "test",
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
    settings.RQ_QUEUES = {"default": {"URL": redis_server.url, "DEFAULT_TIMEOUT": 120}}
    settings.TASKS = {
        "default": {"BACKEND": "baloot_site.fallible_redis.FallibleRQBackend", "QUEUES": ["default"]}
    }
    monkeypatch.setattr(fallible_redis, "RETRY_SECONDS", 0.0)
    fallible_redis.forget_failures()
    cache.clear()
    yield redis_server
    fallible_redis.forget_failures()
    lesson_cache._forget()


@pytest.fixture
def warnings(caplog):
    """The warnings of baloot_site.redis (a logger that does not pass its records up)."""
    logger = logging.getLogger("baloot_site.redis")
    logger.addHandler(caplog.handler)
    caplog.set_level(logging.WARNING, logger="baloot_site.redis")
    yield lambda: [r.getMessage() for r in caplog.records if r.name == "baloot_site.redis"]
    logger.removeHandler(caplog.handler)


@task()
def doubled(n):
    return 2 * n


def test_a_learner_stays_signed_in_and_answers_while_redis_is_down_and_after_it_restarts(
    client, saudi, redis, warnings
):
    user = get_user_model().objects.create_user(username="nadia", password="x")
    client.force_login(user)
    assert answer(client, PLAY, {"card": "KC"}).status_code == 200

    redis.stop()
    page = client.get(PLAY)
    assert page.status_code == 200 and page.wsgi_request.user == user
    assert answer(client, PLAY, {"card": "KC"}).status_code == 200
    # A newcomer's first visit makes a session: in the database alone.
    newcomer = client.__class__()
    assert answer(newcomer, PLAY, {"card": "KC"}).status_code == 200
    assert any("Redis unreachable" in w for w in warnings())

    redis.start()  # empty: no session copy, no counter
    page = client.get(PLAY)
    assert page.status_code == 200 and page.wsgi_request.user == user
    assert answer(client, PLAY, {"card": "KC"}).status_code == 200
    assert answer(newcomer, PLAY, {"card": "KC"}).status_code == 200
    assert Attempt.objects.count() == 5


def test_the_answer_rate_limit_lets_answers_through_while_redis_is_down(
    client, saudi, redis, settings, warnings
):
    settings.ANSWER_RATE_LIMIT = 1
    assert answer(client, PLAY, {"card": "KC"}).status_code == 200
    assert answer(client, PLAY, {"card": "KC"}).status_code == 429

    redis.stop()
    assert [answer(client, PLAY, {"card": "KC"}).status_code for _ in range(3)] == [200, 200, 200]
    assert any("(rate limits)" in w for w in warnings())

    redis.start()
    assert answer(client, PLAY, {"card": "KC"}).status_code == 200
    assert answer(client, PLAY, {"card": "KC"}).status_code == 429


def test_the_lesson_cache_keeps_each_process_s_lessons_while_redis_is_down(
    redis, settings, django_capture_on_commit_callbacks
):
    settings.CONTENT_CACHE_SECONDS = 300
    reads = []

    def read():
        reads.append(1)
        return "lesson"

    redis.stop()
    lesson_cache._forget()
    assert [lesson_cache.get_or_read("k", read) for _ in range(3)] == ["lesson"] * 3
    assert len(reads) == 1
    # A change of content while Redis is down: this process reads again; nothing fails.
    with django_capture_on_commit_callbacks(execute=True):
        lesson_cache.content_changed()
    assert lesson_cache.get_or_read("k", read) == "lesson" and len(reads) == 2


def test_a_task_is_queued_in_redis_and_run_in_the_request_while_redis_is_down(redis, warnings):
    queued = doubled.enqueue(4)
    assert queued.status == TaskResultStatus.READY
    assert django_rq.get_queue("default").count == 1

    redis.stop()
    ran = doubled.enqueue(5)
    assert ran.status == TaskResultStatus.SUCCESSFUL and ran.return_value == 10
    assert any("run in the request" in w for w in warnings())


def test_healthz_says_redis_is_down_with_200_and_with_503_when_strict(client, redis):
    ok = client.get("/healthz").json()
    assert ok == {"status": "ok", "database": "ok", "migrations": "applied", "redis": "ok"}

    redis.stop()
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {
        "status": "degraded",
        "database": "ok",
        "migrations": "applied",
        "redis": "unreachable",
    }
    assert client.get("/healthz?strict=1").status_code == 503

    redis.start()
    assert client.get("/healthz?strict=1").json()["redis"] == "ok"


def test_after_a_failure_redis_is_left_alone_for_a_few_seconds(redis, monkeypatch, warnings):
    monkeypatch.setattr(fallible_redis, "RETRY_SECONDS", 60.0)
    redis.stop()
    assert cache.get("a") is None
    asked = []
    monkeypatch.setattr(type(cache._cache), "get_client", lambda *a, **k: asked.append(1))
    assert cache.get("a", "default") == "default"
    cache.set("a", 1)
    with pytest.raises(ValueError):
        cache.incr("a")
    assert asked == []
    assert len(warnings()) == 1
