"""axe finds no serious or critical accessibility problem on the learner's pages, in four languages,
in light colours and in dark ones.

And what axe does not measure: the keyboard focus stands out from its background.
"""

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.core.management import call_command
from django.utils import timezone
from playwright.sync_api import Page, expect

from lessons.models import Puzzle, ReviewItem, Step
from tests.browser.browsing import LANGUAGES
from tests.browser.test_classes_teacher import make_class, sign_in
from tests.browser.test_phone_fit import make_drills, make_pupils

# Lesser impacts ("minor", "moderate") are advice; these are barriers.
BARRIERS = {"serious", "critical"}
AXE = Axe()


def barriers(page: Page) -> list[str]:
    """axe's serious and critical violations on the page, one readable line each.

    Animations are finished first: axe reads the colours of one instant, and a call of the
    practice table fading in (opacity rising from 0) would be taken for text too faint to read.
    """
    page.evaluate("document.getAnimations().forEach((a) => a.finish())")
    found = AXE.run(page).response["violations"]
    return [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:4]}"
        for v in found
        if v["impact"] in BARRIERS
    ]


def colours_for(page: Page, lang: str) -> None:
    """Arabic and Persian pages in dark colours, English and French in light: each page of the
    tests below is checked in both."""
    page.emulate_media(color_scheme="dark" if lang in ("ar", "fa") else "light")


