"""Activity over time: each pupil's last moment seen, the "not seen for a week" filter of the
dashboard, and the weeks of a pupil and of the class (lessons/classroom/activity.py)."""

import datetime as dt

from django.utils import timezone

from lessons.classroom import activity
from lessons.models import TrainerPlay, TrainerRating
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login, make_student
from tests.site.classroom.test_dashboard import answer


def test_last_seen_is_the_latest_answer_in_the_class_or_sign_in(teacher, student, drill):
    idle = make_student("idle22", "Zainab", drill.classroom)
    when = timezone.now() - dt.timedelta(days=2)
    answer(student, "sa-follow-1", True, when=when, drill=drill)

    seen = activity.last_seen(drill.classroom, [student.pk, idle.pk])

    assert seen == {student.pk: when, idle.pk: None}
    assert not activity.is_inactive(seen[student.pk]) and activity.is_inactive(seen[idle.pk])


def test_the_dashboard_shows_only_the_pupils_not_seen_for_a_week_when_asked(client, teacher, student, drill):
    make_student("idle22", "Zainab", drill.classroom)
    answer(student, "sa-follow-1", True, when=timezone.now() - dt.timedelta(days=1), drill=drill)
    login(client, teacher)
    url = f"/en/classes/{drill.classroom_id}/dashboard/"

    everyone, idle = client.get(url), client.get(url + "?inactive=1")

    assert "سارة" in everyone.text and "Zainab" in everyone.text
    assert "Zainab" in idle.text and "سارة" not in idle.text
    assert "never" in idle.text and "Show every pupil" in idle.text


def test_the_class_weeks_count_answers_and_the_share_right(client, teacher, student, drill):
    now = timezone.now()
    answer(student, "sa-follow-1", False, when=now - dt.timedelta(minutes=2), drill=drill)
    answer(student, "sa-follow-1", True, when=now - dt.timedelta(minutes=1), drill=drill)
    answer(student, "sa-winner-1", True, when=now - dt.timedelta(days=14), drill=drill)

    weeks = activity.class_weeks(drill.classroom, [student.pk])

    assert len(weeks) == activity.WEEKS and weeks[-1].start <= timezone.localdate(now)
    assert (weeks[-1].answers, weeks[-1].share_right, weeks[-1].bar) == (2, 50, 100)
    assert (weeks[-3].answers, weeks[-3].share_right, weeks[-3].bar) == (1, 100, 50)
    assert weeks[-2].answers == 0 and weeks[-2].share_right is None


def test_a_pupils_page_shows_last_seen_and_the_weeks_with_the_rating(client, teacher, student, drill, saudi):
    now = timezone.now()
    answer(student, "sa-follow-1", True, when=now - dt.timedelta(minutes=5), drill=drill)
    learner = TrainerRating.objects.create(user=student, variant="saudi", rating=1540, played=1)
    TrainerPlay.objects.create(
        learner=learner, puzzle=drill.items.exclude(puzzle=None).first().puzzle, success=True,
        rating_before=1500, rating_after=1540, cleared=True, created=now - dt.timedelta(days=8),
    )  # fmt: skip
    login(client, teacher)

    response = client.get(f"/ar/classes/{drill.classroom_id}/students/{student.pk}/")
    weeks = response.context["weeks"]

    assert weeks[-2].answers == 1 and weeks[-1].answers == 1
    # The rating reached last week is still the rating at the end of this week.
    assert weeks[-1].ratings and weeks[-1].ratings[0][1] == 1540
    # Before their very first rated answer, no rating.
    assert weeks[-3].ratings == ()
    assert "١٥٤٠" in response.text  # the learner's digits
    assert "آخر ظهور" in response.text
    assert 'class="data weeks"' in response.text


def test_a_rating_from_before_the_weeks_starts_them(teacher, student, drill):
    learner = TrainerRating.objects.create(user=student, variant="saudi", rating=1560, played=5)
    TrainerPlay.objects.create(
        learner=learner, puzzle=drill.items.exclude(puzzle=None).first().puzzle, success=True,
        rating_before=1520, rating_after=1560, cleared=True, created=timezone.now() - dt.timedelta(days=8),
    )  # fmt: skip

    weeks = activity.pupil_weeks(drill.classroom, student)

    assert [w.ratings[0][1] for w in weeks[:2]] == [1520, 1520] and weeks[-1].ratings[0][1] == 1560
