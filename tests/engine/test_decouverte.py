"""Two-player Belote découverte (docs/rules.md §5.4): deal, auction, tricks, turning up, score, views."""

from __future__ import annotations

import random

import pytest

from engine.auction import IllegalCall, Void
from engine.cards import CARDS, FULL_DECK, Card, Seat, cards_of, mask_of
from engine.decouverte import (
    TWO_SEATS,
    DecouverteAuction,
    DecouverteHand,
    InvalidDecouverteScore,
    NotATwoPlayerSeat,
    deal_decouverte,
    other,
    score_decouverte,
)
from engine.ranking import POINTS
from engine.tricks import IllegalPlay

C = Card.parse


def cards(text: str) -> list[Card]:
    return [C(c) for c in text.split()]


def fixed_deck(down_other: str, down_dealer: str, up_other: str, up_dealer: str) -> list[Card]:
    deck = [C(c) for part in (down_other, down_dealer, up_other, up_dealer) for c in part.split()]
    assert sorted(deck) == list(CARDS)
    return deck


# Spades and hearts face down; diamonds and clubs face up. The dealer (S) turns up 7C last.
DECK = fixed_deck(
    "7S 8S 9S TS JS QS KS AS",  # N, face down
    "7H 8H 9H TH JH QH KH AH",  # S, face down
    "7D 8D 9D TD JD QD KD AD",  # N, face up
    "AC KC QC JC TC 9C 8C 7C",  # S, face up; 7C is the bidding card
)


def test_deal_fr2_decouverte_sixteen_piles_each_card_once():
    deal = deal_decouverte(Seat.S, deck=DECK)
    table = deal.table
    assert cards_of(table.face_down(Seat.N)) == cards("7S 8S 9S TS JS QS KS AS")
    assert cards_of(table.face_up(Seat.N)) == cards("7D 8D 9D TD JD QD KD AD")
    every = [table.face_up(s) | table.face_down(s) for s in TWO_SEATS]
    assert every[0] | every[1] == FULL_DECK and every[0] & every[1] == 0
    assert [len(p) for p in table.piles] == [8, 8]
    assert all(down is not None and up is not None for side in table.piles for down, up in side)


def test_deal_fr2_decouverte_bidding_card_stays_with_the_dealer():
    deal = deal_decouverte(Seat.S, deck=DECK)
    assert deal.bidding_card == C("7C")
    assert deal.table.face_up(Seat.S) >> C("7C") & 1
    assert deal.reason().rule == "deal.fr2.decouverte"
    # Whoever takes, the bidding card stays in the dealer's piles.
    a = DecouverteAuction(Seat.S, deal.bidding_card).call("take")
    assert a.contract.taker == Seat.N and a.contract.receiver == Seat.S and a.contract.trump == C("7C").suit


def test_deal_fr2_decouverte_refuses_east_and_west():
    with pytest.raises(NotATwoPlayerSeat):
        deal_decouverte(Seat.E, seed=1)
    with pytest.raises(NotATwoPlayerSeat):
        other(Seat.W)


def test_deal_fr2_decouverte_auction_as_french_with_two_speakers():
    a = DecouverteAuction(Seat.N, C("9H"))
    assert a.to_act == Seat.S and a.allowed() == ["pass", "take"]
    with pytest.raises(IllegalCall) as refused:
        a.call("pass", Seat.N)
    assert refused.value.reasons[0].rule == "bid.turn"
    a = a.call("pass").call("pass")
    assert a.round == 2 and a.to_act == Seat.S
    assert [r.rule for r in a.refusals()["take:H"]] == ["bid.fr.second-suit"]
    with pytest.raises(IllegalCall):
        a.call("take:H")
    void = a.call("pass").call("pass")
    assert void.contract == Void("bid.void", Seat.S)
    assert void.allowed() == []
    taken = a.call("pass").call("take:C")
    assert taken.contract.taker == Seat.N and taken.contract.trump == C("7C").suit
    with pytest.raises(IllegalCall) as closed:
        taken.call("pass")
    assert closed.value.reasons[0].rule == "bid.over"


