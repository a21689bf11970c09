"""``python -m engine`` with ``"variant": "french-2p"`` (docs/engine-cli.md, two-player Belote découverte)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.cli import run
from tests.engine.test_cli import ok, refused

V = "french-2p"


def answer(command: str, payload: dict[str, Any]) -> dict[str, Any]:
    """The same code as the process, in this process (a hand is many calls)."""
    status, out = run([command], json.dumps(payload).encode())
    assert status == 0, out
    return out


def test_play_fr2_face_up_legal_command_takes_face_up_cards_and_one_card_trick():
    out = ok("legal", {"variant": V, "trump": "C", "seat": "S", "hand": ["AD", "7C", "KH"],
                       "trick": [["N", "TD"]]})  # fmt: skip
    assert out["legal"] == ["AD"]
    assert [r["rule"] for r in out["illegal"]["7C"]] == ["play.must-follow"]
    out = ok("legal", {"variant": V, "trump": "C", "seat": "S", "hand": ["7C", "KH"], "trick": [["N", "TD"]]})
    assert out["legal"] == ["7C"] and out["illegal"]["KH"][0]["rule"] == "play.must-trump"


def test_play_fr2_face_up_refuses_east_and_a_second_card_in_the_trick():
    assert refused("legal", {"variant": V, "trump": "C", "seat": "E", "hand": ["AD"]})["field"] == "seat"
    error = refused("legal", {"variant": V, "trump": "C", "seat": "S", "hand": ["AD"],
                              "trick": [["N", "TD"], ["S", "9D"]]})  # fmt: skip
    assert error["code"] == "trick-size"
    assert refused("projects", {"variant": V, "trump": "C", "dealer": "S", "hands": {}})["field"] == "variant"


def test_score_fr2_contract_trick_and_score_commands():
    out = ok("trick", {"variant": V, "trump": "H", "trick": [["N", "AS"], ["S", "7H"]]})
    assert out["winner"] == "S" and out["points"] == 11 and out["rule"] == "trick.win"
    out = ok("score", {"variant": V, "taker": "N", "card_points": {"N": 82, "S": 80}, "lang": "fr"})
    assert out["points"] == {"S": 80, "N": 82} and out["result"] == "made"
    assert out["steps"][0]["rule"] == "score.fr2.contract" and "\u00a0:" in out["steps"][0]["text"]


def test_score_fr2_taker_fails_score_command():
    out = ok("score", {"variant": V, "taker": "S", "card_points": {"S": 81, "N": 81}})
    assert out == {"points": {"S": 0, "N": 162}, "result": "dedans", "steps": out["steps"]}
    assert out["steps"][0]["rule"] == "score.fr2.taker-fails"
    assert (
        refused("score", {"variant": V, "taker": "S", "card_points": {"S": 81, "N": 80}})["code"]
        == "card-points"
    )


def test_deal_fr2_decouverte_bid_command_two_speakers():
    out = ok(
        "bid", {"variant": V, "dealer": "S", "bidding_card": "9H", "calls": [["N", "pass"], ["S", "pass"]]}
    )
    assert out["to_act"] == "N" and out["allowed"] == ["pass", "take:S", "take:D", "take:C"]
    assert out["refused"]["take:H"][0]["rule"] == "bid.fr.second-suit"
    out = ok("bid", {"variant": V, "dealer": "S", "bidding_card": "9H", "calls": [["N", "take"]]})
    assert out["contract"] == {"mode": "hokm", "trump": "H", "taker": "N", "receiver": "S"}
    assert (
        refused("bid", {"variant": V, "dealer": "S", "bidding_card": "9H", "calls": [["S", "take"]]})["code"]
        == "out-of-turn"
    )


def test_deal_fr2_decouverte_play_command_a_whole_hand():
    rng = random.Random(20)
    payload: dict[str, Any] = {"variant": V, "dealer": "N", "seed": 42, "calls": [["S", "take"]], "plays": []}
    out = answer("play", payload)
    assert [s["rule"] for s in out["steps"]] == ["deal.fr2.decouverte", "lead.fr2.first"]
    # The open view names the face-down cards; a player's view does not.
    assert all(isinstance(p["down"], str) for p in out["table"]["S"])
    seen = answer("play", {**payload, "seat": "S"})
    assert all(p["down"] is True for side in ("S", "N") for p in seen["table"][side])
    while out["to_play"] is not None:
        payload["plays"].append([out["to_play"], rng.choice(out["legal"])])
        out = answer("play", payload)
    assert len(out["tricks"]) == 16 and sum(out["points"].values()) == 162
    assert out["score"]["result"] in ("made", "dedans")
    assert out["tricks"][0]["rule"] == "trick.win" and out["tricks"][0]["message"]
    turned = [t for trick in out["tricks"] for t in trick["turned"]]
    assert len(turned) == 16 and {t["rule"] for t in turned} == {"play.fr2.turn-up"}


def test_play_fr2_face_up_play_command_refuses_a_face_down_card():
    first = answer("play", {"variant": V, "dealer": "N", "seed": 42, "calls": [["S", "take"]]})
    down = first["table"]["S"][0]["down"]
    error = refused("play", {"variant": V, "dealer": "N", "seed": 42, "calls": [["S", "take"]],
                             "plays": [["S", down]]})  # fmt: skip
    assert error["field"] == "plays[0][1]" and error["rules"] == ["play.fr2.face-up"]


@pytest.mark.parametrize("payload", [
    {"variant": V, "dealer": "E", "seed": 1},
    {"variant": V, "dealer": "S"},
    {"variant": V, "dealer": "S", "seed": 1, "deck": ["AS"]},
    {"variant": V, "dealer": "S", "deck": ["AS"]},
    {"variant": V, "trump": "C", "seat": "S", "hand": [], "command": "legal"},
    {"variant": V, "dealer": "S", "seed": 1, "plays": [["N", "AS"]]},
    {"variant": V, "dealer": "S", "seed": 1, "calls": [["N", "take:S"]]},
])  # fmt: skip
def test_deal_fr2_decouverte_play_command_bad_input_is_a_clear_error(payload):
    payload = dict(payload)
    refused(payload.pop("command", "play"), payload, via_process=False)


def test_bid_fr_second_suit_round_two_has_the_shape_of_the_four_player_games():
    """Round two of ``bid`` lists each call that may be made, suit spelt out, in Moroccan, French
    and the two-player game alike; the bidding card's suit is refused."""
    two = ok(
        "bid", {"variant": V, "dealer": "S", "bidding_card": "9H", "calls": [["N", "pass"], ["S", "pass"]]}
    )
    passes = [["E", "pass"], ["N", "pass"], ["W", "pass"], ["S", "pass"]]
    for variant in ("moroccan", "french"):
        four = ok("bid", {"variant": variant, "dealer": "S", "bidding_card": "9H", "calls": passes})
        assert four["allowed"] == two["allowed"] == ["pass", "take:S", "take:D", "take:C"]
        assert list(four["refused"]) == list(two["refused"]) == ["take:H"]
