"""Pupils join a class with its code: a new account (no email), or the one they are signed in with."""

import re
import secrets

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client

from lessons.classroom.accounts import USERNAME_DIGITS, USERNAME_LETTERS
from lessons.models import Membership
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import PASSWORD, at_once, login

User = get_user_model()


def join(client, code="ABC234", **overrides):
    data = {
        "display_name": "Omid", "password": PASSWORD, "password2": PASSWORD,
        "token": secrets.token_urlsafe(12), **overrides,
    }  # fmt: skip
    return client.post(f"/en/join/{code}/", data)


def test_it_leads_from_the_typed_code_to_the_class_whatever_the_case_and_spaces(client, classroom):
    response = client.post("/en/join/", {"code": " abc 234 "})

    assert response.status_code == 302
    assert response["Location"] == "/en/join/ABC234/"


def test_it_says_when_no_class_has_the_code(client, classroom):
    response = client.post("/en/join/", {"code": "ZZZZZZ"})

    assert response.status_code == 200
    assert "No class has this code" in response.text


def test_it_shows_the_class_and_the_form(client, classroom):
    response = client.get("/en/join/ABC234/")

    assert "Riyadh club" in response.text
    assert 'name="display_name"' in response.text
    assert 'name="email"' not in response.text


def test_it_makes_a_pupil_with_a_made_up_username_and_signs_them_in(client, classroom):
    response = join(client)

    assert response.status_code == 302
    assert response["Location"] == f"/en/classes/{classroom.pk}/welcome/"
    pupil = User.objects.get(account__display_name="Omid")
    assert re.fullmatch(f"[{USERNAME_LETTERS}]{{3}}[{USERNAME_DIGITS}]{{3}}", pupil.username)
    assert pupil.email == ""
    assert pupil.account.role == "student"
    assert Membership.objects.filter(classroom=classroom, student=pupil).exists()
    welcome = client.get(response["Location"])
    assert pupil.username in welcome.text  # to write down


def test_it_keeps_the_form_with_its_errors(client, classroom):
    response = join(client, display_name=" ", password2="other")

    assert response.status_code == 200
    assert response.text.count("field-error") == 2
    assert not Membership.objects.exists()


def test_it_lets_a_signed_in_pupil_join_another_class(client, other_student, classroom):
    login(client, other_student)
    assert "Join this class" in client.get("/en/join/ABC234/").text

    response = client.post("/en/join/ABC234/")

    assert response["Location"] == f"/en/classes/{classroom.pk}/"
    assert other_student.memberships.count() == 2


def test_it_refuses_joining_a_closed_class(client, classroom):
    classroom.is_open = False
    classroom.save()

    assert "closed" in client.get("/en/join/ABC234/").text
    assert join(client).status_code == 403
    assert not Membership.objects.exists()


def test_it_no_longer_knows_a_replaced_code(client, teacher, classroom):
    login(client, teacher)
    client.post(f"/en/classes/{classroom.pk}/code")
    client.logout()

    assert client.get("/en/join/ABC234/").status_code == 404


def test_it_tells_a_teacher_to_join_with_a_pupils_account(client, other_teacher, classroom):
    login(client, other_teacher)

    assert "signed in as a teacher" in client.get("/en/join/ABC234/").text
    assert client.post("/en/join/ABC234/").status_code == 403


def test_it_welcomes_in_arabic(client, classroom):
    response = client.get("/ar/join/ABC234/")

    assert response.status_code == 200
    assert 'dir="rtl"' in response.text


def test_the_same_join_form_sent_twice_makes_one_pupil(client, classroom):
    first = join(client, token="join-1234567")
    client.logout()  # the second submit left before the first one's answer signed the pupil in

    second = join(client, token="join-1234567")

    assert first["Location"] == second["Location"] == f"/en/classes/{classroom.pk}/welcome/"
    assert User.objects.filter(account__display_name="Omid").count() == 1
    assert client.get(second["Location"]).status_code == 200  # signed in as that pupil


def test_a_used_join_token_with_another_password_makes_and_signs_in_nobody(client, classroom):
    join(client, token="join-1234567")
    client.logout()

    other = "another pass phrase 9"
    response = join(client, token="join-1234567", password=other, password2=other)

    assert response.status_code == 400
    assert User.objects.count() == 2  # the teacher and the one pupil
    assert "_auth_user_id" not in client.session


def test_a_link_with_an_unknown_code_says_so_and_offers_the_box_to_retype_it(client, classroom):
    response = client.get("/fr/join/ABC23A/")

    assert response.status_code == 404  # still "not found" for machines
    assert "Aucune classe n’a ce code" in response.text
    assert 'name="code"' in response.text and 'value="ABC23A"' in response.text
    assert 'action="/fr/join/"' in response.text


@pytest.mark.skipif(connection.vendor != "postgresql", reason="concurrent writers need a server database")
@pytest.mark.django_db(transaction=True)
def test_the_same_join_form_sent_four_times_at_once_makes_one_pupil(classroom):
    answers = at_once(4, lambda: join(Client(), token="join-1234567"))

    [pupil] = User.objects.filter(account__display_name="Omid")
    welcome = f"/en/classes/{classroom.pk}/welcome/"
    assert {(a.status_code, a["Location"]) for a in answers} == {(302, welcome)}
    assert Membership.objects.filter(classroom=classroom, student=pupil).count() == 1
