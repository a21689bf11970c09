"""The puzzle maker that fits a screen: the task first, then only its fields; seats in the page's
language; a saved puzzle edited (a new version once pupils answered it); a puzzle made from a
drill's link added to that drill; the drill editor's lists in words and small cards."""

import re

import pytest

from lessons.models import Attempt, DrillItem, Puzzle, PuzzleAuthor
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login
from tests.site.classroom.test_teacher_puzzles import COUNT, PLAY, save


@pytest.fixture
def signed_in(client, teacher):
    login(client, teacher)
    return client


def shown_parts(text):
    """The tasks of the parts of the form not hidden."""
    return [tasks for tasks, hidden in re.findall(r'data-tasks="([^"]+)"( hidden)?', text) if not hidden]


def test_without_a_task_the_page_asks_for_one_first(signed_in):
    text = signed_in.get("/en/puzzles/new/?drill=7").text

    assert text.count('type="radio" name="task"') == 5
    assert 'name="hand"' not in text
    assert '<input type="hidden" name="drill" value="7">' in text


def test_only_the_chosen_tasks_fields_are_shown(signed_in):
    count = signed_in.get("/en/puzzles/new/?task=count").text
    best = signed_in.get("/en/puzzles/new/?task=best-card").text

    assert shown_parts(count) == ["trick-winner count"]
    assert shown_parts(best) == ["play all-legal best-card", "best-card"]
    assert "js/puzzle_maker.js" in count


def test_seats_are_named_in_the_pages_language(client, teacher):
    login(client, teacher)

    text = client.get("/fr/puzzles/new/?task=trick-winner").text
    leader = re.search(r'<select name="leader"[^>]*>(.*?)</select>', text, re.S).group(1)

    assert re.findall(r">([^<]+)</option>", leader) == ["Sud", "Est", "Nord", "Ouest"]


def test_a_puzzle_made_from_a_drills_link_is_added_to_it(signed_in, drill):
    response = save(signed_in, {**PLAY, "drill": drill.pk})

    puzzle = Puzzle.objects.get(source="teacher")
    assert response["Location"] == f"/en/drills/{drill.pk}/edit/"
    assert DrillItem.objects.filter(drill=drill, puzzle=puzzle).exists()
    assert f'href="/en/puzzles/new/?drill={drill.pk}"' in signed_in.get(response["Location"]).text


def test_a_drill_of_another_teacher_gets_nothing(client, other_teacher, drill):
    login(client, other_teacher)

    response = save(client, {**PLAY, "drill": drill.pk})

    assert response.status_code == 302 and "/puzzles/t-" in response["Location"]
    assert not DrillItem.objects.filter(drill=drill, puzzle__source="teacher").exists()


def test_an_unanswered_puzzle_is_changed_in_place(signed_in):
    save(signed_in, PLAY)
    puzzle = Puzzle.objects.get(source="teacher")
    form = signed_in.get(f"/en/puzzles/{puzzle.key}/edit/").text
    assert 'value="KC" checked' in form and "West leads a club" in form

    response = signed_in.post(
        f"/en/puzzles/{puzzle.key}/edit/", {**PLAY, "prompt": "Which club?", "action": "save"}
    )

    assert response["Location"] == f"/en/puzzles/{puzzle.key}/"
    assert Puzzle.objects.filter(source="teacher").count() == 1
    puzzle.refresh_from_db()
    assert puzzle.prompt == "Which club?"


def test_an_answered_puzzle_changes_into_a_new_version(signed_in, teacher, student, drill, classroom):
    from lessons.models import Drill

    save(signed_in, PLAY)
    old = Puzzle.objects.get(source="teacher")
    other = Drill.objects.create(classroom=classroom, title="Later")
    for d in (drill, other):
        DrillItem.objects.create(drill=d, order=9, puzzle=old)
    Attempt.objects.create(
        puzzle=old, session_key="s", user=student, answer="KC", correct=True, token="t1", drill=drill
    )

    response = signed_in.post(f"/en/puzzles/{old.key}/edit/", {**COUNT, "action": "save"})

    new = Puzzle.objects.exclude(pk=old.pk).get(source="teacher")
    assert response["Location"] == f"/en/puzzles/{new.key}/"
    assert PuzzleAuthor.objects.get(puzzle=old).replaced_by == new
    # Sent without the question (yes is the default): both drills take the new version; the
    # answer stays with the old one (tests/site/classroom/test_puzzle_versions.py counts it).
    assert DrillItem.objects.get(drill=drill, order=9).puzzle == new
    assert DrillItem.objects.get(drill=other, order=9).puzzle == new
    assert Attempt.objects.get(token="t1").puzzle == old
    assert old.key not in signed_in.get("/en/puzzles/").text
    assert signed_in.get(f"/en/puzzles/{old.key}/edit/")["Location"] == f"/en/puzzles/{new.key}/edit/"


def test_another_teacher_cannot_edit(client, signed_in, other_teacher):
    save(signed_in, PLAY)
    puzzle = Puzzle.objects.get(source="teacher")
    login(client, other_teacher)

    assert client.get(f"/en/puzzles/{puzzle.key}/edit/").status_code == 404


def test_the_drill_editor_shows_cards_and_theme_names_not_keys(client, teacher, drill):
    Puzzle.objects.filter(key="sa-follow-1").update(themes=["follow-suit", "legal-cards"])
    login(client, teacher)

    text = client.get(f"/fr/drills/{drill.pk}/edit/", {"theme": "legal-cards"}).text
    themes = re.search(r'<select name="theme"[^>]*>(.*?)</select>', text, re.S).group(1)

    assert ">Cartes jouables</option>" in themes and "follow-suit" not in themes
    assert 'class="puzzle-preview" role="img"' in text
    assert '<span class="key"' not in text
