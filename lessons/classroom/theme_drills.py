"""A drill of a theme: "20 easy overruff puzzles", made in one go on the new-drill page.

The teacher picks a game, a theme, a band of difficulty and a count (1 to 50). The pool of
generated puzzles (lessons/themes.py ``theme_puzzles``) gives what it has at once; when it is
short, the missing puzzles are made by the engine in the ``fill_drill`` task (tasks.py, the
worker in production, at once in development and tests) with lessons/puzzle_making.py, checked
like every generated puzzle, and added to the drill one by one. Meanwhile the drill is a draft:
its editor shows the progress (htmx asks again every few seconds; without JavaScript a reload
shows it), and the drill is given to the pupils when every puzzle is there, unless the teacher
asked for a draft. When the engine cannot make them all in time, the editor says how many are
missing and offers to try again; the drill can also be given as it is.
"""

from __future__ import annotations

import logging
from typing import Any, cast

from django import forms
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.db.models import Max
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import get_language, gettext_lazy
from django.views.decorators.http import require_POST, require_safe

from lessons import themes as puzzle_themes
from lessons.classroom.permissions import drill_for_teacher
from lessons.models import Drill, DrillFill, DrillItem, FillStatus, Puzzle, Variant
from lessons.puzzle_making import can_make, make_puzzle
from lessons.render import page

log = logging.getLogger(__name__)

COUNT_MAX = 50
POLL_SECONDS = 2  # how often the editor asks for the progress
PUZZLE_SECONDS = 30.0  # the engine's time for one puzzle before the task gives up


class ThemeForm(forms.Form):
    """The game, and optionally a theme, a band of difficulty and a count of puzzles."""

    variant = forms.ChoiceField(label=gettext_lazy("Game"), choices=Variant.choices)
    theme = forms.ChoiceField(
        label=gettext_lazy("Puzzles of a theme"),
        required=False,
        help_text=gettext_lazy("Optional: the drill is filled with puzzles of this theme."),
    )
    difficulty = forms.ChoiceField(label=gettext_lazy("Difficulty"), required=False)
    count = forms.IntegerField(
        label=gettext_lazy("How many puzzles"),
        required=False,
        min_value=1,
        max_value=COUNT_MAX,
        initial=10,
        help_text=gettext_lazy(
            "1 to 50. When there are not enough, the puzzle generator makes the missing ones."
        ),
        widget=forms.NumberInput(attrs={"min": 1, "max": COUNT_MAX}),
    )

    def __init__(self, data: Any = None, *, variant: str, **kwargs: Any) -> None:
        if data is not None and "variant" not in data:  # a form of before: the class's game
            data = data.copy()
            data["variant"] = variant
        super().__init__(data, **kwargs)
        fields = cast("dict[str, forms.ChoiceField]", self.fields)
        fields["variant"].initial = variant
        lang = get_language() or "en"
        # Each theme by its name in the page's language, in the class's game's words.
        named = sorted(
            ((key, puzzle_themes.label(key, variant, lang)) for key in themes()),
            key=lambda kn: kn[1].casefold(),
        )
        fields["theme"].choices = [("", gettext_lazy("None: I add lessons and puzzles myself")), *named]
        fields["difficulty"].choices = [("", gettext_lazy("Any")), *puzzle_themes.BAND_NAMES.items()]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("theme") and data.get("count") is None and "count" not in self.errors:
            self.add_error("count", gettext_lazy("Say how many puzzles, 1 to 50."))
        return data


def themes() -> list[str]:
    """The themes a drill may be made of: those the engine can make puzzles of."""
    keys = [*puzzle_themes.RULE_THEMES, *puzzle_themes.ENDGAME_THEMES]
    return [key for key in keys if can_make(key)]


def asked(params: Any) -> dict[str, str]:
    """The theme and difficulty the new-drill page was asked for in its address, when known:

    ``/classes/<id>/drills/new/?theme=overruff&difficulty=easy`` opens the form with the theme
    (a key of lessons/themes.py) and the band (easy, normal, hard, or a difficulty 1 to 5)
    chosen; the class dashboard's "make a drill of this" links there. Anything else is ignored.
    """
    out: dict[str, str] = {}
    theme = str(params.get("theme", ""))
    if theme in themes():
        out["theme"] = theme
    difficulty = str(params.get("difficulty", ""))
    if difficulty.isdigit() and len(difficulty) == 1:
        bands = puzzle_themes.BANDS.items()
        difficulty = next((b for b, (lo, hi) in bands if lo <= int(difficulty) <= hi), "")
    if difficulty in puzzle_themes.BANDS:
        out["difficulty"] = difficulty
    return out


# ---------------------------------------------------------------- filling a drill


