"""lessons.progress: attempts recorded once each; progress computed in a fixed number of queries."""

from pathlib import Path
from types import SimpleNamespace

import pytest
from django.contrib.auth.models import AnonymousUser
from django.contrib.sessions.backends.db import SessionStore
from django.core.management import call_command
from django.db import connection
from django.test import RequestFactory
from django.test.utils import CaptureQueriesContext

from lessons import progress
from lessons.models import Attempt, Course, Lesson, Puzzle

GOOD = Path(__file__).parent / "content_fixtures" / "good"
RIGHT = SimpleNamespace(correct=True)
WRONG = SimpleNamespace(correct=False)


@pytest.fixture
def curriculum(db):
    call_command("load_curriculum", path=GOOD, stdout=None)


def new_request():
    request = RequestFactory().post("/")
    request.session = SessionStore()
    request.user = AnonymousUser()
    return request


@pytest.fixture
def request_():
    return new_request()


def p(key: str) -> Puzzle:
    return Puzzle.objects.get(key=key)


class Tokens:
    n = 0

    def __call__(self) -> str:
        self.n += 1
        return f"token-{self.n:04d}"


token = Tokens()


def answer(request, key: str, verdict=RIGHT, given="x") -> Attempt:
    return progress.record(request, p(key), given, verdict, token=token())


# ---------------------------------------------------------------- recording


def test_it_records_an_attempt_with_the_session_key(curriculum, request_):
    attempt = progress.record(request_, p("sa-follow-1"), "KC", RIGHT, token="abc12345", seconds=7)

    stored = Attempt.objects.get()
    assert stored.pk == attempt.pk
    assert stored.session_key == request_.session.session_key is not None
    assert (stored.answer, stored.correct, stored.seconds, stored.user) == ("KC", True, 7, None)


def test_a_double_submit_is_recorded_once(curriculum, request_):
    first = progress.record(request_, p("sa-follow-1"), "AS", WRONG, token="same-token")
    second = progress.record(request_, p("sa-follow-1"), "AS", WRONG, token="same-token")

    assert first.pk == second.pk
    assert Attempt.objects.count() == 1


def test_record_attempt_tells_whether_it_created(curriculum):
    kwargs = {"puzzle": p("sa-count-1"), "session_key": "s", "answer": 21, "correct": True, "token": "tok-1"}

    assert progress.record_attempt(**kwargs)[1] is True
    assert progress.record_attempt(**kwargs)[1] is False


@pytest.mark.parametrize("bad", ["", "x" * 65])
def test_record_attempt_refuses_a_bad_token(curriculum, bad):
    with pytest.raises(ValueError):
        progress.record_attempt(puzzle=p("sa-count-1"), session_key="s", answer=21, correct=True, token=bad)


def test_it_stores_the_hints_seen_before_answering(curriculum, request_):
    puzzle = p("sa-follow-1")
    progress.hint_used(request_, puzzle)
    progress.hint_used(request_, puzzle)

    attempt = progress.record(request_, puzzle, "KC", RIGHT, token="hinted-1")

    assert progress.hints_used(request_, puzzle) == 2
    assert progress.hints_used(request_, p("sa-follow-2")) == 0
    assert attempt.hints_used == 2


def test_it_records_the_user_when_logged_in(curriculum, request_, django_user_model):
    request_.user = django_user_model.objects.create_user("layla", password="x")

    attempt = progress.record(request_, p("sa-follow-1"), "KC", RIGHT, token="user-tok-1")

    assert attempt.user == request_.user


# ---------------------------------------------------------------- reading


def test_wrong_tries_count_only_this_puzzle_and_this_session(curriculum, request_):
    other = new_request()
    answer(request_, "sa-follow-1", WRONG)
    answer(request_, "sa-follow-1", WRONG)
    answer(request_, "sa-follow-2", WRONG)
    answer(other, "sa-follow-1", WRONG)

    assert progress.wrong_tries(request_, p("sa-follow-1")) == 2
    assert progress.wrong_tries(new_request(), p("sa-follow-1")) == 0


