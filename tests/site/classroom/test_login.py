"""Signing in (teachers with their email, pupils with their username), out, and the throttle."""

import pytest
from django.contrib.auth import get_user_model

from lessons.models import Attempt
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import PASSWORD, login
from tests.site.pages import answer, step_url

User = get_user_model()
URL = "/en/accounts/login/"


def sign_in(client, username, password=PASSWORD, **extra):
    return client.post(URL, {"username": username, "password": password, **extra})


def test_it_signs_a_teacher_in_with_the_email_in_any_case(client, teacher):
    response = sign_in(client, "  Teacher@Example.COM ")

    assert response.status_code == 302
    assert response["Location"] == "/en/classes/"


def test_it_signs_a_pupil_in_with_their_username(client, student):
    response = sign_in(client, "KAM472")

    assert response.status_code == 302
    assert response["Location"] == "/en/drills/"


def test_it_says_when_the_password_is_wrong(client, student):
    response = sign_in(client, "kam472", "wrong password")

    assert response.status_code == 200
    assert "do not match" in response.text
    assert "_auth_user_id" not in client.session


def test_it_follows_a_next_address_on_this_site_only(client, student):
    assert sign_in(client, "kam472", next="/en/join/ABC234/")["Location"] == "/en/join/ABC234/"
    client.logout()
    assert sign_in(client, "kam472", next="https://evil.example/")["Location"] == "/en/drills/"


def test_it_gives_the_visitors_answers_to_the_account_that_signs_in(client, saudi, student):
    answer(client, step_url(2), {"card": "KC"})
    other = Attempt.objects.get()
    assert other.user is None

    sign_in(client, "kam472")

    other.refresh_from_db()
    assert other.user == student
    assert other.session_key == f"account-{student.pk}"  # the same in every browser
    assert "1 of 2 puzzles solved" in client.get("/en/progress/").text


def test_it_shows_the_accounts_answers_from_another_browser(client, saudi, student):
    login(client, student)
    answer(client, step_url(2), {"card": "KC"})
    client.logout()
    assert "0 of 2 puzzles solved" in client.get("/en/progress/").text

    sign_in(client, "kam472")

    assert "1 of 2 puzzles solved" in client.get("/en/progress/").text


def test_it_records_answers_of_a_signed_in_learner_with_their_account(client, saudi, student):
    login(client, student)

    answer(client, step_url(2), {"card": "AS"})

    assert Attempt.objects.get().user == student


def test_it_signs_out_with_a_post_only(client, student):
    login(client, student)
    assert client.get("/en/accounts/logout/").status_code == 405

    response = client.post("/en/accounts/logout/")

    assert response.status_code == 302
    assert "_auth_user_id" not in client.session


def test_it_sends_a_signed_in_visitor_home(client, teacher):
    login(client, teacher)
    assert client.get(URL)["Location"] == "/en/classes/"


# ---------------------------------------------------------------- throttling


@pytest.fixture
def throttle(settings):
    settings.AXES_ENABLED = True
    settings.AXES_FAILURE_LIMIT = 3


def test_it_locks_a_username_out_after_too_many_wrong_passwords(client, student, throttle):
    for _ in range(2):
        assert sign_in(client, "kam472", "wrong").status_code == 200

    response = sign_in(client, "kam472", "wrong")

    assert response.status_code == 429
    assert "Too many tries" in response.text
    # Even the right password is refused while locked out.
    assert sign_in(client, "kam472").status_code == 429
    assert "_auth_user_id" not in client.session


def test_it_locks_out_only_that_username(client, student, other_student, throttle):
    for _ in range(3):
        sign_in(client, "kam472", "wrong")

    assert sign_in(client, "pqr358").status_code == 302


def test_it_forgets_the_failures_after_a_success(client, student, throttle):
    for _ in range(2):
        sign_in(client, "kam472", "wrong")
    assert sign_in(client, "kam472").status_code == 302
    client.post("/en/accounts/logout/")

    for _ in range(2):
        assert sign_in(client, "kam472", "wrong").status_code == 200


def test_it_stops_an_address_spraying_one_password_over_many_usernames(
    client, student, other_student, settings
):
    settings.SIGN_IN_FAILURES_PER_ADDRESS = 5
    statuses = [sign_in(client, f"guess{n}", "Summer2024!").status_code for n in range(40)]

    assert statuses[:5] == [200] * 5
    assert set(statuses[5:]) == {429}
    refused = sign_in(client, "kam472")
    assert refused.status_code == 429  # even a right password, from that address, for 15 minutes
    assert "Too many wrong passwords were typed from here" in refused.text
    assert "_auth_user_id" not in client.session
    # Another address (another school) is not stopped.
    elsewhere = client.post(URL, {"username": "pqr358", "password": PASSWORD}, REMOTE_ADDR="203.0.113.9")
    assert elsewhere.status_code == 302
