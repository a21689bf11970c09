"""A learner's progress: attempts recorded once each, and what they add up to.

An anonymous learner is known by their session. Every answer is stored as an :class:`Attempt`
with the session key; solved puzzles, finished lessons, first-try accuracy and wrong tries are
computed from those attempts, with a fixed number of queries whatever the history. Hints shown
before an answer live in the session itself (there is no attempt yet to hold them).

A lesson is done when every puzzle in it is solved; a lesson without puzzles counts in no total.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db import IntegrityError, connections, router, transaction
from django.http import HttpRequest

from engine.rule_ids import RULE_IDS as RULE_ORDER
from lessons import lesson_cache, review
from lessons.models import Attempt, Course, Lesson, Puzzle, Step, StepKind

HINTS_KEY = "hints"  # session: {str(puzzle pk): hints shown}
SEEN_KEY = "lessons-seen"  # session: the ids of the lessons the learner opened a step of
WHERE_KEY = "where"  # session: {variant: [lesson slug, step number]}, the last step seen
# session: the key the learner's anonymous answers are stored under; signing in gives the
# session a new key, and the answers and review queue kept under this one move to the account.
ANONYMOUS_KEY = "anonymous-key"
# session: the puzzles right at the first try, without a hint, in one of two histories merged at
# sign-in (lessons/handover.py): the merged history's first answer may be the other one's, and a
# lesson keeps the better of its two stars.
FIRST_TRY_KEY = "first-try"
TOKEN_MAX = 64


# ---------------------------------------------------------------- records


def percent(part: int, whole: int) -> int | None:
    """``part`` in percent of ``whole``, rounded half up (1 of 6 is 17, not 16); None of nothing.

    The one rounding of every share the site shows or exports, so a page and its CSV agree.

    >>> percent(1, 6), percent(1, 2), percent(2, 3), percent(0, 0)
    (17, 50, 67, None)
    """
    if whole <= 0:
        return None
    return (200 * part + whole) // (2 * whole)


@dataclass(frozen=True)
class PuzzleProgress:
    tries: int = 0
    wrong: int = 0  # wrong answers, before and after solving
    solved: bool = False
    first_try: bool = False  # the first answer was right
    hints: int = 0  # the most hints seen before an answer


@dataclass(frozen=True)
class Progress:
    """One session's progress, by puzzle and lesson ids."""

    puzzles: dict[int, PuzzleProgress] = field(default_factory=dict)
    keys: dict[int, str] = field(default_factory=dict)  # puzzle id → key, for the puzzles tried
    lessons_done: frozenset[int] = frozenset()

    @property
    def solved(self) -> frozenset[int]:
        return frozenset(pk for pk, p in self.puzzles.items() if p.solved)

    @property
    def attempted(self) -> int:
        return len(self.puzzles)

    @property
    def first_try_correct(self) -> int:
        return sum(1 for p in self.puzzles.values() if p.first_try)

    @property
    def accuracy(self) -> int | None:
        """First-try accuracy in percent (rounded), None before any answer."""
        return percent(self.first_try_correct, self.attempted)

    @property
    def hints_used(self) -> int:
        return sum(p.hints for p in self.puzzles.values())


@dataclass(frozen=True)
class Mark:
    """``done`` of ``total``: puzzles solved in a lesson, lessons done in a course."""

    done: int
    total: int


@dataclass(frozen=True)
class LessonSummary:
    lesson: Lesson
    solved: int
    total: int

    @property
    def done(self) -> bool:
        return self.total > 0 and self.solved == self.total


@dataclass(frozen=True)
class CourseSummary:
    course: Course
    lessons: list[LessonSummary]

    @property
    def lessons_done(self) -> int:
        return sum(1 for lesson in self.lessons if lesson.done)

    @property
    def lessons_total(self) -> int:
        return sum(1 for lesson in self.lessons if lesson.total)

    @property
    def puzzles_solved(self) -> int:
        return sum(lesson.solved for lesson in self.lessons)

    @property
    def puzzles_total(self) -> int:
        return sum(lesson.total for lesson in self.lessons)


@dataclass(frozen=True)
class Summary:
    """The "my progress" page: every course and lesson, and the totals."""

    courses: list[CourseSummary]
    puzzles_solved: int
    puzzles_attempted: int
    first_try_correct: int
    accuracy: int | None  # percent
    hints_used: int
    lessons_done: int


# ---------------------------------------------------------------- the session


