"""The usual slips in scoring a hand, and which one a learner's wrong figures show.

A wrong score is rarely random: the 5 of a Sun count rounded, the projects left out, the
doubling forgotten. Each slip here is one step of :func:`engine.scoring.score_hand` left out
or done another way, and the hand scored again with it, by the same rules (mostly by scoring
slightly different facts, so that nothing of the count is written twice). When exactly one
slip gives the learner's two figures, :func:`diagnose` names it: the rule of the step that
went wrong and the kind of slip, as data (rule ID and params), never the right figures.
Otherwise it says, for each team whose figure is off, whether it is too high or too low and
which parts make up that team's score (card points, projects, Baloot or belote, the pot).

Slip kinds, by the rule of the step they miss:

=====================  ==========================================  ============================
kind                   what the learner did                         rule
=====================  ==========================================  ============================
``five-rounded``       rounded a Sun count ending in 5              ``score.sa.round-sun``
``five-rounded-up``    rounded a Hokm remainder of 5 up             ``score.sa.round-hokm``
``wrong-rounding``     rounded to the other ten                     ``score.sa.round-sun``/``-hokm``
``sun-not-doubled``    forgot the ×2 of Sun                         ``score.sa.round-sun``
``own-conversion``     converted the other team's own card points  ``score.sa.remainder``
``projects-left-out``  left out the counted projects                ``score.sa.projects``,
                                                                    ``decl.ma.best``, ``decl.fr.best``
``both-projects``      counted the other team's projects too        (same)
``baloot-left-out``    left out the Baloot / belote                 ``proj.sa.baloot``,
                                                                    ``decl.ma.belote``, ``decl.fr.belote``
``baloot-twice``       counted the Baloot / belote twice            (same)
``multiplier-left-out`` scored a doubled hand undoubled             ``score.sa.doubled``
``failure-missed``     kept each team's total though the buyers    ``score.sa.failure``,
                       (takers) failed                              ``score.ma.chute``, ``score.fr.dedans``
``litige-missed``      scored a litige as a made contract           ``score.ma.litige``, ``score.fr.contract``
``all-tricks-missed``  scored a Kaboot or capot like any hand       ``score.sa.kaboot``,
                                                                    ``score.ma.capot``, ``score.fr.capot``
``pot-left-out``       left out the litige pot                      ``score.ma.litige``, ``score.fr.contract``
``rounding-left-out``  did not round the scores (``round_scores``)  ``score.fr.contract``
=====================  ==========================================  ============================

Params: ``team`` (the team whose part went wrong, where one did), ``total`` (26 or 16, for
``own-conversion``).

>>> from engine.ranking import NO_TRUMP
>>> from engine.variants import rules_for
>>> facts = HandFacts(rules_for("saudi"), NO_TRUMP, Team.NS, {Team.NS: 75, Team.EW: 55},
...                   {Team.NS: 4, Team.EW: 4})
>>> diagnose(facts, {Team.NS: 16, Team.EW: 10}).slip
Slip(rule='score.sa.round-sun', kind='five-rounded', params={'team': <Team.NS: 0>}, points=...)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from engine.cards import TEAMS, Team
from engine.ranking import NO_TRUMP, total_points
from engine.scoring import (
    BALOOT,
    BELOTE,
    CAPOT_BONUS_MA,
    HOKM_HAND,
    SUN_HAND,
    TRICKS,
    HandFacts,
    HandScore,
    InvalidHandFacts,
    round_hokm,
    round_sun,
    score_hand,
)
from engine.variants import French, Moroccan, Saudi


@dataclass(frozen=True)
class Slip:
    """One way of miscounting the hand: the rule of the step missed, the kind of slip, its params,
    and the figures it gives."""

    rule: str
    kind: str
    params: dict[str, Any] = field(default_factory=dict)
    points: dict[Team, int] = field(default_factory=dict, repr=False)

    def __repr__(self) -> str:
        return f"Slip(rule={self.rule!r}, kind={self.kind!r}, params={self.params!r}, points=...)"


# The parts a team's score is made of, as :class:`Off` names them.
Part = Literal["card-points", "projects", "baloot", "pot", "contract"]


@dataclass(frozen=True)
class Off:
    """A team's figure that is off: ``high`` or ``low``, and the parts its score is made of."""

    team: Team
    direction: Literal["high", "low"]
    parts: tuple[Part, ...]


