"""A learner's own data: their account page, everything the site keeps about them as JSON, and
deleting the account.

Deleting asks first and follows docs/records.md: the account, its memberships, review queue,
trainer ratings and practice games go; the answers stay, tied to nobody (``Attempt.user`` is
emptied by the database, and their key is replaced so that no later account could ever read
them), so that a class's figures stay whole, without the pupil's name. A teacher's classes pass
to another teacher or are archived, as when an administrator deletes the account.
"""

from __future__ import annotations

import json
import secrets
from typing import Any

from django import forms
from django.contrib.auth import get_user_model, logout
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_http_methods

from lessons import progress
from lessons.classroom.permissions import is_student, is_teacher
from lessons.models import (
    Account,
    Attempt,
    HandReview,
    Membership,
    PracticeGame,
    ReviewItem,
    TrainerPlay,
    TrainerRating,
)
from lessons.render import confirm_page, page
from lessons.typed_requests import SignedInRequest


class EmailForm(forms.Form):
    email = forms.EmailField(
        label=_("Email"),
        required=False,
        max_length=150,
        help_text=_("Only to choose a new password if you forget yours. Nobody else sees it."),
        widget=forms.EmailInput(attrs={"dir": "ltr", "autocomplete": "email"}),
    )


def _in_a_class(user: Any) -> bool:
    return Membership.objects.filter(student=user, left_at__isnull=True).exists()


@login_required
@require_http_methods(["GET", "POST"])
def account_page(request: SignedInRequest) -> HttpResponse:
    """The learner's account: their email (a teacher's is their username), password, data, deletion."""
    user = request.user
    form = None
    if not is_teacher(user):
        form = EmailForm(request.POST or None, initial={"email": user.email})
        if request.method == "POST" and form.is_valid():
            user.email = form.cleaned_data["email"].strip().lower()
            user.save(update_fields=["email"])
            return HttpResponseRedirect(reverse("accounts-me") + "?saved=1")
    saved = request.method == "GET" and request.GET.get("saved") == "1"
    return page(request, "classroom/accounts/me.html", {"form": form, "saved": saved})


@login_required
@require_GET
def download(request: SignedInRequest) -> HttpResponse:
    """Everything the site keeps about the signed-in learner, as one JSON file."""
    data = everything_about(request.user)
    response = HttpResponse(
        json.dumps(data, ensure_ascii=False, indent=1, default=str), content_type="application/json"
    )
    response["Content-Disposition"] = f'attachment; filename="baloot-{request.user.pk}.json"'
    return response


def everything_about(user: Any) -> dict[str, Any]:
    """The learner's records, as plain data (what :func:`download` sends)."""
    account = Account.objects.filter(user=user).first()
    attempts = Attempt.objects.filter(user=user).order_by("created", "id")
    ratings = TrainerRating.objects.filter(user=user)
    games = PracticeGame.objects.filter(user=user).order_by("created", "id")
    return {
        "username": user.get_username(),
        "email": user.email,
        "joined": user.date_joined,
        "role": account.role if account else "",
        "name": account.display_name if account else "",
        "language": account.language if account else "",
        "kept_from_the_browser": account.browser if account else {},
        "classes": [
            {"class": m.classroom.name, "joined": m.joined, "left": m.left_at}
            for m in Membership.objects.filter(student=user).select_related("classroom")
        ],
        "answers": [
            {
                "puzzle": a.puzzle.key,
                "answer": a.answer,
                "correct": a.correct,
                "seconds": a.seconds,
                "hints": a.hints_used,
                "drill": a.drill_id,
                "at": a.created,
            }
            for a in attempts.select_related("puzzle")
        ],
        "review_queue": [
            {"puzzle": i.puzzle.key, "stage": i.stage, "due": i.due, "learnt": i.learnt}
            for i in ReviewItem.objects.filter(user=user).select_related("puzzle")
        ],
        "trainer": [
            {
                "variant": r.variant,
                "rating": round(r.rating),
                "played": r.played,
                "won": r.won,
                "best_streak": r.best_streak,
                "puzzles": [
                    {"puzzle": p.puzzle.key, "success": p.success, "rating_after": round(p.rating_after)}
                    for p in TrainerPlay.objects.filter(learner=r).select_related("puzzle")
                ],
            }
            for r in ratings
        ],
        "practice_games": [
            {
                "variant": g.variant,
                "level": g.level,
                "started": g.created,
                "finished": g.finished,
                "hands": g.hands,
                "reviews": list(
                    HandReview.objects.filter(game=g).values("hand", "status", "result", "done_at")
                ),
            }
            for g in games
        ],
    }


@login_required
@require_http_methods(["GET", "POST"])
def delete(request: SignedInRequest) -> HttpResponse:
    """Delete the signed-in account: asks first (GET), says what is kept; deletes on POST."""
    user = request.user
    if request.method == "GET":
        consequences = [
            gettext("Your account goes: your username, your email, your password."),
            gettext("Your review queue, your trainer ratings and your practice games go with it."),
            gettext("Your answers are kept without your name, so nobody can know they were yours."),
        ]
        if is_student(user) and _in_a_class(user):
            consequences.append(
                gettext(
                    "Your teachers keep their classes' figures, without your name: the answers "
                    "you gave in their drills still count in them, anonymously."
                )
            )
        if is_teacher(user):
            consequences.append(
                gettext("Each of your classes passes to another of its teachers, or is archived and kept.")
            )
        return confirm_page(
            request,
            title=gettext("Delete my account?"),
            consequences=consequences,
            action=reverse("accounts-delete"),
            button=gettext("Delete my account"),
            cancel=reverse("accounts-me"),
        )
    with transaction.atomic():
        # A fresh key: the answers stay, tied to nobody; no later account with the same number
        # could ever read them as its own.
        Attempt.objects.filter(session_key=progress.account_key(user)).update(
            session_key=f"deleted-{secrets.token_hex(12)}"
        )
        logout(request)
        # Through a query, not ``user.delete()``: the request's user object keeps its number for
        # the request log (the same signals run, a teacher's classes pass on).
        get_user_model().objects.filter(pk=user.id).delete()
    return HttpResponseRedirect(reverse("home") + "?deleted=1")
