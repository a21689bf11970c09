"""Shared fixtures of the class tests: teachers, pupils, staff, two classes and a drill.

Import them into a test module with ``from tests.site.classroom.base import *``. Every user's
password is :data:`PASSWORD`; ``login(client, user)`` signs a user in without the throttle.

The world, built on the Saudi lessons of tests/site/pages.py (``saudi`` fixture):

- ``teacher`` owns ``classroom`` (code ``ABC234``); ``co_teacher`` teaches it too;
- ``student`` is in ``classroom``; ``other_student`` is in ``other_classroom``, which
  ``other_teacher`` owns;
- ``staff`` is an administrator with no class;
- ``drill`` (in ``classroom``) holds the lesson "follow-suit" and the puzzle "sa-winner-1".
"""

import datetime as dt
import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import connection

from lessons.models import Account, Classroom, Drill, DrillItem, Lesson, Membership, Puzzle, Role
from tests.site.pages import saudi

User = get_user_model()
PASSWORD = "a long pass phrase 42"

__all__ = [
    "PASSWORD",
    "at_once",
    "classroom",
    "co_teacher",
    "drill",
    "fast_passwords",
    "login",
    "make_student",
    "make_teacher",
    "other_classroom",
    "other_student",
    "other_teacher",
    "saudi",
    "staff",
    "student",
    "teacher",
    "world",
]


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    """Hashing a password for real takes most of a second: the tests make many accounts."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def make_teacher(email: str, name: str = "Teacher") -> object:
    user = User.objects.create_user(username=email, email=email, password=PASSWORD)
    Account.objects.create(user=user, role=Role.TEACHER, display_name=name)
    return user


def make_student(username: str, name: str, classroom: Classroom | None = None) -> object:
    """A pupil whose account was made in ``classroom`` (its home class), as login cards make them."""
    user = User.objects.create_user(username=username, password=PASSWORD)
    Account.objects.create(user=user, role=Role.STUDENT, display_name=name, home_class=classroom)
    if classroom is not None:
        Membership.objects.create(classroom=classroom, student=user)
    return user


def make_class(owner: object, name: str, code: str) -> Classroom:
    classroom = Classroom.objects.create(name=name, code=code, owner=owner)
    classroom.teachers.add(owner)
    return classroom


def login(client, user) -> None:
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")


def at_once(times: int, send: Callable[[], Any]) -> list[Any]:
    """What ``send`` answers when it runs ``times`` times at the same instant, each in a thread
    of its own with its own database connection (a double click, two tabs sent together).

    Only a server database lets writers wait on each other: mark the test
    ``django_db(transaction=True)`` and skip it on SQLite.
    """
    start = threading.Barrier(times)
    answers: list[Any] = []

    def run() -> None:
        try:
            start.wait()
            answers.append(send())
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(times)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(answers) == times, "a submit failed: see its traceback above"
    return answers


@pytest.fixture
def teacher(db):
    return make_teacher("teacher@example.com", "Mme Haddad")


@pytest.fixture
def co_teacher(db, classroom):
    user = make_teacher("co@example.com", "M. Karimi")
    classroom.teachers.add(user)
    return user


@pytest.fixture
def other_teacher(db):
    return make_teacher("other@example.com", "Other Teacher")


@pytest.fixture
def classroom(teacher):
    return make_class(teacher, "Riyadh club", "ABC234")


@pytest.fixture
def other_classroom(other_teacher):
    return make_class(other_teacher, "Casablanca centre", "XYZ789")


@pytest.fixture
def student(classroom):
    return make_student("kam472", "سارة", classroom)


@pytest.fixture
def other_student(other_classroom):
    return make_student("pqr358", "Youssef", other_classroom)


@pytest.fixture
def staff(db):
    return User.objects.create_user(username="admin", password=PASSWORD, is_staff=True, is_superuser=True)


@pytest.fixture
def drill(classroom, saudi):
    drill = Drill.objects.create(
        classroom=classroom, title="Follow suit", due=dt.date(2030, 1, 31), target_accuracy=80
    )
    lesson = Lesson.objects.get(course=saudi, slug="follow-suit")
    DrillItem.objects.create(drill=drill, order=1, lesson=lesson)
    DrillItem.objects.create(drill=drill, order=2, puzzle=Puzzle.objects.get(key="sa-winner-1"))
    return drill


@pytest.fixture
def world(
    teacher, co_teacher, other_teacher, classroom, other_classroom, student, other_student, staff, drill
):
    """Everyone and everything above, for the permission matrix."""
    return {
        "teacher": teacher,
        "co_teacher": co_teacher,
        "other_teacher": other_teacher,
        "classroom": classroom,
        "other_classroom": other_classroom,
        "student": student,
        "other_student": other_student,
        "staff": staff,
        "drill": drill,
    }
