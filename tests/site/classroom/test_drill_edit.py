"""A drill's page for its teachers: settings, items, and a search for puzzles to add."""

from lessons.models import Drill, Lesson, Puzzle, PuzzleAuthor, Source
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login
from tests.site.pages import TRICK, make_moroccan


def edit(client, drill, **params):
    return client.get(f"/en/drills/{drill.pk}/edit/", params)


def test_it_shows_the_items_in_order(client, teacher, drill):
    login(client, teacher)

    text = edit(client, drill).text

    assert text.index("Follow suit") < text.index("sa-winner-1")


def test_it_lists_no_puzzle_before_a_search(client, teacher, drill):
    login(client, teacher)
    assert "puzzles found" not in edit(client, drill).text


def test_it_finds_puzzles_by_variant(client, teacher, drill):
    make_moroccan()
    login(client, teacher)

    text = edit(client, drill, variant="moroccan").text

    assert "ma-follow-1" in text and "sa-follow-1" not in text


def test_it_finds_puzzles_by_lesson_theme_and_difficulty(client, teacher, drill, saudi):
    Puzzle.objects.filter(key="sa-count-1").update(difficulty=3, themes=["card-points"])
    counting = Lesson.objects.get(slug="counting")
    login(client, teacher)

    by_lesson = edit(client, drill, lesson=counting.pk).text
    by_theme = edit(client, drill, theme="card-points").text
    by_difficulty = edit(client, drill, difficulty=3).text

    assert "sa-bid-1" in by_lesson and "sa-follow-2" not in by_lesson
    assert "sa-count-1" in by_theme and "sa-bid-1" not in by_theme
    assert "sa-count-1" in by_difficulty and "sa-bid-1" not in by_difficulty


def test_it_marks_puzzles_already_in_the_drill(client, teacher, drill):
    login(client, teacher)

    text = edit(client, drill, lesson=Lesson.objects.get(slug="counting").pk).text

    assert "already in the drill" in text  # sa-winner-1


def test_it_finds_the_teachers_own_puzzles_but_not_another_teachers(client, teacher, other_teacher, drill):
    for key, author in (("t-mine", teacher), ("t-theirs", other_teacher)):
        puzzle = Puzzle.objects.create(
            key=key,
            variant="saudi",
            task="trick-winner",
            position=TRICK,
            answers=["W"],
            source=Source.TEACHER,
        )
        PuzzleAuthor.objects.create(puzzle=puzzle, author=author)
    login(client, teacher)

    text = edit(client, drill, source="mine").text

    assert "t-mine" in text and "t-theirs" not in text and "sa-bid-1" not in text


def test_it_ignores_a_tampered_search(client, teacher, drill):
    login(client, teacher)

    response = edit(client, drill, difficulty="nine", lesson="x")

    assert response.status_code == 200
    assert "puzzles found" not in response.text


def test_it_changes_the_settings(client, teacher, drill):
    login(client, teacher)

    client.post(f"/en/drills/{drill.pk}/edit/", {"title": "Renamed", "due": "", "target_accuracy": ""})

    drill = Drill.objects.get()
    assert (drill.title, drill.due, drill.target_accuracy) == ("Renamed", None, None)


def test_it_shows_the_page_in_persian(client, teacher, drill):
    login(client, teacher)

    response = client.get(f"/fa/drills/{drill.pk}/edit/")

    assert response.status_code == 200
    assert 'dir="rtl"' in response.text
