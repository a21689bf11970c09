"""Making a drill: a name, an optional due date and target accuracy."""

import datetime as dt

from lessons.models import Drill
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login


def test_it_makes_a_drill_and_opens_it_for_adding_items(client, teacher, classroom):
    login(client, teacher)

    response = client.post(
        f"/en/classes/{classroom.pk}/drills/new/",
        {"title": " Week 1 ", "due": "2030-02-01", "target_accuracy": "75"},
    )

    drill = Drill.objects.get()
    assert response["Location"] == f"/en/drills/{drill.pk}/edit/"
    assert (drill.title, drill.due, drill.target_accuracy) == ("Week 1", dt.date(2030, 2, 1), 75)
    assert drill.classroom == classroom


def test_due_date_and_target_are_optional(client, teacher, classroom):
    login(client, teacher)

    client.post(f"/en/classes/{classroom.pk}/drills/new/", {"title": "Free practice"})

    drill = Drill.objects.get()
    assert drill.due is None and drill.target_accuracy is None


def test_it_refuses_bad_dates_and_targets_without_a_500(client, teacher, classroom):
    login(client, teacher)

    response = client.post(
        f"/en/classes/{classroom.pk}/drills/new/",
        {"title": "x", "due": "31/31/2030", "target_accuracy": "150"},
    )

    assert response.status_code == 200
    assert response.text.count("field-error") == 2
    assert not Drill.objects.exists()
