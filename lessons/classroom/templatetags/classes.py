"""The "my drills" section of a pupil's home page (``{% my_drills %}``), a drill's due date, and
``user|is_teacher``, for what only teachers see (rule IDs beside the rules' names)."""

from typing import Any

from django import template
from django.utils.translation import get_language

from lessons.classroom.dashboard import share as _share
from lessons.classroom.dashboard import student_drill_rows
from lessons.classroom.due_dates import due_words
from lessons.classroom.permissions import is_student
from lessons.classroom.permissions import is_teacher as _is_teacher
from lessons.models import Drill, Membership, Puzzle
from lessons.templatetags.baloot import list_separator
from lessons.templatetags.table import card_faces

register = template.Library()


@register.inclusion_tag("classroom/partials/my_drills_section.html", takes_context=True)
def my_drills(context: template.Context) -> dict[str, Any]:
    """Nothing for visitors, teachers and learners in no class; for a pupil, their unfinished
    drills (soonest due first)."""
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not is_student(user):
        return {"show": False}
    if not Membership.objects.filter(student=user, left_at__isnull=True).exists():
        return {"show": False}
    rows = [(drill, cell) for drill, cell in student_drill_rows(user) if not cell.done]
    return {"show": True, "rows": rows, "prefs": context.get("prefs")}


@register.simple_tag(takes_context=True)
def next_drill(context: template.Context) -> Drill | None:
    """The pupil's unfinished drill with a due day that comes soonest (the home's next step), or None."""
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not is_student(user):
        return None
    return next((drill for drill, cell in student_drill_rows(user) if not cell.done and drill.due), None)


@register.filter
def due_date(drill: Drill, fmt: str = "DATE_FORMAT") -> str:
    """A drill's due day (and time, when one was set) as every page and reminder writes it."""
    return due_words(drill, fmt)


@register.filter
def share(percent: int) -> str:
    """``{{ n|share }}``: a percentage with the language's percent sign (dashboard.share)."""
    return _share(percent)


@register.filter
def is_teacher(user: Any) -> bool:
    return bool(getattr(user, "is_authenticated", False)) and _is_teacher(user)


PREVIEW_SEATS = ("S", "E", "N", "W")  # turn order
PREVIEW_MAX = 8


def preview_cards(position: Any) -> list[str]:
    """The cards that tell a puzzle from another at a glance: the hand to play (the player's, in
    a best-card puzzle), else the trick."""
    if not isinstance(position, dict):
        return []
    if isinstance(position.get("hand"), list):
        return position["hand"]
    hands, trick = position.get("hands"), position.get("trick") or []
    if isinstance(hands, dict) and position.get("leader") in PREVIEW_SEATS:
        seat = PREVIEW_SEATS[(PREVIEW_SEATS.index(position["leader"]) + len(trick)) % 4]
        return list(hands.get(seat) or [])
    return [card for _seat, card in trick if isinstance(card, str)] if isinstance(trick, list) else []


@register.inclusion_tag("classroom/partials/preview.html")
def puzzle_preview(puzzle: Puzzle) -> dict[str, Any]:
    """``{% puzzle_preview puzzle %}``: the puzzle's cards, small, named for a screen reader."""
    lang = get_language() or "en"
    faces = card_faces(preview_cards(puzzle.position)[:PREVIEW_MAX], puzzle.variant, lang, "french")
    return {"faces": faces, "names": list_separator(lang).join(f.name for f in faces)}
