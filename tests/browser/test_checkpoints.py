"""A checkpoint in the browser: the real French and Moroccan courses, in French and in Arabic on a
phone. Its pages say what it is, show the stars, offer no hint; answering every puzzle right at
the first try fills the three stars."""

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from lessons.models import Lesson
from tests.browser.browsing import ARTIFACTS, PHONE


@pytest.mark.parametrize(("lang", "variant", "viewport"), [("fr", "french", None), ("ar", "moroccan", PHONE)])
def test_a_checkpoint_answered_right_fills_its_stars(page: Page, live_server, lang, variant, viewport):
    call_command("load_curriculum", stdout=None)
    checkpoint = Lesson.objects.filter(course__variant=variant, checkpoint=True).first()
    steps = list(checkpoint.steps.order_by("order"))
    if viewport:
        page.set_viewport_size(viewport)
    base = f"{live_server.url}/{lang}/learn/{variant}"

    page.goto(f"{base}/")
    tile = page.locator(".lesson-list .tile.checkpoint").first
    expect(tile.locator(".checkpoint-label")).to_be_visible()
    page.screenshot(path=ARTIFACTS / f"checkpoint-course-{lang}.png", full_page=True)

    for step in steps:
        page.goto(f"{base}/{checkpoint.slug}/{step.order}/")
        expect(page.locator(".checkpoint-note .stars")).to_be_visible()
        if step.puzzle is None:
            continue
        expect(page.locator("#hint form")).to_have_count(0)
        puzzle = step.puzzle
        form = page.locator("#answer-form")
        if puzzle.task == "all-legal":
            for card in puzzle.answers:
                form.locator(f'input[name="cards"][value="{card}"]').check(force=True)
            form.locator('button[type="submit"]').last.click()
        elif puzzle.task in ("score",):
            for team, points in puzzle.answers[0].items():
                form.locator(f'input[name="{team}"]').fill(str(points))
            form.locator('button[type="submit"]').last.click()
        elif puzzle.task == "count":
            form.locator('input[name="points"]').fill(str(puzzle.answers[0]))
            form.locator('button[type="submit"]').last.click()
        else:
            form.locator(f'button[type="submit"][value="{puzzle.answers[0]}"]').click()
        expect(page.locator("#verdict.verdict-right")).to_be_visible()
        if step.order == 2:
            page.screenshot(path=ARTIFACTS / f"checkpoint-puzzle-{lang}.png", full_page=True)

    page.goto(f"{base}/{checkpoint.slug}/{steps[-1].order}/")
    expect(page.locator(".checkpoint-note .stars")).to_have_class("stars stars-3")
    page.screenshot(path=ARTIFACTS / f"checkpoint-end-{lang}.png", full_page=True)
    page.goto(f"{base}/")
    tile = page.locator(".lesson-list .tile.checkpoint").first
    expect(tile.locator(".stars")).to_have_class("stars stars-3")
