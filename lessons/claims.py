"""Claims: a lesson's actionable statements written as data, each worked out by the engine.

A sentence a learner could act on ("without projects the buyer needs 86 abnat", "a made Hokm is
worth 9 to 16") is written beside its text as a claim, ``{kind: taker-needs, mode: hokm,
points: 86}``. The claim states; the engine computes (``engine.scoring``, ``engine.ranking``): the
loader (:mod:`lessons.content`) refuses a lesson whose claim the engine contradicts, so a false
threshold cannot come back. docs/claims.md is the authors' reference: every kind, its parameters,
and which of its numbers the text must show.

:func:`check_claim` checks one claim and returns it as a :class:`Claim`; :func:`shown_numbers` says
which numbers its text must mention; :func:`mentions` looks for a number in a text in any of the
site's digits. Simulated figures (percentages or margins measured on a number of deals) are not
recomputed here, which would take minutes: their claims check the 95 % interval the page gives and
that a puzzle accepts every call the deals do not separate from the best.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.auction import SUN_DOUBLE_BUYERS_ABOVE, SUN_DOUBLE_DOUBLERS_AT_MOST, sun_double_refusal
from engine.cards import Card, NotationError, Team, parse_suit
from engine.ranking import NO_TRUMP, POINTS, total_points, trick_winner_index
from engine.scoring import HandFacts, HandScore, InvalidHandFacts, round_hokm, round_sun, score_hand
from engine.variants import RuleSet, UnknownOption, rules_for

# The z of a two-sided 95 % interval.
Z95 = 1.96
# Any suit will do where only "there is a trump" matters: counts never depend on which.
SOME_TRUMP = "H"
MODES = {"sun": "none", "hokm": SOME_TRUMP, "trump": SOME_TRUMP}
# A hand where both teams take a trick: no Kaboot and no capot unless a claim says so.
SHARED_TRICKS = 4
ALL_TRICKS = 8


class ClaimError(ValueError):
    """A claim that is malformed or false: ``reason`` says what the engine found."""

    def __init__(self, kind: str, reason: str) -> None:
        super().__init__(f"{kind}: {reason}")
        self.kind = kind
        self.reason = reason


@dataclass(frozen=True)
class Claim:
    """One checked claim: its kind and its parameters as written."""

    kind: str
    params: dict[str, Any]

    def __str__(self) -> str:
        shown = ", ".join(f"{k}: {v}" for k, v in self.params.items() if k != "kind")
        return f"{self.kind} ({shown})"


# ---------------------------------------------------------------- reading parameters


def _get(params: Mapping[str, Any], name: str, kind: str) -> Any:
    if name not in params:
        raise ClaimError(kind, f"missing {name!r} (docs/claims.md lists each kind's parameters)")
    return params[name]


def _whole(params: Mapping[str, Any], name: str, kind: str, default: int | None = None) -> int:
    value = params.get(name, default) if default is not None else _get(params, name, kind)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ClaimError(kind, f"{name} must be a whole number, not {value!r}")
    return value


def _number(params: Mapping[str, Any], name: str, kind: str) -> float:
    value = _get(params, name, kind)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ClaimError(kind, f"{name} must be a number, not {value!r}")
    return float(value)


def _trump(value: Any, kind: str) -> int:
    if value == "none":
        return NO_TRUMP
    try:
        return parse_suit(value)
    except NotationError:
        raise ClaimError(kind, f"trump {value!r}: a suit letter S, H, D or C, or none") from None


def _mode_trump(params: Mapping[str, Any], kind: str) -> int:
    mode = _get(params, "mode", kind)
    if mode not in MODES:
        raise ClaimError(kind, f"mode {mode!r}: one of {', '.join(MODES)}")
    return _trump(MODES[mode], kind)


def _team(value: Any, kind: str, name: str) -> Team:
    try:
        return Team.parse(value)
    except NotationError:
        raise ClaimError(kind, f"{name} {value!r}: NS or EW") from None


def _pair(value: Any, kind: str, name: str) -> dict[Team, int]:
    if not isinstance(value, dict) or set(value) != {"NS", "EW"}:
        raise ClaimError(kind, f"{name} is {{NS: points, EW: points}}, not {value!r}")
    if any(isinstance(v, bool) or not isinstance(v, int) for v in value.values()):
        raise ClaimError(kind, f"{name}: whole numbers")
    return {Team.NS: value["NS"], Team.EW: value["EW"]}


def _rules(params: Mapping[str, Any], variant: str, kind: str) -> RuleSet:
    options = params.get("options") or {}
    if not isinstance(options, dict):
        raise ClaimError(kind, "options is a mapping of house rules, like {tie_is_draw: true}")
    try:
        return rules_for(variant, options)
    except (UnknownOption, TypeError) as e:
        raise ClaimError(kind, f"options: {e}") from None


# ---------------------------------------------------------------- one hand, scored by the engine


@dataclass(frozen=True)
class _Case:
    """The hand a claim describes, all but the taker's card points."""

    rules: RuleSet
    trump: int
    taker: Team
    projects: tuple[tuple[Team, int], ...]
    counted: Team | None
    belote: Team | None
    multiplier: int
    game_score: dict[Team, int] | None
    # Saudi: the card turned up for the auction, where a house rule reads it (the 88 Kaboot on an Ace).
    bidding_card: Card | None = None

    def score(self, taker_points: int, taker_tricks: int = SHARED_TRICKS) -> HandScore:
        other = self.taker.other
        facts = HandFacts(
            self.rules, self.trump, self.taker,
            card_points={self.taker: taker_points, other: total_points(self.trump) - taker_points},
            tricks={self.taker: taker_tricks, other: ALL_TRICKS - taker_tricks},
            projects=self.projects, counted_team=self.counted, belote=self.belote,
            multiplier=self.multiplier, game_score=self.game_score, bidding_card=self.bidding_card,
        )  # fmt: skip
        return score_hand(facts)

    @property
    def total(self) -> int:
        return total_points(self.trump)


