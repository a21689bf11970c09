"""What the pupils of a class did with their drills, for their teachers (and for each pupil).

Everything is read in a fixed number of queries whatever the size of the class: the pupils,
the drills, their items, the puzzles of the lessons in them, then the pupils' attempts on
those puzzles aggregated by the database per pupil and puzzle. Python only adds them up.

A drill's puzzles are its puzzle items and the puzzles of its lesson items, in order, each
once. A drill counts only the answers given to it, on its own pages (``Attempt.drill``): what
a pupil answered in the course, in the trainer or in another drill never counts toward it, so
a drill starts at zero for everyone, and a review drill measures the review. For one pupil and
one drill (a :class:`Cell`):

- *done*: every puzzle solved (an answer right, given in the drill);
- *accuracy*: puzzles right at the first try, in percent (rounded) of the puzzles tried;
- *time*: the seconds of every answer to those puzzles, added up;
- *late*: the due date is past and the drill is not done, or was done after it.

A drill is due at a moment (``Drill.due_at``) the teacher chose in their time zone; a due day
without a time ends at the midnight after it. A draft is given to nobody, and a drill given to
some pupils only is not counted for the others (their cell says "not given").
"""

from __future__ import annotations

import csv
import datetime as dt
import functools
import io
import json
import urllib.parse
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import openpyxl
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.db.models import Case, Count, DateTimeField, F, Max, Min, Q, Sum, Value, When
from django.http import Http404, HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.text import slugify
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from openpyxl.cell import WriteOnlyCell

from engine import messages
from engine.cards import Card, NotationError
from lessons import checking, drill_hands
from lessons.addresses import row_addresses
from lessons.classroom import (
    accounts,
    activity,
    mistakes,
    pupil_practice,
    pupil_trainer,
    puzzle_versions,
    time_zones,
)
from lessons.classroom.collation import name_key
from lessons.classroom.due_dates import due_iso
from lessons.classroom.permissions import class_for_teacher, display_name, student_of
from lessons.models import (
    Attempt,
    Classroom,
    Drill,
    DrillItem,
    Membership,
    Puzzle,
    Source,
    Step,
    StepKind,
    Task,
)
from lessons.progress import percent
from lessons.render import page
from lessons.templatetags.baloot import list_separator, localize_separators, variant_gettext
from lessons.templatetags.table import best_card_view, card_faces, table_view

User = get_user_model()

TOP_WRONG = 3  # wrong answers shown per puzzle
HISTORY_MAX = 300  # attempts shown on a pupil's page
GLANCE_DAYS = 7  # the dashboard's "this week": the rules the class got wrong in these last days


# ---------------------------------------------------------------- records


@dataclass(frozen=True)
class PuzzleStat:
    """One pupil's attempts on one puzzle."""

    tries: int
    wrong: int
    first_try: bool  # the first answer was right
    solved: bool
    seconds: int
    hints: int
    # For each past deadline asked about (in the order asked): solved by then?
    solved_by: tuple[bool, ...] = ()
    last: dt.datetime | None = None  # the latest answer


@dataclass(frozen=True)
class Cell:
    """One pupil and one drill."""

    total: int
    solved: int = 0
    tried: int = 0
    first_try: int = 0
    seconds: int = 0
    hints: int = 0
    finished_late: bool = False  # done, but a puzzle was first solved after the deadline
    deadline: dt.datetime | None = None
    now: dt.datetime | None = None
    target: int | None = None
    attempts: int = 0  # answers given, right or wrong
    last: dt.datetime | None = None  # the latest of them
    given: bool = True  # False: the drill is given to other pupils only

    @property
    def done(self) -> bool:
        return self.total > 0 and self.solved == self.total

    @property
    def started(self) -> bool:
        return self.tried > 0 or self.solved > 0  # a puzzle tried, or a hand played to the end

    @property
    def accuracy(self) -> int | None:
        return percent(self.first_try, self.tried)

    @property
    def late(self) -> bool:
        if self.deadline is None:
            return False
        if self.done:
            return self.finished_late
        return self.now is not None and self.now > self.deadline

    @property
    def target_met(self) -> bool | None:
        """Whether the first-try accuracy reaches the drill's target: None without a target, and
        until the drill is finished (100 % right after 1 puzzle of 8 says nothing of the drill)."""
        if self.target is None or self.accuracy is None or not self.done:
            return None
        return self.accuracy >= self.target

    @property
    def status(self) -> str:
        """``done``, ``late`` (past due, not done), ``started``, ``new``, or ``none`` (not given to
        this pupil): a CSS class and a word."""
        if not self.given:
            return "none"
        if self.done:
            return "done"
        if self.late:
            return "late"
        return "started" if self.started else "new"

    @property
    def minutes(self) -> int:
        return (self.seconds + 59) // 60

    @property
    def symbol(self) -> str:
        return SYMBOLS[self.status]

    @property
    def label(self) -> str:
        return Words().label(self)

    @property
    def figures(self) -> str:
        return Words().figures(self)


# Characters every text font has: an emoji (an alarm clock for "late") is a blank box where no
# emoji font is installed, which is common on school computers.
SYMBOLS = {"done": "✔", "late": "!", "started": "◐", "new": "○", "none": "–"}


def share(percent: int) -> str:
    """A share in percent with the language's percent sign ("67%", "67 %", "67٪"): the one
    writing of a percentage, so that a page never shows two signs."""
    return _("%(percent)s%%") % {"percent": percent}


