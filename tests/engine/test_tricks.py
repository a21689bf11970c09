"""Eight tricks with make and undo (the state the hand runner, bots and solver share)."""

from __future__ import annotations

import random

import pytest

from engine.cards import Card, Seat, cards_of, mask_of
from engine.deal import complete_deal, first_deal
from engine.ranking import NO_TRUMP
from engine.tricks import IllegalPlay, TrickPlay
from engine.variants import rules_for


def full_hands(variant: str, seed: int):
    rules = rules_for(variant)
    return rules, complete_deal(first_deal(rules, Seat.S, seed=seed), Seat.E, rules)


@pytest.mark.parametrize(
    "variant,trump,total", [("saudi", NO_TRUMP, 130), ("moroccan", 1, 162), ("french", 3, 162)]
)
def test_trick_win_eight_tricks_conserve_cards_and_points(variant, trump, total):
    rules, hands = full_hands(variant, 5)
    t = TrickPlay(rules, hands, trump, Seat.E)
    rng = random.Random(3)
    while not t.is_over():
        t.push(rng.choice(cards_of(t.legal())))
    assert sum(t.points) == total
    assert sum(t.tricks) == 8
    assert sorted(c for tr in t.taken for c in tr.cards) == sorted(c for h in hands for c in cards_of(h))
    assert t.taken[-1].points >= 10, "the last trick carries the dix de der"


def test_trick_play_pop_restores_every_intermediate_state():
    rules, hands = full_hands("saudi", 11)
    t = TrickPlay(rules, hands, 2, Seat.E)
    rng = random.Random(4)
    states = []
    while not t.is_over():
        states.append((list(t.hands), list(t.trick), list(t.points), list(t.tricks), t.leader, t.to_play))
        t.push(rng.choice(cards_of(t.legal())))
    while t.moves:
        t.pop()
        state = (list(t.hands), list(t.trick), list(t.points), list(t.tricks), t.leader, t.to_play)
        assert state == states.pop()


def test_trick_play_refuses_an_illegal_card_with_reasons():
    rules = rules_for("moroccan")
    hands = [0, 0, 0, 0]
    hands[Seat.E] = mask_of([Card.parse("9C")])
    hands[Seat.N] = mask_of([Card.parse("KC"), Card.parse("AS")])
    t = TrickPlay(rules, hands, 1, Seat.E)
    t.push(Card.parse("9C"))
    with pytest.raises(IllegalPlay) as err:
        t.push(Card.parse("AS"))
    assert [r.rule for r in err.value.reasons] == ["play.must-follow"]
    with pytest.raises(IllegalPlay) as err:
        t.push(Card.parse("7D"))
    assert err.value.reasons == []


def test_trick_play_clockwise_french_option_reverses_the_turn():
    rules = rules_for("french", {"clockwise": True})
    _, hands = full_hands("french", 2)
    t = TrickPlay(rules, hands, 0, Seat.S)
    t.push(cards_of(t.legal())[0])
    assert t.to_play == Seat.W


@pytest.mark.parametrize(
    "variant,options,trump",
    [("saudi", {}, NO_TRUMP), ("saudi", {"ekka": True}, 1), ("moroccan", {}, 2),
     ("french", {"clockwise": True}, 3), ("french", {"always_undertrump": True}, 0)],
)
@pytest.mark.parametrize("seed", range(6))
def test_trick_play_playout_plays_what_push_would(variant, options, trump, seed):
    rules = rules_for(variant, options)
    _, hands = full_hands(variant, seed)
    fast, slow = TrickPlay(rules, hands, trump, Seat.N), TrickPlay(rules, hands, trump, Seat.N)
    rng = random.Random(seed)
    for _ in range(seed * 3):  # start some playouts in the middle of a trick
        card = cards_of(fast.legal())[0]
        fast.push(card)
        slow.push(card)
    fast.ekka = slow.ekka = seed % 2 == 1
    fast.playout(random.Random(seed))
    while not slow.is_over():
        legal = cards_of(slow.legal())
        slow.push(legal[int(rng.random() * len(legal))])
    assert fast.moves == slow.moves and fast.taken == slow.taken
    state = (fast.hands, fast.trick, fast.points, fast.tricks)
    assert state == (slow.hands, slow.trick, slow.points, slow.tricks)
    assert (fast.leader, fast.to_play, fast.ekka) == (slow.leader, slow.to_play, slow.ekka)
    while fast.moves:
        assert fast.pop() == slow.pop()
    assert fast.hands == list(hands) and fast.points == [0, 0] and fast.taken == []
