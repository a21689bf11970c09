"""Practice bots: they see one seat's :class:`View` and choose a call, a doubling word or a card.

- :mod:`engine.bots.view` — :class:`View`, what a seat sees, built by :func:`view_of` from a hand.
- :mod:`engine.bots.base` — :class:`Bot`, the interface.
- :mod:`engine.bots.table` — :func:`play_hand`: run a hand with four bots.
- :mod:`engine.bots.random_bot` — level 1, :class:`RandomBot`.
- :mod:`engine.bots.beginner` — level 1 at the practice table, :class:`BeginnerBot`: random
  cards, the calls of a cautious beginner.
- :mod:`engine.bots.heuristic` — level 2, :class:`HeuristicBot` (bidding by
  :mod:`engine.bots.strength`, play by :mod:`engine.bots.policy`).
- :mod:`engine.bots.strong` — level 3, :class:`StrongBot`: samples the hidden hands
  (:mod:`engine.bots.knowledge`, :mod:`engine.bots.sampling`) and plays each choice out
  (:mod:`engine.bots.simulation`, :mod:`engine.bots.rollout`, valued by
  :mod:`engine.bots.outcome`), the auction as rule-of-thumb players would finish it
  (:mod:`engine.bots.auction_model`), choices raced on the same samples
  (:mod:`engine.bots.racing`).
"""

from engine.bots.base import Bot
from engine.bots.beginner import BeginnerBot
from engine.bots.heuristic import HeuristicBot
from engine.bots.random_bot import RandomBot
from engine.bots.strong import StrongBot
from engine.bots.table import play_hand, step
from engine.bots.view import View, view_of

__all__ = [
    "BeginnerBot",
    "Bot",
    "HeuristicBot",
    "RandomBot",
    "StrongBot",
    "View",
    "play_hand",
    "step",
    "view_of",
]
