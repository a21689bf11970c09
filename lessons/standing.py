"""A learner's trainer figures as every page shows them: their standing in a variant, an answer's result.

The trainer (lessons/trainer/) keeps the figures and shows them to the learner; teachers see their
pupils' (lessons/classroom/pupil_trainer.py). Both read them through this module, so that a
rating is provisional, and a rating change is counted, by one rule wherever it is shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from lessons.models import TrainerPlay, TrainerRating
from lessons.rating import DEFAULT_RATING

# A rating is shown as provisional while its deviation is above this (a few answers are not enough).
PROVISIONAL_DEVIATION = 110.0

# Where a new learner says they start in a variant's trainer, and the rating it gives them (with
# lessons.rating.LEVEL_DEVIATION). "new": the rules are new to them, so their first puzzles are
# rule drills and two-trick endgames (lessons/trainer/selection.py).
LEVELS: dict[str, float] = {"new": 800.0, "rules": 1200.0, "often": 1500.0}
# The learner's choice of difficulty moves the centre of the window the next puzzle is taken from.
DIFFICULTY_SHIFT: dict[str, float] = {"easier": -250.0, "normal": 0.0, "harder": 250.0}


@dataclass(frozen=True)
class Standing:
    """A learner's figures in one variant, as shown (whole points)."""

    rating: int
    provisional: bool
    streak: int
    best_streak: int
    played: int
    failed: int  # failed puzzles waiting to be solved again


def standing(who: TrainerRating | None, failed: int) -> Standing:
    if who is None:
        return Standing(round(DEFAULT_RATING), True, 0, 0, 0, failed)
    return Standing(
        round(who.rating),
        who.deviation > PROVISIONAL_DEVIATION,
        who.streak,
        who.best_streak,
        who.played,
        failed,
    )


@dataclass(frozen=True)
class Result:
    """What an answer did, for the verdict.

    ``rated``: this answer is the rated one (also when the same form is posted again).
    ``success``: the rated outcome (a right answer after help is a failure). ``change``: the
    learner's rating change, in whole points as shown. ``cleared``: this answer cleared a puzzle
    failed before.
    """

    rated: bool
    success: bool = False
    helped: bool = False
    change: int = 0
    cleared: bool = False

    @property
    def direction(self) -> str:
        return "up" if self.change > 0 else "down" if self.change < 0 else "same"

    @property
    def signed_change(self) -> str:
        """The change as the page writes it: +12, −9 (a true minus sign), ±0."""
        if self.change > 0:
            return f"+{self.change}"
        if self.change < 0:
            return f"\u2212{-self.change}"
        return "\u00b10"


def rated_result(play: TrainerPlay) -> Result:
    """The result of a puzzle's rated answer, as its verdict showed it."""
    return Result(True, play.success, play.helped, rating_change(play.rating_before, play.rating_after))


def rating_change(before: float, after: float) -> int:
    """The change as the learner sees it: the difference of the two ratings shown."""
    return round(after) - round(before)
