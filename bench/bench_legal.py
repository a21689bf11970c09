"""BENCH legal_per_s: legal-card queries per second on fresh positions, one core.

Positions come from real play: random deals played with random legal cards,
each position (hand, trick so far, trump, rules) recorded before its card is
played. They are all built first; only the queries are timed, each on a
different position, so nothing is answered from a cache.
"""

from __future__ import annotations

import random
import time

from engine.cards import CARDS, Seat
from engine.deal import complete_deal, first_deal
from engine.play import legal_mask
from engine.ranking import NO_TRUMP
from engine.tricks import TrickPlay
from engine.variants import rules_for

HANDS = 6000  # x 32 positions = 192,000 queries


def positions(seed: int = 1) -> list[tuple[int, tuple[int, ...], int, object]]:
    rng = random.Random(seed)
    out: list[tuple[int, tuple[int, ...], int, object]] = []
    variants = [rules_for("saudi"), rules_for("moroccan"), rules_for("french")]
    for i in range(HANDS):
        rules = variants[i % 3]
        trump = rng.choice([0, 1, 2, 3, NO_TRUMP] if rules.has_sun else [0, 1, 2, 3])
        dealer = Seat(rng.randrange(4))
        hands = complete_deal(first_deal(rules, dealer, rng), Seat(rng.randrange(4)), rules)
        t = TrickPlay(rules, hands, trump, Seat((dealer + 1) % 4))
        while not t.is_over():
            out.append((t.hands[t.to_play], tuple(t.trick), trump, rules))
            legal = t.legal()
            choices = [c for c in range(32) if legal >> c & 1]
            t.push(CARDS[rng.choice(choices)], check=False)
    return out


def main() -> None:
    queries = positions()
    best = 0.0
    for _ in range(3):  # best of three: the machine is shared
        start = time.process_time()
        for hand, trick, trump, rules in queries:
            legal_mask(hand, trick, trump, rules)  # type: ignore[arg-type]
        best = max(best, len(queries) / (time.process_time() - start))
    print(f"BENCH legal_per_s {best:.0f} queries/s")


if __name__ == "__main__":
    main()
