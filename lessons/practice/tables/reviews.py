"""Each player's own review of a finished hand at a live table, computed off the request.

The practice table's review (:func:`lessons.practice.review.analyse`) judges the decisions of the
table's learner; here the learner is each seated person in turn, so every player gets the coach's
judgement of their own calls and cards, kept in a :class:`~lessons.models.SeatReview` that only
they (and a class table's teacher) may read. A découverte table's hand (two players) is judged by
its own coach (:func:`lessons.practice.decouverte.coach.analyse`) from the player's seat: the same
request, the same task, the same row.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from engine.cards import Seat
from lessons.models import PracticeGame, ReviewStatus, SeatReview
from lessons.practice.decouverte import coach as decouverte_coach
from lessons.practice.decouverte.game import BrokenRecord, DecouverteTable, is_decouverte
from lessons.practice.review import analyse, hand_key, reviewable
from lessons.practice.state import BrokenGame
from lessons.practice.tables.game import SeatTable


def _seen_from(game: PracticeGame, seat: Seat) -> SeatTable | DecouverteTable | None:
    """The game from ``seat`` (four seats or the two of découverte); None: it no longer replays."""
    try:
        return DecouverteTable(game) if is_decouverte(game) else SeatTable(game, seat, frozenset())
    except (BrokenGame, BrokenRecord):
        return None


def _analyse(st: SeatTable | DecouverteTable, n: int, seat: Seat) -> dict[str, Any]:
    if isinstance(st, SeatTable):
        return analyse(st, n)
    return decouverte_coach.analyse(st.records[n - 1], seat)


def request(
    game: PracticeGame, n: int, seats: frozenset[Seat], users: dict[Seat, int | None] | None = None
) -> list[SeatReview]:
    """The reviews of hand ``n`` for ``seats``, each asked for once (a stored one is returned).
    ``users``: the account playing each seat, kept with its review for a teacher's pupil page."""
    from lessons.practice.tables.tasks import review_seat  # the task module imports this one

    st = _seen_from(game, Seat.S)
    if st is None or not reviewable(st, n):
        return []
    key = hand_key(st.records[n - 1])
    rows = []
    for seat in sorted(seats):
        row = SeatReview.objects.filter(game=game, hand=n, seat=str(seat)).first()
        if row is not None and row.key == key and row.status != ReviewStatus.FAILED:
            rows.append(row)
            continue
        if row is not None:
            SeatReview.objects.filter(pk=row.pk).update(key=key, status=ReviewStatus.PENDING, result={})
        else:
            try:
                with transaction.atomic():
                    row = SeatReview.objects.create(
                        game=game, hand=n, seat=str(seat), key=key, user_id=(users or {}).get(seat)
                    )
            except IntegrityError:  # asked twice at once: the other one enqueued it
                continue
        review_seat.enqueue(row.pk)
        row.refresh_from_db()
        rows.append(row)
    return rows


def compute(review_id: int) -> str:
    """Judge one seat's decisions in one hand and store them (the task's work)."""
    row = SeatReview.objects.select_related("game").filter(pk=review_id).first()
    if row is None:
        return "gone"
    if row.status == ReviewStatus.DONE:
        return "done already"
    seat = Seat.parse(row.seat)
    st = _seen_from(row.game, seat)
    if st is None or not reviewable(st, row.hand) or hand_key(st.records[row.hand - 1]) != row.key:
        SeatReview.objects.filter(pk=row.pk).update(status=ReviewStatus.FAILED)
        return "stale"
    try:
        result = _analyse(st, row.hand, seat)
    except Exception:
        SeatReview.objects.filter(pk=row.pk).update(status=ReviewStatus.FAILED)
        raise
    SeatReview.objects.filter(pk=row.pk, key=row.key).update(
        status=ReviewStatus.DONE, result=result, done_at=timezone.now()
    )
    return "done"
