"""The presentation layer: every rule of docs/rules.md speaks every language, in each variant's words."""

from __future__ import annotations

import random
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from engine import messages
from engine.auction import Contract, Doubling, IllegalCall, first_lead, new_auction
from engine.cards import CARDS, Card, Seat, Team, card, cards_of
from engine.explain import Reason, Step
from engine.hand import Hand, Phase
from engine.messages import (
    DECKS,
    ERROR_CODES,
    LANGUAGES,
    MESSAGE_KEYS,
    VARIANTS,
    card_long_name,
    card_name,
    catalog,
    error_message,
    parse_po,
    render,
    rule_title,
    suit_name,
)
from engine.play import explain_play, explain_trick
from engine.projects import best_split, count_projects, explain_split, judge_belote
from engine.ranking import NO_TRUMP
from engine.variants import rules_for
from tests.documented_rules import documented_rule_ids

REPO = Path(__file__).resolve().parents[2]
LOCALE = REPO / "locale"

C = Card.parse


RULE_IDS = sorted(documented_rule_ids())


def variants_of(rule: str) -> tuple[str, ...]:
    """The variants whose explanations can cite ``rule`` (from the ID's family tag)."""
    tag = rule.split(".")[1] if rule.count(".") >= 2 else ""
    return {"sa": ("saudi",), "ma": ("moroccan",), "fr": ("french",)}.get(tag, VARIANTS)


def assert_clean(text: str, what: object) -> None:
    assert text, what
    assert "{" not in text and "}" not in text, (what, text)
    assert messages.MISSING not in text, (what, text)


# ---------------------------------------------------------------- sample params of the emitting modules

KC, QC, SEVEN_C, JH, NINE_H, KH = C("KC"), C("QC"), C("7C"), C("JH"), C("9H"), C("KH")

QH, AH, TH = C("QH"), C("AH"), C("TH")
SEQ = [QH, KH, AH]
CARRE = [C("JS"), JH, C("JD"), C("JC")]


def project_cases(types: tuple[str, str], reasons: tuple[str, ...]) -> list[dict[str, Any]]:
    """The params of engine/projects.py's steps (cases of explain_split, then of count_projects)."""
    kind, other = types
    counted = {"seat": Seat.N, "team": Team.NS, "type": kind, "cards": SEQ, "value": 20,
               "types": [kind, other]}
    rival = {"rival_seat": Seat.E, "rival_type": other, "rival_cards": [C("9D"), C("TD"), C("JD")]}
    return [
        {"case": "project", "type": kind, "cards": SEQ, "value": 20},
        {"case": "project", "type": kind, "cards": SEQ, "value": 20, "seat": Seat.S},
        {"case": "worthless-carre", "rank": 1, "cards": [C("8S"), C("8H"), C("8D"), C("8C")]},
        {"case": "split", "total": 12, "types": [kind, other], "alternative_total": 10,
         "alternative_types": [other, other]},
        {"case": "tie-break", "total": 12, "types": [kind], "alternative_types": [other],
         "alternative_cards": CARRE, "projects": [{"type": kind, "cards": SEQ}],
         "alternative_projects": [{"type": other, "cards": CARRE}]},
        {"case": "none"},
        {"case": "unopposed", **counted},
        *({"case": reason, **counted, **rival, "dealer": Seat.W} for reason in reasons),
    ]


