"""The exact solver against a plain brute-force minimax, in every variant and contract."""

from __future__ import annotations

import random

import pytest

from engine.cards import Card, Seat, Team, cards_of, mask_of
from engine.deal import complete_deal, first_deal
from engine.play import legal_mask
from engine.ranking import LAST_TRICK_BONUS, NO_TRUMP, POINTS, points_of, total_points, trick_winner_index
from engine.solver import core, solve, solve_trickplay
from engine.solver.equivalence import equivalent_to, representatives
from engine.tricks import TrickPlay
from engine.variants import rules_for

# Every test here runs on the pure-Python search and on the compiled one (tests/engine/conftest.py).
pytestmark = pytest.mark.usefixtures("solver_core")

# (label, variant, options, trumps to draw from)
CONTRACTS = [
    ("saudi-sun", "saudi", {}, [NO_TRUMP]),
    ("saudi-hokm", "saudi", {}, [0, 1, 2, 3]),
    ("saudi-hokm-no-overtrump-on-lead", "saudi", {"overtrump_on_trump_lead": False}, [0, 1, 2, 3]),
    ("saudi-hokm-ekka", "saudi", {"ekka": True}, [0, 1, 2, 3]),
    ("moroccan", "moroccan", {}, [0, 1, 2, 3]),
    ("french-must-overruff", "french", {}, [0, 1, 2, 3]),
    ("french-always-undertrump", "french", {"always_undertrump": True}, [0, 1, 2, 3]),
    ("french-clockwise", "french", {"clockwise": True}, [0, 1, 2, 3]),
]


def h(*cards: str) -> int:
    return mask_of(Card.parse(c) for c in cards)


def random_position(
    variant: str, options: dict[str, bool], trumps: list[int], rng: random.Random, tricks_left: int
):
    """A random deal played with random legal cards to ``tricks_left`` tricks, plus 0-3 cards of the next."""
    rules = rules_for(variant, options)
    dealer = Seat(rng.randrange(4))
    hands = complete_deal(first_deal(rules, dealer, rng), Seat(rng.randrange(4)), rules)
    t = TrickPlay(rules, hands, rng.choice(trumps), Seat(rng.randrange(4)))
    for _ in range(32 - 4 * tricks_left + rng.randrange(4)):
        t.push(rng.choice(cards_of(t.legal())))
    return t


def brute_force_ns(rules, trump: int, hands: list[int], leader: int, trick: list[int], ekka: bool) -> int:
    """NS's card points from the position on with best play: every legal card, no pruning, no table."""
    step = -1 if rules.clockwise else 1
    if len(trick) == 4:
        winner = (leader + step * trick_winner_index(trick, trump)) % 4
        points = sum(POINTS[trump][c] for c in trick)
        if not any(hands):
            return points + LAST_TRICK_BONUS if winner in (Seat.N, Seat.S) else 0
        rest = brute_force_ns(rules, trump, hands, winner, [], False)
        return rest + (points if winner in (Seat.N, Seat.S) else 0)
    seat = (leader + step * len(trick)) % 4
    outcomes = []
    for c in cards_of(legal_mask(hands[seat], trick, trump, rules, ekka)):
        hands[seat] &= ~(1 << c)
        outcomes.append(brute_force_ns(rules, trump, hands, leader, [*trick, c], ekka))
        hands[seat] |= 1 << c
    return max(outcomes) if seat in (Seat.N, Seat.S) else min(outcomes)


def brute_force_values(rules, trump, hands, leader, trick, ekka=False) -> dict[Card, int]:
    """NS's card points from the position on after each legal card, then best play."""
    hands = list(hands)
    step = -1 if rules.clockwise else 1
    seat = (leader + step * len(trick)) % 4
    values = {}
    for c in cards_of(legal_mask(hands[seat], trick, trump, rules, ekka)):
        hands[seat] &= ~(1 << c)
        values[c] = brute_force_ns(rules, trump, hands, leader, [*trick, c], ekka)
        hands[seat] |= 1 << c
    return values


def brute_force_trickplay(t: TrickPlay) -> dict[Card, int]:
    return brute_force_values(t.rules, t.trump, t.hands, t.leader, list(t.trick), t.ekka)


def replay(t: TrickPlay, line) -> tuple[int, int]:
    """Play a line on ``t``, each card checked for legality; the points at the end (``t`` is restored)."""
    for seat, card in line:
        assert seat == t.to_play
        t.push(card)
    assert t.is_over()
    points = (t.points[0], t.points[1])
    for _ in line:
        t.pop()
    return points


@pytest.mark.parametrize("label,variant,options,trumps", CONTRACTS, ids=[c[0] for c in CONTRACTS])
def test_solver_values_match_brute_force(label, variant, options, trumps):
    rng = random.Random(label)
    for i in range(60):
        t = random_position(variant, options, trumps, rng, tricks_left=1 + i % 3)
        s = solve_trickplay(t)
        expected = brute_force_trickplay(t)
        assert {c: ns for c, (ns, _) in s.values.items()} == expected, (label, i)
        total = total_points(t.trump)
        assert all(sum(s.totals(c)) == total for c in expected), "the two teams share every point"
        team = t.to_play & 1
        best = max(s.totals(c)[team] for c in expected)
        assert s.best == [c for c in expected if s.totals(c)[team] == best]
        # The principal line is legal and reaches the value announced.
        assert replay(t, s.line) == s.totals(s.best[0])
        assert s.line[0][1] in s.best


