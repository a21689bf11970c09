"""Login cards for many pupils at once: on screen at once, their passwords hashed in a task.

Django's recommended hasher (PBKDF2, a million iterations) takes about half a second of a core
per password, and up to two on a busy machine: 30 pupils' cards made in the request took
15-50 s with nothing on screen. The accounts are made without a usable password instead, the
cards shown at once, and :func:`hash_card_passwords` (a django-tasks task: a worker in
production) sets each password in turn; the cards page says how many are ready.

:func:`reprint` prints every pupil's card again without touching a password (the card names the
username and leaves the password to be written in); new passwords for the whole class are made
only when the teacher asks for them, after a page that says what it does.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.contrib.auth.hashers import make_password
from django.db import transaction
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_safe
from django_tasks import task

from lessons import once
from lessons.classroom import accounts
from lessons.classroom.collation import name_key
from lessons.classroom.permissions import class_for_teacher
from lessons.forms import new_token
from lessons.models import FormKind, FormResult, Membership
from lessons.render import confirm_page, page

User = get_user_model()


@task()
def hash_card_passwords(result_id: int) -> int:
    """Set the password of each card of a result on its account, if it has none yet (a password a
    teacher issued since is kept); returns how many were set."""
    made = FormResult.objects.filter(pk=result_id, kind=FormKind.CARDS).first()
    if made is None:
        return 0
    done = 0
    for card in once.cards_of(made):
        user = User.objects.filter(username=card["username"]).first()
        if user is None or user.has_usable_password():
            continue
        user.set_password(card["password"])
        user.save(update_fields=["password"])
        done += 1
    return done


def start_hashing(made: FormResult) -> None:
    """Hash the cards' passwords: call it once the accounts are committed (a worker would not see
    them before). Without a worker (Redis down, development) the task runs here, in the request."""
    hash_card_passwords.enqueue(made.pk)


def ready(cards: list[dict[str, str]]) -> int:
    """How many of the cards' accounts have their password already: one query."""
    names = [card["username"] for card in cards]
    return User.objects.filter(username__in=names).exclude(password__startswith="!").count()


def present_pupils_made_here(classroom: Any) -> list[tuple[Any, str]]:
    """The class's present pupils whose accounts it made (only those get a card from it), by name."""
    members = Membership.objects.filter(
        classroom=classroom, left_at__isnull=True, student__account__home_class=classroom
    ).values_list("student_id", "student__username", "student__account__display_name")
    pupils = [(pk, username, name or username) for pk, username, name in members]
    pupils.sort(key=lambda p: (name_key(p[2]), p[0]))
    return [((pk, username), name) for pk, username, name in pupils]


@require_safe
@login_required
def reprint(request: HttpRequest, class_id: int) -> HttpResponse:
    """Every pupil's card again, passwords unchanged: the username printed, the password left blank."""
    classroom = class_for_teacher(request, class_id)
    cards = [
        {"name": name, "username": username} for (_pk, username), name in present_pupils_made_here(classroom)
    ]
    ctx = {
        "classroom": classroom,
        "cards": cards,
        "reprint": True,
        "login_url": request.build_absolute_uri(reverse("accounts-login")),
    }
    return page(request, "classroom/cards.html", ctx)


class NewPasswordsForm(once.OnceForm):
    """New passwords for the whole class: only the token, so that sending it twice makes one set."""


@login_required
@require_http_methods(["GET", "POST"])
@never_cache
def new_passwords(request: HttpRequest, class_id: int) -> HttpResponse:
    """New passwords for every pupil the class made, on new cards, after a page that asks first."""
    classroom = class_for_teacher(request, class_id, change=True)
    pupils = present_pupils_made_here(classroom)
    if request.method == "GET":
        return confirm_page(
            request,
            title=_("New passwords for the whole class “%(name)s”?") % {"name": classroom.name},
            consequences=[
                _("Every pupil's password changes at once: their old cards stop working."),
                _("Pupils signed in now are signed out on their next page."),
                _("New cards are printed: hand them out before the next lesson."),
            ],
            # The one-time token in the address: the same page sent twice makes one set of passwords.
            action=reverse("classes-new-passwords", args=[classroom.pk]) + "?token=" + new_token(),
            button=_("Make new passwords"),
            cancel=reverse("classes-reprint", args=[classroom.pk]),
            classroom=classroom,
        )
    form = NewPasswordsForm({"token": request.GET.get("token", "")})
    token = str(form.data["token"])
    if not form.is_valid():
        return HttpResponseRedirect(reverse("classes-new-passwords", args=[classroom.pk]))
    with transaction.atomic():
        made = once.claim(token, FormKind.CARDS, request.user)
        if made is not None:
            made.classroom = classroom
            for (pk, username), name in pupils:
                # Unusable until the task sets the new one: the old password stops at once.
                User.objects.filter(pk=pk).update(password=make_password(None))
                made.cards.append({"name": name, "username": username, "password": accounts.new_password()})
            made.save(update_fields=["classroom", "cards"])
    if made is not None:
        start_hashing(made)
    return HttpResponseRedirect(reverse("classes-cards", args=[classroom.pk, token]))