def test_lead_fr2_first_the_player_who_did_not_deal():
    for dealer in TWO_SEATS:
        hand = DecouverteHand(deal_decouverte(dealer, seed=4), trump=0, taker=dealer)
        assert hand.to_play == other(dealer)
        assert hand.lead_reason().params == {"seat": other(dealer), "dealer": dealer}


def test_play_fr2_face_up_only_face_up_cards():
    hand = DecouverteHand(deal_decouverte(Seat.S, deck=DECK), trump=C("7C").suit, taker=Seat.N)
    assert cards_of(hand.legal()) == cards_of(hand.table.face_up(Seat.N))
    [reason] = hand.explain(C("AS"))  # N's own card, face down
    assert reason.rule == "play.fr2.face-up" and reason.params == {"seat": Seat.N, "card": C("AS")}
    with pytest.raises(IllegalPlay):
        hand.play(C("AS"))
    assert hand.explain(C("AC"))[0].rule == "play.fr2.face-up"  # the opponent's card


def test_play_fr2_face_up_french_trick_rules_apply():
    # Trump clubs. N leads a diamond: S, with no diamond face up, must trump (play.must-trump).
    hand = DecouverteHand(deal_decouverte(Seat.S, deck=DECK), trump=C("7C").suit, taker=Seat.N)
    hand.play(C("AD"))
    assert hand.legal() == hand.table.face_up(Seat.S)  # all clubs: every card is a trump
    # Trump diamonds: S has no diamond and no trump face up, so any card goes.
    hand = DecouverteHand(deal_decouverte(Seat.S, deck=DECK), trump=C("7D").suit, taker=Seat.N)
    hand.play(C("7D"))
    assert hand.legal() == hand.table.face_up(Seat.S)
    # Trump spades (all face down): N leads a diamond, S has none: any card (no trump to play).
    # Then a club lead: N, with no club face up but no trump either, discards anything.
    hand = DecouverteHand(deal_decouverte(Seat.S, deck=DECK), trump=C("7S").suit, taker=Seat.N)
    done = hand.play(C("KD")) or hand.play(C("AC"))
    assert done is not None and done.winner == Seat.N and done.reason.rule == "trick.win"


def test_play_fr2_face_up_must_follow_among_face_up_cards():
    deck = fixed_deck(
        "7S 8S 9S TS JS QS KS AS",
        "7H 8H 9H TH JH QH KH AH",
        "7D 8D 9D TD JD QD KD 7C",
        "AC KC QC JC TC 9C 8C AD",
    )
    hand = DecouverteHand(deal_decouverte(Seat.S, deck=deck), trump=C("7S").suit, taker=Seat.N)
    hand.play(C("7C"))
    assert cards_of(hand.legal()) == cards("8C 9C TC JC QC KC AC")
    assert [r.rule for r in hand.explain(C("AD"))] == ["play.must-follow"]


def test_play_fr2_turn_up_uncovered_cards_at_the_end_of_the_trick():
    hand = DecouverteHand(deal_decouverte(Seat.S, deck=DECK), trump=C("7C").suit, taker=Seat.N)
    hand.play(C("AD"))
    # Mid-trick N's uncovered card is still face down: nobody sees it yet.
    assert not hand.table.face_up(Seat.N) >> C("AS") & 1
    assert hand.view(Seat.S)["covered"][Seat.N][7] is True
    done = hand.play(C("7C"))
    assert done is not None and done.winner == Seat.S
    assert [(r.rule, r.params["seat"], r.params["card"]) for r in done.turned] == [
        ("play.fr2.turn-up", Seat.S, C("AH")),
        ("play.fr2.turn-up", Seat.N, C("AS")),
    ]
    assert hand.table.face_up(Seat.N) >> C("AS") & 1
    assert hand.table.face_up(Seat.S) >> C("AH") & 1
    assert hand.to_play == Seat.S  # the winner leads


