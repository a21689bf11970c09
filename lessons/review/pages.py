"""The review page: the learner's due puzzles (lessons/review/__init__.py), one after another.

Each is its lesson's puzzle step, drawn and answered by :class:`~lessons.views.StepPage` with
the review's own addresses and whole page, as a drill's and a trainer's puzzles are. The answer
is recorded like any other (lessons/progress.py), which moves the puzzle on in the queue.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from lessons import progress, review
from lessons.models import Puzzle, ReviewItem, Source, StepKind, Variant
from lessons.views import TRIES_BEFORE_SOLUTION, StepPage, _bad_request, _find_steps, get_prefs


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    """The next due puzzle, or a page saying that nothing is due (and when the next one is)."""
    key = progress.session_key(request)
    puzzle = review.next_due(request, key)
    if puzzle is not None:
        return HttpResponseRedirect(reverse("review-puzzle", args=[puzzle.key]))
    waiting = review.waiting(key, request.user).order_by("due").first()
    ctx = {"next_due": waiting.due if waiting else None, "prefs": get_prefs(request)}
    return render(request, "lessons/review_empty.html", ctx)


@require_safe
def puzzle_page(request: HttpRequest, key: str) -> HttpResponse:
    page = _page_or_400(request, key)
    if isinstance(page, HttpResponse):
        return page
    assert page.puzzle is not None  # every review page has its puzzle (_page_or_400)
    review.served(request, page.puzzle)
    return page.render()


@require_POST
def answer(request: HttpRequest, key: str) -> HttpResponse:
    page = _page_or_400(request, key)
    if isinstance(page, HttpResponse):
        return page
    taken = page.take_answer()
    if isinstance(taken, HttpResponse):
        return taken
    return page.render(fragment="verdict")


@require_POST
def hint(request: HttpRequest, key: str) -> HttpResponse:
    page = _page_or_400(request, key)
    if isinstance(page, HttpResponse):
        return page
    assert page.puzzle is not None  # every review page has its puzzle (_page_or_400)
    progress.hint_used(request, page.puzzle)
    page.hint_shown = True
    return page.render(fragment="hint")


@require_POST
def solution(request: HttpRequest, key: str) -> HttpResponse:
    page = _page_or_400(request, key)
    if isinstance(page, HttpResponse):
        return page
    if page.wrong_tries < TRIES_BEFORE_SOLUTION:
        return page.bad_input(_("The solution opens after two wrong answers. Try once more!"))
    page.show_solution = True
    return page.render(fragment="solution")


def _page_or_400(request: HttpRequest, key: str) -> ReviewPage | HttpResponse:
    """The review page of a puzzle in the learner's queue; any other is a 400 saying why."""
    back = reverse("review-index")
    in_queue = ReviewItem.objects.filter(session_key=progress.session_key(request) or "", puzzle__key=key)
    puzzle = Puzzle.objects.filter(key=key).first()
    if puzzle is None or not in_queue.exists() or not review.may_see_in_review(request.user, puzzle):
        return _bad_request(request, _("This puzzle is not in your review."), back=back)
    if puzzle.source == Source.PERSONAL:
        return ReviewPage.of_own_hand(request, puzzle)
    step = review.step_of(puzzle)
    if step is None and puzzle.source != Source.CURRICULUM:
        return ReviewPage.of_drill_puzzle(request, puzzle)  # a teacher's puzzle, got wrong in a drill
    lesson, steps = _find_steps(step.lesson.course.key, step.lesson.slug) if step else (None, [])
    if lesson is None or step is None:
        return _bad_request(request, _("This puzzle is not in your review."), back=back)
    n = next(i for i, s in enumerate(steps, 1) if s.puzzle_id == puzzle.pk)
    return ReviewPage(request, lesson, steps, n)


class ReviewPage(StepPage):
    """A lesson's puzzle step served by the review: its own addresses, and "next" is the next due."""

    full_template = "lessons/review.html"
    from_drill = False  # a teacher's puzzle, got wrong in a drill

    @classmethod
    def of_drill_puzzle(cls, request: HttpRequest, puzzle: Puzzle) -> ReviewPage:
        """A puzzle of no lesson (a teacher's, got wrong in a drill): a stand-in lesson of one step,
        as a drill's own puzzle page has."""
        label = Variant(puzzle.variant).label
        course = SimpleNamespace(variant=puzzle.variant, key=puzzle.variant, title=label)
        lesson = SimpleNamespace(course=course, slug="", title=puzzle.title)
        step = SimpleNamespace(kind=StepKind.PUZZLE, puzzle=puzzle, body="", table=None)
        page = cls(request, lesson, [step], 1)  # type: ignore[arg-type, list-item]
        page.from_drill = True
        return page

    own_hand = False

    @classmethod
    def of_own_hand(cls, request: HttpRequest, puzzle: Puzzle) -> ReviewPage:
        """A position of the learner's own practice hand: it belongs to no lesson, so the page is
        given a stand-in lesson of one step, as the trainer's puzzles are."""
        label = Variant(puzzle.variant).label
        course = SimpleNamespace(variant=puzzle.variant, key=puzzle.variant, title=label)
        lesson = SimpleNamespace(course=course, slug="", title=label)
        step = SimpleNamespace(kind=StepKind.PUZZLE, puzzle=puzzle, body="", table=None)
        page = cls(request, lesson, [step], 1)  # type: ignore[arg-type, list-item]
        page.own_hand = True
        return page

    def _url(self, name: str, n: int) -> str:
        names = {
            "lessons-puzzle-answer": "review-answer",
            "lessons-puzzle-hint": "review-hint",
            "lessons-puzzle-solution": "review-solution",
        }
        if name in names:
            assert self.puzzle is not None
            return reverse(names[name], args=[self.puzzle.key])
        return super()._url(name, n)

    def context(self) -> dict[str, Any]:
        ctx = super().context()
        assert self.puzzle is not None
        next_url = reverse("review-index")
        ctx.update(
            {
                "review_page": True,
                "from_drill": self.from_drill,
                "previous_url": "",
                "next_url": next_url,
                "page_url": reverse("review-puzzle", args=[self.puzzle.key]),
                "verdict_footer": "lessons/partials/review_next.html",
                "due": review.due_count(progress.session_key(self.request), self.request.user),
            }
        )
        if self.own_hand:
            # No lesson to list or to go back to: the review itself.
            ctx.update({"own_hand": True, "nav": [], "lesson_url": next_url, "course_url": next_url})
        return ctx