@dataclass(frozen=True)
class Diagnosis:
    """What a wrong score shows: the one slip that gives it, else which figures are off."""

    slip: Slip | None
    off: tuple[Off, ...]


def diagnose(facts: HandFacts, given: Mapping[Team, int]) -> Diagnosis:
    """The slip that gives the learner's figures ``given``, if exactly one does; and, whatever
    it finds, each team's figure that is off (empty when both are right)."""
    right = score_hand(facts)
    off = tuple(_off(facts, right, team, given[team]) for team in TEAMS if given[team] != right.points[team])
    wanted = {team: given[team] for team in TEAMS}
    found: dict[tuple[str, str], Slip] = {}
    for slip in slips(facts, right):
        if slip.points == wanted:
            found.setdefault((slip.rule, slip.kind), slip)
    return Diagnosis(next(iter(found.values())) if len(found) == 1 else None, off)


def slips(facts: HandFacts, right: HandScore | None = None) -> list[Slip]:
    """Every slip that changes the figures of this hand, each with the figures it gives."""
    right = right or score_hand(facts)
    out = []
    for slip in _candidates(facts, right):
        if slip.points and slip.points != right.points:
            out.append(slip)
    return out


# ---------------------------------------------------------------- the slips


def _candidates(facts: HandFacts, right: HandScore) -> Iterator[Slip]:
    rules = facts.rules
    if isinstance(rules, Saudi):
        yield from _saudi(facts, right)
        best, belote_rule = "score.sa.projects", "proj.sa.baloot"
        belote_value = BALOOT
    elif isinstance(rules, Moroccan):
        yield from _card_game(facts, right, "score.ma.chute", "score.ma.litige", "score.ma.capot")
        best, belote_rule, belote_value = "decl.ma.best", "decl.ma.belote", BELOTE
    elif isinstance(rules, French):
        yield from _card_game(facts, right, "score.fr.dedans", "score.fr.contract", "score.fr.capot")
        best, belote_rule, belote_value = "decl.fr.best", "decl.fr.belote", BELOTE
        if rules.round_scores:
            unrounded = dataclasses.replace(rules, round_scores=False)
            yield _rescored(facts, "score.fr.contract", "rounding-left-out", {}, rules=unrounded)
    else:
        return
    counted = facts.counted_team
    if counted is not None:
        team = {"team": counted}
        yield _rescored(facts, best, "projects-left-out", team, projects=(), counted_team=None)
        other = sum(value for owner, value in facts.projects if owner == counted.other)
        if other and right.result == "made" and facts.multiplier == 1:
            yield _added(right, best, "both-projects", counted.other, other)
    holder = facts.belote
    if holder is not None:
        yield _rescored(facts, belote_rule, "baloot-left-out", {"team": holder}, belote=None)
        if right.points[holder] >= belote_value:
            yield _added(right, belote_rule, "baloot-twice", holder, belote_value)


