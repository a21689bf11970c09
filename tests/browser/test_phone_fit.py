"""Teachers' and pupils' pages on a phone (375 px), in Arabic and French: the dashboard and the
drill editor are no wider than the screen, and on a drill's puzzle the pupil's own cards are in
view without scrolling (the top of their hand above the bottom of a 667 px screen)."""

import datetime as dt

import pytest
from playwright.sync_api import expect

from lessons.models import Account, Attempt, Drill, DrillItem, Lesson, Membership, Puzzle, Role
from tests.browser.test_classes_teacher import PASSWORD, PUPILS, fits_the_screen, make_class, sign_in

PHONE = {"width": 375, "height": 667}
TITLES = ["Week 1: follow suit", "Week 2: trumps and overtrumps", "Revision before the tournament"]


def make_drills(classroom, saudi):
    drills = []
    keys = ["sa-winner-1", "sa-follow-1", "sa-count-1"]
    for n, title in enumerate(TITLES):
        drill = Drill.objects.create(
            classroom=classroom, title=title, due=dt.date(2030, 1, 10 + n), target_accuracy=80
        )
        DrillItem.objects.create(
            drill=drill, order=1, lesson=Lesson.objects.get(course=saudi, slug="follow-suit")
        )
        for m, key in enumerate(keys, 2):
            DrillItem.objects.create(drill=drill, order=m, puzzle=Puzzle.objects.get(key=key))
        drills.append(drill)
    return drills


def make_pupils(lang, classroom, django_user_model, drill):
    pupils = []
    for n, name in enumerate(PUPILS[lang]):
        pupil = django_user_model.objects.create_user(username=f"kam47{n}", password=PASSWORD)
        Account.objects.create(user=pupil, role=Role.STUDENT, display_name=name)
        Membership.objects.create(classroom=classroom, student=pupil)
        Attempt.objects.create(
            puzzle=Puzzle.objects.get(key="sa-winner-1"), session_key="s", user=pupil, answer="E",
            correct=n % 2 == 0, token=f"t-{n}", drill=drill,
        )  # fmt: skip
        pupils.append(pupil)
    return pupils


@pytest.mark.parametrize("lang", ["ar", "fr"])
def test_the_dashboard_and_the_drill_editor_fit_a_phone(
    new_context, live_server, saudi, django_user_model, artifacts, lang
):
    classroom = make_class(lang, django_user_model)
    drills = make_drills(classroom, saudi)
    make_pupils(lang, classroom, django_user_model, drills[0])
    base = live_server.url
    page = new_context(viewport=PHONE).new_page()
    sign_in(page, base, lang)

    for name, url in [
        ("dashboard", f"/classes/{classroom.pk}/dashboard/"),
        ("puzzle-report", f"/classes/{classroom.pk}/dashboard/puzzles/"),
        ("drill-editor", f"/drills/{drills[0].pk}/edit/?variant=saudi"),
        ("class", f"/classes/{classroom.pk}/"),
    ]:
        page.goto(f"{base}/{lang}{url}")
        page.screenshot(path=artifacts / f"phone-{name}-{lang}.png", full_page=True)
        fits_the_screen(page)


@pytest.mark.parametrize("lang", ["ar", "fr"])
def test_a_pupils_cards_are_in_view_on_a_drills_puzzle(
    new_context, live_server, saudi, django_user_model, artifacts, lang
):
    classroom = make_class(lang, django_user_model)
    drill = Drill.objects.create(classroom=classroom, title=TITLES[1])
    item = DrillItem.objects.create(drill=drill, order=1, puzzle=Puzzle.objects.get(key="sa-follow-1"))
    make_pupils(lang, classroom, django_user_model, drill)
    base = live_server.url
    page = new_context(viewport=PHONE).new_page()
    page.goto(f"{base}/{lang}/accounts/login/")
    page.fill("input[name=username]", "kam470")
    page.fill("input[name=password]", PASSWORD)
    page.locator("form button[type=submit]").last.click()

    page.goto(f"{base}/{lang}/drills/{drill.pk}/puzzles/{item.pk}/")
    hand = page.locator("#answer-form .hand .card").first
    expect(hand).to_be_visible()
    page.screenshot(path=artifacts / f"phone-drill-puzzle-{lang}.png")
    box = hand.bounding_box()
    # The whole of the first card in view, not only its top edge.
    assert box["y"] + box["height"] < PHONE["height"], f"the first card ends at {box['y'] + box['height']}px"
    fits_the_screen(page)