def session_key(request: HttpRequest, create: bool = False) -> str | None:
    """The key the learner's answers and review queue are stored under: the account's own
    (:func:`account_key`, the same in every browser) when signed in, else the session's; with
    ``create``, a new session is saved so that attempts can refer to it."""
    user = _user(request)
    if user is not None:
        return account_key(user)
    if request.session.session_key is None and create:
        request.session.save()
    return request.session.session_key


def account_key(user: Any) -> str:
    """What a signed-in learner's answers are stored under instead of a browser's session key."""
    return f"account-{user.pk}"


def _user(request: HttpRequest) -> Any:
    user = getattr(request, "user", None)
    return user if user is not None and user.is_authenticated else None


# ---------------------------------------------------------------- recording


def record_attempt(
    *,
    puzzle: Puzzle,
    session_key: str,
    answer: Any,
    correct: bool,
    token: str,
    user: Any = None,
    seconds: int | None = None,
    hints_used: int = 0,
    drill: Any = None,
) -> tuple[Attempt, bool]:
    """Store one answer; the same ``token`` again returns the first attempt and ``False``.

    The insert comes first and the unique token decides: a new token (nearly every answer)
    costs one query, and a double submit, even racing on PostgreSQL, is stored once.
    """
    if not token or len(token) > TOKEN_MAX:
        raise ValueError(f"an attempt token has 1 to {TOKEN_MAX} characters")
    values = {
        "token": token,
        "puzzle": puzzle,
        "session_key": session_key,
        "user": user,
        "answer": answer,
        "correct": correct,
        "seconds": seconds,
        "hints_used": hints_used,
        "drill": drill,
    }
    try:
        return _insert(values), True
    except IntegrityError:
        first = Attempt.objects.filter(token=token).first()
        if first is None:  # not a repeated token: some other constraint failed
            raise
        # A double submit repeats everything; a token kept from one puzzle and posted with
        # another (or with another answer, or on another page: a lesson's token on a drill's
        # page) would get a verdict that leaves no trace.
        if (
            first.puzzle_id != puzzle.pk
            or first.answer != _as_stored(answer)
            or first.user_id != _pk(user)
            or first.drill_id != _pk(drill)
        ):
            raise TokenMisused(token) from None
        return first, False


class TokenMisused(Exception):
    """A form token already recorded for another puzzle, answer, learner or page: a 400, no verdict."""


def _as_stored(answer: Any) -> Any:
    """``answer`` as the JSON column gives it back (tuples become lists)."""
    return json.loads(json.dumps(answer))


def _pk(user: Any) -> Any:
    return user.pk if user is not None else None


def _insert(values: dict[str, Any]) -> Attempt:
    # Outside a transaction the insert is a transaction of its own: a refused one leaves nothing
    # to undo, and BEGIN and COMMIT around it would be two more round trips to the database.
    # Inside one (a caller's atomic block, a test), a savepoint keeps it usable after a refusal.
    using = router.db_for_write(Attempt)
    if transaction.get_connection(using).in_atomic_block:
        with transaction.atomic(using=using):
            return _insert_row(Attempt(**values), using)
    return _insert_row(Attempt(**values), using)


