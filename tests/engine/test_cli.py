"""``python -m engine``, through a real subprocess, against the contract in docs/engine-cli.md."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]


class Answer:
    def __init__(self, proc: subprocess.CompletedProcess[bytes]) -> None:
        self.status = proc.returncode
        self.stderr = proc.stderr.decode("utf-8", "replace")
        self.raw = proc.stdout.decode("utf-8")
        self.out: dict[str, Any] = json.loads(self.raw)


def _encoded(payload: object) -> bytes:
    if isinstance(payload, bytes):
        return payload
    if isinstance(payload, str):
        return payload.encode("utf-8")
    return json.dumps(payload, ensure_ascii=False).encode("utf-8")


def engine(command: str, payload: object) -> Answer:
    """Run the command line; ``payload`` is JSON-dumped unless it is already text or bytes."""
    proc = subprocess.run(
        [sys.executable, "-m", "engine", *([command] if command else [])],
        input=_encoded(payload),
        capture_output=True,
        cwd=ROOT,
        timeout=60,
        check=False,
    )
    answer = Answer(proc)
    assert "Traceback" not in answer.stderr
    assert answer.raw.count("\n") == 1, "exactly one JSON object on one line"
    return answer


def ok(command: str, payload: object) -> dict[str, Any]:
    answer = engine(command, payload)
    assert answer.status == 0, answer.out
    assert "error" not in answer.out
    return answer.out


def refused(command: str, payload: object, via_process: bool = True) -> dict[str, Any]:
    """The error object of malformed input; ``via_process=False`` runs the same code in this process."""
    if via_process:
        answer = engine(command, payload)
        status, out = answer.status, answer.out
    else:
        from engine.cli import run

        status, out = run([command] if command else [], _encoded(payload))
        json.dumps(out, ensure_ascii=False)
    assert status == 2, out
    assert set(out) == {"error"}
    error: dict[str, Any] = out["error"]
    assert isinstance(error["code"], str) and isinstance(error["message"], str) and error["message"]
    assert not error["message"].startswith("error."), "a sentence from the catalog, not its key"
    return error


# ---------------------------------------------------------------- legal


def test_cli_legal_contract_example_play_must_follow() -> None:
    # docs/engine-cli.md: hand K♣ 7♣ A♠, E led 9♣ (N, a plain suit in Hokm of hearts): follow clubs.
    out = ok(
        "legal",
        {"variant": "saudi", "trump": "H", "seat": "N", "hand": ["KC", "7C", "AS"], "trick": [["E", "9C"]]},
    )
    assert out["legal"] == ["KC", "7C"]
    assert list(out["illegal"]) == ["AS"]
    [reason] = out["illegal"]["AS"]
    assert reason["rule"] == "play.must-follow"
    assert reason["message"]
    assert set(out) == {"legal", "illegal"}


def test_cli_legal_play_must_overtrump_even_over_partner_french_with_10_notation() -> None:
    # Trump led by E; S's partner N wins with A♠; "10S" is read as T♠.
    out = ok(
        "legal",
        {
            "variant": "french",
            "trump": "S",
            "seat": "S",
            "hand": ["10S", "9S", "AH"],
            "trick": [["E", "7S"], ["N", "AS"], ["W", "8S"]],
        },
    )
    # Partner N wins with A♠; french overtrumps always: only 9♠ beats A♠ (10 does not).
    assert out["legal"] == ["9S"]
    assert [r["rule"] for r in out["illegal"]["TS"]] == ["play.must-overtrump"]
    assert [r["rule"] for r in out["illegal"]["AH"]] == ["play.must-follow"]
    assert "10S" not in out["illegal"]


def test_cli_legal_play_must_trump_moroccan_and_partner_winning_saudi() -> None:
    trick = [["W", "AD"], ["S", "7D"], ["E", "KD"]]
    # N is void in diamonds; S (partner) is not winning: W's A♦ wins → must trump.
    payload = {"variant": "moroccan", "trump": "C", "seat": "N", "hand": ["7C", "AS"], "trick": trick}
    out = ok("legal", payload)
    assert out["legal"] == ["7C"]
    assert out["illegal"]["AS"][0]["rule"] == "play.must-trump"
    # Partner winning in saudi Hokm: any card.
    trick = [["W", "7D"], ["S", "AD"], ["E", "KD"]]
    out = ok("legal", {"variant": "saudi", "trump": "C", "seat": "N", "hand": ["7C", "AS"], "trick": trick})
    assert out["legal"] == ["7C", "AS"] and out["illegal"] == {}


def test_cli_legal_first_card_of_trick_always_legal_and_trick_optional() -> None:
    out = ok("legal", {"variant": "saudi", "trump": None, "seat": "E", "hand": ["AS", "7H"]})
    assert out == {"legal": ["AS", "7H"], "illegal": {}}


def test_cli_legal_clockwise_option_reverses_turn_order() -> None:
    payload = {
        "variant": "french",
        "rules": {"clockwise": True},
        "trump": "H",
        "seat": "N",
        "hand": ["AC"],
        "trick": [["W", "7C"]],
    }
    assert ok("legal", payload)["legal"] == ["AC"]
    payload["rules"] = {}
    assert refused("legal", payload)["code"] == "out-of-turn"


def test_cli_legal_play_ekka_flag() -> None:
    # Ekka house rule: the leader's partner may discard after an Ekka call on the K (A♠ gone).
    base = {
        "variant": "saudi",
        "rules": {"ekka": True},
        "trump": "H",
        "seat": "N",
        "hand": ["7H", "8C"],
        "trick": [["S", "KS"], ["E", "7S"]],
    }
    assert ok("legal", {**base, "ekka": True})["legal"] == ["7H", "8C"]
    out = ok("legal", base)
    assert out["legal"] == ["7H"]
    assert out["illegal"]["8C"][0]["rule"] == "play.ekka"


# ---------------------------------------------------------------- trick


def test_cli_trick_win_by_trump() -> None:
    out = ok(
        "trick",
        {"variant": "saudi", "trump": "H", "trick": [["E", "9C"], ["N", "TC"], ["W", "9H"], ["S", "AC"]]},
    )
    # 0 + 10 + 14 (nine of trump) + 11.
    assert out["winner"] == "W" and out["points"] == 35 and out["rule"] == "trick.win"
    assert set(out) == {"winner", "points", "rule", "message"} and out["message"]


def test_cli_trick_win_sun_led_suit() -> None:
    out = ok(
        "trick",
        {"variant": "saudi", "trump": None, "trick": [["N", "KD"], ["W", "AS"], ["S", "10D"], ["E", "JD"]]},
    )
    assert out["winner"] == "S" and out["points"] == 4 + 11 + 10 + 2


# ---------------------------------------------------------------- projects


def test_cli_projects_contract_example_proj_sa_one_team_top_card() -> None:
    # Sun: E's Sira to the ace beats N's Sira to the king (same type, higher top card).
    out = ok(
        "projects",
        {
            "variant": "saudi",
            "trump": None,
            "dealer": "S",
            "hands": {"E": ["QH", "KH", "AH", "7S", "9D"], "N": ["JS", "QS", "KS", "8C"], "W": ["7C"]},
        },
    )
    assert set(out) == {"projects", "counted_team", "counted_value", "belote", "steps"}
    assert out["projects"]["E"] == [{"type": "sira", "cards": ["QH", "KH", "AH"], "value": 4}]
    assert out["projects"]["N"] == [{"type": "sira", "cards": ["JS", "QS", "KS"], "value": 4}]
    assert "W" not in out["projects"]
    assert (out["counted_team"], out["counted_value"], out["belote"]) == ("EW", 4, None)
    assert out["steps"][-1]["rule"] == "proj.sa.one-team"
    assert all(set(step) == {"rule", "text"} and step["text"] for step in out["steps"])


def test_cli_projects_decl_ma_best_tie_and_belote_holder() -> None:
    # Two tierces to the king in plain suits, one per team: an exact Moroccan tie, nobody counts.
    out = ok(
        "projects",
        {
            "variant": "moroccan",
            "trump": "D",
            "dealer": "W",
            "hands": {"S": ["JS", "QS", "KS", "KD", "QD"], "E": ["JC", "QC", "KC"]},
        },
    )
    assert out["counted_team"] is None and out["counted_value"] == 0
    assert out["belote"] == "S"
    assert [s["rule"] for s in out["steps"]][-2:] == ["decl.ma.best", "decl.ma.belote"]


def test_cli_projects_decl_fr_best_carre_values_card_points() -> None:
    out = ok(
        "projects",
        {"variant": "french", "trump": "S", "dealer": "N", "hands": {"W": ["JS", "JH", "JD", "JC", "7D"]}},
    )
    assert out["projects"] == {"W": [{"type": "carre", "cards": ["JS", "JH", "JD", "JC"], "value": 200}]}
    assert (out["counted_team"], out["counted_value"]) == ("EW", 200)


# ---------------------------------------------------------------- score

SCORE = {
    "variant": "saudi",
    "trump": None,
    "dealer": "S",
    "taker": "N",
    "card_points": {"NS": 74, "EW": 56},
    "tricks": {"NS": 5, "EW": 3},
}


def test_cli_score_contract_example_score_sa_round_sun() -> None:
    out = ok("score", SCORE)
    assert set(out) == {"points", "result", "pot", "game_over", "steps"}
    assert out["points"] == {"NS": 14, "EW": 12}
    assert (out["result"], out["pot"], out["game_over"]) == ("made", 0, False)
    assert out["steps"][0]["rule"] == "score.sa.round-sun"


def test_cli_score_seed001_hokm_sira_baloot_fails() -> None:
    # Seed 001: Hokm, buyer 45 abnat + Sira + Baloot → fails: buyer 2 (its Baloot), other 18.
    payload = {
        **SCORE,
        "trump": "H",
        "card_points": {"NS": 45, "EW": 117},
        "projects": {"N": [["7C", "8C", "9C"]]},
        "belote": "S",
    }
    out = ok("score", payload)
    assert out["points"] == {"NS": 2, "EW": 18} and out["result"] == "failed"
    out = ok("score", {**payload, "rules": {"baloot_transfers_on_failure": True}})
    assert out["points"] == {"NS": 0, "EW": 20}


def test_cli_score_sa_doubled_gahwa_ends_game() -> None:
    payload = {
        **SCORE,
        "trump": "C",
        "card_points": {"NS": 100, "EW": 62},
        "multiplier": 4,
        "gahwa": True,
        "bidding_card": "10C",
        "game_score": {"NS": 10, "EW": 20},
    }
    out = ok("score", payload)
    assert out["points"] == {"NS": 64, "EW": 0} and out["game_over"] is True
    assert "double.sa.gahwa" in [s["rule"] for s in out["steps"]]


def test_double_sa_sun_condition_cli_score_refuses_a_doubled_sun_hand_at_90() -> None:
    payload = {**SCORE, "card_points": {"NS": 130, "EW": 0}, "tricks": {"NS": 8, "EW": 0},
               "multiplier": 2, "game_score": {"NS": 90, "EW": 40}}
    answer = engine("score", payload)
    assert answer.status == 2, answer.out
    error = answer.out["error"]
    assert (error["code"], error["field"], error["rules"]) == ("call-refused", "multiplier",
                                                               ["double.sa.sun-condition"])
    assert "90" in error["message"]
    ok("score", {**payload, "game_score": {"NS": 110, "EW": 40}})


def test_cli_score_ma_litige_pot_and_fr_dedans() -> None:
    base = {**SCORE, "variant": "moroccan", "trump": "S", "card_points": {"NS": 81, "EW": 81}, "pot": 20}
    out = ok("score", base)
    assert out["result"] == "litige" and out["pot"] == 101 and out["points"] == {"NS": 0, "EW": 81}
    out = ok("score", {**base, "variant": "french", "card_points": {"NS": 70, "EW": 92}, "pot": 0})
    assert out["result"] == "dedans" and out["points"] == {"NS": 0, "EW": 162}


# ---------------------------------------------------------------- bid


def test_cli_bid_contract_example_after_hokm_and_ashkal_seat() -> None:
    # Dealer E: N speaks first and calls Hokm; W (the second speaker) may pass or buy Sun,
    # not Hokm (bid.sa.after-hokm) nor Ashkal (only the third speaker and the dealer).
    out = ok("bid", {"variant": "saudi", "dealer": "E", "bidding_card": "7H", "calls": [["N", "hokm"]]})
    assert set(out) == {"to_act", "allowed", "refused", "contract"}
    assert out["to_act"] == "W" and out["allowed"] == ["pass", "sun"]
    assert [r["rule"] for r in out["refused"]["hokm"]] == ["bid.sa.after-hokm"]
    assert [r["rule"] for r in out["refused"]["ashkal"]] == ["bid.sa.ashkal-seat"]
    assert out["contract"] is None


def test_cli_bid_sa_ashkal_contract_receiver_is_partner() -> None:
    calls = [["E", "pass"], ["N", "pass"], ["W", "ashkal"]]
    out = ok("bid", {"variant": "saudi", "dealer": "S", "bidding_card": "AD", "calls": calls})
    assert out["to_act"] is None and out["allowed"] == []
    assert out["contract"] == {"mode": "sun", "trump": None, "taker": "W", "receiver": "E"}


def test_cli_bid_void_after_eight_passes_and_fr_take_suit() -> None:
    passes = [[seat, "pass"] for seat in "ENWS" * 2]
    out = ok("bid", {"variant": "french", "dealer": "S", "bidding_card": "9D", "calls": passes})
    assert out["contract"] == {"void": True} and out["to_act"] is None
    calls = [*passes[:4], ["E", "take:C"]]
    out = ok("bid", {"variant": "french", "dealer": "S", "bidding_card": "9D", "calls": calls})
    assert out["contract"] == {"mode": "hokm", "trump": "C", "taker": "E", "receiver": "E"}


def test_cli_bid_ma_forced_jack_with_hand() -> None:
    out = ok(
        "bid",
        {
            "variant": "moroccan",
            "dealer": "S",
            "bidding_card": "JH",
            "calls": [],
            "hand": ["7S", "8S", "9S", "TS", "QD"],
        },
    )
    assert out["to_act"] == "E" and out["allowed"] == ["take"]
    assert [r["rule"] for r in out["refused"]["pass"]] == ["bid.ma.forced-jack"]


# The Saudi doubling ladder, reached from ``bid``: E buys Hokm in hearts, dealer S.
HOKM_BOUGHT = [["E", "hokm"], ["N", "pass"], ["W", "pass"], ["S", "pass"], ["E", "confirm"]]


def _ladder(*calls: list[str], **extra: Any) -> dict[str, Any]:
    payload = {"variant": "saudi", "dealer": "S", "bidding_card": "7H", "calls": [*HOKM_BOUGHT, *calls]}
    return ok("bid", {**payload, **extra})


def test_cli_double_sa_who_the_ladder_after_the_contract() -> None:
    out = _ladder()
    assert out["contract"] == {"mode": "hokm", "trump": "H", "taker": "E", "receiver": "E"}
    # The auction is over (to_act null); the ladder's next word may be said.
    assert out["to_act"] is None and out["allowed"] == ["pass", "double"]
    assert set(out["refused"]) == {"three", "four", "gahwa"}
    # Either defender may double; then Three is the buyer's, Four the doubler's, Gahwa the buyer's.
    out = _ladder(["S", "double"])
    assert out["allowed"] == ["pass", "three"]
    [reason] = out["refused"]["four"]
    assert reason["rule"] == "double.sa.who" and "East" in reason["message"]
    out = _ladder(["S", "double"], ["E", "three"])
    assert out["allowed"] == ["pass", "four"]
    [reason] = out["refused"]["gahwa"]
    assert reason["rule"] == "double.sa.who" and "South" in reason["message"]
    out = _ladder(["S", "double"], ["E", "three"], ["S", "four"])
    assert out["allowed"] == ["pass", "gahwa"] and out["to_act"] is None
    for words in ([["S", "double"], ["E", "three"], ["S", "four"], ["E", "gahwa"]], [["N", "pass"]]):
        out = _ladder(*words)
        assert out["to_act"] is None and out["allowed"] == [] and out["refused"] == {}


def test_cli_double_sa_who_refuses_the_partner_of_the_one_who_may_answer() -> None:
    payload = {"variant": "saudi", "dealer": "S", "bidding_card": "7H", "lang": "ar"}
    error = refused("bid", {**payload, "calls": [*HOKM_BOUGHT, ["N", "double"], ["W", "three"]]})
    assert error["code"] == "call-refused" and error["field"] == "calls[6][1]"
    assert error["rules"] == ["double.sa.who"]
    calls = [*HOKM_BOUGHT, ["N", "double"], ["E", "three"], ["N", "gahwa"]]
    error = refused("bid", {**payload, "calls": calls})
    assert error["rules"] == ["double.sa.who"]
    # After a pass nothing more is said; outside Saudi the auction simply ends.
    error = refused("bid", {**payload, "calls": [*HOKM_BOUGHT, ["N", "pass"], ["W", "double"]]})
    assert error["code"] == "auction-over"
    calls = [["E", "take"], ["N", "double"]]
    french = {"variant": "french", "dealer": "S", "bidding_card": "7H", "calls": calls}
    assert refused("bid", french)["code"] == "auction-over"
    assert refused("bid", {**french, "calls": [], "game_score": {"NS": 0, "EW": 0}})["field"] == "game_score"


def test_cli_double_sa_sun_condition_from_bid_with_the_game_score() -> None:
    calls = [["E", "sun"]]
    base = {"variant": "saudi", "dealer": "S", "bidding_card": "7H"}
    out = ok("bid", {**base, "calls": calls})  # 0–0: Sun may not be doubled, nothing to say
    assert out["to_act"] is None and out["allowed"] == []
    assert [r["rule"] for r in out["refused"]["double"]] == ["double.sa.sun-condition"]
    out = ok("bid", {**base, "calls": calls, "game_score": {"EW": 110, "NS": 100}})
    assert out["to_act"] is None and out["allowed"] == ["pass", "double"]
    out = ok("bid", {**base, "calls": [*calls, ["N", "double"]], "game_score": {"EW": 110, "NS": 100}})
    assert out["to_act"] is None and out["allowed"] == []  # in Sun only Double exists


# ---------------------------------------------------------------- play

# The 32 cards in dealing order: spades, hearts, diamonds, clubs, each 7 to A.
ORDERED_DECK = [f"{rank}{suit}" for suit in "SHDC" for rank in "789TJQKA"]


def test_deal_2_then_3_the_play_command_shows_the_hands_as_dealt() -> None:
    """Dealer S, E first: three cards then two each (7S 8S 9S to E ...), or with
    ``deal_2_then_3`` two then three (7S 8S to E ...); the bidding card is the 21st card either way."""
    base = {"variant": "french", "dealer": "S", "deck": ORDERED_DECK}
    three_two = ok("play", base)
    two_three = ok("play", {**base, "rules": {"deal_2_then_3": True}})
    assert three_two["dealt"]["E"] == ["7S", "8S", "9S", "JH", "QH"]
    assert two_three["dealt"]["E"] == ["7S", "8S", "7H", "8H", "9H"]
    assert three_two["bidding_card"] == two_three["bidding_card"] == "JD"
    assert three_two["auction"]["to_act"] == "E" and three_two["hands"] is None


def test_play_command_a_whole_saudi_hand_through_the_doubling() -> None:
    rng = random.Random(7)
    calls = [*HOKM_BOUGHT, ["N", "double"], ["E", "pass"]]
    payload: dict[str, Any] = {"variant": "saudi", "dealer": "S", "seed": 3, "calls": calls, "plays": []}
    out = ok("play", payload)
    assert out["auction"]["contract"]["taker"] == "E" and out["auction"]["to_act"] is None
    assert [s["rule"] for s in out["steps"]] == ["lead.sa.first"] and out["to_play"] == "E"
    assert all(len(cards) == 8 for cards in out["hands"].values())
    from engine.cli import run

    while out["to_play"] is not None:  # in this process: a hand is many calls
        payload["plays"].append([out["to_play"], rng.choice(out["legal"])])
        status, out = run(["play"], json.dumps(payload).encode())
        assert status == 0, out
    assert len(out["tricks"]) == 8 and sum(out["points"].values()) == 162
    assert out["score"]["result"] in ("made", "failed", "kaboot")
    assert any(s["rule"] == "score.sa.doubled" for s in out["score"]["steps"])


def test_play_command_refuses_a_card_against_the_rules_and_plays_before_the_contract() -> None:
    base = {"variant": "saudi", "dealer": "S", "seed": 3}
    first = ok("play", {**base, "calls": HOKM_BOUGHT})
    assert first["auction"]["allowed"] == ["pass", "double"]  # the doubling is open: no card yet
    error = refused("play", {**base, "calls": HOKM_BOUGHT, "plays": [["E", "AS"]]})
    assert error["code"] == "missing-field" and error["field"] == "plays"
    calls = [*HOKM_BOUGHT, ["N", "pass"]]
    out = ok("play", {**base, "calls": calls})
    not_held = next(c for c in ORDERED_DECK if c not in out["hands"]["E"])
    error = refused("play", {**base, "calls": calls, "plays": [["E", not_held]]})
    assert error["code"] == "bad-field" and error["field"] == "plays[0][1]"
    error = refused("play", {**base, "calls": calls, "plays": [["N", out["hands"]["N"][0]]]})
    assert error["code"] == "out-of-turn"


# ---------------------------------------------------------------- errors

TRICK = [["E", "9C"], ["N", "TC"], ["W", "9S"], ["S", "AC"]]
LEGAL = {"variant": "saudi", "trump": "H", "seat": "N", "hand": ["KC", "7C", "AS"], "trick": [["E", "9C"]]}


def with_(base: dict[str, Any], **changes: Any) -> dict[str, Any]:
    out = {k: v for k, v in base.items() if k not in changes}
    out.update({k: v for k, v in changes.items() if v is not DROP})
    return out


DROP = object()


@pytest.mark.parametrize(
    ("payload", "code", "field"),
    [
        (b"{not json", "bad-json", None),
        (b"\xff\xfe", "bad-json", None),
        ('{"variant": "saudi", "variant": "french"}', "bad-json", "variant"),
        ("[1, 2]", "not-object", None),
        (with_(LEGAL, hand=DROP), "missing-field", "hand"),
        (with_(LEGAL, trumps="H"), "unknown-field", "trumps"),
        (with_(LEGAL, variant="belotte"), "unknown-variant", "variant"),
        (with_(LEGAL, rules={"ekkaa": True}), "unknown-option", "rules.ekkaa"),
        (with_(LEGAL, rules={"clockwise": True}), "unknown-option", "rules.clockwise"),
        (with_(LEGAL, rules={"ekka": "yes"}), "bad-option", "rules.ekka"),
        (with_(LEGAL, rules={"target": 0}), "bad-option", "rules.target"),
        (with_(LEGAL, rules=[]), "bad-field", "rules"),
        (with_(LEGAL, lang="de"), "unknown-language", "lang"),
        (with_(LEGAL, hand=["KC", "1C", "AS"]), "unknown-card", "hand[1]"),
        (with_(LEGAL, hand=["KC", "7C", "KC"]), "duplicate-card", "hand[2]"),
        (with_(LEGAL, hand=["KC", "9C"]), "duplicate-card", "hand[1]"),
        (with_(LEGAL, hand=["7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS", "7D"]), "hand-size", "hand"),
        (with_(LEGAL, hand=[]), "hand-size", "hand"),
        (with_(LEGAL, hand="KC"), "bad-field", "hand"),
        (with_(LEGAL, trump="X"), "unknown-suit", "trump"),
        (with_(LEGAL, variant="french", trump=None), "no-sun", "trump"),
        (with_(LEGAL, variant="moroccan", trump=None), "no-sun", "trump"),
        (with_(LEGAL, seat="W"), "out-of-turn", "seat"),
        (with_(LEGAL, seat="Z"), "unknown-seat", "seat"),
        (with_(LEGAL, trick=[["E", "9C"], ["W", "8C"]], seat="S"), "out-of-turn", "trick[1][0]"),
        (with_(LEGAL, trick=[["E", "9C", "x"]]), "bad-field", "trick[0]"),
        (
            with_(LEGAL, trick=[["E", "9C"], ["N", "8C"], ["W", "TC"], ["S", "JC"]], seat="E"),
            "trick-size",
            "trick",
        ),
        (with_(LEGAL, ekka="yes"), "bad-field", "ekka"),
    ],
)
def test_cli_legal_malformed_input_exit_2(payload: object, code: str, field: str | None) -> None:
    error = refused("legal", payload, via_process=False)
    assert error["code"] == code
    assert error.get("field") == field
    if field:
        assert field in error["message"] or error["message"] != f"error.{code}"


@pytest.mark.parametrize(
    ("payload", "code", "field"),
    [
        (
            {"variant": "saudi", "trump": "H", "trick": [["E", "9C"], ["N", "TC"], ["W", "9H"]]},
            "trick-size",
            "trick",
        ),
        (
            {"variant": "saudi", "trump": "H", "trick": [["E", "9C"], ["N", "TC"], ["W", "9C"], ["S", "AC"]]},
            "duplicate-card",
            "trick[2][1]",
        ),
        (
            {
                "variant": "french",
                "trump": "H",
                "trick": [["E", "9C"], ["S", "TC"], ["W", "9H"], ["N", "AC"]],
            },
            "out-of-turn",
            "trick[1][0]",
        ),
    ],
)
def test_cli_trick_malformed_input_exit_2(payload: object, code: str, field: str) -> None:
    error = refused("trick", payload, via_process=False)
    assert (error["code"], error["field"]) == (code, field)


@pytest.mark.parametrize("argv", ["fold", ""])
def test_cli_unknown_command_exit_2(argv: str) -> None:
    error = refused(argv, {"variant": "saudi"})
    assert error["code"] == "unknown-command"


@pytest.mark.parametrize(("argv", "lang"), [("fold", "en"), ("deal", "fr"), ("deal", "ar")])
def test_cli_unknown_command_names_every_command(argv: str, lang: str) -> None:
    from engine.cli import COMMANDS
    from engine.decouverte import commands as two_player

    error = refused(argv, {"variant": "saudi", "lang": lang}, via_process=False)

    assert error["code"] == "unknown-command"
    words = re.findall(r"[a-z]+", error["message"])
    for command in {*COMMANDS, *two_player.COMMANDS}:
        # The command given is named once more, as what was refused.
        assert words.count(command) == 1 + (command == argv), (command, error["message"])


def test_the_contract_page_names_the_commands_the_cli_accepts() -> None:
    from pathlib import Path

    from engine.cli import ACCEPTED

    page = (Path(__file__).resolve().parents[2] / "docs" / "engine-cli.md").read_text(encoding="utf-8")
    listed = re.search(r"The commands are (.*?)\. Any other", page, re.S)
    assert listed is not None
    assert re.findall(r"`([a-z]+)`", listed.group(1)) == list(ACCEPTED)


PROJECTS = {"variant": "saudi", "trump": "H", "dealer": "S", "hands": {"N": ["7C", "8C", "9C"], "E": ["AS"]}}
BID = {"variant": "saudi", "dealer": "S", "bidding_card": "7H", "calls": [["E", "pass"]]}

def _recorded_hand(variant: str, seed: int) -> dict[str, Any]:
    """A hand the rule-of-thumb bots played to the end, as review's input for South."""
    from engine.bots import HeuristicBot, step
    from engine.cards import SEATS, cards_of
    from engine.hand import Called, Doubled, Hand, Phase
    from engine.variants import rules_for

    for s in range(seed, seed + 20):
        hand = Hand(rules_for(variant), SEATS[s % 4], seed=s)
        first = hand.first.hands
        bots = [HeuristicBot() for _ in range(4)]
        while hand.phase not in (Phase.DONE, Phase.VOID):
            step(hand, bots)
        if hand.phase is Phase.DONE:
            break
    assert hand.tricks is not None
    return {
        "variant": variant,
        "dealer": str(hand.dealer),
        "bidding_card": str(hand.first.bidding_card),
        "hands": {str(seat): [str(c) for c in cards_of(hand.full_hands[seat])] for seat in SEATS},
        "first": {str(seat): [str(c) for c in cards_of(first[seat])] for seat in SEATS},
        "calls": [[str(e.seat), e.call] for e in hand.events if isinstance(e, (Called, Doubled))],
        "plays": [[str(m.seat), str(m.card)] for m in hand.tricks.moves],
        "seat": "S",
    }


