"""Hints and the hand review at the découverte table: the four-player table's coach for two.

The engine judges from what the judged player sees (:mod:`engine.decouverte.coach`: the face-down
cards laid at random over the covered piles, the evaluator of :mod:`engine.coach.evaluator` and its
one rule for a mistake); this module keeps a hint in the hand's record as the four-player table
does (:func:`lessons.practice.hints.keep`, shown by :func:`lessons.practice.hints.described`) and
analyses a finished hand off the request: the learner's at South for the practice table
(:func:`lessons.practice.review.compute`), each player's own at a live table
(:func:`lessons.practice.tables.reviews.compute`). The hint and the review use the same seed and
sample count, so the review values a hinted card on the very lays the hint did and never marks it.
"""

from __future__ import annotations

from typing import Any

from engine import messages
from engine.bots.decouverte import legal_from_view
from engine.cards import Card, Seat
from engine.decouverte import TWO_SEATS, coach
from engine.explain import Reason
from lessons import models
from lessons.practice import hints
from lessons.practice.decouverte.game import LEARNER, DecouverteTable, rebuild
from lessons.practice.display import Say
from lessons.practice.state import COACH_SEED, BadMove

SAMPLES = coach.SAMPLES
VERSION = 1


def can_hint(table: DecouverteTable) -> bool:
    return table.now.phase in ("auction", "play") and table.learner_to_act()


def give(table: DecouverteTable) -> None:
    """A hint for the learner's call or card now, kept in the hand's record (asked twice: counted
    once). Only face-up cards are read: the engine lays the face-down ones at random."""
    d = table.now
    if d.phase not in ("auction", "play"):
        raise BadMove("wrong-phase")
    if not table.learner_to_act():
        raise BadMove("not-your-turn")
    at = len(table.actions)
    current = table.record.get("hint")
    if current and current.get("at") == at:
        return
    if d.hand is None:
        ups = {s: tuple(up for _, up in d.deal.table.piles_of(s) if up is not None) for s in TWO_SEATS}
        advice = coach.advise_call(d.auction, ups, COACH_SEED, SAMPLES)
    else:
        advice = coach.advise(d.hand.view(LEARNER), COACH_SEED, SAMPLES)
    hints.keep(table.record, at, advice)


def shown(table: DecouverteTable, say: Say) -> hints.HintShown | None:
    hint = table.record.get("hint")
    if not hint or hint.get("at") != len(table.actions) or table.now.phase not in ("auction", "play"):
        return None
    return hints.described(hint, say)


def analyse(record: dict[str, Any], me: Seat = LEARNER) -> dict[str, Any]:
    """Each call and card of ``me`` in a finished hand judged from ``me``'s view alone (the
    practice table's learner at South; either player at a live table); the mistakes kept."""
    mistakes: list[dict[str, Any]] = []
    judged = 0
    actions = record["actions"]
    calls: list[dict[str, Any]] = []
    for i, (kind, seat, value) in enumerate(actions):
        if Seat.parse(seat) != me:
            continue
        d = rebuild(record, i)
        if kind == "call":
            if len(d.auction.calls()) < 2:
                continue
            judged += 1
            ups = {s: tuple(up for _, up in d.deal.table.piles_of(s) if up is not None) for s in TWO_SEATS}
            advice = coach.advise_call(d.auction, ups, COACH_SEED, SAMPLES)
            evaluation = advice.evaluation
            assert evaluation is not None
            if value in evaluation.options and evaluation.mistake(value):
                reasons = [[r.rule, hints.to_json(r.params)] for r in advice.reasons]
                calls.append({"call": value, "best": evaluation.choice, "reasons": reasons})
            continue
        hand = d.hand
        assert hand is not None
        view = hand.view(me)
        if legal_from_view(view).bit_count() < 2:
            continue
        judged += 1
        j = coach.judge(view, value, COACH_SEED, SAMPLES)
        if j.mistake:
            mistakes.append(
                {
                    "trick": j.trick,
                    "played": value,
                    "best": list(j.evaluation.best),
                    "loss": round(j.loss),
                    "samples": j.evaluation.samples,
                    "reasons": [[r.rule, hints.to_json(r.params)] for r in j.reasons],
                }
            )
    return {
        "version": VERSION,
        "kind": "decouverte",
        "seat": str(me),
        "judged": judged,
        "calls": calls,
        "cards": mistakes,
    }


def review_shown(row: models.HandReview | models.SeatReview | None, say: Say) -> dict[str, Any] | None:
    """A stored review in words: its status, and each mistake's cards, cost and principle."""
    if row is None:
        return None
    out: dict[str, Any] = {"status": row.status, "mistakes": []}
    if row.status != models.ReviewStatus.DONE:
        return out
    for m in row.result.get("cards", []):
        played = Card.parse(m["played"])
        best = [Card.parse(c) for c in m["best"]]
        out["mistakes"].append(
            {
                "trick": m["trick"],
                "played": say.face(played),
                "played_name": say.definite(played),
                "best_names": messages.join_list((say.definite(c) for c in best), say.variant, say.lang),
                "loss": m["loss"],
                "samples": m["samples"],
                "principles": [
                    t
                    for t in (hints.sentence(Reason(r, hints.from_json(p)), say) for r, p in m["reasons"])
                    if t
                ],
            }
        )
    out["bids"] = [
        {
            "call": say.call(b["call"]),
            "best": say.call(b["best"]),
            "principles": [
                t for t in (hints.sentence(Reason(r, hints.from_json(p)), say) for r, p in b["reasons"]) if t
            ],
        }
        for b in row.result.get("calls", [])
    ]
    out["count"] = len(out["mistakes"]) + len(out["bids"])
    return out
