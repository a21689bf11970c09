"""Every bidding or doubling puzzle of a playing-well course names the simulation behind its answer
in its ``simulated-answer`` claim (bench/bidding_simulations.py; docs/claims.md), and its answers
are the calls that simulation cannot separate from the best: the highest average margin with the
strong bot in docs/simulations.md, and every call whose 95 % interval reaches the best one's. Its
figures are the ones the page says.

A doubling puzzle on a score sheet names a game scenario instead (bench/game_simulations.py): its
answers are the words with the best chance of winning the game (strong bot, with replies), or not
separated from it, and the explanation gives those chances."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

from bench.bidding_simulations import SCENARIOS
from bench.game_simulations import GAME_SCENARIOS, holding
from engine.auction import sun_double_refusal
from engine.cards import Seat, Team
from lessons.claims import separated_calls
from lessons.content import PuzzleSpec, read_curriculum

DOCS = Path(__file__).resolve().parents[2] / "docs" / "simulations.md"
BY_NAME = {sc.name: sc for sc in SCENARIOS}
GAME_BY_NAME = {gs.name: gs for gs in GAME_SCENARIOS}
GAME_PART = "# The score sheet"
"""The heading of docs/simulations.md's part on the game-level figures."""
GAME_ROW = re.compile(r"^\| (strong|heuristic) \| (\S+) \| (\d+) \| (\d+) \| (\d+) \| ([\d.]+) \|$")
ROW = re.compile(r"^\| (strong|heuristic) \| (\S+) \| (\d+) \| \d+ \| (\S+) \| (\S+) \|$")


@functools.cache
def figures() -> dict[str, dict[tuple[str, str], tuple[str, float]]]:
    """docs/simulations.md: scenario -> (bot, call) -> (made %, average margin)."""
    out: dict[str, dict[tuple[str, str], tuple[str, float]]] = {}
    current = None
    for line in DOCS.read_text(encoding="utf-8").split(f"\n{GAME_PART}")[0].splitlines():
        if line.startswith("### "):
            current = out.setdefault(line[4:].strip(), {})
        elif current is not None and (m := ROW.match(line)):
            bot, call, _deals, made, margin = m.groups()
            current[(bot, call)] = (made, float(margin))
    return out


@functools.cache
def game_figures() -> dict[str, dict[tuple[str, str], tuple[int, int, int, float]]]:
    """The score sheet part: scenario -> (bot, word) -> (deals, hand won %, game won % stops, with
    replies)."""
    out: dict[str, dict[tuple[str, str], tuple[int, int, int, float]]] = {}
    current = None
    part = DOCS.read_text(encoding="utf-8").split(f"\n{GAME_PART}")
    assert len(part) == 2, f"docs/simulations.md has no part {GAME_PART!r}"
    for line in part[1].splitlines():
        if line.startswith("### "):
            current = out.setdefault(line[4:].strip(), {})
        elif current is not None and (m := GAME_ROW.match(line)):
            bot, word, deals, hand, stops, replies = m.groups()
            current[(bot, word)] = (int(deals), int(hand), int(stops), float(replies))
    return out


def bidding_puzzles() -> list[PuzzleSpec]:
    """The calls of the Playing-well courses that are a judgement, so a simulation decides them; a
    Double the rules forbid at this game score (``double.sa.sun-condition``) is a rule puzzle."""
    return [
        p
        for course in read_curriculum()
        if course.key.endswith("-playing-well")
        for p in course.puzzles
        if p.task in ("bid", "double") and not forbidden_double(p)
    ]


def forbidden_double(puzzle: PuzzleSpec) -> bool:
    position = puzzle.position
    if puzzle.task != "double" or position["contract"]["mode"] != "sun":
        return False
    buyers = Seat.parse(position["contract"]["taker"]).team
    score = {Team.NS: position["game_score"]["NS"], Team.EW: position["game_score"]["EW"]}
    return sun_double_refusal(buyers, score[buyers], score[buyers.other]) is not None


@functools.cache
def answer_claims() -> dict[str, dict[str, object]]:
    """Puzzle key -> the parameters of the simulated-answer claim beside it."""
    return {
        step.puzzle.key: claim.params
        for course in read_curriculum()
        for lesson in course.lessons
        for step in lesson.steps
        if step.puzzle is not None
        for claim in step.claims
        if claim.kind == "simulated-answer"
    }


def cited(puzzle: PuzzleSpec) -> str:
    claim = answer_claims().get(puzzle.key)
    assert claim is not None, f"{puzzle.key} has no simulated-answer claim naming its simulation"
    name = str(claim.get("scenario"))
    assert name in BY_NAME or name in GAME_BY_NAME, f"{puzzle.key}: no simulation {name!r}"
    return name


def test_every_scenario_has_its_figures_in_the_docs():
    assert set(figures()) == set(BY_NAME)
    for name, rows in figures().items():
        assert {call for bot, call in rows if bot == "strong"} == set(BY_NAME[name].compare), name


def test_there_are_bidding_puzzles_in_every_variants_playing_well_course():
    variants = {p.variant for p in bidding_puzzles()}
    assert variants == {"saudi", "moroccan", "french"}


def test_every_game_scenario_has_its_figures_in_the_docs():
    assert set(game_figures()) == set(GAME_BY_NAME)
    for name, rows in game_figures().items():
        assert {word for bot, word in rows if bot == "strong"} == set(GAME_BY_NAME[name].compare), name


