"""Teachers' own puzzles: a position built with a card picker, a task, checked by the engine.

The form builds the same puzzle a lesson file would hold and hands it to
:func:`lessons.content.check_puzzle`, the loader's own checks: a position the engine refuses
(a card twice, a seat out of turn, an illegal accepted card, a wrong count) cannot be saved.
While the teacher picks cards, htmx posts the form to :func:`check` after each change and
swaps in the engine's verdict, in the teacher's language; without JavaScript the "Check"
button does the same with a whole page.

Tasks offered: ``play`` (one card; the accepted cards are the teacher's choice, or every legal
card), ``all-legal``, ``trick-winner`` and ``count`` (the engine gives the answer), and
``best-card``: the teacher sets the four hands, the trick, the contract and North–South's card
points so far (East–West have the rest of the points played), and the exact solver gives the
accepted cards.
A saved puzzle has ``source="teacher"`` and can be added to the teacher's drills.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from typing import Any, cast

from django import forms
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import ProtectedError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils import translation
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from engine import messages
from engine.cards import CARDS, FULL_DECK, SUIT_LETTERS, Card
from engine.cli import COMMANDS
from engine.notation import InputError
from engine.ranking import NO_TRUMP, points_of
from lessons import checking
from lessons.classroom import puzzle_versions
from lessons.classroom.permissions import is_teacher, teacher_required
from lessons.content import LOADER_COMMANDS, InvalidPuzzle, check_puzzle
from lessons.models import (
    TASK_COMMANDS,
    Drill,
    DrillItem,
    Puzzle,
    PuzzleAuthor,
    Source,
    Task,
    Variant,
)
from lessons.render import page
from lessons.templatetags.table import best_card_view, card_face, card_faces, table_view
from lessons.typed_requests import SignedInRequest, htmx_of

TASKS = (Task.PLAY, Task.ALL_LEGAL, Task.TRICK_WINNER, Task.COUNT, Task.BEST_CARD)
TRICK_TASKS = (Task.TRICK_WINNER, Task.COUNT)
SEATS = ("S", "E", "N", "W")  # turn order, counter-clockwise
CARD_CODES = tuple(str(c) for c in CARDS)
TEXT_MAX = 2000
# Best-card puzzles: the picker of each seat's cards.
HAND_FIELDS = {"N": "north", "E": "east", "S": "south", "W": "west"}


def _seat_before(seat: str, n: int) -> str:
    return SEATS[(SEATS.index(seat) - n) % 4]


# ---------------------------------------------------------------- the form


class TeacherPuzzleForm(forms.Form):
    variant = forms.ChoiceField(label=gettext_lazy("Variant"), choices=Variant.choices)
    task = forms.ChoiceField(
        label=gettext_lazy("Task"), choices=[(t.value, t.label) for t in TASKS], initial=Task.PLAY
    )
    trump = forms.ChoiceField(
        label=gettext_lazy("Trump"),
        choices=[
            ("S", gettext_lazy("Spades")),
            ("H", gettext_lazy("Hearts")),
            ("D", gettext_lazy("Diamonds")),
            ("C", gettext_lazy("Clubs")),
            ("none", gettext_lazy("No trump (Sun)")),
        ],
    )
    seat = forms.ChoiceField(
        label=gettext_lazy("Who plays"),
        choices=[(s, s) for s in SEATS],
        initial="S",
        help_text=gettext_lazy("For the card tasks: the seat whose hand is shown."),
    )
    leader = forms.ChoiceField(
        label=gettext_lazy("Who led the trick"),
        choices=[(s, s) for s in SEATS],
        initial="E",
        help_text=gettext_lazy(
            "For the trick tasks; in the card tasks the trick ends just before the player."
        ),
    )
    hand = forms.MultipleChoiceField(
        label=gettext_lazy("The hand"), choices=[(c, c) for c in CARD_CODES], required=False
    )
    trick1 = forms.ChoiceField(label=gettext_lazy("First card of the trick"), required=False)
    trick2 = forms.ChoiceField(label=gettext_lazy("Second card"), required=False)
    trick3 = forms.ChoiceField(label=gettext_lazy("Third card"), required=False)
    trick4 = forms.ChoiceField(label=gettext_lazy("Fourth card"), required=False)
    answers = forms.MultipleChoiceField(
        label=gettext_lazy("Best cards"),
        choices=[(c, c) for c in CARD_CODES],
        required=False,
        help_text=gettext_lazy(
            "For “play a card”: the cards you accept. None ticked: every card that may be played."
        ),
    )
    north = forms.MultipleChoiceField(choices=[(c, c) for c in CARD_CODES], required=False)
    east = forms.MultipleChoiceField(choices=[(c, c) for c in CARD_CODES], required=False)
    south = forms.MultipleChoiceField(choices=[(c, c) for c in CARD_CODES], required=False)
    west = forms.MultipleChoiceField(choices=[(c, c) for c in CARD_CODES], required=False)
    taker = forms.ChoiceField(
        label=gettext_lazy("Taker"), choices=[("", "—"), *[(s, s) for s in SEATS]], required=False
    )
    points_ns = forms.IntegerField(
        label=gettext_lazy("Card points already won by North–South"),
        required=False,
        min_value=0,
        max_value=162,
        help_text=gettext_lazy("East–West have the rest of the points already played."),
    )
    prompt = forms.CharField(
        label=gettext_lazy("Question"), max_length=TEXT_MAX, widget=forms.Textarea(attrs={"rows": 2})
    )
    hint = forms.CharField(
        label=gettext_lazy("Hint"),
        required=False,
        max_length=TEXT_MAX,
        widget=forms.Textarea(attrs={"rows": 2}),
    )
    explanation = forms.CharField(
        label=gettext_lazy("Explanation"),
        required=False,
        max_length=TEXT_MAX,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=gettext_lazy("Shown once the puzzle is solved."),
    )
    difficulty = forms.TypedChoiceField(
        label=gettext_lazy("Difficulty"), choices=[(n, str(n)) for n in range(1, 6)], coerce=int, initial=1
    )
    # The drill whose "make a puzzle of your own" link opened the form: the puzzle is added to it.
    drill = forms.IntegerField(required=False, widget=forms.HiddenInput, min_value=1, max_value=10**17)

    def __init__(self, *args: Any, lang: str = "en", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lang = lang
        names = self.card_names()
        # The fields given their choices here are ChoiceFields (declared above).
        choice_fields = cast("dict[str, forms.ChoiceField]", self.fields)
        for name in ("trick1", "trick2", "trick3", "trick4"):
            choice_fields[name].choices = [("", "—"), *[(c, names[c]) for c in CARD_CODES]]
        seat_names = {seat: messages.seat_name(seat, self.picked_variant, lang) for seat in SEATS}
        for seat, name in HAND_FIELDS.items():
            self.fields[name].label = _("Cards of %(seat)s") % {"seat": seat_names[seat]}
        # Seats in the page's language (O for Ouest in French), not the notation's letters.
        named = [(seat, seat_names[seat]) for seat in SEATS]
        choice_fields["seat"].choices = named
        choice_fields["leader"].choices = named
        choice_fields["taker"].choices = [("", "—"), *named]
        self.spec: Any = None  # the checked puzzle, once valid
        self.output: dict[str, Any] | None = None  # the engine's answer, in the teacher's language
        self.position: dict[str, Any] | None = None

    @property
    def picked_task(self) -> str:
        """The task whose fields the page shows: the one posted, else the initial one."""
        value = self.data.get("task") if self.is_bound else self.initial.get("task", Task.PLAY)
        return value if value in [t.value for t in TASKS] else Task.PLAY

    @property
    def picked_variant(self) -> str:
        """The variant the cards are named in: the one posted (or given), else Saudi."""
        value = self.data.get("variant") if self.is_bound else self.initial.get("variant")
        return value if value in Variant.values else Variant.SAUDI

    def card_names(self) -> dict[str, str]:
        return {
            c: messages.card_long_name(CARDS[i], self.picked_variant, self.lang)
            for i, c in enumerate(CARD_CODES)
        }

    def faces(self) -> list[Any]:
        return card_faces(list(CARD_CODES), self.picked_variant, self.lang, "french")

    def picker(self, name: str) -> list[tuple[Any, bool]]:
        """The 32 cards of the card picker for field ``name``, each with whether it is ticked."""
        ticked = set(self[name].value() or [])
        return [(face, face.code in ticked) for face in self.faces()]

    def hand_picker(self) -> list[tuple[Any, bool]]:
        return self.picker("hand")

    def answers_picker(self) -> list[tuple[Any, bool]]:
        return self.picker("answers")

    def hand_pickers(self) -> list[tuple[Any, list[tuple[Any, bool]]]]:
        """Best-card puzzles: each seat's field and its card picker."""
        return [(self[name], self.picker(name)) for name in HAND_FIELDS.values()]

    # -------------------------------------------------------- checks

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        task = data["task"]
        hand = list(data.get("hand") or [])
        trick = [data[f"trick{i}"] for i in range(1, 5) if data.get(f"trick{i}")]
        # The trick cards are picked from the first box on: a gap would shift who played what.
        filled = [bool(data.get(f"trick{i}")) for i in range(1, 5)]
        if filled != sorted(filled, reverse=True):
            raise forms.ValidationError(_("Fill the cards of the trick from the first one, without a gap."))
        if task == Task.BEST_CARD:
            if len(trick) > 3:
                raise forms.ValidationError(
                    _("The player is still to play: the trick holds at most three cards.")
                )
            position = self._best_card_position(data, trick)
        elif task in TRICK_TASKS:
            if len(trick) != 4:
                raise forms.ValidationError(_("This task needs a complete trick: four cards."))
            leader = data["leader"]
            position = {
                "variant": data["variant"],
                "trump": _trump(data["trump"]),
                "trick": [[SEATS[(SEATS.index(leader) + i) % 4], c] for i, c in enumerate(trick)],
            }
        else:
            if not hand:
                raise forms.ValidationError(_("Pick the cards of the hand."))
            if len(trick) > 3:
                raise forms.ValidationError(
                    _("The player is still to play: the trick holds at most three cards.")
                )
            twice = sorted(set(hand) & set(trick))
            if twice:
                raise forms.ValidationError(
                    _("%(card)s is both in the hand and in the trick.")
                    % {"card": self.card_names()[twice[0]]}
                )
            seat = data["seat"]
            position = {
                "variant": data["variant"],
                "trump": _trump(data["trump"]),
                "seat": seat,
                "hand": hand,
                "trick": [[_seat_before(seat, len(trick) - i), c] for i, c in enumerate(trick)],
            }
        self.position = position
        self.output = self._engine(task, position)
        answers = self._answers(task, data, self.output)
        raw = {
            "key": "teacher-draft",
            "task": task,
            "position": position,
            "prompt": {"en": data["prompt"].strip() or "?"},
            "hint": {"en": data["hint"]} if data.get("hint", "").strip() else None,
            "explanation": {"en": data["explanation"]} if data.get("explanation", "").strip() else None,
            "difficulty": data["difficulty"],
        }
        if answers is not None:
            raw["answers"] = answers
        try:
            self.spec = check_puzzle(raw, data["variant"])
        except InvalidPuzzle as e:
            # The engine's checks above speak the teacher's language; this is the loader's last word.
            raise forms.ValidationError(str(e)) from None
        return data

    def _best_card_position(self, data: dict[str, Any], trick: list[str]) -> dict[str, Any]:
        """The four hands as picked, the trick before the player, the contract, the points so far."""
        seat = data["seat"]
        hands = {s: list(data.get(name) or []) for s, name in HAND_FIELDS.items()}
        if not hands[seat]:
            raise forms.ValidationError(_("Pick the cards of the player to play."))
        trump = _trump(data["trump"])
        suit = NO_TRUMP if trump is None else SUIT_LETTERS.index(trump)
        played = {c for cards in hands.values() for c in cards} | set(trick)
        # Card points of the finished tricks: whatever is in no hand and not in the trick.
        done = points_of(FULL_DECK, suit) - points_of(sum(1 << Card.parse(c) for c in played), suit)
        ns = data.get("points_ns")
        if ns is None or ns > done:
            raise forms.ValidationError(
                _("Give the card points North–South have won so far: from 0 to %(n)s.") % {"n": done}
            )
        return {
            "variant": data["variant"],
            "contract": {
                "mode": "hokm" if trump else "sun",
                "trump": trump,
                "taker": data.get("taker") or None,
            },
            "hands": hands,
            "trick": [[_seat_before(seat, len(trick) - i), c] for i, c in enumerate(trick)],
            "leader": _seat_before(seat, len(trick)),
            "points": {"NS": ns, "EW": done - ns},
        }

    def _engine(self, task: str, position: dict[str, Any]) -> dict[str, Any]:
        command = TASK_COMMANDS[Task(task)]
        try:
            return (COMMANDS.get(command) or LOADER_COMMANDS[command])(position, self.lang)
        except InputError as e:
            params = {**e.params, "field": e.field} if e.field else dict(e.params)
            raise forms.ValidationError(messages.error_message(e.code, self.lang, params)) from None

    def _answers(self, task: str, data: dict[str, Any], output: dict[str, Any]) -> list[Any] | None:
        if task == Task.PLAY:
            chosen = list(data.get("answers") or [])
            if not chosen:
                return list(output["legal"])
            names = self.card_names()
            for card in chosen:
                if card in output["illegal"]:
                    reason = output["illegal"][card][0]["message"]
                    raise forms.ValidationError(
                        _("%(card)s may not be played here: %(reason)s")
                        % {"card": names[card], "reason": reason}
                    )
                if card not in output["legal"]:
                    raise forms.ValidationError(_("%(card)s is not in the hand.") % {"card": names[card]})
            return chosen
        if task in (Task.ALL_LEGAL, Task.BEST_CARD):
            return None  # the engine decides
        if task == Task.TRICK_WINNER:
            return [output["winner"]]
        return [output["points"]]

    # -------------------------------------------------------- what the verdict shows

    def verdict(self) -> dict[str, Any]:
        """The engine's view of a valid form: the table, what may be played or who wins, and why."""
        if self.position is None or self.output is None or self.spec is None:
            return {}
        variant = self.spec.variant
        lang = self.lang
        out: dict[str, Any] = {"table": table_view(self.position, lang, "french")}
        if self.spec.task == Task.BEST_CARD:
            out["table"] = best_card_view(self.position, lang, "french", self.output["seat"])
            out["best"] = card_faces(self.output["best"], variant, lang, "french")
            out["losses"] = [
                (card_face(card, variant, lang, "french"), loss)
                for card, loss in self.output["loss"].items()
                if loss
            ]
        elif self.spec.task in (Task.PLAY, Task.ALL_LEGAL):
            out["legal"] = card_faces(self.output["legal"], variant, lang, "french")
            out["illegal"] = [
                (card_face(card, variant, lang, "french"), reasons[0]["message"])
                for card, reasons in self.output["illegal"].items()
            ]
            if self.spec.task == Task.PLAY:
                out["accepted"] = card_faces(self.spec.answers, variant, lang, "french")
        else:
            out["message"] = self.output["message"]
            out["winner"] = messages.seat_name(self.output["winner"], variant, lang)
            out["points"] = self.output["points"]
        return out


