"""What the command line answers for two players (docs/engine-cli.md, "Two-player Belote
découverte").

:mod:`engine.cli`'s one table of commands sends ``legal``, ``trick``, ``bid``, ``score`` and
``play`` (a whole hand from the deal) here when the rule set has two players. The auction is
:func:`engine.auction.new_auction`'s, legality :mod:`engine.play`'s and the score
:mod:`engine.scoring`'s; what is read here is the two seats ``S`` and ``N`` and the piles. The
answers have the shapes of the four-player commands, with seats where those have teams.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.auction import Auction, Contract
from engine.cards import CARDS, TWO_SEATS, Card, Seat
from engine.cards import other_player as other
from engine.decouverte.hand import DecouverteHand, TwoCardTrick
from engine.decouverte.table import PILES, DecouverteDeal, deal_decouverte
from engine.explain import Reason, Step
from engine.messages import render
from engine.notation import (
    InputError,
    as_int,
    as_list,
    as_object,
    bad_field,
    check_distinct,
    check_fields,
    parse_card,
    parse_cards,
    parse_seat,
    parse_suit_value,
    read_calls,
    read_deck,
)
from engine.play import explain_play, explain_trick
from engine.ranking import TOTAL_WITH_TRUMP
from engine.scoring import InvalidDecouverteScore, score_decouverte
from engine.variants import FrenchTwoPlayer

RULES = FrenchTwoPlayer()
# The messages are French Belote's: the two-player game speaks its words.
WORDING = RULES.wording()
SEATS_EXPECTED = "S / N"
LANG_FIELDS = ("lang",)


def _say(item: Reason | Step, lang: str) -> str:
    return render(item, WORDING, lang)


def _reasons(reasons: Sequence[Reason], lang: str) -> list[dict[str, str]]:
    return [{"rule": r.rule, "message": _say(r, lang)} for r in reasons]


def _steps(steps: Sequence[Reason | Step], lang: str) -> list[dict[str, str]]:
    return [{"rule": s.rule, "text": _say(s, lang)} for s in steps]


def _seat(value: Any, field: str) -> Seat:
    seat = parse_seat(value, field)
    if seat not in TWO_SEATS:
        raise bad_field(value, field, SEATS_EXPECTED)
    return seat


def _plays(value: Any, field: str, lo: int, hi: int) -> list[tuple[Seat, Card]]:
    """``[["N", "9C"], ["S", "JC"]]``: the two players in turn."""
    items = as_list(value, field, '[["N", "9C"], …]')
    plays: list[tuple[Seat, Card]] = []
    for i, item in enumerate(items):
        where = f"{field}[{i}]"
        if not isinstance(item, list) or len(item) != 2:
            raise bad_field(item, where, '["N", "9C"]')
        seat = _seat(item[0], f"{where}[0]")
        if plays and seat != other(plays[-1][0]):
            raise InputError("out-of-turn", f"{where}[0]", value=seat, expected=other(plays[-1][0]))
        plays.append((seat, parse_card(item[1], f"{where}[1]")))
    if not lo <= len(plays) <= hi:
        raise InputError("trick-size", field, value=len(plays), expected=f"{lo}–{hi}" if lo != hi else lo)
    return plays


# ---------------------------------------------------------------- legal and trick


def cmd_legal(obj: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """``hand`` is the player's face-up cards: the only ones they may choose from."""
    check_fields(obj, ("variant", "trump", "seat", "hand"), ("trick", *LANG_FIELDS))
    trump = parse_suit_value(obj["trump"], "trump")
    trick = _plays(obj.get("trick", []), "trick", 0, 1)
    seat = _seat(obj["seat"], "seat")
    if trick and seat != other(trick[0][0]):
        raise InputError("out-of-turn", "seat", value=seat, expected=other(trick[0][0]))
    hand = parse_cards(obj["hand"], "hand", 1, PILES)  # one face-up card per pile at most
    check_distinct(
        [(f"trick[{i}][1]", c) for i, (_, c) in enumerate(trick)]
        + [(f"hand[{i}]", c) for i, c in enumerate(hand)]
    )
    verdict = explain_play(hand, trick, trump, RULES)
    return {
        "legal": [str(c) for c in verdict.legal],
        "illegal": {str(c): _reasons(reasons, lang) for c, reasons in verdict.illegal.items()},
    }


