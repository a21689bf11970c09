"""Two-player Belote découverte: the score of a hand (docs/rules.md §5.4).

Card points as in French Belote, 162 with the last trick's 10, and nothing
else: no declarations, no belote. The taker needs more than half:

- ``score.fr2.contract``: with 82 or more, each player scores the card points
  they took;
- ``score.fr2.taker-fails``: with 81 or fewer the taker scores nothing and the
  opponent scores all 162.

Seed 004 names no capot for this game: a player who takes all sixteen tricks
scores the 162 of the cards.

>>> s = score_decouverte(Seat.S, {Seat.S: 81, Seat.N: 81})
>>> s.result, s.points
('dedans', {<Seat.S: 0>: 0, <Seat.N: 2>: 162})
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from engine.cards import Seat
from engine.decouverte_table import other
from engine.explain import Step
from engine.ranking import TOTAL_WITH_TRUMP

# The taker loses with this many card points or fewer: half of the 162.
TAKER_FAILS_AT = TOTAL_WITH_TRUMP // 2


class InvalidDecouverteScore(ValueError):
    def __init__(self, detail: str) -> None:
        super().__init__(detail)


@dataclass(frozen=True)
class DecouverteScore:
    points: dict[Seat, int]
    result: Literal["made", "dedans"]
    steps: list[Step]


def score_decouverte(taker: Seat, card_points: Mapping[Seat, int]) -> DecouverteScore:
    """The hand's score from each player's card points (last trick's 10 included)."""
    opponent = other(taker)
    if set(card_points) != {taker, opponent}:
        raise InvalidDecouverteScore("card points are needed for both players, S and N")
    taken, left = card_points[taker], card_points[opponent]
    if min(taken, left) < 0 or taken + left != TOTAL_WITH_TRUMP:
        raise InvalidDecouverteScore(f"the card points must add up to {TOTAL_WITH_TRUMP}")
    if taken > TAKER_FAILS_AT:
        step = Step(
            "score.fr2.contract",
            {"seat": taker, "points": taken, "other_seat": opponent, "other_points": left},
        )
        return DecouverteScore({taker: taken, opponent: left}, "made", [step])
    step = Step(
        "score.fr2.taker-fails",
        {
            "seat": taker,
            "points": taken,
            "limit": TAKER_FAILS_AT,
            "other_seat": opponent,
            "total": TOTAL_WITH_TRUMP,
        },
    )
    return DecouverteScore({taker: 0, opponent: TOTAL_WITH_TRUMP}, "dedans", [step])
