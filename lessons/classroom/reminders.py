"""Reminders by email before a drill's due time.

Where the site can send email (``settings.REMINDERS_BY_EMAIL``: ``EMAIL_HOST`` or
``EMAIL_BACKEND`` is set), a pupil may give an address for reminders on their drills page.
``manage.py send_due_reminders``, run every hour (a systemd timer, docs/DEPLOY.md), then writes
to each pupil who gave one,
:data:`settings.REMINDER_HOURS` hours or less before a drill given to them is due, unless they
finished it already: once per drill and pupil, in the language of the page where they gave
their address, with the drill's due time in the zone the teacher chose it in.

Each reminder is recorded (:class:`lessons.models.DueReminder`, unique per drill and pupil)
before it is sent: a second run, or two at once, finds it and sends nothing. A reminder whose
sending fails is forgotten again, so that the next run tries it once more.
"""

from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.decorators import login_required
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.views.decorators.http import require_http_methods

from lessons.classroom.dashboard import chosen_pupils, drill_stats, make_cell
from lessons.classroom.due_dates import due_words
from lessons.classroom.permissions import is_student
from lessons.models import Account, Drill, DueReminder, Membership
from lessons.render import page
from lessons.templatetags.baloot import localize_digits
from lessons.typed_requests import SignedInRequest

log = logging.getLogger(__name__)


@dataclass
class Outcome:
    sent: int = 0
    failed: int = 0


def due_soon(now: dt.datetime) -> list[Drill]:
    """The drills given now and due within the reminder's hours."""
    until = now + dt.timedelta(hours=settings.REMINDER_HOURS)
    return list(
        Drill.objects.filter(
            draft=False,
            archived_at__isnull=True,
            classroom__archived_at__isnull=True,
            due_at__gt=now,
            due_at__lte=until,
        ).select_related("classroom")
    )


def _pupils_to_remind(drill: Drill, chosen: set[int] | None) -> list[Any]:
    members = (
        Membership.objects.filter(classroom=drill.classroom, left_at__isnull=True)
        .exclude(student__email="")
        .select_related("student__account")
    )
    pupils = [m.student for m in members if chosen is None or m.student_id in chosen]
    reminded = set(DueReminder.objects.filter(drill=drill).values_list("user_id", flat=True))
    return [p for p in pupils if p.pk not in reminded]


def _claim(drill: Drill, pupil: Any) -> DueReminder | None:
    try:
        with transaction.atomic():
            return DueReminder.objects.create(drill=drill, user=pupil)
    except IntegrityError:  # another run sent it
        return None


def message(drill: Drill, pupil: Any, solved: int, total: int) -> tuple[str, str]:
    """The subject and text of a reminder, in the active language (digits as the language writes them)."""
    account = getattr(pupil, "account", None)
    name = account.display_name if account else pupil.get_username()
    values = {"title": drill.title, "name": name, "class": drill.classroom.name, "when": due_words(drill)}
    subject = _("Reminder: “%(title)s” is due on %(when)s") % values
    lines = [
        _("Hello %(name)s,") % values,
        "",
        _("The drill “%(title)s” of your class %(class)s is due on %(when)s.") % values,
        _("You solved %(solved)s of its %(total)s puzzles so far.") % {"solved": solved, "total": total},
    ]
    lines += ["", _("You receive this email because you asked for reminders of your drills.")]
    lang = translation.get_language()
    text = "\n".join(localize_digits(line, lang=lang) for line in lines)
    if settings.SITE_URL:  # the address as it is, its digits western
        text += "\n\n" + settings.SITE_URL + reverse("drills-detail", args=[drill.pk])
    return localize_digits(subject, lang=lang), text


def send_due_reminders(now: dt.datetime | None = None) -> Outcome:
    """Send the reminders due now (see the module's note); returns how many were sent or failed."""
    now = now or timezone.now()
    outcome = Outcome()
    drills = due_soon(now)
    chosen = chosen_pupils([d.pk for d in drills])
    for drill in drills:
        pupils = _pupils_to_remind(drill, chosen.get(drill.pk))
        if not pupils:
            continue
        puzzles, stats, deadlines = drill_stats([drill], [p.pk for p in pupils])
        for pupil in pupils:
            cell = make_cell(drill, puzzles[drill.pk], stats, pupil.pk, deadlines)
            if cell.done:
                continue
            claim = _claim(drill, pupil)
            if claim is None:
                continue
            account = getattr(pupil, "account", None)
            with translation.override((account and account.language) or settings.LANGUAGE_CODE):
                subject, text = message(drill, pupil, cell.solved, cell.total)
            try:
                send_mail(subject, text, None, [pupil.email])
            except Exception:  # any failure of the mail server: tried again at the next run
                log.exception("reminder of drill %s to user %s not sent", drill.pk, pupil.pk)
                claim.delete()
                outcome.failed += 1
            else:
                outcome.sent += 1
    return outcome


# ---------------------------------------------------------------- the pupil's address for them


class ReminderForm(forms.Form):
    email = forms.EmailField(
        label=_lazy("Email address for reminders"),
        required=False,
        max_length=150,
        help_text=_lazy("Leave it empty to receive no reminder."),
        widget=forms.EmailInput(attrs={"dir": "ltr", "autocomplete": "email"}),
    )


@login_required
@require_http_methods(["GET", "POST"])
def reminder_settings(request: SignedInRequest) -> HttpResponse:
    """A pupil gives (or takes back) the address their reminders go to; the page's language is
    the reminders' language. Only where the site sends email, and only for pupils."""
    if not settings.REMINDERS_BY_EMAIL or not is_student(request.user):
        raise Http404
    user = request.user
    form = ReminderForm(request.POST or None, initial={"email": user.email})
    if request.method == "POST" and form.is_valid():
        user.email = form.cleaned_data["email"].strip().lower()
        user.save(update_fields=["email"])
        Account.objects.filter(user=user).update(language=translation.get_language() or "")
        # Back to the page (POST, then GET): a reload sends nothing again.
        return HttpResponseRedirect(reverse("accounts-reminders") + "?saved=1")
    saved = request.method == "GET" and request.GET.get("saved") == "1"
    # The address read left to right inside a right-to-left sentence.
    email = format_html('<bdi dir="ltr">{}</bdi>', user.email) if user.email else ""
    return page(request, "classroom/reminders.html", {"form": form, "saved": saved, "email": email})
