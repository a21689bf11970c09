"""Views of the lessons app: plain functions, thin, one per page.

The puzzle endpoints (answer, hint, solution) serve htmx and plain forms alike:
an htmx request gets the fragment it swaps in place, a plain post gets the
whole step page with the same fragment filled in, so everything works with
JavaScript off. Right or wrong is decided only by :mod:`lessons.checking`;
attempts are recorded only by :mod:`lessons.progress`.

Bad input (a tampered form, an unknown step, a post to a text step) is
answered with status 400 and a message in the page language, never a 500.
"""

import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.functional import SimpleLazyObject
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from engine import messages
from engine.cards import Card
from engine.notation import InputError
from lessons import checking, decouverte_puzzle, demo, hints, lesson_cache, progress, timing, today
from lessons.addresses import row_addresses
from lessons.forms import PrefsForm, TokenForm, new_token
from lessons.models import Account, Attempt, Course, Lesson, Puzzle, Step, StepKind, Task, Variant
from lessons.templatetags.baloot import variant_gettext
from lessons.templatetags.table import (
    SEAT_LETTERS,
    best_card_view,
    card_faces,
    effective_deck,
    line_view,
    table_view,
)
from lessons.typed_requests import htmx_of

# A lesson with this many stars (progress.lesson_stars) is done: every puzzle solved.
SOLVED_STARS = 2
PREFS_KEY = "prefs"
DEFAULT_PREFS = {"digits": "native", "deck": "french", "theme": "auto"}
# The solution is offered once the learner has been wrong this many times.
TRIES_BEFORE_SOLUTION = 2
# Puzzles in the middle of a hand: the tricks so far drawn in a list, the counting seat's hand shown.
COUNTING_TASKS = (Task.TRUMPS_LEFT, Task.CONTRACT_MADE)
# Feedback on a wrong answer comes in stages, one more per wrong try (lessons/checking.py): what is
# wrong with the answer; then the hint too; then the whole explanation and the solution.
STAGE_WHAT_IS_WRONG, STAGE_HINT, STAGE_EXPLANATION = 1, 2, 3


# ---------------------------------------------------------------- preferences


def get_prefs(request: HttpRequest) -> dict[str, str]:
    return {**DEFAULT_PREFS, **request.session.get(PREFS_KEY, {})}


def theme(request: HttpRequest) -> dict[str, str]:
    """Context processor: the colour theme the learner chose, for every page's <html> and menu.

    An error page for an address refused before the session middleware ran (a NUL character in
    it) has no session: the default theme then."""
    if not hasattr(request, "session"):
        return {"theme": DEFAULT_PREFS["theme"]}
    return {"theme": get_prefs(request)["theme"]}


@require_POST
def prefs(request: HttpRequest) -> HttpResponse:
    form = PrefsForm(request.POST)
    if not form.is_valid():
        message = " ".join(str(e) for errors in form.errors.values() for e in errors)
        return _bad_request(request, message)
    chosen = {key: form.cleaned_data[key] for key in ("digits", "deck", "theme") if form.cleaned_data[key]}
    request.session[PREFS_KEY] = {**get_prefs(request), **chosen}
    if request.user.is_authenticated:
        # Kept with the account at once: another device signed in already finds it at its next sign-in.
        account = Account.objects.filter(user=request.user).first()
        if account is not None:
            account.browser = {**account.browser, PREFS_KEY: request.session[PREFS_KEY]}
            account.save(update_fields=["browser"])
    target = form.cleaned_data["next"]
    if not url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        target = reverse("home")
    return HttpResponseRedirect(target)


# ---------------------------------------------------------------- courses and lessons


@dataclass
class CourseTile:
    """A course on the home page: lessons done, and where a beginner starts: the first lesson,
    then (the template adds it) the guided first hand, which leads once the first lesson is done."""

    course: Course
    mark: Any
    start_url: str
    first_done: bool


@require_safe
def home(request: HttpRequest) -> HttpResponse:
    courses = list(Course.objects.all())
    marks = progress.course_marks(request, courses)
    firsts = {course.pk: course.lessons.order_by("order").first() for course in courses}
    stars = progress.lesson_stars(request, [lesson for lesson in firsts.values() if lesson is not None])
    tiles = [
        CourseTile(
            course,
            marks.get(course.pk),
            _start_url(firsts[course.pk]),
            (first := firsts[course.pk]) is not None and stars.get(first.pk, 0) >= SOLVED_STARS,
        )
        for course in courses
    ]
    ctx = {
        "courses": tiles,
        "next_step": today.next_step(request, courses, get_language() or "en"),
        "streak": today.streak(progress.session_key(request)),
        "bars": today.course_bars(request, courses, marks),
        "prefs": get_prefs(request),
    }
    return render(request, "home.html", ctx)