# Every case of every rule, with the params its module documents (engine/play.py, auction.py,
# projects.py, scoring.py).
SAMPLES: dict[str, list[dict[str, Any]]] = {
    "play.must-follow": [{"suit": 3, "cards": [KC, SEVEN_C]}],
    "play.must-trump": [
        {"trump": 1, "led": 3, "cards": [NINE_H, JH], "winner": Seat.E, "case": "opponent"},
        {"trump": 1, "led": 3, "cards": [NINE_H], "case": "opponent"},
        {"trump": 1, "led": 3, "cards": [NINE_H], "winner": Seat.N, "case": "always"},
    ],
    "play.must-overtrump": [
        {"trump": 1, "card": KH, "cards": [JH], "case": "always"},
        {"trump": 1, "card": KH, "cards": [JH, NINE_H], "case": "opponent"},
    ],
    "play.must-overruff": [
        {"trump": 1, "card": KH, "cards": [JH], "case": "opponent"},
        {"trump": 1, "card": KH, "cards": [JH], "case": "partner"},
    ],
    "play.ekka": [
        {"trump": 1, "led": 3, "cards": [NINE_H], "case": "must-trump", "winner": Seat.N},
        {"trump": 1, "led": 3, "cards": [JH], "case": "overtrump", "card": KH},
    ],
    "play.partner-winning": [{"winner": Seat.N}, {}],
    "trick.win": [
        {"seat": Seat.W, "card": C("7H"), "case": "trump", "suit": 1, "points": 21},
        {"seat": Seat.S, "card": C("AC"), "case": "led", "suit": 3, "points": 1},
        {"card": C("AC"), "case": "led", "suit": 3, "points": 0},
    ],
    # engine/auction.py
    "bid.turn": [{"seat": Seat.N, "to_act": Seat.E}],
    "bid.over": [{"seat": Seat.W}],
    "bid.unknown": [{"call": "take"}, {"call": "hokm:S"}, {"call": "redeal"}, {"call": "confirm"}],
    "bid.void": [{"seat": Seat.E}],
    "bid.sa.sun-ends": [{"seat": Seat.S}],
    "bid.sa.ashkal-seat": [{"seat": Seat.E, "seats": [Seat.W, Seat.S]}],
    "bid.sa.no-ashkal-on-ace": [{"card": C("AD")}],
    "bid.sa.after-hokm": [{"seat": Seat.N, "suit": 1}],
    "bid.sa.confirm": [{"seat": Seat.N, "suit": 1}],
    "bid.sa.second-hokm-suit": [{"suit": 2}],
    "bid.sa.no-ashkal-round2": [{}],
    "bid.sa.redeal": [{"round": 1, "cards": []}, {"round": 2, "cards": [C("7S"), C("8S"), C("AS")]}],
    "bid.ma.forced-jack": [{"card": C("JD"), "seat": Seat.W}],
    "bid.ma.second-suit": [{"suit": 2}],
    "bid.fr.second-suit": [{"suit": 0}],
    "double.sa.who": [{"seat": Seat.N, "team": Team.EW, "call": "double"},
                      {"seat": Seat.E, "team": Team.NS, "call": "three"}],
    "double.sa.gahwa": [{"team": Team.NS}],
    "double.sa.sun-condition": [{"team": Team.NS, "buyer_score": 90, "doubler_score": 120}],
    "lead.sa.first": [{"seat": Seat.E, "dealer": Seat.S}],
    "lead.ma.first": [{"seat": Seat.W, "taker": Seat.N}],
    "lead.fr.first": [{"seat": Seat.E, "dealer": Seat.S}],
    # engine/projects.py
    "proj.sa.declare": [
        *project_cases(("hundred", "sira"), ())[:5],
        {"case": "tie-break", "baloot": True, "baloot_cards": [QH, KH], "total": 12,
         "types": ["hundred", "sira"], "alternative_types": ["hundred", "sira"],
         "alternative_cards": [*SEQ, *CARRE], "projects": [{"type": "hundred", "cards": CARRE}],
         "alternative_projects": [{"type": "sira", "cards": SEQ}]},
        {},
    ],
    "proj.sa.one-team": [{}, *project_cases(("fifty", "sira"),
                                            ("type", "sequence-over-carre", "top-card", "turn-order"))[5:]],
    "decl.ma.best": [
        *project_cases(("quarte", "tierce"),
                       ("value", "carre-over-sequence", "carre-rank", "longer", "top-card", "trump")),
        {"case": "tie", "seat": Seat.N, "type": "tierce", "cards": SEQ, "rival_seat": Seat.E,
         "rival_type": "tierce", "rival_cards": [C("QD"), C("KD"), C("AD")]},
        {"team": Team.NS, "value": 50, "other_value": 20},
    ],
    "decl.fr.best": [
        *project_cases(("carre", "quinte"),
                       ("carre-over-sequence", "carre-rank", "value", "top-card", "trump", "turn-order")),
        {"case": "no-declarations", "option": "no_declarations"},
        {"team": Team.EW, "value": 100, "other_value": 0},
    ],
    "proj.sa.baloot": [
        {"case": "counted", "seat": Seat.S, "team": Team.NS, "cards": [QH, KH], "value": 2},
        {"case": "inside-hundred", "seat": Seat.S, "team": Team.NS, "cards": [QH, KH],
         "hundred": [C("9H"), TH, JH, QH, KH], "value": 0},
        {"team": Team.NS, "value": 2},
    ],
    "decl.ma.belote": [{"case": "counted", "seat": Seat.E, "team": Team.EW, "cards": [QH, KH], "value": 20},
                       {"team": Team.EW, "value": 20}],
    "decl.fr.belote": [{"case": "counted", "seat": Seat.E, "team": Team.EW, "cards": [QH, KH], "value": 20},
                       {"team": Team.EW, "value": 20}],
    # engine/scoring.py
    "score.sa.kaboot": [
        {"team": Team.NS, "value": 44, "on_ace": False, "projects": 4, "multiplier": 1, "baloot": 0,
         "points": 48, "other_team": Team.EW},
        {"team": Team.EW, "value": 88, "on_ace": True, "projects": 0, "multiplier": 2, "baloot": 0,
         "points": 88, "other_team": Team.NS},
        *({"team": Team.NS, "value": v, "on_ace": a, "projects": 8, "projects_before": 4, "multiplier": 2,
           "baloot": 0, "points": v + 8, "other_team": Team.EW, "multiplied": True, **s}
          for v, a, s in ((25, False, {}), (44, False, {"sun": True}), (88, True, {"sun": True}))),
        {"team": Team.NS, "value": 44, "on_ace": False, "projects": 4, "projects_before": 4, "multiplier": 1,
         "baloot": 0, "points": 48, "other_team": Team.EW, "sun": True},
    ],
    "score.sa.round-sun": [{"team": Team.NS, "abnat": 74, "rounded": 70, "result": 14},
                           {"team": Team.NS, "abnat": 75, "rounded": 75, "result": 15, "five": True}],
    "score.sa.round-hokm": [{"team": Team.NS, "abnat": 86, "remainder": 6, "result": 9}],
    "score.sa.remainder": [{"team": Team.EW, "total": 26, "taken": 14, "result": 12}],
    "score.sa.projects": [{"team": Team.NS, "value": 10, "other_value": 4}],
    "score.sa.buyer-wins": [
        {"team": Team.NS, "points": p, "other_points": o, "made": m, "tie": t}
        for p, o, m, t in ((22, 14, True, False), (8, 12, False, False), (13, 13, False, True),
                           (13, 13, True, True))
    ] + [
        {"team": Team.NS, "points": p, "other_points": o, "made": m, "tie": t, "multiplied": True}
        for p, o, m, t in ((22, 14, True, False), (8, 12, False, False), (13, 13, True, True))
    ],
    "score.sa.failure": [
        {"team": Team.EW, "base": 16, "projects": 2, "baloot": b, "points": 18 + b, "other_team": Team.NS,
         "other_points": 2 - b, "baloot_transferred": bool(b)} for b in (0, 2)
    ] + [{"team": Team.EW, "base": 26, "projects": 0, "baloot": 0, "points": 26, "other_team": Team.NS,
          "other_points": 0, "baloot_transferred": False, "sun": True}],
    "score.sa.doubled": [{"team": Team.EW, "base": 16, "projects": 5, "multiplier": 2, "value": 42,
                          "baloot": 2, "points": 44, "other_team": Team.NS, "other_points": 0},
                         {"team": Team.EW, "base": 26, "projects": 4, "multiplier": 2, "value": 60,
                          "baloot": 0, "points": 60, "other_team": Team.NS, "other_points": 0, "sun": True}],
    "penalty.sa.khaysh": [{"team": Team.NS, "other_team": Team.EW, "broken_rule": "play.must-follow"},
                          {"team": Team.NS, "other_team": Team.EW, "broken_rule": ""}],
    "score.sa.game": [{"result": "won", "team": Team.NS, "ns": 160, "ew": 120, "target": 152},
                      {"result": "won", "team": Team.NS, "ns": 160, "ew": 155, "target": 152, "both": True},
                      {"result": "play-on", "ns": 160, "ew": 160, "target": 152}],
    "score.ma.contract": [{"team": Team.NS, "points": 90, "other_points": 72}],
    "score.ma.chute": [{"team": Team.NS, "points": 70, "other_points": 92, "base": 162, "declarations": 20,
                        "belote": 20, "total": 202, "other_team": Team.EW, "taker_points": 0}],
    "score.ma.litige": [{"action": "hold", "team": Team.NS, "points": 81, "pot": 81},
                        {"action": "hold", "team": Team.NS, "points": 101, "pot": 101, "belote": True},
                        {"action": "collect", "team": Team.EW, "pot": 81}],
    "score.ma.capot": [{"team": Team.NS, "other_team": Team.EW, "value": 100}],
    "score.ma.game": [{"result": "won", "team": Team.EW, "ns": 420, "ew": 510, "target": 500},
                      {"result": "won", "team": Team.EW, "ns": 505, "ew": 510, "target": 500, "both": True},
                      {"result": "play-on", "ns": 520, "ew": 520, "target": 500}],
    "score.fr.contract": [
        *({"action": "compare", "team": Team.NS, "points": 81, "other_points": 81, "basis": basis,
           "strict": strict, "outcome": outcome}
          for basis in ("total", "card-points") for strict in (False, True)
          for outcome in ("made", "dedans", "litige")),
        {"action": "hold", "team": Team.NS, "points": 81, "pot": 81},
        {"action": "collect", "team": Team.NS, "pot": 81},
        {"action": "round", "team": Team.EW, "points": 87, "rounded": 90},
    ],
    "score.fr.dedans": [{"team": Team.EW, "base": 162, "declarations": 50, "belote": 0, "total": 212,
                         "other_team": Team.NS, "other_points": 20}],
    "score.fr.capot": [{"team": Team.NS, "base": 252, "declarations": 20, "belote": 20, "total": 292,
                        "other_team": Team.EW, "other_points": 0, "lost": 50}],
    "score.fr.game": [{"result": "won", "team": Team.NS, "ns": 1010, "ew": 700, "target": 1000},
                      {"result": "draw", "ns": 1010, "ew": 1010, "target": 1000}],
    "deal.fr2.decouverte": [{"dealer": Seat.S, "card": C("9H")}],
    "lead.fr2.first": [{"seat": Seat.N, "dealer": Seat.S}],
    "play.fr2.face-up": [{"seat": Seat.S, "card": C("AS")}],
    "play.fr2.turn-up": [{"seat": Seat.N, "card": C("JD")}],
    "score.fr2.contract": [{"seat": Seat.S, "points": 90, "other_seat": Seat.N, "other_points": 72}],
    "score.fr2.taker-fails": [{"seat": Seat.N, "points": 81, "limit": 81, "other_seat": Seat.S,
                               "total": 162}],
}


