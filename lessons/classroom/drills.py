"""Drills: a named, ordered set of lessons and puzzles a teacher gives a class, with a due date.

Teachers make a drill, then add to it whole lessons or puzzles found by variant, lesson,
theme and difficulty (or their own puzzles, one by one), reorder and remove them. Pupils see
their drills with due dates and status (lessons/dashboard.py adds them up), and do them on the
drill's own pages: its lessons step by step and its single puzzles, which work like a lesson's
puzzle steps (htmx fragments or whole pages, the same checking and recording). Answers given
there are recorded with the drill, which counts nothing else.

A drill is never deleted: it is archived (after a confirmation page), which takes it from the
pupils' lists and keeps every answer and "done, late" record; a teacher can restore it.
"""

from __future__ import annotations

import datetime as dt
import functools
import zoneinfo
from types import SimpleNamespace
from typing import Any, ClassVar, cast

from django import forms
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.db.models import Case, Max, Q, Value, When
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from lessons import drill_hands, once, progress
from lessons import themes as puzzle_themes
from lessons.classroom import theme_drills
from lessons.classroom.class_variant import class_variant, remember
from lessons.classroom.collation import name_key
from lessons.classroom.dashboard import drill_stats, make_cell, student_drill_rows
from lessons.classroom.permissions import (
    class_for_teacher,
    display_name,
    drill_for_member,
    drill_for_teacher,
    is_student,
    student_required,
)
from lessons.models import (
    BotLevel,
    Classroom,
    Drill,
    DrillFill,
    DrillItem,
    FormKind,
    Lesson,
    Puzzle,
    Source,
    Step,
    StepKind,
    Variant,
)
from lessons.render import confirm_page, page
from lessons.templatetags.baloot import separator
from lessons.typed_requests import SignedInRequest
from lessons.views import TRIES_BEFORE_SOLUTION, StepPage, _lesson_steps

User = get_user_model()

SEARCH_MAX = 100  # puzzles listed by one search
DRILL_MAX_ITEMS = 200
DUE_YEARS = 5  # a due date is at most this many years before or after today


# ---------------------------------------------------------------- forms


