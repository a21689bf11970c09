"""BENCH generate_puzzles_per_s_<variant>: best-card puzzles kept per second, one core.

:func:`engine.solver.generate.generate_many` with its defaults (3 to 5 tricks
left, a margin of 10 card points): random deals, the heuristic bots' auction
and play, one exact solve per candidate position, most candidates refused
(no unique answer, or a margin too small). The figure counts kept puzzles
per second of CPU time (the machine is shared).
Usage: ``python -m bench.bench_generate [--count N] [--seed N]``.
"""

from __future__ import annotations

import argparse
import time

from engine.solver.generate import generate_many
from engine.variants import rules_for

COUNT = 50
VARIANTS = ("saudi", "moroccan", "french")


def rate(variant: str, count: int, seed: int) -> float:
    """Puzzles kept per CPU second for ``variant``."""
    start = time.process_time()
    made = sum(1 for _ in generate_many(rules_for(variant), seed, count))
    return made / (time.process_time() - start)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--count", type=int, default=COUNT)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv or [])
    for variant in VARIANTS:
        print(f"BENCH generate_puzzles_per_s_{variant} {rate(variant, args.count, args.seed):.1f} puzzles/s")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
