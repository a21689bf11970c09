"""A drill counts only its own work: the answers given inside it, on its own pages.

What a pupil answered in the course or the trainer, before or after, stays in their history
(marked as such) and never counts toward a drill; a review drill starts at zero for everyone.
Shares are rounded, the same on the page and in the CSV.
"""

import csv
import io

from lessons.classroom.dashboard import Cell, class_matrix, puzzle_report
from lessons.models import Attempt, Drill, DrillItem, Puzzle, Source
from lessons.progress import percent
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login
from tests.site.pages import answer, step_url


def in_drill(client, drill, key, data):
    """Answer the drill's puzzle ``key`` on the drill's own page (a single puzzle or a lesson step)."""
    item = DrillItem.objects.filter(drill=drill, puzzle__key=key).first()
    if item is not None:
        return answer(client, f"/en/drills/{drill.pk}/puzzles/{item.pk}/", data)
    lesson_item = DrillItem.objects.get(drill=drill, lesson__steps__puzzle__key=key)
    n = lesson_item.lesson.steps.get(puzzle__key=key).order
    return answer(client, f"/en/drills/{drill.pk}/lessons/{lesson_item.pk}/{n}/", data)


def in_course(client):
    """The pupil answers the follow-suit lesson's first puzzle in the course, right."""
    return answer(client, step_url(2), {"card": "KC"})


def cell(drill, pupil):
    return class_matrix(drill.classroom).cells[(pupil.pk, drill.pk)]


def csv_rows(client, classroom):
    text = client.get(f"/en/classes/{classroom.pk}/dashboard.csv").content.decode("utf-8-sig")
    header, *rows = list(csv.reader(io.StringIO(text)))
    return [dict(zip(header, row, strict=True)) for row in rows]


def test_answers_given_in_the_drill_are_recorded_with_it(client, student, drill):
    login(client, student)

    in_drill(client, drill, "sa-winner-1", {"seat": "W"})
    in_drill(client, drill, "sa-follow-1", {"card": "KC"})
    in_course(client)

    assert [a.drill_id for a in Attempt.objects.order_by("id")] == [drill.pk, drill.pk, None]


def test_a_new_drill_counts_nothing_answered_before_it_in_the_course(client, teacher, student, saudi):
    classroom = student.memberships.get().classroom
    login(client, student)
    in_course(client)
    answer(client, step_url(1, slug="counting"), {"seat": "E"})  # sa-winner-1, wrong, in the course
    drill = Drill.objects.create(classroom=classroom, title="New drill")
    DrillItem.objects.create(drill=drill, order=1, puzzle=Puzzle.objects.get(key="sa-follow-1"))
    DrillItem.objects.create(drill=drill, order=2, puzzle=Puzzle.objects.get(key="sa-winner-1"))

    new = cell(drill, student)
    assert (new.status, new.solved, new.tried, new.accuracy) == ("new", 0, 0, None)
    rows = {r.puzzle.key: r for r in puzzle_report(classroom, "en")}
    assert rows["sa-winner-1"].tried == 0 and rows["sa-winner-1"].wrong == []
    login(client, teacher)
    assert "Not started" in client.get(f"/en/classes/{classroom.pk}/dashboard/").text
    [row] = csv_rows(client, classroom)
    assert (row["Puzzles solved"], row["Accuracy (%)"], row["Done"]) == ("0", "", "no")


def test_a_review_drill_made_a_minute_later_starts_at_zero(client, student, drill):
    login(client, student)
    for key, data in (("sa-follow-1", {"card": "KC"}), ("sa-winner-1", {"seat": "W"})):
        in_drill(client, drill, key, data)
    review = Drill.objects.create(classroom=drill.classroom, title="Review")
    DrillItem.objects.create(drill=review, order=1, puzzle=Puzzle.objects.get(key="sa-follow-1"))
    DrillItem.objects.create(drill=review, order=2, puzzle=Puzzle.objects.get(key="sa-winner-1"))

    assert (cell(drill, student).solved, cell(review, student).solved) == (2, 0)
    assert not cell(review, student).started

    in_drill(client, review, "sa-winner-1", {"seat": "E"})  # the retry is measured: wrong this time

    again = cell(review, student)
    assert (again.tried, again.solved, again.first_try) == (1, 0, 0)
    assert cell(drill, student).first_try == 2


def test_the_common_wrong_answers_are_the_drills_own(client, teacher, student, drill):
    login(client, student)
    answer(client, step_url(1, slug="counting"), {"seat": "E"})  # in the course
    in_drill(client, drill, "sa-winner-1", {"seat": "S"})

    row = {r.puzzle.key: r for r in puzzle_report(drill.classroom, "en")}["sa-winner-1"]

    assert [w.count for w in row.wrong] == [1]
    assert (row.tried, row.first_try) == (1, 0)


def test_the_pupils_page_marks_where_each_answer_was_given(client, teacher, student, drill):
    position = Puzzle.objects.get(key="sa-winner-1").position
    generated = Puzzle.objects.create(
        key="gen-1", variant="saudi", task="trick-winner", position=position, answers=["W"],
        source=Source.GENERATED,
    )  # fmt: skip
    Attempt.objects.create(
        puzzle=generated, session_key="s", user=student, answer="W", correct=True, token="t-1"
    )  # fmt: skip
    login(client, student)
    in_course(client)
    in_drill(client, drill, "sa-winner-1", {"seat": "W"})
    login(client, teacher)

    text = client.get(f"/en/classes/{drill.classroom_id}/students/{student.pk}/").text

    assert "<td>trainer</td>" in text
    assert "<td>course</td>" in text
    assert "<td>drill: Follow suit</td>" in text
    assert "1/3 solved" in text  # only the drill's own answer counts toward it


def test_shares_are_rounded_the_same_on_the_page_and_in_the_csv(client, teacher, student, drill):
    login(client, student)
    in_drill(client, drill, "sa-follow-1", {"card": "KC"})
    in_drill(client, drill, "sa-winner-1", {"seat": "W"})
    in_drill(client, drill, "sa-follow-2", {"cards": ["7C"]})  # wrong: 2 of 3 right at the first try
    login(client, teacher)

    page = client.get(f"/en/classes/{drill.classroom_id}/dashboard/").text
    [row] = csv_rows(client, drill.classroom)

    assert "67% first try" in page and "66%" not in page
    assert row["Accuracy (%)"] == "67"


def test_one_in_six_is_17_percent():
    assert percent(1, 6) == 17
    assert percent(5, 6) == 83
    assert Cell(total=6, tried=6, first_try=1).accuracy == 17
    assert percent(0, 0) is None


def test_a_puzzle_taken_out_of_the_drill_no_longer_counts(client, teacher, student, drill):
    login(client, student)
    in_drill(client, drill, "sa-winner-1", {"seat": "S"})
    DrillItem.objects.filter(drill=drill, puzzle__key="sa-winner-1").delete()

    assert cell(drill, student).tried == 0
    assert "sa-winner-1" not in {r.puzzle.key for r in puzzle_report(drill.classroom, "en")}
    login(client, teacher)
    assert client.get(f"/en/classes/{drill.classroom_id}/dashboard/puzzles/").status_code == 200
