"""What the découverte table shows: the piles, the trick, each trick explained, the score.

Everything is read from what South sees (:meth:`engine.decouverte.hand.DecouverteHand.view`, or
during the auction the piles' face-up cards and whether a card lies under each): a face-down card's
identity is never read here, so no page can show it. The sentences are the engine's reasons and
steps (:mod:`engine.messages`) and the site's catalog; nothing here decides what is legal.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from engine import messages
from engine.auction import Contract
from engine.cards import SUIT_LETTERS, Card, Seat, cards_of
from engine.decouverte import TRICKS, TWO_SEATS, DecouverteHand, Table, TwoCardTrick, other
from engine.explain import Reason
from engine.play import explain_play
from engine.ranking import LAST_TRICK_BONUS
from lessons.practice.decouverte.game import LEARNER, VARIANT, Deal, DecouverteTable, rebuild
from lessons.practice.display import CallButton, Say
from lessons.templatetags.table import CardFace, contract_words


@dataclass
class PileShown:
    """One pile as its owner's opponent sees it too: the face-up card (None once played) and
    whether a card still lies face down under it; never which card that is."""

    face: CardFace | None
    covered: bool
    playable: bool = False  # a legal card of the learner, now
    turned: bool = False  # turned up at the end of the last trick
    bidding: bool = False  # the bidding card (the dealer's last face-up card), during the auction


@dataclass
class PlayShown:
    seat: str
    face: CardFace
    learner: bool
    sentence: str  # why this card could be played, in the third person
    rules: list[dict[str, str]]  # the rules that limited the choice (the learner's: the engine's sentences)


@dataclass
class TrickShown:
    number: int
    plays: list[PlayShown]
    winner: str
    learner_won: bool
    why: list[dict[str, str]]
    points: int
    bonus: int
    turned: list[dict[str, Any]]  # the rule_item fields, and the card turned up (its code and face)


@dataclass
class WhyShown:
    leading: bool
    legal: list[CardFace]
    illegal: list[tuple[CardFace, list[dict[str, str]]]]


@dataclass
class Board:
    phase: str
    to_act: bool
    waiting_for: str
    dealer: str
    learner: str
    opponent: str
    bidding_card: CardFace | None
    piles: dict[str, list[PileShown]]
    covered: dict[str, int]
    trick: list[tuple[str, CardFace]] = field(default_factory=list)
    calls: list[CallButton] = field(default_factory=list)
    refused_calls: list[CallButton] = field(default_factory=list)
    auction: list[tuple[str, str]] = field(default_factory=list)
    contract: str = ""
    trump: str = ""
    trump_suit: str = ""
    trick_number: int = 0
    taken: list[tuple[str, int, int]] = field(default_factory=list)  # (seat, tricks, card points)
    last_trick: TrickShown | None = None
    tricks: list[TrickShown] = field(default_factory=list)
    why: WhyShown | None = None
    score: dict[str, Any] | None = None
    steps: list[dict[str, str]] = field(default_factory=list)  # the deal, who leads


def say(lang: str, deck: str) -> Say:
    return Say(VARIANT, lang, deck)


def _piles(table: Table, seat: Seat, s: Say) -> list[PileShown]:
    # Only the face-up card and whether a card is under it: the face-down card is not read.
    return [
        PileShown(face=None if up is None else s.face(up), covered=down is not None)
        for down, up in table.piles_of(seat)
    ]


def board(t: DecouverteTable, lang: str, deck: str, me: Seat = LEARNER) -> Board:
    """The table as ``me`` sees it (the learner at the practice table; either player at a live
    table): the face-up cards of both, no face-down card, ``me``'s choices."""
    s = say(lang, deck)
    them = other(me)
    d = t.now
    hand = d.hand
    table = hand.table if hand is not None else d.deal.table
    b = Board(
        phase=d.phase,
        to_act=d.to_act == me,
        waiting_for=s.seat(d.to_act) if d.to_act is not None and d.to_act != me else "",
        dealer=s.seat(d.deal.dealer),
        learner=s.seat(me),
        opponent=s.seat(them),
        bidding_card=s.face(d.deal.bidding_card),
        piles={str(seat): _piles(table, seat, s) for seat in TWO_SEATS},
        covered={},
        auction=[(s.seat(r.seat), s.call(str(r.call), r.round)) for r in d.auction.history],
        steps=s.items([d.deal.reason()]),
    )
    b.covered = {seat: sum(p.covered for p in piles) for seat, piles in b.piles.items()}
    contract = d.auction.result
    if isinstance(contract, Contract):
        b.contract = contract_words({"contract": contract.as_json()}, VARIANT, lang, s.deck)
        b.trump = messages.suit_name(contract.trump, VARIANT, lang, s.deck)
        b.trump_suit = SUIT_LETTERS[contract.trump]
    if d.phase == "auction":
        dealer_piles = b.piles[str(d.deal.dealer)]
        for p in dealer_piles:
            if p.face is not None and p.face.code == str(d.deal.bidding_card):
                p.bidding = True
        if b.to_act:
            b.calls, b.refused_calls = call_buttons(d, s)
    if hand is not None:
        assert isinstance(contract, Contract)
        b.steps += s.items([hand.lead_reason()])
        b.trick = [(s.seat(seat), s.face(c)) for seat, c in hand.trick]
        b.trick_number = min(len(hand.tricks) + 1, TRICKS)
        b.taken = [
            (s.seat(seat), sum(1 for x in hand.tricks if x.winner == seat), hand.points[seat])
            for seat in (me, them)
        ]
        b.tricks = explained_tricks(t.record, s, me)
        if b.tricks:
            b.last_trick = b.tricks[-1]
            turned = {f["card"] for f in b.last_trick.turned}
            for p in b.piles[str(me)] + b.piles[str(them)]:
                p.turned = p.face is not None and p.face.code in turned
        if b.to_act:
            legal = hand.legal()
            for p in b.piles[str(me)]:
                p.playable = p.face is not None and bool(legal >> Card.parse(p.face.code) & 1)
            b.why = why(hand, s, me)
    if "result" in t.record:
        b.score = score_shown(t, s, me)
    return b


