"""The value of a simulated hand for one team: game points through the engine's own scoring.

A :class:`HandValue` is built once per sampled deal (the projects, the belote
and the doubling do not depend on how the cards are played), then turns the
card points and tricks of each playout into game points with
:func:`engine.scoring.score_hand` — the same scoring the hand uses, so the
bots aim at what is really counted. Results are remembered per (points, tricks).

The bots maximise :func:`utility`: winning the hand (more game points than the
other team) counts most, the margin breaks ties between cards that win or lose
alike.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from engine.auction import Contract
from engine.cards import KING, QUEEN, SEATS, Card, Seat, Team, card
from engine.projects import Project, count_projects, judge_belote
from engine.ranking import NO_TRUMP
from engine.scoring import HandFacts, score_hand
from engine.variants import RuleSet, Saudi

WIN_WEIGHT = 1.0
"""Utility of a won hand against a lost one is ``2 * WIN_WEIGHT`` plus the margin term."""


# Scores already computed, shared by every deal with the same facts; cleared when full.
_SCORES: dict[tuple[object, ...], tuple[int, int]] = {}
_SCORES_MAX = 200_000


def scale(rules: RuleSet, trump: int) -> int:
    """A typical hand's game points: the margin is divided by it."""
    if isinstance(rules, Saudi):
        return 26 if trump == NO_TRUMP else 16
    return 162


class HandValue:
    """Game points of a deal's possible endings (see the module docstring)."""

    __slots__ = (
        "_key",
        "belote",
        "bidding_card",
        "contract",
        "counted_team",
        "gahwa",
        "multiplier",
        "pot",
        "projects",
        "rules",
        "scale",
    )

    def __init__(
        self,
        rules: RuleSet,
        contract: Contract,
        dealer: Seat,
        declared: Mapping[Seat, Sequence[Project]],
        full_hands: Sequence[int],
        bidding_card: Card,
        multiplier: int = 1,
        gahwa: bool = False,
        pot: int = 0,
    ) -> None:
        trump = contract.trump
        self.rules = rules
        self.contract = contract
        counting = count_projects(rules, trump, dealer, declared)
        self.counted_team = counting.team
        self.projects = [(seat.team, p.value) for seat, ps in declared.items() for p in ps]
        self.belote: Team | None = None
        if trump != NO_TRUMP:
            pair = (1 << card(trump, KING)) | (1 << card(trump, QUEEN))
            holder = next((SEATS[s] for s in range(4) if full_hands[s] & pair == pair), None)
            if holder is not None:
                judged = judge_belote(holder, trump, rules, declared.get(holder, ()))
                if judged.counted:
                    self.belote = holder.team
        self.multiplier = multiplier
        self.gahwa = gahwa
        self.bidding_card = bidding_card if isinstance(rules, Saudi) else None
        self.pot = pot
        self.scale = scale(rules, trump)
        self._key = (
            rules,
            contract.trump,
            contract.team,
            tuple(self.projects),
            self.counted_team,
            self.belote,
            multiplier,
            gahwa,
            self.bidding_card,
            pot,
        )

    def game_points(self, points: Sequence[int], tricks: Sequence[int]) -> tuple[int, int]:
        """Game points (NS, EW) of the hand ending with these card points and tricks (NS, EW)."""
        key = (self._key, points[0], tricks[0])
        got = _SCORES.get(key)
        if got is None:
            facts = HandFacts(
                self.rules,
                self.contract.trump,
                self.contract.team,
                card_points={Team.NS: points[0], Team.EW: points[1]},
                tricks={Team.NS: tricks[0], Team.EW: tricks[1]},
                projects=self.projects,
                counted_team=self.counted_team,
                belote=self.belote,
                multiplier=self.multiplier,
                gahwa=self.gahwa,
                bidding_card=self.bidding_card,
                pot=self.pot,
            )
            score = score_hand(facts)
            got = (score.points[Team.NS], score.points[Team.EW])
            if len(_SCORES) >= _SCORES_MAX:
                _SCORES.clear()
            _SCORES[key] = got
        return got

    def utility(self, points: Sequence[int], tricks: Sequence[int], team: int) -> float:
        """How good the ending is for ``team`` (0 NS, 1 EW): see :func:`utility`."""
        gp = self.game_points(points, tricks)
        return utility(gp[team], gp[team ^ 1], self.scale)


def utility(mine: int, theirs: int, scale: int) -> float:
    """``±WIN_WEIGHT`` for winning or losing the hand, plus the margin over ``scale``."""
    diff = mine - theirs
    win = WIN_WEIGHT if diff > 0 else -WIN_WEIGHT if diff < 0 else 0.0
    return win + diff / scale
