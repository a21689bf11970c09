"""Fixtures of the page tests (defined in tests/site/pages.py), available to every module here."""

from tests.site.pages import moroccan, saudi  # noqa: F401
