"""The bot interface: a bot sees a :class:`~engine.bots.view.View` and answers with a choice.

A bot never receives a :class:`~engine.hand.Hand`: only what its seat can see.
Three questions, one per phase:

- :meth:`Bot.bid`: a call from ``view.choices`` (the auction),
- :meth:`Bot.double`: a word from ``view.choices`` (saudi doubling),
- :meth:`Bot.play`: a card from ``view.legal`` (the play).
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from engine.bots.view import View
from engine.cards import Card


class Bot(ABC):
    """A player for one seat (a bot may serve several seats: every answer depends only on the View)."""

    level: int = 0
    name: str = "bot"

    @abstractmethod
    def bid(self, view: View) -> str:
        """A call among ``view.choices`` (auction phase, this seat to act)."""

    @abstractmethod
    def double(self, view: View) -> str:
        """A doubling word among ``view.choices`` (``pass`` closes the doubling)."""

    @abstractmethod
    def play(self, view: View) -> Card:
        """A card of ``view.legal`` (play phase, this seat to play)."""
