"""Two-player Belote découverte in a real browser: a whole hand, the auction and sixteen tricks,
played through the page against the bot, each trick explained, the score as the engine gives
it; in French on a desk and in Arabic on a phone; and with plain forms when JavaScript is off.

The deal is seeded (``secrets.randbelow`` patched: the live server runs in this process), so
the same hand is played every run.
"""

from unittest import mock

import pytest
from playwright.sync_api import Page, expect

from engine.cards import CARDS, Seat, cards_of
from lessons.models import PracticeGame
from lessons.practice.decouverte.game import rebuild
from tests.browser.browsing import PHONE
from tests.site.practice.test_decouverte import engine_score

BOARD = "#practice-board"
SEED = 7


@pytest.fixture
def seeded():
    with mock.patch("lessons.practice.state.secrets.randbelow", lambda _: SEED):
        yield


def start(page: Page, base: str, lang: str) -> None:
    page.goto(f"{base}/{lang}/practice/french/")
    page.locator("a.decouverte-link").first.click()
    page.locator("#start-decouverte").click()
    expect(page.locator(BOARD)).to_be_visible()


def face_down_now() -> list[str]:
    d = rebuild(PracticeGame.objects.get().hands[-1])
    table = d.hand.table if d.hand is not None else d.deal.table
    return [str(CARDS[c]) for c in cards_of(table.face_down(Seat.S) | table.face_down(Seat.N))]


def take_a_turn(page: Page) -> str:
    """The learner's move: take when allowed (the first suit offered in the second round), else
    the first face-up card the rules allow. Returns the phase before the move."""
    board = page.locator(BOARD)
    phase = board.get_attribute("data-phase") or ""
    move = board.get_attribute("data-move") or ""
    if phase == "auction":
        allowed = page.locator("#call-form .choices:not(.choices-refused) button")
        values = [allowed.nth(i).get_attribute("value") for i in range(allowed.count())]
        wanted = next((v for v in values if v != "pass"), "pass")
        allowed.and_(page.locator(f'[value="{wanted}"]')).click()
    elif phase == "play":
        page.locator("#play-form button.card:not(.card-illegal)").first.click()
    else:
        raise AssertionError(f"nothing to do in the {phase} phase")
    expect(board).not_to_have_attribute("data-move", move, timeout=30_000)
    return phase


def play_the_hand(page: Page) -> list[str]:
    phases = []
    for _ in range(30):
        if page.locator("#hand-score").count():
            return phases
        # Nothing of a face-down card is in the page, whatever the state of the hand.
        html = page.content()
        for code in face_down_now():
            assert f'value="{code}"' not in html, code
        phases.append(take_a_turn(page))
    raise AssertionError("the hand never ended")


def check_the_end(page: Page) -> None:
    game = PracticeGame.objects.get()
    score = engine_score(game.hands[-1])
    points = page.locator("#hand-score [data-seat-points]")
    shown = [points.nth(i).inner_text() for i in range(points.count())]
    assert len(shown) == 2
    assert game.hands[-1]["result"]["points"] == {"S": score.points[Seat.S], "N": score.points[Seat.N]}
    steps = page.locator("#hand-score .score-steps li")
    assert [steps.nth(i).get_attribute("data-rule") for i in range(steps.count())] == [
        s.rule for s in score.steps
    ]
    # Every trick explained: both cards and why they could be played, the winner and why.
    tricks = page.locator(".dc-trick-item")
    expect(tricks).to_have_count(16)
    for i in range(16):
        trick = tricks.nth(i)
        expect(trick.locator(".dc-play")).to_have_count(2)
        expect(trick.locator('.reason[data-rule="trick.win"]')).to_have_count(1)
        assert trick.locator(".dc-play-why p").first.inner_text().strip()
    expect(tricks.nth(15).locator(".trick-points")).to_have_attribute("data-bonus", "10")  # the last trick


