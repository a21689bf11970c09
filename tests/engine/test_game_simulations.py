"""bench/game_simulations.py: the chance of winning the game from a score sheet. The table of the
rest of the game follows the game's end (score.sa.game), a Gahwa decides the game on the hand
(double.sa.gahwa), the hand's playouts are the hand simulation's, and a run prints its BENCH lines."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bench import bidding_simulations as sims
from bench import game_simulations as games
from engine.cards import Card, mask_of
from engine.deal import complete_deal

TARGET = 152


def test_score_sa_game_the_first_to_the_target_wins_and_equal_totals_are_even():
    # Every later hand gives 10 to one team or the other, as often.
    table = games.win_table(Counter({(10, 0): 1, (0, 10): 1}), TARGET)
    assert games.chance(table, TARGET, 0, 0) == pytest.approx(0.5)
    assert games.chance(table, TARGET, 145, 0) == pytest.approx(1.0, abs=1e-3)  # one hand ends it
    assert games.chance(table, TARGET, 160, 150) == 1.0
    assert games.chance(table, TARGET, 150, 160) == 0.0
    assert games.chance(table, TARGET, 155, 155) == 0.5
    assert games.chance(table, TARGET, 140, 140) == pytest.approx(0.5)
    assert games.chance(table, TARGET, 140, 130) > games.chance(table, TARGET, 130, 140)


def test_void_hands_do_not_change_the_chances():
    with_void = games.win_table(Counter({(16, 0): 1, (0, 16): 1, (0, 0): 2}), TARGET)
    without = games.win_table(Counter({(16, 0): 1, (0, 16): 1}), TARGET)
    assert with_void[100][120] == pytest.approx(without[100][120])


def test_double_sa_gahwa_the_hand_decides_the_game():
    gs = games.GameScenario("t", "sa-double-weak", 0, 0, said=("double", "three", "four"))
    outcomes = [
        games.HandOutcome(True, ((16, 0), (32, 0), (48, 0), (64, 0))),
        games.HandOutcome(False, ((0, 16), (0, 32), (0, 48), (0, 64))),
        games.HandOutcome(True, ((16, 0), (32, 0), (48, 0), (64, 0))),
        games.HandOutcome(True, ((16, 0), (32, 0), (48, 0), (64, 0))),
    ]
    table = games.win_table(Counter({(10, 0): 1, (0, 10): 1}), TARGET)
    r = games.game_chances(gs, outcomes, table, TARGET)
    assert r.stops["gahwa"] == 0.25  # the defenders win one hand in four, so the game
    assert r.hand_won == 0.25
    # The buyers to speak: their chance with Gahwa is 75 %.
    assert games.speaker_chance(gs, r.replies["gahwa"]) == 0.75


def test_at_140_against_130_a_double_costs_the_defenders_nothing():
    # The buyers make it 4 times in 5 (16 to 0 undoubled): at 140 they reach the target either way.
    gs = games.GameScenario("t", "sa-double-weak", 140, 130)
    made = games.HandOutcome(True, ((16, 0), (32, 0), (48, 0), (64, 0)))
    failed = games.HandOutcome(False, ((0, 16), (0, 32), (0, 48), (0, 64)))
    table = games.win_table(Counter({(10, 0): 1, (0, 10): 1}), TARGET)
    r = games.game_chances(gs, [made] * 4 + [failed], table, TARGET)
    assert r.stops["double"] == pytest.approx(0.2)  # a failed doubled Hokm gives 162: the game
    assert r.stops["pass"] < 0.2  # a failed Hokm gives 146: the game goes on
    assert games.best_word(gs, r) == "double"


def test_the_hand_playouts_are_the_hand_simulations_deals():
    sc = next(s for s in sims.SCENARIOS if s.name == "sa-double-weak")
    tally = sims.run_scenario(sc, "heuristic", 30, seed=7)["pass"]
    outcomes = games.hand_outcomes("sa-double-weak", "heuristic", 30, 7)
    assert sum(o.made for o in outcomes) == tally.made
    for o in outcomes:
        assert len(o.points) == 4
        winner = 0 if o.made else 1
        # Doubled, the hand is not split: the loser keeps at most its Baloot (score.sa.doubled).
        assert o.points[3][winner] >= o.points[1][winner] >= o.points[0][winner]
        assert o.points[1][1 - winner] <= 2


def test_a_buyer_holding_deals_the_buyer_its_eight_cards():
    bh = games.holding("sa-buyer-strong")
    assert isinstance(bh, games.BuyerHolding)
    first, contract = games.buyer_deal(bh, random.Random(3))
    full = complete_deal(first, contract.receiver, bh.rules)
    assert full[bh.seat()] == mask_of(Card.parse(c) for c in bh.hand)
    assert sum(bin(h).count("1") for h in full) == 32


def test_every_game_scenario_has_a_unique_name_and_a_holding():
    names = [g.name for g in games.GAME_SCENARIOS]
    assert len(set(names)) == len(names)
    for g in games.GAME_SCENARIOS:
        assert games.holding(g.holding)
        assert 0 <= g.level < 4


def test_a_quick_run_prints_its_bench_lines_and_the_same_figures_twice(capsys):
    argv = ["--deals", "6", "--strong-deals", "1", "--rest-deals", "40", "--only", "sa-game-weak-b140-d130"]
    games.main(argv)
    one = capsys.readouterr().out
    games.hand_outcomes.cache_clear()
    games.main(argv)
    assert capsys.readouterr().out.count("BENCH") == one.count("BENCH")
    assert "BENCH game_win_pct_sa-game-weak-b140-d130_double_strong " in one
    assert "### sa-game-weak-b140-d130" in one
    assert "| heuristic | pass | 6 |" in one
