"""Best-card puzzles from random deals: the bots bid and play, the solver picks the moments.

:func:`generate` makes one attempt:

1. deal (:mod:`engine.deal`) and run the auction with :class:`~engine.bots.HeuristicBot`
   at every seat (a deal everyone passes gives no puzzle), or take the ``contract`` given;
2. play the hand with the heuristic's card play (:func:`engine.bots.policy.choose_card`,
   each seat seeing only its own cards and the cards played) until ``tricks_left``
   tricks remain, plus 0 to 3 cards of the next trick chosen at random, so that
   following, ruffing and overruffing positions come up as well as leads;
3. solve the position (:func:`engine.solver.solve`) and keep it only when
   - the player to act has at least two legal choices that are not equivalent
     (:mod:`engine.solver.equivalence`),
   - the best cards form **one** run of equivalent cards (any of them is the answer),
   - every other legal card loses at least ``min_margin`` card points.

:func:`generate_themed` looks for puzzles of given themes instead: the bots play one deal out
and every position of it in a range of tricks left is a candidate, solved only when it has the
shape of a wanted theme (:data:`engine.solver.themes.SHAPES`); rare themes come a hundred times
faster than from :func:`generate`'s one position a deal.

**Difficulty** (1 to 5) is ``1 + misses + choices + depth + close``, capped at 5:

- ``misses`` 2 when the heuristic bot, in the player's seat, does not play a best card;
- ``choices`` 1 with three or more distinct legal choices (runs of equivalent cards);
- ``depth`` 1 with five or more tricks left;
- ``close`` 1 when the margin is under 20 card points (a bigger margin is easier to see).

>>> from engine.variants import rules_for
>>> puzzles = list(generate_many(rules_for("french"), seed=3, count=2))
>>> len(puzzles), all(1 <= p.difficulty <= 5 and p.margin >= 10 for p in puzzles)
(2, True)
"""

from __future__ import annotations

import json
import random
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.auction import Contract
from engine.bots.heuristic import HeuristicBot
from engine.bots.policy import choose_card
from engine.bots.table import step
from engine.cards import CARDS, SEATS, Card, Seat, mask_of, parse_suit
from engine.hand import Hand, Phase
from engine.ranking import NO_TRUMP
from engine.solver.equivalence import equivalent_to, representatives
from engine.solver.position import BestCardPosition, write_position
from engine.solver.solution import Solution, solve
from engine.solver.themes import SHAPES, themes_of
from engine.tricks import TrickPlay
from engine.variants import RuleSet

_BOTS = (HeuristicBot(), HeuristicBot(), HeuristicBot(), HeuristicBot())


@dataclass(frozen=True)
class GeneratedPuzzle:
    """A best-card puzzle: the position (JSON, :mod:`engine.solver.position`) and its answer."""

    position: dict[str, Any]
    answers: list[str]
    """The best cards (one run of equivalent cards), as ``"KH"``."""
    themes: list[str]
    """Theme keys (:data:`engine.solver.themes.THEMES`), ``endgame`` last."""
    difficulty: int
    """1 (easy) to 5; see the module docstring."""
    margin: int
    """The fewest card points another legal card loses."""
    line: list[tuple[str, str]]
    """The principal line from the position: ``(seat, card)`` in notation."""
    losses: dict[str, int] = field(default_factory=dict)
    """What each other legal card loses, in card points."""


def generate(
    rules: RuleSet,
    rng: random.Random,
    tricks_left: int,
    min_margin: int = 10,
    contract: Contract | Mapping[str, Any] | None = None,
) -> GeneratedPuzzle | None:
    """One attempt at a puzzle with ``tricks_left`` tricks to play (1-8); None when the deal gives none."""
    if not 1 <= tricks_left <= 8:
        raise ValueError("tricks_left is 1 to 8")
    dealer = SEATS[rng.randrange(4)]
    t, sold = _deal_and_bid(rules, dealer, rng, contract)
    if t is None or sold is None:
        return None
    extra = rng.randrange(4)  # cards of the trick in progress
    for _ in range(32 - 4 * tricks_left + extra):
        _bot_play(t, sold)
    return puzzle_of(_position_of(t, sold), min_margin, sold)


