"""Fixtures shared by the whole suite (pytest-django provides `client`)."""

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def empty_cache():
    """Each test starts with an empty cache: answer counts of the rate limit do not carry over."""
    cache.clear()
    yield
