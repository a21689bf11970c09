"""Teachers' own puzzles: built with the card picker, checked by the engine, saved only when right."""

import pytest

from lessons.models import DrillItem, Puzzle, PuzzleAuthor, Source
from tests.site.classroom.base import *  # noqa: F403
from tests.site.classroom.base import login

PLAY = {
    "variant": "saudi", "task": "play", "trump": "none", "seat": "S", "leader": "E",
    "hand": ["KC", "7C", "AS"], "trick1": "9C", "answers": ["KC"],
    "prompt": "West leads a club. What do you play?", "hint": "Follow suit.", "difficulty": "2",
}  # fmt: skip
COUNT = {
    "variant": "saudi", "task": "count", "trump": "H", "seat": "S", "leader": "E",
    "trick1": "9C", "trick2": "JC", "trick3": "7H", "trick4": "AC",
    "prompt": "How many points in this trick?", "difficulty": "1",
}  # fmt: skip


def check(client, data, htmx=True):
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post("/en/puzzles/check", data, headers=headers)


def save(client, data):
    return client.post("/en/puzzles/new/", {**data, "action": "save"})


@pytest.fixture
def signed_in(client, teacher):
    login(client, teacher)
    return client


def test_it_shows_the_card_picker(signed_in):
    text = signed_in.get("/en/puzzles/new/?task=play").text

    assert text.count('name="hand"') == 32
    assert text.count('name="answers"') == 32
    assert 'hx-post="/en/puzzles/check"' in text
    assert 'action="/en/puzzles/new/"' in text  # works without JavaScript too


def test_the_live_check_answers_with_the_verdict_only(signed_in):
    response = check(signed_in, PLAY)

    assert response.status_code == 200
    assert response.text.lstrip().startswith('<div id="puzzle-verdict" class="verdict verdict-right"')
    assert "The engine accepts this puzzle." in response.text
    assert "play.must-follow" not in response.text or "A♠" in response.text  # AS may not be played


def test_the_live_check_gives_the_engines_reason_for_a_refused_card(signed_in):
    response = check(signed_in, {**PLAY, "answers": ["AS"]})

    assert "verdict-wrong" in response.text
    assert "may not be played here" in response.text
    assert "clubs" in response.text.lower()


def test_the_live_check_speaks_the_teachers_language(client, teacher):
    login(client, teacher)

    response = client.post("/fr/puzzles/check", {**PLAY, "answers": ["AS"]}, headers={"HX-Request": "true"})

    assert "ne peut pas être jouée ici" in response.text
    assert "may not be played" not in response.text


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"hand": ["KC", "9C"]}, "both in the hand and in the trick"),
        ({"hand": []}, "Pick the cards of the hand."),
        ({"trick1": "", "trick2": "9C"}, "without a gap"),
        ({"trick2": "JC", "trick3": "QC", "trick4": "TC"}, "at most three cards"),
        ({"hand": ["KC", "7C", "AS", "AC", "TC", "QC", "JC", "8C", "9H"]}, ""),
        ({"variant": "french", "trump": "none"}, ""),
    ],
)
def test_an_impossible_position_cannot_be_saved(signed_in, change, problem):
    response = save(signed_in, {**PLAY, **change})

    assert response.status_code == 200
    assert "verdict-wrong" in response.text
    assert problem in response.text
    assert not Puzzle.objects.filter(source=Source.TEACHER).exists()


def test_a_trick_task_needs_four_cards(signed_in):
    response = save(signed_in, {**COUNT, "trick4": ""})

    assert "four cards" in response.text
    assert not Puzzle.objects.filter(source=Source.TEACHER).exists()


def test_it_saves_a_play_puzzle_as_the_teachers(signed_in, teacher):
    response = save(signed_in, PLAY)

    puzzle = Puzzle.objects.get(source=Source.TEACHER)
    assert response["Location"] == f"/en/puzzles/{puzzle.key}/"
    assert puzzle.key.startswith("t-")
    assert puzzle.task == "play" and puzzle.variant == "saudi" and puzzle.difficulty == 2
    assert puzzle.position == {
        "variant": "saudi", "trump": None, "seat": "S", "hand": ["KC", "7C", "AS"], "trick": [["W", "9C"]]
    }  # fmt: skip
    assert puzzle.answers == ["KC"]
    assert puzzle.prompt_en == "West leads a club. What do you play?"
    assert PuzzleAuthor.objects.get(puzzle=puzzle).author == teacher


def test_a_play_puzzle_without_best_cards_accepts_every_legal_card(signed_in):
    save(signed_in, {**PLAY, "answers": []})

    assert Puzzle.objects.get(source=Source.TEACHER).answers == ["KC", "7C"]


def test_the_engine_gives_the_answer_of_a_count_and_of_a_trick_winner(signed_in):
    save(signed_in, COUNT)
    save(signed_in, {**COUNT, "task": "trick-winner"})

    answers = {p.task: p.answers for p in Puzzle.objects.filter(source=Source.TEACHER)}
    assert answers == {"count": [13], "trick-winner": ["W"]}  # 9♣ 0, J♣ 2, 7♥ 0, A♣ 11


