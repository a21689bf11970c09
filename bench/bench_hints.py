"""BENCH practice_hint_ms_p95: a hint at the practice table, the suggested choice and its reasons.

South's every decision (calls, doubling words, cards) in hands played by the rule-of-thumb bot
in the three variants, each answered by :func:`engine.advice.advise` from South's view only:
the strong bot's sampling, or in the endgame the exact solver on sampled deals. Wall-clock time
(the strong bot stops sampling after a wall-clock budget), from the view to the reasons.

(``hint_ms_p95`` of bench_review is the solver's hint of a position with every hand open.)
Usage: ``python -m bench.bench_hints [--hands N]``.
"""

from __future__ import annotations

import argparse
import statistics
import time

from bench.bench_solver import VARIANTS, percentile
from engine.advice import advise
from engine.bots import HeuristicBot, view_of
from engine.bots.table import doubling_word
from engine.cards import Seat
from engine.hand import Hand, Phase
from engine.variants import rules_for

HANDS = 6
"""Hands per variant (about ten hints each)."""


def hint_times(hands: int, seed: int) -> list[float]:
    times = []
    bots = [HeuristicBot()] * 4
    for variant in VARIANTS:
        rules = rules_for(variant)
        for deal in range(hands):
            hand = Hand(rules, Seat((seed + deal) % 4), seed=seed * 1000 + deal)
            while hand.phase in (Phase.AUCTION, Phase.DOUBLING, Phase.PLAY):
                view = view_of(hand, Seat.S)
                if view.choices or view.legal:
                    start = time.perf_counter()
                    advise(view, seed=deal)
                    times.append(time.perf_counter() - start)
                if hand.phase is Phase.AUCTION:
                    seat = hand.auction.to_act
                    assert seat is not None
                    hand.call(bots[seat].bid(view_of(hand, seat)), seat)
                elif hand.phase is Phase.DOUBLING:
                    hand.double(*reversed(doubling_word(hand, bots)))
                else:
                    seat = hand.to_play
                    assert seat is not None
                    hand.play(bots[seat].play(view_of(hand, seat)))
    return times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=HANDS)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv or [])
    times = hint_times(args.hands, args.seed)
    print(f"BENCH practice_hint_ms_p50 {statistics.median(times) * 1000:.0f} ms")
    print(f"BENCH practice_hint_ms_p95 {percentile(times, 0.95) * 1000:.0f} ms")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
