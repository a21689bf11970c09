"""What the home page tells a learner to do today: the one next step, the streak of days, and
how far each course they started has come.

The next step, in this order: the review when puzzles are due (they were got wrong and come back
on their day); else the lesson the learner stopped in, or the one after it once it is done; else,
every lesson of that course done, a hand at the practice table; and for a learner who has not
begun, the first lesson of the course of the page's language.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest
from django.urls import reverse
from django.utils import timezone

from lessons import progress, review
from lessons.models import Attempt, Course, Lesson


@dataclass(frozen=True)
class NextStep:
    """``kind``: "review" (``count`` due), "continue" or "next" (lesson ``number``, ``title``),
    "start" (the first lesson of ``course``), "play" (a hand of ``course``'s variant)."""

    kind: str
    url: str
    number: int = 0
    title: str = ""
    count: int = 0
    course: Course | None = None


@dataclass(frozen=True)
class CourseBar:
    course: Course
    done: int
    total: int


def numbered(course: Course) -> list[tuple[int, Lesson]]:
    """The lessons of ``course`` with the numbers the course page gives them (a checkpoint keeps
    the number of the lesson before it)."""
    rows, number = [], 0
    for lesson in progress.lessons_in_order():
        if lesson.course_id == course.pk:
            number += 0 if lesson.checkpoint else 1
            rows.append((number, lesson))
    return rows


def next_step(request: HttpRequest, courses: list[Course], language: str) -> NextStep | None:
    due = review.due_count(progress.session_key(request), request.user)
    if due:
        return NextStep("review", reverse("review-index"), count=due)
    by_key = {c.key: c for c in courses}
    for key in reversed(list(request.session.get(progress.WHERE_KEY, {}))):  # the latest first
        course, stopped = by_key.get(key), progress.stopped_at(request, key)
        if course is not None and stopped is not None:
            return _in_course(request, course, *stopped)
    if not courses:
        return None
    first = next(
        (c for c in courses if c.key == c.variant and c.variant == _VARIANT_OF.get(language)), courses[0]
    )
    lessons = numbered(first)
    if not lessons:
        return None
    url = reverse("lessons-step", args=[first.key, lessons[0][1].slug, 1])
    return NextStep("start", url, 1, lessons[0][1].title, course=first)


# The course a newcomer is shown first, by the page's language.
_VARIANT_OF = {"fr": "french", "ar": "saudi", "fa": "saudi", "en": "saudi"}


def _in_course(request: HttpRequest, course: Course, slug: str, n: int) -> NextStep:
    lessons = numbered(course)
    marks = progress.lesson_marks(request, [lesson for _, lesson in lessons])
    at = next((i for i, (_, lesson) in enumerate(lessons) if lesson.slug == slug), None)
    if at is not None:
        number, lesson = lessons[at]
        mark = marks.get(lesson.pk)
        if mark is None or not mark.total or mark.done < mark.total:
            url = reverse("lessons-step", args=[course.key, lesson.slug, n])
            return NextStep("continue", url, number, lesson.title, course=course)
        for number, lesson in lessons[at + 1 :]:
            mark = marks.get(lesson.pk)
            if mark is None or mark.done < mark.total:
                url = reverse("lessons-step", args=[course.key, lesson.slug, 1])
                return NextStep("next", url, number, lesson.title, course=course)
    return NextStep("play", reverse("practice-index"), course=course)


def streak(key: str | None, today: dt.date | None = None) -> int:
    """Days in a row with at least one answer, ending today (or yesterday: today is not over)."""
    if not key:
        return 0
    today = today or timezone.localdate()
    since = today - dt.timedelta(days=400)
    days = set(Attempt.objects.filter(session_key=key, created__date__gte=since).dates("created", "day"))
    day = today if today in days else today - dt.timedelta(days=1)
    count = 0
    while day in days:
        count += 1
        day -= dt.timedelta(days=1)
    return count


def course_bars(request: HttpRequest, courses: list[Course], marks: dict[int, Any]) -> list[CourseBar]:
    """The courses the learner started (a lesson seen or a puzzle solved), with lessons done."""
    where = request.session.get(progress.WHERE_KEY, {})
    bars = []
    for course in courses:
        mark = marks.get(course.pk)
        if mark is not None and mark.total and (mark.done or course.key in where):
            bars.append(CourseBar(course, mark.done, mark.total))
    return bars
