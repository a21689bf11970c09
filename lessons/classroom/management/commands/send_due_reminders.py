"""``manage.py send_due_reminders``: email the pupils whose drill is due soon (see
lessons/classroom/reminders.py). Safe to run every hour (a systemd timer): each reminder is sent
once."""

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

from lessons.classroom.reminders import send_due_reminders


class Command(BaseCommand):
    help = "Email a reminder to each pupil whose drill is due within REMINDER_HOURS hours (once each)."

    def handle(self, *args: Any, **options: Any) -> None:
        if not settings.REMINDERS_BY_EMAIL:
            self.stdout.write("No email configured (EMAIL_HOST or EMAIL_BACKEND): no reminder sent.")
            return
        outcome = send_due_reminders()
        self.stdout.write(f"Reminders sent: {outcome.sent}; failed, to try again: {outcome.failed}.")
        if outcome.failed:
            raise SystemExit(1)