class Words:
    """A cell's status and figures in words, the sentences translated once for many cells.

    Made here rather than in a template: a class's dashboard shows hundreds of cells, and
    template tags cost far more than string formatting.
    """

    def __init__(self) -> None:
        self.done, self.done_late = _("Done"), _("Done, late")
        self.late, self.started, self.new = _("Late"), _("Started"), _("Not started")
        self.solved = _("%(solved)s/%(total)s solved")
        self.first_try = _("%(share)s first try")
        self.minutes = _("%(minutes)s min")
        self.reached, self.below = _("target reached"), _("below target")
        self.none = _("Not given")

    def label(self, cell: Cell) -> str:
        if not cell.given:
            return self.none
        if cell.done:
            return self.done_late if cell.late else self.done
        if cell.late:
            return self.late
        return self.started if cell.started else self.new

    def figures(self, cell: Cell) -> str:
        """ "3/10 solved · 66% first try · 4 min · below target" (digits left for the page to localize)."""
        if not cell.given:
            return ""
        parts = [self.solved % {"solved": cell.solved, "total": cell.total}]
        accuracy = cell.accuracy
        if accuracy is not None:
            parts.append(self.first_try % {"share": share(accuracy)})
        if cell.seconds:
            parts.append(self.minutes % {"minutes": cell.minutes})
        met = cell.target_met
        if met is not None:
            parts.append(self.reached if met else self.below)
        return " · ".join(parts)

    def shown(self, cell: Cell) -> dict[str, str]:
        """What a table cell shows, as a dict (the fastest lookup for a template)."""
        status = cell.status
        return {
            "status": status,
            "symbol": SYMBOLS[status],
            "label": self.label(cell),
            "figures": self.figures(cell),
        }


@dataclass
class Matrix:
    """The pupils × drills table of a class."""

    classroom: Classroom
    students: list[tuple[Any, str]]  # (user, display name), sorted by name
    drills: list[Drill]
    cells: dict[tuple[int, int], Cell]  # (user id, drill id)
    totals: dict[int, int]  # drill id → number of puzzles

    def row(self, user_id: int) -> list[tuple[Drill, Cell]]:
        return [(d, self.cells[(user_id, d.pk)]) for d in self.drills]

    @property
    def rows(self) -> list[tuple[Any, str, list[tuple[Drill, Cell]]]]:
        return [(user, name, self.row(user.pk)) for user, name in self.students]

    def shown_rows(self) -> list[tuple[Any, str, list[dict[str, str]]]]:
        """Each pupil's row as the dashboard shows it: the cells in words."""
        words = Words()
        return [
            (user, name, [words.shown(self.cells[(user.pk, d.pk)]) for d in self.drills])
            for user, name in self.students
        ]


@dataclass
class DrillSummary:
    """One drill over the class: how many of the pupils it is given to started it, finished it,
    are late with it or have not started, and the share of their first tries that were right."""

    drill: Drill
    pupils: int = 0  # those it is given to
    started: int = 0  # started or finished
    done: int = 0
    late: int = 0  # past due and not finished, or finished after the due moment
    new: int = 0  # not started
    first_try: int = 0  # puzzles right at the first try, all pupils together
    tried: int = 0  # puzzles tried, all pupils together

    @property
    def right(self) -> int | None:
        return percent(self.first_try, self.tried)

    @property
    def sentence(self) -> str:
        """ "3 of 28 started, 0 finished": each verb agrees with its own count (French "1 sur 28 a
        commencé", "3 sur 28 ont commencé")."""
        started = ngettext(
            "%(started)s of %(pupils)s started", "%(started)s of %(pupils)s started", self.started
        ) % {"started": self.started, "pupils": self.pupils}
        done = ngettext("%(done)s finished", "%(done)s finished", self.done) % {"done": self.done}
        return _("%(started)s, %(done)s") % {"started": started, "done": done}


# The orders of the summary (?sort=): the drills with most pupils in that state first; "" the
# drills as the grid shows them, oldest first.
SUMMARY_SORTS = ("started", "done", "late", "new", "right")


def drill_summaries(matrix: Matrix, sort: str = "") -> list[DrillSummary]:
    """Each drill's summary from the grid's cells (no query)."""
    rows = []
    for drill in matrix.drills:
        row = DrillSummary(drill)
        for user, _name in matrix.students:
            cell = matrix.cells[(user.pk, drill.pk)]
            if not cell.given:
                continue
            row.pupils += 1
            row.started += cell.started or cell.done
            row.done += cell.done
            row.late += cell.late
            row.new += not (cell.started or cell.done)
            row.first_try += cell.first_try
            row.tried += cell.tried
        rows.append(row)
    if sort in SUMMARY_SORTS:
        # Stable: drills of equal counts keep the grid's order.
        rows.sort(key=lambda r: -(r.right or 0) if sort == "right" else -getattr(r, sort))
    return rows


@dataclass
class WrongAnswer:
    label: str
    count: int
    rule: str
    reason: str
    pupils: list[tuple[str, str]] = field(default_factory=list)  # (name, address of their page)
    links: str = ""  # the pupils as links, in HTML (see puzzle_report)
    mistake: mistakes.Mistake | None = None  # the teacher's words for it


@dataclass
class PuzzleRow:
    puzzle: Puzzle
    tried: int = 0  # pupils who answered it
    solved: int = 0
    first_try: int = 0
    wrong: list[WrongAnswer] = field(default_factory=list)
    url: str = ""  # the puzzle in this class: the position, the solution, every wrong answer

    @property
    def success(self) -> int | None:
        """Pupils right at the first try, in percent of the pupils who tried."""
        return percent(self.first_try, self.tried)

    @property
    def sentence(self) -> str:
        """ "2 pupils answered: 1 right at the first try (50%); 2 solved it in the end." Each
        count agrees with its own words (Arabic has six plural forms); digits left to the page."""
        tried, first, solved = self.tried, self.first_try, self.solved
        answered = ngettext("%(tried)s pupil answered", "%(tried)s pupils answered", tried)
        right = ngettext("%(first)s right at the first try", "%(first)s right at the first try", first)
        in_the_end = ngettext("%(solved)s solved it in the end", "%(solved)s solved it in the end", solved)
        return _("%(answered)s: %(first_try)s (%(share)s); %(solved)s.") % {
            "answered": answered % {"tried": tried},
            "first_try": right % {"first": first},
            "share": share(self.success or 0),
            "solved": in_the_end % {"solved": solved},
        }


# ---------------------------------------------------------------- queries


