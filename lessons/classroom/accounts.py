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

import re
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
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.http.response import HttpResponseBase
from django.template.loader import render_to_string
from django.urls import reverse, reverse_lazy
from django.utils import timezone, translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language, ngettext_lazy
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST, require_safe

from baloot_site.client_address import client_address
from baloot_site.middleware import count_each
from baloot_site.sessions import keep_this_session
from lessons import handover, once
from lessons.classroom.account_mail import ALREADY, WELCOME, send_account_mail, send_written_mail
from lessons.classroom.permissions import display_name, is_student, is_teacher
from lessons.models import Account, Classroom, Membership, PasswordReset, Role
from lessons.names import clean_name
from lessons.render import page
from lessons.views import get_prefs

# Django 5.2 changed this validator message and its own Arabic and Persian catalogs lack the new
# one, so a learner choosing a password read it in English. Our catalogs carry it; naming it here
# keeps makemessages from calling those entries unused.
PASSWORD_TOO_SHORT = ngettext_lazy(
    "This password is too short. It must contain at least %d character.",
    "This password is too short. It must contain at least %d characters.",
    "min_length",
)

User = get_user_model()

# Letters and digits nobody confuses when reading a card aloud or typing it on a phone:
# no i, l, o, no 0 or 1.
USERNAME_LETTERS = "abcdefghjkmnpqrstuvwxyz"
USERNAME_DIGITS = "23456789"
NAME_MAX = 60
# A learner's own username: never an email address (a teacher's username is theirs) and never
# spaces, which a phone's keyboard adds and nobody sees.
USERNAME_PATTERN = re.compile(r"[a-z0-9._-]{3,30}")


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
    """Log ``user`` in; what this browser did anonymously joins the account (lessons/handover.py,
    on ``user_logged_in``), and the account's display choices come back to the browser."""
    handover.note_browser(request)
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")


def safe_next(request: HttpRequest, target: str | None, default: str) -> str:
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()}, request.is_secure()):
        return target
    return default


def home_of(user: Any) -> str:
    """Where a user lands after signing in: teachers on their classes, pupils on their drills."""
    if is_teacher(user):
        return reverse("classes-list")
    if is_student(user) and Membership.objects.filter(student=user, left_at__isnull=True).exists():
        return reverse("drills-mine")
    return reverse("home")


def language_of(user: Any) -> str | None:
    """The language ``user`` last chose the site in (None: unknown)."""
    account = Account.objects.filter(user=user).only("language").first()
    return account.language if account is not None and account.language else None


def locked_out(
    request: HttpRequest, response: Any = None, credentials: Any = None, by_address: bool = False
) -> HttpResponse:
    """django-axes' answer while a username and address are locked out (``by_address``: while the
    address had too many wrong passwords whatever the usernames, :func:`address_stopped`)."""
    ctx = {"form": LoginForm(), "by_address": by_address}
    return page(request, "classroom/accounts/locked_out.html", ctx, status=429)


def _failures_key(request: HttpRequest) -> str:
    return f"sign-in-failures:{client_address(request)}"


def address_stopped(request: HttpRequest) -> bool:
    """Whether the request's address had ``SIGN_IN_FAILURES_PER_ADDRESS`` wrong passwords in the
    last window, whatever the usernames (one password sprayed over many accounts). django-axes
    counts by username and address: this counts the address alone, loosely, since a school's
    pupils share one."""
    return int(cache.get(_failures_key(request), 0)) >= settings.SIGN_IN_FAILURES_PER_ADDRESS


def count_failure(request: HttpRequest) -> None:
    """One more wrong password from the request's address (its window: django-axes' cool-off)."""
    count_each([_failures_key(request)], int(settings.AXES_COOLOFF_TIME.total_seconds()))


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
        # Whether the address has an account already is never said here: its owner gets a mail.
        return str(self.cleaned_data["email"]).strip().lower()

    def user_for_validation(self) -> Any:
        return User(username=self.cleaned_data.get("email", ""), email=self.cleaned_data.get("email", ""))


class LearnerSignupForm(PasswordPair):
    """A learner's own account: a username of their choosing, a password, an email if they like.

    No name, no picture, nothing other learners see: an account only keeps a learner's progress.
    """

    username = forms.CharField(
        label=_("Username"),
        help_text=_("3 to 30 letters, digits, dots, dashes or underscores. You sign in with it."),
        # A phone would otherwise start it with a capital letter and correct it into a word.
        widget=forms.TextInput(
            attrs={"autocomplete": "username", "autocapitalize": "none", "spellcheck": "false", "dir": "ltr"}
        ),
    )
    email = forms.EmailField(
        label=_("Email"),
        required=False,
        max_length=150,
        help_text=_("Only to choose a new password if you forget yours. Nobody else sees it."),
        widget=forms.EmailInput(attrs={"autocomplete": "email", "dir": "ltr"}),
    )
    field_order = ("username", "password", "password2", "email")

    def clean_username(self) -> str:
        name = str(self.cleaned_data["username"]).strip().lower()
        if not USERNAME_PATTERN.fullmatch(name):
            raise ValidationError(_("3 to 30 letters, digits, dots, dashes or underscores."))
        if User.objects.filter(username=name).exists():
            raise ValidationError(_("This username is taken: choose another."))
        return name

    def clean_email(self) -> str:
        # Not unique: two learners of one family may share an address, and nobody learns here
        # whether an address is known.
        return str(self.cleaned_data.get("email") or "").strip().lower()

    def user_for_validation(self) -> Any:
        return User(username=self.cleaned_data.get("username", ""), email=self.cleaned_data.get("email", ""))


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
            if self.request is not None:
                count_failure(self.request)
            raise ValidationError(_("This username and password do not match. Check them and try again."))
        return data


