"""Right or wrong: the only place the site decides, always by asking the engine.

A puzzle's position is the JSON input of an engine command (docs/engine-cli.md); the site runs the
command in-process through :data:`engine.cli.COMMANDS`, in the learner's language, and compares
the learner's answer with the engine's output and the author's accepted answers.

Two steps, so that a tampered or mistyped form never reaches the engine:

- :func:`parse_answer` reads the posted form (fields in :data:`ANSWER_FIELDS`) into an answer
  value, or raises :class:`BadAnswer` with a message in the active language;
- :func:`check` returns a :class:`Verdict`; :func:`solution` gives the right answer to show.

Answer values, by task: ``play`` a card (``"KC"``); ``all-legal`` a list of cards; ``trick-winner``
a seat (``"N"``); ``count`` an int; ``score`` ``{"NS": int, "EW": int}``; ``projects`` ``"NS"``,
``"EW"`` or ``"none"``; ``bid`` a call (``"hokm"``, ``"hokm:S"``); ``first-lead`` a seat;
``double`` a doubling word (``"pass"``, ``"double"``, ``"three"``, ``"four"``, ``"gahwa"``);
``violation`` a seat or ``"none"``; ``best-card`` a card of the seat to play; ``sheet`` the number of
the line of the score sheet that is wrong (1 for the first hand); ``trumps-left`` an int (the
trumps the three others still hold); ``contract-made`` ``"made"``, ``"open"`` (not decided yet) or
``"lost"``. They are JSON-able:
an attempt stores them as they are.

Feedback comes in three stages (:class:`Verdict`): first only what is wrong with the learner's
answer (``wrong``: the rule it breaks, the card that beats it, the step of the count that went
wrong, :mod:`lessons.score_feedback`), never the right answer; then the puzzle's hint; then the
whole explanation (``reasons``, ``steps``, ``line``) with the solution. A puzzle's author may say
why a given wrong answer is wrong (``Puzzle.why_not``): that comes first.

The last seven kinds have no engine command: :mod:`lessons.positions` asks the engine's
Python API and answers in the same shape (``best-card``: the exact solver, every hand open;
``sheet``: each hand through the engine's ``score``).
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop

from engine import messages
from engine.cards import CARDS, Card, NotationError
from engine.cli import COMMANDS
from engine.notation import InputError, parse_rules, parse_trick, parse_trump
from engine.play import card_effect, why_not_winning
from engine.ranking import NO_TRUMP, STRENGTH
from lessons import positions, score_feedback
from lessons.models import TASK_COMMANDS, Puzzle, Task
from lessons.templatetags.baloot import variant_gettext

SEATS = ("N", "E", "S", "W")
TEAMS = ("NS", "EW")
TEAM_ANSWERS = ("NS", "EW", "none")
SEAT_ANSWERS = (*SEATS, "none")  # violation: somebody, or nobody broke a rule

# The form fields each task posts. ``all-legal`` posts ``cards`` once per ticked card.
# Any form may also post ``task``: a value that is not the puzzle's task is refused.
ANSWER_FIELDS: dict[str, tuple[str, ...]] = {
    Task.PLAY: ("card",),
    Task.ALL_LEGAL: ("cards",),
    Task.TRICK_WINNER: ("seat",),
    Task.COUNT: ("points",),
    Task.SCORE: ("NS", "EW"),
    Task.PROJECTS: ("team",),
    Task.BID: ("call",),
    Task.FIRST_LEAD: ("seat",),
    Task.DOUBLE: ("call",),
    Task.VIOLATION: ("seat",),
    Task.BEST_CARD: ("card",),
    Task.SHEET: ("line",),
    Task.TRUMPS_LEFT: ("count",),
    Task.CONTRACT_MADE: ("outcome",),
    Task.DECOUVERTE_CARD: ("card",),
}

# contract-made: already made, not decided yet, already lost (engine.counting's verdicts).
OUTCOMES = ("made", "open", "lost")

# Points as typed: any script's digits (Python's int() reads ٢٥ and ۲۵ as 25), no sign, no decimals.
_NUMBER = re.compile(r"^\s*(\d{1,4})\s*$")
_CALL = re.compile(r"^[a-z-]{1,20}(?::[SHDC])?$")


class BadAnswer(ValueError):
    """A posted answer that cannot be an answer to this puzzle; ``str()`` is the learner's message."""

    def __init__(self, message: Any) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return str(self.message)


@dataclass(frozen=True)
class Solution:
    """The right answer, for display.

    ``values``: in notation, like the answer values (the accepted cards or calls; the one seat,
    number, points or team). ``labels``: the same in the learner's language and deck (digits stay
    Western: the page localizes them). ``steps``: the engine's explanation, ``{rule, text}``.
    ``line`` (best-card): the tricks of the best line, ``{n, plays: [[seat, card], ...], winner,
    points, rule, text}`` each.
    """

    values: list[Any]
    labels: list[str]
    steps: list[dict[str, str]]
    line: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class Verdict:
    """The outcome of one answer.

    ``reasons``: why this answer is wrong, from the engine, ``{rule, message}`` (an illegal card,
    a refused call, who really wins the trick, the scoring steps); empty when right.
    ``steps``: the engine's explanation of the right answer, ``{rule, text}`` (score and projects
    steps; the trick-winning sentence for trick-winner and count); show them with a right answer.
    ``legal_but_not_best``: a ``play`` card or ``bid`` call that is allowed but not among the
    accepted answers. ``missing``: for ``all-legal``, how many legal cards were not ticked.
    ``line`` (best-card): the tricks played after the learner's legal card with best play on both
    sides, as in :attr:`Solution.line` (their ``solve.trick`` sentences are among the reasons or
    the steps too); ``lost``: the card points that card gives away (0 for a best card).
    """

    correct: bool
    reasons: list[dict[str, str]] = field(default_factory=list)
    steps: list[dict[str, str]] = field(default_factory=list)
    solution: Solution | None = None
    legal_but_not_best: bool = False
    missing: int = 0
    line: list[dict[str, Any]] = field(default_factory=list)
    lost: int | None = None
    wrong: list[dict[str, str]] = field(default_factory=list)
    """What is wrong with this answer, ``{rule, message}`` (``rule`` may be empty), for the first
    wrong try: it never contains the right answer. Empty when right."""


