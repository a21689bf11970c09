"""Fresh generated puzzles of one theme and one band of difficulty, made by the engine and stored.

A teacher's drill of "20 easy overruff puzzles" takes what the pool of generated puzzles has
(lessons/themes.py ``theme_puzzles``); the missing ones are made here, in a task, never in a
request (lessons/classroom/theme_drills.py). Each theme is asked of the engine the fastest way:

- an endgame theme the solver recognises by its shape (``overruff``, ``duck``...): every position
  of a deal the bots play is a candidate (:func:`engine.solver.generate.generate_themed`);
- ``short-endgame``: an endgame of two tricks (:func:`engine.solver.generate.generate`);
- a rule drill's family (``legal-cards``, ``scoring``...): :mod:`engine.drills`' maker of it.

Every puzzle is then checked like any generated puzzle, by the loader's own check
(:func:`lessons.content.check_puzzle`: the solver or the engine answers it again), and stored as a
``generated`` puzzle keyed by its position, so the same endgame found twice is one puzzle.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import translation

from engine.drills import MAKERS
from engine.solver.generate import generate, generate_themed
from engine.solver.themes import SHAPES
from engine.variants import RuleSet, rules_for
from lessons.content import InvalidPuzzle, PuzzleSpec, check_puzzle
from lessons.generated import SHORT_ENDGAME, drill_entry, entry
from lessons.models import Puzzle, Source
from lessons.rating import starting_rating
from lessons.themes import BANDS

MIN_MARGIN = 10  # card points every other card loses, as the trainer's endgames
TRICKS_LEFT = (2, 5)  # the tricks left of a themed endgame: short enough for a drill


def can_make(theme: str) -> bool:
    """Whether the engine can make puzzles of ``theme``."""
    return theme in SHAPES or theme == SHORT_ENDGAME or theme in MAKERS


def make_puzzle(variant: str, theme: str, band: str = "", budget: float = 20.0) -> Puzzle | None:
    """A new puzzle of ``variant`` with ``theme`` in difficulty ``band`` (blank: any), checked and
    stored; None when none turned up within ``budget`` seconds."""
    lo, hi = BANDS.get(band, (1, 5))
    rng = random.Random()
    deadline = time.monotonic() + budget
    for raw in _candidates(rules_for(variant), variant, theme, rng):
        if time.monotonic() > deadline:
            return None
        if raw is None or not lo <= raw["difficulty"] <= hi or theme not in raw["themes"]:
            continue
        if Puzzle.objects.filter(key=raw["key"]).exists():
            continue  # in the pool already: a drill asks for puzzles it does not have
        try:
            spec = check_puzzle(raw, variant)
        except InvalidPuzzle:  # pragma: no cover - the engine and the loader agree (tested)
            continue
        return store(spec)
    return None


def _candidates(
    rules: RuleSet, variant: str, theme: str, rng: random.Random
) -> Iterator[dict[str, Any] | None]:
    """Puzzles as a content file writes them (None: an attempt that gave none), endlessly."""
    while True:
        if theme in MAKERS:
            drill = MAKERS[theme](rules, rng)
            yield None if drill is None else drill_entry(variant, drill)
        elif theme == SHORT_ENDGAME:
            found = generate(rules, rng, 2, MIN_MARGIN)
            yield None if found is None else _entry(variant, found)
        else:
            yield None  # a deal giving no puzzle still lets the caller look at the clock
            for found in generate_themed(rules, rng, [theme], TRICKS_LEFT, MIN_MARGIN):
                yield _entry(variant, found)


def _entry(variant: str, found: Any) -> dict[str, Any]:
    return entry(variant, found.position, found.answers, found.themes, found.difficulty)


def store(spec: PuzzleSpec) -> Puzzle:
    """``spec`` stored as a generated puzzle (the one stored a moment ago by another, if so)."""
    # English, like load_curriculum: the untranslated columns do not depend on the page's language.
    with translation.override("en"):
        try:
            with transaction.atomic():
                return Puzzle.objects.create(
                    key=spec.key,
                    variant=spec.variant,
                    task=spec.task,
                    position=spec.position,
                    answers=spec.answers,
                    rules=spec.rules,
                    themes=spec.themes,
                    difficulty=spec.difficulty,
                    source=Source.GENERATED,
                    rating=starting_rating(spec.difficulty),
                    **{f"prompt_{lang}": text for lang, text in spec.prompt.items()},
                )
        except IntegrityError:  # the same puzzle stored a moment ago
            return Puzzle.objects.get(key=spec.key)
