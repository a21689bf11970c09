"""Nothing is lost by one click, in a real browser: in Arabic on a phone and in French on a desktop.

A teacher archives a drill: the link opens a page that says what will happen, the button on it
archives; the drill moves under "Archived" on the class page and its pupil's answer stays; the
Restore button gives it back. Then the teacher removes a pupil, who appears under "Former
pupils", and brings them back. The confirmation pages are plain pages and forms: the same steps
work with JavaScript off. No page is wider than the screen.
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
NAMES = {
    "ar": {"class": "نادي الرياض", "pupil": "سارة", "drill": "اتبع النوع"},
    "fr": {"class": "Club de Casablanca", "pupil": "Zoé Lefèvre", "drill": "Fournir"},
}


def catalog(lang: str, text: str) -> str:
    with translation.override(lang):
        return gettext(text)


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def make_class(lang: str, django_user_model) -> tuple[Classroom, Drill, object]:
    names = NAMES[lang]
    teacher = django_user_model.objects.create_user(username="t@example.com", password=PASSWORD)
    Account.objects.create(user=teacher, role=Role.TEACHER, display_name="Mme Haddad")
    classroom = Classroom.objects.create(name=names["class"], code="ABC234", owner=teacher)
    classroom.teachers.add(teacher)
    pupil = django_user_model.objects.create_user(username="kam472", password=PASSWORD)
    Account.objects.create(user=pupil, role=Role.STUDENT, display_name=names["pupil"])
    Membership.objects.create(classroom=classroom, student=pupil)
    drill = Drill.objects.create(classroom=classroom, title=names["drill"], due=dt.date(2030, 1, 31))
    puzzle = Puzzle.objects.get(key="sa-winner-1")
    DrillItem.objects.create(drill=drill, order=1, puzzle=puzzle)
    Attempt.objects.create(
        puzzle=puzzle, session_key="s", user=pupil, answer="W", correct=True, token="t-1", drill=drill
    )
    return classroom, drill, pupil


def sign_in(page: Page, base: str, lang: str) -> None:
    page.goto(f"{base}/{lang}/accounts/login/")
    page.fill("input[name=username]", "t@example.com")
    page.fill("input[name=password]", PASSWORD)
    page.get_by_role("button", name=catalog(lang, "Sign in"), exact=True).click()


def fits_the_screen(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{width}px wide on a {page.viewport_size['width']}px screen"


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
@pytest.mark.parametrize("lang", ["ar", "fr"])
def test_a_teacher_confirms_archives_and_restores(
    new_context, live_server, saudi, django_user_model, artifacts, lang, javascript
):
    classroom, drill, pupil = make_class(lang, django_user_model)
    names, base = NAMES[lang], live_server.url
    page = new_context(viewport=SCREENS[lang], java_script_enabled=javascript).new_page()
    sign_in(page, base, lang)
    expect(page.locator("html")).to_have_attribute("dir", "rtl" if lang == "ar" else "ltr")

    # Archive the drill: the link asks first, and asking changes nothing.
    page.goto(f"{base}/{lang}/drills/{drill.pk}/edit/")
    page.get_by_role("link", name=catalog(lang, "Archive this drill"), exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(names["drill"])
    expect(page.get_by_text(catalog(lang, "The pupils no longer see it among their drills."))).to_be_visible()
    fits_the_screen(page)
    if javascript:
        page.screenshot(path=artifacts / f"classes-archive-confirm-{lang}.png", full_page=True)
    drill.refresh_from_db()
    assert drill.archived_at is None
    page.get_by_role("button", name=catalog(lang, "Archive the drill"), exact=True).click()

    # The class page lists it under "Archived"; its answer is kept.
    expect(page).to_have_url(f"{base}/{lang}/classes/{classroom.pk}/")
    archived = page.locator("#archived-drills + ul")
    expect(archived).to_contain_text(names["drill"])
    drill.refresh_from_db()
    assert drill.archived_at is not None and Attempt.objects.filter(drill=drill).count() == 1

    # Restore gives it back.
    archived.get_by_role("button", name=catalog(lang, "Restore")).click()
    expect(page.locator("#archived-drills")).to_have_count(0)
    drill.refresh_from_db()
    assert drill.archived_at is None

    # Remove the pupil: asked first, then listed as a former pupil, then brought back.
    page.get_by_role("link", name=catalog(lang, "Remove from the class")).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(names["pupil"])
    page.get_by_role("button", name=catalog(lang, "Remove from the class"), exact=True).click()
    former = page.locator("#former-pupils ~ ul.former")
    expect(former).to_contain_text(names["pupil"])
    fits_the_screen(page)
    if javascript:
        page.screenshot(path=artifacts / f"classes-former-pupils-{lang}.png", full_page=True)
    assert Membership.objects.get(student=pupil).left_at is not None
    former.get_by_role("button", name=catalog(lang, "Bring back into the class")).click()
    expect(page.locator("#former-pupils")).to_have_count(0)
    assert Membership.objects.get(student=pupil).left_at is None
