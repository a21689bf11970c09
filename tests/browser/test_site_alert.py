"""An htmx request the server cannot answer (the database down: 503) shows its message on the page.

htmx 2 ignores 5xx answers by default, so the learner would click on with nothing happening;
base.html's htmx-config swaps 500 and 503, whose body under htmx is the message alone, retargeted
to the alert region below the header (baloot_site/middleware.py ``error_response``). The page
stays as it was, the puzzle still there to answer once the database is back.
"""

from unittest import mock

import pytest
from django.db import OperationalError
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import expect

STEP = "/{lang}/learn/saudi/follow-suit/2/"  # the "play" puzzle of tests/site/pages.py
DOWN = "The site cannot reach its database just now. Nothing you did is lost: wait a moment, then try again."


def catalog(lang: str, text: str) -> str:
    with translation.override(lang):
        return gettext(text)


@pytest.mark.parametrize("lang", ["fr", "ar"])
def test_a_database_down_during_an_answer_says_so_on_the_page(page, live_server, saudi, artifacts, lang):
    page.goto(live_server.url + STEP.format(lang=lang))
    expect(page.locator("#site-alert")).to_be_hidden()

    # The live server runs in this process: its answer check meets a database that went away.
    with mock.patch("lessons.checking.check", side_effect=OperationalError("gone")):
        with page.expect_response(lambda r: r.url.endswith("/answer")) as answered:
            page.locator('#answer-form button.card[value="AS"]').click()
        assert answered.value.status == 503

        alert = page.locator("#site-alert")
        expect(alert).to_be_visible()
        expect(alert).to_contain_text(catalog(lang, DOWN))
    # In place: the same page, one header, the cards still there.
    expect(page).to_have_url(live_server.url + STEP.format(lang=lang))
    expect(page.locator("header.site-header")).to_have_count(1)
    expect(page.locator('#answer-form button.card[value="AS"]')).to_be_visible()
    page.screenshot(path=artifacts / f"site-alert-{lang}.png")

    # The database is back: the next answer goes through and the stale message goes away.
    page.locator('#answer-form button.card[value="AS"]').click()
    expect(page.locator("#verdict.verdict-wrong")).to_be_visible()
    expect(page.locator("#site-alert")).to_be_hidden()
