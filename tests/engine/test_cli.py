"""``python -m engine``, through a real subprocess, against the contract in ENGINE-CLI.md."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


class Answer:
    def __init__(self, proc: subprocess.CompletedProcess[bytes]) -> None:
        self.status = proc.returncode
        self.stderr = proc.stderr.decode("utf-8", "replace")
        self.raw = proc.stdout.decode("utf-8")
        self.out: dict[str, Any] = json.loads(self.raw)


def engine(command: str, payload: object) -> Answer:
    """Run the command line; ``payload`` is JSON-dumped unless it is already text or bytes."""
    if isinstance(payload, bytes):
        data = payload
    elif isinstance(payload, str):
        data = payload.encode("utf-8")
    else:
        data = json.dumps(payload, ensure_ascii=False).encode("utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "engine", *([command] if command else [])],
        input=data,
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


def refused(command: str, payload: object) -> dict[str, Any]:
    answer = engine(command, payload)
    assert answer.status == 2, answer.out
    assert set(answer.out) == {"error"}
    error: dict[str, Any] = answer.out["error"]
    assert isinstance(error["code"], str) and isinstance(error["message"], str) and error["message"]
    return error


# ---------------------------------------------------------------- legal


def test_cli_legal_contract_example_play_must_follow() -> None:
    # ENGINE-CLI.md: hand K♣ 7♣ A♠, E led 9♣ (N, a plain suit in Hokm of hearts): follow clubs.
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
    assert refused("legal", payload)["code"] == "seat-out-of-turn"


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


# ---------------------------------------------------------------- errors

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
        ('{"variant": "saudi", "variant": "french"}', "duplicate-field", "variant"),
        ("[1, 2]", "not-an-object", None),
        (with_(LEGAL, hand=DROP), "missing-field", "hand"),
        (with_(LEGAL, trumps="H"), "unknown-field", "trumps"),
        (with_(LEGAL, variant="belotte"), "unknown-variant", "variant"),
        (with_(LEGAL, rules={"ekkaa": True}), "unknown-option", "rules.ekkaa"),
        (with_(LEGAL, rules={"clockwise": True}), "unknown-option", "rules.clockwise"),
        (with_(LEGAL, rules={"ekka": "yes"}), "bad-option-value", "rules.ekka"),
        (with_(LEGAL, rules={"target": 0}), "bad-option-value", "rules.target"),
        (with_(LEGAL, rules=[]), "bad-type", "rules"),
        (with_(LEGAL, lang="de"), "unknown-lang", "lang"),
        (with_(LEGAL, hand=["KC", "1C", "AS"]), "unknown-card", "hand[1]"),
        (with_(LEGAL, hand=["KC", "7C", "KC"]), "duplicate-card", "hand[2]"),
        (with_(LEGAL, hand=["KC", "9C"]), "duplicate-card", "hand[1]"),
        (with_(LEGAL, hand=["7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS", "7D"]), "bad-hand-size", "hand"),
        (with_(LEGAL, hand=[]), "bad-hand-size", "hand"),
        (with_(LEGAL, hand="KC"), "bad-type", "hand"),
        (with_(LEGAL, trump="X"), "unknown-suit", "trump"),
        (with_(LEGAL, variant="french", trump=None), "no-sun", "trump"),
        (with_(LEGAL, variant="moroccan", trump=None), "no-sun", "trump"),
        (with_(LEGAL, seat="W"), "seat-out-of-turn", "seat"),
        (with_(LEGAL, seat="Z"), "unknown-seat", "seat"),
        (with_(LEGAL, trick=[["E", "9C"], ["W", "8C"]], seat="S"), "seat-out-of-turn", "trick[1][0]"),
        (with_(LEGAL, trick=[["E", "9C", "x"]]), "bad-play", "trick[0]"),
        (
            with_(LEGAL, trick=[["E", "9C"], ["N", "8C"], ["W", "TC"], ["S", "JC"]], seat="E"),
            "bad-trick-size",
            "trick",
        ),
        (with_(LEGAL, ekka="yes"), "bad-type", "ekka"),
    ],
)
def test_cli_legal_malformed_input_exit_2(payload: object, code: str, field: str | None) -> None:
    error = refused("legal", payload)
    assert error["code"] == code
    assert error.get("field") == field
    if field:
        assert field in error["message"] or error["message"] != f"error.{code}"


@pytest.mark.parametrize(
    ("payload", "code", "field"),
    [
        (
            {"variant": "saudi", "trump": "H", "trick": [["E", "9C"], ["N", "TC"], ["W", "9H"]]},
            "bad-trick-size",
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
            "seat-out-of-turn",
            "trick[1][0]",
        ),
    ],
)
def test_cli_trick_malformed_input_exit_2(payload: object, code: str, field: str) -> None:
    error = refused("trick", payload)
    assert (error["code"], error["field"]) == (code, field)


@pytest.mark.parametrize("argv", ["fold", ""])
def test_cli_unknown_command_exit_2(argv: str) -> None:
    error = refused(argv, {"variant": "saudi"})
    assert error["code"] == "unknown-command"
