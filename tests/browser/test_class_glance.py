"""A teacher's class at a glance, in a real browser: in Arabic on a phone the dashboard fits the
screen, sorts its drills by status through plain links and turns the rule the class gets wrong
into a new drill in one click; in French on a desktop, a pupil's page says each mistake in words."""

import datetime as dt

from django.utils import timezone, translation
from django.utils.translation import gettext
from playwright.sync_api import expect

from lessons.models import Account, Attempt, Classroom, Drill, DrillItem, Membership, Puzzle, Role
from tests.browser.browsing import DESKTOP

PASSWORD = "a long pass phrase 42"
PHONE = {"width": 375, "height": 667}


def catalog(lang, text):
    with translation.override(lang):
        return gettext(text)


def make_class(django_user_model):
    teacher = django_user_model.objects.create_user(username="t@example.com", password=PASSWORD)
    Account.objects.create(user=teacher, role=Role.TEACHER, display_name="أ. هند")
    classroom = Classroom.objects.create(name="نادي الرياض للشباب", code="ABC234", owner=teacher)
    classroom.teachers.add(teacher)
    pupils = []
    for n, name in enumerate(["سارة العتيبي", "عبدالرحمن بن خالد", "نورة"]):
        pupil = django_user_model.objects.create_user(username=f"pupil{n}", password=PASSWORD)
        Account.objects.create(user=pupil, role=Role.STUDENT, display_name=name, home_class=classroom)
        Membership.objects.create(classroom=classroom, student=pupil)
        pupils.append(pupil)
    rules = Drill.objects.create(classroom=classroom, title="اتباع النوع")
    DrillItem.objects.create(drill=rules, puzzle=Puzzle.objects.get(key="sa-follow-1"), order=1)
    late = Drill.objects.create(classroom=classroom, title="من يأخذ الأكلة")
    late.due = timezone.localdate() - dt.timedelta(days=1)
    late.save()
    DrillItem.objects.create(drill=late, puzzle=Puzzle.objects.get(key="sa-winner-1"), order=1)
    for n, pupil in enumerate(pupils[:2]):
        Attempt.objects.create(
            puzzle=Puzzle.objects.get(key="sa-follow-1"), session_key="s", user=pupil, answer="AS",
            correct=False, seconds=20, token=f"b-{n}", drill=rules,
        )  # fmt: skip
    return classroom, pupils[0]


def sign_in(page, base, lang):
    page.goto(f"{base}/{lang}/accounts/login/")
    page.fill("input[name=username]", "t@example.com")
    page.fill("input[name=password]", PASSWORD)
    page.get_by_role("button", name=catalog(lang, "Sign in"), exact=True).click()


def fits_the_screen(page):
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"{width}px wide on a {page.viewport_size['width']}px screen"


def test_a_class_at_a_glance_on_a_phone_in_arabic_then_the_reasons_on_a_desktop_in_french(
    new_context, live_server, django_user_model, saudi, artifacts
):
    classroom, sara = make_class(django_user_model)
    base = live_server.url
    phone = new_context(viewport=PHONE).new_page()
    sign_in(phone, base, "ar")

    phone.goto(f"{base}/ar/classes/{classroom.pk}/dashboard/")

    summary = phone.locator("table.glance tbody tr")
    expect(summary.first).to_contain_text("اتباع النوع")
    expect(summary.first).to_contain_text("بدأه ٢ من ٣")
    fits_the_screen(phone)
    phone.screenshot(path=artifacts / "class-glance-ar-phone.png", full_page=True)

    phone.locator(".glance-sort").get_by_role("link", name=catalog("ar", "Late"), exact=True).click()
    expect(phone).to_have_url(f"{base}/ar/classes/{classroom.pk}/dashboard/?sort=late#glance-h2")
    expect(summary.first).to_contain_text("من يأخذ الأكلة")
    fits_the_screen(phone)

    wrong = phone.locator("ol.wrong-rules li").first
    expect(wrong).to_contain_text("لازم تتبع النوع")  # the rule's name in the Saudi words
    wrong.get_by_role("link", name=catalog("ar", "Make a drill of this")).click()
    expect(phone).to_have_url(f"{base}/ar/classes/{classroom.pk}/drills/new/?theme=legal-cards")
    expect(phone.get_by_role("heading", level=1)).to_have_text(catalog("ar", "New drill"))

    desk = new_context(viewport=DESKTOP).new_page()
    sign_in(desk, base, "fr")
    desk.goto(f"{base}/fr/classes/{classroom.pk}/students/{sara.pk}/")

    mistake = desk.locator(".mistake").first
    expect(mistake).to_contain_text("A choisi A♠, qui ne fournit pas à trèfle.")
    expect(mistake.get_by_role("link", name="Fournir à la couleur")).to_have_attribute(
        "href", "/fr/rules/saudi/#rule-play.must-follow"
    )
    fits_the_screen(desk)
    mistake.scroll_into_view_if_needed()
    desk.screenshot(path=artifacts / "class-glance-fr-pupil.png")
