"""The first feedback on a wrong answer: what is wrong with it, never the right answer, in every language."""

import re

import pytest
from django.utils import translation

from lessons.checking import check, reason_for, solution
from lessons.models import Puzzle
from tests.site.pages import ALL_LEGAL, BID, PLAY, PROJECTS, SCORE, TRICK
from tests.site.test_checking_kinds import CLEAN, HOKM_DOUBLE, RENOUNCE, SAUDI_LEAD
from tests.site.trainer.puzzles import BEST_CARD

LANGUAGES = ["en", "ar", "fa", "fr"]


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    translation.activate("en")


def puzzle(task: str, position: dict, answers: list | None = None, **fields) -> Puzzle:
    variant = position["variant"]
    return Puzzle(key="p", variant=variant, task=task, position=position, answers=answers or [], **fields)


# (task, position, accepted answers, a wrong answer, the rule its first feedback names)
WRONG = [
    ("play", PLAY, ["KC"], "AS", "play.must-follow"),
    ("play", PLAY, ["KC"], "7C", "trick.win"),
    ("all-legal", ALL_LEGAL, [], ["JS", "AD"], "play.must-follow"),
    ("trick-winner", TRICK, [], "N", "trick.win"),
    ("count", TRICK, [], 3, "trick.win"),
    ("score", SCORE, [], {"NS": 10, "EW": 16}, "score.sa.round-sun"),
    ("projects", PROJECTS, [], "NS", None),
    ("bid", BID, ["sun"], "ashkal", "bid.sa.ashkal-seat"),
    ("first-lead", SAUDI_LEAD, ["E"], "W", "lead.sa.first"),
    ("double", HOKM_DOUBLE, ["double"], "three", None),
    ("violation", RENOUNCE, ["E"], "N", ""),
    ("violation", CLEAN, ["none"], "E", ""),
    ("best-card", BEST_CARD, ["KH", "AH"], "8H", "solve.loses"),
    ("best-card", BEST_CARD, ["KH", "AH"], "KD", None),
]


def answer_words(p: Puzzle, lang: str) -> list[str]:
    """What would give the answer away: its labels, and its numbers for the counting tasks."""
    found = solution(p, lang)
    words = list(found.labels)
    for value in found.values:
        if isinstance(value, int):
            words.append(str(value))
        if isinstance(value, dict):
            words += [str(v) for v in value.values()]
    return words


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("task", "position", "answers", "given", "rule"), WRONG)
def test_the_first_feedback_says_what_is_wrong_without_the_answer(task, position, answers, given, rule, lang):
    translation.activate(lang)
    p = puzzle(task, position, answers)
    verdict = check(p, given, lang)

    assert not verdict.correct
    assert verdict.wrong, "a wrong answer is told what is wrong with it"
    if rule is not None:
        assert verdict.wrong[0]["rule"] == rule
    text = " ".join(item["message"] for item in verdict.wrong)
    for word in answer_words(p, lang):
        assert not re.search(rf"(?<![0-9]){re.escape(word)}(?![0-9])", text), (word, text)


def test_a_legal_card_that_loses_the_trick_is_told_which_card_beats_it():
    verdict = check(puzzle("play", PLAY, ["KC"]), "7C", "en")

    assert verdict.wrong == [{"rule": "trick.win", "message": "7♣ does not win the trick: 9♣ beats it."}]


def test_a_card_that_overtakes_a_winning_partner_is_told_so():
    position = {
        "variant": "saudi",
        "trump": "H",
        "seat": "S",
        "hand": ["AS", "7S"],
        "trick": [["N", "TS"], ["W", "8S"]],
    }

    verdict = check(puzzle("play", position, ["7S"]), "AS", "en")

    message = "A♠ takes the trick from your partner, who was already winning it with 10♠."
    assert verdict.wrong[0]["message"] == message


def test_the_authors_reason_comes_first_in_the_learners_language():
    reasons = {"7C": {"en": "The seven wastes your turn.", "fr": "Le sept gâche votre tour."}}
    p = puzzle("play", PLAY, ["KC"], why_not=reasons, rules=["play.must-follow"])

    assert check(p, "7C", "fr").wrong[0]["message"] == "Le sept gâche votre tour."
    assert reason_for(check(p, "7C", "en")) == ("", "The seven wastes your turn.")


def test_a_score_names_the_team_whose_count_is_off_not_the_total():
    verdict = check(puzzle("score", SCORE, []), {"NS": 14, "EW": 16}, "en")

    messages = [item["message"] for item in verdict.wrong]
    assert "North–South: right." in messages
    assert "East–West: too many points. Look again at the abnat." in messages


def test_a_best_card_loss_is_its_cost_and_the_line_after_it():
    verdict = check(puzzle("best-card", BEST_CARD, ["KH", "AH"]), "8H", "en")

    assert "costs your side 4 card points" in verdict.wrong[0]["message"]
    assert verdict.line


def test_the_dashboard_shows_what_the_learner_read_first():
    from lessons.classroom.dashboard import wrong_reason

    assert wrong_reason(puzzle("play", PLAY, ["KC"]), '"7C"', "en") == (
        "trick.win",
        "7♣ does not win the trick: 9♣ beats it.",
    )
