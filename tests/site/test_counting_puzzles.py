"""Counting puzzles in the middle of a hand (tasks ``trumps-left`` and ``contract-made``).

The count is the engine's (engine.counting, through lessons/positions.py); the loader refuses an
answer the engine does not give; a wrong number is told too many or too few and which tricks to
recount, never the number; a wrong verdict is asked the case it forgot; the solution lists the
trumps seen, or the hand's score at the extreme that decides it.
"""

import copy

import pytest
from django.http import QueryDict
from django.utils import translation

from engine.notation import InputError
from lessons.checking import BadAnswer, check, parse_answer, solution
from lessons.content import InvalidPuzzle, check_puzzle
from lessons.models import Course, Lesson, Puzzle, Step
from lessons.positions import contract_made, trumps_left
from tests.site.pages import answer, words

# Diamonds trump, South bought: four trumps fall in tricks 1 and 4; South holds the 9.
TRUMPS = {
    "variant": "saudi",
    "contract": {"mode": "hokm", "trump": "D", "taker": "S"},
    "played": [
        [["S", "QD"], ["E", "JD"], ["N", "8D"], ["W", "AC"]],
        [["E", "AS"], ["N", "7S"], ["W", "TS"], ["S", "JS"]],
        [["E", "7C"], ["N", "8C"], ["W", "TC"], ["S", "JC"]],
        [["W", "KS"], ["S", "AD"], ["E", "QS"], ["N", "8S"]],
    ],
    "seat": "S",
    "hand": ["TH", "KH", "9D", "QC"],
}
# Spades trump, South took: North–South 81, East–West 24 after six tricks.
EIGHTY_ONE = {
    "variant": "french",
    "contract": {"mode": "hokm", "trump": "S", "taker": "S"},
    "played": [
        [["S", "KS"], ["E", "7S"], ["N", "8S"], ["W", "JS"]],
        [["W", "8C"], ["S", "TS"], ["E", "7C"], ["N", "AC"]],
        [["S", "9S"], ["E", "7D"], ["N", "QS"], ["W", "9H"]],
        [["S", "8H"], ["E", "JH"], ["N", "AH"], ["W", "TH"]],
        [["N", "AD"], ["W", "QD"], ["S", "9D"], ["E", "8D"]],
        [["N", "7H"], ["W", "JC"], ["S", "KH"], ["E", "9C"]],
    ],
    "seat": "S",
    "hand": ["AS", "QH"],
}


def in_variant(position, variant):
    return {**copy.deepcopy(position), "variant": variant}


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    translation.activate("en")


def raw(task, position, answers):
    return {"key": "c", "task": task, "position": position, "answers": answers, "prompt": {"en": "Q"}}


def as_puzzle(task, position, answers):
    return Puzzle(key="c", variant=position["variant"], task=task, position=position, answers=answers)


def form(**fields):
    q = QueryDict(mutable=True)
    for name, value in fields.items():
        q.setlist(name, [value])
    return q


# ---------------------------------------------------------------- the engine's count


def test_trumps_left_lists_the_trumps_seen_and_held():
    out = trumps_left(TRUMPS, "en")

    assert out["left"] == 3
    assert [t["trick"] for t in out["seen"]] == [1, 1, 1, 4]
    assert out["held"] == ["9D"]


def test_trumps_left_refuses_a_sun():
    position = {**TRUMPS, "contract": {"mode": "sun", "trump": None, "taker": "S"}}
    with pytest.raises(InputError):
        trumps_left(position, "en")


def test_a_trick_not_led_by_the_last_winner_is_refused():
    position = copy.deepcopy(TRUMPS)
    position["played"][1] = [["W", "AS"], ["S", "JS"], ["E", "7S"], ["N", "TS"]]
    with pytest.raises(InputError) as e:
        trumps_left(position, "en")
    assert e.value.field == "played"


def test_a_hand_of_the_wrong_size_is_refused():
    with pytest.raises(InputError) as e:
        trumps_left({**TRUMPS, "hand": ["TH"]}, "en")
    assert e.value.field == "hand"


VERDICTS_81 = [("french", "made"), ("moroccan", "open"), ("saudi", "open")]


@pytest.mark.parametrize(("variant", "verdict"), VERDICTS_81)
def test_the_same_81_points_in_each_variant(variant, verdict):
    assert contract_made(in_variant(EIGHTY_ONE, variant), "en")["verdict"] == verdict


# ---------------------------------------------------------------- the loader


def test_the_loader_accepts_the_engine_count():
    assert check_puzzle(raw("trumps-left", TRUMPS, [3]), "saudi").answers == [3]


def test_the_loader_refuses_another_count():
    with pytest.raises(InvalidPuzzle, match="the others hold 3 trumps"):
        check_puzzle(raw("trumps-left", TRUMPS, [2]), "saudi")


def test_the_loader_refuses_another_verdict():
    with pytest.raises(InvalidPuzzle, match="the contract is made"):
        check_puzzle(raw("contract-made", EIGHTY_ONE, ["open"]), "french")


# ---------------------------------------------------------------- answers


@pytest.mark.parametrize("count", ["9", "x", "-1", "", "2.5"])
def test_it_refuses_a_count_that_is_no_count(count):
    with pytest.raises(BadAnswer):
        parse_answer(as_puzzle("trumps-left", TRUMPS, [3]), form(count=count))


