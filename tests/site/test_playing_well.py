"""The second Saudi course, "playing well": a course of its own beside the rules course, named by
its key in its address (/learn/saudi-playing-well/), listed right after the rules course."""

from io import StringIO

import pytest
from django.core.management import call_command

from lessons.content import LANGS, read_curriculum
from lessons.models import Course
from tests.site.pages import answer

KEY = "saudi-playing-well"


@pytest.fixture
def loaded(db):
    call_command("load_curriculum", stdout=StringIO(), stderr=StringIO())


def test_the_loader_reads_it_as_a_saudi_course_with_its_own_key():
    spec = next(c for c in read_curriculum() if c.key == KEY)

    assert spec.variant == "saudi"
    assert [lesson.slug for lesson in spec.lessons][:9] == [
        "cashing-your-masters",
        "the-lead-against-the-buyer",
        "counting-trumps",
        "drawing-trumps",
        "ducking-and-the-last-trick",
        "ruffing-and-the-winning-partner",
        "unblocking",
        "counting-the-points",
        "checkpoint-card-play",
    ]
    assert all(3 <= len(lesson.puzzles) <= 8 for lesson in spec.lessons if not lesson.checkpoint)
    assert all(1 <= p.difficulty <= 5 for p in spec.puzzles)


def test_its_puzzles_run_from_difficulty_1_to_5_and_it_ends_its_card_play_with_a_checkpoint():
    spec = next(c for c in read_curriculum() if c.key == KEY)

    assert {p.difficulty for p in spec.puzzles} == {1, 2, 3, 4, 5}
    assert any(lesson.checkpoint for lesson in spec.lessons)


def test_it_holds_eight_lessons_and_forty_puzzles_five_a_lesson():
    spec = next(c for c in read_curriculum() if c.key == KEY)
    lessons = [lesson for lesson in spec.lessons if not lesson.checkpoint]

    assert len(lessons) >= 8
    assert len(spec.puzzles) >= 40
    assert all(len(lesson.puzzles) >= 5 for lesson in lessons)


def test_the_rules_course_keeps_its_address_and_comes_first(loaded):
    keys = [c.key for c in Course.objects.filter(variant="saudi")]

    assert keys == ["saudi", KEY]


def test_the_home_page_lists_it_after_the_saudi_rules_course(client, loaded):
    html = client.get("/en/").text

    assert html.index('href="/en/learn/saudi/"') < html.index(f'href="/en/learn/{KEY}/"')
    assert html.index(f'href="/en/learn/{KEY}/"') < html.index('href="/en/learn/moroccan/"')


@pytest.mark.parametrize("lang", LANGS)
def test_its_page_and_first_lesson_render(client, loaded, lang):
    course = Course.objects.get(key=KEY)
    lesson = course.lessons.first()

    page = client.get(f"/{lang}/learn/{KEY}/")
    first = client.get(f"/{lang}/learn/{KEY}/{lesson.slug}/")
    step = client.get(f"/{lang}/learn/{KEY}/{lesson.slug}/2/")

    assert page.status_code == first.status_code == step.status_code == 200
    assert getattr(course, f"title_{lang}") in page.text
    assert f'href="/{lang}/learn/{KEY}/{lesson.slug}/"' in page.text
    assert f'href="/{lang}/learn/{KEY}/{lesson.slug}/1/"' in first.text
    assert f'href="/{lang}/learn/{KEY}/"' in step.text


def test_the_solvers_card_is_right_in_this_course(client, loaded):
    response = answer(client, f"/en/learn/{KEY}/cashing-your-masters/2/", {"card": "AH"})

    assert response.status_code == 200
    assert 'class="verdict verdict-right"' in response.text


def test_its_home_tile_offers_no_guided_first_hand(client, loaded):
    html = client.get("/en/").text
    tile = html[html.index(f'href="/en/learn/{KEY}/"') : html.index('href="/en/learn/moroccan/"')]

    assert "guided" not in tile
