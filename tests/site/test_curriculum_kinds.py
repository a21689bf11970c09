"""The loader checks first-lead, double and violation puzzles with the engine: file, puzzle and reason."""

from pathlib import Path

import pytest
import yaml

from lessons.content import CurriculumError, InvalidPuzzle, check_puzzle, read_curriculum

TEXT = {"en": "Who?", "ar": "من؟", "fa": "چه کسی؟", "fr": "Qui ?"}

LEAD = {"variant": "saudi", "dealer": "S", "contract": {"mode": "sun", "trump": None, "taker": "N"}}
DOUBLE = {
    "variant": "saudi",
    "contract": {"mode": "hokm", "trump": "H", "taker": "N"},
    "calls": [],
    "seat": "E",
}
VIOLATION = {
    "variant": "french",
    "trump": "H",
    "hands": {"E": ["7C", "KS"], "N": ["8S", "9H"]},
    "trick": [["S", "AS"], ["E", "7C"], ["N", "8S"]],
}


def raw(task: str, position: dict, answers) -> dict:
    return {"key": "k-1", "task": task, "position": position, "answers": answers, "prompt": TEXT}


def refused(task: str, position: dict, answers, variant: str | None = None) -> InvalidPuzzle:
    with pytest.raises(InvalidPuzzle) as e:
        check_puzzle(raw(task, position, answers), variant or position["variant"])
    return e.value


def with_(position: dict, **changes) -> dict:
    return {**position, **changes}


# ---------------------------------------------------------------- accepted


@pytest.mark.parametrize(
    ("task", "position", "answers", "stored"),
    [
        ("first-lead", LEAD, "E", ["E"]),
        (
            "first-lead",
            with_(LEAD, variant="moroccan", contract={"mode": "hokm", "trump": "C", "taker": "N"}),
            ["W"],
            ["W"],
        ),
        ("double", DOUBLE, ["double", "pass"], ["double", "pass"]),
        (
            "double",
            with_(DOUBLE, hand=["JH", "9H", "AH", "AS", "TS", "AC", "7D", "8C"]),
            ["double"],
            ["double"],
        ),
        ("violation", VIOLATION, "E", ["E"]),
        ("violation", with_(VIOLATION, trick=[["S", "AS"], ["E", "KS"]]), ["none"], ["none"]),
    ],
)
def test_it_accepts_answers_the_engine_agrees_with(task, position, answers, stored):
    spec = check_puzzle(raw(task, position, answers), position["variant"])

    assert spec.answers == stored
    assert spec.task == task


# ---------------------------------------------------------------- answers the engine disagrees with


def test_lead_sa_first_a_wrong_leader_is_refused_with_the_engines_sentence():
    e = refused("first-lead", LEAD, "W")

    assert e.where == "answers"
    assert "E leads the first trick, not W" in e.reason
    assert "East" in e.reason


def test_double_sa_who_a_refused_word_is_refused_naming_the_rule():
    e = refused("double", DOUBLE, ["three"])

    assert e.where == "answers[0]"
    assert "double.sa.who" in e.reason


def test_double_sa_sun_condition_refuses_double_in_a_sun_the_scores_forbid():
    position = with_(
        DOUBLE, contract={"mode": "sun", "trump": None, "taker": "N"}, game_score={"NS": 50, "EW": 50}
    )

    assert "double.sa.sun-condition" in refused("double", position, ["double"]).reason


def test_double_a_seat_that_may_say_nothing_is_a_bad_position():
    position = with_(DOUBLE, calls=[["E", "double"], ["N", "pass"]])

    e = refused("double", position, ["pass"])

    assert e.where == "position.seat"


def test_violation_a_wrong_offender_is_refused_naming_the_real_one():
    e = refused("violation", VIOLATION, "N")

    assert "E broke a rule with 7C, not N" in e.reason
    assert "play.must-follow" in e.reason


def test_violation_none_is_refused_when_a_card_was_illegal():
    assert "not none" in refused("violation", VIOLATION, "none").reason


