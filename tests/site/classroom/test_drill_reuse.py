"""Drills made once and given again: a due time in the teacher's zone, drafts, drills for some
pupils only, and copies in the same class or another."""

import datetime as dt
import re
import threading

import pytest
from django.db import connection
from django.test import Client

from lessons.models import Drill, DrillItem
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login, make_student


def new_drill(client, classroom, **data):
    return client.post(f"/en/classes/{classroom.pk}/drills/new/", {"title": "Week 2", **data})


def test_a_due_time_is_the_teachers_hour_in_their_time_zone(client, teacher, classroom):
    login(client, teacher)

    new_drill(client, classroom, due="2030-02-01", due_time="18:00", time_zone="Asia/Riyadh")

    drill = Drill.objects.get(title="Week 2")
    assert drill.due_at == dt.datetime(2030, 2, 1, 15, 0, tzinfo=dt.UTC)  # Riyadh is UTC+3
    assert (drill.due, drill.due_time, drill.time_zone) == (
        dt.date(2030, 2, 1),
        dt.time(18, 0),
        "Asia/Riyadh",
    )
    page = client.get(f"/fr/classes/{classroom.pk}/").text
    assert "1 février 2030, 18:00" in page


def test_a_due_day_without_a_time_ends_at_midnight_and_a_bad_zone_is_ignored(client, teacher, classroom):
    login(client, teacher)

    new_drill(client, classroom, due="2030-02-01", time_zone="/".join(["..", "..", "etc", "passwd"]))

    drill = Drill.objects.get(title="Week 2")
    assert drill.time_zone == ""  # the site's zone (UTC)
    assert drill.due_at == dt.datetime(2030, 2, 2, tzinfo=dt.UTC)
    assert (drill.due, drill.due_time) == (dt.date(2030, 2, 1), None)


def test_a_time_without_a_day_is_refused_with_the_reason(client, teacher, classroom):
    login(client, teacher)

    response = new_drill(client, classroom, due_time="18:00")

    assert "Choose the day too." in response.text
    assert not Drill.objects.filter(title="Week 2").exists()


def test_a_draft_is_given_to_nobody_until_it_is_published(client, teacher, student, drill):
    Drill.objects.filter(pk=drill.pk).update(draft=True)
    login(client, student)
    assert "Follow suit" not in client.get("/en/drills/").text
    assert client.get(f"/en/drills/{drill.pk}/").status_code == 404
    login(client, teacher)
    assert "draft" in client.get(f"/en/classes/{drill.classroom_id}/").text
    assert "Follow suit" not in client.get(f"/en/classes/{drill.classroom_id}/dashboard/").text

    client.post(f"/en/drills/{drill.pk}/publish")

    login(client, student)
    assert "Follow suit" in client.get("/en/drills/").text
    assert client.get(f"/en/drills/{drill.pk}/").status_code == 200


def test_a_drill_for_some_pupils_is_not_given_to_the_others(client, teacher, student, drill):
    other = make_student("bbb222", "Zainab", drill.classroom)
    login(client, teacher)
    data = {"title": "Follow suit", "pupils": [student.pk]}
    assert client.post(f"/en/drills/{drill.pk}/edit/", data).status_code == 302
    assert list(drill.pupils.all()) == [student]

    login(client, other)
    assert "Follow suit" not in client.get("/en/drills/").text
    assert client.get(f"/en/drills/{drill.pk}/").status_code == 404
    login(client, student)
    assert "Follow suit" in client.get("/en/drills/").text
    login(client, teacher)
    dashboard = client.get(f"/en/classes/{drill.classroom_id}/dashboard/").text
    assert dashboard.count("Not given") == 1


def test_only_pupils_of_the_class_can_be_chosen(client, teacher, other_student, drill):
    login(client, teacher)

    response = client.post(
        f"/en/drills/{drill.pk}/edit/", {"title": "Follow suit", "pupils": [other_student.pk]}
    )

    assert response.status_code == 200 and "field-error" in response.text
    assert not drill.pupils.exists()


def test_a_copy_in_another_class_is_a_draft_with_the_same_items(client, teacher, drill, saudi):
    other = make_class_for(teacher)
    login(client, teacher)

    response = client.post(f"/en/drills/{drill.pk}/copy", {"classroom": other.pk, "token": "copy-0000001"})

    copy = Drill.objects.get(classroom=other)
    assert response["Location"] == f"/en/drills/{copy.pk}/edit/"
    assert (copy.title, copy.draft, copy.due_at, copy.target_accuracy) == ("Follow suit", True, None, 80)
    assert items_of(copy) == items_of(drill)
    client.post(f"/en/drills/{drill.pk}/copy", {"classroom": drill.classroom_id, "token": "copy-0000002"})
    assert Drill.objects.filter(classroom=drill.classroom, title="Follow suit (copy)").exists()


def test_a_drill_is_not_copied_into_someone_elses_class(client, teacher, other_classroom, drill):
    login(client, teacher)

    assert client.post(f"/en/drills/{drill.pk}/copy", {"classroom": other_classroom.pk}).status_code == 404
    assert client.post(f"/en/drills/{drill.pk}/copy", {"classroom": "x"}).status_code == 400
    assert client.post(f"/en/drills/{drill.pk}/copy", {"classroom": drill.classroom_id}).status_code == 400
    assert not Drill.objects.filter(classroom=other_classroom).exists()


def items_of(drill):
    return list(DrillItem.objects.filter(drill=drill).order_by("order").values_list("lesson_id", "puzzle_id"))


def make_class_for(teacher):
    from tests.site.classroom.base import make_class

    return make_class(teacher, "Jeddah club", "JED234")


def test_a_copy_sent_twice_makes_one_draft(client, teacher, drill):
    login(client, teacher)
    page = client.get(f"/en/drills/{drill.pk}/edit/").text
    token = re.search(r'name="token" value="([^"]+)"', page).group(1)

    first = client.post(f"/en/drills/{drill.pk}/copy", {"classroom": drill.classroom_id, "token": token})
    again = client.post(f"/en/drills/{drill.pk}/copy", {"classroom": drill.classroom_id, "token": token})

    copies = Drill.objects.filter(title="Follow suit (copy)")
    assert copies.count() == 1
    assert first["Location"] == again["Location"] == f"/en/drills/{copies.get().pk}/edit/"


@pytest.mark.skipif(connection.vendor != "postgresql", reason="concurrent writers need a server database")
@pytest.mark.django_db(transaction=True)
def test_the_same_copy_form_sent_four_times_at_once_makes_one_draft(teacher, drill):
    start = threading.Barrier(4)
    landed: list[str] = []

    def submit() -> None:
        try:
            client = Client()
            login(client, teacher)
            start.wait()
            response = client.post(
                f"/en/drills/{drill.pk}/copy", {"classroom": drill.classroom_id, "token": "same-1234"}
            )
            landed.append(response["Location"])
        finally:
            connection.close()

    threads = [threading.Thread(target=submit) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    copy = Drill.objects.get(title="Follow suit (copy)")
    assert landed == [f"/en/drills/{copy.pk}/edit/"] * 4
