"""The practice table in a real browser: whole hands played through the page, and a phone's screen.

The test picks calls from the buttons the page offers, asks "why?" for the cards it may play and
clicks one of them, until the score of the hand appears; then the hand stored for the game is
replayed through engine.hand.Hand and its score must be the one the page shows.
"""

import re

import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Page, expect

from engine.cards import Team
from lessons.models import PracticeGame
from tests.browser.browsing import PHONE
from tests.site.practice.tools import engine_replay

BOARD = "#practice-board"


def catalog(lang: str, text: str) -> str:
    with translation.override(lang):
        return gettext(text)


def start(page: Page, base: str, variant: str, lang: str = "en", level: str = "heuristic") -> None:
    page.goto(f"{base}/{lang}/practice/{variant}/")
    page.locator(f'input[name="level"][value="{level}"]').check()
    page.locator("form.new-game button[type=submit]").click()
    expect(page.locator(BOARD)).to_be_visible()


def board_move(page: Page) -> str:
    return page.locator(BOARD).get_attribute("data-move") or ""


def wait_for_move_after(page: Page, move: str) -> None:
    expect(page.locator(BOARD)).not_to_have_attribute("data-move", move, timeout=30_000)


def take_a_turn(page: Page) -> str:
    """One move of the learner: a call (the first allowed one that buys, pass in the doubling) or
    the first card "why?" says may be played. Returns the board's phase before the move."""
    board = page.locator(BOARD)
    phase = board.get_attribute("data-phase") or ""
    move = board_move(page)
    if phase in ("auction", "doubling"):
        allowed = page.locator("#call-form .choices:not(.choices-refused) button")
        values = [allowed.nth(i).get_attribute("value") for i in range(allowed.count())]
        wanted = "pass" if phase == "doubling" else next((v for v in values if v != "pass"), "pass")
        allowed.and_(page.locator(f'[value="{wanted}"]')).click()
    elif phase == "play":
        page.locator(".why-form button").click()
        legal = page.locator("#why .hand li span[role=img]").first
        expect(legal).to_be_visible()
        name = legal.get_attribute("aria-label")
        page.locator(f'#play-form button.card[aria-label="{name}"]').click()
    else:
        raise AssertionError(f"nothing to do in the {phase} phase")
    wait_for_move_after(page, move)
    return phase


def play_until_scored(page: Page) -> list[str]:
    phases = []
    for _ in range(80):
        if page.locator("#hand-score").count():
            return phases
        phases.append(take_a_turn(page))
    raise AssertionError("the hand never ended")


def shown_points(page: Page) -> list[int]:
    cells = page.locator("#hand-score [data-team-points]")
    return [int(cells.nth(i).inner_text()) for i in range(cells.count())]


@pytest.mark.parametrize("variant", ["saudi", "french"])
def test_it_plays_a_complete_hand_through_the_page_and_scores_it_like_the_engine(
    page, live_server, variant, artifacts
):
    start(page, live_server.url, variant)

    phases = play_until_scored(page)

    assert phases[0] == "auction" and phases.count("play") == 8
    game = PracticeGame.objects.get()
    record = game.hands[-1]
    score = engine_replay(game).score()
    assert shown_points(page) == [score.points[Team.NS], score.points[Team.EW]]
    assert (record["result"]["NS"], record["result"]["EW"]) == (score.points[Team.NS], score.points[Team.EW])
    steps = page.locator("#hand-score .score-steps li")
    assert steps.count() == len(score.steps)
    assert [steps.nth(i).get_attribute("data-rule") for i in range(steps.count())] == [
        s.rule for s in score.steps
    ]
    # htmx swapped the board in place: the page never left the table.
    expect(page).to_have_url(f"{live_server.url}/en/practice/{variant}/")
    page.screenshot(path=artifacts / f"practice-{variant}-scored.png", full_page=True)

    # The next hand: the dealer moves on, the score sheet has the hand.
    move = board_move(page)
    page.locator("#next-hand").click()
    wait_for_move_after(page, move)
    expect(page.locator(".sheet-table tbody tr")).to_have_count(1)
    game.refresh_from_db()
    assert len(game.hands) == 2 and game.hands[1]["dealer"] != record["dealer"]


