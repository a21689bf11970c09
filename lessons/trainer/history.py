"""A learner's rating history in one variant, drawn as a small inline SVG line chart.

The points are the ratings after each rated answer (the latest :data:`POINTS`), read from the
learner's plays; the chart has a text alternative (first, lowest, highest, latest rating), so a
screen reader hears the figures the line shows. Time runs left to right in every language: the
chart is drawn ``dir="ltr"`` like the numbers beside it.
"""

from __future__ import annotations

from dataclasses import dataclass

from lessons.models import TrainerPlay, TrainerRating

POINTS = 30
WIDTH, HEIGHT, PAD = 300, 80, 6


@dataclass(frozen=True)
class Chart:
    points: str  # the SVG polyline's points
    first: int
    low: int
    high: int
    last: int
    count: int
    width: int = WIDTH
    height: int = HEIGHT


def chart(who: TrainerRating | None) -> Chart | None:
    """The chart of the latest rated answers; None before two of them."""
    if who is None:
        return None
    rows = list(
        TrainerPlay.objects.filter(learner=who)
        .order_by("-created", "-id")
        .values_list("rating_before", "rating_after")[:POINTS]
    )
    if not rows:
        return None
    rows.reverse()
    ratings = [rows[0][0], *(after for _, after in rows)]
    low, high = min(ratings), max(ratings)
    span = max(high - low, 1.0)
    step = (WIDTH - 2 * PAD) / (len(ratings) - 1)
    points = " ".join(
        f"{PAD + i * step:.1f},{PAD + (high - r) / span * (HEIGHT - 2 * PAD):.1f}"
        for i, r in enumerate(ratings)
    )
    return Chart(points, round(ratings[0]), round(low), round(high), round(ratings[-1]), len(rows))
