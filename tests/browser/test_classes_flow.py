"""A class in a real browser, in Arabic and in French: teacher, pupil, drill, dashboard, CSV.

A teacher signs up and makes a class through the pages; a pupil types its code on the join
page, chooses a name and a password; the teacher makes a drill of one puzzle with a due date;
the pupil answers it wrong (the engine says why, in the page language), then right; the
teacher sees the pupil's result on the dashboard and downloads the CSV. Teacher and pupil
browse in separate browser profiles, as on two devices.

The words looked for come from the catalogs, in the page language: a page that fell back to
English fails.
"""

import datetime as dt
from collections.abc import Iterator

import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import BrowserContext, Page, expect

from engine import messages
from lessons import checking
from lessons.classroom.dashboard import share
from lessons.models import Attempt, Classroom, Drill, Puzzle
from lessons.templatetags.baloot import localize_digits
from tests.browser.browsing import DESKTOP

PASSWORD = "a long pass phrase 42"
PUZZLE = "sa-follow-1"  # tests/site/pages.py: hand KC 7C AS, West led 9C
RIGHT, WRONG = "KC", "AS"  # KC follows clubs; AS does not
DUE = dt.date(2030, 1, 31)
PEOPLE = {
    "ar": {"teacher": "أ. هند", "class": "نادي الرياض", "pupil": "سارة", "drill": "اتبع النوع"},
    "fr": {
        "teacher": "Mme Haddad",
        "class": "Club de Casablanca",
        "pupil": "Zoé Lefèvre",
        "drill": "Fournir",
    },
}


def catalog(lang: str, text: str) -> str:
    with translation.override(lang):
        return gettext(text)


def button(page: Page, lang: str, text: str):
    return page.get_by_role("button", name=catalog(lang, text), exact=True)


def link(page: Page, lang: str, text: str):
    return page.get_by_role("link", name=catalog(lang, text), exact=True)


def wrong_card_reason(lang: str) -> str:
    """What the first wrong try says about the wrong card, as the page writes it (native digits)."""
    with translation.override(lang):
        verdict = checking.check(Puzzle.objects.get(key=PUZZLE), WRONG, lang)
    (reason,) = verdict.wrong
    assert reason["rule"] == "play.must-follow"
    return localize_digits(reason["message"], "native", lang)


