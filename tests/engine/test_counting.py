"""engine.counting: the trumps still out, and whether the contract is already decided.

The contract is judged by the hand's own score (engine.scoring.score_hand) at both extremes: the
same tricks read by each variant's comparison (Saudi rounding and "more than the others",
Moroccan "more than the defence", French "at least as much").
"""

import pytest

from engine.cards import Card, Seat, Team
from engine.counting import CountingError, check_tricks, contract_outlook, trumps_left
from engine.ranking import NO_TRUMP
from engine.variants import rules_for

S, E, N, W = Seat.S, Seat.E, Seat.N, Seat.W
SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3


def tricks(*rows):
    """``("S KS", "E 7S", ...)`` per trick, in play order."""
    return [[(Seat[p.split()[0]], Card.parse(p.split()[1])) for p in row] for row in rows]


# Spades trump, South took: after six tricks North–South have 81 card points, East–West 24.
EIGHTY_ONE = tricks(
    ("S KS", "E 7S", "N 8S", "W JS"),
    ("W 8C", "S TS", "E 7C", "N AC"),
    ("S 9S", "E 7D", "N QS", "W 9H"),
    ("S 8H", "E JH", "N AH", "W TH"),
    ("N AD", "W QD", "S 9D", "E 8D"),
    ("N 7H", "W JC", "S KH", "E 9C"),
)
# Clubs trump, West bought: East–West have 27 abnat, North–South 79, 56 still in play.
TWENTY_SEVEN = tricks(
    ("E 7D", "N TD", "W 9D", "S AD"),
    ("S AS", "E 8S", "N TS", "W JS"),
    ("S KS", "E TC", "N 7C", "W QS"),
    ("E KD", "N 8C", "W QC", "S QD"),
    ("W KC", "S JC", "E 7H", "N AH"),
)
# Sun, South bought: North–South 78 abnat, East–West 12, 40 still in play.
SUN_78 = tricks(
    ("N AS", "W 7S", "S KS", "E JS"),
    ("N TS", "W QS", "S 8S", "E 8C"),
    ("N 9S", "W 7D", "S AH", "E 9H"),
    ("N 8H", "W JH", "S 7H", "E TH"),
    ("E JC", "N TC", "W 7C", "S AC"),
    ("S AD", "E QD", "N 9D", "W 8D"),
)
# Diamonds trump: four trumps fall in tricks 1 and 4.
FOUR_TRUMPS = tricks(
    ("S QD", "E JD", "N 8D", "W AC"),
    ("E AS", "N 7S", "W TS", "S JS"),
    ("E 7C", "N 8C", "W TC", "S JC"),
    ("W KS", "S AD", "E QS", "N 8S"),
)


# ---------------------------------------------------------------- trumps left


def test_trumps_left_counts_the_trumps_played_and_held():
    count = trumps_left(DIAMONDS, FOUR_TRUMPS, [Card.parse(c) for c in ("TH", "KH", "9D", "QC")])

    assert [(t.trick, str(t.seat), str(t.card)) for t in count.seen] == [
        (1, "S", "QD"), (1, "E", "JD"), (1, "N", "8D"), (4, "S", "AD"),
    ]  # fmt: skip
    assert [str(c) for c in count.held] == ["9D"]
    assert count.left == 3
    assert sorted(str(c) for c in count.out) == ["7D", "KD", "TD"]


def test_trumps_left_without_a_trump_in_hand():
    count = trumps_left(DIAMONDS, FOUR_TRUMPS, [Card.parse(c) for c in ("TH", "KH", "9H", "QC")])

    assert count.held == () and count.left == 4


def test_trumps_left_refuses_a_card_of_the_hand_already_played():
    with pytest.raises(CountingError):
        trumps_left(DIAMONDS, FOUR_TRUMPS, [Card.parse("QD")])


def test_check_tricks_refuses_a_trick_not_led_by_the_last_winner():
    wrong = [FOUR_TRUMPS[0], *tricks(("W AS", "S 7S", "E TS", "N KS"))]
    with pytest.raises(CountingError, match="led by W"):
        check_tricks(wrong, DIAMONDS)


def test_check_tricks_refuses_a_card_played_twice():
    with pytest.raises(CountingError, match="twice"):
        check_tricks(tricks(("S QD", "E QD", "N 8D", "W AC")), DIAMONDS)


# ---------------------------------------------------------------- the contract, by each variant's score


def test_score_fr_contract_81_is_already_made_at_least_as_much():
    outlook = contract_outlook(rules_for("french"), SPADES, Team.NS, EIGHTY_ONE)

    assert outlook.taken == {Team.NS: 81, Team.EW: 24} and outlook.left == 57
    assert outlook.verdict == "made"
    assert outlook.worst.points == {Team.NS: 81, Team.EW: 81}


def test_score_ma_contract_81_is_not_yet_made_more_than_the_defence():
    # 81 against 81 would be a litige: not made yet.
    outlook = contract_outlook(rules_for("moroccan"), SPADES, Team.NS, EIGHTY_ONE)

    assert outlook.verdict == "open"
    assert outlook.worst.result == "litige" and outlook.best.made


def test_score_sa_buyer_wins_81_in_hokm_is_not_yet_made():
    # 81 abnat round to 8 against 8: a tie fails.
    outlook = contract_outlook(rules_for("saudi"), SPADES, Team.NS, EIGHTY_ONE)

    assert outlook.verdict == "open"
    assert outlook.worst.steps[0].rule == "score.sa.round-hokm"
    assert not outlook.worst.made


def test_score_sa_round_hokm_83_at_best_is_already_lost():
    outlook = contract_outlook(rules_for("saudi"), CLUBS, Team.EW, TWENTY_SEVEN)

    assert outlook.taken == {Team.NS: 79, Team.EW: 27} and outlook.left == 56
    assert outlook.verdict == "lost"
    assert outlook.best.steps[0].params["abnat"] == 83 and outlook.best.steps[0].params["result"] == 8


def test_score_sa_round_sun_78_is_already_made():
    outlook = contract_outlook(rules_for("saudi"), NO_TRUMP, Team.NS, SUN_78)

    assert outlook.taken == {Team.NS: 78, Team.EW: 12} and outlook.left == 40
    assert outlook.verdict == "made"
    assert outlook.worst.points == {Team.NS: 16, Team.EW: 10}


def test_what_is_still_in_play_is_the_total_minus_both_sides():
    outlook = contract_outlook(rules_for("french"), SPADES, Team.NS, EIGHTY_ONE)

    assert outlook.left + sum(outlook.taken.values()) == 162
    assert outlook.tricks_left == 2


def test_a_hand_with_every_trick_left_to_the_defence_is_scored_as_a_capot_for_them():
    # West's jack wins the first trick: the takers, North–South, have no trick yet.
    outlook = contract_outlook(rules_for("french"), SPADES, Team.NS, EIGHTY_ONE[:1])

    assert outlook.tricks == {Team.NS: 0, Team.EW: 1}
    assert outlook.worst.result == "capot"
    assert outlook.verdict == "open"
