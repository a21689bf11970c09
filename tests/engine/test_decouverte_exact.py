"""The exact play of a laid-out découverte hand (engine/decouverte/exact.py) against a plain
minimax over the game itself (DecouverteHand.play, its legality and its tricks), on many endings."""

import copy
import random

from engine.bots.decouverte import choose_decouverte_card
from engine.cards import CARDS, Seat, cards_of
from engine.deal import shuffled_deck
from engine.decouverte import DecouverteHand, deal_decouverte
from engine.decouverte.exact import Endgame, tricks_left


def _minimax(hand: DecouverteHand, seat: Seat) -> int:
    """``seat``'s card points at the end of the hand, both players perfect (slow and plain)."""
    if hand.is_over():
        return hand.points[seat]
    results = []
    for c in cards_of(hand.legal()):
        after = copy.deepcopy(hand)
        after.play(CARDS[c])
        results.append(_minimax(after, seat))
    return max(results) if hand.to_play == seat else min(results)


def test_decouverte_exact_values_are_the_minimax_of_the_game() -> None:
    rng = random.Random(5)
    checked = 0
    for seed in range(30):
        deal = deal_decouverte(Seat.N, deck=shuffled_deck(seed))
        hand = DecouverteHand(deal, trump=deal.bidding_card.suit, taker=Seat.S)
        stop = 32 - rng.randint(2, 3) * 2 + rng.randint(0, 1)  # 2-3 tricks left, one of them begun or not
        while len(hand.tricks) * 2 + len(hand.trick) < stop:
            hand.play(choose_decouverte_card(hand.view(hand.to_play)))
        assert tricks_left(hand) <= 3
        seat = hand.to_play
        values = Endgame(hand).values()
        assert sorted(values) == cards_of(hand.legal())
        for c, v in values.items():
            after = copy.deepcopy(hand)
            after.play(c)
            assert hand.points[seat] + v == _minimax(after, seat), (seed, c)
            checked += 1
    assert checked > 40
