"""A session row is written only by a request that changes something: reading the lessons, the
rules or the trainer without a cookie writes nothing, and new sessions are rate limited per address."""

import pytest
from django.conf import settings
from django.contrib.sessions.models import Session
from django.test import Client

from baloot_site import middleware
from lessons.models import Attempt
from tests.site.pages import answer, step_url

pytestmark = pytest.mark.django_db

# 20 s into a counting minute: a test's requests never straddle two windows.
STILL_CLOCK = 1_800_000_000.0 + 20

READ = [
    "/en/",
    "/en/learn/saudi/",
    "/en/learn/saudi/follow-suit/",
    step_url(1),
    step_url(2),  # a puzzle: its form and its "shown at" stamp
    step_url(3),
    "/en/rules/saudi/",
    "/en/glossary/",
    "/en/progress/",
    "/en/review/",
    "/en/train/",
    "/en/train/saudi/",
    "/en/practice/",
    "/en/practice/saudi/",
    "/en/calculator/saudi/",
    "/ar/learn/saudi/follow-suit/2/",
    "/en/join/?code=ABCDEF",  # a class code looked up
    "/en/accounts/login/",
]


@pytest.fixture(autouse=True)
def one_minute(monkeypatch):
    monkeypatch.setattr(middleware, "_now", lambda: STILL_CLOCK)


def test_reading_without_a_cookie_writes_no_session(client, saudi):
    for url in READ:
        for _ in range(3):
            response = client.get(url)
            assert response.status_code in (200, 404), url
            assert settings.SESSION_COOKIE_NAME not in response.cookies, url
    assert Session.objects.count() == 0


def test_an_answer_without_a_cookie_makes_the_session_that_keeps_it(client, saudi):
    client.get(step_url(2))
    assert answer(client, step_url(2), {"card": "KC"}).status_code == 200
    assert Session.objects.count() == 1
    # From now on the pages are read with that session, and the path is kept in it.
    client.get(step_url(3))
    assert "/en/learn/saudi/follow-suit/3/" in client.get("/en/learn/saudi/").text
    assert Session.objects.count() == 1
    assert Attempt.objects.get().session_key == client.session.session_key


def test_new_sessions_are_limited_per_address(client, saudi, settings):
    settings.SESSION_RATE_LIMIT_PER_ADDRESS = 3
    assert answer(client, step_url(2), {"card": "KC"}).status_code == 200  # a learner: one session
    statuses = [answer(Client(), step_url(2), {"card": "KC"}).status_code for _ in range(4)]  # no cookie kept
    assert statuses == [200, 200, 429, 429]
    assert Session.objects.count() == 3
    assert answer(client, step_url(2), {"card": "AS"}).status_code == 200  # the learner answers on


def test_the_limit_says_why_in_the_learners_language(client, saudi, settings):
    settings.SESSION_RATE_LIMIT_PER_ADDRESS = 0
    response = client.post("/fr/prefs/", {"deck": "spanish"})
    assert response.status_code == 429 and int(response["Retry-After"]) == 40
    assert "<h1>Trop de nouveaux visiteurs</h1>" in response.text
    htmx = answer(client, step_url(2, lang="ar"), {"card": "KC"}, htmx=True)
    assert htmx.status_code == 429 and htmx.text.strip().startswith('<div id="verdict"')
