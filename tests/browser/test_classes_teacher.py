"""What a teacher meets, in a real browser: in Arabic on a phone and in French on a desktop.

A pupil following an old join link lands on a page that says no class has the code, with the
box to type it again; login cards keep each password on one line. No page is wider than the
screen.
"""

import datetime as dt

import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Page, expect

from lessons.models import Account, Attempt, Classroom, Drill, DrillItem, Membership, Puzzle, Role
from tests.browser.browsing import DESKTOP, PHONE

PASSWORD = "a long pass phrase 42"
SCREENS = {"ar": PHONE, "fr": DESKTOP}
CLASS_NAMES = {"ar": "نادي الرياض", "fr": "Club de Casablanca"}
PUPILS = {"ar": ["سارة العتيبي", "عبدالرحمن", "نورة"], "fr": ["Zoé Lefèvre", "Jean-Baptiste", "Inès"]}


def catalog(lang: str, text: str) -> str:
    with translation.override(lang):
        return gettext(text)


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def make_class(lang: str, django_user_model) -> Classroom:
    teacher = django_user_model.objects.create_user(username="t@example.com", password=PASSWORD)
    Account.objects.create(user=teacher, role=Role.TEACHER, display_name="Mme Haddad")
    classroom = Classroom.objects.create(name=CLASS_NAMES[lang], code="ABC234", owner=teacher)
    classroom.teachers.add(teacher)
    return classroom


def sign_in(page: Page, base: str, lang: str) -> None:
    page.goto(f"{base}/{lang}/accounts/login/")
    page.fill("input[name=username]", "t@example.com")
    page.fill("input[name=password]", PASSWORD)
    page.get_by_role("button", name=catalog(lang, "Sign in"), exact=True).click()


