"""Accounts: teachers sign up with their email, pupils join a class with its code, everyone signs in.

A teacher's username is their email address, lowercased. A pupil has no email: their username
is made up here (:func:`new_username`: three letters and three digits, none that can be taken
for another) and printed on their login card. Teachers can also make pupils' accounts in bulk
(lessons/classes.py), with passwords made up by :func:`new_password`.

What a learner did before signing in is kept: :func:`sign_in` gives the attempts of the
anonymous session to the account, and moves every attempt of the account to the new session,
so the progress pages (which read a session's attempts) show the learner's whole history.

Sign-in is throttled by django-axes (settings: five failures per username and address);
:func:`locked_out` is the page it shows meanwhile. A pupil's account belongs to the class it was
made in (``Account.home_class``): only that class's teachers may issue it a new password
(:func:`issue_password`), which also lifts a lockout; the pupil is told at their next sign-in
(:func:`password_notice`), and can choose their own password (:func:`password_change`).
"""

from __future__ import annotations

import secrets
from datetime import datetime
from typing import Any
from urllib.parse import urlencode

from axes.models import AccessAttempt
from axes.utils import reset as reset_lockout
from django import forms
from django.conf import settings
from django.contrib.auth import authenticate, get_user_model, login, logout, password_validation
from django.contrib.auth import forms as auth_forms
from django.contrib.auth import views as auth_views
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse, reverse_lazy
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST, require_safe

from lessons import once, progress
from lessons.classroom.permissions import display_name, is_student, is_teacher
from lessons.models import Account, Attempt, Classroom, PasswordReset, Role
from lessons.names import clean_name
from lessons.render import page
from lessons.views import get_prefs

User = get_user_model()

# Letters and digits nobody confuses when reading a card aloud or typing it on a phone:
# no i, l, o, no 0 or 1.
USERNAME_LETTERS = "abcdefghjkmnpqrstuvwxyz"
USERNAME_DIGITS = "23456789"
NAME_MAX = 60


# ---------------------------------------------------------------- made-up names and passwords


def new_username() -> str:
    """A free username like ``kam472``."""
    for _attempt in range(100):
        name = "".join(secrets.choice(USERNAME_LETTERS) for _ in range(3))
        name += "".join(secrets.choice(USERNAME_DIGITS) for _ in range(3))
        if not User.objects.filter(username=name).exists():
            return name
    raise RuntimeError("no free username found")  # 6 million names: never, unless something is wrong


def new_password() -> str:
    """A password a child can type from a card, like ``kmta-4827`` (throttling guards the rest)."""
    letters = "".join(secrets.choice(USERNAME_LETTERS) for _ in range(4))
    return letters + "-" + "".join(secrets.choice(USERNAME_DIGITS) for _ in range(4))


def create_student(name: str, password: str | None, home_class: Classroom | None) -> Any:
    """A pupil's account, made in ``home_class``; ``password`` None: unusable until a teacher gives one."""
    for _attempt in range(5):
        try:
            with transaction.atomic():
                user = User.objects.create_user(username=new_username(), password=password)
                Account.objects.create(user=user, role=Role.STUDENT, display_name=name, home_class=home_class)
                return user
        except IntegrityError:  # the username was taken between the check and the insert
            continue
    raise RuntimeError("could not create a student account")


# ---------------------------------------------------------------- signing in and out


def sign_in(request: HttpRequest, user: Any) -> None:
    """Log ``user`` in, keeping what this browser did anonymously (and what the account did elsewhere)."""
    old_key = request.session.session_key
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    new_key = progress.session_key(request, create=True)
    mine = Q(user=user)
    if old_key:
        mine |= Q(session_key=old_key, user__isnull=True)
    Attempt.objects.filter(mine).update(user=user, session_key=new_key)


def safe_next(request: HttpRequest, target: str | None, default: str) -> str:
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return target
    return default


def home_of(user: Any) -> str:
    """Where a user lands after signing in: teachers on their classes, pupils on their drills."""
    if is_teacher(user):
        return reverse("classes-list")
    if is_student(user):
        return reverse("drills-mine")
    return reverse("home")