def test_score_fr2_contract_taker_with_82_keeps_his_points():
    s = score_decouverte(Seat.N, {Seat.N: 82, Seat.S: 80})
    assert s.result == "made" and s.points == {Seat.N: 82, Seat.S: 80}
    assert [st.rule for st in s.steps] == ["score.fr2.contract"]
    # No capot in this game: all the points to the taker are the 162 of the cards.
    assert score_decouverte(Seat.S, {Seat.S: 162, Seat.N: 0}).points == {Seat.S: 162, Seat.N: 0}


def test_score_fr2_taker_fails_with_81_or_fewer():
    for taken in (81, 40, 0):
        s = score_decouverte(Seat.S, {Seat.S: taken, Seat.N: 162 - taken})
        assert s.result == "dedans" and s.points == {Seat.S: 0, Seat.N: 162}
        assert s.steps[0].rule == "score.fr2.taker-fails" and s.steps[0].params["limit"] == 81


def test_score_fr2_taker_fails_refuses_bad_totals():
    with pytest.raises(InvalidDecouverteScore):
        score_decouverte(Seat.S, {Seat.S: 90, Seat.N: 90})
    with pytest.raises(InvalidDecouverteScore):
        score_decouverte(Seat.S, {Seat.S: 162})


def test_deal_fr2_decouverte_every_hand_plays_to_the_end_property():
    """Thousands of random deals and random legal play: sixteen tricks, 162 points, a table emptied
    card by card, and every view hiding every face-down card."""
    rng = random.Random(2004)
    for n in range(2000):
        dealer = TWO_SEATS[n % 2]
        deal = deal_decouverte(dealer, seed=rng)
        trump = rng.randrange(4)
        taker = TWO_SEATS[rng.randrange(2)]
        hand = DecouverteHand(deal, trump=trump, taker=taker)
        seen: set[Card] = set()
        while not hand.is_over():
            seat = hand.to_play
            legal = hand.legal()
            assert legal and legal & ~hand.table.face_up(seat) == 0
            for viewer in TWO_SEATS:
                view = hand.view(viewer)
                visible = view["face_up"][Seat.S] | view["face_up"][Seat.N]
                hidden = hand.table.face_down(Seat.S) | hand.table.face_down(Seat.N)
                assert visible & hidden == 0
                assert not any(hidden >> c & 1 for c in _cards_named_in(view))
            card = rng.choice(cards_of(legal))
            assert not hand.explain(card)
            hand.play(card)
            seen.add(card)
        assert len(hand.tricks) == 16 and len(seen) == 32
        assert sum(hand.points.values()) == 162
        assert sum(t.points for t in hand.tricks) == 162
        assert hand.table.remaining() == 0
        assert sum(POINTS[trump][c] for t in hand.tricks for _, c in t.plays) == 152
        score = hand.score()
        assert score.result == ("made" if hand.points[taker] > 81 else "dedans")


def _cards_named_in(view: dict) -> set[Card]:
    """Every card a view names: its face-up masks, piles, trick and cards played."""
    named = set(cards_of(view["face_up"][Seat.S] | view["face_up"][Seat.N]))
    named |= {c for pile in view["piles"].values() for c in pile if c is not None}
    named |= {c for _, c in view["trick"]} | {c for _, c in view["played"]}
    return named


def test_play_fr2_face_up_view_names_no_face_down_card():
    hand = DecouverteHand(deal_decouverte(Seat.N, deck=DECK), trump=0, taker=Seat.S)
    hidden = mask_of(cards("7S 8S 9S TS JS QS KS AS 7H 8H 9H TH JH QH KH AH"))
    for seat in TWO_SEATS:
        assert not any(hidden >> c & 1 for c in _cards_named_in(hand.view(seat)))
        assert hand.view(seat)["covered"][seat] == (True,) * 8
