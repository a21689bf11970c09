"""bench/bidding_simulations.py on a few hands: the deals hold the scenario's cards, the figures are
the same on every run with the same seed, and the output has its BENCH lines and its table."""

from __future__ import annotations

import random

import pytest

from bench import bidding_simulations as sims
from engine.cards import Card, Seat, mask_of
from engine.deal import complete_deal, first_deal
from engine.hand import Hand

BY_NAME = {sc.name: sc for sc in sims.SCENARIOS}


def test_every_scenario_has_a_unique_name_and_distinct_cards():
    assert len(BY_NAME) == len(sims.SCENARIOS)
    for sc in sims.SCENARIOS:
        cards = [*sc.hand, sc.bidding_card]
        assert len(set(cards)) == len(cards), sc.name
        assert len(sc.hand) == (8 if sc.doubling else 5), sc.name


@pytest.mark.parametrize("name", ["sa-j9-ace", "ma-round2-hearts", "fr-third-seat"])
def test_a_bidding_deal_gives_the_seat_its_five_cards_and_the_deck_deals_it_back(name):
    sc = BY_NAME[name]
    rules = sc.rules
    first = sims.bidding_deal(sc, random.Random(1))
    assert first.hands[sc.seat()] == mask_of(Card.parse(c) for c in sc.hand)
    assert first.bidding_card == Card.parse(sc.bidding_card)
    again = first_deal(rules, Seat.parse(sc.dealer), deck=sims.deck_for(rules, first))
    assert again == first


def test_a_doubling_deal_gives_the_defender_its_eight_cards_and_the_buyer_the_bidding_card():
    sc = BY_NAME["sa-double-strong"]
    contract = sims.doubled_contract(sc)
    first = sims.doubling_deal(sc, contract, random.Random(2))
    full = complete_deal(first, contract.receiver, sc.rules)
    assert full[sc.seat()] == mask_of(Card.parse(c) for c in sc.hand)
    assert full[contract.taker] >> first.bidding_card & 1
    hand = Hand.with_contract(sc.rules, first.dealer, contract, deck=sims.deck_for(sc.rules, first))
    assert hand.full_hands == full


def test_the_figures_are_the_same_on_every_run_with_the_same_seed():
    sc = BY_NAME["fr-j9-ace"]
    one = sims.run_scenario(sc, "heuristic", 20, seed=5)
    two = sims.run_scenario(sc, "heuristic", 20, seed=5)
    assert one == two
    assert one["take"].bought == 20 and 0 <= one["take"].made <= 20


def test_the_strong_bot_plays_a_few_hands_out(capsys):
    sims.main(["--deals", "4", "--strong-deals", "1", "--only", "sa-double-weak,ma-j-alone", "--no-choice"])
    out = capsys.readouterr().out
    assert "BENCH sim_made_pct_sa-double-weak_double_strong " in out
    assert "BENCH sim_margin_ma-j-alone_take_heuristic " in out
    assert "| ma-j-alone | strong | take | 1 |" in out