REVIEW = {**_recorded_hand("saudi", 3), "samples": 8}
# South's view at its first card of the fourth trick of the same hand: its cards, the record.
_cut = next(i for i, (seat, _) in enumerate(REVIEW["plays"]) if seat == "S" and i >= 12)
ADVISE = {
    "variant": "saudi",
    "dealer": REVIEW["dealer"],
    "bidding_card": REVIEW["bidding_card"],
    "calls": REVIEW["calls"],
    "seat": "S",
    "hand": [c for c in REVIEW["hands"]["S"] if c not in {p for _, p in REVIEW["plays"][:_cut]}],
    "plays": REVIEW["plays"][:_cut],
}
HINT = {
    "variant": "moroccan",
    "contract": {"mode": "hokm", "trump": "S", "taker": "S"},
    "hands": {"S": ["7S", "TD", "8C"], "E": ["KH", "AD", "9C"], "N": ["TC", "9D"], "W": ["AC", "7D"]},
    "trick": [["N", "AH"], ["W", "7H"]],
    "points": {"NS": 60, "EW": 35},
}
HOKM = with_(SCORE, trump="H", card_points={"NS": 74, "EW": 88})
SPADES = [f"{rank}S" for rank in "789TJQKA"]


@pytest.mark.parametrize(
    ("command", "payload", "code", "field"),
    [
        ("projects", with_(PROJECTS, hands={"N": ["7C", "8C"], "E": ["8C"]}), "duplicate-card", "hands.E[0]"),
        ("projects", with_(PROJECTS, hands={"N": ["7C", *SPADES]}), "hand-size", "hands.N"),
        ("projects", with_(PROJECTS, hands={"X": []}), "unknown-seat", "hands.X"),
        ("projects", with_(PROJECTS, dealer=None), "unknown-seat", "dealer"),
        ("score", with_(SCORE, card_points={"NS": 74, "EW": 66}), "card-points", "card_points"),
        ("score", with_(SCORE, trump="S"), "card-points", "card_points"),
        (
            "score",
            with_(SCORE, card_points={"NS": 120, "EW": 10}, tricks={"NS": 8, "EW": 0}),
            "card-points",
            "card_points.EW",
        ),
        ("score", with_(SCORE, card_points={"NS": 74}), "missing-field", "card_points.EW"),
        ("score", with_(SCORE, card_points={"NS": 74, "EW": 56, "XY": 0}), "unknown-field", "card_points.XY"),
        ("score", with_(SCORE, tricks={"NS": 5, "EW": 4}), "tricks-count", "tricks"),
        ("score", with_(SCORE, tricks={"NS": -1, "EW": 9}), "bad-field", "tricks.NS"),
        ("score", with_(SCORE, taker=DROP), "missing-field", "taker"),
        ("score", with_(SCORE, variant="french", trump=None), "no-sun", "trump"),
        ("score", with_(SCORE, multiplier=3), "bad-field", "multiplier"),
        ("score", with_(HOKM, gahwa=True), "bad-field", "multiplier"),
        ("score", with_(SCORE, belote="N"), "bad-field", "belote"),
        ("score", with_(SCORE, variant="moroccan", trump="H", multiplier=2), "unknown-field", "multiplier"),
        ("score", with_(SCORE, pot=5), "unknown-field", "pot"),
        ("score", with_(SCORE, projects={"S": [["7C", "8C", "TC"]]}), "bad-project", "projects.S[0]"),
        (
            "score",
            with_(SCORE, projects={"S": [["7C", "8C", "9C"]], "W": [["9C", "TC", "JC"]]}),
            "duplicate-card",
            "projects.W[0][0]",
        ),
        ("score", with_(HOKM, belote="E", projects={"N": [["JH", "QH", "KH"]]}), "duplicate-card", "belote"),
        ("score", with_(SCORE, rules={"target": "high"}), "bad-option", "rules.target"),
        ("bid", with_(BID, calls=[["N", "pass"]]), "out-of-turn", "calls[0][0]"),
        ("bid", with_(BID, calls=[["E", "ashkal"]]), "call-refused", "calls[0][1]"),
        ("bid", with_(BID, calls=[["E", "double"]]), "unknown-call", "calls[0][1]"),
        ("bid", with_(BID, calls=[["E", "fold"]]), "unknown-call", "calls[0][1]"),
        ("bid", with_(BID, calls=[["E", "sun"], ["N", "pass"]]), "auction-over", "calls[1][1]"),
        ("bid", with_(BID, calls=[["E", "take"]]), "unknown-call", "calls[0][1]"),
        ("bid", with_(BID, variant="french", calls=[["E", "hokm"]]), "unknown-call", "calls[0][1]"),
        ("bid", with_(BID, hand=["7S", "8S", "9S", "TS"]), "hand-size", "hand"),
        ("bid", with_(BID, hand=["7S", "8S", "9S", "TS", "7H"]), "duplicate-card", "hand[4]"),
        ("bid", with_(BID, bidding_card="1H"), "unknown-card", "bidding_card"),
        ("review", with_(REVIEW, plays=[["S"]]), "bad-field", "plays[0]"),
        ("review", with_(REVIEW, plays=[["S", "AS"]] * 33), "trick-size", "plays"),
        ("review", with_(REVIEW, seat="X"), "unknown-seat", "seat"),
        ("review", with_(REVIEW, dealer=DROP), "missing-field", "dealer"),
        ("review", with_(REVIEW, hands={**REVIEW["hands"], "W": ["TH"]}), "hand-size", "hands.W"),
        ("review", with_(REVIEW, calls=[["E", "fold"]]), "unknown-call", "calls[0][1]"),
        ("advise", with_(ADVISE, hand=["ZZ"]), "unknown-card", "hand[0]"),
        ("advise", with_(ADVISE, seat="X"), "unknown-seat", "seat"),
        ("advise", with_(ADVISE, samples=0), "bad-field", "samples"),
        ("hint", with_(HINT, leader="E"), "out-of-turn", "leader"),
        ("hint", with_(HINT, points={"NS": 0, "EW": 0}), "card-points", "points"),
    ],
)
def test_cli_malformed_input_exit_2(command: str, payload: object, code: str, field: str) -> None:
    error = refused(command, payload, via_process=False)
    assert (error["code"], error.get("field")) == (code, field)
    assert field in error["message"] or code in ("no-sun",)


