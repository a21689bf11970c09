"""The puzzle maker in a real browser (Arabic on a phone, French on a desktop): from a drill's
"make a puzzle of your own" link, the task first, then only that task's fields; a change of the
task shows its fields at once; the saved puzzle lands in the drill, shown by its cards."""

import pytest
from playwright.sync_api import expect

from lessons.models import Drill, DrillItem, Puzzle
from tests.browser.test_classes_teacher import SCREENS, catalog, fits_the_screen, make_class, sign_in

WEST = {"ar": "الغرب", "fr": "Ouest"}


@pytest.mark.parametrize("lang", ["ar", "fr"])
def test_a_puzzle_made_for_a_drill_shows_only_its_tasks_fields(
    new_context, live_server, saudi, django_user_model, artifacts, lang
):
    classroom = make_class(lang, django_user_model)
    drill = Drill.objects.create(classroom=classroom, title="Week 1", draft=True)
    base = live_server.url
    page = new_context(viewport=SCREENS[lang]).new_page()
    sign_in(page, base, lang)

    page.goto(f"{base}/{lang}/drills/{drill.pk}/edit/")
    page.get_by_role("link", name=catalog(lang, "Make a puzzle of your own")).click()
    page.screenshot(path=artifacts / f"puzzle-editor-task-{lang}.png", full_page=True)
    fits_the_screen(page)
    page.get_by_label(catalog(lang, "Who wins the trick")).check()
    page.get_by_role("button", name=catalog(lang, "Continue")).click()

    expect(page.locator("fieldset[data-tasks=best-card]")).to_be_hidden()
    expect(page.locator("fieldset[data-tasks=play]")).to_be_hidden()
    expect(page.locator("[data-tasks='play all-legal best-card']")).to_be_hidden()  # who plays
    expect(page.locator("select[name=leader] option").last).to_have_text(WEST[lang])
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < 2000, f"{height}px tall"
    page.select_option("select[name=leader]", "W")
    for n, card in enumerate(["9C", "JC", "7H", "AC"], 1):
        page.select_option(f"select[name=trick{n}]", card)
    page.fill("textarea[name=prompt]", {"ar": "من يأخذ؟", "fr": "Qui remporte le pli ?"}[lang])
    expect(page.locator("#puzzle-verdict")).to_have_class("verdict verdict-right")
    page.screenshot(path=artifacts / f"puzzle-editor-form-{lang}.png", full_page=True)
    fits_the_screen(page)

    page.select_option("select[name=task]", "best-card")  # the script shows its fields at once
    expect(page.locator("fieldset[data-tasks=best-card]")).to_be_visible()
    page.select_option("select[name=task]", "trick-winner")
    expect(page.locator("fieldset[data-tasks=best-card]")).to_be_hidden()

    page.get_by_role("button", name=catalog(lang, "Save the puzzle")).click()
    expect(page).to_have_url(f"{base}/{lang}/drills/{drill.pk}/edit/")
    puzzle = Puzzle.objects.get(source="teacher")
    assert DrillItem.objects.filter(drill=drill, puzzle=puzzle).exists()
    expect(page.locator(".item-list .puzzle-preview .card")).to_have_count(4)
    page.screenshot(path=artifacts / f"puzzle-editor-drill-{lang}.png", full_page=True)
