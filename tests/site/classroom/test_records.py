"""What happens to every record when a class, drill, pupil or teacher goes away: each statement
of docs/records.md, checked (the document names these tests)."""

import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.db.models import ProtectedError

from lessons.models import Attempt, Classroom, Drill, DrillItem, Membership, Puzzle, PuzzleAuthor, Source
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import PASSWORD, login, make_student
from tests.site.pages import TRICK, answer

User = get_user_model()

DOC = Path(__file__).resolve().parents[3] / "docs" / "records.md"


def winner_item(drill):
    return DrillItem.objects.get(drill=drill, puzzle__key="sa-winner-1")


def answer_in_drill(client, drill, seat="W"):
    return answer(client, f"/en/drills/{drill.pk}/puzzles/{winner_item(drill).pk}/", {"seat": seat})


@pytest.fixture
def answered(client, student, drill):
    """The pupil has answered the drill's single puzzle, right, inside the drill."""
    login(client, student)
    answer_in_drill(client, drill)
    client.logout()
    return Attempt.objects.get()


def test_every_test_the_document_names_exists():
    named = set(re.findall(r"`(test_[a-z_]+)`", DOC.read_text()))
    assert named and named <= set(globals()), sorted(named - set(globals()))


# ---------------------------------------------------------------- a drill is archived


def test_archiving_a_drill_keeps_it_and_its_items(client, teacher, drill):
    login(client, teacher)

    asked = client.get(f"/en/drills/{drill.pk}/archive")
    assert "Archive the drill" in asked.text
    assert Drill.objects.get().archived_at is None  # asking does nothing
    client.post(f"/en/drills/{drill.pk}/archive")

    drill.refresh_from_db()
    assert drill.archived_at is not None
    assert DrillItem.objects.filter(drill=drill).count() == 2


def test_an_archived_drill_is_no_longer_given(client, teacher, student, drill):
    drill.archived_at = drill.created
    drill.save()
    login(client, student)

    assert "Follow suit" not in client.get("/en/drills/").text
    url = f"/en/drills/{drill.pk}/puzzles/{winner_item(drill).pk}/"
    assert client.get(url).status_code == 404
    assert client.post(url + "answer", {"token": "tok-12345678", "seat": "W"}).status_code == 404
    assert not Attempt.objects.exists()


def test_an_archived_drills_records_stay_readable(client, teacher, student, drill, answered):
    login(client, teacher)
    client.post(f"/en/drills/{drill.pk}/archive")

    text = client.get(f"/en/classes/{drill.classroom_id}/students/{student.pk}/").text

    assert Attempt.objects.filter(drill=drill).count() == 1
    assert "Follow suit" in text and "archived" in text and "1/3 solved" in text


def test_a_restored_drill_comes_back_with_its_records(client, teacher, student, drill, answered):
    login(client, teacher)
    client.post(f"/en/drills/{drill.pk}/archive")
    page = client.get(f"/en/classes/{drill.classroom_id}/").text
    assert "Archived" in page and f"/en/drills/{drill.pk}/restore" in page

    client.post(f"/en/drills/{drill.pk}/restore")

    login(client, student)
    assert "1/3 solved" in client.get("/en/drills/").text


# ---------------------------------------------------------------- a class is archived


def test_archiving_a_class_keeps_everything(client, teacher, student, classroom, drill, answered):
    login(client, teacher)
    assert "Archive the class" in client.get(f"/en/classes/{classroom.pk}/archive").text

    client.post(f"/en/classes/{classroom.pk}/archive")

    classroom.refresh_from_db()
    assert classroom.archived_at is not None
    assert (Membership.objects.count(), Drill.objects.count(), Attempt.objects.count()) == (1, 1, 1)
    listed = client.get("/en/classes/").text
    assert "Archived" in listed and f"/en/classes/{classroom.pk}/restore" in listed


