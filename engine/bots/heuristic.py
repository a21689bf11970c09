"""Level 2: rules of thumb for the auction, the doubling and the play.

Bidding by hand strength (:mod:`engine.bots.strength`), counting the bidding
card as held since the taker receives it:

- saudi: Sun with many aces and tens; Hokm with the Jack and the Nine of the
  bidding card's suit, or enough strength in it; in the second round Hokm in
  the strongest other suit; the Hokm bidder turns it into Sun when Sun is
  clearly better; never Ashkal.
- moroccan, french: take with the Jack or the Nine of the suit plus length
  (three trumps) or enough strength; in the second round the strongest other suit.

Doubling (saudi): double with a strong hand in the buyer's trump (or in Sun,
when allowed); answer with the next word only with a very strong hand.

Play: :func:`engine.bots.policy.choose_card`.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.auction import Call
from engine.bots.base import Bot
from engine.bots.policy import choose_card
from engine.bots.strength import has_jack_or_nine, hokm_strength, sun_strength, trump_count
from engine.bots.view import View
from engine.cards import CARDS, JACK, NINE, Card
from engine.ranking import NO_TRUMP

HOKM_THRESHOLD = 4.5
"""Hokm strength (bidding card counted) from which a heuristic player takes."""
SECOND_ROUND_THRESHOLD = 4.5
SUN_THRESHOLD = 3.0
SUN_OVER_HOKM = 1.0
"""The Hokm bidder turns it into Sun when Sun strength is this much above ``SUN_THRESHOLD``."""
DOUBLE_THRESHOLD = 6.5
"""A defender's strength in the buyer's trump (own eight cards) from which it doubles."""
RAISE_THRESHOLD = 9.0


def takes(mask: int, suit: int, threshold: float) -> bool:
    """Jack and Nine of the suit; or one of them with three trumps; or enough strength."""
    if mask >> (suit * 8 + JACK) & 1 and mask >> (suit * 8 + NINE) & 1:
        return True
    if has_jack_or_nine(mask, suit) and trump_count(mask, suit) >= 3:
        return True
    return hokm_strength(mask, suit) >= threshold


def _second_round(choices: Sequence[str], mask: int, word: str) -> str | None:
    """The strongest suit named by a ``word:S`` call that is worth taking, if any."""
    best, best_value = None, 0.0
    for c in choices:
        call = Call.parse(c)
        if call.word != word or call.suit is None or not takes(mask, call.suit, SECOND_ROUND_THRESHOLD):
            continue
        value = hokm_strength(mask, call.suit)
        if best is None or value > best_value:
            best, best_value = c, value
    return best


def heuristic_call(variant: str, choices: Sequence[str], hand: int, bidding_card: int) -> str:
    """The heuristic's call among ``choices`` for a seat holding ``hand`` (a mask of its five cards)."""
    if len(choices) == 1:
        return choices[0]
    with_card = hand | (1 << bidding_card)
    up = bidding_card >> 3
    if variant == "saudi":
        sun = sun_strength(with_card)
        if "confirm" in choices:
            return "sun" if sun >= SUN_THRESHOLD + SUN_OVER_HOKM else "confirm"
        if "sun" in choices and sun >= SUN_THRESHOLD:
            return "sun"
        if "hokm" in choices and takes(with_card, up, HOKM_THRESHOLD):
            return "hokm"
        return _second_round(choices, with_card, "hokm") or "pass"
    if "take" in choices:
        return "take" if "pass" not in choices or takes(with_card, up, HOKM_THRESHOLD) else "pass"
    return _second_round(choices, with_card, "take") or "pass"


class HeuristicBot(Bot):
    level = 2
    name = "heuristic"

    def bid(self, view: View) -> str:
        return heuristic_call(view.rules.name, view.choices, view.hand, view.bidding_card)

    def double(self, view: View) -> str:
        choices = view.choices
        contract = view.contract
        if contract is None or choices == ("pass",):
            return "pass"
        trump = contract.trump
        strength = sun_strength(view.hand) if trump == NO_TRUMP else hokm_strength(view.hand, trump)
        if "double" in choices and strength >= DOUBLE_THRESHOLD:
            return "double"
        for word in ("three", "four", "gahwa"):
            if word in choices and strength >= RAISE_THRESHOLD:
                return word
        return "pass"

    def play(self, view: View) -> Card:
        contract = view.contract
        assert contract is not None
        card = choose_card(
            view.hand,
            view.legal,
            view.trick,
            contract.trump,
            view.unseen,
            view.seat.team == contract.team,
            view.seat == contract.taker,
        )
        return CARDS[card]