def _trump(value: str) -> str | None:
    return None if value == "none" else value


# ---------------------------------------------------------------- saving


def new_key() -> str:
    for _attempt in range(100):
        key = "t-" + secrets.token_hex(5)
        if not Puzzle.objects.filter(key=key).exists():
            return key
    raise RuntimeError("no free puzzle key found")


def save_puzzle(
    form: TeacherPuzzleForm, author: Any, editing: Puzzle | None = None, drill_ids: Iterable[int] = ()
) -> Puzzle:
    """A new puzzle, or ``editing`` changed: in place while nobody answered it, else as a new
    version, the old one kept for the answers given to it; the drills ``drill_ids`` take the new
    version (lessons/classroom/puzzle_versions.py), the others keep the old one."""
    spec = form.spec
    data = form.cleaned_data
    fields = {
        "variant": spec.variant,
        "task": spec.task,
        "position": spec.position,
        "answers": spec.answers,
        "prompt": data["prompt"].strip(),
        "hint": data.get("hint", "").strip(),
        "explanation": data.get("explanation", "").strip(),
        "rules": spec.rules,
        "themes": spec.themes,
        "difficulty": spec.difficulty,
    }
    # The teacher writes in one language: it goes in the English columns, the fallback of every language.
    with translation.override("en"), transaction.atomic():
        if editing is not None and not editing.attempts.exists():
            for name, value in fields.items():
                setattr(editing, name, value)
            editing.save()
            return editing
        puzzle = Puzzle.objects.create(key=new_key(), source=Source.TEACHER, **fields)
        PuzzleAuthor.objects.create(puzzle=puzzle, author=author)
        if editing is not None:
            PuzzleAuthor.objects.filter(puzzle=editing).update(replaced_by=puzzle)
            puzzle_versions.use_new_version(editing, puzzle, drill_ids)
    return puzzle


