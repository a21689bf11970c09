"""What happens to a class when the account of one of its teachers is deleted (docs/records.md).

A class belongs to its teachers together: deleting the account of the teacher who made it
never deletes it. Before the account goes, each class it owns passes to the longest-serving
of its other teachers; a class with no other teacher is archived and kept, with its pupils,
drills and answers (``Classroom.owner`` is then empty: ``on_delete=SET_NULL``).
"""

from __future__ import annotations

from typing import Any

from django.utils import timezone

from lessons.models import Classroom


def pass_on_classes(sender: Any, instance: Any, **kwargs: Any) -> None:
    """``pre_delete`` of a user: their classes go to another of their teachers, or are archived."""
    Teaching = Classroom.teachers.through
    for classroom in Classroom.objects.filter(owner=instance):
        heir = (
            Teaching.objects.filter(classroom=classroom)
            .exclude(user_id=instance.pk)
            .order_by("id")  # the teacher added first
            .values_list("user_id", flat=True)
            .first()
        )
        if heir is not None:
            classroom.owner_id = heir
            classroom.save(update_fields=["owner"])
        elif classroom.archived_at is None:
            classroom.archived_at = timezone.now()
            classroom.save(update_fields=["archived_at"])