def reason_for(verdict: Verdict) -> tuple[str, str]:
    """The rule and the sentence saying why a wrong answer is wrong: what the learner read first
    (the teacher's dashboard shows the same). ``("", "")`` for a right answer."""
    for item in [*verdict.wrong, *verdict.reasons]:
        return item["rule"], item["message"]
    return "", ""


# ---------------------------------------------------------------- the engine


def engine_output(puzzle: Puzzle, lang: str, deck: str = "french") -> dict[str, Any]:
    """The engine's answer for the puzzle's position (shared between calls: do not modify it)."""
    command = TASK_COMMANDS[Task(puzzle.task)]
    position = json.dumps(puzzle.position, sort_keys=True)
    if lang not in messages.LANGUAGES:
        lang = messages.DEFAULT_LANGUAGE
    if deck not in messages.DECKS:
        deck = "french"
    return _run(command, position, lang, deck)


def trick_message(position: Mapping[str, Any], lang: str, deck: str = "french") -> str:
    """The engine's verdict on a whole trick of ``position``, in words: who wins it, what it is worth."""
    trick = {key: position[key] for key in ("variant", "trump", "trick", "options") if key in position}
    lang = lang if lang in messages.LANGUAGES else messages.DEFAULT_LANGUAGE
    deck = deck if deck in messages.DECKS else "french"
    return str(_run("trick", json.dumps(trick, sort_keys=True), lang, deck)["message"])


@functools.lru_cache(maxsize=2048)
def _run(command: str, position: str, lang: str, deck: str) -> dict[str, Any]:
    # Positions are few and answers many: the same question is answered from the cache.
    function = _command(command)
    if deck != "french" and _takes_deck(command):
        return function(json.loads(position), lang, deck=deck)
    return function(json.loads(position), lang)


@functools.cache
def _takes_deck(command: str) -> bool:
    """Whether the engine command can name cards in the Spanish deck (else French names are used)."""
    return "deck" in inspect.signature(_command(command)).parameters


def _command(command: str) -> Any:
    return COMMANDS[command] if command in COMMANDS else positions.COMMANDS[command]


# ---------------------------------------------------------------- reading the form


def parse_answer(puzzle: Puzzle, data: Mapping[str, Any]) -> Any:
    """The answer posted in ``data`` (a QueryDict or a dict), checked for shape, not for rightness."""
    task = puzzle.task
    if task not in ANSWER_FIELDS:
        raise BadAnswer(_("This puzzle cannot be answered here."))
    posted_task = data.get("task")
    if posted_task not in (None, "", task):
        raise BadAnswer(_("This answer was written for another puzzle. Please reload the page."))
    return _PARSERS[task](puzzle, data)


def _values(data: Mapping[str, Any], name: str) -> list[Any]:
    if hasattr(data, "getlist"):
        return list(data.getlist(name))
    value = data.get(name)
    if value is None:
        return []
    return list(value) if isinstance(value, list | tuple) else [value]


def _single(data: Mapping[str, Any], name: str, missing: Any) -> str:
    values = _values(data, name)
    if len(values) != 1 or not isinstance(values[0], str | int) or isinstance(values[0], bool):
        raise BadAnswer(missing)
    return str(values[0]).strip()


def _hand(puzzle: Puzzle) -> list[str]:
    return [str(Card.parse(c)) for c in puzzle.position.get("hand", [])]


def _card(value: Any, hand: list[str]) -> str:
    try:
        card = str(Card.parse(str(value).strip()))
    except (NotationError, ValueError, TypeError):
        raise BadAnswer(_("“%(value)s” is not a card.") % {"value": str(value)[:20]}) from None
    if card not in hand:
        raise BadAnswer(_("That card is not in the hand."))
    return card


def _number(text: str) -> int:
    match = _NUMBER.match(text)
    if match is None:
        raise BadAnswer(_("Enter the points as a whole number, like 25."))
    return int(match.group(1))


def _parse_play(puzzle: Puzzle, data: Mapping[str, Any]) -> str:
    return _card(_single(data, "card", _("Choose one card.")), _hand(puzzle))


def _parse_all_legal(puzzle: Puzzle, data: Mapping[str, Any]) -> list[str]:
    hand = _hand(puzzle)
    chosen = {_card(v, hand) for v in _values(data, "cards")}
    return [c for c in hand if c in chosen]  # in the order of the hand, each once


def _parse_trick_winner(puzzle: Puzzle, data: Mapping[str, Any]) -> str:
    seat = _single(data, "seat", _("Choose a seat.")).upper()
    if seat not in SEATS:
        raise BadAnswer(_("Choose a seat: North, East, South or West."))
    return seat


def _parse_count(puzzle: Puzzle, data: Mapping[str, Any]) -> int:
    return _number(_single(data, "points", _("Enter the points.")))


def _parse_score(puzzle: Puzzle, data: Mapping[str, Any]) -> dict[str, int]:
    return {team: _number(_single(data, team, _("Enter the points of both teams."))) for team in TEAMS}


def _parse_projects(puzzle: Puzzle, data: Mapping[str, Any]) -> str:
    team = _single(data, "team", _("Choose a team, or nobody."))
    if team not in TEAM_ANSWERS:
        raise BadAnswer(_("Choose a team, or nobody."))
    return team


def _parse_bid(puzzle: Puzzle, data: Mapping[str, Any]) -> str:
    call = _single(data, "call", _("Choose a call."))
    if not _CALL.match(call):
        raise BadAnswer(_("This is not a call."))
    output = engine_output(puzzle, "en")
    if call not in output.get("allowed", []) and call not in output.get("refused", {}):
        raise BadAnswer(_("This call cannot be made here."))
    return call


def _parse_first_lead(puzzle: Puzzle, data: Mapping[str, Any]) -> str:
    return _parse_trick_winner(puzzle, data)


def _parse_double(puzzle: Puzzle, data: Mapping[str, Any]) -> str:
    word = _single(data, "call", _("Choose a call.")).lower()
    if word not in positions.DOUBLING_WORDS:
        raise BadAnswer(_("This call cannot be made here."))
    return word


