"""Answering a puzzle: plain posts get the whole page, htmx posts the verdict fragment only."""

import re

import pytest

from lessons.models import Attempt
from tests.site.pages import answer, step_url, token

PLAY = step_url(2)
ALL_LEGAL = step_url(3)


def counting(n, lang="en"):
    return step_url(n, lang, slug="counting")


def test_it_accepts_the_right_card_with_a_plain_post_and_shows_the_whole_page(client, saudi):
    response = answer(client, PLAY, {"card": "KC"})

    assert response.status_code == 200
    assert "<html" in response.text
    assert 'class="verdict verdict-right"' in response.text
    assert "You follow the suit led when you can." in response.text  # the explanation
    assert f'href="{step_url(3)}"' in response.text


def test_it_answers_an_htmx_post_with_the_verdict_fragment_only(client, saudi):
    response = answer(client, PLAY, {"card": "KC"}, htmx=True)

    assert response.status_code == 200
    assert "<html" not in response.text
    assert "<header" not in response.text
    assert response.text.lstrip().startswith('<div id="verdict" class="verdict verdict-right"')


def test_it_gives_the_form_htmx_attributes_and_a_plain_action(client, saudi):
    text = client.get(PLAY).text

    action = "/en/learn/saudi/follow-suit/2/answer"
    assert f'action="{action}" method="post"' in text
    assert f'hx-post="{action}" hx-target="#verdict" hx-swap="outerHTML"' in text
    assert '<div id="verdict"' in text


def test_it_names_the_rule_an_illegal_card_breaks_without_the_right_card(client, saudi):
    response = answer(client, PLAY, {"card": "AS"}, htmx=True)

    assert response.status_code == 200
    assert 'class="verdict verdict-wrong"' in response.text
    assert 'data-rule="play.must-follow"' in response.text
    assert '<a href="/en/rules/saudi/#rule-play.must-follow">' in response.text
    assert "You may not play A♠ here." in response.text
    assert "K♣" not in response.text and "king of clubs" not in response.text
    assert "rule-id" not in response.text
    assert "Try again." in response.text


def wrong_three_times(client, url, data):
    for _ in range(2):
        answer(client, url, data, htmx=True)
    return answer(client, url, data, htmx=True)


@pytest.mark.parametrize(
    ("lang", "words"),
    [("fr", "Vous devez fournir"), ("ar", "لازم تتبع"), ("fa", "باید")],
)
def test_it_explains_in_the_page_language(client, saudi, lang, words):
    response = wrong_three_times(client, step_url(2, lang), {"card": "AS"})

    assert words in response.text


def test_it_writes_the_numbers_of_engine_sentences_in_native_digits(client, saudi):
    response = wrong_three_times(client, counting(2, "ar"), {"points": "1"})

    assert 'data-rule="trick.win"' in response.text
    assert re.search("[٠-٩]", response.text)
    assert not re.search("[0-9]", re.sub(r"<[^>]*>", "", response.text))


def test_it_says_legal_but_not_the_best_card(client, saudi):
    response = answer(client, PLAY, {"card": "7C"}, htmx=True)

    assert "verdict-wrong" in response.text
    assert "may be played, but it is not the best one" in response.text


def test_it_refreshes_the_token_out_of_band_so_a_new_try_is_a_new_attempt(client, saudi):
    page = client.get(PLAY)
    first = token(page)

    response = client.post(PLAY + "answer", {"token": first, "card": "AS"}, headers={"HX-Request": "true"})

    fresh = re.search(r'id="answer-token" value="([^"]+)" hx-swap-oob="true"', response.text)
    assert fresh is not None
    assert fresh.group(1) != first


def test_it_records_a_double_submit_once(client, saudi):
    page = client.get(PLAY)
    data = {"token": token(page), "card": "AS"}

    client.post(PLAY + "answer", data)
    client.post(PLAY + "answer", data)

    assert Attempt.objects.count() == 1


def test_it_records_every_try_with_its_own_token(client, saudi):
    answer(client, PLAY, {"card": "AS"})
    answer(client, PLAY, {"card": "KC"})

    assert list(Attempt.objects.values_list("correct", flat=True)) == [False, True]


def test_it_accepts_exactly_the_legal_cards(client, saudi):
    response = answer(client, ALL_LEGAL, {"cards": ["JS", "8S"]}, htmx=True)

    assert "verdict-right" in response.text


def test_it_explains_a_wrong_selection_and_keeps_it_ticked_on_a_plain_post(client, saudi):
    response = answer(client, ALL_LEGAL, {"cards": ["JS", "AD"]})

    assert "verdict-wrong" in response.text
    assert 'data-rule="play.must-follow"' in response.text
    assert "You left out 1 card that may be played." in response.text
    assert '<input type="checkbox" name="cards" value="JS" checked>' in response.text
    assert '<input type="checkbox" name="cards" value="8S">' in response.text


def test_it_checks_the_trick_winner(client, saudi):
    wrong = answer(client, counting(1), {"seat": "N"}, htmx=True)
    right = answer(client, counting(1), {"seat": "W"}, htmx=True)

    assert "verdict-wrong" in wrong.text and 'data-rule="trick.win"' in wrong.text
    assert "verdict-right" in right.text


def test_it_checks_the_count_and_reads_native_digits(client, saudi):
    response = answer(client, counting(2, "ar"), {"points": "١٣"}, htmx=True)

    assert "verdict-right" in response.text


def test_it_shows_the_scoring_steps_in_order_after_a_score_answer(client, saudi):
    response = answer(client, counting(3), {"NS": "14", "EW": "12"}, htmx=True)

    assert "verdict-right" in response.text
    steps = re.search(r'<ol class="score-steps">(.*?)</ol>', response.text, re.DOTALL)
    assert steps is not None
    rules = re.findall(r'data-rule="([^"]+)"', steps.group(1))
    assert rules[0] == "score.sa.round-sun"
    assert len(rules) >= 2


def test_it_shows_the_scoring_steps_after_the_third_wrong_score(client, saudi):
    first = answer(client, counting(3), {"NS": "10", "EW": "16"}, htmx=True)
    answer(client, counting(3), {"NS": "10", "EW": "16"}, htmx=True)
    third = answer(client, counting(3), {"NS": "10", "EW": "16"}, htmx=True)

    assert "verdict-wrong" in first.text
    assert '<ol class="score-steps">' not in first.text
    assert '<ol class="score-steps">' in third.text


def test_it_checks_which_team_counts_its_projects(client, saudi):
    assert "verdict-wrong" in answer(client, counting(4), {"team": "none"}, htmx=True).text
    assert "verdict-right" in answer(client, counting(4), {"team": "EW"}, htmx=True).text


def test_it_explains_a_refused_call(client, saudi):
    refused = answer(client, counting(5), {"call": "ashkal"}, htmx=True)
    right = answer(client, counting(5), {"call": "sun"}, htmx=True)

    assert 'data-rule="bid.sa.ashkal-seat"' in refused.text
    assert "verdict-right" in right.text


def test_it_marks_a_solved_puzzle_on_the_lesson_page(client, saudi):
    answer(client, PLAY, {"card": "KC"})

    text = client.get("/en/learn/saudi/follow-suit/").text

    assert "solved" in text


def test_it_counts_solved_puzzles_on_the_progress_page(client, saudi):
    answer(client, PLAY, {"card": "KC"})
    answer(client, ALL_LEGAL, {"cards": ["JS", "8S"]})

    text = client.get("/en/progress/").text

    assert "2 of 2 puzzles solved" in text
    assert "100%" in text
