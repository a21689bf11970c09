"""BENCH bot_bids_<contract>_pct_<level>_<variant>: what each bot level buys, over many auctions.

Four bots of one level hold the auction of a random deal (the doubling and the play are not
played: only the contract counts). For each variant and level, the share of auctions that end in
each contract: ``sun``, ``hokm``, ``ashkal`` (Sun bought for the partner) and ``pass`` (everyone
passed, the hand is void) for saudi; ``take`` and ``pass`` for moroccan and french.

Levels: ``beginner`` (the practice table's first level, :class:`engine.bots.BeginnerBot`),
``heuristic`` (rules of thumb) and ``strong`` (samples the hidden hands). The strong bot thinks
up to its time budget per call, so it holds fewer auctions (``--strong-auctions``, default 100)
than the others (``--auctions``, default 1,000); the count is printed on stderr beside it.

Usage: ``python bench/bench_bidding.py [--quick] [--auctions N] [--strong-auctions N]
[--variants saudi,french]``.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Callable

from engine.auction import Void
from engine.bots import BeginnerBot, Bot, HeuristicBot, view_of
from engine.bots.strong import StrongBot
from engine.cards import SEATS, Seat
from engine.hand import Hand, Phase
from engine.variants import rules_for

VARIANTS = ("saudi", "moroccan", "french")
AUCTIONS = 1000
STRONG_AUCTIONS = 100
QUICK_AUCTIONS = 100
QUICK_STRONG = 10

LEVELS: dict[str, Callable[[int], Bot]] = {
    "beginner": lambda seed: BeginnerBot(seed=seed),
    "heuristic": lambda seed: HeuristicBot(),
    "strong": lambda seed: StrongBot(seed=seed),
}


def outcome(hand: Hand) -> str:
    """What the auction of ``hand`` sold: sun, hokm, ashkal, take or pass."""
    contract = hand.contract
    if hand.phase is Phase.VOID or contract is None or isinstance(contract, Void):
        return "pass"
    if hand.rules.name != "saudi":
        return "take"
    if contract.mode == "sun":
        return "ashkal" if contract.receiver != contract.taker else "sun"
    return "hokm"


def auction(variant: str, bots: list[Bot], deal: int) -> str:
    """The contract four ``bots`` buy on deal number ``deal``."""
    hand = Hand(rules_for(variant), dealer=SEATS[deal % 4], seed=deal)
    while hand.phase is Phase.AUCTION:
        seat = hand.auction.to_act
        assert seat is not None
        hand.call(bots[seat].bid(view_of(hand, Seat(seat))), seat)
    return outcome(hand)


def shares(variant: str, level: str, auctions: int) -> Counter[str]:
    counts: Counter[str] = Counter()
    for deal in range(auctions):
        bots = [LEVELS[level](deal * 4 + s) for s in SEATS]
        counts[auction(variant, bots, deal)] += 1
    return counts


def contracts(variant: str) -> tuple[str, ...]:
    return ("sun", "hokm", "ashkal", "pass") if variant == "saudi" else ("take", "pass")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--auctions", type=int)
    parser.add_argument("--strong-auctions", type=int)
    parser.add_argument("--variants", default=",".join(VARIANTS))
    args = parser.parse_args(argv if argv is not None else [])
    n = args.auctions or (QUICK_AUCTIONS if args.quick else AUCTIONS)
    n_strong = args.strong_auctions or (QUICK_STRONG if args.quick else STRONG_AUCTIONS)
    for variant in args.variants.split(","):
        for level in LEVELS:
            count = n_strong if level == "strong" else n
            counts = shares(variant, level, count)
            for word in contracts(variant):
                pct = 100.0 * counts[word] / count
                print(f"BENCH bot_bids_{word}_pct_{level}_{variant} {pct:.1f} %")
            print(f"# {variant} {level}: {count} auctions", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
