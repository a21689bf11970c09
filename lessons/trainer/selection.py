"""Which puzzle the trainer shows next: a new one near the learner's rating, or a failed one again.

A new puzzle is a generated puzzle of the variant the learner has never answered in the trainer,
shown neither now nor among the last :data:`RECENT`, picked at random among those whose rating is
within a window of the learner's; the window widens (:data:`WINDOWS`) until one is found. Every
:data:`REPLAY_EVERY` new puzzles, a puzzle the learner failed and has not solved since comes back
(the one missed longest ago first, and not one of the last :data:`REPLAY_EVERY` shown). When no
new puzzle is left near the learner's rating, those of the neighbouring bands come, and the worker
is asked for fresh ones (:mod:`lessons.trainer.supply`, asked before the band runs dry); failing
that, the failed ones come back in turn, and when none of either is left, there is nothing to show
until the fresh ones are made.

The learner's choices narrow the pool: a theme (lessons/themes.py) serves only puzzles of that
theme, replays included, and no fresh endgame is made for it; "easier" or "harder" moves the centre
of the window (lessons/standing.py DIFFICULTY_SHIFT). A learner who said they are new to the game
meets only rule drills and endgames of one or two tricks for their first :data:`BEGINNER_ANSWERS`
rated answers.

Every choice is a few indexed queries: the learner's plays are excluded by a subquery (the unique
(learner, puzzle) index), the rating window reads the (source, variant, rating) index, and the
random pick is an offset into the window, so no history is read into Python.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from django.db.models import QuerySet
from django.utils import timezone

from lessons import themes
from lessons.models import Puzzle, TrainerPlay, TrainerRating
from lessons.standing import DIFFICULTY_SHIFT
from lessons.trainer import supply

RECENT = 20  # a puzzle shown is not shown again before this many others (if others are left)
REPLAY_EVERY = 5  # one failed puzzle comes back after this many new ones
WINDOWS = (100.0, 200.0, 400.0, 800.0)  # rating distance, widened until a puzzle is found
BEGINNER_ANSWERS = 10  # rated answers a "new" learner gives before meeting every kind of puzzle


@dataclass(frozen=True)
class Pick:
    """The puzzle to show, and whether it is a failed one coming back."""

    puzzle: Puzzle
    replay: bool


def generated(variant: str) -> QuerySet[Puzzle]:
    """The trainer's puzzles: every generated puzzle of the variant (rule drills and endgames)."""
    return themes.generated(variant)


def is_beginner(who: TrainerRating) -> bool:
    return who.level == "new" and who.played < BEGINNER_ANSWERS


def pool_of(who: TrainerRating) -> QuerySet[Puzzle]:
    """The puzzles the learner's choices allow: their theme, and a beginner's kinds of puzzle."""
    pool = themes.with_theme(generated(who.variant), who.theme)
    return themes.beginner_puzzles(pool) if is_beginner(who) else pool


def centre(who: TrainerRating) -> float:
    """The rating the next puzzle is sought around: the learner's, moved by their difficulty."""
    return who.rating + DIFFICULTY_SHIFT.get(who.difficulty, 0.0)


def new_puzzle(who: TrainerRating, avoid: list[int]) -> Puzzle | None:
    """A puzzle never answered, not in ``avoid``, as near the learner's rating as can be found."""
    pool = pool_of(who).exclude(pk__in=TrainerPlay.objects.filter(learner=who).values("puzzle_id"))
    if avoid:
        pool = pool.exclude(pk__in=avoid)
    target = centre(who)
    for width in WINDOWS:
        near = pool.filter(rating__gte=target - width, rating__lte=target + width)
        count = near.count()
        if count:
            return near.order_by("rating", "pk")[random.randrange(count)]
    # Far from the learner: the nearest one above or below.
    above = pool.filter(rating__gte=target).order_by("rating", "pk").first()
    below = pool.filter(rating__lt=target).order_by("-rating", "pk").first()
    if above is None or below is None:
        return above or below
    return above if above.rating - target <= target - below.rating else below


def endgames_left(who: TrainerRating) -> int:
    """The endgames of the learner's band of difficulty they have not answered (the ones the worker makes)."""
    band = generated(who.variant).filter(task="best-card", difficulty=supply.target_difficulty(centre(who)))
    return band.exclude(pk__in=TrainerPlay.objects.filter(learner=who).values("puzzle_id")).count()