def test_session_progress_counts_solved_first_try_and_wrong_tries(curriculum, request_):
    answer(request_, "sa-follow-1", RIGHT)
    answer(request_, "sa-follow-2", WRONG)
    answer(request_, "sa-follow-2", WRONG)
    answer(request_, "sa-follow-2", RIGHT)
    answer(request_, "sa-trick-1", WRONG)

    got = progress.session_progress(request_.session.session_key)

    assert got.solved == {p("sa-follow-1").pk, p("sa-follow-2").pk}
    assert got.attempted == 3
    assert got.first_try_correct == 1
    assert got.accuracy == 33
    assert got.puzzles[p("sa-follow-2").pk].wrong == 2
    assert got.puzzles[p("sa-follow-2").pk].tries == 3
    assert not got.puzzles[p("sa-trick-1").pk].solved


def test_a_lesson_is_done_when_all_its_puzzles_are_solved(curriculum, request_):
    for key in ("sa-follow-1", "sa-follow-2", "sa-trick-1"):
        answer(request_, key)
    lesson = Lesson.objects.get(slug="follow-suit")
    assert lesson.pk not in progress.session_progress(request_.session.session_key).lessons_done

    answer(request_, "sa-count-1")

    assert progress.session_progress(request_.session.session_key).lessons_done == {lesson.pk}


def test_progress_is_empty_for_a_new_session(curriculum):
    got = progress.session_progress(None)

    assert got.attempted == 0
    assert got.accuracy is None


def test_session_progress_takes_two_queries_whatever_the_history(curriculum, request_):
    for key in ("sa-follow-1", "sa-follow-2", "sa-trick-1", "sa-count-1", "sa-score-1", "fr-overtrump-1"):
        answer(request_, key, WRONG)
        answer(request_, key, RIGHT)

    with CaptureQueriesContext(connection) as queries:
        progress.session_progress(request_.session.session_key)

    assert len(queries) == 2


def test_summary_takes_four_queries_whatever_the_history(curriculum, request_):
    answer(request_, "sa-follow-1")
    with CaptureQueriesContext(connection) as few:
        progress.summary(request_)
    for key in ("sa-follow-2", "sa-trick-1", "sa-count-1", "sa-score-1", "sa-proj-1", "fr-overtrump-1"):
        answer(request_, key, WRONG)
        answer(request_, key, RIGHT)

    with CaptureQueriesContext(connection) as many:
        progress.summary(request_)

    assert len(few) == len(many) <= 4


def test_summary_lists_courses_and_lessons_with_results(curriculum, request_):
    for key in ("sa-follow-1", "sa-follow-2", "sa-trick-1", "sa-count-1"):
        answer(request_, key)
    answer(request_, "sa-score-1", WRONG)

    summary = progress.summary(request_)

    assert [c.course.variant for c in summary.courses] == ["saudi", "french"]
    saudi = summary.courses[0]
    assert [(lesson.lesson.slug, lesson.solved, lesson.total, lesson.done) for lesson in saudi.lessons] == [
        ("follow-suit", 4, 4, True),
        ("scoring", 0, 3, False),
    ]
    assert (saudi.lessons_done, saudi.lessons_total, saudi.puzzles_solved, saudi.puzzles_total) == (
        1,
        2,
        4,
        7,
    )
    assert (summary.puzzles_solved, summary.puzzles_attempted, summary.first_try_correct) == (4, 5, 4)
    assert summary.accuracy == 80
    assert summary.lessons_done == 1


def test_marks_for_the_home_and_course_pages(curriculum, request_):
    for key in ("sa-follow-1", "sa-follow-2", "sa-trick-1", "sa-count-1", "sa-score-1"):
        answer(request_, key)
    saudi, french = Course.objects.get(key="saudi"), Course.objects.get(key="french")
    lessons = list(saudi.lessons.all())

    course_marks = progress.course_marks(request_, [saudi, french])
    lesson_marks = progress.lesson_marks(request_, lessons)

    assert course_marks == {saudi.pk: progress.Mark(1, 2), french.pk: progress.Mark(0, 1)}
    assert lesson_marks == {lessons[0].pk: progress.Mark(4, 4), lessons[1].pk: progress.Mark(1, 3)}


def test_solved_keys_of_the_puzzles_asked_about(curriculum, request_):
    answer(request_, "sa-follow-1")
    answer(request_, "sa-follow-2", WRONG)
    answer(request_, "fr-overtrump-1")

    solved = progress.solved_keys(request_, [p("sa-follow-1"), p("sa-follow-2")])

    assert solved == {"sa-follow-1"}


def test_reading_progress_does_not_create_a_session(curriculum, request_):
    assert progress.summary(request_).puzzles_attempted == 0
    assert progress.wrong_tries(request_, p("sa-follow-1")) == 0
    assert request_.session.session_key is None
