"""A player for two-player Belote découverte that decides from its own view only.

It is given :meth:`engine.decouverte.hand.DecouverteHand.view` — both players' face-up cards,
the trick, the cards played — and never a face-down card.

- Auction: the heuristic's rule of thumb (:func:`engine.bots.heuristic.takes`) on its own
  face-up cards. Unlike the four-player game, the bidding card is not handed over: it counts
  only for the dealer, in whose piles it already lies.
- Play: everything the opponent can answer with is in sight, since a card turned up by a trick
  comes into play only after it. So a leader tries each card against every reply the rules
  allow the opponent and keeps the card whose worst reply costs least; the second player takes
  the trick when it is worth it, as cheaply as it can, and otherwise gives the fewest points.
  Between equal outcomes it spends the weakest card and keeps its strong ones.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.auction import Call
from engine.bots.heuristic import HOKM_THRESHOLD, SECOND_ROUND_THRESHOLD, takes
from engine.bots.strength import hokm_strength
from engine.cards import CARDS, Card, Seat, cards_of
from engine.cards import other_player as other
from engine.play import legal_mask_for
from engine.ranking import POINTS, STRENGTH, trick_winner_index
from engine.variants import rules_for

_LEGAL = legal_mask_for(rules_for("french"))


def legal_from_view(view: Mapping[str, Any]) -> int:
    """The cards the viewer may play now, worked out from what the view shows."""
    seat = view["seat"]
    return _LEGAL(view["face_up"][seat], [c for _, c in view["trick"]], view["trump"], False)


def decouverte_call(choices: Sequence[str], face_up: int, bidding_card: Card) -> str:
    """A call among ``choices`` for a player whose face-up cards are ``face_up``."""
    if len(choices) == 1:
        return choices[0]
    if "take" in choices and takes(face_up, bidding_card.suit, HOKM_THRESHOLD):
        return "take"
    best, best_strength = None, -1.0
    for c in choices:
        call = Call.parse(c)
        if call.word != "take" or call.suit is None:
            continue
        if takes(face_up, call.suit, SECOND_ROUND_THRESHOLD):
            strength = hokm_strength(face_up, call.suit)
            if strength > best_strength:
                best, best_strength = c, strength
    return best or ("pass" if "pass" in choices else choices[0])


def _net(lead: int, reply: int, trump: int, leader_is_me: bool) -> int:
    """Card points the trick brings the viewer (negative when the opponent takes them)."""
    points = POINTS[trump][lead] + POINTS[trump][reply]
    leader_wins = trick_winner_index([lead, reply], trump) == 0
    return points if leader_wins == leader_is_me else -points


def choose_decouverte_card(view: Mapping[str, Any]) -> Card:
    """The card to play, from ``view`` alone."""
    seat: Seat = view["seat"]
    trump: int = view["trump"]
    legal = cards_of(legal_from_view(view))
    strength = STRENGTH[trump]

    def cost(card: int) -> tuple[int, int, int]:
        # Between equal outcomes: fewer points put at risk, then a plain card before a trump,
        # then the weaker card.
        return (POINTS[trump][card], card >> 3 == trump, strength[card])

    if view["trick"]:
        lead = view["trick"][0][1]
        return CARDS[max(legal, key=lambda c: (_net(lead, c, trump, False), [-x for x in cost(c)]))]
    opponent_up = view["face_up"][other(seat)]

    def worst(lead: int) -> int:
        # At the start of a trick every pile still there shows a card: the opponent has replies.
        return min(_net(lead, r, trump, True) for r in cards_of(_LEGAL(opponent_up, [lead], trump, False)))

    return CARDS[max(legal, key=lambda c: (worst(c), [-x for x in cost(c)]))]


class DecouverteBot:
    """The two-player game's bot: :meth:`bid` and :meth:`play` read a view, nothing else."""

    name = "decouverte"

    def bid(self, choices: Sequence[str], face_up: int, bidding_card: Card) -> str:
        return decouverte_call(choices, face_up, bidding_card)

    def play(self, view: Mapping[str, Any]) -> Card:
        return choose_decouverte_card(view)
