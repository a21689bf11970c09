"""The puzzle trainer: an endless stream of generated puzzles per variant, with a rating and a streak.

``/train/`` lists the variants with the learner's rating and streak; ``/train/<variant>/`` shows
the next puzzle (lessons/trainer/selection.py chooses it), drawn and answered exactly like a
lesson's puzzle step: :class:`TrainerPage` is the step page (lessons/views.py) with the
trainer's addresses, and the verdict ends with the trainer's own lines (the rating change, the
streak, the next puzzle) through the verdict partial's ``verdict_footer``. Answers are judged by
lessons/checking.py, recorded as attempts by lessons/progress.py and rated by
lessons/trainer/results.py.

Before the first puzzle of a variant the learner says where they start (``start``: "I am new",
"I know the rules", "I play often", lessons/standing.py LEVELS). The theme page
(``/train/<variant>/themes/``) lists the rule families and the endgame themes with their count of
puzzles and the learner's success, offers a choice of theme and of difficulty, and draws the
learner's rating history (lessons/trainer/history.py).

Bad input (an unknown variant, level, theme or puzzle in a post, a tampered form) is a 400 with a
message.
"""

from __future__ import annotations

import functools
from types import SimpleNamespace
from typing import Any

from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language, gettext_noop
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from engine import messages
from lessons import hints, progress, themes
from lessons.models import Puzzle, Source, StepKind, Task, TrainerPlay, TrainerRating, Variant
from lessons.rating import LEVEL_DEVIATION
from lessons.render import page as render_page
from lessons.standing import DIFFICULTY_SHIFT, LEVELS, Result, standing
from lessons.templatetags.baloot import variant_gettext
from lessons.trainer import history, results, selection
from lessons.views import StepPage, _bad_request

# In the trainer the solution opens after one wrong answer: the rating has already been decided.
TRIES_BEFORE_SOLUTION = 1


# ---------------------------------------------------------------- pages


@require_safe
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


@require_safe
def train(request: HttpRequest, variant: str) -> HttpResponse:
    """The next puzzle of the variant (the one on screen again, until it is answered).

    A learner who has not said where they start is asked first (nothing is stored by this GET).
    """
    _check_variant(variant)
    found = results.find_learner(request, variant)
    if found is None or (not found.level and not found.played):
        return _start_page(request, variant)
    who = found
    pick = selection.next_pick(who)
    if pick is None:
        return _nothing_left(request, who)
    return TrainerPage(request, who, pick.puzzle, replay=pick.replay).render()


@require_POST
def replay(request: HttpRequest, variant: str) -> HttpResponse:
    """Bring back a failed puzzle now, then show it at the trainer's address."""
    _check_variant(variant)
    who = results.learner(request, variant)
    if selection.replay_pick(who) is None:
        return _nothing_left(request, who, replay=True)
    return HttpResponseRedirect(reverse("trainer-next", args=[variant]))


def _start_page(request: HttpRequest, variant: str, status: int = 200, error: str = "") -> HttpResponse:
    ctx = {
        "variant": variant,
        "label": Variant(variant).label,
        "levels": [
            (
                "new",
                _("I am new"),
                _("The rules are new to me: start with rule drills and the last two tricks."),
            ),
            ("rules", _("I know the rules"), _("I know how to play: start with easy endgames.")),
            ("often", _("I play often"), _("Give me real endgames from the start.")),
        ],
        "error": error,
        "page_url": reverse("trainer-next", args=[variant]),
    }
    return render_page(request, "trainer/start.html", ctx, status=status)


@require_POST
def start(request: HttpRequest, variant: str) -> HttpResponse:
    """Keep the learner's starting level: their rating and a smaller deviation (lessons/rating.py).

    Only before their first rated answer: a rating earned cannot be reset by posting again.
    """
    _check_variant(variant)
    level = request.POST.get("level", "")
    if level not in LEVELS:
        return _start_page(request, variant, status=400, error=_("Choose one of the three starting levels."))
    who = results.learner(request, variant)
    if not who.played and not who.level:
        who.level = level
        who.rating = LEVELS[level]
        who.deviation = LEVEL_DEVIATION
        who.updated = timezone.now()
        who.save(update_fields=["level", "rating", "deviation", "updated"])
    return HttpResponseRedirect(reverse("trainer-next", args=[variant]))


@require_safe
def theme_page(request: HttpRequest, variant: str) -> HttpResponse:
    """The themes of the variant: puzzles in each, the learner's success, their choices and rating history."""
    _check_variant(variant)
    who = results.find_learner(request, variant)
    counts: dict[str, int] = {}
    bands: dict[str, dict[str, int]] = {}
    for keys, difficulty in selection.generated(variant).values_list("themes", "difficulty"):
        band = next(b for b, (lo, hi) in themes.BANDS.items() if lo <= difficulty <= hi)
        for key in keys or []:
            counts[key] = counts.get(key, 0) + 1
            bands.setdefault(key, {}).setdefault(band, 0)
            bands[key][band] += 1
    tried = themes.success_by_theme(
        TrainerPlay.objects.filter(learner=who).values_list("puzzle__themes", "success") if who else []
    )
    lang = get_language() or "en"

    def row(key: str) -> dict[str, Any]:
        seen = tried.get(key, themes.ThemeSuccess())
        return {
            "key": key,
            "name": themes.label(key, variant, lang),
            "count": counts.get(key, 0),
            "played": seen.played,
            "solved": seen.solved,
            "percent": seen.percent,
            "chosen": who is not None and who.theme == key,
        }

    ctx = {
        "variant": variant,
        "label": Variant(variant).label,
        "rule_rows": [row(k) for k in themes.RULE_THEMES],
        "endgame_rows": [row(k) for k in themes.ENDGAME_THEMES],
        "theme": who.theme if who else "",
        "difficulty": who.difficulty if who else "normal",
        "difficulties": [
            ("easier", _("Easier")),
            ("normal", _("Normal")),
            ("harder", _("Harder")),
        ],
        "standing": standing(who, selection.failed_count(who)),
        "started": who is not None and (bool(who.level) or who.played > 0),
        "chart": history.chart(who),
        "page_url": reverse("trainer-themes", args=[variant]),
    }
    return render_page(request, "trainer/themes.html", ctx)


