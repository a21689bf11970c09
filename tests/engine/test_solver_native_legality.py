"""The C core's legality (engine/solver/_native.c, rules_legal) against engine/play.py's.

The rules are implemented once, in engine/play.py; the C core mirrors its legal-card function so
that the search never calls back into Python. On thousands of random positions of every game and
every house rule that legality reads, the mirror must give the same cards; and a mirror with any
one of those rules broken (its option turned the other way) must be caught by the same positions.
"""

from __future__ import annotations

import random

import pytest

from engine.play import LEGAL_OPTIONS, legal_mask_for, legal_options
from engine.ranking import HIGHER, NO_TRUMP, STRENGTH
from engine.solver import core, solution
from engine.solver.native import search_class
from engine.variants import GAMES, RuleSet, UnknownOption, rules_for
from tests.engine.test_solver import CONTRACTS, random_position

NATIVE = core.native_module()
needs_native = pytest.mark.skipif(NATIVE is None, reason="the C core is not built (make compiled)")

POSITIONS = 3000


def _rule_sets() -> list[tuple[str, RuleSet]]:
    """Every game with its default rules, and with each house rule that legality reads turned."""
    found: list[tuple[str, RuleSet]] = []
    for name in GAMES:
        default = rules_for(name)
        found.append((name, default))
        for option in LEGAL_OPTIONS:
            try:
                turned = rules_for(name, {option: not getattr(default, option, False)})
            except (UnknownOption, TypeError, ValueError):
                continue  # not a house rule of this game
            found.append((f"{name}-{option}", turned))
    return found


RULE_SETS = _rule_sets()


def _positions(label: str, rules: RuleSet) -> list[tuple[int, list[int], int, bool]]:
    """Random (hand, trick, trump, ekka): hands of 1 to 8 cards, often short of the suit led."""
    rng = random.Random(f"mirror-{label}")
    trumps = [0, 1, 2, 3, NO_TRUMP] if rules.has_sun else [0, 1, 2, 3]
    out = []
    for _ in range(POSITIONS):
        cards = rng.sample(range(32), 11)
        trick = cards[: rng.randint(0, 3)]
        pool = [c for c in cards[3:] if rng.random() < 0.5 or c >> 3 != (trick[0] >> 3 if trick else -1)]
        hand = 0
        for c in pool[: rng.randint(1, 8)] or cards[3:4]:
            hand |= 1 << c
        out.append((hand, trick, rng.choice(trumps), rng.random() < 0.3))
    return out


def _mirror(rules: RuleSet, options: int) -> object:
    assert NATIVE is not None
    return NATIVE.Legality(legal_mask_for(rules), options, STRENGTH, HIGHER)


def _differences(label: str, rules: RuleSet, options: int) -> list[tuple[int, list[int], int, bool]]:
    reference = legal_mask_for(rules)
    mirror = _mirror(rules, options)
    return [
        (hand, trick, trump, ekka)
        for hand, trick, trump, ekka in _positions(label, rules)
        if mirror.mask(hand, trick, trump, ekka) != reference(hand, trick, trump, ekka)  # type: ignore[attr-defined]
    ]


@needs_native
@pytest.mark.parametrize(("label", "rules"), RULE_SETS, ids=[r[0] for r in RULE_SETS])
def test_play_rules_in_the_c_core_are_engines(label, rules):
    # play.must-follow, play.must-trump, play.must-overtrump, play.must-overruff, play.ekka,
    # play.partner-winning: the C core's legal cards are engine/play.py's on every position.
    wrong = _differences(label, rules, legal_options(rules))
    assert not wrong, wrong[:5]


# The rule each option of engine.play.LEGAL_OPTIONS turns on or off.
OPTION_RULES = {
    "overtrump_always": "play.must-overtrump",
    "overtrump_on_trump_lead": "play.must-overtrump",
    "ekka": "play.ekka",
    "always_undertrump": "play.must-trump",
    "must_overruff": "play.must-overruff",
}


@needs_native
@pytest.mark.parametrize("option", LEGAL_OPTIONS, ids=[f"{OPTION_RULES[o]}-{o}" for o in LEGAL_OPTIONS])
def test_play_rule_broken_in_the_c_core_is_caught(option):
    # The comparison above can fail: with one option turned the wrong way in the mirror, some game's
    # positions show a difference. (A rule the positions never reached would pass silently.)
    bit = 1 << LEGAL_OPTIONS.index(option)
    caught = [label for label, rules in RULE_SETS if _differences(label, rules, legal_options(rules) ^ bit)]
    assert caught, f"turning {option} in the C core went unnoticed"


@needs_native
def test_play_rules_in_the_c_core_refuse_a_malformed_trick():
    mirror = _mirror(rules_for("saudi"), legal_options(rules_for("saudi")))
    with pytest.raises(ValueError):
        mirror.mask(0xFF, [1, 2, 3, 4], 0)  # type: ignore[attr-defined]
    with pytest.raises(ValueError):
        mirror.mask(0xFF, [40], 0)  # type: ignore[attr-defined]


@needs_native
@pytest.mark.parametrize("contract", CONTRACTS, ids=[c[0] for c in CONTRACTS])
def test_play_rules_compiled_or_called_back_solve_alike(contract, monkeypatch):
    # The search with the C core's legality and with the rule set's function called back (the way
    # kept for the benchmark's comparison): the same values and best cards on whole deals.
    label, variant, options, trumps = contract
    rng = random.Random(f"mirror-solve-{label}")
    Search = search_class(NATIVE)
    monkeypatch.setattr(core, "Search", Search)
    for _ in range(2):
        t = random_position(variant, options, trumps, rng, 6)
        found = []
        for compiled in (True, False):
            monkeypatch.setattr(Search, "compiled_legality", compiled)
            s = solution.solve_trickplay(t)
            found.append((s.values, s.best))
        assert found[0] == found[1]