def call_buttons(d: Deal, s: Say) -> tuple[list[CallButton], list[CallButton]]:
    """The calls the learner may make, then the usual ones refused now (pressing one says why)."""
    a = d.auction
    allowed = [CallButton(c, s.call(c, a.round), True) for c in a.calls()]
    refused = [CallButton(c, s.call(c, a.round), False) for c in a.refusals()]
    return allowed, refused


def why(hand: DecouverteHand, s: Say, me: Seat = LEARNER) -> WhyShown:
    """Which of ``me``'s face-up cards may be played now, and why not the others."""
    up = cards_of(hand.table.face_up(me))
    verdict = explain_play(up, hand.trick, hand.trump, hand.rules)
    return WhyShown(
        leading=not hand.trick,
        legal=s.faces(verdict.legal),
        illegal=[(s.face(c), s.items(reasons)) for c, reasons in verdict.illegal.items()],
    )


def _cards(cards: list[Card], s: Say) -> str:
    return messages.join_list(
        (messages.card_name(c, VARIANT, s.lang, s.deck) for c in cards), VARIANT, s.lang
    )


def _distinct(reasons: list[list[Reason]]) -> list[Reason]:
    out: list[Reason] = []
    for group in reasons:
        for r in group:
            if r not in out:
                out.append(r)
    return out


def explain_play_of(seat: Seat, card: Card, up: int, trick: list[tuple[Seat, Card]], trump: int,
                    hand: DecouverteHand, s: Say, me: Seat = LEARNER) -> PlayShown:  # fmt: skip
    """Why ``card`` could be played by ``seat`` with face-up cards ``up`` on ``trick``."""
    name, card_name = s.seat(seat), messages.card_name(card, VARIANT, s.lang, s.deck)
    learner = seat == me
    if not trick:
        sentence = _(
            "%(seat)s led %(card)s: the first card of a trick may be any of the player’s face-up cards."
        )
        return PlayShown(name, s.face(card), learner, sentence % {"seat": name, "card": card_name}, [])
    verdict = explain_play(cards_of(up), trick, trump, hand.rules)
    limits = _distinct(list(verdict.illegal.values()))
    if not limits:
        sentence = _(
            "%(seat)s played %(card)s: every face-up card of %(seat)s could be played on this trick."
        )
        return PlayShown(name, s.face(card), learner, sentence % {"seat": name, "card": card_name}, [])
    sentence = _("%(seat)s played %(card)s, one of the cards the rules left: %(cards)s.")
    rules = s.items(limits)
    if not learner:
        # The engine's sentences speak to the player ("you must follow"): of the opponent's card,
        # only the rules are named.
        rules = [{**item, "text": ""} for item in rules]
    text = sentence % {"seat": name, "card": card_name, "cards": _cards(verdict.legal, s)}
    return PlayShown(name, s.face(card), learner, text, rules)


