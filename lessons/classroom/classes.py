"""Classes: a teacher makes one, shares its join code, and manages its pupils and co-teachers.

A join code is six characters from an alphabet without look-alikes (no 0/O, 1/I/L), so it
can be read aloud, written on a board or typed on a phone; the join link carries it too.
A teacher can make a new code (the old one stops working) or close the class to joining.
Pupils join with the code (a new account, or their account if signed in) and may leave.

Nothing is lost by one click: what takes something away (a new code, a new password, removing
a pupil, archiving a class) asks first on a page of its own (GET), and is done by that page's
form (POST). A class is archived, never deleted; a pupil who is removed or leaves becomes a
former pupil (``Membership.left_at``), with every answer kept, and can be brought back.
"""

from __future__ import annotations

import secrets
from typing import Any, NamedTuple

from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods, require_POST

from lessons.addresses import row_addresses
from lessons.classroom import accounts
from lessons.classroom.dashboard import student_drill_rows
from lessons.classroom.permissions import (
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
from lessons.models import Classroom, Membership, Role
from lessons.render import confirm_page, csrf_input, page

User = get_user_model()

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
BULK_MAX = 60  # pupils made at once: one class list


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


class ClassForm(forms.Form):
    name = forms.CharField(label=_("Name of the class"), max_length=100)

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise ValidationError(_("Enter a name."))
        return name


class CodeForm(forms.Form):
    code = forms.CharField(label=_("Class code"), max_length=20)

    def clean_code(self) -> str:
        code = normalize_code(self.cleaned_data["code"])
        if not Classroom.objects.filter(code=code).exists():
            raise ValidationError(_("No class has this code. Check it with your teacher."))
        return code


class CoTeacherForm(forms.Form):
    email = forms.EmailField(label=_("Email of the other teacher"), max_length=150)

    def __init__(self, *args: Any, classroom: Classroom, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.classroom = classroom
        self.teacher: Any = None

    def clean_email(self) -> str:
        email = self.cleaned_data["email"].strip().lower()
        teacher = User.objects.filter(username=email, account__role=Role.TEACHER).first()
        if teacher is None:
            raise ValidationError(_("No teacher has an account with this email. Ask them to sign up first."))
        if self.classroom.teachers.filter(pk=teacher.pk).exists():
            raise ValidationError(_("This teacher already teaches this class."))
        self.teacher = teacher
        return email


class BulkStudentsForm(forms.Form):
    names = forms.CharField(
        label=_("Names of the pupils, one per line"),
        widget=forms.Textarea(attrs={"rows": 12}),
        max_length=BULK_MAX * (accounts.NAME_MAX + 2),
    )

    def clean_names(self) -> list[str]:
        names = [" ".join(line.split()) for line in self.cleaned_data["names"].splitlines()]
        names = [name for name in names if name]
        if not names:
            raise ValidationError(_("Enter at least one name."))
        if len(names) > BULK_MAX:
            raise ValidationError(_("At most %(n)s names at once.") % {"n": BULK_MAX})
        long = [name for name in names if len(name) > accounts.NAME_MAX]
        if long:
            raise ValidationError(
                _("A name has at most %(n)s characters: %(name)s") % {"n": accounts.NAME_MAX, "name": long[0]}
            )
        return names


# ---------------------------------------------------------------- the teacher's classes


@teacher_required
@require_http_methods(["GET", "POST"])
def class_list(request: HttpRequest) -> HttpResponse:
    """The classes this teacher teaches, and a form to make one."""
    form = ClassForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        classroom = _create_class(request.user, form.cleaned_data["name"])
        return HttpResponseRedirect(reverse("classes-detail", args=[classroom.pk]))
    classes = list(Classroom.objects.filter(teachers=request.user).order_by("name", "id"))
    ctx = {
        "classes": [c for c in classes if c.archived_at is None],
        "archived": [c for c in classes if c.archived_at is not None],
        "form": form,
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


def _teacher_page(
    request: HttpRequest, classroom: Classroom, teacher_form: CoTeacherForm | None = None, status: int = 200
) -> HttpResponse:
    # Only the columns shown, and each pupil's three links without a reverse() each: the page
    # lists a whole class (bench/profile_answers.py: 11.7 ms for 40 pupils before, with 120 reverses).
    members = Membership.objects.filter(classroom=classroom).values_list(
        "student_id", "student__username", "student__account__display_name", "left_at"
    )
    page_of = row_addresses("classes-student", classroom.pk)
    password_of = row_addresses("classes-student-password", classroom.pk)
    remove_of = row_addresses("classes-student-remove", classroom.pk)
    restore_of = row_addresses("classes-student-restore", classroom.pk)
    students, former = [], []
    for pk, username, name, left_at in members:
        # A pupil without an account row goes by their username (permissions.display_name).
        shown = username if name is None else str(name)
        if left_at is None:
            students.append(Pupil(pk, username, shown, page_of(pk), password_of(pk), remove_of(pk)))
        else:
            former.append(Pupil(pk, username, shown, page_of(pk), "", restore_of(pk)))
    students.sort(key=lambda s: (s.name.casefold(), s.pk))
    former.sort(key=lambda s: (s.name.casefold(), s.pk))
    drills = list(classroom.drills.all())
    teachers = list(classroom.teachers.select_related("account"))
    ctx = {
        "classroom": classroom,
        "is_owner": classroom.owner_id == request.user.pk,
        # From the list of teachers shown below, not a query of its own (staff who do not teach
        # the class may look, not change).
        "can_change": any(t.pk == request.user.pk for t in teachers),
        "join_link": join_link(request, classroom),
        "teachers": [(t, display_name(t)) for t in teachers],
        "students": students,
        "former": former,
        "row_csrf": csrf_input(request),
        "drills": [d for d in drills if d.archived_at is None],
        "archived_drills": [d for d in drills if d.archived_at is not None],
        "teacher_form": teacher_form or CoTeacherForm(classroom=classroom),
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
def add_teacher(request: HttpRequest, class_id: int) -> HttpResponse:
    """The class's owner adds another teacher (who already has an account) by email."""
    classroom = class_for_owner(request, class_id)
    form = CoTeacherForm(request.POST, classroom=classroom)
    if not form.is_valid():
        return _teacher_page(request, classroom, teacher_form=form)
    classroom.teachers.add(form.teacher)
    return HttpResponseRedirect(reverse("classes-detail", args=[classroom.pk]))


@login_required
@require_POST
def remove_teacher(request: HttpRequest, class_id: int, user_id: int) -> HttpResponse:
    classroom = class_for_owner(request, class_id)
    if user_id == classroom.owner_id or not classroom.teachers.filter(pk=user_id).exists():
        raise Http404
    classroom.teachers.remove(user_id)
    return HttpResponseRedirect(reverse("classes-detail", args=[classroom.pk]))


# ---------------------------------------------------------------- pupils


@login_required
@require_http_methods(["GET", "POST"])
def students_new(request: HttpRequest, class_id: int) -> HttpResponse:
    """Accounts for a list of pupils at once; the answer is their login cards, ready to print.

    The passwords are shown once, on that page (they are stored hashed): a lost card is
    replaced with a new password (:func:`student_password`).
    """
    classroom = class_for_teacher(request, class_id, change=request.method == "POST")
    form = BulkStudentsForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        cards = []
        with transaction.atomic():
            for name in form.cleaned_data["names"]:
                password = accounts.new_password()
                student = accounts.create_student(name, password)
                Membership.objects.create(classroom=classroom, student=student)
                cards.append({"name": name, "username": student.username, "password": password})
        return _cards(request, classroom, cards)
    return page(request, "classroom/students_new.html", {"classroom": classroom, "form": form})


def _cards(request: HttpRequest, classroom: Classroom, cards: list[dict[str, str]]) -> HttpResponse:
    ctx = {
        "classroom": classroom,
        "cards": cards,
        "login_url": request.build_absolute_uri(reverse("accounts-login")),
    }
    return page(request, "classroom/cards.html", ctx)


@login_required
@require_http_methods(["GET", "POST"])
def student_password(request: HttpRequest, class_id: int, user_id: int) -> HttpResponse:
    """A new password for a pupil who lost theirs, on a new login card. Asks first (GET)."""
    classroom = class_for_teacher(request, class_id, change=True)
    student = student_of(classroom, user_id)
    if request.method == "GET":
        name = display_name(student)
        return confirm_page(
            request,
            title=gettext("Give %(name)s a new password?") % {"name": name},
            consequences=[
                gettext("Their present password stops working at once."),
                gettext("A new login card is shown, to print or copy: the new password is shown only once."),
                gettext("Their answers and progress stay as they are."),
            ],
            action=reverse("classes-student-password", args=[classroom.pk, student.pk]),
            button=gettext("Make a new password"),
            cancel=reverse("classes-detail", args=[classroom.pk]),
            classroom=classroom,
        )
    password = accounts.new_password()
    student.set_password(password)
    student.save(update_fields=["password"])
    card = {"name": display_name(student), "username": student.username, "password": password}
    return _cards(request, classroom, [card])


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
def leave(request: HttpRequest, class_id: int) -> HttpResponse:
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
    classroom = class_for_teacher(request, class_id, change=True)
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
    classroom = class_for_teacher(request, class_id, change=True)
    if classroom.archived_at is not None:
        classroom.archived_at = None
        classroom.save(update_fields=["archived_at"])
    return HttpResponseRedirect(reverse("classes-detail", args=[classroom.pk]))


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
        raise Http404
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
        with transaction.atomic():
            student = accounts.create_student(
                form.cleaned_data["display_name"], form.cleaned_data["password"]
            )
            Membership.objects.create(classroom=classroom, student=student)
        accounts.sign_in(request, student)
        return HttpResponseRedirect(reverse("classes-welcome", args=[classroom.pk]))
    ctx["form"] = form
    return page(request, "classroom/join.html", ctx)


@login_required
def welcome(request: HttpRequest, class_id: int) -> HttpResponse:
    """Right after joining: the username to write down, and the way to the drills."""
    classroom = class_for_student(request, class_id)
    return page(request, "classroom/welcome.html", {"classroom": classroom})
