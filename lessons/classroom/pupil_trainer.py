"""What pupils did in the puzzle trainer, for their teachers.

The trainer keeps a learner's figures in one :class:`TrainerRating` per variant and one
:class:`TrainerPlay` per puzzle met (its rated first answer). Teachers read them here:

- on a pupil's page, :func:`pupil_report`: each variant the pupil has trained in, with their
  success on each theme met (counted as the trainer's theme page counts it, lessons/themes.py),
  and their latest rated answers (three queries);
- on the class dashboard and in its CSV, :func:`class_ratings`: every pupil's rating in each
  variant (one query for the whole class, whatever its size); :func:`csv_header` and
  :func:`csv_figures` make the CSV's columns of them.

Only ratings kept with an account are read: what an anonymous browser session earned belongs to
nobody a teacher knows. A rating is marked provisional, and a change counted, by the trainer
page's own rules (lessons/standing.py).
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Max, Q
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from lessons import themes
from lessons.models import TrainerPlay, TrainerRating, Variant
from lessons.standing import Result, Standing, rated_result, standing

RECENT_MAX = 20  # rated answers shown on a pupil's page


@dataclass(frozen=True)
class VariantReport:
    """A pupil's trainer figures in one variant."""

    variant: str
    label: str
    standing: Standing  # rating, provisional, streak, best streak, answered, failed to replay
    solved_first_time: int  # rated answers that were right, without help
    last: dt.datetime | None  # the latest answer
    themes: list[ThemeRow]  # the trainer's themes the pupil met, in the theme page's order


@dataclass(frozen=True)
class ThemeRow:
    """A pupil's success on one theme of a variant: solved first time ``solved`` of ``played``."""

    key: str
    name: str  # in the page's language, the variant's words
    played: int
    solved: int


@dataclass(frozen=True)
class RecentPlay:
    """One rated trainer answer of a pupil: the play, and its rating change as the trainer shows it."""

    play: TrainerPlay
    label: str  # the variant's name
    result: Result


@dataclass(frozen=True)
class ShortRating:
    """A pupil's rating in one variant, as the dashboard shows it (whole points)."""

    variant: str
    label: str
    rating: int
    provisional: bool
    played: int
    updated: dt.datetime | None = None  # the pupil's latest moment in the trainer (see activity.last_seen)


def _label(variant: str) -> str:
    return str(Variant(variant).label) if variant in Variant.values else variant


def _trained(**filters: Any) -> Any:
    """An account's ratings in the variants where it answered at least one puzzle."""
    return TrainerRating.objects.filter(user__isnull=False, played__gt=0, **filters)


def pupil_report(pupil: Any) -> tuple[list[VariantReport], list[RecentPlay]]:
    """The pupil's figures per variant (in the variant order), themes met, latest answers: three queries."""
    ratings = (
        _trained(user=pupil)
        .annotate(
            failed=Count("plays", filter=Q(plays__cleared=False)),
            last=Max("plays__updated"),
        )
        .order_by()
    )
    order = {v: n for n, v in enumerate(Variant.values)}
    success = _theme_success(pupil)
    variants = [
        VariantReport(
            variant=r.variant,
            label=_label(r.variant),
            standing=standing(r, r.failed),
            solved_first_time=r.won,
            last=r.last or r.updated,
            themes=success.get(r.variant, []),
        )
        for r in sorted(ratings, key=lambda r: order.get(r.variant, len(order)))
    ]
    plays = (
        TrainerPlay.objects.filter(learner__user=pupil)
        .select_related("puzzle", "learner")
        .order_by("-created", "-id")[:RECENT_MAX]
    )
    recent = [
        RecentPlay(
            play,
            _label(play.learner.variant),
            rated_result(play),
        )
        for play in plays
    ]
    return variants, recent


def _theme_success(pupil: Any) -> dict[str, list[ThemeRow]]:
    """Per variant, the pupil's success on each trainer theme met (one query for every variant)."""
    answers: dict[str, list[tuple[Any, bool]]] = defaultdict(list)
    plays = TrainerPlay.objects.filter(learner__user=pupil).order_by()
    for variant, keys, success in plays.values_list("learner__variant", "puzzle__themes", "success"):
        answers[variant].append((keys, success))
    lang = get_language() or "en"
    out: dict[str, list[ThemeRow]] = {}
    for variant, met in answers.items():
        figures = themes.success_by_theme(met)
        out[variant] = [
            ThemeRow(key, themes.label(key, variant, lang), figures[key].played, figures[key].solved)
            for key in (*themes.RULE_THEMES, *themes.ENDGAME_THEMES)
            if key in figures
        ]
    return out


def class_ratings(user_ids: Iterable[int]) -> dict[int, list[ShortRating]]:
    """Each pupil's ratings in the site's variant order (a pupil who never trained has none): one query."""
    ids = list(user_ids)
    out: dict[int, list[ShortRating]] = defaultdict(list)
    if not ids:
        return dict(out)
    ratings = _trained(user_id__in=ids).only(
        "user", "variant", "rating", "deviation", "streak", "best_streak", "played", "updated"
    )
    order = {v: n for n, v in enumerate(Variant.values)}
    for r in sorted(ratings, key=lambda r: order.get(r.variant, len(order))):
        shown = standing(r, 0)
        label = _label(r.variant)
        short = ShortRating(r.variant, label, shown.rating, shown.provisional, r.played, r.updated)
        out[r.user_id].append(short)
    return dict(out)


# ---------------------------------------------------------------- the class's CSV


def csv_header() -> list[str]:
    """The trainer's columns of the class CSV: a rating and a number of rated answers per variant."""
    header = []
    for _value, label in Variant.choices:
        header.append(_("Trainer rating (%(game)s)") % {"game": label})
        header.append(_("Trainer puzzles answered (%(game)s)") % {"game": label})
    return header


def csv_figures(ratings: list[ShortRating]) -> list[int | str]:
    """One pupil's figures under :func:`csv_header` (empty cells for a variant never trained)."""
    by_variant = {r.variant: r for r in ratings}
    figures: list[int | str] = []
    for value in Variant.values:
        shown = by_variant.get(value)
        figures += [shown.rating, shown.played] if shown else ["", ""]
    return figures
