"""BENCH hint_principle_share, hint_engine_samples_p50, review_hand_s_p95: the coach (engine/coach/).

Prints:
  BENCH hint_principle_share <v> ratio  card hints (300 random decisions with a choice, in hands
                                        played by the rule-of-thumb bots, all three variants) whose
                                        first reason is a principle, not "best on average"
                                        (``hint.estimate``) nor the rules of thumb (``hint.thumb``)
  BENCH hint_engine_samples_p50 <v> deals  the sampled deals behind those hints (the median;
                                          bench_hints prints the table's, hint_samples_p50)
  BENCH hint_engine_ms_p95 <v> ms       the engine's time for one of those hints (CPU time)
  BENCH review_hand_s_p50 / _p95 <v> s  the review of one seat's decisions in a played hand (its
                                        calls and its eight cards), judged from its view with the
                                        hints' own sample count, the all-hands figure included

Usage: ``python bench/run.py bench_coach`` (or ``python -m bench.bench_coach [--decisions N]
[--hands N] [--samples N]``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bench.bench_solver import VARIANTS, percentile
from engine.advice import SAMPLES, advise
from engine.bots import HeuristicBot, step, view_of
from engine.cards import SEATS, Seat
from engine.coach.review import review_hand
from engine.hand import Called, Doubled, Hand, Phase
from engine.variants import rules_for

DECISIONS = 300
HANDS = 20
NOT_A_PRINCIPLE = ("hint.estimate", "hint.thumb")


def hints(count: int, samples: int, seed: int = 1) -> tuple[float, list[int], list[float]]:
    """(the share of hints with a principle, their samples, their CPU times)."""
    rng = random.Random(seed)
    with_principle = 0
    used: list[int] = []
    times: list[float] = []
    while len(used) < count:
        rules = rules_for(rng.choice(VARIANTS))
        hand = Hand(rules, SEATS[rng.randrange(4)], seed=rng.randrange(10**9))
        bots = [HeuristicBot() for _ in range(4)]
        stop = rng.randrange(32)
        while hand.phase not in (Phase.DONE, Phase.VOID):
            if hand.phase is Phase.PLAY and hand.tricks is not None and len(hand.tricks.moves) >= stop:
                break
            step(hand, bots)
        if hand.phase is not Phase.PLAY or hand.to_play is None:
            continue
        view = view_of(hand, hand.to_play)
        if view.legal.bit_count() < 2:
            continue
        start = time.process_time()
        advice = advise(view, seed=0, samples=samples)
        times.append(time.process_time() - start)
        used.append(advice.samples)
        with_principle += bool(advice.reasons) and advice.reasons[0].rule not in NOT_A_PRINCIPLE
    return with_principle / count, used, times


def reviews(count: int, samples: int, seed: int = 2) -> list[float]:
    """CPU time of the review of South's decisions in ``count`` hands the bots played."""
    rng = random.Random(seed)
    times = []
    while len(times) < count:
        rules = rules_for(rng.choice(VARIANTS))
        hand = Hand(rules, SEATS[rng.randrange(4)], seed=rng.randrange(10**9))
        first = hand.first.hands
        bots = [HeuristicBot() for _ in range(4)]
        while hand.phase not in (Phase.DONE, Phase.VOID):
            step(hand, bots)
        if hand.phase is not Phase.DONE or hand.tricks is None:
            continue
        calls = [(e.seat, e.call) for e in hand.events if isinstance(e, (Called, Doubled))]
        plays = [m.card for m in hand.tricks.moves]
        start = time.process_time()
        review_hand(
            rules,
            hand.dealer,
            hand.first.bidding_card,
            hand.full_hands,
            calls,
            plays,
            Seat.S,
            first,
            0,
            samples,
        )
        times.append(time.process_time() - start)
    return times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--decisions", type=int, default=DECISIONS)
    parser.add_argument("--hands", type=int, default=HANDS)
    parser.add_argument("--samples", type=int, default=SAMPLES)
    args = parser.parse_args(argv or [])
    share, used, times = hints(args.decisions, args.samples)
    print(f"BENCH hint_principle_share {share:.3f} ratio")
    print(f"BENCH hint_engine_samples_p50 {statistics.median(used):.0f} deals")
    print(f"BENCH hint_engine_ms_p95 {percentile(times, 0.95) * 1000:.0f} ms")
    if args.hands:
        judged = reviews(args.hands, args.samples)
        print(f"BENCH review_hand_s_p50 {statistics.median(judged):.2f} s")
        print(f"BENCH review_hand_s_p95 {percentile(judged, 0.95):.2f} s")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
