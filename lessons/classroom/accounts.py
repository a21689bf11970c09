"""Accounts: teachers sign up with their email, pupils join a class with its code, everyone signs in.

A teacher's username is their email address, lowercased. A pupil has no email: their username
is made up here (:func:`new_username`: three letters and three digits, none that can be taken
for another) and printed on their login card. Teachers can also make pupils' accounts in bulk
(lessons/classes.py), with passwords made up by :func:`new_password`.

What a learner did before signing in is kept: :func:`sign_in` gives the attempts of the
anonymous session to the account, and moves every attempt of the account to the new session,
so the progress pages (which read a session's attempts) show the learner's whole history.

Sign-in is throttled by django-axes (settings: five failures per username and address);
:func:`locked_out` is the page it shows meanwhile.
"""

from __future__ import annotations

import secrets
from typing import Any

from django import forms
from django.contrib.auth import authenticate, get_user_model, login, logout, password_validation
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_http_methods, require_POST

from lessons import progress
from lessons.classroom.permissions import is_student, is_teacher
from lessons.models import Account, Attempt, Role
from lessons.render import page

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


def create_student(display_name: str, password: str | None) -> Any:
    """A pupil's account; ``password`` None means unusable until a teacher gives one."""
    for _attempt in range(5):
        try:
            with transaction.atomic():
                user = User.objects.create_user(username=new_username(), password=password)
                Account.objects.create(user=user, role=Role.STUDENT, display_name=display_name)
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


# ---------------------------------------------------------------- forms


def _clean_name(value: str) -> str:
    name = " ".join(value.split())
    if not name:
        raise ValidationError(_("Enter a name."))
    return name


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
    display_name = forms.CharField(label=_("Your name"), max_length=NAME_MAX)
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


class StudentJoinForm(PasswordPair):
    display_name = forms.CharField(
        label=_("Your name in the class"),
        max_length=NAME_MAX,
        help_text=_("Your teacher and classmates see this name."),
    )
    field_order = ("display_name", "password", "password2")

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
        return HttpResponseRedirect(safe_next(request, target, home_of(form.user)))
    return page(request, "classroom/accounts/login.html", {"form": form, "next": target or ""})


@require_POST
def logout_view(request: HttpRequest) -> HttpResponse:
    logout(request)
    return HttpResponseRedirect(reverse("home"))