def _parse_best_card(puzzle: Puzzle, data: Mapping[str, Any]) -> str:
    # Every hand is in the position: the card must be one of the seat to play, as the solver reads it.
    hand = list(engine_output(puzzle, "en")["hand"])
    return _card(_single(data, "card", _("Choose one card.")), hand)


def _parse_decouverte_card(puzzle: Puzzle, data: Mapping[str, Any]) -> str:
    # The player's face-up cards, the only ones anyone may play in découverte.
    hand = list(engine_output(puzzle, "en")["hand"])
    return _card(_single(data, "card", _("Choose one card.")), hand)


def _parse_violation(puzzle: Puzzle, data: Mapping[str, Any]) -> str:
    seat = _single(data, "seat", _("Choose a seat, or nobody."))
    seat = "none" if seat.lower() == "none" else seat.upper()
    if seat not in SEAT_ANSWERS:
        raise BadAnswer(_("Choose a seat, or nobody."))
    return seat


def _parse_sheet(puzzle: Puzzle, data: Mapping[str, Any]) -> int:
    text = _single(data, "line", _("Choose the line of the sheet that is wrong."))
    line = int(text) if text.isascii() and text.isdigit() else 0
    if not 1 <= line <= len(puzzle.position.get("hands", [])):
        raise BadAnswer(_("This sheet has no such line. Please reload the page."))
    return line


def _parse_trumps_left(puzzle: Puzzle, data: Mapping[str, Any]) -> int:
    match = _NUMBER.match(_single(data, "count", _("Enter a number.")))
    if match is None or int(match.group(1)) > 8:
        raise BadAnswer(_("Enter a whole number from 0 to 8."))
    return int(match.group(1))


def _parse_contract_made(puzzle: Puzzle, data: Mapping[str, Any]) -> str:
    outcome = _single(data, "outcome", _("Choose an answer.")).lower()
    if outcome not in OUTCOMES:
        raise BadAnswer(_("This answer was written for another puzzle. Please reload the page."))
    return outcome


# Keyed by the puzzle's task as stored (a plain string; Task's values are strings too).
_PARSERS: dict[str, Callable[[Puzzle, Mapping[str, Any]], object]] = {
    Task.PLAY: _parse_play,
    Task.ALL_LEGAL: _parse_all_legal,
    Task.TRICK_WINNER: _parse_trick_winner,
    Task.COUNT: _parse_count,
    Task.SCORE: _parse_score,
    Task.PROJECTS: _parse_projects,
    Task.BID: _parse_bid,
    Task.FIRST_LEAD: _parse_first_lead,
    Task.DOUBLE: _parse_double,
    Task.VIOLATION: _parse_violation,
    Task.BEST_CARD: _parse_best_card,
    Task.SHEET: _parse_sheet,
    Task.TRUMPS_LEFT: _parse_trumps_left,
    Task.CONTRACT_MADE: _parse_contract_made,
    Task.DECOUVERTE_CARD: _parse_decouverte_card,
}


# ---------------------------------------------------------------- checking


def check(puzzle: Puzzle, answer: Any, lang: str, deck: str = "french") -> Verdict:
    """Whether ``answer`` (from :func:`parse_answer`) solves the puzzle, and why, in ``lang``."""
    output = engine_output(puzzle, lang, deck)
    verdict = _CHECKS[puzzle.task](puzzle, answer, output, lang, deck)
    if verdict.correct:
        return verdict
    with translation.override(lang):  # the site's sentences in ``lang``, whatever the page's language
        wrong = _WRONG[puzzle.task](puzzle, answer, output, verdict, lang, deck)
    authored = authored_reason(puzzle, answer, lang)
    if authored is not None:
        wrong = [authored, *wrong]
    return dataclasses.replace(verdict, wrong=wrong)


def solution(puzzle: Puzzle, lang: str, deck: str = "french") -> Solution:
    """The right answer and the engine's explanation, for "show solution"."""
    return _solution(puzzle, engine_output(puzzle, lang, deck), lang, deck)


def _as_reasons(steps: list[dict[str, str]]) -> list[dict[str, str]]:
    return [{"rule": s["rule"], "message": s["text"]} for s in steps]


def _trick_step(output: dict[str, Any]) -> list[dict[str, str]]:
    return [{"rule": output["rule"], "text": output["message"]}]


def _check_play(puzzle: Puzzle, answer: Any, output: dict[str, Any], lang: str, deck: str) -> Verdict:
    sol = _solution(puzzle, output, lang, deck)
    if answer in puzzle.answers:
        return Verdict(correct=True, solution=sol)
    if answer in output["illegal"]:
        return Verdict(correct=False, reasons=list(output["illegal"][answer]), solution=sol)
    return Verdict(correct=False, solution=sol, legal_but_not_best=answer in output["legal"])


def _check_all_legal(puzzle: Puzzle, answer: Any, output: dict[str, Any], lang: str, deck: str) -> Verdict:
    sol = _solution(puzzle, output, lang, deck)
    chosen = set(answer)
    legal = set(output["legal"])
    if chosen == legal:
        return Verdict(correct=True, solution=sol)
    reasons: list[dict[str, str]] = []
    for card in answer:
        for reason in output["illegal"].get(card, []):
            if reason not in reasons:
                reasons.append(reason)
    return Verdict(correct=False, reasons=reasons, solution=sol, missing=len(legal - chosen))


def _check_trick_winner(puzzle: Puzzle, answer: Any, output: dict[str, Any], lang: str, deck: str) -> Verdict:
    steps = _trick_step(output)
    sol = _solution(puzzle, output, lang, deck)
    if answer == output["winner"]:
        return Verdict(correct=True, steps=steps, solution=sol)
    return Verdict(correct=False, reasons=_as_reasons(steps), steps=steps, solution=sol)


def _check_count(puzzle: Puzzle, answer: Any, output: dict[str, Any], lang: str, deck: str) -> Verdict:
    steps = _trick_step(output)
    sol = _solution(puzzle, output, lang, deck)
    if answer == output["points"]:
        return Verdict(correct=True, steps=steps, solution=sol)
    return Verdict(correct=False, reasons=_as_reasons(steps), steps=steps, solution=sol)


