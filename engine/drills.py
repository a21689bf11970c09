"""Rule drills: short questions on the rules, made from random deals and checked by the engine.

A drill asks one thing the rules decide, in the JSON of ``python -m engine`` (the puzzle task
kinds of the lessons, so the site checks and draws them like any lesson puzzle):

==================  ============  ==========================================================
family              task          the question
==================  ============  ==========================================================
``legal-cards``     all-legal     select every card you may play (a trick in progress)
``legal-cards``     play          play a card you may play (most of the hand may not)
``trick-winner``    trick-winner  who wins this finished trick
``card-points``     count         how many card points the trick holds
``projects``        projects      which team counts its projects
``scoring``         score         the points of a finished hand (its card points and tricks)
``bidding``         bid           besides passing, what may you say (some call is refused)
==================  ============  ==========================================================

Positions come from deals played by random legal cards (:meth:`engine.tricks.TrickPlay.playout`
one card at a time) or random legal auctions; the answer is the engine's own command output
(:mod:`engine.cli`), so a drill is right by construction and the site checks it again on
loading. **Difficulty** (1 to 5) grows with the rules a question involves: a trump in the
trick, an obligation to trump or overtrump, a project comparison, a failed contract.

>>> from engine.variants import rules_for
>>> drills = list(generate_drills(rules_for("saudi"), seed=1, count=14))
>>> sorted({d.family for d in drills}) == sorted(FAMILIES)
True
>>> all(1 <= d.difficulty <= 5 and d.answers for d in drills)
True
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from engine.auction import new_auction
from engine.cards import CARDS, SEATS, Seat, iter_bits, mask_of, suit_letter
from engine.cli import cmd_bid, cmd_legal, cmd_projects, cmd_score, cmd_trick
from engine.deal import shuffled_deck
from engine.ranking import NO_TRUMP
from engine.tricks import TrickPlay
from engine.variants import RuleSet

FAMILIES: dict[str, str] = {
    "legal-cards": "all-legal",
    "trick-winner": "trick-winner",
    "card-points": "count",
    "projects": "projects",
    "scoring": "score",
    "bidding": "bid",
}
"""Each drill family and the puzzle task it asks (``legal-cards`` also asks ``play``)."""


@dataclass(frozen=True)
class Drill:
    """One rule question: the engine input, the accepted answers, and what it is about."""

    family: str
    task: str
    position: dict[str, Any]
    answers: list[Any]
    difficulty: int
    rules: list[str] = field(default_factory=list)
    """The rule IDs the answer turns on (the engine's reasons and steps)."""


Maker = Callable[[RuleSet, random.Random], "Drill | None"]


# ---------------------------------------------------------------- positions


def _contract(rules: RuleSet, rng: random.Random) -> tuple[int, Seat]:
    """A random contract: trump suit (or Sun where the variant has it) and the taker."""
    trump = NO_TRUMP if rules.has_sun and rng.random() < 0.3 else rng.randrange(4)
    return trump, SEATS[rng.randrange(4)]


def _trump_json(trump: int) -> str | None:
    return None if trump == NO_TRUMP else suit_letter(trump)


def _deal(rng: random.Random) -> tuple[int, int, int, int]:
    """Eight random cards each, as masks (seat order S E N W)."""
    deck = shuffled_deck(rng)
    return (mask_of(deck[0:8]), mask_of(deck[8:16]), mask_of(deck[16:24]), mask_of(deck[24:32]))


def _played(rules: RuleSet, rng: random.Random, cards: int) -> TrickPlay:
    """A hand dealt in full and played by random legal cards for ``cards`` cards."""
    trump, _taker = _contract(rules, rng)
    hands = _deal(rng)
    t = TrickPlay(rules, hands, trump, SEATS[rng.randrange(4)])
    for _ in range(cards):
        legal = t.legal()
        choices = list(iter_bits(legal))
        t.push(rng.choice(choices), check=False)
    return t


def _trick_json(t: TrickPlay) -> list[list[str]]:
    seat = t.leader
    out = []
    for card in t.trick:
        out.append([str(Seat(seat)), str(CARDS[card])])
        seat = (seat + t.step) % 4
    return out


def _rule_ids(items: list[dict[str, Any]]) -> list[str]:
    return sorted({i["rule"] for i in items})


# ---------------------------------------------------------------- the families


def out_card(position: dict[str, Any], seat: str) -> str:
    """The card ``seat`` played in the trick of ``position``."""
    return next(str(card) for who, card in position["trick"] if who == seat)


def legal_cards(rules: RuleSet, rng: random.Random) -> Drill | None:
    """A trick in progress and the hand of the player to act: which cards may be played."""
    t = _played(rules, rng, 4 * rng.randrange(0, 5) + rng.randrange(1, 4))
    hand = [str(c) for c in sorted(CARDS[c] for c in iter_bits(t.hands[t.to_play]))]
    if len(hand) < 3:
        return None
    position = {
        "variant": rules.name,
        "trump": _trump_json(t.trump),
        "seat": str(Seat(t.to_play)),
        "hand": hand,
        "trick": _trick_json(t),
    }
    out = cmd_legal(position, "en")
    reasons = [r for rs in out["illegal"].values() for r in rs]
    if not reasons:
        return None  # every card may be played: nothing to learn
    rule_ids = _rule_ids(reasons)
    trumping = any("trump" in r or "ruff" in r for r in rule_ids)
    many = len(out["legal"]) >= 3  # more cards to find, more to miss
    difficulty = min(5, 1 + (len(rule_ids) > 1) + trumping + (len(hand) >= 6) + many)
    if len(out["legal"]) <= 2 and len(hand) >= 4 and rng.random() < 0.5:
        # Most of the hand is refused: "play a card you may play" is a fair question.
        return Drill("legal-cards", "play", position, list(out["legal"]), difficulty, rule_ids)
    return Drill("legal-cards", "all-legal", position, list(out["legal"]), difficulty, rule_ids)


def _finished_trick(rules: RuleSet, rng: random.Random) -> tuple[dict[str, Any], dict[str, Any]] | None:
    t = _played(rules, rng, 4 * rng.randrange(0, 7) + 3)
    seat = t.to_play
    legal = t.legal()
    t_trick = _trick_json(t)
    t_trick.append([str(Seat(seat)), str(CARDS[rng.choice(list(iter_bits(legal)))])])
    position = {"variant": rules.name, "trump": _trump_json(t.trump), "trick": t_trick}
    return position, cmd_trick(position, "en")


def _trumps_in(position: dict[str, Any]) -> int:
    trump = position["trump"]
    return sum(1 for _, c in position["trick"] if trump is not None and c[-1] == trump)


def trick_winner(rules: RuleSet, rng: random.Random) -> Drill | None:
    found = _finished_trick(rules, rng)
    if found is None:
        return None
    position, out = found
    led_wins = position["trick"][0][0] == out["winner"]
    trumps = _trumps_in(position)
    # The trump order (Jack, 9, Ace...) is the one beginners miss: a Jack or 9 of trump winning.
    odd_order = position["trump"] is not None and out_card(position, out["winner"])[0] in "J9"
    difficulty = 1 + (trumps > 0) + (trumps > 1) + (not led_wins) + (trumps > 0 and odd_order)
    return Drill("trick-winner", "trick-winner", position, [out["winner"]], min(difficulty, 5), [out["rule"]])


def card_points(rules: RuleSet, rng: random.Random) -> Drill | None:
    found = _finished_trick(rules, rng)
    if found is None:
        return None
    position, out = found
    if out["points"] == 0 and rng.random() < 0.7:
        return None  # a trick of sevens and eights now and then, not often
    trumps = _trumps_in(position)
    honours = sum(1 for _, c in position["trick"] if c[0] in "AT")  # 11 and 10: quick to add
    difficulty = (
        1 + (trumps > 0) + (trumps > 1) + (out["points"] >= 30) + (honours < 2 and out["points"] >= 20)
    )
    return Drill("card-points", "count", position, [out["points"]], difficulty)


def projects(rules: RuleSet, rng: random.Random) -> Drill | None:
    """Two or more players with projects: which team counts."""
    trump, _taker = _contract(rules, rng)
    hands = _deal(rng)
    dealer = SEATS[rng.randrange(4)]
    position = {
        "variant": rules.name,
        "trump": _trump_json(trump),
        "dealer": str(dealer),
        "hands": {
            str(Seat(s)): [str(c) for c in sorted(CARDS[c] for c in iter_bits(hands[s]))] for s in range(4)
        },
    }
    out = cmd_projects(position, "en")
    declaring = [seat for seat, split in out["projects"].items() if split]
    if not declaring:
        return None
    teams = {"NS" if seat in "NS" else "EW" for seat in declaring}
    if len(teams) < 2 and rng.random() < 0.6:
        return None  # mostly both teams declare: the comparison is the lesson
    answer = out["counted_team"] or "none"
    # One player with one project is the easy case; equal projects and three declarers the hard one.
    projects = sum(len(split) for split in out["projects"].values())
    difficulty = 1 + (len(teams) == 2) + (len(declaring) > 2) + (projects > 2) + (answer == "none")
    return Drill("projects", "projects", position, [answer], difficulty, _rule_ids(out["steps"]))


def scoring(rules: RuleSet, rng: random.Random) -> Drill | None:
    """A hand played out at random: its card points and tricks, and the points each team scores."""
    t = _played(rules, rng, 32)
    taker = SEATS[rng.randrange(4)]
    position: dict[str, Any] = {
        "variant": rules.name,
        "trump": _trump_json(t.trump),
        "dealer": str(SEATS[rng.randrange(4)]),
        "taker": str(taker),
        "card_points": {"NS": t.points[0], "EW": t.points[1]},
        "tricks": {"NS": t.tricks[0], "EW": t.tricks[1]},
    }
    if t.trump != NO_TRUMP and rng.random() < 0.4:
        # Someone held the King and Queen of trump: its bonus may decide the contract.
        position["belote"] = str(SEATS[rng.randrange(4)])
    out = cmd_score(position, "en")
    close = abs(t.points[0] - t.points[1]) <= 20  # is the contract made? it takes a look
    difficulty = (
        1
        + (out["result"] != "made")
        + (t.trump == NO_TRUMP)
        + close
        + (min(t.tricks) == 0)
        + ("belote" in position)
    )
    return Drill(
        "scoring", "score", position, [dict(out["points"])], min(difficulty, 5), _rule_ids(out["steps"])
    )


def bidding(rules: RuleSet, rng: random.Random) -> Drill | None:
    """An auction under way: besides passing, which call may the player make (another is refused)."""
    cards = list(CARDS)
    rng.shuffle(cards)
    dealer = SEATS[rng.randrange(4)]
    bidding_card = cards[0]
    auction = new_auction(rules, dealer, bidding_card)
    calls: list[list[str]] = []
    for _ in range(rng.randrange(0, 8)):
        if auction.is_over:
            return None
        allowed = auction.allowed(None)
        # Mostly passes, sometimes a bid: the auctions learners meet.
        call = "pass" if "pass" in allowed and rng.random() < 0.7 else rng.choice(allowed)
        seat = auction.to_act
        assert seat is not None
        calls.append([str(seat), call])
        auction = auction.call(call, seat, None)
    if auction.is_over:
        return None
    hand = [str(c) for c in sorted(cards[1:6])]
    position = {
        "variant": rules.name,
        "dealer": str(dealer),
        "bidding_card": str(bidding_card),
        "calls": calls,
        "hand": hand,
    }
    out = cmd_bid(position, "en")
    answers = [c for c in out["allowed"] if c != "pass"]
    if not answers or not out["refused"] or len(answers) > 3:
        return None
    reasons = [r for rs in out["refused"].values() for r in rs]
    bids = sum(1 for _, c in calls if c != "pass")
    # The second round (four passes) and a long auction are harder to follow than the first call.
    difficulty = (
        1 + (len(calls) >= 4) + (len(calls) >= 5) + (len(calls) >= 6) + (len(out["refused"]) > 1) + (bids > 0)
    )
    return Drill("bidding", "bid", position, answers, min(difficulty, 5), _rule_ids(reasons))


MAKERS: dict[str, Maker] = {
    "legal-cards": legal_cards,
    "trick-winner": trick_winner,
    "card-points": card_points,
    "projects": projects,
    "scoring": scoring,
    "bidding": bidding,
}


BANDS = ((1, 2), (3, 3), (4, 5))
"""Easy, normal and hard: each family is asked at each band in turn."""
TRIES_PER_BAND = 40  # a drill of the wanted band, or any drill of the family after this many tries


def generate_drills(
    rules: RuleSet,
    seed: int,
    count: int,
    families: list[str] | None = None,
    max_tries: int | None = None,
) -> Iterator[Drill]:
    """Up to ``count`` distinct drills, the same ones for the same seed.

    The families are taken in turn, and each family at the easy, normal and hard bands of
    difficulty in turn (:data:`BANDS`), so that a small file has every family at every band.
    """
    names = list(families or MAKERS)
    unknown = [n for n in names if n not in MAKERS]
    if unknown:
        raise ValueError(f"unknown drill families: {', '.join(unknown)}")
    rng = random.Random(seed)
    seen: set[str] = set()
    tries = max_tries if max_tries is not None else 100 * count
    made = 0
    missed = 0  # tries for the current slot
    for _ in range(tries):
        if made >= count:
            return
        family = names[made % len(names)]
        lo, hi = BANDS[(made // len(names)) % len(BANDS)]
        drill = MAKERS[family](rules, rng)
        if drill is None:
            continue
        missed += 1
        if not lo <= drill.difficulty <= hi and missed < TRIES_PER_BAND:
            continue
        key = json.dumps(drill.position, sort_keys=True)
        if key in seen:
            continue
        seen.add(key)
        made += 1
        missed = 0
        yield drill


__all__ = ["FAMILIES", "MAKERS", "Drill", "generate_drills"]
