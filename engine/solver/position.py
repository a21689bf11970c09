"""A best-card position as JSON: the hands now, the trick in progress, the points taken so far.

The notation of "best-card" puzzles (the exact solver gives the answer)::

    {"variant": "saudi",
     "contract": {"mode": "hokm", "trump": "H", "taker": "N"},
     "hands": {"N": ["7H", "AS"], "E": ["8H", "KS"], "S": ["9C", "TS"], "W": ["JH"]},
     "trick": [["W", "QS"]],
     "points": {"NS": 60, "EW": 47},
     "rules": {}}

- ``contract``: ``mode`` ``"sun"`` (saudi only, ``trump`` null) or ``"hokm"``
  (a trump suit; the word is used in every variant), ``taker`` optional (a
  seat, or null when unknown: the hand's result is then not judged).
- ``hands``: the cards each seat holds **now**, after its card in the trick.
- ``trick``: the trick in progress, ``[seat, card]`` in play order (may be
  empty or absent); the seats follow the variant's turn order.
- ``leader``: who leads the trick; required when the trick is empty, else it
  must be the seat of the trick's first card.
- ``points``: card points (NS, EW) of the tricks already finished. Every card
  of the deal is somewhere, so these plus the points still held and in the
  trick must make the deal's 152 card points (120 in Sun; the last-trick
  bonus is not taken yet). Absent, they are 0 and 0: right only before the
  first trick is complete.
- ``ekka`` (saudi): the trick's leader called Ekka on the card led.
- ``rules``: house-rule options, as everywhere (:func:`engine.notation.parse_rules`).

The player to act is not given: it is the seat after the trick's last card
(the leader when the trick is empty). Hands must hold what that implies: the
same number of cards, one fewer for those who played to the trick.

Every problem raises :class:`engine.notation.InputError` naming the field.

>>> p = read_position({"variant": "french", "contract": {"mode": "hokm", "trump": "S"},
...     "hands": {"N": ["AH"], "E": ["7H"], "S": ["8H"], "W": ["9H"]}, "leader": "S",
...     "points": {"NS": 100, "EW": 41}})
>>> p.to_play, [str(c) for c in p.cards(p.to_play)]
(<Seat.S: 0>, ['8H'])
>>> write_position(p) == read_position(write_position(p)).as_json()
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from engine.cards import FULL_DECK, SEATS, SUIT_LETTERS, Card, Seat, Team, cards_of, next_seat
from engine.notation import (
    InputError,
    as_bool,
    as_object,
    bad_field,
    check_distinct,
    parse_cards,
    parse_rules,
    parse_seat,
    parse_seat_map,
    parse_team_ints,
    parse_trick,
    parse_trump,
    span,
)
from engine.play import legal_mask
from engine.ranking import NO_TRUMP, points_of
from engine.variants import RuleSet

REQUIRED = ("variant", "contract", "hands")
OPTIONAL = ("trick", "leader", "points", "ekka", "rules")
CONTRACT_REQUIRED = ("mode", "trump")
CONTRACT_OPTIONAL = ("taker",)
MODES = ("sun", "hokm")

__all__ = ["BestCardPosition", "read_contract", "read_position", "write_position"]


@dataclass(frozen=True)
class BestCardPosition:
    """A position to solve: every hand open, the trick in progress, who plays next."""

    rules: RuleSet
    trump: int
    """A suit 0-3, or ``NO_TRUMP`` for Sun."""
    hands: tuple[int, int, int, int]
    """The cards held now, as masks indexed by seat."""
    leader: Seat
    """Who led (or leads) the trick in progress."""
    to_play: Seat
    trick: list[Card]
    """The cards of the trick in progress, in play order."""
    points_so_far: tuple[int, int]
    """Card points (NS, EW) of the finished tricks."""
    taker: Team | None
    """The taking team, when known (the hand's result is judged for it)."""
    ekka: bool = False
    taker_seat: Seat | None = None
    """The taker's seat, as given (``taker`` is its team)."""

    @property
    def variant(self) -> str:
        return self.rules.name

    @property
    def mode(self) -> Literal["sun", "hokm"]:
        return "sun" if self.trump == NO_TRUMP else "hokm"

    @property
    def step(self) -> int:
        """+1 or -1: the seat numbers' direction of play."""
        return -1 if self.rules.clockwise else 1

    @property
    def tricks_left(self) -> int:
        """Tricks still to complete, the one in progress included."""
        return self.hands[self.to_play].bit_count()

    @property
    def trick_number(self) -> int:
        """The number of the trick in progress in the hand, 1 to 8."""
        return 9 - self.tricks_left

    def cards(self, seat: Seat) -> list[Card]:
        return cards_of(self.hands[seat])

    def plays(self) -> list[tuple[Seat, Card]]:
        """The trick in progress as ``(seat, card)`` pairs."""
        return [(SEATS[(self.leader + self.step * i) % 4], c) for i, c in enumerate(self.trick)]

    def legal(self) -> int:
        """Mask of the cards the player to act may play."""
        return legal_mask(self.hands[self.to_play], self.trick, self.trump, self.rules, self.ekka)

    def as_json(self) -> dict[str, Any]:
        return write_position(self)


def _fields(
    obj: Mapping[str, Any], prefix: str, required: tuple[str, ...], optional: tuple[str, ...]
) -> None:
    """Like :func:`engine.notation.check_fields`, naming fields under ``prefix``."""
    for name in required:
        if name not in obj:
            raise InputError("missing-field", prefix + name)
    for name in obj:
        if name not in required and name not in optional:
            raise InputError("unknown-field", prefix + str(name), value=name)


def read_contract(value: Any, rules: RuleSet) -> tuple[int, Seat | None]:
    """``{"mode": "hokm", "trump": "H", "taker": "N"}`` → the trump (or ``NO_TRUMP``) and the taker."""
    contract = as_object(value, "contract")
    _fields(contract, "contract.", CONTRACT_REQUIRED, CONTRACT_OPTIONAL)
    mode = contract["mode"]
    if mode not in MODES:
        raise bad_field(mode, "contract.mode", " / ".join(MODES))
    if mode == "sun" and not rules.has_sun:
        raise InputError("no-sun", "contract.mode", value=mode)
    trump = parse_trump(contract["trump"], "contract.trump", rules)
    if (trump == NO_TRUMP) != (mode == "sun"):
        expected = "null" if mode == "sun" else " / ".join(SUIT_LETTERS)
        raise bad_field(contract["trump"], "contract.trump", expected)
    taker_seat = None
    if contract.get("taker") is not None:
        taker_seat = parse_seat(contract["taker"], "contract.taker")
    return trump, taker_seat


def read_position(obj: Any) -> BestCardPosition:
    """The position described by ``obj`` (see the module docstring), checked field by field."""
    if not isinstance(obj, Mapping):
        raise InputError("not-object", None)
    _fields(obj, "", REQUIRED, OPTIONAL)
    rules = parse_rules(obj)

    trump, taker_seat = read_contract(obj["contract"], rules)

    by_seat = parse_seat_map(obj["hands"], "hands")
    for seat in SEATS:
        if seat not in by_seat:
            raise InputError("missing-field", f"hands.{seat}")
    # The field names as given ("n" stays "n"), for the errors.
    keys = {Seat.parse(k): k for k in obj["hands"]}
    held = {seat: parse_cards(by_seat[seat], f"hands.{keys[seat]}", 0, 8) for seat in SEATS}
    plays = parse_trick(obj.get("trick", []), "trick", rules.clockwise, 0, 3)
    check_distinct(
        [(f"trick[{i}][1]", c) for i, (_, c) in enumerate(plays)]
        + [(f"hands.{keys[seat]}[{i}]", c) for seat in by_seat for i, c in enumerate(held[seat])]
    )

    if plays:
        leader = plays[0][0]
        given = parse_seat(obj["leader"], "leader") if "leader" in obj else leader
        if given != leader:
            raise InputError("out-of-turn", "leader", value=given, expected=leader)
        to_play = next_seat(plays[-1][0], rules.clockwise)
    else:
        if "leader" not in obj:
            raise InputError("missing-field", "leader")
        leader = to_play = parse_seat(obj["leader"], "leader")
    _check_counts(held, {seat for seat, _ in plays}, to_play, keys)

    ekka = False
    if "ekka" in obj:
        if rules.name != "saudi":
            raise InputError("unknown-field", "ekka", value="ekka")
        ekka = as_bool(obj["ekka"], "ekka")
        if ekka and not plays:
            raise bad_field(True, "ekka", "false")  # Ekka is called on a card already led

    hands = tuple(sum(1 << c for c in held[seat]) for seat in SEATS)
    trick = [c for _, c in plays]
    total = points_of(FULL_DECK, trump)
    out = points_of(hands[0] | hands[1] | hands[2] | hands[3] | sum(1 << c for c in trick), trump)
    if "points" in obj:
        pts = parse_team_ints(obj["points"], "points", 0, total)
        so_far = (pts[Team.NS], pts[Team.EW])
    else:
        so_far = (0, 0)
    if sum(so_far) + out != total:
        raise InputError("card-points", "points", value=sum(so_far), expected=total - out)
    return BestCardPosition(
        rules=rules,
        trump=trump,
        hands=(hands[0], hands[1], hands[2], hands[3]),
        leader=leader,
        to_play=to_play,
        trick=trick,
        points_so_far=so_far,
        taker=taker_seat.team if taker_seat is not None else None,
        ekka=ekka,
        taker_seat=taker_seat,
    )


def _check_counts(
    held: Mapping[Seat, list[Card]], played: set[Seat], to_play: Seat, keys: Mapping[Seat, str]
) -> None:
    """The player to act holds n >= 1 cards; who played to the trick holds n - 1, the others n."""
    left = len(held[to_play])
    if not left:
        raise InputError("hand-size", f"hands.{keys[to_play]}", value=0, expected=span(1, 8))
    for seat in SEATS:
        expected = left - 1 if seat in played else left
        if len(held[seat]) != expected:
            raise InputError("hand-size", f"hands.{keys[seat]}", value=len(held[seat]), expected=expected)


def write_position(p: BestCardPosition) -> dict[str, Any]:
    """The JSON form of ``p``, read back by :func:`read_position` to an equal position."""
    obj: dict[str, Any] = {
        "variant": p.rules.name,
        "contract": {
            "mode": p.mode,
            "trump": None if p.trump == NO_TRUMP else SUIT_LETTERS[p.trump],
            "taker": None if p.taker_seat is None else str(p.taker_seat),
        },
        "hands": {
            str(seat): [str(c) for c in cards_of(p.hands[seat])] for seat in (Seat.N, Seat.E, Seat.S, Seat.W)
        },
        "trick": [[str(seat), str(c)] for seat, c in p.plays()],
        "leader": str(p.leader),
        "points": {"NS": p.points_so_far[0], "EW": p.points_so_far[1]},
    }
    if p.ekka:
        obj["ekka"] = True
    options = _changed_options(p.rules)
    if options:
        obj["rules"] = options
    return obj


def _changed_options(rules: RuleSet) -> dict[str, Any]:
    """The house-rule options that differ from the variant's defaults."""
    default = type(rules)()
    return {k: v for k, v in rules.options().items() if getattr(default, k) != v}
