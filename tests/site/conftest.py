"""Fixtures of the page tests (defined in tests/site/pages.py), available to every module here."""

from io import StringIO

import pytest
from django.conf import settings
from django.core.management import call_command
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


@pytest.fixture(scope="module")
def real_curriculum(django_db_setup, django_db_blocker):
    """The real curriculum, loaded once for the tests of a module.

    Loading checks every puzzle with the engine and takes seconds; loading it again for each test
    was a large share of the suite's time. Each test still runs in its own transaction on top of
    it (the ``db`` fixture), and the module's end empties the database for the next module.
    """
    with django_db_blocker.unblock():
        call_command("load_curriculum", stdout=StringIO(), stderr=StringIO())
    yield
    with django_db_blocker.unblock():
        call_command("flush", interactive=False, verbosity=0)


@pytest.fixture
def loaded(db, real_curriculum):
    """The real curriculum in the database of a test."""


def pytest_collection_modifyitems(items):
    """In each module, the tests on an empty database run before those on the real curriculum.

    Once loaded, the curriculum stays until the module's end (``real_curriculum``), so a test
    that counts on an empty puzzle pool must come first. The order of the modules is kept.
    """
    first_seen: dict[str, int] = {}
    for item in items:
        first_seen.setdefault(item.nodeid.split("::")[0], len(first_seen))
    items.sort(
        key=lambda item: (
            first_seen[item.nodeid.split("::")[0]],
            "real_curriculum" in getattr(item, "fixturenames", ()),
        )
    )
