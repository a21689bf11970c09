"""JSON values → engine values, for the command line (ENGINE-CLI.md).

Every reader takes the raw JSON value and the *field path* it came from
(``"hand[2]"``, ``"hands.N[0]"``, ``"card_points.EW"``), and raises
:class:`InputError` naming that path when the value is wrong. The command
line turns the error into ``{"error": {"code", "field", "message"}}``.

Error codes (``error.<code>`` is the message key) and their params:

=====================  =================================================================
code                   params
=====================  =================================================================
``bad-json``           ``detail`` (the decoder's complaint)
``not-an-object``      —
``unknown-command``    ``value``, ``commands`` (the known ones)
``missing-field``      —
``unknown-field``      —
``duplicate-field``    —
``bad-type``           ``expected``: ``object list string bool int``
``unknown-variant``    ``value``
``unknown-option``     ``value`` (the option), ``variant``
``bad-option-value``   ``value``, ``variant``, ``detail``
``unknown-lang``       ``value``
``unknown-card``       ``value``
``unknown-suit``       ``value``
``unknown-seat``       ``value``
``unknown-team``       ``value``
``no-sun``             ``variant`` (``trump: null`` for a variant without Sun)
``duplicate-card``     ``card``, ``first`` (the field where it appeared first)
``bad-hand-size``      ``size``, ``min``, ``max``
``bad-trick-size``     ``size``, ``min``, ``max``
``bad-play``           — (a play is not a ``[seat, card]`` pair)
``seat-out-of-turn``   ``seat``, ``expected``
``bad-number``         ``value``, ``min``, ``max``
``bad-card-points``    ``total`` (the sum given), ``expected`` (162 or 130)
``bad-tricks``         ``total`` (the sum given), ``expected`` (8)
``inconsistent``       ``detail``: ``no-tricks-with-points``, ``all-tricks-without-all-points``
``unknown-call``       ``value``
``bad-call``           ``value``, ``rule`` (the rule it breaks), ``reasons`` (rule IDs)
``bad-project``        ``cards`` (not a project of the variant)
=====================  =================================================================

``field`` is always the path; the command line adds it to the params.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from engine.cards import Card, NotationError, Seat, Team, next_seat, parse_suit
from engine.ranking import NO_TRUMP
from engine.variants import VARIANTS, French, RuleSet, UnknownOption, UnknownVariant, rules_for

LANGS = ("en", "ar", "fa", "fr")

Play = tuple[Seat, Card]


class InputError(ValueError):
    """Malformed input: ``code`` (an ``error.<code>`` message key), the offending ``field``, params."""

    def __init__(self, code: str, field: str | None, **params: Any) -> None:
        super().__init__(f"{code} at {field}" if field else code)
        self.code = code
        self.field = field
        self.params = params


def read_object(data: bytes | str) -> dict[str, Any]:
    """The one JSON object of the input; duplicate keys, NaN and non-objects are refused."""
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise InputError("bad-json", None, detail=f"not UTF-8 ({e.reason})") from None

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in items:
            if key in out:
                raise InputError("duplicate-field", key)
            out[key] = value
        return out

    def constant(name: str) -> Any:
        raise ValueError(f"{name} is not JSON")

    try:
        value = json.loads(data, object_pairs_hook=pairs, parse_constant=constant)
    except json.JSONDecodeError as e:
        raise InputError("bad-json", None, detail=f"{e.msg} (line {e.lineno}, column {e.colno})") from None
    except ValueError as e:
        if isinstance(e, InputError):
            raise
        raise InputError("bad-json", None, detail=str(e)) from None
    except RecursionError:
        raise InputError("bad-json", None, detail="nested too deeply") from None
    if not isinstance(value, dict):
        raise InputError("not-an-object", None)
    return value


def check_fields(obj: Mapping[str, Any], required: Iterable[str], optional: Iterable[str]) -> None:
    """Every required field is present and no field is unknown (a typo would otherwise be ignored)."""
    required = tuple(required)
    for name in required:
        if name not in obj:
            raise InputError("missing-field", name)
    known = set(required) | set(optional)
    for name in obj:
        if name not in known:
            raise InputError("unknown-field", name)


# ---------------------------------------------------------------- plain JSON types


def as_list(value: Any, field: str) -> list[Any]:
    if not isinstance(value, list):
        raise InputError("bad-type", field, expected="list")
    return value


def as_object(value: Any, field: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise InputError("bad-type", field, expected="object")
    return value


def as_bool(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise InputError("bad-type", field, expected="bool")
    return value


def as_int(value: Any, field: str, lo: int | None = None, hi: int | None = None) -> int:
    # bool is an int subclass, and 3.0 is not an int: insist on the exact type.
    if type(value) is not int:
        raise InputError("bad-type", field, expected="int")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise InputError("bad-number", field, value=value, min=lo, max=hi)
    return value


# ---------------------------------------------------------------- common fields


def parse_lang(obj: Mapping[str, Any]) -> str:
    value = obj.get("lang", "en")
    if not isinstance(value, str) or value not in LANGS:
        raise InputError("unknown-lang", "lang", value=_shown(value))
    return value


def parse_rules(obj: Mapping[str, Any]) -> RuleSet:
    """``variant`` and ``rules`` → a rule set."""
    variant = obj["variant"]
    options = as_object(obj.get("rules", {}), "rules")
    try:
        return rules_for(variant, options)
    except UnknownVariant:
        raise InputError("unknown-variant", "variant", value=_shown(variant)) from None
    except UnknownOption as e:
        name = str(variant)
        field = f"rules.{e.option}"
        if e.option in options and e.option in _option_names(name):
            raise InputError(
                "bad-option-value", field, value=_shown(options[e.option]), variant=name, detail=str(e)
            ) from None
        raise InputError("unknown-option", field, value=e.option, variant=name) from None


def _option_names(variant: str) -> tuple[str, ...]:
    cls = VARIANTS[variant]
    # Only french has the clockwise option (rules_for refuses it elsewhere).
    return tuple(n for n in cls.option_names() if n != "clockwise" or cls is French)


def parse_trump(value: Any, field: str, rules: RuleSet) -> int:
    """A suit letter, or ``null`` for Sun where the variant has Sun."""
    if value is None:
        if not rules.has_sun:
            raise InputError("no-sun", field, variant=rules.name)
        return NO_TRUMP
    return parse_suit_value(value, field)


def parse_suit_value(value: Any, field: str) -> int:
    try:
        return parse_suit(value)
    except NotationError:
        raise InputError("unknown-suit", field, value=_shown(value)) from None


def parse_card(value: Any, field: str) -> Card:
    try:
        return Card.parse(value)
    except NotationError:
        raise InputError("unknown-card", field, value=_shown(value)) from None


def parse_seat(value: Any, field: str) -> Seat:
    try:
        return Seat.parse(value)
    except NotationError:
        raise InputError("unknown-seat", field, value=_shown(value)) from None


def parse_team(value: Any, field: str) -> Team:
    try:
        return Team.parse(value)
    except NotationError:
        raise InputError("unknown-team", field, value=_shown(value)) from None


def parse_cards(value: Any, field: str, lo: int = 0, hi: int = 32) -> list[Card]:
    """A list of cards with ``lo`` to ``hi`` entries (``bad-hand-size`` otherwise)."""
    items = as_list(value, field)
    cards = [parse_card(v, f"{field}[{i}]") for i, v in enumerate(items)]
    if not lo <= len(cards) <= hi:
        raise InputError("bad-hand-size", field, size=len(cards), min=lo, max=hi)
    return cards


def parse_trick(value: Any, field: str, clockwise: bool, lo: int = 0, hi: int = 4) -> list[Play]:
    """``[["E", "9C"], ["N", "JC"]]`` → plays, checked to follow the turn order."""
    items = as_list(value, field)
    plays: list[Play] = []
    for i, item in enumerate(items):
        where = f"{field}[{i}]"
        if not isinstance(item, list) or len(item) != 2:
            raise InputError("bad-play", where)
        seat = parse_seat(item[0], f"{where}[0]")
        plays.append((seat, parse_card(item[1], f"{where}[1]")))
        if i:
            expected = next_seat(plays[i - 1][0], clockwise)
            if seat != expected:
                raise InputError("seat-out-of-turn", f"{where}[0]", seat=seat, expected=expected)
    if not lo <= len(plays) <= hi:
        raise InputError("bad-trick-size", field, size=len(plays), min=lo, max=hi)
    return plays


def check_distinct(placed: Sequence[tuple[str, Card]]) -> None:
    """No card appears twice among ``(field, card)`` pairs; the error names the second place."""
    seen: dict[int, str] = {}
    for field, card in placed:
        if card in seen:
            raise InputError("duplicate-card", field, card=card, first=seen[card])
        seen[card] = field


def parse_seat_map(value: Any, field: str) -> dict[Seat, Any]:
    """``{"N": ..., "E": ...}`` → by seat (any subset of seats); values are left raw."""
    obj = as_object(value, field)
    out: dict[Seat, Any] = {}
    for key, v in obj.items():
        seat = parse_seat(key, f"{field}.{key}")
        if seat in out:  # "N" and "n"
            raise InputError("duplicate-field", f"{field}.{key}")
        out[seat] = v
    return out


def parse_team_ints(value: Any, field: str, lo: int, hi: int) -> dict[Team, int]:
    """``{"NS": 74, "EW": 56}``: both teams, nothing else."""
    obj = as_object(value, field)
    out: dict[Team, int] = {}
    for key, v in obj.items():
        team = parse_team(key, f"{field}.{key}")
        if team in out:  # "NS" and "ns"
            raise InputError("duplicate-field", f"{field}.{key}")
        out[team] = as_int(v, f"{field}.{key}", lo, hi)
    for team in Team:
        if team not in out:
            raise InputError("missing-field", f"{field}.{team}")
    return out


def _shown(value: Any) -> Any:
    """The offending value as given, kept JSON-able and short for the message."""
    if isinstance(value, str | int | float | bool) or value is None:
        if isinstance(value, float) and not math.isfinite(value):
            return str(value)
        return value
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 40 else text[:37] + "..."
