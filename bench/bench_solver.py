"""BENCH solve_4_tricks_ms_p50, solve_8_tricks_s_p50, solve_8_tricks_s_p95: the exact solver, one core.

A solve is :func:`engine.solver.solve_trickplay` on a fresh position: the
exact value of every legal card of the player to act, the best cards and the
principal line.

- 4 tricks: random deals, a random variant and contract, played with random
  legal cards until four tricks are left (the next player leads).
- 8 tricks: whole deals before the first card, a random variant and contract.

Positions are built first; only the solves are timed (CPU time, the machine
is shared). Usage: ``python -m bench.bench_solver [--endgames N] [--deals N]``.
``--legality callback`` has the C core call the rule set's Python legal-card
function back instead of its compiled mirror (the figures before the mirror).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from engine.cards import Seat, cards_of
from engine.deal import complete_deal, first_deal
from engine.ranking import NO_TRUMP
from engine.solver import solve_trickplay
from engine.solver.core import Search
from engine.tricks import TrickPlay
from engine.variants import rules_for

ENDGAMES = 200
DEALS = 100
VARIANTS = ("saudi", "moroccan", "french")


def position(rng: random.Random, tricks_left: int) -> TrickPlay:
    """A random deal and contract, played at random until ``tricks_left`` tricks are left."""
    rules = rules_for(rng.choice(VARIANTS))
    trump = rng.choice([0, 1, 2, 3, NO_TRUMP] if rules.has_sun else [0, 1, 2, 3])
    dealer = Seat(rng.randrange(4))
    hands = complete_deal(first_deal(rules, dealer, rng), Seat(rng.randrange(4)), rules)
    t = TrickPlay(rules, hands, trump, Seat((dealer + 1) % 4))
    for _ in range(32 - 4 * tricks_left):
        t.push(rng.choice(cards_of(t.legal())), check=False)
    return t


def solve_times(tricks_left: int, count: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    positions = [position(rng, tricks_left) for _ in range(count)]
    times = []
    for t in positions:
        start = time.process_time()
        solve_trickplay(t)
        times.append(time.process_time() - start)
    return times


def percentile(values: list[float], q: float) -> float:
    """The ``q``-quantile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--endgames", type=int, default=ENDGAMES)
    parser.add_argument("--deals", type=int, default=DEALS)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--legality", choices=("compiled", "callback"), default="compiled")
    args = parser.parse_args(argv or [])
    if hasattr(Search, "compiled_legality"):  # the C core is built
        Search.compiled_legality = args.legality == "compiled"  # type: ignore[attr-defined]
    if args.endgames:
        four = solve_times(4, args.endgames, args.seed)
        print(f"BENCH solve_4_tricks_ms_p50 {statistics.median(four) * 1000:.1f} ms")
    if args.deals:
        eight = solve_times(8, args.deals, args.seed + 1)
        print(f"BENCH solve_8_tricks_s_p50 {statistics.median(eight):.3f} s")
        print(f"BENCH solve_8_tricks_s_p95 {percentile(eight, 0.95):.3f} s")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