def sample_items() -> list[tuple[str, str, dict[str, Any]]]:
    return [(variant, rule, params) for rule, cases in SAMPLES.items() for params in cases
            for variant in variants_of(rule)]


def test_samples_cover_every_rule_of_rules_md() -> None:
    assert set(RULE_IDS) <= set(SAMPLES)


# ---------------------------------------------------------------- coverage of docs/rules.md


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_rule_of_rules_md_has_a_title_and_a_message(lang: str) -> None:
    own = {msgid for _, msgid in catalog(lang).entries}
    missing = []
    for rule in RULE_IDS:
        if f"title:{rule}" not in own:
            missing.append(f"title:{rule}")
        if rule not in own and not any(m.startswith(rule + ":") for m in own):
            missing.append(rule)
    assert not missing, f"{lang}: {missing}"


def test_rules_md_is_parsed() -> None:
    assert len(RULE_IDS) >= 50
    assert {"play.must-follow", "score.sa.round-sun", "bid.sa.no-ashkal-round2"} <= set(RULE_IDS)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rule_titles_are_translated(lang: str) -> None:
    for rule in RULE_IDS:
        for variant in variants_of(rule):
            title = rule_title(rule, variant, lang)
            assert title.strip() and title != f"title:{rule}", (rule, lang)
            assert "{" not in title