def may_get_fresh(who: TrainerRating) -> bool:
    """Whether the worker makes puzzles for what the learner asks for (not a theme, not a beginner's)."""
    return supply.fresh_puzzles_on() and not who.theme and not is_beginner(who)


def failed_puzzle(who: TrainerRating, avoid: list[int]) -> Puzzle | None:
    """The failed puzzle, not solved since, missed longest ago (not in ``avoid``)."""
    plays = TrainerPlay.objects.filter(learner=who, cleared=False)
    if who.theme:
        plays = plays.filter(puzzle__in=themes.with_theme(generated(who.variant), who.theme))
    if avoid:
        plays = plays.exclude(puzzle_id__in=avoid)
    play = plays.select_related("puzzle").order_by("updated", "id").first()
    return play.puzzle if play is not None else None


def failed_count(who: TrainerRating | None) -> int:
    """How many failed puzzles wait to be solved again."""
    return TrainerPlay.objects.filter(learner=who, cleared=False).count() if who is not None else 0


def current(who: TrainerRating) -> Pick | None:
    """The puzzle on screen, if it is still unanswered: a reload shows it again.

    Not when the learner has since chosen a theme it does not have: the chosen theme comes first.
    """
    if who.current_id is None or who.current_answered:
        return None
    if (
        who.theme
        and not themes.with_theme(generated(who.variant), who.theme).filter(pk=who.current_id).exists()
    ):
        return None
    puzzle = who.current
    assert puzzle is not None
    replay = TrainerPlay.objects.filter(learner=who, puzzle=puzzle).exists()
    return Pick(puzzle, replay)


def next_pick(who: TrainerRating) -> Pick | None:
    """The puzzle to show now (kept as the learner's current one), or None when none is left."""
    shown = current(who)
    if shown is not None:
        return shown
    recent = [pk for pk in who.recent if isinstance(pk, int)][-RECENT:]
    pick = None
    if who.since_replay >= REPLAY_EVERY:
        pick = _as_pick(failed_puzzle(who, recent[-REPLAY_EVERY:]), replay=True)
    pick = pick or _as_pick(new_puzzle(who, recent), replay=False)
    # Few endgames left in the learner's band: the worker makes more, so the stream never ends.
    # Not for a theme or a beginner: the generator makes endgames of every theme, three tricks or more.
    if may_get_fresh(who):
        supply.ask_for_more(who.variant, centre(who), endgames_left(who))
    # Nothing new away from the recent ones: the failed ones, then anything shown but not answered,
    # then the failed puzzle just answered (the last one left).
    just_answered = [who.current_id] if who.current_id else []
    pick = pick or _as_pick(failed_puzzle(who, just_answered), replay=True)
    pick = pick or _as_pick(new_puzzle(who, []), replay=False)
    pick = pick or _as_pick(failed_puzzle(who, []), replay=True)
    if pick is not None:
        show(who, pick)
    return pick


def replay_pick(who: TrainerRating) -> Pick | None:
    """A failed puzzle on demand (another than the one on screen if there is one); None if none is left."""
    on_screen = [who.current_id] if who.current_id else []
    puzzle = failed_puzzle(who, on_screen) or failed_puzzle(who, [])
    if puzzle is None:
        return None
    pick = Pick(puzzle, replay=True)
    show(who, pick)
    return pick


def show(who: TrainerRating, pick: Pick) -> None:
    """Make ``pick`` the learner's current puzzle, with no help shown yet."""
    who.current = pick.puzzle
    who.current_answered = who.current_hint = who.current_solution = False
    who.recent = [*[pk for pk in who.recent if pk != pick.puzzle.pk][-(RECENT - 1) :], pick.puzzle.pk]
    who.since_replay = 0 if pick.replay else who.since_replay + 1
    who.updated = timezone.now()
    who.save(
        update_fields=[
            "current",
            "current_answered",
            "current_hint",
            "current_solution",
            "recent",
            "since_replay",
            "updated",
        ]
    )


def _as_pick(puzzle: Puzzle | None, replay: bool) -> Pick | None:
    return Pick(puzzle, replay) if puzzle is not None else None