@pytest.mark.parametrize(
    ("command", "payload", "code"),
    [
        ("legal", b"{not json", "bad-json"),
        ("legal", with_(LEGAL, hand=["KC", "1C"]), "unknown-card"),
        ("legal", with_(LEGAL, hand=["KC", "9C"]), "duplicate-card"),
        ("legal", with_(LEGAL, hand=[*SPADES, "7D"]), "hand-size"),
        ("score", with_(SCORE, card_points={"NS": 74, "EW": 66}), "card-points"),
        ("legal", with_(LEGAL, rules={"ekkaa": True}), "unknown-option"),
        ("legal", with_(LEGAL, variant="belotte"), "unknown-variant"),
        ("trick", {"variant": "french", "trump": None, "trick": TRICK}, "no-sun"),
        ("legal", with_(LEGAL, seat="W"), "out-of-turn"),
        ("bid", with_(BID, calls=[["N", "pass"]]), "out-of-turn"),
        ("deal", {}, "unknown-command"),
    ],
)
def test_cli_malformed_input_through_the_command_line(command: str, payload: object, code: str) -> None:
    # The same cases as above, once each through a real process: exit status 2, no traceback.
    assert refused(command, payload)["code"] == code


def test_cli_call_refused_cites_the_rule() -> None:
    error = refused("bid", with_(BID, calls=[["E", "hokm"], ["N", "hokm"]]))
    assert error["rules"] == ["bid.sa.after-hokm"]