# ---------------------------------------------------------------- bad positions


@pytest.mark.parametrize(
    ("task", "position", "answers", "where", "code"),
    [
        ("first-lead", with_(LEAD, dealer="X"), "E", "position.dealer", "unknown-seat"),
        (
            "first-lead",
            with_(LEAD, contract={"mode": "sun", "trump": "H", "taker": "N"}),
            "E",
            "position.contract.trump",
            "bad-field",
        ),
        (
            "first-lead",
            with_(LEAD, variant="french", contract={"mode": "sun", "trump": None, "taker": "N"}),
            "E",
            "position.contract.mode",
            "bad-field",
        ),
        (
            "first-lead",
            with_(LEAD, contract={"mode": "hokm", "taker": "N"}),
            "E",
            "position.contract.trump",
            "missing-field",
        ),
        (
            "first-lead",
            with_(LEAD, contract={"mode": "hokm", "trump": "H", "taker": "N", "receiver": "S"}),
            "E",
            "position.contract.receiver",
            "bad-field",
        ),
        ("first-lead", with_(LEAD, seat="N"), "E", "position.seat", "unknown-field"),
        ("double", with_(DOUBLE, variant="french"), ["pass"], "position.variant", "bad-field"),
        ("double", with_(DOUBLE, calls=[["S", "double"]]), ["pass"], "position.calls[0][1]", "call-refused"),
        ("double", with_(DOUBLE, calls=[["E", "hokm"]]), ["pass"], "position.calls[0][1]", "unknown-call"),
        ("double", with_(DOUBLE, game_score={"NS": 10}), ["pass"], "position.game_score.EW", "missing-field"),
        ("double", with_(DOUBLE, hand=["JH", "9H", "AH"]), ["pass"], "position.hand", "hand-size"),
        (
            "double",
            with_(DOUBLE, hand=["JH", "9H", "AH", "AS", "TS", "AC", "7D", "JH"]),
            ["pass"],
            "position.hand[7]",
            "duplicate-card",
        ),
        (
            "violation",
            with_(VIOLATION, trick=[["S", "AS"], ["N", "8S"]]),
            "none",
            "position.trick[1][0]",
            "out-of-turn",
        ),
        ("violation", with_(VIOLATION, trick=[["S", "AS"]]), "none", "position.trick", "trick-size"),
        ("violation", with_(VIOLATION, hands={"E": ["7C", "KS"]}), "E", "position.hands.N", "missing-field"),
        (
            "violation",
            with_(VIOLATION, hands={"E": ["7C", "KS"], "N": ["9H", "7C"]}),
            "E",
            "position.hands.N[1]",
            "duplicate-card",
        ),
        (
            "violation",
            with_(VIOLATION, hands={"E": ["8C", "KS"], "N": ["8S", "9H"]}),
            "E",
            "position.trick[1][1]",
            "bad-field",
        ),
    ],
)
def test_it_refuses_a_bad_position_with_the_engines_error(task, position, answers, where, code):
    e = refused(task, position, answers, variant=position["variant"])

    assert e.where == where
    assert e.reason.startswith(code + ":")


def test_it_names_the_file_and_the_puzzle_of_a_bad_new_kind(tmp_path: Path):
    course = tmp_path / "saudi"
    course.mkdir()
    (course / "course.yaml").write_text(yaml.safe_dump({"variant": "saudi", "title": TEXT}), encoding="utf-8")
    lesson = {
        "slug": "doubling",
        "title": TEXT,
        "recap": {lang: [text, text] for lang, text in TEXT.items()},
        "steps": [{"puzzle": {**raw("double", DOUBLE, ["four"]), "key": "sa-double-9"}}],
    }
    path = course / "01-doubling.yaml"
    path.write_text(yaml.safe_dump(lesson, allow_unicode=True), encoding="utf-8")

    with pytest.raises(CurriculumError) as e:
        read_curriculum(tmp_path)

    [error] = e.value.errors
    assert error.path == path
    assert error.key == "sa-double-9"
    assert "double.sa.who" in error.reason