def _start_url(first: Lesson | None) -> str:
    """Where "Start here" leads: the first step of the course's first lesson."""
    return reverse("lessons-step", args=[first.course.key, first.slug, 1]) if first else ""


@dataclass
class LessonRow:
    """A lesson as the course page lists it: its number, puzzles solved and stars."""

    number: int
    lesson: Lesson
    mark: Any
    stars: int


@require_safe
def course(request: HttpRequest, variant: str) -> HttpResponse:
    # The address names the course by its key: the variant's name for the rules course.
    course = get_object_or_404(Course, key=variant)
    key, variant = course.key, course.variant
    lessons = list(course.lessons.all())
    marks = progress.lesson_marks(request, lessons)
    stars = progress.lesson_stars(request, lessons)
    rows = []
    number = 0
    for lesson in lessons:
        # A checkpoint is no lesson of its own: it keeps the number of the lesson it follows.
        number += 0 if lesson.checkpoint else 1
        rows.append(LessonRow(number, lesson, marks.get(lesson.pk), stars[lesson.pk]))
    resume = None
    stopped = progress.stopped_at(request, key)
    row = next((r for r in rows if stopped and r.lesson.slug == stopped[0]), None)
    if row is not None and stopped is not None:
        url = reverse("lessons-step", args=[key, row.lesson.slug, stopped[1]])
        resume = {"lesson": row.number, "title": row.lesson.title, "step": stopped[1], "url": url}
    ctx = {
        "course": course,
        "lessons": rows,
        "resume": resume,
        "stars_max": progress.STARS_MAX,
        **_deck_context(request, variant),
    }
    return render(request, "lessons/course.html", ctx)


@require_safe
def lesson(request: HttpRequest, variant: str, slug: str) -> HttpResponse:
    lesson, steps = _find_steps(variant, slug)  # kept between requests, like a step's
    if lesson is None:
        raise Http404
    solved = progress.solved_keys(request, [s.puzzle for s in steps if s.puzzle])
    ctx = {
        "course": lesson.course,
        "lesson": lesson,
        "stars": progress.lesson_stars(request, [lesson])[lesson.pk] if lesson.checkpoint else None,
        "steps": [(n, s, bool(s.puzzle and s.puzzle.key in solved)) for n, s in enumerate(steps, 1)],
        **_deck_context(request, variant),
    }
    return render(request, "lessons/lesson.html", ctx)


@require_safe
def step(request: HttpRequest, variant: str, slug: str, n: int) -> HttpResponse:
    lesson, steps = _lesson_steps(variant, slug, n)
    progress.note_step(request, lesson, n)
    page = StepPage(request, lesson, steps, n)
    return page.render()


@require_safe
def my_progress(request: HttpRequest) -> HttpResponse:
    lang = get_language() or "en"
    mastery = [
        {
            "title": messages.rule_title(m.rule, m.variant, lang),
            "url": reverse("lessons-rules", args=[m.variant]) + "#rule-" + m.rule,
            "variant": m.variant,
            "variant_name": Variant(m.variant).label,
            "right": m.right_first_try,
            "met": m.met,
        }
        for m in progress.rule_mastery(progress.session_key(request))
    ]
    ctx = {
        "summary": progress.summary(request),
        "mastery": mastery,
        "prefs": get_prefs(request),
    }
    return render(request, "lessons/progress.html", ctx)


# ---------------------------------------------------------------- puzzle interaction


@require_POST
def answer(request: HttpRequest, variant: str, slug: str, n: int) -> HttpResponse:
    page = _puzzle_page_or_400(request, variant, slug, n)
    if isinstance(page, HttpResponse):
        return page
    taken = page.take_answer()
    if isinstance(taken, HttpResponse):
        return taken
    # The step answered is where the learner is: a visitor's first answer makes the session that
    # keeps the path, which reading alone never does (baloot_site/sessions.py).
    progress.note_step(request, page.lesson, n)
    return page.render(fragment="verdict")