def test_a_hand_plays_to_the_end_in_french_with_every_trick_explained(page, live_server, seeded, artifacts):
    start(page, live_server.url, "fr")
    phases = []
    while page.locator(BOARD).get_attribute("data-phase") == "auction":
        phases.append(take_a_turn(page))
    # One hint: a face-up card marked and its principle; playing it goes on with the hand.
    page.locator("#hint-button").click()
    expect(page.locator("#hint .hint-reason").first).not_to_be_empty()
    hinted = page.locator("#play-form button.hinted")
    expect(hinted).to_have_count(1)
    assert hinted.get_attribute("value") not in face_down_now()
    move = page.locator(BOARD).get_attribute("data-move") or ""
    hinted.click()
    expect(page.locator(BOARD)).not_to_have_attribute("data-move", move)
    phases += ["play", *play_the_hand(page)]
    assert phases[0] == "auction" and phases.count("play") >= 8
    check_the_end(page)
    expect(page.locator("#hand-review")).to_be_visible()
    expect(page.locator("#hand-score")).to_contain_text("Sud")
    expect(page).to_have_url(f"{live_server.url}/fr/practice/french/decouverte/")
    page.screenshot(path=artifacts / "decouverte-fr-scored.png", full_page=True)
    # The next hand: North deals, South's score carried on the sheet.
    move = page.locator(BOARD).get_attribute("data-move") or ""
    page.locator("#next-hand").click()
    expect(page.locator(BOARD)).not_to_have_attribute("data-move", move)
    expect(page.locator(".sheet-table tbody tr")).to_have_count(1)
    assert PracticeGame.objects.get().hands[1]["dealer"] == "S"


def test_a_hand_plays_to_the_end_in_arabic_on_a_phone(browser, live_server, seeded, artifacts):
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    context.set_default_timeout(20_000)
    try:
        page = context.new_page()
        start(page, live_server.url, "ar")
        expect(page.locator("html")).to_have_attribute("dir", "rtl")
        for _ in range(30):
            if page.locator(BOARD).get_attribute("data-phase") != "auction":
                break
            take_a_turn(page)
        cards = page.locator("#play-form button.card")
        for i in range(cards.count()):
            box = cards.nth(i).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
            assert box["width"] >= 44 and box["height"] >= 44
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.screenshot(path=artifacts / "decouverte-ar-phone-play.png", full_page=True)
        play_the_hand(page)
        check_the_end(page)
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.screenshot(path=artifacts / "decouverte-ar-phone-scored.png", full_page=True)
    finally:
        context.close()


def test_it_plays_with_plain_forms_when_javascript_is_off(browser, live_server, seeded):
    context = browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        start(page, live_server.url, "fr")
        url = f"{live_server.url}/fr/practice/french/decouverte/"
        expect(page).to_have_url(url)
        for _ in range(6):
            phase = page.locator(BOARD).get_attribute("data-phase")
            if phase == "auction":
                page.locator("#call-form .choices:not(.choices-refused) button").last.click()
            else:
                page.locator("#play-form button.card:not(.card-illegal)").first.click()
            # The post answered with a redirect to the table: reloading it posts nothing again.
            expect(page).to_have_url(url)
        game = PracticeGame.objects.get()
        assert game.move == 6 and ["play", "S"] in [a[:2] for a in game.hands[0]["actions"]]
        # "Why?" opens without JavaScript.
        page.locator("#why summary").click()
        expect(page.locator("#why .why-legal-title")).to_be_visible()
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_axe_finds_no_barrier_at_the_decouverte_table(page, live_server, seeded, lang):
    from tests.browser.test_accessibility import barriers

    page.goto(f"{live_server.url}/{lang}/practice/french/decouverte/")
    problems = [f"start: {p}" for p in barriers(page)]
    page.locator("#start-decouverte").click()
    expect(page.locator(BOARD)).to_be_visible()
    problems += [f"auction: {p}" for p in barriers(page)]
    while page.locator(BOARD).get_attribute("data-phase") == "auction":
        take_a_turn(page)
    page.locator("#why summary").click()
    problems += [f"play: {p}" for p in barriers(page)]
    play_the_hand(page)
    problems += [f"scored: {p}" for p in barriers(page)]
    page.goto(f"{live_server.url}/{lang}/learn/french/belote-decouverte/4/")
    problems += [f"lesson: {p}" for p in barriers(page)]
    assert problems == []