def test_nobody_joins_an_archived_class_and_its_drills_are_not_given(client, student, classroom, drill):
    classroom.archived_at = classroom.created
    classroom.save()
    newcomer = make_student("new111", "Newcomer")
    login(client, newcomer)

    client.post(f"/en/join/{classroom.code}/")

    assert not Membership.objects.filter(student=newcomer).exists()
    login(client, student)
    assert "Follow suit" not in client.get("/en/drills/").text


def test_an_archived_class_is_read_only(client, teacher, co_teacher, student, classroom, drill):
    classroom.archived_at = classroom.created
    classroom.save()
    login(client, teacher)
    base = f"/en/classes/{classroom.pk}"

    page = client.get(f"{base}/").text
    assert "Rename the class" not in page and "New drill" not in page and "Restore" in page
    refused = [
        client.post(f"{base}/rename", {"name": "New name"}),
        client.post(f"{base}/drills/new/", {"title": "Another"}),
        client.post(f"{base}/code"),
        client.post(f"{base}/students/{student.pk}/remove"),
        client.post(f"{base}/teachers", {"email": "x@example.com"}),
        client.post(f"/en/drills/{drill.pk}/edit/", {"title": "Changed"}),
        client.post(f"/en/drills/{drill.pk}/archive"),
    ]

    assert [r.status_code for r in refused] == [403] * len(refused)
    assert "Restore it first" in refused[0].text
    classroom.refresh_from_db()
    drill.refresh_from_db()
    assert (classroom.name, drill.title, drill.archived_at) == ("Riyadh club", "Follow suit", None)
    assert Membership.objects.get(student=student).left_at is None
    assert "Follow suit" in client.get(f"/en/drills/{drill.pk}/edit/").text  # still readable
    client.post(f"{base}/restore")
    assert client.post(f"{base}/rename", {"name": "New name"}).status_code == 302
    login(client, co_teacher)  # a co-teacher may leave an archived class
    classroom.archived_at = classroom.created
    classroom.save()
    assert client.post(f"{base}/teachers/leave/").status_code == 302
    assert not classroom.teachers.filter(pk=co_teacher.pk).exists()


# ---------------------------------------------------------------- a class is deleted


def test_a_class_nobody_joined_can_be_deleted(client, teacher, saudi):
    login(client, teacher)
    client.post("/en/classes/", {"name": "By mistake", "token": "t-class-1"})
    classroom = Classroom.objects.get(name="By mistake")
    made = Drill.objects.create(classroom=classroom, title="Empty")
    DrillItem.objects.create(drill=made, order=1, puzzle=Puzzle.objects.get(key="sa-winner-1"))

    asked = client.get(f"/en/classes/{classroom.pk}/delete")
    assert "Delete the class “By mistake”?" in asked.text and "cannot be undone" in asked.text
    assert Classroom.objects.filter(pk=classroom.pk).exists()  # asking does nothing
    response = client.post(f"/en/classes/{classroom.pk}/delete")

    assert response.status_code == 302
    assert not Classroom.objects.filter(pk=classroom.pk).exists()
    assert (
        not Drill.objects.filter(pk=made.pk).exists()
        and not DrillItem.objects.filter(drill_id=made.pk).exists()
    )


def test_a_class_with_pupils_or_answers_is_not_deleted(client, teacher, student, classroom, drill, answered):
    login(client, teacher)

    asked = client.get(f"/en/classes/{classroom.pk}/delete")
    sent_anyway = client.post(f"/en/classes/{classroom.pk}/delete")

    assert "cannot be deleted" in asked.text
    assert f'action="/en/classes/{classroom.pk}/archive"' in asked.text  # archiving is offered
    assert sent_anyway.status_code == 409
    assert Classroom.objects.filter(pk=classroom.pk).exists() and Attempt.objects.count() == 1
    # A former pupil is enough: their account was made in it.
    Attempt.objects.all().delete()
    Membership.objects.update(left_at=classroom.created)
    assert client.post(f"/en/classes/{classroom.pk}/delete").status_code == 409


