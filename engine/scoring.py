"""Scoring a finished hand (docs/rules.md §5), step by step.

The input is already-decided facts (:class:`HandFacts`): who took what, which
projects or declarations were declared and which team counts them, who holds
Baloot/Belote. Deciding those is :mod:`engine.projects`' job; this module only
adds them up. :func:`score_hand` returns a :class:`HandScore` whose ``steps``,
read in order, explain the result; each cites the docs/rules.md rule it applies.

>>> from engine.cards import Team
>>> from engine.ranking import NO_TRUMP
>>> from engine.variants import rules_for
>>> facts = HandFacts(rules_for("saudi"), NO_TRUMP, Team.NS,
...                   card_points={Team.NS: 95, Team.EW: 35}, tricks={Team.NS: 6, Team.EW: 2})
>>> score = score_hand(facts)
>>> score.result, score.points[Team.NS], score.points[Team.EW]
('made', 19, 7)
>>> score.steps[0].rule, score.steps[0].params["rounded"], score.steps[0].params["result"]
('score.sa.round-sun', 95, 19)

Projects and declarations
-------------------------
``HandFacts.projects`` lists every declared project of both teams as
``(team, value)`` pairs (one pair per project, or one per team with the sum:
only sums matter here), in the variant's unit: game points for ``saudi``,
already for the mode (Sira = 4 in Sun, 2 in Hokm), card points for the others
(tierce = 20). ``counted_team`` is the team whose projects count
(``proj.sa.one-team``, ``decl.ma.best``, ``decl.fr.best``), or ``None`` when
nobody's do. Only the counted team's projects are ever worth points; the other
team's declared values are carried in the steps (``other_value``) so a message
can say what they lost to. Where a rule gives a team "all counted projects" or
"both teams' declarations" (``score.sa.failure``, ``score.ma.chute``,
``score.fr.dedans``, ``score.fr.capot``) it is the counted team's projects,
whichever team that is: the beaten team's declarations never count.

Readings where docs/rules.md leaves a detail open
--------------------------------------------
- ``score.sa.doubled`` with ``tie_is_draw``: a tie is a success of the buyers
  (step 5), so the buyers take the doubled hand. Baloot stays with its holder
  in a doubled hand even with ``baloot_transfers_on_failure``.
- ``double.sa.gahwa`` needs Hokm and a multiplier of 4 (Gahwa answers Four).
- ``score.ma.litige`` and the ``litige`` option of ``score.fr.contract``: the
  takers' card points and counted declarations go to the pot; they keep their
  belote; the defence scores its own total. The next decided hand gives the
  whole pot to the takers if made, to the defence otherwise (also in French).
- ``score.ma.capot``: ``result`` is ``"capot"`` whichever team had no card
  points; ``HandScore.made`` tells whether the takers made their contract.
- ``score.fr.capot`` when the takers take no trick: ``capot_keeps_declarations``
  changes nothing, the defenders score 252 + the counted declarations.
- ``round_scores``: each team's points for the hand are rounded to the nearest
  ten, a value ending in 5 rounding up (115 -> 120).
- ``score.ma.game``: as in ``score.sa.game``, if both teams reach the target on
  the same hand the higher total wins, and equal totals play on.

Emitted rule IDs and their params
---------------------------------
Every ``team``/``other_team`` is a :class:`~engine.cards.Team`; the rest are
ints unless noted. ``B``/``T`` is the buying/taking team, ``D`` the other one.

=========================  ==================================================================
rule                       params
=========================  ==================================================================
``score.sa.kaboot``        ``team`` (took all 8 tricks), ``value`` (44, 25 or 88),
                           ``on_ace`` (bool: the 88 of ``kaboot_88_on_ace``), ``projects``
                           (its counted projects after the multiplier), ``multiplier``,
                           ``baloot`` (0 or 2), ``points`` (its hand total),
                           ``other_team`` (scores 0), ``projects_before`` (its counted
                           projects before the multiplier); ``multiplied`` (True: doubled,
                           with projects), ``sun`` (True in Sun)
``score.sa.round-sun``     ``team`` (B), ``abnat``, ``rounded`` (to the ten; 5 stays),
                           ``result`` (rounded * 2 / 10); ``five`` (True: abnat ends in 5)
``score.sa.round-hokm``    ``team`` (B), ``abnat``, ``remainder`` (abnat % 10),
                           ``result``
``score.sa.remainder``     ``team`` (D), ``total`` (26 or 16), ``taken`` (B's converted
                           points), ``result`` (total - taken)
``score.sa.projects``      ``team`` (counted team), ``value`` (its projects, game points),
                           ``other_value`` (the other team's declared projects, not counted)
``proj.sa.baloot``         ``team`` (holder), ``value`` (2)
``score.sa.buyer-wins``    ``team`` (B), ``points`` (B's total), ``other_points`` (D's
                           total), ``made`` (bool), ``tie`` (bool); ``multiplied`` (True in a
                           doubled hand, which is not split)
``score.sa.failure``       ``team`` (D), ``base`` (26 or 16), ``projects`` (all counted),
                           ``baloot`` (what D gets for Baloot), ``points`` (D's total),
                           ``other_team`` (B), ``other_points`` (B's: its Baloot or 0),
                           ``baloot_transferred`` (bool); ``sun`` (True in Sun)
``score.sa.doubled``       ``team`` (hand winner), ``base`` (26 or 16), ``projects`` (all
                           counted), ``multiplier``, ``value`` ((base + projects) *
                           multiplier), ``baloot`` (the winner's), ``points`` (winner's
                           total), ``other_team``, ``other_points`` (its Baloot or 0);
                           ``sun`` (True in Sun)
``double.sa.gahwa``        ``team`` (wins the hand, hence the game)
``penalty.sa.khaysh``      ``team`` (offending team, scored as a failed buyer),
                           ``other_team``, ``broken_rule`` (str: the rule ID broken, or "")
``score.sa.game``          ``result`` (str: "won" or "play-on"), ``team`` (winner; only
                           when "won"), ``ns``, ``ew`` (game totals after the hand),
                           ``target``; ``both`` (True: both teams passed the target)
``decl.ma.best``           ``team`` (counted team), ``value``, ``other_value``
``decl.ma.belote``         ``team`` (holder), ``value`` (20)
``score.ma.contract``      ``team`` (T), ``points`` (T's card points), ``other_points``
                           (D's card points)
``score.ma.chute``         ``team`` (T), ``points``, ``other_points`` (card points),
                           ``base`` (162), ``declarations`` (all counted, to D),
                           ``belote`` (D's), ``total`` (D's score so far),
                           ``other_team`` (D), ``taker_points`` (T's belote or 0)
``score.ma.litige``        ``action`` (str): "hold": ``team`` (T), ``points`` (its card
                           points + counted declarations, into the pot), ``pot`` (after),
                           ``belote`` (True: T holds the belote and keeps it);
                           "collect": ``team`` (who collects), ``pot`` (amount collected)
``score.ma.capot``         ``team`` (gets the bonus), ``other_team`` (zero card points),
                           ``value`` (100)
``score.ma.game``          as ``score.sa.game``
``decl.fr.best``           ``team`` (counted team), ``value``, ``other_value``
``decl.fr.belote``         ``team`` (holder), ``value`` (20)
``score.fr.contract``      ``action`` (str): "compare": ``team`` (T), ``points``,
                           ``other_points`` (what is compared), ``basis`` (str: "total" or
                           "card-points" under ``contract_81``), ``strict`` (bool),
                           ``outcome`` (str: "made", "dedans" or "litige");
                           "hold"/"collect": as in ``score.ma.litige``;
                           "round": ``team``, ``points`` (before), ``rounded``
``score.fr.dedans``        ``team`` (D), ``base`` (162), ``declarations`` (all counted),
                           ``belote`` (D's), ``total`` (D's score so far),
                           ``other_team`` (T), ``other_points`` (T's belote or 0)
``score.fr.capot``         ``team`` (took all 8 tricks), ``base`` (252), ``declarations``
                           (what it scores), ``belote`` (its), ``total`` (its score so
                           far), ``other_team``, ``other_points`` (its belote, plus its
                           declarations under ``capot_keeps_declarations``), ``lost``
                           (the counted declarations of the team without a trick, which
                           it does not score)
``score.fr.game``          ``result`` (str: "won" or "draw"), ``team`` (winner; only when
                           "won"), ``ns``, ``ew``, ``target``
=========================  ==================================================================
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from engine.auction import sun_double_refusal
from engine.cards import ACE, TEAMS, Card, Seat, Team, other_player
from engine.explain import Reason, Step
from engine.ranking import NO_TRUMP, total_points
from engine.variants import French, Moroccan, RuleSet, Saudi

# Saudi game points (docs/rules.md §5.1).
SUN_HAND = 26
HOKM_HAND = 16
KABOOT_SUN = 44
KABOOT_HOKM = 25
KABOOT_ON_ACE = 88
BALOOT = 2

# Moroccan and French card points (docs/rules.md §4.2-§5.3).
BELOTE = 20
CARD_POINTS = 162
CAPOT_BONUS_MA = 100
CAPOT_FR = 252

TRICKS = 8


class InvalidHandFacts(ValueError):
    """Facts that cannot describe a finished hand; ``field`` names the offending input.

    ``reason`` is the rule that forbids them, when one does (a Sun hand doubled at a
    game score where ``double.sa.sun-condition`` refuses the Double).
    """

    def __init__(self, field_name: str, detail: str, reason: Reason | None = None) -> None:
        super().__init__(f"{field_name}: {detail}")
        self.field = field_name
        self.reason = reason


@dataclass(frozen=True)
class HandFacts:
    """What happened in a hand, already decided; :func:`score_hand` adds it up.

    ``card_points`` include the last-trick bonus. ``projects`` lists the
    declared projects of both teams as ``(team, value)`` (see the module
    docstring for the unit); ``counted_team`` is the team whose projects count.
    ``belote`` is the team holding Baloot/Belote (K+Q of trump), if any.
    ``multiplier``, ``gahwa`` and ``bidding_card`` are Saudi only; ``pot`` is the
    litige pot carried in (``moroccan``; ``french`` with ``litige``).
    ``game_score`` is the score before the hand, if the game is being followed.
    """

    rules: RuleSet
    trump: int
    taker: Team
    card_points: Mapping[Team, int]
    tricks: Mapping[Team, int]
    projects: Sequence[tuple[Team, int]] = ()
    counted_team: Team | None = None
    belote: Team | None = None
    multiplier: int = 1
    gahwa: bool = False
    bidding_card: Card | None = None
    pot: int = 0
    game_score: Mapping[Team, int] | None = None

    def __post_init__(self) -> None:
        _check_common(self.rules, self.trump, self.projects, self.counted_team, self.belote,
                      self.multiplier, self.gahwa, self.game_score)
        if not isinstance(self.taker, Team):
            raise InvalidHandFacts("taker", "must be a Team")
        card_points, tricks = self.card_points, self.tricks
        _check_pair("card_points", card_points)
        _check_pair("tricks", tricks)
        expected = total_points(self.trump)
        if card_points[Team.NS] + card_points[Team.EW] != expected:
            raise InvalidHandFacts("card_points", f"must add up to {expected}")
        if tricks[Team.NS] + tricks[Team.EW] != TRICKS:
            raise InvalidHandFacts("tricks", f"must add up to {TRICKS}")
        for team in TEAMS:
            if tricks[team] == 0 and card_points[team] != 0:
                raise InvalidHandFacts("card_points", f"{team} took no trick but has card points")
        pot = self.pot
        if (type(pot) is not int and (not isinstance(pot, int) or isinstance(pot, bool))) or pot < 0:
            raise InvalidHandFacts("pot", "must be a non-negative int")
        if pot:
            rules = self.rules
            has_pot = isinstance(rules, Moroccan) or (isinstance(rules, French) and rules.litige)
            if not has_pot:
                raise InvalidHandFacts("pot", "there is no litige pot in this variant or rule set")
        card = self.bidding_card
        if card is not None and not (isinstance(card, int) and 0 <= card < 32):
            raise InvalidHandFacts("bidding_card", "must be a Card")
        if self.trump == NO_TRUMP and self.multiplier > 1 and self.game_score is not None:
            # The auction's own check: a Sun hand is doubled only at the scores it allows.
            buyers = self.taker
            refusal = sun_double_refusal(buyers, self.game_score[buyers], self.game_score[buyers.other])
            if refusal is not None:
                raise InvalidHandFacts("multiplier", "double.sa.sun-condition refuses this Double", refusal)


@dataclass(frozen=True)
class HandScore:
    """The score of one hand.

    ``result``: ``made``, ``failed``, ``kaboot`` (saudi); ``made``, ``chute``,
    ``litige``, ``capot`` (moroccan); ``made``, ``dedans``, ``litige``, ``capot``
    (french). ``made`` says whether the taking team's contract held (for a
    penalty, the offending team is scored as a failed taker: ``False``).
    ``pot`` is the litige pot after the hand. ``game_score`` is the game total
    after the hand when one was given. ``winner`` is ``None`` unless the game is
    over with a winner (a French draw ends the game with no winner).
    """

    points: dict[Team, int]
    result: str
    made: bool
    steps: list[Step]
    pot: int = 0
    game_over: bool = False
    winner: Team | None = None
    game_score: dict[Team, int] | None = None


# ---------------------------------------------------------------- conversions

def round_sun(abnat: int) -> int:
    """Sun card points to game points (``score.sa.round-sun``).

    Round to the nearest ten, except that a value ending in 5 stays; then
    times 2, divided by 10.

    >>> [round_sun(a) for a in (74, 75, 76, 54, 95)]
    [14, 15, 16, 10, 19]
    >>> round_sun(130), round_sun(0)
    (26, 0)
    """
    return _sun_rounded(abnat) * 2 // 10


def round_hokm(abnat: int) -> int:
    """Hokm card points to game points (``score.sa.round-hokm``).

    Divide by 10; a remainder up to half (5) is dropped, above half rounds up.

    >>> [round_hokm(a) for a in (85, 86, 45)]
    [8, 9, 4]
    >>> round_hokm(162), round_hokm(0)
    (16, 0)
    """
    if abnat < 0:
        raise ValueError("card points cannot be negative")
    tens, remainder = divmod(abnat, 10)
    return tens + (1 if remainder > 5 else 0)


def _sun_rounded(abnat: int) -> int:
    """The nearest ten, a value ending in 5 staying as it is: 74 -> 70, 75 -> 75, 76 -> 80."""
    if abnat < 0:
        raise ValueError("card points cannot be negative")
    remainder = abnat % 10
    if remainder == 5:
        return abnat
    return abnat - remainder + (10 if remainder > 5 else 0)


def _round_ten(points: int) -> int:
    """The nearest ten, 5 rounding up (French ``round_scores``)."""
    return (points + 5) // 10 * 10


# ---------------------------------------------------------------- the contract on card points alone


@dataclass(frozen=True)
class CardPointVerdict:
    """The contract judged on card points alone, by each variant's own comparison.

    ``value`` and ``other_value`` are what the rule compares: game points in
    ``saudi`` (the buyers' card points rounded, the rest of 16 or 26 to the
    others), card points otherwise. ``tie`` says the two are level; ``outcome``
    is then what the rule makes of a tie: ``failed`` in Saudi (``made`` with
    ``tie_is_draw``), ``tie`` (a litige) in Moroccan, ``made`` in French
    (``failed`` with ``strict_contract``, ``tie`` with ``litige``).
    """

    outcome: Literal["made", "tie", "failed"]
    tie: bool
    value: int
    other_value: int


def card_point_verdict(rules: RuleSet, trump: int, taker_points: int) -> CardPointVerdict:
    """Whether the takers, with ``taker_points`` card points (last trick included), make it.

    Declarations, Baloot/belote and doubling are left out: this is what the card
    play alone decides (the exact solver's verdict), by the same rules as
    :func:`score_hand`.

    >>> from engine.variants import rules_for
    >>> [card_point_verdict(rules_for("saudi"), 0, p).outcome for p in (81, 85, 86)]
    ['failed', 'failed', 'made']
    >>> [card_point_verdict(rules_for(v), 0, 81).outcome for v in ("moroccan", "french")]
    ['tie', 'made']
    """
    other = total_points(trump) - taker_points
    if isinstance(rules, Saudi):
        value = round_sun(taker_points) if trump == NO_TRUMP else round_hokm(taker_points)
        other_value = (SUN_HAND if trump == NO_TRUMP else HOKM_HAND) - value
        made, tie = _saudi_buyer_wins(rules, value, other_value)
        return CardPointVerdict("made" if made else "failed", tie, value, other_value)
    if isinstance(rules, Moroccan):
        ma = _ma_contract(taker_points, other)
        return CardPointVerdict(_VERDICT[ma], taker_points == other, taker_points, other)
    if isinstance(rules, French):
        fr = _fr_contract(rules, taker_points, other)
        return CardPointVerdict(_VERDICT[fr], taker_points == other, taker_points, other)
    raise ValueError(f"no contract for {rules.name!r}")


_VERDICT: dict[str, Literal["made", "tie", "failed"]] = {
    "made": "made", "litige": "tie", "chute": "failed", "dedans": "failed",
}


def _saudi_buyer_wins(rules: Saudi, points: int, other_points: int) -> tuple[bool, bool]:
    """``score.sa.buyer-wins``: (made, tie). A tie fails, unless the table plays ``tie_is_draw``."""
    tie = points == other_points
    return points > other_points or (tie and rules.tie_is_draw), tie


def _ma_contract(points: int, other_points: int) -> Literal["made", "litige", "chute"]:
    """``score.ma.contract`` on card points: more is made, exactly as many a litige, fewer a chute."""
    if points == other_points:
        return "litige"
    return "made" if points > other_points else "chute"


def _fr_contract(rules: French, points: int, other_points: int) -> Literal["made", "litige", "dedans"]:
    """``score.fr.contract``: at least the defenders' (more under ``strict_contract``); ``litige``."""
    tie = points == other_points
    if tie and rules.litige:
        return "litige"
    if points > other_points or (tie and not rules.strict_contract):
        return "made"
    return "dedans"


# ---------------------------------------------------------------- entry points

def score_hand(facts: HandFacts) -> HandScore:
    """Score a finished hand under ``facts.rules``."""
    if isinstance(facts.rules, Saudi):
        return _score_saudi(facts, facts.rules)
    if isinstance(facts.rules, Moroccan):
        return _score_moroccan(facts, facts.rules)
    if isinstance(facts.rules, French):
        return _score_french(facts, facts.rules)
    raise InvalidHandFacts("rules", f"no scoring for {facts.rules.name!r}")


def score_penalty(
    rules: RuleSet,
    trump: int,
    offending_team: Team,
    *,
    projects: Sequence[tuple[Team, int]] = (),
    counted_team: Team | None = None,
    belote: Team | None = None,
    multiplier: int = 1,
    gahwa: bool = False,
    game_score: Mapping[Team, int] | None = None,
    broken_rule: str = "",
) -> HandScore:
    """``penalty.sa.khaysh``: the hand is lost and scored as a failure of ``offending_team``.

    The other team scores 26 (Sun) or 16 (Hokm) plus all counted projects,
    times the multiplier in a doubled hand (``score.sa.failure``,
    ``score.sa.doubled``). ``belote`` is whoever is still owed Baloot (a player
    who played the second Baloot card without announcing it is not).
    """
    if not isinstance(rules, Saudi):
        raise InvalidHandFacts("rules", "penalty.sa.khaysh is a saudi rule")
    _check_common(rules, trump, projects, counted_team, belote, multiplier, gahwa, game_score)
    if not isinstance(offending_team, Team):
        raise InvalidHandFacts("offending_team", "must be a Team")
    other = offending_team.other
    steps = [Step("penalty.sa.khaysh", {"team": offending_team, "other_team": other,
                                        "broken_rule": broken_rule})]
    counted = _counted_value(projects, counted_team)
    _saudi_project_steps(steps, projects, counted_team, belote)
    base = SUN_HAND if trump == NO_TRUMP else HOKM_HAND
    sun = trump == NO_TRUMP
    if multiplier > 1:
        points = _saudi_doubled(steps, rules, other, base, counted, belote, multiplier, sun)
    else:
        points = _saudi_failure(steps, rules, offending_team, base, counted, belote, penalty=True, sun=sun)
    return _finish_saudi(steps, rules, points, "failed", False, other, gahwa, game_score)


# ---------------------------------------------------------------- validation

def _check_pair(name: str, pair: Mapping[Team, int] | None) -> None:
    # The usual case first: a dict of the two teams to non-negative ints passes at once.
    if type(pair) is dict and len(pair) == 2 and Team.NS in pair and Team.EW in pair:
        a, b = pair.values()
        if type(a) is int and type(b) is int and a >= 0 and b >= 0:
            return
    if not isinstance(pair, Mapping) or set(pair) != {Team.NS, Team.EW}:
        raise InvalidHandFacts(name, "must give a value for NS and for EW")
    for value in pair.values():
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise InvalidHandFacts(name, "values must be non-negative ints")


def _check_common(
    rules: RuleSet,
    trump: int,
    projects: Sequence[tuple[Team, int]],
    counted_team: Team | None,
    belote: Team | None,
    multiplier: int,
    gahwa: bool,
    game_score: Mapping[Team, int] | None,
) -> None:
    if not isinstance(rules, RuleSet):
        raise InvalidHandFacts("rules", "must be a rule set")
    sun = trump == NO_TRUMP
    if type(trump) is not int and (not isinstance(trump, int) or isinstance(trump, bool)):
        raise InvalidHandFacts("trump", "must be a suit 0-3 or NO_TRUMP")
    if not 0 <= trump <= NO_TRUMP:
        raise InvalidHandFacts("trump", "must be a suit 0-3 or NO_TRUMP")
    if sun and not rules.has_sun:
        raise InvalidHandFacts("trump", f"{rules.name} has no Sun: a trump suit is needed")
    for entry in projects:
        # The usual case first: an exact (Team, int) tuple.
        if type(entry) is tuple and len(entry) == 2 and type(entry[0]) is Team and type(entry[1]) is int:
            if entry[1] > 0:
                continue
        elif (isinstance(entry, tuple) and len(entry) == 2 and isinstance(entry[0], Team)
                and isinstance(entry[1], int) and not isinstance(entry[1], bool) and entry[1] > 0):
            continue
        raise InvalidHandFacts("projects", "each project must be (Team, positive int)")
    if counted_team is not None:
        if not isinstance(counted_team, Team):
            raise InvalidHandFacts("counted_team", "must be a Team or None")
        for team, _ in projects:
            if team == counted_team:
                break
        else:
            raise InvalidHandFacts("counted_team", f"{counted_team} declared no project")
    if projects and isinstance(rules, French) and rules.no_declarations:
        raise InvalidHandFacts("projects", "declarations are off (no_declarations): only belote counts")
    if belote is not None:
        if not isinstance(belote, Team):
            raise InvalidHandFacts("belote", "must be a Team or None")
        if sun:
            raise InvalidHandFacts("belote", "there is no Baloot in Sun")
    if not isinstance(multiplier, int) or isinstance(multiplier, bool) or not 1 <= multiplier <= 4:
        raise InvalidHandFacts("multiplier", "must be 1 to 4")
    if not isinstance(gahwa, bool):
        raise InvalidHandFacts("gahwa", "must be a bool")
    if not isinstance(rules, Saudi):
        if multiplier != 1:
            raise InvalidHandFacts("multiplier", f"{rules.name} has no doubling")
        if gahwa:
            raise InvalidHandFacts("gahwa", f"{rules.name} has no Gahwa")
    # double.sa.sun-condition: only Double exists in Sun; Gahwa answers Four in Hokm.
    if sun and multiplier > 2:
        raise InvalidHandFacts("multiplier", "only Double (2) exists in Sun")
    if gahwa and multiplier != 4:
        raise InvalidHandFacts("gahwa", "Gahwa answers Four: the multiplier must be 4")
    if game_score is not None:
        _check_pair("game_score", game_score)


# ---------------------------------------------------------------- helpers

def _team_value(projects: Sequence[tuple[Team, int]], team: Team) -> int:
    total = 0
    for owner, value in projects:
        if owner == team:
            total += value
    return total


def _all_tricks(tricks: Mapping[Team, int]) -> Team | None:
    """The team that took all eight tricks, if one did."""
    if tricks[Team.NS] == TRICKS:
        return Team.NS
    if tricks[Team.EW] == TRICKS:
        return Team.EW
    return None


def _counted_value(projects: Sequence[tuple[Team, int]], counted_team: Team | None) -> int:
    return 0 if counted_team is None else _team_value(projects, counted_team)


def _own_counted(projects: Sequence[tuple[Team, int]], counted_team: Team | None, team: Team) -> int:
    return _team_value(projects, team) if counted_team == team else 0


def _game(
    steps: list[Step],
    rule: str,
    rules: RuleSet,
    game_score: Mapping[Team, int] | None,
    points: Mapping[Team, int],
    *,
    both_is_draw: bool,
) -> tuple[dict[Team, int] | None, bool, Team | None]:
    """The game totals after the hand, and whether (and by whom) the game is won.

    Both teams reaching the target on the same hand: a draw in French Belote
    (``score.fr.game``, seed 004); elsewhere the higher total wins and equal
    totals play on (``score.sa.game``).
    """
    if game_score is None:
        return None, False, None
    ns, ew = game_score[Team.NS] + points[Team.NS], game_score[Team.EW] + points[Team.EW]
    after = {Team.NS: ns, Team.EW: ew}
    if ns < rules.target and ew < rules.target:
        return after, False, None
    reached = [team for team in TEAMS if after[team] >= rules.target]
    params: dict[str, Any] = {"ns": after[Team.NS], "ew": after[Team.EW], "target": rules.target}
    if len(reached) == 2 and (both_is_draw or after[Team.NS] == after[Team.EW]):
        outcome = "draw" if both_is_draw else "play-on"
        steps.append(Step(rule, {"result": outcome, **params}))
        return after, both_is_draw, None
    winner = max(reached, key=lambda team: after[team])
    # Both past the target: the sentence says so, and that the winner has more.
    steps.append(Step(rule, {"result": "won", "team": winner, **params, **_flag("both", len(reached) == 2)}))
    return after, True, winner


# ---------------------------------------------------------------- saudi (§5.1)

def _score_saudi(facts: HandFacts, rules: Saudi) -> HandScore:
    buyer, defence = facts.taker, facts.taker.other
    sun = facts.trump == NO_TRUMP
    steps: list[Step] = []

    kaboot_team = _all_tricks(facts.tricks)
    if kaboot_team is not None:
        return _saudi_kaboot(facts, rules, kaboot_team, steps)

    abnat = facts.card_points[buyer]
    if sun:
        converted = round_sun(abnat)
        steps.append(Step("score.sa.round-sun", {"team": buyer, "abnat": abnat,
                                                  "rounded": _sun_rounded(abnat), "result": converted,
                                                  **_flag("five", abnat % 10 == 5)}))
    else:
        converted = round_hokm(abnat)
        steps.append(Step("score.sa.round-hokm", {"team": buyer, "abnat": abnat,
                                                   "remainder": abnat % 10, "result": converted}))
    base = SUN_HAND if sun else HOKM_HAND
    steps.append(Step("score.sa.remainder", {"team": defence, "total": base, "taken": converted,
                                             "result": base - converted}))

    totals = {buyer: converted, defence: base - converted}
    _saudi_project_steps(steps, facts.projects, facts.counted_team, facts.belote)
    for team in TEAMS:
        totals[team] += _own_counted(facts.projects, facts.counted_team, team)
        if facts.belote == team:
            totals[team] += BALOOT

    made, tie = _saudi_buyer_wins(rules, totals[buyer], totals[defence])
    steps.append(Step("score.sa.buyer-wins", {"team": buyer, "points": totals[buyer],
                                              "other_points": totals[defence], "made": made, "tie": tie,
                                              # Doubled: no split, the winner of the hand takes it whole.
                                              **_flag("multiplied", facts.multiplier > 1)}))

    counted = _counted_value(facts.projects, facts.counted_team)
    if facts.multiplier > 1:
        hand_winner = buyer if made else defence
        points = _saudi_doubled(steps, rules, hand_winner, base, counted, facts.belote, facts.multiplier, sun)
    elif made:
        points = totals
    else:
        points = _saudi_failure(steps, rules, buyer, base, counted, facts.belote, sun=sun)
    return _finish_saudi(steps, rules, points, "made" if made else "failed", made,
                         buyer if made else defence, facts.gahwa, facts.game_score)


def _saudi_kaboot(facts: HandFacts, rules: Saudi, team: Team, steps: list[Step]) -> HandScore:
    """``score.sa.kaboot``: all 8 tricks. The Kaboot value is never multiplied; projects are."""
    sun = facts.trump == NO_TRUMP
    on_ace = (rules.kaboot_88_on_ace and sun and team != facts.taker
              and facts.bidding_card is not None and (facts.bidding_card & 7) == ACE)
    value = KABOOT_ON_ACE if on_ace else (KABOOT_SUN if sun else KABOOT_HOKM)
    own = _own_counted(facts.projects, facts.counted_team, team)
    projects = own * facts.multiplier
    baloot = BALOOT if facts.belote == team else 0
    total = value + projects + baloot
    steps.append(Step("score.sa.kaboot", {
        "team": team, "value": value, "on_ace": on_ace, "projects": projects, "projects_before": own,
        "multiplier": facts.multiplier, "baloot": baloot, "points": total, "other_team": team.other,
        # Doubled projects are shown multiplied; Sun has no Baloot to mention.
        **_flag("multiplied", facts.multiplier > 1 and own > 0), **_flag("sun", sun),
    }))
    points = {team: total, team.other: 0}
    made = team == facts.taker
    return _finish_saudi(steps, rules, points, "kaboot", made, team, facts.gahwa, facts.game_score)


def _saudi_project_steps(
    steps: list[Step],
    projects: Sequence[tuple[Team, int]],
    counted_team: Team | None,
    belote: Team | None,
) -> None:
    """``score.sa.projects`` then ``proj.sa.baloot``: what each team adds before the comparison."""
    if counted_team is not None:
        steps.append(Step("score.sa.projects", {
            "team": counted_team, "value": _team_value(projects, counted_team),
            "other_value": _team_value(projects, counted_team.other),
        }))
    if belote is not None:
        steps.append(Step("proj.sa.baloot", {"team": belote, "value": BALOOT}))


def _flag(name: str, on: bool) -> dict[str, bool]:
    """A True param that picks a case of the step's sentence (``engine.messages.render``); absent when off."""
    return {name: True} if on else {}


def _saudi_failure(
    steps: list[Step], rules: Saudi, failed: Team, base: int, counted: int, belote: Team | None,
    penalty: bool = False, sun: bool = False,
) -> dict[Team, int]:
    """``score.sa.failure``: the other team takes the hand and every counted project."""
    winner = failed.other
    transferred = rules.baloot_transfers_on_failure and belote == failed
    winner_baloot = BALOOT if belote == winner or transferred else 0
    failed_points = BALOOT if belote == failed and not transferred else 0
    total = base + counted + winner_baloot
    steps.append(Step("score.sa.failure", {
        "team": winner, "base": base, "projects": counted, "baloot": winner_baloot, "points": total,
        "other_team": failed, "other_points": failed_points, "baloot_transferred": transferred,
        # A penalised team may have been defending: its sentence must not call it "the buyers".
        **({"penalty": True} if penalty else {}),
        **_flag("sun", sun),  # no Baloot in Sun: its sentence does not mention one
    }))
    return {winner: total, failed: failed_points}


def _saudi_doubled(
    steps: list[Step], rules: Saudi, winner: Team, base: int, counted: int, belote: Team | None,
    multiplier: int, sun: bool = False,
) -> dict[Team, int]:
    """``score.sa.doubled``: no split; Baloot stays 2 with its holder."""
    value = (base + counted) * multiplier
    winner_baloot = BALOOT if belote == winner else 0
    loser = winner.other
    loser_points = BALOOT if belote == loser else 0
    steps.append(Step("score.sa.doubled", {
        "team": winner, "base": base, "projects": counted, "multiplier": multiplier, "value": value,
        "baloot": winner_baloot, "points": value + winner_baloot,
        "other_team": loser, "other_points": loser_points, **_flag("sun", sun),
    }))
    return {winner: value + winner_baloot, loser: loser_points}


def _finish_saudi(
    steps: list[Step],
    rules: Saudi,
    points: dict[Team, int],
    result: str,
    made: bool,
    hand_winner: Team,
    gahwa: bool,
    game_score: Mapping[Team, int] | None,
) -> HandScore:
    points = {Team.NS: points[Team.NS], Team.EW: points[Team.EW]}
    if gahwa:
        # double.sa.gahwa: the hand decides the whole game.
        steps.append(Step("double.sa.gahwa", {"team": hand_winner}))
        after = None if game_score is None else {team: game_score[team] + points[team] for team in TEAMS}
        return HandScore(points, result, made, steps, 0, True, hand_winner, after)
    after, over, winner = _game(steps, "score.sa.game", rules, game_score, points, both_is_draw=False)
    return HandScore(points, result, made, steps, 0, over, winner, after)


# ---------------------------------------------------------------- moroccan (§5.2)

def _declaration_steps(
    steps: list[Step],
    best_rule: str,
    belote_rule: str,
    projects: Sequence[tuple[Team, int]],
    counted_team: Team | None,
    belote: Team | None,
) -> None:
    if counted_team is not None:
        steps.append(Step(best_rule, {
            "team": counted_team, "value": _team_value(projects, counted_team),
            "other_value": _team_value(projects, counted_team.other),
        }))
    if belote is not None:
        steps.append(Step(belote_rule, {"team": belote, "value": BELOTE}))


def _score_moroccan(facts: HandFacts, rules: Moroccan) -> HandScore:
    taker, defence = facts.taker, facts.taker.other
    cards = facts.card_points
    steps: list[Step] = []
    _declaration_steps(steps, "decl.ma.best", "decl.ma.belote",
                       facts.projects, facts.counted_team, facts.belote)

    def own(team: Team) -> int:
        return (cards[team] + _own_counted(facts.projects, facts.counted_team, team)
                + (BELOTE if facts.belote == team else 0))

    def belote_of(team: Team) -> int:
        return BELOTE if facts.belote == team else 0

    pot = facts.pot
    contract = _ma_contract(cards[taker], cards[defence])
    if contract == "litige":
        # score.ma.litige: 81-81. The takers' points wait in the pot; they keep their belote.
        held = cards[taker] + _own_counted(facts.projects, facts.counted_team, taker)
        pot += held
        steps.append(Step("score.ma.litige", {"action": "hold", "team": taker, "points": held, "pot": pot,
                                              **_flag("belote", facts.belote == taker)}))
        points = {taker: belote_of(taker), defence: own(defence)}
        return _finish_card_game(steps, "score.ma.game", rules, points, "litige", False, pot,
                                 facts.game_score)

    made = contract == "made"
    if made:
        steps.append(Step("score.ma.contract", {"team": taker, "points": cards[taker],
                                                "other_points": cards[defence]}))
        points = {taker: own(taker), defence: own(defence)}
    else:
        counted = _counted_value(facts.projects, facts.counted_team)
        total = CARD_POINTS + counted + belote_of(defence)
        steps.append(Step("score.ma.chute", {
            "team": taker, "points": cards[taker], "other_points": cards[defence], "base": CARD_POINTS,
            "declarations": counted, "belote": belote_of(defence), "total": total,
            "other_team": defence, "taker_points": belote_of(taker),
        }))
        points = {taker: belote_of(taker), defence: total}

    result = "made" if made else "chute"
    zero = next((team for team in TEAMS if cards[team] == 0), None)
    if zero is not None:
        # score.ma.capot: decided by card points, not tricks (a pointless trick is still zero).
        points[zero.other] += CAPOT_BONUS_MA
        steps.append(Step("score.ma.capot", {"team": zero.other, "other_team": zero,
                                             "value": CAPOT_BONUS_MA}))
        result = "capot"
    if pot:
        collector = taker if made else defence
        points[collector] += pot
        steps.append(Step("score.ma.litige", {"action": "collect", "team": collector, "pot": pot}))
        pot = 0
    return _finish_card_game(steps, "score.ma.game", rules, points, result, made, pot, facts.game_score)


def _finish_card_game(
    steps: list[Step],
    game_rule: str,
    rules: RuleSet,
    points: dict[Team, int],
    result: str,
    made: bool,
    pot: int,
    game_score: Mapping[Team, int] | None,
) -> HandScore:
    points = {Team.NS: points[Team.NS], Team.EW: points[Team.EW]}
    both_is_draw = isinstance(rules, French)  # score.fr.game: both reaching the target is a draw
    after, over, winner = _game(steps, game_rule, rules, game_score, points, both_is_draw=both_is_draw)
    return HandScore(points, result, made, steps, pot, over, winner, after)


# ---------------------------------------------------------------- french (§5.3)

def _score_french(facts: HandFacts, rules: French) -> HandScore:
    taker, defence = facts.taker, facts.taker.other
    cards = facts.card_points
    steps: list[Step] = []
    _declaration_steps(steps, "decl.fr.best", "decl.fr.belote",
                       facts.projects, facts.counted_team, facts.belote)

    def declarations(team: Team) -> int:
        return _own_counted(facts.projects, facts.counted_team, team)

    def belote_of(team: Team) -> int:
        return BELOTE if facts.belote == team else 0

    def own(team: Team) -> int:
        return cards[team] + declarations(team) + belote_of(team)

    counted = _counted_value(facts.projects, facts.counted_team)
    pot = facts.pot
    capot_team = _all_tricks(facts.tricks)
    if capot_team is not None:
        beaten = capot_team.other
        if capot_team == taker:
            scored = declarations(taker)
            keeps = rules.capot_keeps_declarations
            lost = 0 if keeps else declarations(beaten)
            beaten_points = belote_of(beaten) + (declarations(beaten) if keeps else 0)
        else:
            # The takers took no trick: the defenders score both teams' (counted) declarations.
            scored = counted
            lost = declarations(beaten)
            beaten_points = belote_of(beaten)
        total = CAPOT_FR + scored + belote_of(capot_team)
        steps.append(Step("score.fr.capot", {
            "team": capot_team, "base": CAPOT_FR, "declarations": scored, "belote": belote_of(capot_team),
            "total": total, "other_team": beaten, "other_points": beaten_points, "lost": lost,
        }))
        points = {capot_team: total, beaten: beaten_points}
        made = capot_team == taker
        result = "capot"
    else:
        if rules.contract_81:
            compared = {team: cards[team] for team in TEAMS}
            basis = "card-points"
        else:
            compared = {team: own(team) for team in TEAMS}
            basis = "total"
        outcome = _fr_contract(rules, compared[taker], compared[defence])
        steps.append(Step("score.fr.contract", {
            "action": "compare", "team": taker, "points": compared[taker], "other_points": compared[defence],
            "basis": basis, "strict": rules.strict_contract, "outcome": outcome,
        }))
        if outcome == "litige":
            held = cards[taker] + declarations(taker)
            pot += held
            steps.append(Step("score.fr.contract", {"action": "hold", "team": taker,
                                                    "points": held, "pot": pot}))
            points = {taker: belote_of(taker), defence: own(defence)}
            return _finish_french(steps, rules, points, "litige", False, pot, facts.game_score)
        made = outcome == "made"
        if made:
            points = {taker: own(taker), defence: own(defence)}
        else:
            total = CARD_POINTS + counted + belote_of(defence)
            steps.append(Step("score.fr.dedans", {
                "team": defence, "base": CARD_POINTS, "declarations": counted, "belote": belote_of(defence),
                "total": total, "other_team": taker, "other_points": belote_of(taker),
            }))
            points = {taker: belote_of(taker), defence: total}
        result = outcome
    if pot:
        collector = taker if made else defence
        points[collector] += pot
        steps.append(Step("score.fr.contract", {"action": "collect", "team": collector, "pot": pot}))
        pot = 0
    return _finish_french(steps, rules, points, result, made, pot, facts.game_score)


def _finish_french(
    steps: list[Step],
    rules: French,
    points: dict[Team, int],
    result: str,
    made: bool,
    pot: int,
    game_score: Mapping[Team, int] | None,
) -> HandScore:
    if rules.round_scores:
        for team in TEAMS:
            rounded = _round_ten(points[team])
            steps.append(Step("score.fr.contract", {"action": "round", "team": team,
                                                    "points": points[team], "rounded": rounded}))
            points[team] = rounded
    return _finish_card_game(steps, "score.fr.game", rules, points, result, made, pot, game_score)



# ---------------------------------------------------------------- two-player découverte

# Card points as in French Belote, 162 with the last trick's 10, and nothing else: no
# declarations, no belote (docs/rules.md §5.4). Seed 004 names no capot for this game: a player
# who takes all sixteen tricks scores the 162 of the cards.

# The taker loses with this many card points or fewer: half of the 162.
TAKER_FAILS_AT = CARD_POINTS // 2


class InvalidDecouverteScore(ValueError):
    def __init__(self, detail: str) -> None:
        super().__init__(detail)


@dataclass(frozen=True)
class DecouverteScore:
    points: dict[Seat, int]
    result: Literal["made", "dedans"]
    steps: list[Step]


def score_decouverte(taker: Seat, card_points: Mapping[Seat, int]) -> DecouverteScore:
    """A two-player hand's score from each player's card points (last trick's 10 included).

    - ``score.fr2.contract``: with 82 or more, each player scores the card points they took;
    - ``score.fr2.taker-fails``: with 81 or fewer the taker scores nothing and the opponent
      scores all 162.

    >>> s = score_decouverte(Seat.S, {Seat.S: 81, Seat.N: 81})
    >>> s.result, s.points
    ('dedans', {<Seat.S: 0>: 0, <Seat.N: 2>: 162})
    """
    opponent = other_player(taker)
    if set(card_points) != {taker, opponent}:
        raise InvalidDecouverteScore("card points are needed for both players, S and N")
    taken, left = card_points[taker], card_points[opponent]
    if min(taken, left) < 0 or taken + left != CARD_POINTS:
        raise InvalidDecouverteScore(f"the card points must add up to {CARD_POINTS}")
    if taken > TAKER_FAILS_AT:
        step = Step(
            "score.fr2.contract",
            {"seat": taker, "points": taken, "other_seat": opponent, "other_points": left},
        )
        return DecouverteScore({taker: taken, opponent: left}, "made", [step])
    step = Step(
        "score.fr2.taker-fails",
        {
            "seat": taker,
            "points": taken,
            "limit": TAKER_FAILS_AT,
            "other_seat": opponent,
            "total": CARD_POINTS,
        },
    )
    return DecouverteScore({taker: 0, opponent: CARD_POINTS}, "dedans", [step])
