"""The puzzle kinds that have no ``python -m engine`` command: first lead, doubling, violation, best
card, score sheet, trumps left, contract made.

Each reader takes a puzzle position (JSON, as written in a lesson file), checks it with the
readers of :mod:`engine.notation` (so a bad position raises
:class:`~engine.notation.InputError` exactly like the command line's), asks the engine's
Python API, and returns a JSON-able answer in the shape of the command line's outputs, with
every reason already rendered in ``lang`` by :func:`engine.messages.render`.

``first-lead`` (:func:`first_lead`)::

    in:  {variant, dealer, contract: {mode: sun|hokm, trump: "H"|null, taker, receiver?}, rules?}
    out: {leader: "E", rule: "lead.sa.first", message}

``double`` (:func:`double`, saudi only)::

    in:  {variant: saudi, contract, game_score?: {NS, EW}, calls?: [[seat, word], ...], seat, rules?,
          hand?: [the seat's eight cards, drawn for the learner]}
    out: {to_act: "E", to_speak: "EW" | null, multiplier, allowed: [word], refused: {word: [{rule, message}]},
          contract: {mode, trump, taker, receiver}}

  ``refused`` holds every doubling word (pass double three four gahwa) the asked seat may
  not say now, with the Doubling's reasons (``double.sa.who``, ``double.sa.sun-condition``,
  ``double.sa.gahwa``, ``bid.over``).

``violation`` (:func:`violation`)::

    in:  {variant, trump, hands: {seat: [cards held before this trick]}, trick: [[seat, card] x 2-4],
          ekka?, rules?}
    out: {offender: "W" | null, card: "7S" | null, rule: "play.must-trump" | null,
          reasons: [{rule, message}], steps: [{rule, text}], points: {NS, EW} | null}

  The trick is replayed card by card with :func:`engine.play.explain_play`; the first card
  that was not legal names the offender. Every seat after the leader must have its hand
  given, holding the card it played. In saudi the penalty follows
  (``penalty.sa.khaysh``, :func:`engine.scoring.score_penalty`): its steps and points.

``best-card`` (:func:`best_card`, every hand open: the exact solver answers)::

    in:  {variant, contract: {mode, trump, taker?}, hands: {N, E, S, W: [cards held now]},
          trick?: [[seat, card], ...], leader?, points?: {NS, EW}, ekka?, rules?}
         (:mod:`engine.solver.position`)
    out: {seat: "S", hand: [cards], legal: [cards], illegal: {card: [{rule, message}]},
          best: [cards], values: {card: {NS, EW}}, loss: {card: points},
          steps: [{rule, text}], why_not: {card: [{rule, message}]},
          lines: {card: [{n, plays: [[seat, card] x 4], winner, points, rule, text}]}}

  ``values`` are the card points each team takes from the position on if that card is played
  (then best play on both sides); ``steps`` explain the best card and its line trick by trick
  (``solve.best``, ``solve.trick``…, ``solve.outcome``); ``why_not`` gives, for every legal card
  that is not best, what it loses and the line after it (``solve.loses``, ``solve.trick``…);
  ``lines`` the tricks played after each legal card, the trick in progress completed first.

``sheet`` (:func:`sheet`, a score sheet over several hands with one line written wrong)::

    in:  {variant, hands: [score input without variant, ...], sheet: [{NS, EW}, ...], start?: {NS, EW}}
    out: {lines: [{n, written: {NS, EW}, points: {NS, EW}, right, totals: {NS, EW}, result,
                   game_over, steps: [{rule, text, params}]}], wrong: [n, ...], start: {NS, EW}}

  Each hand is scored by the ``score`` command (:func:`engine.cli.cmd_score`), its
  ``game_score`` the true sheet before it (``start`` plus the hands' right scores), so the
  target and the conditions that depend on the score apply as at the table. ``written`` is the
  line as the sheet has it, ``totals`` the sheet's running totals as written (what the learner
  reads); ``wrong`` the lines whose written figures are not the hand's score.

``trumps-left`` and ``contract-made`` (:func:`trumps_left`, :func:`contract_made`, in the middle
of a hand: :mod:`engine.counting`)::

    in:  {variant, contract: {mode, trump, taker}, played: [[[seat, card] x 4], ...],
          seat, hand: [the seat's cards now], rules?}
    out (trumps-left): {trump: "H", left: 3, seen: [{trick, seat, card}], held: [cards],
                        out: [cards the others hold], tricks: [{n, plays, winner, points}]}
    out (contract-made): {verdict: "made"|"open"|"lost", team: taker's team, taken: {NS, EW},
                          tricks_won: {NS, EW}, left, tricks_left,
                          worst: {points: {NS, EW}, result, made, steps: [{rule, text}]},
                          best: {...}, tricks: [...]}

  ``played`` are the tricks so far, each led by the winner of the one before; the hand is the
  seat's cards after them. ``worst`` is the hand scored with every card point and trick left to
  the defenders, ``best`` with all of them to the takers (:func:`engine.scoring.score_hand`).
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping
from typing import Any

from engine.auction import (
    LADDER,
    PASS,
    Call,
    Contract,
    Doubling,
    IllegalCall,
)
from engine.auction import (
    first_lead as engine_first_lead,
)
from engine.cards import Card, NotationError, Seat, Team
from engine.cli import cmd_score
from engine.counting import CountingError, check_tricks, contract_outlook
from engine.counting import trumps_left as count_trumps
from engine.decouverte import coach as decouverte_coach
from engine.decouverte import commands as decouverte_commands
from engine.explain import Reason, Step
from engine.messages import render
from engine.notation import (
    InputError,
    Play,
    as_bool,
    as_list,
    as_object,
    bad_field,
    check_distinct,
    check_fields,
    parse_cards,
    parse_rules,
    parse_seat,
    parse_seat_map,
    parse_team_ints,
    parse_trick,
    parse_trump,
    shown,
    text_of,
)
from engine.play import explain_play
from engine.ranking import NO_TRUMP
from engine.scoring import score_penalty
from engine.solver.explain import BestCard, analyse, trick_params
from engine.solver.position import read_position
from engine.variants import RuleSet, Saudi

# Every word of the doubling, in the order a button row shows them.
DOUBLING_WORDS = (PASS, *LADDER)
MODES = ("sun", "hokm")
CONTRACT_EXAMPLE = '{"mode": "hokm", "trump": "H", "taker": "E"}'


class _Say:
    """Renders reasons and steps in the variant's words, the learner's language and deck."""

    def __init__(self, rules: RuleSet, lang: str, deck: str) -> None:
        self.variant = rules.name
        self.lang = lang
        self.deck = deck

    def __call__(self, item: Reason | Step) -> str:
        return render(item, self.variant, self.lang, self.deck)

    def reasons(self, reasons: list[Reason]) -> list[dict[str, str]]:
        return [{"rule": r.rule, "message": self(r)} for r in reasons]

    def steps(self, steps: list[Step] | list[Reason]) -> list[dict[str, str]]:
        return [{"rule": s.rule, "text": self(s)} for s in steps]


def read_contract(value: Any, field: str, rules: RuleSet) -> Contract:
    """``{mode, trump, taker, receiver?}``: what the auction sold, as :class:`engine.auction.Contract`.

    Sun exists only in saudi, and its trump is ``null``; a Hokm (a take) names its trump.
    The receiver is the taker, or in a saudi Sun his partner (Ashkal).
    """
    obj = as_object(value, field)
    for name in ("mode", "taker"):
        if name not in obj:
            raise InputError("missing-field", f"{field}.{name}")
    for name in obj:
        if name not in ("mode", "trump", "taker", "receiver"):
            raise InputError("unknown-field", f"{field}.{name}", value=name)
    mode = obj["mode"]
    if mode not in MODES or (mode == "sun" and not rules.has_sun):
        raise bad_field(mode, f"{field}.mode", "hokm" if not rules.has_sun else "sun / hokm")
    if mode == "sun":
        if obj.get("trump") is not None:
            raise bad_field(obj["trump"], f"{field}.trump", "null")
        trump = NO_TRUMP
    else:
        if obj.get("trump") is None:
            raise InputError("missing-field", f"{field}.trump")
        trump = parse_trump(obj["trump"], f"{field}.trump", rules)
    taker = parse_seat(obj["taker"], f"{field}.taker")
    receiver = parse_seat(obj.get("receiver", str(taker)), f"{field}.receiver")
    allowed = (taker, Seat(taker ^ 2)) if mode == "sun" else (taker,)
    if receiver not in allowed:
        raise bad_field(
            text_of(obj.get("receiver")), f"{field}.receiver", " / ".join(str(s) for s in allowed)
        )
    return Contract(mode, trump, taker, receiver)


# ---------------------------------------------------------------- first lead


def first_lead(obj: Mapping[str, Any], lang: str, deck: str = "french") -> dict[str, Any]:
    """Who leads the first trick after this contract (docs/rules.md §3.5)."""
    check_fields(obj, ("variant", "dealer", "contract"), ("rules",))
    rules = parse_rules(obj)
    dealer = parse_seat(obj["dealer"], "dealer")
    contract = read_contract(obj["contract"], "contract", rules)
    reason = engine_first_lead(rules, dealer, contract)
    return {
        "leader": str(reason.params["seat"]),
        "rule": reason.rule,
        "message": _Say(rules, lang, deck)(reason),
    }


# ---------------------------------------------------------------- doubling


def _doubling_call(value: Any, field: str) -> Call:
    try:
        call = Call.parse(value)
    except NotationError:
        raise InputError("unknown-call", field, value=text_of(value)) from None
    if call.word not in DOUBLING_WORDS:
        raise InputError("unknown-call", field, value=str(call))
    return call


def double(obj: Mapping[str, Any], lang: str, deck: str = "french") -> dict[str, Any]:
    """What ``seat`` may say now in a saudi contract's doubling (docs/rules.md §3.2), and why not more."""
    check_fields(obj, ("variant", "contract", "seat"), ("game_score", "calls", "rules", "hand"))
    rules = parse_rules(obj)
    if not isinstance(rules, Saudi):
        raise bad_field(obj["variant"], "variant", "saudi")
    contract = read_contract(obj["contract"], "contract", rules)
    if "hand" in obj:
        # The eight cards of the seat to speak, drawn for the learner; the words allowed do not
        # depend on them.
        hand = parse_cards(obj["hand"], "hand", 8, 8)
        check_distinct([(f"hand[{i}]", c) for i, c in enumerate(hand)])
    game = parse_team_ints(obj.get("game_score", {"NS": 0, "EW": 0}), "game_score", 0, 10000)
    doubling = Doubling(rules, contract, (game[Team.NS], game[Team.EW]))
    for i, item in enumerate(as_list(obj.get("calls", []), "calls", '[["E", "double"], …]')):
        where = f"calls[{i}]"
        if not isinstance(item, list) or len(item) != 2:
            raise bad_field(item, where, '["E", "double"]')
        seat = parse_seat(item[0], f"{where}[0]")
        call = _doubling_call(item[1], f"{where}[1]")
        if doubling.is_over:
            raise InputError("auction-over", f"{where}[1]", value=str(call))
        try:
            doubling = doubling.call(call, seat)
        except IllegalCall as e:
            raise InputError("call-refused", f"{where}[1]", value=str(call), reasons=e.reasons) from None
    seat = parse_seat(obj["seat"], "seat")
    say = _Say(rules, lang, deck)
    refused: dict[str, list[dict[str, str]]] = {}
    for word in DOUBLING_WORDS:
        try:
            doubling.verify(word, seat)
        except IllegalCall as e:
            refused[word] = say.reasons(e.reasons)
    to_speak = doubling.to_speak
    return {
        "to_act": str(seat),
        "to_speak": None if to_speak is None else str(to_speak),
        "multiplier": doubling.multiplier,
        "allowed": doubling.allowed(seat),
        "refused": refused,
        "contract": contract.as_json(),
    }


