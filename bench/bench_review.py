"""BENCH open_review_hand_s_p95, solver_hint_ms_p95: the review of a finished hand with every hand
open (the coach's review from the seat's view is bench_coach's review_hand_s), and the solver's
hint of a position with every hand open; one core.

- review: random deals, a random variant and contract, played to the end with
  random legal cards; :func:`engine.solver.review.review` of one seat (drawn
  at random), all 8 of its decisions, each solved with every hand open.
- hint: positions drawn at a random card (0-31) of such hands, all tricks
  alike; :func:`engine.solver.hint.hint` (the best cards, solved, and the
  themes).

Hands and positions are built first; only the reviews and hints are timed
(CPU time, the machine is shared). Usage:
``python -m bench.bench_review [--hands N] [--hints N]``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bench.bench_solver import VARIANTS, percentile
from engine.cards import CARDS, SEATS, Card, Seat, Team, cards_of
from engine.deal import complete_deal, first_deal
from engine.ranking import NO_TRUMP
from engine.solver.hint import hint
from engine.solver.position import BestCardPosition
from engine.solver.review import review
from engine.tricks import TrickPlay
from engine.variants import RuleSet, rules_for

HANDS = 20
HINTS = 100


def played_hand(rng: random.Random) -> tuple[RuleSet, int, list[int], Seat, list[Card]]:
    """A random deal and contract played to the end at random: rules, trump, hands dealt, leader, plays."""
    rules = rules_for(rng.choice(VARIANTS))
    trump = rng.choice([0, 1, 2, 3, NO_TRUMP] if rules.has_sun else [0, 1, 2, 3])
    dealer = Seat(rng.randrange(4))
    hands = complete_deal(first_deal(rules, dealer, rng), Seat(rng.randrange(4)), rules)
    leader = Seat((dealer + 1) % 4)
    t = TrickPlay(rules, hands, trump, leader)
    while not t.is_over():
        t.push(rng.choice(cards_of(t.legal())), check=False)
    return rules, trump, list(hands), leader, [m.card for m in t.moves]


def review_times(count: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    hands = [(played_hand(rng), Seat(rng.randrange(4))) for _ in range(count)]
    times = []
    for (rules, trump, dealt, leader, plays), seat in hands:
        start = time.process_time()
        review(rules, trump, dealt, leader, plays, seat, Team.NS)
        times.append(time.process_time() - start)
    return times


def hint_times(count: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    positions = []
    for _ in range(count):
        rules, trump, dealt, leader, plays = played_hand(rng)
        t = TrickPlay(rules, dealt, trump, leader)
        for c in plays[: rng.randrange(32)]:
            t.push(c)
        positions.append(
            BestCardPosition(
                rules,
                trump,
                (t.hands[0], t.hands[1], t.hands[2], t.hands[3]),
                SEATS[t.leader],
                SEATS[t.to_play],
                [CARDS[c] for c in t.trick],
                (t.points[0], t.points[1]),
                Team.NS,
            )
        )
    times = []
    for p in positions:
        start = time.process_time()
        hint(p)
        times.append(time.process_time() - start)
    return times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=HANDS)
    parser.add_argument("--hints", type=int, default=HINTS)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv or [])
    if args.hands:
        reviews = review_times(args.hands, args.seed)
        print(f"BENCH open_review_hand_s_p50 {statistics.median(reviews):.2f} s")
        print(f"BENCH open_review_hand_s_p95 {percentile(reviews, 0.95):.2f} s")
    if args.hints:
        hints = hint_times(args.hints, args.seed + 1)
        print(f"BENCH solver_hint_ms_p50 {statistics.median(hints) * 1000:.0f} ms")
        print(f"BENCH solver_hint_ms_p95 {percentile(hints, 0.95) * 1000:.0f} ms")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
