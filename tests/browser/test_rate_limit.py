"""A learner answering faster than the limit (ANSWER_RATE_LIMIT) sees why, in place of the verdict.

htmx 2 ignores 4xx answers by default; base.html's htmx-config swaps the 429 (and 400) ones, whose
body is the message alone. Without JavaScript the plain post shows the whole 429 page. The words
looked for come from the catalogs, in the page language.
"""

import pytest
from django.core.cache import cache
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Page, expect

from baloot_site import middleware

STEP = "/{lang}/learn/saudi/follow-suit/2/"  # the "play" puzzle of tests/site/pages.py
WRONG = "AS"
LIMIT = 2
TOO_MANY = "That was a lot of answers in one minute. Wait a moment, then answer again."
DAMAGED = "This form is damaged: please reload the page and answer again."


def catalog(lang: str, text: str) -> str:
    with translation.override(lang):
        return gettext(text)


@pytest.fixture(autouse=True)
def tiny_limit(settings, monkeypatch):
    settings.ANSWER_RATE_LIMIT = LIMIT
    cache.clear()
    # The live server runs in this process: its clock stays 20 s into one counting minute, so the
    # answers of a test never straddle two windows.
    monkeypatch.setattr(middleware, "_now", lambda: 1_800_000_000.0 + 20)


def click_card(page: Page, code: str) -> int:
    """Click a card of the answer form; the status of the answer it posted."""
    with page.expect_response(lambda response: response.url.endswith("/answer")) as answered:
        page.locator(f'#answer-form button.card[value="{code}"]').click()
    return answered.value.status


@pytest.mark.parametrize("lang", ["fr", "ar"])
def test_it_shows_the_limit_in_place_of_the_verdict(page, live_server, saudi, lang):
    page.goto(live_server.url + STEP.format(lang=lang))

    statuses = [click_card(page, WRONG) for _ in range(LIMIT + 1)]

    assert statuses == [200] * LIMIT + [429]
    verdict = page.locator("#verdict.verdict-error")
    expect(verdict).to_contain_text(catalog(lang, TOO_MANY))
    expect(verdict.get_by_role("alert")).to_be_visible()
    # In place: still the step page, one header, one title, the cards still there to answer again.
    expect(page).to_have_url(live_server.url + STEP.format(lang=lang))
    expect(page.locator("header.site-header")).to_have_count(1)
    expect(page.locator("h1")).to_have_count(1)
    expect(page.locator(f'#answer-form button.card[value="{WRONG}"]')).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", lang)


@pytest.mark.parametrize("lang", ["fr", "ar"])
def test_it_shows_the_429_page_to_a_plain_post_without_javascript(new_context, live_server, saudi, lang):
    page = new_context(java_script_enabled=False).new_page()
    page.goto(live_server.url + STEP.format(lang=lang))

    statuses = [click_card(page, WRONG) for _ in range(LIMIT + 1)]

    assert statuses == [200] * LIMIT + [429]
    expect(page.locator("h1")).to_have_text(catalog(lang, "Too many answers"))
    expect(page.get_by_role("alert")).to_contain_text(catalog(lang, TOO_MANY))
    expect(page.locator("html")).to_have_attribute("dir", "rtl" if lang == "ar" else "ltr")


def test_it_shows_a_damaged_form_message_in_place_too(page, live_server, saudi):
    page.goto(live_server.url + STEP.format(lang="fr"))
    page.locator("#answer-token").evaluate("input => { input.value = 'not a token!'; }")

    assert click_card(page, WRONG) == 400

    expect(page.locator("#verdict.verdict-error")).to_contain_text(catalog("fr", DAMAGED))
    expect(page).to_have_url(live_server.url + STEP.format(lang="fr"))
    expect(page.locator("header.site-header")).to_have_count(1)
