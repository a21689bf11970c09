"""A teacher's own puzzle at the practice table: for who may open its page, not for whoever has its key."""

import pytest
from django.contrib.auth.models import AnonymousUser

from lessons.models import DrillItem, Puzzle, PuzzleAuthor, Source
from lessons.puzzle_access import may_see_puzzle
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login, make_student
from tests.site.pages import PLAY


@pytest.fixture
def own_puzzle(teacher, saudi):
    puzzle = Puzzle.objects.create(
        key="t-0a1b2c3d4e", variant="saudi", task="play", position=PLAY, answers=["KC"],
        source=Source.TEACHER, prompt_en="West leads a club. What do you play?",
    )  # fmt: skip
    PuzzleAuthor.objects.create(puzzle=puzzle, author=teacher)
    return puzzle


def url(puzzle):
    return f"/en/practice/puzzle/{puzzle.key}/"


def test_its_author_plays_it_out(client, teacher, own_puzzle):
    login(client, teacher)

    assert client.get(url(own_puzzle)).status_code == 200


@pytest.mark.parametrize("who", ["anonymous", "other_teacher", "other_student", "student"])
def test_nobody_else_plays_it_out(client, request, own_puzzle, other_teacher, other_student, student, who):
    if who != "anonymous":
        login(client, request.getfixturevalue(who))

    assert client.get(url(own_puzzle)).status_code == 404
    assert client.post(url(own_puzzle), {"level": "random"}).status_code == 404


def test_the_pupils_of_a_drill_holding_it_play_it_out(client, student, co_teacher, drill, own_puzzle):
    DrillItem.objects.create(drill=drill, order=3, puzzle=own_puzzle)
    for user in (student, co_teacher):
        login(client, user)
        assert client.get(url(own_puzzle)).status_code == 200


def test_the_courses_puzzles_stay_open_to_everyone(db, saudi, classroom):
    puzzle = Puzzle.objects.get(key="sa-follow-1")

    assert may_see_puzzle(AnonymousUser(), puzzle)
    assert may_see_puzzle(make_student("abc123", "Nour", classroom), puzzle)
