"""Generated best-card puzzles: a unique answer by a clear margin, checked again with the solver."""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

from engine.cards import Card, Seat, cards_of, mask_of
from engine.play import legal_mask
from engine.ranking import trick_winner_index
from engine.solver import read_position, solve, write_position
from engine.solver.equivalence import equivalent_to, representatives
from engine.solver.generate import GeneratedPuzzle, generate, generate_many, generate_themed, puzzle_of
from engine.solver.themes import SHAPES, THEMES, themes_of
from engine.variants import rules_for

C = Card.parse
VARIANTS = ("saudi", "moroccan", "french")


@functools.cache
def puzzles(variant: str, seed: int = 7) -> tuple[GeneratedPuzzle, ...]:
    return tuple(generate_many(rules_for(variant), seed, count=4, tricks_left_range=(3, 5)))


def solved(p):
    return solve(p.rules, p.trump, p.hands, p.to_play, p.leader, p.trick, p.points_so_far, p.taker, p.ekka)


@pytest.mark.parametrize("variant", VARIANTS)
def test_answers_are_one_group_of_equivalent_cards_and_the_rest_lose_the_margin(variant: str) -> None:
    found = puzzles(variant)
    assert len(found) == 4
    for puzzle in found:
        p = read_position(puzzle.position)
        s = solved(p)
        team = p.to_play & 1
        top = max(v[team] for v in s.values.values())
        best = sorted(c for c, v in s.values.items() if v[team] == top)
        assert [str(c) for c in best] == sorted(puzzle.answers, key=C)
        live = p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3] | mask_of(p.trick)
        legal = p.legal()
        assert equivalent_to(best[0], legal, live, p.trump) == mask_of(best)
        assert representatives(legal, live, p.trump).bit_count() >= 2
        losses = {str(c): top - v[team] for c, v in s.values.items() if c not in best}
        assert losses == puzzle.losses
        assert min(losses.values()) == puzzle.margin >= 10
        assert 3 <= p.tricks_left <= 5


@pytest.mark.parametrize("variant", VARIANTS)
def test_positions_round_trip_and_lines_replay(variant: str) -> None:
    for puzzle in puzzles(variant):
        p = read_position(puzzle.position)
        assert write_position(p) == puzzle.position
        assert p.variant == variant and p.taker is not None
        hands, trick, leader = list(p.hands), list(p.trick), p.leader
        for seat, card in puzzle.line:
            seat, c = Seat.parse(seat), C(card)
            assert seat == (leader + p.step * len(trick)) % 4
            assert legal_mask(hands[seat], trick, p.trump, p.rules, p.ekka and len(trick) > 0) >> c & 1
            hands[seat] ^= 1 << c
            trick.append(c)
            if len(trick) == 4:
                leader = Seat((leader + p.step * trick_winner_index(trick, p.trump)) % 4)
                trick = []
        assert not any(hands) and not trick
        assert puzzle.line[0][1] in puzzle.answers


@pytest.mark.parametrize("variant", VARIANTS)
def test_themes_and_difficulty_are_in_range(variant: str) -> None:
    for puzzle in puzzles(variant):
        assert set(puzzle.themes) <= set(THEMES)
        assert puzzle.themes[-1] == "endgame"
        assert 1 <= puzzle.difficulty <= 5


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_same_seed_gives_the_same_puzzles(variant: str) -> None:
    again = tuple(generate_many(rules_for(variant), 7, count=4, tricks_left_range=(3, 5)))
    assert again == puzzles(variant)
    other = tuple(generate_many(rules_for(variant), 8, count=4, tricks_left_range=(3, 5)))
    assert [p.position for p in other] != [p.position for p in puzzles(variant)]


def test_puzzles_are_distinct_and_tricks_left_is_honoured() -> None:
    found = list(generate_many(rules_for("moroccan"), 1, count=12, tricks_left_range=range(4, 5)))
    assert len(found) == 12
    assert len({str(sorted(p.position.items())) for p in found}) == 12
    assert {read_position(p.position).tricks_left for p in found} == {4}


def test_a_given_contract_is_played() -> None:
    import random

    rng = random.Random(2)
    made = [generate(rules_for("saudi"), rng, 3, contract={"trump": None, "taker": "E"}) for _ in range(60)]
    kept = [p for p in made if p is not None]
    assert kept
    for p in kept:
        assert p.position["contract"] == {"mode": "sun", "trump": None, "taker": "E"}
    with pytest.raises(ValueError):
        generate(rules_for("saudi"), rng, 9)


