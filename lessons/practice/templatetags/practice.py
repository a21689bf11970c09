"""The link from a puzzle to the practice table: ``{% if puzzle|playable %}`` (lessons.practice.scenario)."""

from django import template

from lessons.practice.scenario import playable as position_playable

register = template.Library()


@register.filter
def playable(puzzle: object) -> bool:
    """Whether the puzzle's position can be played out against the bots (score positions hold no cards).

    A best-card endgame is played on from its own cards (lessons.practice.scenario).
    """
    return position_playable(getattr(puzzle, "position", None) or {})
