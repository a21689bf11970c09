"""A teacher makes pupils' accounts from a list of names and prints their login cards."""

import datetime as dt
import threading

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.utils import timezone

from lessons.classroom.classes import BULK_MAX
from lessons.models import Membership
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login

User = get_user_model()
NAMES = "Ali\n  سارة  \n\nمریم\nJean-Pierre\n"


def post(client, classroom, names=NAMES, token="bulk-1234567", **more):
    """Send the form and follow its redirect to the cards page."""
    data = {"names": names, "token": token, **more}
    return client.post(f"/en/classes/{classroom.pk}/students/new/", data, follow=True)


def cards(text):
    """(username, password) pairs of the printed cards."""
    import re

    return re.findall(
        r'<dt>Username</dt><dd class="secret" dir="ltr" lang="en">([^<]+)</dd></div>\s*'
        r'<div><dt>Password</dt><dd class="secret" dir="ltr" lang="en">([^<]+)</dd>',
        text,
    )


def test_it_makes_one_account_per_name_in_the_class(client, teacher, classroom):
    login(client, teacher)

    response = post(client, classroom)

    assert response.status_code == 200
    members = Membership.objects.filter(classroom=classroom).select_related("student__account")
    assert sorted(m.student.account.display_name for m in members) == sorted(
        ["Ali", "سارة", "مریم", "Jean-Pierre"]
    )
    assert all(m.student.account.role == "student" for m in members)


def test_its_cards_carry_working_usernames_and_passwords(client, teacher, classroom):
    login(client, teacher)

    found = cards(post(client, classroom).text)

    assert len(found) == 4
    for username, password in found:
        assert User.objects.get(username=username).check_password(password)
    assert len({u for u, _ in found}) == 4


def test_its_cards_page_is_made_for_printing(client, teacher, classroom):
    login(client, teacher)

    text = post(client, classroom).text

    assert "css/classes.css" in text  # holds the @media print rules
    assert 'class="login-cards"' in text
    assert "Riyadh club" in text
    assert "http://testserver/en/accounts/login/" in text


def test_it_refuses_an_empty_list_and_a_too_long_one(client, teacher, classroom):
    login(client, teacher)

    empty = post(client, classroom, "\n  \n")
    long = post(client, classroom, "\n".join(f"Pupil {i}" for i in range(BULK_MAX + 1)))

    assert empty.status_code == long.status_code == 200
    assert "field-error" in empty.text and "At most" in long.text
    assert not Membership.objects.exists()


def test_it_refuses_a_name_too_long(client, teacher, classroom):
    login(client, teacher)

    response = post(client, classroom, "x" * 61)

    assert "at most 60 characters" in response.text


def test_it_gives_a_pupil_a_new_password_on_a_new_card(client, teacher, student, classroom):
    login(client, teacher)

    address = f"/en/classes/{classroom.pk}/students/{student.pk}/password"
    response = client.post(address, {"token": "pass-1234567"}, follow=True)

    [(username, password)] = cards(response.text)
    assert username == "kam472"
    student.refresh_from_db()
    assert student.check_password(password)


def test_it_refuses_a_new_password_for_a_pupil_of_another_class(client, teacher, classroom, other_student):
    login(client, teacher)

    response = client.post(
        f"/en/classes/{classroom.pk}/students/{other_student.pk}/password", {"token": "pass-1234567"}
    )

    assert response.status_code == 404


# ---------------------------------------------------------------- reloads and double submits


def test_its_cards_page_reloads_and_prints_without_making_anything(client, teacher, classroom):
    login(client, teacher)

    made = post(client, classroom)
    cards_url = made.redirect_chain[-1][0]
    reloaded = client.get(cards_url)

    assert made.redirect_chain[0][1] == 302
    assert cards(reloaded.text) == cards(made.text)
    assert Membership.objects.filter(classroom=classroom).count() == 4
    assert "no-store" in reloaded["Cache-Control"]  # first passwords: kept by no cache


def test_the_same_form_sent_twice_makes_the_accounts_once(client, teacher, classroom):
    login(client, teacher)

    first = post(client, classroom)
    second = post(client, classroom)  # a double click, or the form sent again from the history

    assert cards(second.text) == cards(first.text)
    assert Membership.objects.filter(classroom=classroom).count() == 4


def test_its_cards_are_for_the_teacher_who_made_them_and_only_for_a_while(
    client, teacher, co_teacher, classroom
):
    from lessons import once
    from lessons.models import FormResult

    login(client, teacher)
    cards_url = post(client, classroom).redirect_chain[-1][0]
    login(client, co_teacher)
    assert client.get(cards_url).status_code == 404

    login(client, teacher)
    FormResult.objects.update(created=timezone.now() - dt.timedelta(hours=once.CARDS_HOURS, minutes=1))
    assert cards(client.get(cards_url).text) == []
    once.forget_old()
    assert FormResult.objects.get().cards == []  # not kept in the database either


def test_its_cards_are_forgotten_when_the_teacher_signs_out(client, teacher, classroom):
    from lessons.models import FormResult

    login(client, teacher)
    cards_url = post(client, classroom).redirect_chain[-1][0]

    client.post("/en/accounts/logout/")

    assert FormResult.objects.get().cards == []
    login(client, teacher)
    page = client.get(cards_url)
    assert page.status_code == 200 and cards(page.text) == []
    assert "no longer shown" in page.text


def test_it_warns_of_a_name_already_in_the_class_and_makes_it_when_told(client, teacher, student, classroom):
    login(client, teacher)

    warned = post(client, classroom, "Ali\nسارة\nali")

    assert "already in the class or twice in the list: سارة, ali" in warned.text
    assert 'name="same_names"' in warned.text
    assert Membership.objects.filter(classroom=classroom).count() == 1
    made = post(client, classroom, "Ali\nسارة\nali", same_names="on")
    assert len(cards(made.text)) == 3


def test_it_refuses_a_form_without_its_token(client, teacher, classroom):
    login(client, teacher)

    response = client.post(f"/en/classes/{classroom.pk}/students/new/", {"names": "Ali"})

    assert response.status_code == 200
    assert "This form is incomplete" in response.text
    assert Membership.objects.count() == 0


def test_the_dashboard_shows_usernames_beside_names(client, teacher, student, classroom):
    login(client, teacher)

    text = client.get(f"/en/classes/{classroom.pk}/dashboard/").text

    assert '<span class="username" dir="ltr" lang="en">kam472</span>' in text


@pytest.mark.skipif(connection.vendor != "postgresql", reason="concurrent writers need a server database")
@pytest.mark.django_db(transaction=True)
def test_the_same_form_sent_four_times_at_once_makes_the_accounts_once(teacher, classroom):
    start = threading.Barrier(4)
    shown: list[list[tuple[str, str]]] = []

    def submit() -> None:
        try:
            client = Client()
            login(client, teacher)
            start.wait()
            shown.append(cards(post(client, classroom).text))
        finally:
            connection.close()

    threads = [threading.Thread(target=submit) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert len(shown) == 4 and len(shown[0]) == 4
    assert all(found == shown[0] for found in shown)  # every answer shows the one set of cards
    assert Membership.objects.filter(classroom=classroom).count() == 4


def test_an_archived_class_refuses_before_the_names_are_typed(client, teacher, classroom):
    classroom.archived_at = timezone.now()
    classroom.save()
    login(client, teacher)

    response = client.get(f"/en/classes/{classroom.pk}/students/new/")

    assert response.status_code == 403
    assert "This class is archived" in response.text and 'name="names"' not in response.text