def cmd_trick(obj: Mapping[str, Any], lang: str) -> dict[str, Any]:
    check_fields(obj, ("variant", "trump", "trick"), LANG_FIELDS)
    trump = parse_suit_value(obj["trump"], "trump")
    trick = _plays(obj["trick"], "trick", 2, 2)
    check_distinct([(f"trick[{i}][1]", c) for i, (_, c) in enumerate(trick)])
    result = explain_trick(trick, trump)
    return {"winner": str(result.winner), "points": result.points, "rule": result.reason.rule,
            "message": _say(result.reason, lang)}  # fmt: skip


# ---------------------------------------------------------------- bid


def _auction(obj: Mapping[str, Any], dealer: Seat, bidding_card: Card) -> Auction:
    auction, _ = read_calls(obj, RULES, dealer, bidding_card, read_seat=_seat)
    return auction


def _auction_json(auction: Auction, lang: str) -> dict[str, Any]:
    return {
        "to_act": None if auction.to_act is None else str(auction.to_act),
        "allowed": auction.allowed(),
        "refused": {call: _reasons(reasons, lang) for call, reasons in auction.refusals().items()},
        "contract": None if auction.contract is None else auction.contract.as_json(),
    }


def cmd_bid(obj: Mapping[str, Any], lang: str) -> dict[str, Any]:
    check_fields(obj, ("variant", "dealer", "bidding_card", "calls"), LANG_FIELDS)
    dealer = _seat(obj["dealer"], "dealer")
    bidding_card = parse_card(obj["bidding_card"], "bidding_card")
    return _auction_json(_auction(obj, dealer, bidding_card), lang)


# ---------------------------------------------------------------- score


def cmd_score(obj: Mapping[str, Any], lang: str) -> dict[str, Any]:
    check_fields(obj, ("variant", "taker", "card_points"), LANG_FIELDS)
    taker = _seat(obj["taker"], "taker")
    raw = as_object(obj["card_points"], "card_points")
    points: dict[Seat, int] = {}
    for key, value in raw.items():
        seat = _seat(key, f"card_points.{key}")
        points[seat] = as_int(value, f"card_points.{key}", 0, TOTAL_WITH_TRUMP)
    for seat in TWO_SEATS:
        if seat not in points:
            raise InputError("missing-field", f"card_points.{seat}")
    try:
        score = score_decouverte(taker, points)
    except InvalidDecouverteScore:
        raise InputError(
            "card-points", "card_points", value=sum(points.values()), expected=TOTAL_WITH_TRUMP
        ) from None
    return {
        "points": {str(seat): score.points[seat] for seat in TWO_SEATS},
        "result": score.result,
        "steps": _steps(score.steps, lang),
    }


# ---------------------------------------------------------------- play: a whole hand


def _deal(obj: Mapping[str, Any], dealer: Seat) -> DecouverteDeal:
    seed, deck = read_deck(obj)
    return deal_decouverte(dealer, seed=seed, deck=deck)


def _table_json(hand: DecouverteHand, viewer: Seat | None) -> dict[str, Any]:
    """Each player's piles: the face-up card, and under it a face-down card, named only in an open
    view (no ``seat``); a player's view says only whether one is there."""
    out: dict[str, Any] = {}
    for seat in TWO_SEATS:
        piles = []
        for down, up in hand.table.piles_of(seat):
            shown: bool | str = down is not None if viewer is not None or down is None else str(down)
            piles.append({"up": None if up is None else str(up), "down": shown})
        out[str(seat)] = piles
    return out


def _trick_json(done: TwoCardTrick, lang: str) -> dict[str, Any]:
    return {
        "plays": [[str(s), str(c)] for s, c in done.plays],
        "winner": str(done.winner),
        "points": done.points,
        "rule": done.reason.rule,
        "message": _say(done.reason, lang),
        "turned": [_turned_json(r, lang) for r in done.turned],
    }


def _turned_json(reason: Reason, lang: str) -> dict[str, str]:
    params = reason.params
    return {
        "rule": reason.rule,
        "seat": str(params["seat"]),
        "card": str(params["card"]),
        "message": _say(reason, lang),
    }


