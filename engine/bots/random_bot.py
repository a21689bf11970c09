"""Level 1: a uniformly random legal card, allowed call or doubling word (seeded)."""

from __future__ import annotations

import random

from engine.bots.base import Bot
from engine.bots.view import View
from engine.cards import CARDS, Card, cards_of


class RandomBot(Bot):
    level = 1
    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def bid(self, view: View) -> str:
        return self.rng.choice(view.choices)

    def double(self, view: View) -> str:
        return self.rng.choice(view.choices)

    def play(self, view: View) -> Card:
        return CARDS[self.rng.choice(cards_of(view.legal))]
