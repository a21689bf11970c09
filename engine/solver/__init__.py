"""Exact (double-dummy) solver: every card open, best play on both sides, to the end of the hand.

- :mod:`engine.solver.equivalence` — which cards of a hand are interchangeable (searched once).
- :mod:`engine.solver.search` — alpha-beta on card points with a transposition table.
- :mod:`engine.solver.solution` — :func:`solve` a position, :class:`Solution` with values and the line.
"""

from engine.solver.solution import Solution, solve, solve_trickplay

__all__ = ["Solution", "solve", "solve_trickplay"]
