"""The link from a puzzle to the practice table: ``{% if puzzle|playable %}`` (lessons.practice.scenario)."""

from django import template

from lessons.models import Source
from lessons.practice.scenario import playable as position_playable

register = template.Library()


@register.filter
def playable(puzzle: object) -> bool:
    """Whether the puzzle's position can be played out against the bots (score positions hold no cards).

    A best-card endgame is played on from its own cards (lessons.practice.scenario). A position of
    the learner's own hand is not offered: it came from the table, and only the review serves it.
    """
    if getattr(puzzle, "source", "") == Source.PERSONAL:
        return False
    return position_playable(getattr(puzzle, "position", None) or {})