# ---------------------------------------------------------------- spot the violation


def violation(obj: Mapping[str, Any], lang: str, deck: str = "french") -> dict[str, Any]:
    """The first card of the trick that broke a rule of play, why, and (saudi) the penalty."""
    check_fields(obj, ("variant", "trump", "hands", "trick"), ("ekka", "rules"))
    rules = parse_rules(obj)
    trump = parse_trump(obj["trump"], "trump", rules)
    trick = parse_trick(obj["trick"], "trick", rules.clockwise, 2, 4)
    hands = {
        seat: parse_cards(cards, f"hands.{seat}", 1, 8)
        for seat, cards in parse_seat_map(obj["hands"], "hands").items()
    }
    check_distinct([(f"hands.{seat}[{i}]", c) for seat, cards in hands.items() for i, c in enumerate(cards)])
    for i, (seat, card) in enumerate(trick):
        if seat not in hands:
            if i:  # the lead is always legal: the leader's hand is not needed
                raise InputError("missing-field", f"hands.{seat}")
            continue
        if card not in hands[seat]:
            raise bad_field(str(card), f"trick[{i}][1]", shown([str(c) for c in hands[seat]]))
    ekka = as_bool(obj.get("ekka", False), "ekka")
    say = _Say(rules, lang, deck)
    for i in range(1, len(trick)):
        seat, card = trick[i]
        verdict = explain_play(hands[seat], trick[:i], trump, rules, ekka)
        if card in verdict.illegal:
            return _offence(rules, trump, seat, card, verdict.illegal[card], say)
    return {"offender": None, "card": None, "rule": None, "reasons": [], "steps": [], "points": None}


