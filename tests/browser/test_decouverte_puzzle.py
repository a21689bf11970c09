"""A découverte puzzle in a real browser, on a phone in Arabic: both rows of piles, a worse face-up
card answered with its loss and interval, then the best one.

The position is fr-pw-decouverte-2 of the French playing-well course, judged by the coach's
evaluator as load_curriculum judges it, shown as the only step of a small lesson.
"""

import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import expect

from lessons.content import check_puzzle
from lessons.models import Attempt, Course, Lesson, Puzzle, Step
from tests.browser.browsing import PHONE
from tests.browser.test_accessibility import barriers
from tests.site.test_decouverte_puzzles import BEST, WORSE, position

URL = "/ar/learn/french/decouverte/1/"


@pytest.fixture
def decouverte(db) -> Puzzle:
    spec = check_puzzle({"key": "dc-1", "task": "decouverte-card", "position": position()}, "french")
    puzzle = Puzzle.objects.create(
        key=spec.key, variant="french", task=spec.task, position=spec.position, answers=spec.answers
    )
    course = Course.objects.create(variant="french", order=1, title_en="French Belote")
    lesson = Lesson.objects.create(course=course, slug="decouverte", order=1, title_en="Découverte")
    Step.objects.create(lesson=lesson, order=1, kind="puzzle", puzzle=puzzle)
    return puzzle


def test_a_worse_face_up_card_then_the_best_one_on_a_phone_in_arabic(
    new_context, live_server, decouverte, artifacts
):
    phone = new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    page = phone.new_page()
    page.goto(live_server.url + URL)
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.locator(".dc-opponent .pile")).to_have_count(8)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    page.locator(f'#answer-form button.card[value="{WORSE}"]').click()

    with translation.override("ar"):
        wrong = gettext("That card may be played, but it is not the best one here.")
        right = gettext("Right!")
    expect(page.locator("#verdict.verdict-wrong")).to_contain_text(wrong)
    page.screenshot(path=artifacts / "decouverte-puzzle-ar-phone.png", full_page=True)
    problems = barriers(page)

    page.locator(f'#answer-form button.card[value="{BEST}"]').click()

    expect(page.locator("#verdict.verdict-right")).to_contain_text(right)
    assert problems + barriers(page) == []
    assert [a.correct for a in Attempt.objects.order_by("id")] == [False, True]
