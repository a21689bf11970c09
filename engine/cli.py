"""``python -m engine COMMAND``: one JSON object in, one JSON object out (ENGINE-CLI.md).

Commands: ``legal``, ``trick``, ``projects``, ``score``, ``bid``. Input is read
by :mod:`engine.notation`; the rule modules answer with reasons and steps;
:mod:`engine.messages` turns those into sentences in the input's ``lang``.

Exit status: 0 with the answer; 2 with ``{"error": {"code", "field", "message"}}``
for malformed input or an unknown command (codes listed in :mod:`engine.notation`);
1 with ``{"error": {"code": "internal", ...}}`` if the engine itself fails.
Never a traceback: a tool reading the output always gets one JSON object.
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, BinaryIO

from engine.cards import next_seat
from engine.explain import Reason, Step
from engine.notation import (
    InputError,
    check_distinct,
    check_fields,
    parse_cards,
    parse_lang,
    parse_rules,
    parse_seat,
    parse_trick,
    parse_trump,
    read_object,
)
from engine.play import explain_play, explain_trick
from engine.variants import RuleSet

EXIT_OK = 0
EXIT_INTERNAL = 1
EXIT_INPUT = 2

COMMON = ("rules", "lang")


@dataclass(frozen=True)
class Context:
    """What every command needs to speak: the rule set and the language."""

    rules: RuleSet
    lang: str

    def say(self, item: Reason | Step) -> str:
        return render(item, self.rules.name, self.lang)

    def reasons(self, reasons: Sequence[Reason]) -> list[dict[str, str]]:
        return [{"rule": r.rule, "message": self.say(r)} for r in reasons]

    def steps(self, steps: Sequence[Step]) -> list[dict[str, str]]:
        return [{"rule": s.rule, "text": self.say(s)} for s in steps]


def render(item: Reason | Step, variant: str | None, lang: str) -> str:
    """The sentence for a reason or step; the rule ID itself until the catalogs exist."""
    try:
        messages = importlib.import_module("engine.messages")
    except ImportError:
        return item.rule
    text: str = messages.render(item, variant, lang)
    return text


def _context(obj: Mapping[str, Any], lang: str) -> Context:
    return Context(parse_rules(obj), lang)


# ---------------------------------------------------------------- legal


def cmd_legal(obj: Mapping[str, Any], lang: str) -> dict[str, Any]:
    check_fields(obj, ("variant", "trump", "seat", "hand"), ("trick", "ekka", *COMMON))
    ctx = _context(obj, lang)
    rules = ctx.rules
    trump = parse_trump(obj["trump"], "trump", rules)
    trick = parse_trick(obj.get("trick", []), "trick", rules.clockwise, 0, 3)
    seat = parse_seat(obj["seat"], "seat")
    if trick:
        expected = next_seat(trick[-1][0], rules.clockwise)
        if seat != expected:
            raise InputError("seat-out-of-turn", "seat", seat=seat, expected=expected)
    hand = parse_cards(obj["hand"], "hand", 1, 8)
    check_distinct(
        [(f"trick[{i}][1]", c) for i, (_, c) in enumerate(trick)]
        + [(f"hand[{i}]", c) for i, c in enumerate(hand)]
    )
    ekka = obj.get("ekka", False)
    if not isinstance(ekka, bool):
        raise InputError("bad-type", "ekka", expected="bool")
    verdict = explain_play(hand, trick, trump, rules, ekka)
    return {
        "legal": [str(c) for c in verdict.legal],
        "illegal": {str(c): ctx.reasons(reasons) for c, reasons in verdict.illegal.items()},
    }


# ---------------------------------------------------------------- trick


def cmd_trick(obj: Mapping[str, Any], lang: str) -> dict[str, Any]:
    check_fields(obj, ("variant", "trump", "trick"), COMMON)
    ctx = _context(obj, lang)
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


# ---------------------------------------------------------------- running

Command = Callable[[Mapping[str, Any], str], dict[str, Any]]

COMMANDS: dict[str, Command] = {
    "legal": cmd_legal,
    "trick": cmd_trick,
}


def run(argv: Sequence[str], data: bytes) -> tuple[int, dict[str, Any]]:
    """Exit status and output object for a command line and its standard input."""
    lang = "en"
    try:
        if len(argv) != 1 or argv[0] not in COMMANDS:
            shown = " ".join(argv)
            raise InputError("unknown-command", "command", value=shown, commands=list(COMMANDS))
        obj = read_object(data)
        lang = parse_lang(obj)
        return EXIT_OK, COMMANDS[argv[0]](obj, lang)
    except InputError as e:
        return EXIT_INPUT, _error(e.code, e.field, e.params, lang)
    except Exception as e:  # the contract: never a traceback, always one JSON object
        return EXIT_INTERNAL, _error("internal", None, {"detail": f"{type(e).__name__}: {e}"}, lang)


def _error(code: str, field: str | None, params: Mapping[str, Any], lang: str) -> dict[str, Any]:
    reason = Reason(f"error.{code}", {**params, "field": field} if field else dict(params))
    try:
        message = render(reason, None, lang)
    except Exception:  # a broken catalog must not hide the error being reported
        message = reason.rule
    if message == reason.rule and field:
        message = f"{reason.rule}: {field}"
    error: dict[str, Any] = {"code": code}
    if field is not None:
        error["field"] = field
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
    stdout.write(json.dumps(out, ensure_ascii=False).encode("utf-8") + b"\n")
    stdout.flush()
    return status