def _offence(
    rules: RuleSet, trump: int, seat: Seat, card: Any, reasons: list[Reason], say: _Say
) -> dict[str, Any]:
    steps = say.steps(reasons)
    points = None
    if isinstance(rules, Saudi):
        # A player who breaks a rule loses the hand for his team (seed 002: khaysh).
        penalty = score_penalty(rules, trump, seat.team, broken_rule=reasons[0].rule)
        steps += say.steps(penalty.steps)
        points = {str(team): value for team, value in penalty.points.items()}
    return {
        "offender": str(seat),
        "card": str(card),
        "rule": reasons[0].rule,
        "reasons": say.reasons(reasons),
        "steps": steps,
        "points": points,
    }


# ---------------------------------------------------------------- the best card


def best_card(obj: Mapping[str, Any], lang: str, deck: str = "french") -> dict[str, Any]:
    """The cards the exact solver proves best for the seat to play, and what every other card costs."""
    solved = _solved(json.dumps(obj, sort_keys=True))
    found = solved.found
    say = _Say(found.position.rules, lang, deck)
    return {
        **best_card_answer(obj, lang, deck),
        "values": {str(c): {"NS": v[0], "EW": v[1]} for c, v in found.solution.values.items()},
        "steps": say.steps(found.steps),
        "why_not": {str(c): say.reasons(reasons) for c, reasons in solved.why_not.items()},
        "lines": {str(c): [_trick(t, say) for t in tricks] for c, tricks in solved.tricks.items()},
    }


