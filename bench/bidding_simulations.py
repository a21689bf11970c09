"""Hand evaluation by simulation: how often a call's contract is made with a given hand.

For each scenario (a variant, a seat's cards, the bidding card, the calls made before it) and each
call compared, the same seeded deals are played out:

- the cards nobody sees are dealt at random, keeping only deals on which the players who spoke
  before would have made the calls they made (rule-of-thumb bidders, :mod:`engine.bots.auction_model`;
  20 tries per deal);
- a buying call fixes the contract (``hokm``, ``sun``, ``ashkal``, ``take``, ``take:S``...:
  nobody overcalls); ``pass`` lets the other three, bidding by the rules of thumb, finish the
  auction on the engine's own auction while the seat passes whenever it speaks (they may buy, or
  the hand is void);
- a doubling scenario fixes a defender's eight cards and the buyer's contract (the buyer's first
  five cards and the bidding card must make a rule-of-thumb player buy it), and scores every
  playout at ×1 (``pass``) and ×2 (``double``);
- the hand is played out by bots for all four seats: ``heuristic`` (the rules of thumb of
  :mod:`engine.bots.policy`, fast: every scenario's main figures) and ``strong``
  (:class:`engine.bots.strong.StrongBot`, sampling the hidden hands, with a fixed number of samples
  and no time budget, so that it is deterministic; slow: fewer deals);
- each hand is scored by the engine (:func:`engine.scoring.score_hand`).

Printed per scenario, call and bot: the share of deals where the call's contract was made
(``made``: the buying team's contract held; for ``pass``, the contracts the others bought are not
counted, see ``ours``), and the average margin in game points of the scenario seat's team
(its game points minus the other team's; a void hand counts 0). Also the strong bot's own choice
for the position (:meth:`StrongBot.bid_estimates`, seeded, no time budget). As ``BENCH`` lines and
as a Markdown table (docs/simulations.md holds the figures of the default run).

Usage: ``python bench/bidding_simulations.py [--deals N] [--strong-deals N] [--seed S]
[--only NAME,...] [--markdown]`` (``make simulations``). The defaults reproduce docs/simulations.md.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.auction import Call, Contract, first_leader
from engine.bots.auction_model import explains
from engine.bots.heuristic import heuristic_call
from engine.bots.rollout import playout
from engine.bots.simulation import declared_for
from engine.bots.strong import StrongBot
from engine.bots.table import play_hand
from engine.bots.view import view_of
from engine.cards import (
    CARDS,
    FULL_DECK,
    KING,
    QUEEN,
    SEATS,
    SUIT_LETTERS,
    Card,
    Seat,
    Team,
    card,
    iter_bits,
    mask_of,
    next_seat,
)
from engine.deal import FirstDeal, complete_deal, first_deal
from engine.hand import Hand, Phase
from engine.projects import count_projects, judge_belote
from engine.ranking import NO_TRUMP
from engine.scoring import HandFacts, score_hand
from engine.variants import RuleSet, Saudi, rules_for

SEED = 2026
DEALS = 1000
"""Deals per scenario played out by the rule-of-thumb bots."""
STRONG_DEALS = 100
"""Deals per scenario played out by the strong bot (each of its cards samples the hidden hands)."""
STRONG_SAMPLES = 12
"""Samples per decision of the strong bot in the playouts (no time budget: deterministic)."""
CHOICE_SAMPLES = 48
"""Samples of the strong bot's own choice of call (its default number)."""
REJECTION_TRIES = 20


@dataclass(frozen=True)
class Scenario:
    """One position to evaluate. ``seat`` holds ``hand``: its first five cards (a bidding
    scenario), or all eight (a doubling scenario: ``contract`` is the buyer's)."""

    name: str
    variant: str
    dealer: str
    bidding_card: str
    hand: tuple[str, ...]
    calls: tuple[str, ...] = ()
    """Calls already made, in order from the first speaker (all passes in these scenarios)."""
    compare: tuple[str, ...] = ("pass", "hokm")
    """Calls compared (bidding), or doubling words (``pass``, ``double``)."""
    contract: tuple[str, str] | None = None
    """A doubling scenario: (mode, trump letter or ``-``) bought by the first speaker."""
    note: str = ""
    game_score: tuple[int, int] = field(default=(0, 0))

    @property
    def rules(self) -> RuleSet:
        return rules_for(self.variant)

    @property
    def doubling(self) -> bool:
        return self.contract is not None

    def seat(self) -> Seat:
        """The seat to speak: the one after the calls made (or, doubling, the first defender)."""
        rules = self.rules
        s = next_seat(Seat.parse(self.dealer), rules.clockwise)
        for _ in range(len(self.calls) + (1 if self.doubling else 0)):
            s = next_seat(s, rules.clockwise)
        return s


