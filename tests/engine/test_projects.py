"""Projects and declarations (docs/rules.md §4), named after the rule IDs; seeds 000-004."""

from __future__ import annotations

from contextlib import suppress
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import Card, Seat, Team, mask_of
from engine.projects import (
    InvalidProject,
    Project,
    belote,
    belote_counts,
    belote_holder,
    best_split,
    classify,
    count_projects,
    counted_team,
    declaration_window,
    explain_split,
    judge_belote,
)
from engine.ranking import NO_TRUMP
from engine.variants import rules_for

S, H, D, C = range(4)
SAUDI, MOROCCAN, FRENCH = rules_for("saudi"), rules_for("moroccan"), rules_for("french")


def cs(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def names(cards: list[Card] | tuple[Card, ...]) -> str:
    return " ".join(str(c) for c in cards)


def split(text: str, rules=SAUDI, trump: int = H) -> list[tuple[str, str, int]]:
    return [(p.type, names(p.cards), p.value) for p in best_split(cs(text), rules, trump)]


def kind_value(project: Project) -> tuple[str, int]:
    return project.type, project.value


def declared(rules, trump: int, **by_seat: str | list[str]) -> dict[Seat, list[Project]]:
    """Each seat's declared projects, from card text (one string per project)."""
    out = {}
    for seat, projects in by_seat.items():
        texts = [projects] if isinstance(projects, str) else projects
        out[Seat[seat]] = [classify(cs(t), rules, trump) for t in texts]
    return out


# ---------------------------------------------------------------- proj.sa.one-team: values and kinds


@pytest.mark.parametrize(
    ("cards", "kind", "hokm", "sun"),
    [
        ("QH KH AH", "sira", 2, 4),
        ("JH QH KH AH", "fifty", 5, 10),
        ("TH JH QH KH AH", "hundred", 10, 20),
        ("TS TH TD TC", "hundred", 10, 20),
        ("KS KH KD KC", "hundred", 10, 20),
    ],
)
def test_proj_sa_one_team_values_in_hokm_and_sun(cards: str, kind: str, hokm: int, sun: int) -> None:
    assert kind_value(classify(cs(cards), SAUDI, S)) == (kind, hokm)
    assert kind_value(classify(cs(cards), SAUDI, NO_TRUMP)) == (kind, sun)


def test_proj_sa_one_team_four_aces_four_hundred_in_sun_hundred_in_hokm() -> None:
    # Seed 002: four Aces are a Four-hundred worth 40 in Sun, a Hundred worth 10 in Hokm.
    aces = cs("AS AH AD AC")
    assert kind_value(classify(aces, SAUDI, NO_TRUMP)) == ("four-hundred", 40)
    assert kind_value(classify(aces, SAUDI, D)) == ("hundred", 10)


@pytest.mark.parametrize("rank", ["9", "8", "7"])
def test_proj_sa_one_team_four_nines_eights_sevens_are_nothing(rank: str) -> None:
    four = cs(" ".join(rank + s for s in "SHDC"))
    with pytest.raises(InvalidProject) as err:
        classify(four, SAUDI, H)
    assert err.value.reason == "worthless-carre"
    assert best_split(four, SAUDI, NO_TRUMP) == []
    steps = explain_split(four, SAUDI, NO_TRUMP)
    assert [(s.rule, s.params["case"]) for s in steps] == [("proj.sa.declare", "worthless-carre")]


def test_proj_sa_one_team_six_card_run_is_one_hundred() -> None:
    assert split("8S 9S TS JS QS KS AD 7C") == [("hundred", "8S 9S TS JS QS KS", 10)]


def test_proj_sa_one_team_eight_card_run_is_hundred_and_sira() -> None:
    # 10 + 2 beats a single Hundred (10) and two Fifties (5 + 5); the Hundred takes the top cards.
    assert split("7D 8D 9D TD JD QD KD AD") == [("hundred", "TD JD QD KD AD", 10), ("sira", "7D 8D 9D", 2)]


def test_proj_sa_baloot_equal_split_keeps_the_baloot() -> None:
    # All eight trumps: Hundred 7-J + Sira Q-A (12) and Hundred 10-A + Sira 7-9 (12) are worth as
    # much, but only the first leaves the K and Q of trump out of the Hundred: the Baloot counts.
    projects = best_split(cs("7S 8S 9S TS JS QS KS AS"), SAUDI, S)
    assert [(p.type, names(p.cards)) for p in projects] == [
        ("hundred", "7S 8S 9S TS JS"),
        ("sira", "QS KS AS"),
    ]
    assert belote({Seat.N: cs("7S 8S 9S TS JS QS KS AS")}, S, SAUDI, {Seat.N: projects}).counted
    # Outside the trump suit (and in Sun) the higher Hundred is still chosen.
    assert split("7S 8S 9S TS JS QS KS AS")[0] == ("hundred", "TS JS QS KS AS", 10)
    assert best_split(cs("7S 8S 9S TS JS QS KS AS"), SAUDI, NO_TRUMP)[0].cards[0] == Card.parse("TS")


def test_proj_sa_baloot_equal_split_with_a_carre_keeps_the_baloot() -> None:
    # 9-K of trump or four Jacks: both a Hundred (10). The four Jacks leave the K and Q of trump
    # free, so they are chosen over the stronger sequence Hundred.
    projects = best_split(cs("9H TH JH QH KH JS JD JC"), SAUDI, H)
    assert [(p.type, names(p.cards)) for p in projects] == [("hundred", "JS JH JD JC")]
    assert belote_counts(Seat.N, H, SAUDI, projects)


def test_proj_sa_baloot_explain_split_says_the_baloot_decided() -> None:
    steps = explain_split(cs("7S 8S 9S TS JS QS KS AS"), SAUDI, S, Seat.N)
    (tie,) = [s.params for s in steps if s.params["case"] == "tie-break"]
    assert tie["baloot"] is True
    assert names(tie["baloot_cards"]) == "QS KS"
    assert [(p["type"], names(p["cards"])) for p in tie["alternative_projects"]] == [
        ("hundred", "TS JS QS KS AS"),
        ("sira", "7S 8S 9S"),
    ]


def test_proj_sa_one_team_no_wrap_around() -> None:
    assert split("KH AH 7H 8H") == []
    assert split("QH KH AH 7H 8H") == [("sira", "QH KH AH", 2)]


def test_proj_sa_one_team_split_keeps_a_card_in_one_project() -> None:
    # The J of hearts could be in the sequence or in the four Jacks: four Jacks + Sira Q-K-A (12)
    # beats the six-card Hundred (10).
    assert split("9H TH JH QH KH AH JS JD JC") == [
        ("hundred", "JS JH JD JC", 10),
        ("sira", "QH KH AH", 2),
    ]


def test_proj_sa_one_team_two_carres_in_one_hand() -> None:
    assert split("TS TH TD TC KS KH KD KC") == [
        ("hundred", "KS KH KD KC", 10),
        ("hundred", "TS TH TD TC", 10),
    ]
    assert split("JS JH JD JC 9S 9H 9D 9C", MOROCCAN) == [
        ("carre", "JS JH JD JC", 200),
        ("carre", "9S 9H 9D 9C", 150),
    ]


def test_proj_sa_one_team_equal_split_prefers_the_sequence_hundred() -> None:
    # 9-K of hearts or four Jacks: both a Hundred; the sequence Hundred is the stronger one
    # (hearts are not trump here, so no Baloot is at stake).
    assert split("9H TH JH QH KH JS JD JC", trump=S) == [("hundred", "9H TH JH QH KH", 10)]


def test_proj_sa_one_team_higher_top_card_wins() -> None:
    # Seed 001: Sira A-K-Q of diamonds beats Sira 9-8-7 of clubs, whoever speaks first.
    for dealer in Seat:
        result = count_projects(SAUDI, H, dealer, declared(SAUDI, H, E="9C 8C 7C", N="AD KD QD"))
        assert (result.team, result.seat, result.value) == (Team.NS, Seat.N, 2)
        (step,) = result.steps
        assert step.rule == "proj.sa.one-team"
        assert step.params["case"] == "top-card"
        assert step.params["rival_seat"] == Seat.E


def test_proj_sa_one_team_equal_sira_earlier_player_wins() -> None:
    # Seed 001: same project, same value, other suits: the player earlier in speaking order
    # (from the dealer's right) wins. Dealer N → W, S, E, N; dealer S → E, N, W, S.
    projects = declared(SAUDI, NO_TRUMP, S="QH KH AH", E="QS KS AS")
    first = count_projects(SAUDI, NO_TRUMP, Seat.N, projects)
    assert (first.team, first.seat, first.value) == (Team.NS, Seat.S, 4)
    assert first.steps[0].params["case"] == "turn-order"
    assert first.steps[0].params["dealer"] == Seat.N
    second = count_projects(SAUDI, NO_TRUMP, Seat.S, projects)
    assert (second.team, second.seat) == (Team.EW, Seat.E)


def test_proj_sa_one_team_stronger_type_wins_and_team_counts_all() -> None:
    # A Fifty beats an Ace-high Sira; the Fifty's team also counts the partner's Sira.
    projects = declared(SAUDI, H, S="7C 8C 9C TC", N="9D TD JD", E="QS KS AS")
    result = count_projects(SAUDI, H, Seat.W, projects)
    assert (result.team, result.value) == (Team.NS, 5 + 2)
    assert result.best == classify(cs("7C 8C 9C TC"), SAUDI, H)
    params = result.steps[0].params
    assert params["case"] == "type"
    assert sorted(params["types"]) == ["fifty", "sira"]
    assert params["value"] == 7


def test_proj_sa_one_team_sequence_hundred_beats_four_of_a_kind_hundred() -> None:
    # Seed 002: a five-card sequence Hundred beats any four-of-a-kind Hundred, whatever the top card.
    projects = declared(SAUDI, H, E="7S 8S 9S TS JS", S="AS AH AD AC")
    result = count_projects(SAUDI, H, Seat.S, projects)
    assert (result.team, result.value) == (Team.EW, 10)
    assert result.steps[0].params["case"] == "sequence-over-carre"


def test_proj_sa_one_team_four_hundred_beats_sequence_hundred_in_sun() -> None:
    projects = declared(SAUDI, NO_TRUMP, E="7S 8S 9S TS JS", S="AS AH AD AC")
    result = count_projects(SAUDI, NO_TRUMP, Seat.S, projects)
    assert (result.team, result.value) == (Team.NS, 40)
    assert result.steps[0].params["case"] == "type"


def test_proj_sa_one_team_carre_top_card_is_its_rank() -> None:
    projects = declared(SAUDI, H, W="QS QH QD QC", N="KS KH KD KC")
    result = count_projects(SAUDI, H, Seat.E, projects)
    assert (result.team, result.seat) == (Team.NS, Seat.N)
    assert result.steps[0].params["case"] == "top-card"


def test_proj_sa_one_team_unopposed_and_nobody() -> None:
    result = count_projects(SAUDI, H, Seat.S, declared(SAUDI, H, W="QS KS AS"))
    assert (result.team, result.value, result.steps[0].params["case"]) == (Team.EW, 2, "unopposed")
    nobody = count_projects(SAUDI, H, Seat.S, {Seat.N: [], Seat.E: []})
    assert (nobody.team, nobody.value, nobody.best) == (None, 0, None)
    assert nobody.steps[0].params == {"case": "none"}


def test_proj_sa_one_team_explain_split_names_the_rejected_split() -> None:
    steps = explain_split(cs("7D 8D 9D TD JD QD KD AD"), SAUDI, H, Seat.E)
    assert {s.rule for s in steps} == {"proj.sa.declare"}
    projects = [s.params for s in steps if s.params["case"] == "project"]
    assert [(p["type"], names(p["cards"]), p["value"], p["seat"]) for p in projects] == [
        ("hundred", "TD JD QD KD AD", 10, Seat.E),
        ("sira", "7D 8D 9D", 2, Seat.E),
    ]
    (chosen,) = [s.params for s in steps if s.params["case"] == "split"]
    assert (chosen["total"], chosen["alternative_total"]) == (12, 10)
    (tie,) = [s.params for s in steps if s.params["case"] == "tie-break"]
    # The other Hundred + Sira (7-J and Q-A) is worth as much but its Hundred is weaker.
    assert tie["alternative_types"] == ["hundred", "sira"]


# ---------------------------------------------------------------- proj.sa.baloot


def test_proj_sa_baloot_counted_for_the_holder() -> None:
    hands = {Seat.S: cs("QH KH 7S 9D"), Seat.E: cs("AH TH 8C")}
    result = belote(hands, H, SAUDI)
    assert (result.seat, result.counted, result.value) == (Seat.S, True, 2)
    (step,) = result.steps
    assert (step.rule, step.params["case"]) == ("proj.sa.baloot", "counted")
    assert names(step.params["cards"]) == "QH KH"
    assert belote_holder(hands, H, SAUDI) == Seat.S
    assert belote_holder(hands, S, SAUDI) is None


def test_proj_sa_baloot_not_counted_inside_hundred() -> None:
    # Seeds 001, 002: K and Q of trump inside the holder's Hundred are not also a Baloot.
    hands = {Seat.W: cs("9H TH JH QH KH 7S 8S AC"), Seat.N: cs("AH 7H 8H")}
    projects = {seat: best_split(hand, SAUDI, H) for seat, hand in hands.items()}
    result = belote(hands, H, SAUDI, projects)
    assert (result.seat, result.counted, result.value) == (Seat.W, False, 0)
    (step,) = result.steps
    assert (step.rule, step.params["case"]) == ("proj.sa.baloot", "inside-hundred")
    assert names(step.params["hundred"]) == "9H TH JH QH KH"
    assert belote_holder(hands, H, SAUDI, projects) is None
    # Without the declared projects nothing is known of the Hundred.
    assert belote_holder(hands, H, SAUDI) == Seat.W


def test_proj_sa_baloot_counted_inside_a_sira() -> None:
    hands = {Seat.N: cs("JH QH KH 7S")}
    projects = {Seat.N: best_split(hands[Seat.N], SAUDI, H)}
    assert projects[Seat.N][0].type == "sira"
    assert belote_holder(hands, H, SAUDI, projects) == Seat.N


def test_proj_sa_baloot_none_in_sun() -> None:
    result = belote({Seat.S: cs("QH KH QS KS")}, NO_TRUMP, SAUDI)
    assert (result.seat, result.counted, result.steps) == (None, False, [])


def test_proj_sa_declare_before_first_card_shown_at_second_trick() -> None:
    window = declaration_window(SAUDI)
    assert window.rule == "proj.sa.declare"
    assert (window.before_card, window.trick, window.shown_at_trick) == (1, 0, 1)
    assert (window.belote_rule, window.belote_calls) == ("proj.sa.baloot", (2,))


# ---------------------------------------------------------------- decl.ma.*


@pytest.mark.parametrize(
    ("cards", "kind", "value"),
    [
        ("7S 8S 9S", "tierce", 20),
        ("7S 8S 9S TS", "quarte", 50),
        ("7S 8S 9S TS JS", "quinte", 100),
        ("7S 8S 9S TS JS QS", "quinte", 100),
        ("JS JH JD JC", "carre", 200),
        ("9S 9H 9D 9C", "carre", 150),
        ("AS AH AD AC", "carre", 100),
        ("QS QH QD QC", "carre", 100),
    ],
)
def test_decl_ma_best_values(cards: str, kind: str, value: int) -> None:
    for rules in (MOROCCAN, FRENCH):
        project = classify(cs(cards), rules, H)
        assert (project.type, project.value) == (kind, value)


@pytest.mark.parametrize("rules", [MOROCCAN, FRENCH])
def test_decl_ma_best_eights_and_sevens_are_nothing(rules) -> None:
    with pytest.raises(InvalidProject):
        classify(cs("8S 8H 8D 8C"), rules, H)
    assert split("7S 7H 7D 7C 8S 9S", rules, H) == [("tierce", "7S 8S 9S", 20)]


def test_decl_ma_best_carre_wins_the_shared_card() -> None:
    # Four Jacks (200) + tierce Q-K-A (20) rather than the quinte 9-K of hearts (100).
    assert split("9H TH JH QH KH JS JD JC", MOROCCAN, S) == [("carre", "JS JH JD JC", 200)]


def test_decl_ma_best_exact_tie_nobody_scores() -> None:
    # Seed 003: equal best declarations in both teams (two plain tierces to the 9) → nobody scores,
    # even though EW holds more declarations.
    projects = declared(MOROCCAN, H, S="7S 8S 9S", E=["7D 8D 9D", "7C 8C 9C"])
    result = count_projects(MOROCCAN, H, Seat.W, projects)
    assert (result.team, result.value, result.best, result.seat) == (None, 0, None, None)
    (step,) = result.steps
    assert (step.rule, step.params["case"]) == ("decl.ma.best", "tie")


def test_decl_ma_best_trump_sequence_beats_plain() -> None:
    projects = declared(MOROCCAN, H, S="7H 8H 9H", E="7D 8D 9D")
    result = count_projects(MOROCCAN, H, Seat.W, projects)
    assert (result.team, result.value, result.steps[0].params["case"]) == (Team.NS, 20, "trump")


def test_decl_ma_best_longer_sequence_beats_higher_top_card() -> None:
    projects = declared(MOROCCAN, S, S="TD JD QD KD AD", E="7C 8C 9C TC JC QC")
    result = count_projects(MOROCCAN, S, Seat.N, projects)
    assert (result.team, result.seat, result.steps[0].params["case"]) == (Team.EW, Seat.E, "longer")


def test_decl_ma_best_higher_top_card() -> None:
    projects = declared(MOROCCAN, S, N="QD KD AD", W="9C TC JC")
    result = count_projects(MOROCCAN, S, Seat.N, projects)
    assert (result.team, result.steps[0].params["case"]) == (Team.NS, "top-card")


def test_decl_ma_best_carre_beats_sequence_at_equal_value() -> None:
    projects = declared(MOROCCAN, H, S="7H 8H 9H TH JH", E="QS QH QD QC")
    result = count_projects(MOROCCAN, H, Seat.N, projects)
    assert (result.team, result.value) == (Team.EW, 100)
    assert result.steps[0].params["case"] == "carre-over-sequence"


def test_decl_ma_best_equal_carres_rank_ace_ten_king_queen() -> None:
    projects = declared(MOROCCAN, H, S="TS TH TD TC", E="KS KH KD KC")
    result = count_projects(MOROCCAN, H, Seat.N, projects)
    assert (result.team, result.steps[0].params["case"]) == (Team.NS, "carre-rank")
    projects = declared(MOROCCAN, H, S="TS TH TD TC", E="AS AH AD AC")
    assert count_projects(MOROCCAN, H, Seat.N, projects).team == Team.EW


def test_decl_ma_best_higher_value_wins() -> None:
    projects = declared(MOROCCAN, H, S="9S 9H 9D 9C", E="AS AH AD AC")
    result = count_projects(MOROCCAN, H, Seat.N, projects)
    assert (result.team, result.value, result.steps[0].params["case"]) == (Team.NS, 150, "value")


def test_decl_ma_belote_counts_even_inside_a_quinte() -> None:
    hands = {Seat.E: cs("9H TH JH QH KH 7S 8S AC")}
    projects = {Seat.E: best_split(hands[Seat.E], MOROCCAN, H)}
    result = belote(hands, H, MOROCCAN, projects)
    assert (result.seat, result.counted, result.value) == (Seat.E, True, 20)
    assert (result.steps[0].rule, result.steps[0].params["case"]) == ("decl.ma.belote", "counted")


def test_decl_ma_best_declare_before_second_card() -> None:
    window = declaration_window(MOROCCAN)
    assert window.rule == "decl.ma.best"
    assert (window.before_card, window.trick, window.shown_at_trick) == (2, 1, None)
    assert window.belote_rule == "decl.ma.belote"


# ---------------------------------------------------------------- decl.fr.*


def test_decl_fr_best_carre_beats_quinte() -> None:
    # Seed 004: a carré beats a quinte, even a trump one, even a carré of queens (100 = 100).
    projects = declared(FRENCH, H, S="7H 8H 9H TH JH", E="QS QH QD QC")
    result = count_projects(FRENCH, H, Seat.N, projects)
    assert (result.team, result.value) == (Team.EW, 100)
    assert (result.steps[0].rule, result.steps[0].params["case"]) == ("decl.fr.best", "carre-over-sequence")


@pytest.mark.parametrize(
    ("stronger", "weaker"),
    [("J", "9"), ("9", "A"), ("A", "T"), ("T", "K"), ("K", "Q")],
)
def test_decl_fr_best_carres_rank_j_9_a_10_k_q(stronger: str, weaker: str) -> None:
    def four(rank: str) -> str:
        return " ".join(rank + s for s in "SHDC")

    for strong_seat, weak_seat in (("S", "E"), ("E", "S")):
        projects = declared(FRENCH, C, **{strong_seat: four(stronger), weak_seat: four(weaker)})
        result = count_projects(FRENCH, C, Seat.W, projects)
        assert result.seat == Seat[strong_seat]


def test_decl_fr_best_higher_value_then_top_card_then_trump() -> None:
    value = count_projects(FRENCH, S, Seat.W, declared(FRENCH, S, S="7D 8D 9D TD", E="QC KC AC"))
    assert (value.team, value.steps[0].params["case"]) == (Team.NS, "value")
    top = count_projects(FRENCH, S, Seat.W, declared(FRENCH, S, S="7D 8D 9D", E="QC KC AC"))
    assert (top.team, top.steps[0].params["case"]) == (Team.EW, "top-card")
    trump = count_projects(FRENCH, S, Seat.W, declared(FRENCH, S, S="QS KS AS", E="QC KC AC"))
    assert (trump.team, trump.steps[0].params["case"]) == (Team.NS, "trump")


def test_decl_fr_best_equal_sequences_earlier_player_wins() -> None:
    projects = declared(FRENCH, S, N="QD KD AD", E="QC KC AC")
    # Dealer S, counter-clockwise: E, N, W, S → E wins.
    result = count_projects(FRENCH, S, Seat.S, projects)
    assert (result.team, result.seat, result.steps[0].params["case"]) == (Team.EW, Seat.E, "turn-order")
    # Option clockwise: W, N, E, S → N wins.
    clockwise = rules_for("french", {"clockwise": True})
    assert count_projects(clockwise, S, Seat.S, projects).seat == Seat.N


def test_decl_fr_best_no_declarations_counts_nothing() -> None:
    rules = rules_for("french", {"no_declarations": True})
    projects = declared(rules, H, S="JS JH JD JC")
    result = count_projects(rules, H, Seat.W, projects)
    assert (result.team, result.value, result.best) == (None, 0, None)
    (step,) = result.steps
    assert step.rule == "decl.fr.best"
    assert step.params == {"case": "no-declarations", "option": "no_declarations"}
    assert declaration_window(rules).declarations is False
    assert declaration_window(FRENCH).declarations is True


def test_decl_fr_belote_counts_under_no_declarations() -> None:
    rules = rules_for("french", {"no_declarations": True})
    result = belote({Seat.W: cs("KD QD"), Seat.S: cs("AD")}, D, rules)
    assert (result.seat, result.counted, result.value) == (Seat.W, True, 20)
    assert result.steps[0].rule == "decl.fr.belote"
    window = declaration_window(FRENCH)
    assert (window.rule, window.before_card, window.belote_rule, window.belote_calls) == (
        "decl.fr.best",
        1,
        "decl.fr.belote",
        (1, 2),
    )


# ---------------------------------------------------------------- classify


@pytest.mark.parametrize(
    ("cards", "reason"),
    [
        ("QH KH", "too-few-cards"),
        ("QH KH AS", "mixed-suits"),
        ("9H JH QH", "not-consecutive"),
        ("QH KH KH", "duplicate-card"),
        ("KH AH 7H", "not-consecutive"),
        ("KS KH KD", "mixed-suits"),
    ],
)
def test_classify_rejects_non_projects(cards: str, reason: str) -> None:
    for rules in (SAUDI, MOROCCAN, FRENCH):
        with pytest.raises(InvalidProject) as err:
            classify(cs(cards), rules, H)
        assert err.value.reason == reason


def test_classify_orders_cards_and_describes_the_project() -> None:
    project = classify(cs("AH QH KH"), SAUDI, NO_TRUMP)
    assert names(project.cards) == "QH KH AH"
    assert (str(project.top), project.suit, project.is_sequence) == ("AH", H, True)
    assert project.as_dict() == {"type": "sira", "cards": ["QH", "KH", "AH"], "value": 4}
    carre = classify(cs("KC KS KH KD"), MOROCCAN, S)
    assert (names(carre.cards), carre.suit, carre.is_carre) == ("KS KH KD KC", None, True)


# ---------------------------------------------------------------- the split, against brute force

VARIANTS = [(SAUDI, H), (SAUDI, NO_TRUMP), (MOROCCAN, D), (FRENCH, C)]


def brute_force_best(cards: list[Card], rules, trump: int) -> tuple[int, int]:
    """(best total over disjoint projects, best single value), from classify over every subset."""
    found = []
    for n in range(3, len(cards) + 1):
        for subset in combinations(cards, n):
            with suppress(InvalidProject):
                found.append((mask_of(subset), classify(subset, rules, trump).value))

    def best(i: int, used: int) -> int:
        if i == len(found):
            return 0
        mask, value = found[i]
        skip = best(i + 1, used)
        return max(skip, value + best(i + 1, used | mask)) if not mask & used else skip

    return best(0, 0), max((v for _, v in found), default=0)


# Hands rich in runs (two suits) or in carrés (four ranks), and plain random ones.
hands = st.one_of(
    st.lists(st.integers(0, 31), min_size=0, max_size=8, unique=True),
    st.lists(st.integers(8, 23), min_size=3, max_size=8, unique=True),
    st.lists(st.sampled_from([s * 8 + r for s in range(4) for r in (2, 4, 5, 6)]), max_size=8, unique=True),
)


@settings(max_examples=150, deadline=None)
@given(hands, st.sampled_from(VARIANTS))
def test_best_split_is_valid_disjoint_and_worth_the_most(hand: list[int], variant) -> None:
    rules, trump = variant
    cards = [Card(c) for c in hand]
    projects = best_split(cards, rules, trump)
    used = 0
    for p in projects:
        assert not p.mask & used, "a card in two projects"
        used |= p.mask
        assert classify(p.cards, rules, trump) == p
    assert used & ~mask_of(cards) == 0
    total, single = brute_force_best(cards, rules, trump)
    assert sum(p.value for p in projects) == total
    assert sum(p.value for p in projects) >= single
    assert [p.strength for p in projects] == sorted((p.strength for p in projects), reverse=True)


@settings(max_examples=300, deadline=None)
@given(st.lists(hands, min_size=4, max_size=4), st.sampled_from(VARIANTS), st.sampled_from(list(Seat)),
       st.booleans())
def test_counted_team_and_belote_counts_agree_with_their_explaining_paths(hands4, variant, dealer, twin):
    rules, trump = variant
    by_seat = {}
    for seat, hand in zip(Seat, hands4, strict=True):
        by_seat[seat] = best_split([Card(c) for c in hand], rules, trump)
    if twin:  # the same projects on both teams: ties between the teams
        by_seat[Seat((dealer + 1) % 4)] = list(by_seat[dealer])
    by_seat = {seat: projects for seat, projects in by_seat.items() if projects}
    assert counted_team(rules, trump, dealer, by_seat) == count_projects(rules, trump, dealer, by_seat).team
    for seat in [None, *Seat]:
        projects = by_seat.get(seat, []) if seat is not None else []
        judged = judge_belote(seat, trump, rules, projects)
        assert belote_counts(seat, trump, rules, projects) == judged.counted


def test_proj_sa_baloot_six_card_run_rival_hundred_is_five_cards():
    """8♦–K♦ with diamonds trump: 8♦–Q♦ is kept for the Baloot; the rival Hundred it was chosen
    over is 9♦–K♦, five cards, not the whole run of six."""
    from engine.messages import render

    hand = [Card.parse(c) for c in ["8D", "9D", "TD", "JD", "QD", "KD", "7S", "7C"]]
    [tie] = [s for s in explain_split(hand, rules_for("saudi"), 2) if s.params["case"] == "tie-break"]
    five = [Card.parse(c) for c in ["9D", "TD", "JD", "QD", "KD"]]
    assert tie.params["alternative_projects"] == [{"type": "hundred", "cards": five}]
    assert "Hundred (9♦, 10♦, J♦, Q♦ and K♦)" in render(tie, "saudi", "en")
    for lang in ("ar", "fa", "fr"):
        assert "8♦" not in render(tie, "saudi", lang).split(";")[0].split("؛")[0]