def test_solver_values_match_brute_force_four_tricks_left():
    rng = random.Random(4)
    for label, variant, options, trumps in CONTRACTS:
        t = random_position(variant, options, trumps, rng, tricks_left=4)
        s = solve_trickplay(t)
        assert {c: ns for c, (ns, _) in s.values.items()} == brute_force_trickplay(t), label


def test_solver_equivalent_cards_have_equal_brute_force_values():
    """The merging rule is sound: cards it calls equivalent are worth the same by brute force.

    Positions where something merges are rare near the end of a hand: draw until there are 60.
    """
    rng = random.Random(7)
    checked = 0
    for i in range(3000):
        label, variant, options, trumps = CONTRACTS[i % len(CONTRACTS)]
        t = random_position(variant, options, trumps, rng, tricks_left=2 + i % 2)
        legal = t.legal()
        live = t.hands[0] | t.hands[1] | t.hands[2] | t.hands[3] | mask_of(t.trick)
        classes = {equivalent_to(c, t.hands[t.to_play], live, t.trump) & legal for c in cards_of(legal)}
        if all(len(cards_of(cls)) == 1 for cls in classes):
            continue  # nothing merges here: brute force has nothing to confirm
        values = brute_force_trickplay(t)
        for cls in classes:
            assert len({values[c] for c in cards_of(cls)}) == 1, (label, cards_of(cls))
        # The solver, which searches one card per class, finds the same values.
        assert {c: ns for c, (ns, _) in solve_trickplay(t).values.items()} == values
        checked += 1
        if checked == 60:
            break
    assert checked == 60


def test_solver_representatives_keep_one_card_per_class():
    rng = random.Random(11)
    for _ in range(2000):
        trump = rng.choice([0, 1, 2, 3, NO_TRUMP])
        live = rng.getrandbits(32)
        hand = live & rng.getrandbits(32)
        reps = representatives(hand, live, trump)
        classes = set()
        for c in cards_of(hand):
            cls = equivalent_to(c, hand, live, trump)
            classes.add(cls)
            # The weakest card of each class is the one searched.
            assert reps & cls == 1 << min(cards_of(cls), key=lambda x: x & 7), (hand, live, trump)
        assert len(cards_of(reps)) == len(classes)


def test_solver_search_merges_cards_as_the_equivalence_module_does():
    # The search applies the equivalence tables itself (compiled); the answers are the module's.
    rng = random.Random(12)
    searches = {t: core.Search(rules_for("saudi"), t, [0, 0, 0, 0]) for t in [0, 1, 2, 3, NO_TRUMP]}
    for _ in range(2000):
        trump = rng.choice([0, 1, 2, 3, NO_TRUMP])
        live = rng.getrandbits(32)
        hand = live & rng.getrandbits(32)
        assert searches[trump].representatives(hand, live) == representatives(hand, live, trump)


def test_solver_merges_only_cards_of_equal_points():
    # A and 10 of spades are adjacent in strength but worth 11 and 10: never merged.
    hand = h("AS", "TS", "8S", "7S")
    assert cards_of(representatives(hand, hand, NO_TRUMP)) == [
        Card.parse("7S"),
        Card.parse("TS"),
        Card.parse("AS"),
    ]
    # Trump 9 (14) and 8 (0) never merge either; trump 8 and 7 (both 0) do.
    trumps = h("9S", "8S", "7S")
    assert cards_of(representatives(trumps, trumps, 0)) == [Card.parse("7S"), Card.parse("9S")]


def test_solver_ace_and_ten_are_not_equivalent():
    # Sun. E leads KH; S, void in hearts, discards AS or TS, then wins the spade trick with the other.
    hands = [0, 0, 0, 0]
    hands[Seat.E] = h("7S")
    hands[Seat.N] = h("8D")
    hands[Seat.W] = h("7D")
    hands[Seat.S] = h("AS", "TS")
    s = solve(
        rules_for("saudi"),
        NO_TRUMP,
        tuple(hands),
        Seat.S,
        Seat.E,
        [Card.parse(c) for c in ("KH", "7H", "8H")],
    )
    assert s.values[Card.parse("AS")] == (20, 15)
    assert s.values[Card.parse("TS")] == (21, 14)
    assert s.best == [Card.parse("TS")]
    assert s.loss(Card.parse("AS")) == 1