@require_POST
def hint(request: HttpRequest, variant: str, slug: str, n: int) -> HttpResponse:
    page = _puzzle_page_or_400(request, variant, slug, n)
    if isinstance(page, HttpResponse):
        return page
    if page.lesson.checkpoint:
        return page.bad_input(_("A checkpoint offers no hint: answer with what the lessons taught."))
    assert page.puzzle is not None  # a step without a puzzle was answered with a 400 above
    progress.hint_used(request, page.puzzle)
    page.hint_shown = True
    return page.render(fragment="hint")


@require_POST
def solution(request: HttpRequest, variant: str, slug: str, n: int) -> HttpResponse:
    page = _puzzle_page_or_400(request, variant, slug, n)
    if isinstance(page, HttpResponse):
        return page
    if page.wrong_tries < TRIES_BEFORE_SOLUTION:
        return page.bad_input(_("The solution opens after two wrong answers. Try once more!"))
    page.show_solution = True
    return page.render(fragment="solution")


# ---------------------------------------------------------------- helpers


def _find_steps(variant: str, slug: str) -> tuple[Lesson | None, list[Step]]:
    """The lesson and its steps: kept in memory between requests (lessons/lesson_cache.py)."""
    return lesson_cache.get_or_read(
        ("steps", variant, slug), lambda: _read_steps(variant, slug), keep=lambda found: found[0] is not None
    )


def _read_steps(variant: str, slug: str) -> tuple[Lesson | None, list[Step]]:
    """The lesson and its steps in one query (a second one for a lesson without steps).

    One query with its joins costs less than two simple ones: building the SQL is most of the work.
    """
    steps = list(
        Step.objects.select_related("lesson__course", "puzzle")
        .filter(lesson__course__key=variant, lesson__slug=slug)
        .order_by("order")
    )
    if not steps:
        lessons = Lesson.objects.select_related("course")
        return lessons.filter(course__key=variant, slug=slug).first(), steps
    lesson = steps[0].lesson
    for step in steps:
        step.lesson = lesson
    return lesson, steps


def _lesson_steps(variant: str, slug: str, n: int) -> tuple[Lesson, list[Step]]:
    lesson, steps = _find_steps(variant, slug)
    if lesson is None or not 1 <= n <= len(steps):
        raise Http404
    return lesson, steps


def _puzzle_page_or_400(request: HttpRequest, variant: str, slug: str, n: int) -> "StepPage | HttpResponse":
    """The step page of a puzzle step, or a 400 answer naming what is wrong with the post."""
    lesson, steps = _find_steps(variant, slug)
    if lesson is None:
        return _bad_request(request, _("This lesson does not exist."))
    if not 1 <= n <= len(steps):
        return _bad_request(
            request,
            _("This lesson has no step %(n)s.") % {"n": n},
            back=reverse("lessons-lesson", args=[variant, slug]),
        )
    page = StepPage(request, lesson, steps, n)
    if page.puzzle is None:
        return _bad_request(
            request,
            _("This step is an explanation: there is nothing to answer here."),
            back=reverse("lessons-step", args=[variant, slug, n]),
        )
    return page


def _deck_context(request: HttpRequest, variant: str) -> dict[str, Any]:
    """The preferences, and the deck toggle where the variant offers a choice (Moroccan)."""
    prefs = get_prefs(request)
    return {
        "prefs": prefs,
        "deck": effective_deck(variant, prefs["deck"]),
        "spanish_offered": variant == "moroccan",
    }


def _bad_request(request: HttpRequest, message: str, back: str = "") -> HttpResponse:
    back = back or reverse("home")
    # page_url: switching language from this page goes back to a page that exists, not to the POST.
    ctx = {"message": message, "back": back, "page_url": back, "prefs": get_prefs(request)}
    template = "lessons/bad_request.html#problem" if htmx_of(request) else "lessons/bad_request.html"
    return render(request, template, ctx, status=400)


def _selected_cards(puzzle: Puzzle, post: Any) -> list[str]:
    """The cards ticked in an all-legal answer, so a wrong try keeps them ticked on a plain post."""
    return [str(c) for c in post.getlist("cards")] if puzzle.task == Task.ALL_LEGAL else []


def _off_the_line(items: list[dict[str, str]], line: list[dict[str, Any]]) -> list[dict[str, str]]:
    """Reasons or steps without the tricks of a best-card line: the line shows them with its cards."""
    return [item for item in items if item["rule"] != "solve.trick"] if line else items