def add_to_drill(puzzle: Puzzle, drill: Drill) -> None:
    """The puzzle at the end of the drill, once."""
    with transaction.atomic():
        if not DrillItem.objects.filter(drill=drill, puzzle=puzzle).exists():
            last = (
                DrillItem.objects.filter(drill=drill)
                .order_by("-order")
                .values_list("order", flat=True)
                .first()
            )
            DrillItem.objects.create(drill=drill, puzzle=puzzle, order=(last or 0) + 1)


def teachers_drill(user: Any, drill_id: Any) -> Drill | None:
    """One of the user's drills still open to changes (not archived, nor in an archived class)."""
    if not drill_id:
        return None
    return Drill.objects.filter(
        pk=drill_id,
        classroom__teachers=user,
        archived_at__isnull=True,
        classroom__archived_at__isnull=True,
    ).first()


def initial_of(puzzle: Puzzle) -> dict[str, Any]:
    """The form's fields for a saved puzzle, to edit it: the inverse of the form's ``clean``."""
    position = puzzle.position or {}
    trick = [card for _seat, card in position.get("trick") or []]
    initial: dict[str, Any] = {
        "variant": puzzle.variant,
        "task": puzzle.task,
        "difficulty": puzzle.difficulty,
    }
    with translation.override("en"):
        initial.update(prompt=puzzle.prompt, hint=puzzle.hint, explanation=puzzle.explanation)
    for n, card in enumerate(trick, 1):
        initial[f"trick{n}"] = card
    if puzzle.task == Task.BEST_CARD:
        contract = position.get("contract") or {}
        initial["trump"] = contract.get("trump") or "none"
        initial["taker"] = contract.get("taker") or ""
        leader = position.get("leader", "S")
        initial["seat"] = SEATS[(SEATS.index(leader) + len(trick)) % 4] if leader in SEATS else "S"
        for seat, name in HAND_FIELDS.items():
            initial[name] = list((position.get("hands") or {}).get(seat) or [])
        initial["points_ns"] = (position.get("points") or {}).get("NS", 0)
        return initial
    initial["trump"] = position.get("trump") or "none"
    if puzzle.task in TRICK_TASKS:
        first = (position.get("trick") or [["E"]])[0][0]
        initial["leader"] = first if first in SEATS else "E"
        return initial
    initial["seat"] = position.get("seat", "S")
    initial["hand"] = list(position.get("hand") or [])
    if puzzle.task == Task.PLAY:
        initial["answers"] = list(puzzle.answers or [])
    return initial


