"""A drill's due date at the end of the calendar: every page still answers, the form refuses it."""

import datetime as dt

import pytest
from django.utils import timezone

from lessons.classroom.dashboard import deadline
from lessons.models import Drill
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login

LAST_DAY = dt.date.max  # 9999-12-31: the day after it does not exist


@pytest.fixture
def far_drill(drill):
    # As stored before the form checked (migrated to the last moment of the last day).
    Drill.objects.filter(pk=drill.pk).update(due_at=dt.datetime.combine(LAST_DAY, dt.time.max, tzinfo=dt.UTC))
    drill.refresh_from_db()
    return drill


def test_it_shows_a_drill_due_on_the_last_day_there_is(client, teacher, student, classroom, far_drill):
    login(client, teacher)
    for url in (
        f"/en/classes/{classroom.pk}/",
        f"/en/classes/{classroom.pk}/dashboard/",
        f"/en/classes/{classroom.pk}/dashboard/puzzles/",
        f"/en/classes/{classroom.pk}/dashboard.csv",
        f"/en/classes/{classroom.pk}/dashboard.xlsx",
        f"/en/classes/{classroom.pk}/students/{student.pk}/",
        f"/en/drills/{far_drill.pk}/",
    ):
        assert client.get(url).status_code == 200, url

    login(client, student)
    for url in ("/en/drills/", f"/en/drills/{far_drill.pk}/"):
        assert client.get(url).status_code == 200, url


def test_a_drill_due_on_the_last_day_is_never_late(far_drill):
    moment = deadline(far_drill)
    assert moment is None or moment > timezone.now()
    assert far_drill.due == LAST_DAY


@pytest.mark.parametrize("due", ["9999-12-31", "0001-01-01", "2200-01-01"])
def test_it_refuses_a_due_date_out_of_range_with_a_message(client, teacher, classroom, due):
    login(client, teacher)

    response = client.post(f"/en/classes/{classroom.pk}/drills/new/", {"title": "Week 1", "due": due})

    assert response.status_code == 200
    assert "Choose a date between" in response.text
    assert not Drill.objects.exists()


def test_it_takes_a_due_date_next_month(client, teacher, classroom):
    login(client, teacher)
    due = dt.date.today() + dt.timedelta(days=30)

    client.post(f"/en/classes/{classroom.pk}/drills/new/", {"title": "Week 1", "due": due.isoformat()})

    assert Drill.objects.get().due == due


def test_it_refuses_a_far_date_when_editing_too(client, teacher, drill):
    login(client, teacher)

    response = client.post(f"/en/drills/{drill.pk}/edit/", {"title": "Week 1", "due": "9999-12-31"})

    assert "Choose a date between" in response.text
    drill.refresh_from_db()
    assert drill.due == dt.date(2030, 1, 31)