@require_POST
def choose(request: HttpRequest, variant: str) -> HttpResponse:
    """Keep the learner's theme (blank: every theme) and difficulty, then show the next puzzle."""
    _check_variant(variant)
    theme = request.POST.get("theme", "")
    difficulty = request.POST.get("difficulty", "normal")
    back = reverse("trainer-themes", args=[variant])
    if theme and not themes.is_theme(theme):
        return _bad_request(request, _("There is no such theme in the puzzle trainer."), back=back)
    if difficulty not in DIFFICULTY_SHIFT:
        return _bad_request(request, _("Choose easier, normal or harder."), back=back)
    who = results.learner(request, variant)
    who.theme, who.difficulty = theme, difficulty
    who.save(update_fields=["theme", "difficulty"])
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
        # Everything answered, and the worker asked for more (lessons/trainer/supply.py): come back soon.
        "preparing": not replay and selection.may_get_fresh(who),
        "theme": who.theme,
        "themes_url": reverse("trainer-themes", args=[who.variant]),
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
        course = SimpleNamespace(variant=puzzle.variant, key=puzzle.variant, title=label)
        lesson = SimpleNamespace(course=course, slug="", title=label)
        step = SimpleNamespace(kind=StepKind.PUZZLE, puzzle=puzzle, body="", table=None)
        super().__init__(request, lesson, [step], 1)  # type: ignore[arg-type, list-item]
        self.who = who
        self.replay = replay
        self.result: Result | None = None
        # Help shown counts for the puzzle on screen only: a replay starts without it.
        self.hint_shown = who.current_id == puzzle.pk and who.current_hint
        if not puzzle.hint:
            # In memory only: the trainer's own nudge for a generated puzzle, in the page's language.
            puzzle.hint = nudge(puzzle, self.lang, self.deck)

    @functools.cached_property
    def wrong_tries(self) -> int:
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
                "themes_url": reverse("trainer-themes", args=[self.variant]),
                "theme": self.who.theme,
                "difficulty": self.who.difficulty,
                "solution_offered": self.wrong_tries >= TRIES_BEFORE_SOLUTION,
                "practice_offered": practice_offered(self.puzzle),
            }
        )
        return ctx


# Rule drills that ask about an auction or a hand's projects: the practice table would deal a
# whole new hand for them, nothing like the question. Every other drill and every endgame is a
# position played on from its own cards.
NOT_PLAYED_OUT = ("bidding", "projects")


def practice_offered(puzzle: Puzzle | None) -> bool:
    """Whether the page offers "Play this position out against the bots" (if the position holds cards)."""
    if puzzle is None:
        return False
    return puzzle.task == Task.BEST_CARD or not any(t in NOT_PLAYED_OUT for t in puzzle.themes or [])


def nudge(puzzle: Puzzle, lang: str, deck: str) -> str:
    """A hint that points without telling: the suit to play in an endgame, the rule to think of in a drill.

    In the course's own words: a sentence that names the trump, a trick or the projects has a
    ``saudi`` entry (حكم, أكلة, مشروع) beside the plain one (الأتو, أخذة, إعلان).
    """
    variant = puzzle.variant
    if puzzle.task == Task.BEST_CARD and puzzle.answers:
        made = hints.best_card_hint(puzzle, lang, deck)
        return made or variant_gettext(
            gettext_noop("Play the hand out in your head: who takes each of the tricks left?"), variant
        )
    if puzzle.rules:
        titles = [messages.rule_title(str(r), variant, lang) for r in puzzle.rules[:2]]
        return _("Think of the rule: {rules}.").format(rules=messages.join_list(titles, variant, lang))
    family = next((t for t in puzzle.themes or [] if t in themes.RULE_THEMES), "")
    nudges = {
        "legal-cards": gettext_noop(
            "Start from the suit led: must you follow it, and if you cannot, must you trump?"
        ),
        "card-points": gettext_noop(
            "Add up the points of each card; in the trump suit the Jack and the 9 count the most."
        )
        if puzzle.position.get("trump")
        else gettext_noop("Add up the points of each card; the Ace and the Ten count the most."),
        "trick-winner": gettext_noop("Was a trump played? If not, the highest card of the suit led wins."),
        "projects": gettext_noop("Find each team's best project first, then compare them."),
        "scoring": gettext_noop("Did the taking team make its contract? Start there."),
        "bidding": gettext_noop("Which round of the auction is it, and who has bid already?"),
    }
    return variant_gettext(nudges[family], variant) if family in nudges else ""
