"""Small things, in a real browser (Arabic on a phone, French on a desktop): a drill's copy
button clicked twice makes one draft; the pupils who gave a wrong answer are parted by «، » in
Arabic and by ", " in French."""

import pytest
from playwright.sync_api import expect

from lessons.models import Account, Attempt, Drill, DrillItem, Membership, Puzzle, Role
from tests.browser.test_classes_teacher import (
    PASSWORD,
    PUPILS,
    SCREENS,
    catalog,
    fits_the_screen,
    make_class,
    sign_in,
)

BETWEEN = {"ar": "، ", "fr": ", "}


@pytest.mark.parametrize("lang", ["ar", "fr"])
def test_a_double_click_on_copy_makes_one_draft_and_names_are_parted_in_the_pages_way(
    new_context, live_server, saudi, django_user_model, artifacts, lang
):
    classroom = make_class(lang, django_user_model)
    drill = Drill.objects.create(classroom=classroom, title="Week 1")
    puzzle = Puzzle.objects.get(key="sa-winner-1")
    DrillItem.objects.create(drill=drill, order=1, puzzle=puzzle)
    for n, name in enumerate(PUPILS[lang][:2]):
        pupil = django_user_model.objects.create_user(username=f"kam47{n}", password=PASSWORD)
        Account.objects.create(user=pupil, role=Role.STUDENT, display_name=name)
        Membership.objects.create(classroom=classroom, student=pupil)
        Attempt.objects.create(
            puzzle=puzzle, session_key="s", user=pupil, answer="E", correct=False, token=f"t-{n}", drill=drill
        )
    base = live_server.url
    page = new_context(viewport=SCREENS[lang]).new_page()
    sign_in(page, base, lang)

    page.goto(f"{base}/{lang}/drills/{drill.pk}/edit/")
    page.get_by_role("button", name=catalog(lang, "Make a copy")).dblclick()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Week 1")
    page.wait_for_load_state("networkidle")
    assert Drill.objects.filter(classroom=classroom).count() == 2

    page.goto(f"{base}/{lang}/classes/{classroom.pk}/dashboard/puzzles/")
    names = sorted(PUPILS[lang][:2], key=str.casefold)
    # The cell of the pupils who answered it wrong (the cell before it names the rule they broke).
    expect(page.locator("table.data td").filter(has=page.locator("a"), has_text=names[0]).first).to_have_text(
        BETWEEN[lang].join(names)
    )
    page.screenshot(path=artifacts / f"names-parted-{lang}.png", full_page=True)
    fits_the_screen(page)
