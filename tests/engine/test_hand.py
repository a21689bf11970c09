"""Whole hands: deal, auction, doubling, declarations, eight tricks and the score.

The property tests play thousands of random complete hands per variant through
the checked path (every card verified and explained on demand) and assert the
invariants docs/rules.md implies.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.auction import Contract
from engine.cards import CARDS, FULL_DECK, JACK, Card, Seat, Team, cards_of
from engine.hand import Called, Completed, Dealt, Declared, Doubled, Hand, Phase, Scored, Sold, WrongPhase
from engine.projects import best_split
from engine.ranking import NO_TRUMP, total_points
from engine.tricks import IllegalPlay, Played, TrickTaken
from engine.variants import rules_for


def random_auction(hand: Hand, rng: random.Random) -> None:
    while hand.phase is Phase.AUCTION:
        hand.call(rng.choice(hand.auction.allowed()))
    while hand.phase is Phase.DOUBLING:
        d = hand.doubling
        assert d is not None and d.speakers
        seat = rng.choice(d.speakers)
        hand.double(rng.choice(d.allowed(seat)), seat)


def checked_random_play(hand: Hand, rng: random.Random) -> None:
    while hand.phase is Phase.PLAY:
        legal = cards_of(hand.legal())
        assert legal, "a legal card always exists"
        assert hand.tricks is not None
        assert set(legal) <= set(cards_of(hand.tricks.hands[hand.tricks.to_play]))
        hand.play(rng.choice(legal))


def test_hand_saudi_auction_to_score_records_every_event():
    rules = rules_for("saudi")
    hand = Hand(rules, Seat.S, seed=12)
    # E speaks first (the player after the dealer): Hokm; the others pass; E confirms.
    hand.call("hokm", Seat.E)
    for seat in (Seat.N, Seat.W, Seat.S):
        hand.call("pass", seat)
    hand.call("confirm", Seat.E)
    assert hand.contract == Contract("hokm", hand.first.bidding_card.suit, Seat.E, Seat.E)
    assert hand.phase is Phase.DOUBLING
    hand.double("pass", Seat.N)
    assert hand.phase is Phase.PLAY
    assert hand.to_play == Seat.E, "lead.sa.first: the player after the dealer leads"
    checked_random_play(hand, random.Random(1))
    score = hand.score()
    kinds = [type(e) for e in hand.events]
    assert kinds[0] is Dealt and kinds.count(Called) == 5 and Sold in kinds and Completed in kinds
    assert kinds.count(Played) == 32 and kinds.count(TrickTaken) == 8 and kinds[-1] is Scored
    assert kinds.index(Completed) < kinds.index(Played)
    between = kinds[kinds.index(Completed) + 1 : kinds.index(Played)]
    assert set(between) <= {Doubled, Declared} and Doubled in between
    assert score.points[Team.NS] >= 0 and score.points[Team.EW] >= 0


def test_hand_receiver_gets_the_bidding_card_and_two_more():
    rules = rules_for("saudi")
    hand = Hand(rules, Seat.S, seed=3)
    card = hand.first.bidding_card
    hand.call("pass", Seat.E)
    hand.call("pass", Seat.N)
    hand.call("ashkal", Seat.W)  # W is the third speaker: Sun bought for E, who takes the card
    assert hand.contract is not None and hand.contract.receiver == Seat.E and hand.contract.trump == NO_TRUMP
    assert hand.full_hands[Seat.E] >> card & 1
    assert [len(cards_of(m)) for m in hand.full_hands] == [8, 8, 8, 8]


def deal_without_a_jack_up(variant: str, dealer: Seat) -> Hand:
    """A hand whose bidding card is not a Jack (a Jack forces the first Moroccan speaker to take)."""
    seed = 0
    while (hand := Hand(rules_for(variant), dealer, seed=seed)).first.bidding_card.rank == JACK:
        seed += 1
    return hand


def test_hand_void_after_two_rounds_of_passes():
    hand = deal_without_a_jack_up("moroccan", Seat.N)
    for _ in range(8):
        hand.call("pass")
    assert hand.phase is Phase.VOID
    with pytest.raises(WrongPhase):
        hand.legal()


def test_hand_lead_ma_first_is_after_the_taker():
    hand = deal_without_a_jack_up("moroccan", Seat.S)
    hand.call("pass", Seat.E)
    hand.call("take", Seat.N)
    assert hand.contract is not None and hand.contract.taker == Seat.N
    assert hand.to_play == Seat.W, "the player after the taker leads, not the player after the dealer"


def test_hand_refuses_an_illegal_card_and_undo_restores_it():
    hand = Hand.with_contract(rules_for("french"), Seat.S, Contract("hokm", 0, Seat.E, Seat.E), seed=21)
    rng = random.Random(2)
    hand.play(rng.choice(cards_of(hand.legal())))
    assert hand.tricks is not None
    seat = hand.tricks.to_play
    illegal = [c for c in cards_of(hand.tricks.hands[seat]) if not hand.legal() >> c & 1]
    if illegal:
        with pytest.raises(IllegalPlay) as err:
            hand.play(illegal[0])
        assert err.value.reasons and all(r.rule.startswith("play.") for r in err.value.reasons)
    before = list(hand.tricks.hands)
    played = hand.undo()
    assert hand.tricks.hands[played.seat] >> played.card & 1
    assert before != hand.tricks.hands


def test_hand_no_declarations_option_declares_nothing():
    rules = rules_for("french", {"no_declarations": True})
    hand = Hand.with_contract(rules, Seat.S, Contract("hokm", 2, Seat.W, Seat.W), seed=4)
    assert hand.declared == {}


VARIANTS = ["saudi", "moroccan", "french"]


@pytest.mark.parametrize("variant", VARIANTS)
@settings(max_examples=2000, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**32 - 1), dealer=st.sampled_from(list(Seat)))
def test_random_complete_hands_keep_the_invariants(variant, seed, dealer):
    rules = rules_for(variant)
    rng = random.Random(seed)
    hand = Hand(rules, dealer, seed=rng)
    # The deal: 32 distinct cards, five each and the bidding card.
    first = hand.first
    assert sum(len(cards_of(m)) for m in first.hands) == 20 and len(first.stock) == 11
    assert (first.hands[0] | first.hands[1] | first.hands[2] | first.hands[3]) >> first.bidding_card & 1 == 0
    random_auction(hand, rng)
    if hand.phase is Phase.VOID:
        return
    full = hand.full_hands
    assert full[0] | full[1] | full[2] | full[3] == FULL_DECK, "32 cards conserved"
    assert all(len(cards_of(m)) == 8 for m in full)
    checked_random_play(hand, rng)
    t = hand.tricks
    assert t is not None and hand.contract is not None
    trump = hand.contract.trump
    assert sum(t.points) == total_points(trump), "162 or 130 card points"
    assert sum(t.tricks) == 8
    assert sorted(c for tr in t.taken for c in tr.cards) == list(CARDS), "every card played once"
    score = hand.score()
    assert score.points[Team.NS] >= 0 and score.points[Team.EW] >= 0
    assert [
        s for s in score.steps if not s.rule.startswith(("score.", "proj.", "decl.", "double.", "penalty."))
    ] == []
    counting = hand.counting()
    bel = hand.belote()
    belote_value = bel.value if bel.counted else 0
    total = score.points[Team.NS] + score.points[Team.EW]
    if variant == "saudi" and score.result in ("made", "failed"):
        base = 26 if trump == NO_TRUMP else 16
        d = hand.doubling
        mult = d.multiplier if d else 1
        assert total == (base + counting.value) * mult + belote_value, "saudi hand scores add up"
    if variant == "moroccan" and score.result in ("made", "chute"):
        assert total == 162 + counting.value + belote_value, "moroccan hand scores add up"
    if variant == "french" and score.result in ("made", "dedans"):
        assert total == 162 + counting.value + belote_value, "french hand scores add up"


def test_hand_card_notation_round_trip_for_the_whole_deck():
    assert [Card.parse(str(c)) for c in CARDS] == list(CARDS)


def test_proj_sa_baloot_inside_hundred_is_judged_for_south_too():
    """South is seat 0: the holder's projects must be looked at for every seat, South included."""
    rules = rules_for("saudi")
    for seat in Seat:
        hand = Hand.with_contract(rules, Seat.W, Contract("hokm", 1, seat, seat), seed=1)
        # Give the seat a Hundred in trump holding K and Q, as if dealt.
        hundred = [Card.parse(c) for c in ("9H", "TH", "JH", "QH", "KH")]
        rest = [c for c in CARDS if c.suit != 1][:3]
        hand.declared[seat] = best_split([*hundred, *rest], rules, 1)
        full = list(hand.full_hands)
        mask = 0
        for c in [*hundred, *rest]:
            mask |= 1 << c
        full = [m & ~mask for m in full]
        full[seat] = mask
        hand.full_hands = tuple(full)
        bel = hand.belote()
        assert bel.seat == seat and not bel.counted, f"Baloot inside a Hundred must not count for {seat}"
