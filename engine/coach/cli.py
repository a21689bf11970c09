"""The coach on the command line: ``advise`` (the best choice for one seat, from its view only) and
``review`` (one seat's decisions in a finished hand, judged from its view). docs/engine-cli.md
gives the JSON; :mod:`engine.cli` runs these commands beside the others.

``advise`` builds the seat's :class:`~engine.bots.view.View` from the public record (the auction,
the doubling words, the cards played, the projects shown) and the seat's own cards: no other card
is ever read, so no other card can change the answer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine.auction import Contract, Void, first_leader
from engine.bots.view import View, shown_from
from engine.cards import SEATS, Card, Seat
from engine.coach.evaluator import SAMPLES, Evaluation
from engine.coach.review import Judgement, review_hand, verdict
from engine.coach.words import sentence
from engine.explain import Reason
from engine.hand import Called, Doubled, Phase
from engine.messages import render
from engine.notation import (
    InputError,
    as_int,
    as_list,
    bad_field,
    check_distinct,
    check_fields,
    parse_card,
    parse_cards,
    parse_rules,
    parse_seat,
    parse_seat_map,
    read_calls,
)
from engine.play import legal_mask
from engine.projects import Project
from engine.ranking import trick_winner_index
from engine.tricks import Played
from engine.variants import RuleSet

COMMON = ("rules", "lang")
MAX_SAMPLES = 512
"""The most samples a command may ask for (each costs a playout or a solve per choice)."""


def _reasons(reasons: Sequence[Reason], rules: RuleSet, lang: str) -> list[dict[str, Any]]:
    """Each reason as its rule ID, its params and its sentence (``message``): the coach's verdict
    from the engine's keyed catalog entries, a principle (``hint.*``) as the practice table says it
    (:mod:`engine.coach.words`)."""
    out = []
    for r in reasons:
        item: dict[str, Any] = {"rule": r.rule, "params": _json(r.params)}
        text = sentence(r, rules.name, lang) if r.rule.startswith("hint.") else render(r, rules.name, lang)
        if text and text != r.rule:
            item["message"] = text
        out.append(item)
    return out


def _json(value: Any) -> Any:
    if isinstance(value, Seat):
        return str(value)
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Mapping):
        return {str(k): _json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json(v) for v in value]
    return value


def _options(evaluation: Evaluation) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for choice, e in evaluation.options.items():
        item: dict[str, Any] = e.as_dict()
        if evaluation.kind == "call":
            item["made"] = round(evaluation.made.get(choice, 0.0), 2)
            item["ours"] = round(evaluation.ours.get(choice, 0.0), 2)
        out[choice] = item
    return out


def _kind(evaluation: Evaluation) -> str:
    return "card" if evaluation.kind == "card" else "call"


def _samples(obj: Mapping[str, Any]) -> int:
    return as_int(obj["samples"], "samples", 1, MAX_SAMPLES) if "samples" in obj else SAMPLES


def _seed(obj: Mapping[str, Any]) -> int:
    return as_int(obj["seed"], "seed", 0, 2**63 - 1) if "seed" in obj else 0


def _plays(obj: Mapping[str, Any], field: str = "plays") -> list[tuple[Seat, Card]]:
    out = []
    for i, item in enumerate(as_list(obj.get(field, []), field, '[["E", "9C"], …]')):
        where = f"{field}[{i}]"
        if not isinstance(item, list) or len(item) != 2:
            raise bad_field(item, where, '["E", "9C"]')
        out.append((parse_seat(item[0], f"{where}[0]"), parse_card(item[1], f"{where}[1]")))
    if len(out) > 32:
        raise InputError("trick-size", field, value=len(out), expected="0-32")
    return out


class _Record:
    """The auction and the doubling replayed from ``obj["calls"]`` (read and checked as every command
    reads them, :func:`engine.notation.read_calls`): the contract, the calls and words, the phase."""

    def __init__(self, obj: Mapping[str, Any], rules: RuleSet, dealer: Seat, bidding_card: Card):
        self.auction, self.doubling = read_calls(obj, rules, dealer, bidding_card)
        history = self.auction.history
        sold = self.auction.contract
        if isinstance(sold, Void):
            last = len(history) - 1
            raise InputError("auction-over", f"calls[{last}][1]", value=str(history[last].call))
        self.contract: Contract | None = sold if isinstance(sold, Contract) else None
        self.called = [Called(r.seat, str(r.call)) for r in history]
        words = self.doubling.history if self.doubling is not None else ()
        self.doubled = [Doubled(seat, str(word)) for seat, word in words]

    @property
    def calls(self) -> list[tuple[Seat, str]]:
        """Every call and doubling word, in order, as ``(seat, word)``."""
        return [(c.seat, c.call) for c in self.called] + [(d.seat, d.call) for d in self.doubled]

    @property
    def doubling_open(self) -> bool:
        return self.doubling is not None and not self.doubling.is_over


def _projects(obj: Mapping[str, Any], rules: RuleSet, trump: int) -> dict[Seat, list[Project]]:
    from engine.cli import _declared_projects  # the command line imports this module

    if "declared" not in obj:
        return {}
    return _declared_projects({"projects": obj["declared"]}, rules, trump)


def view_from(obj: Mapping[str, Any]) -> View:
    """The view of ``obj["seat"]`` from the public record and its own cards (see docs/engine-cli.md)."""
    rules = parse_rules(obj)
    dealer = parse_seat(obj["dealer"], "dealer")
    bidding_card = parse_card(obj["bidding_card"], "bidding_card")
    seat = parse_seat(obj["seat"], "seat")
    own = parse_cards(obj["hand"], "hand", 0, 8)
    record = _Record(obj, rules, dealer, bidding_card)
    plays = _plays(obj)
    mask = sum(1 << c for c in own)
    check_distinct(
        [
            *((f"hand[{i}]", c) for i, c in enumerate(own)),
            *((f"plays[{i}][1]", c) for i, (_, c) in enumerate(plays)),
        ]
    )
    contract = record.contract
    choices: tuple[str, ...] = ()
    legal = 0
    to_act: Seat | None = None
    leader: Seat | None = None
    trick: list[Card] = []
    played: list[Played] = []
    if contract is None:
        if plays:
            raise InputError("bad-field", "plays", value=len(plays), expected="[]")
        if len(own) != 5:
            raise InputError("hand-size", "hand", value=len(own), expected="5")
        check_distinct([("bidding_card", bidding_card), *((f"hand[{i}]", c) for i, c in enumerate(own))])
        phase = Phase.AUCTION
        to_act = record.auction.to_act
        if to_act != seat:
            raise InputError("out-of-turn", "seat", value=seat, expected=to_act)
        choices = tuple(record.auction.allowed(own))
    elif record.doubling_open:
        assert record.doubling is not None
        phase = Phase.DOUBLING
        choices = tuple(record.doubling.allowed(seat))
        if not choices or plays:
            raise InputError(
                "out-of-turn", "seat", value=seat, expected="/".join(map(str, record.doubling.speakers))
            )
    else:
        phase = Phase.PLAY
        trump = contract.trump
        step = -1 if rules.clockwise else 1
        turn = first_leader(rules, dealer, contract)
        leader = turn
        for i, (who, c) in enumerate(plays):
            if who != turn:
                raise InputError("out-of-turn", f"plays[{i}][0]", value=who, expected=turn)
            played.append(Played(who, c, i >> 2))
            if not trick:
                leader = who
            trick.append(c)
            if len(trick) == 4:
                turn = SEATS[(leader + step * trick_winner_index([int(x) for x in trick], trump)) % 4]
                leader = turn
                trick = []
            else:
                turn = SEATS[(turn + step) % 4]
        if turn != seat:
            raise InputError("out-of-turn", "seat", value=seat, expected=turn)
        if len(own) != 8 - len(plays) // 4:
            raise InputError("hand-size", "hand", value=len(own), expected=str(8 - len(plays) // 4))
        legal = legal_mask(mask, [int(x) for x in trick], trump, rules)
        to_act = seat
    projects: list[tuple[Seat, tuple[Project, ...]]] = []
    if contract is not None and (len(plays) >> 2) >= shown_from(rules):
        projects = [(s, tuple(ps)) for s, ps in _projects(obj, rules, contract.trump).items() if ps]
    d = record.doubling
    return View(
        rules=rules,
        seat=seat,
        phase=phase,
        dealer=dealer,
        hand=mask,
        bidding_card=bidding_card,
        calls=tuple(record.called),
        contract=contract,
        doubles=tuple(record.doubled),
        multiplier=d.multiplier if d is not None else 1,
        gahwa=d.gahwa if d is not None else False,
        projects=tuple(projects),
        belote=None,
        plays=tuple(played),
        leader=leader if phase is Phase.PLAY else None,
        trick=tuple(trick),
        to_act=to_act,
        choices=choices,
        legal=legal,
        game_score=(0, 0),
        pot=0,
    )


def cmd_advise(obj: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """The best choice for one seat, from what that seat can see."""
    from engine.advice import advise

    check_fields(
        obj,
        ("variant", "dealer", "bidding_card", "calls", "seat", "hand"),
        ("plays", "declared", "seed", "samples", *COMMON),
    )
    view = view_from(obj)
    advice = advise(view, _seed(obj), samples=_samples(obj))
    evaluation = advice.evaluation
    out: dict[str, Any] = {"seat": str(view.seat), "kind": "card" if view.phase is Phase.PLAY else "call"}
    out["choice"] = advice.choice
    if evaluation is None:  # one legal choice: nothing to sample
        out.update(best=[advice.choice], options={advice.choice: {"value": 0.0, "low": 0.0, "high": 0.0}})
        out.update(samples=0)
    else:
        out.update(best=list(evaluation.best), options=_options(evaluation), samples=evaluation.samples)
    out["unit"] = "card-points" if out["kind"] == "card" else "game-points"
    said = [] if evaluation is None else [verdict(evaluation, advice.choice)]
    out["reasons"] = _reasons([*said, *advice.reasons], view.rules, lang)
    return out


def cmd_review(obj: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """One seat's decisions in a finished hand, judged from that seat's view."""
    check_fields(
        obj,
        ("variant", "dealer", "bidding_card", "hands", "calls", "plays", "seat"),
        ("first", "declared", "seed", "samples", *COMMON),
    )
    rules = parse_rules(obj)
    dealer = parse_seat(obj["dealer"], "dealer")
    bidding_card = parse_card(obj["bidding_card"], "bidding_card")
    seat = parse_seat(obj["seat"], "seat")
    hands = _four(obj, "hands", 8)
    first = _four(obj, "first", 5) if "first" in obj else None
    record = _Record(obj, rules, dealer, bidding_card)
    calls = record.calls
    if record.contract is None or record.doubling_open:
        raise InputError("bad-field", "calls", value=len(calls), expected="an auction that sold a contract")
    plays = _plays(obj)
    try:
        judged = review_hand(
            rules,
            dealer,
            bidding_card,
            hands,
            calls,
            [c for _, c in plays],
            seat,
            first,
            _seed(obj),
            _samples(obj),
        )
    except ValueError as e:
        raise InputError("bad-field", "plays", value=str(e), expected="the cards of a legal hand") from None
    decisions = [_decision(i, j, rules, lang) for i, j in judged]
    return {
        "seat": str(seat),
        "loss": round(sum(d["loss"] for d in decisions), 1),
        "decisions": decisions,
    }


def _four(obj: Mapping[str, Any], field: str, size: int) -> list[int]:
    by_seat = parse_seat_map(obj[field], field)
    masks = []
    placed = []
    for s in SEATS:
        if s not in by_seat:
            raise InputError("missing-field", f"{field}.{s}")
        cards = parse_cards(by_seat[s], f"{field}.{s}", size, size)
        placed += [(f"{field}.{s}[{i}]", c) for i, c in enumerate(cards)]
        masks.append(sum(1 << c for c in cards))
    check_distinct(placed)
    return masks


def _decision(index: int, j: Judgement, rules: RuleSet, lang: str) -> dict[str, Any]:
    ev = j.evaluation
    out: dict[str, Any] = {"kind": _kind(ev)}
    if j.kind == "card":
        out["trick"] = j.trick
    else:
        out["index"] = index
    out.update(
        played=j.played,
        best=list(ev.best),
        options=_options(ev),
        loss=round(j.loss, 1),
        mistake=j.mistake,
    )
    if j.open is not None:
        out["open"] = {"best": list(j.open.best), "loss": j.open.loss}
    out["reasons"] = _reasons([verdict(ev, j.played), *j.reasons], rules, lang)
    return out


COMMANDS = {"advise": cmd_advise, "review": cmd_review}
"""The coach's commands, by name (engine.cli adds them to its own)."""

__all__ = ["COMMANDS", "cmd_advise", "cmd_review", "view_from"]