def _saudi(facts: HandFacts, right: HandScore) -> Iterator[Slip]:
    buyer, defence = facts.taker, facts.taker.other
    sun = facts.trump == NO_TRUMP
    if right.result == "kaboot":
        # Scored like any hand: the tricks counted as if the other team had taken one of them.
        winner = next(t for t in TEAMS if facts.tricks[t] == TRICKS)
        yield _rescored(facts, "score.sa.kaboot", "all-tricks-missed", {"team": winner},
                        tricks={winner: TRICKS - 1, winner.other: 1})
        return
    abnat = facts.card_points[buyer]
    remainder = abnat % 10
    rule = "score.sa.round-sun" if sun else "score.sa.round-hokm"
    team = {"team": buyer}
    # A count rounded another way is the hand scored with the buyers' card points at that ten.
    if sun and remainder == 5:
        for wrong in (abnat + 5, abnat - 5):
            yield _with_abnat(facts, wrong, rule, "five-rounded", team)
    elif not sun and remainder == 5:
        yield _with_abnat(facts, abnat + 5, rule, "five-rounded-up", team)
    elif remainder:
        other_ten = abnat - remainder + (10 if remainder < 5 else 0)
        yield _with_abnat(facts, other_ten, rule, "wrong-rounding", team)
    if right.result == "made" and facts.multiplier == 1:
        base = SUN_HAND if sun else HOKM_HAND
        convert: Callable[[int], int] = round_sun if sun else round_hokm
        converted = convert(abnat)
        rest = base - converted
        if sun:
            # Rounded but not doubled (÷ 10 alone); the other team then takes the rest of 26, or
            # converts its own card points the same way.
            halved = converted // 2
            for other in (base - halved, round_sun(facts.card_points[defence]) // 2):
                points = dict(right.points)
                points[buyer] += halved - converted
                points[defence] += other - rest
                yield Slip(rule, "sun-not-doubled", team, points)
        # The other team's own card points converted, instead of the rest of 26 (16).
        own = convert(facts.card_points[defence])
        if own != rest:
            yield _added(right, "score.sa.remainder", "own-conversion", defence, own - rest, total=base)
    if facts.multiplier > 1:
        yield _rescored(facts, "score.sa.doubled", "multiplier-left-out", {}, multiplier=1, gahwa=False)
    elif right.result == "failed":
        wins = next((s for s in right.steps if s.rule == "score.sa.buyer-wins"), None)
        if wins is not None:
            kept = {buyer: wins.params["points"], defence: wins.params["other_points"]}
            yield Slip("score.sa.failure", "failure-missed", {"team": buyer}, kept)


def _card_game(facts: HandFacts, right: HandScore, failed_rule: str, litige_rule: str,
               capot_rule: str) -> Iterator[Slip]:
    taker = facts.taker
    if right.result in ("chute", "dedans", "litige"):
        # Each team kept its own total, as if the takers had made it.
        kind = "litige-missed" if right.result == "litige" else "failure-missed"
        rule = litige_rule if right.result == "litige" else failed_rule
        kept = {team: _own_total(facts, team) for team in TEAMS}
        yield Slip(rule, kind, {"team": taker}, kept)
    if right.result == "capot":
        if isinstance(facts.rules, Moroccan):
            team = next(s.params["team"] for s in right.steps if s.rule == "score.ma.capot")
            yield _added(right, capot_rule, "all-tricks-missed", team, -CAPOT_BONUS_MA)
        else:
            team = next(t for t in TEAMS if facts.tricks[t] == TRICKS)
            yield _rescored(facts, capot_rule, "all-tricks-missed", {"team": team},
                            tricks={team: TRICKS - 1, team.other: 1})
    if facts.pot:
        yield _rescored(facts, litige_rule, "pot-left-out", {}, pot=0)


def _own_total(facts: HandFacts, team: Team) -> int:
    """A team's card points, its counted declarations and its belote: what it scores when the
    contract is made (``score.ma.contract``, ``score.fr.contract``)."""
    declarations = sum(v for owner, v in facts.projects if owner == team) if facts.counted_team == team else 0
    return facts.card_points[team] + declarations + (BELOTE if facts.belote == team else 0)


# ---------------------------------------------------------------- scoring again


def _rescored(facts: HandFacts, rule: str, kind: str, params: dict[str, Any], **changes: Any) -> Slip:
    """The slip of scoring the hand with ``changes`` to its facts (no figures if they cannot be)."""
    try:
        changed = dataclasses.replace(facts, **changes)
        points = score_hand(changed).points
    except (InvalidHandFacts, ValueError):
        return Slip(rule, kind, params)
    return Slip(rule, kind, params, dict(points))


def _with_abnat(facts: HandFacts, abnat: int, rule: str, kind: str, params: dict[str, Any]) -> Slip:
    total = total_points(facts.trump)
    if not 0 <= abnat <= total:
        return Slip(rule, kind, params)
    buyer = facts.taker
    return _rescored(facts, rule, kind, params, card_points={buyer: abnat, buyer.other: total - abnat})


def _added(right: HandScore | Slip, rule: str, kind: str, team: Team, value: int, **params: Any) -> Slip:
    """The slip of ``value`` more (or less) for ``team`` than in ``right`` (a score or a slip)."""
    if not right.points:
        return Slip(rule, kind, {"team": team, **params})
    points = dict(right.points)
    points[team] += value
    if points[team] < 0:
        return Slip(rule, kind, {"team": team, **params})
    return Slip(rule, kind, {"team": team, **params}, points)


# ---------------------------------------------------------------- which part is off


def _off(facts: HandFacts, right: HandScore, team: Team, given: int) -> Off:
    parts: list[Part] = ["card-points"]
    if facts.counted_team is not None:
        parts.append("projects")
    if facts.belote is not None:
        parts.append("baloot")
    if facts.pot:
        parts.append("pot")
    if not right.made or right.result in ("kaboot", "capot"):
        parts.append("contract")
    return Off(team, "high" if given > right.points[team] else "low", tuple(parts))
