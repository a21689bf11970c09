"""Two-player Belote découverte at the practice table, a table of its own: the game (``game.py``),
what South sees of it (``display.py``, never a face-down card) and its pages (``views.py``)."""

from lessons.practice.decouverte.game import is_decouverte

__all__ = ["is_decouverte"]
