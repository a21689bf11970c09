"""A pupil's page for their teachers: each drill's state and the latest answers."""

from lessons.models import Attempt, Puzzle, PuzzleAuthor, Source
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login
from tests.site.pages import TRICK


def answer(user, key, given, correct, seconds=9, hints=0, drill=None):
    n = Attempt.objects.count()
    return Attempt.objects.create(
        puzzle=Puzzle.objects.get(key=key), session_key="s", user=user, answer=given, correct=correct,
        seconds=seconds, hints_used=hints, token=f"t-{n}", drill=drill,
    )  # fmt: skip


def test_it_lists_the_pupils_answers_newest_first(client, teacher, student, drill):
    answer(student, "sa-follow-1", "AS", False, seconds=31, hints=1, drill=drill)
    answer(student, "sa-follow-1", "KC", True, seconds=12, drill=drill)
    login(client, teacher)

    text = client.get(f"/en/classes/{drill.classroom_id}/students/{student.pk}/").text

    assert "سارة" in text and "kam472" in text
    assert text.index("K♣") < text.index("A♠") or text.index("KC") < text.index("AS")
    assert "wrong" in text and "right" in text
    assert ">31<" in text and ">12<" in text
    assert "Follow suit" in text and "1/3 solved" in text


def test_it_leaves_out_another_teachers_puzzles(client, teacher, other_teacher, student, drill):
    theirs = Puzzle.objects.create(
        key="t-theirs",
        variant="saudi",
        task="trick-winner",
        position=TRICK,
        answers=["W"],
        source=Source.TEACHER,
    )
    PuzzleAuthor.objects.create(puzzle=theirs, author=other_teacher)
    answer(student, "t-theirs", "E", False)
    login(client, teacher)

    text = client.get(f"/en/classes/{drill.classroom_id}/students/{student.pk}/").text

    assert "t-theirs" not in text
    assert "No answer yet." in text


def test_it_knows_only_the_pupils_of_the_class(client, teacher, other_student, classroom):
    login(client, teacher)
    assert client.get(f"/en/classes/{classroom.pk}/students/{other_student.pk}/").status_code == 404