def deadline(drill: Drill) -> dt.datetime | None:
    """The moment the drill becomes late (None: never): its due moment, as the teacher set it
    in their zone (a due day without a time: the midnight that ends it)."""
    moment = drill.due_at
    if moment is None:
        return None
    try:
        moment.astimezone(dt.UTC)  # as the database compares it: it must exist there too
    except OverflowError:  # a due date at the end of the calendar (stored before the form checked)
        return None
    return moment


def drill_puzzles(drills: Iterable[Drill]) -> dict[int, list[int]]:
    """The puzzle ids of each drill, in order, each once: two queries."""
    drill_ids = [d.pk for d in drills]
    items = list(
        DrillItem.objects.filter(drill_id__in=drill_ids)
        .order_by("drill_id", "order", "id")
        .values_list("drill_id", "lesson_id", "puzzle_id")
    )
    lesson_ids = {lesson for _, lesson, _ in items if lesson is not None}
    by_lesson: dict[int, list[int]] = defaultdict(list)
    if lesson_ids:
        steps = (
            Step.objects.filter(kind=StepKind.PUZZLE, lesson_id__in=lesson_ids)
            .order_by("lesson_id", "order")
            .values_list("lesson_id", "puzzle_id")
        )
        for lesson_id, puzzle_id in steps:
            by_lesson[lesson_id].append(puzzle_id)
    out: dict[int, list[int]] = {pk: [] for pk in drill_ids}
    for drill_id, lesson_id, puzzle_id in items:
        if lesson_id is None and puzzle_id is None:
            continue  # a hand at the practice table (lessons.drill_hands), counted apart
        puzzles = by_lesson.get(lesson_id, []) if lesson_id is not None else [puzzle_id]
        out[drill_id].extend(p for p in puzzles if p not in out[drill_id])
    return out


STAT_COLUMNS = ("tries", "wrong", "right", "first_try", "seconds", "hints", "last")


def attempt_stats(
    drill_ids: Iterable[int],
    user_ids: Iterable[int],
    puzzle_ids: Iterable[int],
    deadlines: Iterable[dt.datetime] = (),
    with_last: bool = False,
) -> dict[tuple[int, int, int], PuzzleStat]:
    """Each pupil's attempts on each puzzle in each drill, by (drill, pupil, puzzle) ids,
    aggregated by the database: one query. Only answers given in these drills are read.

    ``deadlines`` (past ones: nothing can be late for a deadline to come) add to each stat
    whether the puzzle was solved by each of them, counted in the database too, so that no
    date has to be read back row by row. ``with_last`` reads the latest answer's moment too
    (for the spreadsheet: reading back a date per row costs the dashboard a third of its time).
    """
    drills, users, puzzles = list(drill_ids), list(user_ids), list(set(puzzle_ids))
    if not drills or not users or not puzzles:
        return {}
    by = {
        f"by_{k}": Count("id", filter=Q(correct=True, created__lt=when)) for k, when in enumerate(deadlines)
    }
    rows = (
        # Not filtered by puzzle as well: the (drill, user) prefix of the index finds the rows
        # already grouped, where three lists of ids made the database probe every combination.
        # A puzzle taken out of a drill is still read, and ignored by make_cell.
        Attempt.objects.filter(drill_id__in=drills, user_id__in=users)
        .order_by()
        .values("drill_id", "user_id", "puzzle_id")
        .alias(first_at=Min("created"), solved_at=Min("created", filter=Q(correct=True)))
        .annotate(
            tries=Count("id"),
            wrong=Count("id", filter=Q(correct=False)),
            right=Count("id", filter=Q(correct=True)),
            first_try=Case(When(first_at=F("solved_at"), then=Value(1)), default=Value(0)),
            seconds=Sum("seconds"),
            hints=Max("hints_used"),
            last=Max("created") if with_last else Value(None, output_field=DateTimeField()),
            **by,
        )
        .values_list("drill_id", "user_id", "puzzle_id", *STAT_COLUMNS, *by)
    )
    return {
        (row[0], row[1], row[2]): PuzzleStat(
            row[3],
            row[4],
            bool(row[6]),
            row[5] > 0,
            row[7] or 0,
            row[8] or 0,
            tuple(n > 0 for n in row[10:]),
            row[9],
        )
        for row in rows
    }


@dataclass(frozen=True)
class Deadlines:
    """The drills' deadlines, and the index of each past one in :func:`attempt_stats`'s answers."""

    now: dt.datetime
    of: dict[int, dt.datetime | None]  # drill id → deadline
    past: list[dt.datetime]  # the distinct ones already passed

    @classmethod
    def of_drills(cls, drills: Iterable[Drill]) -> Deadlines:
        now = timezone.now()
        of = {drill.pk: deadline(drill) for drill in drills}
        past = sorted({d for d in of.values() if d is not None and d <= now})
        return cls(now, of, past)

    def index(self, drill: Drill) -> int | None:
        when = self.of.get(drill.pk)
        return self.past.index(when) if when is not None and when in self.past else None


def drill_stats(
    drills: list[Drill], user_ids: list[int], with_last: bool = False
) -> tuple[dict[int, list[int]], dict[tuple[int, int, int], PuzzleStat], Deadlines]:
    """Everything :func:`make_cell` needs for these drills and pupils: three queries."""
    puzzles = drill_puzzles(drills)
    deadlines = Deadlines.of_drills(drills)
    all_puzzles = {p for ps in puzzles.values() for p in ps}
    stats = Stats(attempt_stats([d.pk for d in drills], user_ids, all_puzzles, deadlines.past, with_last))
    puzzle_versions.count_earlier(stats, drills)  # answers to an edited puzzle's old versions
    hands = DrillItem.objects.filter(drill__in=drills).exclude(hand_variant="").values_list("drill_id", "pk")
    drill_of = dict((pk, drill_id) for drill_id, pk in hands)
    for drill_id in drill_of.values():
        stats.hands_total[drill_id] = stats.hands_total.get(drill_id, 0) + 1
    for item_id, user_id in drill_hands.done(list(drill_of), user_ids):
        key = (drill_of[item_id], user_id)
        stats.hands_done[key] = stats.hands_done.get(key, 0) + 1
    return puzzles, stats, deadlines


