"""A learner on their own, in a real browser on a phone, in Persian and in French: a lesson, a hand
at the practice table with its review and a personal puzzle, trainer puzzles, all before having an
account; then signing up, and finding all of it, again on a second device, and after joining a
class. The home's next step follows the learner all along; axe finds no barrier."""

import re

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from lessons.models import PracticeGame, Puzzle, ReviewItem, Source, TrainerRating
from lessons.templatetags.baloot import localize_digits
from tests.browser.browsing import PHONE
from tests.browser.test_accessibility import barriers
from tests.browser.test_practice_review import start_and_play_a_hand_with_a_mistake
from tests.browser.test_trainer import catalog
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import PASSWORD, make_class, make_teacher
from tests.site.trainer.puzzles import RIGHT, make_many

VARIANT = {"fa": "saudi", "fr": "french"}


def phone(new_context) -> BrowserContext:
    return new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)


def next_step(page: Page, base: str):
    page.goto(f"{base}/")
    return page.locator(".today a.button-link.primary").first


def finish_the_first_lesson(page: Page, base: str) -> None:
    next_step(page, base).click()
    expect(page).to_have_url(f"{base}/learn/saudi/follow-suit/1/")
    page.goto(f"{base}/learn/saudi/follow-suit/2/")
    page.locator('#answer-form button.card[value="KC"]').click()
    expect(page.locator("#verdict.verdict-right")).to_be_visible()
    page.goto(f"{base}/learn/saudi/follow-suit/3/")
    form = page.locator("#answer-form")
    for card in ("JS", "8S"):
        form.locator(f'input[name="cards"][value="{card}"]').check(force=True)
    form.locator('button[type="submit"]').last.click()
    expect(page.locator("#verdict.verdict-right")).to_be_visible()


def a_hand_reviewed_and_a_position_practised(page: Page, live_server, lang: str) -> tuple[PracticeGame, int]:
    trick, _card, _loss, _hinted = start_and_play_a_hand_with_a_mistake(
        page, live_server.url, VARIANT[lang], lang
    )
    game = PracticeGame.objects.get()
    page.goto(f"{live_server.url}/{lang}/practice/game/{game.pk}/hand/1/?trick={trick}")
    page.locator(f"#mistake-{trick} .mistake-practise button").click()
    expect(page.locator(f"#mistake-{trick} .mistake-practised")).to_be_visible()
    return game, trick


def finds_it_all(page: Page, base: str, game: PracticeGame, trick: int, personal: Puzzle) -> None:
    page.goto(f"{base}/learn/saudi/")
    expect(page.locator(".lesson-list .tile").first.locator(".stars")).to_have_class("stars stars-3")
    page.goto(f"{base}/practice/game/{game.pk}/hand/1/?trick={trick}")
    expect(page.locator(f"#mistake-{trick} .mistake-practised")).to_be_visible()  # the review, and the puzzle
    step = next_step(page, base)
    expect(step).to_have_attribute("href", "/" + base.rsplit("/", 1)[1] + "/review/")
    step.click()
    expect(page).to_have_url(f"{base}/review/{personal.key}/")
    page.goto(f"{base}/train/")
    lang = base.rsplit("/", 1)[1]
    rating = localize_digits(str(round(TrainerRating.objects.get().rating)), "native", lang)
    expect(page.locator("main")).to_contain_text(rating)


@pytest.mark.parametrize("lang", ["fa", "fr"])
def test_a_learner_keeps_everything_from_before_the_account_on_every_device(
    new_context, live_server, saudi, lang, artifacts, fixed_deals
):
    base = f"{live_server.url}/{lang}"
    make_many(2)
    classroom = make_class(make_teacher("teacher@example.com"), "Class", "LRN234")
    page = phone(new_context).new_page()
    problems: list[str] = []

    # Anonymous: the home says where to begin, then what comes next.
    finish_the_first_lesson(page, base)
    expect(next_step(page, base)).to_have_attribute("href", f"/{lang}/learn/saudi/counting/1/")
    page.screenshot(path=artifacts / f"learner-home-next-{lang}.png")
    problems += barriers(page)
    game, trick = a_hand_reviewed_and_a_position_practised(page, live_server, lang)
    personal = Puzzle.objects.get(source=Source.PERSONAL)
    page.goto(f"{base}/train/saudi/")
    page.get_by_role("button", name=re.compile(re.escape(catalog(lang, "I play often")))).click()
    page.locator(f'#answer-form button.card[value="{RIGHT}"]').click()
    expect(page.locator("#verdict.verdict-right")).to_be_visible()

    # Signing up: the page asks for a username and a password, an email only if the learner likes.
    page.goto(f"{base}/accounts/new/")
    problems += barriers(page)
    page.screenshot(path=artifacts / f"learner-signup-{lang}.png", full_page=True)
    page.fill("input[name=username]", f"layla-{lang}")
    page.fill("input[name=password]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.locator("main form button[type=submit]").click()
    expect(page).to_have_url(f"{base}/")
    assert ReviewItem.objects.get().user.username == f"layla-{lang}"
    assert TrainerRating.objects.get().user is not None
    finds_it_all(page, base, game, trick, personal)
    page.goto(f"{base}/")
    expect(page.locator(".today .course-bars progress")).to_have_count(1)
    page.screenshot(path=artifacts / f"learner-home-signed-up-{lang}.png")
    problems += barriers(page)
    page.goto(f"{base}/accounts/me/")
    problems += barriers(page)

    # A second device: signing in brings the same.
    other = phone(new_context).new_page()
    other.goto(f"{base}/accounts/login/")
    other.fill("input[name=username]", f"layla-{lang}")
    other.fill("input[name=password]", PASSWORD)
    other.locator("main form button[type=submit]").click()
    expect(other).to_have_url(f"{base}/")
    finds_it_all(other, base, game, trick, personal)

    # Joining a class keeps it all.
    other.goto(f"{base}/join/{classroom.code}/")
    other.locator("main form button[type=submit]").click()
    expect(other).to_have_url(f"{base}/classes/{classroom.pk}/")
    finds_it_all(other, base, game, trick, personal)
    assert problems == []
