"""A generated best-card puzzle in a real browser: every hand open, a worse card, then the best one.

The puzzle is the first one of lessons/content/generated/saudi.yaml, checked by the solver as
load_curriculum checks it, and shown as the only step of a small lesson. The words looked for
come from the catalogs, in the page language.
"""

import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Page, expect

from engine import messages
from lessons import checking
from lessons.generated import read_generated
from lessons.models import Attempt, Course, Lesson, Puzzle, Source, Step
from tests.browser.browsing import PHONE
from tests.browser.test_accessibility import barriers

URL = "/{lang}/learn/saudi/endgames/1/"
RTL = {"ar", "fa"}


@pytest.fixture
def endgame(db) -> Puzzle:
    """The first generated Saudi best-card puzzle, as the only step of the lesson "endgames"."""
    spec = next(p for p in read_generated() if p.variant == "saudi" and p.task == "best-card")
    puzzle = Puzzle.objects.create(
        key=spec.key,
        variant="saudi",
        task=spec.task,
        position=spec.position,
        answers=spec.answers,
        themes=spec.themes,
        difficulty=spec.difficulty,
        source=Source.GENERATED,
    )
    course = Course.objects.create(variant="saudi", order=1, title_en="Saudi Baloot")
    lesson = Lesson.objects.create(course=course, slug="endgames", order=1, title_en="Endgames")
    Step.objects.create(lesson=lesson, order=1, kind="puzzle", puzzle=puzzle)
    return puzzle


def catalog(lang: str, text: str) -> str:
    with translation.override(lang):
        return gettext(text)


def worse_card(puzzle: Puzzle) -> str:
    """A legal card that is not best (a generated puzzle always has one)."""
    output = checking.engine_output(puzzle, "en")
    return next(c for c in output["legal"] if c not in puzzle.answers)


def card(page: Page, code: str):
    return page.locator(f'#answer-form button.card[value="{code}"]')


@pytest.mark.parametrize("lang", ["ar", "fr"])
def test_it_shows_the_line_after_a_worse_card_then_takes_the_best_one(
    page, live_server, endgame, lang, artifacts
):
    wrong, right = worse_card(endgame), endgame.answers[0]
    tricks = checking.engine_output(endgame, "en")["lines"][wrong]
    page.goto(live_server.url + URL.format(lang=lang))
    expect(page.locator("html")).to_have_attribute("dir", "rtl" if lang in RTL else "ltr")
    expect(page.locator(".mini-hand")).to_have_count(3)  # the three other hands, open

    card(page, wrong).click()

    verdict = page.locator("#verdict.verdict-wrong")
    expect(verdict).to_contain_text(
        catalog(lang, "That card may be played, but it is not the best one here.")
    )
    expect(verdict.locator('[data-rule="solve.loses"] .reason-title')).to_have_text(
        messages.rule_title("solve.loses", "saudi", lang)
    )
    line = verdict.locator("ol.line > li.line-trick")
    expect(line).to_have_count(len(tricks))
    expect(line.first.locator(".line-play")).to_have_count(4)
    expect(line.first.locator(".card").first).to_have_attribute("role", "img")
    page.screenshot(path=artifacts / f"best-card-{lang}.png", full_page=True)
    problems = barriers(page)

    card(page, right).click()

    verdict = page.locator("#verdict.verdict-right")
    expect(verdict).to_contain_text(catalog(lang, "Right!"))
    expect(verdict.locator("ol.line > li.line-trick")).to_have_count(len(tricks))
    problems += barriers(page)
    assert problems == []
    assert [a.correct for a in Attempt.objects.order_by("id")] == [False, True]


def test_it_fits_a_phone_with_four_open_hands(new_context, live_server, endgame, artifacts):
    phone = new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    page = phone.new_page()
    page.goto(live_server.url + URL.format(lang="ar"))

    card(page, worse_card(endgame)).click()
    expect(page.locator("#verdict.verdict-wrong ol.line")).to_be_visible()

    page.screenshot(path=artifacts / "best-card-ar-phone.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for button in page.locator("#answer-form button.card").all():
        box = button.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]


def test_it_answers_without_javascript(new_context, live_server, endgame):
    page = new_context(java_script_enabled=False).new_page()
    url = live_server.url + URL.format(lang="fr")
    page.goto(url)

    card(page, worse_card(endgame)).click()

    expect(page).to_have_url(url + "answer")
    expect(page.locator("#verdict.verdict-wrong ol.line > li.line-trick").first).to_be_visible()
    card(page, endgame.answers[0]).click()
    expect(page.locator("#verdict.verdict-right")).to_be_visible()
