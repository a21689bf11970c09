"""An edited puzzle reaches its drills: the editor asks "use the new version in these drills?"
(yes by default, each drill named), and the answers to the old version still count in the drill."""

import re

import pytest

from lessons.classroom.dashboard import drill_stats, make_cell
from lessons.models import Attempt, Drill, DrillItem, Puzzle
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login
from tests.site.classroom.test_teacher_puzzles import COUNT, PLAY, save


@pytest.fixture
def answered(client, teacher, student, drill, classroom):
    """A teacher's puzzle in two drills, answered right by ``student`` in ``drill``."""
    login(client, teacher)
    save(client, PLAY)
    old = Puzzle.objects.get(source="teacher")
    other = Drill.objects.create(classroom=classroom, title="Later")
    for d in (drill, other):
        DrillItem.objects.create(drill=d, order=9, puzzle=old)
    Attempt.objects.create(
        puzzle=old, session_key="s", user=student, answer="KC", correct=True, token="t1", drill=drill
    )
    return old, other


def test_the_editor_asks_which_drills_take_the_new_version_all_ticked(client, drill, answered):
    old, other = answered

    text = client.get(f"/en/puzzles/{old.key}/edit/").text

    assert "Use the new version in these drills?" in text
    ticked = re.findall(r'name="new_version_in" value="(\d+)" checked> <bdi>([^<]+)</bdi>', text)
    assert sorted(ticked) == sorted([(str(drill.pk), "Follow suit"), (str(other.pk), "Later")])


def test_an_unanswered_puzzle_asks_nothing(client, teacher, drill):
    login(client, teacher)
    save(client, PLAY)
    puzzle = Puzzle.objects.get(source="teacher")
    DrillItem.objects.create(drill=drill, order=9, puzzle=puzzle)

    assert "new_version_in" not in client.get(f"/en/puzzles/{puzzle.key}/edit/").text


def test_only_the_ticked_drills_take_the_new_version(client, drill, answered):
    old, other = answered

    client.post(
        f"/en/puzzles/{old.key}/edit/",
        {**COUNT, "action": "save", "versions_asked": "1", "new_version_in": [str(drill.pk), "999999"]},
    )

    new = Puzzle.objects.exclude(pk=old.pk).get(source="teacher")
    item = DrillItem.objects.get(drill=drill, order=9)
    assert (item.puzzle, item.earlier_puzzles) == (new, [old.pk])
    assert DrillItem.objects.get(drill=other, order=9).puzzle == old


def test_the_answer_to_the_old_version_still_counts_in_the_drill(client, student, drill, answered):
    old, _other = answered
    client.post(f"/en/puzzles/{old.key}/edit/", {**COUNT, "action": "save"})
    new = Puzzle.objects.exclude(pk=old.pk).get(source="teacher")
    assert DrillItem.objects.get(drill=drill, order=9).puzzle == new

    puzzles, stats, deadlines = drill_stats([drill], [student.pk])
    cell = make_cell(drill, puzzles[drill.pk], stats, student.pk, deadlines)

    assert new.pk in puzzles[drill.pk] and old.pk not in puzzles[drill.pk]
    assert (cell.tried, cell.solved, cell.first_try, cell.attempts) == (1, 1, 1, 1)
    assert Attempt.objects.get(token="t1").puzzle == old


def test_answers_to_both_versions_make_one_item_whose_first_answer_is_the_olds(client, student, drill):
    from lessons.classroom.dashboard import PuzzleStat
    from lessons.classroom.puzzle_versions import merged

    old = PuzzleStat(tries=2, wrong=1, first_try=False, solved=True, seconds=30, hints=0, solved_by=(True,))
    new = PuzzleStat(tries=1, wrong=0, first_try=True, solved=True, seconds=5, hints=1, solved_by=(False,))

    both = merged([old, new])

    assert (both.tries, both.wrong, both.first_try, both.solved, both.seconds, both.hints) == (
        3,
        1,
        False,
        True,
        35,
        1,
    )
    assert both.solved_by == (True,)
