"""A drill's hand in a real browser (Arabic on a phone, French on a desktop): the teacher adds a
guided first hand to the drill, the pupil plays it from the drill's page to its score, and both
see it done."""

import re

import pytest
from playwright.sync_api import expect

from lessons.models import Account, Drill, Membership, PracticeGame, Role
from lessons.practice import guided
from lessons.practice.state import Table
from tests.browser.test_classes_teacher import (
    PASSWORD,
    PUPILS,
    SCREENS,
    catalog,
    fits_the_screen,
    make_class,
    sign_in,
)
from tests.browser.test_practice import board_move, wait_for_move_after


def play_the_guided_hand(page):
    g = guided.guide("saudi")
    for _ in range(20):
        table = Table(PracticeGame.objects.get())
        kind, value = guided.expected(g, table)
        if not kind:
            return
        move = board_move(page)
        if kind == "call":
            page.locator(f'#call-form .choices:not(.choices-refused) button[value="{value}"]').click()
        elif kind == "declare":
            for project in value.split(","):
                page.locator(f'#declare-form select[name="n_{project}"]').select_option("1")
            page.locator("#declare").click()
        else:
            page.locator(f'#play-form button.card[value="{value}"]').click()
        wait_for_move_after(page, move)
    raise AssertionError("the guided hand did not end")


@pytest.mark.parametrize("lang", ["ar", "fr"])
def test_a_pupil_plays_the_drills_guided_hand_and_the_teacher_sees_it_done(
    new_context, live_server, saudi, django_user_model, artifacts, lang
):
    classroom = make_class(lang, django_user_model)
    drill = Drill.objects.create(classroom=classroom, title="Week 1")
    pupil = django_user_model.objects.create_user(username="kam472", password=PASSWORD)
    Account.objects.create(user=pupil, role=Role.STUDENT, display_name=PUPILS[lang][0])
    Membership.objects.create(classroom=classroom, student=pupil)
    base = live_server.url
    done = catalog(lang, "played to the end")

    teacher_page = new_context(viewport=SCREENS[lang]).new_page()
    sign_in(teacher_page, base, lang)
    teacher_page.goto(f"{base}/{lang}/drills/{drill.pk}/edit/")
    teacher_page.select_option("#add-hand-variant", "saudi")
    teacher_page.select_option("#add-hand-kind", "guided")
    teacher_page.get_by_role("button", name=catalog(lang, "Add the hand")).click()
    expect(teacher_page.locator("#items + ol, section[aria-labelledby=items]").first).to_contain_text(
        # The words before the variant's name, whatever separates them in the language (· or |).
        re.split(r"[·|]", catalog(lang, "A guided first hand · %(variant)s"))[0].strip()
    )
    fits_the_screen(teacher_page)
    teacher_page.screenshot(path=artifacts / f"drill-hand-editor-{lang}.png", full_page=True)

    page = new_context(viewport=SCREENS[lang]).new_page()
    page.goto(f"{base}/{lang}/accounts/login/")
    page.fill("input[name=username]", "kam472")
    page.fill("input[name=password]", PASSWORD)
    page.get_by_role("button", name=catalog(lang, "Sign in"), exact=True).click()
    page.goto(f"{base}/{lang}/drills/{drill.pk}/")
    expect(page.locator(".item-list")).to_contain_text(catalog(lang, "not played yet"))
    fits_the_screen(page)
    page.screenshot(path=artifacts / f"drill-hand-pupil-before-{lang}.png", full_page=True)
    page.get_by_role("button", name=catalog(lang, "Play"), exact=True).click()
    expect(page.locator("#coach")).to_be_visible()

    play_the_guided_hand(page)

    expect(page.locator("#hand-score")).to_be_visible()
    page.goto(f"{base}/{lang}/drills/{drill.pk}/")
    expect(page.locator(".item-list")).to_contain_text(done)
    fits_the_screen(page)
    page.screenshot(path=artifacts / f"drill-hand-pupil-after-{lang}.png", full_page=True)

    teacher_page.goto(f"{base}/{lang}/drills/{drill.pk}/")
    expect(teacher_page.locator("#hands-h2 + ul")).to_contain_text(PUPILS[lang][0])
    expect(teacher_page.locator("#hands-h2 + ul")).to_contain_text(done)
    fits_the_screen(teacher_page)
    teacher_page.screenshot(path=artifacts / f"drill-hand-teacher-{lang}.png", full_page=True)
    teacher_page.locator("#hands-h2 + ul a").first.click()
    expect(teacher_page.locator("#pupil-practice")).to_be_visible()
    teacher_page.screenshot(path=artifacts / f"drill-hand-pupil-hands-{lang}.png", full_page=True)
