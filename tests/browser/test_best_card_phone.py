"""Best-card puzzles on a phone's first screen (375×667), in Arabic: the question and the cards to
choose from are in view without scrolling, whether eight tricks are left (four open hands of
eight cards) or two, and nothing is wider than the screen.

The two puzzles are those of the Moroccan "playing well" course (lessons/content/), each the only
step of a small lesson, so that the page around them is a lesson's page.
"""

from pathlib import Path

import pytest
import yaml
from playwright.sync_api import expect

from lessons.models import Course, Lesson, Puzzle, Step

CONTENT = Path(__file__).resolve().parents[2] / "lessons" / "content" / "moroccan-playing-well"
SCREEN = {"width": 375, "height": 667}
# Eight tricks left (the opening lead), and two (cashing the last masters).
PUZZLES = {"ma-pw-opening-1": "10-the-opening-lead.yaml", "ma-pw-cash-1": "01-cashing-your-masters.yaml"}


def puzzle_spec(key: str) -> dict:
    lesson = yaml.safe_load((CONTENT / PUZZLES[key]).read_text(encoding="utf-8"))
    return next(s["puzzle"] for s in lesson["steps"] if s.get("puzzle", {}).get("key") == key)


@pytest.fixture
def positions(db) -> list[str]:
    """One small lesson per puzzle; their addresses."""
    course = Course.objects.create(
        key="moroccan-playing-well", variant="moroccan", order=1, title_en="Playing well"
    )
    urls = []
    for order, key in enumerate(PUZZLES, 1):
        spec = puzzle_spec(key)
        puzzle = Puzzle.objects.create(
            key=key, variant="moroccan", task=spec["task"], position=spec["position"], answers=spec["answers"]
        )
        lesson = Lesson.objects.create(course=course, slug=key, order=order, title_en=key)
        Step.objects.create(lesson=lesson, order=1, kind="puzzle", puzzle=puzzle)
        urls.append(f"/ar/learn/moroccan-playing-well/{key}/1/")
    return urls


def test_the_question_and_the_hand_to_play_from_fit_the_first_screen(
    new_context, live_server, positions, artifacts
):
    page = new_context(viewport=SCREEN, device_scale_factor=2, is_mobile=True, has_touch=True).new_page()
    for url, tricks in zip(positions, (8, 2), strict=True):
        page.goto(live_server.url + url)
        cards = page.locator("#answer-form button.card")
        expect(cards).to_have_count(tricks)
        page.screenshot(path=artifacts / f"best-card-phone-{tricks}-tricks-ar.png")

        for what in [page.locator(".prompt"), *cards.all()]:
            box = what.bounding_box()
            assert box is not None
            assert box["y"] >= 0 and box["y"] + box["height"] <= SCREEN["height"], (
                f"{tricks} tricks: {what} spans {box['y']:.0f}–{box['y'] + box['height']:.0f} px"
            )
            assert box["x"] >= 0 and box["x"] + box["width"] <= SCREEN["width"]
        assert page.evaluate("document.documentElement.scrollWidth") <= SCREEN["width"]
