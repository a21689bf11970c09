"""``python -m engine COMMAND``: one JSON object in, one JSON object out (docs/engine-cli.md).

Commands: ``legal``, ``trick``, ``projects``, ``score``, ``bid`` (the auction, and in Saudi
the doubling ladder after it); ``review`` (each card one seat played in a hand, judged by
the exact solver) and ``hint`` (the best cards of a position); ``play`` (a whole hand from
the deal). With ``"variant": "french-2p"`` (two-player Belote découverte), the same table
sends ``legal``, ``trick``, ``bid``, ``score`` and ``play`` to
:mod:`engine.decouverte.commands`. Input is read by :mod:`engine.notation`; the rule
modules answer with reasons and steps; :mod:`engine.messages` turns those into sentences
in the input's ``lang``.

Exit status: 0 with the answer; 2 with ``{"error": {"code", "field", "message"}}``
for malformed input or an unknown command (codes listed in :mod:`engine.notation`);
1 with ``{"error": {"code": "internal", ...}}`` if the engine itself fails.
Never a traceback: a tool reading the output always gets one JSON object.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, BinaryIO

from engine.auction import LADDER, PASS, Auction, Doubling, IllegalCall, first_lead
from engine.cards import (
    KING,
    QUEEN,
    SEATS,
    Card,
    Seat,
    Team,
    card,
    cards_of,
    next_seat,
    seats_from,
)
from engine.coach import cli as coach_cli
from engine.decouverte import commands as two_player
from engine.explain import Reason, Step
from engine.hand import Hand, Phase
from engine.messages import error_message, render, series
from engine.notation import (
    PLAY,
    InputError,
    as_bool,
    as_int,
    as_list,
    bad_field,
    check_distinct,
    check_fields,
    parse_card,
    parse_cards,
    parse_lang,
    parse_rules,
    parse_seat,
    parse_seat_map,
    parse_team_ints,
    parse_trick,
    parse_trump,
    read_calls,
    read_deck,
    read_game_score,
    read_object,
    span,
)
from engine.play import explain_play, explain_trick
from engine.projects import (
    BEST_RULE,
    InvalidProject,
    Project,
    belote,
    best_split,
    classify,
    count_projects,
    declaration_window,
    explain_split,
    judge_belote,
)
from engine.ranking import NO_TRUMP, total_points
from engine.scoring import TRICKS, HandFacts, InvalidHandFacts, score_hand
from engine.solver.hint import hint
from engine.solver.position import read_position
from engine.tricks import TrickPlay, TrickTaken
from engine.variants import GAMES, VARIANTS, French, Moroccan, RuleSet, Saudi

# The rules of "which team's declarations count", said once per hand.
BEST_RULES = frozenset(BEST_RULE.values())

EXIT_OK = 0
EXIT_INTERNAL = 1
EXIT_INPUT = 2

COMMON = ("rules", "lang")


@dataclass(frozen=True)
class Context:
    """What every command needs to speak: the rule set and the language."""

    rules: RuleSet
    lang: str
    deck: str = "french"  # "spanish": Moroccan learners' cards (Python callers only, not in the JSON)

    def say(self, item: Reason | Step) -> str:
        return render(item, self.rules.name, self.lang, self.deck)

    def reasons(self, reasons: Sequence[Reason]) -> list[dict[str, str]]:
        return [{"rule": r.rule, "message": self.say(r)} for r in reasons]

    def steps(self, steps: Sequence[Step]) -> list[dict[str, str]]:
        return [{"rule": s.rule, "text": self.say(s)} for s in steps]


def _context(obj: Mapping[str, Any], lang: str, deck: str) -> Context:
    return Context(parse_rules(obj), lang, deck)


# ---------------------------------------------------------------- legal


def cmd_legal(obj: Mapping[str, Any], lang: str, deck: str = "french") -> dict[str, Any]:
    check_fields(obj, ("variant", "trump", "seat", "hand"), ("trick", "ekka", *COMMON))
    ctx = _context(obj, lang, deck)
    rules = ctx.rules
    trump = parse_trump(obj["trump"], "trump", rules)
    trick = parse_trick(obj.get("trick", []), "trick", rules.clockwise, 0, 3)
    seat = parse_seat(obj["seat"], "seat")
    if trick:
        expected = next_seat(trick[-1][0], rules.clockwise)
        if seat != expected:
            raise InputError("out-of-turn", "seat", value=seat, expected=expected)
    hand = parse_cards(obj["hand"], "hand", 1, 8)
    check_distinct(
        [(f"trick[{i}][1]", c) for i, (_, c) in enumerate(trick)]
        + [(f"hand[{i}]", c) for i, c in enumerate(hand)]
    )
    ekka = as_bool(obj.get("ekka", False), "ekka")
    verdict = explain_play(hand, trick, trump, rules, ekka)
    return {
        "legal": [str(c) for c in verdict.legal],
        "illegal": {str(c): ctx.reasons(reasons) for c, reasons in verdict.illegal.items()},
    }


# ---------------------------------------------------------------- trick


def cmd_trick(obj: Mapping[str, Any], lang: str, deck: str = "french") -> dict[str, Any]:
    check_fields(obj, ("variant", "trump", "trick"), COMMON)
    ctx = _context(obj, lang, deck)
    trump = parse_trump(obj["trump"], "trump", ctx.rules)
    trick = parse_trick(obj["trick"], "trick", ctx.rules.clockwise, 4, 4)
    check_distinct([(f"trick[{i}][1]", c) for i, (_, c) in enumerate(trick)])
    result = explain_trick(trick, trump)
    return {
        "winner": str(result.winner),
        "points": result.points,
        "rule": result.reason.rule,
        "message": ctx.say(result.reason),
    }


# ---------------------------------------------------------------- projects


def _speaking_order(dealer: Seat, rules: RuleSet) -> tuple[Seat, ...]:
    return seats_from(next_seat(dealer, rules.clockwise), rules.clockwise)


def cmd_projects(obj: Mapping[str, Any], lang: str, deck: str = "french") -> dict[str, Any]:
    check_fields(obj, ("variant", "trump", "dealer", "hands"), COMMON)
    ctx = _context(obj, lang, deck)
    rules = ctx.rules
    trump = parse_trump(obj["trump"], "trump", rules)
    dealer = parse_seat(obj["dealer"], "dealer")
    raw = parse_seat_map(obj["hands"], "hands")
    hands = {seat: parse_cards(raw[seat], f"hands.{seat}", 0, 8) for seat in raw}
    check_distinct([(f"hands.{seat}[{i}]", c) for seat, cards in hands.items() for i, c in enumerate(cards)])

    declaring = declaration_window(rules).declarations
    steps: list[Step] = []
    splits: dict[Seat, list[Project]] = {}
    for seat in _speaking_order(dealer, rules):
        if seat in hands and declaring:
            splits[seat] = best_split(hands[seat], rules, trump)
            steps += explain_split(hands[seat], rules, trump, seat)
    counting = count_projects(rules, trump, dealer, splits)
    steps += counting.steps
    held = belote(hands, trump, rules, splits)
    steps += held.steps
    return {
        "projects": {str(seat): [p.as_dict() for p in split] for seat, split in splits.items() if split},
        "counted_team": None if counting.team is None else str(counting.team),
        "counted_value": counting.value,
        "belote": None if held.seat is None else str(held.seat),
        "steps": ctx.steps(steps),
    }


# ---------------------------------------------------------------- score

SCORE_FIELDS = ("variant", "trump", "dealer", "taker", "card_points", "tricks")
SCORE_OPTIONAL = ("projects", "belote", "game_score", *COMMON)
SAUDI_ONLY = ("multiplier", "gahwa", "bidding_card")


def cmd_score(obj: Mapping[str, Any], lang: str, deck: str = "french") -> dict[str, Any]:
    ctx = _context(obj, lang, deck)
    facts, steps = score_facts(obj)
    score = score_hand(facts)
    # Where the declarations were counted here, the score's own step of the same rule (French
    # and Moroccan ``decl.*.best``: the counted team's value) says it again: keep the first.
    shown = {step.rule for step in steps}
    steps += [step for step in score.steps if step.rule not in shown or step.rule not in BEST_RULES]
    return {
        "points": {str(team): score.points[team] for team in Team},
        "result": score.result,
        "pot": score.pot,
        "game_over": score.game_over,
        # Each step as data too, so that a page can point at one (the step a learner missed).
        "steps": [
            {**said, "params": json_params(step.params)}
            for said, step in zip(ctx.steps(steps), steps, strict=True)
        ],
    }


def json_params(params: Mapping[str, Any]) -> dict[str, Any]:
    """A step's params as JSON: teams, seats and cards in notation (``"NS"``, ``"N"``, ``"KH"``)."""
    return {key: _json_value(value) for key, value in params.items()}


