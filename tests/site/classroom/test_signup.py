"""Teachers sign up with their email and a password; the email is their username."""

from django.contrib.auth import get_user_model

from lessons.models import Account, Attempt
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import PASSWORD, make_teacher
from tests.site.pages import answer, step_url

User = get_user_model()
URL = "/en/accounts/signup/"


def signup(client, **overrides):
    data = {"display_name": "Fatima Zahra", "email": "Fatima@Example.com", "password": PASSWORD,
            "password2": PASSWORD, **overrides}  # fmt: skip
    return client.post(URL, data)


def test_it_shows_the_form(client, db):
    response = client.get(URL)
    assert response.status_code == 200
    assert 'name="email"' in response.text
    assert 'name="password2"' in response.text


def test_it_makes_a_teacher_whose_username_is_the_lowercased_email(client, db, mailoutbox):
    response = signup(client)

    assert response.status_code == 302
    assert response["Location"] == "/en/accounts/signup/sent/"
    user = User.objects.get()
    assert user.username == user.email == "fatima@example.com"
    assert user.account.role == "teacher"
    assert user.account.display_name == "Fatima Zahra"
    assert [m.to for m in mailoutbox] == [["fatima@example.com"]]
    assert "account is ready" in mailoutbox[0].subject
    # Signed in with the address and the password on the page the sign-up leads to.
    sent = client.get(response["Location"])
    assert 'name="username"' in sent.text
    data = {"username": "fatima@example.com", "password": PASSWORD, "next": "/en/classes/"}
    assert client.post("/en/accounts/login/", data)["Location"] == "/en/classes/"


def test_it_answers_the_same_for_an_email_already_used_and_mails_its_owner(client, db, mailoutbox):
    """Nobody learns from the sign-up page whether an address has an account: only its owner does."""
    new = signup(client, email="new@example.com")
    client.cookies.clear()
    make_teacher("fatima@example.com")

    known = signup(client)

    assert (known.status_code, known["Location"]) == (new.status_code, new["Location"])
    assert "already exists" not in known.text
    assert User.objects.filter(username="fatima@example.com").count() == 1
    assert User.objects.get(username="fatima@example.com").check_password(PASSWORD)  # unchanged
    assert [m.to for m in mailoutbox] == [["new@example.com"], ["fatima@example.com"]]
    assert "tried to make an account" in mailoutbox[1].subject
    assert "_auth_user_id" not in client.session


def test_it_refuses_two_different_passwords(client, db):
    response = signup(client, password2="another long pass phrase")

    assert "The two passwords differ." in response.text
    assert not User.objects.exists()


def test_it_refuses_a_weak_password(client, db):
    response = signup(client, password="12345678", password2="12345678")

    assert "field-error" in response.text
    assert not Account.objects.exists()


def test_it_refuses_a_blank_name_and_a_bad_email_without_a_500(client, db):
    response = signup(client, display_name="   ", email="not an email")

    assert response.status_code == 200
    assert response.text.count("field-error") >= 2


def test_it_keeps_what_the_visitor_answered_before_signing_up_and_in(client, saudi):
    answer(client, step_url(2), {"card": "AS"})
    answer(client, step_url(2), {"card": "KC"})

    signup(client)
    client.post("/en/accounts/login/", {"username": "fatima@example.com", "password": PASSWORD})

    user = User.objects.get()
    assert Attempt.objects.filter(user=user).count() == 2
    assert "1 of 2 puzzles solved" in client.get("/en/progress/").text


def test_the_owner_of_a_known_address_is_mailed_once_however_often_it_is_tried(client, db, mailoutbox):
    make_teacher("fatima@example.com")

    for _ in range(3):
        assert signup(client)["Location"] == "/en/accounts/signup/sent/"

    assert len(mailoutbox) == 1


def test_sign_ups_from_one_address_are_throttled(client, db, settings, mailoutbox):
    settings.SIGN_UPS_PER_ADDRESS = 3
    statuses = [signup(client, email=f"t{n}@example.com").status_code for n in range(5)]

    assert statuses == [302, 302, 302, 429, 429]
    assert "Many accounts were asked for from here" in signup(client, email="t9@example.com").text
    assert len(mailoutbox) == 3