def locked_out(request: HttpRequest, response: Any = None, credentials: Any = None) -> HttpResponse:
    """django-axes' answer while a username and address are locked out."""
    return page(request, "classroom/accounts/locked_out.html", {"form": LoginForm()}, status=429)


def is_locked_out(username: str) -> bool:
    """Whether django-axes refuses this username now, from some address (its database counters)."""
    since = timezone.now() - settings.AXES_COOLOFF_TIME
    return AccessAttempt.objects.filter(
        username=username, failures_since_start__gte=settings.AXES_FAILURE_LIMIT, attempt_time__gte=since
    ).exists()


# ---------------------------------------------------------------- a pupil's password


def home_class_id(user: Any) -> int | None:
    """The class ``user``'s account was made in, if any."""
    try:
        home: int | None = user.account.home_class_id
        return home
    except Account.DoesNotExist:
        return None


def may_issue_password(teacher: Any, student: Any) -> bool:
    """Only the teachers of the class a pupil's account was made in: never those of a class joined later."""
    home = home_class_id(student)
    return home is not None and Classroom.objects.filter(pk=home, teachers=teacher).exists()


def issue_password(teacher: Any, student: Any, classroom: Classroom) -> str:
    """A new password for ``student``, recorded (who, when) and freeing the account from a lockout."""
    password = new_password()
    student.set_password(password)
    student.save(update_fields=["password"])
    PasswordReset.objects.create(
        student=student, teacher=teacher, teacher_name=display_name(teacher), classroom=classroom
    )
    # The lockout page tells a pupil to ask for a new card: the new card must then work at once.
    reset_lockout(username=student.get_username())
    return password


NOTICES = "password_notices"


def _take_notices(request: HttpRequest, user: Any) -> bool:
    """Keep the new passwords ``user`` was issued since they last signed in for the notice page."""
    resets = list(PasswordReset.objects.filter(student=user, seen=False).order_by("created", "id"))
    if not resets:
        return False
    request.session[NOTICES] = [[r.teacher_name, r.created.isoformat()] for r in resets]
    PasswordReset.objects.filter(pk__in=[r.pk for r in resets]).update(seen=True)
    return True


# ---------------------------------------------------------------- forms


def _clean_name(value: str) -> str:
    return clean_name(value, NAME_MAX)