def _json_value(value: Any) -> Any:
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, Team | Seat):
        return str(value)
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, Mapping):
        return json_params(value)
    if isinstance(value, list | tuple | set | frozenset):
        return [_json_value(v) for v in value]
    return value


def score_facts(obj: Mapping[str, Any]) -> tuple[HandFacts, list[Step]]:
    """The facts of the hand of a ``score`` input, checked, and the steps that decided them
    (which team's projects count, a Baloot inside a Hundred): what :func:`cmd_score` scores,
    and what :func:`engine.slips.diagnose` scores again with a learner's slips."""
    check_fields(obj, SCORE_FIELDS, (*SCORE_OPTIONAL, *SAUDI_ONLY, "pot"))
    rules = parse_rules(obj)
    # Doubling and the bidding card are Saudi; the litige pot is not.
    for name in ("pot",) if isinstance(rules, Saudi) else SAUDI_ONLY:
        if name in obj:
            raise InputError("unknown-field", name, value=name)
    trump = parse_trump(obj["trump"], "trump", rules)
    dealer = parse_seat(obj["dealer"], "dealer")
    taker = parse_seat(obj["taker"], "taker")
    total = total_points(trump)
    card_points = parse_team_ints(obj["card_points"], "card_points", 0, total)
    tricks = parse_team_ints(obj["tricks"], "tricks", 0, TRICKS)
    if sum(card_points.values()) != total:
        raise InputError("card-points", "card_points", value=sum(card_points.values()), expected=total)
    if sum(tricks.values()) != TRICKS:
        raise InputError("tricks-count", "tricks", value=sum(tricks.values()), expected=TRICKS)
    for team in Team:
        # A team without a trick took no card (and not the last trick either).
        if tricks[team] == 0 and card_points[team]:
            raise InputError("card-points", f"card_points.{team}", value=card_points[team], expected=0)

    declared = _declared_projects(obj, rules, trump)
    holder = _belote_seat(obj, trump, declared)
    multiplier, gahwa, bidding_card = 1, False, None
    if isinstance(rules, Saudi):
        multiplier, gahwa, bidding_card = _saudi_fields(obj, trump)
    pot = 0
    if "pot" in obj:
        has_pot = isinstance(rules, Moroccan) or (isinstance(rules, French) and rules.litige)
        pot = as_int(obj["pot"], "pot", 0, 10**6 if has_pot else 0)
    game_score = None
    if "game_score" in obj:
        game_score = parse_team_ints(obj["game_score"], "game_score", 0, 10**6)

    steps: list[Step] = []
    counting = count_projects(rules, trump, dealer, declared)
    if any(declared.values()):
        steps += counting.steps
    belote_team = None
    if holder is not None:
        judged = judge_belote(holder, trump, rules, declared.get(holder, ()))
        if judged.counted:
            belote_team = holder.team
        else:
            steps += judged.steps  # why a Baloot inside a Hundred is not counted
    try:
        facts = HandFacts(
            rules,
            trump,
            taker.team,
            card_points,
            tricks,
            projects=[(seat.team, p.value) for seat, split in declared.items() for p in split],
            counted_team=counting.team,
            belote=belote_team,
            multiplier=multiplier,
            gahwa=gahwa,
            bidding_card=bidding_card,
            pot=pot,
            game_score=game_score,
        )
    except InvalidHandFacts as e:
        if e.reason is not None:  # a rule refuses the facts (double.sa.sun-condition): say which
            raise InputError("call-refused", e.field, value="double", reasons=[e.reason]) from None
        # Checked above field by field; this is the backstop for a combination missed there.
        raise bad_field(obj.get(e.field), e.field, str(e)) from None
    return facts, steps


