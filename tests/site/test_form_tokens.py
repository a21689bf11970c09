"""An answer form's token belongs to one puzzle: posted with another, a 400 with no verdict, nothing recorded.

A double submit (the same token, puzzle and answer) still shows the first answer's verdict, once
recorded (tests/site/test_views_answers.py and the drill and trainer tests hold that).
"""

import pytest

from lessons.models import Attempt, DrillItem, Lesson, Step, TrainerPlay
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login
from tests.site.pages import TRICK, make_puzzle, step_url, token
from tests.site.trainer.puzzles import RIGHT, make_generated

NO_VERDICT = ("Right!", "verdict-right", "verdict-wrong")


def used_token(client):
    """A token already recorded with puzzle sa-winner-1 (the "counting" lesson's first step)."""
    url = step_url(1, slug="counting")
    form_token = token(client.get(url))
    assert client.post(url + "answer", {"token": form_token, "seat": "W"}).status_code == 200
    assert Attempt.objects.count() == 1
    return form_token


def assert_refused(response):
    assert response.status_code == 400
    assert "already used" in response.text
    for verdict in NO_VERDICT:
        assert verdict not in response.text
    assert Attempt.objects.count() == 1


@pytest.mark.parametrize("htmx", [False, True])
def test_it_refuses_a_token_of_another_puzzle_on_a_lesson_page(client, saudi, htmx):
    form_token = used_token(client)
    headers = {"HX-Request": "true"} if htmx else {}

    response = client.post(step_url(2) + "answer", {"token": form_token, "card": "KC"}, headers=headers)

    assert_refused(response)


def test_it_refuses_a_token_of_another_puzzle_even_with_the_same_answer(client, saudi):
    # A second "who wins the trick?" of the same table: the answer "W" is written the same way
    # for both, so only the puzzle tells the replayed token from a double submit.
    counting = Lesson.objects.get(slug="counting")
    twin = make_puzzle("sa-winner-2", "trick-winner", TRICK)
    Step.objects.create(lesson=counting, order=6, kind="puzzle", puzzle=twin)
    form_token = used_token(client)

    response = client.post(step_url(6, slug="counting") + "answer", {"token": form_token, "seat": "W"})

    assert_refused(response)
    assert not Attempt.objects.filter(puzzle=twin).exists()


def test_it_refuses_the_same_token_with_another_answer(client, saudi):
    form_token = used_token(client)

    response = client.post(step_url(1, slug="counting") + "answer", {"token": form_token, "seat": "E"})

    assert_refused(response)


def test_it_still_takes_a_double_submit(client, saudi):
    form_token = used_token(client)

    response = client.post(step_url(1, slug="counting") + "answer", {"token": form_token, "seat": "W"})

    assert response.status_code == 200
    assert "Right!" in response.text
    assert Attempt.objects.count() == 1


def test_it_refuses_a_token_of_another_puzzle_on_a_drill_page(client, student, drill):
    login(client, student)
    lesson_token = token(client.get(step_url(2)))
    client.post(step_url(2) + "answer", {"token": lesson_token, "card": "KC"})
    assert Attempt.objects.count() == 1
    item = DrillItem.objects.get(drill=drill, puzzle__key="sa-winner-1")
    url = f"/en/drills/{drill.pk}/puzzles/{item.pk}/"
    client.get(url)

    response = client.post(url + "answer", {"token": lesson_token, "seat": "W"})

    assert_refused(response)


def test_it_refuses_a_token_of_another_puzzle_in_the_trainer(client, saudi, settings):
    settings.TRAINER_FRESH_PUZZLES = False
    make_generated("gen-1")
    form_token = used_token(client)
    client.get("/en/train/saudi/")

    response = client.post("/en/train/saudi/gen-1/answer", {"token": form_token, "card": RIGHT})

    assert_refused(response)
    assert not TrainerPlay.objects.exists()


def test_it_refuses_a_lesson_token_on_the_drill_page_of_the_same_puzzle(client, student, drill):
    # A token belongs to one page too: the lesson's answer does not count for the drill, so
    # replaying its token there would show a verdict the drill never recorded.
    login(client, student)
    item = DrillItem.objects.get(drill=drill, puzzle__key="sa-winner-1")
    lesson_url = step_url(1, slug="counting")
    lesson_token = token(client.get(lesson_url))
    client.post(lesson_url + "answer", {"token": lesson_token, "seat": "W"})
    assert Attempt.objects.get().drill is None
    url = f"/en/drills/{drill.pk}/puzzles/{item.pk}/"
    client.get(url)

    response = client.post(url + "answer", {"token": lesson_token, "seat": "W"})

    assert_refused(response)