def generate_themed(
    rules: RuleSet,
    rng: random.Random,
    themes: Collection[str],
    tricks_left: tuple[int, int] = (2, 6),
    min_margin: int = 10,
    contract: Contract | Mapping[str, Any] | None = None,
) -> Iterator[GeneratedPuzzle]:
    """The puzzles of one deal that have one of ``themes``: every position of the deal is tried.

    :func:`generate` solves one position a deal, so a rare theme (a duck: about one endgame in two
    thousand) takes thousands of deals. Here the bots play one deal out and every position with
    ``tricks_left`` tricks to play (a range, inclusive), before each card, is a candidate; only
    those of the shape of a wanted theme (:data:`engine.solver.themes.SHAPES`, read without
    solving) are solved, and a puzzle is yielded when the solver finds one of the themes in it. The
    puzzles are checked as :func:`generate`'s (:func:`puzzle_of`), in the order of play.
    """
    lo, hi = tricks_left
    if not 1 <= lo <= hi <= 8:
        raise ValueError("tricks_left is a range within 1 to 8")
    unknown = set(themes) - set(SHAPES)
    if unknown:
        raise ValueError(f"unknown themes: {', '.join(sorted(unknown))}")
    shapes = [SHAPES[t] for t in themes]
    dealer = SEATS[rng.randrange(4)]
    t, sold = _deal_and_bid(rules, dealer, rng, contract)
    if t is None or sold is None:
        return
    while not t.is_over():
        left = t.hands[t.to_play].bit_count()
        if left < lo:
            return
        if left <= hi:
            position = _position_of(t, sold)
            if any(shape(position) for shape in shapes):
                puzzle = puzzle_of(position, min_margin, sold)
                if puzzle is not None and any(theme in puzzle.themes for theme in themes):
                    yield puzzle
        _bot_play(t, sold)


def _position_of(t: TrickPlay, sold: Contract) -> BestCardPosition:
    return BestCardPosition(
        rules=t.rules,
        trump=t.trump,
        hands=(t.hands[0], t.hands[1], t.hands[2], t.hands[3]),
        leader=SEATS[t.leader],
        to_play=SEATS[t.to_play],
        trick=[CARDS[c] for c in t.trick],
        points_so_far=(t.points[0], t.points[1]),
        taker=sold.team,
        ekka=False,
        taker_seat=sold.taker,
    )


def puzzle_of(
    position: BestCardPosition, min_margin: int = 10, contract: Contract | None = None
) -> GeneratedPuzzle | None:
    """The puzzle of ``position`` when its answer is unique and clear (see the module), else None."""
    p = position
    legal = p.legal()
    live = p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3] | mask_of(p.trick)
    if representatives(legal, live, p.trump).bit_count() < 2:
        return None
    s = solve(p.rules, p.trump, p.hands, p.to_play, p.leader, p.trick, p.points_so_far, p.taker, p.ekka)
    best = mask_of(s.best)
    if equivalent_to(s.best[0], legal, live, p.trump) != best:
        return None
    losses = {c: s.loss(c) for c in s.values if not best >> c & 1}
    margin = min(losses.values())
    if margin < min_margin:
        return None
    choices = representatives(legal, live, p.trump).bit_count()
    return GeneratedPuzzle(
        position=write_position(p),
        answers=[str(c) for c in s.best],
        themes=themes_of(p, s),
        difficulty=difficulty(p, s, choices, margin, contract),
        margin=margin,
        line=[(str(seat), str(c)) for seat, c in s.line],
        losses={str(c): loss for c, loss in losses.items()},
    )