class _Solved:
    """What the solver says about a position, before any language: worked out once per position.

    The lines after each card cost most (a search each): they are found when first asked for,
    so the loader, which needs only the best cards, does not pay for them.
    """

    def __init__(self, found: BestCard) -> None:
        p = found.position
        self.found = found
        self.illegal = explain_play(p.cards(p.to_play), p.plays(), p.trump, p.rules, p.ekka).illegal

    @functools.cached_property
    def why_not(self) -> dict[Card, list[Reason]]:
        """For every legal card that is not best: what it loses, and the line after it."""
        found = self.found
        return {c: found.why_not(c) for c in found.legal if c not in found.best}

    @functools.cached_property
    def tricks(self) -> dict[Card, list[dict[str, Any]]]:
        """For every legal card: the ``solve.trick`` params of each trick of the line after it."""
        found = self.found
        return {c: trick_params(found.position, found.line_after(c)) for c in found.legal}


@functools.lru_cache(maxsize=512)
def _solved(position: str) -> _Solved:
    # Positions are few and answers many, in four languages: solve each position once.
    return _Solved(analyse(read_position(json.loads(position))))


def best_card_answer(obj: Mapping[str, Any], lang: str, deck: str = "french") -> dict[str, Any]:
    """Only what decides a best-card puzzle's answers: ``seat``, ``hand``, ``legal``, ``illegal``,
    ``best`` and ``loss`` of :func:`best_card` (for the loader: no line is searched)."""
    solved = _solved(json.dumps(obj, sort_keys=True))
    found, p = solved.found, solved.found.position
    say = _Say(p.rules, lang, deck)
    hand = _hand_as_given(obj, p.to_play) or [str(c) for c in p.cards(p.to_play)]
    legal = [str(c) for c in found.legal]
    return {
        "seat": str(p.to_play),
        "hand": hand,
        "legal": [c for c in hand if c in legal],
        "illegal": {str(c): say.reasons(reasons) for c, reasons in solved.illegal.items()},
        "best": [str(c) for c in found.best],
        "loss": {str(c): found.loss(c) for c in found.legal},
    }


def _trick(params: dict[str, Any], say: _Say) -> dict[str, Any]:
    step = Step("solve.trick", params)
    return {
        "n": params["n"],
        "plays": [[str(seat), str(card)] for seat, card in params["cards"]],
        "winner": str(params["seat"]),
        "points": params["points"],
        "rule": step.rule,
        "text": say(step),
    }


def _hand_as_given(obj: Mapping[str, Any], seat: Seat) -> list[str]:
    """The cards of ``seat`` in the order the position lists them (the solver keeps masks)."""
    for key, cards in obj["hands"].items():
        if Seat.parse(key) == seat:
            return [str(c) for c in parse_cards(cards, f"hands.{key}")]
    return []


