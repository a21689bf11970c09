"""A learner's path in the browser: lesson after lesson to the end of a course; stars and the
review queue kept when signing in.

In Arabic and French: one right-to-left language, one left-to-right.
"""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone
from playwright.sync_api import Page, expect

from lessons.models import Course, ReviewItem
from tests.browser.browsing import PHONE
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import PASSWORD


@pytest.mark.parametrize(("lang", "variant"), [("ar", "saudi"), ("fr", "french")])
def test_next_lesson_leads_from_the_first_lesson_to_the_last(page: Page, live_server, lang, variant):
    call_command("load_curriculum", stdout=None)
    course = Course.objects.get(key=variant)  # the rules course (the variant's own key)
    lessons = list(course.lessons.all())  # a checkpoint right after the lesson it follows
    checkpoints = {lesson.slug for lesson in lessons if lesson.checkpoint}

    page.goto(f"{live_server.url}/{lang}/")
    page.locator(f'.tiles a[href="/{lang}/learn/{variant}/{lessons[0].slug}/1/"]').click()
    visited = []
    while True:
        visited.append(page.url.split("/learn/")[1].split("/")[1])
        page.locator(".step-dots li:last-child a").click()  # the lesson's last step
        end = page.locator(".lesson-end")
        expect(end).to_be_visible()
        if visited[-1] in checkpoints:
            # A checkpoint ends with no key points; its stars head each of its pages.
            expect(page.locator(".checkpoint-note .stars")).to_be_visible()
        else:
            assert end.locator(".recap li").count() >= 2
        first_hand = end.locator(f'a[href="/{lang}/practice/guided/{variant}/"]')  # its guided first hand
        expect(first_hand).to_have_count(1 if visited[-1] == course.first_hand_after else 0)
        following = end.locator('a[rel="next"]')
        if following.count() == 0:
            break
        following.click()
        expect(page.locator("h1")).to_be_visible()

    assert visited == [lesson.slug for lesson in lessons]


def make_due() -> None:
    ReviewItem.objects.update(due=timezone.now() - timedelta(minutes=1))


@pytest.mark.parametrize("lang", ["ar", "fr"])
def test_stars_and_the_review_queue_survive_signing_in(page: Page, live_server, saudi, student, lang):
    base = f"{live_server.url}/{lang}"
    page.goto(f"{base}/learn/saudi/follow-suit/2/")
    card = page.locator("#answer-form button.card")
    card.and_(page.locator('[value="AS"]')).click()  # wrong: it does not follow clubs
    expect(page.locator("#verdict.verdict-wrong")).to_be_visible()
    card.and_(page.locator('[value="KC"]')).click()
    expect(page.locator("#verdict.verdict-right")).to_be_visible()
    page.goto(f"{base}/learn/saudi/")
    stars = page.locator(".lesson-list .tile").first.locator(".stars")
    expect(stars).to_have_class("stars stars-1")
    before = stars.inner_text()

    page.goto(f"{base}/accounts/login/")
    page.fill("input[name=username]", "kam472")
    page.fill("input[name=password]", PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_load_state()

    page.goto(f"{base}/learn/saudi/")
    expect(page.locator(".lesson-list .tile").first.locator(".stars")).to_have_text(before)
    assert ReviewItem.objects.get().user == student
    make_due()
    page.goto(f"{base}/")
    page.locator('a[href$="/review/"]').first.click()
    expect(page).to_have_url(f"{base}/review/sa-follow-1/")
    card = page.locator("#answer-form button.card")
    card.and_(page.locator('[value="KC"]')).click()
    expect(page.locator("#verdict.verdict-right")).to_be_visible()
    assert ReviewItem.objects.get().stage == 1


@pytest.mark.parametrize("lang", ["ar", "fr"])
def test_the_path_pages_and_the_glossary_fit_a_phone_screen(new_context, live_server, saudi, lang):
    page = new_context(viewport=PHONE).new_page()
    for path in ("", "learn/saudi/", "learn/saudi/follow-suit/3/", "progress/", "review/", "glossary/"):
        page.goto(f"{live_server.url}/{lang}/{path}")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], f"/{lang}/{path} is {width}px wide on a {PHONE['width']}px screen"
