"""Who may see and change what in classes: small helpers that return the object or refuse.

The rules, everywhere the same:

- anonymous visitors are sent to the sign-in page (302, by ``login_required``);
- a page for teachers asked by someone who is not a teacher: 403;
- a class, drill or student that is not yours: 404, as if it did not exist (its name,
  code and pupils are nobody else's business);
- a pupil of the class asking one of its teacher pages: 403 (they know the class exists);
- staff may read every teacher page of every class (to help a teacher who asks), and
  change nothing there: 403 on a change;
- an archived class is read-only: a change is a 403 that says to restore it first (restoring,
  deleting and a co-teacher leaving are the changes still open).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _

from lessons.models import Account, Classroom, Drill, Membership, Role

View = Callable[..., HttpResponse]


def role_of(user: Any) -> str | None:
    """``"teacher"``, ``"student"`` or None (anonymous, or an account made in the admin)."""
    if user is None or not user.is_authenticated:
        return None
    try:
        return str(user.account.role)
    except Account.DoesNotExist:
        return None


def is_teacher(user: Any) -> bool:
    return role_of(user) == Role.TEACHER


def is_student(user: Any) -> bool:
    return role_of(user) == Role.STUDENT


def display_name(user: Any) -> str:
    try:
        return str(user.account.display_name)
    except Account.DoesNotExist:
        return str(user.get_username())


def teacher_required(view: View) -> View:
    """Signed in (else the sign-in page), and a teacher (else 403)."""

    @login_required
    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not is_teacher(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapper


def student_required(view: View) -> View:
    """Signed in (else the sign-in page), and a student (else 403)."""

    @login_required
    @wraps(view)
    def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if not is_student(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapper


# ---------------------------------------------------------------- classes


def teaches(user: Any, classroom: Classroom) -> bool:
    return bool(user.is_authenticated and classroom.teachers.filter(pk=user.pk).exists())


def is_member(user: Any, classroom: Classroom) -> bool:
    """A present pupil of the class (a former one, removed or gone, is not)."""
    members = Membership.objects.filter(classroom=classroom, student_id=user.pk, left_at__isnull=True)
    return bool(user.is_authenticated and members.exists())


def _get_class(class_id: int) -> Classroom:
    classroom = Classroom.objects.filter(pk=class_id).first()
    if classroom is None:
        raise Http404
    return classroom


class ClassArchived(PermissionDenied):
    """A change asked of an archived class: the 403 page says why (the message is shown)."""

    def __init__(self) -> None:
        super().__init__(_("This class is archived: it is read-only. Restore it first to change it."))


def class_for_teacher(
    request: HttpRequest, class_id: int, change: bool = False, archived_too: bool = False
) -> Classroom:
    """The class, for one of its teachers (and staff, to read); else 403 for its pupils, 404 for others.

    ``change``: the visitor is about to change it, which an archived class refuses unless
    ``archived_too`` (restoring it, deleting it, a co-teacher leaving it).
    """
    classroom = _get_class(class_id)
    user = request.user
    if teaches(user, classroom):
        if change and classroom.archived_at is not None and not archived_too:
            raise ClassArchived
        return classroom
    if user.is_staff:
        if change:
            raise PermissionDenied
        return classroom
    if is_member(user, classroom):
        raise PermissionDenied
    raise Http404


def class_for_owner(request: HttpRequest, class_id: int, archived_too: bool = False) -> Classroom:
    """The class, for the teacher who made it (who alone chooses the co-teachers, and deletes it)."""
    classroom = class_for_teacher(request, class_id, change=True, archived_too=archived_too)
    if classroom.owner_id != request.user.pk:
        raise PermissionDenied
    return classroom


def class_for_student(request: HttpRequest, class_id: int) -> Classroom:
    """The class, for one of its pupils; its teachers get 403, everybody else 404."""
    classroom = _get_class(class_id)
    if is_member(request.user, classroom):
        return classroom
    if teaches(request.user, classroom):
        raise PermissionDenied
    raise Http404


def class_for_member(request: HttpRequest, class_id: int) -> tuple[Classroom, bool]:
    """The class and whether the visitor teaches it: for its teachers, its pupils and staff."""
    classroom = _get_class(class_id)
    if teaches(request.user, classroom) or request.user.is_staff:
        return classroom, True
    if is_member(request.user, classroom):
        return classroom, False
    raise Http404


# ---------------------------------------------------------------- drills


def _get_drill(drill_id: int) -> Drill:
    drill = Drill.objects.select_related("classroom").filter(pk=drill_id).first()
    if drill is None:
        raise Http404
    return drill


def drill_for_teacher(request: HttpRequest, drill_id: int, change: bool = False) -> Drill:
    drill = _get_drill(drill_id)
    class_for_teacher(request, drill.classroom_id, change=change)
    return drill


def drill_for_member(request: HttpRequest, drill_id: int) -> tuple[Drill, bool]:
    """The drill and whether the visitor teaches its class (else a pupil doing it: a draft, or
    a drill given to other pupils only, does not exist for them)."""
    drill = _get_drill(drill_id)
    _, teacher = class_for_member(request, drill.classroom_id)
    if not teacher and not given_to(drill, request.user):
        raise Http404
    return drill, teacher


def given_to(drill: Drill, user: Any) -> bool:
    """Whether the drill is given to this pupil: not a draft, and for the whole class or for them."""
    if drill.draft:
        return False
    chosen = Drill.pupils.through.objects.filter(drill_id=drill.pk)
    return not chosen.exists() or chosen.filter(user_id=user.pk).exists()


def student_of(classroom: Classroom, user_id: int, former: bool = False) -> Any:
    """A pupil of the class (with their account), or 404; with ``former``, a former pupil too."""
    memberships = Membership.objects.select_related("student__account").filter(
        classroom=classroom, student_id=user_id
    )
    if not former:
        memberships = memberships.filter(left_at__isnull=True)
    membership = memberships.first()
    if membership is None:
        raise Http404
    return membership.student
