"""A puzzle without an authored hint still gets a real second stage: a hint made from the puzzle
by its kind (lessons/hints.py), that narrows the question down without giving the answer."""

import re

import pytest
from django.utils import translation

from lessons.checking import solution
from lessons.hints import default_hint, hint_for
from lessons.models import Puzzle
from tests.site.pages import ALL_LEGAL, PLAY, PROJECTS, SCORE, TRICK, answer, step_url
from tests.site.test_vocabulary import saudi_words_in
from tests.site.trainer.puzzles import BEST_CARD

LANGUAGES = ["en", "ar", "fa", "fr"]
MOROCCAN_TRICK = {**TRICK, "variant": "moroccan"}


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    translation.activate("en")


def puzzle(task, position, answers=(), **fields):
    return Puzzle(key="p", variant=position["variant"], task=task, position=position, answers=list(answers),
                  **fields)


def answer_words(p, lang):
    found = solution(p, lang)
    words = list(found.labels)
    for value in found.values:
        if isinstance(value, int):
            words.append(str(value))
        if isinstance(value, dict):
            words += [str(v) for v in value.values()]
    return words


# (task, position, accepted answers, words the hint says in English)
KINDS = [
    ("play", PLAY, ["KC"], "The first card of this trick is clubs: do you hold any?"),
    ("all-legal", ALL_LEGAL, [], "is spades: do you hold any? If not, look at your trumps."),
    ("trick-winner", TRICK, [], "hearts is trump here: was a trump played in this trick?"),
    ("count", TRICK, [], "In the trump suit, hearts, the Jack and the 9 are worth the most."),
    ("score", SCORE, [], "Start with this step of the count: "),
    ("projects", PROJECTS, [], "Which is each team's best project? Compare those first."),
    ("best-card", BEST_CARD, ["KH", "AH"], "Look at your hearts: the best card is one of them."),
]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("task", "position", "answers", "english"), KINDS)
def test_each_kind_without_a_hint_gets_one_made_from_the_puzzle_that_keeps_the_answer(
    task, position, answers, english, lang
):
    translation.activate(lang)
    p = puzzle(task, position, answers, rules=["play.must-follow"])

    made = default_hint(p, lang)

    assert made
    if lang == "en":
        assert english.lower() in made.lower(), made
    if task not in ("play", "all-legal", "best-card"):  # a card's suit may be the answer's too
        for word in answer_words(p, lang):
            assert not re.search(rf"(?<![0-9]){re.escape(word)}(?![0-9])", made), (word, made)


def test_the_score_hint_names_the_first_step_of_the_count_not_its_result():
    from engine.messages import rule_title

    made = default_hint(puzzle("score", SCORE), "en")

    assert made == f"Start with this step of the count: {rule_title('score.sa.round-sun', 'saudi', 'en')}."


def test_an_authored_hint_comes_first():
    assert hint_for(puzzle("play", PLAY, ["KC"], hint="Count your clubs."), "en") == "Count your clubs."


@pytest.mark.parametrize("lang", ["ar", "fa", "fr"])
def test_a_moroccan_hint_is_in_the_moroccan_words(lang):
    translation.activate(lang)
    made = default_hint(puzzle("trick-winner", MOROCCAN_TRICK), lang)

    assert made and not saudi_words_in(made, "moroccan", lang), made


def test_a_puzzle_without_a_hint_shows_the_made_one_at_the_second_wrong_try(client, saudi):
    url = step_url(2)
    written = Puzzle.objects.get(key="sa-follow-1")
    written.hint_en = written.hint_ar = written.hint_fa = written.hint_fr = ""
    written.save()  # the lessons kept in memory are read again

    first = answer(client, url, {"card": "AS"}, htmx=True)
    assert "hint-inline" not in first.text
    assert "A hint may help." in first.text  # a hint there is, made from the puzzle
    second = answer(client, url, {"card": "AS"}, htmx=True)

    assert 'class="hint hint-inline"' in second.text
    assert "The first card of this trick is clubs: do you hold any?" in second.text
