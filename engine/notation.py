"""JSON values → engine values, for the command line (docs/engine-cli.md).

Every reader takes the raw JSON value and the *field path* it came from
(``"hand[2]"``, ``"hands.N[0]"``, ``"card_points.EW"``), and raises
:class:`InputError` naming that path when the value is wrong. The command
line turns the error into ``{"error": {"code", "field", "message"}}``.

Error codes are the ``error.<code>`` message keys of :mod:`engine.messages`;
params are ``field`` (added by the command line), ``value`` (the offending
value: the text given, a JSON rendering of it, a count or a sum; a
:class:`Seat` or :class:`Card` where one is meant), ``expected`` (what would
have been right: a seat, a count, a range like ``"1-8"`` (with an en dash), or a notation
example such as ``["KC", "7C"]``).

=====================  =================================================================
code                   when
=====================  =================================================================
``bad-json``           not UTF-8 JSON, NaN, or a key given twice (``value``: the detail)
``not-object``         the JSON is not an object
``unknown-command``    the command-line argument is not a command
``missing-field``      a required field is absent
``unknown-field``      a field the command does not read (a typo would be ignored)
``bad-field``          a field of the wrong JSON type, or a number out of range
``unknown-variant``    ``variant`` is not saudi, moroccan or french
``unknown-option``     ``rules.<name>`` is not an option of the variant
``bad-option``         ``rules.<name>`` has a value of the wrong type or range
``unknown-language``   ``lang`` is not en, ar, fa or fr
``unknown-card``       not a card (``10H`` is read as ``TH``)
``unknown-suit``       not a suit letter
``unknown-seat``       not a seat letter
``no-sun``             ``trump: null`` (Sun) for a variant without Sun
``duplicate-card``     a card given twice (``value``: the card); ``field`` is the second place
``hand-size``          a hand with too many or too few cards (``value``: count)
``trick-size``         a trick with too many or too few plays (``value``: count)
``out-of-turn``        a seat that does not follow the turn order (``value``, ``expected``: seats)
``card-points``        card points that do not add up to 162/130, or that contradict the tricks
``tricks-count``       tricks that do not add up to 8
``unknown-call``       not a call of the notation of :mod:`engine.auction`
``call-refused``       a call the auction refuses at that point (``rule``: the first reason)
``auction-over``       a call after the end of the auction
``bad-project``        declared cards that form no project (``reason`` from :mod:`engine.projects`)
=====================  =================================================================
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from engine.auction import LADDER, PASS, Auction, Call, Contract, Doubling, IllegalCall, new_auction
from engine.cards import Card, NotationError, Seat, Team, next_seat, parse_suit
from engine.ranking import NO_TRUMP
from engine.variants import VARIANTS, French, RuleSet, Saudi, UnknownOption, UnknownVariant, rules_for

LANGS = ("en", "ar", "fa", "fr")

Play = tuple[Seat, Card]

# What a field of each JSON type looks like, for ``bad-field``'s ``expected``: notation, not words,
# so the message reads the same in every language.
LIST = "[…]"
OBJECT = "{…}"
BOOL = "true / false"
CARDS = '["KC", "7C"]'
PLAY = '["E", "9C"]'


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
            raise InputError("bad-json", None, value=f"not UTF-8 ({e.reason})") from None

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, value in items:
            if key in out:
                raise InputError("bad-json", key, value=f"{key!r} given twice")
            out[key] = value
        return out

    def constant(name: str) -> Any:
        raise InputError("bad-json", None, value=f"{name} is not JSON")

    try:
        value = json.loads(data, object_pairs_hook=pairs, parse_constant=constant)
    except json.JSONDecodeError as e:
        raise InputError("bad-json", None, value=f"{e.msg} (line {e.lineno}, column {e.colno})") from None
    except RecursionError:
        raise InputError("bad-json", None, value="nested too deeply") from None
    if not isinstance(value, dict):
        raise InputError("not-object", None)
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
            raise InputError("unknown-field", name, value=name)


# ---------------------------------------------------------------- plain JSON types


def bad_field(value: Any, field: str, expected: Any) -> InputError:
    return InputError("bad-field", field, value=shown(value), expected=expected)


def as_list(value: Any, field: str, expected: str = LIST) -> list[Any]:
    if not isinstance(value, list):
        raise bad_field(value, field, expected)
    return value


def as_object(value: Any, field: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise bad_field(value, field, OBJECT)
    return value


def as_bool(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise bad_field(value, field, BOOL)
    return value


def as_int(value: Any, field: str, lo: int, hi: int) -> int:
    # bool is an int subclass, and 3.0 is not an int: insist on the exact type.
    if type(value) is not int or not lo <= value <= hi:
        raise bad_field(value, field, span(lo, hi))
    return value


DASH = "\u2013"  # en dash, for ranges such as 1-8


def span(lo: int, hi: int) -> str:
    return str(lo) if lo == hi else f"{lo}{DASH}{hi}"


# ---------------------------------------------------------------- common fields


def parse_lang(obj: Mapping[str, Any]) -> str:
    value = obj.get("lang", "en")
    if not isinstance(value, str) or value not in LANGS:
        raise InputError("unknown-language", "lang", value=text_of(value))
    return value


def parse_rules(obj: Mapping[str, Any]) -> RuleSet:
    """``variant`` and ``rules`` → a rule set."""
    if "variant" not in obj:  # the commands that check their fields after the rule set
        raise InputError("missing-field", "variant")
    variant = obj["variant"]
    options = as_object(obj.get("rules", {}), "rules")
    try:
        return rules_for(variant, options)
    except UnknownVariant:
        raise InputError("unknown-variant", "variant", value=text_of(variant)) from None
    except UnknownOption as e:
        name = str(variant)
        field = f"rules.{e.option}"
        if e.option in options and e.option in option_names(name):
            default = getattr(VARIANTS[name](), e.option)
            raise InputError(
                "bad-option", field, value=shown(options[e.option]), expected=_expected_option(e, default)
            ) from None
        raise InputError("unknown-option", field, value=e.option) from None


def _expected_option(e: UnknownOption, default: Any) -> str:
    if isinstance(default, bool):
        return BOOL
    # The rule set's own bounds ("must be between 1 and 10000") are the clearest statement.
    words = str(e).split()
    numbers = [int(w) for w in words if w.isdigit()]
    if len(numbers) == 2:
        return span(*numbers)
    if len(numbers) == 3:  # "500 to 2000 in steps of 100"
        lo, hi, step = numbers
        return f"{lo}, {lo + step} … {hi}"
    return type(default).__name__


def option_names(variant: str) -> tuple[str, ...]:
    cls = VARIANTS[variant]
    # Only french has the clockwise option (rules_for refuses it elsewhere).
    return tuple(n for n in cls.option_names() if n != "clockwise" or cls is French)


def parse_trump(value: Any, field: str, rules: RuleSet) -> int:
    """A suit letter, or ``null`` for Sun where the variant has Sun."""
    if value is None:
        if not rules.has_sun:
            raise InputError("no-sun", field, value="null")
        return NO_TRUMP
    return parse_suit_value(value, field)


def parse_suit_value(value: Any, field: str) -> int:
    try:
        return parse_suit(value)
    except NotationError:
        raise InputError("unknown-suit", field, value=text_of(value)) from None


def parse_card(value: Any, field: str) -> Card:
    try:
        return Card.parse(value)
    except NotationError:
        raise InputError("unknown-card", field, value=text_of(value)) from None


def parse_seat(value: Any, field: str) -> Seat:
    try:
        return Seat.parse(value)
    except NotationError:
        raise InputError("unknown-seat", field, value=text_of(value)) from None


def parse_team(value: Any, field: str) -> Team:
    try:
        return Team.parse(value)
    except NotationError:
        raise InputError("unknown-field", field, value=text_of(value)) from None


def parse_cards(value: Any, field: str, lo: int = 0, hi: int = 32) -> list[Card]:
    """A list of cards with ``lo`` to ``hi`` entries (``hand-size`` otherwise)."""
    items = as_list(value, field, CARDS)
    cards = [parse_card(v, f"{field}[{i}]") for i, v in enumerate(items)]
    if not lo <= len(cards) <= hi:
        raise InputError("hand-size", field, value=len(cards), expected=span(lo, hi))
    return cards


def parse_trick(value: Any, field: str, clockwise: bool, lo: int = 0, hi: int = 4) -> list[Play]:
    """``[["E", "9C"], ["N", "JC"]]`` → plays, checked to follow the turn order."""
    items = as_list(value, field, f"[{PLAY}, …]")
    plays: list[Play] = []
    for i, item in enumerate(items):
        where = f"{field}[{i}]"
        if not isinstance(item, list) or len(item) != 2:
            raise bad_field(item, where, PLAY)
        seat = parse_seat(item[0], f"{where}[0]")
        plays.append((seat, parse_card(item[1], f"{where}[1]")))
        if i:
            expected = next_seat(plays[i - 1][0], clockwise)
            if seat != expected:
                raise InputError("out-of-turn", f"{where}[0]", value=seat, expected=expected)
    if not lo <= len(plays) <= hi:
        raise InputError("trick-size", field, value=len(plays), expected=span(lo, hi))
    return plays


def check_distinct(placed: Sequence[tuple[str, Card]]) -> None:
    """No card appears twice among ``(field, card)`` pairs; the error names the second place."""
    seen: dict[int, str] = {}
    for field, card in placed:
        if card in seen:
            raise InputError("duplicate-card", field, value=card, first=seen[card])
        seen[card] = field


def parse_seat_map(value: Any, field: str) -> dict[Seat, Any]:
    """``{"N": ..., "E": ...}`` → by seat (any subset of seats); values are left raw."""
    obj = as_object(value, field)
    out: dict[Seat, Any] = {}
    for key, v in obj.items():
        seat = parse_seat(key, f"{field}.{key}")
        if seat in out:  # "N" and "n"
            raise InputError("bad-json", f"{field}.{key}", value=f"{key!r} given twice")
        out[seat] = v
    return out


def parse_team_ints(value: Any, field: str, lo: int, hi: int) -> dict[Team, int]:
    """``{"NS": 74, "EW": 56}``: both teams, nothing else."""
    obj = as_object(value, field)
    out: dict[Team, int] = {}
    for key, v in obj.items():
        team = parse_team(key, f"{field}.{key}")
        if team in out:  # "NS" and "ns"
            raise InputError("bad-json", f"{field}.{key}", value=f"{key!r} given twice")
        out[team] = as_int(v, f"{field}.{key}", lo, hi)
    for team in Team:
        if team not in out:
            raise InputError("missing-field", f"{field}.{team}")
    return out


def text_of(value: Any) -> str:
    """A value given where a name was expected, as the text to quote back."""
    return value if isinstance(value, str) else shown(value)


def shown(value: Any) -> str:
    """The offending value as JSON text, kept short for the message."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def read_deck(obj: Mapping[str, Any]) -> tuple[int | None, list[Card] | None]:
    """``seed`` (an integer: a shuffled deck) or ``deck`` (the 32 cards in dealing order), not
    both: the deal of a ``play`` input."""
    if "deck" not in obj and "seed" not in obj:
        raise InputError("missing-field", "deck")
    if "deck" in obj and "seed" in obj:
        raise bad_field(obj["seed"], "seed", "absent when a deck is given")
    if "seed" in obj:
        return as_int(obj["seed"], "seed", 0, 2**63 - 1), None
    deck = parse_cards(obj["deck"], "deck", 32, 32)
    check_distinct([(f"deck[{i}]", c) for i, c in enumerate(deck)])
    return None, deck