def start(drill: Drill, variant: str, theme: str, band: str, count: int) -> DrillFill:
    """Fill ``drill`` with ``count`` puzzles: the pool's at once, the missing ones by the task.

    Called in the transaction that made the drill; the task is asked for once it is committed.
    """
    pool = list(puzzle_themes.theme_puzzles(variant, theme, band).order_by("difficulty", "key")[:count])
    _add(drill, pool)
    fill = DrillFill.objects.create(
        drill=drill,
        variant=variant,
        theme=theme,
        band=band,
        count=count,
        missing=count - len(pool),
        give_when_done=not drill.draft,
    )
    if fill.missing == 0:
        _finish(fill)
        return fill
    Drill.objects.filter(pk=drill.pk).update(draft=True)  # given when its puzzles are there
    transaction.on_commit(lambda: enqueue(fill))
    return fill


def enqueue(fill: DrillFill) -> None:
    from lessons.classroom.tasks import fill_drill

    try:
        fill_drill.enqueue(fill.pk)
    except Exception:  # no queue at all: the editor says it failed, and offers to try again
        log.exception("Could not ask for the puzzles of drill %s", fill.drill_id)
        DrillFill.objects.filter(pk=fill.pk).update(status=FillStatus.FAILED, finished=timezone.now())


def fill(fill_id: int) -> int:
    """The task's work: make the missing puzzles one by one; how many were made."""
    with transaction.atomic():
        fill = DrillFill.objects.select_for_update().filter(pk=fill_id, status=FillStatus.WAITING).first()
        if fill is None:
            return 0  # run already (a task delivered twice), or gone with its drill
        fill.status = FillStatus.RUNNING
        fill.save(update_fields=["status"])
    made = 0
    try:
        while fill.made < fill.missing:
            puzzle = make_puzzle(fill.variant, fill.theme, fill.band, PUZZLE_SECONDS)
            if puzzle is None:
                break
            _add(fill.drill, [puzzle])
            fill.made += 1
            made += 1
            fill.save(update_fields=["made"])
    except Exception:
        log.exception("The puzzles of drill %s could not all be made", fill.drill_id)
    _finish(fill)
    return made


def _finish(fill: DrillFill) -> None:
    fill.status = FillStatus.DONE if fill.made >= fill.missing else FillStatus.FAILED
    fill.finished = timezone.now()
    fill.save(update_fields=["status", "finished"])
    if fill.status == FillStatus.DONE and fill.give_when_done:
        Drill.objects.filter(pk=fill.drill_id, archived_at__isnull=True).update(draft=False)


def _add(drill: Drill, puzzles: list[Puzzle]) -> None:
    """The puzzles at the end of the drill, each once."""
    with transaction.atomic():
        items = DrillItem.objects.select_for_update().filter(drill=drill)
        present = set(items.exclude(puzzle=None).values_list("puzzle_id", flat=True))
        last = items.aggregate(last=Max("order"))["last"] or 0
        new = [p for p in dict.fromkeys(puzzles) if p.pk not in present]
        DrillItem.objects.bulk_create(
            DrillItem(drill=drill, puzzle=p, order=n) for n, p in enumerate(new, last + 1)
        )


def progress(fill: DrillFill) -> dict[str, Any]:
    """What the editor shows of a fill."""
    lang = get_language() or "en"
    return {
        "fill": fill,
        "theme_name": puzzle_themes.label(fill.theme, fill.variant, lang),
        "band_name": puzzle_themes.BAND_NAMES.get(fill.band, ""),
        "done": fill.count - fill.missing + fill.made,
        "percent": round(100 * fill.made / fill.missing) if fill.missing else 100,
        "poll_seconds": POLL_SECONDS,
    }


# ---------------------------------------------------------------- the editor's progress


@require_safe
@login_required
def fill_progress(request: HttpRequest, drill_id: int) -> HttpResponse:
    """The progress of the drill's puzzles, for htmx; once they are done, the whole editor again
    (its list of puzzles has grown). Without htmx: the editor."""
    drill = drill_for_teacher(request, drill_id)
    edit = reverse("drills-edit", args=[drill.pk])
    fill = DrillFill.objects.filter(drill=drill).first()
    if not getattr(request, "htmx", False) or fill is None:
        return HttpResponseRedirect(edit)
    if not fill.busy:
        response = HttpResponse(status=204)
        response["HX-Refresh"] = "true"
        return response
    ctx = {"drill": drill, "classroom": drill.classroom, **progress(fill)}
    return page(request, "classroom/drill_edit.html#fill-progress", ctx)


@login_required
@require_POST
def fill_again(request: HttpRequest, drill_id: int) -> HttpResponse:
    """Ask the engine again for the puzzles it could not make, or that a worker lost (a fill
    stalled for an hour); sent twice: asked once."""
    drill = drill_for_teacher(request, drill_id, change=True)
    with transaction.atomic():
        fill = DrillFill.objects.select_for_update().filter(drill=drill).first()
        if fill is not None and fill.failed:
            fill.status, fill.finished, fill.created = FillStatus.WAITING, None, timezone.now()
            fill.save(update_fields=["status", "finished", "created"])
            transaction.on_commit(lambda: enqueue(fill))
    return HttpResponseRedirect(reverse("drills-edit", args=[drill.pk]))