def _check_score(puzzle: Puzzle, answer: Any, output: dict[str, Any], lang: str, deck: str) -> Verdict:
    steps = list(output.get("steps", []))
    sol = _solution(puzzle, output, lang, deck)
    if answer == output["points"]:
        return Verdict(correct=True, steps=steps, solution=sol)
    return Verdict(correct=False, reasons=_as_reasons(steps), steps=steps, solution=sol)


def _check_projects(puzzle: Puzzle, answer: Any, output: dict[str, Any], lang: str, deck: str) -> Verdict:
    steps = list(output.get("steps", []))
    sol = _solution(puzzle, output, lang, deck)
    if answer == (output["counted_team"] or "none"):
        return Verdict(correct=True, steps=steps, solution=sol)
    return Verdict(correct=False, reasons=_as_reasons(steps), steps=steps, solution=sol)


def _check_bid(puzzle: Puzzle, answer: Any, output: dict[str, Any], lang: str, deck: str) -> Verdict:
    sol = _solution(puzzle, output, lang, deck)
    if answer in puzzle.answers:
        return Verdict(correct=True, solution=sol)
    refused = output.get("refused", {})
    if answer in refused:
        return Verdict(correct=False, reasons=list(refused[answer]), solution=sol)
    return Verdict(correct=False, solution=sol, legal_but_not_best=answer in output.get("allowed", []))


def _check_first_lead(puzzle: Puzzle, answer: Any, output: dict[str, Any], lang: str, deck: str) -> Verdict:
    steps = _trick_step(output)
    sol = _solution(puzzle, output, lang, deck)
    if answer == output["leader"]:
        return Verdict(correct=True, steps=steps, solution=sol)
    return Verdict(correct=False, reasons=_as_reasons(steps), steps=steps, solution=sol)


def _check_double(puzzle: Puzzle, answer: Any, output: dict[str, Any], lang: str, deck: str) -> Verdict:
    sol = _solution(puzzle, output, lang, deck)
    if answer in puzzle.answers:
        return Verdict(correct=True, solution=sol)
    if answer in output["refused"]:
        return Verdict(correct=False, reasons=list(output["refused"][answer]), solution=sol)
    return Verdict(correct=False, solution=sol, legal_but_not_best=answer in output["allowed"])


def _check_violation(puzzle: Puzzle, answer: Any, output: dict[str, Any], lang: str, deck: str) -> Verdict:
    sol = _solution(puzzle, output, lang, deck)
    if answer == (output["offender"] or "none"):
        return Verdict(correct=True, steps=list(output["steps"]), solution=sol)
    # Wrong: no reasons, or they would name the offender; the hint and the solution are there for that.
    return Verdict(correct=False, solution=sol)


def _check_best_card(puzzle: Puzzle, answer: Any, output: dict[str, Any], lang: str, deck: str) -> Verdict:
    sol = _solution(puzzle, output, lang, deck)
    line = list(output["lines"].get(answer, []))
    if answer in puzzle.answers:
        return Verdict(correct=True, steps=_best_card_steps(output, line), solution=sol, line=line, lost=0)
    if answer in output["illegal"]:
        return Verdict(correct=False, reasons=list(output["illegal"][answer]), solution=sol)
    # A legal card that is not best: the points it gives away, then the line after it.
    return Verdict(
        correct=False,
        reasons=list(output["why_not"].get(answer, [])),
        solution=sol,
        legal_but_not_best=answer in output["legal"],
        line=line,
        lost=output["loss"].get(answer),
    )


def _check_decouverte_card(
    puzzle: Puzzle, answer: Any, output: dict[str, Any], lang: str, deck: str
) -> Verdict:
    sol = _solution(puzzle, output, lang, deck)
    if answer in puzzle.answers:
        return Verdict(correct=True, solution=sol, lost=0)
    if answer in output["illegal"]:
        return Verdict(correct=False, reasons=list(output["illegal"][answer]), solution=sol)
    return Verdict(
        correct=False,
        solution=sol,
        legal_but_not_best=answer in output["legal"],
        lost=output["loss"].get(answer),
    )


def _best_card_steps(output: dict[str, Any], line: list[dict[str, Any]]) -> list[dict[str, str]]:
    """The solver's explanation with the tricks of ``line``: the learner's best card may not be
    the one the principal line starts with."""
    steps = output["steps"]
    tricks = [{"rule": t["rule"], "text": t["text"]} for t in line]
    return [steps[0], *tricks, *(s for s in steps[1:] if s["rule"] != "solve.trick")]


def _check_sheet(puzzle: Puzzle, answer: Any, output: dict[str, Any], lang: str, deck: str) -> Verdict:
    sol = _solution(puzzle, output, lang, deck)
    if answer in output["wrong"]:
        return Verdict(correct=True, steps=sol.steps, solution=sol)
    # The line chosen is right: its own count says why (it does not name the wrong line).
    chosen = output["lines"][answer - 1]
    return Verdict(correct=False, reasons=_as_reasons(chosen["steps"]), solution=sol)


def _check_trumps_left(puzzle: Puzzle, answer: Any, output: dict[str, Any], lang: str, deck: str) -> Verdict:
    sol = _solution(puzzle, output, lang, deck)
    if answer == output["left"]:
        return Verdict(correct=True, steps=sol.steps, solution=sol)
    return Verdict(correct=False, reasons=_as_reasons(sol.steps), solution=sol)


def _check_contract_made(
    puzzle: Puzzle, answer: Any, output: dict[str, Any], lang: str, deck: str
) -> Verdict:
    sol = _solution(puzzle, output, lang, deck)
    if answer == output["verdict"]:
        return Verdict(correct=True, steps=sol.steps, solution=sol)
    return Verdict(correct=False, reasons=_as_reasons(sol.steps), solution=sol)