def test_the_score_sheet_lesson_has_five_doubling_puzzles_on_game_scenarios():
    game = [p for p in bidding_puzzles() if cited(p) in GAME_BY_NAME]
    assert len(game) >= 5
    assert {p.answers[0] for p in game} >= {"pass", "double"}


@pytest.mark.parametrize("puzzle", bidding_puzzles(), ids=lambda p: p.key)
def test_the_answer_is_the_best_call_of_the_simulation_it_cites(puzzle):
    name = cited(puzzle)
    if name in GAME_BY_NAME:
        gs = GAME_BY_NAME[name]
        h = holding(gs.holding)
        position = puzzle.position
        assert puzzle.task == "double" and sorted(position["hand"]) == sorted(h.hand)
        assert position["contract"]["trump"] == h.contract[1] and position["contract"]["taker"] == "E"
        assert position["game_score"] == {"NS": gs.defenders, "EW": gs.buyers}
        assert [word for _, word in position["calls"]] == list(gs.said)
        assert position["seat"] == h.seat().name
        rows = game_figures()[name].items()
        chances = {word: replies for (bot, word), (_, _, _, replies) in rows if bot == "strong"}
        deals = {d for (bot, _), (d, _, _, _) in rows if bot == "strong"}
        claim = answer_claims()[puzzle.key]
        assert claim["figures"] == chances and {claim["deals"]} == deals, f"{name}: the claim's figures"
        assert set(puzzle.answers) == separated_calls(claim)
        return
    sc = BY_NAME[name]
    position = puzzle.position
    if puzzle.task == "bid":
        assert position["hand"] == list(sc.hand) and position["bidding_card"] == sc.bidding_card
        assert [call for _, call in position["calls"]] == list(sc.calls)
    else:
        assert position["hand"] == list(sc.hand) and sc.contract is not None
        assert position["contract"]["trump"] == sc.contract[1]
    margins = {call: margin for (bot, call), (_, margin) in figures()[name].items() if bot == "strong"}
    claim = answer_claims()[puzzle.key]
    claimed = {call: mean for call, (mean, _sd) in claim["margins"].items()}
    assert claimed == margins, f"{name}: the claim's margins"
    best = max(margins, key=margins.__getitem__)
    assert best in puzzle.answers and set(puzzle.answers) == separated_calls(claim)


@pytest.mark.parametrize("puzzle", bidding_puzzles(), ids=lambda p: p.key)
def test_the_explanation_gives_the_strong_bots_figures_of_its_answer(puzzle):
    name = cited(puzzle)
    if name in GAME_BY_NAME:
        rows = game_figures()[name]
        for word in GAME_BY_NAME[name].compare:
            chance = f"{rows[('strong', word)][3]:g}"
            for lang, text in puzzle.explanation.items():
                shown = chance.replace(".", "," if lang == "fr" else ".")
                assert re.search(rf"(?<![\d.,]){shown}(?![\d]|[.,]\d)", text), (
                    f"{puzzle.key} ({lang}) does not give {word}'s chance of winning the game, {chance} %"
                )
        return
    made, margin = figures()[name][("strong", puzzle.answers[0])]
    # A pass in the auction buys nothing: its made rate is the partner's, which no lesson cites.
    cites_made = puzzle.task == "double" or puzzle.answers[0] != "pass"
    for lang, text in puzzle.explanation.items():
        shown = f"{margin:+.1f}".replace(".", "," if lang == "fr" else ".")
        assert shown in text, f"{puzzle.key} ({lang}) does not give the margin {shown}"
        if cites_made:
            assert re.search(rf"(?<!\d){made}(?!\d)", text), f"{puzzle.key} ({lang}) does not give {made} %"


def coach_claims() -> list[PuzzleSpec]:
    return [p for p in bidding_puzzles() if "coach" in answer_claims().get(p.key, {})]


@pytest.mark.parametrize("puzzle", coach_claims(), ids=lambda p: p.key)
def test_the_coachs_figures_in_a_claim_are_the_ones_a_wrong_call_is_told(puzzle):
    # A wrong call is told the coach's figures before the solution (lessons/checking.py): the
    # claim's coach block must be those figures, so that the answers accept every call the learner
    # is shown as level with the best, and the explanation's intervals are the page's.
    import json

    from lessons.checking import PUZZLE_SAMPLES, _call_options
    from lessons.claims import margin_interval

    coach = answer_claims()[puzzle.key]["coach"]
    assert isinstance(coach, dict) and coach["deals"] == PUZZLE_SAMPLES
    options = _call_options(json.dumps(puzzle.position, sort_keys=True))
    assert set(coach["margins"]) == set(options)
    for call, (mean, sd) in coach["margins"].items():
        shown = options[call]
        assert f"{mean:+.1f}" == f"{shown['value']:+.1f}", call
        # The sd is the interval's: its half-width × √deals / 1.96, to one decimal.
        half = (shown["high"] - shown["low"]) / 2
        assert abs(sd - half * PUZZLE_SAMPLES**0.5 / 1.96) < 0.06, call
        low, high = margin_interval(mean, sd, PUZZLE_SAMPLES)
        assert abs(low - shown["low"]) <= 0.1 and abs(high - shown["high"]) <= 0.1, call
    best = max(options, key=lambda c: options[c]["value"])
    assert set(puzzle.answers) >= {c for c in options if options[c]["high"] >= options[best]["low"]}