def _cards(codes: Sequence[str]) -> list[Card]:
    return [Card.parse(c) for c in codes]


# ---------------------------------------------------------------- deals


def deck_for(rules: RuleSet, first: FirstDeal) -> list[Card]:
    """The deck that :func:`engine.deal.first_deal` deals into ``first`` (the positions are read
    from a deal of the deck in order: card ``i`` at position ``i``)."""
    places = first_deal(rules, first.dealer, deck=list(CARDS))
    deck: list[Card] = [CARDS[0]] * 32
    for seat in SEATS:
        for pos, c in zip(iter_bits(places.hands[seat]), iter_bits(first.hands[seat]), strict=True):
            deck[pos] = CARDS[c]
    deck[20] = CARDS[first.bidding_card]
    for i, c in enumerate(first.stock):
        deck[21 + i] = CARDS[c]
    return deck


def bidding_deal(sc: Scenario, rng: random.Random) -> FirstDeal:
    """The other seats' five cards and the stock at random, the earlier calls explained."""
    rules, seat = sc.rules, sc.seat()
    dealer = Seat.parse(sc.dealer)
    mine = mask_of(_cards(sc.hand))
    up = Card.parse(sc.bidding_card)
    rest = list(iter_bits(FULL_DECK & ~mine & ~(1 << up)))
    first = None
    for _ in range(REJECTION_TRIES):
        rng.shuffle(rest)
        hands = [0, 0, 0, 0]
        pos = 0
        for s in SEATS:
            if s == seat:
                hands[s] = mine
                continue
            hands[s] = mask_of(rest[pos : pos + 5])
            pos += 5
        first = FirstDeal(
            dealer, (hands[0], hands[1], hands[2], hands[3]), up, tuple(CARDS[c] for c in rest[pos:])
        )
        if explains(rules, dealer, up, list(sc.calls), first.hands, seat):
            break
    assert first is not None
    return first


def doubling_deal(sc: Scenario, contract: Contract, rng: random.Random) -> FirstDeal:
    """The defender's eight cards fixed (five first, three from the stock); the buyer's five
    cards make a rule-of-thumb player buy ``contract``."""
    rules, seat = sc.rules, sc.seat()
    dealer = Seat.parse(sc.dealer)
    eight = _cards(sc.hand)
    up = Card.parse(sc.bidding_card)
    rest = list(iter_bits(FULL_DECK & ~mask_of(eight) & ~(1 << up)))
    places = first_deal(rules, dealer, deck=list(CARDS))
    # Stock positions (21..31) of each seat's last cards once the receiver is known.
    full_places = complete_deal(places, contract.receiver, rules)
    extra_pos = {s: [p - 21 for p in iter_bits(full_places[s] & ~places.hands[s]) if p != 20] for s in SEATS}
    call = "hokm" if rules.name == "saudi" else "take"
    if contract.trump == NO_TRUMP:
        call = "sun"
    first = None
    for _ in range(REJECTION_TRIES):
        rng.shuffle(rest)
        order = list(eight)
        rng.shuffle(order)
        hands = [0, 0, 0, 0]
        stock: list[int] = [0] * 11
        pool = iter(rest)
        for s in SEATS:
            if s == seat:
                hands[s] = mask_of(order[:5])
                for p, c in zip(extra_pos[s], order[5:], strict=True):
                    stock[p] = c
                continue
            hands[s] = mask_of([next(pool) for _ in range(5)])
        for s in SEATS:
            if s != seat:
                for p in extra_pos[s]:
                    stock[p] = next(pool)
        first = FirstDeal(
            dealer, (hands[0], hands[1], hands[2], hands[3]), up, tuple(CARDS[c] for c in stock)
        )
        taker = contract.taker
        choices = ("pass", "hokm", "sun") if rules.name == "saudi" else ("pass", "take")
        if heuristic_call(rules.name, choices, hands[taker], up) == call:
            break
    assert first is not None
    return first