_CHECKS: dict[str, Callable[[Puzzle, Any, dict[str, Any], str, str], Verdict]] = {
    Task.PLAY: _check_play,
    Task.ALL_LEGAL: _check_all_legal,
    Task.TRICK_WINNER: _check_trick_winner,
    Task.COUNT: _check_count,
    Task.SCORE: _check_score,
    Task.PROJECTS: _check_projects,
    Task.BID: _check_bid,
    Task.FIRST_LEAD: _check_first_lead,
    Task.DOUBLE: _check_double,
    Task.VIOLATION: _check_violation,
    Task.BEST_CARD: _check_best_card,
    Task.SHEET: _check_sheet,
    Task.TRUMPS_LEFT: _check_trumps_left,
    Task.CONTRACT_MADE: _check_contract_made,
    Task.DECOUVERTE_CARD: _check_decouverte_card,
}


# ---------------------------------------------------------------- what is wrong (the first try)


def authored_reason(puzzle: Puzzle, answer: Any, lang: str) -> dict[str, str] | None:
    """The author's reason for this wrong answer (``why_not`` in the lesson file), in ``lang``."""
    if not isinstance(answer, str):
        return None
    texts = (puzzle.why_not or {}).get(answer)
    if not texts:
        return None
    # No rule: the puzzle's rules are those of its answer, not necessarily the one this answer misses.
    return {"rule": "", "message": texts.get(lang) or texts.get("en", "")}


def play_effect(
    position: Mapping[str, Any], card: str, lang: str, deck: str = "french"
) -> dict[str, str] | None:
    """What a legal ``card`` does to the trick in progress of a ``play`` position, from the engine
    (:func:`engine.play.card_effect`): it loses the trick to a card already played, or takes it from
    a winning partner. None when the trick alone says nothing (the card leads, or beats an opponent)."""
    try:
        rules = parse_rules(position)
        trump = parse_trump(position.get("trump"), "trump", rules)
        trick = parse_trick(position.get("trick", []), "trick", rules.clockwise, 0, 3)
        effect = card_effect(trick, Card.parse(card), trump)
    except (InputError, NotationError, ValueError):
        return None
    if effect is None:
        return None
    return {"rule": effect.rule, "message": messages.render(effect, position["variant"], lang, deck)}


def _name(puzzle: Puzzle, card: str, lang: str, deck: str) -> str:
    return messages.card_name(Card.parse(card), puzzle.variant, lang, deck)


def _refused_card(
    puzzle: Puzzle, card: str, reasons: list[dict[str, str]], lang: str, deck: str
) -> dict[str, str]:
    # The engine's refusal lists the cards that may be played: the rule's name says enough.
    rule = reasons[0]["rule"] if reasons else ""
    return {
        "rule": rule,
        "message": str(_("You may not play %(card)s here.") % {"card": _name(puzzle, card, lang, deck)}),
    }


def _wrong_play(
    puzzle: Puzzle, answer: Any, output: dict[str, Any], verdict: Verdict, lang: str, deck: str
) -> list[dict[str, str]]:
    if answer in output["illegal"]:
        return [_refused_card(puzzle, answer, output["illegal"][answer], lang, deck)]
    effect = play_effect(puzzle.position, answer, lang, deck)
    return [effect] if effect else []


def _wrong_all_legal(
    puzzle: Puzzle, answer: Any, output: dict[str, Any], verdict: Verdict, lang: str, deck: str
) -> list[dict[str, str]]:
    wrong = []
    for card in answer:
        reasons = output["illegal"].get(card)
        if reasons:
            text = _("You selected %(card)s, which may not be played here.") % {
                "card": _name(puzzle, card, lang, deck)
            }
            wrong.append({"rule": reasons[0]["rule"], "message": str(text)})
    return wrong  # the cards left out are counted, not named (Verdict.missing)


def _trick_plays(position: Mapping[str, Any]) -> list[tuple[Any, Any]]:
    rules = parse_rules(position)
    return parse_trick(position.get("trick", []), "trick", rules.clockwise, 0, 4)


# A first wrong answer to "who wins this trick?" points at the rule to look at, never at the card that
# wins: naming it would give the answer away. The learner's own card may be named (they chose it).
OFF_SUIT = gettext_noop("%(card)s is neither of the suit led nor a trump: it cannot take the trick.")
OFF_SUIT_NO_TRUMP = gettext_noop("%(card)s is not of the suit led: it cannot take the trick.")
TRUMPED = gettext_noop("%(suit)s is trump here: a trump takes the trick over every card of another suit.")
TRUMP_ORDER = gettext_noop("The highest trump takes the trick. Trumps rank: %(order)s.")
PLAIN_ORDER = gettext_noop(
    "No trump in this trick: the highest card of the suit led takes it. Its cards rank: %(order)s."
)
NO_TRUMP_ORDER = gettext_noop(
    "No suit is trump: the highest card of the suit led takes the trick. Its cards rank: %(order)s."
)


def _wrong_trick_winner(
    puzzle: Puzzle, answer: Any, output: dict[str, Any], verdict: Verdict, lang: str, deck: str
) -> list[dict[str, str]]:
    try:
        rules = parse_rules(puzzle.position)
        trump = parse_trump(puzzle.position.get("trump"), "trump", rules)
        plays = _trick_plays(puzzle.position)
    except InputError:
        return []
    index = next((i for i, (seat, _card) in enumerate(plays) if str(seat) == answer), None)
    if index is None:
        return []
    reason = why_not_winning(plays, index, trump)
    if reason is None:
        return []
    message = _rule_to_look_at(reason.params, trump, puzzle.variant, lang, deck)
    return [{"rule": reason.rule, "message": message}]


