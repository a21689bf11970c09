"""The link from a puzzle to the practice table: ``{% if puzzle|playable %}`` (lessons.practice.scenario)."""

from django import template

from lessons.practice.scenario import playable as position_playable

register = template.Library()


@register.filter
def playable(puzzle: object) -> bool:
    """Whether the puzzle's position can be played out against the bots (score positions hold no cards).

    Not a best-card position: the practice table would deal a new hand for its contract.
    """
    if getattr(puzzle, "task", None) == "best-card":
        return False
    return position_playable(getattr(puzzle, "position", None) or {})
