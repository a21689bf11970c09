"""A class's page: for its teachers the code, link, pupils, drills and co-teachers; for a pupil
their drills and a way out. And the changes made from it: new code, closing, co-teachers, leaving."""

from lessons.models import Invitation, Membership
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login, make_student


def url(classroom, tail=""):
    return f"/en/classes/{classroom.pk}/{tail}"


def test_it_shows_the_teacher_the_code_link_pupils_and_drills(client, teacher, student, drill):
    login(client, teacher)

    text = client.get(url(drill.classroom)).text

    assert "ABC234" in text
    assert "http://testserver/en/join/ABC234/" in text
    assert "سارة" in text and "kam472" in text
    assert "Follow suit" in text


def test_it_shows_a_pupil_their_drills_and_the_way_out(client, student, drill):
    login(client, student)

    text = client.get(url(drill.classroom)).text

    assert "Follow suit" in text
    assert "Leave this class" in text
    assert "ABC234" not in text  # the code is the teachers' to give


def test_it_makes_a_new_code(client, teacher, classroom):
    login(client, teacher)

    client.post(url(classroom, "code"))

    classroom.refresh_from_db()
    assert classroom.code != "ABC234"
    assert len(classroom.code) == 6


def test_it_closes_and_opens_the_class(client, teacher, classroom):
    login(client, teacher)

    client.post(url(classroom, "open"), {"open": "0"})
    classroom.refresh_from_db()
    assert not classroom.is_open
    assert "nobody can join it" in client.get(url(classroom)).text

    client.post(url(classroom, "open"), {"open": "1"})
    classroom.refresh_from_db()
    assert classroom.is_open


def test_it_refuses_a_tampered_open_value(client, teacher, classroom):
    login(client, teacher)
    assert client.post(url(classroom, "open"), {"open": "maybe"}).status_code == 400


def test_the_owner_invites_a_co_teacher_who_accepts(client, teacher, other_teacher, classroom):
    login(client, teacher)

    response = client.post(url(classroom, "teachers"), {"email": "OTHER@example.com"})

    assert response.status_code == 302
    assert other_teacher not in classroom.teachers.all()  # not before they accept
    invitation = Invitation.objects.get()
    login(client, other_teacher)
    listed = client.get("/en/classes/")
    assert "Riyadh club" in listed.text and "Accept" in listed.text
    accepted = client.post(f"/en/invitations/{invitation.token}/", {"answer": "accept"})
    assert accepted["Location"] == url(classroom)
    assert other_teacher in classroom.teachers.all()
    assert client.get(url(classroom, "dashboard/")).status_code == 200


def test_the_invitation_form_answers_the_same_whoever_has_the_address(
    client, teacher, other_teacher, student, classroom
):
    login(client, teacher)

    answers = [
        client.post(url(classroom, "teachers"), {"email": email})
        for email in ("other@example.com", "nobody@example.com", "kam472@example.com")
    ]

    assert {(r.status_code, r["Location"]) for r in answers} == {(302, url(classroom) + "#teachers")}
    assert classroom.teachers.count() == 1
    page = client.get(url(classroom)).text
    assert "No teacher has an account" not in page
    assert all(email in page for email in ("other@example.com", "nobody@example.com"))


def test_an_invitation_is_only_for_the_teacher_it_was_sent_to(client, teacher, other_teacher, classroom):
    login(client, teacher)
    client.post(url(classroom, "teachers"), {"email": "someone@example.com"})
    invitation = Invitation.objects.get()
    login(client, other_teacher)

    page = client.get(f"/en/invitations/{invitation.token}/")
    accept = client.post(f"/en/invitations/{invitation.token}/", {"answer": "accept"})

    assert page.status_code == accept.status_code == 403
    assert "Riyadh club" not in page.text
    assert "Riyadh club" not in client.get("/en/classes/").text
    assert other_teacher not in classroom.teachers.all()


def test_a_co_teacher_leaves_the_class_after_confirming(client, teacher, co_teacher, classroom):
    login(client, co_teacher)

    asked = client.get(url(classroom, "teachers/leave/"))
    assert asked.status_code == 200 and co_teacher in classroom.teachers.all()

    left = client.post(url(classroom, "teachers/leave/"))

    assert left["Location"] == "/en/classes/"
    assert list(classroom.teachers.all()) == [teacher]
    login(client, teacher)
    assert client.post(url(classroom, "teachers/leave/")).status_code == 403  # the owner stays


def test_the_owner_removes_a_co_teacher_after_confirming_but_not_themselves(
    client, teacher, co_teacher, classroom
):
    login(client, teacher)
    remove = url(classroom, f"teachers/{co_teacher.pk}/remove")
    assert f'href="{remove}"' in client.get(url(classroom)).text  # a link to the question, not a button

    asked = client.get(remove)
    assert asked.status_code == 200 and "Remove M. Karimi from the teachers of “Riyadh club”?" in asked.text
    assert co_teacher in classroom.teachers.all()  # asking does nothing

    assert client.get(url(classroom, f"teachers/{teacher.pk}/remove")).status_code == 404
    assert client.post(url(classroom, f"teachers/{teacher.pk}/remove")).status_code == 404
    removed = client.post(remove)

    assert removed["Location"] == url(classroom) + "#teachers"
    assert list(classroom.teachers.all()) == [teacher]


def test_a_pupil_leaves_the_class(client, student, classroom):
    login(client, student)

    response = client.post(url(classroom, "leave"))

    assert response["Location"] == "/en/drills/"
    assert Membership.objects.get(student=student).left_at is not None  # a former pupil, kept
    assert client.get(url(classroom)).status_code == 404


def test_the_teacher_removes_a_pupil_whose_account_stays(client, teacher, student, classroom):
    login(client, teacher)

    client.post(url(classroom, f"students/{student.pk}/remove"))

    assert Membership.objects.get(student=student).left_at is not None
    student.refresh_from_db()


def test_it_lists_pupils_by_name(client, teacher, classroom):
    make_student("bbb222", "Zainab", classroom)
    make_student("ccc333", "Ali", classroom)
    login(client, teacher)

    text = client.get(url(classroom)).text

    assert text.index("Ali") < text.index("Zainab")


def test_a_teacher_renames_the_class(client, co_teacher, classroom):
    login(client, co_teacher)

    response = client.post(f"/en/classes/{classroom.pk}/rename", {"name": "  Riyadh   club 2027 "})

    assert response.status_code == 302
    classroom.refresh_from_db()
    assert classroom.name == "Riyadh club 2027"


def test_an_empty_or_too_long_name_is_refused_with_the_reason(client, teacher, classroom):
    login(client, teacher)

    empty = client.post(f"/en/classes/{classroom.pk}/rename", {"name": "   "})
    long = client.post(f"/en/classes/{classroom.pk}/rename", {"name": "x" * 101})

    assert (empty.status_code, long.status_code) == (400, 400)
    assert "field-error" in empty.text and "field-error" in long.text
    classroom.refresh_from_db()
    assert classroom.name == "Riyadh club"


def test_a_pupil_cannot_rename_the_class(client, student, classroom):
    login(client, student)

    assert client.post(f"/en/classes/{classroom.pk}/rename", {"name": "Mine"}).status_code == 403