def test_a_refused_card_shows_the_engines_reasons(page, live_server, saudi):
    page.goto(f"{live_server.url}/fr/practice/puzzle/sa-follow-1/")
    page.locator('input[name="level"][value="random"]').check()
    page.locator("form.new-game button[type=submit]").click()

    page.locator('#play-form button.card[value="AS"]').click()

    refusal = page.locator("#refusal")
    expect(refusal).to_be_visible()
    expect(refusal.locator(".reason")).to_have_attribute("data-rule", "play.must-follow")
    expect(refusal).to_contain_text("pique")  # the ace of spades, named in French
    move = board_move(page)
    page.locator('#play-form button.card[value="KC"]').click()
    wait_for_move_after(page, move)
    expect(page.locator(".last-trick")).to_contain_text(re.compile(r"Pli 1"))


@pytest.mark.parametrize("lang", ["ar", "fr"])
def test_it_fits_a_phone_and_its_cards_can_be_pressed(browser, live_server, saudi, lang, artifacts):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    context.set_default_timeout(15_000)
    try:
        page = context.new_page()
        for path in ("practice/", "practice/saudi/", "practice/puzzle/sa-follow-1/"):
            page.goto(f"{live_server.url}/{lang}/{path}")
            assert_fits(page)
        start(page, live_server.url, "saudi", lang=lang)
        expect(page.locator("html")).to_have_attribute("dir", "rtl" if lang == "ar" else "ltr")
        for _ in range(20):
            if page.locator(BOARD).get_attribute("data-phase") == "play":
                break
            assert_fits(page)
            take_a_turn(page)
        else:
            pytest.fail("the auction did not end")
        assert_fits(page)
        page.screenshot(path=artifacts / f"practice-saudi-{lang}-phone.png", full_page=True)
        cards = page.locator("#play-form button.card")
        assert cards.count() == 8  # the first trick: the learner holds eight cards
        for i in range(cards.count()):
            box = cards.nth(i).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
            assert box["width"] >= 44 and box["height"] >= 44
        # A card pressed with a finger is played (or refused with the reasons): the board answers.
        move = board_move(page)
        cards.first.tap()
        expect(
            page.locator(f"{BOARD}[data-move='{move}'] #refusal, {BOARD}:not([data-move='{move}'])")
        ).to_have_count(1)
        assert_fits(page)
    finally:
        context.close()


def assert_fits(page: Page) -> None:
    """Nothing wider than the screen: no sideways scrolling on a phone."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width}px wide"


def test_it_plays_with_plain_forms_when_javascript_is_off(browser, live_server):
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/fr/practice/french/")
        page.locator("form.new-game button[type=submit]").click()
        expect(page).to_have_url(f"{live_server.url}/fr/practice/french/")

        page.locator('#call-form button[value="take"], #call-form button[value="pass"]').first.click()

        # The post answered with a redirect to the table: reloading it posts nothing again.
        expect(page).to_have_url(f"{live_server.url}/fr/practice/french/")
        game = PracticeGame.objects.get()
        assert game.move == 1 and game.hands[0]["actions"][0][1] == "S"
        expect(page.locator("h1")).to_contain_text(
            catalog("fr", "Practice table · %(variant)s").split("·")[0].strip()
        )
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_axe_finds_no_barrier_at_the_practice_table(page, live_server, saudi, lang):
    from tests.browser.test_accessibility import barriers

    base = f"{live_server.url}/{lang}"
    page.goto(f"{base}/practice/")
    problems = [f"index: {p}" for p in barriers(page)]
    page.goto(f"{base}/practice/saudi/")
    problems += [f"start: {p}" for p in barriers(page)]
    start(page, live_server.url, "saudi", lang=lang)
    problems += [f"auction: {p}" for p in barriers(page)]
    page.locator("#call-form .choices-refused button").first.click()
    expect(page.locator("#refusal")).to_be_visible()
    problems += [f"refused call: {p}" for p in barriers(page)]
    while page.locator(BOARD).get_attribute("data-phase") != "play":
        take_a_turn(page)
    page.locator(".why-form button").click()
    expect(page.locator("#why h2")).to_be_visible()
    problems += [f"why: {p}" for p in barriers(page)]
    play_until_scored(page)
    problems += [f"scored: {p}" for p in barriers(page)]
    game = PracticeGame.objects.get()
    page.goto(f"{base}/practice/game/{game.pk}/hand/1/?trick=8")
    problems += [f"replay: {p}" for p in barriers(page)]
    page.goto(f"{base}/practice/puzzle/sa-follow-1/")
    problems += [f"from a puzzle: {p}" for p in barriers(page)]

    assert problems == []
