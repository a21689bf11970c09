"""Tampered or incomplete forms: a 400 with a message in the page language, never a 500."""

import pytest

from lessons.models import Attempt
from tests.site.pages import step_url, token

PLAY = step_url(2)


def post(client, url, data, htmx=False):
    """Post ``data`` with the token of the step page the form came from."""
    page = client.get(url.rsplit("/", 1)[0] + "/")
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(url, {"token": token(page), **data}, headers=headers)


@pytest.mark.parametrize(
    ("url", "data", "message"),
    [
        (PLAY + "answer", {"card": "ZZ"}, "is not a card"),
        (PLAY + "answer", {"card": "QH"}, "That card is not in the hand."),
        (PLAY + "answer", {}, "Choose one card."),
        (PLAY + "answer", {"card": ["KC", "7C"]}, "Choose one card."),
        (step_url(3) + "answer", {"cards": ["KC"]}, "That card is not in the hand."),
        (step_url(1, slug="counting") + "answer", {"seat": "X"}, "Choose a seat"),
        (step_url(2, slug="counting") + "answer", {"points": "lots"}, "whole number"),
        (step_url(3, slug="counting") + "answer", {"NS": "14"}, "both teams"),
        (step_url(4, slug="counting") + "answer", {"team": "NE"}, "Choose a team"),
        (step_url(5, slug="counting") + "answer", {"call": "<script>"}, "not a call"),
    ],
)
@pytest.mark.parametrize("htmx", [False, True])
def test_it_answers_a_tampered_form_with_400_and_a_message(client, saudi, url, data, message, htmx):
    response = post(client, url, data, htmx=htmx)

    assert response.status_code == 400
    assert message in response.text
    assert ("<html" in response.text) is not htmx
    assert Attempt.objects.count() == 0


def test_it_keeps_the_page_whole_after_a_tampered_plain_post(client, saudi):
    response = post(client, PLAY + "answer", {"card": "ZZ"})

    # Nothing lost: the cards, the form and a fresh token are all there to try again.
    assert 'name="card" value="KC"' in response.text
    assert 'id="answer-token"' in response.text


def test_it_refuses_an_answer_without_its_token(client, saudi):
    response = client.post(PLAY + "answer", {"card": "KC"})

    assert response.status_code == 400
    assert "incomplete" in response.text


def test_it_refuses_a_damaged_token(client, saudi):
    response = client.post(PLAY + "answer", {"card": "KC", "token": "<>" * 40})

    assert response.status_code == 400
    assert "damaged" in response.text


@pytest.mark.parametrize("action", ["answer", "hint", "solution"])
def test_it_answers_a_post_to_a_text_step_with_400(client, saudi, action):
    response = client.post(step_url(1) + action, {"card": "KC", "token": "abcdefghijkl"})

    assert response.status_code == 400
    assert "nothing to answer here" in response.text


@pytest.mark.parametrize("n", [0, 4, 99999])
def test_it_answers_a_post_to_an_unknown_step_with_400(client, saudi, n):
    response = client.post(step_url(n) + "answer", {"card": "KC", "token": "abcdefghijkl"})

    assert response.status_code == 400
    assert f"no step {n}" in response.text


def test_it_answers_a_post_to_an_unknown_lesson_with_400(client, saudi):
    response = client.post("/en/learn/saudi/nothing/1/answer", {"card": "KC", "token": "abcdefghijkl"})

    assert response.status_code == 400


def test_it_answers_an_htmx_post_to_an_unknown_step_with_a_fragment(client, saudi):
    response = client.post(step_url(9) + "answer", {"token": "abcdefghijkl"}, headers={"HX-Request": "true"})

    assert response.status_code == 400
    assert response.text.lstrip().startswith('<div id="verdict"')


def test_it_refuses_get_on_the_answer_url(client, saudi):
    assert client.get(PLAY + "answer").status_code == 405


def test_it_lets_htmx_swap_400_answers(client, saudi):
    text = client.get(PLAY).text

    assert '{"code": "400", "swap": true, "error": false}' in text


@pytest.mark.parametrize(
    ("lang", "message"),
    [("fr", "Choisissez une carte."), ("ar", "اختر ورقة واحدة."), ("fa", "یک کارت انتخاب کنید.")],
)
def test_it_says_what_is_wrong_in_the_page_language(client, saudi, lang, message):
    response = post(client, step_url(2, lang) + "answer", {})

    assert response.status_code == 400
    assert message in response.text