class Stats(dict):
    """The puzzle figures of each (drill, pupil, puzzle), and beside them the drills' hands at the
    practice table: how many each drill holds, and how many each pupil played to the end."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.hands_total: dict[int, int] = {}
        self.hands_done: dict[tuple[int, int], int] = {}


def make_cell(
    drill: Drill,
    puzzles: list[int],
    stats: dict[tuple[int, int, int], PuzzleStat],
    user_id: int,
    deadlines: Deadlines,
) -> Cell:
    tried = solved = first = seconds = hints = attempts = 0
    last: dt.datetime | None = None
    past = deadlines.index(drill)
    solved_late = False
    for puzzle_id in puzzles:
        stat = stats.get((drill.pk, user_id, puzzle_id))
        if stat is None:
            continue
        tried += 1
        attempts += stat.tries
        seconds += stat.seconds
        hints += stat.hints
        if stat.last is not None and (last is None or stat.last > last):
            last = stat.last
        if stat.first_try:
            first += 1
        if stat.solved:
            solved += 1
            if past is not None and not stat.solved_by[past]:
                solved_late = True
    # A drill's hand played to the end counts as an item solved (lessons.drill_hands).
    hands_total = getattr(stats, "hands_total", {}).get(drill.pk, 0)
    hands_done = getattr(stats, "hands_done", {}).get((drill.pk, user_id), 0)
    total, solved = len(puzzles) + hands_total, solved + hands_done
    done = solved == total and total > 0
    return Cell(
        total=total,
        solved=solved,
        tried=tried,
        first_try=first,
        seconds=seconds,
        hints=hints,
        finished_late=done and solved_late,
        deadline=deadlines.of.get(drill.pk),
        now=deadlines.now,
        target=drill.target_accuracy,
        attempts=attempts,
        last=last,
    )


def _students(classroom: Classroom) -> list[tuple[Any, str]]:
    # The pupils with their username and display name only: not three full rows (membership,
    # user, account) made into model objects for each pupil of the class.
    # The present pupils: former ones (``left_at``) are listed on the class page, not counted here.
    members = (
        User.objects.filter(memberships__classroom=classroom, memberships__left_at__isnull=True)
        .only("username")
        .annotate(shown_name=F("account__display_name"))
    )
    students = [(u, u.username if u.shown_name is None else str(u.shown_name)) for u in members]
    return sorted(students, key=lambda s: (name_key(s[1]), s[0].pk))


def class_matrix(classroom: Classroom, with_last: bool = False) -> Matrix:
    """Pupils × drills (the drills given now, not the archived ones nor the drafts): six queries,
    whatever the number of pupils, drills and puzzles (``with_last``: see :func:`attempt_stats`)."""
    students = _students(classroom)
    drills = list(_given_drills(classroom))
    puzzles, stats, deadlines = drill_stats(drills, [u.pk for u, _ in students], with_last)
    chosen = chosen_pupils([d.pk for d in drills])
    not_given = {d.pk: Cell(total=len(puzzles[d.pk]), given=False) for d in drills if d.pk in chosen}
    cells = {
        (user.pk, drill.pk): (
            not_given[drill.pk]
            if drill.pk in chosen and user.pk not in chosen[drill.pk]
            else make_cell(drill, puzzles[drill.pk], stats, user.pk, deadlines)
        )
        for user, _ in students
        for drill in drills
    }
    return Matrix(classroom, students, drills, cells, {d.pk: len(puzzles[d.pk]) for d in drills})


def _given_drills(classroom: Classroom) -> Any:
    """The class's drills its pupils are given: all but the archived ones and the drafts, oldest first."""
    return Drill.objects.filter(classroom=classroom, archived_at__isnull=True, draft=False).order_by(
        "created", "id"
    )


def chosen_pupils(drill_ids: list[int]) -> dict[int, set[int]]:
    """The pupils each drill given to some pupils only is given to (one query); absent: everyone."""
    chosen: dict[int, set[int]] = defaultdict(set)
    through = Drill.pupils.through.objects.filter(drill_id__in=drill_ids)
    for drill_id, user_id in through.values_list("drill_id", "user_id"):
        chosen[drill_id].add(user_id)
    return chosen


def student_drill_rows(user: Any, classroom_ids: list[int] | None = None) -> list[tuple[Drill, Cell]]:
    """A pupil's drills (in all their classes, or in those given), soonest due first: four queries.

    Only what is given to them now: not the drills or classes archived, nor the classes they left.
    """
    drills_qs = Drill.objects.filter(
        # One filter() call: the pupil's membership and its left_at are the same row.
        classroom__memberships__student=user,
        classroom__memberships__left_at__isnull=True,
        classroom__archived_at__isnull=True,
        archived_at__isnull=True,
    ).select_related("classroom")
    if classroom_ids is not None:
        drills_qs = drills_qs.filter(classroom_id__in=classroom_ids)
    # Not the drafts, nor the drills given to other pupils only.
    chosen = Drill.pupils.through.objects.values("drill_id")
    mine = Drill.pupils.through.objects.filter(user_id=user.pk).values("drill_id")
    drills_qs = drills_qs.filter(draft=False).filter(~Q(pk__in=chosen) | Q(pk__in=mine))
    drills = list(drills_qs.distinct())
    puzzles, stats, deadlines = drill_stats(drills, [user.pk])
    rows = [(drill, make_cell(drill, puzzles[drill.pk], stats, user.pk, deadlines)) for drill in drills]
    # Unfinished work first, the soonest due first; then what is done.
    far = dt.datetime.max.replace(tzinfo=dt.UTC)
    return sorted(rows, key=lambda r: (r[1].done, r[0].due_at or far, r[0].created, r[0].pk))


