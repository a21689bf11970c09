"""A pupil locked out after too many wrong passwords gets a new card and is in again, in Arabic on a phone.

The pupil types wrong passwords until the site refuses even the right one; the teacher sees
"locked out" on the pupil's page, asks for a new password, confirms, and lands on a login card
that reloads without making another; the pupil signs in with it and is told who issued it and
when. The pupil browses without JavaScript, as on a school's locked-down tablet; on the
teacher's side axe (which needs JavaScript) finds no serious or critical problem on these pages.
"""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Page, expect

from lessons.models import PasswordReset
from tests.browser.browsing import PHONE
from tests.site.classroom.base import PASSWORD, make_class, make_student, make_teacher

LANG = "ar"
AXE = Axe()


def barriers(page: Page) -> list[str]:
    found = AXE.run(page).response["violations"]
    return [f"{page.url}: {v['id']}" for v in found if v["impact"] in {"serious", "critical"}]


def catalog(text: str) -> str:
    with translation.override(LANG):
        return gettext(text)


def sign_in(page: Page, base: str, username: str, password: str) -> None:
    page.goto(f"{base}/{LANG}/accounts/login/")
    page.locator("input[name=username]").fill(username)
    page.locator("input[name=password]").fill(password)
    page.get_by_role("button", name=catalog("Sign in"), exact=True).last.click()


@pytest.fixture(autouse=True)
def quick_lockout(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.AXES_ENABLED = True
    settings.AXES_FAILURE_LIMIT = 3


def test_a_locked_out_pupil_signs_in_with_a_new_card_and_is_told(live_server, new_context):
    teacher = make_teacher("haddad@example.com", "أ. هند")
    classroom = make_class(teacher, "نادي الرياض", "ABC234")
    pupil = make_student("kam472", "سارة", classroom)
    base = live_server.url
    pupil_page = new_context(viewport=PHONE, java_script_enabled=False).new_page()
    teacher_page = new_context(viewport=PHONE).new_page()

    for _ in range(3):
        sign_in(pupil_page, base, "kam472", "wrong")
    sign_in(pupil_page, base, "kam472", PASSWORD)
    expect(pupil_page.locator("h1")).to_have_text(catalog("Too many tries"))

    sign_in(teacher_page, base, "haddad@example.com", PASSWORD)
    teacher_page.goto(f"{base}/{LANG}/classes/{classroom.pk}/students/{pupil.pk}/")
    expect(teacher_page.locator(".notice strong")).to_have_text(catalog("Locked out"))
    problems = barriers(teacher_page)
    teacher_page.get_by_role("link", name=catalog("Issue a new password")).click()
    assert not PasswordReset.objects.exists()  # the page asks first
    problems += barriers(teacher_page)
    teacher_page.get_by_role("button", name=catalog("Issue a new password")).click()
    expect(teacher_page.locator("h1")).to_have_text(catalog("Login cards"))
    password = teacher_page.locator(".login-card dd").nth(1).inner_text()
    teacher_page.reload()  # a GET: reloading issues no other password
    expect(teacher_page.locator(".login-card dd").nth(1)).to_have_text(password)
    assert PasswordReset.objects.count() == 1
    problems += barriers(teacher_page)

    sign_in(pupil_page, base, "kam472", password)

    expect(pupil_page).to_have_url(re.compile(r"/ar/accounts/password/notice/"))
    with translation.override(LANG):
        told = gettext("Your teacher %(teacher)s issued you a new password on %(date)s.").split("%(date)s")[0]
    expect(pupil_page.locator("[role=status]")).to_contain_text(told % {"teacher": "أ. هند"})
    assert pupil_page.locator("html").get_attribute("dir") == "rtl"
    pupil_page.get_by_role("link", name=catalog("Continue")).click()
    expect(pupil_page).to_have_url(f"{base}/{LANG}/drills/")
    teacher_page.goto(f"{base}/{LANG}/accounts/password/")
    problems += barriers(teacher_page)
    assert problems == []
