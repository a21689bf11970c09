"""Playing a puzzle position out against the bots: the position's unknown cards dealt at random.

A puzzle position shows part of a table; the rest is dealt at random, consistently with it:
every seat gets the right number of cards, the cards shown stay where they are, and a card
played in the trick on the table was legal in the hand dealt to its player (a seat that did not
follow suit is dealt none of that suit). :func:`scenario_for` reads a position into what
:mod:`lessons.practice.state` stores:

- **In the middle of a hand** — ``legal`` (the learner's hand and the trick so far), ``trick``
  (a whole trick: the first of the hand), ``violation`` (the hands before a trick): the rest of
  the hand is played from there (``kind: "position"``). The earlier tricks are not known: their
  cards are put aside (``gone``) and the points are counted from the position on. The position
  names no contract: its trump stands, and the learner's side is taken to have bought.
- **An endgame** — ``endgame`` (a best-card position: the contract, every hand and the trick in
  progress): the tricks left are played from there, nothing dealt at random but the cards of a
  hand the position leaves out; the contract's taker stands, and the points are counted from the
  position on (``kind: "position"``).
- **A whole hand** (``kind: "hand"``) — ``bid`` (the calls so far are replayed and the auction goes
  on from the learner's turn), ``first-lead`` and ``double`` (an auction that sells the position's
  contract is made up, so that the Saudi doubling follows, then the position's doubling words),
  ``projects`` (the hands shown, the contract assumed: the learner buys in the position's trump).

Score positions hold no cards to play: they are not offered.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.auction import Contract, IllegalCall, new_auction
from engine.cards import CARDS, FULL_DECK, SEATS, SUIT_LETTERS, Card, NotationError, Seat, cards_of, next_seat
from engine.deal import complete_deal, first_deal
from engine.hand import Hand, Phase
from engine.notation import InputError, parse_cards, parse_rules, parse_seat, parse_trick, parse_trump
from engine.play import legal_mask
from engine.ranking import NO_TRUMP
from engine.variants import RuleSet, UnknownOption, UnknownVariant
from lessons.positions import read_contract
from lessons.practice.state import first_dealer

JACK = 4
ACE = 7
DEAL_TRIES = 200


@dataclass(frozen=True)
class Scenario:
    """What a practice game stores for a position: the setup, its one hand record, the rules."""

    setup: dict[str, Any]
    record: dict[str, Any]
    variant: str
    options: dict[str, Any]


def kind_of(position: Mapping[str, Any]) -> str | None:
    """Which way a position is played out, from its keys; ``None`` when there is nothing to play."""
    if not isinstance(position, Mapping) or "sheet" in position:
        return None  # a score sheet's hands are figures, not cards to play
    if "played" in position:
        return None  # a counting puzzle: the other hands are unknown, its tricks already played
    if "bidding_card" in position and "calls" in position:
        return "bid"
    if "contract" in position and "hands" in position:
        return "endgame"
    if "contract" in position:
        return "contract"
    if "hands" in position:
        return "violation" if "trick" in position else "projects"
    if "hand" in position and "trick" in position and "seat" in position:
        return "legal"
    if isinstance(position.get("trick"), list) and len(position["trick"]) == 4:
        return "trick"
    return None


def playable(position: Mapping[str, Any]) -> bool:
    return kind_of(position) is not None


def scenario_for(position: Mapping[str, Any], rng: random.Random) -> Scenario | None:
    """The game to store for ``position``, or ``None`` when it cannot be played out."""
    kind = kind_of(position)
    if kind is None:
        return None
    try:
        rules = parse_rules(position)
        reader = _READERS[kind]
        setup, record = reader(position, rules, rng)
    except (InputError, NotationError, UnknownOption, UnknownVariant, KeyError, TypeError, ValueError):
        return None
    return Scenario(setup, record, rules.name, dict(position.get("rules") or {}))


# ---------------------------------------------------------------- positions in the middle of a hand


def _from_legal(position: Mapping[str, Any], rules: RuleSet, rng: random.Random) -> tuple[dict, dict]:
    trump = parse_trump(position["trump"], "trump", rules)
    seat = parse_seat(position["seat"], "seat")
    hand = parse_cards(position["hand"], "hand", 1, 8)
    trick = parse_trick(position["trick"], "trick", rules.clockwise, 0, 3)
    if trick and next_seat(trick[-1][0], rules.clockwise) != seat:
        raise ValueError("the learner does not play next")
    known = {seat: _mask_of(hand)}
    return _position(rules, trump, seat, len(hand), known, trick, trick, bool(position.get("ekka")), rng)


def _from_trick(position: Mapping[str, Any], rules: RuleSet, rng: random.Random) -> tuple[dict, dict]:
    trump = parse_trump(position["trump"], "trump", rules)
    trick = parse_trick(position["trick"], "trick", rules.clockwise, 4, 4)
    return _position(rules, trump, Seat.S, 8, {}, trick, trick, False, rng)


def _from_violation(position: Mapping[str, Any], rules: RuleSet, rng: random.Random) -> tuple[dict, dict]:
    trump = parse_trump(position["trump"], "trump", rules)
    trick = parse_trick(position["trick"], "trick", rules.clockwise, 1, 4)
    hands = {
        parse_seat(key, "hands"): parse_cards(cards, f"hands.{key}", 1, 8)
        for key, cards in position["hands"].items()
    }
    # Authors often show only the cards that matter: a hand holds at least the most shown.
    k = max(len(cards) for cards in hands.values())
    learner = Seat.S if Seat.S in hands else next(s for s in SEATS if s in hands)
    leader = trick[0][0]
    # The trick is played again from its lead: the learner gets to play it right.
    pre = trick[:1] if learner != leader else []
    known = {seat: _mask_of(cards) for seat, cards in hands.items()}
    return _position(rules, trump, learner, k, known, pre, pre, False, rng)


def _from_endgame(position: Mapping[str, Any], rules: RuleSet, rng: random.Random) -> tuple[dict, dict]:
    contract = read_contract(position["contract"], "contract", rules)
    trick = parse_trick(position.get("trick") or [], "trick", rules.clockwise, 0, 3)
    hands = {
        parse_seat(key, "hands"): parse_cards(cards, f"hands.{key}", 0, 8)
        for key, cards in position["hands"].items()
    }
    if trick:
        learner = next_seat(trick[-1][0], rules.clockwise)
    else:
        learner = parse_seat(position.get("leader", "S"), "leader")
    played = {seat for seat, _card in trick}
    # Each seat held as many cards when the trick began: its hand, and its card in the trick.
    k = max(len(cards) + (seat in played) for seat, cards in hands.items())
    known = {seat: _mask_of(cards) for seat, cards in hands.items()}
    setup, record = _position(rules, contract.trump, learner, k, known, trick, trick, False, rng)
    setup["taker"] = str(contract.taker)
    return setup, record


def _position(
    rules: RuleSet,
    trump: int,
    learner: Seat,
    k: int,
    known: dict[Seat, int],
    trick: list[tuple[Seat, Card]],
    pre: list[tuple[Seat, Card]],
    ekka: bool,
    rng: random.Random,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """Each seat holds ``k`` cards when the trick in progress began; deal what is not shown."""
    held = dict(known)
    for seat, card in trick:
        held[seat] = held.get(seat, 0) | 1 << card
    shown = 0
    for mask in held.values():
        shown |= mask
    needs = {seat: k - held.get(seat, 0).bit_count() for seat in SEATS}
    if any(n < 0 for n in needs.values()) or 4 * k > 32:
        raise ValueError("more cards shown than a hand holds")
    forbidden = _forbidden_by(trick, trump, rules, FULL_DECK & ~shown)
    dealt = _deal(FULL_DECK & ~shown, needs, forbidden, rng)
    hands = {seat: held.get(seat, 0) | dealt[seat] for seat in SEATS}
    gone = FULL_DECK
    for mask in hands.values():
        gone &= ~mask
    setup = {
        "kind": "position",
        "seat": str(learner),
        "trump": None if trump == NO_TRUMP else SUIT_LETTERS[trump],
        "hands": {str(seat): _codes(hands[seat]) for seat in SEATS},
        "leader": str(pre[0][0] if pre else trick[0][0] if trick else learner),
        "trick": [[str(seat), str(card)] for seat, card in pre],
        "gone": _codes(gone),
        "taker": str(learner),
        "ekka": ekka,
    }
    return setup, {"dealer": "", "seed": None, "deck": [], "game_score": [0, 0], "pot": 0, "actions": []}


def _forbidden_by(trick: list[tuple[Seat, Card]], trump: int, rules: RuleSet, pool: int) -> dict[Seat, int]:
    """The cards each player of the trick cannot have held: the card it played had to be legal.

    With ``x`` in hand, ``c`` was illegal on this trick: then ``x`` was not in hand (legality is
    monotone in the hand, as :mod:`engine.bots.knowledge` explains).
    """
    forbidden = {seat: 0 for seat in SEATS}
    for i in range(1, len(trick)):
        seat, card = trick[i]
        before = [c for _, c in trick[:i]]
        for x in cards_of(pool):
            if not legal_mask((1 << card) | (1 << x), before, trump, rules) >> card & 1:
                forbidden[seat] |= 1 << x
    return forbidden


def _deal(
    pool: int, needs: dict[Seat, int], forbidden: dict[Seat, int], rng: random.Random
) -> dict[Seat, int]:
    """``needs[seat]`` cards of ``pool`` to each seat, none it cannot hold (the most constrained first)."""
    order = sorted(SEATS, key=lambda s: (pool & ~forbidden[s]).bit_count() - needs[s])
    for _ in range(DEAL_TRIES):
        left, out = pool, {}
        for seat in order:
            choices = cards_of(left & ~forbidden[seat])
            if len(choices) < needs[seat]:
                break
            mask = _mask_of(rng.sample(choices, needs[seat]))
            out[seat] = mask
            left &= ~mask
        else:
            return out
    raise ValueError("no deal fits the position")


# ---------------------------------------------------------------- whole hands


def _from_bid(position: Mapping[str, Any], rules: RuleSet, rng: random.Random) -> tuple[dict, dict]:
    dealer = parse_seat(position["dealer"], "dealer")
    bidding_card = Card.parse(position["bidding_card"])
    calls = [(parse_seat(seat, "calls"), str(call)) for seat, call in position["calls"]]
    auction = new_auction(rules, dealer, bidding_card)
    for seat, call in calls:
        auction = auction.call(call, seat)
    learner = auction.to_act
    if learner is None:
        raise ValueError("the auction is over")
    fixed = {20: bidding_card}
    if position.get("hand"):
        hand = parse_cards(position["hand"], "hand", 5, 5)
        places = first_deal(rules, dealer, deck=list(CARDS)).hands[learner]
        fixed.update(zip(cards_of(places), hand, strict=True))
    record = _record(dealer, _arrange(fixed, rng), [["call", str(seat), call] for seat, call in calls])
    return {"kind": "hand", "seat": str(learner)}, record


def _from_contract(position: Mapping[str, Any], rules: RuleSet, rng: random.Random) -> tuple[dict, dict]:
    contract = read_contract(position["contract"], "contract", rules)
    if "dealer" in position:
        dealer = parse_seat(position["dealer"], "dealer")
    else:
        dealer = first_dealer(rules, contract.taker)
    learner = parse_seat(position["seat"], "seat") if "seat" in position else Seat.S
    game = position.get("game_score") or {"NS": 0, "EW": 0}
    game_score = [int(game.get("NS", 0)), int(game.get("EW", 0))]
    doubling = [(parse_seat(seat, "calls"), str(word)) for seat, word in position.get("calls") or []]
    for _ in range(20):
        record = _auction_selling(rules, dealer, contract, game_score, rng)
        if record is not None:
            break
    else:
        # No auction made up sells this contract: the hand starts from it (no doubling).
        record = _record(dealer, _arrange({}, rng), [])
        record["game_score"] = game_score
        record["contract"] = contract.as_json()
        return {"kind": "hand", "seat": str(learner)}, record
    hand = _replayed(rules, record)
    for seat, word in doubling:
        if hand.phase is not Phase.DOUBLING:
            break
        try:
            hand.double(word, seat)
        except IllegalCall:
            break
        record["actions"].append(["double", str(seat), word])
    return {"kind": "hand", "seat": str(learner)}, record


def _auction_selling(
    rules: RuleSet, dealer: Seat, contract: Contract, game_score: list[int], rng: random.Random
) -> dict[str, Any] | None:
    """A deal and the calls by which the taker buys ``contract`` in the first round, or ``None``."""
    trump = contract.trump
    suits = [trump] if trump != NO_TRUMP else list(range(4))
    # The bidding card: of the trump suit; never a Jack (Moroccan: the first speaker must take it),
    # never an Ace (a Saudi house rule forbids Ashkal on it).
    candidates = [c for c in CARDS if c.suit in suits and c.rank not in (JACK, ACE)]
    deck = _arrange({20: rng.choice(candidates)}, rng)
    if contract.mode == "sun":
        word = "sun" if contract.receiver == contract.taker else "ashkal"
    else:
        word = "hokm" if rules.has_sun else "take"
    record = _record(dealer, deck, [])
    record["game_score"] = list(game_score)
    hand = _replayed(rules, record)
    for _ in range(12):
        if hand.phase is not Phase.AUCTION:
            break
        seat = hand.auction.to_act
        assert seat is not None
        allowed = hand.auction.allowed(cards_of(hand.first.hands[seat]))
        if seat == contract.taker:
            call = word if word in allowed else "confirm" if "confirm" in allowed else "pass"
        else:
            call = "pass"
        if call not in allowed:
            return None
        hand.call(call, seat, cards_of(hand.first.hands[seat]))
        record["actions"].append(["call", str(seat), call])
    return record if hand.contract == contract else None


def _from_projects(position: Mapping[str, Any], rules: RuleSet, rng: random.Random) -> tuple[dict, dict]:
    trump = parse_trump(position["trump"], "trump", rules)
    dealer = parse_seat(position["dealer"], "dealer")
    hands = {
        parse_seat(key, "hands"): parse_cards(cards, f"hands.{key}", 1, 8)
        for key, cards in position["hands"].items()
    }
    learner = Seat.S
    contract = Contract("sun" if trump == NO_TRUMP else "hokm", trump, learner, learner)
    full = complete_deal(first_deal(rules, dealer, deck=list(CARDS)), learner, rules)
    fixed: dict[int, Card] = {}
    for seat, cards in hands.items():
        places = cards_of(full[seat])
        rng.shuffle(places)
        fixed.update(zip(places, cards, strict=False))
    record = _record(dealer, _arrange(fixed, rng), [])
    record["contract"] = contract.as_json()
    return {"kind": "hand", "seat": str(learner)}, record


# ---------------------------------------------------------------- helpers


def _record(dealer: Seat, deck: list[str], actions: list[list[str]]) -> dict[str, Any]:
    return {
        "dealer": str(dealer),
        "seed": None,
        "deck": deck,
        "game_score": [0, 0],
        "pot": 0,
        "actions": actions,
    }


def _replayed(rules: RuleSet, record: dict[str, Any]) -> Hand:
    hand = Hand(
        rules,
        Seat.parse(record["dealer"]),
        deck=[Card.parse(c) for c in record["deck"]],
        game_score=(record["game_score"][0], record["game_score"][1]),
    )
    for _, seat, call in record["actions"]:
        s = Seat.parse(seat)
        hand.call(call, s, cards_of(hand.first.hands[s]))
    return hand


def _arrange(fixed: dict[int, Card], rng: random.Random) -> list[str]:
    """A deck with the ``fixed`` cards at their places (deck positions) and the others shuffled."""
    if len(set(fixed.values())) != len(fixed):
        raise ValueError("a card is shown twice")
    rest = [c for c in CARDS if c not in fixed.values()]
    rng.shuffle(rest)
    cards = iter(rest)
    return [str(fixed[i]) if i in fixed else str(next(cards)) for i in range(32)]


def _mask_of(cards: list[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _codes(mask: int) -> list[str]:
    return [str(c) for c in cards_of(mask)]


_READERS = {
    "legal": _from_legal,
    "trick": _from_trick,
    "violation": _from_violation,
    "bid": _from_bid,
    "endgame": _from_endgame,
    "contract": _from_contract,
    "projects": _from_projects,
}
