"""A seat that declares for itself (engine.declaring): credited, false and missed declarations,
the Baloot said or missed, and seed 002's penalty (penalty.sa.khaysh) where the table plays it."""

from __future__ import annotations

import pytest

from engine.auction import Contract
from engine.cards import KING, QUEEN, Seat, card, cards_of
from engine.hand import Hand, Phase, WrongPhase
from engine.projects import best_split_mask
from engine.variants import rules_for

S = Seat.S


def deal_where(variant, wanted, khaysh=False, mode="hokm"):
    """The first seeded hand (South bought Hokm in hearts) whose South hand satisfies ``wanted``."""
    rules = rules_for(variant)
    trump = 1 if mode == "hokm" else 4
    for seed in range(2000):
        hand = Hand.with_contract(
            rules, Seat.W, Contract(mode, trump, S, S), seed=seed, declaring=[S], khaysh=khaysh
        )
        if wanted(hand):
            return hand
    raise AssertionError("no such deal")


def projects_of(hand):
    return best_split_mask(hand.full_hands[S], hand.rules, hand.contract.trump)


def only_a_sira(hand):
    return [p.type for p in projects_of(hand)] == ["sira"] and not hand.belote_pair(S)


def holds_baloot(hand):
    return bool(hand.belote_pair(S)) and not projects_of(hand)


def play_out(hand, say_belote_with=()):
    """First legal card everywhere; South says Baloot with the cards in ``say_belote_with``."""
    while hand.phase is Phase.PLAY:
        c = cards_of(hand.legal())[0]
        if hand.to_play == S and c in say_belote_with:
            hand.say_belote(S)
        hand.play(c)
    return hand.score()


def rules_in(score):
    return [step.rule for step in score.steps]


def test_proj_sa_declare_a_sira_announced_is_credited():
    hand = deal_where("saudi", only_a_sira)

    check = hand.declare(S, ["sira"])

    assert check.ok and [p.type for p in check.credited] == ["sira"]
    assert hand.declared[S] == list(check.credited)
    assert [r.params["case"] for r in check.reasons] == ["credited"]


def test_proj_sa_declare_nobody_declares_for_a_seat_that_declares_itself():
    hand = deal_where("saudi", only_a_sira)

    assert S not in hand.declared
    assert hand.may_declare(S)


def test_proj_sa_declare_a_sira_not_announced_before_the_first_card_is_missed():
    hand = deal_where("saudi", only_a_sira)
    while hand.to_play != S:
        hand.play(cards_of(hand.legal())[0])

    hand.play(cards_of(hand.legal())[0])

    assert not hand.may_declare(S)
    assert [p.type for p in hand.checks[S].missed] == ["sira"]
    assert S not in hand.declared
    with pytest.raises(WrongPhase):
        hand.declare(S, ["sira"])


def test_proj_sa_declare_a_false_declaration_loses_its_points_without_the_penalty():
    hand = deal_where("saudi", only_a_sira)

    check = hand.declare(S, ["fifty"])

    assert check.false == ("fifty",) and [p.type for p in check.missed] == ["sira"]
    assert hand.offence is None
    score = play_out(hand)
    assert "penalty.sa.khaysh" not in rules_in(score)


def test_penalty_sa_khaysh_a_false_declaration_loses_the_hand_where_the_table_plays_it():
    hand = deal_where("saudi", only_a_sira, khaysh=True)

    hand.declare(S, ["fifty"])
    score = play_out(hand)

    assert hand.offence == (S, "proj.sa.declare")
    assert rules_in(score)[0] == "penalty.sa.khaysh"
    assert score.result == "failed"
    assert score.points[S.team] == 0


def test_proj_sa_baloot_said_with_the_second_card_counts():
    hand = deal_where("saudi", holds_baloot)
    hand.declare(S, [])
    pair = cards_of(hand.belote_pair(S))

    score = play_out(hand, say_belote_with=pair)

    assert S in hand.belote_said and S not in hand.belote_missed
    assert "proj.sa.baloot" in rules_in(score)


def test_proj_sa_baloot_not_said_is_lost():
    hand = deal_where("saudi", holds_baloot)
    hand.declare(S, [])

    score = play_out(hand)

    assert S in hand.belote_missed
    assert "proj.sa.baloot" not in rules_in(score)
    assert hand.offence is None


def test_penalty_sa_khaysh_the_second_baloot_card_played_without_the_call_loses_the_hand():
    hand = deal_where("saudi", holds_baloot, khaysh=True)
    hand.declare(S, [])

    score = play_out(hand)

    assert hand.offence == (S, "proj.sa.baloot")
    assert rules_in(score)[0] == "penalty.sa.khaysh"
    assert score.points[S.team] == 0


def test_decl_fr_belote_said_with_the_first_card_counts():
    hand = deal_where("french", holds_baloot)
    hand.declare(S, [])
    trump = hand.contract.trump
    queen, king = card(trump, QUEEN), card(trump, KING)

    score = play_out(hand, say_belote_with=(queen, king))

    assert S in hand.belote_said
    assert "decl.fr.belote" in rules_in(score)


def test_decl_fr_best_no_penalty_outside_saudi_even_when_asked():
    hand = deal_where("french", lambda h: bool(projects_of(h)), khaysh=True)

    hand.declare(S, ["carre"] if projects_of(hand)[0].type != "carre" else ["tierce", "tierce", "tierce"])

    assert hand.offence is None
    assert not hand.khaysh
