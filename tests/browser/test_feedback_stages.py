"""A wrong answer in a real browser, in four languages: first what is wrong with it (never the
answer), then the hint, then the whole explanation and the solution."""

import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Page, expect

from engine import messages
from engine.cards import Card
from lessons.templatetags.baloot import localize_digits
from tests.browser.browsing import DESKTOP, LANGUAGES, PHONE

WINNER_STEP = "/{lang}/learn/saudi/counting/1/"  # who wins: West trumps with 7♥ (tests/site/pages.py)
PLAY_STEP = "/{lang}/learn/saudi/follow-suit/2/"  # West led 9♣; K♣ is the answer, 7♣ loses to 9♣
HINT = {
    "en": "Look at the suit that was led.",
    "ar": "انظر إلى النوع الملعوب أولاً.",
    "fa": "به خال اول دست نگاه کنید.",
    "fr": "Regardez la couleur demandée.",
}


def catalog(lang: str, text: str) -> str:
    with translation.override(lang):
        return gettext(text)


def seat(page: Page, value: str):
    return page.locator(f'#answer-form button[name="seat"][value="{value}"]')


def wrong_try(page: Page, n: int) -> None:
    seat(page, "S").click()
    # Each try swaps a new verdict in: wait for the stage this try opens.
    if n == 2:
        expect(page.locator("#verdict .hint-inline")).to_be_visible()
    elif n == 3:
        expect(page.locator("#solution .solution-answer")).to_be_visible()
    else:
        expect(page.locator("#verdict.verdict-wrong")).to_be_visible()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_it_says_what_is_wrong_then_hints_then_explains(page, live_server, saudi, lang):
    page.goto(live_server.url + WINNER_STEP.format(lang=lang))
    west = messages.seat_name("W", "saudi", lang)
    verdict = page.locator("#verdict")

    wrong_try(page, 1)
    expect(verdict.locator(".what-is-wrong .reason-title a")).to_have_attribute(
        "href", f"/{lang}/rules/saudi/#rule-trick.win"
    )
    expect(verdict).not_to_contain_text(west)
    expect(verdict).not_to_contain_text("trick.win")

    wrong_try(page, 2)
    expect(verdict).to_contain_text(HINT[lang])
    expect(verdict).not_to_contain_text(west)

    wrong_try(page, 3)
    expect(page.locator("#solution .solution-answer")).to_have_text(west)
    expect(verdict).to_contain_text(catalog(lang, "The solution is below."))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_legal_but_poor_card_is_told_what_it_does(page, live_server, saudi, lang):
    page.goto(live_server.url + PLAY_STEP.format(lang=lang))

    page.locator('#answer-form button.card[value="7C"]').click()

    verdict = page.locator("#verdict.verdict-wrong")

    def name(code: str) -> str:
        return localize_digits(messages.card_name(Card.parse(code), "saudi", lang), "native", lang)

    expect(verdict.locator(".what-is-wrong .reason-message")).to_contain_text(name("9C"))
    expect(verdict).not_to_contain_text(name("KC"))


@pytest.mark.parametrize(("lang", "viewport"), [("ar", PHONE), ("fr", DESKTOP)])
def test_the_three_stages_fit_the_screen(new_context, live_server, saudi, artifacts, lang, viewport):
    page = new_context(viewport=viewport, device_scale_factor=1).new_page()
    page.goto(live_server.url + WINNER_STEP.format(lang=lang))

    for n in (1, 2, 3):
        wrong_try(page, n)
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"], (n, width)
        page.screenshot(path=artifacts / f"feedback-{lang}-{viewport['width']}-stage{n}.png", full_page=True)


BID_STEP = "/{lang}/learn/saudi/counting/5/"  # East speaks first; Sun is the answer (tests/site/pages.py)


def test_a_bad_bid_is_told_what_its_own_call_would_bring_before_the_solution(
    new_context, live_server, saudi, artifacts
):
    page = new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True).new_page()
    page.goto(live_server.url + BID_STEP.format(lang="ar"))

    page.locator('#answer-form button[name="call"][value="pass"]').click()

    verdict = page.locator("#verdict.verdict-wrong")
    expect(verdict).to_be_visible()
    own = messages.call_name("pass", "saudi", "ar")
    # Its own call first: how often the contract is made and the game points, over deals that fit the cards.
    expect(verdict).to_contain_text(own)
    expect(verdict).to_contain_text("من نقاط الجولة")
    expect(page.locator("#solution .solution-answer")).to_have_count(0)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width
    page.screenshot(path=artifacts / "bid-feedback-ar-phone.png", full_page=True)
