"""A wrong score's first feedback names the step of the count that went wrong (lessons/score_feedback.py),
in each course's words and every language, and never the right figures."""

import re

import pytest
from django.utils import translation

from lessons.checking import check, solution
from lessons.models import Puzzle
from tests.site.test_vocabulary import saudi_words_in

LANGUAGES = ["en", "ar", "fa", "fr"]

# Hokm in spades, North bought: 102 abnat (10), a Sira of East–West (2), North's Baloot (2): 12 and 8.
SAUDI = {
    "variant": "saudi", "trump": "S", "dealer": "W", "taker": "N",
    "card_points": {"NS": 102, "EW": 60}, "tricks": {"NS": 5, "EW": 3},
    "projects": {"E": [["QH", "KH", "AH"]]}, "belote": "N",
}
# Sun, North bought 75 abnat: 15 and 11.
SUN = {
    "variant": "saudi", "trump": None, "dealer": "W", "taker": "N",
    "card_points": {"NS": 75, "EW": 55}, "tricks": {"NS": 4, "EW": 4},
}
# Hearts, East took with the belote and 72 card points against 90: dedans, 162 and 20.
MOROCCAN = {
    "variant": "moroccan", "trump": "H", "dealer": "S", "taker": "E",
    "card_points": {"NS": 90, "EW": 72}, "tricks": {"NS": 5, "EW": 3}, "belote": "E",
}
FRENCH = {**MOROCCAN, "variant": "french", "card_points": {"NS": 76, "EW": 86}, "taker": "N", "belote": "N"}


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    translation.activate("en")


def first_feedback(position: dict, given: dict, lang: str) -> list[dict[str, str]]:
    translation.activate(lang)
    p = Puzzle(key="p", variant=position["variant"], task="score", position=position, answers=[])
    verdict = check(p, given, lang)
    assert not verdict.correct
    right = solution(p, lang).values[0]
    text = " ".join(item["message"] for item in verdict.wrong)
    for figure in right.values():
        assert not re.search(rf"(?<![0-9]){figure}(?![0-9])", text), (figure, text)
    return verdict.wrong


# (position, the learner's figures, the rule of the step they missed, its sentence in English)
SLIPS = [
    (SAUDI, {"NS": 10, "EW": 8}, "proj.sa.baloot", "You left out the Baloot."),
    (SAUDI, {"NS": 14, "EW": 8}, "proj.sa.baloot", "You counted the Baloot twice."),
    (SAUDI, {"NS": 12, "EW": 6}, "score.sa.projects", "You left out the projects."),
    (SUN, {"NS": 16, "EW": 10}, "score.sa.round-sun",
     "The rounding went wrong: in Sun, abnat that end in 5 are not rounded."),
    (SUN, {"NS": 7, "EW": 19}, "score.sa.round-sun",
     "You forgot the ×2 of Sun: the rounded abnat are doubled, then divided by 10."),
    (MOROCCAN, {"NS": 90, "EW": 92}, "score.ma.chute",
     "You let each team keep its own points: did the takers make their contract?"),
    (MOROCCAN, {"NS": 162, "EW": 40}, "decl.ma.belote", "You counted the belote twice."),
    (FRENCH, {"NS": 0, "EW": 162}, "decl.fr.belote", "You left out the belote."),
]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("position", "given", "rule", "english"), SLIPS)
def test_the_one_slip_that_gives_the_figures_is_named_in_the_courses_words(
    position, given, rule, english, lang
):
    (item,) = first_feedback(position, given, lang)

    assert item["rule"] == rule
    if lang == "en":
        assert item["message"] == english
    else:
        assert item["message"] and item["message"] != english
    if position["variant"] != "saudi" and lang != "en":
        assert not saudi_words_in(item["message"], position["variant"], lang), item["message"]


def test_the_saudi_and_moroccan_courses_say_the_same_slip_in_their_own_words():
    saudi = first_feedback(SAUDI, {"NS": 10, "EW": 8}, "ar")[0]["message"]
    moroccan = first_feedback({**MOROCCAN, "card_points": {"NS": 70, "EW": 92}}, {"NS": 70, "EW": 92}, "ar")
    assert saudi == "نسيت البلوت."
    assert moroccan[0]["message"] == "نسيت البلوت والريبلوت."


@pytest.mark.parametrize("lang", LANGUAGES)
def test_without_one_slip_each_figure_is_right_too_high_or_too_low_with_the_parts_to_look_at(lang):
    wrong = first_feedback(SAUDI, {"NS": 11, "EW": 8}, lang)

    assert [item["rule"] for item in wrong] == ["score.sa.round-hokm", ""]
    if lang == "en":
        parts = "the abnat, the projects and the Baloot"
        assert wrong[0]["message"] == f"North–South: too few points. Look again at {parts}."
        assert wrong[1]["message"] == "East–West: right."


def test_a_moroccan_figure_off_names_the_parts_in_moroccan_words():
    wrong = first_feedback(MOROCCAN, {"NS": 100, "EW": 8}, "ar")
    text = " ".join(item["message"] for item in wrong)
    assert "نقاط الأوراق" in text and "البلوت والريبلوت" in text
    assert not saudi_words_in(text, "moroccan", "ar")