def test_cli_internal_error_is_an_error_object_exit_1(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine import cli

    def broken(obj: object, lang: str) -> dict[str, Any]:
        raise ZeroDivisionError("boom")

    monkeypatch.setitem(cli.COMMANDS, "trick", broken)
    status, out = cli.run(["trick"], b'{"variant": "saudi"}')
    assert status == 1 and out["error"]["code"] == "internal" and out["error"]["message"]
    assert "ZeroDivisionError" in out["error"]["detail"]


# ---------------------------------------------------------------- review and hint

def test_cli_review_judges_every_decision_of_the_seat_from_its_view() -> None:
    out = ok("review", REVIEW)
    assert out["seat"] == "S"
    cards = [d for d in out["decisions"] if d["kind"] == "card"]
    calls = [d for d in out["decisions"] if d["kind"] == "call"]
    assert [d["trick"] for d in cards] == list(range(1, 9))
    assert len(calls) == sum(1 for seat, _ in REVIEW["calls"] if seat == "S")
    for d in out["decisions"]:
        assert d["played"] in d["options"] and d["best"]
        low, high = (d["options"][d["played"]][k] for k in ("low", "high"))
        assert low <= d["options"][d["played"]]["value"] <= high
        assert d["loss"] == 0 if d["played"] in d["best"] else d["loss"] >= 0
        assert not d["mistake"] or d["loss"] >= 5
        assert d["reasons"][0]["rule"] in ("coach.best", "coach.loses") and d["reasons"][0]["message"]
    assert all("open" in d for d in cards)
    assert out["loss"] == round(sum(d["loss"] for d in out["decisions"]), 1)


def test_cli_advise_answers_from_the_seats_view_the_same_for_a_seed() -> None:
    out = ok("advise", {**ADVISE, "seed": 5, "samples": 8})
    assert (out["seat"], out["kind"], out["unit"]) == ("S", "card", "card-points")
    assert out["choice"] in out["best"] and set(out["best"]) <= set(out["options"]) <= set(ADVISE["hand"])
    assert out["samples"] == 8 and out["reasons"]
    assert ok("advise", {**ADVISE, "seed": 5, "samples": 8}) == out


@pytest.mark.parametrize("lang", ["en", "ar", "fr"])
def test_cli_advise_every_reason_carries_its_message(lang) -> None:
    # The contract: each reason, the verdict and the principle (hint.*), is said in words, the
    # principle as the practice table says it.
    for obj in (ADVISE, {**with_(ADVISE, plays=DROP), "calls": [], "seat": REVIEW["calls"][0][0],
                         "hand": REVIEW["first"][REVIEW["calls"][0][0]]}):
        out = ok("advise", {**obj, "seed": 5, "samples": 8, "lang": lang})
        principles = [r for r in out["reasons"] if r["rule"].startswith("hint.")]
        assert principles
        for r in out["reasons"]:
            assert r["message"] and r["rule"] not in r["message"] and "%(" not in r["message"]


def test_cli_advise_a_call_gives_the_chance_each_contract_is_made() -> None:
    first = REVIEW["first"]
    speaker = REVIEW["calls"][0][0]
    out = ok("advise", {**with_(ADVISE, plays=DROP), "calls": [], "seat": speaker, "hand": first[speaker]})
    assert (out["kind"], out["unit"]) == ("call", "game-points")
    assert all(0 <= o["made"] <= 1 for o in out["options"].values())


def test_cli_hint_gives_the_best_cards_and_themes() -> None:
    out = ok("hint", HINT)
    assert (out["seat"], out["best"], out["themes"]) == ("S", ["TD"], ["last-trick", "discard"])
    assert out["reasons"][0]["rule"] == "solve.best" and out["points"] > 60


# ---------------------------------------------------------------- languages

EXAMPLES = {
    "legal": LEGAL,
    "trick": {"variant": "moroccan", "trump": "S", "trick": TRICK},
    "projects": PROJECTS,
    "score": SCORE,
    "bid": {**BID, "calls": [["E", "pass"], ["N", "hokm"]]},
    "review": REVIEW,
    "advise": ADVISE,
    "hint": HINT,
}


def _texts(value: object) -> list[str]:
    """Every ``message``/``text`` in an answer, in order."""
    if isinstance(value, dict):
        return [t for k, v in value.items() for t in ([v] if k in ("message", "text") else _texts(v))]
    if isinstance(value, list):
        return [t for v in value for t in _texts(v)]
    return []


def _without_texts(value: object) -> object:
    if isinstance(value, dict):
        return {k: _without_texts(v) for k, v in value.items() if k not in ("message", "text")}
    if isinstance(value, list):
        return [_without_texts(v) for v in value]
    return value


@pytest.mark.parametrize("command", list(EXAMPLES))
def test_cli_every_command_speaks_four_languages(command: str) -> None:
    answers = {lang: ok(command, {**EXAMPLES[command], "lang": lang}) for lang in ("en", "ar", "fa", "fr")}
    texts = {lang: _texts(out) for lang, out in answers.items()}
    assert texts["en"] and all(texts["en"])
    for lang, out in answers.items():
        # The same verdict in every language; only the sentences change.
        assert _without_texts(out) == _without_texts(answers["en"])
        if lang != "en":
            assert all(t and t != e for t, e in zip(texts[lang], texts["en"], strict=True)), lang
    assert not any("." in t.split()[0] and " " not in t for t in texts["fr"]), "a rule ID, not a sentence"


def test_cli_every_error_code_has_a_message_key() -> None:
    import re

    from engine.messages import ERROR_CODES

    source = "".join((ROOT / "engine" / name).read_text("utf-8") for name in ("cli.py", "notation.py"))
    raised = set(re.findall(r'InputError\(\s*"([a-z-]+)"', source)) | {"bad-field", "internal"}
    assert len(raised) > 20
    assert raised <= set(ERROR_CODES), raised - set(ERROR_CODES)


@pytest.mark.parametrize("lang", ["en", "ar", "fa", "fr"])
def test_cli_error_messages_in_four_languages(lang: str) -> None:
    error = refused("legal", with_(LEGAL, hand=["KC", "ZZ"], lang=lang))
    assert error["code"] == "unknown-card" and "ZZ" in error["message"] and "hand[1]" in error["message"]
    if lang != "en":
        assert error["message"] != refused("legal", with_(LEGAL, hand=["KC", "ZZ"]))["message"]


# ---------------------------------------------------------------- never a traceback

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 200)
    | st.sampled_from(["H", "N", "NS", "KC", "10H", "pass", "take:S", "saudi", "french", "ar", "", "ZZ"]),
    lambda inner: st.lists(inner, max_size=5)
    | st.dictionaries(st.sampled_from(["N", "E", "S", "W", "NS", "EW", "target", "ekka"]), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(EXAMPLES)), st.data())
