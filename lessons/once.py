"""Forms that act once: making a class, joining one, making pupils' accounts, issuing a password.

Each such form carries a hidden one-time token, made when the form is shown, as the answer form
does (``Attempt.token``). The view stores the token (:class:`lessons.models.FormResult`, unique)
before it makes anything, in the same transaction: a second submit of the same form (a double
click, a reload of the result, two submits at the same instant) cannot store it again and is
sent to the first one's result instead of making a second class, pupil or set of accounts.

Login cards: the first passwords of the accounts a teacher makes are kept in plain text on the
server, on the form's row, so that the cards page is an address the teacher can reload and print
(POST, then redirect to a GET) rather than the answer to a POST. They are kept there, and not in
the teacher's session, because two submits at the same instant must both find the same cards,
and because the row can be bound to the teacher and cleared on time whatever the session does:
only the teacher who made them sees them, they are cleared when that teacher signs out, and
after :data:`CARDS_HOURS` hours whatever happens (the passwords are stored hashed on the
accounts; a lost card is replaced with a new password).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from lessons.forms import new_token
from lessons.models import FormKind, FormResult

CARDS_HOURS = 8
# Rows whose form may still come back (a page left open, then sent): kept this long.
KEEP_DAYS = 30


class OnceForm(forms.Form):
    """A form with a hidden one-time token; a bad token is an error of the whole form."""

    token = forms.RegexField(
        regex=r"^[A-Za-z0-9_-]{8,64}$",
        widget=forms.HiddenInput,
        error_messages={
            "required": _("This form is incomplete: please reload the page and send it again."),
            "invalid": _("This form is damaged: please reload the page and send it again."),
        },
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not self.is_bound:
            self.initial.setdefault("token", new_token())

    def full_clean(self) -> None:
        super().full_clean()
        # The token is hidden: its error is shown above the form, not beside a field nobody sees.
        if self.errors and "token" in self.errors:
            errors = self.errors.pop("token")
            self.errors.setdefault(NON_FIELD_ERRORS, self.error_class(error_class="nonfield")).extend(errors)


def claim(token: str, kind: FormKind, user: Any) -> FormResult | None:
    """Store the form's token; None when it was stored already (then :func:`earlier` finds it).

    Call it inside the transaction that makes the form's objects: a second submit at the same
    instant waits on the unique token until the first one commits, then finds it.
    """
    forget_old()
    try:
        with transaction.atomic():
            return FormResult.objects.create(
                token=token, kind=kind, user=user if user and user.is_authenticated else None
            )
    except IntegrityError:
        return None


def earlier(token: str, kind: FormKind) -> FormResult | None:
    return FormResult.objects.filter(token=token, kind=kind).first()


def forget_old() -> None:
    """Clear login cards older than :data:`CARDS_HOURS`, and forget tokens older than :data:`KEEP_DAYS`."""
    now = timezone.now()
    FormResult.objects.filter(created__lt=now - dt.timedelta(days=KEEP_DAYS)).delete()
    FormResult.objects.filter(kind=FormKind.CARDS, created__lt=now - dt.timedelta(hours=CARDS_HOURS)).exclude(
        cards=[]
    ).update(cards=[])


def forget_cards_of(user: Any) -> None:
    """A teacher signs out: the first passwords they were shown are no longer kept."""
    FormResult.objects.filter(user=user, kind=FormKind.CARDS).exclude(cards=[]).update(cards=[])


def cards_of(result: FormResult) -> list[dict[str, str]]:
    """The cards of a result, or none once they are older than :data:`CARDS_HOURS`."""
    if result.created < timezone.now() - dt.timedelta(hours=CARDS_HOURS):
        return []
    return list(result.cards)
