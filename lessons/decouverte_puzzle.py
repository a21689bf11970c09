"""What a découverte puzzle's page shows (the decouverte-card task): both players' piles as the
player to act sees them, the trick in progress, the contract and the card points so far.

It reads :func:`lessons.positions.decouverte_card`'s output, which names no face-down card (a
player's view says only whether a card lies under a face-up one), so the page cannot show one. The
piles are drawn by the découverte table's partial (templates/practice/partials/decouverte_piles.html),
which reads the same fields as the practice table's piles.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import messages
from engine.cards import Card, Seat
from engine.cards import other_player as other
from engine.decouverte import TRICKS
from lessons.templatetags.table import CardFace, card_face, contract_words

VARIANT = "french"  # the two-player game speaks French Belote's words


@dataclass
class Pile:
    """One pile: the face-up card (None once played), whether a card lies face down under it, and
    for the player to act whether the face-up card may be played now."""

    face: CardFace | None
    covered: bool
    playable: bool = False
    turned: bool = False  # turned up at the end of the last trick
    bidding: bool = False  # never during the play (the page draws piles of the auction too)


@dataclass
class PuzzleBoard:
    seat: str
    opponent: str
    mine: list[Pile]
    theirs: list[Pile]
    trick: list[tuple[str, CardFace]]
    contract: str
    points: list[tuple[str, int]]
    trick_number: int


def board(output: dict[str, Any], lang: str, deck: str) -> PuzzleBoard:
    """The piles as the position's ``table`` gives them, the seat's legal cards marked playable and
    the cards just turned up marked."""
    seat = Seat.parse(output["seat"])
    legal, turned = set(output["legal"]), set(output["turned"])

    def face(code: str) -> CardFace:
        shown = card_face(code, VARIANT, lang, deck)
        assert shown is not None
        return shown

    def piles(key: str) -> list[Pile]:
        return [
            Pile(
                face=None if p["up"] is None else face(p["up"]),
                covered=bool(p["down"]),
                playable=key == str(seat) and p["up"] in legal,
                turned=p["up"] is not None and p["up"] in turned,
            )
            for p in output["table"][key]
        ]

    def name(s: str | Seat) -> str:
        return messages.seat_name(Seat.parse(str(s)), VARIANT, lang)

    return PuzzleBoard(
        seat=name(seat),
        opponent=name(other(seat)),
        mine=piles(str(seat)),
        theirs=piles(str(other(seat))),
        trick=[(name(s), face(str(Card.parse(c)))) for s, c in output["trick"]],
        contract=contract_words({"contract": output["contract"]}, VARIANT, lang, deck),
        points=[(name(k), v) for k, v in output["points"].items()],
        trick_number=min(output["tricks"] + 1, TRICKS),
    )