def difficulty(
    p: BestCardPosition, s: Solution, choices: int, margin: int, contract: Contract | None = None
) -> int:
    """1 to 5 (the formula is in the module docstring)."""
    bot = _bot_choice(p, contract)
    misses = 0 if bot in s.best else 2
    score = 1 + misses + (choices >= 3) + (p.tricks_left >= 5) + (margin < 20)
    return min(score, 5)


def generate_many(
    rules: RuleSet,
    seed: int,
    count: int,
    tricks_left_range: tuple[int, int] | range = (3, 5),
    min_margin: int = 10,
    max_tries: int | None = None,
) -> Iterator[GeneratedPuzzle]:
    """Up to ``count`` distinct puzzles (no position twice), the same ones for the same ``seed``.

    ``tricks_left_range``: ``(lo, hi)`` inclusive, or a ``range`` of the numbers to draw from.
    ``max_tries``: attempts before giving up (default ``200 * count``).
    """
    rng = random.Random(seed)
    choices = (
        list(tricks_left_range)
        if isinstance(tricks_left_range, range)
        else list(range(tricks_left_range[0], tricks_left_range[1] + 1))
    )
    if not choices:
        raise ValueError("tricks_left_range is empty")
    seen: set[str] = set()
    tries = max_tries if max_tries is not None else 200 * count
    made = 0
    for _ in range(tries):
        if made >= count:
            return
        puzzle = generate(rules, rng, rng.choice(choices), min_margin)
        if puzzle is None:
            continue
        key = json.dumps(puzzle.position, sort_keys=True)
        if key in seen:
            continue
        seen.add(key)
        made += 1
        yield puzzle


# ---------------------------------------------------------------- the deal, the auction, the play


def _deal_and_bid(
    rules: RuleSet, dealer: Seat, rng: random.Random, contract: Contract | Mapping[str, Any] | None
) -> tuple[TrickPlay | None, Contract | None]:
    if contract is not None:
        sold = contract if isinstance(contract, Contract) else _contract_of(contract, rules)
        hand = Hand.with_contract(rules, dealer, sold, seed=rng)
        return hand.tricks, sold
    hand = Hand(rules, dealer, seed=rng)
    while hand.phase in (Phase.AUCTION, Phase.DOUBLING):
        step(hand, _BOTS)
    if hand.phase is not Phase.PLAY:
        return None, None  # everyone passed
    return hand.tricks, hand.contract


def _contract_of(obj: Mapping[str, Any], rules: RuleSet) -> Contract:
    """A contract in the position notation: ``{"mode": "hokm", "trump": "H", "taker": "N"}``."""
    trump = NO_TRUMP if obj.get("trump") is None else parse_suit(obj["trump"])
    if trump == NO_TRUMP and not rules.has_sun:
        raise ValueError(f"{rules.name} has no Sun")
    taker = Seat.parse(obj.get("taker", "S"))
    return Contract("sun" if trump == NO_TRUMP else "hokm", trump, taker, taker)


def _bot_play(t: TrickPlay, contract: Contract) -> None:
    seat = t.to_play
    t.push(_heuristic(t.hands, seat, t.legal(), t.trick, t.trump, contract), check=False)


def _heuristic(
    hands: Sequence[int], seat: int, legal: int, trick: Sequence[int], trump: int, contract: Contract | None
) -> int:
    """The heuristic bot's card: it sees its own hand and the cards played (``out``: the others')."""
    out = 0
    for other in range(4):
        if other != seat:
            out |= hands[other]
    attack = contract is not None and seat & 1 == contract.team
    taker = contract is not None and seat == contract.taker
    return choose_card(hands[seat], legal, trick, trump, out, attack, taker)


def _bot_choice(p: BestCardPosition, contract: Contract | None) -> Card:
    if contract is None and p.taker_seat is not None:
        contract = Contract(p.mode, p.trump, p.taker_seat, p.taker_seat)
    return CARDS[_heuristic(p.hands, p.to_play, p.legal(), p.trick, p.trump, contract)]


__all__ = ["GeneratedPuzzle", "difficulty", "generate", "generate_many", "generate_themed", "puzzle_of"]
