"""The drill editor offers the class's game first: only its lessons by default, another game's
behind a link, the first lesson of the class's game chosen; never a Saudi lesson in a French class."""

import re

import pytest

from lessons.classroom.class_variant import class_variant
from lessons.models import Course, Drill, DrillItem, Lesson
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login


@pytest.fixture
def french(db):
    course = Course.objects.create(variant="french", key="french", order=3, title_en="French Belote")
    for n, slug in enumerate(("fournir", "couper"), 1):
        Lesson.objects.create(course=course, slug=slug, order=n, title_en=slug.title())
    return course


def lesson_options(text):
    select = re.search(r'<select id="add-lesson-select".*?</select>', text, re.S).group(0)
    return re.findall(r"<option[^>]*>([^<]+)</option>", select)


def french_drill(classroom):
    classroom.variant = "french"
    classroom.save()
    return Drill.objects.create(classroom=classroom, title="Semaine 1")


def test_a_french_class_is_offered_french_lessons_only(client, teacher, classroom, french, saudi):
    drill = french_drill(classroom)
    login(client, teacher)

    text = client.get(f"/en/drills/{drill.pk}/edit/").text

    assert lesson_options(text) == ["French Belote · Fournir", "French Belote · Couper"]
    assert "Lesson of French Belote" in text
    assert 'href="?lessons=saudi#add-lesson">Saudi Baloot</a>' in text
    hands = re.search(r'<select id="add-hand-variant".*?</select>', text, re.S).group(0)
    assert '<option value="french" selected>' in hands


def test_another_games_lessons_are_one_click_away(client, teacher, classroom, french, saudi):
    drill = french_drill(classroom)
    login(client, teacher)

    text = client.get(f"/en/drills/{drill.pk}/edit/?lessons=saudi").text

    assert lesson_options(text)[0].startswith("Saudi Baloot")
    assert not [o for o in lesson_options(text) if o.startswith("French")]


def test_a_class_that_never_said_its_game_is_guessed_from_its_drills_then_its_language(
    classroom, drill, other_classroom, french
):
    assert class_variant(classroom, "fr") == "saudi"  # its drill holds Saudi lessons and puzzles
    assert class_variant(other_classroom, "fr") == "french"
    assert class_variant(other_classroom, "ar") == "saudi"


def test_the_game_chosen_for_a_new_drill_becomes_the_classs(client, teacher, other_teacher, other_classroom):
    login(client, other_teacher)

    client.post(f"/en/classes/{other_classroom.pk}/drills/new/", {"title": "Semaine 1", "variant": "french"})
    client.post(f"/en/classes/{other_classroom.pk}/drills/new/", {"title": "Later", "variant": "moroccan"})

    other_classroom.refresh_from_db()
    assert other_classroom.variant == "french"  # the first choice stays the class's
    assert DrillItem.objects.count() == 0
