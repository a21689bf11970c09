"""A learner in a real browser: open a lesson, answer its card puzzle wrong and right, in four languages.

The words looked for come from the catalogs (Django's for the page, the engine's for the rule),
in the page language: a page that fell back to English fails in the other three.
"""

import re

import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Page, expect

from engine import messages
from lessons import checking
from lessons.models import Attempt, Puzzle
from lessons.templatetags.baloot import localize_digits
from tests.browser.browsing import LANGUAGES, PHONE

LESSON = "/{lang}/learn/saudi/follow-suit/"
PLAY_STEP = LESSON + "2/"  # the "play" puzzle of tests/site/pages.py: hand KC 7C AS, West led 9C
RIGHT, WRONG = "KC", "AS"  # KC is the accepted card; AS does not follow clubs
RTL = {"ar", "fa"}


def catalog(lang: str, text: str) -> str:
    with translation.override(lang):
        return gettext(text)


def wrong_card_reason(lang: str) -> str:
    """What the first wrong try says about the wrong card, as the page writes it (native digits)."""
    with translation.override(lang):
        verdict = checking.check(Puzzle.objects.get(key="sa-follow-1"), WRONG, lang)
    (reason,) = verdict.wrong
    assert reason["rule"] == "play.must-follow"
    return localize_digits(reason["message"], "native", lang)


def card(page: Page, code: str):
    return page.locator(f'#answer-form button.card[value="{code}"]')


def open_puzzle_from_the_lesson(page: Page, base: str, lang: str) -> None:
    page.goto(base + LESSON.format(lang=lang))
    expect(page.locator("h1")).to_have_text(_lesson_title(lang))
    page.locator(f'.step-list a[href="{PLAY_STEP.format(lang=lang)}"]').click()
    expect(page).to_have_url(base + PLAY_STEP.format(lang=lang))
    expect(card(page, RIGHT)).to_be_visible()


def _lesson_title(lang: str) -> str:
    return {"en": "Follow suit", "ar": "اتبع النوع", "fa": "خال را دنبال کنید", "fr": "Fournir"}[lang]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_it_explains_a_wrong_card_in_the_page_language(page, live_server, saudi, lang, artifacts):
    open_puzzle_from_the_lesson(page, live_server.url, lang)

    card(page, WRONG).click()

    verdict = page.locator("#verdict.verdict-wrong")
    expect(verdict).to_be_visible()
    expect(verdict).to_contain_text(catalog(lang, "Not quite."))
    title = messages.rule_title("play.must-follow", "saudi", lang)
    expect(verdict.locator(".reason-title")).to_have_text(title)
    expect(verdict.locator(".reason-message")).to_have_text(wrong_card_reason(lang))
    if lang != "en":
        expect(verdict).not_to_contain_text("Not quite.")
    # htmx swapped the verdict in place: the page is still the step, not the answer URL.
    expect(page).to_have_url(live_server.url + PLAY_STEP.format(lang=lang))
    page.screenshot(path=artifacts / f"puzzle-{lang}.png", full_page=True)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_it_says_right_to_the_right_card_after_a_wrong_one(page, live_server, saudi, lang):
    open_puzzle_from_the_lesson(page, live_server.url, lang)
    card(page, WRONG).click()
    expect(page.locator("#verdict.verdict-wrong")).to_be_visible()

    card(page, RIGHT).click()

    verdict = page.locator("#verdict.verdict-right")
    expect(verdict).to_contain_text(catalog(lang, "Right!"))
    expect(verdict.get_by_role("link", name=catalog(lang, "Next step"))).to_have_attribute(
        "href", LESSON.format(lang=lang) + "3/"
    )
    attempts = list(Attempt.objects.order_by("id"))
    assert [a.correct for a in attempts] == [False, True]
    # Each try carried its signed time stamp (the second one renewed by the first verdict).
    assert all(a.seconds is not None and 0 <= a.seconds < 600 for a in attempts)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_it_solves_a_puzzle_with_the_keyboard_only(page, live_server, saudi, lang):
    page.goto(live_server.url + PLAY_STEP.format(lang=lang))

    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.value") == RIGHT:
            break
    else:
        pytest.fail(f"Tab never reached the card {RIGHT}")
    focused = page.locator(":focus")
    expect(focused).to_have_accessible_name(re.compile(".+"))
    page.keyboard.press("Enter")

    expect(page.locator("#verdict.verdict-right")).to_contain_text(catalog(lang, "Right!"))
    assert Attempt.objects.get().correct


@pytest.mark.parametrize("lang", LANGUAGES)
def test_it_lays_the_hand_out_in_the_page_direction(page, live_server, saudi, lang):
    page.goto(live_server.url + PLAY_STEP.format(lang=lang))

    expect(page.locator("html")).to_have_attribute("dir", "rtl" if lang in RTL else "ltr")
    expect(page.locator("html")).to_have_attribute("lang", lang)
    cards = page.locator("#answer-form .hand button.card")
    first, second = cards.nth(0).bounding_box(), cards.nth(1).bounding_box()
    assert first is not None and second is not None
    if lang in RTL:
        assert first["x"] > second["x"], "the first card should sit right of the second"
    else:
        assert first["x"] < second["x"], "the first card should sit left of the second"


def test_it_fits_a_phone_in_arabic(new_context, live_server, saudi, artifacts):
    phone = new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    page = phone.new_page()
    page.goto(live_server.url + PLAY_STEP.format(lang="ar"))
    card(page, WRONG).click()
    expect(page.locator("#verdict.verdict-wrong")).to_be_visible()

    # Nothing wider than the screen: no sideways scrolling on a phone.
    width = page.evaluate("document.documentElement.scrollWidth")
    page.screenshot(path=artifacts / "puzzle-ar-phone.png", full_page=True)
    assert width <= PHONE["width"]
    for code in (RIGHT, "7C", WRONG):
        box = card(page, code).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]


def test_it_answers_plain_form_posts_without_javascript(new_context, live_server, saudi):
    page = new_context(java_script_enabled=False).new_page()
    step = live_server.url + PLAY_STEP.format(lang="fr")
    page.goto(step)

    card(page, WRONG).click()

    # The form posted the whole page to its action: the verdict came with a new page.
    expect(page).to_have_url(step + "answer")
    expect(page.locator("#verdict.verdict-wrong")).to_contain_text(catalog("fr", "Not quite."))
    expect(page.locator("#verdict .reason-message")).to_have_text(wrong_card_reason("fr"))

    card(page, RIGHT).click()

    expect(page.locator("#verdict.verdict-right")).to_contain_text(catalog("fr", "Right!"))
    attempts = list(Attempt.objects.order_by("id"))
    assert [a.correct for a in attempts] == [False, True]
    assert all(a.seconds is not None for a in attempts)
