"""Switching language in a real browser: the same lesson page, in the chosen language, and it stays.

The browser's own language is English, as for a learner who arrives by a link to a page in
another language; with and without JavaScript (the switcher is a plain form).
"""

from itertools import permutations

from django.conf import settings
from playwright.sync_api import BrowserContext, Page, expect

from tests.browser.browsing import DESKTOP, LANGUAGES

STEP = "/{lang}/learn/saudi/follow-suit/2/"  # a puzzle step of tests/site/pages.py


def switch_language(page: Page, base: str, old: str, new: str) -> None:
    page.goto(base + STEP.format(lang=old))
    expect(page.locator("html")).to_have_attribute("lang", old)
    page.locator(".settings-button").click()  # on a desk the settings lie behind their button
    page.locator("#language").select_option(new)
    page.locator(".language-switcher button[type=submit]").click()
    expect(page).to_have_url(base + STEP.format(lang=new))
    expect(page.locator("html")).to_have_attribute("lang", new)
    expect(page.locator("#language")).to_have_value(new)


def remembered_language(context: BrowserContext) -> str | None:
    cookies = {cookie["name"]: cookie["value"] for cookie in context.cookies()}
    return cookies.get(settings.LANGUAGE_COOKIE_NAME)


def test_it_switches_a_lesson_page_in_every_direction(new_context, live_server, saudi):
    # One browser for the twelve directions (a page load each, not a browser each), its cookies
    # cleared before each: a learner arriving by a link, the browser's language English.
    context = new_context(viewport=DESKTOP, locale="en-US")
    page = context.new_page()

    for old, new in permutations(LANGUAGES, 2):
        context.clear_cookies()
        switch_language(page, live_server.url, old, new)

        assert remembered_language(context) == new, (old, new)
        # Coming back without a language in the address: the chosen one, not the browser's.
        page.goto(live_server.url + "/")
        expect(page).to_have_url(f"{live_server.url}/{new}/")


def test_it_switches_without_javascript(new_context, live_server, saudi):
    context = new_context(viewport=DESKTOP, locale="en-US", java_script_enabled=False)
    page = context.new_page()

    switch_language(page, live_server.url, "ar", "fr")

    assert remembered_language(context) == "fr"