def test_margin_and_uniqueness_are_required() -> None:
    # Two cards of equal value in different suits: no unique answer.
    p = read_position(
        position(
            "saudi",
            None,
            {"S": ["7D", "7C"], "E": ["8D", "8C"], "N": ["9D", "9C"], "W": ["JD", "JC"]},
            leader="S",
        )
    )
    assert len(solved(p).best) == 2
    assert puzzle_of(p) is None
    # A single legal choice: no puzzle either.
    p = read_position(
        position("french", "H", {"S": ["7S"], "E": ["8S"], "N": ["9S"], "W": ["JS"]}, leader="S")
    )
    assert puzzle_of(p) is None


# ---------------------------------------------------------------- themes on hand-made positions


def position(
    variant: str,
    trump: str | None,
    hands: dict[str, list[str]],
    trick=(),
    leader=None,
    taker="S",
    **extra: Any,
) -> dict[str, Any]:
    """A position whose finished tricks' points are filled in so that the deal adds up."""
    from engine.cards import FULL_DECK
    from engine.ranking import points_of

    t = {"S": 0, "H": 1, "D": 2, "C": 3, None: 4}[trump]
    live = [C(c) for cs in hands.values() for c in cs] + [C(c) for _, c in trick]
    so_far = points_of(FULL_DECK, t) - points_of(mask_of(live), t)
    obj: dict[str, Any] = {
        "variant": variant,
        "contract": {"mode": "sun" if trump is None else "hokm", "trump": trump, "taker": taker},
        "hands": hands,
        "trick": [list(x) for x in trick],
        "points": {"NS": so_far // 2, "EW": so_far - so_far // 2},
        **extra,
    }
    if leader is not None:
        obj["leader"] = leader
    return obj


THEME_POSITIONS = [
    # East is void in hearts over South's ace: ruff with the 9 before North's Jack can take it.
    ("ruff", ["9S"], ["ruff", "cash", "endgame"],
     position("moroccan", "S", {"E": ["9S", "7S", "QD"], "N": ["TH", "JS", "8D"], "W": ["KH", "AD"],
                                "S": ["QH", "7D"]}, [("W", "7H"), ("S", "AH")], taker="W")),
    # West ruffed partner's ace with the Queen: South overruffs with the King, not under with the 8.
    ("overruff", ["KS"], ["overruff", "cash", "endgame"],
     position("moroccan", "S", {"S": ["KS", "8S"], "E": ["7H", "9D"], "N": ["7C"], "W": ["8C"]},
              [("N", "AH"), ("W", "QS")])),
    # South overtakes North's King with the Ace so that North's Queen and Jack of hearts run.
    ("unblock", ["AH"], ["unblock", "cash", "last-trick", "endgame"],
     position("saudi", None, {"N": ["QH", "JH"], "W": ["AD", "9D"], "S": ["AH", "7H", "8S"],
                              "E": ["AS", "9S", "7C"]}, [("N", "KH"), ("W", "8D")])),
    # North keeps the Ten: West still holds the Ace of diamonds behind it.
    ("duck", ["9D"], ["duck", "endgame"],
     position("moroccan", "C", {"N": ["JS", "9D", "TD"], "E": ["JD", "QD"], "S": ["8C", "QC"],
                                "W": ["9H", "QH", "AD"]}, [("S", "7D"), ("E", "KD")])),
    # West takes North's Jack with the Ten, the most points it holds.
    ("cash", ["TC"], ["cash", "endgame"],
     position("moroccan", "D", {"N": ["QD"], "E": ["7H", "JH"], "S": ["JS", "QC"], "W": ["9C", "TC"]},
              [("N", "JC")], taker="N")),
    # South draws the opponents' last trumps (East's 9, West's Jack) under North's Ace.
    ("counting-trumps", ["7S", "8S"], ["last-trick", "counting-trumps", "endgame"],
     position("moroccan", "S", {"N": ["AS", "9D", "8C"], "E": ["9S", "TD", "QD"], "S": ["7S", "8S", "QC"],
                                "W": ["JS", "KH", "KD"]}, leader="S", taker="E")),
    # South, void in hearts under partner's Ace, throws the Ten of diamonds (East holds the Ace).
    ("discard", ["TD"], ["last-trick", "discard", "endgame"],
     position("moroccan", "S", {"S": ["7S", "TD", "8C"], "E": ["KH", "AD", "9C"], "N": ["TC", "9D"],
                                "W": ["AC", "7D"]}, [("N", "AH"), ("W", "7H")])),
]  # fmt: skip


@pytest.mark.parametrize(
    ("theme", "best", "themes", "obj"), THEME_POSITIONS, ids=[t[0] for t in THEME_POSITIONS]
)
def test_theme_on_a_hand_made_position(
    theme: str, best: list[str], themes: list[str], obj: dict[str, Any]
) -> None:
    p = read_position(obj)
    s = solved(p)
    assert sorted(str(c) for c in s.best) == sorted(best)
    assert themes_of(p, s) == themes
    assert theme in themes


def test_every_theme_has_a_hand_made_position() -> None:
    assert {t[0] for t in THEME_POSITIONS} | {"last-trick", "endgame"} == set(THEMES)


def test_theme_keys_are_lowercase_dashes_and_have_names() -> None:
    from engine import messages

    for key in THEMES:
        assert key == key.lower() and " " not in key and "_" not in key
        for lang in messages.LANGUAGES:
            assert messages.lookup(f"theme.{key}", "saudi", lang) != f"theme.{key}"


def test_difficulty_counts_the_bot_missing_the_answer() -> None:
    # The heuristic ducks with the 9 too (it plays low when it cannot win for sure): easy.
    _, best, _, obj = THEME_POSITIONS[3]
    p = read_position(obj)
    found = puzzle_of(p)
    assert found is not None and found.answers == best
    assert found.difficulty in (1, 2)
    assert cards_of(p.legal()) == [C("9D"), C("TD")]


# ---------------------------------------------------------------- a search for themes


@pytest.mark.parametrize(
    ("theme", "best", "themes", "obj"), THEME_POSITIONS, ids=[t[0] for t in THEME_POSITIONS]
)
def test_a_position_of_a_theme_has_the_shape_of_every_theme_it_has(
    theme: str, best: list[str], themes: list[str], obj: dict[str, Any]
) -> None:
    # A shape is read before solving: it must never turn away a position of its theme.
    p = read_position(obj)
    assert [t for t in themes if not SHAPES[t](p)] == []
    assert set(SHAPES) == set(THEMES)


def test_shapes_turn_away_positions_that_cannot_have_the_theme() -> None:
    # The duck position with North, not East, holding the trick: nothing to duck under.
    _, _, _, obj = THEME_POSITIONS[3]
    partner_holds = {**obj, "trick": [["S", "KD"], ["E", "7D"]]}
    partner_holds["hands"] = {**obj["hands"], "E": ["JD", "QD"]}
    p = read_position(partner_holds)
    assert not SHAPES["duck"](p)
    assert not SHAPES["counting-trumps"](p)  # a trick in progress: nobody leads
    assert SHAPES["unblock"](p) is False  # North holds one card per suit it may play


@functools.cache
def french_ducks() -> tuple[GeneratedPuzzle, ...]:
    rng = random.Random(5)
    return tuple(p for _ in range(60) for p in generate_themed(rules_for("french"), rng, ["duck"], (2, 6)))


def test_a_theme_search_finds_french_ducks_of_normal_difficulty() -> None:
    # One position a deal gives about one duck in two thousand deals; every position of a deal,
    # solved only when it has a duck's shape, gives a French duck of normal difficulty in sixty.
    found = french_ducks()
    assert any(p.difficulty == 3 for p in found)
    for puzzle in found:
        p = read_position(puzzle.position)
        s = solved(p)
        assert "duck" in puzzle.themes and "duck" in themes_of(p, s)
        assert all(SHAPES[t](p) for t in puzzle.themes)
        assert sorted(puzzle.answers, key=C) == [str(c) for c in sorted(s.best)]
        assert 2 <= p.tricks_left <= 6


def test_a_theme_search_refuses_unknown_themes_and_bad_ranges() -> None:
    rng = random.Random(1)
    with pytest.raises(ValueError, match="castle"):
        list(generate_themed(rules_for("french"), rng, ["castle"]))
    with pytest.raises(ValueError, match="1 to 8"):
        list(generate_themed(rules_for("french"), rng, ["duck"], (0, 3)))
