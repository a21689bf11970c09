"""Step-through demonstrations: an example hand in a lesson, shown card by card.

A lesson step's ``table`` with ``plays`` is a demonstration: the four ``hands`` as dealt (open)
and the cards played, in order, ``[[seat, card], ...]``. Frame 0 shows the hands before the first
card; frame k the table after k cards: what each player still holds and the trick in progress,
the whole trick when k ends one. The page steps through the frames (lessons/views.py).

:func:`check` asks the engine about every card when the content is read, as the loader does for
puzzles: the card is in its player's hand, the engine allows it there, the seats follow the turn
order, and each trick after the first is led by the winner of the one before.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from engine.cards import Card, NotationError
from engine.cli import COMMANDS
from engine.messages import error_message
from engine.notation import InputError

TRICK = 4


class DemoError(ValueError):
    """A demonstration the engine refuses: ``where`` (``plays[3]``) and the reason."""

    def __init__(self, where: str, reason: str) -> None:
        super().__init__(f"{where}: {reason}")
        self.where = where
        self.reason = reason


def is_demo(table: dict[str, Any] | None) -> bool:
    return bool(table) and "plays" in table  # type: ignore[operator]


@dataclass(frozen=True)
class Frame:
    """The table after ``shown`` cards: a position to draw, and the trick's end when it has one."""

    shown: int
    position: dict[str, Any]
    play: tuple[str, str] | None  # the card just played (seat, card); None before the first
    trick_done: bool  # this card ends a trick: the position's trick is complete


def _card(value: Any) -> str:
    return str(Card.parse(value))


def frame(table: dict[str, Any], shown: int) -> Frame:
    """The table after the first ``shown`` cards of ``table["plays"]`` (0 to their number)."""
    plays = [(str(seat), _card(card)) for seat, card in table["plays"]]
    shown = max(0, min(shown, len(plays)))
    hands = {str(seat): [_card(c) for c in cards] for seat, cards in table["hands"].items()}
    for seat, card in plays[:shown]:
        hands[seat].remove(card)
    done = shown > 0 and shown % TRICK == 0
    start = (shown - 1) // TRICK * TRICK if shown else 0
    trick = [[seat, card] for seat, card in plays[start:shown]]
    position = {k: copy.deepcopy(v) for k, v in table.items() if k not in ("plays", "hands", "hand", "seat")}
    position.update(hands=hands, trick=trick)
    return Frame(shown=shown, position=position, play=plays[shown - 1] if shown else None, trick_done=done)


def check(table: dict[str, Any]) -> None:
    """Every card checked with the engine; :class:`DemoError` names the first one refused."""
    plays = table.get("plays")
    hands = table.get("hands")
    if not isinstance(plays, list) or not plays:
        raise DemoError("plays", "the cards played, in order: [[S, 9C], [E, JC], ...]")
    if not isinstance(hands, dict) or set(map(str, hands)) != {"N", "E", "S", "W"}:
        raise DemoError("hands", "a demonstration shows the four hands as dealt: {N: [...], E: [...], ...}")
    rules: dict[str, Any] = {k: table[k] for k in ("variant", "trump", "options") if k in table}
    try:
        held = {str(seat): [_card(c) for c in cards] for seat, cards in hands.items()}
    except (NotationError, TypeError, ValueError) as e:
        raise DemoError("hands", str(e)) from None
    trick: list[list[str]] = []
    leader: str | None = None
    for i, play in enumerate(plays):
        where = f"plays[{i}]"
        if not (isinstance(play, list) and len(play) == 2):
            raise DemoError(where, "a play is [seat, card], like [E, 9C]")
        try:
            seat, card = str(play[0]), _card(play[1])
        except (NotationError, TypeError, ValueError) as e:
            raise DemoError(where, str(e)) from None
        if seat not in held or card not in held[seat]:
            raise DemoError(where, f"{card} is not in the hand of {seat} any more")
        if not trick and leader is not None and seat != leader:
            raise DemoError(where, f"{leader} won the last trick and leads the next one, not {seat}")
        legal = _engine("legal", {**rules, "seat": seat, "hand": held[seat], "trick": trick}, where)
        if card not in legal["legal"]:
            reason = legal["illegal"].get(card, [{}])[0]
            raise DemoError(
                where, f"{seat} may not play {card}: {reason.get('rule')}: {reason.get('message')}"
            )
        held[seat].remove(card)
        trick.append([seat, card])
        if len(trick) == TRICK:
            leader = _engine("trick", {**rules, "trick": trick}, where)["winner"]
            trick = []


def _engine(command: str, position: dict[str, Any], where: str) -> dict[str, Any]:
    try:
        return COMMANDS[command](position, "en")
    except InputError as e:
        params = {**e.params, "field": e.field} if e.field else dict(e.params)
        raise DemoError(where, f"{e.code}: {error_message(e.code, 'en', params)}") from None