def fits_the_screen(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{width}px wide on a {page.viewport_size['width']}px screen"


@pytest.mark.parametrize("lang", ["ar", "fr"])
def test_an_old_join_link_offers_to_retype_the_code(
    new_context, live_server, django_user_model, artifacts, lang
):
    classroom = make_class(lang, django_user_model)
    page = new_context(viewport=SCREENS[lang]).new_page()

    page.goto(f"{live_server.url}/{lang}/join/ABC23Z/")

    expect(page.get_by_role("heading", level=1)).to_have_text(catalog(lang, "No class has this code"))
    fits_the_screen(page)
    page.screenshot(path=artifacts / f"classes-unknown-code-{lang}.png", full_page=True)
    page.locator("input[name=code]").fill("abc-234")
    page.get_by_role("button", name=catalog(lang, "Continue"), exact=True).click()
    expect(page).to_have_url(f"{live_server.url}/{lang}/join/{classroom.code}/")


@pytest.mark.parametrize("lang", ["ar", "fr"])
def test_a_login_cards_password_stays_on_one_line(
    new_context, live_server, django_user_model, artifacts, lang
):
    classroom = make_class(lang, django_user_model)
    base = live_server.url
    page = new_context(viewport=SCREENS[lang]).new_page()
    sign_in(page, base, lang)

    page.goto(f"{base}/{lang}/classes/{classroom.pk}/students/new/")
    page.locator("textarea[name=names]").fill("\n".join(PUPILS[lang]))
    page.locator("form.stacked button[type=submit]").click()

    expect(page.locator(".login-card")).to_have_count(3)
    fits_the_screen(page)
    page.screenshot(path=artifacts / f"classes-login-cards-{lang}.png", full_page=True)
    lines = page.evaluate(
        """() => [...document.querySelectorAll('.login-card dd.secret')].map(dd => {
            const range = document.createRange(); range.selectNodeContents(dd);
            return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
        })"""
    )
    assert lines == [1] * 6


@pytest.mark.parametrize("lang", ["ar", "fr"])
def test_a_new_teacher_finds_the_way_in_from_the_home_page(new_context, live_server, db, artifacts, lang):
    page = new_context(viewport=SCREENS[lang]).new_page()
    page.goto(f"{live_server.url}/{lang}/")

    page.get_by_role("link", name=catalog(lang, "What the site does for a class, and how to start")).click()

    expect(page.get_by_role("heading", level=1)).to_have_text(catalog(lang, "For teachers"))
    expect(page.get_by_role("heading", name=catalog(lang, "How to start"))).to_be_visible()
    fits_the_screen(page)
    page.screenshot(path=artifacts / f"classes-for-teachers-{lang}.png", full_page=True)
    page.get_by_role("link", name=catalog(lang, "Create a teacher account")).first.click()
    expect(page).to_have_url(f"{live_server.url}/{lang}/accounts/signup/")


ZONES = {"ar": "Asia/Riyadh", "fr": "Europe/Paris"}


@pytest.mark.parametrize("lang", ["ar", "fr"])
def test_a_drill_gets_a_due_time_in_the_teachers_zone_and_is_copied(
    new_context, live_server, saudi, django_user_model, artifacts, lang
):
    classroom = make_class(lang, django_user_model)
    drill = Drill.objects.create(classroom=classroom, title="Week 1", draft=True)
    DrillItem.objects.create(drill=drill, order=1, puzzle=Puzzle.objects.get(key="sa-winner-1"))
    base = live_server.url
    page = new_context(viewport=SCREENS[lang], timezone_id=ZONES[lang]).new_page()
    sign_in(page, base, lang)

    page.goto(f"{base}/{lang}/drills/{drill.pk}/edit/")
    page.fill("input[name=due]", "2030-02-01")
    page.fill("input[name=due_time]", "18:00")
    page.get_by_role("button", name=catalog(lang, "Save"), exact=True).click()
    page.get_by_role("button", name=catalog(lang, "Give it to the pupils now")).click()

    drill.refresh_from_db()
    assert (drill.time_zone, drill.due_time, drill.draft) == (ZONES[lang], dt.time(18, 0), False)
    page.screenshot(path=artifacts / f"classes-drill-edit-{lang}.png", full_page=True)
    page.get_by_role("button", name=catalog(lang, "Make a copy")).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Week 1")
    copy = Drill.objects.exclude(pk=drill.pk).get()
    assert copy.draft and copy.items.count() == 1


@pytest.mark.parametrize("lang", ["ar", "fr"])
def test_from_the_error_table_to_the_puzzle_and_the_pupils(
    new_context, live_server, saudi, django_user_model, artifacts, lang
):
    classroom = make_class(lang, django_user_model)
    drill = Drill.objects.create(classroom=classroom, title="Week 1", due=dt.date(2030, 1, 31))
    puzzle = Puzzle.objects.get(key="sa-winner-1")
    DrillItem.objects.create(drill=drill, order=1, puzzle=puzzle)
    for n, name in enumerate(PUPILS[lang]):
        pupil = django_user_model.objects.create_user(username=f"kam47{n}", password=PASSWORD)
        Account.objects.create(user=pupil, role=Role.STUDENT, display_name=name)
        Membership.objects.create(classroom=classroom, student=pupil)
        Attempt.objects.create(
            puzzle=puzzle, session_key="s", user=pupil, answer="E", correct=False, token=f"t-{n}", drill=drill
        )
    base = live_server.url
    page = new_context(viewport=SCREENS[lang]).new_page()
    sign_in(page, base, lang)

    page.goto(f"{base}/{lang}/classes/{classroom.pk}/dashboard/")
    fits_the_screen(page)
    page.screenshot(path=artifacts / f"classes-dashboard-{lang}.png", full_page=True)
    page.goto(f"{base}/{lang}/classes/{classroom.pk}/dashboard/puzzles/")
    fits_the_screen(page)
    page.screenshot(path=artifacts / f"classes-puzzle-report-{lang}.png", full_page=True)
    page.get_by_role("link", name=PUPILS[lang][0]).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(PUPILS[lang][0])

    page.goto(f"{base}/{lang}/classes/{classroom.pk}/dashboard/puzzles/")
    page.locator("table.data th a").first.click()
    expect(page).to_have_url(f"{base}/{lang}/classes/{classroom.pk}/dashboard/puzzles/{puzzle.pk}/")
    expect(page.locator("table.data td a[href*='/students/']")).to_have_count(3)  # the pupils who gave it
    fits_the_screen(page)
    page.screenshot(path=artifacts / f"classes-class-puzzle-{lang}.png", full_page=True)
    page.goto(f"{base}/{lang}/classes/{classroom.pk}/")
    fits_the_screen(page)
    page.screenshot(path=artifacts / f"classes-detail-{lang}.png", full_page=True)


@pytest.mark.parametrize("lang", ["ar", "fr"])
def test_a_word_to_the_class_reaches_the_pupils_drills_page(
    new_context, live_server, django_user_model, artifacts, lang
):
    classroom = make_class(lang, django_user_model)
    pupil = django_user_model.objects.create_user(username="kam470", password=PASSWORD)
    Account.objects.create(user=pupil, role=Role.STUDENT, display_name=PUPILS[lang][0])
    Membership.objects.create(classroom=classroom, student=pupil)
    base = live_server.url
    page = new_context(viewport=SCREENS[lang]).new_page()
    sign_in(page, base, lang)
    words = {"ar": "اختبار يوم الخميس", "fr": "Contrôle jeudi"}[lang]

    page.goto(f"{base}/{lang}/classes/{classroom.pk}/")
    page.fill("textarea[name=announcement]", words)
    page.locator("#announcement-section button[type=submit]").click()
    if page.locator(".menu-button").is_visible():  # on a phone, the links are in the menu
        page.locator(".menu-button").click()
    page.get_by_role("button", name=catalog(lang, "Sign out")).click()

    page.goto(f"{base}/{lang}/accounts/login/")
    page.fill("input[name=username]", "kam470")
    page.fill("input[name=password]", PASSWORD)
    page.get_by_role("button", name=catalog(lang, "Sign in"), exact=True).click()
    page.goto(f"{base}/{lang}/drills/")
    expect(page.locator(".announcement")).to_contain_text(words)
    fits_the_screen(page)
    page.screenshot(path=artifacts / f"classes-announcement-{lang}.png", full_page=True)
