"""BENCH hands_per_s_<variant>: complete random hands per second, one core.

Each hand: a seeded deal, a fixed contract (the first speaker takes in the
bidding card's suit), the declarations, 32 random legal plays
(:meth:`Hand.playout`, the path the Monte Carlo bots use), and the score with its explanation steps — the same
:class:`engine.hand.Hand` the site plays.
"""

from __future__ import annotations

import random
import time

from engine.auction import Contract
from engine.cards import Seat
from engine.hand import Hand
from engine.variants import rules_for

HANDS = 3000


def play_hands(variant: str, count: int, seed: int = 1) -> float:
    rules = rules_for(variant)
    rng = random.Random(seed)
    start = time.process_time()
    for i in range(count):
        dealer = Seat(i % 4)
        taker = Seat((i + 1) % 4)
        # The contract is fixed before the deal; its trump rotates through the suits.
        contract = Contract("hokm", i % 4, taker, taker)
        hand = Hand.with_contract(rules, dealer, contract, seed=rng)
        hand.playout(rng)
        hand.score()
    return count / (time.process_time() - start)


def main() -> None:
    for variant in ("saudi", "moroccan", "french"):
        best = max(play_hands(variant, HANDS, seed) for seed in (1, 2, 3))
        print(f"BENCH hands_per_s_{variant} {best:.0f} hands/s")


if __name__ == "__main__":
    main()
