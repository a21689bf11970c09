"""The review of a finished practice hand in a real browser, in Arabic on a phone and in French on a
desk: a card played deliberately worse than the best is marked on the replay with the card points
it cost, and "Practise this position" puts the position in the learner's review queue."""

import pytest
from playwright.sync_api import Page, expect

from engine.solver.review import review
from lessons.models import HandReview, PracticeGame, ReviewItem, ReviewStatus
from lessons.practice.state import Table
from tests.browser.browsing import PHONE
from tests.browser.test_practice import BOARD, board_move, start, take_a_turn, wait_for_move_after

DESK = {"width": 1280, "height": 900}


def costly_card(game: PracticeGame) -> tuple[str, int] | None:
    """A legal card of the learner now that loses card points against the best, and what it loses."""
    table = Table(game)
    hand = table.hand
    t = hand.tricks
    plays = [m.card for m in t.moves]
    legal = [c for c in range(32) if hand.legal() >> c & 1]
    leader = t.taken[0].leader if t.taken else t.leader
    taker = hand.contract.taker
    judged = review(
        table.rules,
        t.trump,
        list(hand.full_hands),
        leader,
        [*plays, legal[0]],
        table.learner,
        taker.team,
        (),
        taker,
    )
    values = judged.decisions[-1].values
    worst = min(values, key=values.get)
    loss = max(values.values()) - values[worst]
    return (str(worst), loss) if loss > 0 else None


def play_a_hand_with_a_mistake(page: Page) -> tuple[int, str, int]:
    """Play the hand through the page, once a costly card on purpose; (its trick, the card, its cost)."""
    made = None
    for _ in range(80):
        if page.locator("#hand-score").count():
            assert made is not None, "no costly card could be played in this hand"
            return made
        board = page.locator(BOARD)
        if made is None and board.get_attribute("data-phase") == "play":
            game = PracticeGame.objects.get()
            found = costly_card(game)
            if found is not None:
                card, loss = found
                trick = len(Table(game).hand.tricks.taken) + 1
                move = board_move(page)
                page.locator(f'#play-form button.card[value="{card}"]').click()
                wait_for_move_after(page, move)
                made = (trick, card, loss)
                continue
        take_a_turn(page)
    raise AssertionError("the hand never ended")


def start_and_play_a_hand_with_a_mistake(
    page: Page, base: str, variant: str, lang: str
) -> tuple[int, str, int]:
    """A new game against random bots and its first hand, once a costly card on purpose (a hand
    may offer none: then another game, three times at most)."""
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
    new_context, live_server, lang, variant, screen, artifacts
):
    if screen == "phone":
        page = new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True).new_page()
    else:
        page = new_context(viewport=DESK).new_page()
    trick, card, loss = start_and_play_a_hand_with_a_mistake(page, live_server.url, variant, lang)
    game = PracticeGame.objects.get()
    row = HandReview.objects.get(game=game, hand=1)
    assert row.status == ReviewStatus.DONE
    # The table links the hand just over to its review.
    expect(page.locator("#see-review")).to_be_visible()
    page.screenshot(path=artifacts / f"review-{lang}-{screen}-table.png", full_page=True)

    page.goto(f"{live_server.url}/{lang}/practice/game/{game.pk}/hand/1/?trick={trick}")

    mark = page.locator(f"#mistake-{trick}")
    expect(mark).to_be_visible()
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
