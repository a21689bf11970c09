"""The solver gives the answers pinned in data/solver_reference.json (see solver_reference.py).

Every legal card's value and the set of best cards must stay the same whatever
the search does to get there faster.
"""

from __future__ import annotations

import json

import pytest

from engine.solver import core
from tests.engine.solver_reference import PATH, positions, solve_position

REFERENCE = json.loads(PATH.read_text())["positions"]


def test_solver_reference_file_holds_the_seeded_positions():
    # The file was made from these positions: the generator and the file agree.
    answers = ("values", "best")
    assert [{k: v for k, v in p.items() if k not in answers} for p in REFERENCE] == list(positions())


def _whole_deal(p: dict) -> bool:
    return sum(map(len, p["hands"].values())) == 32


@pytest.mark.parametrize("index", range(len(REFERENCE)))
def test_solver_values_and_best_cards_match_the_reference(index):
    # The search the engine runs: the compiled one when it is built.
    p = REFERENCE[index]
    assert solve_position(p) == {"values": p["values"], "best": p["best"]}


# The Python search takes about a second a whole deal: every endgame and one deal in six
# (it is the same code as the compiled one; the brute-force tests check it further).
PYTHON_SHARE = [i for i, p in enumerate(REFERENCE) if not _whole_deal(p) or i % 6 == 0]


@pytest.mark.parametrize("index", PYTHON_SHARE)
def test_solver_python_search_matches_the_reference(index, monkeypatch):
    monkeypatch.setattr(core, "Search", core.pure.Search)
    p = REFERENCE[index]
    assert solve_position(p) == {"values": p["values"], "best": p["best"]}
