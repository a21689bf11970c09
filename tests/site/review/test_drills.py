"""Puzzles got wrong in a teacher's drill come back in the pupil's review: a lesson's puzzle and
the teacher's own one alike."""

import datetime as dt
import re

from django.utils import timezone

from lessons.models import Drill, DrillItem, Membership, Puzzle, PuzzleAuthor, ReviewItem, Source
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login
from tests.site.pages import TRICK, token


def teacher_drill(classroom, teacher):
    own = Puzzle.objects.create(
        key="t-own-winner", variant="saudi", task="trick-winner", position=TRICK, answers=["W"],
        source=Source.TEACHER, prompt_en="Who takes it?",
    )
    PuzzleAuthor.objects.create(puzzle=own, author=teacher)
    drill = Drill.objects.create(classroom=classroom, title="Tricks", due=dt.date(2030, 1, 31))
    item = DrillItem.objects.create(drill=drill, order=1, puzzle=own)
    return own, f"/en/drills/{drill.pk}/puzzles/{item.pk}/"


def answer(client, url, seat):
    page = client.get(url)
    return client.post(url + "answer", {"token": token(page), "seat": seat})


def test_a_teachers_puzzle_got_wrong_in_a_drill_comes_back_in_the_review(
    client, teacher, classroom, student, saudi
):
    own, url = teacher_drill(classroom, teacher)
    login(client, student)

    answer(client, url, "E")

    queued = ReviewItem.objects.get(puzzle=own)
    assert queued.user == student
    ReviewItem.objects.filter(pk=queued.pk).update(due=timezone.now())  # a day later
    index = client.get("/en/review/")
    assert index.status_code == 302 and index["Location"] == f"/en/review/{own.key}/"
    page = client.get(f"/en/review/{own.key}/")
    assert page.status_code == 200
    assert "Who takes it?" in page.text
    assert "A puzzle you got wrong before in a drill (Saudi Baloot)." in page.text

    right = client.post(f"/en/review/{own.key}/answer", {"token": token(page), "seat": "W"})

    assert "verdict-right" in right.text
    queued.refresh_from_db()
    assert queued.stage == 1


def test_a_pupil_who_left_the_class_is_not_served_its_puzzle(client, teacher, classroom, student, saudi):
    own, url = teacher_drill(classroom, teacher)
    login(client, student)
    answer(client, url, "E")
    ReviewItem.objects.filter(puzzle=own).update(due=timezone.now())
    Membership.objects.filter(student=student).delete()  # the pupil left the class

    assert client.get(f"/en/review/{own.key}/").status_code == 400
    assert client.get("/en/review/").status_code == 200  # nothing left to serve


def review_due_on_home(client) -> int:
    found = re.search(r"Review \((\d+) due\)", client.get("/en/").text)
    return int(found.group(1)) if found else 0


def test_a_pupil_who_leaves_the_class_is_not_counted_its_puzzle_on_the_home_page(
    client, teacher, classroom, student, saudi
):
    own, url = teacher_drill(classroom, teacher)
    login(client, student)
    answer(client, url, "E")
    ReviewItem.objects.filter(puzzle=own).update(due=timezone.now())
    assert review_due_on_home(client) == 1

    left = client.post(f"/en/classes/{classroom.pk}/leave")  # a former pupil: answers kept
    assert left.status_code == 302 and Membership.objects.get(student=student).left_at is not None

    # The count and the review page agree: nothing due, nothing served, no "next one" date.
    assert review_due_on_home(client) == 0
    empty = client.get("/en/review/")
    assert empty.status_code == 200 and empty.context["next_due"] is None
    assert client.get(f"/en/review/{own.key}/").status_code == 400

    # Back in the class, the puzzle is theirs again, with its place in the queue.
    Membership.objects.filter(student=student).update(left_at=None)
    assert review_due_on_home(client) == 1
    assert client.get("/en/review/")["Location"] == f"/en/review/{own.key}/"


def test_the_count_leaves_out_a_puzzle_of_a_class_the_pupil_was_removed_from(
    client, teacher, classroom, student, saudi
):
    own, url = teacher_drill(classroom, teacher)
    login(client, student)
    answer(client, url, "E")
    ReviewItem.objects.filter(puzzle=own).update(due=timezone.now())
    Membership.objects.filter(student=student).delete()

    assert review_due_on_home(client) == 0
