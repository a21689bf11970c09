"""The review page and "Review (N due)": wrong answers come back, and signing in keeps them."""

from datetime import timedelta

from django.utils import timezone

from lessons.models import ReviewItem
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import PASSWORD
from tests.site.pages import answer, step_url, token


def make_due() -> None:
    ReviewItem.objects.update(due=timezone.now() - timedelta(minutes=1))


def test_it_counts_due_puzzles_on_the_home_page(client, saudi):
    answer(client, step_url(2), {"card": "AS"})  # wrong: AS does not follow clubs
    assert "due)" not in client.get("/en/").text  # back tomorrow, not today

    make_due()

    assert "Review (1 due)" in client.get("/en/").text
    assert "(١ due)" not in client.get("/ar/").text  # the Arabic page says it in Arabic


def test_it_serves_a_due_puzzle_as_its_lesson_step_and_moves_it_on_when_right(client, saudi):
    answer(client, step_url(2), {"card": "AS"})
    make_due()

    response = client.get("/en/review/")
    assert response.status_code == 302
    assert response["Location"] == "/en/review/sa-follow-1/"
    page = client.get("/en/review/sa-follow-1/")
    assert page.status_code == 200
    assert 'action="/en/review/sa-follow-1/answer"' in page.text

    verdict = client.post("/en/review/sa-follow-1/answer", {"token": token(page), "card": "KC"})

    assert verdict.status_code == 200
    assert ReviewItem.objects.get().stage == 1
    assert "Nothing to review right now." in client.get("/en/review/").text


def test_it_refuses_a_puzzle_that_is_not_in_the_learners_review(client, saudi):
    response = client.get("/en/review/sa-follow-1/")

    assert response.status_code == 400
    assert "not in your review" in response.text


def test_signing_in_keeps_the_review_queue_and_the_stars(client, saudi, student):
    answer(client, step_url(2), {"card": "AS"})
    answer(client, step_url(2), {"card": "KC"})
    answer(client, step_url(3), {"cards": ["JS", "8S"]})
    before = client.get("/en/learn/saudi/").text
    assert "2 of 3 stars" in before

    client.post("/en/accounts/login/", {"username": "kam472", "password": PASSWORD})

    item = ReviewItem.objects.get()
    assert (item.user, item.session_key) == (student, f"account-{student.pk}")
    make_due()
    assert "Review (1 due)" in client.get("/en/").text
    assert "2 of 3 stars" in client.get("/en/learn/saudi/").text
