"""Which step of the count a wrong score missed (engine/slips.py), named after the rule of that step."""

from __future__ import annotations

from engine.cards import Team
from engine.ranking import NO_TRUMP
from engine.scoring import HandFacts
from engine.slips import diagnose
from engine.variants import rules_for

NS, EW = Team.NS, Team.EW
S, H, D, C = range(4)


def saudi(trump: int, ns: int, tricks: tuple[int, int] = (5, 3), taker: Team = NS, **kw: object) -> HandFacts:
    total = 130 if trump == NO_TRUMP else 162
    return HandFacts(rules_for("saudi", kw.pop("options", None) or {}), trump, taker,  # type: ignore[arg-type]
                     {NS: ns, EW: total - ns}, {NS: tricks[0], EW: tricks[1]}, **kw)  # type: ignore[arg-type]


def card_game(variant: str, trump: int, ns: int, taker: Team = NS, tricks: tuple[int, int] = (5, 3),
              options: dict[str, object] | None = None, **kw: object) -> HandFacts:
    return HandFacts(rules_for(variant, options or {}), trump, taker, {NS: ns, EW: 162 - ns},
                     {NS: tricks[0], EW: tricks[1]}, **kw)  # type: ignore[arg-type]


def slip_of(facts: HandFacts, ns: int, ew: int) -> tuple[str, str] | None:
    slip = diagnose(facts, {NS: ns, EW: ew}).slip
    return None if slip is None else (slip.rule, slip.kind)


def test_score_sa_round_sun_a_five_rounded_up_or_down() -> None:
    facts = saudi(NO_TRUMP, 75, (4, 4))  # right: 15 and 11
    assert slip_of(facts, 16, 10) == ("score.sa.round-sun", "five-rounded")
    assert slip_of(facts, 14, 12) == ("score.sa.round-sun", "five-rounded")


def test_score_sa_round_sun_rounded_to_the_other_ten_and_not_doubled() -> None:
    facts = saudi(NO_TRUMP, 74, (4, 4))  # right: 14 and 12
    assert slip_of(facts, 16, 10) == ("score.sa.round-sun", "wrong-rounding")
    assert slip_of(facts, 7, 19) == ("score.sa.round-sun", "sun-not-doubled")


def test_score_sa_round_hokm_a_remainder_of_five_rounded_up() -> None:
    facts = saudi(S, 95)  # right: 9 and 7
    assert slip_of(facts, 10, 6) == ("score.sa.round-hokm", "five-rounded-up")


def test_score_sa_remainder_the_other_team_converts_its_own_card_points() -> None:
    facts = saudi(C, 106, (6, 2))  # right: 11 and 5; 56 converted alone would be 6
    assert slip_of(facts, 11, 6) == ("score.sa.remainder", "own-conversion")


def test_score_sa_projects_left_out_or_counted_for_both_teams() -> None:
    facts = saudi(D, 96, projects=[(EW, 2), (NS, 2)], counted_team=EW)  # right: 10 and 8
    assert slip_of(facts, 10, 6) == ("score.sa.projects", "projects-left-out")
    assert slip_of(facts, 12, 8) == ("score.sa.projects", "both-projects")


def test_proj_sa_baloot_left_out_or_counted_twice() -> None:
    facts = saudi(S, 102, projects=[(EW, 2)], counted_team=EW, belote=NS)  # right: 12 and 8
    assert slip_of(facts, 10, 8) == ("proj.sa.baloot", "baloot-left-out")
    assert slip_of(facts, 14, 8) == ("proj.sa.baloot", "baloot-twice")


def test_score_sa_doubled_the_multiplier_forgotten() -> None:
    facts = saudi(H, 70, (3, 5), belote=NS, multiplier=3)  # right: 2 and 48
    assert slip_of(facts, 2, 16) == ("score.sa.doubled", "multiplier-left-out")


def test_score_sa_failure_each_team_kept_its_own_total() -> None:
    facts = saudi(NO_TRUMP, 54, (3, 5))  # right: 0 and 26; 54 makes 10, 76 the other 16
    assert slip_of(facts, 10, 16) == ("score.sa.failure", "failure-missed")


def test_score_sa_kaboot_scored_like_any_hand() -> None:
    facts = saudi(C, 162, (8, 0), taker=NS)  # right: 25 and 0
    assert slip_of(facts, 16, 0) == ("score.sa.kaboot", "all-tricks-missed")


def test_score_ma_chute_and_score_fr_dedans_each_team_kept_its_card_points() -> None:
    chute = card_game("moroccan", S, 75, tricks=(4, 4))
    assert slip_of(chute, 75, 87) == ("score.ma.chute", "failure-missed")
    assert slip_of(card_game("french", C, 92, taker=EW), 92, 70) == ("score.fr.dedans", "failure-missed")


def test_score_ma_litige_scored_as_a_made_contract_and_the_pot_left_out() -> None:
    litige = card_game("moroccan", S, 81, tricks=(4, 4))
    assert slip_of(litige, 81, 81) == ("score.ma.litige", "litige-missed")
    facts = card_game("moroccan", C, 62, taker=EW, tricks=(3, 5), pot=81)  # right: 62 and 181
    assert slip_of(facts, 62, 100) == ("score.ma.litige", "pot-left-out")


def test_score_ma_capot_the_bonus_left_out() -> None:
    facts = card_game("moroccan", H, 162, tricks=(8, 0))  # right: 262 and 0
    assert slip_of(facts, 162, 0) == ("score.ma.capot", "all-tricks-missed")


def test_decl_fr_belote_left_out_and_decl_fr_best_left_out() -> None:
    facts = card_game("french", H, 84, tricks=(4, 4), belote=NS)  # right: 104 and 78
    assert slip_of(facts, 84, 78) == ("decl.fr.belote", "baloot-left-out")
    facts = card_game("moroccan", D, 100, taker=NS, projects=[(NS, 20)], counted_team=NS)  # 120 and 62
    assert slip_of(facts, 100, 62) == ("decl.ma.best", "projects-left-out")


def test_score_fr_contract_the_rounding_of_the_scores_left_out() -> None:
    facts = card_game("french", C, 65, taker=EW, tricks=(3, 5), options={"round_scores": True})  # 70 and 100
    assert slip_of(facts, 65, 97) == ("score.fr.contract", "rounding-left-out")


def test_no_slip_is_named_when_none_or_several_give_the_figures_and_the_parts_off_are() -> None:
    facts = saudi(S, 102, projects=[(EW, 2)], counted_team=EW, belote=NS)  # right: 12 and 8
    found = diagnose(facts, {NS: 11, EW: 8})
    assert found.slip is None
    (off,) = found.off
    assert (off.team, off.direction, off.parts) == (NS, "low", ("card-points", "projects", "baloot"))
    # Right figures: nothing is off, and no slip.
    assert diagnose(facts, {NS: 12, EW: 8}) == diagnose(facts, {NS: 12, EW: 8})
    assert diagnose(facts, {NS: 12, EW: 8}).off == ()
    assert diagnose(facts, {NS: 12, EW: 8}).slip is None


def test_a_slip_never_carries_the_right_figures_in_its_params() -> None:
    facts = saudi(NO_TRUMP, 75, (4, 4))
    slip = diagnose(facts, {NS: 16, EW: 10}).slip
    assert slip is not None
    assert set(slip.params) <= {"team", "total"}