# ---------------------------------------------------------------- views


def _puzzle_for_author(request: HttpRequest, key: str, change: bool = False) -> Puzzle:
    """A teacher's puzzle, for its author (and staff, to read); 404 for everybody else."""
    puzzle = Puzzle.objects.filter(key=key, source=Source.TEACHER).select_related("author_record").first()
    if puzzle is None:
        raise Http404
    author = getattr(puzzle, "author_record", None)
    if author is not None and author.author_id == request.user.pk:
        return puzzle
    if request.user.is_staff:
        if change:
            raise PermissionDenied
        return puzzle
    if not is_teacher(request.user):
        raise PermissionDenied
    raise Http404


@require_safe
@teacher_required
def puzzle_list(request: SignedInRequest) -> HttpResponse:
    puzzles = Puzzle.objects.filter(
        author_record__author=request.user, author_record__replaced_by__isnull=True
    ).order_by("-author_record__created", "-id")
    return page(request, "classroom/puzzles_mine.html", {"puzzles": puzzles})


TASK_HELP = {
    Task.PLAY: gettext_lazy("One hand and the trick so far: the pupil plays a card you accept."),
    Task.ALL_LEGAL: gettext_lazy(
        "One hand and the trick so far: the pupil finds every card that may be played."
    ),
    Task.TRICK_WINNER: gettext_lazy("A complete trick: the pupil says who wins it."),
    Task.COUNT: gettext_lazy("A complete trick: the pupil counts its card points."),
    Task.BEST_CARD: gettext_lazy("Four open hands near the end: the solver finds the best card."),
}


