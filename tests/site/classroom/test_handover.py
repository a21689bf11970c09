"""Everything a browser did moves to the account on sign-up and sign-in, merged with the account's
own records (lessons/handover.py); signing out leaves the browser clean."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from lessons.models import PracticeGame, Puzzle, ReviewItem, Source, TrainerPlay, TrainerRating
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import PASSWORD
from tests.site.pages import answer, step_url
from tests.site.practice.test_hand_review import a_hand_with_a_card_mistake

SIGNUP = {"username": "layla", "password": PASSWORD, "password2": PASSWORD, "email": ""}


def sign_up(client):
    assert client.post("/en/accounts/new/", SIGNUP).status_code == 302


def sign_in(client, username="layla"):
    assert client.post("/en/accounts/login/", {"username": username, "password": PASSWORD}).status_code == 302


def test_answers_stars_and_the_review_queue_follow_the_learner_to_another_browser(client, saudi):
    answer(client, step_url(2), {"card": "AS"})  # wrong: into the review queue
    answer(client, step_url(2), {"card": "KC"})

    sign_up(client)
    elsewhere = Client()
    sign_in(elsewhere)

    for browser in (client, elsewhere):  # the first browser still sees it all too
        assert "1 of 2 puzzles solved" in browser.get("/en/progress/").text
        assert "1 of 3 stars" in browser.get("/en/learn/saudi/").text
    assert ReviewItem.objects.get().user.username == "layla"


def test_a_puzzle_in_both_review_queues_is_kept_once_the_sooner(client, saudi, student):
    puzzle = Puzzle.objects.get(key="sa-follow-1")
    later = timezone.now() + timedelta(days=5)
    ReviewItem.objects.create(
        puzzle=puzzle, session_key=f"account-{student.pk}", user=student, stage=2, due=later
    )
    answer(client, step_url(2), {"card": "AS"})  # wrong here: due tomorrow, stage 0

    sign_in(client, "kam472")

    item = ReviewItem.objects.get()
    assert (item.user, item.stage) == (student, 0)
    assert item.due < later


@pytest.mark.django_db
def test_the_practice_game_its_review_and_personal_puzzle_follow_the_learner(client):
    game, n, mistake = a_hand_with_a_card_mistake(client)
    client.post(f"/en/practice/game/{game.pk}/hand/{n}/practise", {"trick": mistake["trick"]})
    puzzle = Puzzle.objects.get(source=Source.PERSONAL)

    sign_up(client)
    elsewhere = Client()
    sign_in(elsewhere)

    game.refresh_from_db()
    assert (game.user.username, game.session_key) == ("layla", "")
    for browser in (client, elsewhere):
        assert browser.get(f"/en/practice/game/{game.pk}/").status_code == 200
        replay = browser.get(f"/en/practice/game/{game.pk}/hand/{n}/")
        assert replay.status_code == 200
        assert "This position is in your review queue." in replay.text
        assert browser.get(f"/en/review/{puzzle.key}/").status_code == 200


def rating(variant="saudi", rating=1500.0, updated=None, **owner):
    return TrainerRating.objects.create(
        variant=variant, rating=rating, played=3, won=2, updated=updated or timezone.now(), **owner
    )


def test_a_trainer_rating_of_the_browser_moves_to_the_account(client, saudi, student):
    client.get("/en/")
    client.session.save()
    key = client.session.session_key
    mine = rating(rating=1620.0, session_key=key)
    answer(client, step_url(2), {"card": "KC"})  # notes the browser's key, as any answer does

    sign_in(client, "kam472")

    mine.refresh_from_db()
    assert (mine.user, mine.session_key, mine.rating) == (student, "", 1620.0)
    assert "1620" in client.get("/en/train/").text


def test_of_two_trainer_ratings_the_newer_is_kept_with_the_history_of_both(client, saudi, student):
    answer(client, step_url(2), {"card": "KC"})
    key = client.session.session_key
    puzzles = list(Puzzle.objects.all()[:3])
    old = rating(rating=1400.0, user=student, updated=timezone.now() - timedelta(days=3))
    new = rating(rating=1580.0, session_key=key)
    play = {"success": True, "rating_before": 1500.0, "rating_after": 1510.0, "cleared": True}
    TrainerPlay.objects.create(learner=old, puzzle=puzzles[0], **play)
    TrainerPlay.objects.create(learner=old, puzzle=puzzles[1], **play)  # met by both
    TrainerPlay.objects.create(learner=new, puzzle=puzzles[1], **play)
    TrainerPlay.objects.create(learner=new, puzzle=puzzles[2], **play)

    sign_in(client, "kam472")

    kept = TrainerRating.objects.get()
    assert (kept.pk, kept.user, kept.rating, kept.played, kept.won) == (new.pk, student, 1580.0, 6, 4)
    assert sorted(kept.plays.values_list("puzzle_id", flat=True)) == sorted(p.pk for p in puzzles)


def test_the_newer_account_rating_wins_over_an_older_one_of_the_browser(client, saudi, student):
    answer(client, step_url(2), {"card": "KC"})
    rating(rating=1300.0, session_key=client.session.session_key, updated=timezone.now() - timedelta(days=1))
    rating(rating=1700.0, user=student)

    sign_in(client, "kam472")

    assert TrainerRating.objects.get().rating == 1700.0


def test_lessons_seen_display_choices_and_the_calculator_sheet_follow_and_sign_out_leaves_it_clean(
    client, saudi
):
    client.post("/en/prefs/", {"digits": "western", "deck": "", "next": "/en/"})  # makes the session
    client.get(step_url(1))  # a lesson seen (noted now that the browser has a session): one star
    session = client.session
    session["calculator_sheets"] = {"saudi": {"start": {"us": 0, "them": 0}, "pot": 0, "entries": []}}
    session.save()
    sign_up(client)

    client.post("/en/accounts/logout/")
    clean = client.session
    assert "lessons-seen" not in clean and "calculator_sheets" not in clean and "prefs" not in clean
    assert "0 of 2 puzzles solved" in client.get("/en/progress/").text
    assert not PracticeGame.objects.exists()

    elsewhere = Client()
    sign_in(elsewhere)
    back = elsewhere.session
    assert back["prefs"]["digits"] == "western"
    assert "saudi" in back["calculator_sheets"]
    assert "1 of 3 stars" in elsewhere.get("/en/learn/saudi/").text


def test_a_lesson_keeps_the_better_of_its_two_stars(client, saudi, student):
    elsewhere = Client()
    sign_in(elsewhere, "kam472")
    answer(elsewhere, step_url(2), {"card": "AS"})  # wrong first: two stars at best
    answer(elsewhere, step_url(2), {"card": "KC"})
    answer(elsewhere, step_url(3), {"cards": ["JS", "8S"]})
    assert "2 of 3 stars" in elsewhere.get("/en/learn/saudi/").text
    answer(client, step_url(2), {"card": "KC"})  # later, in this browser: right at the first try
    answer(client, step_url(3), {"cards": ["JS", "8S"]})
    assert "3 of 3 stars" in client.get("/en/learn/saudi/").text

    sign_in(client, "kam472")

    assert "3 of 3 stars" in client.get("/en/learn/saudi/").text


def test_digits_chosen_while_signed_in_are_found_on_another_device_at_once(client, db):
    sign_up(client)

    client.post("/en/prefs/", {"digits": "western", "deck": "", "next": "/en/"})
    elsewhere = Client()
    sign_in(elsewhere)

    assert elsewhere.session["prefs"]["digits"] == "western"
