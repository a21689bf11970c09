"""Hints and the hand review for two-player découverte, from the four-player coach's evaluator.

What a player sees (:meth:`engine.decouverte.hand.DecouverteHand.view`) is both players' face-up
cards, where cards lie face down, the trick and the cards played. The hidden cards are the
face-down ones, the player's own included: nobody has seen them, so every way of laying them in the
covered piles fits what was seen (a card that did not follow suit says nothing of the face-down
cards, which could not be played). Each sample lays them at random in the covered piles
(:meth:`~engine.decouverte.hand.DecouverteHand.resume`), plays the card, and plays the hand out:
exactly, both players perfect on that lay (:mod:`engine.decouverte.exact`), from
:data:`~engine.decouverte.exact.EXACT_TRICKS` tricks left, where that fits a hint's time; before,
with the découverte bot for both players. :func:`engine.coach.evaluator.evaluate_sampled` averages the
player's card points over the samples, seeded from the view alone, and marks a mistake by its one
rule (:meth:`engine.coach.evaluator.Evaluation.mistake`).

The principle of a card is one of the four-player hints' (``hint.*``), read off the same view.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.advice import Advice, hand_call_reasons
from engine.auction import Contract, DecouverteAuction
from engine.bots.decouverte import choose_decouverte_card, decouverte_call, legal_from_view
from engine.cards import CARDS, FULL_DECK, SUIT_MASK, TWO_SEATS, Card, Seat, cards_of
from engine.cards import other_player as other
from engine.coach.evaluator import Evaluation, card_groups, evaluate_sampled
from engine.coach.review import Judgement
from engine.decouverte.exact import EXACT_TRICKS, Endgame
from engine.decouverte.hand import TRICKS, DecouverteHand
from engine.decouverte.table import PILES, DecouverteDeal, Table
from engine.explain import Reason
from engine.ranking import POINTS, STRENGTH, trick_winner_index
from engine.scoring import score_decouverte

__all__ = ["SAMPLES", "advise", "advise_call", "evaluate", "evaluate_call", "hidden", "judge", "reasons"]

SAMPLES = 24
"""Sampled lays of the face-down cards per decision (hint and review alike)."""


def hidden(view: Mapping[str, Any]) -> int:
    """The cards the viewer has not seen: the face-down ones."""
    seen: int = view["face_up"][Seat.S] | view["face_up"][Seat.N]
    for _, c in (*view["played"], *view["trick"]):
        seen |= 1 << c
    return FULL_DECK & ~seen


def public(view: Mapping[str, Any]) -> tuple[Any, ...]:
    """Everything the view shows, in a stable form (the evaluator seeds its samples from it)."""
    return (
        int(view["seat"]),
        int(view["dealer"]),
        view["trump"],
        int(view["taker"]),
        tuple(tuple(-1 if c is None else int(c) for c in view["piles"][s]) for s in TWO_SEATS),
        tuple(view["covered"][s] for s in TWO_SEATS),
        tuple((int(s), int(c)) for s, c in view["trick"]),
        tuple((int(s), int(c)) for s, c in view["played"]),
    )


def _lay(view: Mapping[str, Any], rng: random.Random) -> dict[Seat, tuple[Card | None, ...]]:
    """The face-down cards laid at random in the covered piles."""
    cards = [CARDS[c] for c in cards_of(hidden(view))]  # sorted: the real lay plays no part
    rng.shuffle(cards)
    out: dict[Seat, tuple[Card | None, ...]] = {}
    for s in TWO_SEATS:
        out[s] = tuple(cards.pop() if covered else None for covered in view["covered"][s])
    return out


def _play_out(hand: DecouverteHand, card: int) -> int:
    seat = hand.to_play
    hand.play(CARDS[card])
    while not hand.is_over():
        hand.play(choose_decouverte_card(hand.view(hand.to_play)))
    return hand.points[seat]


def evaluate(view: Mapping[str, Any], seed: int = 0, samples: int = SAMPLES) -> Evaluation:
    """Every legal card of the viewer, valued in their card points for the whole hand."""
    legal = legal_from_view(view)
    if not legal or view["to_play"] != view["seat"]:
        raise ValueError("the player has no card to play now")
    trump = view["trump"]
    live = hidden(view) | view["face_up"][Seat.S] | view["face_up"][Seat.N]
    for _, c in view["trick"]:
        live |= 1 << c
    groups = card_groups(legal, live, trump)
    reps = sorted(set(groups.values()))
    order = sorted(groups, key=lambda c: (reps.index(groups[c]), c))

    exact = TRICKS - len(view["played"]) // 2 <= EXACT_TRICKS

    def values_on(rng: random.Random) -> dict[str, float]:
        down = _lay(view, rng)
        if exact:
            # Near the end the lay is played out perfectly by both (every card is known on it).
            hand = DecouverteHand.resume(dict(view), down)
            solved = Endgame(hand).values()
            before = hand.points[hand.to_play]
            on = {c: float(before + solved[CARDS[c]]) for c in reps}
        else:
            on = {c: float(_play_out(DecouverteHand.resume(dict(view), down), c)) for c in reps}
        return {str(CARDS[c]): on[groups[c]] for c in groups}

    return evaluate_sampled(
        int(view["seat"]), [str(CARDS[c]) for c in order], public(view), values_on, seed, samples
    )


def _beats(trump: int, led: int, c: int, top: int) -> bool:
    return STRENGTH[trump][c] > STRENGTH[trump][top] and c >> 3 in (led, trump)


def reasons(view: Mapping[str, Any], c: int) -> list[Reason]:
    """The principle that makes ``c`` good for the viewer now (the four-player hints' IDs)."""
    trump = view["trump"]
    legal = legal_from_view(view)
    points = POINTS[trump]
    card = CARDS[c]
    if legal & (legal - 1) == 0:
        return [Reason("hint.forced", {"card": card})]
    out_there = hidden(view) | view["face_up"][other(view["seat"])]
    strength = STRENGTH[trump]
    if not view["trick"]:
        master = not any(strength[x] > strength[c] for x in cards_of(out_there & SUIT_MASK[c >> 3]))
        trumps_out = (out_there & SUIT_MASK[trump]).bit_count()
        if c >> 3 == trump and trumps_out:
            return [Reason("hint.count-trumps", {"card": card, "left": trumps_out})]
        if points[c] > 0 and master:
            return [Reason("hint.cash", {"card": card})]
        return []
    top = view["trick"][0][1]
    led = top >> 3
    beaters = [x for x in cards_of(legal) if _beats(trump, led, x, top)]
    if trick_winner_index([top, c], trump) == 1:
        own = view["face_up"][view["seat"]]
        if c >> 3 == trump and led != trump and not own & SUIT_MASK[led]:
            return [Reason("hint.ruff", {"card": card, "led": led})]
        if all(strength[x] >= strength[c] for x in beaters):
            return [Reason("hint.beat-cheap", {"card": card, "top": CARDS[top]})]
        return [Reason("hint.win", {"card": card})]
    if not beaters and all(points[x] >= points[c] for x in cards_of(legal)):
        return [Reason("hint.low", {"card": card})]
    if beaters:
        kept = max(beaters, key=lambda x: strength[x])
        return [Reason("hint.duck", {"card": card, "seat": view["trick"][0][0], "kept": CARDS[kept]})]
    return []


def _reasons_for(view: Mapping[str, Any], evaluation: Evaluation) -> tuple[Reason, ...]:
    c = Card.parse(evaluation.choice)
    found = reasons(view, c)
    if not found:
        key = "hint.estimate" if evaluation.samples > 1 else "hint.equal"
        found = [Reason(key, {"card": CARDS[c], "samples": evaluation.samples})]
    return tuple(found)


def advise(view: Mapping[str, Any], seed: int = 0, samples: int = SAMPLES) -> Advice:
    """The card to play and why, from the viewer's view alone."""
    evaluation = evaluate(view, seed, samples)
    source = "bot" if evaluation.samples > 1 else "rules"
    return Advice(
        "play", evaluation.choice, _reasons_for(view, evaluation), source, evaluation.samples, evaluation
    )


def judge(view: Mapping[str, Any], played: str, seed: int = 0, samples: int = SAMPLES) -> Judgement:
    """``played`` judged from the viewer's view, on the samples its hint used."""
    evaluation = evaluate(view, seed, samples)
    trick = len(view["played"]) // 2 + 1
    return Judgement("card", played, evaluation, _reasons_for(view, evaluation), trick)


# ---------------------------------------------------------------- calls


def evaluate_call(
    auction: DecouverteAuction, ups: Mapping[Seat, tuple[Card, ...]], seed: int = 0, samples: int = SAMPLES
) -> Evaluation:
    """Every call the player to speak may make, valued in their points of the hand's score minus
    the other player's: the auction finished by the bot's rule of thumb for both, the face-down
    cards laid at random under ``ups`` (each player's eight face-up cards, pile by pile), the hand
    played out by the bot for both and scored (a void deal: 0)."""
    seat = auction.to_act
    choices = auction.calls()
    if seat is None or not choices:
        raise ValueError("nobody is to speak")
    face_up = {s: sum(1 << c for c in ups[s]) for s in TWO_SEATS}
    down_cards = [CARDS[c] for c in cards_of(FULL_DECK & ~face_up[Seat.S] & ~face_up[Seat.N])]
    history = tuple((str(r.seat), str(r.call)) for r in auction.history)
    public = (
        int(seat),
        int(auction.dealer),
        int(auction.bidding_card),
        history,
        tuple(tuple(ups[s]) for s in TWO_SEATS),
    )

    def values_on(rng: random.Random) -> dict[str, float]:
        cards = list(down_cards)
        rng.shuffle(cards)
        piles = {
            s: tuple(zip(cards[i * PILES : (i + 1) * PILES], ups[s], strict=True))
            for i, s in enumerate(TWO_SEATS)
        }
        deal = DecouverteDeal(auction.dealer, Table((piles[Seat.S], piles[Seat.N])), auction.bidding_card)
        out: dict[str, float] = {}
        for call in choices:
            a = auction.call(call, seat)
            while a.result is None and a.to_act is not None:
                a = a.call(decouverte_call(a.calls(), face_up[a.to_act], auction.bidding_card), a.to_act)
            contract = a.result
            if not isinstance(contract, Contract):
                out[call] = 0.0
                continue
            hand = DecouverteHand(deal, contract.trump, contract.taker)
            while not hand.is_over():
                hand.play(choose_decouverte_card(hand.view(hand.to_play)))
            score = score_decouverte(contract.taker, hand.points).points
            out[call] = float(score[seat] - score[other(seat)])
        return out

    return evaluate_sampled(int(seat), choices, public, values_on, seed, samples, kind="call")


def advise_call(
    auction: DecouverteAuction, ups: Mapping[Seat, tuple[Card, ...]], seed: int = 0, samples: int = SAMPLES
) -> Advice:
    """The call to make and why, from the face-up cards alone."""
    evaluation = evaluate_call(auction, ups, seed, samples)
    seat = auction.to_act
    assert seat is not None
    mask = sum(1 << c for c in ups[seat])
    reasons = hand_call_reasons(
        mask, auction.bidding_card, list(evaluation.options), evaluation.choice, evaluation.samples
    )
    if (
        reasons[0].rule == "hint.bid-trump"
        and reasons[0].params["count"] < 3
        and not reasons[0].params["cards"]
    ):
        # Nothing in the suit itself speaks for it: the deals played out do.
        reasons = [Reason("hint.estimate", {"call": evaluation.choice, "samples": evaluation.samples})]
    return Advice("call", evaluation.choice, tuple(reasons), "bot", evaluation.samples, evaluation)
