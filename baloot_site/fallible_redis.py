"""Redis may fail: what uses it degrades instead of failing the request.

Redis holds what the site can do without for a while: the cache (the sessions' copies, the rate
limits' counters, the lesson cache's version) and the task queue. When it cannot be reached:

- :class:`FallibleRedisCache` answers as an empty cache that keeps nothing: a read finds
  nothing, a write keeps nothing. The sessions (``cached_db``) are then read from and written
  to the database alone, so nobody is logged out; the lesson cache keeps each process's lessons
  for at most ``CONTENT_CACHE_SECONDS`` (lessons/lesson_cache.py); the rate limits let requests
  through (baloot_site/middleware.py ``count_each``).
- :class:`FallibleRQBackend` runs a task in the request that enqueues it, as the immediate
  backend of development does, rather than losing it.

Each failure is logged once as a warning (``baloot_site.redis``), and then Redis is not asked
again for ``RETRY_SECONDS`` in this process: a Redis that does not answer at all costs each
request nothing more than a Redis that refuses at once. ``/healthz`` asks it every time
(:func:`redis_status`).
"""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from django.core.cache import caches
from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.redis import RedisCache
from django_tasks.backends.immediate import ImmediateBackend
from django_tasks.base import Task, TaskResult
from django_tasks_rq.backend import RQBackend
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger("baloot_site.redis")

# A refused or lost connection, or no answer in time; a Redis still loading its data after a
# restart (BusyLoadingError) is a ConnectionError too. Not an error in a command: that is a bug.
REDIS_DOWN = (RedisConnectionError, RedisTimeoutError)
# Seconds this process leaves Redis alone after a failure before asking it again.
RETRY_SECONDS = 5.0
# Redis location → monotonic time until which it is taken as down, in this process.
_down_until: dict[str, float] = {}

T = TypeVar("T")


def is_down(location: str) -> bool:
    return time.monotonic() < _down_until.get(location, 0.0)


def mark_down(location: str, error: BaseException, what: str) -> None:
    """Remember that Redis failed, and say so once (not again for RETRY_SECONDS)."""
    _down_until[location] = time.monotonic() + RETRY_SECONDS
    log.warning("Redis unreachable (%s): %s; retried in %.0f s", what, error, RETRY_SECONDS)


def forget_failures() -> None:
    """Ask Redis again at the next use (tests; a process that knows Redis is back)."""
    _down_until.clear()


class FallibleRedisCache(RedisCache):
    """Django's Redis cache, but a Redis that cannot be reached is an empty cache, not an error."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self.location = server

    def _try(self, otherwise: T, operation: Callable[..., T], *args: Any) -> T:
        """``operation(*args)``, or ``otherwise`` when Redis cannot be reached."""
        if is_down(self.location):
            return otherwise
        try:
            return operation(*args)
        except REDIS_DOWN as e:
            mark_down(self.location, e, f"cache {operation.__name__}")
            return otherwise

    def add(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> bool:
        return self._try(False, super().add, key, value, timeout, version)

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        return self._try(default, super().get, key, default, version)

    def set(self, key: Any, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> None:
        self._try(None, super().set, key, value, timeout, version)

    def touch(self, key: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None) -> bool:
        return self._try(False, super().touch, key, timeout, version)

    def delete(self, key: Any, version: int | None = None) -> bool:
        return self._try(False, super().delete, key, version)

    def get_many(self, keys: Iterable[Any], version: int | None = None) -> dict[Any, Any]:
        return self._try({}, super().get_many, keys, version)

    def has_key(self, key: Any, version: int | None = None) -> bool:
        return self._try(False, super().has_key, key, version)

    def incr(self, key: Any, delta: int = 1, version: int | None = None) -> int:
        found: int | None = self._try(None, super().incr, key, delta, version)
        if found is None:
            # As for a key that is not there: every caller already handles that ValueError.
            raise ValueError(f"Key '{key}' not found (Redis unreachable)")
        return found

    def set_many(
        self, data: dict[Any, Any], timeout: Any = DEFAULT_TIMEOUT, version: int | None = None
    ) -> list[Any]:
        # Every key not kept, as Django's API says of a failed insert.
        return self._try(list(data), super().set_many, data, timeout, version)

    def delete_many(self, keys: Iterable[Any], version: int | None = None) -> None:
        self._try(None, super().delete_many, keys, version)

    def clear(self) -> None:
        self._try(None, super().clear)


def redis_status() -> str | None:
    """``"ok"`` or ``"unreachable"`` for the Redis of the default cache; None without one.

    Asked at every call (a PING), whatever this process remembers of earlier failures, so that a
    load balancer polling ``/healthz`` sees Redis come back at once.
    """
    backend = caches["default"]
    if not isinstance(backend, RedisCache):
        return None
    try:
        backend._cache.get_client(write=True).ping()
    except REDIS_DOWN as e:
        if isinstance(backend, FallibleRedisCache):
            mark_down(backend.location, e, "health check")
        return "unreachable"
    forget_failures()
    return "ok"


class FallibleRQBackend(RQBackend):
    """Tasks go to the RQ workers through Redis; with Redis unreachable, the task runs at once, in
    the request that enqueued it (as in development), rather than being lost."""

    def enqueue(self, task: Task[Any, T], args: Any, kwargs: Any) -> TaskResult[T]:
        location = f"tasks:{self.alias}"
        if not is_down(location):
            try:
                return super().enqueue(task, args, kwargs)
            except REDIS_DOWN as e:
                mark_down(location, e, f"task {task.name}")
        log.warning("Task %s run in the request: the task queue is unreachable", task.name)
        # Now, even a task meant for later: a time to run it needs the queue.
        now = dataclasses.replace(task, run_after=None)
        return ImmediateBackend(self.alias, {"QUEUES": list(self.queues)}).enqueue(now, args, kwargs)