SHEET_LINES = 12  # a game to 152 rarely needs more hands; a longer sheet is a mistake in the file


def sheet(obj: Mapping[str, Any], lang: str, deck: str = "french") -> dict[str, Any]:
    """A score sheet checked line by line: which lines are not what their hand scores."""
    check_fields(obj, ("variant", "hands", "sheet"), ("start", "rules"))
    rules = parse_rules(obj)
    hands = as_list(obj["hands"], "hands")
    written = as_list(obj["sheet"], "sheet")
    if not 2 <= len(hands) <= SHEET_LINES:
        raise bad_field(len(hands), "hands", f"2 to {SHEET_LINES} hands")
    if len(written) != len(hands):
        raise bad_field(len(written), "sheet", f"one line per hand ({len(hands)})")
    start = _team_figures(obj.get("start", {"NS": 0, "EW": 0}), "start")
    right = dict(start)  # the true sheet, given to each hand as its game_score
    shown_totals = dict(start)  # the sheet as written
    lines: list[dict[str, Any]] = []
    for i, (hand, line) in enumerate(zip(hands, written, strict=True)):
        if lines and lines[-1]["game_over"]:
            raise bad_field(i + 1, f"hands[{i}]", "no hand after the game is over")
        figures = _team_figures(line, f"sheet[{i}]")
        given = as_object(hand, f"hands[{i}]")
        position = {**given, "variant": rules.name, "game_score": dict(right)}
        if "rules" in obj:
            position["rules"] = obj["rules"]
        try:
            scored = cmd_score(position, lang, deck)  # the engine's own score command
        except InputError as e:
            field = f"hands[{i}].{e.field}" if e.field else f"hands[{i}]"
            raise InputError(e.code, field, **e.params) from None
        points = {team: int(scored["points"][team]) for team in ("NS", "EW")}
        for team in right:
            right[team] += points[team]
            shown_totals[team] += figures[team]
        lines.append(
            {
                "n": i + 1,
                "written": figures,
                "points": points,
                "right": figures == points,
                "totals": dict(shown_totals),
                "result": scored["result"],
                "game_over": bool(scored["game_over"]),
                "steps": list(scored["steps"]),
            }
        )
    return {"lines": lines, "wrong": [line["n"] for line in lines if not line["right"]], "start": start}


def _team_figures(value: Any, field: str) -> dict[str, int]:
    """``{"NS": 26, "EW": 0}``, figures of a sheet, 0 to 9999."""
    figures = parse_team_ints(value, field, 0, 9999)
    return {str(team): points for team, points in figures.items()}


# ---------------------------------------------------------------- counting in the middle of a hand


Counting = tuple[RuleSet, Contract, list[list[Play]], Seat, list[Card]]


def _counting_position(obj: Mapping[str, Any]) -> Counting:
    check_fields(obj, ("variant", "contract", "played", "seat", "hand"), ("rules",))
    rules = parse_rules(obj)
    contract = read_contract(obj["contract"], "contract", rules)
    played = as_list(obj["played"], "played")
    if not 1 <= len(played) <= 7:
        raise bad_field(len(played), "played", "1 to 7 tricks")
    tricks = [parse_trick(t, f"played[{i}]", rules.clockwise, 4, 4) for i, t in enumerate(played)]
    seat = parse_seat(obj["seat"], "seat")
    size = 8 - len(tricks)
    hand = parse_cards(obj["hand"], "hand", size, size)
    placed = [(f"played[{i}][{j}][1]", card) for i, t in enumerate(tricks) for j, (_s, card) in enumerate(t)]
    check_distinct([*placed, *((f"hand[{i}]", card) for i, card in enumerate(hand))])
    try:
        check_tricks(tricks, contract.trump)
    except CountingError as e:
        raise bad_field(str(e), "played", "each trick led by the winner of the one before") from None
    return rules, contract, tricks, seat, hand


def _tricks_shown(tricks: list[list[Play]], trump: int) -> list[dict[str, Any]]:
    winners = check_tricks(tricks, trump)
    return [
        {"n": n, "plays": [[str(s), str(c)] for s, c in t], "winner": str(w)}
        for n, (t, w) in enumerate(zip(tricks, winners, strict=True), 1)
    ]