def check(page: Page, url: str) -> list[str]:
    page.goto(url)
    return [f"{url}: {problem}" for problem in barriers(page)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_it_finds_no_barrier_on_the_home_lesson_and_puzzle_pages(page, live_server, saudi, lang):
    colours_for(page, lang)
    base = f"{live_server.url}/{lang}"
    problems = [
        *check(page, f"{base}/"),
        *check(page, f"{base}/learn/saudi/"),
        *check(page, f"{base}/learn/saudi/follow-suit/"),
        *check(page, f"{base}/learn/saudi/follow-suit/1/"),  # an explanation with its table
        *check(page, f"{base}/learn/saudi/follow-suit/2/"),  # play a card
    ]
    # The puzzle again as htmx changes it: a wrong answer's reasons, the hint, the solution
    # (offered after two wrong answers), a right answer's explanation.
    card = page.locator("#answer-form button.card")
    card.and_(page.locator('[value="AS"]')).click()
    expect(page.locator("#verdict.verdict-wrong")).to_be_visible()
    problems += [f"{page.url} (wrong answer): {p}" for p in barriers(page)]
    page.locator("#hint button").click()
    expect(page.locator("#hint .hint-title")).to_be_visible()
    card.and_(page.locator('[value="7C"]')).click()
    page.locator("#solution button").click()
    expect(page.locator("#solution .solution-title")).to_be_visible()
    problems += [f"{page.url} (hint and solution): {p}" for p in barriers(page)]
    card.and_(page.locator('[value="KC"]')).click()
    expect(page.locator("#verdict.verdict-right")).to_be_visible()
    problems += [f"{page.url} (right answer): {p}" for p in barriers(page)]

    assert problems == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_it_finds_no_barrier_on_the_other_puzzle_forms(page, live_server, saudi, lang):
    """Select every legal card, who wins, count, score, projects, bid: each form of answer."""
    colours_for(page, lang)
    base = f"{live_server.url}/{lang}/learn/saudi"
    urls = [f"{base}/follow-suit/3/"] + [f"{base}/counting/{n}/" for n in range(1, 6)]

    problems = [problem for url in urls for problem in check(page, url)]

    assert problems == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_it_finds_no_barrier_on_the_path_and_review_pages(page, live_server, saudi, lang):
    """Stars and "continue", a lesson's end, the rules met, the review and its empty page, the glossary."""
    colours_for(page, lang)
    base = f"{live_server.url}/{lang}"
    problems = check(page, f"{base}/review/")  # nothing due yet
    page.goto(f"{base}/learn/saudi/follow-suit/2/")
    page.locator("#answer-form button.card").and_(page.locator('[value="AS"]')).click()
    expect(page.locator("#verdict.verdict-wrong")).to_be_visible()
    ReviewItem.objects.update(due=timezone.now())
    problems += [
        *check(page, f"{base}/"),  # "Review (1 due)" and "Start here"
        *check(page, f"{base}/learn/saudi/"),  # stars, "continue"
        *check(page, f"{base}/learn/saudi/follow-suit/3/"),  # the lesson's end
        *check(page, f"{base}/progress/"),  # the rules met
        *check(page, f"{base}/glossary/"),
        *check(page, f"{base}/review/sa-follow-1/"),
    ]
    page.locator("#answer-form button.card").and_(page.locator('[value="KC"]')).click()
    expect(page.locator("#verdict.verdict-right")).to_be_visible()
    problems += [f"{page.url} (right answer): {p}" for p in barriers(page)]

    assert problems == []


def test_it_finds_no_barrier_on_the_curriculum_pages(page, live_server):
    """The real lessons: each course page, and the first step of each kind in each course.

    Each page is checked once, the languages taking turns.
    """
    call_command("load_curriculum", stdout=None)
    problems = []
    seen = set()
    for step in Step.objects.select_related("lesson__course", "puzzle").order_by("lesson__order", "order"):
        course = step.lesson.course.variant
        kind = step.puzzle.task if step.puzzle else "text"
        if (course, kind) in seen:
            continue
        lang = LANGUAGES[len(seen) % len(LANGUAGES)]
        colours_for(page, lang)
        seen.add((course, kind))
        n = list(step.lesson.steps.values_list("pk", flat=True)).index(step.pk) + 1
        problems += check(page, f"{live_server.url}/{lang}/learn/{course}/{step.lesson.slug}/{n}/")
    for lang, course in zip(LANGUAGES, ("saudi", "moroccan", "french"), strict=False):
        colours_for(page, lang)
        problems += check(page, f"{live_server.url}/{lang}/learn/{course}/")

    assert len(seen) > 10
    assert problems == []


@pytest.mark.parametrize("lang", ["ar", "fr"])
def test_it_finds_no_barrier_nor_console_error_on_the_teachers_pages_in_dark_colours(
    page, live_server, saudi, django_user_model, settings, lang
):
    """The sign-in page, the classes, a class, its dashboard, a puzzle's report, a drill's editor, a
    pupil's page, the login cards just printed and the account pages: dark, where a colour written for
    the light page would show most. And the console stays quiet on every one of them."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    page.emulate_media(color_scheme="dark")
    errors: list[str] = []
    page.on("console", lambda m: errors.append(f"{page.url}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"{page.url}: {e}"))
    classroom = make_class(lang, django_user_model)
    drill = make_drills(classroom, saudi)[0]
    pupil = make_pupils(lang, classroom, django_user_model, drill)[0]
    puzzle = Puzzle.objects.get(key="sa-winner-1")
    base = f"{live_server.url}/{lang}"
    problems = check(page, f"{base}/accounts/login/")
    sign_in(page, live_server.url, lang)
    for url in [
        "/classes/",
        f"/classes/{classroom.pk}/",
        f"/classes/{classroom.pk}/dashboard/",
        f"/classes/{classroom.pk}/dashboard/puzzles/{puzzle.pk}/",
        f"/drills/{drill.pk}/edit/?variant=saudi",
        f"/classes/{classroom.pk}/students/{pupil.pk}/",
        "/accounts/me/",
        "/accounts/password/",
    ]:
        problems += check(page, f"{base}{url}")
    page.goto(f"{base}/classes/{classroom.pk}/students/new/")
    page.locator("main form textarea").first.fill("Nadia\nKarim")
    page.locator("main form button[type=submit]").click()
    expect(page.locator(".login-card").first).to_be_visible()
    problems += [f"{page.url} (login cards): {p}" for p in barriers(page)]

    assert problems == []
    assert errors == []


# ---------------------------------------------------------------- the keyboard focus

FOCUS_COLOURS = """() => {
  const el = document.activeElement;
  let back = el.parentElement;
  while (back && getComputedStyle(back).backgroundColor.replace(/\\s/g, "").endsWith(",0)")) {
    back = back.parentElement;
  }
  const style = getComputedStyle(el);
  return {
    outline: style.outlineColor,
    ring: (style.boxShadow.match(/rgba?\\([^)]*\\)/) || ["none"])[0],
    background: getComputedStyle(back || document.body).backgroundColor,
  };
}"""


def rgb(css_colour: str, under: str = "rgb(255, 255, 255)") -> tuple[float, float, float]:
    """``rgb(r, g, b)`` or ``rgba(r, g, b, a)`` as seen over the colour ``under``, in 0..1."""
    values = [float(v) for v in re.findall(r"[\d.]+", css_colour)]
    alpha = values[3] if len(values) > 3 else 1.0
    base = rgb(under) if alpha < 1 else (0.0, 0.0, 0.0)
    r, g, b = (alpha * v / 255 + (1 - alpha) * u for v, u in zip(values[:3], base, strict=True))
    return r, g, b


def luminance(colour: tuple[float, float, float]) -> float:
    """WCAG's relative luminance."""
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(colour: str, background: str) -> float:
    """WCAG's contrast ratio of a CSS colour (maybe translucent) over an opaque background."""
    if colour == "none":
        return 1.0
    high, low = sorted((luminance(rgb(colour, background)), luminance(rgb(background))), reverse=True)
    return (high + 0.05) / (low + 0.05)


def tab_to(page: Page, selector: str) -> None:
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate(f"document.activeElement.matches({selector!r})"):
            return
    pytest.fail(f"Tab never reached {selector}")


@pytest.mark.parametrize(
    "selector",
    [
        '#answer-form button.card[value="KC"]',  # a card, on the white puzzle box
        ".step-dot[aria-current]",  # on the paper
        ".site-name",  # on the green header
    ],
)
def test_it_shows_the_keyboard_focus_against_what_is_around_it(page, live_server, saudi, selector):
    """WCAG's 3:1 for the focus indicator: its outline or its ring stands out from the background."""
    page.goto(f"{live_server.url}/en/learn/saudi/follow-suit/2/")
    tab_to(page, selector)

    colours = page.evaluate(FOCUS_COLOURS)

    best = max(
        contrast(colours["outline"], colours["background"]), contrast(colours["ring"], colours["background"])
    )
    assert best >= 3, colours
