"""Classes: a teacher makes one, shares its join code, and manages its pupils and co-teachers.

A join code is six characters from an alphabet without look-alikes (no 0/O, 1/I/L), so it
can be read aloud, written on a board or typed on a phone; the join link carries it too.
A teacher can make a new code (the old one stops working) or close the class to joining.
Pupils join with the code (a new account, or their account if signed in) and may leave.

Nothing is lost by one click: what takes something away (a new code, a new password, removing
a pupil, archiving a class) asks first on a page of its own (GET), and is done by that page's
form (POST). A class is archived, never deleted; a pupil who is removed or leaves becomes a
former pupil (``Membership.left_at``), with every answer kept, and can be brought back.

The owner invites co-teachers by email; an invitation does nothing until the invited teacher,
signed in with that email, accepts it (the owner is never told whether the address has an
account). A co-teacher may leave. Making a class, joining one, making pupils' accounts and
issuing a new password are forms that act once (lessons/once.py).
"""

from __future__ import annotations

import secrets
from typing import Any, NamedTuple

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import ProtectedError
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from lessons import once
from lessons.addresses import row_addresses
from lessons.classroom import accounts, login_cards, time_zones
from lessons.classroom.collation import name_key
from lessons.classroom.dashboard import student_drill_rows
from lessons.classroom.permissions import (
    ClassArchived,
    class_for_member,
    class_for_owner,
    class_for_student,
    class_for_teacher,
    display_name,
    is_student,
    is_teacher,
    student_of,
    teacher_required,
)
from lessons.forms import new_token
from lessons.models import Account, Attempt, Classroom, FormKind, FormResult, Invitation, Membership
from lessons.names import clean_name
from lessons.render import confirm_page, csrf_input, page
from lessons.templatetags.baloot import list_separator
from lessons.typed_requests import SignedInRequest

User = get_user_model()

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
BULK_MAX = 60  # pupils made at once: one class list
CLASS_NAME_MAX = 100
ANNOUNCEMENT_MAX = 500


# ---------------------------------------------------------------- join codes


def new_code() -> str:
    for _attempt in range(100):
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if not Classroom.objects.filter(code=code).exists():
            return code
    raise RuntimeError("no free class code found")


def normalize_code(value: str) -> str:
    """What a pupil typed, as a code: case, spaces and dashes do not matter."""
    return "".join(ch for ch in value.upper() if ch not in " -\t")


def join_link(request: HttpRequest, classroom: Classroom) -> str:
    return request.build_absolute_uri(reverse("classes-join", args=[classroom.code]))


# ---------------------------------------------------------------- forms


class ClassForm(once.OnceForm):
    # No max_length: the browser would cut a long name silently; clean_name says the limit.
    name = forms.CharField(label=_("Name of the class"))
    field_order = ("name", "token")

    def clean_name(self) -> str:
        return clean_name(self.cleaned_data["name"], CLASS_NAME_MAX)


class RenameForm(forms.Form):
    name = forms.CharField(label=_("Name of the class"))

    def clean_name(self) -> str:
        return clean_name(self.cleaned_data["name"], CLASS_NAME_MAX)


class AnnouncementForm(forms.Form):
    """A short word to the class; empty takes it down."""

    announcement = forms.CharField(
        label=_("A word to the class"),
        required=False,
        help_text=_("Shown to the pupils above their drills. Leave it empty to take it down."),
        widget=forms.Textarea(attrs={"rows": 3}),
    )

    def clean_announcement(self) -> str:
        text = "\n".join(line.strip() for line in str(self.cleaned_data["announcement"]).strip().splitlines())
        if len(text) > ANNOUNCEMENT_MAX:
            raise ValidationError(
                _("At most %(n)s characters (this one has %(count)s).")
                % {"n": ANNOUNCEMENT_MAX, "count": len(text)}
            )
        return text


class CodeForm(forms.Form):
    code = forms.CharField(label=_("Class code"), max_length=20)

    def clean_code(self) -> str:
        code = normalize_code(self.cleaned_data["code"])
        if not Classroom.objects.filter(code=code).exists():
            raise ValidationError(_("No class has this code. Check it with your teacher."))
        return code


class CoTeacherForm(forms.Form):
    """An email to invite; whether it has an account is never looked up here (no enumeration)."""

    email = forms.EmailField(label=_("Email of the other teacher"), max_length=150)

    def clean_email(self) -> str:
        return str(self.cleaned_data["email"]).strip().lower()


