"""Reminders by email before a drill's due time (lessons/classroom/reminders.py): sent once per
drill and pupil, by `manage.py send_due_reminders`, in the pupil's language, only to pupils who
gave an address and have not finished the drill; and the page where a pupil gives their address."""

import datetime as dt
import io

import pytest
from django.core import mail
from django.core.management import call_command
from django.utils import timezone

from lessons.classroom import reminders
from lessons.models import Account, Attempt, Drill, DueReminder
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login, make_student


@pytest.fixture
def email_on(settings):
    settings.REMINDERS_BY_EMAIL = True
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    settings.REMINDER_HOURS = 24
    settings.SITE_URL = "https://baloot.example"


def due_in(drill, hours):
    Drill.objects.filter(pk=drill.pk).update(
        due_at=timezone.now() + dt.timedelta(hours=hours), time_zone="Asia/Riyadh"
    )
    drill.refresh_from_db()
    return drill


def wants_reminders(pupil, email, language):
    pupil.email = email
    pupil.save()
    Account.objects.filter(user=pupil).update(language=language)


def test_a_pupil_is_reminded_once_in_their_language(email_on, student, drill):
    due_in(drill, 5)
    wants_reminders(student, "sara@example.com", "fr")

    call_command("send_due_reminders", stdout=io.StringIO())
    call_command("send_due_reminders", stdout=io.StringIO())

    assert len(mail.outbox) == 1
    sent = mail.outbox[0]
    assert sent.to == ["sara@example.com"]
    assert "«\u00a0Follow suit\u00a0»" in sent.subject
    assert "Bonjour سارة" in sent.body and "Problèmes résolus jusqu’ici\u00a0: 0 sur" in sent.body
    assert f"https://baloot.example/fr/drills/{drill.pk}/" in sent.body
    assert DueReminder.objects.filter(drill=drill, user=student).count() == 1


def test_arabic_reminders_write_arabic_digits_but_keep_the_address(email_on, student, drill):
    due_in(drill, 5)
    wants_reminders(student, "sara@example.com", "ar")

    reminders.send_due_reminders()

    body = mail.outbox[0].body
    assert "٠" in body and f"/drills/{drill.pk}/" in body


def test_no_reminder_too_early_for_a_draft_without_an_address_or_when_done(
    email_on, student, drill, classroom
):
    done = make_student("done22", "Zainab", classroom)
    silent = make_student("quiet22", "Inès", classroom)
    wants_reminders(done, "z@example.com", "en")
    wants_reminders(student, "sara@example.com", "en")
    for n, puzzle in enumerate(reminders.drill_stats([drill], [done.pk])[0][drill.pk]):
        Attempt.objects.create(
            puzzle_id=puzzle, session_key="s", user=done, answer="x", correct=True, token=f"t{n}", drill=drill
        )
    assert silent.email == ""

    due_in(drill, 30)
    reminders.send_due_reminders()
    assert mail.outbox == []

    Drill.objects.filter(pk=drill.pk).update(draft=True)
    due_in(drill, 5)
    reminders.send_due_reminders()
    assert mail.outbox == []

    Drill.objects.filter(pk=drill.pk).update(draft=False)
    reminders.send_due_reminders()
    assert [m.to for m in mail.outbox] == [["sara@example.com"]]


def test_a_reminder_that_fails_is_tried_again(email_on, student, drill, monkeypatch):
    due_in(drill, 5)
    wants_reminders(student, "sara@example.com", "en")

    def refuse(*args, **kwargs):
        raise OSError("the mail server is down")

    monkeypatch.setattr(reminders, "send_mail", refuse)
    assert reminders.send_due_reminders().failed == 1
    assert not DueReminder.objects.exists()
    monkeypatch.undo()
    assert reminders.send_due_reminders().sent == 1


def test_without_email_settings_the_command_sends_nothing(settings, student, drill):
    settings.REMINDERS_BY_EMAIL = False
    due_in(drill, 5)
    wants_reminders(student, "sara@example.com", "en")

    call_command("send_due_reminders", stdout=io.StringIO())

    assert mail.outbox == []


def test_a_pupil_gives_an_address_on_the_reminders_page(email_on, client, student):
    login(client, student)

    assert "/ar/accounts/reminders/" in client.get("/ar/drills/").text
    response = client.post("/ar/accounts/reminders/", {"email": " Sara@Example.com "})

    assert response.status_code == 302
    student.refresh_from_db()
    assert student.email == "sara@example.com" and student.account.language == "ar"
    assert "sara@example.com" in client.get(response["Location"]).text
    assert client.post("/ar/accounts/reminders/", {"email": "not an address"}).status_code == 200


def test_the_reminders_page_is_only_for_pupils_where_email_is_set_up(settings, client, student, teacher):
    settings.REMINDERS_BY_EMAIL = False
    login(client, student)
    assert client.get("/en/accounts/reminders/").status_code == 404
    assert "/accounts/reminders/" not in client.get("/en/drills/").text
    settings.REMINDERS_BY_EMAIL = True
    login(client, teacher)
    assert client.get("/en/accounts/reminders/").status_code == 404


def test_a_drill_due_at_the_end_of_a_day_is_mailed_as_its_page_shows_it(email_on, client, student, drill):
    drill.time_zone = "Europe/Paris"
    drill.due = dt.date(2026, 12, 4)  # "end of Thursday": the midnight that starts the 5th
    drill.save()
    wants_reminders(student, "sara@example.com", "fr")

    reminders.send_due_reminders(now=dt.datetime(2026, 12, 4, 9, 0, tzinfo=dt.UTC))
    login(client, student)
    page = client.get(f"/fr/drills/{drill.pk}/").text

    body = mail.outbox[0].body
    assert "4 décembre 2026" in body and "5 décembre" not in body
    assert "4 décembre 2026" in page and "5 décembre" not in page
