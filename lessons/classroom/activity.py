"""Activity over time, for a class's teachers: when each pupil was last seen, and week by week
what a pupil and the whole class did.

- *Last seen*: the latest of the pupil's sign-in, their latest answer in this class's drills and
  their latest moment in the puzzle trainer. Answers elsewhere (the course, another class's
  drills) are not read: answers are found by drill, then pupil (the index the dashboards use),
  and reading every answer of a pupil on the site would scan the whole table.
- *Weeks*: the last :data:`WEEKS` weeks, each starting on a Monday at midnight in the site's time
  zone, the current week last. Each week is a table row with a bar; the table is the text
  alternative of the chart, and its bars grow from the start of the line in either direction,
  so a right-to-left page draws them from the right.

A pupil is *inactive* when they were not seen for :data:`INACTIVE_DAYS` days (or never).
"""

from __future__ import annotations

import datetime as dt
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Count, Max, Q
from django.utils import timezone

from lessons.models import Attempt, Classroom, Drill, TrainerPlay, TrainerRating, Variant
from lessons.progress import percent

User = get_user_model()

WEEKS = 8
INACTIVE_DAYS = 7


@dataclass(frozen=True)
class Week:
    """One week of activity: its Monday, the answers given, those right, and the trainer rating
    at its end in each variant trained (a variant's label → whole points), if any."""

    start: dt.date
    answers: int = 0
    right: int = 0
    bar: int = 0  # the answers in percent of the busiest week's, the bar's length
    ratings: tuple[tuple[str, int], ...] = ()

    @property
    def share_right(self) -> int | None:
        return percent(self.right, self.answers)


def week_starts(now: dt.datetime | None = None, weeks: int = WEEKS) -> list[dt.date]:
    """The Mondays of the last ``weeks`` weeks in the current time zone, the oldest first."""
    today = timezone.localdate(now or timezone.now())
    monday = today - dt.timedelta(days=today.weekday())
    return [monday - dt.timedelta(weeks=n) for n in range(weeks - 1, -1, -1)]


def _start_moment(monday: dt.date) -> dt.datetime:
    return timezone.make_aware(dt.datetime.combine(monday, dt.time()))


def _week_of(moment: dt.datetime) -> dt.date:
    day = timezone.localdate(moment)
    return day - dt.timedelta(days=day.weekday())


def _bars(starts: list[dt.date], counts: dict[dt.date, tuple[int, int]], ratings: Any = None) -> list[Week]:
    busiest = max((n for n, _ in counts.values()), default=0)
    return [
        Week(
            start,
            counts.get(start, (0, 0))[0],
            counts.get(start, (0, 0))[1],
            round(100 * counts.get(start, (0, 0))[0] / busiest) if busiest else 0,
            tuple(ratings.get(start, ())) if ratings else (),
        )
        for start in starts
    ]


def _class_drill_ids(classroom: Classroom) -> list[int]:
    return list(Drill.objects.filter(classroom=classroom).values_list("pk", flat=True))


# ---------------------------------------------------------------- last seen


def last_seen(
    classroom: Classroom, user_ids: Iterable[int], trained: dict[int, dt.datetime] | None = None
) -> dict[int, dt.datetime | None]:
    """Each pupil's last moment seen (None: never): three queries whatever the class's size.

    ``trained``: each pupil's latest moment in the trainer, when the caller read their trainer
    ratings already (the dashboard does, for the ratings column); else they are read here.
    """
    ids = list(user_ids)
    if not ids:
        return {}
    seen: dict[int, dt.datetime | None] = dict.fromkeys(ids)

    def later(pk: int, moment: dt.datetime | None) -> None:
        current = seen[pk]
        if moment is not None and (current is None or moment > current):
            seen[pk] = moment

    for pk, moment in User.objects.filter(pk__in=ids).values_list("pk", "last_login"):
        later(pk, moment)
    drill_ids = Drill.objects.filter(classroom=classroom).values("pk")
    answers = (
        Attempt.objects.filter(drill_id__in=drill_ids, user_id__in=ids)
        .order_by()
        .values("user_id")
        .annotate(last=Max("created"))
        .values_list("user_id", "last")
    )
    for pk, moment in answers:
        later(pk, moment)
    if trained is None:
        # The trainer's record of a learner is updated at each puzzle shown and each answer.
        rows = TrainerRating.objects.filter(user_id__in=ids).order_by().values("user_id")
        trained = dict(rows.annotate(last=Max("updated")).values_list("user_id", "last"))
    for pk, moment in trained.items():
        if pk in seen:
            later(pk, moment)
    return seen