@pytest.mark.parametrize("lang", LANGUAGES)
def test_error_codes_have_messages(lang: str) -> None:
    own = {msgid for _, msgid in catalog(lang).entries}
    for code in ERROR_CODES:
        assert f"error.{code}" in own, (lang, code)
        params = {"field": "hand", "value": "XX", "expected": "8", "commands": "legal, trick"}
        text = error_message(code, lang, params)
        assert_clean(text, code)


def test_error_params_are_quoted_verbatim() -> None:
    text = error_message("unknown-suit", "en", {"field": "trump", "value": "S"})
    assert "“S”" in text and "South" not in text and "spades" not in text


# ---------------------------------------------------------------- rendering with the documented params

@pytest.mark.parametrize("lang", LANGUAGES)
def test_documented_params_render_cleanly(lang: str) -> None:
    for variant, rule, params in sample_items():
        for item in (Reason(rule, params), Step(rule, params)):
            for deck in DECKS:
                text = render(item, variant, lang, deck)
                assert_clean(text, (variant, lang, rule, params, deck))
                assert not text.startswith(rule), (variant, lang, rule)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_cases_get_their_own_sentences(lang: str) -> None:
    base = {"trump": 1, "card": KH, "cards": [JH]}
    opponent = render(Reason("play.must-overruff", {**base, "case": "opponent"}), "french", lang)
    partner = render(Reason("play.must-overruff", {**base, "case": "partner"}), "french", lang)
    assert opponent != partner


def test_play_reasons_from_random_positions_render_cleanly() -> None:
    rng = random.Random(2026)
    seen: set[str] = set()
    for _ in range(300):
        variant = rng.choice(VARIANTS)
        options = {"ekka": rng.random() < 0.3} if variant == "saudi" else (
            {"always_undertrump": rng.random() < 0.3} if variant == "french" else {})
        rules = rules_for(variant, options)
        trump = rng.choice([0, 1, 2, 3, NO_TRUMP] if variant == "saudi" else [0, 1, 2, 3])
        deck = rng.sample(range(32), 32)
        n = rng.randrange(1, 4)
        leader = Seat(rng.randrange(4))
        trick = [(Seat((leader + i) % 4), CARDS[deck[i]]) for i in range(n)]
        hand = [CARDS[c] for c in deck[n:n + 8]]
        verdict = explain_play(hand, trick, trump, rules, ekka=rng.random() < 0.5)
        reasons = [r for rs in verdict.illegal.values() for r in rs] + verdict.basis
        for r in reasons:
            seen.add(r.rule)
            for lang in LANGUAGES:
                assert_clean(render(r, variant, lang), (variant, lang, r))
        full = trick + [(Seat((leader + i) % 4), CARDS[deck[i + 8]]) for i in range(n, 4)]
        for lang in LANGUAGES:
            assert_clean(render(explain_trick(full, trump).reason, variant, lang), (variant, lang, full))
    assert {"play.must-follow", "play.must-trump", "play.must-overtrump"} <= seen


def all_languages_clean(item: Reason | Step, variant: str) -> None:
    for lang in LANGUAGES:
        for deck in DECKS:
            text = render(item, variant, lang, deck)
            assert_clean(text, (variant, lang, item))
            assert not text.startswith(item.rule), (variant, lang, item)


