"""Claims (lessons/claims.py, docs/claims.md): the statements of a lesson a learner could act on,
worked out by the engine when the curriculum loads. Each course's claims are listed here; a false
one stops the loader with the file, the step and what the engine found."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from lessons import claims
from lessons.claims import ClaimError, check_claim
from lessons.content import CurriculumError, read_curriculum

FIXTURES = Path(__file__).parent / "content_fixtures" / "good"
# Per course, claims it must keep: the thresholds and values its lessons teach.
EXPECTED = {
    "saudi": [
        {"kind": "deck-total", "mode": "hokm", "points": 162},
        {"kind": "rounds", "mode": "hokm", "points": 85, "to": 8},
        {"kind": "game-target", "points": 152},
    ],
    "saudi-playing-well": [
        {"kind": "taker-needs", "mode": "hokm", "points": 86},
        {"kind": "hand-value", "mode": "hokm", "result": "made", "min": 9, "max": 16},
        {
            "kind": "hand-score",
            "mode": "sun",
            "taker": "NS",
            "taker_points": 130,
            "tricks": 8,
            "points": {"NS": 44, "EW": 0},
        },
        {"kind": "hand-value", "mode": "sun", "result": "made", "multiplier": 2, "min": 52, "max": 52},
    ],
    "moroccan": [
        {"kind": "hand-score", "mode": "trump", "taker": "NS", "taker_points": 81, "result": "litige"}
    ],
    "moroccan-playing-well": [
        {"kind": "taker-needs", "mode": "trump", "points": 82},
        {
            "kind": "hand-score",
            "mode": "trump",
            "taker": "NS",
            "taker_points": 162,
            "tricks": 8,
            "points": {"NS": 262, "EW": 0},
        },
    ],
    "french": [{"kind": "game-target", "points": 1000}],
    "french-playing-well": [
        {"kind": "taker-needs", "mode": "trump", "points": 81},
        {"kind": "taker-needs", "mode": "trump", "points": 71, "belote": "taker"},
        {"kind": "taker-needs", "mode": "trump", "points": 91, "belote": "other"},
        {
            "kind": "hand-score",
            "mode": "trump",
            "taker": "NS",
            "taker_points": 162,
            "tricks": 8,
            "points": {"NS": 252, "EW": 0},
        },
    ],
}


@pytest.fixture(scope="module")
def courses():
    return {course.key: course for course in read_curriculum()}


@pytest.mark.parametrize("key", sorted(EXPECTED))
def test_each_course_s_thresholds_are_claims_the_engine_checked(courses, key):
    listed = [claim.params for claim in courses[key].claims]
    missing = [claim for claim in EXPECTED[key] if claim not in listed]
    assert missing == [], f"{key} checks {len(listed)} claims: {[str(c) for c in courses[key].claims]}"


def test_score_sa_round_hokm_82_to_85_abnat_tie_and_fail_so_the_buyer_needs_86():
    check_claim({"kind": "taker-needs", "mode": "hokm", "points": 86}, "saudi")
    with pytest.raises(ClaimError, match="from 86 card points, not 82 \\(82-85 fail\\)"):
        check_claim({"kind": "taker-needs", "mode": "hokm", "more_than": 81}, "saudi")


def test_score_sa_game_an_undoubled_made_hokm_reaches_152_from_140_only_with_116_abnat():
    case = {
        "kind": "game-won",
        "mode": "hokm",
        "taker": "EW",
        "game_score": {"NS": 130, "EW": 140},
        "team": "EW",
    }
    check_claim({**case, "taker_points": [116, 162]}, "saudi")
    check_claim({**case, "multiplier": 2, "taker_points": [86, 162]}, "saudi")
    with pytest.raises(ClaimError, match="116-162"):
        check_claim({**case, "taker_points": [86, 162]}, "saudi")


def test_score_sa_kaboot_the_defenders_88_needs_the_house_rule_and_an_ace_turned_up():
    case = {
        "kind": "hand-score", "mode": "sun", "taker": "NS", "taker_points": 0, "tricks": 0,
        "bidding_card": "AS", "options": {"kaboot_88_on_ace": True}, "points": {"NS": 0, "EW": 88},
    }  # fmt: skip
    check_claim(case, "saudi")
    for other in ({"bidding_card": "KS"}, {"options": {}}):
        with pytest.raises(ClaimError, match="NS 0, EW 44"):
            check_claim({**case, **other}, "saudi")


def test_a_simulated_figure_states_its_95_percent_interval():
    check_claim({"kind": "simulated", "figure": 88, "deals": 100, "interval": [80, 93]}, "saudi")
    with pytest.raises(ClaimError, match="80-93"):
        check_claim({"kind": "simulated", "figure": 88, "deals": 100, "interval": [85, 91]}, "saudi")


def test_calls_the_deals_do_not_separate_are_all_answers():
    close = {"deals": 100, "figures": {"double": 41, "pass": 34}}
    assert claims.separated_calls(close) == {"double", "pass"}
    assert claims.separated_calls({"deals": 1000, "figures": {"double": 47, "pass": 37}}) == {"double"}
    with pytest.raises(ClaimError, match="accept exactly"):
        claims.check_answers(close, ["double"])


def test_the_text_must_say_what_its_claim_states_in_every_language():
    assert claims.mentions("بدون مشاريع يحتاج ٨٦.", "86")
    assert claims.mentions("la partie en 1 000 points", "1000")
    assert not claims.mentions("186 abnat", "86") and not claims.mentions("8.6", "86")


def test_a_false_claim_stops_the_loader_naming_the_lesson_and_the_step(tmp_path):
    root = tmp_path / "content"
    shutil.copytree(FIXTURES, root)
    lesson = root / "saudi" / "01-follow-suit.yaml"
    text = lesson.read_text(encoding="utf-8")
    first_puzzle = "  - puzzle:\n      key: sa-follow-1\n"
    false = "    claims:\n      - {kind: taker-needs, mode: hokm, more_than: 81}\n" + first_puzzle
    lesson.write_text(text.replace(first_puzzle, false, 1), encoding="utf-8")

    with pytest.raises(CurriculumError) as caught:
        read_curriculum(root)

    message = str(caught.value)
    assert "saudi/01-follow-suit.yaml" in message and "steps[0].claims[0]" in message
    assert "taker-needs: the engine makes the contract from 86 card points, not 82" in message
