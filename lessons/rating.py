"""Glicko-2 ratings, as Glickman describes them in "Example of the Glicko-2 system" (2013).

Pure arithmetic: no Django, no database. A :class:`Rating` is the triple the paper works with,
on the Glicko scale (a newcomer is 1500 ± 350 with volatility 0.06); :func:`update` is the
paper's steps 1 to 8 for one player and the games of one rating period, unchanged, so the
paper's own example gives the paper's figures.

The puzzle trainer treats every first answer as a rating period of one game between the
learner and the puzzle: :func:`rate_answer` updates both sides (the puzzle "wins" when the
learner fails it) and keeps the results inside :func:`bounded`'s limits, so that a long run of
answers can never drive a rating or a deviation to an absurd value.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

# Glicko-2 works on its own scale: rating = 1500 + SCALE * mu, deviation = SCALE * phi.
SCALE = 173.7178
DEFAULT_RATING = 1500.0
DEFAULT_DEVIATION = 350.0
DEFAULT_VOLATILITY = 0.06
# The system constant: how far volatility may move in one period. Glickman suggests 0.3 to 1.2
# (0.5 in his example). The trainer takes the low end: one puzzle answer is a noisy game (a lucky
# click, a slip), and a volatility that jumps after a few surprises would make the next answers
# swing the rating as wildly as a newcomer's. The paper's example is checked with tau=0.5.
TAU = 0.3
# When the volatility iteration (the paper's step 5) stops.
EPSILON = 0.000001

# The trainer's limits. A deviation never shrinks below MIN_DEVIATION, so a rating keeps moving
# a little with each answer; it never grows past the newcomer's 350.
MIN_RATING = 400.0
MAX_RATING = 3000.0
MIN_DEVIATION = 45.0
MAX_DEVIATION = DEFAULT_DEVIATION
MAX_VOLATILITY = 0.1

# A learner who said where they start ("I am new", "I know the rules", "I play often": the
# ratings are lessons/standing.py's LEVELS) starts at this deviation instead of 350. Their choice
# is information: with 350 a first answer moved the rating by about 160 points, so a beginner's
# first miss threw them far below their level and a lucky first answer far above it. With 200
# the first answers move it by about 65 points, then 50, 40, ... (about 30 after ten answers),
# and the rating is still marked provisional (deviation above 110) for its first ten answers or so.
LEVEL_DEVIATION = 200.0


@dataclass(frozen=True)
class Rating:
    """A rating with its deviation (the uncertainty: 350 for a newcomer) and its volatility."""

    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY


@dataclass(frozen=True)
class Game:
    """One game of the rating period: the opponent as rated before it, and the score (1, 0.5 or 0)."""

    opponent: Rating
    score: float


def starting_rating(difficulty: int) -> float:
    """A new puzzle's rating before anyone has answered it, from its difficulty (1..5).

    Difficulty 3 starts at the default; each step is 150 points, so the first learners meet
    easy puzzles first instead of a random mix all rated 1500.

    >>> starting_rating(1), starting_rating(3), starting_rating(5)
    (1200.0, 1500.0, 1800.0)
    """
    return DEFAULT_RATING + 150.0 * (min(max(difficulty, 1), 5) - 3)


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi**2 / math.pi**2)


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def update(player: Rating, games: Sequence[Game], tau: float = TAU) -> Rating:
    """The player's rating after one rating period with ``games`` (the paper's steps 1 to 8).

    >>> after = update(Rating(1500, 200), [Game(Rating(1400, 30), 1), Game(Rating(1550, 100), 0),
    ...                                   Game(Rating(1700, 300), 0)], tau=0.5)
    >>> round(after.rating, 2), round(after.deviation, 2), round(after.volatility, 5)
    (1464.05, 151.52, 0.06)

    (The paper prints 1464.06: it rounds its intermediate values.)
    """
    # Step 2: onto the Glicko-2 scale.
    mu = (player.rating - DEFAULT_RATING) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not games:
        # A period without games only makes the rating less certain.
        return Rating(player.rating, SCALE * math.sqrt(phi**2 + sigma**2), sigma)

    # Steps 3 and 4: the estimated variance v and the estimated improvement delta.
    variance_inverse = 0.0
    improvement_sum = 0.0
    for game in games:
        mu_j = (game.opponent.rating - DEFAULT_RATING) / SCALE
        phi_j = game.opponent.deviation / SCALE
        g = _g(phi_j)
        expected = _expected(mu, mu_j, phi_j)
        variance_inverse += g**2 * expected * (1 - expected)
        improvement_sum += g * (game.score - expected)
    v = 1 / variance_inverse
    delta = v * improvement_sum

    # Steps 5 and 6: the new volatility, then the deviation grown by it.
    sigma_new = _volatility(phi, sigma, v, delta, tau)
    phi_star = math.sqrt(phi**2 + sigma_new**2)

    # Step 7: the new deviation and rating; step 8: back onto the Glicko scale.
    phi_new = 1 / math.sqrt(1 / phi_star**2 + 1 / v)
    mu_new = mu + phi_new**2 * improvement_sum
    return Rating(SCALE * mu_new + DEFAULT_RATING, SCALE * phi_new, sigma_new)


def _volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """The paper's step 5: the root of f by the Illinois algorithm (a regula falsi that cannot stall)."""
    a = math.log(sigma**2)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta**2 - phi**2 - v - ex) / (2 * (phi**2 + v + ex) ** 2) - (x - a) / tau**2

    big_a = a
    if delta**2 > phi**2 + v:
        big_b = math.log(delta**2 - phi**2 - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def bounded(rating: Rating) -> Rating:
    """``rating`` with each number brought inside the trainer's limits."""
    return Rating(
        min(max(rating.rating, MIN_RATING), MAX_RATING),
        min(max(rating.deviation, MIN_DEVIATION), MAX_DEVIATION),
        min(rating.volatility, MAX_VOLATILITY),
    )


def rate_answer(learner: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """The learner's and the puzzle's new ratings after a first answer: one game each, both bounded.

    Both sides are rated against the other's rating from before the answer.
    """
    score = 1.0 if solved else 0.0
    new_learner = update(learner, [Game(puzzle, score)])
    new_puzzle = update(puzzle, [Game(learner, 1.0 - score)])
    return bounded(new_learner), bounded(new_puzzle)