# ---------------------------------------------------------------- contracts and scores


def contract_of(sc: Scenario, call: str) -> Contract | None:
    """The contract a buying call fixes (``None`` for ``pass``)."""
    seat = sc.seat()
    up = Card.parse(sc.bidding_card).suit
    c = Call.parse(call)
    if c.word == "pass":
        return None
    if c.word == "sun":
        return Contract("sun", NO_TRUMP, seat, seat)
    if c.word == "ashkal":
        return Contract("sun", NO_TRUMP, seat, SEATS[seat ^ 2])
    return Contract("hokm", up if c.suit is None else c.suit, seat, seat)


def doubled_contract(sc: Scenario) -> Contract:
    assert sc.contract is not None
    mode, trump = sc.contract
    taker = next_seat(Seat.parse(sc.dealer), sc.rules.clockwise)
    suit = NO_TRUMP if trump == "-" else SUIT_LETTERS.index(trump)
    return Contract("sun" if mode == "sun" else "hokm", suit, taker, taker)


def score(
    rules: RuleSet,
    contract: Contract,
    dealer: Seat,
    full: Sequence[int],
    bidding_card: int,
    points: Sequence[int],
    tricks: Sequence[int],
    multiplier: int = 1,
) -> tuple[bool, int, int]:
    """(made, game points NS, game points EW) of a played-out hand, by the engine's scoring."""
    trump = contract.trump
    declared = declared_for(rules, trump, full)
    counting = count_projects(rules, trump, dealer, declared)
    belote = None
    if trump != NO_TRUMP:
        pair = (1 << card(trump, KING)) | (1 << card(trump, QUEEN))
        holder = next((SEATS[s] for s in range(4) if full[s] & pair == pair), None)
        if holder is not None and judge_belote(holder, trump, rules, declared.get(holder, ())).counted:
            belote = holder.team
    facts = HandFacts(
        rules,
        trump,
        contract.team,
        card_points={Team.NS: points[0], Team.EW: points[1]},
        tricks={Team.NS: tricks[0], Team.EW: tricks[1]},
        projects=[(s.team, p.value) for s, ps in declared.items() for p in ps],
        counted_team=counting.team,
        belote=belote,
        multiplier=multiplier,
        bidding_card=bidding_card if isinstance(rules, Saudi) else None,
    )
    result = score_hand(facts)
    return result.made, result.points[Team.NS], result.points[Team.EW]


def play_out(
    rules: RuleSet, first: FirstDeal, contract: Contract, bot: str, rng: random.Random
) -> tuple[tuple[int, int, int, int], list[int], list[int]]:
    """Full hands, card points and tricks (NS, EW) of ``contract`` played out by ``bot``."""
    if bot == "heuristic":
        full = complete_deal(first, contract.receiver, rules)
        points, tricks = [0, 0], [0, 0]
        leader = first_leader(rules, first.dealer, contract)
        playout(rules, contract.trump, list(full), [], leader, points, tricks, contract.team, contract.taker)
        return full, points, tricks
    hand = Hand.with_contract(rules, first.dealer, contract, deck=deck_for(rules, first))
    bots = [StrongBot(seed=rng.randrange(2**31), samples=STRONG_SAMPLES, budget_ms=None) for _ in SEATS]
    play_hand(hand, bots)
    assert hand.tricks is not None and hand.phase is Phase.DONE
    return hand.full_hands, list(hand.tricks.points), list(hand.tricks.tricks)


# ---------------------------------------------------------------- running a scenario