def test_auction_reasons_render_cleanly() -> None:
    rng = random.Random(7)
    seen: set[str] = set()
    for _ in range(60):
        variant = rng.choice(VARIANTS)
        options = {"no_ashkal_on_ace": True, "redeal_worthless_hand": True} if variant == "saudi" else {}
        rules = rules_for(variant, options)
        auction = new_auction(rules, Seat(rng.randrange(4)), CARDS[rng.randrange(32)])
        for _ in range(12):
            for reasons in auction.refusals().values():
                for r in reasons:
                    seen.add(r.rule)
                    all_languages_clean(r, variant)
            allowed = auction.allowed()
            if not allowed:
                break
            try:
                auction = auction.call(rng.choice(allowed))
            except IllegalCall:  # redeal needs the hand shown
                auction = auction.call("pass")
        if isinstance(auction.contract, Contract):
            all_languages_clean(first_lead(rules, auction.dealer, auction.contract), variant)
    assert {"bid.sa.after-hokm", "bid.sa.ashkal-seat", "bid.ma.forced-jack", "bid.fr.second-suit"} <= seen


def test_doubling_reasons_render_cleanly() -> None:
    rules = rules_for("saudi")
    for contract in (Contract("hokm", 1, Seat.N, Seat.N), Contract("sun", NO_TRUMP, Seat.N, Seat.N)):
        doubling = Doubling(rules, contract, (90, 120))
        for seat in Seat:
            for reasons in doubling.refusals(seat).values():
                for r in reasons:
                    all_languages_clean(r, "saudi")
    ladder = Doubling(rules, Contract("hokm", 1, Seat.N, Seat.N))
    for call, seat in (("double", Seat.E), ("three", Seat.N), ("four", Seat.E), ("gahwa", Seat.N)):
        ladder = ladder.call(call, seat)
    reasons = [r for rs in ladder.refusals(Seat.E).values() for r in rs]
    for r in reasons:
        all_languages_clean(r, "saudi")


def test_project_steps_render_cleanly() -> None:
    rng = random.Random(11)
    seen: set[str] = set()
    for _ in range(150):
        variant = rng.choice(VARIANTS)
        rules = rules_for(variant)
        trump = rng.choice([0, 1, 2, 3, NO_TRUMP] if variant == "saudi" else [0, 1, 2, 3])
        deck = rng.sample(range(32), 32)
        hands = {seat: [CARDS[c] for c in deck[8 * seat:8 * seat + 8]] for seat in Seat}
        dealer = Seat(rng.randrange(4))
        for seat, hand in hands.items():
            for step in explain_split(hand, rules, trump, seat if rng.random() < 0.5 else None):
                seen.add(f"{step.rule}:{step.params['case']}")
                all_languages_clean(step, variant)
        projects = {seat: best_split(hand, rules, trump) for seat, hand in hands.items()}
        for step in count_projects(rules, trump, dealer, projects).steps:
            seen.add(f"{step.rule}:{step.params['case']}")
            all_languages_clean(step, variant)
        if trump != NO_TRUMP:
            for seat, hand in hands.items():
                if {card(trump, 5), card(trump, 6)} <= set(hand):
                    for step in judge_belote(seat, trump, rules, projects[seat]).steps:
                        all_languages_clean(step, variant)
    assert {"proj.sa.declare:project", "proj.sa.one-team:none", "decl.fr.best:split"} <= seen


@pytest.mark.parametrize("variant", VARIANTS)
def test_whole_hands_render_cleanly(variant: str) -> None:
    rng = random.Random(variant)
    for seed in range(12):
        rules = rules_for(variant)
        trump = rng.choice([0, 1, 2, 3, NO_TRUMP] if variant == "saudi" else [0, 1, 2, 3])
        taker = Seat(rng.randrange(4))
        contract = Contract("sun" if trump == NO_TRUMP else "hokm", trump, taker, taker)
        game_score = (rng.randrange(0, 200), rng.randrange(0, 200))
        hand = Hand.with_contract(rules, Seat(rng.randrange(4)), contract, seed=seed, game_score=game_score)
        while hand.phase is Phase.PLAY:
            hand.play(rng.choice(cards_of(hand.legal())))
        score = hand.score()
        steps = [*hand.counting().steps, *hand.belote().steps, *score.steps]
        assert score.steps
        for step in steps:
            all_languages_clean(step, variant)


def test_case_params_choose_the_sentence() -> None:
    made = {"team": Team.NS, "points": 22, "other_points": 14, "made": True, "tie": False}
    failed = {**made, "points": 8, "made": False}
    assert "make it" in render(Step("score.sa.buyer-wins", made), "saudi", "en")
    assert "fail" in render(Step("score.sa.buyer-wins", failed), "saudi", "en")
    compare = {"action": "compare", "team": Team.NS, "points": 81, "other_points": 81, "basis": "total",
               "outcome": "dedans", "strict": True}
    assert "a tie loses" in render(Step("score.fr.contract", compare), "french", "en")
    lenient = {**compare, "strict": False}
    assert "a tie loses" not in render(Step("score.fr.contract", lenient), "french", "en")
    assert "card points only" in render(Step("score.fr.contract", {**compare, "basis": "card-points"}),
                                        "french", "en")


