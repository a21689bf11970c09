"""Lessons and their steps, read once and kept in each server process between requests.

Every step page and every answer needs its lesson, the lesson's steps and their puzzles. Reading
them is one query, but a costly one: wide rows (each text in four languages) and a dozen model
objects, about 2 ms of CPU, a third of the work of an answer. Yet the content changes only when
``load_curriculum`` runs (or the admin saves a row), so each process keeps what it read.

Freshness: saving or deleting a course, lesson, step or curriculum puzzle bumps a version number
in the cache (:func:`content_changed`, connected in lessons/apps.py; the trainer's generated
puzzles, learners' own positions and teachers' puzzles are in no lesson, and making one empties
nobody's cache: :func:`puzzle_changed`); a process reads again when the
version it holds is not the current one. With Redis (``REDIS_URL``) every process shares that
number, so a ``load_curriculum`` on any machine is seen within a second (a process asks for it
at most once a second; its own changes, at once). Without Redis each process has its own memory
cache, and another process's changes are seen after at most ``CONTENT_CACHE_SECONDS`` (or when
gunicorn restarts, as a release does).

``CONTENT_CACHE_SECONDS = 0`` (the default with ``DEBUG`` on, so development and the test suite
read the database every time) turns the cache off.

The objects kept are shared by the requests of a process, its threads included: read them,
never change them.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TypeVar

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

from baloot_site.db_router import reading_from_primary
from lessons.models import Source

T = TypeVar("T")

VERSION_KEY = "lessons:content-version"

# key → (content version, monotonic time read, value). Only lessons that exist are kept, so its
# size is bounded by the content, whatever addresses are asked for.
_kept: dict[Any, tuple[Any, float, Any]] = {}
# The version is a round trip to Redis: asked once a second at most, not at every request.
VERSION_CHECK_SECONDS = 1.0
_version_seen: tuple[float, Any] = (-VERSION_CHECK_SECONDS, None)  # (monotonic time asked, version)


def get_or_read(key: Any, read: Callable[[], T], keep: Callable[[T], bool] = bool) -> T:
    """The value kept under ``key`` if it is still fresh, else ``read()`` (kept when ``keep`` says so)."""
    seconds = settings.CONTENT_CACHE_SECONDS
    if seconds <= 0:
        return read()
    now = time.monotonic()
    version = _current_version(now)
    found = _kept.get(key)
    if found is not None and found[0] == version and now - found[1] < seconds:
        return found[2]
    # From the primary: a replica that lags behind would have this process keep old content.
    with reading_from_primary():
        value = read()
    if keep(value):
        _kept[key] = (version, now, value)
    return value


def _current_version(now: float) -> Any:
    """The content version in the shared cache, asked at most once every VERSION_CHECK_SECONDS."""
    global _version_seen
    seen_at, version = _version_seen
    if now - seen_at >= VERSION_CHECK_SECONDS:
        version = cache.get(VERSION_KEY)
        _version_seen = (now, version)
    return version


def content_changed(**kwargs: Any) -> None:
    """Signal receiver: a content row was saved or deleted; every process reads its lessons again.

    This process forgets what it kept at once (it sees its own writes, even uncommitted); the
    others once the transaction commits, when the version in the shared cache changes (at once
    outside a transaction).
    """
    _forget()
    transaction.on_commit(_bump)


def puzzle_changed(instance: Any, **kwargs: Any) -> None:
    """Signal receiver for puzzles: only the curriculum's are in lessons (the others would bump the
    shared version each time the trainer, a review or a teacher makes one)."""
    if instance.source == Source.CURRICULUM:
        content_changed()


def _bump() -> None:
    # A new random-enough value rather than incr: works whether or not the key exists or expired.
    cache.set(VERSION_KEY, time.time_ns(), timeout=None)
    _forget()


def _forget() -> None:
    global _version_seen
    _kept.clear()
    _version_seen = (-VERSION_CHECK_SECONDS, None)
