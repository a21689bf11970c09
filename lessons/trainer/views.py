"""The puzzle trainer: an endless stream of generated puzzles per variant, with a rating and a streak.

``/train/`` lists the variants with the learner's rating and streak; ``/train/<variant>/`` shows
the next puzzle (lessons/trainer/selection.py chooses it), drawn and answered exactly like a
lesson's puzzle step: :class:`TrainerPage` is the step page (lessons/views.py) with the
trainer's addresses, and the verdict ends with the trainer's own lines (the rating change, the
streak, the next puzzle) through the verdict partial's ``verdict_footer``. Answers are judged by
lessons/checking.py, recorded as attempts by lessons/progress.py and rated by
lessons/trainer/results.py.

Bad input (an unknown variant or puzzle in a post, a tampered form) is a 400 with a message.
"""

from __future__ import annotations

import functools
from types import SimpleNamespace
from typing import Any

from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from lessons import progress
from lessons.models import Puzzle, Source, StepKind, TrainerPlay, TrainerRating, Variant
from lessons.render import page as render_page
from lessons.standing import Result, standing
from lessons.trainer import results, selection
from lessons.views import StepPage, _bad_request

# In the trainer the solution opens after one wrong answer: the rating has already been decided.
TRIES_BEFORE_SOLUTION = 1


# ---------------------------------------------------------------- pages


def index(request: HttpRequest) -> HttpResponse:
    """The three variants, each with the learner's rating and streak: three queries."""
    mine = results.learners(request)
    available = dict(
        Puzzle.objects.filter(source=Source.GENERATED)
        .order_by()
        .values_list("variant")
        .annotate(n=Count("id"))
        .values_list("variant", "n")
    )
    failed = dict(
        TrainerPlay.objects.filter(learner__in=list(mine.values()), cleared=False)
        .order_by()
        .values_list("learner__variant")
        .annotate(n=Count("id"))
        .values_list("learner__variant", "n")
    )
    rows = [
        {
            "variant": value,
            "label": label,
            "started": value in mine,
            "standing": standing(mine.get(value), failed.get(value, 0)),
            "available": available.get(value, 0),
        }
        for value, label in Variant.choices
    ]
    return render_page(request, "trainer/index.html", {"rows": rows})


def train(request: HttpRequest, variant: str) -> HttpResponse:
    """The next puzzle of the variant (the one on screen again, until it is answered)."""
    _check_variant(variant)
    who = results.learner(request, variant)
    pick = selection.next_pick(who)
    if pick is None:
        return _nothing_left(request, who)
    return TrainerPage(request, who, pick.puzzle, replay=pick.replay).render()


def replay(request: HttpRequest, variant: str) -> HttpResponse:
    """Bring back a failed puzzle now, then show it at the trainer's address."""
    _check_variant(variant)
    who = results.learner(request, variant)
    if selection.replay_pick(who) is None:
        return _nothing_left(request, who, replay=True)
    return HttpResponseRedirect(reverse("trainer-next", args=[variant]))


def _check_variant(variant: str) -> None:
    if variant not in Variant.values:
        raise Http404


def _nothing_left(request: HttpRequest, who: TrainerRating, replay: bool = False) -> HttpResponse:
    """The friendly end of the stream: everything solved, nothing to replay, or no puzzle yet."""
    failed = selection.failed_count(who)
    ctx = {
        "variant": who.variant,
        "label": Variant(who.variant).label,
        "standing": standing(who, failed),
        "replay": replay,
        "empty": not selection.generated(who.variant).exists(),
        "page_url": reverse("trainer-next", args=[who.variant]),
    }
    return render_page(request, "trainer/done.html", ctx)


# ---------------------------------------------------------------- answering


@require_POST
def answer(request: HttpRequest, variant: str, key: str) -> HttpResponse:
    page = _page_or_400(request, variant, key)
    if isinstance(page, HttpResponse):
        return page
    attempt = page.take_answer()
    if isinstance(attempt, HttpResponse):
        return attempt
    assert page.puzzle is not None
    page.result = results.record_answer(page.who, page.puzzle, attempt, bool(page.verdict.correct))
    return page.render(fragment="verdict")


