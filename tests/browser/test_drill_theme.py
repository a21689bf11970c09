"""A drill of a theme in a real browser, in Arabic on a 375×667 phone: the teacher asks for 20 easy
overruff puzzles for a Saudi class (the pool holds 17, the engine makes the 3 missing ones in the
immediate task backend), the editor fits the screen, a pupil answers two, and the counts are right."""

from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import expect

from lessons.classroom.dashboard import drill_stats, make_cell, share
from lessons.models import Account, Drill, DrillFill, FillStatus, Membership, Puzzle, Role
from lessons.templatetags.baloot import localize_digits
from tests.browser.test_classes_teacher import PASSWORD, catalog, fits_the_screen, make_class, sign_in
from tests.site.trainer.puzzles import make_generated

PHONE_667 = {"width": 375, "height": 667}
RIGHT, WRONG = "KC", "AS"  # the pool's stand-ins: hand K♣ 7♣ A♠, West led 9♣


def test_a_theme_drill_of_twenty_easy_overruffs_is_made_answered_and_counted(
    new_context, live_server, django_user_model, artifacts
):
    lang = "ar"
    classroom = make_class(lang, django_user_model)  # its game unsaid: an Arabic page offers Saudi
    for i in range(17):
        make_generated(f"gen-saudi-overruff-{i:02}", themes=("overruff",), difficulty=1)
    pupil = django_user_model.objects.create_user(username="kam472", password=PASSWORD)
    Account.objects.create(user=pupil, role=Role.STUDENT, display_name="نورة")
    Membership.objects.create(classroom=classroom, student=pupil)
    base = live_server.url

    teacher = new_context(viewport=PHONE_667).new_page()
    sign_in(teacher, base, lang)
    # The class dashboard's "make a drill of this" opens the form with the theme chosen.
    teacher.goto(f"{base}/{lang}/classes/{classroom.pk}/drills/new/?theme=overruff&difficulty=easy")
    expect(teacher.locator("#id_theme")).to_have_value("overruff")
    expect(teacher.locator("#id_difficulty")).to_have_value("easy")
    expect(teacher.locator("#id_variant")).to_have_value("saudi")
    fits_the_screen(teacher)
    teacher.screenshot(path=artifacts / "drill-theme-new-ar.png", full_page=True)
    teacher.fill("#id_count", "20")
    teacher.fill("#id_target_accuracy", "50")
    teacher.get_by_role("button", name=catalog(lang, "Make the drill, then add lessons and puzzles")).click()

    drill = Drill.objects.get()
    expect(teacher).to_have_url(f"{base}/{lang}/drills/{drill.pk}/edit/")
    expect(teacher.locator(".item-list > li")).to_have_count(20)
    expect(teacher.locator("#drill-fill")).to_be_visible()
    fill = DrillFill.objects.get()
    assert (fill.status, fill.missing, fill.made) == (FillStatus.DONE, 3, 3)
    made = Puzzle.objects.filter(source="generated", task="best-card")
    assert made.count() == 3 and all("overruff" in p.themes and p.difficulty <= 2 for p in made)
    assert not Drill.objects.get().draft  # given, now that its 20 puzzles are there
    fits_the_screen(teacher)
    teacher.screenshot(path=artifacts / "drill-theme-editor-ar.png", full_page=True)

    page = new_context(viewport=PHONE_667).new_page()
    page.goto(f"{base}/{lang}/accounts/login/")
    page.fill("input[name=username]", "kam472")
    page.fill("input[name=password]", PASSWORD)
    page.get_by_role("button", name=catalog(lang, "Sign in"), exact=True).click()
    page.goto(f"{base}/{lang}/drills/{drill.pk}/")
    page.locator(".item-list li a").first.click()
    page.locator(f'#answer-form button.card[value="{WRONG}"]').click()
    expect(page.locator("#verdict.verdict-wrong")).to_be_visible()
    page.locator(f'#answer-form button.card[value="{RIGHT}"]').click()
    expect(page.locator("#verdict.verdict-right")).to_be_visible()
    page.goto(f"{base}/{lang}/drills/{drill.pk}/")
    page.locator(".item-list li a").nth(1).click()
    page.locator(f'#answer-form button.card[value="{RIGHT}"]').click()
    expect(page.locator("#verdict.verdict-right")).to_be_visible()

    # Two of twenty solved, one at the first try: 50 %, the target, but the drill is not finished.
    page.goto(f"{base}/{lang}/drills/{drill.pk}/")
    with translation.override(lang):
        solved = gettext("%(solved)s/%(total)s solved") % {"solved": 2, "total": 20}
        first_try = gettext("%(share)s first try") % {"share": share(50)}
        reached = gettext("target reached")
    expect(page.locator(".figures").first).to_contain_text(localize_digits(solved, "native", lang))
    expect(page.locator(".figures").first).to_contain_text(localize_digits(first_try, "native", lang))
    expect(page.locator("main")).not_to_contain_text(reached)
    fits_the_screen(page)
    page.screenshot(path=artifacts / "drill-theme-pupil-ar.png", full_page=True)
    puzzles, stats, deadlines = drill_stats([drill], [pupil.pk])
    cell = make_cell(Drill.objects.get(), puzzles[drill.pk], stats, pupil.pk, deadlines)
    assert (cell.total, cell.tried, cell.solved, cell.first_try, cell.attempts) == (20, 2, 2, 1, 3)
    assert cell.accuracy == 50 and cell.target_met is None