@pytest.fixture(autouse=True)
def fast_passwords(settings):
    """Hashing passwords for real takes most of a second each on a busy machine."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def teacher_context(browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport=DESKTOP)
    ctx.set_default_timeout(15_000)
    yield ctx
    ctx.close()


@pytest.fixture
def pupil_context(browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport=DESKTOP)
    ctx.set_default_timeout(15_000)
    yield ctx
    ctx.close()


def teacher_makes_a_class(page: Page, base: str, lang: str) -> Classroom:
    people = PEOPLE[lang]
    page.goto(f"{base}/{lang}/accounts/signup/")
    expect(page.locator("h1")).to_have_text(catalog(lang, "Teacher account"))
    page.locator("input[name=display_name]").fill(people["teacher"])
    page.locator("input[name=email]").fill(f"teacher-{lang}@example.com")
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("input[name=password2]").fill(PASSWORD)
    button(page, lang, "Create my account").click()
    # The same page whether the address is new or not: a mail was sent; then signing in.
    expect(page).to_have_url(f"{base}/{lang}/accounts/signup/sent/")
    page.locator("input[name=username]").fill(f"teacher-{lang}@example.com")
    page.locator("input[name=password]").fill(PASSWORD)
    button(page, lang, "Sign in").click()

    expect(page).to_have_url(f"{base}/{lang}/classes/")
    expect(page.locator("h1")).to_have_text(catalog(lang, "My classes"))
    page.locator("input[name=name]").fill(people["class"])
    button(page, lang, "Make the class").click()

    expect(page.locator("h1")).to_have_text(people["class"])
    classroom = Classroom.objects.get(name=people["class"])
    expect(page.locator(".code-big")).to_have_text(classroom.code)
    return classroom


def pupil_joins(page: Page, base: str, lang: str, code: str) -> None:
    people = PEOPLE[lang]
    page.goto(f"{base}/{lang}/join/")
    expect(page.locator("h1")).to_have_text(catalog(lang, "Join a class"))
    # Typed as a pupil might: lower case, with a dash in the middle.
    page.locator("input[name=code]").fill(f"{code[:3].lower()}-{code[3:].lower()}")
    button(page, lang, "Continue").click()

    expect(page).to_have_url(f"{base}/{lang}/join/{code}/")
    page.locator("input[name=display_name]").fill(people["pupil"])
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("input[name=password2]").fill(PASSWORD)
    button(page, lang, "Join this class").click()

    with translation.override(lang):
        welcome = gettext("Welcome to %(name)s") % {"name": people["class"]}
    expect(page.locator("h1")).to_have_text(welcome)


def teacher_makes_a_drill(page: Page, base: str, lang: str, classroom: Classroom) -> Drill:
    people = PEOPLE[lang]
    page.goto(f"{base}/{lang}/classes/{classroom.pk}/")
    link(page, lang, "New drill").click()
    expect(page.locator("h1")).to_have_text(catalog(lang, "New drill"))
    page.locator("input[name=title]").fill(people["drill"])
    button(page, lang, "Make the drill, then add lessons and puzzles").click()

    # The edit page: find the Saudi puzzles, tick one, add it.
    expect(page.locator("h1")).to_have_text(people["drill"])
    drill = Drill.objects.get(classroom=classroom)
    page.locator("select[name=variant]").select_option("saudi")
    button(page, lang, "Find puzzles").click()
    puzzle = Puzzle.objects.get(key=PUZZLE)
    page.locator(f'input[name=puzzle][value="{puzzle.pk}"]').check()
    button(page, lang, "Add the ticked puzzles").click()
    expect(page.locator(".item-list li")).to_have_count(1)
    expect(page.locator(".item-list li")).to_have_attribute("data-key", PUZZLE)
    expect(page.locator(".item-list li .puzzle-preview")).to_be_visible()  # its cards, not its key

    # Then its due date, in the settings form.
    page.locator("input[name=due]").fill(DUE.isoformat())
    button(page, lang, "Save").click()
    expect(page.locator("input[name=due]")).to_have_value(DUE.isoformat())
    drill.refresh_from_db()
    assert drill.due == DUE
    return drill


def pupil_does_the_drill(page: Page, base: str, lang: str, drill: Drill) -> None:
    people = PEOPLE[lang]
    page.goto(f"{base}/{lang}/drills/")
    expect(page.locator("h1")).to_have_text(catalog(lang, "My drills"))
    card_of_drill = page.locator(".drill-card", has_text=people["drill"])
    expect(card_of_drill).to_contain_text(people["class"])
    card_of_drill.get_by_role("link", name=people["drill"]).click()

    expect(page).to_have_url(f"{base}/{lang}/drills/{drill.pk}/")
    page.locator(".item-list li a").first.click()
    expect(page.locator(f'#answer-form button.card[value="{RIGHT}"]')).to_be_visible()
    puzzle_page = page.url

    page.locator(f'#answer-form button.card[value="{WRONG}"]').click()
    verdict = page.locator("#verdict.verdict-wrong")
    expect(verdict).to_be_visible()
    expect(verdict).to_contain_text(catalog(lang, "Not quite."))
    expect(verdict).not_to_contain_text("Not quite.")
    title = messages.rule_title("play.must-follow", "saudi", lang)
    expect(verdict.locator(".reason-title")).to_have_text(title)
    expect(verdict.locator(".reason-message")).to_have_text(wrong_card_reason(lang))
    expect(page).to_have_url(puzzle_page)  # htmx swapped the verdict in place

    page.locator(f'#answer-form button.card[value="{RIGHT}"]').click()
    expect(page.locator("#verdict.verdict-right")).to_contain_text(catalog(lang, "Right!"))
    attempts = list(Attempt.objects.order_by("id"))
    assert [(a.answer, a.correct, a.user.account.display_name) for a in attempts] == [
        (WRONG, False, people["pupil"]),
        (RIGHT, True, people["pupil"]),
    ]


def teacher_sees_the_result(page: Page, base: str, lang: str, classroom: Classroom, artifacts) -> None:
    people = PEOPLE[lang]
    page.goto(f"{base}/{lang}/classes/{classroom.pk}/")
    page.locator("p.actions").get_by_role("link", name=catalog(lang, "Dashboard"), exact=True).click()

    expect(page).to_have_url(f"{base}/{lang}/classes/{classroom.pk}/dashboard/")
    row = page.locator("table.matrix tbody tr", has_text=people["pupil"])
    expect(row).to_have_count(1)
    cell = row.locator("td.cell")
    expect(cell).to_have_class("cell status-done")
    expect(cell.locator(".status")).to_contain_text(catalog(lang, "Done"))
    # One puzzle, solved; right at the first try: none of one.
    with translation.override(lang):
        solved = gettext("%(solved)s/%(total)s solved") % {"solved": 1, "total": 1}
        first_try = gettext("%(share)s first try") % {"share": share(0)}
    expect(cell.locator(".figures")).to_contain_text(localize_digits(solved, "native", lang))
    expect(cell.locator(".figures")).to_contain_text(localize_digits(first_try, "native", lang))
    if lang == "ar":
        page.screenshot(path=artifacts / "classes-dashboard-ar.png", full_page=True)

    with page.expect_download() as info:
        link(page, lang, "One row per pupil and drill (CSV)").click()
    download = info.value
    assert download.suggested_filename.endswith(".csv")
    path = download.path()
    assert path is not None
    raw = path.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf"), "no UTF-8 byte-order mark: Excel would garble Arabic names"
    text = raw.decode("utf-8-sig")
    header, *lines = text.splitlines()
    sep = ";" if lang == "fr" else ","  # as French spreadsheets expect
    assert header.split(sep)[0] == catalog(lang, "Pupil")
    (line,) = lines
    assert line.startswith(people["pupil"] + sep)
    assert f"{sep}{DUE.isoformat()}{sep}1{sep}1{sep}" in line


@pytest.mark.parametrize("lang", ["ar", "fr"])
def test_a_teacher_follows_a_pupil_through_a_drill(
    teacher_context, pupil_context, live_server, saudi, lang, artifacts
):
    base = live_server.url
    teacher = teacher_context.new_page()
    pupil = pupil_context.new_page()

    classroom = teacher_makes_a_class(teacher, base, lang)
    pupil_joins(pupil, base, lang, classroom.code)
    drill = teacher_makes_a_drill(teacher, base, lang, classroom)
    pupil_does_the_drill(pupil, base, lang, drill)
    teacher_sees_the_result(teacher, base, lang, classroom, artifacts)
