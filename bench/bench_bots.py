"""BENCH strong_vs_heuristic_win_rate and bot_move_ms_p95: the strongest bot against the rule-of-thumb bot.

Two :class:`~engine.bots.strong.StrongBot` partners play two
:class:`~engine.bots.heuristic.HeuristicBot` opponents, whole hands from the
deal: auction, doubling (saudi), declarations, eight tricks, score. Each deal
is played twice with the teams swapped, so both teams get the same cards and
luck cancels out. A hand is *won* when the strong team scores more game points
in it than the other team; hands thrown in (everyone passed) are not counted
and more deals are played instead.

Prints, per variant, ``BENCH strong_vs_heuristic_win_rate_<variant>``; then
the lowest of them as ``BENCH strong_vs_heuristic_win_rate``; then
``BENCH bot_move_ms_p95``: the 95th percentile of the wall-clock time of every
strong decision (calls, doubling words and cards; forced cards included). The
bot stops sampling at its time budget, so on a loaded machine it answers in
time with fewer samples (weaker); a line on stderr gives the CPU times too.

Usage: ``python bench/bench_bots.py [--quick] [--hands N] [--jobs N] [--variants saudi,french]
[--samples N] [--budget-ms MS] [--first-deal N]``.
``--quick`` plays 60 hands per variant (development); the default is 1,000.
``--jobs`` splits the deals between processes (default: 2, or 1 on a single core).
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from engine.bots import Bot, HeuristicBot, View, play_hand
from engine.bots.strong import StrongBot
from engine.cards import SEATS, Card, Team
from engine.hand import Hand, Phase
from engine.variants import rules_for

T = TypeVar("T")

VARIANTS = ("saudi", "moroccan", "french")
HANDS = 1000
QUICK_HANDS = 60
# The deals are shared out between processes, one per core of the 2-core reference machine.
JOBS = min(2, os.cpu_count() or 1)


class Timed(Bot):
    """A bot whose every decision is timed in milliseconds: wall clock, and this process's CPU time."""

    def __init__(self, bot: Bot, times: list[float], cpu_times: list[float]) -> None:
        self.bot = bot
        self.times = times
        self.cpu_times = cpu_times

    def _timed(self, ask: Callable[[View], T], view: View) -> T:
        start, cpu = time.perf_counter(), time.process_time()
        try:
            return ask(view)
        finally:
            self.times.append((time.perf_counter() - start) * 1000.0)
            self.cpu_times.append((time.process_time() - cpu) * 1000.0)

    def bid(self, view: View) -> str:
        return self._timed(self.bot.bid, view)

    def double(self, view: View) -> str:
        return self._timed(self.bot.double, view)

    def play(self, view: View) -> Card:
        return self._timed(self.bot.play, view)


@dataclass
class Tally:
    hands: int = 0
    wins: int = 0
    ties: int = 0
    void: int = 0
    times: list[float] = field(default_factory=list)
    cpu_times: list[float] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.hands += other.hands
        self.wins += other.wins
        self.ties += other.ties
        self.void += other.void
        self.times.extend(other.times)
        self.cpu_times.extend(other.cpu_times)


@dataclass(frozen=True)
class Settings:
    """The strong bot's settings (``None``: its defaults)."""

    samples: int | None = None
    budget_ms: float | None = None

    def bot(self, seed: int) -> StrongBot:
        bot = StrongBot(seed=seed)
        if self.samples is not None:
            bot.max_samples = self.samples
        if self.budget_ms is not None:
            # A budget of 0 means none: the number of samples alone decides.
            bot.budget_ms = self.budget_ms or None
        return bot


def play_deal(variant: str, deal: int, settings: Settings, tally: Tally) -> None:
    """Play deal number ``deal`` twice, the strong team NS then EW."""
    rules = rules_for(variant)
    for strong_team in (Team.NS, Team.EW):
        strong = Timed(settings.bot(deal * 2 + strong_team), tally.times, tally.cpu_times)
        heuristic = HeuristicBot()
        bots = [strong if seat.team == strong_team else heuristic for seat in SEATS]
        hand = Hand(rules, SEATS[deal % 4], seed=deal)
        play_hand(hand, bots)
        if hand.phase is Phase.VOID:
            tally.void += 1
            continue
        points = hand.score().points
        mine, theirs = points[strong_team], points[strong_team.other]
        tally.hands += 1
        tally.wins += mine > theirs
        tally.ties += mine == theirs


def play_deals(args: tuple[str, Sequence[int], Settings]) -> Tally:
    variant, deals, settings = args
    tally = Tally()
    for deal in deals:
        play_deal(variant, deal, settings, tally)
    return tally


def run_variant(variant: str, hands: int, jobs: int, settings: Settings, first_deal: int = 0) -> Tally:
    """Play deals until at least ``hands`` hands were played (void hands do not count)."""
    total = Tally()
    next_deal = first_deal
    while total.hands < hands:
        # Two hands per deal; a few more deals than needed make up for void hands.
        missing = (hands - total.hands + 1) // 2
        batch = list(range(next_deal, next_deal + missing))
        next_deal += missing
        if jobs > 1:
            chunks = [(variant, batch[i::jobs], settings) for i in range(jobs)]
            with multiprocessing.Pool(jobs) as pool:
                for tally in pool.map(play_deals, chunks):
                    total.add(tally)
        else:
            total.add(play_deals((variant, batch, settings)))
    return total


def percentile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help=f"{QUICK_HANDS} hands per variant")
    parser.add_argument("--hands", type=int, default=None, help=f"hands per variant (default {HANDS})")
    parser.add_argument("--jobs", type=int, default=JOBS, help=f"processes (default {JOBS})")
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--samples", type=int, default=None, help="the strong bot's samples per decision")
    parser.add_argument("--budget-ms", type=float, default=None, help="the strong bot's time budget")
    parser.add_argument("--first-deal", type=int, default=0, help="number of the first deal (seed)")
    args = parser.parse_args(argv or [])
    settings = Settings(args.samples, args.budget_ms)
    hands = args.hands or (QUICK_HANDS if args.quick else HANDS)
    rates = []
    times: list[float] = []
    cpu_times: list[float] = []
    for variant in args.variants.split(","):
        start = time.perf_counter()
        tally = run_variant(variant, hands, args.jobs, settings, args.first_deal)
        rate = tally.wins / tally.hands
        rates.append(rate)
        times.extend(tally.times)
        cpu_times.extend(tally.cpu_times)
        print(
            f"# {variant}: {tally.wins} won of {tally.hands} hands ({tally.ties} tied, {tally.void} void),"
            f" {time.perf_counter() - start:.0f} s",
            file=sys.stderr,
        )
        print(f"BENCH strong_vs_heuristic_win_rate_{variant} {rate:.3f} ratio")
        sys.stdout.flush()
    print(f"BENCH strong_vs_heuristic_win_rate {min(rates):.3f} ratio")
    print(
        f"# {len(times)} strong decisions; CPU time p50 {percentile(cpu_times, 0.5):.0f} ms,"
        f" p95 {percentile(cpu_times, 0.95):.0f} ms; wall clock p50 {percentile(times, 0.5):.0f} ms,"
        f" max {max(times):.0f} ms",
        file=sys.stderr,
    )
    print(f"BENCH bot_move_ms_p95 {percentile(times, 0.95):.0f} ms")


if __name__ == "__main__":
    main(sys.argv[1:])