def puzzle_report(
    classroom: Classroom,
    lang: str,
    deck: str = "french",
    top: int | None = TOP_WRONG,
    only: int | None = None,
) -> list[PuzzleRow]:
    """Each puzzle of the class's drills (or the one ``only``): who tried, solved, got it first
    time, and the usual mistakes (the ``top`` ones; None: all), each with the pupils who gave it.

    Seven queries: pupils with their names, drills, items, lesson steps, puzzles, attempts by
    pupil and puzzle, wrong answers by puzzle, answer and pupil.
    """
    members = Membership.objects.filter(classroom=classroom, left_at__isnull=True)
    names = {
        pk: username if name is None else str(name)
        for pk, username, name in members.values_list(
            "student_id", "student__username", "student__account__display_name"
        )
    }
    student_ids = list(names)
    drills = list(_given_drills(classroom))
    drill_ids = [d.pk for d in drills]
    ordered: list[int] = []
    for puzzles in drill_puzzles(drills).values():
        ordered.extend(p for p in puzzles if p not in ordered and (only is None or p == only))
    by_id = Puzzle.objects.in_bulk(ordered)
    puzzle_url = row_addresses("classes-dashboard-puzzle", classroom.pk)
    pupil_url = row_addresses("classes-student", classroom.pk)
    rows = {pk: PuzzleRow(by_id[pk], url=puzzle_url(pk)) for pk in ordered if pk in by_id}
    between = list_separator(lang)  # «، » between Arabic and Persian names
    link_of = functools.cache(lambda pk: format_html('<a href="{}">{}</a>', pupil_url(pk), names[pk]))
    # The answers are read by drill and pupil only (see attempt_stats); those to a puzzle since
    # taken out of the drills are skipped here.
    for puzzle_id, first_try, solved in _per_pupil(drill_ids, student_ids, list(rows)):
        row = rows.get(puzzle_id)
        if row is None:
            continue
        row.tried += 1
        row.solved += solved > 0
        row.first_try += bool(first_try)
    if student_ids and rows:
        wrong = (
            Attempt.objects.filter(drill_id__in=drill_ids, user_id__in=student_ids, correct=False)
            .order_by()
            .values_list("puzzle_id", "answer", "user_id")
        )
        counts: dict[int, Counter[str]] = defaultdict(Counter)
        who: dict[tuple[int, str], set[int]] = defaultdict(set)
        for puzzle_id, answer, user_id in wrong:
            if puzzle_id not in rows:
                continue
            key = json.dumps(answer, sort_keys=True)
            counts[puzzle_id][key] += 1
            who[(puzzle_id, key)].add(user_id)
        for puzzle_id, counter in counts.items():
            puzzle = rows[puzzle_id].puzzle
            common = sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))
            for answer_json, count in common if top is None else common[:top]:
                rule, reason = wrong_reason(puzzle, answer_json, lang, deck)
                answer = json.loads(answer_json)
                label = answer_label(puzzle, answer, lang, deck)
                gave = sorted(who[(puzzle_id, answer_json)], key=lambda pk: (name_key(names[pk]), pk))
                pupils = [(names[pk], pupil_url(pk)) for pk in gave]
                # Each pupil's link escaped once: a report holds hundreds of them.
                links = mark_safe(between.join(link_of(pk) for pk in gave))
                told = mistakes.explain(puzzle, answer, lang, deck)
                rows[puzzle_id].wrong.append(WrongAnswer(label, count, rule, reason, pupils, links, told))
    return list(rows.values())


def _per_pupil(drill_ids: list[int], student_ids: list[int], puzzle_ids: list[int]) -> Any:
    """(puzzle, right at the first try, right answers) for each pupil who answered each puzzle
    in these drills (a puzzle in two drills: its answers in both, the first of them first)."""
    if not drill_ids or not student_ids or not puzzle_ids:
        return []
    return (
        Attempt.objects.filter(drill_id__in=drill_ids, user_id__in=student_ids)
        .order_by()
        .values("user_id", "puzzle_id")
        .alias(first_at=Min("created"), solved_at=Min("created", filter=Q(correct=True)))
        .annotate(
            first_try=Case(When(first_at=F("solved_at"), then=Value(True)), default=Value(False)),
            solved=Count("id", filter=Q(correct=True)),
        )
        .values_list("puzzle_id", "first_try", "solved")
    )


# ---------------------------------------------------------------- the engine's word on a wrong answer


def wrong_reason(puzzle: Puzzle, answer_json: str, lang: str, deck: str = "french") -> tuple[str, str]:
    """The rule and the sentence saying why ``answer`` is wrong: what the learner read first
    (:func:`lessons.checking.reason_for`: the author's reason or the engine's), cached."""
    return _wrong_reason(
        puzzle.key,
        puzzle.task,
        puzzle.variant,
        json.dumps(puzzle.position, sort_keys=True),
        json.dumps(puzzle.answers, sort_keys=True),
        json.dumps(puzzle.why_not or {}, sort_keys=True),
        json.dumps(puzzle.rules or [], sort_keys=True),
        answer_json,
        lang,
        deck,
    )


@functools.lru_cache(maxsize=4096)
def _wrong_reason(
    key: str,
    task: str,
    variant: str,
    position: str,
    answers: str,
    why_not: str,
    rules: str,
    answer_json: str,
    lang: str,
    deck: str,
) -> tuple[str, str]:
    # The puzzle's content is part of the cache key, so an edited puzzle is never answered from the cache.
    puzzle = Puzzle(
        key=key,
        task=task,
        variant=variant,
        position=json.loads(position),
        answers=json.loads(answers),
        why_not=json.loads(why_not),
        rules=json.loads(rules),
    )
    try:
        verdict = checking.check(puzzle, json.loads(answer_json), lang, deck)
    except Exception:  # an answer stored before a content change may no longer fit: say nothing wrong
        return "", ""
    if verdict.correct:
        return "", ""
    rule, reason = checking.reason_for(verdict)
    if reason:
        return rule, reason
    if verdict.legal_but_not_best:
        if task == Task.BID:
            return "", _("That call is allowed, but it is not the best one here.")
        return "", _("That card may be played, but it is not the best one here.")
    if verdict.missing:
        return "", _("Some cards that may be played were left out.")
    return "", ""


