"""Mails about an account, sent off the request by django.tasks (a mail server may take seconds).

The sign-up page answers the same whether its email address is new or already has an account, so
that nobody learns from it who has one; the mail alone tells the address's owner which it was:
welcome to a new account, or "somebody tried to make an account with your address" to a known one.
"""

from __future__ import annotations

import logging

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.mail import send_mail
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django_tasks import task

log = logging.getLogger(__name__)

WELCOME = "welcome"
ALREADY = "already"


def _link(name: str) -> str:
    return settings.SITE_URL + reverse(name) if settings.SITE_URL else ""


def message(kind: str) -> tuple[str, str]:
    """The subject and text of a ``kind`` mail, in the active language."""
    if kind == WELCOME:
        subject = _("Your teacher account is ready")
        lines = [_("Welcome. Sign in with this email address and the password you chose.")]
    else:
        subject = _("Somebody tried to make an account with your address")
        lines = [
            _("This address already has an account, so no new one was made."),
            _("If it was you, sign in; if you forgot your password, choose a new one on the sign-in page."),
            _("If it was not you, there is nothing to do."),
        ]
    link = _link("accounts-login")
    return subject, "\n\n".join([*lines, link] if link else lines)


@task()
def send_written_mail(subject: str, text: str, to: str) -> str:
    """Send a mail written in the request (a password reset's link): only the sending waits here."""
    try:
        send_mail(subject, text, None, [to])
    except Exception:  # any failure of the mail server: logged; the learner may ask again
        log.exception("mail %r not sent", subject)
        return "failed"
    return "sent"


@task()
def send_account_mail(kind: str, user_id: int, language: str) -> str:
    """Send the ``kind`` mail to the address of user ``user_id``, in ``language``."""
    user = get_user_model().objects.filter(pk=user_id).first()
    if user is None or not user.email:
        return "no address"
    with translation.override(language or settings.LANGUAGE_CODE):
        subject, text = message(kind)
    try:
        send_mail(subject, text, None, [user.email])
    except Exception:  # any failure of the mail server: logged, the account works without it
        log.exception("account mail %s to user %s not sent", kind, user_id)
        return "failed"
    return "sent"
