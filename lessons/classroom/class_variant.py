"""Which game a class plays: the drill editor offers its lessons and its puzzles first.

A class says it (``Classroom.variant``) once its teacher chose a game for one of its drills. Before
that, the game is guessed: the one most of the class's drill items are of, else the game the page's
language most often goes with (a French page: French Belote; Arabic and Persian: Saudi Baloot).
"""

from __future__ import annotations

from collections import Counter

from lessons.models import Classroom, DrillItem, Variant

BY_LANGUAGE = {"fr": Variant.FRENCH, "ar": Variant.SAUDI, "fa": Variant.SAUDI}


def class_variant(classroom: Classroom, lang: str) -> str:
    """The class's game: said, or guessed from its drills, or from the page's language."""
    if classroom.variant in Variant.values:
        return classroom.variant
    items = DrillItem.objects.filter(drill__classroom=classroom).values_list(
        "lesson__course__variant", "puzzle__variant", "hand_variant"
    )
    counts = Counter(next((v for v in row if v), "") for row in items)
    counts.pop("", None)
    if counts:
        return counts.most_common(1)[0][0]
    return BY_LANGUAGE.get(lang[:2], Variant.SAUDI)


def remember(classroom: Classroom, variant: str) -> None:
    """The game chosen for a drill becomes the class's, if it had none yet."""
    if not classroom.variant and variant in Variant.values:
        Classroom.objects.filter(pk=classroom.pk, variant="").update(variant=variant)
        classroom.variant = variant