def answer_label(puzzle: Puzzle, answer: Any, lang: str, deck: str = "french") -> str:
    """A stored answer in words: card names, seat or team names, points."""
    variant = puzzle.variant
    try:
        if puzzle.task in (Task.PLAY, Task.BEST_CARD):
            return messages.card_name(Card.parse(answer), variant, lang, deck)
        if puzzle.task == Task.ALL_LEGAL:
            names = [messages.card_name(Card.parse(c), variant, lang, deck) for c in answer]
            return messages.join_list(names, variant, lang) if names else _("no card")
        if puzzle.task in (Task.TRICK_WINNER, Task.FIRST_LEAD):
            return messages.seat_name(answer, variant, lang)
        if puzzle.task == Task.VIOLATION:
            return _("Nobody") if answer == "none" else messages.seat_name(answer, variant, lang)
        if puzzle.task == Task.SCORE and isinstance(answer, dict):
            return " · ".join(f"{messages.team_name(t, variant, lang)} {answer.get(t)}" for t in ("NS", "EW"))
        if puzzle.task == Task.PROJECTS:
            return _("Nobody") if answer == "none" else messages.team_name(answer, variant, lang)
        if puzzle.task == Task.BID:
            return messages.call_name(answer, variant, lang, deck)
        if puzzle.task == Task.SHEET:
            return _("Line %(n)s") % {"n": int(answer)}
        if puzzle.task == Task.CONTRACT_MADE:
            return variant_gettext(checking.OUTCOME_LABELS[answer], variant)
    except (NotationError, KeyError, TypeError, ValueError):
        pass
    return str(answer)


# ---------------------------------------------------------------- a pupil's history


def student_history(classroom: Classroom, student: Any) -> list[dict[str, Any]]:
    """The pupil's latest answers, each marked with where it was given: in one of this class's
    drills ("drill: <title>"), in the course, or in the trainer. Answers given in other classes'
    drills are those classes' business. Three queries."""
    drills = {d.pk: d for d in Drill.objects.filter(classroom=classroom)}
    class_puzzles = {p for ps in drill_puzzles(drills.values()).values() for p in ps}
    outside = Q(puzzle_id__in=class_puzzles) | Q(puzzle__source__in=(Source.CURRICULUM, Source.GENERATED))
    attempts = (
        Attempt.objects.filter(user=student)
        .filter(Q(drill_id__in=list(drills)) | Q(outside, drill__isnull=True))
        .select_related("puzzle")
        .order_by("-created", "-id")[:HISTORY_MAX]
    )
    lang = get_language() or "en"
    course, trainer, in_drill = _("course"), _("trainer"), _("drill: %(title)s")
    return [
        {
            "attempt": a,
            "puzzle": a.puzzle,
            "answer": answer_label(a.puzzle, a.answer, lang),
            "mistake": None if a.correct else mistakes.explain(a.puzzle, a.answer, lang),
            "given_in": (
                in_drill % {"title": drills[a.drill_id].title}
                if a.drill_id is not None
                else trainer
                if a.puzzle.source == Source.GENERATED
                else course
            ),
        }
        for a in attempts
    ]


# ---------------------------------------------------------------- views


@require_safe
@login_required
@time_zones.in_class_zone
def dashboard(request: HttpRequest, class_id: int) -> HttpResponse:
    classroom = class_for_teacher(request, class_id)
    matrix = class_matrix(classroom)
    ratings = pupil_trainer.class_ratings(user.pk for user, _ in matrix.students)
    # Each pupil's link by string formatting, not a {% url %} per row.
    link = row_addresses("classes-student", classroom.pk)
    trained = {
        pk: max(r.updated for r in shown if r.updated)
        for pk, shown in ratings.items()
        if any(r.updated for r in shown)
    }
    seen = activity.last_seen(classroom, (user.pk for user, _ in matrix.students), trained)
    # "?inactive=1": only the pupils not seen for a week, to know whom to remind.
    only_inactive = request.GET.get("inactive") == "1"
    now = timezone.now()
    rows = [
        (user, name, cells, ratings.get(user.pk, []), link(user.pk), seen.get(user.pk))
        for user, name, cells in matrix.shown_rows()
        if not only_inactive or activity.is_inactive(seen.get(user.pk), now)
    ]
    sort = request.GET.get("sort", "")
    sort = sort if sort in SUMMARY_SORTS else ""
    week_ago = now - dt.timedelta(days=GLANCE_DAYS)
    ctx = {
        "classroom": classroom,
        "matrix": matrix,
        "rows": rows,
        "summaries": drill_summaries(matrix, sort),
        "sort": sort,
        "sort_choices": [
            ("", _("Oldest first")),
            ("started", _("Started")),
            ("done", _("Finished")),
            ("late", _("Late")),
            ("new", _("Not started")),
            ("right", _("Share right")),
        ],
        "wrong_rules": mistakes.class_rules(
            classroom.pk,
            [d.pk for d in matrix.drills],
            [user.pk for user, _ in matrix.students],
            week_ago,
            get_language() or "en",
        ),
        "glance_days": GLANCE_DAYS,
        "only_inactive": only_inactive,
        "inactive_days": activity.INACTIVE_DAYS,
        "weeks": activity.class_weeks(classroom, (user.pk for user, _ in matrix.students)),
    }
    return page(request, "classroom/dashboard.html", ctx)


@require_safe
@login_required
@time_zones.in_class_zone
def puzzles(request: HttpRequest, class_id: int) -> HttpResponse:
    classroom = class_for_teacher(request, class_id)
    rows = puzzle_report(classroom, get_language() or "en")
    return page(request, "classroom/puzzles.html", {"classroom": classroom, "rows": rows})