class DrillForm(forms.ModelForm):
    """A drill's name, due day and time (in the teacher's time zone), target, draft or given,
    and to whom: the whole class, or the pupils ticked."""

    due = forms.DateField(
        label=gettext_lazy("Due date"),
        required=False,
        help_text=gettext_lazy("Optional. The drill is late after this day, or after the time below."),
        widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
    )
    due_time = forms.TimeField(
        label=gettext_lazy("Due time"),
        required=False,
        help_text=gettext_lazy("Optional: without a time, the end of the day."),
        widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
    )
    # The browser's time zone, set by a script (static/js/time_zone.js); without it, the drill's
    # zone so far, or the site's.
    time_zone = forms.CharField(required=False, max_length=64, widget=forms.HiddenInput)
    draft = forms.BooleanField(
        label=gettext_lazy("Draft: not given to the pupils yet"),
        required=False,
    )
    pupils: forms.ModelMultipleChoiceField[Any] = forms.ModelMultipleChoiceField(
        label=gettext_lazy("Only for these pupils"),
        help_text=gettext_lazy("None ticked: the whole class, and the pupils who join later."),
        required=False,
        queryset=None,
        widget=forms.CheckboxSelectMultiple,
    )

    class Meta:
        model = Drill
        fields = ("title", "target_accuracy")
        labels: ClassVar[dict[str, Any]] = {
            "title": gettext_lazy("Name of the drill"),
            "target_accuracy": gettext_lazy("Target accuracy (%)"),
        }
        help_texts: ClassVar[dict[str, Any]] = {
            "target_accuracy": gettext_lazy("Optional: the share of puzzles to get right at the first try."),
        }
        widgets: ClassVar[dict[str, Any]] = {
            "target_accuracy": forms.NumberInput(attrs={"min": 1, "max": 100}),
        }

    field_order = ("title", "due", "due_time", "target_accuracy", "pupils", "draft", "time_zone")

    def __init__(self, *args: Any, classroom: Classroom, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.classroom = classroom
        first, last = due_date_range()
        self.fields["due"].widget.attrs.update(min=first.isoformat(), max=last.isoformat())
        pupils = self.fields["pupils"]
        assert isinstance(pupils, forms.ModelMultipleChoiceField)  # declared above
        pupils.queryset = present_pupils(classroom)
        pupils.label_from_instance = display_name  # type: ignore[assignment]  # how Django's documentation names them
        drill = self.instance
        if drill.pk is not None:
            self.initial.update(
                due=drill.due,
                due_time=drill.due_time,
                time_zone=drill.time_zone,
                draft=drill.draft,
                pupils=list(drill.pupils.values_list("pk", flat=True)),
            )

    def clean_title(self) -> str:
        title = " ".join(self.cleaned_data["title"].split())
        if not title:
            raise forms.ValidationError(gettext_lazy("Enter a name."))
        return title

    def clean_due(self) -> dt.date | None:
        due: dt.date | None = self.cleaned_data["due"]
        first, last = due_date_range()
        if due is not None and not first <= due <= last:
            raise forms.ValidationError(
                gettext_lazy("Choose a date between %(first)s and %(last)s."),
                params={"first": date_format(first), "last": date_format(last)},
            )
        return due

    def clean_time_zone(self) -> str:
        """The class's zone when its teacher set one; else a zone the site knows, or the drill's so
        far (a tampered field is ignored, not an error)."""
        if self.classroom.time_zone:
            return self.classroom.time_zone
        name = str(self.cleaned_data.get("time_zone") or "").strip()
        if name and name in available_zones():
            return name
        return self.instance.time_zone

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("due_time") is not None and data.get("due") is None and "due" not in self.errors:
            self.add_error("due", gettext_lazy("Choose the day too."))
        return data

    def save(self, commit: bool = True) -> Drill:
        drill: Drill = super().save(commit=False)
        data = self.cleaned_data
        drill.time_zone = data["time_zone"]
        drill.draft = data["draft"]
        day, time = data.get("due"), data.get("due_time")
        if day is None:
            drill.due_at = None
        elif time is None:
            drill.due = day
        else:
            drill.due_at = dt.datetime.combine(day, time, tzinfo=drill.zone)
        if commit:
            drill.save()
            drill.pupils.set(data["pupils"])
        return drill


@functools.cache
def available_zones() -> frozenset[str]:
    return frozenset(zoneinfo.available_timezones())


def present_pupils(classroom: Classroom) -> Any:
    """The class's pupils in alphabetical order (collation.py): a query still, for a form's choices."""
    pupils = User.objects.filter(
        memberships__classroom=classroom, memberships__left_at__isnull=True
    ).select_related("account")
    named = [
        (p.pk, getattr(getattr(p, "account", None), "display_name", "") or p.get_username()) for p in pupils
    ]
    order = [pk for pk, _name in sorted(named, key=lambda pn: (name_key(pn[1]), pn[0]))]
    if not order:
        return pupils
    return pupils.order_by(Case(*(When(pk=pk, then=Value(i)) for i, pk in enumerate(order))))


def due_date_range() -> tuple[dt.date, dt.date]:
    """The due dates a drill may have: a school's years around today, nothing absurd."""
    today = timezone.localdate()
    return today - dt.timedelta(days=DUE_YEARS * 365), today + dt.timedelta(days=DUE_YEARS * 365)


class SearchForm(forms.Form):
    """Which puzzles to list for adding: every field is optional."""

    variant = forms.ChoiceField(label=gettext_lazy("Variant"), required=False)
    lesson = forms.TypedChoiceField(
        label=gettext_lazy("Lesson"), required=False, coerce=int, empty_value=None
    )
    theme = forms.ChoiceField(label=gettext_lazy("Theme"), required=False)
    difficulty = forms.TypedChoiceField(
        label=gettext_lazy("Difficulty"), required=False, coerce=int, empty_value=None
    )
    # Easy (1-2), normal (3) or hard (4-5), as the puzzle trainer's theme page counts them.
    band = forms.ChoiceField(label=gettext_lazy("Easy, normal or hard"), required=False)
    source = forms.ChoiceField(label=gettext_lazy("Made by"), required=False)

    def __init__(
        self, *args: Any, themes: list[str], lessons: list[Lesson], variant: str = "", **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        anything: list[tuple[Any, Any]] = [("", gettext_lazy("Any"))]
        # The fields given their choices here are ChoiceFields (declared above).
        choice_fields = cast("dict[str, forms.ChoiceField]", self.fields)
        choice_fields["variant"].choices = anything + list(Variant.choices)
        choice_fields["lesson"].choices = anything + [
            (lesson.pk, f"{lesson.course.title}{separator()}{lesson.title}") for lesson in lessons
        ]
        # By name, in the page's language: the names are what the teacher reads, never the keys.
        # Each theme by the trainer's name for it, in the searched variant's words when one is chosen.
        lang = get_language() or "en"
        named = sorted(
            ((t, puzzle_themes.label(t, variant, lang)) for t in themes), key=lambda tn: tn[1].casefold()
        )
        choice_fields["theme"].choices = anything + named
        choice_fields["difficulty"].choices = anything + [(n, str(n)) for n in range(1, 6)]
        choice_fields["band"].choices = anything + list(puzzle_themes.BAND_NAMES.items())
        choice_fields["source"].choices = [
            *anything,
            ("curriculum", gettext_lazy("The courses")),
            ("generated", gettext_lazy("The puzzle generator")),
            ("mine", gettext_lazy("Me")),
        ]


# ---------------------------------------------------------------- which puzzles a teacher may use


def usable_puzzles(user: Any) -> Any:
    """The curriculum's puzzles, the generated ones (the puzzle trainer's) and the teacher's own."""
    shared = (Source.CURRICULUM, Source.GENERATED)
    return Puzzle.objects.filter(Q(source__in=shared) | Q(author_record__author=user))


def search(user: Any, data: dict[str, Any]) -> list[Puzzle]:
    puzzles = usable_puzzles(user)
    if data.get("variant"):
        puzzles = puzzles.filter(variant=data["variant"])
    if data.get("difficulty"):
        puzzles = puzzles.filter(difficulty=data["difficulty"])
    if data.get("lesson"):
        puzzles = puzzles.filter(steps__lesson_id=data["lesson"])
    if data.get("source") in (Source.CURRICULUM, Source.GENERATED):
        puzzles = puzzles.filter(source=data["source"])
    elif data.get("source") == "mine":
        puzzles = puzzles.filter(author_record__author=user)
    if data.get("band"):
        puzzles = puzzle_themes.in_band(puzzles, data["band"])
    # The trainer's query of a theme (lessons/themes.py): "20 overruff puzzles, easy".
    puzzles = puzzle_themes.with_theme(puzzles, data.get("theme") or "")
    return list(puzzles.distinct().order_by("variant", "key")[:SEARCH_MAX])


def _themes() -> list[str]:
    """The trainer's themes that shared puzzles have. A lesson's own tags (``abnat``,
    ``score-sheet``...) are no theme a teacher chooses from: its puzzles are found by the lesson."""
    themes: set[str] = set()
    shared = Puzzle.objects.filter(source__in=(Source.CURRICULUM, Source.GENERATED))
    for (values,) in shared.order_by().values_list("themes").distinct():
        themes.update(t for t in values or [] if isinstance(t, str) and puzzle_themes.is_theme(t))
    return sorted(themes)


# ---------------------------------------------------------------- teachers: making a drill


@login_required
@require_http_methods(["GET", "POST"])
def drill_new(request: HttpRequest, class_id: int) -> HttpResponse:
    """A new drill: its name, due date and target, its game, and optionally puzzles of a theme.

    The address may ask for a theme and a difficulty: ``?theme=<theme key>&difficulty=easy``
    (see :func:`lessons.classroom.theme_drills.asked`) opens the form with them chosen.
    """
    classroom = class_for_teacher(request, class_id, change=request.method == "POST")
    variant = class_variant(classroom, get_language() or "en")
    data = request.POST or None
    asked = theme_drills.asked(request.GET) if data is None else {}
    form = DrillForm(data, classroom=classroom, initial=_title_of(asked, variant))
    theme_form = theme_drills.ThemeForm(data, variant=variant, initial=asked)
    # A one-time token (lessons/once.py): the form sent twice makes one drill, and asks the engine
    # for its puzzles once. A form without one (made before it had one) still makes its drill.
    token_form = once.OnceForm(data)
    token = token_form.cleaned_data["token"] if data and token_form.is_valid() else ""
    if request.method == "POST" and form.is_valid() and theme_form.is_valid():
        chosen = theme_form.cleaned_data
        with transaction.atomic():
            made = once.claim(token, FormKind.DRILL, request.user) if token else None
            if token and made is None:  # sent twice: the drill the first one made
                first = once.earlier(token, FormKind.DRILL)
                if first is not None and first.user_id == request.user.pk and first.drill_id is not None:
                    return HttpResponseRedirect(reverse("drills-edit", args=[first.drill_id]))
                return _form_sent_twice(request, classroom)
            drill = form.save(commit=False)
            drill.classroom = classroom
            drill.save()
            drill.pupils.set(form.cleaned_data["pupils"])
            if made is not None:
                made.drill = drill
                made.save(update_fields=["drill"])
            remember(classroom, chosen["variant"])
            if chosen["theme"]:
                theme_drills.start(
                    drill, chosen["variant"], chosen["theme"], chosen["difficulty"], chosen["count"]
                )
        return HttpResponseRedirect(reverse("drills-edit", args=[drill.pk]))
    ctx = {"classroom": classroom, "form": form, "theme_form": theme_form, "token_form": token_form}
    return page(request, "classroom/drill_new.html", ctx)


def _form_sent_twice(request: HttpRequest, classroom: Classroom) -> HttpResponse:
    ctx = {
        "message": _("This form was already sent: reload the page to make another drill."),
        "back": reverse("classes-detail", args=[classroom.pk]),
    }
    return page(request, "classroom/bad_request.html", ctx, status=400)


def _title_of(asked: dict[str, str], variant: str) -> dict[str, str]:
    """A name for a drill of the theme asked for: the theme's, and its difficulty's."""
    if "theme" not in asked:
        return {}
    name = puzzle_themes.label(asked["theme"], variant, get_language() or "en")
    band = puzzle_themes.BAND_NAMES.get(asked.get("difficulty", ""))
    return {"title": f"{name}{separator()}{band}" if band else name}


@login_required
@require_http_methods(["GET", "POST"])
def drill_edit(request: SignedInRequest, drill_id: int) -> HttpResponse:
    """The drill's settings and items, and a search for puzzles and lessons to add."""
    drill = drill_for_teacher(request, drill_id, change=request.method == "POST")
    form = DrillForm(request.POST or None, instance=drill, classroom=drill.classroom)
    if request.method == "POST" and form.is_valid():
        form.save()
        return HttpResponseRedirect(reverse("drills-edit", args=[drill.pk]))
    return _edit_page(request, drill, form)


def _edit_page(
    request: SignedInRequest, drill: Drill, form: DrillForm | None = None, status: int = 200
) -> HttpResponse:
    # The class's game first: its lessons only, unless the teacher asks for another game's.
    lang = get_language() or "en"
    own = class_variant(drill.classroom, lang)
    shown = request.GET.get("lessons", "")
    shown = shown if shown in Variant.values else own
    lessons = _lessons_of(shown)
    variant = request.GET.get("variant", "")
    variant = variant if variant in Variant.values else ""
    # The search's lessons are those of the game searched (the class's when none is).
    searched = lessons if (variant or own) == shown else _lessons_of(variant or own)
    search_form = SearchForm(
        request.GET if any(name in request.GET for name in SearchForm.base_fields) else None,
        themes=_themes(),
        lessons=searched,
        variant=variant or own,
        initial={"variant": own},
    )
    found: list[Puzzle] | None = None
    if search_form.is_bound and search_form.is_valid():
        found = search(request.user, search_form.cleaned_data)
    fill = DrillFill.objects.filter(drill=drill).first()
    items = list(drill.items.select_related("lesson__course", "puzzle"))
    in_drill = {item.puzzle_id for item in items if item.puzzle_id}
    ctx = {
        "drill": drill,
        "classroom": drill.classroom,
        "form": form or DrillForm(instance=drill, classroom=drill.classroom),
        "items": items,
        "lessons": lessons,
        "lessons_in_drill": {item.lesson_id for item in items if item.lesson_id},
        "lessons_shown": shown,
        "lessons_shown_label": Variant(shown).label,
        "class_variant": own,
        "other_variants": [(v, label) for v, label in Variant.choices if v != shown],
        "search_form": search_form,
        "found": [(p, p.pk in in_drill) for p in found] if found is not None else None,
        "search_max": SEARCH_MAX,
        **(theme_drills.progress(fill) if fill is not None else {}),
        "hand_variants": Variant.choices,
        "hand_kinds": [(drill_hands.GUIDED, _("Guided first hand")), *BotLevel.choices],
        "copy_form": once.OnceForm(),
        "copy_classes": Classroom.objects.filter(teachers=request.user, archived_at__isnull=True).order_by(
            "name", "id"
        ),
    }
    return page(request, "classroom/drill_edit.html", ctx, status=status)


def _lessons_of(variant: str) -> list[Lesson]:
    found = Lesson.objects.filter(course__variant=variant).select_related("course")
    return list(found.order_by("course__order", "course__key", "order"))


@login_required
@require_POST
def drill_add(request: HttpRequest, drill_id: int) -> HttpResponse:
    """Add a lesson (``lesson``) or puzzles (``puzzle``, once per puzzle) at the end of the drill."""
    drill = drill_for_teacher(request, drill_id, change=True)
    if "hand_variant" in request.POST:
        return _add_hand(request, drill)
    lesson_ids = _ids(request.POST.getlist("lesson"))
    puzzle_ids = _ids(request.POST.getlist("puzzle"))
    if lesson_ids is None or puzzle_ids is None or not (lesson_ids or puzzle_ids):
        return _bad(request, drill, _("Choose a lesson or at least one puzzle to add."))
    lessons = list(Lesson.objects.filter(pk__in=lesson_ids))
    puzzles = {p.pk: p for p in usable_puzzles(request.user).filter(pk__in=puzzle_ids)}
    if len(lessons) != len(set(lesson_ids)) or len(puzzles) != len(set(puzzle_ids)):
        return _bad(request, drill, _("This lesson or puzzle cannot be added."))
    with transaction.atomic():
        items = DrillItem.objects.select_for_update().filter(drill=drill)
        # (lesson, None) for a lesson's item, (None, puzzle) for a puzzle's.
        present: set[tuple[int | None, int | None]] = set(items.values_list("lesson_id", "puzzle_id"))
        last = items.aggregate(last=Max("order"))["last"] or 0
        new = [
            DrillItem(drill=drill, lesson=lesson) for lesson in lessons if (lesson.pk, None) not in present
        ]
        new += [
            DrillItem(drill=drill, puzzle=puzzles[pk])
            for pk in dict.fromkeys(puzzle_ids)
            if (None, pk) not in present
        ]
        if len(present) + len(new) > DRILL_MAX_ITEMS:
            return _bad(request, drill, _("A drill holds at most %(n)s items.") % {"n": DRILL_MAX_ITEMS})
        for n, item in enumerate(new, last + 1):
            item.order = n
        DrillItem.objects.bulk_create(new)
    return HttpResponseRedirect(reverse("drills-edit", args=[drill.pk]))


def _add_hand(request: HttpRequest, drill: Drill) -> HttpResponse:
    """Add a hand at the practice table: a variant's guided first hand, or a hand against the bots
    of a level (added twice, it is in the drill once)."""
    variant, kind = request.POST.get("hand_variant", ""), request.POST.get("hand_kind", "")
    if variant not in Variant.values or kind not in drill_hands.kinds():
        return _bad(request, drill, _("Choose a variant and a kind of hand."))
    if kind == drill_hands.GUIDED and variant not in drill_hands.guided_variants():
        return _bad(request, drill, _("This variant has no guided first hand yet."))
    with transaction.atomic():
        items = DrillItem.objects.select_for_update().filter(drill=drill)
        if items.filter(hand_variant=variant, hand_kind=kind).exists():
            return HttpResponseRedirect(reverse("drills-edit", args=[drill.pk]))
        if items.count() >= DRILL_MAX_ITEMS:
            return _bad(request, drill, _("A drill holds at most %(n)s items.") % {"n": DRILL_MAX_ITEMS})
        last = items.aggregate(last=Max("order"))["last"] or 0
        DrillItem.objects.create(drill=drill, order=last + 1, hand_variant=variant, hand_kind=kind)
    return HttpResponseRedirect(reverse("drills-edit", args=[drill.pk]))


def _ids(values: list[str]) -> list[int] | None:
    try:
        ids = [int(v) for v in values]
    except ValueError:
        return None
    return ids if all(0 < i < 2**62 for i in ids) else None


def _bad(request: HttpRequest, drill: Drill, message: str) -> HttpResponse:
    ctx = {"message": message, "back": reverse("drills-edit", args=[drill.pk])}
    return page(request, "classroom/bad_request.html", ctx, status=400)


def _item(drill: Drill, item_id: int) -> DrillItem:
    item = DrillItem.objects.filter(drill=drill, pk=item_id).first()
    if item is None:
        raise Http404
    return item


@login_required
@require_POST
def drill_move(request: HttpRequest, drill_id: int, item_id: int) -> HttpResponse:
    """Move an item one place ``up`` or ``down``."""
    drill = drill_for_teacher(request, drill_id, change=True)
    item = _item(drill, item_id)
    direction = request.POST.get("direction")
    if direction not in ("up", "down"):
        return _bad(request, drill, _("Move an item up or down."))
    with transaction.atomic():
        items = list(DrillItem.objects.select_for_update().filter(drill=drill).order_by("order", "id"))
        i = next(n for n, it in enumerate(items) if it.pk == item.pk)
        j = i - 1 if direction == "up" else i + 1
        if 0 <= j < len(items):
            items[i], items[j] = items[j], items[i]
            for n, it in enumerate(items, 1):
                it.order = n
            DrillItem.objects.bulk_update(items, ["order"])
    return HttpResponseRedirect(reverse("drills-edit", args=[drill.pk]))


@login_required
@require_POST
def drill_remove_item(request: HttpRequest, drill_id: int, item_id: int) -> HttpResponse:
    drill = drill_for_teacher(request, drill_id, change=True)
    _item(drill, item_id).delete()
    return HttpResponseRedirect(reverse("drills-edit", args=[drill.pk]))


@login_required
@require_http_methods(["GET", "POST"])
def drill_archive(request: HttpRequest, drill_id: int) -> HttpResponse:
    """Asks first (GET), then archives the drill (POST): the pupils no longer have it to do,
    and nothing is deleted."""
    drill = drill_for_teacher(request, drill_id, change=True)
    back = reverse("classes-detail", args=[drill.classroom_id])
    if request.method == "POST":
        if drill.archived_at is None:  # archived twice (a double submit): the first date stays
            drill.archived_at = timezone.now()
            drill.save(update_fields=["archived_at"])
        return HttpResponseRedirect(back)
    return confirm_page(
        request,
        title=_("Archive the drill “%(title)s”?") % {"title": drill.title},
        consequences=[
            _("The pupils no longer see it among their drills."),
            _("Every answer and every “done” and “late” record stay, and stay readable."),
            _("You can restore it at any time from the class page, under “Archived”."),
        ],
        action=reverse("drills-archive", args=[drill.pk]),
        button=_("Archive the drill"),
        cancel=reverse("drills-edit", args=[drill.pk]),
        classroom=drill.classroom,
    )


@login_required
@require_POST
def drill_restore(request: HttpRequest, drill_id: int) -> HttpResponse:
    """Give an archived drill to the pupils again, with everything they had done in it."""
    drill = drill_for_teacher(request, drill_id, change=True)
    if drill.archived_at is not None:
        drill.archived_at = None
        drill.save(update_fields=["archived_at"])
    return HttpResponseRedirect(reverse("classes-detail", args=[drill.classroom_id]))


@login_required
@require_POST
def drill_publish(request: HttpRequest, drill_id: int) -> HttpResponse:
    """Give a draft to its pupils (sent twice: given once)."""
    drill = drill_for_teacher(request, drill_id, change=True)
    fill = DrillFill.objects.filter(drill=drill).first()
    if fill is not None and fill.busy:
        message = _("Its puzzles are still being made: the drill can be given when they are.")
        return _bad(request, drill, message)
    Drill.objects.filter(pk=drill.pk, draft=True).update(draft=False)
    return HttpResponseRedirect(reverse("drills-edit", args=[drill.pk]))


@login_required
@require_POST
def drill_copy(request: HttpRequest, drill_id: int) -> HttpResponse:
    """A copy of the drill, in this class or another the teacher teaches: the same items and
    target, as a draft without a due date or chosen pupils (those belong to one class's week)."""
    drill = drill_for_teacher(request, drill_id)
    target_ids = _ids(request.POST.getlist("classroom"))
    if not target_ids or len(target_ids) != 1:
        return _bad(request, drill, _("Choose the class to copy the drill to."))
    target = class_for_teacher(request, target_ids[0], change=True)
    # A one-time token (lessons/once.py): the same form sent twice makes one copy, and both
    # submits land on it.
    token_form = once.OnceForm(request.POST)
    if not token_form.is_valid():
        return _bad(request, drill, str(token_form.non_field_errors()[0]))
    token = token_form.cleaned_data["token"]
    title = drill.title if target.pk != drill.classroom_id else _("%(title)s (copy)") % {"title": drill.title}
    with transaction.atomic():
        made = once.claim(token, FormKind.COPY, request.user)
        if made is not None:
            made.drill = Drill.objects.create(
                classroom=target,
                title=title[: Drill._meta.get_field("title").max_length],
                target_accuracy=drill.target_accuracy,
                time_zone=drill.time_zone,
                draft=True,
            )
            made.save(update_fields=["drill"])
            DrillItem.objects.bulk_create(
                DrillItem(
                    drill=made.drill,
                    order=item.order,
                    lesson_id=item.lesson_id,
                    puzzle_id=item.puzzle_id,
                    hand_variant=item.hand_variant,
                    hand_kind=item.hand_kind,
                )
                for item in drill.items.all()
            )
    if made is None:  # sent twice: the copy the first one made
        made = once.earlier(token, FormKind.COPY)
        if made is None or made.user_id != request.user.pk or made.drill_id is None:
            return _bad(
                request, drill, _("This form was already sent: reload the page to copy the drill again.")
            )
    return HttpResponseRedirect(reverse("drills-edit", args=[made.drill_id]))


# ---------------------------------------------------------------- pupils: doing a drill


@require_safe
@student_required
def my_drills(request: SignedInRequest) -> HttpResponse:
    """A pupil's home: their drills in every class, the unfinished soonest due first."""
    rows = student_drill_rows(request.user)
    memberships = request.user.memberships.filter(left_at__isnull=True).select_related("classroom")
    classes = list(memberships.order_by("classroom__name"))
    ctx = {
        "rows": rows,
        "memberships": classes,
        "reminders_by_email": settings.REMINDERS_BY_EMAIL and is_student(request.user),
    }
    return page(request, "classroom/my_drills.html", ctx)


@require_safe
@login_required
def drill_detail(request: SignedInRequest, drill_id: int) -> HttpResponse:
    """The drill's lessons and puzzles in order, each marked with the visitor's progress."""
    drill, teacher = drill_for_member(request, drill_id)
    items = list(drill.items.select_related("lesson__course", "puzzle"))
    by_drill, stats, deadlines = drill_stats([drill], [request.user.pk])
    puzzles = by_drill[drill.pk]
    lesson_puzzles = _lesson_puzzles([i.lesson_id for i in items if i.lesson_id])
    solved = {pk for (_, _, pk), s in stats.items() if s.solved}
    hands_done = drill_hands.done([i.pk for i in items if i.hand_variant], [request.user.pk])
    rows = []
    for item in items:
        if item.hand_variant:
            url = reverse("practice-drill-hand", args=[item.pk])
            played = int((item.pk, request.user.pk) in hands_done)
            rows.append({"item": item, "url": url, "solved": played, "total": 1, "hand": True})
        elif item.lesson_id:
            ids = lesson_puzzles.get(item.lesson_id, [])
            url = reverse("drills-lesson-step", args=[drill.pk, item.pk, 1])
            rows.append({"item": item, "url": url, "solved": len(set(ids) & solved), "total": len(ids)})
        else:
            url = reverse("drills-puzzle", args=[drill.pk, item.pk])
            rows.append({"item": item, "url": url, "solved": int(item.puzzle_id in solved), "total": 1})
    cell = make_cell(drill, puzzles, stats, request.user.pk, deadlines)
    ctx = {"drill": drill, "classroom": drill.classroom, "rows": rows, "cell": cell, "teacher": teacher}
    if teacher:
        ctx["hand_rows"] = _hands_by_pupil(drill, [i for i in items if i.hand_variant])
    return page(request, "classroom/drill.html", ctx)


def _hands_by_pupil(drill: Drill, hands: list[DrillItem]) -> list[dict[str, Any]]:
    """For the teacher: each pupil given the drill, whether they played each of its hands to the
    end, and the address of their finished hands."""
    if not hands:
        return []
    pupils = list(present_pupils(drill.classroom))
    chosen = set(drill.pupils.values_list("pk", flat=True))
    if chosen:
        pupils = [p for p in pupils if p.pk in chosen]
    done = drill_hands.done([h.pk for h in hands], [p.pk for p in pupils])
    return [
        {
            "pupil": pupil,
            "name": pupil.account.display_name if hasattr(pupil, "account") else pupil.get_username(),
            "url": reverse("classes-student", args=[drill.classroom_id, pupil.pk]) + "#pupil-practice",
            "done": [(hand, (hand.pk, pupil.pk) in done) for hand in hands],
        }
        for pupil in pupils
    ]


def _lesson_puzzles(lesson_ids: list[int]) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {}
    steps = Step.objects.filter(kind=StepKind.PUZZLE, lesson_id__in=lesson_ids).order_by("lesson_id", "order")
    for lesson_id, puzzle_id in steps.values_list("lesson_id", "puzzle_id"):
        out.setdefault(lesson_id, []).append(puzzle_id)
    return out


class DrillPuzzlePage(StepPage):
    """A drill's single puzzle, drawn and answered like a lesson's puzzle step.

    A drill puzzle belongs to no lesson: the step page is given a stand-in lesson of one step,
    and the drill's own addresses and neighbours.
    """

    full_template = "classroom/drill_puzzle.html"

    def __init__(self, request: HttpRequest, drill: Drill, items: list[DrillItem], item: DrillItem) -> None:
        puzzle = item.puzzle
        assert puzzle is not None
        course = SimpleNamespace(variant=puzzle.variant, key=puzzle.variant, title=drill.title)
        lesson = SimpleNamespace(course=course, slug="", title=drill.title)
        step = SimpleNamespace(kind=StepKind.PUZZLE, puzzle=puzzle, body="", table=None)
        super().__init__(request, lesson, [step], 1)  # type: ignore[arg-type, list-item]
        self.drill = drill
        self.items = items
        self.item = item

    def _url(self, name: str, n: int) -> str:
        names = {
            "lessons-puzzle-answer": "drills-puzzle-answer",
            "lessons-puzzle-hint": "drills-puzzle-hint",
            "lessons-puzzle-solution": "drills-puzzle-solution",
        }
        return reverse(names.get(name, "drills-puzzle"), args=[self.drill.pk, self.item.pk])

    def _item_url(self, item: DrillItem) -> str:
        return _item_url(self.drill, item)

    def context(self) -> dict[str, Any]:
        index = next(i for i, it in enumerate(self.items) if it.pk == self.item.pk)
        drill_url = reverse("drills-detail", args=[self.drill.pk])
        ctx: dict[str, Any] = {
            "drill": self.drill,
            "classroom": self.drill.classroom,
            "step": self.step,
            "n": index + 1,
            "count": len(self.items),
            "previous_url": self._item_url(self.items[index - 1]) if index > 0 else "",
            # After the last item, the verdict leads back to the drill.
            "next_url": self._item_url(self.items[index + 1]) if index + 1 < len(self.items) else drill_url,
            "drill_url": drill_url,
            "course_url": drill_url,
            "lesson_url": drill_url,
            "page_url": self._url("drills-puzzle", 0),
            "prefs": self.prefs,
            "deck": self.deck,
            "spanish_offered": self.variant == "moroccan",
            "table": None,
        }
        ctx.update(self.puzzle_context())
        return ctx


def _item_url(drill: Drill, item: DrillItem) -> str:
    if item.hand_variant:  # a hand is dealt by a button on the drill's page
        return reverse("drills-detail", args=[drill.pk])
    if item.lesson_id:
        return reverse("drills-lesson-step", args=[drill.pk, item.pk, 1])
    return reverse("drills-puzzle", args=[drill.pk, item.pk])


def _drill_to_do(request: HttpRequest, drill_id: int) -> tuple[Drill, list[DrillItem]]:
    """The drill and its items, to do: an archived drill is no longer given (its teachers may look)."""
    drill, teacher = drill_for_member(request, drill_id)
    if drill.archived_at is not None and not teacher:
        raise Http404
    return drill, list(drill.items.select_related("lesson__course", "puzzle"))


def _drill_page(request: HttpRequest, drill_id: int, item_id: int) -> DrillPuzzlePage:
    drill, items = _drill_to_do(request, drill_id)
    item = next((it for it in items if it.pk == item_id and it.puzzle_id), None)
    if item is None:
        raise Http404
    return DrillPuzzlePage(request, drill, items, item)


@require_safe
@login_required
def drill_puzzle(request: HttpRequest, drill_id: int, item_id: int) -> HttpResponse:
    return _drill_page(request, drill_id, item_id).render()


@login_required
@require_POST
def drill_answer(request: HttpRequest, drill_id: int, item_id: int) -> HttpResponse:
    page = _drill_page(request, drill_id, item_id)
    taken = page.take_answer()
    if isinstance(taken, HttpResponse):
        return taken
    return page.render(fragment="verdict")


@login_required
@require_POST
def drill_hint(request: HttpRequest, drill_id: int, item_id: int) -> HttpResponse:
    page = _drill_page(request, drill_id, item_id)
    assert page.puzzle is not None
    progress.hint_used(request, page.puzzle)
    page.hint_shown = True
    return page.render(fragment="hint")


@login_required
@require_POST
def drill_solution(request: HttpRequest, drill_id: int, item_id: int) -> HttpResponse:
    page = _drill_page(request, drill_id, item_id)
    if page.wrong_tries < TRIES_BEFORE_SOLUTION:
        return page.bad_input(_("The solution opens after two wrong answers. Try once more!"))
    page.show_solution = True
    return page.render(fragment="solution")


# ---------------------------------------------------------------- pupils: a drill's lessons


class DrillLessonPage(StepPage):
    """A step of a lesson given in a drill: the lesson's own page, at the drill's addresses, so
    that its answers are recorded with the drill (the same lesson in the course counts nothing)."""

    NAMES: ClassVar[dict[str, str]] = {
        "lessons-step": "drills-lesson-step",
        "lessons-puzzle-answer": "drills-lesson-answer",
        "lessons-puzzle-hint": "drills-lesson-hint",
        "lessons-puzzle-solution": "drills-lesson-solution",
    }

    def __init__(self, request: HttpRequest, drill: Drill, item: DrillItem, n: int) -> None:
        assert item.lesson is not None
        lesson, steps = _lesson_steps(item.lesson.course.key, item.lesson.slug, n)
        super().__init__(request, lesson, steps, n)
        self.drill = drill
        self.item = item

    def _url(self, name: str, n: int) -> str:
        return reverse(self.NAMES[name], args=[self.drill.pk, self.item.pk, n])

    def context(self) -> dict[str, Any]:
        ctx = super().context()
        drill_url = reverse("drills-detail", args=[self.drill.pk])
        # The way back leads to the drill, not to the course.
        ctx.update(course=SimpleNamespace(title=self.drill.title), course_url=drill_url, drill_url=drill_url)
        ctx["lesson_url"] = self._url("lessons-step", 1)
        return ctx


def _lesson_page(request: HttpRequest, drill_id: int, item_id: int, n: int) -> DrillLessonPage:
    drill, items = _drill_to_do(request, drill_id)
    item = next((it for it in items if it.pk == item_id and it.lesson_id), None)
    if item is None:
        raise Http404
    return DrillLessonPage(request, drill, item, n)


def _lesson_puzzle_page(request: HttpRequest, drill_id: int, item_id: int, n: int) -> DrillLessonPage:
    page = _lesson_page(request, drill_id, item_id, n)
    if page.puzzle is None:  # an explanation step: nothing to answer
        raise Http404
    return page


@require_safe
@login_required
def drill_lesson_step(request: HttpRequest, drill_id: int, item_id: int, n: int) -> HttpResponse:
    return _lesson_page(request, drill_id, item_id, n).render()


@login_required
@require_POST
def drill_lesson_answer(request: HttpRequest, drill_id: int, item_id: int, n: int) -> HttpResponse:
    page = _lesson_puzzle_page(request, drill_id, item_id, n)
    taken = page.take_answer()
    if isinstance(taken, HttpResponse):
        return taken
    return page.render(fragment="verdict")


@login_required
@require_POST
def drill_lesson_hint(request: HttpRequest, drill_id: int, item_id: int, n: int) -> HttpResponse:
    page = _lesson_puzzle_page(request, drill_id, item_id, n)
    assert page.puzzle is not None
    progress.hint_used(request, page.puzzle)
    page.hint_shown = True
    return page.render(fragment="hint")


@login_required
@require_POST
def drill_lesson_solution(request: HttpRequest, drill_id: int, item_id: int, n: int) -> HttpResponse:
    page = _lesson_puzzle_page(request, drill_id, item_id, n)
    if page.wrong_tries < TRIES_BEFORE_SOLUTION:
        return page.bad_input(_("The solution opens after two wrong answers. Try once more!"))
    page.show_solution = True
    return page.render(fragment="solution")
