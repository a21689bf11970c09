"""A pupil's account is the pupil's: who may issue it a new password, and what the pupil is told.

Only the teachers of the class the account was made in (its home class) may issue a new
password, after a page that asks first; the reset is recorded, lifts a lockout, and the pupil
sees it at their next sign-in. Pupils change their own password themselves.
"""

import datetime as dt
import importlib
import re

import pytest
from axes.models import AccessAttempt
from django.contrib.auth import get_user_model
from django.utils import timezone

from lessons.models import Account, Membership, PasswordReset
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import PASSWORD, login, make_student

User = get_user_model()
LOGIN = "/en/accounts/login/"


def password_url(classroom, pupil):
    return f"/en/classes/{classroom.pk}/students/{pupil.pk}/password"


def issue(client, classroom, pupil, token="pass-1234567"):
    return client.post(password_url(classroom, pupil), {"token": token}, follow=True)


def card_password(text):
    return re.findall(r'<dt>Password</dt><dd class="secret" dir="ltr" lang="en">([^<]+)</dd>', text)


def sign_in(client, username, password=PASSWORD):
    return client.post(LOGIN, {"username": username, "password": password})


def change_password(client, old, new):
    data = {"old_password": old, "new_password1": new, "new_password2": new}
    return client.post("/en/accounts/password/", data)


@pytest.fixture
def throttle(settings):
    settings.AXES_ENABLED = True
    settings.AXES_FAILURE_LIMIT = 3


# ---------------------------------------------------------------- takeover


def test_a_teacher_of_a_class_joined_later_cannot_issue_a_password(
    client, other_teacher, other_classroom, student
):
    # The pupil's account was made in `classroom`; they join `other_classroom` with one click.
    Membership.objects.create(classroom=other_classroom, student=student)
    login(client, other_teacher)

    asked = client.get(password_url(other_classroom, student))
    sent = client.post(password_url(other_classroom, student), {"token": "pass-1234567"})

    assert asked.status_code == sent.status_code == 403
    assert "not made in this class" in asked.text
    student.refresh_from_db()
    assert student.check_password(PASSWORD)
    assert not PasswordReset.objects.exists()
    # The class page offers no such button for that pupil.
    page = client.get(f"/en/classes/{other_classroom.pk}/").text
    assert password_url(other_classroom, student) not in page


def test_nobody_may_issue_a_password_to_an_account_without_a_home_class(client, teacher, classroom):
    pupil = make_student("zzz999", "Zainab", None)
    Membership.objects.create(classroom=classroom, student=pupil)
    login(client, teacher)

    assert issue(client, classroom, pupil).status_code == 403
    pupil.refresh_from_db()
    assert pupil.check_password(PASSWORD)


def test_the_home_class_teacher_asks_first_then_issues_one_recorded_password(
    client, teacher, classroom, student
):
    login(client, teacher)

    asked = client.get(password_url(classroom, student))
    student.refresh_from_db()
    assert asked.status_code == 200 and student.check_password(PASSWORD)  # asking changes nothing
    assert "Issue a new password" in asked.text

    first = issue(client, classroom, student)
    again = issue(client, classroom, student)  # the same form sent twice: one password

    assert first.redirect_chain[-1][0].startswith(f"/en/classes/{classroom.pk}/cards/")
    [password] = card_password(first.text)
    assert card_password(again.text) == [password]
    student.refresh_from_db()
    assert student.check_password(password)
    [reset] = PasswordReset.objects.all()
    assert (reset.student, reset.teacher, reset.classroom, reset.seen) == (student, teacher, classroom, False)


def test_the_pupil_is_told_at_their_next_sign_in(client, teacher, classroom, student):
    login(client, teacher)
    [password] = card_password(issue(client, classroom, student).text)
    client.logout()

    signed_in = sign_in(client, "kam472", password)

    assert signed_in["Location"].startswith("/en/accounts/password/notice/")
    notice = client.get(signed_in["Location"])
    assert "Your teacher Mme Haddad issued you a new password on" in notice.text
    assert 'href="/en/drills/"' in notice.text  # and the way on
    assert PasswordReset.objects.get().seen
    client.logout()
    assert sign_in(client, "kam472", password)["Location"] == "/en/drills/"  # told once


