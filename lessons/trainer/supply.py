"""Fresh puzzles for the trainer, made ahead by the task worker: the stream never runs dry.

The content files hold a few dozen generated puzzles per variant (``lessons/content/generated``);
a keen learner gets through them in an evening. When a learner has fewer than :data:`LOW_WATER`
endgames left unanswered in their band of difficulty, :func:`ask_for_more` enqueues the
``generate_puzzles`` task (lessons/trainer/tasks.py) for that band: the worker makes
:data:`REFILL` endgames with :func:`fresh_puzzle`, and the learner meets them a few puzzles later.
A request never makes a puzzle itself: the generator keeps about one endgame in twelve, and a
puzzle costs tens of milliseconds of CPU, sometimes far more. A learner who has answered
everything meanwhile is offered the puzzles of the neighbouring bands (lessons/trainer/selection.py)
and, when none is left at all, a page saying fresh ones are being prepared.

:func:`fresh_puzzle` asks the engine's generator for an endgame, checks it like any generated
puzzle (:func:`lessons.content.check_puzzle`, the solver again) and stores it as a ``generated``
puzzle keyed by its position, so two learners who are dealt the same endgame share one puzzle and
its rating. The difficulty asked for follows the learner's rating (:func:`target_difficulty`, the
inverse of :func:`lessons.rating.starting_rating`); if none of that difficulty turns up within
half the budget, any puzzle will do.

Puzzles made here live in the database only: ``load_curriculum`` keeps those learners have
answered and drops the others, like any generated puzzle missing from the files.
"""

from __future__ import annotations

import logging
import random
import time

from django.conf import settings
from django.core.cache import cache

from engine.solver.generate import generate
from engine.variants import rules_for
from lessons.content import InvalidPuzzle, check_puzzle
from lessons.generated import entry
from lessons.models import Puzzle
from lessons.puzzle_making import store
from lessons.rating import DEFAULT_RATING, starting_rating

log = logging.getLogger(__name__)

BUDGET_SECONDS = 10.0  # per puzzle, in the worker
LOW_WATER = 5  # unanswered endgames left in a learner's band below which more are made
REFILL = 10  # endgames one task makes
ASKED_SECONDS = 300  # a band asked for is not asked for again meanwhile (the task clears it when done)
TRICKS_LEFT = (3, 4, 5)  # as the committed files: long enough to think, short enough to read
MIN_MARGIN = 10


def target_difficulty(rating: float) -> int:
    """The difficulty whose starting rating is nearest ``rating`` (1 to 5).

    >>> [target_difficulty(r) for r in (900, 1300, 1500, 1690, 2400)]
    [1, 2, 3, 4, 5]
    """
    return min(5, max(1, 3 + round((rating - DEFAULT_RATING) / 150)))


def ask_for_more(variant: str, rating: float, left: int) -> bool:
    """Enqueue ``generate_puzzles`` for the band of ``rating`` when only ``left`` endgames are left
    in it for a learner; once per band until the task is done. True if it was enqueued.

    The ``TRAINER_FRESH_PUZZLES`` setting (default on) off, the stream is the puzzles of the
    content files and nothing more: a site that wants every puzzle reviewed before learners see it.
    """
    if not fresh_puzzles_on() or left >= LOW_WATER:
        return False
    difficulty = target_difficulty(rating)
    if not cache.add(asked_key(variant, difficulty), True, timeout=ASKED_SECONDS):
        return False  # asked already: the worker is making them
    from lessons.trainer.tasks import generate_puzzles

    try:
        generate_puzzles.enqueue(variant, difficulty, REFILL)
    except Exception:  # the queue unreachable: the learner goes on with what there is
        log.warning("Could not ask for fresh %s puzzles of difficulty %s", variant, difficulty, exc_info=True)
        cache.delete(asked_key(variant, difficulty))
        return False
    return True


def fresh_puzzles_on() -> bool:
    return bool(getattr(settings, "TRAINER_FRESH_PUZZLES", True))


def asked_key(variant: str, difficulty: int) -> str:
    return f"trainer:fresh-asked:{variant}:{difficulty}"


def make_puzzles(variant: str, difficulty: int, count: int) -> int:
    """Up to ``count`` fresh endgames of ``difficulty`` stored (the task's work); how many were."""
    made = 0
    try:
        for _ in range(count):
            made += fresh_puzzle(variant, starting_rating(difficulty), BUDGET_SECONDS) is not None
    finally:
        cache.delete(asked_key(variant, difficulty))
    return made


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
        return store(spec)
    return None
