"""BENCH generate_rule_drills_per_s_<variant>: rule drills made per second, one core.

:func:`engine.drills.generate_drills`: random deals played by random legal cards and random
auctions, each question answered by the engine's own command (legal, trick, projects, score,
bid), the six families in turn at each band of difficulty (so some drills are made and refused
until one of the wanted band comes). The figure counts kept drills per second of CPU time, best
of three runs. Usage: ``python -m bench.bench_drills [--count N] [--seed N]``.
"""

from __future__ import annotations

import argparse
import time

from engine.drills import generate_drills
from engine.variants import rules_for

COUNT = 300
VARIANTS = ("saudi", "moroccan", "french")


def rate(variant: str, count: int, seed: int) -> float:
    """Drills kept per CPU second for ``variant`` (best of three)."""
    best = 0.0
    for run in range(3):
        start = time.process_time()
        made = sum(1 for _ in generate_drills(rules_for(variant), seed + run, count))
        best = max(best, made / (time.process_time() - start))
    return best


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--count", type=int, default=COUNT)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv or [])
    for variant in VARIANTS:
        per_s = rate(variant, args.count, args.seed)
        print(f"BENCH generate_rule_drills_per_s_{variant} {per_s:.1f} drills/s")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