def test_solver_cards_in_the_trick_break_equivalence():
    # Sun. E led 8S: N's 9S wins the trick, N's 7S does not, although no hand holds a spade between them.
    hands = [0, 0, 0, 0]
    hands[Seat.E] = h("KH")
    hands[Seat.N] = h("9S", "7S")
    hands[Seat.W] = h("QD", "JD")
    hands[Seat.S] = h("7C", "8C")
    trick = [Card.parse("8S")]
    live = hands[0] | hands[1] | hands[2] | hands[3] | mask_of(trick)
    assert representatives(hands[Seat.N], live, NO_TRUMP) == hands[Seat.N]
    s = solve(rules_for("saudi"), NO_TRUMP, tuple(hands), Seat.N, Seat.E, trick)
    assert s.values[Card.parse("9S")] == (19, 0)
    assert s.values[Card.parse("7S")][0] < 19
    # Without the 8 in play the two are one card.
    assert cards_of(representatives(hands[Seat.N], live & ~mask_of(trick), NO_TRUMP)) == [Card.parse("7S")]


def test_solver_whole_deal_adds_up_and_line_replays():
    rules = rules_for("french")
    rng = random.Random(3)
    hands = complete_deal(first_deal(rules, Seat.S, rng), Seat.E, rules)
    t = TrickPlay(rules, hands, 2, Seat.E)
    for _ in range(8):  # two tricks played: six left
        t.push(rng.choice(cards_of(t.legal())))
    before = (list(t.hands), list(t.trick), list(t.points), t.to_play, len(t.moves))
    s = solve_trickplay(t)
    assert (list(t.hands), list(t.trick), list(t.points), t.to_play, len(t.moves)) == before
    assert s.so_far == tuple(t.points)
    assert sum(s.so_far) + points_of(t.hands[0] | t.hands[1] | t.hands[2] | t.hands[3], 2) + 10 == 162
    for c in s.values:
        assert sum(s.totals(c)) == 162
    assert replay(t, s.line) == s.totals(s.best[0])
    assert len(s.line) == 24
    assert s.nodes > 0


def test_solver_ekka_call_in_the_trick_in_progress():
    # Saudi Hokm (hearts) with the ekka option: S led KS calling Ekka, E trumped with JH; N, void in
    # spades and unable to overtrump, may then discard instead of trumping (play.ekka).
    rules = rules_for("saudi", {"ekka": True})
    hands = [0, 0, 0, 0]
    hands[Seat.E] = h("7D")
    hands[Seat.N] = h("7H", "AD")
    hands[Seat.W] = h("8D", "9C")
    hands[Seat.S] = h("9D")
    trick = [Card.parse("KS"), Card.parse("JH")]
    called = solve(rules, 1, tuple(hands), Seat.N, Seat.S, trick, ekka=True)
    plain = solve(rules, 1, tuple(hands), Seat.N, Seat.S, trick)
    assert set(called.values) == {Card.parse("7H"), Card.parse("AD")}
    assert set(plain.values) == {Card.parse("7H")}
    for s, ekka in ((called, True), (plain, False)):
        expected = brute_force_values(rules, 1, hands, Seat.S, trick, ekka)
        assert {c: ns for c, (ns, _) in s.values.items()} == expected


def test_solver_outcome_by_card_points():
    hands = (h("AS", "7H"), h("TS", "8H"), h("KS", "9H"), h("QS", "JH"))
    # 90 points already taken, 40 to play for: 7H brings NS to exactly half (65 of 130), 13 against
    # 13 in game points: a tie, which fails the buyers (score.sa.buyer-wins).
    s = solve(rules_for("saudi"), NO_TRUMP, hands, Seat.S, Seat.S, points_so_far=(27, 63), taker=Team.NS)
    assert s.totals(Card.parse("7H")) == (65, 65)
    assert s.outcome(Card.parse("7H")) == "failed"
    verdict = s.verdict(Card.parse("7H"))
    assert verdict is not None and (verdict.tie, verdict.value, verdict.other_value) == (True, 13, 13)
    assert s.outcome(Card.parse("AS")) == "failed"
    moroccan = solve(rules_for("moroccan"), 0, hands, Seat.S, Seat.S, points_so_far=(43, 79), taker=Team.NS)
    assert moroccan.totals(Card.parse("7H")) == (81, 81) and moroccan.outcome(Card.parse("7H")) == "tie"
    s = solve(rules_for("saudi"), NO_TRUMP, hands, Seat.S, Seat.S, points_so_far=(28, 62), taker=Team.NS)
    assert s.outcome(Card.parse("7H")) == "made"
    assert solve(rules_for("saudi"), NO_TRUMP, hands, Seat.S, Seat.S).outcome(Card.parse("7H")) is None


def test_solver_refuses_impossible_positions():
    rules = rules_for("moroccan")
    hands = (h("AS", "7H"), h("TS", "8H"), h("KS", "9H"), h("QS", "JH"))
    with pytest.raises(ValueError, match="two places"):
        solve(rules, 0, hands, Seat.E, Seat.S, [Card.parse("AS")])
    with pytest.raises(ValueError, match="next one"):
        solve(rules, 0, hands, Seat.N, Seat.S)
    with pytest.raises(ValueError, match="same number"):
        solve(rules, 0, (h("AS"), *hands[1:]), Seat.S, Seat.S)
    with pytest.raises(ValueError, match="over"):
        solve(rules, 0, (0, 0, 0, 0), Seat.S, Seat.S)
