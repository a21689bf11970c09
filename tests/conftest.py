"""Fixtures shared by the whole suite (pytest-django provides `client`)."""

import functools
from pathlib import Path

import pytest
from django.core.cache import cache

import lessons.content
import lessons.coverage
import lessons.generated

# The real curriculum is read (every puzzle solved, every claim worked out) in many tests, about ten
# seconds each time: each test process reads it once. Its specs are frozen dataclasses; each caller
# gets its own list. Content written by a test in a folder of its own is read afresh every time.
_read_curriculum = lessons.content.read_curriculum


@functools.cache
def _real_curriculum() -> tuple[lessons.content.CourseSpec, ...]:
    return tuple(_read_curriculum(lessons.content.CONTENT_DIR))


def read_curriculum(root: Path = lessons.content.CONTENT_DIR) -> list[lessons.content.CourseSpec]:
    if Path(root).resolve() == lessons.content.CONTENT_DIR.resolve():
        return list(_real_curriculum())
    return _read_curriculum(root)


for _module in (lessons.content, lessons.generated, lessons.coverage):
    if hasattr(_module, "read_curriculum"):
        _module.read_curriculum = read_curriculum  # type: ignore[attr-defined]


@pytest.fixture(autouse=True)
def empty_cache():
    """Each test starts with an empty cache: answer counts of the rate limit do not carry over."""
    cache.clear()
    yield
