"""lessons.review: a puzzle got wrong comes back after 1, 3 and 7 days, spread over rules."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.backends.db import SessionStore
from django.test import RequestFactory
from django.utils import timezone

from lessons import review
from lessons.models import Puzzle, ReviewItem, Source
from tests.site.pages import PLAY, make_puzzle

DAY = timedelta(days=1)


def item(key="sa-follow-1", session="s") -> ReviewItem:
    return ReviewItem.objects.get(puzzle__key=key, session_key=session)


def later(days: float):
    return timezone.now() + timedelta(days=days)


def test_it_puts_a_puzzle_got_wrong_in_the_queue_for_tomorrow(saudi):
    puzzle = Puzzle.objects.get(key="sa-follow-1")

    review.note_answer(puzzle, "s", None, correct=False)

    queued = item()
    assert queued.stage == 0 and not queued.learnt
    assert timezone.now() + DAY - timedelta(minutes=1) < queued.due <= timezone.now() + DAY
    assert review.due_count("s", AnonymousUser()) == 0
    assert ReviewItem.objects.filter(session_key="s", due__lte=later(1.01)).count() == 1


def test_a_right_answer_leaves_a_puzzle_out_of_the_queue(saudi):
    review.note_answer(Puzzle.objects.get(key="sa-follow-1"), "s", None, correct=True)

    assert not ReviewItem.objects.exists()


def test_it_brings_a_puzzle_back_after_1_3_and_7_days_then_it_is_learnt(saudi):
    puzzle = Puzzle.objects.get(key="sa-follow-1")
    review.note_answer(puzzle, "s", None, correct=False)

    now = later(1.01)
    review.note_answer(puzzle, "s", None, correct=True, now=now)
    assert (item().stage, item().due) == (1, now + 3 * DAY)

    now += 3 * DAY
    review.note_answer(puzzle, "s", None, correct=True, now=now)
    assert (item().stage, item().due) == (2, now + 7 * DAY)

    now += 7 * DAY
    review.note_answer(puzzle, "s", None, correct=True, now=now)
    assert item().learnt


def test_a_right_answer_before_the_puzzle_is_due_does_not_move_it_on(saudi):
    puzzle = Puzzle.objects.get(key="sa-follow-1")
    review.note_answer(puzzle, "s", None, correct=False)
    due = item().due

    review.note_answer(puzzle, "s", None, correct=True)  # trying again at once, in the lesson

    assert (item().stage, item().due) == (0, due)


def test_a_wrong_answer_starts_the_puzzle_over(saudi):
    puzzle = Puzzle.objects.get(key="sa-follow-1")
    review.note_answer(puzzle, "s", None, correct=False)
    review.note_answer(puzzle, "s", None, correct=True, now=later(1.01))
    assert item().stage == 1

    now = later(4.02)
    review.note_answer(puzzle, "s", None, correct=False, now=now)

    assert (item().stage, item().due) == (0, now + DAY)


def test_generated_puzzles_stay_out_of_the_queue(saudi):
    puzzle = Puzzle.objects.get(key="sa-follow-1")
    puzzle.source = Source.GENERATED
    puzzle.save()

    review.note_answer(puzzle, "s", None, correct=False)

    assert not ReviewItem.objects.exists()


def test_it_serves_due_puzzles_spread_over_rules(saudi):
    other_rule = make_puzzle("sa-other-rule", "play", PLAY, ["KC"])
    other_rule.rules = ["play.must-trump"]
    other_rule.save()
    past = timezone.now() - DAY
    for n, key in enumerate(["sa-follow-1", "sa-follow-2", "sa-other-rule"]):
        ReviewItem.objects.create(
            puzzle=Puzzle.objects.get(key=key), session_key="s", due=past + timedelta(minutes=n)
        )
    request = RequestFactory().get("/")
    request.session = SessionStore()
    request.user = AnonymousUser()

    served = []
    for _ in range(2):
        puzzle = review.next_due(request, "s")
        served.append(puzzle.key)
        review.served(request, puzzle)
        ReviewItem.objects.filter(puzzle=puzzle).update(due=later(1))

    # sa-follow-2 was due before sa-other-rule, but practises the rule just served.
    assert served == ["sa-follow-1", "sa-other-rule"]


@pytest.mark.django_db
def test_it_merges_a_browsers_queue_into_the_accounts_keeping_the_earlier_stage(saudi, django_user_model):
    user = django_user_model.objects.create(username="learner")
    follow_1, follow_2 = Puzzle.objects.get(key="sa-follow-1"), Puzzle.objects.get(key="sa-follow-2")
    mine = ReviewItem.objects.create(
        puzzle=follow_1, session_key="old-device", user=user, stage=2, due=later(5)
    )
    browser = ReviewItem.objects.create(puzzle=follow_1, session_key="anon", stage=0, due=later(1))
    ReviewItem.objects.create(puzzle=follow_2, session_key="anon", stage=1, due=later(2))
    stranger = ReviewItem.objects.create(puzzle=follow_2, session_key="someone-else", stage=0, due=later(1))

    review.keep_on_sign_in(user, "anon", "new")

    kept = {(i.puzzle.key, i.stage) for i in ReviewItem.objects.filter(session_key="new", user=user)}
    assert kept == {("sa-follow-1", 0), ("sa-follow-2", 1)}
    assert not ReviewItem.objects.filter(pk=mine.pk).exists()
    assert ReviewItem.objects.filter(pk=browser.pk).exists()
    assert ReviewItem.objects.get(pk=stranger.pk).session_key == "someone-else"


def test_next_puzzle_never_serves_the_same_puzzle_twice_in_a_row_while_another_is_due(saudi):
    past = timezone.now() - DAY
    for n, key in enumerate(["sa-follow-1", "sa-follow-2"]):  # both practise play.must-follow
        ReviewItem.objects.create(
            puzzle=Puzzle.objects.get(key=key), session_key="s", due=past + timedelta(minutes=n)
        )
    request = RequestFactory().get("/")
    request.session = SessionStore()
    request.user = AnonymousUser()

    served = []
    for _ in range(4):  # "Next puzzle" without answering: both stay due
        puzzle = review.next_due(request, "s")
        served.append(puzzle.key)
        review.served(request, puzzle)

    assert served == ["sa-follow-1", "sa-follow-2", "sa-follow-1", "sa-follow-2"]


def test_the_only_puzzle_due_is_served_again(saudi):
    ReviewItem.objects.create(puzzle=Puzzle.objects.get(key="sa-follow-1"), session_key="s", due=later(-1))
    request = RequestFactory().get("/")
    request.session = SessionStore()
    request.user = AnonymousUser()

    review.served(request, review.next_due(request, "s"))

    assert review.next_due(request, "s").key == "sa-follow-1"


def test_a_puzzle_got_wrong_in_a_drill_enters_the_queue_whatever_its_source(saudi):
    puzzle = make_puzzle("t-own", "play", PLAY, ["KC"])
    puzzle.source = Source.TEACHER
    puzzle.save()

    review.note_answer(puzzle, "s", None, correct=False)
    assert not ReviewItem.objects.exists()  # outside a drill a teacher's puzzle is not a lesson's

    review.note_answer(puzzle, "s", None, correct=False, drill=object())
    assert item("t-own").stage == 0
