"""The solver gives the answers pinned in data/solver_reference.json (see solver_reference.py).

Every legal card's value and the set of best cards must stay the same whatever
the search does to get there faster.
"""

from __future__ import annotations

import json

import pytest

from tests.engine.solver_reference import PATH, positions, solve_position

REFERENCE = json.loads(PATH.read_text())["positions"]


def test_solver_reference_file_holds_the_seeded_positions():
    # The file was made from these positions: the generator and the file agree.
    answers = ("values", "best")
    assert [{k: v for k, v in p.items() if k not in answers} for p in REFERENCE] == list(positions())


@pytest.mark.parametrize("index", range(len(REFERENCE)))
def test_solver_values_and_best_cards_match_the_reference(index, solver_core):
    p = REFERENCE[index]
    assert solve_position(p) == {"values": p["values"], "best": p["best"]}
