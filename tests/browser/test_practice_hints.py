"""Hints at the practice table in a real browser, in Arabic on a phone (375 px) and in French on a
desk: a hint during the play gives a card and the reason for it; a hint in the auction gives a call."""

import pytest
from playwright.sync_api import expect

from engine.cards import Card
from lessons.models import PracticeGame
from lessons.practice.state import Table
from tests.browser.test_accessibility import barriers
from tests.browser.test_practice import BOARD, board_move, wait_for_move_after
from tests.browser.test_practice_coach import at, fits, start
from tests.site.practice.tools import rigged_hand

CASES = [("ar", "phone"), ("fr", "desk"), ("fr", "phone")]


@pytest.mark.parametrize(("lang", "screen"), CASES)
def test_a_hint_gives_a_card_and_a_reason(new_context, live_server, lang, screen, artifacts):
    page = at(new_context, screen)
    start(page, live_server.url, lang, level="random")
    table = rigged_hand(PracticeGame.objects.get(), lambda hand: True)
    legal = table.hand.legal()
    page.reload()
    expect(page.locator(BOARD)).to_have_attribute("data-phase", "play")

    move = board_move(page)
    page.locator("#hint-button").click()
    wait_for_move_after(page, move)

    box = page.locator("#hint")
    expect(box).to_be_visible()
    expect(box.locator(".hint-choice .card")).to_have_count(1)
    expect(box.locator(".hint-reason").first).to_be_visible()
    assert box.locator(".hint-reason").first.inner_text().strip()
    hint = PracticeGame.objects.get().hands[-1]["hint"]
    assert hint["kind"] == "play" and legal >> Card.parse(hint["choice"]) & 1
    expect(page.locator(".hint-count").first).to_be_visible()
    assert barriers(page) == []
    fits(page)
    page.locator("#hint").scroll_into_view_if_needed()
    page.screenshot(path=artifacts / f"hint-card-{lang}-{screen}.png", full_page=True)

    # Playing the suggested card takes the hint away; the count stays on the score sheet.
    move = board_move(page)
    page.locator(f'#play-form button[name="card"][value="{hint["choice"]}"]').click()
    wait_for_move_after(page, move)
    game = PracticeGame.objects.get()
    if Table(game).learner_to_act():
        expect(page.locator("#hint")).to_have_count(0)


@pytest.mark.parametrize(("lang", "screen"), [("ar", "phone"), ("fr", "desk")])
def test_a_hint_in_the_auction_gives_a_call(new_context, live_server, lang, screen, artifacts):
    page = at(new_context, screen)
    start(page, live_server.url, lang, level="random")
    expect(page.locator(BOARD)).to_have_attribute("data-phase", "auction")

    move = board_move(page)
    page.locator("#hint-button").click()
    wait_for_move_after(page, move)

    expect(page.locator("#hint .hint-choice")).to_be_visible()
    expect(page.locator("#hint .hint-reason").first).to_be_visible()
    assert PracticeGame.objects.get().hands[-1]["hint"]["kind"] == "call"
    fits(page)
    page.screenshot(path=artifacts / f"hint-call-{lang}-{screen}.png", full_page=True)


def test_a_hint_works_without_javascript(new_context, live_server, artifacts):
    ctx = new_context(viewport={"width": 375, "height": 740}, java_script_enabled=False)
    page = ctx.new_page()
    page.goto(f"{live_server.url}/ar/practice/saudi/")
    page.locator('input[name="level"][value="random"]').check()
    page.locator("form.new-game button[type=submit]").click()
    page.locator("#hint-button").click()
    expect(page.locator("#hint .hint-reason").first).to_be_visible()
    page.screenshot(path=artifacts / "hint-nojs-ar-phone.png", full_page=True)
