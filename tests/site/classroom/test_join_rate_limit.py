"""Join codes cannot be guessed at speed: look-ups are limited per session and per address."""

import pytest
from django.test import Client

from tests.site.classroom.base import *  # noqa: F403


@pytest.fixture(autouse=True)
def limits(settings):
    settings.JOIN_RATE_LIMIT = 3
    settings.JOIN_RATE_LIMIT_PER_ADDRESS = 5


@pytest.fixture
def client(client, db):
    """A pupil's browser that has a session (a look-up makes none): limited per session."""
    assert client.session.session_key
    return client


def test_it_answers_429_after_too_many_codes_from_one_session(client, classroom):
    answers = [client.get(f"/en/join/GUESS{n}/").status_code for n in range(3)]
    limited = client.get("/en/join/GUESS9/")

    assert answers == [404, 404, 404]
    assert limited.status_code == 429
    assert 0 < int(limited["Retry-After"]) <= 60
    assert "That was a lot of class codes in one minute." in limited.text
    # Even the right code waits: the limit is on look-ups, not on wrong ones.
    assert client.get("/en/join/ABC234/").status_code == 429


def test_it_counts_the_code_form_too(client, classroom):
    for n in range(3):
        client.post("/en/join/", {"code": f"GUESS{n}"})

    assert client.post("/en/join/", {"code": "ABC234"}).status_code == 429
    assert client.get("/en/join/").status_code == 200  # the empty form looks nothing up


def test_it_limits_an_address_whose_guesses_drop_the_cookie(db, classroom):
    statuses = [Client().get(f"/en/join/GUESS{n}/").status_code for n in range(6)]

    assert statuses == [404] * 5 + [429]


def test_it_says_so_in_the_pupils_language(client, classroom):
    for n in range(3):
        client.get(f"/fr/join/GUESS{n}/")

    response = client.get("/fr/join/GUESS9/")

    assert response.status_code == 429
    assert "codes de classe" in response.text
