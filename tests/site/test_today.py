"""The home's first screen: the one next step, the streak of days, the courses started as bars."""

import datetime as dt

from django.utils import timezone

from lessons.models import Attempt, ReviewItem
from lessons.today import streak
from tests.site.pages import *  # noqa: F403 (the course fixtures)
from tests.site.pages import answer, step_url

NEXT = 'class="today"'


def next_step(client):
    text = client.get("/en/").text
    start = text.index(NEXT)
    return text[start : text.index("</section>", start)]


def test_a_newcomer_is_shown_the_first_lesson(client, saudi):
    shown = next_step(client)

    assert "Begin with lesson 1: Follow suit" in shown
    assert 'href="/en/learn/saudi/follow-suit/1/"' in shown
    assert "in a row" not in shown and "<progress" not in shown


def test_the_next_step_follows_the_learner_lesson_by_lesson(client, saudi):
    # A browser with a session, as after a first answer: what it reads is noted.
    assert client.session.session_key
    client.get(step_url(2))
    shown = next_step(client)
    assert "Continue lesson 1: Follow suit" in shown and 'href="/en/learn/saudi/follow-suit/2/"' in shown

    answer(client, step_url(2), {"card": "KC"})
    answer(client, step_url(3), {"cards": ["JS", "8S"]})
    shown = next_step(client)

    assert "Next, lesson 2: Counting" in shown and 'href="/en/learn/saudi/counting/1/"' in shown
    assert '<progress max="2" value="1"' in shown  # the course started: one lesson of two done
    assert "1 day in a row" in shown


def test_puzzles_due_for_review_come_first(client, saudi):
    answer(client, step_url(2), {"card": "AS"})  # wrong: back tomorrow
    ReviewItem.objects.update(due=timezone.now() - dt.timedelta(minutes=1))

    shown = next_step(client)

    assert "Review (1 due)" in shown and 'href="/en/review/"' in shown


def test_the_streak_counts_days_in_a_row_ending_today_or_yesterday(client, saudi):
    answer(client, step_url(2), {"card": "KC"})
    key = client.session.session_key
    attempt = Attempt.objects.get()
    today = timezone.localdate()
    for days_ago in (1, 2, 4):
        Attempt.objects.create(
            puzzle=attempt.puzzle, session_key=key, answer="KC", correct=True, token=f"t{days_ago}",
            created=timezone.now() - dt.timedelta(days=days_ago),
        )  # fmt: skip

    assert streak(key, today) == 3
    assert streak(key, today + dt.timedelta(days=1)) == 3  # today is not over
    assert streak(key, today + dt.timedelta(days=2)) == 0
    assert streak(None) == 0


def test_the_progress_page_draws_a_bar_per_course_and_per_rule(client, saudi):
    answer(client, step_url(2), {"card": "KC"})
    answer(client, step_url(3), {"cards": ["JS", "8S"]})

    text = client.get("/en/progress/").text

    assert '<progress class="rule-bar" max="2" value="1"' in text  # lessons done of the course
    assert text.count('class="rule-bar"') >= 2  # and each rule met