def test_double_sa_gahwa_as_refusal_and_as_scoring_step() -> None:
    refusal = render(Reason("double.sa.gahwa", {"team": Team.NS}), "saudi", "en")
    step = render(Step("double.sa.gahwa", {"team": Team.NS}), "saudi", "en")
    assert refusal != step
    assert "said Gahwa" in refusal and "won this hand" in step


def test_optional_params_fall_back_to_a_plainer_sentence() -> None:
    full = render(Step("penalty.sa.khaysh", {"team": Team.NS, "other_team": Team.EW,
                                             "broken_rule": "play.must-follow"}), "saudi", "en")
    plain = render(Step("penalty.sa.khaysh", {"team": Team.NS, "other_team": Team.EW, "broken_rule": ""}),
                   "saudi", "en")
    assert "(Follow suit)" in full and "()" not in plain and "broke a rule and" in plain


def test_french_elides_de_and_que_before_a_vowel() -> None:
    text = render(Reason("bid.sa.ashkal-seat", {"seat": Seat.E, "seats": [Seat.W, Seat.S]}), "saudi", "fr")
    assert "pas Est" in text
    trump = render(Reason("play.must-trump", {"led": 2, "cards": [NINE_H], "case": "opponent",
                                              "winner": Seat.E}), "moroccan", "fr", "spanish")
    assert "pas d'oros" in trump and "de oros" not in trump


def test_scoring_words_per_variant() -> None:
    chute = render(Step("score.ma.chute", SAMPLES["score.ma.chute"][0]), "moroccan", "ar")
    assert "الشوطة" in chute and "الشراة" in chute
    failure = render(Step("score.sa.failure", SAMPLES["score.sa.failure"][0]), "saudi", "ar")
    assert "المشتري" in failure
    assert "أبناط" in render(Step("score.sa.round-sun", SAMPLES["score.sa.round-sun"][0]), "saudi", "ar")
    assert "ددان" in render(Step("score.fr.dedans", SAMPLES["score.fr.dedans"][0]), "french", "fa")


def test_missing_params_never_raise() -> None:
    for _, msgid in MESSAGE_KEYS:
        for lang in LANGUAGES:
            for variant in VARIANTS:
                text = messages.text(msgid, {}, variant, lang)
                assert text and "{" not in text, (msgid, lang)


def test_unknown_params_are_ignored_and_a_missing_one_is_marked() -> None:
    r = Reason("play.must-follow", {"suit": 3, "cards": [KC], "surplus": 7})
    assert render(r, "french", "en") == "You must follow clubs: you hold K♣."
    assert render(Reason("play.must-follow", {"suit": 3}), "french", "en") == (
        f"You must follow clubs: you hold {messages.MISSING}."
    )


def test_a_broken_template_is_returned_rather_than_raising(monkeypatch: pytest.MonkeyPatch) -> None:
    broken = messages.Catalog({("", "play.must-follow"): "Follow {suit"}, lambda n: int(n != 1))
    monkeypatch.setattr(messages, "catalog", lambda lang: broken)
    assert render(Reason("play.must-follow", {"suit": 0}), "french", "en") == "Follow {suit"


def test_unknown_rule_falls_back_to_its_id_and_unknown_language_to_english() -> None:
    assert render(Reason("play.no-such-rule", {}), "saudi", "ar") == "play.no-such-rule"
    english = render(Reason("play.must-follow", {"suit": 3, "cards": [KC]}), "french", "en")
    assert render(Reason("play.must-follow", {"suit": 3, "cards": [KC]}), "french", "xx") == english
    assert render(Reason("play.must-follow", {"suit": 3, "cards": [KC]}), "french", "fr-CA") != english


def test_json_params_render_like_typed_ones() -> None:
    typed = Reason("play.must-trump", {"trump": 1, "led": 3, "cards": [NINE_H], "winner": Seat.E,
                                       "case": "opponent"})
    as_json = Reason("play.must-trump", {"trump": "H", "led": "C", "cards": ["9H"], "winner": "E",
                                         "case": "opponent"})
    for lang in LANGUAGES:
        assert render(typed, "moroccan", lang) == render(as_json, "moroccan", lang)


# ---------------------------------------------------------------- each variant's own words

def test_play_must_trump_saudi_says_hokm_moroccan_says_atout() -> None:
    params = {"trump": 1, "led": 3, "cards": [NINE_H], "winner": Seat.E, "case": "opponent"}
    saudi = render(Reason("play.must-trump", params), "saudi", "ar")
    moroccan = render(Reason("play.must-trump", params), "moroccan", "ar")
    assert "حكم" in saudi and "أتو" not in saudi
    assert "أتو" in moroccan and "حكم" not in moroccan
    assert "شريا" in saudi  # clubs, in Saudi words