def test_the_check_button_works_without_javascript(signed_in):
    response = signed_in.post("/en/puzzles/new/", {**COUNT, "action": "check"})

    assert "<html" in response.text
    assert "The engine accepts this puzzle." in response.text
    assert not Puzzle.objects.filter(source=Source.TEACHER).exists()


def test_nonsense_never_gives_a_500(signed_in):
    response = save(signed_in, {"variant": "klaverjas", "task": "bid", "hand": ["ZZ"], "difficulty": "9"})

    assert response.status_code == 200
    assert "verdict-wrong" in response.text


def test_a_saved_puzzle_is_used_in_a_drill_and_pupils_answer_it(client, teacher, student, drill):
    login(client, teacher)
    save(client, COUNT)
    puzzle = Puzzle.objects.get(source=Source.TEACHER)

    response = client.post(f"/en/puzzles/{puzzle.key}/add", {"drill": drill.pk})

    assert response["Location"] == f"/en/drills/{drill.pk}/edit/"
    item = DrillItem.objects.get(drill=drill, puzzle=puzzle)
    assert item.order == 3
    login(client, student)
    page = client.get(f"/en/drills/{drill.pk}/puzzles/{item.pk}/")
    assert "How many points in this trick?" in page.text


def test_it_adds_only_to_the_teachers_drills(client, other_teacher, drill):
    login(client, other_teacher)
    save(client, COUNT)
    puzzle = Puzzle.objects.get(source=Source.TEACHER)

    response = client.post(f"/en/puzzles/{puzzle.key}/add", {"drill": drill.pk})

    assert response.status_code == 400
    assert not DrillItem.objects.filter(puzzle=puzzle).exists()


def test_it_lists_and_shows_the_teachers_puzzles(signed_in):
    save(signed_in, COUNT)
    puzzle = Puzzle.objects.get(source=Source.TEACHER)

    assert "How many points in this trick?" in signed_in.get("/en/puzzles/").text
    detail = signed_in.get(f"/en/puzzles/{puzzle.key}/").text
    assert "13" in detail  # the solution


def test_it_deletes_an_unanswered_puzzle(signed_in):
    save(signed_in, COUNT)
    puzzle = Puzzle.objects.get(source=Source.TEACHER)

    response = signed_in.post(f"/en/puzzles/{puzzle.key}/delete")

    assert response["Location"] == "/en/puzzles/"
    assert not Puzzle.objects.filter(source=Source.TEACHER).exists()


# ---------------------------------------------------------------- find the best card

BEST_CARD = {
    "variant": "saudi", "task": "best-card", "trump": "H", "taker": "N", "seat": "S", "leader": "E",
    "north": ["TD", "AD", "8S", "AS"], "east": ["9S", "9H", "QS", "TC"],
    "south": ["8H", "KD", "AH", "KH"], "west": ["QC", "7S", "7C"], "trick1": "KC", "points_ns": "35",
    "prompt": "West leads the king of clubs.", "difficulty": "3",
}  # fmt: skip


def test_the_solver_gives_the_answers_of_a_best_card_puzzle(signed_in):
    response = check(signed_in, BEST_CARD)

    assert "verdict-right" in response.text
    assert "Best cards, found by the solver:" in response.text
    assert "eight of hearts</strong>: gives away 4 card points" in response.text
    save(signed_in, BEST_CARD)
    puzzle = Puzzle.objects.get(source=Source.TEACHER)
    assert puzzle.task == "best-card" and puzzle.answers == ["KH", "AH"]
    assert puzzle.position == {
        "variant": "saudi",
        "contract": {"mode": "hokm", "trump": "H", "taker": "N"},
        "hands": {"N": ["TD", "AD", "8S", "AS"], "E": ["9S", "9H", "QS", "TC"],
                  "S": ["8H", "KD", "AH", "KH"], "W": ["QC", "7S", "7C"]},
        "trick": [["W", "KC"]],
        "leader": "W",
        "points": {"NS": 35, "EW": 32},  # East–West have the rest of the 67 points played
    }  # fmt: skip
    detail = signed_in.get(f"/en/puzzles/{puzzle.key}/").text
    assert 'aria-label="king of hearts"' in detail and 'aria-label="Cards of North"' in detail


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        ({"points_ns": ""}, "Give the card points North–South have won so far: from 0 to 67."),
        ({"points_ns": "68"}, "from 0 to 67"),
        ({"south": []}, "Pick the cards of the player to play."),
        ({"east": ["9S", "9H", "QS"]}, "hands.E"),
        ({"west": ["QC", "7S", "KH"]}, "KH"),  # a card in two hands
        ({"variant": "french", "trump": "none"}, ""),  # no Sun in French Belote
        ({"trick2": "9C"}, ""),  # South is not the next to play after two cards
    ],
)
def test_an_impossible_best_card_position_cannot_be_saved(signed_in, change, problem):
    response = save(signed_in, {**BEST_CARD, **change})

    assert "verdict-wrong" in response.text
    assert problem in response.text
    assert not Puzzle.objects.filter(source=Source.TEACHER).exists()
