"""What pupils played at the practice table, for their teachers: each finished hand, its score and
the mistakes its review found.

The practice table keeps a game's hands in :class:`~lessons.models.PracticeGame` and the review of
each finished hand in :class:`~lessons.models.HandReview` (lessons/practice/review.py: cards,
calls and numbers). A pupil's page reads the latest :data:`HANDS_MAX` finished hands of the games
kept with their account (two queries) and their hands at live tables (one more), and names the
cards in the page's language and the variant's words. What an anonymous browser session played
belongs to nobody a teacher knows.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from engine import messages
from engine.cards import Seat
from lessons.models import HandReview, PracticeGame, ReviewStatus, SeatReview, TableGame, Variant
from lessons.templatetags.table import CardFace, card_face

HANDS_MAX = 20  # finished hands shown on a pupil's page
GAMES_MAX = 50  # games read to find them (the latest first)


@dataclass(frozen=True)
class MistakeRow:
    """A card the review found costly: the trick, the card played, the better cards, what it cost."""

    trick: int
    played: CardFace
    best: list[CardFace]
    loss: int


@dataclass
class HandRow:
    """One finished hand of a pupil at the practice table."""

    variant: str
    label: str
    number: int  # the hand's number in its game
    when: dt.datetime
    ours: int  # the points of the pupil's team for the hand (card points in a position played out)
    theirs: int
    status: str  # the review's: "done", "pending", "failed", or "" when none was asked for
    mistakes: list[MistakeRow] = field(default_factory=list)
    bids: list[tuple[str, str]] = field(default_factory=list)  # (the call or doubling word, the strong bot's)
    loss: int = 0
    # A hand at a live table: the table's code, and its replay and the pupil's review (links).
    table_code: str = ""
    replay_url: str = ""
    review_url: str = ""

    @property
    def reviewed(self) -> bool:
        return self.status == ReviewStatus.DONE


def two_players(game: PracticeGame) -> bool:
    """A game of Belote découverte for two (its setup's kind, as lessons/practice/decouverte/ keeps it;
    a teacher's page reads it without depending on the practice feature)."""
    return (game.setup or {}).get("kind") == "decouverte"


def pupil_hands(pupil: Any, lang: str) -> list[HandRow]:
    """The pupil's latest finished hands, newest first, each with its review."""
    games = list(PracticeGame.objects.filter(user=pupil).order_by("-updated", "-id")[:GAMES_MAX])
    found: list[tuple[PracticeGame, int, dict[str, Any]]] = []
    for game in games:
        if two_players(game):
            continue  # a two-player hand has no teams to report (lessons/practice/decouverte/game.py)
        for n in range(len(game.hands), 0, -1):
            result = game.hands[n - 1].get("result") if isinstance(game.hands[n - 1], dict) else None
            if result and not result.get("void"):
                found.append((game, n, result))
    found = found[:HANDS_MAX]
    reviews = {
        (r.game_id, r.hand): r
        for r in HandReview.objects.filter(game__in=[g for g, _, _ in found]).only(
            "game_id", "hand", "status", "result"
        )
    }
    rows = []
    for game, n, result in found:
        seat = Seat.parse((game.setup or {}).get("seat", "S"))
        team, other = ("NS", "EW") if seat & 1 == 0 else ("EW", "NS")
        row = HandRow(
            variant=game.variant,
            label=str(Variant(game.variant).label),
            number=n,
            when=game.updated,
            ours=int(result.get(team, 0)),
            theirs=int(result.get(other, 0)),
            status="",
        )
        review = reviews.get((game.pk, n))
        if review is not None:
            row.status = review.status
            if review.status == ReviewStatus.DONE:
                _read_review(row, review.result, lang)
        rows.append(row)
    rows += _live_hands(pupil, lang)
    rows.sort(key=lambda r: r.when, reverse=True)
    return rows[:HANDS_MAX]


def _live_hands(pupil: Any, lang: str) -> list[HandRow]:
    """The pupil's hands at live tables (lessons/practice/tables/): each has its own review of the
    pupil's seat (:class:`~lessons.models.SeatReview`), kept with the pupil's account."""
    rows = []
    reviews = list(
        SeatReview.objects.filter(user=pupil).select_related("game").order_by("-created")[:HANDS_MAX]
    )
    tables = {
        t.game_id: t
        for t in TableGame.objects.filter(game_id__in={r.game_id for r in reviews}).select_related("table")
    }
    for review in reviews:
        game = review.game
        hands = game.hands
        result = hands[review.hand - 1].get("result") if 0 < review.hand <= len(hands) else None
        if not result or result.get("void"):
            continue
        team, other = ("NS", "EW") if Seat.parse(review.seat) & 1 == 0 else ("EW", "NS")
        label = str(Variant(game.variant).label)
        ours, theirs = int(result.get(team, 0)), int(result.get(other, 0))
        if two_players(game):  # the points are each seat's
            label = _("Belote découverte (2 players)")
            points = result.get("points") or {}
            ours, theirs = (
                int(points.get(review.seat, 0)),
                int(points.get("N" if review.seat == "S" else "S", 0)),
            )
        row = HandRow(
            variant=game.variant,
            label=label,
            number=review.hand,
            when=review.created,
            ours=ours,
            theirs=theirs,
            status=review.status,
        )
        at = tables.get(game.pk)
        if at is not None:
            row.table_code = at.table.code
            args = [at.table.code, at.number, review.hand]
            row.replay_url = reverse("tables-replay", args=args)
            # The review opens for the teacher of the class the table was opened for.
            if at.table.classroom_id is not None:
                row.review_url = reverse("tables-review", args=args) + f"?seat={review.seat}"
        if review.status == ReviewStatus.DONE:
            _read_review(row, review.result, lang)
        rows.append(row)
    return rows


def _read_review(row: HandRow, result: dict[str, Any], lang: str) -> None:
    variant = row.variant

    def face(code: str) -> CardFace:
        shown = card_face(code, variant, lang, "french")
        assert shown is not None
        return shown

    row.mistakes = [
        MistakeRow(m["trick"], face(m["played"]), [face(c) for c in m["best"]], m["loss"])
        for m in result.get("cards", [])
    ]
    row.bids = [
        (
            messages.call_name(b["call"], variant, lang, "french", b["round"]),
            messages.call_name(b["best"], variant, lang, "french", b["round"]),
        )
        for b in result.get("bids", [])
    ]
    # A découverte hand's calls (its own coach's: no round, a single auction).
    row.bids += [
        (
            messages.call_name(b["call"], variant, lang, "french"),
            messages.call_name(b["best"], variant, lang, "french"),
        )
        for b in result.get("calls", [])
    ]
    # A doubling word the review marked reads like a call: the word said, the one clearly better.
    row.bids += [
        (
            messages.call_name(d["word"], variant, lang, "french"),
            messages.call_name(d["best"], variant, lang, "french"),
        )
        for d in result.get("doubles", [])
    ]
    row.loss = int(result.get("loss", 0))