def test_cli_any_json_gives_an_answer_or_an_input_error(command: str, data: st.DataObject) -> None:
    # In-process (no subprocess per example): damage a good input field by field.
    from engine.cli import run

    # The review without plays: a damaged input that is still valid is then answered without a solve.
    payload = dict(EXAMPLES[command]) if command != "review" else with_(REVIEW, plays=[])
    fields = [*sorted(payload), "rules", "lang", "hand", "pot", "projects", "belote", "multiplier"]
    for _ in range(data.draw(st.integers(1, 3))):
        payload[data.draw(st.sampled_from(fields))] = data.draw(JSON_VALUES)
    status, out = run([command], json.dumps(payload).encode("utf-8"))
    assert status in (0, 2), out
    if status == 2:
        assert set(out) == {"error"} and out["error"]["code"] != "internal" and out["error"]["message"]
    json.dumps(out)


# Every command's good input, the two-player game's included: any string may be put anywhere in it.
EVERY_INPUT = [
    *((command, with_(REVIEW, plays=[]) if command == "review" else p) for command, p in EXAMPLES.items()),
    ("legal", {"variant": "french-2p", "trump": "C", "seat": "S", "hand": ["AD"], "trick": [["N", "TD"]]}),
    ("trick", {"variant": "french-2p", "trump": "H", "trick": [["N", "AS"], ["S", "7H"]]}),
    ("bid", {"variant": "french-2p", "dealer": "S", "bidding_card": "9H", "calls": [["N", "pass"]]}),
    ("score", {"variant": "french-2p", "taker": "N", "card_points": {"N": 82, "S": 80}}),
    ("play", {"variant": "french-2p", "dealer": "N", "seed": 42, "calls": [["S", "take"]], "plays": []}),
]


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every value and of every key of a JSON object (a key as ``(..., ("key", name))``)."""
    places = [path] if path else []
    if isinstance(value, dict):
        for key, inner in value.items():
            places += [(*path, ("key", key)), *_places(inner, (*path, key))]
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            places += _places(inner, (*path, i))
    return places


def _put(value: Any, path: tuple[Any, ...], text: str) -> Any:
    """A copy of ``value`` with ``text`` at ``path`` (as the value there, or as the key's new name)."""
    head, rest = path[0], path[1:]
    if isinstance(head, tuple):
        return {(text if k == head[1] else k): v for k, v in value.items()}
    if isinstance(value, dict):
        return {k: (_put(v, rest, text) if rest else text) if k == head else v for k, v in value.items()}
    return [(_put(v, rest, text) if rest else text) if i == head else v for i, v in enumerate(value)]


ANY_TEXT = st.text(st.characters(exclude_categories=()), max_size=6) | st.sampled_from(
    ["\ud800", "KC\udfff", "\udc80"]
)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(EVERY_INPUT), st.data(), ANY_TEXT)
def test_cli_writes_any_string_it_echoes(
    example: tuple[str, dict[str, Any]], data: st.DataObject, text: str
) -> None:
    # A lone surrogate ("\ud800") is valid JSON but not text: it is refused (exit 2) in UTF-8 JSON,
    # never a traceback while writing the error that repeats it.
    import io

    from engine.cli import main

    command, payload = example
    place = data.draw(st.sampled_from(_places(payload)))
    out = io.BytesIO()
    status = main([command], io.BytesIO(json.dumps(_put(payload, place, text)).encode("ascii")), out)
    raw = out.getvalue().decode("utf-8")  # strict: a surrogate cannot have been written
    assert raw.count("\n") == 1
    answer = json.loads(raw)
    assert status in (0, 2), answer
    if any(0xD800 <= ord(c) <= 0xDFFF for c in text):
        assert status == 2 and answer["error"]["message"], answer


@pytest.mark.parametrize("variant", ["french", "moroccan"])
def test_decl_best_is_said_once_by_the_score_command(variant: str) -> None:
    # The counting of the declarations names the team that counts them; the score does not
    # say it a second time under the same rule.
    out = ok("score", {
        "variant": variant, "trump": "H", "dealer": "S", "taker": "E",
        "card_points": {"NS": 70, "EW": 92}, "tricks": {"NS": 4, "EW": 4},
        "projects": {"E": [["JD", "QD", "KD", "AD"]], "N": [["7C", "8C", "9C"]]},
    })
    rule = "decl.fr.best" if variant == "french" else "decl.ma.best"
    assert [step["rule"] for step in out["steps"]].count(rule) == 1