def test_it_reads_a_count_in_arabic_digits():
    assert parse_answer(as_puzzle("trumps-left", TRUMPS, [3]), form(count="٣")) == 3


def test_it_refuses_an_outcome_it_does_not_know():
    with pytest.raises(BadAnswer):
        parse_answer(as_puzzle("contract-made", EIGHTY_ONE, ["made"]), form(outcome="maybe"))


def test_a_wrong_count_is_told_too_many_and_where_to_recount_never_the_number():
    verdict = check(as_puzzle("trumps-left", TRUMPS, [3]), 5, "en")

    assert not verdict.correct
    [wrong] = verdict.wrong
    assert wrong["message"] == (
        "Too many trumps. Recount the trumps played in tricks 1 and 4, and those in your hand."
    )
    assert "3" not in wrong["message"]


def test_a_count_too_low_is_told_too_few():
    verdict = check(as_puzzle("trumps-left", TRUMPS, [3]), 1, "en")

    assert verdict.wrong[0]["message"].startswith("Too few trumps.")


def test_the_solution_lists_the_trumps_seen():
    sol = solution(as_puzzle("trumps-left", TRUMPS, [3]), "en")

    assert sol.values == [3]
    texts = [s["text"] for s in sol.steps]
    assert texts[0].startswith("Trick 1: South: ")
    assert texts[-1] == "8 trumps, 4 played and 1 in your hand: 3 still with the others."


def test_a_wrong_made_is_asked_the_worst_case():
    verdict = check(as_puzzle("contract-made", in_variant(EIGHTY_ONE, "moroccan"), ["open"]), "made", "en")

    assert not verdict.correct
    assert "to the defenders" in verdict.wrong[0]["message"]
    assert "not yet" not in verdict.wrong[0]["message"].lower()


def test_the_solution_scores_the_worst_case_with_the_engine_steps():
    sol = solution(as_puzzle("contract-made", EIGHTY_ONE, ["made"]), "en")

    assert sol.values == ["made"]
    assert sol.labels == ["Yes, the contract is already made"]
    assert "score.fr.contract" in [s["rule"] for s in sol.steps]
    assert sol.steps[0]["text"].startswith("Taken so far: North–South 81 and East–West 24.")


def test_a_saudi_solution_speaks_of_abnat_in_arabic():
    translation.activate("ar")
    sol = solution(as_puzzle("contract-made", in_variant(EIGHTY_ONE, "saudi"), ["open"]), "ar")

    assert "بنط" in sol.steps[0]["text"]


def test_a_moroccan_solution_has_no_saudi_word_in_arabic():
    translation.activate("ar")
    puzzle = as_puzzle("trumps-left", in_variant(TRUMPS, "moroccan"), [3])
    texts = [s["text"] for s in solution(puzzle, "ar").steps] + [check(puzzle, 5, "ar").wrong[0]["message"]]

    for text in texts:
        assert "حكم" not in text and "أكلة" not in text and "أكلات" not in text


# ---------------------------------------------------------------- the page


@pytest.fixture
def counting_lesson(db):
    course = Course.objects.create(variant="saudi", order=1, **words("Saudi Baloot", field="title"))
    title = words("Counting", field="title")
    lesson = Lesson.objects.create(course=course, slug="counting", order=1, **title)
    for order, (task, position, answers) in enumerate(
        [("trumps-left", TRUMPS, [3]), ("contract-made", in_variant(EIGHTY_ONE, "saudi"), ["open"])], 1
    ):
        p = Puzzle.objects.create(
            key=f"sa-{task}", variant="saudi", task=task, position=position, answers=answers,
            **words("Count.", field="prompt"),
        )  # fmt: skip
        Step.objects.create(lesson=lesson, order=order, kind="puzzle", puzzle=p)
    return lesson


def test_the_page_shows_the_tricks_and_the_hand_and_a_count_field(client, counting_lesson):
    text = client.get("/en/learn/saudi/counting/1/").text

    assert 'name="count"' in text
    assert "The tricks played so far" in text
    assert "Hand of South" in text
    assert "South wins the trick." in text


def test_the_page_answers_a_wrong_count(client, counting_lesson):
    response = answer(client, "/en/learn/saudi/counting/1/", {"count": "2"}, htmx=True)

    assert response.status_code == 200
    assert "Too few trumps." in response.text


def test_the_page_offers_three_verdicts_and_accepts_the_right_one(client, counting_lesson):
    text = client.get("/ar/learn/saudi/counting/2/").text
    for value in ("made", "open", "lost"):
        assert f'name="outcome" value="{value}"' in text

    response = answer(client, "/ar/learn/saudi/counting/2/", {"outcome": "open"}, htmx=True)
    assert 'class="verdict verdict-right"' in response.text
    assert 'data-rule="score.sa.round-hokm"' in response.text


def test_the_page_answers_a_tampered_outcome_with_400(client, counting_lesson):
    response = answer(client, "/fr/learn/saudi/counting/2/", {"outcome": "peut-être"}, htmx=True)

    assert response.status_code == 400


def test_a_counting_position_is_not_offered_at_the_practice_table():
    from lessons.practice.scenario import playable

    assert not playable(TRUMPS) and not playable(EIGHTY_ONE)
