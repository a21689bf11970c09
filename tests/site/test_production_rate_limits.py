"""Rate limits: puzzle answers per learner and minute (ANSWER_RATE_LIMIT); sign-ins by django-axes."""

import pytest

from baloot_site import middleware
from lessons.models import Attempt
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import PASSWORD, login
from tests.site.pages import answer, step_url

pytestmark = pytest.mark.django_db

# 20 s into a counting minute: a test's answers never straddle two windows.
STILL_CLOCK = 1_800_000_000.0 + 20


@pytest.fixture(autouse=True)
def one_minute(monkeypatch):
    monkeypatch.setattr(middleware, "_now", lambda: STILL_CLOCK)


@pytest.fixture
def limit_of_three(settings):
    settings.ANSWER_RATE_LIMIT = 3


def test_it_answers_429_after_the_limit(client, saudi, limit_of_three):
    statuses = [answer(client, step_url(2), {"card": "KC"}).status_code for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
    assert Attempt.objects.count() == 3


def test_it_says_why_and_when_to_retry(client, saudi, limit_of_three):
    for _ in range(3):
        answer(client, step_url(2), {"card": "KC"})
    response = answer(client, step_url(2), {"card": "KC"}, htmx=True)
    assert response.status_code == 429
    assert "That was a lot of answers in one minute" in response.text
    assert int(response["Retry-After"]) == 40


def test_it_answers_htmx_with_the_message_alone_in_place_of_the_verdict(client, saudi, limit_of_three):
    for _ in range(3):
        answer(client, step_url(2, lang="fr"), {"card": "KC"}, htmx=True)
    response = answer(client, step_url(2, lang="fr"), {"card": "KC"}, htmx=True)
    assert response.status_code == 429
    text = response.text.strip()
    assert text.startswith('<div id="verdict" class="verdict verdict-error"')
    assert "<html" not in text and "<h1>" not in text
    assert 'role="alert"' in text
    assert "Cela fait beaucoup de réponses en une minute" in text


def test_it_answers_in_the_page_language(client, saudi, limit_of_three):
    for _ in range(3):
        answer(client, step_url(2, lang="ar"), {"card": "KC"})
    response = answer(client, step_url(2, lang="ar"), {"card": "KC"})
    assert response.status_code == 429
    assert 'lang="ar" dir="rtl"' in response.text
    assert "كانت هذه إجابات كثيرة في دقيقة واحدة" in response.text


def test_it_counts_each_learner_apart(saudi, limit_of_three):
    from django.test import Client

    first, second = Client(), Client()
    for _ in range(3):
        assert answer(first, step_url(2), {"card": "KC"}).status_code == 200
    assert answer(second, step_url(2), {"card": "KC"}).status_code == 200
    assert answer(first, step_url(2), {"card": "KC"}).status_code == 429


def test_it_limits_drill_answers_too(client, student, drill, settings):
    settings.ANSWER_RATE_LIMIT = 1
    login(client, student)
    item = drill.items.order_by("order").last()
    url = f"/en/drills/{drill.pk}/puzzles/{item.pk}/"
    statuses = [answer(client, url, {"card": "KC"}).status_code for _ in range(2)]
    assert statuses[1] == 429


def test_it_leaves_the_pages_alone(client, saudi, limit_of_three):
    for _ in range(3):
        answer(client, step_url(2), {"card": "KC"})
    assert client.get(step_url(2)).status_code == 200
    assert client.post(step_url(2) + "hint").status_code != 429


def test_it_locks_out_sign_ins_with_a_429_page_after_five_wrong_passwords(client, student):
    for _ in range(5):
        client.post("/fr/accounts/login/", {"username": student.username, "password": "wrong"})
    response = client.post("/fr/accounts/login/", {"username": student.username, "password": PASSWORD})
    assert response.status_code == 429
    assert 'lang="fr"' in response.text


def test_it_limits_an_address_that_drops_its_cookies(saudi, settings):
    from django.test import Client

    settings.ANSWER_RATE_LIMIT_PER_ADDRESS = 2
    statuses = [answer(Client(), step_url(2), {"card": "KC"}).status_code for _ in range(3)]
    assert statuses == [200, 200, 429]
