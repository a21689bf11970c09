"""A learner in the puzzle trainer, in a real browser, in Arabic (right to left) and French, and a
beginner in Persian (right to left) and English.

From the trainer's page of games, through the starting level, to a Saudi puzzle: a wrong first
answer (the rating goes down, the streak is 0), the next puzzle, a right answer (the rating goes
up, the streak is 1), all in place with htmx; axe finds no violation at all on any of those
states; a phone shows it all without sideways scrolling. A beginner starts as "I am new", takes a
hint on a rule drill, sees their answer counted as failed, then picks a theme on the theme page
and meets only that theme.
"""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Page, expect

from lessons.models import Attempt, TrainerRating
from lessons.templatetags.baloot import localize_digits
from tests.browser.browsing import PHONE
from tests.site.trainer.puzzles import RIGHT, WRONG, make_generated, make_many

AXE = Axe()
LANGS = ["ar", "fr"]


@pytest.fixture(autouse=True)
def no_fresh_puzzles(settings):
    """These journeys follow the puzzles they make: no fresh ones from the task, which the
    immediate backend would make at the first page (tests/site/trainer/test_supply.py tests those)."""
    settings.TRAINER_FRESH_PUZZLES = False


def catalog(lang: str, text: str) -> str:
    with translation.override(lang):
        return gettext(text)


def violations(page: Page, state: str) -> list[str]:
    """Every axe violation on the page, whatever its impact, one readable line each."""
    found = AXE.run(page).response["violations"]
    return [f"{state}: {v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:4]}" for v in found]


def card(page: Page, code: str):
    return page.locator(f'#answer-form button.card[value="{code}"]')


def figure(page: Page, lang: str, name: str):
    """The value of one of the learner's figures (rating, streak...) at the top of the page."""
    term = page.locator("dt", has_text=re.compile("^" + re.escape(catalog(lang, name)) + "$"))
    return page.locator("#trainer-stats .fact", has=term).locator("dd")


def native(lang: str, number: int) -> str:
    return localize_digits(str(number), "native", lang)


@pytest.mark.parametrize("lang", LANGS)
def test_a_wrong_answer_then_the_next_puzzle_then_a_right_one(page, live_server, lang, artifacts):
    make_many(3)
    problems: list[str] = []
    page.goto(f"{live_server.url}/{lang}/train/")
    expect(page.locator("html")).to_have_attribute("dir", "rtl" if lang == "ar" else "ltr")
    expect(page.locator("h1")).to_have_text(catalog(lang, "Puzzle trainer"))
    problems += violations(page, "games")
    page.get_by_role("link", name=catalog(lang, "Saudi Baloot"), exact=True).click()
    expect(page).to_have_url(f"{live_server.url}/{lang}/train/saudi/")
    problems += violations(page, "start")
    page.get_by_role("button", name=re.compile(re.escape(catalog(lang, "I play often")))).click()
    expect(card(page, WRONG)).to_be_visible()
    problems += violations(page, "puzzle")
    first_key = TrainerRating.objects.get().current.key

    card(page, WRONG).click()

    verdict = page.locator("#verdict.verdict-wrong")
    expect(verdict).to_contain_text(catalog(lang, "Not quite."))
    expect(verdict.locator(".reason-title")).to_be_visible()  # the engine explains the rule
    who = TrainerRating.objects.get()
    lost = 1500 - round(who.rating)
    assert lost > 0
    expect(verdict.locator(".change-down")).to_have_text("\u2212" + native(lang, lost))
    expect(figure(page, lang, "Streak")).to_have_text(native(lang, 0))
    expect(figure(page, lang, "Rating")).to_contain_text(native(lang, round(who.rating)))
    expect(page).to_have_url(f"{live_server.url}/{lang}/train/saudi/")  # swapped in place
    problems += violations(page, "wrong answer")

    verdict.get_by_role("link", name=catalog(lang, "Next puzzle")).click()
    expect(page.locator("#verdict")).to_be_empty()
    assert TrainerRating.objects.get().current.key != first_key
    card(page, RIGHT).click()

    right = page.locator("#verdict.verdict-right")
    expect(right).to_contain_text(catalog(lang, "Right!"))
    before, after = round(who.rating), round(TrainerRating.objects.get().rating)
    assert after > before
    expect(right.locator(".change-up")).to_have_text("+" + native(lang, after - before))
    expect(figure(page, lang, "Streak")).to_have_text(native(lang, 1))
    expect(right).to_contain_text(native(lang, 1))  # "Streak: 1 puzzle in a row."
    problems += violations(page, "right answer")
    page.screenshot(path=artifacts / f"trainer-{lang}.png", full_page=True)

    assert [a.correct for a in Attempt.objects.order_by("id")] == [False, True]
    assert problems == []


@pytest.mark.parametrize("lang", LANGS)
def test_it_fits_a_phone(new_context, live_server, lang, artifacts):
    make_many(2)
    phone = new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    page = phone.new_page()
    page.goto(f"{live_server.url}/{lang}/train/saudi/")
    levels = page.locator(".trainer-level")
    for i in range(3):
        box = levels.nth(i).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    levels.first.click()
    card(page, WRONG).click()
    expect(page.locator("#verdict.verdict-wrong")).to_be_visible()

    width = page.evaluate("document.documentElement.scrollWidth")
    page.screenshot(path=artifacts / f"trainer-{lang}-phone.png", full_page=True)
    assert width <= PHONE["width"], f"the page is {width}px wide"
    for code in (RIGHT, "7C", WRONG):
        box = card(page, code).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    stats = page.locator("#trainer-stats").bounding_box()
    assert stats is not None and stats["x"] + stats["width"] <= PHONE["width"]


@pytest.mark.parametrize("lang", ["fa", "en"])
def test_a_beginner_takes_a_hint_then_chooses_a_theme(page, live_server, lang, artifacts):
    for i in range(2):
        make_generated(f"drill-saudi-legal-{i}", rating=1200.0, themes=["legal-cards"], hint=False)
    make_generated("drill-saudi-bid", rating=1200.0, themes=["bidding"], hint=False)
    problems: list[str] = []
    page.goto(f"{live_server.url}/{lang}/train/saudi/")
    expect(page.locator("html")).to_have_attribute("dir", "rtl" if lang == "fa" else "ltr")
    page.get_by_role("button", name=re.compile(re.escape(catalog(lang, "I am new")))).click()
    assert TrainerRating.objects.get().rating == 800

    page.get_by_role("button", name=catalog(lang, "Show a hint")).click()
    expect(page.locator("#hint")).to_contain_text(catalog(lang, "Hint"))
    problems += violations(page, "hint")
    card(page, RIGHT).click()

    verdict = page.locator("#verdict.verdict-right")
    expect(verdict).to_contain_text(
        catalog(lang, "You saw a hint or the solution: this puzzle counts as failed.")
    )
    assert TrainerRating.objects.get().rating < 800  # right, but helped: a failure

    page.goto(f"{live_server.url}/{lang}/train/saudi/themes/")
    expect(page.locator(".rating-chart svg")).to_be_visible()
    problems += violations(page, "themes")
    page.locator('button[name="theme"][value="bidding"]').click()
    expect(page).to_have_url(f"{live_server.url}/{lang}/train/saudi/")
    expect(page.locator(".trainer-choice")).to_contain_text(catalog(lang, "Bidding"))
    assert TrainerRating.objects.get().current.key == "drill-saudi-bid"
    page.screenshot(path=artifacts / f"trainer-theme-{lang}.png", full_page=True)
    assert problems == []