def _case(params: Mapping[str, Any], variant: str, kind: str) -> _Case:
    rules = _rules(params, variant, kind)
    trump = _mode_trump(params, kind)
    if trump == NO_TRUMP and not rules.has_sun:
        raise ClaimError(kind, f"there is no Sun in {variant}")
    taker = _team(params.get("taker", "NS"), kind, "taker")
    own = _whole(params, "projects", kind, 0)
    others = _whole(params, "other_projects", kind, 0)
    if own and others:
        raise ClaimError(kind, "only one team's projects count: give projects or other_projects")
    counted = taker if own else taker.other if others else None
    projects = ((counted, own or others),) if counted is not None else ()
    belote_of = params.get("belote")
    if belote_of not in (None, "taker", "other"):
        raise ClaimError(kind, f"belote {belote_of!r}: taker or other")
    belote = None if belote_of is None else taker if belote_of == "taker" else taker.other
    game_score = _pair(params["game_score"], kind, "game_score") if "game_score" in params else None
    bidding_card = _card(params, "bidding_card", kind) if "bidding_card" in params else None
    case = _Case(
        rules, trump, taker, projects, counted, belote, _whole(params, "multiplier", kind, 1), game_score,
        bidding_card,
    )  # fmt: skip
    try:
        case.score(case.total // 2)
    except InvalidHandFacts as e:
        raise ClaimError(kind, f"the engine refuses this hand: {e}") from None
    return case


def _spans(points: list[int]) -> str:
    """Card points as ranges: [82, 83, 84, 90] -> "82-84, 90"."""
    out: list[str] = []
    for p in points:
        if out and int(out[-1].split("-")[-1]) == p - 1:
            out[-1] = f"{out[-1].split('-')[0]}-{p}"
        else:
            out.append(str(p))
    return ", ".join(out) or "none"


# ---------------------------------------------------------------- the kinds


def _deck_total(params: Mapping[str, Any], variant: str, kind: str) -> None:
    stated = _whole(params, "points", kind)
    actual = total_points(_mode_trump(params, kind))
    if stated != actual:
        raise ClaimError(kind, f"a hand holds {actual} card points, not {stated}")


def _rounds(params: Mapping[str, Any], variant: str, kind: str) -> None:
    if variant != "saudi":
        raise ClaimError(kind, "only Saudi Baloot turns abnat into game points")
    trump = _mode_trump(params, kind)
    points = _whole(params, "points", kind)
    actual = round_sun(points) if trump == NO_TRUMP else round_hokm(points)
    if _whole(params, "to", kind) != actual:
        raise ClaimError(kind, f"{points} abnat make {actual} game points, not {params['to']}")


def _game_target(params: Mapping[str, Any], variant: str, kind: str) -> None:
    target = _rules(params, variant, kind).target
    if _whole(params, "points", kind) != target:
        raise ClaimError(kind, f"the game is played to {target}, not {params['points']}")


def _sun_double_needs(params: Mapping[str, Any], variant: str, kind: str) -> None:
    if variant != "saudi":
        raise ClaimError(kind, "a Sun is doubled only in Saudi Baloot")
    above, at_most = _whole(params, "buyers_above", kind), _whole(params, "doublers_at_most", kind)
    allowed = sun_double_refusal(Team.NS, above + 1, at_most) is None
    refused = [
        sun_double_refusal(Team.NS, above, at_most),
        sun_double_refusal(Team.NS, above + 1, at_most + 1),
    ]
    if not allowed or None in refused:
        raise ClaimError(
            kind,
            f"the engine lets a Sun be doubled when the buyers have more than {SUN_DOUBLE_BUYERS_ABOVE}"
            f" and the doublers {SUN_DOUBLE_DOUBLERS_AT_MOST} or less",
        )


def _card(params: Mapping[str, Any], name: str, kind: str) -> Card:
    try:
        return Card.parse(_get(params, name, kind))
    except (NotationError, TypeError, ValueError):
        raise ClaimError(kind, f"{name} {params.get(name)!r} is not a card") from None


def _card_points(params: Mapping[str, Any], variant: str, kind: str) -> None:
    card = _card(params, "card", kind)
    actual = POINTS[_trump(_get(params, "trump", kind), kind)][card]
    stated = _whole(params, "points", kind)
    if stated != actual:
        raise ClaimError(kind, f"{card} is worth {actual}, not {stated}")


def _beats(params: Mapping[str, Any], variant: str, kind: str) -> None:
    card, over = _card(params, "card", kind), _card(params, "over", kind)
    if trick_winner_index([over, card], _trump(_get(params, "trump", kind), kind)) != 1:
        raise ClaimError(kind, f"{over} led, {card} does not win the trick: {over} does")


def _taker_needs(params: Mapping[str, Any], variant: str, kind: str) -> None:
    case = _case(params, variant, kind)
    # "more than 65" and "66" say the same: the text's own words are the claim's.
    stated = (
        _whole(params, "more_than", kind) + 1 if "more_than" in params else _whole(params, "points", kind)
    )
    made = [p for p in range(case.total + 1) if case.score(p).made]
    if not made:
        raise ClaimError(kind, "the contract is never made here")
    needed = made[0]
    if made != list(range(needed, case.total + 1)):
        raise ClaimError(kind, f"the contract is made with {_spans(made)} card points: no single threshold")
    if stated != needed:
        failed = _spans([p for p in range(stated, needed)]) if stated < needed else ""
        detail = f" ({failed} fail)" if failed else ""
        raise ClaimError(
            kind, f"the engine makes the contract from {needed} card points, not {stated}{detail}"
        )
    if "more_than" in params and "points" in params:
        raise ClaimError(kind, "give points or more_than, not both")


def _hand_value(params: Mapping[str, Any], variant: str, kind: str) -> None:
    case = _case(params, variant, kind)
    result = _get(params, "result", kind)
    if result not in ("made", "failed"):
        raise ClaimError(kind, f"result {result!r}: made or failed")
    lo, hi = _whole(params, "min", kind), _whole(params, "max", kind)
    values = []
    for p in range(case.total + 1):
        score = case.score(p)
        if score.made == (result == "made"):
            values.append(score.points[case.taker if score.made else case.taker.other])
    if not values:
        raise ClaimError(kind, f"no split of the card points leaves the contract {result}")
    if (lo, hi) != (min(values), max(values)):
        raise ClaimError(
            kind, f"a {result} contract is worth {min(values)} to {max(values)}, not {lo} to {hi}"
        )


def _winner(value: Any, kind: str) -> Team | None:
    return None if value == "none" else _team(value, kind, "winner")


def _hand_score(params: Mapping[str, Any], variant: str, kind: str) -> None:
    case = _case(params, variant, kind)
    taker_points = _whole(params, "taker_points", kind)
    if not 0 <= taker_points <= case.total:
        raise ClaimError(kind, f"taker_points: 0 to {case.total}")
    tricks = _whole(params, "tricks", kind, SHARED_TRICKS)
    try:
        score = case.score(taker_points, tricks)
    except InvalidHandFacts as e:
        raise ClaimError(kind, f"the engine refuses this hand: {e}") from None
    stated_any = False
    if "result" in params:
        stated_any = True
        if params["result"] != score.result:
            raise ClaimError(kind, f"the hand is {score.result}, not {params['result']}")
    if "points" in params:
        stated_any = True
        if _pair(params["points"], kind, "points") != score.points:
            raise ClaimError(
                kind, f"the engine scores NS {score.points[Team.NS]}, EW {score.points[Team.EW]}"
            )
    if "game_after" in params:
        stated_any = True
        after = score.game_score
        if after is None:
            raise ClaimError(kind, "game_after needs game_score, the sheet before the hand")
        if _pair(params["game_after"], kind, "game_after") != after:
            raise ClaimError(kind, f"the sheet reads NS {after[Team.NS]}, EW {after[Team.EW]} after the hand")
    if "winner" in params:
        stated_any = True
        if case.game_score is None:
            raise ClaimError(kind, "winner needs game_score, the sheet before the hand")
        if _winner(params["winner"], kind) != score.winner:
            raise ClaimError(kind, f"the game's winner after the hand is {score.winner or 'none'}")
    if not stated_any:
        raise ClaimError(kind, "states nothing: give result, points, game_after or winner")


def _game_won(params: Mapping[str, Any], variant: str, kind: str) -> None:
    case = _case(params, variant, kind)
    if case.game_score is None:
        raise ClaimError(kind, "missing game_score, the sheet before the hand")
    team = _team(_get(params, "team", kind), kind, "team")
    winning = [p for p in range(case.total + 1) if case.score(p).winner == team]
    stated = _get(params, "taker_points", kind)
    if stated == "none":
        expected: list[int] = []
    elif isinstance(stated, list) and len(stated) == 2 and all(type(v) is int for v in stated):
        expected = list(range(stated[0], stated[1] + 1))
    else:
        raise ClaimError(kind, f"taker_points is [lo, hi] or none, not {stated!r}")
    if winning != expected:
        raise ClaimError(
            kind,
            f"{team} wins the game when the taker has {_spans(winning)} card points, not {_spans(expected)}",
        )


def wilson(percent: float, deals: int) -> tuple[int, int]:
    """The 95 % interval of a rate of ``percent`` % measured on ``deals`` deals, in whole percents.

    >>> wilson(88, 100)
    (80, 93)
    """
    p, n = percent / 100, deals
    centre = (p + Z95**2 / (2 * n)) / (1 + Z95**2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / (1 + Z95**2 / n)
    return round(100 * (centre - half)), round(100 * (centre + half))


def margin_interval(mean: float, sd: float, deals: int) -> tuple[float, float]:
    """The 95 % interval of an average margin: mean ± 1.96 sd / √deals, to one decimal."""
    half = Z95 * sd / math.sqrt(deals)
    return round(mean - half, 1), round(mean + half, 1)


def _deals(params: Mapping[str, Any], kind: str) -> int:
    deals = _whole(params, "deals", kind)
    if deals < 1:
        raise ClaimError(kind, "deals: at least 1")
    return deals


def _simulated(params: Mapping[str, Any], variant: str, kind: str) -> None:
    figure = _number(params, "figure", kind)
    if not 0 <= figure <= 100:
        raise ClaimError(kind, "figure is a percentage, 0 to 100")
    actual = wilson(figure, _deals(params, kind))
    if tuple(_get(params, "interval", kind)) != actual:
        raise ClaimError(kind, f"the 95 % interval of {figure:g} % is {actual[0]}-{actual[1]} %")


def _simulated_margin(params: Mapping[str, Any], variant: str, kind: str) -> None:
    actual = margin_interval(_number(params, "mean", kind), _number(params, "sd", kind), _deals(params, kind))
    stated = tuple(float(v) for v in _get(params, "interval", kind))
    if stated != actual:
        raise ClaimError(kind, f"the 95 % interval is {actual[0]:+.1f} to {actual[1]:+.1f}")


def separated_calls(params: Mapping[str, Any], kind: str = "simulated-answer") -> set[str]:
    """The calls whose 95 % interval overlaps the best call's: the deals do not separate them.

    ``coach: {deals, margins}`` beside the simulation: the coach's own figures for the position
    (what a learner's wrong call is told, lessons/checking.py). A call level with the best by
    either measurement is an answer: the learner is never marked wrong for a call the figures
    shown to them cannot tell from the best."""
    level = _level_calls(params, kind)
    if "coach" in params:
        level |= _level_calls(dict(params["coach"]), kind)
    return level


def _level_calls(params: Mapping[str, Any], kind: str) -> set[str]:
    deals = _deals(params, kind)
    intervals: dict[str, tuple[float, float]] = {}
    best: dict[str, float] = {}
    if "figures" in params:
        for call, figure in dict(params["figures"]).items():
            intervals[str(call)] = wilson(float(figure), deals)
            best[str(call)] = float(figure)
    elif "margins" in params:
        for call, (mean, sd) in dict(params["margins"]).items():
            intervals[str(call)] = margin_interval(float(mean), float(sd), deals)
            best[str(call)] = float(mean)
    else:
        raise ClaimError(kind, "give figures: {call: percentage} or margins: {call: [mean, sd]}")
    top = max(best, key=lambda call: best[call])
    low = intervals[top][0]
    return {call for call, (_lo, hi) in intervals.items() if hi >= low}


def check_answers(params: Mapping[str, Any], answers: list[Any]) -> None:
    """A puzzle resting on simulated figures accepts exactly the calls its deals cannot separate."""
    kind = "simulated-answer"
    calls = separated_calls(params, kind)
    if set(map(str, answers)) != calls:
        raise ClaimError(
            kind,
            f"the 95 % intervals leave {', '.join(sorted(calls))} level with the best: accept exactly"
            f" those, or simulate more deals (answers are {', '.join(map(str, answers))})",
        )


def _simulated_answer(params: Mapping[str, Any], variant: str, kind: str) -> None:
    separated_calls(params, kind)  # well formed; the answers are checked with the puzzle


Check = Callable[[Mapping[str, Any], str, str], None]

KINDS: dict[str, Check] = {
    "deck-total": _deck_total,
    "game-target": _game_target,
    "sun-double-needs": _sun_double_needs,
    "rounds": _rounds,
    "card-points": _card_points,
    "beats": _beats,
    "taker-needs": _taker_needs,
    "hand-value": _hand_value,
    "hand-score": _hand_score,
    "game-won": _game_won,
    "simulated": _simulated,
    "simulated-margin": _simulated_margin,
    "simulated-answer": _simulated_answer,
}


def check_claim(raw: Any, variant: str) -> Claim:
    """One claim as written in a lesson file, worked out by the engine; :class:`ClaimError` if false."""
    if not isinstance(raw, dict) or "kind" not in raw:
        raise ClaimError(
            "claim", "a claim is a mapping with a kind: {kind: taker-needs, mode: hokm, points: 86}"
        )
    kind = raw["kind"]
    check = KINDS.get(kind)
    if check is None:
        raise ClaimError(str(kind), f"unknown kind (known: {', '.join(KINDS)})")
    try:
        check(raw, variant, kind)
    except (KeyError, TypeError, ValueError) as e:
        if isinstance(e, ClaimError):
            raise
        raise ClaimError(kind, f"malformed parameters ({type(e).__name__}: {e})") from None
    return Claim(kind, dict(raw))


# ---------------------------------------------------------------- the text must say it


def shown_numbers(claim: Claim) -> list[str]:
    """The numbers the text beside ``claim`` must mention, written as the claim gives them."""
    p = claim.params
    if claim.kind == "taker-needs" and "more_than" in p:
        return [str(p["more_than"])]
    if claim.kind in ("deck-total", "card-points", "taker-needs"):
        return [str(p["points"])]
    if claim.kind == "game-target":
        return [str(p["points"])]
    if claim.kind == "sun-double-needs":
        return [str(p["buyers_above"]), str(p["doublers_at_most"])]
    if claim.kind == "rounds":
        return [str(p["points"]), str(p["to"])]
    if claim.kind == "hand-value":
        return [str(p["min"]), str(p["max"])]
    if claim.kind == "hand-score":
        # A team's 0 goes without saying ("North–South take nothing").
        return [str(v) for name in ("points", "game_after") if name in p for v in p[name].values() if v]
    if claim.kind == "game-won" and isinstance(p["taker_points"], list):
        return [str(v) for v in p["taker_points"] if v != 0 and v != 162 and v != 130]
    if claim.kind == "simulated":
        return [f"{p['figure']:g}", *(str(v) for v in p["interval"])]
    if claim.kind == "simulated-margin":
        return [f"{abs(float(v)):.1f}" for v in p["interval"]]
    return []


# Eastern Arabic and Persian digits, and the decimal separators of the four languages, read as one.
_DIGITS = str.maketrans("٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹٫,", "01234567890123456789..")


def mentions(text: str, number: str) -> bool:
    """Whether ``text`` mentions ``number`` as a whole number (86 is not in 186 nor in 8.6)."""
    # "1 000" and "1,000" are 1000: a group separator between digits is dropped.
    plain = re.sub(r"(?<=\d)[ \u00a0\u202f.](?=\d{3}(?!\d))", "", text.translate(_DIGITS))
    return re.search(rf"(?<![\d.]){re.escape(number)}(?![\d]|\.\d)", plain) is not None