def _drill_param(request: HttpRequest) -> int | None:
    raw = request.GET.get("drill", "")
    return int(raw) if raw.isdigit() and len(raw) < 18 else None


def _maker_page(request: HttpRequest, form: TeacherPuzzleForm, **ctx: Any) -> HttpResponse:
    return page(request, "classroom/puzzle_new.html", {"form": form, "task": form.picked_task, **ctx})


def _after_save(request: HttpRequest, form: TeacherPuzzleForm, puzzle: Puzzle) -> HttpResponse:
    drill = teachers_drill(request.user, form.cleaned_data.get("drill"))
    if drill is not None:
        add_to_drill(puzzle, drill)
        return HttpResponseRedirect(reverse("drills-edit", args=[drill.pk]))
    return HttpResponseRedirect(reverse("teacher-puzzles-detail", args=[puzzle.key]))


@teacher_required
@require_http_methods(["GET", "POST"])
def puzzle_new(request: HttpRequest) -> HttpResponse:
    """The task first, then its fields only; "Check" shows the engine's verdict, "Save" keeps a
    puzzle the engine accepts (and adds it to the drill it was made for)."""
    lang = get_language() or "en"
    if request.method != "POST":
        task = request.GET.get("task", "")
        drill = _drill_param(request)
        if task not in [t.value for t in TASKS]:
            choices = [(t.value, t.label, TASK_HELP[t]) for t in TASKS]
            return page(request, "classroom/puzzle_task.html", {"choices": choices, "drill": drill})
        initial = {"variant": Variant.SAUDI, "trump": "H", "task": task, "drill": drill}
        return _maker_page(request, TeacherPuzzleForm(initial=initial, lang=lang))
    form = TeacherPuzzleForm(request.POST, lang=lang)
    valid = form.is_valid()
    if valid and request.POST.get("action") == "save":
        return _after_save(request, form, save_puzzle(form, request.user))
    return _maker_page(request, form, checked=True)


