"""Two-player Belote découverte: the auction (docs/rules.md §5.4, as French §3.4).

The French auction with two speakers: the player who did not deal speaks first,
then the dealer; round 1 ``take`` (the bidding card's suit) or ``pass``; round 2
``take:S`` in another suit (``bid.fr.second-suit``) or ``pass``; the first take
ends it; two rounds of passes void the deal (``bid.void``) and the other player
deals. The calls, contract and refusals are those of :mod:`engine.auction`; only
the table differs: the bidding card is not handed to the taker, it stays face up
in the dealer's piles (``deal.fr2.decouverte``), so ``receiver`` is the dealer.

>>> a = DecouverteAuction(Seat.S, Card.parse("7H"))
>>> a.to_act, a.allowed()
(<Seat.N: 2>, ['pass', 'take'])
>>> a = a.call("pass").call("pass").call("take:S")
>>> a.contract
Contract(mode='hokm', trump=0, taker=<Seat.N: 2>, receiver=<Seat.S: 0>)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.auction import PASS, TAKE, Call, CallRecord, Contract, IllegalCall, Void
from engine.cards import Card, Seat
from engine.decouverte_table import other
from engine.explain import Reason


@dataclass(frozen=True)
class DecouverteAuction:
    """An auction between the two players; :meth:`call` returns a new one."""

    dealer: Seat
    bidding_card: Card
    history: tuple[CallRecord, ...] = ()
    result: Contract | Void | None = None

    def __post_init__(self) -> None:
        other(self.dealer)  # refuses a seat that is not S or N

    @property
    def round(self) -> int:
        return 1 + len(self.history) // 2

    @property
    def to_act(self) -> Seat | None:
        if self.result is not None:
            return None
        return other(self.dealer) if len(self.history) % 2 == 0 else self.dealer

    @property
    def contract(self) -> Contract | Void | None:
        return self.result

    def _candidates(self) -> list[Call]:
        if self.round == 1:
            return [Call(PASS), Call(TAKE)]
        return [Call(PASS), *(Call(TAKE, s) for s in range(4))]

    def refusals_of(self, seat: Seat, call: Call) -> list[Reason]:
        """Why ``seat`` may not make ``call`` now (empty when they may)."""
        if self.result is not None:
            if isinstance(self.result, Void):
                return [Reason("bid.void", {"seat": self.result.next_dealer})]
            return [Reason("bid.over", {"seat": self.history[-1].seat})]
        if seat != self.to_act:
            return [Reason("bid.turn", {"seat": seat, "to_act": self.to_act})]
        if call.word not in (PASS, TAKE) or (call.word == TAKE and (call.suit is None) != (self.round == 1)):
            return [Reason("bid.unknown", {"call": str(call)})]
        if call.word == TAKE and call.suit == self.bidding_card.suit:
            return [Reason("bid.fr.second-suit", {"suit": self.bidding_card.suit})]
        return []

    def allowed(self) -> list[str]:
        """The calls the player to act may make (round 2 lists ``take`` once, as in engine.auction)."""
        seat = self.to_act
        if seat is None:
            return []
        words: list[str] = []
        for call in self._candidates():
            if not self.refusals_of(seat, call) and call.word not in words:
                words.append(call.word)
        return words

    def calls(self) -> list[str]:
        """Every call the player to act may make, suits spelt out (``take:S``): a bot's choices."""
        seat = self.to_act
        if seat is None:
            return []
        return [str(call) for call in self._candidates() if not self.refusals_of(seat, call)]

    def refusals(self) -> dict[str, list[Reason]]:
        """The usual calls refused now, with their reasons (round 2: the bidding card's suit)."""
        seat = self.to_act
        if seat is None:
            return {}
        out: dict[str, list[Reason]] = {}
        for call in self._candidates():
            reasons = self.refusals_of(seat, call)
            if reasons:
                out[str(call)] = reasons
        return out

    def call(self, call: Call | str, seat: Seat | None = None) -> DecouverteAuction:
        """Make ``call`` for ``seat`` (default: the player to act); raise :class:`IllegalCall`."""
        call = Call.parse(call) if isinstance(call, str) else call
        speaker = self.to_act if seat is None else seat
        reasons = self.refusals_of(speaker if speaker is not None else self.dealer, call)
        if reasons:
            raise IllegalCall(call, reasons)
        assert speaker is not None
        history = (*self.history, CallRecord(speaker, call, self.round))
        result: Contract | Void | None = None
        if call.word == TAKE:
            trump = self.bidding_card.suit if call.suit is None else call.suit
            result = Contract("hokm", trump, speaker, self.dealer)
        elif len(history) == 4:
            result = Void("bid.void", other(self.dealer))
        return replace(self, history=history, result=result)