def test_a_pupil_changes_their_own_password(client, student):
    login(client, student)
    assert 'href="/en/accounts/me/"' in client.get("/en/drills/").text  # "My account", which links to it
    assert 'href="/en/accounts/password/"' in client.get("/en/accounts/me/").text

    response = change_password(client, PASSWORD, "my own pass phrase 7")

    assert response["Location"] == "/en/accounts/password/done/"
    student.refresh_from_db()
    assert student.check_password("my own pass phrase 7")
    assert client.get("/en/drills/").status_code == 200  # still signed in


def test_the_change_password_page_refuses_a_wrong_present_password(client, student):
    login(client, student)

    response = change_password(client, "wrong", "my own pass phrase 7")

    assert response.status_code == 200 and "field-error" in response.text
    student.refresh_from_db()
    assert student.check_password(PASSWORD)


# ---------------------------------------------------------------- locked out


def test_a_new_password_lets_a_locked_out_pupil_in(client, teacher, classroom, student, throttle):
    for _ in range(3):
        sign_in(client, "kam472", "wrong")
    assert sign_in(client, "kam472").status_code == 429

    teacher_client = type(client)()
    login(teacher_client, teacher)
    pupil_page = teacher_client.get(f"/en/classes/{classroom.pk}/students/{student.pk}/").text
    assert "Locked out" in pupil_page
    [password] = card_password(issue(teacher_client, classroom, student).text)

    assert not AccessAttempt.objects.filter(username="kam472").exists()
    assert sign_in(client, "kam472", password).status_code == 302
    assert "Locked out" not in teacher_client.get(f"/en/classes/{classroom.pk}/students/{student.pk}/").text


def test_the_pupil_page_does_not_say_locked_out_after_a_few_typos(
    client, teacher, classroom, student, throttle
):
    sign_in(client, "kam472", "wrong")
    login(client, teacher)

    assert "Locked out" not in client.get(f"/en/classes/{classroom.pk}/students/{student.pk}/").text


# ---------------------------------------------------------------- home classes


def test_login_cards_and_join_links_make_accounts_of_the_class(client, teacher, classroom):
    login(client, teacher)
    client.post(f"/en/classes/{classroom.pk}/students/new/", {"names": "Ali", "token": "bulk-1234567"})
    client.logout()
    client.post(
        "/en/join/ABC234/",
        {"display_name": "Omid", "password": PASSWORD, "password2": PASSWORD, "token": "join-1234567"},
    )

    homes = dict(Account.objects.values_list("display_name", "home_class"))
    assert homes == {"Mme Haddad": None, "Ali": classroom.pk, "Omid": classroom.pk}


def test_joining_another_class_keeps_the_home_class(client, student, other_classroom, classroom):
    login(client, student)

    client.post("/en/join/XYZ789/")

    assert Membership.objects.filter(student=student).count() == 2
    assert Account.objects.get(user=student).home_class == classroom


def test_the_migration_gives_existing_pupils_the_class_their_account_was_made_in(classroom, other_classroom):
    from django.apps import apps

    migration = importlib.import_module("lessons.migrations.0010_accounts_owner")
    make_student("aaa222", "Ali", classroom)  # made with its first class, as login cards do
    made_alone = make_student("bbb333", "Bo", None)  # an account that joined a class days later
    User.objects.filter(pk=made_alone.pk).update(date_joined=timezone.now() - dt.timedelta(days=3))
    Membership.objects.create(classroom=other_classroom, student=made_alone)
    Account.objects.update(home_class=None)

    migration.set_home_classes(apps, None)

    homes = dict(Account.objects.filter(role="student").values_list("user__username", "home_class"))
    assert homes == {"aaa222": classroom.pk, "bbb333": None}