def trumps_left(obj: Mapping[str, Any], lang: str, deck: str = "french") -> dict[str, Any]:
    """How many trumps the three other players still hold, from the tricks and the seat's hand."""
    _rules, contract, tricks, _seat, hand = _counting_position(obj)
    if contract.trump == NO_TRUMP:
        raise bad_field("sun", "contract.mode", "hokm")
    count = count_trumps(contract.trump, tricks, hand)
    return {
        "trump": "SHDC"[contract.trump],
        "left": count.left,
        "seen": [{"trick": t.trick, "seat": str(t.seat), "card": str(t.card)} for t in count.seen],
        "held": [str(c) for c in count.held],
        "out": [str(c) for c in count.out],
        "tricks": _tricks_shown(tricks, contract.trump),
    }


def contract_made(obj: Mapping[str, Any], lang: str, deck: str = "french") -> dict[str, Any]:
    """Whether the contract is already made or lost whatever the tricks left, by the hand's score."""
    rules, contract, tricks, _seat, _hand = _counting_position(obj)
    outlook = contract_outlook(rules, contract.trump, contract.team, tricks)
    say = _Say(rules, lang, deck)

    def case(score: Any) -> dict[str, Any]:
        return {
            "points": {str(t): int(v) for t, v in score.points.items()},
            "result": score.result,
            "made": bool(score.made),
            "steps": say.steps(score.steps),
        }

    return {
        "verdict": outlook.verdict,
        "team": str(outlook.taker),
        "taken": {str(t): v for t, v in outlook.taken.items()},
        "tricks_won": {str(t): v for t, v in outlook.tricks.items()},
        "left": outlook.left,
        "tricks_left": outlook.tricks_left,
        "worst": case(outlook.worst),
        "best": case(outlook.best),
        "tricks": _tricks_shown(tricks, contract.trump),
    }


Command = Callable[..., dict[str, Any]]

DECOUVERTE_SAMPLES = 48
"""Lays of the face-down cards a découverte puzzle is judged on: the loader and the page both use
this many, and the evaluator seeds them from the position alone, so both find the same answer."""


def decouverte_card(obj: Mapping[str, Any], lang: str, deck: str = "french") -> dict[str, Any]:
    """A two-player découverte position as ``seat`` sees it, and what the coach's evaluator makes of
    each of that player's face-up cards (:func:`engine.decouverte.coach.evaluate`).

    ``obj`` is the two-player ``play`` input (docs/engine-cli.md): ``dealer``, ``deck``, ``calls``,
    ``plays`` and ``seat``, the player to act. Nobody sees a face-down card, so no single lay of them
    decides the answer: the evaluator plays the hand out on :data:`DECOUVERTE_SAMPLES` lays of the
    cards not seen, the same ones every time; ``best`` are the cards it does not tell apart from the
    best one, ``loss`` each card's mean loss against it and ``interval`` that loss's 95 % interval.
    """
    shown = decouverte_commands.cmd_play(obj, lang)  # every call and card checked, in the usual errors
    if obj.get("seat") is None or shown["to_play"] != obj["seat"]:
        raise InputError("bad-field", "seat", value=obj.get("seat"), expected=str(shown["to_play"]))
    hand = decouverte_commands.replay(obj)
    seat = hand.to_play
    evaluation = decouverte_coach.evaluate(hand.view(seat), seed=0, samples=DECOUVERTE_SAMPLES)
    face_up = [str(up) for _, up in hand.table.piles_of(seat) if up is not None]
    legal = [c for c in face_up if c in evaluation.options]
    return {
        "seat": str(seat),
        "hand": face_up,
        "legal": legal,
        "illegal": {
            c: decouverte_commands.reasons_json(hand.explain(Card.parse(c)), lang)
            for c in face_up
            if c not in legal
        },
        "best": list(evaluation.best),
        "loss": {c: round(evaluation.loss(c)) for c in legal},
        "interval": {
            c: [round(evaluation.losses[c].low, 1), round(evaluation.losses[c].high, 1)] for c in legal
        },
        "samples": evaluation.samples,
        "table": shown["table"],
        "trick": shown["trick"],
        "contract": shown["auction"]["contract"],
        "points": shown["points"],
        "tricks": len(shown["tricks"]),
        "turned": [t["card"] for t in shown["tricks"][-1]["turned"]] if shown["tricks"] else [],
    }


# The puzzle tasks' names for these readers (lessons.models.TASK_COMMANDS).
COMMANDS: dict[str, Command] = {
    "first-lead": first_lead,
    "double": double,
    "violation": violation,
    "best-card": best_card,
    "sheet": sheet,
    "trumps-left": trumps_left,
    "contract-made": contract_made,
    "decouverte-card": decouverte_card,
}
