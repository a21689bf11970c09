"""A wrong score in a real browser: the first stage names the step of the count that went wrong
(never the right figures), the second a hint made from the puzzle when it has none of its own;
the last step of a lesson and the home page say once what comes next. Arabic on a phone, French
on a desktop, with screenshots."""

import pytest
from playwright.sync_api import Page, expect

from lessons.models import Puzzle
from lessons.templatetags.baloot import localize_digits
from tests.browser.browsing import DESKTOP, PHONE

SCORE_STEP = "/{lang}/learn/saudi/counting/3/"  # Sun, South bought, 74 abnat to 56: 14 and 12
PLAY_STEP = "/{lang}/learn/saudi/follow-suit/2/"  # K♣ follows the 9♣ led
LAST_STEP = "/{lang}/learn/saudi/follow-suit/3/"  # select the legal cards: J♠ and 8♠
ROUNDING = {
    "ar": "التقريب غلط: في الصن قرّب أبناط المشتري لأقرب عشرة.",
    "fr": "L'arrondi est faux\u00a0: en Sun, arrondissez les abnat des acheteurs à la dizaine la plus "
    "proche.",
}
FIRST_STEP = {"ar": "ابدأ بهذه الخطوة من الحساب", "fr": "Commencez par cette étape du compte"}
CASES = [("ar", PHONE), ("fr", DESKTOP)]


def score(page: Page, lang: str, ns: int, ew: int) -> None:
    page.fill("#answer-NS", localize_digits(str(ns), "native", lang))
    page.fill("#answer-EW", localize_digits(str(ew), "native", lang))
    page.locator('#answer-form button[type="submit"]').click()


def fits(page: Page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize(("lang", "viewport"), CASES)
def test_a_wrong_score_is_told_the_step_it_missed_then_a_hint_made_from_the_puzzle(
    new_context, live_server, saudi, artifacts, lang, viewport
):
    written = Puzzle.objects.get(key="sa-score-1")
    written.hint_en = written.hint_ar = written.hint_fa = written.hint_fr = ""
    written.save()
    page = new_context(viewport=viewport, device_scale_factor=1).new_page()
    page.goto(live_server.url + SCORE_STEP.format(lang=lang))
    verdict = page.locator("#verdict")

    score(page, lang, 16, 10)  # 74 rounded up to 80

    expect(verdict.locator(".what-is-wrong")).to_contain_text(ROUNDING[lang])
    expect(verdict.locator(".what-is-wrong a")).to_have_attribute(
        "href", f"/{lang}/rules/saudi/#rule-score.sa.round-sun"
    )
    for figure in ("14", "12"):
        expect(verdict).not_to_contain_text(localize_digits(figure, "native", lang))
    fits(page, viewport["width"])
    page.screenshot(path=artifacts / f"score-slip-{lang}-{viewport['width']}.png", full_page=True)

    score(page, lang, 16, 10)

    expect(verdict.locator(".hint-inline")).to_contain_text(FIRST_STEP[lang])
    fits(page, viewport["width"])
    page.screenshot(path=artifacts / f"score-hint-{lang}-{viewport['width']}.png", full_page=True)


@pytest.mark.parametrize(("lang", "viewport"), CASES)
def test_the_last_step_right_and_the_home_page_say_what_comes_next(
    new_context, live_server, saudi, artifacts, lang, viewport
):
    page = new_context(viewport=viewport, device_scale_factor=1).new_page()
    page.goto(live_server.url + PLAY_STEP.format(lang=lang))
    page.locator('#answer-form button.card[value="KC"]').click()
    expect(page.locator("#verdict.verdict-right")).to_be_visible()
    page.goto(live_server.url + LAST_STEP.format(lang=lang))
    for card in ("JS", "8S"):
        page.locator(f'#answer-form input[value="{card}"]').check(force=True)
    page.locator('#answer-form button[type="submit"]').click()

    expect(page.locator("#verdict.verdict-right")).to_be_visible()
    expect(page.locator("#verdict a.button-link")).to_have_count(0)
    expect(page.locator(".lesson-end a[rel=next]")).to_have_count(1)
    fits(page, viewport["width"])
    page.screenshot(path=artifacts / f"lesson-end-{lang}-{viewport['width']}.png", full_page=True)

    page.goto(live_server.url + f"/{lang}/")
    expect(page.locator(".start-path a.primary")).to_have_attribute("href", f"/{lang}/practice/guided/saudi/")
    fits(page, viewport["width"])
    page.screenshot(path=artifacts / f"home-start-{lang}-{viewport['width']}.png", full_page=True)