def is_inactive(moment: dt.datetime | None, now: dt.datetime | None = None) -> bool:
    return moment is None or moment < (now or timezone.now()) - dt.timedelta(days=INACTIVE_DAYS)


# ---------------------------------------------------------------- weeks


def pupil_weeks(classroom: Classroom, pupil: Any) -> list[Week]:
    """A pupil's last weeks: answers in this class's drills and rated trainer answers, and their
    trainer rating at the end of each week (the last rating reached by then): four queries."""
    starts = week_starts()
    since = _start_moment(starts[0])
    counts: dict[dt.date, list[int]] = defaultdict(lambda: [0, 0])
    drill_ids = _class_drill_ids(classroom)
    answers = Attempt.objects.filter(drill_id__in=drill_ids, user_id=pupil.pk, created__gte=since)
    for moment, correct in answers.order_by().values_list("created", "correct"):
        count = counts[_week_of(moment)]
        count[0] += 1
        count[1] += bool(correct)
    play_rows = (
        TrainerPlay.objects.filter(learner__user_id=pupil.pk, created__gte=since)
        .order_by("created", "id")
        .values_list("learner__variant", "created", "success", "rating_before", "rating_after")
    )
    # The rating at the end of each week, carried on through weeks without a rated answer: from
    # the weeks' own answers, and before the first of them the rating it started from (the
    # rating now, in a variant not trained in these weeks); none before a learner's very first
    # rated answer. Only these weeks' answers are read.
    trained = TrainerRating.objects.filter(user_id=pupil.pk, played__gt=0)
    total = {
        variant: (round(rating), played)
        for variant, rating, played in trained.values_list("variant", "rating", "played")
    }
    plays = list(play_rows)
    in_weeks = Counter(variant for variant, *_ in plays)
    latest = {variant: rating for variant, (rating, played) in total.items() if played > in_weeks[variant]}
    by_week: dict[dt.date, dict[str, int]] = {}
    order = {v: n for n, v in enumerate(Variant.values)}
    plays_by_week: dict[dt.date, list[tuple[str, int]]] = defaultdict(list)
    started: set[str] = set()
    for variant, moment, success, before, after in plays:
        if variant not in started:
            started.add(variant)
            if variant in latest:
                latest[variant] = round(before)
        week = _week_of(moment)
        plays_by_week[week].append((variant, round(after)))
        count = counts[week]
        count[0] += 1
        count[1] += bool(success)
    for start in starts:
        for variant, rating in plays_by_week.get(start, []):
            latest[variant] = rating
        by_week[start] = dict(latest)
    labels = dict(Variant.choices)
    ratings = {
        start: [
            (str(labels.get(v, v)), r) for v, r in sorted(shown.items(), key=lambda kv: order.get(kv[0], 99))
        ]
        for start, shown in by_week.items()
    }
    return _bars(starts, {k: (v[0], v[1]) for k, v in counts.items()}, ratings)


def class_weeks(classroom: Classroom, user_ids: Iterable[int]) -> list[Week]:
    """The class's last weeks: its pupils' answers in its drills, and the share of them right,
    counted by the database week by week in one row (a count per week between two moments: no
    date is truncated row by row, which SQLite does in Python): one query."""
    ids = list(user_ids)
    starts = week_starts()
    counts: dict[dt.date, tuple[int, int]] = {}
    if not ids:
        return _bars(starts, counts)
    moments = [_start_moment(start) for start in starts]
    bounds = list(zip(moments, [*moments[1:], None], strict=True))
    aggregates: dict[str, Any] = {}
    for n, (begin, end) in enumerate(bounds):
        within = Q(created__gte=begin) if end is None else Q(created__gte=begin, created__lt=end)
        aggregates[f"answers_{n}"] = Count("id", filter=within)
        aggregates[f"right_{n}"] = Count("id", filter=within & Q(correct=True))
    drill_ids = Drill.objects.filter(classroom=classroom).values("pk")
    row = Attempt.objects.filter(drill_id__in=drill_ids, user_id__in=ids, created__gte=moments[0]).aggregate(
        **aggregates
    )
    for n, start in enumerate(starts):
        if row[f"answers_{n}"]:
            counts[start] = (row[f"answers_{n}"], row[f"right_{n}"])
    return _bars(starts, counts)
