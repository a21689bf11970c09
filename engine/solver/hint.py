"""A hint at the table: the best cards for the player to act, every hand open, and what they teach.

:func:`hint` solves a :class:`~engine.solver.position.BestCardPosition` exactly
and returns the best cards, the player's team's card points for the whole hand
with best play (last-trick bonus included), the puzzle themes that the position
shows (:mod:`engine.solver.themes`: ``ruff``, ``duck``, ...; theme keys, put
into words by the presentation layer; not ``endgame``, which only labels the
generator's puzzles) and the reason ``solve.best`` as data.

>>> from engine.solver.position import read_position
>>> p = read_position({"variant": "saudi", "contract": {"mode": "sun", "trump": None, "taker": "S"},
...     "hands": {"S": ["AS", "7H"], "E": ["TS", "8H"], "N": ["KS", "9H"], "W": ["QS", "JH"]},
...     "leader": "S", "points": {"NS": 60, "EW": 30}})
>>> h = hint(p)
>>> [str(c) for c in h.best], h.points, h.themes, h.reason.rule
(['7H'], 98, ('last-trick',), 'solve.best')
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.cards import Card, Seat
from engine.explain import Reason
from engine.solver.position import BestCardPosition
from engine.solver.review import decision_reason
from engine.solver.solution import solve
from engine.solver.themes import themes_of

__all__ = ["Hint", "hint"]


@dataclass(frozen=True)
class Hint:
    """The best cards of a position and why."""

    seat: Seat
    best: tuple[Card, ...]
    points: int
    """The player's team's card points for the whole hand with best play from here."""
    themes: tuple[str, ...]
    """Theme keys (:data:`engine.solver.themes.THEMES`) in their order, ``endgame`` left out."""
    reason: Reason
    """``solve.best``: the best cards and the points they bring."""


def hint(position: BestCardPosition) -> Hint:
    """The best cards for the player to act in ``position`` (see the module docstring)."""
    p = position
    s = solve(p.rules, p.trump, p.hands, p.to_play, p.leader, p.trick, p.points_so_far, p.taker, p.ekka)
    team = p.to_play & 1
    reason = decision_reason(s, s.best[0])
    themes = tuple(key for key in themes_of(p, s) if key != "endgame")
    return Hint(p.to_play, tuple(s.best), s.totals(s.best[0])[team], themes, reason)
