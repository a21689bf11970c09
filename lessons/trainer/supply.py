"""Fresh puzzles for a learner who has answered every generated one: the stream never runs dry.

The content files hold a few dozen generated puzzles per variant (``lessons/content/generated``);
a keen learner gets through them in an evening. When the trainer finds nothing new for a learner
(:mod:`lessons.trainer.selection`), :func:`fresh_puzzle` asks the engine's generator for another
endgame, checks it like any generated puzzle (:func:`lessons.content.check_puzzle`, the solver
again) and stores it as a ``generated`` puzzle keyed by its position, so two learners who are
dealt the same endgame share one puzzle and its rating.

The generator keeps about one endgame in twelve and each try costs a few milliseconds, so a
puzzle usually takes tens of milliseconds; the search stops after :data:`BUDGET_SECONDS`, and a
learner unlucky enough to reach it sees the page for "nothing new" (with the failed puzzles to
replay) rather than a long wait. The difficulty asked for follows the learner's rating
(:func:`target_difficulty`), the inverse of :func:`lessons.rating.starting_rating`; if none of
that difficulty turns up within half the budget, any puzzle will do.

Puzzles made here live in the database only: ``load_curriculum`` keeps those learners have
answered and drops the others, like any generated puzzle missing from the files.
"""

from __future__ import annotations

import random
import time

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import translation

from engine.solver.generate import generate
from engine.variants import rules_for
from lessons.content import InvalidPuzzle, check_puzzle
from lessons.generated import entry
from lessons.models import Puzzle, Source
from lessons.rating import DEFAULT_RATING, starting_rating

BUDGET_SECONDS = 1.5
TRICKS_LEFT = (3, 4, 5)  # as the committed files: long enough to think, short enough to read
MIN_MARGIN = 10


def target_difficulty(rating: float) -> int:
    """The difficulty whose starting rating is nearest ``rating`` (1 to 5).

    >>> [target_difficulty(r) for r in (900, 1300, 1500, 1690, 2400)]
    [1, 2, 3, 4, 5]
    """
    return min(5, max(1, 3 + round((rating - DEFAULT_RATING) / 150)))


def fresh_for(variant: str, rating: float) -> Puzzle | None:
    """:func:`fresh_puzzle`, unless the ``TRAINER_FRESH_PUZZLES`` setting (default on) turns it off.

    Off, the stream is the puzzles of the content files and nothing more: a site that wants
    every puzzle reviewed before learners see it, or a test of what happens at the end.
    """
    if not getattr(settings, "TRAINER_FRESH_PUZZLES", True):
        return None
    return fresh_puzzle(variant, rating, BUDGET_SECONDS)


def fresh_puzzle(variant: str, rating: float, budget: float = BUDGET_SECONDS) -> Puzzle | None:
    """A new generated puzzle of ``variant`` near ``rating``, stored; None if none was found in time."""
    rules = rules_for(variant)
    rng = random.Random()
    wanted = target_difficulty(rating)
    start = time.monotonic()
    while (elapsed := time.monotonic() - start) < budget:
        found = generate(rules, rng, rng.choice(TRICKS_LEFT), MIN_MARGIN)
        if found is None or (found.difficulty != wanted and elapsed < budget / 2):
            continue
        raw = entry(variant, found.position, found.answers, found.themes, found.difficulty)
        if Puzzle.objects.filter(key=raw["key"]).exists():
            continue  # an endgame already in the pool: the learner has answered it
        try:
            spec = check_puzzle(raw, variant)
        except InvalidPuzzle:  # pragma: no cover - the generator and the loader agree (tested)
            continue
        return _store(spec.key, variant, spec.position, spec.answers, spec.themes, spec.difficulty)
    return None


def _store(
    key: str, variant: str, position: dict, answers: list, themes: list[str], difficulty: int
) -> Puzzle | None:
    # English, like load_curriculum: the untranslated columns do not depend on the learner's language.
    with translation.override("en"):
        try:
            with transaction.atomic():
                return Puzzle.objects.create(
                    key=key,
                    variant=variant,
                    task="best-card",
                    position=position,
                    answers=answers,
                    themes=themes,
                    difficulty=difficulty,
                    source=Source.GENERATED,
                    rating=starting_rating(difficulty),
                )
        except IntegrityError:  # another learner stored the same endgame a moment ago
            return Puzzle.objects.filter(key=key).first()
