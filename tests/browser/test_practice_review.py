"""The review of a finished practice hand in a real browser, in Arabic on a phone and in French on a
desk: a card the hint gave is played and the review does not mark it; a card the coach rates
clearly worse (from the learner's seat) is played on purpose and marked on the replay with what it
cost on average, and "Practise this position" puts the position in the learner's review queue."""

import pytest
from playwright.sync_api import Page, expect

from engine.bots import view_of
from engine.coach.evaluator import evaluate
from engine.coach.review import judge
from lessons.models import HandReview, PracticeGame, ReviewItem, ReviewStatus
from lessons.practice.review import SAMPLES
from lessons.practice.state import COACH_SEED, Table
from tests.browser.browsing import PHONE
from tests.browser.test_practice import BOARD, board_move, start, take_a_turn, wait_for_move_after

DESK = {"width": 1280, "height": 900}


def costly_card(game: PracticeGame) -> tuple[str, int] | None:
    """A legal card of the learner now that the review will mark (judged from the learner's seat,
    on the hint's own samples) and that loses points with every hand seen too (so that its position
    makes a puzzle to practise), and its expected loss in card points."""
    table = Table(game)
    view = view_of(table.hand, table.learner)
    evaluation = evaluate(view, COACH_SEED, SAMPLES)
    for card in sorted(evaluation.options, key=evaluation.loss, reverse=True):
        if not evaluation.mistake(card):
            break
        judged = judge(view, card, COACH_SEED, SAMPLES, table.hand.tricks.hands)
        if judged.open is not None and judged.open.loss > 0:
            return card, round(evaluation.loss(card))
    return None


def play_a_hand_with_a_mistake(page: Page) -> tuple[int, str, int, int]:
    """Play the hand through the page: once the hinted card, once a costly card on purpose;
    (the costly card's trick, the card, its cost, the hinted card's trick)."""
    made = None
    hinted = 0
    for _ in range(80):
        if page.locator("#hand-score").count():
            assert made is not None and hinted, "no costly card could be played in this hand"
            return (*made, hinted)
        board = page.locator(BOARD)
        if board.get_attribute("data-phase") == "play":
            game = PracticeGame.objects.get()
            table = Table(game)
            trick = len(table.hand.tricks.taken) + 1
            if table.learner_to_act() and not hinted and table.hand.legal().bit_count() > 1:
                move = board_move(page)
                page.locator("#hint-button").click()
                wait_for_move_after(page, move)
                choice = PracticeGame.objects.get().hands[-1]["hint"]["choice"]
                move = board_move(page)
                page.locator(f'#play-form button.card[value="{choice}"]').click()
                wait_for_move_after(page, move)
                hinted = trick
                continue
            found = costly_card(game) if made is None and hinted and table.learner_to_act() else None
            if found is not None:
                card, loss = found
                move = board_move(page)
                page.locator(f'#play-form button.card[value="{card}"]').click()
                wait_for_move_after(page, move)
                made = (trick, card, loss)
                continue
        take_a_turn(page)
    raise AssertionError("the hand never ended")


def start_and_play_a_hand_with_a_mistake(
    page: Page, base: str, variant: str, lang: str
) -> tuple[int, str, int, int]:
    """A new game against random bots and its first hand, once the hinted card and once a costly
    card on purpose (a hand may offer none: then another game, three times at most)."""
    for attempt in range(3):
        start(page, base, variant, lang=lang, level="random")
        try:
            return play_a_hand_with_a_mistake(page)
        except AssertionError:
            if attempt == 2:
                raise
            PracticeGame.objects.all().delete()
    raise AssertionError("unreachable")