@require_POST
def hint(request: HttpRequest, variant: str, key: str) -> HttpResponse:
    page = _page_or_400(request, variant, key)
    if isinstance(page, HttpResponse):
        return page
    assert page.puzzle is not None
    progress.hint_used(request, page.puzzle)
    results.help_shown(page.who, page.puzzle, hint=True)
    page.hint_shown = True
    return page.render(fragment="hint")


@require_POST
def solution(request: HttpRequest, variant: str, key: str) -> HttpResponse:
    page = _page_or_400(request, variant, key)
    if isinstance(page, HttpResponse):
        return page
    assert page.puzzle is not None
    if page.wrong_tries < TRIES_BEFORE_SOLUTION:
        return page.bad_input(_("The solution opens after a wrong answer. Have a try first!"))
    results.help_shown(page.who, page.puzzle, solution=True)
    page.show_solution = True
    return page.render(fragment="solution")


def _page_or_400(request: HttpRequest, variant: str, key: str) -> TrainerPage | HttpResponse:
    """The trainer page of the posted puzzle, or a 400 naming what is wrong with the post."""
    back = reverse("trainer-index")
    if variant not in Variant.values:
        return _bad_request(request, _("There is no puzzle trainer for this game."), back=back)
    puzzle = selection.generated(variant).filter(key=key).first()
    if puzzle is None:
        back = reverse("trainer-next", args=[variant])
        return _bad_request(request, _("This puzzle is not one of the trainer's puzzles."), back=back)
    return TrainerPage(request, results.learner(request, variant), puzzle)


class TrainerPage(StepPage):
    """A trainer puzzle, drawn and answered like a lesson's puzzle step.

    A trainer puzzle belongs to no lesson: the step page is given a stand-in lesson of one step
    (as a drill's puzzle is), the trainer's addresses, and the trainer's figures.
    """

    full_template = "trainer/puzzle.html"

    def __init__(
        self, request: HttpRequest, who: TrainerRating, puzzle: Puzzle, replay: bool = False
    ) -> None:
        label = Variant(puzzle.variant).label
        course = SimpleNamespace(variant=puzzle.variant, title=label)
        lesson = SimpleNamespace(course=course, slug="", title=label)
        step = SimpleNamespace(kind=StepKind.PUZZLE, puzzle=puzzle, body="", table=None)
        super().__init__(request, lesson, [step], 1)  # type: ignore[arg-type, list-item]
        self.who = who
        self.replay = replay
        self.result: Result | None = None
        # Help shown counts for the puzzle on screen only: a replay starts without it.
        self.hint_shown = who.current_id == puzzle.pk and who.current_hint

    @functools.cached_property
    def wrong_tries(self) -> int:  # type: ignore[override]
        """Read once per request (the page and the solution view both ask)."""
        return progress.wrong_tries(self.request, self.puzzle) if self.puzzle else 0

    def _url(self, name: str, n: int) -> str:
        names = {
            "lessons-puzzle-answer": "trainer-answer",
            "lessons-puzzle-hint": "trainer-hint",
            "lessons-puzzle-solution": "trainer-solution",
        }
        if name in names:
            assert self.puzzle is not None
            return reverse(names[name], args=[self.variant, self.puzzle.key])
        return reverse("trainer-next", args=[self.variant])

    def context(self) -> dict[str, Any]:
        next_url = reverse("trainer-next", args=[self.variant])
        ctx: dict[str, Any] = {
            "step": self.step,
            "n": 1,
            "count": 1,
            "previous_url": "",
            "next_url": next_url,
            "course_url": reverse("trainer-index"),
            "lesson_url": next_url,
            "page_url": next_url,
            "prefs": self.prefs,
            "deck": self.deck,
            "spanish_offered": self.variant == "moroccan",
            "table": None,
        }
        ctx.update(self.puzzle_context())
        ctx.update(
            {
                "variant": self.variant,
                "label": self.course.title,
                "replay": self.replay,
                "result": self.result,
                "standing": standing(self.who, selection.failed_count(self.who)),
                "replay_url": reverse("trainer-replay", args=[self.variant]),
                "verdict_footer": "trainer/partials/result.html",
                "solution_offered": self.wrong_tries >= TRIES_BEFORE_SOLUTION,
            }
        )
        return ctx