def explained_tricks(record: dict[str, Any], s: Say, me: Seat = LEARNER) -> list[TrickShown]:
    """Every trick of the hand so far, each card's legality, the winner and why, the cards turned.

    The hand is played again from the record to know each player's face-up cards before each
    card: the same cards South saw on the table then."""
    d = rebuild({**record, "actions": [a for a in record["actions"] if a[0] == "call"]})
    hand = d.hand
    if hand is None:
        return []
    shown: list[TrickShown] = []
    plays: list[PlayShown] = []
    for kind, seat_code, value in record["actions"]:
        if kind != "play":
            continue
        seat, card = Seat.parse(seat_code), Card.parse(value)
        plays.append(
            explain_play_of(seat, card, hand.table.face_up(seat), list(hand.trick), hand.trump, hand, s, me)
        )
        done = hand.play(card)
        if done is not None:
            shown.append(_trick(done, len(hand.tricks), plays, s, me))
            plays = []
    return shown


def _trick(done: TwoCardTrick, number: int, plays: list[PlayShown], s: Say, me: Seat = LEARNER) -> TrickShown:
    bonus = LAST_TRICK_BONUS if number == TRICKS else 0
    turned = []
    for r in done.turned:
        item = s.items([r])[0]
        turned.append({**item, "card": str(r.params["card"]), "face": s.face(r.params["card"])})
    return TrickShown(
        number=number,
        plays=plays,
        winner=s.seat(done.winner),
        learner_won=done.winner == me,
        why=s.items([done.reason]),
        points=done.points - bonus,
        bonus=bonus,
        turned=turned,
    )


def score_shown(t: DecouverteTable, s: Say, me: Seat = LEARNER) -> dict[str, Any]:
    result = t.record["result"]
    if result.get("void"):
        return {
            "void": True,
            "steps": s.items([Reason("bid.void", {"seat": Seat.parse(result["next_dealer"])})]),
        }
    hand = t.now.hand
    assert hand is not None
    score = hand.score()
    return {
        "void": False,
        "result": messages.result_name(score.result, VARIANT, s.lang),
        "taker": s.seat(hand.taker),
        "points": [(s.seat(seat), score.points[seat], hand.points[seat]) for seat in (me, other(me))],
        "steps": s.items(score.steps),
    }


def sheet(t: DecouverteTable, s: Say) -> dict[str, Any]:
    """Each hand's score and the totals after it, South's column first for every reader (as the
    earlier games' totals at a live table)."""
    rows = []
    for n, record in enumerate(t.records, 1):
        result = record.get("result")
        if result is None:
            continue
        if result.get("void"):
            rows.append({"n": n, "void": True})
        else:
            rows.append({"n": n, "void": False, "S": result["points"]["S"], "N": result["points"]["N"]})
    last = t.record.get("result", {}).get("game") or t.record["game_score"]
    return {"rows": rows, "total": [last["S"], last["N"]], "heads": [s.seat(seat) for seat in TWO_SEATS]}


def replay(record: dict[str, Any], s: Say, me: Seat = LEARNER) -> dict[str, Any]:
    """A finished hand as ``me`` saw it, trick by trick: the auction, the contract, every trick
    explained (:func:`explained_tricks`) and how the hand was scored."""
    d = rebuild(record)
    out: dict[str, Any] = {
        "calls": [(s.seat(r.seat), s.call(str(r.call), r.round)) for r in d.auction.history],
        "contract": "",
        "tricks": explained_tricks(record, s, me),
        "result": "",
        "points": [],
        "steps": [],
    }
    contract = d.auction.result
    if isinstance(contract, Contract):
        out["contract"] = contract_words({"contract": contract.as_json()}, VARIANT, s.lang, s.deck)
    if d.hand is not None and d.hand.is_over():
        score = d.hand.score()
        out["result"] = messages.result_name(score.result, VARIANT, s.lang)
        out["points"] = [(s.seat(seat), score.points[seat]) for seat in (me, other(me))]
        out["steps"] = s.items(score.steps)
    return out
