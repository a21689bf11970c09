"""A teacher's classes, and making one: a short join code without look-alike characters."""

import re

import pytest
from django.db import connection
from django.test import Client

from lessons.classroom.classes import CODE_ALPHABET, CODE_LENGTH, new_code, normalize_code
from lessons.models import Classroom
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import at_once, login


def test_it_lists_only_the_classes_the_teacher_teaches(client, teacher, classroom, other_classroom):
    login(client, teacher)

    response = client.get("/en/classes/")

    assert "Riyadh club" in response.text
    assert "ABC234" in response.text
    assert "Casablanca centre" not in response.text


def test_it_lists_the_classes_of_a_co_teacher(client, co_teacher):
    login(client, co_teacher)
    assert "Riyadh club" in client.get("/en/classes/").text


def test_it_makes_a_class_with_a_new_code(client, teacher):
    login(client, teacher)

    response = client.post("/en/classes/", {"name": "  Club   du mercredi ", "token": "once-1234567"})

    classroom = Classroom.objects.get()
    assert response["Location"] == f"/en/classes/{classroom.pk}/"
    assert classroom.name == "Club du mercredi"
    assert classroom.owner == teacher
    assert list(classroom.teachers.all()) == [teacher]
    assert classroom.is_open
    assert re.fullmatch(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}", classroom.code)


def test_it_refuses_a_class_without_a_name(client, teacher):
    login(client, teacher)

    response = client.post("/en/classes/", {"name": "   "})

    assert response.status_code == 200
    assert "field-error" in response.text
    assert not Classroom.objects.exists()


def test_codes_leave_out_characters_read_for_others(db):
    assert not set("0O1IL") & set(CODE_ALPHABET)
    assert len(new_code()) == 6


def test_codes_are_read_whatever_the_case_spaces_and_dashes():
    assert normalize_code(" abc-234 ") == "ABC234"


def test_the_same_form_sent_twice_makes_one_class(client, teacher):
    login(client, teacher)

    first = client.post("/en/classes/", {"name": "Club", "token": "once-1234567"})
    second = client.post("/en/classes/", {"name": "Club", "token": "once-1234567"})

    classroom = Classroom.objects.get()
    assert first["Location"] == second["Location"] == f"/en/classes/{classroom.pk}/"


def test_a_token_another_teacher_used_makes_nothing(client, teacher, other_teacher):
    login(client, teacher)
    client.post("/en/classes/", {"name": "Club", "token": "once-1234567"})
    login(client, other_teacher)

    response = client.post("/en/classes/", {"name": "Mine", "token": "once-1234567"})

    assert response.status_code == 400
    assert Classroom.objects.count() == 1


@pytest.mark.skipif(connection.vendor != "postgresql", reason="concurrent writers need a server database")
@pytest.mark.django_db(transaction=True)
def test_the_same_form_sent_four_times_at_once_makes_one_class(teacher):
    def send():
        client = Client()
        login(client, teacher)
        return client.post("/en/classes/", {"name": "Club", "token": "once-1234567"})

    answers = at_once(4, send)

    classroom = Classroom.objects.get()
    assert {(a.status_code, a["Location"]) for a in answers} == {(302, f"/en/classes/{classroom.pk}/")}
