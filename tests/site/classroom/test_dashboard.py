"""The teacher's dashboard: pupils × drills, each cell done or not, accuracy, time and lateness."""

import datetime as dt

from django.utils import timezone

from lessons.classroom.dashboard import Cell, class_matrix
from lessons.models import Attempt, Puzzle
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login, make_student


def answer(user, key, correct, seconds=10, when=None, drill=None):
    n = Attempt.objects.count()
    return Attempt.objects.create(
        puzzle=Puzzle.objects.get(key=key), session_key="s", user=user, answer="x", correct=correct,
        seconds=seconds, token=f"t-{n}", drill=drill,
        created=when or timezone.now() + dt.timedelta(seconds=n),
    )  # fmt: skip


def test_it_shows_each_pupil_against_each_drill(client, teacher, student, drill):
    make_student("bbb222", "Zainab", drill.classroom)
    login(client, teacher)

    response = client.get(f"/en/classes/{drill.classroom_id}/dashboard/")

    assert response.status_code == 200
    assert "سارة" in response.text and "Zainab" in response.text
    assert "Follow suit" in response.text
    assert response.text.count('class="cell status-new"') == 2  # the grid's cells, not the summary


def test_a_cell_counts_solved_first_try_and_time(teacher, student, drill):
    answer(student, "sa-follow-1", False, seconds=30, drill=drill)
    answer(student, "sa-follow-1", True, seconds=15, drill=drill)
    answer(student, "sa-winner-1", True, seconds=5, drill=drill)

    cell = class_matrix(drill.classroom).cells[(student.pk, drill.pk)]

    assert (cell.solved, cell.total, cell.tried, cell.first_try) == (2, 3, 2, 1)
    assert cell.accuracy == 50
    assert cell.seconds == 50 and cell.minutes == 1
    assert not cell.done and not cell.late and cell.status == "started"


def test_a_cell_is_done_when_every_puzzle_is_solved_and_says_if_the_target_is_met(teacher, student, drill):
    for key in ("sa-follow-1", "sa-follow-2", "sa-winner-1"):
        answer(student, key, True, drill=drill)

    cell = class_matrix(drill.classroom).cells[(student.pk, drill.pk)]

    assert cell.done and cell.status == "done"
    assert cell.accuracy == 100 and cell.target_met is True


def test_the_target_is_reached_only_when_the_drill_is_finished(teacher, student, drill):
    answer(student, "sa-follow-1", True, drill=drill)  # 1 of 3 puzzles, right at the first try

    cell = class_matrix(drill.classroom).cells[(student.pk, drill.pk)]

    assert cell.accuracy == 100 and not cell.done
    assert cell.target_met is None
    assert "target reached" not in cell.figures and "below target" not in cell.figures


def test_a_finished_drill_below_its_target_says_so(teacher, student, drill):
    answer(student, "sa-follow-1", False, drill=drill)
    for key in ("sa-follow-1", "sa-follow-2", "sa-winner-1"):
        answer(student, key, True, drill=drill)

    cell = class_matrix(drill.classroom).cells[(student.pk, drill.pk)]

    assert cell.done and cell.accuracy == 67 and cell.target_met is False
    assert cell.figures.endswith("below target")


def test_a_drill_done_after_its_due_date_is_late(teacher, student, drill):
    drill.due = dt.date(2021, 1, 31)
    drill.save()
    after = timezone.make_aware(dt.datetime(2021, 2, 1, 0, 0, 1))
    for key in ("sa-follow-1", "sa-follow-2", "sa-winner-1"):
        answer(student, key, True, when=after, drill=drill)

    cell = class_matrix(drill.classroom).cells[(student.pk, drill.pk)]

    assert cell.done and cell.late
    assert cell.label == "Done, late"


def test_a_drill_done_on_its_due_day_is_not_late(teacher, student, drill):
    drill.due = dt.date(2021, 1, 31)
    drill.save()
    due_day_end = timezone.make_aware(dt.datetime(2021, 1, 31, 23, 59))
    for key in ("sa-follow-1", "sa-follow-2", "sa-winner-1"):
        answer(student, key, True, when=due_day_end, drill=drill)
    answer(student, "sa-winner-1", False, when=due_day_end + dt.timedelta(days=3), drill=drill)

    cell = class_matrix(drill.classroom).cells[(student.pk, drill.pk)]

    assert cell.done and not cell.late


def test_an_unfinished_cell_is_late_only_past_its_deadline():
    deadline = timezone.make_aware(dt.datetime(2030, 2, 1))
    before, after = deadline - dt.timedelta(seconds=1), deadline + dt.timedelta(seconds=1)
    assert not Cell(total=2, solved=1, deadline=deadline, now=before).late
    assert Cell(total=2, solved=1, deadline=deadline, now=after).late


def test_an_unfinished_drill_past_its_due_date_is_late(teacher, student, drill):
    drill.due = dt.date(2020, 1, 1)
    drill.save()

    cell = class_matrix(drill.classroom).cells[(student.pk, drill.pk)]

    assert cell.late and cell.status == "late"


def test_another_pupils_answers_and_teachers_answers_do_not_count(teacher, student, other_student, drill):
    answer(other_student, "sa-winner-1", True, drill=drill)
    answer(teacher, "sa-winner-1", True, drill=drill)

    matrix = class_matrix(drill.classroom)

    assert [user for user, _ in matrix.students] == [student]
    assert matrix.cells[(student.pk, drill.pk)].tried == 0


def test_the_dashboard_speaks_arabic(client, teacher, student, drill):
    login(client, teacher)

    response = client.get(f"/ar/classes/{drill.classroom_id}/dashboard/")

    assert 'dir="rtl"' in response.text
    assert "٠/٣" in response.text


def test_the_status_marks_need_no_emoji_font():
    from lessons.classroom.dashboard import SYMBOLS

    # The Unicode blocks whose characters fonts draw as emoji (Miscellaneous Technical's clocks,
    # Miscellaneous Symbols, and everything from U+1F000): a box where no emoji font is installed.
    def emoji_block(ch: str) -> bool:
        return 0x231A <= ord(ch) <= 0x23FF or 0x2600 <= ord(ch) <= 0x26FF or ord(ch) >= 0x1F000

    assert not [s for s in SYMBOLS.values() if any(emoji_block(ch) for ch in s)]
