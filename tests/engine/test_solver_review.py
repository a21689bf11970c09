"""Reviewing a played hand and giving a hint: the exact solver's answers, as data."""

from __future__ import annotations

import random

import pytest

from engine.cards import Card, Seat, Team, cards_of, mask_of
from engine.deal import complete_deal, first_deal
from engine.ranking import NO_TRUMP
from engine.solver import solve
from engine.solver.hint import hint
from engine.solver.position import BestCardPosition
from engine.solver.review import review
from engine.tricks import IllegalPlay, TrickPlay
from engine.variants import rules_for


def h(*cards: str) -> int:
    return mask_of(Card.parse(c) for c in cards)


def played_hand(variant: str, options: dict[str, bool], seed: int, trump: int):
    """A deal and its 32 cards played at random: (rules, hands as dealt, first leader, plays)."""
    rng = random.Random(seed)
    rules = rules_for(variant, options)
    hands = complete_deal(first_deal(rules, Seat.S, rng), Seat.E, rules)
    t = TrickPlay(rules, hands, trump, Seat.E)
    while not t.is_over():
        t.push(rng.choice(cards_of(t.legal())))
    return rules, tuple(hands), Seat.E, [m.card for m in t.moves]


def test_review_values_equal_a_fresh_solve_of_each_position():
    # The solves of a hand share one table: the answers must be those of separate solves.
    # Two tricks played first keep the separate solves short.
    rules, hands, leader, plays = played_hand("french", {}, 5, 1)
    r = review(rules, 1, hands, leader, plays, Seat.N, taker=Team.NS)
    assert [d.trick for d in r.decisions] == list(range(1, 9))
    norths = [c for i, c in enumerate(plays) if _seat_of(rules, 1, hands, leader, plays, i) == Seat.N]
    assert [d.played for d in r.decisions] == norths
    for d in r.decisions[2:]:
        p = d.position
        s = solve(p.rules, p.trump, p.hands, p.to_play, p.leader, p.trick, p.points_so_far, p.taker)
        assert d.values == {c: s.totals(c)[0] for c in s.values}
        assert d.best == tuple(s.best)


def _seat_of(rules, trump, hands, leader, plays, i):
    t = TrickPlay(rules, list(hands), trump, leader)
    for c in plays[:i]:
        t.push(c)
    return Seat(t.to_play)


def test_review_loss_is_the_best_value_less_the_card_played():
    rules, hands, leader, plays = played_hand("saudi", {}, 8, NO_TRUMP)
    r = review(rules, NO_TRUMP, hands, leader, plays, Seat.W)
    assert r.seat == Seat.W and r.team == Team.EW and len(r.decisions) == 8
    for d in r.decisions:
        assert d.value == d.values[d.played]
        assert d.loss == max(d.values.values()) - d.value >= 0
        assert set(d.best) == {c for c, v in d.values.items() if v == max(d.values.values())}
        if d.loss:
            assert d.reason.rule == "solve.loses" and d.reason.params["points"] == d.loss
        else:
            assert d.reason.rule == "solve.best" and d.played in d.best
    assert r.loss == sum(d.loss for d in r.decisions)
    # Values are the team's points for the whole hand: 130 card points in Sun, last trick included.
    assert all(0 <= v <= 130 for d in r.decisions for v in d.values.values())


def test_review_of_a_hand_not_finished_judges_the_cards_played_so_far():
    hands = (h("AS", "7H"), h("TS", "8H"), h("KS", "9H"), h("QS", "JH"))
    plays = [Card.parse(c) for c in ("AS", "TS", "KS")]
    r = review(rules_for("saudi"), NO_TRUMP, hands, Seat.S, plays, Seat.S)
    (d,) = r.decisions
    assert (str(d.played), d.loss, [str(c) for c in d.best]) == ("AS", 10, ["7H"])
    assert review(rules_for("saudi"), NO_TRUMP, hands, Seat.S, plays, Seat.W).decisions == ()


def test_review_refuses_a_card_that_may_not_be_played():
    hands = (h("AS", "7H"), h("TS", "8H"), h("KS", "9H"), h("QS", "JH"))
    plays = [Card.parse(c) for c in ("AS", "8H")]  # East holds a spade: must follow
    with pytest.raises(IllegalPlay):
        review(rules_for("saudi"), NO_TRUMP, hands, Seat.S, plays, Seat.E)


def test_review_play_ekka_call_holds_for_its_trick():
    # Saudi Hokm (hearts), ekka option: S leads KS calling Ekka, E trumps, and N (void in
    # spades, no higher trump) may discard: without the call the discard is refused.
    rules = rules_for("saudi", {"ekka": True})
    hands = (h("KS", "9D"), h("JH", "7D"), h("7H", "AD"), h("QS", "8D"))
    plays = [Card.parse(c) for c in ("KS", "JH", "AD")]
    r = review(rules, 1, hands, Seat.S, plays, Seat.N, ekka=[1])
    (d,) = r.decisions
    assert d.position.ekka and set(d.values) == {Card.parse("7H"), Card.parse("AD")}
    with pytest.raises(IllegalPlay):
        review(rules, 1, hands, Seat.S, plays, Seat.N)


def test_hint_gives_the_solver_best_cards_and_the_themes():
    p = BestCardPosition(
        rules_for("moroccan"),
        0,
        (h("7S", "TD", "8C"), h("KH", "AD", "9C"), h("TC", "9D"), h("AC", "7D")),
        Seat.N,
        Seat.S,
        [Card.parse("AH"), Card.parse("7H")],
        (60, 35),
        Team.NS,
    )
    answer = hint(p)
    s = solve(p.rules, p.trump, p.hands, p.to_play, p.leader, p.trick, p.points_so_far, p.taker)
    assert answer.best == tuple(s.best) == (Card.parse("TD"),)
    assert answer.points == s.totals(s.best[0])[0]
    assert answer.themes == ("last-trick", "discard")
    assert answer.reason.rule == "solve.best" and answer.reason.params["cards"] == [Card.parse("TD")]
