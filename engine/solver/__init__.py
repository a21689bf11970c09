"""Exact (double-dummy) solver: every card open, best play on both sides, to the end of the hand.

- :mod:`engine.solver.equivalence` — which cards of a hand are interchangeable (searched once).
- :mod:`engine.solver.search` — alpha-beta on card points with a transposition table.
- :mod:`engine.solver.native` — that search's inner loop in C (``_native.c``), handed the rules as
  data and the rule set's legality function.
- :mod:`engine.solver.core` — which search runs: the C core when built (``make compiled``), else the
  search compiled by mypyc, else in Python.
- :mod:`engine.solver.solution` — :func:`solve` a position, :class:`Solution` with values and the line.
- :mod:`engine.solver.position` — the JSON notation of a best-card position (:func:`read_position`).
- :mod:`engine.solver.explain` — :func:`analyse`: the best cards, the line trick by trick, what
  another card loses.
- :mod:`engine.solver.themes` — what a puzzle teaches (``ruff``, ``duck``, ...), read off the solution.
- :mod:`engine.solver.review` — :func:`~engine.solver.review.review`: each card of one seat in a
  played hand, judged with every hand open, and what it cost.
- :mod:`engine.solver.hint` — :func:`~engine.solver.hint.hint`: the best cards of a position and
  its themes.
- :mod:`engine.solver.generate` — best-card puzzles from deals played by the bots (imported on its
  own: it needs the bots and the whole hand).
"""

from engine.solver.explain import BestCard, analyse
from engine.solver.position import BestCardPosition, read_position, write_position
from engine.solver.solution import Solution, line_after, solve, solve_trickplay

__all__ = [
    "BestCard",
    "BestCardPosition",
    "Solution",
    "analyse",
    "line_after",
    "read_position",
    "solve",
    "solve_trickplay",
    "write_position",
]
