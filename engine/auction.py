"""The auction, doubling and the first lead (docs/rules.md §3), with a reason for every refused call.

An auction is a value. Build it from the rule set, the dealer and the bidding
card, then feed it calls in order: :meth:`Auction.call` returns a **new**
auction and leaves the old one as it was, so a position can be kept, compared
or tried in several ways without copying. Every call made is kept, in order,
as a frozen :class:`CallRecord` in ``auction.history``.

Three faces for every call, as in pokerkit: :meth:`Auction.verify` raises
:class:`IllegalCall` with the reasons, :meth:`Auction.can_call` answers yes or
no, :meth:`Auction.call` makes it. :meth:`Auction.allowed` and
:meth:`Auction.refusals` list what the player to act may say and why the
other usual calls are refused now.

>>> from engine.variants import rules_for
>>> a = new_auction(rules_for("saudi"), Seat.S, Card.parse("7H"))
>>> a.to_act
<Seat.E: 1>
>>> a = a.call("pass").call("hokm")
>>> a.to_act, a.allowed()
(<Seat.W: 3>, ['pass', 'sun', 'ashkal'])
>>> [r.rule for r in a.refusals()["hokm"]]
['bid.sa.after-hokm']
>>> a = a.call("pass").call("pass").call("pass")
>>> a.to_act, a.allowed()
(<Seat.N: 2>, ['confirm', 'sun'])
>>> a.call("confirm").contract
Contract(mode='hokm', trump=1, taker=<Seat.N: 2>, receiver=<Seat.N: 2>)

Call notation
=============

Lower case; suits are the letters ``S H D C``. Output always uses these forms.

=============  =======================================================================
call           meaning
=============  =======================================================================
``pass``       pass (بس, ولا); ``wala`` is read as ``pass`` in any round
``hokm``       saudi round 1: Hokm in the bidding card's suit
``hokm:S``     saudi round 2: Hokm in the named suit (not the bidding card's suit)
``sun``        saudi: Sun; also the Hokm bidder's answer that turns the Hokm into Sun
``ashkal``     saudi round 1: Sun bought for the caller's partner
``confirm``    saudi: the Hokm bidder keeps the Hokm when asked again (``bid.sa.confirm``)
``redeal``     saudi with ``redeal_worthless_hand``: throw in a hand of only 7s, 8s, 9s
``take``       moroccan, french round 1: take the bidding card's suit as trump
``take:S``     moroccan, french round 2: take the named suit as trump
=============  =======================================================================

Two-player Belote découverte (``rules_for("french-2p")``, :class:`DecouverteAuction`) is
French Belote's auction with two speakers: the player who did not deal, then the dealer.
Only the table differs: the bidding card stays face up in the dealer's piles
(``deal.fr2.decouverte``), so the contract's ``receiver`` is the dealer.

Doubling (:class:`Doubling`) uses ``double``, ``three``, ``four``, ``gahwa`` and ``pass``.

Readings chosen where docs/rules.md leaves room
==========================================

- Turn order: the player after the dealer speaks first (``next_seat(dealer,
  rules.clockwise)``), the dealer last, in both rounds.
- ``bid.sa.after-hokm``: after a Hokm, every other player gets exactly one
  chance to answer, in turn order starting after the Hokm bidder and going
  round the table until it comes back to him, so the players who passed
  before the Hokm speak again. Each may say Sun, Ashkal (seat and round
  permitting) or pass. Sun or Ashkal ends the auction at once
  (``bid.sa.sun-ends``).
- ``bid.sa.confirm``: when all three passed, the Hokm bidder says ``confirm``
  (Hokm stands) or ``sun`` (he buys Sun instead). Nothing else.
- ``bid.sa.ashkal-seat``: the third speaker (the dealer's left) and the dealer,
  in round 1, before or after a Hokm. The contract is Sun, the caller is the
  taker (his team buys), his partner is the receiver of the bidding card.
- ``redeal`` (saudi option ``redeal_worthless_hand``): in round 1, on one's
  turn, before anyone has called Hokm, with the five cards shown (``hand``;
  without it the call is refused). It ends the auction as a :class:`Void`
  with rule ``bid.sa.redeal``; the deal passes on as for ``bid.void``.
- Moroccan and French: the first ``take`` ends the auction; the contract has
  mode ``"hokm"`` with the taken suit as trump.
- Doubling is team against team, each word said by one player (``double.sa.who``):
  either defender may say Double; then only the buyer (the taker, not his
  partner) may answer Three and Gahwa, and only the player who doubled may
  answer Four. The one who may say the next word may instead ``pass``, which
  closes the doubling.

Emitted rule IDs and their params
=================================

==============================  ==================================================================
rule                            params
==============================  ==================================================================
``bid.turn``                    ``seat`` (who tried to call), ``to_act`` (whose turn it is)
``bid.over``                    ``seat`` (whose call closed the auction or the doubling)
``bid.unknown``                 ``call`` (the notation): not a call of this variant at this point
                                (``take`` in saudi, ``hokm:S`` in round 1, ``redeal`` without
                                the option, ``confirm`` before any Hokm, ...)
``bid.void``                    ``seat`` (the next dealer): everyone passed twice
``bid.sa.sun-ends``             ``seat`` (who called Sun or Ashkal)
``bid.sa.ashkal-seat``          ``seat`` (the caller), ``seats`` (the two seats that may)
``bid.sa.no-ashkal-on-ace``     ``card`` (the bidding card)
``bid.sa.after-hokm``           ``seat`` (the Hokm bidder), ``suit`` (the Hokm suit)
``bid.sa.confirm``              ``seat`` (the Hokm bidder), ``suit`` (the Hokm suit)
``bid.sa.second-hokm-suit``     ``suit`` (the bidding card's suit, which round 2 excludes)
``bid.sa.no-ashkal-round2``     (none)
``bid.sa.redeal``               ``round``, ``cards`` (the hand shown; empty when not given)
``bid.ma.forced-jack``          ``card`` (the bidding card), ``seat`` (the first speaker)
``bid.ma.second-suit``          ``suit`` (the bidding card's suit)
``bid.fr.second-suit``          ``suit`` (the bidding card's suit)
``double.sa.who``               ``seat`` (the caller), ``team`` (the team to speak now),
                                ``call`` (the next word of the ladder); for Three and Gahwa
                                ``case`` ``buyer``, for Four ``case`` ``doubler``, and
                                ``speaker`` (the one seat that may answer)
``double.sa.gahwa``             ``team`` (the team that said Gahwa)
``double.sa.sun-condition``     ``team`` (the buying team), ``buyer_score``, ``doubler_score``
                                (game scores before the hand)
``lead.sa.first``               ``seat`` (the leader), ``dealer``
``lead.ma.first``               ``seat`` (the leader), ``taker``
``lead.fr.first``               ``seat`` (the leader), ``dealer``
==============================  ==================================================================

``bid.turn``, ``bid.over``, ``bid.unknown`` and ``bid.sa.redeal`` are not
(yet) IDs of docs/rules.md; the others are. A finished auction refuses every call
with the rule that closed it: ``bid.sa.sun-ends``, ``bid.void`` or ``bid.over``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import ClassVar, Literal, Self

from engine.cards import (
    ACE,
    CARDS,
    JACK,
    NINE,
    SUIT_LETTERS,
    Card,
    NotationError,
    Seat,
    Team,
    next_seat,
    other_player,
    parse_suit,
    seats_from,
)
from engine.explain import Reason
from engine.ranking import NO_TRUMP
from engine.variants import French, FrenchTwoPlayer, Moroccan, RuleSet, Saudi

PASS = "pass"
HOKM = "hokm"
SUN = "sun"
ASHKAL = "ashkal"
CONFIRM = "confirm"
REDEAL = "redeal"
TAKE = "take"
DOUBLE = "double"
THREE = "three"
FOUR = "four"
GAHWA = "gahwa"

# The doubling ladder, in the order the words must come.
LADDER = (DOUBLE, THREE, FOUR, GAHWA)

WORDS = frozenset({PASS, HOKM, SUN, ASHKAL, CONFIRM, REDEAL, TAKE, *LADDER})
SUITED_WORDS = frozenset({HOKM, TAKE})
SYNONYMS = {"wala": PASS}

Mode = Literal["sun", "hokm"]


# ---------------------------------------------------------------- values


@dataclass(frozen=True)
class Call:
    """One call: a word, and a suit for the round-2 ``hokm:S`` / ``take:S``.

    >>> Call.parse("Hokm:s")
    Call.parse('hokm:S')
    >>> str(Call.parse("wala"))
    'pass'
    """

    word: str
    suit: int | None = None

    def __post_init__(self) -> None:
        if self.word not in WORDS:
            raise NotationError(self.word, "call")
        if self.suit is not None and (self.word not in SUITED_WORDS or self.suit not in range(4)):
            raise NotationError(f"{self.word}:{self.suit}", "call")

    @classmethod
    def parse(cls, text: object) -> Call:
        """Read the notation of the module docstring; raise :class:`NotationError` otherwise."""
        if not isinstance(text, str):
            raise NotationError(text, "call")
        word, colon, suit = text.strip().lower().partition(":")
        word = SYNONYMS.get(word, word)
        if word not in WORDS or (colon and word not in SUITED_WORDS):
            raise NotationError(text, "call")
        if not colon:
            return cls(word)
        try:
            return cls(word, parse_suit(suit))
        except NotationError:
            raise NotationError(text, "call") from None

    def __str__(self) -> str:
        return self.word if self.suit is None else f"{self.word}:{SUIT_LETTERS[self.suit]}"

    def __repr__(self) -> str:
        return f"Call.parse({str(self)!r})"


def _as_call(call: Call | str) -> Call:
    return call if isinstance(call, Call) else Call.parse(call)


@dataclass(frozen=True)
class CallRecord:
    """A call made: who, what, in which round; ``cards`` is the hand shown with ``redeal``."""

    seat: Seat
    call: Call
    round: int
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True)
class Contract:
    """What the auction sold. ``trump`` is a suit 0-3, or ``NO_TRUMP`` for Sun.

    ``taker`` is the seat whose team bought (for Ashkal, the caller); ``receiver``
    takes the bidding card (for Ashkal, the caller's partner; otherwise the taker).
    """

    mode: Mode
    trump: int
    taker: Seat
    receiver: Seat

    @property
    def team(self) -> Team:
        return self.taker.team

    def as_json(self) -> dict[str, str | None]:
        """The ``contract`` object of the ``bid`` command (docs/engine-cli.md)."""
        return {
            "mode": self.mode,
            "trump": None if self.trump == NO_TRUMP else SUIT_LETTERS[self.trump],
            "taker": str(self.taker),
            "receiver": str(self.receiver),
        }


@dataclass(frozen=True)
class Void:
    """The hand is not played: ``bid.void`` (all passed twice) or ``bid.sa.redeal``."""

    rule: str
    next_dealer: Seat

    def as_json(self) -> dict[str, bool]:
        return {"void": True}


class IllegalCall(ValueError):
    """A well-formed call that the rules refuse now; ``reasons`` says why."""

    def __init__(self, call: Call, reasons: list[Reason]) -> None:
        super().__init__(f"{call}: {', '.join(r.rule for r in reasons)}")
        self.call = call
        self.reasons = reasons


def is_worthless_hand(cards: Iterable[int]) -> bool:
    """Only 7s, 8s and 9s (saudi option ``redeal_worthless_hand``).

    >>> is_worthless_hand([Card.parse(c) for c in ["7S", "8S", "9H", "7D", "9C"]])
    True
    >>> is_worthless_hand([Card.parse(c) for c in ["7S", "8S", "9H", "7D", "TC"]])
    False
    """
    ranks = [c & 7 for c in cards]
    return bool(ranks) and all(r <= NINE for r in ranks)


def _unknown(call: Call) -> Reason:
    return Reason("bid.unknown", {"call": str(call)})


# ---------------------------------------------------------------- auctions


@dataclass(frozen=True)
class _State:
    """Where the auction stands; rebuilt from the history, never shown."""

    round: int = 1
    spoken: int = 0  # calls made in this round before any Hokm
    hokm: Seat | None = None  # the saudi Hokm bidder
    suit: int = NO_TRUMP  # the Hokm suit
    pending: tuple[Seat, ...] = ()  # who still answers the Hokm, in order
    confirming: bool = False  # the Hokm bidder is asked again
    result: Contract | Void | None = None
    closing: Reason | None = None  # why nothing more may be said


@dataclass(frozen=True)
class Auction:
    """The common machinery; :class:`SaudiAuction`, :class:`MoroccanAuction` and
    :class:`FrenchAuction` hold each variant's calls. Build one with :func:`new_auction`.

    ``history`` may be given to rebuild a position; every call in it is checked.
    """

    rules_type: ClassVar[type[RuleSet]] = RuleSet

    rules: RuleSet
    dealer: Seat
    bidding_card: Card
    history: tuple[CallRecord, ...] = ()
    order: tuple[Seat, ...] = field(init=False, repr=False, compare=False)
    _state: _State = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.rules, self.rules_type):
            raise TypeError(f"{type(self).__name__} needs {self.rules_type.__name__} rules")
        object.__setattr__(self, "dealer", Seat(self.dealer))
        object.__setattr__(self, "bidding_card", CARDS[self.bidding_card])
        object.__setattr__(self, "order", self._speaking_order())
        state = _State()
        for record in self.history:
            cards = record.cards if record.call.word == REDEAL else None
            reasons = self._reasons(state, record.call, record.seat, cards)
            if reasons:
                raise IllegalCall(record.call, reasons)
            if record.round != state.round:
                raise ValueError(f"{record.call} by {record.seat} was made in round {state.round}")
            state = self._advance(state, record.seat, record.call)
        object.__setattr__(self, "_state", state)

    def _speaking_order(self) -> tuple[Seat, ...]:
        """The player after the dealer speaks first, the dealer last."""
        cw = self.rules.clockwise
        return seats_from(next_seat(self.dealer, cw), cw)

    # -- what may be said

    @property
    def to_act(self) -> Seat | None:
        """Who speaks now; ``None`` once the auction is over."""
        return self._to_act(self._state)

    @property
    def round(self) -> int:
        return self._state.round

    @property
    def is_over(self) -> bool:
        return self._state.result is not None

    @property
    def contract(self) -> Contract | Void | None:
        """``None`` while the auction is open, then the :class:`Contract` or a :class:`Void`."""
        return self._state.result

    def allowed(self, hand: Iterable[int] | None = None) -> list[str]:
        """The calls the player to act may make now (empty once the auction is over).

        ``hand``: that player's cards, needed only for ``redeal``.
        """
        cards = _cards(hand)
        s = self._state
        return [str(c) for c in self._vocabulary(s) if not self._reasons(s, c, None, cards)]

    def refusals(self, hand: Iterable[int] | None = None) -> dict[str, list[Reason]]:
        """The usual calls of this moment that are refused, each with its reasons."""
        cards = _cards(hand)
        s = self._state
        out: dict[str, list[Reason]] = {}
        for c in self._vocabulary(s):
            reasons = self._reasons(s, c, None, cards)
            if reasons:
                out[str(c)] = reasons
        return out

    def verify(self, call: Call | str, seat: Seat | None = None, hand: Iterable[int] | None = None) -> None:
        """Raise :class:`IllegalCall` if ``call`` (by ``seat``, when given) is refused now."""
        c = _as_call(call)
        reasons = self._reasons(self._state, c, seat, _cards(hand))
        if reasons:
            raise IllegalCall(c, reasons)

    def can_call(self, call: Call | str, seat: Seat | None = None, hand: Iterable[int] | None = None) -> bool:
        c = _as_call(call)
        return not self._reasons(self._state, c, seat, _cards(hand))

    def call(self, call: Call | str, seat: Seat | None = None, hand: Iterable[int] | None = None) -> Self:
        """The auction after ``call`` by the player to act (``seat``, when given, must be them).

        Raises :class:`IllegalCall` if the call is refused; ``self`` is never changed.
        """
        c = _as_call(call)
        cards = _cards(hand)
        s = self._state
        reasons = self._reasons(s, c, seat, cards)
        if reasons:
            raise IllegalCall(c, reasons)
        who = self._to_act(s)
        assert who is not None  # an over auction refuses every call
        shown = cards if c.word == REDEAL and cards is not None else ()
        return replace(self, history=(*self.history, CallRecord(who, c, s.round, shown)))

    # -- shared machinery

    def _to_act(self, s: _State) -> Seat | None:
        if s.result is not None:
            return None
        if s.confirming:
            return s.hokm
        if s.pending:
            return s.pending[0]
        return self.order[s.spoken]

    def _reasons(
        self, s: _State, call: Call, seat: int | None, hand: tuple[Card, ...] | None
    ) -> list[Reason]:
        if s.closing is not None:
            return [s.closing]
        to_act = self._to_act(s)
        assert to_act is not None
        if seat is not None and seat != to_act:
            return [Reason("bid.turn", {"seat": Seat(seat), "to_act": to_act})]
        return self._call_reasons(s, call, to_act, hand)

    def _pass(self, s: _State) -> _State:
        """A pass before any Hokm: next speaker, next round, or a void hand."""
        if s.spoken < len(self.order) - 1:
            return replace(s, spoken=s.spoken + 1)
        if s.round == 1:
            return replace(s, round=2, spoken=0)
        void = Void("bid.void", self.order[0])  # the deal passes to the first speaker
        return replace(s, result=void, closing=Reason("bid.void", {"seat": void.next_dealer}))

    def _close(self, s: _State, result: Contract | Void, closing: Reason) -> _State:
        return replace(s, result=result, closing=closing, pending=(), confirming=False)

    # -- per variant

    def _vocabulary(self, s: _State) -> list[Call]:
        raise NotImplementedError

    def _call_reasons(self, s: _State, call: Call, seat: Seat, hand: tuple[Card, ...] | None) -> list[Reason]:
        raise NotImplementedError

    def _advance(self, s: _State, seat: Seat, call: Call) -> _State:
        raise NotImplementedError


def _cards(hand: Iterable[int] | None) -> tuple[Card, ...] | None:
    return None if hand is None else tuple(CARDS[c] for c in hand)


_ROUND1_SAUDI = (Call(PASS), Call(HOKM), Call(SUN), Call(ASHKAL))
_ROUND2_SAUDI = (Call(PASS), Call(SUN), *(Call(HOKM, s) for s in range(4)), Call(ASHKAL))
_CONFIRMING = (Call(CONFIRM), Call(SUN), Call(PASS))


@dataclass(frozen=True)
class SaudiAuction(Auction):
    """Saudi Baloot: Hokm, Sun, Ashkal, two rounds, confirmation (docs/rules.md §3.1)."""

    rules_type: ClassVar[type[RuleSet]] = Saudi

    def _vocabulary(self, s: _State) -> list[Call]:
        if s.result is not None:
            return []
        if s.confirming:
            return list(_CONFIRMING)
        if s.round == 2:
            return list(_ROUND2_SAUDI)
        if s.hokm is None and getattr(self.rules, "redeal_worthless_hand", False):
            return [*_ROUND1_SAUDI, Call(REDEAL)]
        return list(_ROUND1_SAUDI)

    def _call_reasons(self, s: _State, call: Call, seat: Seat, hand: tuple[Card, ...] | None) -> list[Reason]:
        word = call.word
        if word not in (PASS, HOKM, SUN, ASHKAL, CONFIRM, REDEAL):
            return [_unknown(call)]
        if s.confirming:
            # bid.sa.confirm: the Hokm bidder keeps the Hokm or turns it into Sun, nothing else.
            return [] if word in (CONFIRM, SUN) else [self._confirm_reason(s)]
        if word in (PASS, SUN):
            return []
        if word == CONFIRM:
            # Only the Hokm bidder is asked, and only once everyone else has answered.
            return [self._confirm_reason(s)] if s.hokm is not None else [_unknown(call)]
        if word == HOKM:
            return self._hokm_reasons(s, call)
        if word == ASHKAL:
            return self._ashkal_reasons(s, seat)
        return self._redeal_reasons(s, call, hand)

    def _hokm_reasons(self, s: _State, call: Call) -> list[Reason]:
        if s.round == 1 and call.suit is not None:
            return [_unknown(call)]  # round 1 Hokm is always the bidding card's suit
        reasons = []
        if s.hokm is not None:
            reasons.append(Reason("bid.sa.after-hokm", {"seat": s.hokm, "suit": s.suit}))
        if s.round == 2 and call.suit in (None, self.bidding_card.suit):
            reasons.append(Reason("bid.sa.second-hokm-suit", {"suit": self.bidding_card.suit}))
        return reasons

    def _ashkal_reasons(self, s: _State, seat: Seat) -> list[Reason]:
        if s.round == 2:
            return [Reason("bid.sa.no-ashkal-round2", {})]
        reasons = []
        ashkal_seats = self.order[2:]  # the third speaker (the dealer's left) and the dealer
        if seat not in ashkal_seats:
            reasons.append(Reason("bid.sa.ashkal-seat", {"seat": seat, "seats": list(ashkal_seats)}))
        if getattr(self.rules, "no_ashkal_on_ace", False) and self.bidding_card.rank == ACE:
            reasons.append(Reason("bid.sa.no-ashkal-on-ace", {"card": self.bidding_card}))
        return reasons

    def _redeal_reasons(self, s: _State, call: Call, hand: tuple[Card, ...] | None) -> list[Reason]:
        if not getattr(self.rules, "redeal_worthless_hand", False):
            return [_unknown(call)]
        # The cards must be shown: without them the claim cannot be checked.
        if s.round == 1 and s.hokm is None and hand is not None and is_worthless_hand(hand):
            return []
        return [Reason("bid.sa.redeal", {"round": s.round, "cards": list(hand or ())})]

    def _confirm_reason(self, s: _State) -> Reason:
        return Reason("bid.sa.confirm", {"seat": s.hokm, "suit": s.suit})

    def _advance(self, s: _State, seat: Seat, call: Call) -> _State:
        word = call.word
        if word == SUN:
            return self._close(s, Contract("sun", NO_TRUMP, seat, seat), _sun_ends(seat))
        if word == ASHKAL:
            return self._close(s, Contract("sun", NO_TRUMP, seat, seat.partner), _sun_ends(seat))
        if word == CONFIRM:
            return self._close(s, Contract("hokm", s.suit, seat, seat), _over(seat))
        if word == REDEAL:
            return self._close(s, Void("bid.sa.redeal", next_seat(self.dealer)), _over(seat))
        if word == HOKM:
            suit = self.bidding_card.suit if call.suit is None else call.suit
            # Everyone else answers once, starting after the bidder and coming back to him.
            answering = seats_from(next_seat(seat, self.rules.clockwise), self.rules.clockwise)[:3]
            return replace(s, hokm=seat, suit=suit, pending=answering)
        if s.hokm is not None:
            pending = s.pending[1:]
            return replace(s, pending=pending, confirming=not pending)
        return self._pass(s)


def _sun_ends(seat: Seat) -> Reason:
    return Reason("bid.sa.sun-ends", {"seat": seat})


def _over(seat: Seat) -> Reason:
    return Reason("bid.over", {"seat": seat})


@dataclass(frozen=True)
class _TakeAuction(Auction):
    """Moroccan and French: ``take`` in round 1, ``take:S`` in another suit in round 2."""

    second_suit_rule: ClassVar[str] = ""
    forced_jack: ClassVar[bool] = False
    # The bidding card goes to the taker, or stays with the dealer (two-player découverte).
    dealer_keeps_bidding_card: ClassVar[bool] = False

    def _vocabulary(self, s: _State) -> list[Call]:
        if s.result is not None:
            return []
        if s.round == 1:
            return [Call(PASS), Call(TAKE)]
        return [Call(PASS), *(Call(TAKE, suit) for suit in range(4))]

    def _call_reasons(self, s: _State, call: Call, seat: Seat, hand: tuple[Card, ...] | None) -> list[Reason]:
        if call.word not in (PASS, TAKE):
            return [_unknown(call)]
        if call.word == PASS:
            if self.forced_jack and s.round == 1 and s.spoken == 0 and self.bidding_card.rank == JACK:
                return [Reason("bid.ma.forced-jack", {"card": self.bidding_card, "seat": seat})]
            return []
        if s.round == 1:
            # Round 1 takes the bidding card's suit; naming a suit belongs to round 2.
            return [] if call.suit is None else [_unknown(call)]
        if call.suit in (None, self.bidding_card.suit):
            return [Reason(self.second_suit_rule, {"suit": self.bidding_card.suit})]
        return []

    def _advance(self, s: _State, seat: Seat, call: Call) -> _State:
        if call.word == PASS:
            return self._pass(s)
        suit = self.bidding_card.suit if call.suit is None else call.suit
        receiver = self.dealer if self.dealer_keeps_bidding_card else seat
        return self._close(s, Contract("hokm", suit, seat, receiver), _over(seat))


@dataclass(frozen=True)
class MoroccanAuction(_TakeAuction):
    """Moroccan Belote (docs/rules.md §3.3): a Jack turned up must be taken by the first speaker."""

    rules_type: ClassVar[type[RuleSet]] = Moroccan
    second_suit_rule: ClassVar[str] = "bid.ma.second-suit"
    forced_jack: ClassVar[bool] = True


@dataclass(frozen=True)
class FrenchAuction(_TakeAuction):
    """French Belote (docs/rules.md §3.4); the order follows the ``clockwise`` option."""

    rules_type: ClassVar[type[RuleSet]] = French
    second_suit_rule: ClassVar[str] = "bid.fr.second-suit"


@dataclass(frozen=True, init=False)
class DecouverteAuction(FrenchAuction):
    """Two-player Belote découverte (docs/rules.md §5.4): French Belote's auction between S and N.

    Built from the dealer and the bidding card alone (its rule set has no options).

    >>> a = DecouverteAuction(Seat.S, Card.parse("7H"))
    >>> a.to_act, a.allowed()
    (<Seat.N: 2>, ['pass', 'take'])
    >>> a.call("pass").call("pass").call("take:S").contract
    Contract(mode='hokm', trump=0, taker=<Seat.N: 2>, receiver=<Seat.S: 0>)
    """

    rules_type: ClassVar[type[RuleSet]] = FrenchTwoPlayer
    dealer_keeps_bidding_card: ClassVar[bool] = True

    def __init__(
        self,
        dealer: Seat,
        bidding_card: Card,
        history: tuple[CallRecord, ...] = (),
        rules: RuleSet | None = None,
    ) -> None:
        object.__setattr__(self, "rules", FrenchTwoPlayer() if rules is None else rules)
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "bidding_card", bidding_card)
        object.__setattr__(self, "history", history)
        self.__post_init__()

    def _speaking_order(self) -> tuple[Seat, ...]:
        return (other_player(self.dealer), self.dealer)  # refuses a seat that is not S or N

    @property
    def result(self) -> Contract | Void | None:
        """The contract, or the void deal (the two-player table's name for it)."""
        return self.contract

    def calls(self) -> list[str]:
        """Every call the player to act may make: a bot's choices."""
        return self.allowed()


AUCTIONS: dict[str, type[Auction]] = {
    "saudi": SaudiAuction,
    "moroccan": MoroccanAuction,
    "french": FrenchAuction,
}


def new_auction(rules: RuleSet, dealer: Seat, bidding_card: Card) -> Auction:
    """A fresh auction of the variant of ``rules``.

    >>> from engine.variants import rules_for
    >>> a = new_auction(rules_for("moroccan"), Seat.N, Card.parse("JD"))
    >>> a.to_act, a.allowed(), [r.rule for r in a.refusals()["pass"]]
    (<Seat.W: 3>, ['take'], ['bid.ma.forced-jack'])
    """
    if isinstance(rules, FrenchTwoPlayer):
        return DecouverteAuction(dealer, bidding_card, rules=rules)
    return AUCTIONS[rules.name](rules, dealer, bidding_card)


# ---------------------------------------------------------------- doubling

# double.sa.sun-condition: the game scores that allow a Double in Sun.
SUN_DOUBLE_BUYERS_ABOVE = 100
SUN_DOUBLE_DOUBLERS_AT_MOST = 100


def sun_double_refusal(buyers: Team, buyer_score: int, doubler_score: int) -> Reason | None:
    """Why a Sun hand may not be doubled at this game score, or ``None`` when it may.

    The one statement of ``double.sa.sun-condition``: the auction refuses the call
    with it, and scoring refuses a doubled Sun hand the auction could not have sold.

    >>> sun_double_refusal(Team.NS, 110, 100) is None, sun_double_refusal(Team.NS, 90, 40).rule
    (True, 'double.sa.sun-condition')
    """
    if buyer_score > SUN_DOUBLE_BUYERS_ABOVE and doubler_score <= SUN_DOUBLE_DOUBLERS_AT_MOST:
        return None
    return Reason(
        "double.sa.sun-condition",
        {"team": buyers, "buyer_score": buyer_score, "doubler_score": doubler_score},
    )


@dataclass(frozen=True)
class Doubling:
    """Saudi doubling after the auction (docs/rules.md §3.2): double, three, four, gahwa.

    ``game_score`` is the game score before this hand, indexed by :class:`Team`
    (``(ns, ew)``); only Sun looks at it. ``history`` holds ``(seat, call)`` pairs.

    >>> from engine.variants import rules_for
    >>> d = Doubling(rules_for("saudi"), Contract("hokm", 1, Seat.N, Seat.N))
    >>> d.to_speak, d.allowed(Seat.E)
    (<Team.EW: 1>, ['pass', 'double'])
    >>> d = d.call("double", Seat.E).call("three", Seat.N)
    >>> d.multiplier, d.gahwa, d.to_speak, d.speakers
    (3, False, <Team.EW: 1>, (<Seat.E: 1>,))

    Each answer belongs to one player (seed 000): Three and Gahwa to the buyer
    (``contract.taker``, not his partner), Four to the player who doubled.
    """

    rules: RuleSet
    contract: Contract
    game_score: tuple[int, int] = (0, 0)
    history: tuple[tuple[Seat, Call], ...] = ()
    level: int = field(init=False, compare=False)
    """How many words of the ladder were said (0-4)."""
    closed_by: Seat | None = field(init=False, compare=False)
    """Who passed, closing the doubling."""

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Saudi):
            raise TypeError("doubling exists only in saudi")
        object.__setattr__(self, "level", 0)
        object.__setattr__(self, "closed_by", None)
        level, closed_by = 0, None
        for seat, call in self.history:
            reasons = self._reasons(level, closed_by, call, seat)
            if reasons:
                raise IllegalCall(call, reasons)
            if call.word == PASS:
                closed_by = seat
            else:
                level += 1
        object.__setattr__(self, "level", level)
        object.__setattr__(self, "closed_by", closed_by)

    @property
    def buyers(self) -> Team:
        return self.contract.team

    @property
    def is_sun(self) -> bool:
        return self.contract.mode == "sun"

    @property
    def multiplier(self) -> int:
        return (1, 2, 3, 4, 4)[self.level]

    @property
    def gahwa(self) -> bool:
        """Gahwa was said: whoever wins this hand wins the game (``double.sa.gahwa``)."""
        return self.level == 4

    @property
    def is_over(self) -> bool:
        return self._is_over(self.level, self.closed_by)

    @property
    def words_left(self) -> bool:
        """Whether a word of the ladder may still be said, not only ``pass`` (Sun at a game score
        that forbids Double has nothing to say)."""
        return any(word != PASS for seat in self.speakers for word in self.allowed(seat))

    @property
    def to_speak(self) -> Team | None:
        """The team that may say the next word (or pass); ``None`` when the doubling is over."""
        return self._to_speak(self.level, self.closed_by)

    @property
    def speakers(self) -> tuple[Seat, ...]:
        """Who may say the next word (or pass): either defender for Double, in turn order from
        the buyer's right; then the buyer alone for Three and Gahwa, the doubler alone for Four."""
        return self._speakers(self.level, self.closed_by)

    def allowed(self, seat: Seat) -> list[str]:
        return [str(c) for c in self._vocabulary() if not self._reasons(self.level, self.closed_by, c, seat)]

    def refusals(self, seat: Seat) -> dict[str, list[Reason]]:
        out: dict[str, list[Reason]] = {}
        for c in self._vocabulary():
            reasons = self._reasons(self.level, self.closed_by, c, seat)
            if reasons:
                out[str(c)] = reasons
        return out

    def verify(self, call: Call | str, seat: Seat) -> None:
        c = _as_call(call)
        reasons = self._reasons(self.level, self.closed_by, c, seat)
        if reasons:
            raise IllegalCall(c, reasons)

    def can_call(self, call: Call | str, seat: Seat) -> bool:
        return not self._reasons(self.level, self.closed_by, _as_call(call), seat)

    def call(self, call: Call | str, seat: Seat) -> Doubling:
        """The doubling after ``call`` by ``seat``; raises :class:`IllegalCall` if refused."""
        c = _as_call(call)
        self.verify(c, seat)
        return replace(self, history=(*self.history, (Seat(seat), c)))

    def _is_over(self, level: int, closed_by: Seat | None) -> bool:
        # In Sun only Double exists: once said, there is nothing more.
        return level == 4 or closed_by is not None or (self.is_sun and level == 1)

    def _to_speak(self, level: int, closed_by: Seat | None) -> Team | None:
        if self._is_over(level, closed_by):
            return None
        # The defenders double and say four; the buyers answer three and gahwa.
        return self.buyers.other if level % 2 == 0 else self.buyers

    def _speakers(self, level: int, closed_by: Seat | None) -> tuple[Seat, ...]:
        if self._is_over(level, closed_by):
            return ()
        taker = self.contract.taker
        if level == 0:
            cw = self.rules.clockwise
            return tuple(s for s in seats_from(next_seat(taker, cw), cw) if s.team != taker.team)
        if level == 2:
            return (self._doubler(),)
        return (taker,)

    def _doubler(self) -> Seat:
        """The seat that said Double."""
        return next(seat for seat, call in self.history if call.word == DOUBLE)

    def _vocabulary(self) -> list[Call]:
        if self.is_over:
            return []
        return [Call(PASS), Call(LADDER[self.level])]

    def _sun_refusal(self) -> Reason | None:
        return sun_double_refusal(
            self.buyers, self.game_score[self.buyers], self.game_score[self.buyers.other]
        )

    def _sun_condition(self) -> Reason:
        """``double.sa.sun-condition`` with this game's scores, whether or not they allow it now."""
        reason = self._sun_refusal()
        if reason is not None:
            return reason
        return Reason(
            "double.sa.sun-condition",
            {
                "team": self.buyers,
                "buyer_score": self.game_score[self.buyers],
                "doubler_score": self.game_score[self.buyers.other],
            },
        )

    def _reasons(self, level: int, closed_by: Seat | None, call: Call, seat: int) -> list[Reason]:
        if call.word != PASS and call.word not in LADDER:
            return [_unknown(call)]
        if level == 4:
            return [Reason("double.sa.gahwa", {"team": self.buyers})]
        if closed_by is not None:
            return [_over(closed_by)]
        if self.is_sun and level == 1:
            return [self._sun_condition()]
        team = self._to_speak(level, closed_by)
        assert team is not None
        who = {"seat": Seat(seat), "team": team, "call": LADDER[level]}
        if level:  # an answer: one player's, not the team's
            speaker = self._speakers(level, closed_by)[0]
            who |= {"case": "doubler" if level == 2 else "buyer", "speaker": speaker}
        if Seat(seat) not in self._speakers(level, closed_by):
            return [Reason("double.sa.who", who)]
        if call.word == PASS:
            return []
        if self.is_sun and call.word != DOUBLE:
            return [self._sun_condition()]
        if call.word != LADDER[level]:
            return [Reason("double.sa.who", who)]
        if self.is_sun:
            refusal = self._sun_refusal()
            if refusal is not None:
                return [refusal]
        return []


# ---------------------------------------------------------------- first lead

# rule ID, and whom the leader follows: the dealer or the taker.
_FIRST_LEAD = {
    "saudi": ("lead.sa.first", "dealer"),
    "moroccan": ("lead.ma.first", "taker"),
    "french": ("lead.fr.first", "dealer"),
}


def first_lead(rules: RuleSet, dealer: Seat, contract: Contract) -> Reason:
    """Why the first trick is led by whom: the reason, with the leader as ``params["seat"]``."""
    rule, after = _FIRST_LEAD[rules.name]
    before = Seat(dealer) if after == "dealer" else contract.taker
    return Reason(rule, {"seat": next_seat(before, rules.clockwise), after: before})


def first_leader(rules: RuleSet, dealer: Seat, contract: Contract) -> Seat:
    """Who leads the first trick (docs/rules.md §3.5).

    >>> from engine.variants import rules_for
    >>> c = Contract("hokm", 0, Seat.N, Seat.N)
    >>> first_leader(rules_for("saudi"), Seat.S, c), first_leader(rules_for("moroccan"), Seat.S, c)
    (<Seat.E: 1>, <Seat.W: 3>)
    """
    seat: Seat = first_lead(rules, dealer, contract).params["seat"]
    return seat