class BulkStudentsForm(once.OnceForm):
    names = forms.CharField(
        label=_("Names of the pupils, one per line"),
        widget=forms.Textarea(attrs={"rows": 12}),
    )
    # Shown (and needed) only when a name is already in the class or twice in the list.
    same_names = forms.BooleanField(label=_("Make the accounts anyway"), required=False)
    field_order = ("names", "same_names", "token")

    def __init__(self, *args: Any, classroom: Classroom, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.classroom = classroom
        self.repeated: list[str] = []

    def clean_names(self) -> list[str]:
        lines = [line for line in self.cleaned_data["names"].splitlines() if line.strip()]
        if not lines:
            raise ValidationError(_("Enter at least one name."))
        if len(lines) > BULK_MAX:
            raise ValidationError(_("At most %(n)s names at once.") % {"n": BULK_MAX})
        names: list[str] = []
        errors: list[str] = []
        for n, line in enumerate(lines, 1):
            try:
                names.append(clean_name(line, accounts.NAME_MAX))
            except ValidationError as e:
                errors.extend(
                    _("Line %(n)d: %(error)s") % {"n": n, "error": message} for message in e.messages
                )
        if errors:
            raise ValidationError(errors)
        return names

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        names = data.get("names")
        if names and not data.get("same_names"):
            taken = {
                str(name).casefold()
                for name in Account.objects.filter(user__memberships__classroom=self.classroom).values_list(
                    "display_name", flat=True
                )
            }
            seen: set[str] = set()
            for name in names:
                key = name.casefold()
                if (key in taken or key in seen) and name not in self.repeated:
                    self.repeated.append(name)
                seen.add(key)
            if self.repeated:
                self.add_error(
                    "same_names",
                    _(
                        "These names are already in the class or twice in the list: %(names)s. "
                        "Tick the box to make the accounts anyway, or change the names."
                    )
                    % {"names": list_separator().join(self.repeated)},
                )
        return data


def _sent_elsewhere(request: HttpRequest, back: str) -> HttpResponse:
    """A one-time token that another form (or another person) already used: 400, nothing made."""
    message = _("This form was already sent from another page. Go back, reload the page and send it again.")
    return page(request, "classroom/bad_request.html", {"message": message, "back": back}, status=400)


# ---------------------------------------------------------------- the page for teachers


@require_safe
def for_teachers(request: HttpRequest) -> HttpResponse:
    """What the site does for a class and how to start: for anyone, linked from the home page."""
    return page(request, "classroom/for_teachers.html", {"is_teacher": is_teacher(request.user)})


# ---------------------------------------------------------------- the teacher's classes


@teacher_required
@require_http_methods(["GET", "POST"])
def class_list(request: SignedInRequest) -> HttpResponse:
    """The classes this teacher teaches, and a form to make one."""
    form = ClassForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            made = once.claim(form.cleaned_data["token"], FormKind.CLASS, request.user)
            if made is not None:
                made.classroom = _create_class(request.user, form.cleaned_data["name"])
                made.save(update_fields=["classroom"])
        if made is None:  # sent twice: the class the first one made
            made = once.earlier(form.cleaned_data["token"], FormKind.CLASS)
            if made is None or made.user_id != request.user.pk or made.classroom_id is None:
                return _sent_elsewhere(request, reverse("classes-list"))
        return HttpResponseRedirect(reverse("classes-detail", args=[made.classroom_id]))
    classes = list(Classroom.objects.filter(teachers=request.user).order_by("name", "id"))
    invitations = Invitation.objects.filter(
        email=request.user.get_username().lower(), accepted__isnull=True
    ).select_related("classroom", "invited_by__account")
    ctx = {
        "classes": [c for c in classes if c.archived_at is None],
        "archived": [c for c in classes if c.archived_at is not None],
        "form": form,
        "invitations": [(i, display_name(i.invited_by) if i.invited_by else "") for i in invitations],
    }
    return page(request, "classroom/list.html", ctx)


def _create_class(owner: Any, name: str) -> Classroom:
    for _attempt in range(5):
        try:
            with transaction.atomic():
                classroom = Classroom.objects.create(name=name, code=new_code(), owner=owner)
                classroom.teachers.add(owner)
                return classroom
        except IntegrityError:  # the code was taken meanwhile
            continue
    raise RuntimeError("could not create a class")


@require_safe
@login_required
def class_detail(request: HttpRequest, class_id: int) -> HttpResponse:
    """A teacher sees the code, pupils and drills; a pupil sees their drills and can leave."""
    classroom, teacher = class_for_member(request, class_id)
    if not teacher:
        rows = student_drill_rows(request.user, classroom_ids=[classroom.pk])
        teachers = [display_name(t) for t in classroom.teachers.select_related("account")]
        ctx = {"classroom": classroom, "rows": rows, "teachers": teachers}
        return page(request, "classroom/student_class.html", ctx)
    return _teacher_page(request, classroom)


class Pupil(NamedTuple):
    """A row of the class page's pupils: who, and the addresses of what a teacher can do."""

    pk: int
    username: str
    name: str
    url: str
    password_url: str
    remove_url: str
    # Whether this class's teachers may issue the pupil a new password: their account was made here.
    home: bool


def _teacher_page(
    request: HttpRequest,
    classroom: Classroom,
    teacher_form: CoTeacherForm | None = None,
    status: int = 200,
    rename_form: RenameForm | None = None,
    announcement_form: AnnouncementForm | None = None,
    zone_form: time_zones.TimeZoneForm | None = None,
) -> HttpResponse:
    # Only the columns shown, and each pupil's three links without a reverse() each: the page
    # lists a whole class (bench/profile_answers.py: 11.7 ms for 40 pupils before, with 120 reverses).
    members = Membership.objects.filter(classroom=classroom).values_list(
        "student_id",
        "student__username",
        "student__account__display_name",
        "student__account__home_class_id",
        "left_at",
    )
    page_of = row_addresses("classes-student", classroom.pk)
    password_of = row_addresses("classes-student-password", classroom.pk)
    remove_of = row_addresses("classes-student-remove", classroom.pk)
    restore_of = row_addresses("classes-student-restore", classroom.pk)
    students, former = [], []
    for pk, username, name, home, left_at in members:
        # A pupil without an account row goes by their username (permissions.display_name).
        shown = username if name is None else str(name)
        made_here = home == classroom.pk
        if left_at is None:
            pupil = Pupil(pk, username, shown, page_of(pk), password_of(pk), remove_of(pk), made_here)
            students.append(pupil)
        else:
            former.append(Pupil(pk, username, shown, page_of(pk), "", restore_of(pk), made_here))
    students.sort(key=lambda s: (name_key(s.name), s.pk))
    former.sort(key=lambda s: (name_key(s.name), s.pk))
    drills = list(classroom.drills.all())
    teachers = list(classroom.teachers.select_related("account"))
    # From the list of teachers shown below, not a query of its own (staff who do not teach
    # the class may look, not change).
    teaches_it = any(t.pk == request.user.pk for t in teachers)
    ctx = {
        "classroom": classroom,
        "is_owner": classroom.owner_id == request.user.pk,
        "teaches": teaches_it,
        # An archived class is read-only: restoring it is the one change it offers.
        "can_change": teaches_it and classroom.archived_at is None,
        "rename_form": rename_form or RenameForm(initial={"name": classroom.name}),
        "zone_form": zone_form
        or time_zones.TimeZoneForm(
            initial={"time_zone": time_zones.default_zone(classroom)},
            current=time_zones.default_zone(classroom),
        ),
        "announcement_form": announcement_form
        or AnnouncementForm(initial={"announcement": classroom.announcement}),
        "join_link": join_link(request, classroom),
        "teachers": [(t, display_name(t)) for t in teachers],
        "students": students,
        "former": former,
        "row_csrf": csrf_input(request),
        "drills": [d for d in drills if d.archived_at is None],
        "archived_drills": [d for d in drills if d.archived_at is not None],
        "teacher_form": teacher_form or CoTeacherForm(),
        "invitations": [
            (i, request.build_absolute_uri(reverse("classes-invitation", args=[i.token])))
            for i in classroom.invitations.filter(accepted__isnull=True)
        ],
    }
    return page(request, "classroom/detail.html", ctx, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def regenerate_code(request: HttpRequest, class_id: int) -> HttpResponse:
    """A new join code; the old one (and its link) stop working. Asks first (GET)."""
    classroom = class_for_teacher(request, class_id, change=True)
    if request.method == "GET":
        return confirm_page(
            request,
            title=gettext("Make a new join code for “%(name)s”?") % {"name": classroom.name},
            consequences=[
                gettext("The code %(code)s and its link stop working at once.") % {"code": classroom.code},
                gettext("Pupils already in the class stay in it."),
                gettext("Pupils who have not joined yet need the new code."),
            ],
            action=reverse("classes-regenerate-code", args=[classroom.pk]),
            button=gettext("Make a new code"),
            cancel=reverse("classes-detail", args=[classroom.pk]),
            classroom=classroom,
        )
    for _attempt in range(5):
        try:
            with transaction.atomic():
                classroom.code = new_code()
                classroom.save(update_fields=["code"])
            break
        except IntegrityError:
            continue
    return HttpResponseRedirect(reverse("classes-detail", args=[classroom.pk]))


@login_required
@require_POST
def set_open(request: HttpRequest, class_id: int) -> HttpResponse:
    """Open or close the class to joining (``open`` = 1 or 0); pupils already in stay."""
    classroom = class_for_teacher(request, class_id, change=True)
    value = request.POST.get("open")
    if value not in ("0", "1"):
        return _teacher_page(request, classroom, status=400)
    classroom.is_open = value == "1"
    classroom.save(update_fields=["is_open"])
    return HttpResponseRedirect(reverse("classes-detail", args=[classroom.pk]))


@login_required
@require_POST
def add_teacher(request: SignedInRequest, class_id: int) -> HttpResponse:
    """The class's owner invites another teacher by email: the same answer whoever has the address."""
    classroom = class_for_owner(request, class_id)
    form = CoTeacherForm(request.POST)
    if not form.is_valid():
        return _teacher_page(request, classroom, teacher_form=form)
    email = form.cleaned_data["email"]
    if email != request.user.get_username().lower():
        # One open invitation per address (a constraint): sent twice, it is the same invitation.
        try:
            with transaction.atomic():
                Invitation.objects.get_or_create(
                    classroom=classroom,
                    email=email,
                    accepted__isnull=True,
                    defaults={"token": new_token(), "invited_by": request.user},
                )
        except IntegrityError:
            pass
    return HttpResponseRedirect(reverse("classes-detail", args=[classroom.pk]) + "#teachers")


@login_required
@require_POST
def cancel_invitation(request: HttpRequest, class_id: int, invitation_id: int) -> HttpResponse:
    classroom = class_for_owner(request, class_id)
    Invitation.objects.filter(pk=invitation_id, classroom=classroom, accepted__isnull=True).delete()
    return HttpResponseRedirect(reverse("classes-detail", args=[classroom.pk]) + "#teachers")


@teacher_required
@require_http_methods(["GET", "POST"])
def invitation(request: SignedInRequest, token: str) -> HttpResponse:
    """An invitation's page: the invited teacher (signed in with its email) accepts or declines it.

    Anyone else is told only to sign in with the address it was sent to: the page says nothing
    of the class to a teacher it was not sent to.
    """
    found = Invitation.objects.select_related("classroom").filter(token=token, accepted__isnull=True).first()
    if found is None:
        raise Http404
    if found.email != request.user.get_username().lower():
        return page(request, "classroom/invitation.html", {"wrong_account": True}, status=403)
    classroom = found.classroom
    if request.method == "POST":
        if request.POST.get("answer") == "accept":
            with transaction.atomic():
                classroom.teachers.add(request.user)
                found.accepted = timezone.now()
                found.save(update_fields=["accepted"])
            return HttpResponseRedirect(reverse("classes-detail", args=[classroom.pk]))
        if request.POST.get("answer") == "decline":
            found.delete()
            return HttpResponseRedirect(reverse("classes-list"))
        ctx = {"message": _("Choose to accept or to decline."), "back": request.path}
        return page(request, "classroom/bad_request.html", ctx, status=400)
    by = display_name(found.invited_by) if found.invited_by else ""
    return page(request, "classroom/invitation.html", {"invitation": found, "classroom": classroom, "by": by})


@login_required
@require_http_methods(["GET", "POST"])
def teacher_leave(request: SignedInRequest, class_id: int) -> HttpResponse:
    """A co-teacher stops teaching the class, after saying so on a page that asks first
    (an archived class too: it is no longer theirs to keep)."""
    classroom = class_for_teacher(request, class_id, change=True, archived_too=True)
    if classroom.owner_id == request.user.pk:
        # The class would have nobody to choose its teachers.
        raise PermissionDenied
    if request.method == "POST":
        classroom.teachers.remove(request.user)
        return HttpResponseRedirect(reverse("classes-list"))
    return page(request, "classroom/teacher_leave.html", {"classroom": classroom})


@login_required
@require_http_methods(["GET", "POST"])
def remove_teacher(request: HttpRequest, class_id: int, user_id: int) -> HttpResponse:
    """The owner takes a co-teacher off the class: asks first (GET), removes (POST). The class
    and everything in it stay; the teacher comes back only by accepting a new invitation."""
    classroom = class_for_owner(request, class_id)
    # An owner gone (owner_id None) excludes nobody.
    co_teacher = classroom.teachers.exclude(pk=classroom.owner_id).filter(pk=user_id).first()  # type: ignore[misc]
    if co_teacher is None:
        raise Http404
    back = reverse("classes-detail", args=[classroom.pk]) + "#teachers"
    if request.method == "GET":
        name = display_name(co_teacher)
        return confirm_page(
            request,
            title=gettext("Remove %(name)s from the teachers of “%(class)s”?")
            % {"name": name, "class": classroom.name},
            consequences=[
                gettext("They no longer see the class, its pupils, its drills or its dashboard."),
                gettext("The class, its pupils, its drills and every answer stay as they are."),
                gettext("To bring them back, invite them again: they come back once they accept."),
            ],
            action=reverse("classes-remove-teacher", args=[classroom.pk, co_teacher.pk]),
            button=gettext("Remove from the teachers"),
            cancel=back,
            classroom=classroom,
        )
    classroom.teachers.remove(co_teacher)
    return HttpResponseRedirect(back)


# ---------------------------------------------------------------- pupils


@login_required
@require_http_methods(["GET", "POST"])
def students_new(request: SignedInRequest, class_id: int) -> HttpResponse:
    """Accounts for a list of pupils at once, then their login cards (:func:`cards`), ready to print.

    The accounts belong to this class (``Account.home_class``). A name already in the class is
    made again only when the teacher ticks the box that says so.
    """
    classroom = class_for_teacher(request, class_id, change=request.method == "POST")
    if classroom.archived_at is not None:  # refused before the names are typed, not after
        raise ClassArchived
    form = BulkStudentsForm(request.POST or None, classroom=classroom)
    token = str(form.data.get("token", ""))
    if request.method == "POST" and not form.is_valid() and once.earlier(token, FormKind.CARDS):
        # The same form again (even while the first was being handled): its names, in the class
        # by now, were taken for namesakes; the first one's cards are the answer.
        return _to_cards(request, classroom, token)
    if request.method == "POST" and form.is_valid():
        with transaction.atomic():
            made = once.claim(token, FormKind.CARDS, request.user)
            if made is not None:
                made.classroom = classroom
                for name in form.cleaned_data["names"]:
                    # No password hashed here: a task does it (login_cards.py), the cards show at once.
                    student = accounts.create_student(name, None, home_class=classroom)
                    Membership.objects.create(classroom=classroom, student=student)
                    made.cards.append(
                        {"name": name, "username": student.username, "password": accounts.new_password()}
                    )
                made.save(update_fields=["classroom", "cards"])
        if made is not None:
            login_cards.start_hashing(made)
        return _to_cards(request, classroom, token)
    ctx = {
        "classroom": classroom,
        "form": form,
        "ask_same_names": bool(form.is_bound and (form.repeated or form.data.get("same_names"))),
        "hours": once.CARDS_HOURS,
    }
    return page(request, "classroom/students_new.html", ctx)


def _to_cards(request: SignedInRequest, classroom: Classroom, token: str) -> HttpResponse:
    """After the form that made the cards (or its second submit): the page that shows them."""
    if not FormResult.objects.filter(token=token, user=request.user, classroom=classroom).exists():
        return _sent_elsewhere(request, reverse("classes-detail", args=[classroom.pk]))
    return HttpResponseRedirect(reverse("classes-cards", args=[classroom.pk, token]))


@require_safe
@login_required
@never_cache  # first passwords: never kept by the browser or a proxy; a reload asks again
def cards(request: SignedInRequest, class_id: int, token: str) -> HttpResponse:
    """Login cards just made, for the teacher who made them: reload and print as often as needed."""
    classroom = class_for_teacher(request, class_id)
    made = FormResult.objects.filter(
        token=token, kind=FormKind.CARDS, user=request.user, classroom=classroom
    ).first()
    if made is None:
        raise Http404
    shown = once.cards_of(made)
    ctx = {
        "classroom": classroom,
        "cards": shown,
        "ready": login_cards.ready(shown) if shown else 0,
        "hours": once.CARDS_HOURS,
        "login_url": request.build_absolute_uri(reverse("accounts-login")),
    }
    return page(request, "classroom/cards.html", ctx)


class PasswordForm(once.OnceForm):
    """Issuing a new password: only the token, so that sending it twice issues one password."""


@login_required
@require_http_methods(["GET", "POST"])
def student_password(request: SignedInRequest, class_id: int, user_id: int) -> HttpResponse:
    """A new password for a pupil who lost theirs, on a new login card, after a page that asks first.

    Only the teachers of the class the pupil's account was made in may do it: a teacher of a class
    the pupil joined later could otherwise take the account over.
    """
    classroom = class_for_teacher(request, class_id, change=True)
    student = student_of(classroom, user_id)
    # class_for_teacher(change=True): the visitor teaches this class; it must be the pupil's home.
    if accounts.home_class_id(student) != classroom.pk:
        ctx = {"classroom": classroom, "student": student, "name": display_name(student), "not_home": True}
        return page(request, "classroom/student_password.html", ctx, status=403)
    form = PasswordForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        token = form.cleaned_data["token"]
        with transaction.atomic():
            made = once.claim(token, FormKind.CARDS, request.user)
            if made is not None:
                password = accounts.issue_password(request.user, student, classroom)
                made.classroom = classroom
                card = {"name": display_name(student), "username": student.username, "password": password}
                made.cards = [card]
                made.save(update_fields=["classroom", "cards"])
        return _to_cards(request, classroom, token)
    ctx = {
        "classroom": classroom,
        "student": student,
        "name": display_name(student),
        "form": form,
        "locked_out": accounts.is_locked_out(student.get_username()),
    }
    return page(request, "classroom/student_password.html", ctx, status=400 if form.is_bound else 200)


@login_required
@require_http_methods(["GET", "POST"])
def student_remove(request: HttpRequest, class_id: int, user_id: int) -> HttpResponse:
    """Take a pupil out of the class: asks first (GET); they become a former pupil (POST),
    their account and answers stay, and they can be brought back."""
    classroom = class_for_teacher(request, class_id, change=True)
    student = student_of(classroom, user_id)
    if request.method == "GET":
        return confirm_page(
            request,
            title=gettext("Remove %(name)s from the class?") % {"name": display_name(student)},
            consequences=[
                gettext("They no longer see the class's drills, and leave the dashboard."),
                gettext("Their account and every answer they gave are kept."),
                gettext("They are listed under “Former pupils”, where you can bring them back."),
            ],
            action=reverse("classes-student-remove", args=[classroom.pk, student.pk]),
            button=gettext("Remove from the class"),
            cancel=reverse("classes-detail", args=[classroom.pk]),
            classroom=classroom,
        )
    _set_left(classroom, user_id, timezone.now())
    return HttpResponseRedirect(reverse("classes-detail", args=[classroom.pk]))


@login_required
@require_POST
def student_restore(request: HttpRequest, class_id: int, user_id: int) -> HttpResponse:
    """Bring a former pupil back into the class, with everything they had done."""
    classroom = class_for_teacher(request, class_id, change=True)
    student_of(classroom, user_id, former=True)
    _set_left(classroom, user_id, None)
    return HttpResponseRedirect(reverse("classes-detail", args=[classroom.pk]))


def _set_left(classroom: Classroom, user_id: int, when: Any) -> None:
    # Only a present pupil gets a date (a double submit keeps the first one), only a former one loses it.
    members = Membership.objects.filter(classroom=classroom, student_id=user_id)
    members.filter(left_at__isnull=when is not None).update(left_at=when)


@login_required
@require_http_methods(["GET", "POST"])
def leave(request: SignedInRequest, class_id: int) -> HttpResponse:
    """A pupil leaves the class: asks first (GET); a former pupil, their answers kept (POST)."""
    classroom = class_for_student(request, class_id)
    if request.method == "GET":
        return confirm_page(
            request,
            title=gettext("Leave the class “%(name)s”?") % {"name": classroom.name},
            consequences=[
                gettext("You no longer see its drills."),
                gettext("Your answers are kept: your teacher can bring you back, or you can join again."),
            ],
            action=reverse("classes-leave", args=[classroom.pk]),
            button=gettext("Leave this class"),
            cancel=reverse("classes-detail", args=[classroom.pk]),
        )
    _set_left(classroom, request.user.pk, timezone.now())
    return HttpResponseRedirect(reverse("drills-mine"))


# ---------------------------------------------------------------- archiving a class


@login_required
@require_http_methods(["GET", "POST"])
def archive(request: HttpRequest, class_id: int) -> HttpResponse:
    """Put the class away: asks first (GET), archives (POST). Nothing is deleted."""
    classroom = class_for_teacher(request, class_id, change=True, archived_too=True)
    back = reverse("classes-detail", args=[classroom.pk])
    if request.method == "POST":
        if classroom.archived_at is None:
            classroom.archived_at = timezone.now()
            classroom.save(update_fields=["archived_at"])
        return HttpResponseRedirect(back)
    return confirm_page(
        request,
        title=gettext("Archive the class “%(name)s”?") % {"name": classroom.name},
        consequences=[
            gettext("Nobody can join it, and its pupils no longer see its drills."),
            gettext("Its pupils, drills and every answer are kept, and stay readable here."),
            gettext("You can restore it at any time from your classes, under “Archived”."),
        ],
        action=reverse("classes-archive", args=[classroom.pk]),
        button=gettext("Archive the class"),
        cancel=back,
        classroom=classroom,
    )


@login_required
@require_POST
def restore(request: HttpRequest, class_id: int) -> HttpResponse:
    classroom = class_for_teacher(request, class_id, change=True, archived_too=True)
    if classroom.archived_at is not None:
        classroom.archived_at = None
        classroom.save(update_fields=["archived_at"])
    return HttpResponseRedirect(reverse("classes-detail", args=[classroom.pk]))


@login_required
@require_POST
def rename(request: HttpRequest, class_id: int) -> HttpResponse:
    """A new name for the class (any of its teachers): its pupils see it at once."""
    classroom = class_for_teacher(request, class_id, change=True)
    form = RenameForm(request.POST)
    if not form.is_valid():
        return _teacher_page(request, classroom, rename_form=form, status=400)
    classroom.name = form.cleaned_data["name"]
    classroom.save(update_fields=["name"])
    return HttpResponseRedirect(reverse("classes-detail", args=[classroom.pk]))


@login_required
@require_POST
def announce(request: HttpRequest, class_id: int) -> HttpResponse:
    """Put up (or take down, empty) the class's word to its pupils."""
    classroom = class_for_teacher(request, class_id, change=True)
    form = AnnouncementForm(request.POST)
    if not form.is_valid():
        return _teacher_page(request, classroom, announcement_form=form, status=400)
    text = form.cleaned_data["announcement"]
    if text != classroom.announcement:
        classroom.announcement, classroom.announced_at = text, timezone.now() if text else None
        classroom.save(update_fields=["announcement", "announced_at"])
    return HttpResponseRedirect(reverse("classes-detail", args=[classroom.pk]) + "#announcement")


# ---------------------------------------------------------------- deleting a class


def deletable(classroom: Classroom) -> bool:
    """Whether the class may be deleted: nobody ever answered in it and it never had a pupil
    (docs/records.md). Anything else is archived: answers and pupils' accounts hang on it."""
    if Attempt.objects.filter(drill__classroom=classroom).exists():
        return False
    return not Membership.objects.filter(classroom=classroom).exists()


@login_required
@require_http_methods(["GET", "POST"])
def delete(request: HttpRequest, class_id: int) -> HttpResponse:
    """Delete a class made by mistake (its owner only): asks first (GET), deletes (POST).

    A class with pupils or answers is never deleted: the page says so and offers to archive it.
    """
    classroom = class_for_owner(request, class_id, archived_too=True)
    back = reverse("classes-detail", args=[classroom.pk])
    if not deletable(classroom):
        consequences = [
            gettext("This class has pupils or answers: deleting it would lose what they did."),
            gettext("Archive it instead: it is kept, read-only, and you can restore it."),
        ]
        if classroom.archived_at is None:
            return confirm_page(
                request,
                title=gettext("The class “%(name)s” cannot be deleted") % {"name": classroom.name},
                consequences=consequences,
                action=reverse("classes-archive", args=[classroom.pk]),
                button=gettext("Archive the class"),
                cancel=back,
                classroom=classroom,
                status=409 if request.method == "POST" else 200,
            )
        ctx = {"message": consequences[0], "back": back}
        return page(request, "classroom/bad_request.html", ctx, status=409)
    if request.method == "POST":
        try:
            # Its drills, their items, the invitations: nobody did anything in them.
            with transaction.atomic():
                classroom.delete()
        except ProtectedError:  # a first answer came in meanwhile: the class stays
            ctx = {
                "message": gettext("This class has pupils or answers: deleting it would lose what they did."),
                "back": back,
            }
            return page(request, "classroom/bad_request.html", ctx, status=409)
        return HttpResponseRedirect(reverse("classes-list"))
    drills = classroom.drills.count()
    return confirm_page(
        request,
        title=gettext("Delete the class “%(name)s”?") % {"name": classroom.name},
        consequences=[
            gettext("Nobody has joined it or answered in it: nothing a pupil did is lost."),
            ngettext("Its %(n)s drill is deleted with it.", "Its %(n)s drills are deleted with it.", drills)
            % {"n": drills},
            gettext("This cannot be undone."),
        ],
        action=reverse("classes-delete", args=[classroom.pk]),
        button=gettext("Delete the class"),
        cancel=back,
        classroom=classroom,
    )


# ---------------------------------------------------------------- joining


@require_http_methods(["GET", "POST"])
def join_code(request: HttpRequest) -> HttpResponse:
    """Type the code the teacher gave; it leads to the class's join page."""
    form = CodeForm(request.POST or request.GET or None)
    if form.is_bound and form.is_valid():
        return HttpResponseRedirect(reverse("classes-join", args=[form.cleaned_data["code"]]))
    return page(request, "classroom/join_code.html", {"form": form}, status=200)


@require_http_methods(["GET", "POST"])
def join(request: HttpRequest, code: str) -> HttpResponse:
    """Join a class: a new pupil account (name and password), or the signed-in pupil's own."""
    classroom = Classroom.objects.filter(code=normalize_code(code)).first()
    if classroom is None:
        # A mistyped, old or replaced code: say so, with the box to type it again (a 404 all the same).
        form: forms.Form = CodeForm({"code": code[:20]})
        form.is_valid()
        return page(request, "classroom/join_code.html", {"form": form, "unknown": True}, status=404)
    user = request.user
    ctx: dict[str, Any] = {"classroom": classroom, "form": None}
    if user.is_authenticated and not is_student(user):
        # A teacher (or an admin) cannot be a pupil: they would join with another account.
        if request.method == "POST":
            raise PermissionDenied
        ctx["not_a_student"] = True
        ctx["is_teacher"] = is_teacher(user)
        return page(request, "classroom/join.html", ctx)
    present = Membership.objects.filter(classroom=classroom, student_id=user.pk, left_at__isnull=True)
    if user.is_authenticated and present.exists():
        return HttpResponseRedirect(reverse("classes-detail", args=[classroom.pk]))
    if not classroom.is_open or classroom.archived_at is not None:
        ctx["closed"] = True
        return page(request, "classroom/join.html", ctx, status=403 if request.method == "POST" else 200)
    if user.is_authenticated:
        if request.method == "POST":
            # A former pupil who joins again is a pupil again, with their past answers.
            membership, _created = Membership.objects.get_or_create(classroom=classroom, student=user)
            if membership.left_at is not None:
                _set_left(classroom, user.pk, None)
            return HttpResponseRedirect(reverse("classes-detail", args=[classroom.pk]))
        return page(request, "classroom/join.html", ctx)
    form = accounts.StudentJoinForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        with transaction.atomic():
            made = once.claim(data["token"], FormKind.JOIN, None)
            if made is not None:
                name, password = data["display_name"], data["password"]
                student = accounts.create_student(name, password, home_class=classroom)
                Membership.objects.create(classroom=classroom, student=student)
                made.user, made.classroom = student, classroom
                made.save(update_fields=["user", "classroom"])
        if made is None:
            # Sent twice: the account the first one made, for whoever typed its password again.
            made = once.earlier(data["token"], FormKind.JOIN)
            if made is None or made.user is None or not made.user.check_password(data["password"]):
                return _sent_elsewhere(request, reverse("classes-join", args=[classroom.code]))
            student = made.user
        accounts.sign_in(request, student)
        return HttpResponseRedirect(reverse("classes-welcome", args=[classroom.pk]))
    ctx["form"] = form
    return page(request, "classroom/join.html", ctx)


@require_safe
@login_required
def welcome(request: HttpRequest, class_id: int) -> HttpResponse:
    """Right after joining: the username to write down, and the way to the drills."""
    classroom = class_for_student(request, class_id)
    return page(request, "classroom/welcome.html", {"classroom": classroom})
