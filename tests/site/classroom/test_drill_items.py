"""Adding lessons and puzzles to a drill, moving them, removing them, archiving the drill."""

from lessons.models import Drill, DrillItem, Lesson, Puzzle, PuzzleAuthor, Source
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login
from tests.site.pages import TRICK


def keys(drill):
    return [
        item.lesson.slug if item.lesson else item.puzzle.key
        for item in DrillItem.objects.filter(drill=drill).select_related("lesson", "puzzle")
    ]


def add(client, drill, **data):
    return client.post(f"/en/drills/{drill.pk}/items/add", data)


def test_it_adds_ticked_puzzles_at_the_end_in_order(client, teacher, drill):
    login(client, teacher)
    ids = [Puzzle.objects.get(key=k).pk for k in ("sa-bid-1", "sa-count-1")]

    response = add(client, drill, puzzle=ids)

    assert response["Location"] == f"/en/drills/{drill.pk}/edit/"
    assert keys(drill) == ["follow-suit", "sa-winner-1", "sa-bid-1", "sa-count-1"]


def test_it_adds_a_lesson_once(client, teacher, drill):
    login(client, teacher)
    counting = Lesson.objects.get(slug="counting").pk

    add(client, drill, lesson=counting)
    add(client, drill, lesson=counting)

    assert keys(drill) == ["follow-suit", "sa-winner-1", "counting"]


def test_it_adds_a_puzzle_already_there_only_once(client, teacher, drill):
    login(client, teacher)
    add(client, drill, puzzle=Puzzle.objects.get(key="sa-winner-1").pk)
    assert keys(drill) == ["follow-suit", "sa-winner-1"]


def test_it_refuses_another_teachers_puzzle_and_nonsense(client, teacher, other_teacher, drill):
    theirs = Puzzle.objects.create(
        key="t-theirs",
        variant="saudi",
        task="trick-winner",
        position=TRICK,
        answers=["W"],
        source=Source.TEACHER,
    )
    PuzzleAuthor.objects.create(puzzle=theirs, author=other_teacher)
    login(client, teacher)

    assert add(client, drill, puzzle=theirs.pk).status_code == 400
    assert add(client, drill, puzzle="abc").status_code == 400
    assert add(client, drill, lesson=999999).status_code == 400
    assert add(client, drill).status_code == 400
    assert keys(drill) == ["follow-suit", "sa-winner-1"]


def test_it_moves_an_item_up_and_down(client, teacher, drill):
    login(client, teacher)
    puzzle_item = DrillItem.objects.get(drill=drill, puzzle__key="sa-winner-1")

    client.post(f"/en/drills/{drill.pk}/items/{puzzle_item.pk}/move", {"direction": "up"})
    assert keys(drill) == ["sa-winner-1", "follow-suit"]

    client.post(f"/en/drills/{drill.pk}/items/{puzzle_item.pk}/move", {"direction": "down"})
    assert keys(drill) == ["follow-suit", "sa-winner-1"]

    # Past either end nothing moves; a bad direction is refused.
    client.post(f"/en/drills/{drill.pk}/items/{puzzle_item.pk}/move", {"direction": "down"})
    assert keys(drill) == ["follow-suit", "sa-winner-1"]
    assert (
        client.post(f"/en/drills/{drill.pk}/items/{puzzle_item.pk}/move", {"direction": "x"}).status_code
        == 400
    )


def test_it_removes_an_item(client, teacher, drill):
    login(client, teacher)
    item = DrillItem.objects.get(drill=drill, lesson__isnull=False)

    client.post(f"/en/drills/{drill.pk}/items/{item.pk}/remove")

    assert keys(drill) == ["sa-winner-1"]


def test_it_does_not_touch_an_item_of_another_drill(client, teacher, drill):
    other = Drill.objects.create(classroom=drill.classroom, title="Other")
    login(client, teacher)
    item = DrillItem.objects.filter(drill=drill).first()

    assert client.post(f"/en/drills/{other.pk}/items/{item.pk}/remove").status_code == 404


def test_it_archives_the_drill_rather_than_deleting_it(client, teacher, drill):
    login(client, teacher)

    response = client.post(f"/en/drills/{drill.pk}/archive")

    assert response["Location"] == f"/en/classes/{drill.classroom_id}/"
    drill.refresh_from_db()
    assert drill.archived_at is not None
    assert DrillItem.objects.filter(drill=drill).count() == 2
    assert Puzzle.objects.filter(key="sa-winner-1").exists()