def _rule_to_look_at(params: Mapping[str, Any], trump: int, variant: str, lang: str, deck: str) -> str:
    """The rule that decides between the learner's card and the winner: the suit led, the trump, or
    the order of the suit's cards, named without naming the winning card."""
    card, by = Card(params["card"]), Card(params["by"])
    if params.get("case") == "off-suit":
        msgid = OFF_SUIT if trump != NO_TRUMP else OFF_SUIT_NO_TRUMP
        return variant_gettext(msgid, variant) % {"card": messages.card_name(card, variant, lang, deck)}
    if params.get("trumped"):
        return variant_gettext(TRUMPED, variant) % {"suit": messages.suit_name(trump, variant, lang, deck)}
    suit = by.suit
    order = sorted((c for c in CARDS if c.suit == suit), key=lambda c: STRENGTH[trump][c], reverse=True)
    # The ranks alone (A, 10, K...): the suit's order is the rule, a card of the trick would be the answer.
    names = messages.series((_rank_name(c, variant, lang, deck) for c in order), variant, lang)
    msgid = TRUMP_ORDER if suit == trump else NO_TRUMP_ORDER if trump == NO_TRUMP else PLAIN_ORDER
    return variant_gettext(msgid, variant) % {"order": names}


def _rank_name(card: Card, variant: str, lang: str, deck: str) -> str:
    if deck == "spanish":
        return messages.rank_index(card.rank, variant, lang, deck)
    return messages.card_name(card, variant, lang, deck).removesuffix(messages.SUIT_SYMBOLS[card.suit])


def _too(given: int, right: int) -> str:
    return str(_("Too many points.") if given > right else _("Too few points."))


def _wrong_count(
    puzzle: Puzzle, answer: Any, output: dict[str, Any], verdict: Verdict, lang: str, deck: str
) -> list[dict[str, str]]:
    return [
        {
            "rule": output["rule"],
            "message": _too(answer, output["points"])
            + " "
            + str(_("Count the cards of the trick one by one.")),
        }
    ]


def _wrong_score(
    puzzle: Puzzle, answer: Any, output: dict[str, Any], verdict: Verdict, lang: str, deck: str
) -> list[dict[str, str]]:
    # The step of the count the learner's figures show was missed, or which figure is off.
    steps = list(output.get("steps", []))
    return score_feedback.what_is_wrong(puzzle.position, answer, steps, puzzle.variant, lang)


def _wrong_projects(
    puzzle: Puzzle, answer: Any, output: dict[str, Any], verdict: Verdict, lang: str, deck: str
) -> list[dict[str, str]]:
    steps = list(output.get("steps", []))
    rule = steps[0]["rule"] if steps else ""
    if answer == "none":
        text = str(_("Some projects do count here."))
    else:
        text = _("The projects of %(team)s do not count here.") % {
            "team": messages.team_name(answer, puzzle.variant, lang)
        }
    return [{"rule": rule, "message": str(text)}]


def _wrong_call(
    puzzle: Puzzle, answer: Any, output: dict[str, Any], verdict: Verdict, lang: str, deck: str
) -> list[dict[str, str]]:
    refused = output.get("refused", {})
    if answer in refused:
        rule = refused[answer][0]["rule"] if refused[answer] else ""
        name = messages.call_name(answer, puzzle.variant, lang, deck)
        return [{"rule": rule, "message": str(_("You may not say “%(call)s” here.") % {"call": name})}]
    if puzzle.task == Task.BID and answer in output.get("allowed", []):
        return _call_figures(puzzle, answer, lang, deck)
    return []


# What a call would likely bring, over deals that fit the caller's cards (the coach's evaluator).
CALL_FIGURE = gettext_noop(
    "%(call)s: the contract is made about %(made)s times in 10, %(value)s game points on average "
    "(from %(low)s to %(high)s)."
)
PUZZLE_SAMPLES = 256
"""Deals sampled to tell a bidding puzzle's learner what their call would likely bring. Not fewer:
at 48 the figures of two close calls swapped from one seed to the next (Pass before Sun where Sun
is the better call over more deals); 256 take about 0.1 s, once per position (cached)."""


def call_figure(
    call: str, option: Mapping[str, float], variant: str, lang: str, deck: str, round_: int = 1
) -> str:
    """One call's figures over the sampled deals, in words (the bidding puzzles, the hand review)."""
    return variant_gettext(CALL_FIGURE, variant) % {
        "call": messages.call_name(call, variant, lang, deck, round_),
        "made": round(option.get("made", 0.0) * 10),
        "value": f"{option['value']:+.1f}",
        "low": f"{option['low']:+.1f}",
        "high": f"{option['high']:+.1f}",
    }


def _call_figures(puzzle: Puzzle, answer: str, lang: str, deck: str) -> list[dict[str, str]]:
    """A legal call that is not the answer: what it would likely bring, then what the answer would."""
    options = _call_options(json.dumps(puzzle.position, sort_keys=True))
    if answer not in options:
        return []
    said = [answer, *(a for a in puzzle.answers if a in options and a != answer)]
    return [
        {"rule": "coach.call", "message": call_figure(c, options[c], puzzle.variant, lang, deck)}
        for c in said
    ]


@functools.lru_cache(maxsize=512)
def _call_options(position: str) -> dict[str, dict[str, float]]:
    """Each allowed call of a bidding position valued by the coach (the same for every learner)."""
    from engine.auction import new_auction
    from engine.cards import Seat
    from engine.coach.cli import view_from
    from engine.coach.evaluator import evaluate_call

    data = json.loads(position)
    try:
        dealer, card = Seat.parse(data["dealer"]), Card.parse(data["bidding_card"])
        auction = new_auction(parse_rules(data), dealer, card)
        for seat, call in data.get("calls", []):
            auction = auction.call(call, Seat.parse(seat))
        view = view_from({**data, "seat": str(auction.to_act)})
        # The learner's call as meant: a pass is not "pass now, buy later", a Hokm is not switched
        # to Sun at the confirmation (the evaluator's seat keeps to its call).
        evaluation = evaluate_call(view, 0, PUZZLE_SAMPLES, kept=True)
    except (InputError, ValueError, KeyError):
        return {}
    return {
        c: {"value": e.value, "low": e.low, "high": e.high, "made": evaluation.made.get(c, 0.0)}
        for c, e in evaluation.options.items()
    }


def _wrong_first_lead(
    puzzle: Puzzle, answer: Any, output: dict[str, Any], verdict: Verdict, lang: str, deck: str
) -> list[dict[str, str]]:
    seat = messages.seat_name(answer, puzzle.variant, lang)
    return [
        {
            "rule": output["rule"],
            "message": str(_("%(seat)s does not lead the first trick.") % {"seat": seat}),
        }
    ]


