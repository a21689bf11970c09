"""Score-sheet puzzles (task ``sheet``): a game's sheet over several hands, one line written wrong.

Each hand is scored by the engine's own ``score`` command (lessons/positions.py); the loader
refuses a sheet that does not have exactly one wrong line; the page shows the lines as written
with their running totals; a wrong choice is told that its line is right, never which one is wrong.
"""

import copy

import pytest
from django.http import QueryDict
from django.utils import translation

from engine.notation import InputError
from lessons.checking import BadAnswer, check, parse_answer, solution
from lessons.content import InvalidPuzzle, check_puzzle
from lessons.models import Course, Lesson, Puzzle, Step
from lessons.positions import sheet
from tests.site.pages import answer, words


def hand(trump, dealer, taker, ns, ew, tricks_ns, **more):
    """One hand of a sheet, as the engine's score command reads it."""
    return {
        "trump": trump,
        "dealer": dealer,
        "taker": taker,
        "card_points": {"NS": ns, "EW": ew},
        "tricks": {"NS": tricks_ns, "EW": 8 - tricks_ns},
        **more,
    }


# From 104–118: Sun 16–10, Hokm 6–10, Hokm with North's Sira 12–6 (written 10–6), then West
# fails in Sun: North–South take the 26 and reach 164, past 152.
SAUDI_SHEET = {
    "variant": "saudi",
    "start": {"NS": 104, "EW": 118},
    "hands": [
        hand(None, "E", "S", 80, 50, 5),
        hand("H", "S", "E", 58, 104, 3),
        hand("S", "W", "N", 96, 66, 5, projects={"N": [["7S", "8S", "9S"]]}),
        hand(None, "N", "W", 75, 55, 5),
    ],
    "sheet": [{"NS": 16, "EW": 10}, {"NS": 6, "EW": 10}, {"NS": 10, "EW": 6}, {"NS": 26, "EW": 0}],
}
# West took clubs with 72 card points against 90: chute (written as if made).
MOROCCAN_SHEET = {
    "variant": "moroccan",
    "hands": [hand("H", "E", "S", 100, 62, 5), hand("C", "S", "W", 90, 72, 5)],
    "sheet": [{"NS": 100, "EW": 62}, {"NS": 90, "EW": 72}],
}


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    translation.activate("en")


def raw(position, answers=(3,)):
    return {"key": "s", "task": "sheet", "position": position, "answers": [*answers], "prompt": {"en": "Q"}}


def as_puzzle(position, answers=(3,)):
    variant = position["variant"]
    return Puzzle(key="s", variant=variant, task="sheet", position=position, answers=list(answers))


def form(**fields):
    q = QueryDict(mutable=True)
    for name, value in fields.items():
        q.setlist(name, [value])
    return q


# ---------------------------------------------------------------- the engine's verdict, line by line


def test_it_scores_every_hand_and_finds_the_wrong_line():
    out = sheet(SAUDI_SHEET, "en")

    assert out["wrong"] == [3]
    assert [line["points"] for line in out["lines"]] == [
        {"NS": 16, "EW": 10}, {"NS": 6, "EW": 10}, {"NS": 12, "EW": 6}, {"NS": 26, "EW": 0},
    ]  # fmt: skip
    # The totals are the sheet's as written (what the learner reads), from the score before.
    assert out["lines"][-1]["totals"] == {"NS": 162, "EW": 144}
    assert "score.sa.projects" in [s["rule"] for s in out["lines"][2]["steps"]]


def test_it_gives_each_hand_the_true_score_before_it():
    # North–South reach 164 on the last hand, counted from the right sheet: the game is over.
    out = sheet(SAUDI_SHEET, "en")

    assert [line["game_over"] for line in out["lines"]] == [False, False, False, True]


def test_it_refuses_a_hand_after_the_game_is_over():
    position = copy.deepcopy(SAUDI_SHEET)
    position["hands"].append(position["hands"][0])
    position["sheet"].append({"NS": 16, "EW": 10})

    with pytest.raises(InputError) as e:
        sheet(position, "en")
    assert e.value.field == "hands[4]"


def test_it_names_the_hand_of_a_bad_field():
    position = copy.deepcopy(MOROCCAN_SHEET)
    position["hands"][1]["trump"] = "X"

    with pytest.raises(InputError) as e:
        sheet(position, "en")
    assert e.value.field == "hands[1].trump"


def test_it_wants_one_line_per_hand():
    position = {**MOROCCAN_SHEET, "sheet": MOROCCAN_SHEET["sheet"][:1]}

    with pytest.raises(InputError) as e:
        sheet(position, "en")
    assert e.value.field == "sheet"


# ---------------------------------------------------------------- the loader


def test_the_loader_accepts_the_wrong_line_as_the_answer():
    assert check_puzzle(raw(SAUDI_SHEET), "saudi").answers == [3]


