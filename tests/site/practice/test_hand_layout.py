"""The learner's hand as it is laid out: grouped by suit, black and red suits in turn, the trumps
first once the contract names them, and the strongest card first within a suit."""

import itertools

from engine.cards import Card, mask_of
from engine.ranking import NO_TRUMP
from lessons.practice.display import sorted_hand, suit_order

S, H, D, C = range(4)


def red(suit: int) -> bool:
    return suit in (H, D)


def test_four_suits_alternate_black_and_red_without_a_contract():
    order = suit_order({S, H, D, C}, NO_TRUMP)
    assert sorted(order) == [S, H, D, C]
    assert all(red(a) != red(b) for a, b in itertools.pairwise(order))


def test_three_suits_put_the_lone_colour_in_the_middle():
    assert suit_order({S, H, D}, NO_TRUMP) == [H, S, D]


def test_the_trumps_come_first_and_the_others_still_alternate():
    for trump in (S, H, D, C):
        order = suit_order({S, H, D, C}, trump)
        assert order[0] == trump
        assert all(red(a) != red(b) for a, b in itertools.pairwise(order))


def test_a_trump_suit_not_held_changes_nothing():
    assert suit_order({S, C}, H) == [S, C]


def test_the_hand_is_grouped_and_ranked_by_the_engines_trick_strength():
    cards = [Card.parse(c) for c in ("9C", "JC", "QD", "AD", "TH", "JS", "KC", "TC")]
    in_clubs = [str(c) for c in sorted_hand(mask_of(cards), C)]
    # Clubs trumps: first, the jack and the nine on top; then hearts, spades, diamonds.
    assert in_clubs == ["JC", "9C", "TC", "KC", "TH", "JS", "AD", "QD"]
    no_trump = [str(c) for c in sorted_hand(mask_of(cards), NO_TRUMP)]
    assert no_trump[:4] == ["JS", "TH", "TC", "KC"]
