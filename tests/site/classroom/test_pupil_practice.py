"""A pupil's finished hands at the practice table, as their teachers see them on the pupil's page:
each hand's score and the mistakes its review found; nothing of an anonymous session's games."""

import re

from django.test import Client

from lessons.models import HandReview, PracticeGame, ReviewStatus
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login
from tests.site.practice.test_hand_review import a_hand_with_a_card_mistake


def student_page(client, classroom, pupil, lang="en"):
    return client.get(f"/{lang}/classes/{classroom.pk}/students/{pupil.pk}/")


def test_the_pupil_page_shows_each_finished_hand_with_its_score_and_mistakes(
    client, teacher, classroom, student
):
    pupil = Client()
    login(pupil, student)
    game, n, mistake = a_hand_with_a_card_mistake(pupil)
    result = game.hands[n - 1]["result"]
    login(client, teacher)

    page = student_page(client, classroom, student)

    assert page.status_code == 200
    text = re.sub(r"\s+", " ", page.text)
    assert "Hands played" in text
    assert f"{result['NS']} – {result['EW']}" in text
    points = "card point" if mistake["loss"] == 1 else "card points"
    assert f"Trick {mistake['trick']}: " in text and f"{mistake['loss']} {points} lost" in text
    # Every finished hand of the game is listed, the newest first.
    finished = [h for h in game.hands if "result" in h and not h["result"].get("void")]
    section = page.text.split('id="pupil-practice"')[1].split("</section>")[0]
    assert section.count("<tr>") == 1 + len(finished)


def test_a_marked_doubling_word_is_listed_with_the_calls(client, teacher, classroom, student):
    pupil = Client()
    login(pupil, student)
    game, n, _ = a_hand_with_a_card_mistake(pupil)
    row = HandReview.objects.get(game=game, hand=n)
    row.result["doubles"] = [{"word": "double", "best": "pass", "margin": 0.8, "points": 13, "buyers": False}]
    row.save()
    login(client, teacher)

    page = student_page(client, classroom, student)

    assert "Called Double where Pass was clearly better" in re.sub(r"\s+", " ", page.text)


def test_a_hand_under_review_says_so_in_the_pupils_language_page(client, teacher, classroom, student):
    pupil = Client()
    login(pupil, student)
    game, n, _ = a_hand_with_a_card_mistake(pupil)
    HandReview.objects.filter(game=game, hand=n).update(status=ReviewStatus.PENDING)
    login(client, teacher)

    page = student_page(client, classroom, student, lang="fr")

    assert "Donnes jouées" in page.text
    assert "Analyse en cours…" in page.text


def test_no_hand_yet_and_an_anonymous_game_is_nobodys(client, teacher, classroom, student):
    a_hand_with_a_card_mistake(Client())  # played without signing in
    login(client, teacher)

    page = student_page(client, classroom, student)

    assert PracticeGame.objects.filter(user__isnull=True).exists()
    assert "No finished hand at the practice table yet." in page.text


def test_another_teacher_sees_nothing(client, other_teacher, classroom, student):
    pupil = Client()
    login(pupil, student)
    a_hand_with_a_card_mistake(pupil)
    login(client, other_teacher)

    assert student_page(client, classroom, student).status_code == 404