def test_only_the_owner_deletes_a_class(client, teacher, co_teacher, classroom):
    login(client, co_teacher)

    assert client.post(f"/en/classes/{classroom.pk}/delete").status_code == 403
    assert "Delete the class" not in client.get(f"/en/classes/{classroom.pk}/").text
    assert Classroom.objects.filter(pk=classroom.pk).exists()


# ---------------------------------------------------------------- a pupil is removed, or leaves


def test_a_removed_pupil_is_a_former_pupil(client, teacher, student, classroom):
    login(client, teacher)
    asked = client.get(f"/en/classes/{classroom.pk}/students/{student.pk}/remove")
    assert "Remove سارة from the class?" in asked.text
    assert Membership.objects.get().left_at is None  # asking does nothing

    client.post(f"/en/classes/{classroom.pk}/students/{student.pk}/remove")

    assert Membership.objects.get(student=student).left_at is not None
    page = client.get(f"/en/classes/{classroom.pk}/").text
    assert "Former pupils" in page and "سارة" in page.split("Former pupils")[1]


def test_a_former_pupils_answers_and_page_stay(client, teacher, student, classroom, drill, answered):
    login(client, student)
    client.post(f"/en/classes/{classroom.pk}/leave")
    login(client, teacher)

    response = client.get(f"/en/classes/{classroom.pk}/students/{student.pk}/")

    assert Attempt.objects.get().user == student
    assert response.status_code == 200 and "1/3 solved" in response.text


def test_a_former_pupil_leaves_the_dashboard_and_their_drills(client, teacher, student, drill, answered):
    classroom = drill.classroom
    login(client, teacher)
    client.post(f"/en/classes/{classroom.pk}/students/{student.pk}/remove")

    assert "kam472" not in client.get(f"/en/classes/{classroom.pk}/dashboard/").text
    assert "kam472" not in client.get(f"/en/classes/{classroom.pk}/dashboard.csv").content.decode()
    login(client, student)
    assert "Follow suit" not in client.get("/en/drills/").text
    assert client.get(f"/en/drills/{drill.pk}/").status_code == 404


def test_a_former_pupil_is_brought_back(client, teacher, student, classroom, drill, answered):
    login(client, teacher)
    client.post(f"/en/classes/{classroom.pk}/students/{student.pk}/remove")
    client.post(f"/en/classes/{classroom.pk}/students/{student.pk}/restore")
    assert Membership.objects.get(student=student).left_at is None
    login(client, student)
    assert "1/3 solved" in client.get("/en/drills/").text

    client.post(f"/en/classes/{classroom.pk}/leave")
    client.post(f"/en/join/{classroom.code}/")  # joins again with the code

    assert Membership.objects.get(student=student).left_at is None
    assert "1/3 solved" in client.get("/en/drills/").text


# ---------------------------------------------------------------- a new password, a new code


def test_a_new_password_changes_only_the_password(client, teacher, student, classroom, drill, answered):
    login(client, teacher)
    url = f"/en/classes/{classroom.pk}/students/{student.pk}/password"
    asked = client.get(url).text
    assert "Issue a new password to سارة?" in asked
    assert "Their answers and progress stay as they are." in asked
    student.refresh_from_db()
    assert student.check_password(PASSWORD)  # asking does nothing

    client.post(url, {"token": "pass-1234567"})

    student.refresh_from_db()
    assert not student.check_password(PASSWORD)
    assert Attempt.objects.get().user == student and Membership.objects.get().left_at is None


def test_a_new_code_keeps_the_pupils(client, teacher, student, classroom):
    login(client, teacher)
    assert "ABC234" in client.get(f"/en/classes/{classroom.pk}/code").text
    assert Classroom.objects.get().code == "ABC234"  # asking does nothing

    client.post(f"/en/classes/{classroom.pk}/code")

    assert Classroom.objects.get().code != "ABC234"
    assert Membership.objects.get().student == student