def _declared_projects(obj: Mapping[str, Any], rules: RuleSet, trump: int) -> dict[Seat, list[Project]]:
    """``projects``: each seat's declared projects as card lists, classified and checked."""
    if "projects" not in obj:
        return {}
    raw = parse_seat_map(obj["projects"], "projects")
    placed = []
    declared: dict[Seat, list[Project]] = {}
    for seat, value in raw.items():
        field = f"projects.{seat}"
        groups = as_list(value, field, '[["KH", "QH", "JH"]]')
        cards = [parse_cards(g, f"{field}[{i}]") for i, g in enumerate(groups)]
        flat = [c for group in cards for c in group]
        if len(flat) > 8:
            raise InputError("hand-size", field, value=len(flat), expected=span(0, 8))
        placed += [(f"{field}[{i}][{j}]", c) for i, group in enumerate(cards) for j, c in enumerate(group)]
        declared[seat] = []
        for i, group in enumerate(cards):
            try:
                declared[seat].append(classify(group, rules, trump))
            except InvalidProject as e:
                raise InputError("bad-project", f"{field}[{i}]", value=group, reason=e.reason) from None
    check_distinct(placed)
    if any(declared.values()) and not declaration_window(rules).declarations:
        raise bad_field(obj["projects"], "projects", "{}")
    return declared


