"""Fixtures of the page tests (defined in tests/site/pages.py), available to every module here."""

import pytest
from django.conf import settings
from django.utils import translation

from tests.site.pages import moroccan, saudi  # noqa: F401


@pytest.fixture(autouse=True)
def default_language():
    """Each test starts in the default language.

    A request to /ar/... leaves Arabic active in the test's thread after the response, so a
    test reading a translated message would otherwise depend on which test ran before it.
    """
    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)