# ---------------------------------------------------------------- calls


def read_calls(
    obj: Mapping[str, Any],
    rules: RuleSet,
    dealer: Seat,
    bidding_card: Card,
    hand: list[Card] | None = None,
    read_seat: Callable[[Any, str], Seat] | None = None,
) -> tuple[Auction, Doubling | None]:
    """The auction of ``calls``, each call checked, and in Saudi the doubling after the contract
    (``None`` elsewhere, or before the contract). ``read_seat`` reads a seat (the two-player
    game's refuses E and W)."""
    read_seat = parse_seat if read_seat is None else read_seat
    auction = new_auction(rules, dealer, bidding_card)
    game_score = read_game_score(obj, rules)
    doubling: Doubling | None = None
    for i, item in enumerate(as_list(obj.get("calls", []), "calls", '[["E", "pass"], …]')):
        where = f"calls[{i}]"
        if not isinstance(item, list) or len(item) != 2:
            raise bad_field(item, where, '["E", "pass"]')
        seat = read_seat(item[0], f"{where}[0]")
        try:
            call = Call.parse(item[1])
        except NotationError:
            raise InputError("unknown-call", f"{where}[1]", value=text_of(item[1])) from None
        if auction.is_over:
            # Saudi: the calls after the contract climb the doubling ladder.
            doubling = doubling or _doubling_after(auction, game_score)
            if doubling is None or not doubling.words_left or call.word not in (PASS, *LADDER):
                raise InputError("auction-over", f"{where}[1]", value=str(call))
            try:
                doubling = doubling.call(call, seat)
            except IllegalCall as e:
                raise InputError("call-refused", f"{where}[1]", value=str(call), reasons=e.reasons) from None
            continue
        if seat != auction.to_act:
            raise InputError("out-of-turn", f"{where}[0]", value=seat, expected=auction.to_act)
        try:
            auction = auction.call(call, seat, hand)
        except IllegalCall as e:
            if e.reasons[0].rule == "bid.unknown":  # "take" in saudi, "hokm" elsewhere
                raise InputError("unknown-call", f"{where}[1]", value=str(call)) from None
            raise InputError("call-refused", f"{where}[1]", value=str(call), reasons=e.reasons) from None
    return auction, doubling or _doubling_after(auction, game_score)


def read_game_score(obj: Mapping[str, Any], rules: RuleSet) -> tuple[int, int]:
    """``game_score`` (saudi): the game score before the hand, which decides whether Sun may be
    doubled (``double.sa.sun-condition``)."""
    if "game_score" not in obj:
        return (0, 0)
    if not isinstance(rules, Saudi):
        raise InputError("unknown-field", "game_score", value="game_score")
    game = parse_team_ints(obj["game_score"], "game_score", 0, 10**6)
    return (game[Team.NS], game[Team.EW])


def _doubling_after(auction: Auction, game_score: tuple[int, int]) -> Doubling | None:
    """The Saudi doubling that opens when the auction sells a contract; ``None`` elsewhere."""
    contract = auction.contract
    if not isinstance(auction.rules, Saudi) or not isinstance(contract, Contract):
        return None
    return Doubling(auction.rules, contract, game_score)