@require_safe
@login_required
@time_zones.in_class_zone
def class_puzzle(request: HttpRequest, class_id: int, puzzle_id: int) -> HttpResponse:
    """One puzzle of the class's drills: the position and solution, and every wrong answer with
    the rule behind it and the pupils who gave it."""
    classroom = class_for_teacher(request, class_id)
    lang = get_language() or "en"
    found = puzzle_report(classroom, lang, top=None, only=puzzle_id)
    if not found:
        raise Http404
    row = found[0]
    puzzle = row.puzzle
    if puzzle.task == Task.BEST_CARD:
        table = best_card_view(puzzle.position, lang, "french", checking.engine_output(puzzle, lang)["seat"])
    else:
        table = table_view(puzzle.position, lang, "french")
    solution = checking.solution(puzzle, lang)
    cards = solution.values if puzzle.task in (Task.PLAY, Task.ALL_LEGAL, Task.BEST_CARD) else []
    ctx = {
        "classroom": classroom,
        "row": row,
        "puzzle": puzzle,
        "table": table,
        "solution": solution,
        "solution_cards": card_faces(cards, puzzle.variant, lang, "french") if cards else [],
    }
    return page(request, "classroom/class_puzzle.html", ctx)


@require_safe
@login_required
@time_zones.in_class_zone
def student(request: HttpRequest, class_id: int, user_id: int) -> HttpResponse:
    classroom = class_for_teacher(request, class_id)
    # A former pupil's page stays readable, and so do the archived drills' records.
    pupil = student_of(classroom, user_id, former=True)
    drills = list(Drill.objects.filter(classroom=classroom).order_by("created", "id"))
    puzzles_by_drill, stats, deadlines = drill_stats(drills, [pupil.pk])
    cells = [(d, make_cell(d, puzzles_by_drill[d.pk], stats, pupil.pk, deadlines)) for d in drills]
    trainer, trainer_recent = pupil_trainer.pupil_report(pupil)
    ctx = {
        "classroom": classroom,
        "pupil": pupil,
        "name": display_name(pupil),
        "cells": cells,
        "history": student_history(classroom, pupil),
        "last_seen": activity.last_seen(classroom, [pupil.pk])[pupil.pk],
        "weeks": activity.pupil_weeks(classroom, pupil),
        "trainer": trainer,
        "trainer_recent": trainer_recent,
        "trainer_themes_met": any(v.themes for v in trainer),
        "practice_hands": pupil_practice.pupil_hands(pupil, get_language() or "en"),
        "locked_out": accounts.is_locked_out(pupil.get_username()),
        "may_issue_password": accounts.may_issue_password(request.user, pupil),
    }
    return page(request, "classroom/student.html", ctx)


# ---------------------------------------------------------------- the results as a spreadsheet

# The separator a spreadsheet expects in each language: Excel in French (and other languages
# whose decimal mark is a comma) splits on ";", and would put a whole "," row in one cell.
CSV_SEPARATORS = {"fr": ";"}
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def pupil_sheet(classroom: Classroom, for_workbook: bool = False) -> tuple[list[str], list[list[Any]]]:
    """One row per pupil and drill (one per pupil for a class without drills): the figures of
    the dashboard, the first-try count, the answers given and the last of them, and the pupil's
    trainer figures."""
    matrix = class_matrix(classroom, with_last=True)
    ratings = pupil_trainer.class_ratings(user.pk for user, _ in matrix.students)
    header = [
        _("Pupil"),
        _("Username"),
        _("Drill"),
        _("Due"),
        _("Puzzles solved"),
        _("Puzzles"),
        _("Done"),
        _("Accuracy (%)"),
        _("Time (minutes)"),
        _("Hints"),
        _("Late"),
        _("Right at the first try"),
        _("Answers given"),
        _("Last answer"),
        *pupil_trainer.csv_header(),
    ]
    yes, no, not_given = _("yes"), _("no"), _("Not given")
    moment = _sheet_moment if for_workbook else _moment
    rows: list[list[Any]] = []
    for user, name, row in matrix.rows:
        trainer = pupil_trainer.csv_figures(ratings.get(user.pk, []))
        for drill, cell in row:
            figures: list[Any] = [not_given, *[""] * 9]
            if cell.given:
                accuracy = "" if cell.accuracy is None else cell.accuracy
                figures = [
                    *(cell.solved, cell.total, yes if cell.done else no, accuracy, cell.minutes, cell.hints),
                    *(yes if cell.late else no, cell.first_try, cell.attempts, moment(cell.last)),
                ]
            rows.append(
                [
                    _csv_safe(name),
                    user.get_username(),
                    _csv_safe(drill.title),
                    moment(due_moment(drill)) if for_workbook else due_iso(drill),
                    *figures,
                    *trainer,
                ]
            )
        if not row:
            rows.append([_csv_safe(name), user.get_username(), *[""] * 12, *trainer])
    return header, rows


def grid_sheet(classroom: Classroom, for_workbook: bool = False) -> tuple[list[str], list[list[Any]]]:
    """The dashboard's grid as on screen: one row per pupil (name, username, last seen), one column
    per drill with the cell's words ("Done · 3/3 solved · 67% first try"), and the trainer's
    ratings. The row under the header gives each drill's due moment, read in the class's time zone
    ("end of Thursday" is Thursday 23:59). ``for_workbook``: moments as dates a spreadsheet
    computes with; else as text ("2026-12-04 23:59")."""
    matrix = class_matrix(classroom)
    ratings = pupil_trainer.class_ratings(user.pk for user, _ in matrix.students)
    trained = {
        pk: max(r.updated for r in shown if r.updated)
        for pk, shown in ratings.items()
        if any(r.updated for r in shown)
    }
    seen = activity.last_seen(classroom, (user.pk for user, _ in matrix.students), trained)
    header = [_("Pupil"), _("Username"), _("Last seen"), *(_csv_safe(d.title) for d in matrix.drills)]
    header.append(_("Puzzle trainer"))
    moment = _sheet_moment if for_workbook else _moment
    due_row: list[Any] = [_("Due"), "", "", *(moment(due_moment(d)) for d in matrix.drills), ""]
    rows: list[list[Any]] = [due_row]
    words = Words()
    for user, name, row in matrix.rows:
        cells = []
        for _drill, cell in row:
            figures = words.figures(cell)
            text = f"{words.label(cell)} · {figures}" if figures else words.label(cell)
            cells.append(localize_separators(text))  # a bar in Arabic and Persian, as on the page
        trainer = ", ".join(f"{r.label} {r.rating}" for r in ratings.get(user.pk, []))
        rows.append([_csv_safe(name), user.get_username(), moment(seen.get(user.pk)), *cells, trainer])
    return header, rows


