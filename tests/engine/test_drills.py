"""Rule drills (engine/drills.py): every family in every variant, answers the engine's own, every band."""

from collections import Counter

import pytest

from engine.cli import cmd_bid, cmd_legal, cmd_projects, cmd_score, cmd_trick
from engine.drills import BANDS, FAMILIES, MAKERS, generate_drills
from engine.variants import rules_for

VARIANTS = ("saudi", "moroccan", "french")


def drills(variant, count=60, seed=1):
    return list(generate_drills(rules_for(variant), seed, count))


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_family_is_asked_at_every_band_in_every_variant(variant):
    made = drills(variant)

    assert len(made) == 60
    found = Counter(
        (d.family, next(i for i, (lo, hi) in enumerate(BANDS) if lo <= d.difficulty <= hi)) for d in made
    )
    missing = [(f, b) for f in FAMILIES for b in range(len(BANDS)) if not found[(f, b)]]
    assert not missing


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_answer_is_the_engines(variant):
    for d in drills(variant, count=30, seed=5):
        assert d.position["variant"] == variant
        if d.task in ("all-legal", "play"):
            out = cmd_legal(d.position, "en")
            assert set(d.answers) <= set(out["legal"]) and out["illegal"]
            if d.task == "all-legal":
                assert d.answers == out["legal"]
            else:
                assert len(d.answers) <= 2 < len(d.position["hand"])
        elif d.task == "trick-winner":
            assert d.answers == [cmd_trick(d.position, "en")["winner"]]
        elif d.task == "count":
            assert d.answers == [cmd_trick(d.position, "en")["points"]]
        elif d.task == "projects":
            assert d.answers == [cmd_projects(d.position, "en")["counted_team"] or "none"]
        elif d.task == "score":
            assert d.answers == [cmd_score(d.position, "en")["points"]]
        else:
            out = cmd_bid(d.position, "en")
            assert d.answers and "pass" not in d.answers and set(d.answers) <= set(out["allowed"])
            assert out["refused"]  # some call is refused: the question has a trap
        assert 1 <= d.difficulty <= 5
        assert d.task == FAMILIES[d.family] or (d.family, d.task) == ("legal-cards", "play")


def test_the_same_seed_makes_the_same_drills_and_another_seed_others():
    first = [d.position for d in drills("french", count=12, seed=3)]

    assert first == [d.position for d in drills("french", count=12, seed=3)]
    assert first != [d.position for d in drills("french", count=12, seed=4)]


def test_no_position_is_asked_twice():
    made = drills("saudi", count=120, seed=2)

    assert len({(d.task, repr(d.position)) for d in made}) == len(made)


def test_a_family_can_be_asked_alone_and_an_unknown_one_is_refused():
    only = list(generate_drills(rules_for("moroccan"), 1, 6, families=["bidding"]))

    assert {d.family for d in only} == {"bidding"}
    with pytest.raises(ValueError, match="unknown drill families: castles"):
        list(generate_drills(rules_for("moroccan"), 1, 6, families=["castles"]))


def test_legal_card_drills_cite_the_rules_that_refuse_cards():
    for d in drills("moroccan", count=60, seed=8):
        if d.family == "legal-cards":
            reasons = {r["rule"] for rs in cmd_legal(d.position, "en")["illegal"].values() for r in rs}
            assert d.rules == sorted(reasons)


def test_every_family_has_a_maker():
    assert set(MAKERS) == set(FAMILIES)