def test_play_must_follow_saudi_arabic_is_in_dialect() -> None:
    params = {"suit": 1, "cards": [JH]}
    assert "لازم" in render(Reason("play.must-follow", params), "saudi", "ar")
    assert "يجب" in render(Reason("play.must-follow", params), "moroccan", "ar")


def test_suit_names_per_variant_and_deck() -> None:
    assert [suit_name(s, "saudi", "ar") for s in range(4)] == ["سبيت", "هاص", "ديمن", "شريا"]
    spanish = [suit_name(s, "moroccan", "ar", "spanish") for s in range(4)]
    assert spanish == ["السيوف", "الكؤوس", "الذهب", "العصي"]
    assert [suit_name(s, "french", "fa") for s in range(4)] == ["پیک", "دل", "خشت", "گشنیز"]
    assert [suit_name(s, "french", "fr") for s in range(4)] == ["pique", "cœur", "carreau", "trèfle"]
    assert suit_name(NO_TRUMP, "saudi", "ar") == "صن"


def test_card_names() -> None:
    assert card_name(KC, "french", "en") == "K♣"
    assert card_name(KC, "french", "fr") == "R♣"
    assert card_long_name(C("QH"), "french", "en") == "queen of hearts"
    assert card_long_name(C("QH"), "french", "fr") == "dame de cœur"
    assert card_long_name(C("QH"), "saudi", "ar") == "بنت هاص"
    assert card_long_name(C("QH"), "french", "fa") == "بی‌بی دل"
    # Spanish deck (docs/rules.md §6): Q plays as the 11 (caballo), the jack as the 10 (sota), ten as 7.
    assert card_name(C("QH"), "moroccan", "ar", "spanish") == "11 من الكؤوس"
    assert card_name(C("JD"), "moroccan", "en", "spanish") == "10 of coins"
    assert card_name(C("TS"), "moroccan", "en", "spanish") == "7 of swords"
    assert card_name(C("7C"), "moroccan", "en", "spanish") == "4 of batons"
    assert card_name(C("AD"), "moroccan", "fr", "spanish") == "1 de oros"


@pytest.mark.parametrize("deck", DECKS)
@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("variant", VARIANTS)
def test_card_names_are_unique_and_not_empty(variant: str, lang: str, deck: str) -> None:
    for name in (card_name, card_long_name):
        names = [name(c, variant, lang, deck) for c in CARDS]
        assert all(n.strip() for n in names)
        assert len(set(names)) == 32, (name.__name__, names)
        assert not any("{" in n or messages.MISSING in n for n in names)


def test_seats_and_teams() -> None:
    assert render(Reason("trick.win", {"seat": Seat.N, "card": KC, "case": "led", "suit": 3, "points": 4}),
                  "saudi", "ar").startswith("الشمال")
    assert messages.team_name(Team.EW, "french", "fr") == "Est\u2013Ouest"
    assert messages.text("x", {"teams": {"NS": 74, "EW": 56}}, "", "en") == "x"


def test_lists_in_each_language() -> None:
    cards = [KC, QC, SEVEN_C]
    assert messages.join_list([card_name(c, "", "en") for c in cards], "", "en") == "K♣, Q♣ and 7♣"
    assert messages.join_list([card_name(c, "", "fr") for c in cards[:2]], "", "fr") == "R♣ et D♣"
    assert messages.join_list(["K♣", "7♣"], "saudi", "ar") == "K♣ و7♣"
    assert messages.join_list(["K♣", "7♣"], "", "fa") == "K♣ و 7♣"


def trick_won(points: int) -> Reason:
    return Reason("trick.win", {"seat": Seat.S, "card": C("7S"), "case": "led", "suit": 0, "points": points})


def test_plural_forms_follow_the_catalog() -> None:
    assert render(trick_won(1), "french", "en").endswith("1 card point.")
    assert render(trick_won(2), "french", "en").endswith("2 card points.")
    assert render(trick_won(0), "french", "fr").endswith("0 point.")  # French: 0 and 1 are singular
    assert render(trick_won(2), "french", "fr").endswith("2 points.")
    arabic = catalog("ar").plural
    assert [arabic(n) for n in (0, 1, 2, 3, 11, 100)] == [0, 1, 2, 3, 4, 5]


# ---------------------------------------------------------------- the catalog files

def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / "django.po"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalog_keys_are_marked_for_makemessages(lang: str) -> None:
    """Keys missing from MESSAGE_KEYS would turn obsolete when the site runs makemessages."""
    entries, _ = parse_po(po_path(lang).read_text(encoding="utf-8"))
    # Engine keys are dotted identifiers (rule IDs, `suit.S`, `title:...`); the site's own
    # msgids are sentences or plain words ("dealer") that makemessages finds in the source.
    # A lone punctuation mark (the label colon, msgctxt "after a label") is the site's own too.
    engine_keys = {
        k
        for k in entries
        if " " not in k[1]
        and ("." in k[1] or ":" in k[1])
        and "%" not in k[1]
        and any(c.isalnum() for c in k[1])
    }
    assert engine_keys <= set(MESSAGE_KEYS), sorted(engine_keys - set(MESSAGE_KEYS))