def _belote_seat(obj: Mapping[str, Any], trump: int, declared: Mapping[Seat, list[Project]]) -> Seat | None:
    value = obj.get("belote")
    if value is None:
        return None
    if trump == NO_TRUMP:
        raise bad_field(value, "belote", "null")
    seat = parse_seat(value, "belote")
    # The K and Q of trump are the holder's: no other seat can have declared them.
    pair = {card(trump, KING), card(trump, QUEEN)}
    for other, projects in declared.items():
        for p in projects:
            clash = pair.intersection(p.cards)
            if other != seat and clash:
                raise InputError("duplicate-card", "belote", value=min(clash), first=f"projects.{other}")
    return seat


def _saudi_fields(obj: Mapping[str, Any], trump: int) -> tuple[int, bool, Any]:
    sun = trump == NO_TRUMP
    # double.sa.sun-condition: only Double exists in Sun.
    multiplier = as_int(obj.get("multiplier", 1), "multiplier", 1, 2 if sun else 4)
    gahwa = as_bool(obj.get("gahwa", False), "gahwa")
    if gahwa and multiplier != 4:
        # Gahwa answers Four, so it comes with the multiplier 4.
        raise bad_field(multiplier, "multiplier", 4)
    bidding_card = None
    if obj.get("bidding_card") is not None:
        bidding_card = parse_card(obj["bidding_card"], "bidding_card")
    return multiplier, gahwa, bidding_card


# ---------------------------------------------------------------- bid


def cmd_bid(obj: Mapping[str, Any], lang: str, deck: str = "french") -> dict[str, Any]:
    check_fields(obj, ("variant", "dealer", "bidding_card", "calls"), ("hand", "game_score", *COMMON))
    ctx = _context(obj, lang, deck)
    dealer = parse_seat(obj["dealer"], "dealer")
    bidding_card = parse_card(obj["bidding_card"], "bidding_card")
    hand = None
    if obj.get("hand") is not None:
        # Before the bidding card is taken, everyone holds five cards (docs/rules.md §1, Deal).
        hand = parse_cards(obj["hand"], "hand", 5, 5)
        check_distinct([("bidding_card", bidding_card), *((f"hand[{i}]", c) for i, c in enumerate(hand))])
    auction, doubling = read_calls(obj, ctx.rules, dealer, bidding_card, hand)
    return _bid_json(auction, doubling, hand, ctx)


