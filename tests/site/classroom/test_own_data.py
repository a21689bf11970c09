"""A learner's own data: the account page, the JSON of everything kept, deleting the account."""

import json

from django.contrib.auth import get_user_model

from lessons.models import Attempt, PracticeGame, ReviewItem, TrainerRating
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import PASSWORD, login
from tests.site.pages import answer, step_url

User = get_user_model()


def learner(client):
    client.post("/en/accounts/new/", {"username": "layla", "password": PASSWORD, "password2": PASSWORD})
    return User.objects.get(username="layla")


def test_the_account_page_sets_an_email_a_pupil_too(client, student):
    login(client, student)

    saved = client.post("/en/accounts/me/", {"email": "Kam@Example.com"})

    assert saved["Location"] == "/en/accounts/me/?saved=1"
    student.refresh_from_db()
    assert student.email == "kam@example.com"
    page = client.get(saved["Location"])
    assert "/en/accounts/me/data.json" in page.text and "/en/accounts/me/delete" in page.text


def test_a_bad_email_is_said_and_nothing_changes(client, student):
    login(client, student)

    response = client.post("/en/accounts/me/", {"email": "not an address"})

    assert response.status_code == 200 and "field-error" in response.text
    student.refresh_from_db()
    assert student.email == ""


def test_the_download_holds_answers_review_queue_ratings_and_games(client, saudi):
    answer(client, step_url(2), {"card": "AS"})
    user = learner(client)
    TrainerRating.objects.create(user=user, variant="saudi", rating=1555.0)
    PracticeGame.objects.create(user=user, variant="saudi")

    response = client.get("/en/accounts/me/data.json")

    assert response["Content-Type"] == "application/json"
    assert "attachment" in response["Content-Disposition"]
    data = json.loads(response.content)
    assert data["username"] == "layla"
    assert [a["puzzle"] for a in data["answers"]] == ["sa-follow-1"]
    assert [i["puzzle"] for i in data["review_queue"]] == ["sa-follow-1"]
    assert data["trainer"][0]["rating"] == 1555
    assert data["practice_games"][0]["variant"] == "saudi"


def test_a_learner_without_a_class_deletes_everything_but_the_nameless_answers(client, saudi):
    answer(client, step_url(2), {"card": "AS"})
    learner(client)
    asked = client.get("/en/accounts/me/delete")
    assert "Your teachers keep" not in asked.text

    client.post("/en/accounts/me/delete")

    assert not User.objects.exists()
    assert not ReviewItem.objects.exists()
    assert Attempt.objects.get().user is None


def test_own_data_pages_ask_to_sign_in(client, db):
    for url in ("/en/accounts/me/", "/en/accounts/me/data.json", "/en/accounts/me/delete"):
        assert client.get(url)["Location"].startswith("/en/accounts/login/")