def test_the_loader_refuses_another_line():
    with pytest.raises(InvalidPuzzle, match="line 3 is the wrong one"):
        check_puzzle(raw(SAUDI_SHEET, (2,)), "saudi")


def test_the_loader_refuses_a_sheet_with_two_wrong_lines():
    position = copy.deepcopy(SAUDI_SHEET)
    position["sheet"][0] = {"NS": 18, "EW": 8}

    with pytest.raises(InvalidPuzzle, match="exactly one line"):
        check_puzzle(raw(position), "saudi")


def test_the_loader_refuses_a_sheet_without_a_wrong_line():
    position = copy.deepcopy(SAUDI_SHEET)
    position["sheet"][2] = {"NS": 12, "EW": 6}

    with pytest.raises(InvalidPuzzle, match="lines wrong: none"):
        check_puzzle(raw(position), "saudi")


# ---------------------------------------------------------------- answers


@pytest.mark.parametrize("line", ["0", "5", "x", "-1", "٣", ""])
def test_it_refuses_a_line_the_sheet_does_not_have(line):
    with pytest.raises(BadAnswer):
        parse_answer(as_puzzle(SAUDI_SHEET), form(line=line))


def test_it_accepts_the_wrong_line_with_the_steps_of_its_hand():
    verdict = check(as_puzzle(SAUDI_SHEET), 3, "en")

    assert verdict.correct
    assert "score.sa.projects" in [s["rule"] for s in verdict.steps]


def test_a_right_line_chosen_is_told_it_is_right_without_naming_the_wrong_one():
    verdict = check(as_puzzle(SAUDI_SHEET), 2, "en")

    assert not verdict.correct
    assert [w["message"] for w in verdict.wrong] == [
        "Line 2 is right: that hand scores North–South 6 and East–West 10, as the sheet says."
    ]
    assert "3" not in verdict.wrong[0]["message"]


def test_the_solution_names_the_line_and_both_figures():
    sol = solution(as_puzzle(SAUDI_SHEET), "en")

    assert sol.values == [3]
    assert sol.labels == [
        "In line 3 the sheet says North–South 10 and East–West 6; "
        "the hand scores North–South 12 and East–West 6."
    ]


def test_a_saudi_sheet_speaks_of_the_qaid_in_arabic():
    translation.activate("ar")
    sol = solution(as_puzzle(SAUDI_SHEET), "ar")

    assert "القيد" in sol.labels[0]


def test_a_moroccan_sheet_has_no_saudi_word_in_arabic():
    translation.activate("ar")
    puzzle = as_puzzle(MOROCCAN_SHEET, (2,))
    sol = solution(puzzle, "ar")
    wrong = check(puzzle, 1, "ar").wrong

    for text in [*sol.labels, wrong[0]["message"]]:
        assert "القيد" not in text and "جولة" not in text
    assert "الورقة" in sol.labels[0]


# ---------------------------------------------------------------- the page


@pytest.fixture
def sheet_lesson(db):
    course = Course.objects.create(variant="saudi", order=1, **words("Saudi Baloot", field="title"))
    lesson = Lesson.objects.create(course=course, slug="sheets", order=1, **words("Sheets", field="title"))
    p = Puzzle.objects.create(
        key="sa-sheet", variant="saudi", task="sheet", position=SAUDI_SHEET, answers=[3],
        **words("Which line is wrong?", field="prompt"),
    )  # fmt: skip
    Step.objects.create(lesson=lesson, order=1, kind="puzzle", puzzle=p)
    return lesson


def test_the_page_shows_the_sheet_as_written_with_a_button_per_line(client, sheet_lesson):
    text = client.get("/en/learn/saudi/sheets/1/").text

    for n in range(1, 5):
        assert f'name="line" value="{n}"' in text
    assert "Score before these hands" in text
    assert ">162<" in text  # the running total as written, not the true 164
    assert ">164<" not in text and ">12<" not in text  # nothing of the right count shows


def test_the_page_answers_a_right_line_chosen_with_its_reason(client, sheet_lesson):
    response = answer(client, "/en/learn/saudi/sheets/1/", {"line": "1"}, htmx=True)

    assert response.status_code == 200
    assert 'class="verdict verdict-wrong"' in response.text
    assert "Line 1 is right" in response.text


def test_the_page_accepts_the_wrong_line(client, sheet_lesson):
    response = answer(client, "/ar/learn/saudi/sheets/1/", {"line": "3"}, htmx=True)

    assert 'class="verdict verdict-right"' in response.text
    assert 'data-rule="score.sa.projects"' in response.text


def test_the_page_answers_a_tampered_line_with_400(client, sheet_lesson):
    response = answer(client, "/fr/learn/saudi/sheets/1/", {"line": "9"}, htmx=True)

    assert response.status_code == 400
    assert "Cette feuille n’a pas cette ligne" in response.text


def test_a_sheet_is_not_offered_at_the_practice_table():
    from lessons.practice.scenario import playable

    assert not playable(SAUDI_SHEET)