class PasswordPair(forms.Form):
    """A new password typed twice, checked by the site's password validators."""

    password = forms.CharField(label=_("Password"), strip=False, widget=forms.PasswordInput, max_length=128)
    password2 = forms.CharField(
        label=_("Password again"), strip=False, widget=forms.PasswordInput, max_length=128
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        password, again = data.get("password"), data.get("password2")
        if password and again and password != again:
            self.add_error("password2", _("The two passwords differ."))
        elif password:
            try:
                password_validation.validate_password(password, self.user_for_validation())
            except ValidationError as e:
                self.add_error("password", e)
        return data

    def user_for_validation(self) -> Any:
        return None


class TeacherSignupForm(PasswordPair):
    # No max_length: the browser would cut a long name silently; clean_name says the limit.
    display_name = forms.CharField(label=_("Your name"))
    email = forms.EmailField(label=_("Email"), max_length=150)
    field_order = ("display_name", "email", "password", "password2")

    def clean_display_name(self) -> str:
        return _clean_name(self.cleaned_data["display_name"])

    def clean_email(self) -> str:
        email = self.cleaned_data["email"].strip().lower()
        if User.objects.filter(username=email).exists():
            raise ValidationError(_("An account with this email already exists: sign in instead."))
        return email

    def user_for_validation(self) -> Any:
        return User(username=self.cleaned_data.get("email", ""), email=self.cleaned_data.get("email", ""))


class StudentJoinForm(once.OnceForm, PasswordPair):
    display_name = forms.CharField(
        label=_("Your name in the class"),
        help_text=_("Your teacher and classmates see this name."),
    )
    field_order = ("display_name", "password", "password2", "token")

    def clean_display_name(self) -> str:
        return _clean_name(self.cleaned_data["display_name"])


class LoginForm(forms.Form):
    username = forms.CharField(label=_("Email or username"), max_length=150)
    password = forms.CharField(label=_("Password"), strip=False, widget=forms.PasswordInput, max_length=128)

    def __init__(self, *args: Any, request: HttpRequest | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.request = request
        self.user: Any = None

    def clean_username(self) -> str:
        return self.cleaned_data["username"].strip().lower()

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if self.errors:
            return data
        # Passing the request lets django-axes count the failure and refuse while locked out.
        self.user = authenticate(self.request, username=data["username"], password=data["password"])
        if self.user is None or not self.user.is_active:
            raise ValidationError(_("This username and password do not match. Check them and try again."))
        return data


# ---------------------------------------------------------------- views


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """A teacher's account: name, email, password."""
    if request.user.is_authenticated:
        return HttpResponseRedirect(home_of(request.user))
    form = TeacherSignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            with transaction.atomic():
                user = User.objects.create_user(
                    username=data["email"], email=data["email"], password=data["password"]
                )
                Account.objects.create(user=user, role=Role.TEACHER, display_name=data["display_name"])
        except IntegrityError:  # the same email signed up twice at once
            form.add_error("email", _("An account with this email already exists: sign in instead."))
        else:
            sign_in(request, user)
            return HttpResponseRedirect(reverse("classes-list"))
    return page(request, "classroom/accounts/signup.html", {"form": form})


@require_http_methods(["GET", "POST"])
def login_view(request: HttpRequest) -> HttpResponse:
    target = request.POST.get("next") or request.GET.get("next")
    if request.user.is_authenticated and request.method == "GET":
        return HttpResponseRedirect(safe_next(request, target, home_of(request.user)))
    form = LoginForm(request.POST or None, request=request)
    if request.method == "POST" and form.is_valid():
        sign_in(request, form.user)
        destination = safe_next(request, target, home_of(form.user))
        if _take_notices(request, form.user):
            notice = reverse("accounts-password-notice")
            return HttpResponseRedirect(f"{notice}?{urlencode({'next': destination})}")
        return HttpResponseRedirect(destination)
    return page(request, "classroom/accounts/login.html", {"form": form, "next": target or ""})


@require_POST
def logout_view(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        once.forget_cards_of(request.user)
    logout(request)
    return HttpResponseRedirect(reverse("home"))


@require_GET
def password_notice(request: HttpRequest) -> HttpResponse:
    """After signing in: "your teacher X issued you a new password on <date>", and a way on."""
    if not request.user.is_authenticated:
        return HttpResponseRedirect(reverse("accounts-login"))
    notices = [(name, datetime.fromisoformat(when)) for name, when in request.session.get(NOTICES, [])]
    target = safe_next(request, request.GET.get("next"), home_of(request.user))
    return page(request, "classroom/accounts/password_notice.html", {"notices": notices, "next": target})


class _Styled:
    """Django's password-change views, with what every page of the site expects."""

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        ctx: dict[str, Any] = super().get_context_data(**kwargs)  # type: ignore[misc]
        ctx["prefs"] = get_prefs(self.request)  # type: ignore[attr-defined]
        return ctx


class PasswordChangeForm(auth_forms.PasswordChangeForm):
    """Django's form, its password rules said in one sentence under the field (not a list in a paragraph)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["new_password1"].help_text = " ".join(
            password_validation.password_validators_help_texts()
        )


class PasswordChange(_Styled, auth_views.PasswordChangeView):
    form_class = PasswordChangeForm
    template_name = "classroom/accounts/password_change.html"
    success_url = reverse_lazy("accounts-password-done")


class PasswordChangeDone(_Styled, auth_views.PasswordChangeDoneView):
    template_name = "classroom/accounts/password_change_done.html"


password_change = require_http_methods(["GET", "POST"])(PasswordChange.as_view())
password_change_done = require_safe(PasswordChangeDone.as_view())
