"""What a learner reads: no simulation key among the words, lesson titles in the page's digits,
and a first wrong answer to "who wins this trick?" that points at the rule, not at the answer."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from engine import messages
from engine.cards import Card
from engine.rule_ids import AUCTION_EXTRA_IDS, RULE_IDS, SOLVER_IDS
from lessons import checking
from lessons.content import LANGS, CourseSpec, Text, read_curriculum
from lessons.coverage import texts
from lessons.models import Puzzle

# A simulation's key (sa-j9-ace, sa-game-middle-b140-d130): a name for the bench, not for learners.
SCENARIO_KEY = re.compile(r"(?<![\w-])(?:sa|ma|fr)-[a-z0-9]+(?:-[a-z0-9]+)*")
WESTERN_DIGIT = re.compile(r"[0-9]")
# A note from the text's editor about its sources ("the source shows the pattern in a picture that is
# lost"): words about the documents the lesson was written from, not about the game.
EDITORS_NOTE = re.compile(r"\b(?:the source|la source)\b|المصدر|منبع", re.IGNORECASE)


def every_text(course: CourseSpec) -> Iterator[tuple[str, Text]]:
    """Every text of the course a learner may read: those of lessons.coverage, the key points of
    each lesson and the reasons given for wrong answers."""
    for where, text, _required in texts(course):
        yield where, text
    for lesson in course.lessons:
        yield f"{lesson.path.name} recap", {lang: " ".join(points) for lang, points in lesson.recap.items()}
        for puzzle in lesson.puzzles:
            for answer, text in puzzle.why_not.items():
                yield f"{puzzle.key} why_not {answer}", text


def test_no_lesson_text_shows_a_simulation_s_key():
    found = [
        f"{course.key}: {where} ({lang}): {match}"
        for course in read_curriculum()
        for where, text in every_text(course)
        for lang in LANGS
        for match in SCENARIO_KEY.findall(text.get(lang, ""))
    ]
    assert found == []


def test_no_lesson_text_is_an_editor_s_note_about_its_sources():
    found = [
        f"{course.key}: {where} ({lang})"
        for course in read_curriculum()
        for where, text in every_text(course)
        for lang in LANGS
        if EDITORS_NOTE.search(text.get(lang, ""))
    ]
    assert found == []


def test_no_lesson_text_shows_a_rule_id():
    """Learners see a rule's name in their language (a link to the rules page), never its ID."""
    ids = sorted({*RULE_IDS, *AUCTION_EXTRA_IDS, *SOLVER_IDS}, key=len, reverse=True)
    rule_id = re.compile(r"(?<![\w.-])(?:" + "|".join(map(re.escape, ids)) + r")(?![\w-])")
    found = [
        f"{course.key}: {where} ({lang}): {match}"
        for course in read_curriculum()
        for where, text in every_text(course)
        for lang in LANGS
        for match in rule_id.findall(text.get(lang, ""))
    ]
    assert found == []


@pytest.mark.parametrize("lang, course", [("ar", "saudi"), ("fa", "moroccan")])
def test_lesson_titles_are_written_in_the_page_s_digits(client, loaded, lang, course):
    page = client.get(f"/{lang}/learn/{course}/").text
    titles = re.findall(r"<h3>(.*?)</h3>", page, flags=re.S)
    assert titles
    assert [t for t in titles if WESTERN_DIGIT.search(re.sub(r"<[^>]+>", "", t))] == []


def test_trick_win_a_first_wrong_answer_names_the_rule_never_the_winning_card():
    checked = 0
    for course in read_curriculum():
        for spec in (p for p in course.puzzles if p.task == "trick-winner"):
            puzzle = Puzzle(key=spec.key, variant=spec.variant, task=spec.task, position=spec.position)
            winner = dict(spec.position["trick"])[spec.answers[0]]
            for seat, _card in spec.position["trick"]:
                if seat == spec.answers[0]:
                    continue
                for lang in ("en", "ar"):
                    named = messages.card_name(Card.parse(winner), spec.variant, lang)
                    wrong = checking.check(puzzle, seat, lang).wrong
                    assert wrong, f"{spec.key}: {seat} is wrong, and nothing says why"
                    assert all(named not in item["message"] for item in wrong), (spec.key, seat, wrong)
                    checked += 1
    assert checked > 20