def _bid_json(
    auction: Auction, doubling: Doubling | None, hand: list[Card] | None, ctx: Context
) -> dict[str, Any]:
    if doubling is not None:
        return {**_doubling_json(doubling, ctx), "contract": doubling.contract.as_json()}
    contract = auction.contract
    return {
        "to_act": None if auction.to_act is None else str(auction.to_act),
        "allowed": auction.allowed(hand),
        "refused": {call: ctx.reasons(reasons) for call, reasons in auction.refusals(hand).items()},
        "contract": None if contract is None else contract.as_json(),
    }


def _doubling_json(doubling: Doubling, ctx: Context) -> dict[str, Any]:
    """The Saudi doubling after the contract: the words of the ladder that may be said next, and
    why not the others, with the rule that names who may say the next word.

    The auction is over, so ``to_act`` stays ``null``; who may say a word is the ladder's (the
    module notes of :mod:`engine.auction`): Double either defender, Three and Gahwa the buyer,
    Four the doubler. When only ``pass`` is left (Sun at a score that forbids Double), or once the
    ladder is closed, nothing may be said.
    """
    if doubling.is_over:
        return {"to_act": None, "allowed": [], "refused": {}}
    seat = doubling.speakers[0]
    allowed = doubling.allowed(seat) if doubling.words_left else []
    refused: dict[str, list[dict[str, str]]] = {}
    for word in (PASS, *LADDER):
        if word not in allowed:
            try:
                doubling.verify(word, seat)
            except IllegalCall as e:
                refused[word] = ctx.reasons(e.reasons)
    return {"to_act": None, "allowed": allowed, "refused": refused}


# ---------------------------------------------------------------- play: a whole hand


def cmd_play(obj: Mapping[str, Any], lang: str, deck: str = "french") -> dict[str, Any]:
    """A hand from the deal: the hands as dealt (``deal_2_then_3`` deals two cards then three),
    the auction and the Saudi doubling so far, then the cards played so far, each checked."""
    check_fields(obj, ("variant", "dealer"), ("deck", "seed", "calls", "plays", "game_score", *COMMON))
    ctx = _context(obj, lang, deck)
    rules = ctx.rules
    dealer = parse_seat(obj["dealer"], "dealer")
    seed, cards = read_deck(obj)
    hand = Hand(rules, dealer, seed=seed, deck=cards, game_score=read_game_score(obj, rules))
    auction, doubling = read_calls(obj, rules, dealer, hand.first.bidding_card, None)
    for record in auction.history:
        hand.call(record.call, record.seat, list(record.cards) or None)
    for seat, call in () if doubling is None else doubling.history:
        hand.double(call, seat)
    if hand.phase is Phase.DOUBLING and not hand.doubling_open():
        # Nothing but pass may be said (Sun at a score that forbids Double): play begins.
        assert hand.doubling is not None
        hand.double(PASS, hand.doubling.speakers[0])
    out: dict[str, Any] = {
        "dealer": str(dealer),
        "bidding_card": str(hand.first.bidding_card),
        "dealt": {str(s): [str(c) for c in cards_of(hand.first.hands[s])] for s in SEATS},
        "auction": _bid_json(auction, doubling, None, ctx),
    }
    plays = _play_items(obj)
    t = hand.tricks
    if hand.phase not in (Phase.PLAY, Phase.DONE) or t is None or hand.contract is None:
        if plays:
            raise InputError("auction-over" if hand.phase is Phase.VOID else "missing-field", "plays")
        return {**out, "hands": None, "steps": [], "to_play": None, "legal": [], "trick": [], "tricks": [],
                "points": None, "score": None}  # fmt: skip
    for i, item in enumerate(plays):
        hand.play(_checked_play(t, item, f"plays[{i}]"))
    over = hand.phase is Phase.DONE
    score = None
    if over:
        scored = hand.score()
        score = {
            "points": {str(team): scored.points[team] for team in Team},
            "result": scored.result,
            "steps": ctx.steps(scored.steps),
        }
    return {
        **out,
        "hands": {str(s): [str(c) for c in cards_of(t.hands[s])] for s in SEATS},
        "steps": [
            {"rule": lead.rule, "text": ctx.say(lead)} for lead in [first_lead(rules, dealer, hand.contract)]
        ],
        "to_play": None if over else str(SEATS[t.to_play]),
        "legal": [] if over else [str(c) for c in cards_of(t.legal())],
        "trick": [[str(p.seat), str(p.card)] for p in t.moves[len(t.taken) * 4 :]],
        "tricks": [_taken_json(taken, rules, hand.contract.trump, ctx) for taken in t.taken],
        "points": {str(team): t.points[team] for team in Team},
        "score": score,
    }