def _wrong_violation(
    puzzle: Puzzle, answer: Any, output: dict[str, Any], verdict: Verdict, lang: str, deck: str
) -> list[dict[str, str]]:
    if answer == "none":
        return [{"rule": "", "message": str(_("Somebody did break a rule here."))}]
    seat = messages.seat_name(answer, puzzle.variant, lang)
    return [{"rule": "", "message": str(_("%(seat)s played by the rules.") % {"seat": seat})}]


def _wrong_best_card(
    puzzle: Puzzle, answer: Any, output: dict[str, Any], verdict: Verdict, lang: str, deck: str
) -> list[dict[str, str]]:
    if answer in output["illegal"]:
        return [_refused_card(puzzle, answer, output["illegal"][answer], lang, deck)]
    lost = output["loss"].get(answer)
    if not lost:
        return []
    # The solver's own sentence names the best cards: here only the cost, then the line after the card.
    text = _(
        "%(card)s costs your side %(n)s card points by the end of the hand, with the best play on both sides."
    )
    name = _name(puzzle, answer, lang, deck)
    cost = {"rule": "solve.loses", "message": str(text % {"card": name, "n": lost})}
    return [cost, *(r for r in verdict.reasons if r["rule"] == "solve.outcome")]


def _wrong_decouverte_card(
    puzzle: Puzzle, answer: Any, output: dict[str, Any], verdict: Verdict, lang: str, deck: str
) -> list[dict[str, str]]:
    if answer in output["illegal"]:
        return [_refused_card(puzzle, answer, output["illegal"][answer], lang, deck)]
    if answer not in output["interval"]:
        return []
    # What the card costs on the lays of the face-down cards, with the interval: never the best card.
    low, high = output["interval"][answer]
    text = _(
        "Over %(samples)s ways the face-down cards may lie, %(card)s keeps %(n)s card points fewer than"
        " the best card on average (95 %% interval: %(low)s to %(high)s)."
    )
    name = _name(puzzle, answer, lang, deck)
    n = output["loss"][answer]
    values = {"samples": output["samples"], "card": name, "n": n, "low": low, "high": high}
    return [{"rule": "", "message": str(text % values)}]


def _wrong_sheet(
    puzzle: Puzzle, answer: Any, output: dict[str, Any], verdict: Verdict, lang: str, deck: str
) -> list[dict[str, str]]:
    chosen = output["lines"][answer - 1]
    # In the course's own words: a Saudi sheet is the qaid (القيد), a hand a jawla (جولة).
    msgid = gettext_noop("Line %(n)s is right: that hand scores %(points)s, as the sheet says.")
    text = variant_gettext(msgid, puzzle.variant) % {
        "n": answer,
        "points": sheet_figures(chosen["points"], puzzle.variant, lang),
    }
    return [{"rule": "", "message": str(text)}]


def _wrong_line(line: Mapping[str, Any], variant: str, lang: str) -> str:
    msgid = gettext_noop("In line %(n)s the sheet says %(written)s; the hand scores %(points)s.")
    figures = {key: sheet_figures(line[key], variant, lang) for key in ("written", "points")}
    return variant_gettext(msgid, variant) % {"n": line["n"], **figures}


def sheet_figures(points: Mapping[str, int], variant: str, lang: str) -> str:
    """``{"NS": 16, "EW": 10}`` as "North–South 16, East–West 10" in the learner's words."""
    figures = [f"{messages.team_name(t, variant, lang)} {points[t]}" for t in TEAMS]
    return messages.join_list(figures, variant, lang)


def _wrong_trumps_left(
    puzzle: Puzzle, answer: Any, output: dict[str, Any], verdict: Verdict, lang: str, deck: str
) -> list[dict[str, str]]:
    # Too many or too few, and where to recount: the tricks with trumps in them, never the number.
    variant = puzzle.variant
    if answer > output["left"]:
        too = variant_gettext("Too many trumps.", variant)
    else:
        too = variant_gettext("Too few trumps.", variant)
    tricks = sorted({t["trick"] for t in output["seen"]})
    if tricks:
        numbers = messages.join_list([str(n) for n in tricks], variant, lang)
        msgid = gettext_noop("Recount the trumps played in tricks %(tricks)s, and those in your hand.")
        where = variant_gettext(msgid, variant)
        text = where % {"tricks": numbers}
    else:
        text = variant_gettext("No trump has been played yet: count those in your hand.", variant)
    return [{"rule": "", "message": f"{too} {text}"}]


def _wrong_contract_made(
    puzzle: Puzzle, answer: Any, output: dict[str, Any], verdict: Verdict, lang: str, deck: str
) -> list[dict[str, str]]:
    # The case the learner's answer forgot, as a question: never the verdict itself.
    variant = puzzle.variant
    if answer == "made":
        msgid = gettext_noop(
            "Give every card point still in play, the last trick's 10 included, to the defenders, "
            "and score the hand: is the contract still made?"
        )
    elif answer == "lost":
        msgid = gettext_noop(
            "Give every card point still in play, the last trick's 10 included, to the takers, "
            "and score the hand: is the contract still lost?"
        )
    else:
        msgid = gettext_noop(
            "Count what each side has taken and what is still in play: "
            "can the tricks left still change the result?"
        )
    return [{"rule": "", "message": variant_gettext(msgid, variant)}]


_WRONG: dict[str, Callable[[Puzzle, Any, dict[str, Any], Verdict, str, str], list[dict[str, str]]]] = {
    Task.PLAY: _wrong_play,
    Task.ALL_LEGAL: _wrong_all_legal,
    Task.TRICK_WINNER: _wrong_trick_winner,
    Task.COUNT: _wrong_count,
    Task.SCORE: _wrong_score,
    Task.PROJECTS: _wrong_projects,
    Task.BID: _wrong_call,
    Task.FIRST_LEAD: _wrong_first_lead,
    Task.DOUBLE: _wrong_call,
    Task.VIOLATION: _wrong_violation,
    Task.BEST_CARD: _wrong_best_card,
    Task.SHEET: _wrong_sheet,
    Task.TRUMPS_LEFT: _wrong_trumps_left,
    Task.CONTRACT_MADE: _wrong_contract_made,
    Task.DECOUVERTE_CARD: _wrong_decouverte_card,
}


