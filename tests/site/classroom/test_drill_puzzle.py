"""A drill's own puzzle pages: drawn, answered, hinted and solved like a lesson's puzzle steps."""

import re

import pytest

from lessons.models import Attempt, DrillItem
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login
from tests.site.pages import token


@pytest.fixture
def url(drill):
    item = DrillItem.objects.get(drill=drill, puzzle__key="sa-winner-1")
    return f"/en/drills/{drill.pk}/puzzles/{item.pk}/"


def shown(page):
    match = re.search(r'name="shown" id="answer-shown" value="([^"]+)"', page.text)
    return match.group(1) if match else ""


def post_answer(client, url, seat, htmx=False, same_token=None):
    page = client.get(url)
    data = {"token": same_token or token(page), "shown": shown(page), "seat": seat}
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(url + "answer", data, headers=headers)


def test_it_shows_the_puzzle_in_the_drill(client, student, url):
    login(client, student)

    response = client.get(url)

    assert response.status_code == 200
    assert "Follow suit" in response.text  # the drill's name
    assert "Who wins this trick?" in response.text
    assert f'action="{url}answer"' in response.text
    assert f'hx-post="{url}answer"' in response.text
    assert "Item 2 of 2" in response.text


def test_a_wrong_then_a_right_answer_are_recorded_with_the_pupil(client, student, url):
    login(client, student)

    wrong = post_answer(client, url, "E")
    right = post_answer(client, url, "W", htmx=True)

    assert "verdict-wrong" in wrong.text and "<html" in wrong.text
    assert right.text.lstrip().startswith('<div id="verdict" class="verdict verdict-right"')
    attempts = list(Attempt.objects.order_by("id"))
    assert [(a.answer, a.correct, a.user) for a in attempts] == [("E", False, student), ("W", True, student)]
    assert all(a.seconds is not None for a in attempts)


def test_the_engine_says_why_a_wrong_answer_is_wrong(client, student, url):
    login(client, student)

    response = post_answer(client, url, "E", htmx=True)

    assert "trick.win" in response.text


def test_a_double_submit_is_recorded_once(client, student, url):
    login(client, student)
    page = client.get(url)
    data = {"token": token(page), "shown": shown(page), "seat": "E"}

    client.post(url + "answer", data)
    client.post(url + "answer", data)

    assert Attempt.objects.count() == 1


def test_it_refuses_a_tampered_answer_with_a_400(client, student, url):
    login(client, student)

    bad_seat = post_answer(client, url, "X")
    no_token = client.post(url + "answer", {"seat": "W"})

    assert bad_seat.status_code == no_token.status_code == 400
    assert not Attempt.objects.exists()


def test_it_shows_the_hint_and_counts_it(client, student, url):
    login(client, student)

    hint = client.post(url + "hint", headers={"HX-Request": "true"})
    post_answer(client, url, "W")

    assert "Look at the suit that was led." in hint.text
    assert Attempt.objects.get().hints_used == 1


def test_it_opens_the_solution_after_two_wrong_answers(client, student, url):
    login(client, student)
    assert client.post(url + "solution").status_code == 400

    post_answer(client, url, "E")
    post_answer(client, url, "N")
    response = client.post(url + "solution", headers={"HX-Request": "true"})

    assert response.status_code == 200
    assert "Solution" in response.text


def test_after_the_last_item_it_leads_back_to_the_drill(client, student, url, drill):
    login(client, student)

    response = post_answer(client, url, "W")

    assert f'href="/en/drills/{drill.pk}/"' in response.text


def test_it_speaks_french(client, student, drill, url):
    login(client, student)

    response = client.get(url.replace("/en/", "/fr/"))

    assert "Qui remporte ce pli" in response.text
    assert 'lang="fr"' in response.text
