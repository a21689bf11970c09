"""The score sheet by simulation: the chance of winning the GAME when a Saudi defender (or buyer)
passes or says the next word of the doubling ladder (double, three, four, gahwa), from a given
game score.

A game scenario is a doubling position of :mod:`bench.bidding_simulations` (a defender's eight
cards against the buyer's contract: its ``holding``), a score sheet before the hand (the buyers'
and the defenders' game points) and the doubling words already said. It is measured in two parts:

1. **This hand.** The holding's deals are dealt and played out exactly as the hand simulation does
   (same seed, same deals, same bots: :func:`bench.bidding_simulations.run_scenario`'s playouts),
   and each playout is scored by the engine at ×1, ×2, ×3 and ×4 (``score.sa.doubled``); after
   Gahwa the team that wins the hand wins the game (``double.sa.gahwa``).
2. **The rest of the game.** Later hands are drawn, independently, from the empirical
   distribution of the game points of random deals (``--rest-deals``, seeded): a random dealer,
   the four seats bidding by the rules of thumb on the engine's auction
   (:func:`engine.bots.heuristic.heuristic_call`), the hand played out by the rule-of-thumb bots
   and scored at ×1 (nobody doubles later); a void hand scores 0–0; each deal counts once for
   each team (so the two teams are alike). From any sheet, the chance of winning is computed
   exactly over that distribution by dynamic programming: the first team to reach the target
   (152) wins; both past it, the higher total wins; equal totals past it count as an even chance.

For each word, the defenders' chance of winning the game is reported two ways: **the ladder stops
there** (nobody answers the word), and **with replies**: each side answers with the next word
when, over the same deals, that raises its own chance (the other side reasoning the same way up
the ladder). The best word of a scenario is the one with the highest chance *with replies* for
the side to speak.

Usage: ``python bench/game_simulations.py [--deals N] [--strong-deals N] [--rest-deals N]
[--seed S] [--only NAME,...]`` (``make simulations`` runs it after the hand simulations). The
defaults reproduce docs/simulations.md.
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import bidding_simulations as sims
from bench.bidding_simulations import _cards
from engine.auction import SUN_DOUBLE_BUYERS_ABOVE, SUN_DOUBLE_DOUBLERS_AT_MOST, Contract
from engine.bots.heuristic import heuristic_call
from engine.bots.view import view_of
from engine.cards import CARDS, FULL_DECK, SEATS, Card, Seat, iter_bits, mask_of, next_seat
from engine.deal import FirstDeal, complete_deal, first_deal
from engine.hand import Hand, Phase
from engine.variants import RuleSet, rules_for

SEED = sims.SEED
DEALS = sims.DEALS
STRONG_DEALS = sims.STRONG_DEALS
REST_DEALS = 2000
"""Random deals whose game points make the distribution of the later hands."""

LADDER = ("pass", "double", "three", "four", "gahwa")
"""Level 0 (nothing said, ×1) to level 4 (Gahwa): the word that brings the ladder to each level."""

HOLDINGS: tuple[sims.Scenario, ...] = (
    sims.Scenario(
        "sa-double-middle",
        "saudi",
        "S",
        "8H",
        ("JH", "TH", "AS", "TS", "KC", "QC", "9D", "8D"),
        compare=("pass", "double"),
        contract=("hokm", "H"),
        note="North against East's Hokm in hearts: J and 10 of trump, Ace-10 of spades",
    ),
)
"""Doubling holdings used only here (the others are the hand simulation's own scenarios)."""


@dataclass(frozen=True)
class BuyerHolding:
    """The buyer's eight cards: ``first`` (the five it bought with; a rule-of-thumb player buys
    Hokm in the bidding card's suit with them), the bidding card, and the two ``later`` cards."""

    name: str
    bidding_card: str
    first: tuple[str, ...]
    later: tuple[str, ...]
    note: str = ""
    dealer: str = "S"
    variant: str = "saudi"

    @property
    def rules(self) -> RuleSet:
        return rules_for(self.variant)

    @property
    def hand(self) -> tuple[str, ...]:
        return (*self.first, self.bidding_card, *self.later)

    @property
    def contract(self) -> tuple[str, str]:
        return ("hokm", self.bidding_card[-1])

    def seat(self) -> Seat:
        """The buyer: the first speaker (dealer South: East)."""
        return next_seat(Seat.parse(self.dealer), self.rules.clockwise)


BUYER_HOLDINGS: tuple[BuyerHolding, ...] = (
    BuyerHolding(
        "sa-buyer-strong",
        "AH",
        ("JH", "9H", "TS", "8C", "7D"),
        ("KH", "AC"),
        note="East bought Hokm in hearts on the Ace: J, 9, A, K of trump, the 10 of spades, the Ace of clubs",
    ),
)
"""Holdings of the buyer (for Three and Gahwa): the defenders' cards are dealt at random."""


def holding(name: str) -> sims.Scenario | BuyerHolding:
    for sc in (*sims.SCENARIOS, *HOLDINGS, *BUYER_HOLDINGS):
        if sc.name == name:
            assert isinstance(sc, BuyerHolding) or sc.doubling, name
            return sc
    raise KeyError(name)


def buyer_deal(bh: BuyerHolding, rng: random.Random) -> tuple[FirstDeal, Contract]:
    """The buyer's eight cards fixed (five first, the bidding card, two from the stock); the
    other seats' cards at random."""
    rules, taker = bh.rules, bh.seat()
    dealer = Seat.parse(bh.dealer)
    up = Card.parse(bh.bidding_card)
    contract = Contract("hokm", up.suit, taker, taker)
    first_five = mask_of(_cards(bh.first))
    later = _cards(bh.later)
    assert heuristic_call(rules.name, ("pass", "hokm", "sun"), first_five, up) == "hokm", bh.name
    places = first_deal(rules, dealer, deck=list(CARDS))
    full_places = complete_deal(places, contract.receiver, rules)
    extra_pos = {s: [p - 21 for p in iter_bits(full_places[s] & ~places.hands[s]) if p != 20] for s in SEATS}
    rest = list(iter_bits(FULL_DECK & ~first_five & ~mask_of(later) & ~(1 << up)))
    rng.shuffle(rest)
    pool = iter(rest)
    hands = [0, 0, 0, 0]
    stock: list[int] = [0] * 11
    for s in SEATS:
        hands[s] = first_five if s == taker else mask_of([next(pool) for _ in range(5)])
    for s in SEATS:
        cards = later if s == taker else [next(pool) for _ in extra_pos[s]]
        for p, c in zip(extra_pos[s], cards, strict=True):
            stock[p] = c
    first = FirstDeal(dealer, (hands[0], hands[1], hands[2], hands[3]), up, tuple(CARDS[c] for c in stock))
    return first, contract


@dataclass(frozen=True)
class GameScenario:
    """A doubling position on a score sheet: ``holding``'s cards and contract, the buyers' and
    the defenders' game points before the hand, and the doubling words already said."""

    name: str
    holding: str
    buyers: int
    defenders: int
    said: tuple[str, ...] = ()
    """Doubling words already said, in order (``double``, ``three``...)."""
    note: str = ""

    @property
    def level(self) -> int:
        return len(self.said)

    @property
    def speaker(self) -> str:
        """``defenders`` (double, four) or ``buyers`` (three, gahwa)."""
        return "defenders" if self.level % 2 == 0 else "buyers"

    @property
    def compare(self) -> tuple[str, str]:
        return ("pass", LADDER[self.level + 1])


GAME_SCENARIOS: tuple[GameScenario, ...] = (
    GameScenario("sa-game-middle-b0-d0", "sa-double-middle", 0, 0, note="a new game"),
    GameScenario("sa-game-middle-b140-d130", "sa-double-middle", 140, 130, note="the buyers near the end"),
    GameScenario("sa-game-middle-b90-d145", "sa-double-middle", 90, 145, note="the defenders near the end"),
    GameScenario("sa-game-weak-b0-d0", "sa-double-weak", 0, 0, note="a new game"),
    GameScenario("sa-game-weak-b140-d130", "sa-double-weak", 140, 130, note="the buyers near the end"),
    GameScenario(
        "sa-game-strong-four-b60-d60",
        "sa-double-strong",
        60,
        60,
        said=("double", "three"),
        note="North doubled, East answered Three",
    ),
    GameScenario(
        "sa-game-buyer-gahwa-b40-d140",
        "sa-buyer-strong",
        40,
        140,
        said=("double", "three", "four"),
        note="North doubled, East said Three, North Four; the buyers far behind",
    ),
    GameScenario(
        "sa-game-strong-four-b60-d140",
        "sa-double-strong",
        60,
        140,
        said=("double", "three"),
        note="North doubled, East answered Three; the defenders need 12",
    ),
)


# ---------------------------------------------------------------- the rest of the game


def rest_outcomes(deals: int, seed: int) -> Counter[tuple[int, int]]:
    """Game points (one team, the other) of random deals bid and played by the rules of thumb,
    each deal counted once from each side; a void hand is (0, 0)."""
    rules = rules_for("saudi")
    rng = random.Random(f"{seed}:rest")
    out: Counter[tuple[int, int]] = Counter()
    for _ in range(deals):
        dealer = SEATS[rng.randrange(4)]
        deck = list(CARDS)
        rng.shuffle(deck)
        first = first_deal(rules, dealer, deck=deck)
        hand = Hand(rules, dealer, deck=deck)
        while hand.phase is Phase.AUCTION:
            to_act = hand.auction.to_act
            assert to_act is not None
            choices = [c for c in view_of(hand, to_act).choices if c != "redeal"]
            hand.call(heuristic_call(rules.name, choices, first.hands[to_act], first.bidding_card), to_act)
        if hand.phase is Phase.VOID or hand.contract is None:
            out[(0, 0)] += 2
            continue
        contract = hand.contract
        full, points, tricks = sims.play_out(rules, first, contract, "heuristic", rng)
        _, ns, ew = sims.score(rules, contract, dealer, full, first.bidding_card, points, tricks)
        out[(ns, ew)] += 1
        out[(ew, ns)] += 1
    return out


def win_table(outcomes: Counter[tuple[int, int]], target: int) -> list[list[float]]:
    """``table[a][b]``: the chance that a team with ``a`` game points wins against one with ``b``
    (both below ``target``), later hands drawn from ``outcomes``."""
    total = sum(outcomes.values())
    void = outcomes.get((0, 0), 0) / total
    items = [(x, y, n / total) for (x, y), n in outcomes.items() if (x, y) != (0, 0)]
    table = [[0.0] * target for _ in range(target)]

    def value(a: int, b: int) -> float:
        if a >= target or b >= target:
            return 1.0 if a > b else 0.0 if b > a else 0.5
        return table[a][b]

    for s in range(2 * target - 2, -1, -1):
        for a in range(max(0, s - target + 1), min(s, target - 1) + 1):
            b = s - a
            table[a][b] = sum(p * value(a + x, b + y) for x, y, p in items) / (1 - void)
    return table


def chance(table: list[list[float]], target: int, ours: int, theirs: int) -> float:
    """Our chance of winning the game from the sheet ``ours`` to ``theirs`` (after a hand)."""
    if ours >= target or theirs >= target:
        return 1.0 if ours > theirs else 0.0 if theirs > ours else 0.5
    return table[ours][theirs]


# ---------------------------------------------------------------- this hand


@dataclass(frozen=True)
class HandOutcome:
    """One playout of a holding: did the buyers make it, and (buyers, defenders) game points at
    ×1, ×2, ×3 and ×4."""

    made: bool
    points: tuple[tuple[int, int], ...]


@functools.cache
def hand_outcomes(name: str, bot: str, deals: int, seed: int) -> tuple[HandOutcome, ...]:
    """The holding's playouts: the same deals as :func:`bench.bidding_simulations.run_scenario`."""
    sc = holding(name)
    rules = sc.rules
    dealer = Seat.parse(sc.dealer)
    up = Card.parse(sc.bidding_card)
    rng = random.Random(f"{seed}:{sc.name}:{bot}")
    out = []
    for _ in range(deals):
        if isinstance(sc, BuyerHolding):
            first, contract = buyer_deal(sc, rng)
        else:
            contract = sims.doubled_contract(sc)
            first = sims.doubling_deal(sc, contract, rng)
        full, points, tricks = sims.play_out(rules, first, contract, bot, rng)
        made, scored = False, []
        for multiplier in (1, 2, 3, 4):
            made, ns, ew = sims.score(rules, contract, dealer, full, up, points, tricks, multiplier)
            scored.append((ns, ew) if contract.team == 0 else (ew, ns))
        out.append(HandOutcome(made, tuple(scored)))
    return tuple(out)


@dataclass
class Result:
    hand_won: float
    """Share of deals where the defenders won the hand (the buyers failed)."""
    stops: dict[str, float]
    """Defenders' chance of winning the game, per word, when the ladder stops at that word."""
    replies: dict[str, float]
    """The same when each side then answers with the next word when that raises its chance."""


def game_chances(
    gs: GameScenario, outcomes: Sequence[HandOutcome], table: list[list[float]], target: int
) -> Result:
    sun = holding(gs.holding).contract == ("sun", "-")  # (a buyer holding is always a Hokm)
    top = 1 if sun else 4
    stops: dict[str, float] = {}
    for level in range(top + 1):
        if level == 4:  # Gahwa: the hand decides the game.
            won = sum(not o.made for o in outcomes)
        else:
            won = sum(
                chance(table, target, gs.defenders + o.points[level][1], gs.buyers + o.points[level][0])
                for o in outcomes
            )
        stops[LADDER[level]] = won / len(outcomes)
    sun_allowed = gs.buyers > SUN_DOUBLE_BUYERS_ABOVE and gs.defenders <= SUN_DOUBLE_DOUBLERS_AT_MOST
    if sun and not sun_allowed:
        top = 0
    # Down the ladder from the top: at each level the side to speak passes (the ladder stops) or
    # says the next word, whichever gives it the better chance; replies[word]: the defenders'
    # chance once ``word`` is said and answered that way.
    replies: dict[str, float] = {}
    after = stops[LADDER[top]]
    for level in range(top - 1, -1, -1):
        replies[LADDER[level + 1]] = after
        defenders_speak = level % 2 == 0
        after = max(stops[LADDER[level]], after) if defenders_speak else min(stops[LADDER[level]], after)
    return Result(1 - sum(o.made for o in outcomes) / len(outcomes), stops, replies)


def speaker_chance(gs: GameScenario, defenders_chance: float) -> float:
    return defenders_chance if gs.speaker == "defenders" else 1 - defenders_chance


def passing_chance(gs: GameScenario, r: Result) -> float:
    """Passing now closes the ladder at the level already reached."""
    return r.stops[LADDER[gs.level]]


def best_word(gs: GameScenario, r: Result) -> str:
    say = LADDER[gs.level + 1]
    if say not in r.replies:
        return "pass"
    return say if speaker_chance(gs, r.replies[say]) > speaker_chance(gs, passing_chance(gs, r)) else "pass"


# ---------------------------------------------------------------- running


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=DEALS)
    parser.add_argument("--strong-deals", type=int, default=STRONG_DEALS)
    parser.add_argument("--rest-deals", type=int, default=REST_DEALS)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--only", default="", help="comma-separated game scenario names")
    args = parser.parse_args(argv)
    wanted = set(filter(None, args.only.split(",")))
    scenarios = [g for g in GAME_SCENARIOS if not wanted or g.name in wanted]
    target = rules_for("saudi").target
    start = time.process_time()
    rest = rest_outcomes(args.rest_deals, args.seed)
    table = win_table(rest, target)
    total = sum(rest.values())
    mean = sum(x * n for (x, _), n in rest.items()) / total
    void = 100.0 * rest.get((0, 0), 0) / total
    print(
        f"# seed {args.seed}; rest of the game: {args.rest_deals} random deals (void {void:.1f} %, "
        f"{mean:.2f} game points a team a hand); this hand: {args.strong_deals} deals (strong bot), "
        f"{args.deals} (heuristic)"
    )
    print(f"BENCH game_rest_cpu_s {time.process_time() - start:.1f} s")
    print(f"BENCH game_win_pct_sheet_0-0 {100 * chance(table, target, 0, 0):.1f} %")
    print(f"BENCH game_win_pct_sheet_130-140 {100 * chance(table, target, 130, 140):.1f} %")
    print(f"BENCH game_win_pct_sheet_145-90 {100 * chance(table, target, 145, 90):.1f} %")
    rows = []
    for gs in scenarios:
        t0 = time.process_time()
        for bot, deals in (("strong", args.strong_deals), ("heuristic", args.deals)):
            if not deals:
                continue
            r = game_chances(gs, hand_outcomes(gs.holding, bot, deals, args.seed), table, target)
            for word in gs.compare:
                if word == "pass":
                    stop = reply = passing_chance(gs, r)
                elif word in r.replies:
                    stop, reply = r.stops[word], r.replies[word]
                else:
                    continue
                key = f"{gs.name}_{word}_{bot}"
                print(f"BENCH game_win_pct_{key} {100 * speaker_chance(gs, reply):.1f} %")
                print(f"BENCH game_win_stop_pct_{key} {100 * speaker_chance(gs, stop):.1f} %")
                rows.append((gs, bot, word, deals, r, stop, reply))
            print(f"# {gs.name} ({bot}): best word {best_word(gs, r)}")
        print(f"BENCH game_cpu_s_{gs.name} {time.process_time() - t0:.1f} s")
        sys.stdout.flush()
    for gs in scenarios:
        h = holding(gs.holding)
        print()
        print(f"### {gs.name}")
        print()
        said = ", ".join(gs.said) if gs.said else "nothing yet"
        print(
            f"{h.note}; holding {gs.holding}: **{h.seat().name}** holds {' '.join(h.hand)}. "
            f"Sheet before the hand: buyers **{gs.buyers}**, defenders **{gs.defenders}** ({gs.note}). "
            f"Said: {said}; the {gs.speaker} to speak (game won: their chance)."
        )
        print()
        print("| bot | word | deals | defenders win the hand % | game won %, stops | game won %, replies |")
        print("|---|---|---|---|---|---|")
        for row_gs, bot, word, deals, r, stop, reply in rows:
            if row_gs is gs:
                print(
                    f"| {bot} | {word} | {deals} | {100 * r.hand_won:.0f} | "
                    f"{100 * speaker_chance(gs, stop):.0f} | {100 * speaker_chance(gs, reply):.0f} |"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