def due_moment(drill: Drill) -> dt.datetime | None:
    """The last minute a drill is on time, in its zone: its due time, or 23:59 of its due day."""
    day, time = drill.due, drill.due_time
    if day is None:
        return None
    return dt.datetime.combine(day, time or dt.time(23, 59), tzinfo=drill.zone)


def _sheet_moment(when: dt.datetime | None) -> dt.datetime | str:
    """A moment as a spreadsheet date (without a zone, which spreadsheets do not keep), in the
    current time zone (the class's, see :func:`export_xlsx`)."""
    if when is None:
        return ""
    return timezone.localtime(when).replace(tzinfo=None, second=0, microsecond=0)


def puzzle_sheet(classroom: Classroom, lang: str) -> tuple[list[str], list[list[Any]]]:
    """One row per puzzle of the drills: who tried, got it first time, solved it, and the most
    common wrong answers with the pupils who gave them."""
    header = [
        _("Puzzle"),
        _("Key"),
        _("Pupils who answered"),
        _("Right at the first try"),
        _("Solved"),
        _("Success at the first try (%)"),
        _("Most common wrong answers"),
    ]
    rows = []
    for row in puzzle_report(classroom, lang):
        wrong = " | ".join(
            f"{w.label} ×{w.count}: {', '.join(name for name, _url in w.pupils)}" for w in row.wrong
        )
        success = "" if row.success is None else row.success
        rows.append(
            [
                _csv_safe(str(row.puzzle.title)),
                row.puzzle.key,
                row.tried,
                row.first_try,
                row.solved,
                success,
                _csv_safe(wrong),
            ]
        )
    return header, rows


def _moment(when: dt.datetime | None) -> str:
    return "" if when is None else timezone.localtime(when).strftime("%Y-%m-%d %H:%M")


def _attachment(response: HttpResponse, classroom: Classroom, extension: str) -> HttpResponse:
    """Named after the class and the day: an ASCII name for old clients, and the class's own
    name (Arabic, Persian, accents) in RFC 5987's ``filename*`` for the others."""
    day = timezone.localdate().isoformat()
    ascii_name = f"{slugify(classroom.name) or f'class-{classroom.pk}'}-{day}.{extension}"
    own_name = f"{slugify(classroom.name, allow_unicode=True) or f'class-{classroom.pk}'}-{day}.{extension}"
    response["Content-Disposition"] = (
        f"attachment; filename=\"{ascii_name}\"; filename*=UTF-8''{urllib.parse.quote(own_name)}"
    )
    return response


@require_safe
@login_required
@time_zones.in_class_zone
def export_csv(request: HttpRequest, class_id: int) -> HttpResponse:
    """The pupils × drills table as CSV (``?sheet=puzzles``: the puzzles), UTF-8 with a byte-order
    mark so that Excel reads Arabic and Persian, separated as the page language's spreadsheets
    expect (";" in French, "," otherwise).

    Each row also carries the pupil's puzzle trainer rating and rated answers in each variant
    (empty where they never trained); a class without drills has one row per pupil for them.
    """
    classroom = class_for_teacher(request, class_id)
    lang = get_language() or "en"
    sheet = request.GET.get("sheet", "")
    puzzles = sheet == "puzzles"
    if puzzles:
        header, rows = puzzle_sheet(classroom, lang)
    elif sheet == "grid":
        header, rows = grid_sheet(classroom)
    else:
        header, rows = pupil_sheet(classroom)
    out = io.StringIO()
    out.write("\ufeff")
    writer = csv.writer(out, delimiter=CSV_SEPARATORS.get(lang, ","))
    writer.writerow(header)
    writer.writerows(rows)
    response = HttpResponse(out.getvalue().encode("utf-8"), content_type="text/csv; charset=utf-8")
    extension = "puzzles.csv" if puzzles else "grid.csv" if sheet == "grid" else "csv"
    return _attachment(response, classroom, extension)


@require_safe
@login_required
@time_zones.in_class_zone
def export_xlsx(request: HttpRequest, class_id: int) -> HttpResponse:
    """The same as an Excel workbook: a sheet of pupils and drills, a sheet of puzzles."""
    classroom = class_for_teacher(request, class_id)
    lang = get_language() or "en"
    workbook = openpyxl.Workbook(write_only=True)
    for title, (header, rows) in (
        (_("Grid"), grid_sheet(classroom, for_workbook=True)),
        (_("Pupils"), pupil_sheet(classroom, for_workbook=True)),
        (_("Puzzles"), puzzle_sheet(classroom, lang)),
    ):
        sheet = workbook.create_sheet(title=title[:31])
        # Arabic and Persian read from the right: the sheet's first column on the right, as the page.
        sheet.sheet_view.rightToLeft = lang in RIGHT_TO_LEFT
        sheet.append(header)
        for row in rows:
            sheet.append([_sheet_cell(sheet, value) for value in row])
    out = io.BytesIO()
    workbook.save(out)
    return _attachment(HttpResponse(out.getvalue(), content_type=XLSX), classroom, "xlsx")


RIGHT_TO_LEFT = ("ar", "fa")


def _sheet_cell(sheet: Any, value: Any) -> Any:
    """A date shown as a date (day and minute), not as the serial number a spreadsheet stores."""
    if isinstance(value, dt.datetime):
        cell = WriteOnlyCell(sheet, value=value)
        cell.number_format = "yyyy-mm-dd hh:mm"
        return cell
    return value


def _csv_safe(text: str) -> str:
    """A name a spreadsheet will not run as a formula (=, +, -, @ at the start)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text
