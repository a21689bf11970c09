"""What the courses must hold at least, read as `curriculum_stats --json` reports it: playing-well
courses of whole hands and not only endgames, découverte positions to solve, three guided first
hands per variant. These are floors the content is written to reach, not descriptions of it."""

from __future__ import annotations

import functools
import io
import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from django.core.management import call_command

from lessons.content import CONTENT_DIR, GUIDED, read_curriculum

VARIANTS = ("saudi", "moroccan", "french")
PLAYING_WELL = [f"{variant}-playing-well" for variant in VARIANTS]
MIN_LESSONS = 14
MIN_PUZZLES = 90
# Best-card puzzles with 5 to 8 tricks left (a whole hand's middle, opening leads): a third at least.
WHOLE_HAND_TRICKS = range(5, 9)
MIN_DECOUVERTE_PUZZLES = 12
GUIDED_HANDS = 3


@functools.cache
def course_rows() -> dict[str, dict[str, Any]]:
    out = io.StringIO()
    call_command("curriculum_stats", "--json", stdout=out)
    return {
        key: row for variant in json.loads(out.getvalue()).values() for key, row in variant["courses"].items()
    }


@pytest.mark.parametrize("key", PLAYING_WELL)
def test_each_playing_well_course_has_14_lessons_and_90_puzzles(key):
    row = course_rows()[key]
    assert row["lessons"] >= MIN_LESSONS, f"{key}: {row['lessons']} lessons"
    assert row["puzzles"] >= MIN_PUZZLES, f"{key}: {row['puzzles']} puzzles"


@pytest.mark.parametrize("key", PLAYING_WELL)
def test_a_third_of_each_playing_well_course_s_best_card_puzzles_have_5_to_8_tricks_left(key):
    by_tricks = course_rows()[key]["puzzles_by_tricks_left"]
    best_card = sum(by_tricks.values())
    whole_hand = sum(n for tricks, n in by_tricks.items() if int(tricks) in WHOLE_HAND_TRICKS)
    assert best_card and 3 * whole_hand >= best_card, f"{key}: {whole_hand} of {best_card} ({by_tricks})"


def _is_decouverte(lesson_slug: str, position: dict[str, Any], themes: list[str]) -> bool:
    """A two-player découverte position: its variant is the two-player game, or its lesson or
    themes say découverte."""
    return (
        str(position.get("variant", "")).endswith("2p")
        or "decouverte" in lesson_slug
        or "decouverte" in themes
    )


def test_the_french_courses_pose_12_decouverte_puzzles():
    found = [
        step.puzzle.key
        for course in read_curriculum()
        if course.variant == "french"
        for lesson in course.lessons
        for step in lesson.steps
        if step.puzzle is not None and _is_decouverte(lesson.slug, step.puzzle.position, step.puzzle.themes)
    ]
    assert len(found) >= MIN_DECOUVERTE_PUZZLES, f"{len(found)} découverte puzzle(s): {found}"


def _guided_deals(variant: str) -> set[tuple[str, ...]]:
    """The distinct deals of a variant's guided first hands, wherever guided/ keeps them: one file
    per variant, a directory of files, or a list of hands in one file."""
    guided = CONTENT_DIR / GUIDED
    paths: list[Path] = [
        *guided.glob(f"{variant}.yaml"),
        *guided.glob(f"{variant}-*.yaml"),
        *guided.glob(f"{variant}/*.yaml"),
    ]
    deals: set[tuple[str, ...]] = set()
    for path in paths:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        hands = data.get("hands", [data]) if isinstance(data, dict) else data
        deals |= {tuple(hand["deck"]) for hand in hands if isinstance(hand, dict) and "deck" in hand}
    return deals


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_variant_has_three_guided_first_hands_on_different_deals(variant):
    assert len(_guided_deals(variant)) >= GUIDED_HANDS