def cmd_play(obj: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """A hand from the deal: the auction so far, then the cards played so far, checked one by one."""
    check_fields(obj, ("variant", "dealer"), ("deck", "seed", "calls", "plays", "seat", *LANG_FIELDS))
    dealer = _seat(obj["dealer"], "dealer")
    viewer = _seat(obj["seat"], "seat") if obj.get("seat") is not None else None
    deal = _deal(obj, dealer)
    auction = _auction(obj, dealer, deal.bidding_card)
    out: dict[str, Any] = {
        "dealer": str(dealer),
        "bidding_card": str(deal.bidding_card),
        "auction": _auction_json(auction, lang),
        "steps": _steps([deal.reason()], lang),
    }
    contract = auction.contract
    plays = as_list(obj.get("plays", []), "plays", '[["N", "9C"], …]')
    if not isinstance(contract, Contract):
        if plays:
            raise InputError("auction-over" if contract is not None else "missing-field", "plays")
        hand = DecouverteHand(deal, trump=0, taker=other(dealer))  # the table as dealt, nobody to play
        out.update({"table": _table_json(hand, viewer), "to_play": None, "legal": [], "trick": [],
                    "tricks": [], "points": None, "score": None})  # fmt: skip
        return out
    hand = DecouverteHand(deal, trump=contract.trump, taker=contract.taker)
    out["steps"] += _steps([hand.lead_reason()], lang)
    tricks = []
    for i, item in enumerate(plays):
        where = f"plays[{i}]"
        if not isinstance(item, list) or len(item) != 2:
            raise bad_field(item, where, '["N", "9C"]')
        seat = _seat(item[0], f"{where}[0]")
        card = parse_card(item[1], f"{where}[1]")
        if hand.is_over():
            raise InputError("trick-size", "plays", value=len(plays), expected=32)
        if seat != hand.to_play:
            raise InputError("out-of-turn", f"{where}[0]", value=seat, expected=hand.to_play)
        reasons = hand.explain(card)
        if reasons:
            legal = ", ".join(str(c) for c in CARDS if hand.legal() >> c & 1)
            raise InputError("bad-field", f"{where}[1]", value=str(card), expected=legal, reasons=reasons)
        done = hand.play(card)
        if done is not None:
            tricks.append(_trick_json(done, lang))
    over = hand.is_over()
    score = hand.score() if over else None
    out.update(
        {
            "table": _table_json(hand, viewer),
            "to_play": None if over else str(hand.to_play),
            "legal": [str(c) for c in CARDS if hand.legal() >> c & 1],
            "trick": [[str(s), str(c)] for s, c in hand.trick],
            "tricks": tricks,
            "points": {str(s): hand.points[s] for s in TWO_SEATS},
            "score": None
            if score is None
            else {
                "points": {str(s): score.points[s] for s in TWO_SEATS},
                "result": score.result,
                "steps": _steps(score.steps, lang),
            },
        }
    )
    return out


def reasons_json(reasons: Sequence[Reason], lang: str) -> list[dict[str, str]]:
    """Reasons as the commands write them, ``{rule, message}``, in French Belote's words."""
    return _reasons(reasons, lang)


def replay(obj: Mapping[str, Any]) -> DecouverteHand:
    """The hand of a ``play`` input after its cards, for a caller that reads it further (a puzzle's
    position): the input is checked first by :func:`cmd_play`, so here it is known to be valid."""
    dealer = _seat(obj["dealer"], "dealer")
    deal = _deal(obj, dealer)
    contract = _auction(obj, dealer, deal.bidding_card).contract
    if not isinstance(contract, Contract):
        raise InputError("missing-field", "calls")
    hand = DecouverteHand(deal, trump=contract.trump, taker=contract.taker)
    for i, item in enumerate(as_list(obj.get("plays", []), "plays", '[["N", "9C"], …]')):
        hand.play(parse_card(item[1], f"plays[{i}][1]"))
    return hand


COMMANDS = {"legal": cmd_legal, "trick": cmd_trick, "bid": cmd_bid, "score": cmd_score, "play": cmd_play}