# ---------------------------------------------------------------- views


@require_http_methods(["GET", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    """A teacher's account: name, email, password.

    The answer is the same whether the address is new or has an account already (nobody learns
    from this page who has one): the page that says a mail was sent, with the sign-in form. The
    mail alone tells the address's owner which it was (lessons/classroom/account_mail.py).
    """
    if request.user.is_authenticated:
        return HttpResponseRedirect(home_of(request.user))
    form = TeacherSignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        # Each sign-up may send a mail: from one address, a few an hour (nobody mails a stranger
        # again and again through this page).
        (made,) = count_each([f"sign-ups:{client_address(request)}"], 3600)
        if made > settings.SIGN_UPS_PER_ADDRESS:
            return page(request, "classroom/accounts/locked_out.html", {"sign_ups": True}, status=429)
        data = form.cleaned_data
        kind = WELCOME
        try:
            with transaction.atomic():
                user = User.objects.create_user(
                    username=data["email"], email=data["email"], password=data["password"]
                )
                Account.objects.create(
                    user=user, role=Role.TEACHER, display_name=data["display_name"], language=get_language()
                )
        except IntegrityError:  # the address has an account already
            user, kind = User.objects.get(username=data["email"]), ALREADY
        # Its owner is told once a day at most, however many times the address is tried.
        if kind == WELCOME or cache.add(f"sign-up-mail:{user.pk}", True, 24 * 3600):
            send_account_mail.enqueue(kind, user.pk, get_language() or "")
        return HttpResponseRedirect(reverse("accounts-signup-sent"))
    return page(request, "classroom/accounts/signup.html", {"form": form})


@require_http_methods(["GET", "POST"])
def learner_signup(request: HttpRequest) -> HttpResponse:
    """A learner's own account: what this browser did so far joins it at once (lessons/handover.py);
    the page's language and the display choices are remembered."""
    if request.user.is_authenticated:
        return HttpResponseRedirect(home_of(request.user))
    form = LearnerSignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            with transaction.atomic():
                user = User.objects.create_user(
                    username=data["username"], email=data["email"], password=data["password"]
                )
                Account.objects.create(
                    user=user, role=Role.STUDENT, display_name=data["username"], language=get_language() or ""
                )
        except IntegrityError:  # the same username taken at the same moment
            form.add_error("username", _("This username is taken: choose another."))
        else:
            sign_in(request, user)
            return HttpResponseRedirect(reverse("home"))
    return page(request, "classroom/accounts/learner_signup.html", {"form": form})


@require_GET
def signup_sent(request: HttpRequest) -> HttpResponse:
    """After a teacher's sign-up: a mail was sent; sign in with the address and the password."""
    form = LoginForm()
    return page(
        request, "classroom/accounts/signup_sent.html", {"form": form, "next": reverse("classes-list")}
    )


@require_http_methods(["GET", "POST"])
def login_view(request: HttpRequest) -> HttpResponse:
    target = request.POST.get("next") or request.GET.get("next")
    if request.user.is_authenticated and request.method == "GET":
        return HttpResponseRedirect(safe_next(request, target, home_of(request.user)))
    if request.method == "POST" and address_stopped(request):
        return locked_out(request, by_address=True)
    form = LoginForm(request.POST or None, request=request)
    if request.method == "POST" and form.is_valid():
        sign_in(request, form.user)
        with translation.override(language_of(form.user) or get_language()):
            # Without a page to go back to: the home in the language the learner chose the site in.
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


# ---------------------------------------------------------------- a new password by email


class ResetByEmailForm(auth_forms.PasswordResetForm):
    """Django's form, which answers the same whether the address is known or not; the mail is
    written here and sent off the request (a mail server may take seconds)."""

    def send_mail(
        self,
        subject_template_name: str,
        email_template_name: str,
        context: dict[str, Any],
        from_email: str | None,
        to_email: str,
        html_email_template_name: str | None = None,
    ) -> None:
        subject = "".join(render_to_string(subject_template_name, context).splitlines())
        text = render_to_string(email_template_name, context)
        send_written_mail.enqueue(subject, text, to_email)


class PasswordResetAsk(_Styled, auth_views.PasswordResetView):
    form_class = ResetByEmailForm
    template_name = "classroom/accounts/password_reset.html"
    email_template_name = "classroom/accounts/password_reset_mail.txt"
    subject_template_name = "classroom/accounts/password_reset_subject.txt"
    success_url = reverse_lazy("accounts-password-reset-sent")


class PasswordResetSent(_Styled, auth_views.PasswordResetDoneView):
    template_name = "classroom/accounts/password_reset_sent.html"


class PasswordResetConfirm(_Styled, auth_views.PasswordResetConfirmView):
    template_name = "classroom/accounts/password_reset_confirm.html"
    success_url = reverse_lazy("accounts-password-reset-done")

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        keep_this_session(request)  # the link's token waits in the session for the form
        return super().dispatch(request, *args, **kwargs)

    def form_valid(self, form: Any) -> HttpResponse:
        response = super().form_valid(form)
        # The new password works at once, even after too many wrong ones.
        reset_lockout(username=form.user.get_username())
        return response


class PasswordResetDone(_Styled, auth_views.PasswordResetCompleteView):
    template_name = "classroom/accounts/password_change_done.html"


password_reset = require_http_methods(["GET", "POST"])(PasswordResetAsk.as_view())
password_reset_sent = require_safe(PasswordResetSent.as_view())
password_reset_confirm = require_http_methods(["GET", "POST"])(PasswordResetConfirm.as_view())
password_reset_done = require_safe(PasswordResetDone.as_view())