def _insert_row(attempt: Attempt, using: str) -> Attempt:
    """INSERT one attempt with a statement made once per database: building it through the ORM
    (``objects.create``) cost more than the database's own work for it, at every answer.

    The values go through each field's own conversion for the database, as the ORM does; no
    signal is sent for attempts (``lessons/apps.py``), so none is missed.
    """
    connection = connections[using]
    fields = [f for f in Attempt._meta.concrete_fields if not f.primary_key]
    sql = _INSERT_SQL.get(using)
    if sql is None:
        quote = connection.ops.quote_name
        columns = ", ".join(quote(str(f.column)) for f in fields)  # a concrete field has its column
        marks = ", ".join(["%s"] * len(fields))
        sql = f"INSERT INTO {quote(Attempt._meta.db_table)} ({columns}) VALUES ({marks})"
        if connection.features.can_return_columns_from_insert:
            sql += f" RETURNING {quote(str(Attempt._meta.pk.column))}"
        _INSERT_SQL[using] = sql
    params = [f.get_db_prep_save(getattr(attempt, f.attname), connection) for f in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        if connection.features.can_return_columns_from_insert:
            attempt.pk = cursor.fetchone()[0]
        else:
            attempt.pk = cursor.lastrowid
    attempt._state.adding = False
    attempt._state.db = using
    return attempt


# The INSERT of an attempt, by database alias (its SQL depends on the database's dialect).
_INSERT_SQL: dict[str, str] = {}


def record(
    request: HttpRequest,
    puzzle: Puzzle,
    answer: Any,
    verdict: Any,
    token: str,
    seconds: int | None = None,
    drill: Any = None,
) -> Attempt:
    """Store the learner's answer and its verdict (``verdict.correct``) once per form token;
    ``drill``: the drill it was answered in (its own pages), which alone it counts toward."""
    key = session_key(request, create=True) or ""
    user = _user(request)
    attempt, created = record_attempt(
        puzzle=puzzle,
        session_key=key,
        answer=answer,
        correct=bool(verdict.correct),
        token=token,
        user=user,
        seconds=seconds,
        hints_used=hints_used(request, puzzle),
        drill=drill,
    )
    if created:
        review.note_answer(puzzle, key, user, bool(verdict.correct), drill=drill)
        if user is None and request.session.get(ANONYMOUS_KEY) != key:
            request.session[ANONYMOUS_KEY] = key
    return attempt


def hint_used(request: HttpRequest, puzzle: Puzzle) -> int:
    """Note that the hint of ``puzzle`` was shown; the number of times so far."""
    hints = dict(request.session.get(HINTS_KEY, {}))
    hints[str(puzzle.pk)] = hints.get(str(puzzle.pk), 0) + 1
    request.session[HINTS_KEY] = hints
    return int(hints[str(puzzle.pk)])


def hints_used(request: HttpRequest, puzzle: Puzzle) -> int:
    return int(request.session.get(HINTS_KEY, {}).get(str(puzzle.pk), 0))


# ---------------------------------------------------------------- reading


def session_progress(key: str | None, by_lesson: Mapping[int, frozenset[int]] | None = None) -> Progress:
    """Everything the session has answered: two queries (its attempts, the puzzle steps).

    ``by_lesson``: the puzzles of each lesson, if the caller has them already.
    """
    if not key:
        return Progress()
    rows = (
        Attempt.objects.filter(session_key=key)
        .order_by("created", "id")
        .values_list("puzzle_id", "puzzle__key", "correct", "hints_used")
    )
    tally: dict[int, dict[str, Any]] = {}
    keys: dict[int, str] = {}
    for puzzle_id, puzzle_key, correct, hints in rows:
        keys[puzzle_id] = puzzle_key
        t = tally.setdefault(
            puzzle_id, {"tries": 0, "wrong": 0, "solved": False, "first": correct, "hints": 0}
        )
        t["tries"] += 1
        t["wrong"] += 0 if correct else 1
        t["solved"] = t["solved"] or correct
        t["hints"] = max(t["hints"], hints)
    puzzles = {
        pk: PuzzleProgress(t["tries"], t["wrong"], t["solved"], t["first"], t["hints"])
        for pk, t in tally.items()
    }
    solved = {pk for pk, p in puzzles.items() if p.solved}
    done = frozenset() if not solved else _lessons_done(solved, by_lesson or puzzles_of_lessons())
    return Progress(puzzles=puzzles, keys=keys, lessons_done=done)


def _puzzles_by_lesson(**filters: Any) -> dict[int, set[int]]:
    """The puzzle ids of each lesson (of the lessons the step ``filters`` select): one query."""
    steps = Step.objects.filter(kind=StepKind.PUZZLE, **filters)
    by_lesson: dict[int, set[int]] = {}
    for lesson_id, puzzle_id in steps.values_list("lesson_id", "puzzle_id"):
        by_lesson.setdefault(lesson_id, set()).add(puzzle_id)
    return by_lesson


def puzzles_of_lessons() -> Mapping[int, frozenset[int]]:
    """The puzzle ids of every lesson: content, kept between requests (lessons/lesson_cache.py)."""

    def read() -> dict[int, frozenset[int]]:
        return {lesson: frozenset(puzzles) for lesson, puzzles in _puzzles_by_lesson().items()}

    return lesson_cache.get_or_read(("puzzles-of-lessons",), read)


def lessons_in_order() -> list[Lesson]:
    """Every lesson with its course, in the order of the courses: kept between requests too."""

    def read() -> list[Lesson]:
        lessons = Lesson.objects.select_related("course")
        return list(lessons.order_by("course__order", "course__key", "order", "checkpoint"))

    return lesson_cache.get_or_read(("lessons-in-order",), read)


def _lessons_done(solved: set[int], by_lesson: Mapping[int, frozenset[int]]) -> frozenset[int]:
    return frozenset(lesson for lesson, puzzles in by_lesson.items() if puzzles <= solved)


def puzzle_progress(request: HttpRequest, puzzle: Puzzle) -> PuzzleProgress:
    """One puzzle's record for this session: one query."""
    key = session_key(request)
    if not key:
        return PuzzleProgress()
    rows = list(
        Attempt.objects.filter(session_key=key, puzzle=puzzle)
        .order_by("created", "id")
        .values_list("correct", "hints_used")
    )
    if not rows:
        return PuzzleProgress()
    return PuzzleProgress(
        tries=len(rows),
        wrong=sum(1 for correct, _ in rows if not correct),
        solved=any(correct for correct, _ in rows),
        first_try=rows[0][0],
        hints=max(h for _, h in rows),
    )


# Asked after every answer and on every step page. Written by hand: building the ORM's count
# (filter, then aggregate) costs about five times the CPU of sending this and reading the answer.
WRONG_TRIES_SQL = (
    f"SELECT COUNT(*) FROM {Attempt._meta.db_table} WHERE session_key = %s AND puzzle_id = %s AND NOT correct"
)


def wrong_tries(request: HttpRequest, puzzle: Puzzle) -> int:
    """Wrong answers to ``puzzle`` in this session (the solution opens after two)."""
    key = session_key(request)
    if not key:
        return 0
    with connections[router.db_for_read(Attempt)].cursor() as cursor:
        cursor.execute(WRONG_TRIES_SQL, [key, puzzle.pk])
        (count,) = cursor.fetchone()
    return int(count)


def solved_keys(request: HttpRequest, puzzles: Iterable[Puzzle]) -> set[str]:
    """The keys of those of ``puzzles`` this session has solved: one query."""
    key = session_key(request)
    ids = [p.pk for p in puzzles]
    if not key or not ids:
        return set()
    rows = Attempt.objects.filter(session_key=key, puzzle_id__in=ids, correct=True).values_list("puzzle__key")
    return {k for (k,) in rows.distinct()}


def lesson_marks(request: HttpRequest, lessons: Iterable[Lesson]) -> dict[int, Mark]:
    """Puzzles solved of the puzzles in each lesson, by lesson id: two queries."""
    lessons = list(lessons)
    by_lesson = _puzzles_by_lesson(lesson_id__in=[lesson.pk for lesson in lessons])
    solved = _solved_ids(request, set().union(*by_lesson.values()) if by_lesson else set())
    return {
        lesson.pk: Mark(len(by_lesson.get(lesson.pk, set()) & solved), len(by_lesson.get(lesson.pk, set())))
        for lesson in lessons
    }


def course_marks(request: HttpRequest, courses: Iterable[Course]) -> dict[int, Mark]:
    """Lessons done of the lessons with puzzles in each course, by course id: two queries."""
    course_ids = [c.pk for c in courses]
    steps = Step.objects.filter(kind=StepKind.PUZZLE, lesson__course_id__in=course_ids)
    by_lesson: dict[int, set[int]] = {}
    course_of: dict[int, int] = {}
    for course_id, lesson_id, puzzle_id in steps.values_list("lesson__course_id", "lesson_id", "puzzle_id"):
        by_lesson.setdefault(lesson_id, set()).add(puzzle_id)
        course_of[lesson_id] = course_id
    solved = _solved_ids(request, set().union(*by_lesson.values()) if by_lesson else set())
    marks = {pk: Mark(0, 0) for pk in course_ids}
    for lesson_id, puzzles in by_lesson.items():
        mark = marks[course_of[lesson_id]]
        marks[course_of[lesson_id]] = Mark(mark.done + (puzzles <= solved), mark.total + 1)
    return marks


def _solved_ids(request: HttpRequest, among: set[int]) -> set[int]:
    key = session_key(request)
    if not key or not among:
        return set()
    rows = Attempt.objects.filter(session_key=key, puzzle_id__in=among, correct=True).values_list("puzzle_id")
    return {pk for (pk,) in rows.distinct()}


def progress_summary(key: str | None) -> Summary:
    """Every course and lesson with this session's results: three queries, one once the lessons
    are kept in memory (the session's attempts)."""
    by_lesson = puzzles_of_lessons()
    progress = session_progress(key, by_lesson)
    solved = progress.solved
    courses: dict[int, CourseSummary] = {}
    for lesson in lessons_in_order():
        course = courses.setdefault(lesson.course_id, CourseSummary(lesson.course, []))
        puzzles = by_lesson.get(lesson.pk, frozenset())
        course.lessons.append(LessonSummary(lesson, len(puzzles & solved), len(puzzles)))
    return Summary(
        courses=list(courses.values()),
        puzzles_solved=len(solved),
        puzzles_attempted=progress.attempted,
        first_try_correct=progress.first_try_correct,
        accuracy=progress.accuracy,
        hints_used=progress.hints_used,
        lessons_done=len(progress.lessons_done),
    )


def summary(request: HttpRequest) -> Summary:
    """The "my progress" page of the current learner."""
    return progress_summary(session_key(request))


# ---------------------------------------------------------------- the path: where the learner is


def note_step(request: HttpRequest, lesson: Lesson, n: int) -> None:
    """Remember that the learner saw step ``n`` of ``lesson``: the lesson counts as seen (one
    star), and the course page offers to continue from here. Kept in the session, which
    signing in keeps."""
    seen = request.session.get(SEEN_KEY, [])
    if lesson.pk not in seen:
        request.session[SEEN_KEY] = [*seen, lesson.pk]
    where = request.session.get(WHERE_KEY, {})
    key = lesson.course.key
    if where.get(key) != [lesson.slug, n] or list(where)[-1:] != [key]:
        # The course seen last comes last: the home page's next step continues it.
        others = {k: v for k, v in where.items() if k != key}
        request.session[WHERE_KEY] = {**others, key: [lesson.slug, n]}


def stopped_at(request: HttpRequest, key: str) -> tuple[str, int] | None:
    """The lesson slug and step number the learner last saw in the course of ``key``."""
    found = request.session.get(WHERE_KEY, {}).get(key)
    if not isinstance(found, list) or len(found) != 2:
        return None
    slug, n = found
    return (str(slug), int(n)) if isinstance(n, int) else None


# ---------------------------------------------------------------- stars and mastery

STARS_MAX = 3


def lesson_stars(request: HttpRequest, lessons: Iterable[Lesson]) -> dict[int, int]:
    """Stars of each lesson, by id: 3 when every puzzle was solved at the first try without a
    hint, 2 when every puzzle is solved, 1 when the lesson was seen or tried, else 0. Two queries."""
    lessons = list(lessons)
    by_lesson = _puzzles_by_lesson(lesson_id__in=[lesson.pk for lesson in lessons])
    first: dict[int, bool] = {}  # puzzle id → right at the first try, without a hint
    solved: set[int] = set()
    key = session_key(request)
    among = set().union(*by_lesson.values()) if by_lesson else set()
    if key and among:
        rows = (
            Attempt.objects.filter(session_key=key, puzzle_id__in=among)
            .order_by("created", "id")
            .values_list("puzzle_id", "correct", "hints_used")
        )
        for puzzle_id, correct, hints in rows:
            first.setdefault(puzzle_id, correct and not hints)
            if correct:
                solved.add(puzzle_id)
    seen = set(request.session.get(SEEN_KEY, []))
    for puzzle_id in request.session.get(FIRST_TRY_KEY, []):
        if puzzle_id in first:
            first[puzzle_id] = True
    stars = {}
    for lesson in lessons:
        puzzles = by_lesson.get(lesson.pk, set())
        if lesson.pk not in seen and not puzzles & set(first):
            stars[lesson.pk] = 0
        elif all(first.get(p) for p in puzzles):
            stars[lesson.pk] = 3
        elif puzzles <= solved:
            stars[lesson.pk] = 2
        else:
            stars[lesson.pk] = 1
    return stars


@dataclass(frozen=True)
class RuleMastery:
    """One rule the learner met: of the puzzles practising it, how many were right at the first try."""

    variant: str
    rule: str
    right_first_try: int
    met: int


def rule_mastery(key: str | None) -> list[RuleMastery]:
    """Each rule of the puzzles this session answered, by variant, in the order of the rules: one query."""
    if not key:
        return []
    rows = (
        Attempt.objects.filter(session_key=key)
        .order_by("created", "id")
        .values_list("puzzle_id", "puzzle__variant", "puzzle__rules", "correct")
    )
    first: dict[int, tuple[str, list[str], bool]] = {}
    for puzzle_id, variant, rules, correct in rows:
        first.setdefault(puzzle_id, (variant, list(rules or []), bool(correct)))
    tally: dict[tuple[str, str], list[int]] = {}
    for variant, rules, correct in first.values():
        for rule in rules:
            counts = tally.setdefault((variant, rule), [0, 0])
            counts[0] += correct
            counts[1] += 1
    order = {rule: i for i, rule in enumerate(RULE_ORDER)}
    return [
        RuleMastery(variant, rule, right, met)
        for (variant, rule), (right, met) in sorted(
            tally.items(), key=lambda item: (item[0][0], order.get(item[0][1], len(order)))
        )
    ]