# ---------------------------------------------------------------- the solution


def _solution(puzzle: Puzzle, output: dict[str, Any], lang: str, deck: str) -> Solution:
    variant = puzzle.variant
    task = puzzle.task
    if task in (Task.PLAY, Task.ALL_LEGAL):
        cards = list(puzzle.answers) if task == Task.PLAY else list(output["legal"])
        labels = [messages.card_name(Card.parse(c), variant, lang, deck) for c in cards]
        return Solution(cards, labels, [])
    if task == Task.DECOUVERTE_CARD:
        cards = list(output["best"])
        return Solution(cards, [messages.card_name(Card.parse(c), variant, lang, deck) for c in cards], [])
    if task == Task.BEST_CARD:
        cards = list(output["best"])
        labels = [messages.card_name(Card.parse(c), variant, lang, deck) for c in cards]
        return Solution(cards, labels, list(output["steps"]), list(output["lines"][cards[0]]))
    if task == Task.TRICK_WINNER:
        seat = output["winner"]
        return Solution([seat], [messages.seat_name(seat, variant, lang)], _trick_step(output))
    if task == Task.COUNT:
        return Solution([output["points"]], [str(output["points"])], _trick_step(output))
    if task == Task.SCORE:
        points = dict(output["points"])
        labels = [f"{messages.team_name(t, variant, lang)}: {points[t]}" for t in TEAMS]
        return Solution([points], labels, list(output.get("steps", [])))
    if task == Task.PROJECTS:
        team = output["counted_team"] or "none"
        label = str(_("Nobody")) if team == "none" else messages.team_name(team, variant, lang)
        return Solution([team], [label], list(output.get("steps", [])))
    if task == Task.FIRST_LEAD:
        seat = output["leader"]
        return Solution([seat], [messages.seat_name(seat, variant, lang)], _trick_step(output))
    if task == Task.VIOLATION:
        offender = output["offender"] or "none"
        label = str(_("Nobody")) if offender == "none" else messages.seat_name(offender, variant, lang)
        return Solution([offender], [label], list(output["steps"]))
    if task == Task.SHEET:
        lines = [output["lines"][n - 1] for n in output["wrong"]]
        labels = [_wrong_line(line, variant, lang) for line in lines]
        return Solution(list(output["wrong"]), labels, [s for line in lines for s in line["steps"]])
    if task == Task.TRUMPS_LEFT:
        with translation.override(lang):
            steps = _trumps_steps(output, variant, lang, deck)
            return Solution([output["left"]], [str(output["left"])], steps)
    if task == Task.CONTRACT_MADE:
        with translation.override(lang):
            verdict = output["verdict"]
            label = variant_gettext(OUTCOME_LABELS[verdict], variant)
            return Solution([verdict], [label], _outlook_steps(output, variant, lang))
    calls = list(puzzle.answers)  # bid and double
    return Solution(calls, [messages.call_name(c, variant, lang, deck) for c in calls], [])


OUTCOME_LABELS = {
    "made": gettext_noop("Yes, the contract is already made"),
    "open": gettext_noop("Not yet: it depends on the tricks left"),
    "lost": gettext_noop("No, the contract is already lost"),
}


def _plays_named(plays: list[tuple[str, str]], variant: str, lang: str, deck: str) -> str:
    """``[("E", "QD")]`` as "East: queen of diamonds" joined in the learner's words."""
    return messages.join_list(
        [
            messages.seat_name(seat, variant, lang)
            + _colon(lang)
            + messages.card_name(Card.parse(card), variant, lang, deck)
            for seat, card in plays
        ],
        variant,
        lang,
    )


def _colon(lang: str) -> str:
    return "\u00a0: " if lang == "fr" else ": "


def _trumps_steps(output: dict[str, Any], variant: str, lang: str, deck: str) -> list[dict[str, str]]:
    """The trumps seen, trick by trick, those in the hand, and the count that follows."""
    steps: list[dict[str, str]] = []
    by_trick: dict[int, list[tuple[str, str]]] = {}
    for seen in output["seen"]:
        by_trick.setdefault(seen["trick"], []).append((seen["seat"], seen["card"]))
    for n, plays in by_trick.items():
        text = variant_gettext("Trick %(n)s: %(plays)s.", variant) % {
            "n": n,
            "plays": _plays_named(plays, variant, lang, deck),
        }
        steps.append({"rule": "", "text": text})
    held = output["held"]
    if held:
        names = [messages.card_name(Card.parse(c), variant, lang, deck) for c in held]
        cards = messages.join_list(names, variant, lang)
        text = variant_gettext("In your hand: %(cards)s.", variant) % {"cards": cards}
    else:
        text = variant_gettext("No trump in your hand.", variant)
    steps.append({"rule": "", "text": text})
    count = variant_gettext(
        "8 trumps, %(seen)s played and %(held)s in your hand: %(left)s still with the others.", variant
    ) % {"seen": len(output["seen"]), "held": len(held), "left": output["left"]}
    steps.append({"rule": "", "text": count})
    return steps


def _outlook_steps(output: dict[str, Any], variant: str, lang: str) -> list[dict[str, str]]:
    """What each side has, what is still in play, and the hand's score in the case that decides."""
    taken = messages.join_list(
        [f"{messages.team_name(t, variant, lang)} {output['taken'][t]}" for t in TEAMS], variant, lang
    )
    intro = variant_gettext(
        "Taken so far: %(taken)s. Still in play: %(left)s card points, the last trick's 10 included.", variant
    ) % {"taken": taken, "left": output["left"]}
    steps = [{"rule": "", "text": intro}]
    verdict = output["verdict"]
    if verdict in ("made", "open"):
        steps.append({"rule": "", "text": variant_gettext("If the defenders take all of it:", variant)})
        steps.extend(output["worst"]["steps"])
    if verdict in ("lost", "open"):
        steps.append({"rule": "", "text": variant_gettext("If the takers take all of it:", variant)})
        steps.extend(output["best"]["steps"])
    return steps
