"""The coach's strong bot against the older one, and the coach against itself: ``make match``.

Prints:
  BENCH coach_bot_margin_<variant> <v> points       card points per hand, the strong bot that plays
                                                    with the coach's evaluator minus the older
                                                    racing one (``StrongBot(method="race")``)
  BENCH coach_bot_margin_<variant>_low / _high      its 95 % interval
  BENCH coach_contradictions <n> decisions          decisions of a player who follows every hint
                                                    that the review then marks as mistakes

The match is a duplicate one, card play only: each deal is sold by the rule-of-thumb auction, then
played twice with the same cards and contract, the new bot holding North-South the first time and
East-West the second, so that the luck of the cards cancels out; a deal's figure is the mean of
the two margins. The contradictions: hands where South follows every hint (calls and cards, the
others the rule-of-thumb bots), each of South's decisions judged afterwards by the review with the
table's seed and sample count. Long (minutes): not part of ``make bench``.

Usage: ``python -m bench.match [--deals N] [--hands N] [--samples N] [--variants saudi,...]``.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.advice import SAMPLES, advise
from engine.bots import HeuristicBot, StrongBot, step, view_of
from engine.bots.base import Bot
from engine.cards import SEATS, Card, Seat
from engine.coach.review import judge
from engine.deal import shuffled_deck
from engine.hand import Hand, Phase
from engine.variants import rules_for

VARIANTS = ("saudi", "moroccan", "french")
DEALS = 200
HANDS = 100
Z = 1.96


def _contract_deal(variant: str, seed: int) -> tuple[Hand, list[Card]] | None:
    """The deal of ``seed`` sold by the rule-of-thumb auction (None for a void deal)."""
    deck = shuffled_deck(seed)
    hand = Hand(rules_for(variant), SEATS[seed % 4], deck=list(deck))
    bots = [HeuristicBot() for _ in range(4)]
    while hand.phase is Phase.AUCTION:
        step(hand, bots)
    if hand.contract is None:
        return None
    return hand, deck


def _play(variant: str, seed: int, deck: list[Card], hand: Hand, bots: list[Bot]) -> tuple[int, int]:
    assert hand.contract is not None
    game = Hand.with_contract(rules_for(variant), hand.dealer, hand.contract, deck=list(deck))
    while game.phase is Phase.PLAY:
        seat = game.to_play
        assert seat is not None
        game.play(bots[seat].play(view_of(game, seat)))
    assert game.tricks is not None
    return game.tricks.points[0], game.tricks.points[1]


def margins(variant: str, deals: int, samples: int) -> list[float]:
    """For each deal: the new bot's card points minus the old one's, the mean of both seatings."""
    out: list[float] = []
    seed = 0
    start = time.monotonic()
    while len(out) < deals:
        seed += 1
        sold = _contract_deal(variant, 7919 * seed)
        if sold is None:
            continue
        hand, deck = sold
        new = [StrongBot(seed=seed * 4 + s, samples=samples, budget_ms=None) for s in range(4)]
        old = [StrongBot(seed=seed * 4 + s, samples=samples, budget_ms=None, method="race") for s in range(4)]
        ns, ew = _play(variant, seed, deck, hand, [new[0], old[1], new[2], old[3]])
        first = ns - ew
        ns, ew = _play(variant, seed, deck, hand, [old[0], new[1], old[2], new[3]])
        out.append((first + (ew - ns)) / 2)
        if len(out) % 10 == 0:
            # Progress on stderr (the run is long): how far, how fast, the margin so far.
            spent = time.monotonic() - start
            print(
                f"# {variant}: {len(out)} deals, {spent / len(out):.1f} s a deal, "
                f"margin so far {statistics.fmean(out):+.1f}",
                file=sys.stderr,
                flush=True,
            )
    return out


def contradictions(variant: str, hands: int, samples: int) -> tuple[int, int]:
    """(decisions marked as mistakes, decisions) of a South who follows every hint."""
    marked = judged = 0
    for seed in range(1, hands + 1):
        hand = Hand(rules_for(variant), SEATS[seed % 4], seed=10_000 + seed)
        bots = [HeuristicBot() for _ in range(4)]
        while hand.phase not in (Phase.DONE, Phase.VOID):
            mine = (hand.phase is Phase.AUCTION and hand.auction.to_act == Seat.S) or (
                hand.phase is Phase.PLAY and hand.to_play == Seat.S
            )
            if not mine:
                step(hand, bots)
                continue
            view = view_of(hand, Seat.S)
            choice = advise(view, samples=samples).choice
            hands_now = hand.tricks.hands if hand.phase is Phase.PLAY and hand.tricks is not None else None
            judged += 1
            marked += judge(view, choice, 0, samples, hands_now).mistake
            if hand.phase is Phase.AUCTION:
                hand.call(choice, Seat.S)
            else:
                hand.play(Card.parse(choice))
    return marked, judged


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=DEALS)
    parser.add_argument("--hands", type=int, default=HANDS)
    parser.add_argument("--samples", type=int, default=SAMPLES)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    args = parser.parse_args(argv if argv is not None else sys.argv[1:])
    variants = [v for v in args.variants.split(",") if v]
    for variant in variants:
        if not args.deals:
            break
        m = margins(variant, args.deals, args.samples)
        mean = statistics.fmean(m)
        half = Z * statistics.stdev(m) / math.sqrt(len(m)) if len(m) > 1 else 0.0
        print(f"BENCH coach_bot_margin_{variant} {mean:.1f} points")
        print(f"BENCH coach_bot_margin_{variant}_low {mean - half:.1f} points")
        print(f"BENCH coach_bot_margin_{variant}_high {mean + half:.1f} points")
        sys.stdout.flush()
    if args.hands:
        marked = judged = 0
        for variant in variants:
            a, b = contradictions(variant, args.hands, args.samples)
            marked += a
            judged += b
        print(f"BENCH coach_contradictions {marked} decisions")
        print(f"BENCH coach_judged_decisions {judged} decisions")


if __name__ == "__main__":
    main()