def test_every_marked_key_is_in_some_catalog() -> None:
    keys: set[tuple[str, str]] = set()
    for lang in LANGUAGES:
        keys |= set(parse_po(po_path(lang).read_text(encoding="utf-8"))[0])
    assert set(MESSAGE_KEYS) <= keys
    assert list(MESSAGE_KEYS) == sorted(MESSAGE_KEYS, key=lambda k: (k.msgid, k.context))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalog_header(lang: str) -> None:
    _, header = parse_po(po_path(lang).read_text(encoding="utf-8"))
    assert header["language"] == lang
    assert "charset=UTF-8" in header["content-type"]
    assert header["plural-forms"].startswith("nplurals=6" if lang == "ar" else "nplurals=2")
    text = po_path(lang).read_text(encoding="utf-8")
    assert "#, fuzzy" not in text and "#~" not in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_catalog_is_sorted_by_msgid(lang: str) -> None:
    text = po_path(lang).read_text(encoding="utf-8")
    ids = re.findall(r'^(?:msgctxt "([^"]*)"\n)?msgid "(.+)"$', text, re.M)
    # The engine's keys stay sorted; the site's own strings follow them in the file.
    keys = {(k.msgid, k.context) for k in MESSAGE_KEYS}
    engine_ids = [(msgid, ctx) for ctx, msgid in ids if (msgid, ctx) in keys]
    # The solver's, the two-player game's and the coach's entries came later, each appended as one block.
    appended = (messages.SOLVER_KEYS, messages.DECOUVERTE_KEYS, messages.COACH_KEYS)
    blocks = [{(k.msgid, k.context) for k in group} for group in appended]
    first = [k for k in engine_ids if not any(k in b for b in blocks)]
    assert first == sorted(first)
    for keys_of_block in blocks:
        block = [k for k in engine_ids if k in keys_of_block]
        assert block == sorted(block)
        positions = [i for i, (ctx, msgid) in enumerate(ids) if (msgid, ctx) in keys_of_block]
        assert positions == list(range(positions[0], positions[0] + len(positions)))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_context_overrides_are_complete(lang: str) -> None:
    """A variant that words one case of a rule its own way words the rule's fallback too."""
    entries = catalog(lang).entries
    for context, msgid in entries:
        if context and ":" in msgid and not msgid.startswith("title:"):
            bare = msgid.split(":")[0]
            if any(m == bare for _, m in entries):
                assert (context, bare) in entries, (lang, context, msgid)


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="msgfmt (gettext) is not installed")
@pytest.mark.parametrize("lang", LANGUAGES)
def test_msgfmt_compiles_and_the_po_reader_agrees(lang: str, tmp_path: Path) -> None:
    mo = tmp_path / "django.mo"
    subprocess.run(["msgfmt", "--check", "-o", str(mo), str(po_path(lang))], check=True)
    from_mo = messages._mo_catalog(mo)
    from_po = messages._po_catalog(po_path(lang))
    assert from_mo.entries == from_po.entries
    assert [from_mo.plural(n) for n in range(120)] == [from_po.plural(n) for n in range(120)]


def test_a_stale_mo_is_ignored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    directory = tmp_path / "en" / "LC_MESSAGES"
    directory.mkdir(parents=True)
    po = directory / "django.po"
    po.write_text('msgid ""\nmsgstr "Content-Type: text/plain; charset=UTF-8\\n"\n\n'
                  'msgid "play.must-follow"\nmsgstr "fresh {points}"\n', encoding="utf-8")
    (directory / "django.mo").write_bytes(b"not a catalog")
    import os
    os.utime(directory / "django.mo", (1, 1))
    monkeypatch.setattr(messages, "LOCALE_DIR", tmp_path)
    messages.clear_cache()
    try:
        assert render(Reason("play.must-follow", {"points": 2}), "french", "en") == "fresh 2"
    finally:
        monkeypatch.undo()
        messages.clear_cache()


def test_po_reader_skips_fuzzy_obsolete_and_empty_entries() -> None:
    text = (
        'msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=2; plural=(n > 1);\\n"\n\n'
        '#, fuzzy\nmsgid "a"\nmsgstr "A"\n\n'
        '#~ msgid "b"\n#~ msgstr "B"\n\n'
        'msgid "c"\nmsgstr ""\n\n'
        '# comment\nmsgctxt "saudi"\nmsgid "d"\nmsgstr ""\n"line one\\n"\n"\\"two\\""\n'
    )
    entries, header = parse_po(text)
    assert entries == {("saudi", "d"): 'line one\n"two"'}
    assert header["plural-forms"].startswith("nplurals=2")


def test_cards_of_every_suit_render_in_sentences() -> None:
    for lang in LANGUAGES:
        for suit in range(4):
            held = cards_of(0xFF << (8 * suit))
            reason = Reason("play.must-follow", {"suit": suit, "cards": held})
            assert_clean(render(reason, "moroccan", lang, "spanish"), (lang, suit))
