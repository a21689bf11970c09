"""Cards, seats and teams as small integers, with their notation.

A card is an ``int`` from 0 to 31: ``suit * 8 + rank``, ranks in sequence order
``7 8 9 T J Q K A`` (the order used for projects and declarations). A set of
cards — a hand, the cards still out — is a 32-bit mask with bit ``card`` set.
Everything fast (legality, tricks, the solver) works on those integers;
:class:`Card` adds the notation on top for people and for JSON.

>>> Card.parse("10H")
Card.parse('TH')
>>> str(Card.parse("th"))
'TH'
>>> cards_of(mask_of([Card.parse("AS"), Card.parse("7S")]))
[Card.parse('7S'), Card.parse('AS')]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum

SUIT_LETTERS = "SHDC"
RANK_LETTERS = "789TJQKA"

# Rank indices in sequence order.
SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(8)
SPADES, HEARTS, DIAMONDS, CLUBS = range(4)

FULL_DECK = (1 << 32) - 1
SUIT_MASK = tuple(0xFF << (8 * s) for s in range(4))


class NotationError(ValueError):
    """Text that does not name a card, suit or seat."""

    def __init__(self, text: object, what: str) -> None:
        super().__init__(f"{text!r} is not a {what}")
        self.text = text
        self.what = what


class Card(int):
    """A card; an ``int`` subclass so it can index tables and build masks."""

    __slots__ = ()

    @property
    def suit(self) -> int:
        return self >> 3

    @property
    def rank(self) -> int:
        return self & 7

    @property
    def bit(self) -> int:
        return 1 << self

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``"TH"``, ``"10H"`` or ``"th"``; raise :class:`NotationError` otherwise."""
        if not isinstance(text, str):
            raise NotationError(text, "card")
        t = text.strip().upper()
        if t.startswith("10"):
            t = "T" + t[2:]
        if len(t) != 2 or t[0] not in RANK_LETTERS or t[1] not in SUIT_LETTERS:
            raise NotationError(text, "card")
        return CARDS[SUIT_LETTERS.index(t[1]) * 8 + RANK_LETTERS.index(t[0])]

    def __str__(self) -> str:
        return RANK_LETTERS[self & 7] + SUIT_LETTERS[self >> 3]

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(32))


def card(suit: int, rank: int) -> Card:
    return CARDS[suit * 8 + rank]


def parse_suit(text: object) -> int:
    """``"H"`` → ``HEARTS``."""
    if not isinstance(text, str) or len(text.strip()) != 1 or text.strip().upper() not in SUIT_LETTERS:
        raise NotationError(text, "suit")
    return SUIT_LETTERS.index(text.strip().upper())


def suit_letter(suit: int) -> str:
    return SUIT_LETTERS[suit]


def mask_of(cards: Iterable[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


# For each suit and each 8-bit pattern, the cards it stands for: a mask becomes
# a list with four table look-ups instead of a loop over its bits.
_SUIT_BYTE_CARDS = tuple(
    tuple(tuple(CARDS[8 * s + r] for r in range(8) if b >> r & 1) for b in range(256)) for s in range(4)
)


def cards_of(mask: int) -> list[Card]:
    """The cards of ``mask``, lowest first (suits S H D C, ranks 7 → A)."""
    t = _SUIT_BYTE_CARDS
    return [
        *t[0][mask & 0xFF],
        *t[1][(mask >> 8) & 0xFF],
        *t[2][(mask >> 16) & 0xFF],
        *t[3][(mask >> 24) & 0xFF],
    ]


def iter_bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


# ---------------------------------------------------------------- seats


class Seat(IntEnum):
    """Seats numbered in the counter-clockwise turn order ``S → E → N → W``.

    So the next player is ``(seat + 1) % 4`` (the default direction), the
    partner is ``seat ^ 2`` and the team is ``seat & 1`` (0 = NS, 1 = EW).
    """

    S = 0
    E = 1
    N = 2
    W = 3

    def __str__(self) -> str:
        return self.name

    @property
    def partner(self) -> Seat:
        return SEATS[self ^ 2]

    @property
    def team(self) -> Team:
        return TEAMS[self & 1]

    @classmethod
    def parse(cls, text: object) -> Seat:
        if not isinstance(text, str) or text.strip().upper() not in ("N", "E", "S", "W"):
            raise NotationError(text, "seat")
        return cls[text.strip().upper()]


class Team(IntEnum):
    NS = 0
    EW = 1

    def __str__(self) -> str:
        return self.name

    @property
    def other(self) -> Team:
        return TEAMS[self ^ 1]

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat(self), Seat(self + 2))

    @classmethod
    def parse(cls, text: object) -> Team:
        if not isinstance(text, str) or text.strip().upper() not in ("NS", "EW"):
            raise NotationError(text, "team")
        return cls[text.strip().upper()]


def next_seat(seat: int, clockwise: bool = False) -> Seat:
    """The player after ``seat``: on their right (counter-clockwise) unless ``clockwise``."""
    return Seat((seat - 1) % 4) if clockwise else Seat((seat + 1) % 4)


def seats_from(first: int, clockwise: bool = False) -> tuple[Seat, Seat, Seat, Seat]:
    """The four seats in turn order starting at ``first``."""
    return _SEATS_FROM[clockwise][first]


# Look-up tables: calling an Enum class to convert an int is slow on hot paths.
SEATS: tuple[Seat, Seat, Seat, Seat] = (Seat.S, Seat.E, Seat.N, Seat.W)
TEAMS: tuple[Team, Team] = (Team.NS, Team.EW)
_SEATS_FROM = {
    cw: tuple(
        (SEATS[f], SEATS[(f + d) % 4], SEATS[(f + 2 * d) % 4], SEATS[(f + 3 * d) % 4]) for f in range(4)
    )
    for cw, d in ((False, 1), (True, -1))
}


# ---------------------------------------------------------------- two players

# Two-player Belote découverte (docs/rules.md §5.4): the players sit opposite each other.
TWO_SEATS: tuple[Seat, Seat] = (Seat.S, Seat.N)


class NotATwoPlayerSeat(ValueError):
    def __init__(self, seat: object) -> None:
        super().__init__(f"{seat!r} is not a seat of the two-player game (S, N)")
        self.seat = seat


def other_player(seat: Seat) -> Seat:
    """The opponent across the table in the two-player game; refuses E and W."""
    if seat not in TWO_SEATS:
        raise NotATwoPlayerSeat(seat)
    return Seat(seat ^ 2)