def _play_items(obj: Mapping[str, Any]) -> list[Any]:
    """``plays``: the cards played so far in a hand, 32 at most."""
    items = as_list(obj.get("plays", []), "plays", f"[{PLAY}, …]")
    if len(items) > 32:
        raise InputError("trick-size", "plays", value=len(items), expected=span(0, 32))
    return items


def _checked_play(t: TrickPlay, item: Any, where: str) -> Card:
    """One ``[seat, card]`` of ``plays``: the player to play, and a card they may play now."""
    if not isinstance(item, list) or len(item) != 2:
        raise bad_field(item, where, PLAY)
    seat = parse_seat(item[0], f"{where}[0]")
    c = parse_card(item[1], f"{where}[1]")
    if seat != t.to_play:
        raise InputError("out-of-turn", f"{where}[0]", value=seat, expected=SEATS[t.to_play])
    legal = t.legal()
    if not legal >> c & 1:
        expected = " / ".join(str(x) for x in cards_of(legal))
        reasons = t.explain(c) if t.hands[seat] >> c & 1 else []
        raise InputError("bad-field", f"{where}[1]", value=c, expected=expected, reasons=reasons)
    return c


def _taken_json(taken: TrickTaken, rules: RuleSet, trump: int, ctx: Context) -> dict[str, Any]:
    seats = seats_from(taken.leader, rules.clockwise)
    plays = list(zip(seats, taken.cards, strict=True))
    reason = explain_trick(plays, trump).reason
    return {
        "plays": [[str(s), str(c)] for s, c in plays],
        "winner": str(taken.winner),
        "points": taken.points,
        "rule": reason.rule,
        "message": ctx.say(reason),
    }


# ---------------------------------------------------------------- hint


def cmd_hint(obj: Mapping[str, Any], lang: str, deck: str = "french") -> dict[str, Any]:
    """The best cards of a best-card position (engine.solver.position's notation) and its themes."""
    position = read_position({k: v for k, v in obj.items() if k != "lang"})
    ctx = Context(position.rules, lang, deck)
    h = hint(position)
    return {
        "seat": str(h.seat),
        "best": [str(c) for c in h.best],
        "points": h.points,
        "themes": list(h.themes),
        "reasons": ctx.reasons([h.reason]),
    }


# ---------------------------------------------------------------- running

Command = Callable[..., dict[str, Any]]

COMMANDS: dict[str, Command] = {
    "legal": cmd_legal,
    "trick": cmd_trick,
    "projects": cmd_projects,
    "score": cmd_score,
    "bid": cmd_bid,
    "hint": cmd_hint,
    "play": cmd_play,
    # The coach: advise and review, judged from one seat's view (engine/coach/cli.py).
    **coach_cli.COMMANDS,
}


# The commands of a game, by how many play it: the two-player game answers five of them.
COMMANDS_BY_PLAYERS: dict[int, Mapping[str, Command]] = {4: COMMANDS, 2: two_player.COMMANDS}

# Every command the command line accepts, as an unknown command's error lists them.
ACCEPTED: tuple[str, ...] = (*COMMANDS, *(c for c in two_player.COMMANDS if c not in COMMANDS))