@dataclass
class Choice:
    """One button of an answer form: the value posted and the words shown."""

    value: str
    label: str


class StepPage:
    """Everything the step page shows, built once per request; fragments are parts of it."""

    # A puzzle shown outside a lesson (a drill's, the trainer's) has a whole page of its own;
    # its fragments are the lesson puzzle's.
    full_template = ""

    # The drill the page is part of (lessons/drills.py): its answers count toward it alone.
    drill: Any = None

    def __init__(self, request: HttpRequest, lesson: Lesson, steps: list[Step], n: int) -> None:
        self.request = request
        self.lesson = lesson
        self.course = lesson.course
        self.steps = steps
        self.n = n
        self.step = steps[n - 1]
        self.puzzle: Puzzle | None = self.step.puzzle if self.step.kind == StepKind.PUZZLE else None
        self.lang = get_language() or "en"
        self.prefs = get_prefs(request)
        self.variant = self.course.variant
        self.deck = effective_deck(self.variant, self.prefs["deck"])
        self.verdict: Any = None
        self.error = ""
        self.selected: list[str] = []
        self.hint_shown = bool(self.puzzle and progress.hints_used(request, self.puzzle))
        # The hint: the author's, else one made from the puzzle by its kind (lessons/hints.py).
        self._hint: str | None = None
        self.show_solution = False
        self.stage = 0  # of the feedback on a wrong answer (STAGE_*); 0 without one
        # The part of the page answering a post takes the focus (the template leaves a verdict
        # swapped by htmx alone: the focus stays on the card, ready for another try).
        self.focus = ""
        self._addresses: dict[str, Callable[[int], str]] = {}

    @property
    def hint(self) -> str:
        if self._hint is None:
            # A checkpoint offers no hint, not even one made from the puzzle.
            offered = self.puzzle and not getattr(self.lesson, "checkpoint", False)
            self._hint = hints.hint_for(self.puzzle, self.lang, self.deck) if self.puzzle and offered else ""
        return self._hint

    @property
    def wrong_tries(self) -> int:
        return progress.wrong_tries(self.request, self.puzzle) if self.puzzle else 0

    def bad_input(self, message: str) -> HttpResponse:
        self.error = message
        return self.render(fragment="verdict", status=400)

    def take_answer(self) -> Attempt | HttpResponse:
        """Read the posted answer, judge it and record it once per form token.

        The verdict and the cards chosen are kept for :meth:`render`; the attempt is returned
        (the first one stored with this token, on a double submit). A damaged form or an answer
        that cannot be one is the 400 page saying why, and nothing is recorded.
        """
        request, puzzle = self.request, self.puzzle
        assert puzzle is not None
        token_form = TokenForm(request.POST)
        if not token_form.is_valid():
            return self.bad_input(str(token_form.errors["token"][0]))
        try:
            given = checking.parse_answer(puzzle, request.POST)
        except checking.BadAnswer as e:
            return self.bad_input(str(e))
        self.verdict = checking.check(puzzle, given, self.lang, self.deck)
        self.selected = _selected_cards(puzzle, request.POST)
        seconds = timing.seconds_since(request.POST.get("shown"), puzzle.pk)
        token = token_form.cleaned_data["token"]
        try:
            attempt = progress.record(
                request, puzzle, given, self.verdict, token=token, seconds=seconds, drill=self.drill
            )
        except progress.TokenMisused:
            self.verdict, self.selected = None, []
            return self.bad_input(_("This form was already used for another answer: please reload the page."))
        if not self.verdict.correct:
            self.stage = min(max(self.wrong_tries, STAGE_WHAT_IS_WRONG), STAGE_EXPLANATION)
            # The third wrong try opens the solution, as the "show the solution" button would.
            self.show_solution = self.stage >= STAGE_EXPLANATION
        return attempt

    def render(self, fragment: str = "", status: int = 200) -> HttpResponse:
        template = "lessons/puzzle.html" if self.puzzle else "lessons/step.html"
        if fragment and htmx_of(self.request):
            template += "#" + fragment
        elif self.full_template:
            template = self.full_template
        self.focus = fragment
        return render(self.request, template, self.context(), status=status)

    def context(self) -> dict[str, Any]:
        n, count = self.n, len(self.steps)
        url = self._url
        lesson_args = [self.course.key, self.lesson.slug]
        # Addresses are made when the template reads them: an answer's verdict reads one or two
        # of the eight, and each reverse() costs as much as the rest of the context.
        ctx: dict[str, Any] = {
            "course": self.course,
            "lesson": self.lesson,
            "step": self.step,
            "n": n,
            "count": count,
            "nav": SimpleLazyObject(
                lambda: [(i, url("lessons-step", i), s.kind) for i, s in enumerate(self.steps, 1)]
            ),
            "previous_url": SimpleLazyObject(lambda: url("lessons-step", n - 1)) if n > 1 else "",
            "next_url": SimpleLazyObject(lambda: url("lessons-step", n + 1)) if n < count else "",
            "lesson_url": SimpleLazyObject(lambda: reverse("lessons-lesson", args=lesson_args)),
            "course_url": SimpleLazyObject(lambda: reverse("lessons-course", args=[self.course.key])),
            "page_url": SimpleLazyObject(lambda: url("lessons-step", n)),
            "prefs": self.prefs,
            "deck": self.deck,
            "spanish_offered": self.variant == "moroccan",
            "table": self._table(),
            "demo": self._demo(),
            # A checkpoint shows the learner's stars on each of its pages. A puzzle page outside a
            # course (review, trainer, drill) stands in a lesson of its own that is no checkpoint.
            "stars": progress.lesson_stars(self.request, [self.lesson])[self.lesson.pk]
            if getattr(self.lesson, "checkpoint", False)
            else None,
        }
        if self.puzzle:
            ctx.update(self.puzzle_context())
        return ctx

    def _table(self) -> Any:
        table = self.step.table
        if not table or demo.is_demo(table):
            return None  # a demonstration draws its own table, one card at a time
        return table_view(table, self.lang, self.deck)

    def _demo(self) -> dict[str, Any] | None:
        """The demonstration of the step at the card the address asks for (``?card=3``): links
        step through it without JavaScript; with it, the same links and the arrow keys."""
        table = self.step.table
        if not demo.is_demo(table):
            return None
        assert table is not None
        count = len(table["plays"])
        shown = demo_card(self.request.GET.get("card"), count)
        frame = demo.frame(table, shown)
        page = self._url("lessons-step", self.n)
        variant, lang, deck = self.variant, self.lang, self.deck
        if frame.play is None:
            caption = _("The hands as dealt, before the first card.")
        else:
            seat, card = frame.play
            caption = _("Played by %(seat)s: %(card)s") % {
                "seat": messages.seat_name(seat, variant, lang),
                "card": messages.card_long_name(Card.parse(card), variant, lang, deck),
            }
        return {
            "table": table_view(frame.position, lang, deck),
            "shown": shown,
            "count": count,
            "caption": caption,
            "verdict": checking.trick_message(frame.position, lang, deck) if frame.trick_done else "",
            "first_url": f"{page}?card=0#demo" if shown > 0 else "",
            "previous_url": f"{page}?card={shown - 1}#demo" if shown > 0 else "",
            "next_url": f"{page}?card={shown + 1}#demo" if shown < count else "",
        }

    def puzzle_context(self) -> dict[str, Any]:
        puzzle = self.puzzle
        assert puzzle is not None
        # What only the whole page shows is computed when the template reads it: a verdict
        # fragment draws neither the table nor the buttons.
        bid_state = functools.cache(self._bid_state)
        wrong = self.wrong_tries
        return {
            "puzzle": puzzle,
            "task": puzzle.task,
            "puzzle_table": SimpleLazyObject(lambda: self._puzzle_table(bid_state())),
            "answer_url": SimpleLazyObject(lambda: self._url("lessons-puzzle-answer", self.n)),
            "hint_url": SimpleLazyObject(lambda: self._url("lessons-puzzle-hint", self.n)),
            "solution_url": SimpleLazyObject(lambda: self._url("lessons-puzzle-solution", self.n)),
            "token": new_token(),
            "shown": timing.shown_stamp(puzzle.pk),
            "seats": SimpleLazyObject(self._seat_choices),
            "teams": SimpleLazyObject(self._team_choices),
            "sheet_lines": SimpleLazyObject(self._sheet_lines),
            "played_tricks": SimpleLazyObject(self._played_tricks),
            "outcomes": SimpleLazyObject(self._outcome_choices),
            "calls": SimpleLazyObject(lambda: self._call_choices(bid_state())),
            "verdict": self.verdict,
            "stage": self.stage,
            # The second wrong try shows the hint in the verdict (unless the learner opened it already).
            "hint_inline": bool(self.stage >= STAGE_HINT and not self.hint_shown and self.hint),
            "hint": SimpleLazyObject(lambda: self.hint),
            "wrong": self._with_titles(self.verdict.wrong) if self.verdict is not None else [],
            "reasons": self._reasons(),
            "steps": self._steps(),
            "line": self._line(self.verdict.line if self.verdict is not None else []),
            "hand_is_shown": puzzle.task in (Task.BID, Task.DOUBLE, Task.TRUMPS_LEFT, Task.CONTRACT_MADE),
            "focus_verdict": self.focus == "verdict",
            "focus_hint": self.focus == "hint",
            "focus_solution": self.focus == "solution",
            "error": self.error,
            "selected": self.selected,
            "hint_shown": self.hint_shown,
            "solution_offered": wrong >= TRIES_BEFORE_SOLUTION,
            "solution": self._solution() if self.show_solution else None,
        }

    def _url(self, name: str, n: int) -> str:
        # One reverse() per route and page, the step number put into its address: the step list
        # of a lesson of twenty steps otherwise costs twenty reverses (lessons/addresses.py).
        of_step = self._addresses.get(name)
        if of_step is None:
            of_step = self._addresses[name] = row_addresses(name, self.course.key, self.lesson.slug)
        return of_step(n)

    def _reasons(self) -> list[dict[str, str]]:
        """The engine's reasons, each with the title of the rule it cites.

        Reasons that repeat an explanation step (who wins the trick, how the hand scores)
        are shown once, with the steps.
        """
        if self.verdict is None:
            return []
        steps = {(s["rule"], s["text"]) for s in self.verdict.steps}
        reasons = [r for r in self.verdict.reasons if (r["rule"], r["message"]) not in steps]
        return self._with_titles(_off_the_line(reasons, self.verdict.line))

    def _steps(self) -> list[dict[str, str]]:
        if self.verdict is None:
            return []
        return self._with_titles(_off_the_line(self.verdict.steps, self.verdict.line))

    def _puzzle_table(self, bid_state: dict[str, Any] | None) -> Any:
        assert self.puzzle is not None
        if self.puzzle.task == Task.BEST_CARD:
            return best_card_view(self.puzzle.position, self.lang, self.deck, self._seat_to_play())
        if self.puzzle.task == Task.DECOUVERTE_CARD:
            output = checking.engine_output(self.puzzle, self.lang, self.deck)
            return decouverte_puzzle.board(output, self.lang, self.deck)
        if self.puzzle.task in COUNTING_TASKS:
            # In the middle of a hand: the contract, and the hand of the seat who counts.
            position = self.puzzle.position
            state = {"contract": position.get("contract"), "to_act": position.get("seat")}
            return table_view(position, self.lang, self.deck, state)
        return table_view(self.puzzle.position, self.lang, self.deck, bid_state)

    def _seat_to_play(self) -> str | None:
        """Who plays next in a best-card position (the engine reads it off the trick)."""
        assert self.puzzle is not None
        try:
            return checking.engine_output(self.puzzle, self.lang, self.deck)["seat"]
        except InputError:
            return None

    def _line(self, line: list[dict[str, Any]]) -> list[Any]:
        """The tricks of a best-card line, their cards drawn in the learner's deck."""
        return line_view(line, self.variant, self.lang, self.deck)

    def _seat_choices(self) -> list[Choice]:
        """Seats in the order they played the trick (trick-winner), else in turn order."""
        assert self.puzzle is not None
        played = [p[0] for p in self.puzzle.position.get("trick") or [] if isinstance(p, list) and p]
        order = [s for s in played if s in SEAT_LETTERS] or list(SEAT_LETTERS)
        return [Choice(s, messages.seat_name(s, self.variant, self.lang)) for s in order]

    def _team_choices(self) -> list[Choice]:
        teams = [Choice(t, messages.team_name(t, self.variant, self.lang)) for t in ("NS", "EW")]
        return [*teams, Choice("none", _("Nobody"))]

    def _played_tricks(self) -> list[Any]:
        """The tricks played so far in a counting puzzle, each with who won it."""
        assert self.puzzle is not None
        if self.puzzle.task not in COUNTING_TASKS:
            return []
        output = checking.engine_output(self.puzzle, self.lang, self.deck)
        return line_view(output["tricks"], self.variant, self.lang, self.deck)

    def _outcome_choices(self) -> list[Choice]:
        """contract-made: already made, not yet, already lost, in the variant's words."""
        labels = checking.OUTCOME_LABELS
        return [Choice(o, variant_gettext(labels[o], self.variant)) for o in checking.OUTCOMES]

    def _sheet_lines(self) -> list[dict[str, Any]]:
        """A score sheet's lines as written, with their running totals; not what each hand scores.
        A game already under way starts with its score so far (``n`` 0, no line to choose)."""
        assert self.puzzle is not None
        if self.puzzle.task != Task.SHEET:
            return []
        output = checking.engine_output(self.puzzle, self.lang, self.deck)
        start = [{"n": 0, "totals": output["start"]}] if any(output["start"].values()) else []
        lines = output["lines"]
        return [*start, *({"n": x["n"], "written": x["written"], "totals": x["totals"]} for x in lines)]

    def _call_choices(self, bid_state: dict[str, Any] | None) -> list[Choice]:
        """Every call the learner might try: the allowed ones and the refused ones (to learn why)."""
        assert self.puzzle is not None
        if self.puzzle.task == Task.DOUBLE:
            # The words in the order of the ladder: their order must not give the answer away.
            calls = list(checking.positions.DOUBLING_WORDS)
        elif bid_state:
            calls = [*bid_state.get("allowed", []), *bid_state.get("refused", {})]
        else:
            calls = [str(a) for a in self.puzzle.answers]
        return [
            Choice(c, messages.call_name(c, self.variant, self.lang, self.deck)) for c in dict.fromkeys(calls)
        ]

    def _bid_state(self) -> dict[str, Any] | None:
        """The engine's view of the auction (who speaks, what may be said), for drawing the buttons.

        A doubling is drawn like an auction; a first-lead puzzle shows the contract it asks about.
        """
        assert self.puzzle is not None
        if self.puzzle.task == Task.FIRST_LEAD:
            return {"contract": self.puzzle.position.get("contract")}
        if self.puzzle.task not in (Task.BID, Task.DOUBLE):
            return None
        try:
            return checking.engine_output(self.puzzle, self.lang, self.deck)
        except InputError:
            return None

    def _solution(self) -> dict[str, Any]:
        """The right answer as shown: the cards themselves for card tasks, words for the others."""
        assert self.puzzle is not None
        found = checking.solution(self.puzzle, self.lang, self.deck)
        steps = _off_the_line(found.steps, found.line)
        shown: dict[str, Any] = {"steps": self._with_titles(steps), "cards": [], "text": "", "line": []}
        if self.puzzle.task == Task.BEST_CARD:
            shown["line"] = self._line(found.line)
        if self.puzzle.task in (Task.PLAY, Task.ALL_LEGAL, Task.BEST_CARD):
            shown["cards"] = card_faces(found.values, self.variant, self.lang, self.deck)
        else:
            shown["text"] = messages.join_list(found.labels, self.variant, self.lang)
        return shown

    def _with_titles(self, items: list[dict[str, str]]) -> list[dict[str, str]]:
        """Each item with its rule's name in the learner's language and the address of the rule's
        section on the rules page: learners never read a rule ID."""
        return [
            {
                **item,
                # No title for what is not a rule (the solver's explanations): never the raw key.
                "title": messages.lookup(f"title:{item['rule']}", self.variant, self.lang, default="")
                if item["rule"]
                else "",
                "url": rule_url(self.variant, item["rule"]),
            }
            for item in items
        ]


def demo_card(value: str | None, count: int) -> int:
    """The card a demonstration's address asks for, from 0 (before the first) to ``count``; a
    value that is no number shows the start, one out of range the nearest end: never an error."""
    try:
        return max(0, min(int(value or 0), count))
    except ValueError:
        return 0


def rule_url(variant: str, rule: str) -> str:
    """The rules page's section on ``rule`` (``/<lang>/rules/<variant>/#rule-<id>``), or "" when
    the page has none (the solver's explanations are not rules)."""
    from lessons import reference  # the rules page imports this module (get_prefs)

    if rule not in reference.rule_anchors(variant):
        return ""
    return reverse("lessons-rules", args=[variant]) + "#rule-" + rule