@dataclass
class Tally:
    deals: int = 0
    bought: int = 0  # deals where the seat's team bought
    made: int = 0  # of those, contracts made
    margin: int = 0  # sum of the team's game points minus the other's
    margin_sq: int = 0  # sum of its squares: the spread of the margin, for its 95 % interval

    @property
    def made_pct(self) -> float:
        return 100.0 * self.made / self.bought if self.bought else 0.0

    @property
    def ours_pct(self) -> float:
        return 100.0 * self.bought / self.deals if self.deals else 0.0

    @property
    def avg_margin(self) -> float:
        return self.margin / self.deals if self.deals else 0.0

    @property
    def sd_margin(self) -> float:
        """The standard deviation of one deal's margin (lessons/claims.py turns it into an interval)."""
        if self.deals < 2:
            return 0.0
        mean = self.avg_margin
        return max(0.0, (self.margin_sq - self.deals * mean * mean) / (self.deals - 1)) ** 0.5

    def add_margin(self, margin: int) -> None:
        self.margin += margin
        self.margin_sq += margin * margin


def auction_after_pass(sc: Scenario, first: FirstDeal) -> Contract | None:
    """The contract sold when the scenario's seat passes now and whenever it speaks again, the
    other seats calling by the rules of thumb (:func:`engine.bots.heuristic.heuristic_call`)
    on the engine's own auction; ``None``: the hand is void."""
    rules, seat = sc.rules, sc.seat()
    hand = Hand(rules, first.dealer, deck=deck_for(rules, first))
    for call in sc.calls:
        hand.call(call)
    while hand.phase is Phase.AUCTION:
        to_act = hand.auction.to_act
        assert to_act is not None
        choices = [c for c in view_of(hand, to_act).choices if c != "redeal"]
        if to_act == seat and "pass" in choices:
            hand.call("pass", to_act)
            continue
        hand.call(heuristic_call(rules.name, choices, first.hands[to_act], first.bidding_card), to_act)
    return hand.contract if hand.phase is not Phase.VOID else None


def run_scenario(sc: Scenario, bot: str, deals: int, seed: int) -> dict[str, Tally]:
    """Each compared call (or doubling word) on the same ``deals`` seeded deals."""
    rules = sc.rules
    seat = sc.seat()
    team = seat & 1
    dealer = Seat.parse(sc.dealer)
    up = Card.parse(sc.bidding_card)
    tallies = {call: Tally() for call in sc.compare}
    rng = random.Random(f"{seed}:{sc.name}:{bot}")
    for _ in range(deals):
        if sc.doubling:
            contract = doubled_contract(sc)
            first = doubling_deal(sc, contract, rng)
            full, points, tricks = play_out(rules, first, contract, bot, rng)
            for word in sc.compare:
                multiplier = 2 if word == "double" else 1
                made, ns, ew = score(rules, contract, dealer, full, up, points, tricks, multiplier)
                t = tallies[word]
                t.deals += 1
                t.bought += 1
                t.made += made
                t.add_margin((ns - ew) if team == 0 else (ew - ns))
            continue
        first = bidding_deal(sc, rng)
        play_rng = random.Random(rng.randrange(2**62))
        for call in sc.compare:
            t = tallies[call]
            t.deals += 1
            contract = contract_of(sc, call)
            if contract is None:
                contract = auction_after_pass(sc, first)
                if contract is None:
                    continue  # a void hand: nobody scores
            full, points, tricks = play_out(rules, first, contract, bot, random.Random(play_rng.random()))
            made, ns, ew = score(rules, contract, dealer, full, up, points, tricks)
            if contract.team == team:
                t.bought += 1
                t.made += made
            t.add_margin((ns - ew) if team == 0 else (ew - ns))
    return tallies


def strong_choice(sc: Scenario, seed: int) -> tuple[str, dict[str, float]]:
    """The strong bot's own choice for the position, and its estimate of each allowed call."""
    rules = sc.rules
    dealer = Seat.parse(sc.dealer)
    bot = StrongBot(seed=seed, samples=CHOICE_SAMPLES, budget_ms=None)
    seat = sc.seat()
    if sc.doubling:
        contract = doubled_contract(sc)
        first = doubling_deal(sc, contract, random.Random(f"{seed}:{sc.name}:choice"))
        hand = Hand(rules, dealer, deck=deck_for(rules, first), game_score=sc.game_score)
        word = "hokm" if contract.trump != NO_TRUMP else "sun"
        hand.call(word if rules.name == "saudi" else "take")
        while hand.phase is Phase.AUCTION:
            to_act = hand.auction.to_act
            assert to_act is not None
            hand.call("confirm" if "confirm" in view_of(hand, to_act).choices else "pass", to_act)
        if hand.phase is not Phase.DOUBLING:
            return "-", {}
        return bot.double_estimates(view_of(hand, seat))
    first = bidding_deal(sc, random.Random(f"{seed}:{sc.name}:choice"))
    hand = Hand(rules, dealer, deck=deck_for(rules, first))
    for call in sc.calls:
        hand.call(call)
    return bot.bid_estimates(view_of(hand, seat))


