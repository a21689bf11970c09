"""The practice table as a coach, in a real browser, in Arabic and French, on a desk and a phone:
the learner declares a Sira and is credited;
a Baloot played without the call is handled as the table's rules say (khaysh)."""

import pytest
from playwright.sync_api import Page, expect

from engine.cards import Seat
from lessons.models import PracticeGame
from lessons.practice.state import Table
from tests.browser.browsing import PHONE
from tests.browser.test_practice import BOARD, board_move, play_until_scored, wait_for_move_after
from tests.site.practice.tools import holds, holds_belote, rigged_hand

DESK = {"width": 1280, "height": 900}
SCREENS = {"desk": DESK, "phone": PHONE}


def at(new_context, screen):
    if screen == "phone":
        ctx = new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    else:
        ctx = new_context(viewport=DESK)
    return ctx.new_page()


def start(page: Page, base: str, lang: str, level="heuristic", declare_for_me="first", khaysh=False):
    page.goto(f"{base}/{lang}/practice/saudi/")
    page.locator(f'input[name="level"][value="{level}"]').check()
    page.locator(f'input[name="declare_for_me"][value="{declare_for_me}"]').check()
    if khaysh:
        page.locator('input[name="khaysh"]').check()
    page.locator("form.new-game button[type=submit]").click()
    expect(page.locator(BOARD)).to_be_visible()


def fits(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    viewport = page.viewport_size
    assert viewport is not None and width <= viewport["width"], f"the page is {width}px wide"


@pytest.mark.parametrize("screen", ["desk", "phone"])
@pytest.mark.parametrize("lang", ["ar", "fr"])
def test_a_learner_declares_a_sira_and_is_credited(new_context, live_server, lang, screen, artifacts):
    page = at(new_context, screen)
    start(page, live_server.url, lang, level="random", declare_for_me="never")
    rigged_hand(PracticeGame.objects.get(), holds(["sira"]))
    page.reload()

    page.locator('#declare-form select[name="n_sira"]').select_option("1")
    move = board_move(page)
    page.locator("#declare").click()
    wait_for_move_after(page, move)

    checked = page.locator("#own-declarations .reason")
    expect(checked).to_have_attribute("data-rule", "proj.sa.declare")
    expect(page.locator("#declare-form")).to_have_count(0)
    fits(page)
    page.screenshot(path=artifacts / f"coach-sira-{lang}-{screen}.png", full_page=True)
    play_until_scored(page)
    game = PracticeGame.objects.get()
    hand = Table(game).hand
    assert [p.type for p in hand.declared[Seat.S]] == ["sira"]
    assert not hand.checks[Seat.S].false and not hand.checks[Seat.S].missed


@pytest.mark.parametrize("screen", ["desk", "phone"])
@pytest.mark.parametrize("lang", ["ar", "fr"])
def test_a_missed_baloot_loses_the_hand_at_a_khaysh_table(new_context, live_server, lang, screen, artifacts):
    page = at(new_context, screen)
    start(page, live_server.url, lang, level="random", declare_for_me="never", khaysh=True)
    rigged_hand(PracticeGame.objects.get(), holds_belote)
    page.reload()
    move = board_move(page)
    page.locator("#declare-nothing").click()
    wait_for_move_after(page, move)
    expect(page.locator("#say-belote")).to_be_visible()  # offered, never ticked

    play_until_scored(page)

    steps = page.locator("#hand-score .score-steps li")
    expect(steps.first).to_have_attribute("data-rule", "penalty.sa.khaysh")
    rules = page.locator("#own-declarations .reason")
    expect(rules.last).to_have_attribute("data-rule", "proj.sa.baloot")
    fits(page)
    page.screenshot(path=artifacts / f"coach-baloot-{lang}-{screen}.png", full_page=True)
    hand = Table(PracticeGame.objects.get()).hand
    assert hand.offence == (Seat.S, "proj.sa.baloot")
