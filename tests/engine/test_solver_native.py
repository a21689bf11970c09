"""The C core (engine/solver/_native.c) against the pure-Python search, the reference.

Same values and best cards, and a principal line that reaches the value, on random positions
of every variant and house rule, Sun and Hokm, from one card left to whole deals, with a trick
in progress or not. (The C core's table is keyed on the cards left by relative rank, so it meets
positions the Python search has not seen: its node count and line may differ, never a value.)
"""

from __future__ import annotations

import os
import random

import pytest

from engine.cards import SUIT_MASK, Card, Seat, mask_of
from engine.play import legal_mask_for
from engine.ranking import NO_TRUMP
from engine.solver import core, solution
from engine.solver.native import search_class
from engine.variants import rules_for
from tests.engine.test_solver import CONTRACTS, h, random_position

NATIVE = core.native_module()
needs_native = pytest.mark.skipif(NATIVE is None, reason="the C core is not built (make compiled)")


def test_solver_native_core_is_built_in_ci():
    # CI builds it on a fresh clone (make test -> make venv -> make compiled): a broken build must show.
    if not os.environ.get("CI"):
        pytest.skip("only CI must have the C core")
    assert NATIVE is not None
    assert core.NATIVE


def test_solver_native_core_ignores_a_build_of_another_source(tmp_path, monkeypatch):
    stale = tmp_path / "_native.sha256"
    stale.write_text("0" * 64)
    monkeypatch.setattr(core, "NATIVE_BUILT_FROM", stale)
    assert core.native_module() is None


def _solve_with(search: type, t, monkeypatch, table=None):
    monkeypatch.setattr(core, "Search", search)
    hands = (t.hands[0], t.hands[1], t.hands[2], t.hands[3])
    s = solution.solve(
        t.rules, t.trump, hands, Seat(t.to_play), Seat(t.leader), list(t.trick), (0, 0), None, t.ekka, table
    )
    _check_line(t, s)
    return s.values, s.best


def _check_line(t, s) -> None:
    """The principal line is legal, starts with a best card and takes the solved value for NS."""
    assert s.line[0][1] in s.best
    start = t.points[0]
    for seat, card in s.line:
        assert seat == t.to_play
        assert t.legal() >> card & 1
        t.push(card)
    gained = t.points[0] - start
    for _ in s.line:
        t.pop()
    assert gained == s.values[s.line[0][1]][0]


def _compare(t, monkeypatch) -> None:
    assert NATIVE is not None
    native = _solve_with(search_class(NATIVE), t, monkeypatch)
    python = _solve_with(core.pure.Search, t, monkeypatch)
    assert native == python


@needs_native
@pytest.mark.parametrize("label,variant,options,trumps", CONTRACTS, ids=[c[0] for c in CONTRACTS])
def test_solver_native_core_matches_python_on_endgames(label, variant, options, trumps, monkeypatch):
    rng = random.Random(f"native-{label}")
    for _ in range(12):
        t = random_position(variant, options, trumps, rng, rng.randint(1, 4))
        _compare(t, monkeypatch)


@needs_native
@pytest.mark.parametrize("label,variant,options,trumps", CONTRACTS, ids=[c[0] for c in CONTRACTS])
def test_solver_native_core_matches_python_on_long_positions(label, variant, options, trumps, monkeypatch):
    # Six tricks left: long enough for every part of the search (table, cut-offs, quick bounds).
    rng = random.Random(f"native-long-{label}")
    for _ in range(2):
        t = random_position(variant, options, trumps, rng, 6)
        _compare(t, monkeypatch)


@needs_native
@pytest.mark.parametrize("variant,trump", [("saudi", 4), ("moroccan", 2)])
def test_solver_native_core_matches_python_on_a_whole_deal(variant, trump, monkeypatch):
    rng = random.Random(f"native-deal-{variant}")
    t = random_position(variant, {}, [trump], rng, 8)
    while t.trick:
        t.pop()
    _compare(t, monkeypatch)


@needs_native
def test_solver_native_core_honours_the_ekka_call(monkeypatch):
    rules = rules_for("saudi", {"ekka": True})
    hands = [0, 0, 0, 0]
    hands[Seat.E] = h("7D", "AC")
    hands[Seat.N] = h("7H", "AD", "TC")
    hands[Seat.W] = h("8D", "9C", "KC")
    hands[Seat.S] = h("9D", "QC")
    trick = [Card.parse("KS"), Card.parse("JH")]
    for ekka in (True, False):
        results = []
        for search in (search_class(NATIVE), core.pure.Search):
            monkeypatch.setattr(core, "Search", search)
            s = solution.solve(rules, 1, tuple(hands), Seat.N, Seat.S, trick, ekka=ekka)
            results.append((s.values, s.best))
        assert results[0] == results[1]


@needs_native
def test_solver_native_core_shares_a_table_between_solves_of_one_deal(monkeypatch):
    # A dict given is filled with what the search proved and read back by the next solve; a native
    # table works the same way. The C core's keys are its own (relative ranks): only values compare.
    rng = random.Random("native-shared")
    t = random_position("french", {}, [0, 1, 2, 3], rng, 5)
    python_table: dict[int, int] = {}
    native_table: dict[int, int] = {}
    first_python = _solve_with(core.pure.Search, t, monkeypatch, python_table)
    first_native = _solve_with(search_class(NATIVE), t, monkeypatch, native_table)
    assert first_native == first_python
    assert len(native_table) > 0
    t.push(first_python[1][0])
    again_python = _solve_with(core.pure.Search, t, monkeypatch, python_table)
    again_native = _solve_with(search_class(NATIVE), t, monkeypatch, native_table)
    assert again_native == again_python
    own = NATIVE.Table()
    assert _solve_with(search_class(NATIVE), t, monkeypatch, own)[:2] == again_python[:2]
    assert len(own) > 0


