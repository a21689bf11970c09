"""The links into the practice table from other pages: from a puzzle, ``{% if puzzle|playable %}``
(lessons.practice.scenario); to a variant's guided first hand, ``{% guided_hand_url variant %}``."""

from django import template
from django.urls import reverse

from lessons.models import Source
from lessons.practice import guided
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


@register.simple_tag
def guided_hand_url(variant: str, or_table: bool = False) -> str:
    """The address of ``variant``'s guided first hand (lessons.practice.guided); without one, ""
    or (``or_table``) the variant's practice table."""
    if variant in guided.available():
        return reverse("practice-guided", args=[variant])
    return reverse("practice-variant", args=[variant]) if or_table else ""


# Lessons whose practice is a table of its own rather than puzzles: (course variant, lesson slug)
# to the table's URL name. The rules lesson on two-player Belote découverte has no puzzle (its
# positions to solve are in the playing-well course): it ends at the découverte table against the bot.
PRACTICE_TABLES = {("french", "belote-decouverte"): "practice-decouverte"}


@register.simple_tag
def practice_table_url(variant: str, slug: str) -> str:
    """The address of the practice table a lesson leads to (``PRACTICE_TABLES``), else ""."""
    name = PRACTICE_TABLES.get((variant, slug))
    return reverse(name) if name else ""