@login_required
@require_http_methods(["GET", "POST"])
def puzzle_edit(request: HttpRequest, key: str) -> HttpResponse:
    """A saved puzzle in the form again: changed in place while nobody answered it, else saved
    as a new version (see :func:`save_puzzle`); an old version leads to the latest."""
    puzzle = _puzzle_for_author(request, key, change=True)
    newer = puzzle.author_record.replaced_by
    if newer is not None:
        return HttpResponseRedirect(reverse("teacher-puzzles-edit", args=[newer.key]))
    lang = get_language() or "en"
    answered = puzzle.attempts.exists()
    # Answered, it becomes a new version: which of its drills take it (all, unless unticked)?
    in_drills = puzzle_versions.drills_holding(puzzle, request.user) if answered else []
    if request.method != "POST":
        form = TeacherPuzzleForm(initial=initial_of(puzzle), lang=lang)
        ctx = {"editing": puzzle, "answered": answered, "in_drills": in_drills}
        return _maker_page(request, form, chosen={d.pk for d in in_drills}, **ctx)
    form = TeacherPuzzleForm(request.POST, lang=lang)
    chosen = _chosen_drills(request, in_drills)
    if form.is_valid() and request.POST.get("action") == "save":
        saved = save_puzzle(form, request.user, editing=puzzle, drill_ids=chosen)
        return _after_save(request, form, saved)
    ctx = {"editing": puzzle, "answered": answered, "in_drills": in_drills, "chosen": chosen}
    return _maker_page(request, form, checked=True, **ctx)