@pytest.mark.parametrize(("lang", "variant", "screen"), [("ar", "saudi", "phone"), ("fr", "french", "desk")])
def test_a_deliberate_mistake_is_marked_with_its_cost(
    new_context, live_server, lang, variant, screen, artifacts, fixed_deals
):
    if screen == "phone":
        page = new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True).new_page()
    else:
        page = new_context(viewport=DESK).new_page()
    trick, card, loss, hinted = start_and_play_a_hand_with_a_mistake(page, live_server.url, variant, lang)
    game = PracticeGame.objects.get()
    row = HandReview.objects.get(game=game, hand=1)
    assert row.status == ReviewStatus.DONE
    # The table links the hand just over to its review.
    expect(page.locator("#see-review")).to_be_visible()
    page.screenshot(path=artifacts / f"review-{lang}-{screen}-table.png", full_page=True)

    page.goto(f"{live_server.url}/{lang}/practice/game/{game.pk}/hand/1/?trick={trick}")

    mark = page.locator(f"#mistake-{trick}")
    expect(mark).to_be_visible()
    # The card the hint gave is never marked: the review judged it on the hint's own deals.
    expect(page.locator(f"#mistake-{hinted}")).to_have_count(0)
    assert not [c for c in row.result["cards"] if c["trick"] == hinted]
    expect(mark.locator(".mistake-why")).to_be_visible()
    expect(mark.locator(".mistake-judged")).to_be_visible()
    expect(mark).to_have_attribute("data-card", card)
    expect(mark).to_have_attribute("data-loss", str(loss))
    expect(page.locator(".step-mistake")).to_be_visible()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width}px wide"
    page.screenshot(path=artifacts / f"review-{lang}-{screen}.png", full_page=True)
    page.locator("#hand-review").screenshot(path=artifacts / f"review-{lang}-{screen}-marks.png")
    from tests.browser.test_accessibility import barriers

    assert barriers(page) == []

    mark.locator(".mistake-practise button").click()

    expect(page.locator(f"#mistake-{trick} .mistake-practised")).to_be_visible()
    assert ReviewItem.objects.filter(puzzle__key__startswith=f"mine-{game.pk}-1-{trick}-").count() == 1
    page.screenshot(path=artifacts / f"review-{lang}-{screen}-practised.png", full_page=True)


def test_the_replay_waits_for_the_review_and_shows_it_when_stored(new_context, live_server, artifacts):
    page = new_context(viewport=DESK).new_page()
    start(page, live_server.url, "french", lang="fr", level="random")
    for _ in range(80):
        if page.locator("#hand-score").count():
            break
        take_a_turn(page)
    game = PracticeGame.objects.get()
    row = HandReview.objects.get(game=game, hand=1)
    stored = row.result
    # As if the worker had not run yet.
    HandReview.objects.filter(pk=row.pk).update(status=ReviewStatus.PENDING, result={})

    page.goto(f"{live_server.url}/fr/practice/game/{game.pk}/hand/1/")

    expect(page.locator(".review-pending")).to_be_visible()
    page.locator("#hand-review").screenshot(path=artifacts / "review-fr-pending.png")
    HandReview.objects.filter(pk=row.pk).update(status=ReviewStatus.DONE, result=stored)
    # The page asks again by itself (htmx) and shows the stored review without a reload.
    expect(page.locator(".review-pending")).to_have_count(0)
    expect(page.locator("#hand-review [role=status]")).to_be_visible()
    marks = len(stored["cards"]) + len(stored["bids"]) + len(stored.get("doubles", []))
    assert page.locator("#hand-review .mistake").count() == marks


@pytest.mark.parametrize(("lang", "screen"), [("ar", "phone"), ("fr", "desk")])
def test_a_bad_double_is_marked_on_the_replay(new_context, live_server, client, lang, screen, artifacts):
    from django.conf import settings

    from tests.site.practice.test_hand_review import a_hand_with_a_double

    game, n, marked = a_hand_with_a_double(client, lang=lang)
    if screen == "phone":
        context = new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
    else:
        context = new_context(viewport=DESK)
    # The game belongs to the session that played it.
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": live_server.url}])
    page = context.new_page()

    page.goto(f"{live_server.url}/{lang}/practice/game/{game.pk}/hand/{n}/")

    mark = page.locator("#hand-review .double-mistake")
    expect(mark).to_be_visible()
    expect(mark).to_have_attribute("data-points", str(marked["points"]))
    expect(mark).to_contain_text("الدبل" if lang == "ar" else "doubler ici risquait")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width}px wide"
    page.locator("#hand-review").screenshot(path=artifacts / f"review-double-{lang}-{screen}.png")
    page.screenshot(path=artifacts / f"review-double-{lang}-{screen}-page.png", full_page=True)
