"""The second Moroccan course, "playing well": beside the rules course, under its own key
(/learn/moroccan-playing-well/), at least eight lessons and forty puzzles from difficulty 1 to 5,
every best-card answer the solver's (the loader refuses any other), in Moroccan words."""

from collections import Counter

import pytest

from lessons.content import LANGS, read_curriculum
from lessons.models import Course
from tests.site.pages import answer

KEY = "moroccan-playing-well"


def spec():
    return next(c for c in read_curriculum() if c.key == KEY)


def test_the_loader_reads_it_as_a_moroccan_course_with_its_own_key():
    course = spec()

    assert course.variant == "moroccan"
    assert [lesson.slug for lesson in course.lessons][:8] == [
        "cashing-your-masters",
        "the-lead-against-the-takers",
        "drawing-trumps",
        "ducking-and-the-last-trick",
        "ruffing-and-the-partner",
        "unblocking",
        "counting-the-points",
        "the-score-over-a-game",
    ]


def test_it_has_forty_puzzles_at_every_difficulty_and_five_a_lesson():
    course = spec()
    levels = Counter(p.difficulty for p in course.puzzles)

    assert len(course.puzzles) >= 40
    assert set(levels) == {1, 2, 3, 4, 5}
    assert all(len(lesson.puzzles) >= 5 for lesson in course.lessons if not lesson.checkpoint)


def test_every_text_is_in_the_four_languages():
    course = spec()
    for lesson in course.lessons:
        assert set(lesson.title) == set(lesson.summary) == set(lesson.recap) == set(LANGS)
        for step in lesson.steps:
            if step.puzzle is None:
                assert set(step.body) == set(LANGS), lesson.slug
                continue
            puzzle = step.puzzle
            assert set(puzzle.hint) == set(puzzle.explanation) == set(LANGS), puzzle.key
            if puzzle.prompt:
                assert set(puzzle.prompt) == set(LANGS), puzzle.key


def test_the_rules_course_keeps_its_address_and_comes_first(loaded):
    keys = [c.key for c in Course.objects.filter(variant="moroccan")]

    assert keys[:2] == ["moroccan", KEY]


@pytest.mark.parametrize("lang", LANGS)
def test_its_page_and_first_lesson_render(client, loaded, lang):
    course = Course.objects.get(key=KEY)
    lesson = course.lessons.first()

    page = client.get(f"/{lang}/learn/{KEY}/")
    step = client.get(f"/{lang}/learn/{KEY}/{lesson.slug}/2/")

    assert page.status_code == step.status_code == 200
    assert getattr(course, f"title_{lang}") in page.text
    assert f'href="/{lang}/learn/{KEY}/{lesson.slug}/"' in page.text


def test_the_solvers_card_is_right_and_another_is_wrong(client, loaded):
    url = f"/en/learn/{KEY}/cashing-your-masters/2/"

    right = answer(client, url, {"card": "TS"})
    wrong = answer(client, url, {"card": "8C"})

    assert 'class="verdict verdict-right"' in right.text
    assert 'class="verdict verdict-right"' not in wrong.text