def _chosen_drills(request: HttpRequest, in_drills: list[Drill]) -> set[int]:
    """The drills ticked to take the new version; every one when the form did not ask (yes is the
    default). A drill that does not hold the puzzle, or is not the teacher's, is never chosen."""
    holding = {d.pk for d in in_drills}
    if "versions_asked" not in request.POST:
        return holding
    return {int(v) for v in request.POST.getlist("new_version_in") if v.isdigit() and len(v) < 18} & holding


@require_http_methods(["GET", "POST"])  # a GET goes back to the form
@teacher_required
def check(request: HttpRequest) -> HttpResponse:
    """htmx: the form's verdict only, after each change of the picker."""
    if request.method != "POST":
        return HttpResponseRedirect(reverse("teacher-puzzles-new"))
    form = TeacherPuzzleForm(request.POST, lang=get_language() or "en")
    form.is_valid()
    template = "classroom/puzzle_new.html#verdict" if htmx_of(request) else "classroom/puzzle_new.html"
    return page(request, template, {"form": form, "task": form.picked_task, "checked": True})


@require_safe
@login_required
def puzzle_detail(request: SignedInRequest, key: str) -> HttpResponse:
    puzzle = _puzzle_for_author(request, key)
    lang = get_language() or "en"
    solution = checking.solution(puzzle, lang)
    drills = (
        Drill.objects.filter(classroom__teachers=request.user, archived_at__isnull=True)
        .select_related("classroom")
        .order_by("classroom__name", "created")
    )
    if puzzle.task == Task.BEST_CARD:
        seat = checking.engine_output(puzzle, lang)["seat"]
        table = best_card_view(puzzle.position, lang, "french", seat)
    else:
        table = table_view(puzzle.position, lang, "french")
    ctx = {
        "puzzle": puzzle,
        "table": table,
        "solution": solution,
        "solution_cards": card_faces(solution.values, puzzle.variant, lang, "french")
        if puzzle.task in (Task.PLAY, Task.ALL_LEGAL, Task.BEST_CARD)
        else [],
        "drills": drills,
        "used": DrillItem.objects.filter(puzzle=puzzle).count(),
        "answered": puzzle.attempts.exists(),
    }
    return page(request, "classroom/puzzle_detail.html", ctx)


@require_http_methods(["GET", "POST"])  # a GET goes back to the puzzle
@login_required
def puzzle_add_to_drill(request: SignedInRequest, key: str) -> HttpResponse:
    if request.method != "POST":
        return HttpResponseRedirect(reverse("teacher-puzzles-detail", args=[key]))
    puzzle = _puzzle_for_author(request, key, change=True)
    drill_id = request.POST.get("drill", "")
    drill = (
        Drill.objects.filter(pk=int(drill_id), classroom__teachers=request.user).first()
        if drill_id.isdigit() and len(drill_id) < 18
        else None
    )
    if drill is None:
        ctx = {
            "message": _("Choose one of your drills."),
            "back": reverse("teacher-puzzles-detail", args=[key]),
        }
        return page(request, "classroom/bad_request.html", ctx, status=400)
    add_to_drill(puzzle, drill)
    return HttpResponseRedirect(reverse("drills-edit", args=[drill.pk]))


@require_http_methods(["GET", "POST"])  # a GET goes back to the puzzle
@login_required
def puzzle_delete(request: HttpRequest, key: str) -> HttpResponse:
    """Delete a puzzle nobody answered yet (answers keep the puzzles they answered)."""
    if request.method != "POST":
        return HttpResponseRedirect(reverse("teacher-puzzles-detail", args=[key]))
    puzzle = _puzzle_for_author(request, key, change=True)
    try:
        puzzle.delete()
    except ProtectedError:
        ctx = {
            "message": _("Pupils have answered this puzzle: it is kept with their answers."),
            "back": reverse("teacher-puzzles-detail", args=[key]),
        }
        return page(request, "classroom/bad_request.html", ctx, status=400)
    return HttpResponseRedirect(reverse("teacher-puzzles"))