def run(argv: Sequence[str], data: bytes) -> tuple[int, dict[str, Any]]:
    """Exit status and output object for a command line and its standard input."""
    lang, variant = "en", ""
    try:
        if len(argv) != 1 or argv[0] not in ACCEPTED:
            raise InputError("unknown-command", "command", value=" ".join(argv), commands=ACCEPTED)
        obj = read_object(data)
        lang = parse_lang(obj)
        game = GAMES.get(obj["variant"]) if isinstance(obj.get("variant"), str) else None
        if game is not None:
            variant = game.wording()  # the two-player game speaks French Belote's words
        commands = COMMANDS_BY_PLAYERS[4 if game is None else game.players]
        if argv[0] not in commands:
            if argv[0] in COMMANDS:  # a four-player command: the variant is the wrong one
                raise bad_field(obj["variant"], "variant", ", ".join(VARIANTS))
            raise InputError("unknown-command", "command", value=" ".join(argv), commands=ACCEPTED)
        return EXIT_OK, commands[argv[0]](obj, lang)
    except InputError as e:
        return EXIT_INPUT, _error(e.code, e.field, e.params, lang, variant)
    except Exception as e:  # the contract: never a traceback, always one JSON object
        return EXIT_INTERNAL, _error("internal", None, {"detail": f"{type(e).__name__}: {e}"}, lang, variant)


def _error(
    code: str, field: str | None, params: Mapping[str, Any], lang: str, variant: str = ""
) -> dict[str, Any]:
    """The error object: the code, the offending field, and a message naming it."""
    params = {**params, "field": field} if field else dict(params)
    if "commands" in params:  # named in the message's language: «legal، trick» in Arabic
        params["commands"] = series(params["commands"], variant, lang)
    try:
        message = error_message(code, lang, params, variant)
        # A refused call also says why, in the rule's own words.
        for reason in params.get("reasons", ()):
            message += " " + render(reason, variant, lang)
    except Exception:  # a broken catalog must not hide the error being reported
        message = f"error.{code}"
    if field and field not in message:
        message = f"{message} ({field})"
    error: dict[str, Any] = {"code": code}
    if field is not None:
        error["field"] = field
    if "reasons" in params:
        error["rules"] = [r.rule for r in params["reasons"]]
    if code == "internal":
        error["detail"] = params.get("detail", "")  # for a bug report; the message stays general
    error["message"] = message
    return {"error": error}


def main(
    argv: Sequence[str] | None = None, stdin: BinaryIO | None = None, stdout: BinaryIO | None = None
) -> int:
    argv = sys.argv[1:] if argv is None else argv
    stdin = sys.stdin.buffer if stdin is None else stdin
    stdout = sys.stdout.buffer if stdout is None else stdout
    try:
        data = stdin.read()
    except Exception as e:
        status, out = EXIT_INTERNAL, _error("internal", None, {"detail": str(e)}, "en")
    else:
        status, out = run(argv, data)
    status, body = _utf8(status, out)
    stdout.write(body + b"\n")
    stdout.flush()
    return status


def _utf8(status: int, out: dict[str, Any]) -> tuple[int, bytes]:
    """The output object as UTF-8 JSON, whatever strings of the input it repeats.

    A lone surrogate (``"\\ud800"``) is valid JSON but not text: it cannot be written in
    UTF-8. An error repeating it shows it as its escape; an answer that would carry one
    is refused as input that is not text.
    """
    text = json.dumps(out, ensure_ascii=False)
    try:
        return status, text.encode("utf-8")
    except UnicodeEncodeError:
        pass
    if status == EXIT_OK:
        status, out = EXIT_INPUT, _error("bad-json", None, {"value": "a lone surrogate is not text"}, "en")
    return status, json.dumps(_escaped(out), ensure_ascii=False).encode("utf-8")


def _escaped(value: Any) -> Any:
    """``value`` with every string's unwritable characters spelt as their ``\\uXXXX`` escape."""
    if isinstance(value, str):
        return value.encode("utf-8", "backslashreplace").decode("utf-8")
    if isinstance(value, dict):
        return {_escaped(k): _escaped(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_escaped(v) for v in value]
    return value
