"""Hands at the practice table that a teacher puts in a drill (``DrillItem.hand_variant``).

Shared by the practice table, which deals them, and the classroom, which counts them: who may
play a drill's hand, and which pupils have played it to its end. A hand is done when one of the
pupil's games started from the item holds a scored hand (a hand thrown in for want of a bid is
dealt again, and does not count).
"""

from pathlib import Path
from typing import Any

from django.db.models import Q

from lessons.models import BotLevel, DrillItem, Membership, PracticeGame, Variant

GUIDED = "guided"
# The guided first hands (lessons.practice.guided reads them): a variant has one if its file is here.
GUIDED_DIR = Path(__file__).resolve().parent / "content" / "guided"


def guided_variants() -> list[str]:
    return [v for v in Variant.values if (GUIDED_DIR / f"{v}.yaml").is_file()]


def kinds() -> list[str]:
    """What a drill's hand may be: the guided first hand, or a hand against the bots of a level."""
    return [GUIDED, *BotLevel.values]


def assigned_to(user: Any, item_id: int) -> DrillItem | None:
    """The drill's hand ``item_id`` if it is given to ``user`` now (a pupil of the class, in a
    published, unarchived drill given to the whole class or to them), else None."""
    if not getattr(user, "is_authenticated", False):
        return None
    item = (
        DrillItem.objects.select_related("drill")
        .filter(pk=item_id, drill__draft=False, drill__archived_at__isnull=True)
        .exclude(hand_variant="")
        .first()
    )
    if item is None:
        return None
    drill = item.drill
    member = Membership.objects.filter(classroom_id=drill.classroom_id, student=user, left_at__isnull=True)
    chosen = drill.pupils.through.objects.filter(drill_id=drill.pk)
    if not member.exists() or (chosen.exists() and not chosen.filter(user_id=user.pk).exists()):
        return None
    return item


def hand_over(hands: list[dict[str, Any]]) -> bool:
    """Whether a game's record holds a scored hand."""
    return any("result" in h and not h["result"].get("void") for h in hands)


def done(item_ids: list[int], user_ids: list[int]) -> set[tuple[int, int]]:
    """The (item, pupil) pairs where the pupil has played the drill's hand to its end."""
    games = PracticeGame.objects.filter(Q(drill_item_id__in=item_ids) & Q(user_id__in=user_ids))
    return {
        (g.drill_item_id, g.user_id)
        for g in games.only("drill_item_id", "user_id", "hands")
        if hand_over(g.hands) and g.drill_item_id is not None and g.user_id is not None
    }


def open_game(item: DrillItem, user: Any) -> PracticeGame | None:
    """The pupil's latest game of this hand, to go back to rather than dealing another."""
    return PracticeGame.objects.filter(drill_item=item, user=user).order_by("-created", "-id").first()
