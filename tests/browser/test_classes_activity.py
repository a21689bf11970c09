"""Activity over time, in a real browser (Arabic on a phone, French on a desktop): the dashboard's
"last seen" column and its filter of the pupils not seen for a week, the class week by week, and
a pupil's weeks with their trainer rating. No page is wider than the screen; the bars grow from
the start of the line (the right in Arabic)."""

import datetime as dt

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from lessons.models import (
    Account,
    Attempt,
    Drill,
    DrillItem,
    Membership,
    Puzzle,
    Role,
    TrainerPlay,
    TrainerRating,
)
from tests.browser.test_classes_teacher import (
    PASSWORD,
    PUPILS,
    SCREENS,
    fits_the_screen,
    make_class,
    sign_in,
)

DIGITS = {"ar": "١٥٤٠", "fr": "1540"}


@pytest.mark.parametrize("lang", ["ar", "fr"])
def test_a_teacher_sees_who_was_not_seen_for_a_week_and_the_weeks(
    new_context, live_server, saudi, django_user_model, artifacts, lang
):
    classroom = make_class(lang, django_user_model)
    drill = Drill.objects.create(classroom=classroom, title="Week 1")
    puzzle = Puzzle.objects.get(key="sa-winner-1")
    DrillItem.objects.create(drill=drill, order=1, puzzle=puzzle)
    now = timezone.now()
    pupils = []
    for n, name in enumerate(PUPILS[lang]):
        pupil = django_user_model.objects.create_user(username=f"kam47{n}", password=PASSWORD)
        Account.objects.create(user=pupil, role=Role.STUDENT, display_name=name)
        Membership.objects.create(classroom=classroom, student=pupil)
        pupils.append(pupil)
    # The first pupil answered this week and last week; the second three weeks ago; the third never.
    for n, (who, days, right) in enumerate([(0, 0, True), (0, 0, False), (0, 7, True), (1, 21, True)]):
        Attempt.objects.create(
            puzzle=puzzle, session_key="s", user=pupils[who], answer="W", correct=right, token=f"t-{n}",
            drill=drill, created=now - dt.timedelta(days=days, minutes=n + 1),
        )  # fmt: skip
    learner = TrainerRating.objects.create(user=pupils[0], variant="saudi", rating=1540, played=1)
    TrainerPlay.objects.create(
        learner=learner, puzzle=puzzle, success=True, rating_before=1500, rating_after=1540, cleared=True
    )
    base = live_server.url
    page = new_context(viewport=SCREENS[lang]).new_page()
    sign_in(page, base, lang)

    page.goto(f"{base}/{lang}/classes/{classroom.pk}/dashboard/")
    expect(page.locator("table.weeks tbody tr")).to_have_count(8)
    page.screenshot(path=artifacts / f"classes-activity-dashboard-{lang}.png", full_page=True)
    fits_the_screen(page)
    bar = page.locator("table.weeks tbody tr").last.locator("svg.track")
    box, cell = bar.bounding_box(), page.locator("table.weeks tbody tr td.week-bar").last.bounding_box()
    if lang == "ar":  # the bar starts on the right of its cell
        assert box["x"] + box["width"] > cell["x"] + cell["width"] / 2
    else:
        assert box["x"] < cell["x"] + cell["width"] / 2

    page.locator(".activity-filter a").click()
    rows = page.locator("table.matrix tbody tr")
    expect(rows).to_have_count(2)
    expect(page.locator("table.matrix tbody")).to_contain_text(PUPILS[lang][1])
    expect(page.locator("table.matrix tbody")).not_to_contain_text(PUPILS[lang][0])
    page.screenshot(path=artifacts / f"classes-activity-inactive-{lang}.png", full_page=True)
    fits_the_screen(page)

    page.goto(f"{base}/{lang}/classes/{classroom.pk}/students/{pupils[0].pk}/")
    expect(page.locator("table.weeks")).to_contain_text(DIGITS[lang])
    page.screenshot(path=artifacts / f"classes-activity-pupil-{lang}.png", full_page=True)
    fits_the_screen(page)