@needs_native
def test_solver_native_core_reports_a_legality_error(monkeypatch):
    # The rule set's function is called back; what it raises reaches the caller.
    Search = search_class(NATIVE)
    rng = random.Random("native-error")
    t = random_position("saudi", {}, [4], rng, 3)
    while t.trick:
        t.pop()

    def refuse(*args):
        raise RuntimeError("no legality today")

    monkeypatch.setattr(solution.core, "Search", Search)
    monkeypatch.setattr("engine.solver.search.legal_mask_for", lambda rules: refuse)
    with pytest.raises(RuntimeError, match="no legality today"):
        solution.solve_trickplay(t)


@pytest.mark.parametrize("label,variant,options,trumps", CONTRACTS, ids=[c[0] for c in CONTRACTS])
def test_solver_native_legality_reads_only_the_led_suit_and_trumps(label, variant, options, trumps):
    # The C core remembers the rule set's answers by a hand's cards of the suit led and of the
    # trump suit (engine/solver/_native.c, Legality): a hand's other cards must be all legal or
    # all not, whatever they are.
    legal = legal_mask_for(rules_for(variant, options))
    rng = random.Random(f"legality-{label}")
    for _ in range(3000):
        trump = rng.choice(trumps)
        cards = rng.sample(range(32), 3 + 8)
        trick = cards[: rng.randint(1, 3)]
        pool = cards[3:]
        led = trick[0] >> 3
        lt = SUIT_MASK[led] | (SUIT_MASK[trump] if trump != NO_TRUMP else 0)
        kept = mask_of(c for c in pool if (1 << c) & lt and rng.random() < 0.6)
        answers = set()
        for _ in range(3):
            spare = [c for c in range(32) if not (1 << c) & lt and c not in trick]
            others = mask_of(rng.sample(spare, rng.randint(1, 4)))
            got = legal(kept | others, trick, trump, False)
            assert got & ~lt in (0, others)
            answers.add((got & lt, bool(got & ~lt)))
        assert len(answers) == 1


def test_solver_new_table_is_of_the_kind_the_search_reads(monkeypatch):
    monkeypatch.setattr(core, "Search", core.pure.Search)
    assert core.new_table() == {}
    if NATIVE is not None:
        monkeypatch.setattr(core, "Search", search_class(NATIVE))
        assert isinstance(core.new_table(), NATIVE.Table)


@needs_native
@pytest.mark.parametrize(
    "variant,trumps", [("saudi", [4]), ("saudi", [0, 1, 2, 3]), ("french", [0, 1, 2, 3])]
)
def test_solver_native_core_table_keyed_by_relative_rank(variant, trumps, monkeypatch):
    # The C core's table is keyed on the cards left by relative rank: positions that differ only in
    # which zero-point cards are gone share an entry when those left lie in the same order with the
    # same owners. A key that forgot the owners would be wrong now and then: many positions of
    # six tricks (every zero-point card still there or played), each against the Python search.
    rng = random.Random(f"native-relative-{variant}-{len(trumps)}")
    for _ in range(100):
        t = random_position(variant, {}, trumps, rng, 6)
        _compare(t, monkeypatch)


@pytest.mark.parametrize("label,variant,options,trumps", CONTRACTS, ids=[c[0] for c in CONTRACTS])
def test_solver_native_legality_reads_other_cards_of_the_trick_by_suit(label, variant, options, trumps):
    # The C core asks the rule set about a trick with the card led and the card winning as they
    # are and every other card as the weakest of its suit (engine/solver/_native.c,
    # legality_code): the answer must be the same as for the trick itself.
    from engine.ranking import STRENGTH, trick_winner_index

    legal = legal_mask_for(rules_for(variant, options))
    rng = random.Random(f"legality-code-{label}")
    checked = 0
    for _ in range(4000):
        trump = rng.choice(trumps)
        cards = rng.sample(range(32), 3 + 8)
        trick = cards[: rng.randint(2, 3)]
        hand = mask_of(c for c in cards[3:] if rng.random() < 0.7)
        wi = trick_winner_index(trick, trump)
        weakest = [min(range(8 * s, 8 * s + 8), key=lambda c: STRENGTH[trump][c]) for s in range(4)]
        canonical = [c if i in (0, wi) else weakest[c >> 3] for i, c in enumerate(trick)]
        if canonical != trick:
            checked += 1
        assert legal(hand, canonical, trump, False) == legal(hand, trick, trump, False), (trick, canonical)
    assert checked > 1000


@pytest.mark.parametrize("label,variant,options,trumps", CONTRACTS, ids=[c[0] for c in CONTRACTS])
def test_solver_native_legality_of_a_hand_that_follows_reads_the_led_suit(label, variant, options, trumps):
    # The C core remembers the answer for a hand that holds the suit led under those cards alone
    # (engine/solver/_native.c, legality_get): the legal cards are of the suit led, whatever else
    # the hand holds, trumps included.
    legal = legal_mask_for(rules_for(variant, options))
    rng = random.Random(f"legality-follow-{label}")
    for _ in range(3000):
        trump = rng.choice(trumps)
        cards = rng.sample(range(32), 3 + 8)
        trick = cards[: rng.randint(1, 3)]
        led = SUIT_MASK[trick[0] >> 3]
        pool = [c for c in range(32) if c not in trick]
        kept = mask_of(c for c in cards[3:] if (1 << c) & led)
        if not kept:
            continue
        answers = set()
        for _ in range(3):
            others = mask_of(c for c in rng.sample(pool, rng.randint(0, 6)) if not (1 << c) & led)
            got = legal(kept | others, trick, trump, False)
            assert got & ~led == 0
            answers.add(got)
        assert len(answers) == 1
