"""Reminders by email, in a real browser (Arabic on a phone, French on a desktop): a pupil gives
their address from their drills page, and the hourly sender writes to them in that language."""

import datetime as dt

import pytest
from django.core import mail
from django.utils import timezone
from playwright.sync_api import expect

from lessons.classroom.reminders import send_due_reminders
from lessons.models import Account, Drill, DrillItem, Membership, Puzzle, Role
from tests.browser.test_classes_teacher import PASSWORD, PUPILS, SCREENS, catalog, fits_the_screen, make_class

SUBJECT_START = {"ar": "تذكير", "fr": "Rappel"}


@pytest.mark.parametrize("lang", ["ar", "fr"])
def test_a_pupil_asks_for_reminders_and_gets_one_in_their_language(
    new_context, live_server, saudi, django_user_model, settings, artifacts, lang
):
    settings.REMINDERS_BY_EMAIL = True
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    classroom = make_class(lang, django_user_model)
    drill = Drill.objects.create(
        classroom=classroom,
        title="Week 1",
        due_at=timezone.now() + dt.timedelta(hours=3),
        time_zone="Asia/Riyadh",
    )
    DrillItem.objects.create(drill=drill, order=1, puzzle=Puzzle.objects.get(key="sa-winner-1"))
    pupil = django_user_model.objects.create_user(username="kam470", password=PASSWORD)
    Account.objects.create(user=pupil, role=Role.STUDENT, display_name=PUPILS[lang][0])
    Membership.objects.create(classroom=classroom, student=pupil)
    base = live_server.url
    page = new_context(viewport=SCREENS[lang]).new_page()
    page.goto(f"{base}/{lang}/accounts/login/")
    page.fill("input[name=username]", "kam470")
    page.fill("input[name=password]", PASSWORD)
    page.get_by_role("button", name=catalog(lang, "Sign in"), exact=True).click()

    page.get_by_role("link", name=catalog(lang, "Reminders by email before a drill is due")).click()
    page.fill("input[name=email]", "kam470@example.com")
    page.get_by_role("button", name=catalog(lang, "Save"), exact=True).click()

    expect(page.get_by_role("status")).to_contain_text("kam470@example.com")
    page.screenshot(path=artifacts / f"classes-reminders-{lang}.png", full_page=True)
    fits_the_screen(page)
    assert send_due_reminders().sent == 1
    assert mail.outbox[0].subject.startswith(SUBJECT_START[lang]) and PUPILS[lang][0] in mail.outbox[0].body
