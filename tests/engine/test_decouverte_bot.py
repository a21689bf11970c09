"""The two-player découverte bot: legal, from its own view only, and better than chance."""

from __future__ import annotations

import copy
import random

from engine.auction import Contract
from engine.bots.decouverte import DecouverteBot, choose_decouverte_card, decouverte_call, legal_from_view
from engine.cards import CARDS, Card, Seat, cards_of
from engine.decouverte import TWO_SEATS, DecouverteAuction, DecouverteHand, Table, deal_decouverte

C = Card.parse


def _swap_hidden(table: Table, rng: random.Random) -> Table:
    """The same visible table with the face-down cards dealt again among the hidden places."""
    hidden = [down for side in table.piles for down, _ in side if down is not None]
    rng.shuffle(hidden)
    it = iter(hidden)
    sides = tuple(
        tuple((None if down is None else next(it), up) for down, up in side) for side in table.piles
    )
    return Table((sides[0], sides[1]))


def test_play_fr2_face_up_bot_plays_legal_cards_from_the_view_only():
    rng = random.Random(7)
    bot = DecouverteBot()
    differed = 0
    for n in range(150):
        hand = DecouverteHand(
            deal_decouverte(TWO_SEATS[n % 2], seed=rng), trump=rng.randrange(4), taker=Seat.S
        )
        while not hand.is_over():
            view = hand.view(hand.to_play)
            assert legal_from_view(view) == hand.legal()
            card = bot.play(view)
            # Whatever lies face down, the same view gives the same card.
            twin = copy.copy(hand)
            twin.table = _swap_hidden(hand.table, rng)
            differed += twin.table != hand.table
            assert twin.view(twin.to_play) == view
            assert bot.play(twin.view(twin.to_play)) == card
            hand.play(card)
        assert sum(hand.points.values()) == 162
    assert differed > 1000  # the face-down cards were really moved


def test_play_fr2_face_up_bot_beats_random_play():
    rng = random.Random(11)
    bot_points = random_points = 0
    for n in range(300):
        bot_seat = TWO_SEATS[n % 2]
        hand = DecouverteHand(
            deal_decouverte(TWO_SEATS[(n // 2) % 2], seed=rng), trump=rng.randrange(4), taker=bot_seat
        )
        while not hand.is_over():
            if hand.to_play == bot_seat:
                hand.play(choose_decouverte_card(hand.view(bot_seat)))
            else:
                hand.play(rng.choice(cards_of(hand.legal())))
        bot_points += hand.points[bot_seat]
        random_points += hand.points[Seat(bot_seat ^ 2)]
    assert bot_points > 1.3 * random_points


def test_play_fr2_face_up_bot_leads_what_the_opponent_cannot_beat():
    # Trump hearts. S leads; N shows only the 7 of spades and the Queen of clubs.
    view = {
        "seat": Seat.S, "trump": C("7H").suit, "trick": (),
        "face_up": {Seat.S: (1 << C("AS")) | (1 << C("8C")), Seat.N: (1 << C("7S")) | (1 << C("QC"))},
    }  # fmt: skip
    assert choose_decouverte_card(view) == C("AS")  # 11 points safe; the 8 of clubs would lose the trick


def test_deal_fr2_decouverte_bot_bids_from_its_face_up_cards():
    strong = sum(1 << C(c) for c in ("JH", "9H", "AH", "TH", "7S", "8S", "7D", "8D"))
    weak = sum(1 << C(c) for c in ("7H", "8S", "9S", "7D", "8D", "9D", "7C", "8C"))
    assert decouverte_call(["pass", "take"], strong, C("KH")) == "take"
    assert decouverte_call(["pass", "take"], weak, C("KH")) == "pass"
    assert decouverte_call(["pass", "take:S", "take:H", "take:C"], strong, C("KD")) == "take:H"
    # A whole auction between two bots ends with a contract or a void.
    deal = deal_decouverte(Seat.S, seed=3)
    auction = DecouverteAuction(Seat.S, deal.bidding_card)
    while auction.to_act is not None:
        auction = auction.call(DecouverteBot().bid(auction.calls(), deal.table.face_up(auction.to_act),
                                                   deal.bidding_card))  # fmt: skip
    assert auction.result is not None
    if isinstance(auction.result, Contract):
        assert auction.result.receiver == Seat.S
    assert CARDS[deal.bidding_card] == deal.bidding_card