# ---------------------------------------------------------------- the scenarios

# Dealer South in every scenario: East speaks first in every variant, then North, West and South
# (the turn goes to the right).
SCENARIOS: tuple[Scenario, ...] = (
    # --- Saudi: Hokm, Sun, Ashkal, pass; East speaks first.
    Scenario(
        "sa-j9-ace",
        "saudi",
        "S",
        "7H",
        ("JH", "9H", "AS", "8C", "7D"),
        compare=("pass", "hokm", "sun"),
        note="J and 9 of trump (with the 7 turned), one side Ace",
    ),
    Scenario(
        "sa-j-alone",
        "saudi",
        "S",
        "8H",
        ("JH", "KS", "8C", "7D", "9D"),
        compare=("pass", "hokm", "sun"),
        note="J of trump and the 8 turned, nothing else",
    ),
    Scenario(
        "sa-aces-tens",
        "saudi",
        "S",
        "QH",
        ("AS", "TS", "AC", "TC", "KD"),
        compare=("pass", "hokm", "sun"),
        note="two Aces, two 10s",
    ),
    Scenario(
        "sa-one-ace",
        "saudi",
        "S",
        "KH",
        ("AS", "KC", "QD", "8D", "7S"),
        compare=("pass", "hokm", "sun"),
        note="one Ace, no trump",
    ),
    Scenario(
        "sa-a10-trump",
        "saudi",
        "S",
        "7H",
        ("AH", "TH", "AS", "AC", "8D"),
        compare=("pass", "hokm", "sun"),
        note="Ace and 10 of the turned suit, two side Aces",
    ),
    Scenario(
        "sa-ashkal",
        "saudi",
        "S",
        "7D",
        ("AS", "TS", "AC", "TC", "KH"),
        calls=("pass", "pass"),
        compare=("pass", "sun", "ashkal"),
        note="West (dealer's left) after two passes: two Aces, two 10s, a useless 7 turned",
    ),
    Scenario(
        "sa-double-strong",
        "saudi",
        "S",
        "8H",
        ("JH", "9H", "AH", "AS", "TS", "AC", "7D", "8C"),
        compare=("pass", "double"),
        contract=("hokm", "H"),
        note="North against East's Hokm in hearts: J, 9, A of trump and two side Aces",
    ),
    Scenario(
        "sa-double-weak",
        "saudi",
        "S",
        "8H",
        ("AH", "7H", "AS", "KS", "QC", "8C", "9D", "7D"),
        compare=("pass", "double"),
        contract=("hokm", "H"),
        note="North against East's Hokm in hearts: A and 7 of trump, one side Ace",
    ),
    # --- Moroccan: take or pass, round 2 names a suit.
    Scenario(
        "ma-j9-ace",
        "moroccan",
        "S",
        "7C",
        ("JC", "9C", "AS", "8H", "7D"),
        compare=("pass", "take"),
        note="J and 9 of trump (with the 7 turned), one side Ace",
    ),
    Scenario(
        "ma-j-alone",
        "moroccan",
        "S",
        "8C",
        ("JC", "KS", "8H", "7D", "9D"),
        compare=("pass", "take"),
        note="J of trump and the 8 turned, nothing else",
    ),
    Scenario(
        "ma-9-ace-ace",
        "moroccan",
        "S",
        "7C",
        ("9C", "AC", "AS", "TS", "8D"),
        compare=("pass", "take"),
        note="9 and Ace of trump, the 7 turned, Ace-10 of another suit",
    ),
    Scenario(
        "ma-round2-hearts",
        "moroccan",
        "S",
        "KC",
        ("JH", "9H", "AH", "7S", "8D"),
        calls=("pass", "pass", "pass", "pass"),
        compare=("pass", "take:H", "take:S"),
        note="second round, J-9-A of hearts; clubs turned",
    ),
    Scenario(
        "ma-round2-choice",
        "moroccan",
        "S",
        "7S",
        ("JD", "9D", "JH", "AH", "TH"),
        calls=("pass", "pass", "pass", "pass"),
        compare=("pass", "take:D", "take:H"),
        note="second round, J-9 of diamonds or J-A-10 of hearts",
    ),
    # --- French: the same calls, without the forced jack.
    Scenario(
        "fr-j9-ace",
        "french",
        "S",
        "7S",
        ("JS", "9S", "AH", "8C", "7D"),
        compare=("pass", "take"),
        note="J and 9 of trump (with the 7 turned), one side Ace",
    ),
    Scenario(
        "fr-j-alone",
        "french",
        "S",
        "8S",
        ("JS", "KH", "8C", "7D", "9D"),
        compare=("pass", "take"),
        note="J of trump and the 8 turned, nothing else",
    ),
    Scenario(
        "fr-belote",
        "french",
        "S",
        "QS",
        ("KS", "9S", "AH", "TH", "7C"),
        compare=("pass", "take"),
        note="9 and K of trump with the Q turned (belote), Ace-10 of hearts",
    ),
    Scenario(
        "fr-round2-hearts",
        "french",
        "S",
        "KS",
        ("JH", "9H", "AH", "7C", "8D"),
        calls=("pass", "pass", "pass", "pass"),
        compare=("pass", "take:H", "take:C"),
        note="second round, J-9-A of hearts; spades turned",
    ),
    Scenario(
        "fr-third-seat",
        "french",
        "S",
        "TD",
        ("JD", "7D", "AS", "KS", "8H"),
        calls=("pass", "pass"),
        compare=("pass", "take"),
        note="West after East and North passed: J-7 of trump with the 10 turned, Ace-King of spades",
    ),
)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=DEALS)
    parser.add_argument("--strong-deals", type=int, default=STRONG_DEALS)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--only", default="", help="comma-separated scenario names")
    parser.add_argument("--no-choice", action="store_true", help="skip the strong bot's own choice")
    args = parser.parse_args(argv)
    wanted = set(filter(None, args.only.split(",")))
    scenarios = [s for s in SCENARIOS if not wanted or s.name in wanted]
    print(
        f"# seed {args.seed}; {args.deals} deals per scenario (heuristic playouts), "
        f"{args.strong_deals} (strong bot, {STRONG_SAMPLES} samples a card, no time budget)"
    )
    rows = []
    for sc in scenarios:
        start = time.process_time()
        results = {"heuristic": run_scenario(sc, "heuristic", args.deals, args.seed)}
        if args.strong_deals:
            results["strong"] = run_scenario(sc, "strong", args.strong_deals, args.seed)
        choice, estimates = ("-", {}) if args.no_choice else strong_choice(sc, args.seed)
        for bot, tallies in results.items():
            for call, t in tallies.items():
                key = f"{sc.name}_{call.replace(':', '-')}_{bot}"
                print(f"BENCH sim_made_pct_{key} {t.made_pct:.1f} %")
                print(f"BENCH sim_margin_{key} {t.avg_margin:.2f} points")
                print(f"BENCH sim_margin_sd_{key} {t.sd_margin:.2f} points")
                rows.append((sc, bot, call, t))
        print(f"BENCH sim_cpu_s_{sc.name} {time.process_time() - start:.1f} s")
        shown = ", ".join(f"{c} {v:+.2f}" for c, v in estimates.items())
        where = f"{sc.variant}, seat {sc.seat().name}; {sc.note}"
        print(f"# {sc.name} ({where}): strong bot chooses {choice} [{shown}]")
        sys.stdout.flush()
    print()
    print("| scenario | bot | call | deals | ours % | made % | avg margin |")
    print("|---|---|---|---|---|---|---|")
    for sc, bot, call, t in rows:
        made = f"{t.made_pct:.0f}" if t.bought else "–"
        print(f"| {sc.name} | {bot} | {call} | {t.deals} | {t.ours_pct:.0f} | {made} | {t.avg_margin:+.1f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