# ---------------------------------------------------------------- teachers go away


def test_a_co_teacher_removed_leaves_the_class_whole(client, teacher, co_teacher, student, classroom, drill):
    login(client, teacher)

    client.post(f"/en/classes/{classroom.pk}/teachers/{co_teacher.pk}/remove")

    assert list(classroom.teachers.all()) == [teacher]
    assert (Membership.objects.count(), Drill.objects.count()) == (1, 1)


def test_a_deleted_owners_class_passes_to_another_teacher(teacher, co_teacher, student, classroom, drill):
    teacher.delete()

    classroom.refresh_from_db()
    assert classroom.owner == co_teacher and classroom.archived_at is None
    assert (Membership.objects.count(), Drill.objects.count()) == (1, 1)


def test_a_class_left_without_a_teacher_is_archived_not_deleted(teacher, student, classroom, drill, answered):
    teacher.delete()

    classroom.refresh_from_db()
    assert classroom.owner is None and classroom.archived_at is not None
    assert (Membership.objects.count(), Drill.objects.count(), Attempt.objects.count()) == (1, 1, 1)


def test_a_deleted_teachers_puzzles_stay(teacher, student):
    puzzle = Puzzle.objects.create(
        key="t-mine", variant="saudi", task="trick-winner", position=TRICK, answers=["N"],
        source=Source.TEACHER,
    )  # fmt: skip
    PuzzleAuthor.objects.create(puzzle=puzzle, author=teacher)
    Attempt.objects.create(
        puzzle=puzzle, session_key="s", user=student, answer="N", correct=True, token="t-1"
    )  # fmt: skip

    teacher.delete()

    assert Puzzle.objects.filter(key="t-mine").exists() and Attempt.objects.count() == 1
    assert not PuzzleAuthor.objects.exists()


# ---------------------------------------------------------------- accounts deleted, deleting, content


def test_a_deleted_pupils_answers_stay_without_a_name(student, classroom, drill, answered):
    student.delete()

    assert not Membership.objects.exists()
    attempt = Attempt.objects.get()
    assert attempt.user is None and attempt.drill == drill


def test_a_learner_deleting_their_account_is_asked_first_and_leaves_their_answers_without_a_name(
    client, student, classroom, drill, answered
):
    login(client, student)
    asked = client.get("/en/accounts/me/delete")
    assert asked.status_code == 200
    assert "without your name: the answers you gave in their drills" in asked.text
    assert User.objects.filter(pk=student.pk).exists()  # asking changed nothing

    gone = client.post("/en/accounts/me/delete")

    assert gone.status_code == 302
    assert not User.objects.filter(pk=student.pk).exists() and not Membership.objects.exists()
    attempt = Attempt.objects.get()
    assert attempt.user is None and attempt.drill == drill
    assert not attempt.session_key.startswith("account-")  # no later account reads it as its own
    assert "_auth_user_id" not in client.session
    # The class's figures keep the answer.
    login(client, classroom.owner)
    assert client.get(f"/en/classes/{classroom.pk}/dashboard/puzzles/").status_code == 200


def test_a_drill_with_answers_cannot_be_deleted(classroom, drill, answered):
    with pytest.raises(ProtectedError):
        drill.delete()
    with pytest.raises(ProtectedError):
        classroom.delete()
    unanswered = Drill.objects.create(classroom=classroom, title="Nobody did it")
    unanswered.delete()
    assert list(Drill.objects.all()) == [drill]


def test_a_puzzle_with_answers_is_never_deleted(drill, answered):
    follow = Puzzle.objects.get(key="sa-follow-2")
    follow.steps.all().delete()
    follow.delete()  # unanswered: it goes, and leaves the drill's lesson
    with pytest.raises(ProtectedError):
        Puzzle.objects.get(key="sa-winner-1").delete()
    assert DrillItem.objects.filter(drill=drill).count() == 2
