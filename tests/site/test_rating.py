"""Glicko-2 (lessons/rating.py): Glickman's own example, and what any rating must do."""

import itertools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lessons.rating import (
    MAX_DEVIATION,
    MAX_RATING,
    MAX_VOLATILITY,
    MIN_DEVIATION,
    MIN_RATING,
    Game,
    Rating,
    bounded,
    rate_answer,
    update,
)

# The machine running the tests may be busy: no time limit on an example or on generating it.
patient = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
ratings = st.builds(
    Rating,
    st.floats(min_value=MIN_RATING, max_value=MAX_RATING),
    st.floats(min_value=MIN_DEVIATION, max_value=MAX_DEVIATION),
    st.floats(min_value=0.01, max_value=MAX_VOLATILITY),
)


def test_it_gives_the_papers_figures_for_the_papers_example():
    """Glickman, "Example of the Glicko-2 system": 1500/200/0.06 against 1400/30, 1550/100, 1700/300."""
    player = Rating(1500, 200, 0.06)
    games = [
        Game(Rating(1400, 30), 1),
        Game(Rating(1550, 100), 0),
        Game(Rating(1700, 300), 0),
    ]

    after = update(player, games)

    # The paper prints 1464.06 from rounded intermediate values; the exact value is 1464.0507.
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.deviation == pytest.approx(151.52, abs=0.005)
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)  # 0.0599960


def test_it_only_widens_the_deviation_of_a_player_who_did_not_play():
    after = update(Rating(1500, 200, 0.06), [])

    assert after.rating == 1500
    assert after.deviation == pytest.approx((200**2 + (0.06 * 173.7178) ** 2) ** 0.5)
    assert after.volatility == 0.06


@patient
@given(ratings, ratings)
def test_winning_raises_the_rating_and_losing_lowers_it(learner, puzzle):
    won, _ = rate_answer(learner, puzzle, solved=True)
    lost, _ = rate_answer(learner, puzzle, solved=False)

    assert won.rating >= learner.rating
    assert lost.rating <= learner.rating
    assert won.rating > lost.rating


@patient
@given(ratings, ratings, st.booleans())
def test_the_puzzle_moves_the_other_way(learner, puzzle, solved):
    new_learner, new_puzzle = rate_answer(learner, puzzle, solved)

    if solved:
        assert new_puzzle.rating <= puzzle.rating
    else:
        assert new_puzzle.rating >= puzzle.rating
    assert (new_learner.rating - learner.rating) * (new_puzzle.rating - puzzle.rating) <= 0


def test_the_deviation_shrinks_with_play():
    learner, puzzle = Rating(), Rating(1500, 60)
    deviations = [learner.deviation]
    for n in range(30):
        learner, _ = rate_answer(learner, puzzle, solved=n % 2 == 0)
        deviations.append(learner.deviation)

    assert all(b < a for a, b in itertools.pairwise(deviations) if a > MIN_DEVIATION)
    assert deviations[-1] < 80


def test_a_surprise_moves_the_rating_more_than_an_expected_result():
    learner, easy, hard = Rating(1500, 100), Rating(1000, 60), Rating(2000, 60)

    expected_win, _ = rate_answer(learner, easy, solved=True)
    surprise_win, _ = rate_answer(learner, hard, solved=True)

    assert surprise_win.rating - learner.rating > expected_win.rating - learner.rating > 0


@patient
@given(ratings, ratings, st.booleans())
def test_ratings_stay_within_the_bounds(learner, puzzle, solved):
    for rating in rate_answer(learner, puzzle, solved):
        assert MIN_RATING <= rating.rating <= MAX_RATING
        assert MIN_DEVIATION <= rating.deviation <= MAX_DEVIATION
        assert 0 < rating.volatility <= MAX_VOLATILITY


def test_a_long_winning_run_stops_at_the_top_bound():
    learner = Rating(2900, 45)
    for _ in range(200):
        learner, _ = rate_answer(learner, Rating(MAX_RATING, 45), solved=True)

    assert learner.rating == MAX_RATING
    # The volatility keeps some uncertainty: the deviation settles near 60, far below 350.
    assert MIN_DEVIATION <= learner.deviation < 70


def test_bounded_brings_every_number_inside_the_limits():
    assert bounded(Rating(-50, 10, 0.5)) == Rating(MIN_RATING, MIN_DEVIATION, MAX_VOLATILITY)
    assert bounded(Rating(9000, 900, 0.05)) == Rating(MAX_RATING, MAX_DEVIATION, 0.05)
