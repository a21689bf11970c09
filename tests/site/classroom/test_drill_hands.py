"""A hand at the practice table in a drill: the teacher adds it, the pupil plays it from the
drill's page through the table's own forms, and the drill counts it when the hand is scored."""

import pytest

from lessons import drill_hands
from lessons.classroom.dashboard import drill_puzzles, student_drill_rows
from lessons.models import Drill, DrillItem, PracticeGame
from lessons.practice import guided
from lessons.practice.state import Table
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login, make_student
from tests.site.practice.test_guided import act
from tests.site.practice.tools import play_out_hand


def add_hand(client, drill, variant="saudi", kind="guided"):
    return client.post(f"/en/drills/{drill.pk}/items/add", {"hand_variant": variant, "hand_kind": kind})


def hand_item(drill, kind="guided"):
    return DrillItem.objects.get(drill=drill, hand_kind=kind)


def deal(client, item, lang="en"):
    response = client.post(f"/{lang}/practice/drill-hand/{item.pk}/")
    assert response.status_code == 302, response.status_code
    return PracticeGame.objects.get(pk=int(response["Location"].rstrip("/").split("/")[-1]))


def play_guided(client, game):
    g = guided.guide(game.variant)
    for _ in range(40):
        game.refresh_from_db()
        kind, value = guided.expected(g, Table(game))
        if not kind:
            return
        assert act(client, game, kind, value).status_code == 200
    raise AssertionError("the guided hand did not end")


def test_a_teacher_adds_a_guided_hand_and_a_hand_against_the_bots_once(client, teacher, drill):
    login(client, teacher)

    assert add_hand(client, drill).status_code == 302
    assert add_hand(client, drill).status_code == 302  # sent twice: added once
    assert add_hand(client, drill, "moroccan", "heuristic").status_code == 302

    hands = DrillItem.objects.filter(drill=drill).exclude(hand_variant="")
    assert [(h.hand_variant, h.hand_kind, h.order) for h in hands] == [
        ("saudi", "guided", 3),
        ("moroccan", "heuristic", 4),
    ]
    page = client.get(f"/en/drills/{drill.pk}/edit/").text
    assert "A guided first hand · Saudi Baloot" in page
    assert "A hand against the bots · Moroccan Belote" in page


def test_nonsense_hands_are_refused(client, teacher, drill, other_teacher):
    login(client, teacher)
    assert add_hand(client, drill, "chess", "guided").status_code == 400
    assert add_hand(client, drill, "saudi", "grandmaster").status_code == 400
    assert add_hand(client, drill, "saudi", "").status_code == 400
    login(client, other_teacher)
    assert add_hand(client, drill).status_code in (403, 404)
    assert not DrillItem.objects.filter(drill=drill).exclude(hand_variant="").exists()


def test_a_pupil_plays_the_guided_hand_to_its_end_and_the_drill_counts_it(client, teacher, student, drill):
    login(client, teacher)
    add_hand(client, drill)
    item = hand_item(drill)
    login(client, student)
    page = client.get(f"/en/drills/{drill.pk}/").text
    assert "A guided first hand · Saudi Baloot" in page and "not played yet" in page
    assert f'action="/en/practice/drill-hand/{item.pk}/"' in page

    game = deal(client, item)
    assert game.drill_item == item and game.user == student
    assert deal(client, item) == game  # a second submit (or coming back) finds the same game
    assert drill_hands.done([item.pk], [student.pk]) == set()

    play_guided(client, game)

    assert drill_hands.done([item.pk], [student.pk]) == {(item.pk, student.pk)}
    page = client.get(f"/en/drills/{drill.pk}/").text
    assert "played to the end" in page and "See the hand" in page
    # The drill's progress counts it: one item done of three, and the drill done once the rest is.
    rows = dict(student_drill_rows(student))
    assert (rows[drill].solved, rows[drill].total) == (1, 1 + len(drill_puzzles([drill])[drill.pk]))
    # The free table of the variant is not this game.
    assert PracticeGame.objects.filter(user=student).count() == 1
    assert client.get("/en/practice/saudi/").status_code == 200
    assert PracticeGame.objects.filter(user=student, drill_item__isnull=True).count() == 0

    login(client, teacher)
    page = client.get(f"/en/drills/{drill.pk}/").text
    assert "The pupils’ hands" in page
    assert "#pupil-practice" in page
    assert "played to the end" in page


def test_a_hand_against_the_bots_counts_once_scored(client, teacher, student, drill):
    login(client, teacher)
    add_hand(client, drill, "saudi", "random")
    item = hand_item(drill, "random")
    login(client, student)
    game = deal(client, item)
    assert game.level == "random"
    for seed in range(1, 6):
        play_out_hand(client, game, seed=seed)
        game.refresh_from_db()
        if not game.hands[-1]["result"].get("void"):
            break
        client.post(f"/en/practice/game/{game.pk}/next", {"move": game.move})
    assert drill_hands.done([item.pk], [student.pk]) == {(item.pk, student.pk)}
    # No takeback in an assigned hand, even at the beginner level.
    assert not Table(game).may_take_back()


def test_another_pupil_cannot_use_someone_elses_game_or_a_hand_not_given_them(
    client, teacher, student, drill, classroom, other_student
):
    login(client, teacher)
    add_hand(client, drill)
    item = hand_item(drill)
    login(client, student)
    game = deal(client, item)

    classmate = make_student("zed581", "Nadia", classroom)
    login(client, classmate)
    assert client.get(f"/en/practice/game/{game.pk}/").status_code == 404
    game.refresh_from_db()
    response = client.post(f"/en/practice/game/{game.pk}/call", {"move": game.move, "call": "pass"})
    assert response.status_code == 404
    # Their own game of the same hand is another one, and does not count for the first pupil.
    assert deal(client, item) != game

    login(client, other_student)  # a pupil of another class
    assert client.post(f"/en/practice/drill-hand/{item.pk}/").status_code == 404
    client.logout()
    assert client.post(f"/en/practice/drill-hand/{item.pk}/").status_code == 404
    assert client.post("/en/practice/drill-hand/999999/").status_code == 404


@pytest.mark.parametrize("lang", ["ar", "fr"])
def test_the_drill_page_names_the_hand_in_the_pupils_language(client, teacher, student, drill, lang):
    login(client, teacher)
    add_hand(client, drill, "moroccan", "random")
    login(client, student)
    page = client.get(f"/{lang}/drills/{drill.pk}/").text
    assert "A hand against the bots" not in page and "not played yet" not in page
    assert {"ar": "يد ضد اللاعبين الآليين", "fr": "Une donne contre les robots"}[lang] in page


def test_a_drill_of_only_a_hand_is_done_when_the_hand_is_played(client, teacher, student, classroom):
    drill = Drill.objects.create(classroom=classroom, title="A first hand")
    login(client, teacher)
    add_hand(client, drill)
    login(client, student)
    assert dict(student_drill_rows(student))[drill].status == "new"
    play_guided(client, deal(client, hand_item(drill)))
    cell = dict(student_drill_rows(student))[drill]
    assert (cell.solved, cell.total, cell.status) == (1, 1, "done")
    login(client, teacher)
    assert client.get(f"/en/classes/{classroom.pk}/dashboard/").status_code == 200
