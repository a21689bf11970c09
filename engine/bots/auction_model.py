"""How an auction would go on if every player bid by the rules of thumb: a model for simulations.

:func:`finish_auction` replays the calls made so far, then lets each player
to speak choose with :func:`engine.bots.heuristic.heuristic_call` from its five
cards, until a contract is sold or everyone has passed twice. It follows the
readings of :mod:`engine.auction` (who speaks, the answers to a saudi Hokm,
the confirmation, the second round, the forced Jack) on plain integers,
because a simulated auction runs thousands of times per decision; a test
checks that it sells the same contracts as the real auction.

Only the calls a rule-of-thumb player makes are modelled: never Ashkal
(other seats' Ashkal calls already made are replayed), never ``redeal``.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.auction import Call, Contract
from engine.bots.heuristic import heuristic_call
from engine.cards import JACK, SEATS, SUIT_LETTERS, Seat, next_seat, seats_from
from engine.ranking import NO_TRUMP
from engine.variants import RuleSet


def explains(
    rules: RuleSet, dealer: Seat, bidding_card: int, calls: Sequence[str], hands: Sequence[int], me: Seat
) -> bool:
    """Whether rule-of-thumb players holding ``hands`` (five-card masks) would have made the calls
    of ``me``'s opponents, and the passes of its partner.

    The partner's other calls are not checked: a partner who plays like ``me`` bids more
    boldly than the rules of thumb, but passes only with a hand they would pass with too.
    """
    model = _model(rules, dealer, bidding_card)
    for call in calls:
        seat = model.to_act()
        checked = seat != me and (seat != me ^ 2 or call == "pass")
        if checked and heuristic_call(rules.name, model.choices(), hands[seat], bidding_card) != call:
            return False
        if model.apply(call) is not None or model.void:
            break
    return True


def finish_auction(
    rules: RuleSet,
    dealer: Seat,
    bidding_card: int,
    calls: Sequence[str],
    hands: Sequence[int],
    keeps: Seat | None = None,
) -> Contract | None:
    """The contract sold after ``calls`` (in order from the first speaker) and rule-of-thumb calls
    from then on, the seats holding ``hands`` (five-card masks by seat); ``None``: a void hand.

    ``keeps``: the seat that made the last of ``calls`` keeps to it for the rest of the auction,
    rather than speaking by the rules of thumb: after a pass it passes, after a bid it confirms it
    (a call as meant, as a bidding puzzle asks it: "pass" is not "pass now, buy later")."""
    model = _model(rules, dealer, bidding_card)
    for call in calls:
        done = model.apply(call)
        if done is not None or model.void:
            return done
    while True:
        seat = model.to_act()
        choices = model.choices()
        if seat == keeps:
            choice = "confirm" if "confirm" in choices else "pass" if "pass" in choices else choices[0]
        else:
            choice = heuristic_call(rules.name, choices, hands[seat], bidding_card)
        done = model.apply(choice)
        if done is not None or model.void:
            return done


def _model(rules: RuleSet, dealer: Seat, bidding_card: int) -> _Model:
    if rules.name == "saudi":
        return _Saudi(rules, dealer, bidding_card)
    return _Take(rules, dealer, bidding_card)


class _Model:
    def __init__(self, rules: RuleSet, dealer: Seat, bidding_card: int) -> None:
        cw = rules.clockwise
        self.cw = cw
        self.order = seats_from(next_seat(dealer, cw), cw)
        self.up = bidding_card >> 3
        self.bidding_card = bidding_card
        self.round = 1
        self.spoken = 0
        self.void = False

    def to_act(self) -> Seat:
        return self.order[self.spoken]

    def choices(self) -> tuple[str, ...]:
        raise NotImplementedError

    def apply(self, call: str) -> Contract | None:
        raise NotImplementedError

    def _pass(self) -> None:
        if self.spoken < 3:
            self.spoken += 1
        elif self.round == 1:
            self.round, self.spoken = 2, 0
        else:
            self.void = True

    def _second_round(self, word: str) -> tuple[str, ...]:
        return tuple(f"{word}:{SUIT_LETTERS[s]}" for s in range(4) if s != self.up)


class _Take(_Model):
    """Moroccan and French: the first ``take`` ends the auction."""

    def __init__(self, rules: RuleSet, dealer: Seat, bidding_card: int) -> None:
        super().__init__(rules, dealer, bidding_card)
        # bid.ma.forced-jack: a Jack turned up must be taken by the first speaker.
        self.forced_jack = rules.name == "moroccan" and bidding_card & 7 == JACK

    def choices(self) -> tuple[str, ...]:
        if self.round == 1:
            return ("take",) if self.forced_jack and self.spoken == 0 else ("pass", "take")
        return ("pass", *self._second_round("take"))

    def apply(self, call: str) -> Contract | None:
        c = Call.parse(call)
        seat = self.to_act()
        if c.word == "take":
            return Contract("hokm", self.up if c.suit is None else c.suit, seat, seat)
        self._pass()
        return None


class _Saudi(_Model):
    """Saudi: Hokm answered once by each other player, then confirmed; Sun and Ashkal end it."""

    def __init__(self, rules: RuleSet, dealer: Seat, bidding_card: int) -> None:
        super().__init__(rules, dealer, bidding_card)
        self.hokm: Seat | None = None
        self.suit = NO_TRUMP
        self.pending: list[Seat] = []
        self.confirming = False

    def to_act(self) -> Seat:
        if self.confirming and self.hokm is not None:
            return self.hokm
        if self.pending:
            return self.pending[0]
        return self.order[self.spoken]

    def choices(self) -> tuple[str, ...]:
        if self.confirming:
            return ("confirm", "sun")
        if self.hokm is not None:
            return ("pass", "sun")
        if self.round == 1:
            return ("pass", "hokm", "sun")
        return ("pass", "sun", *self._second_round("hokm"))

    def apply(self, call: str) -> Contract | None:
        c = Call.parse(call)
        seat = self.to_act()
        if c.word == "sun":
            return Contract("sun", NO_TRUMP, seat, seat)
        if c.word == "ashkal":
            return Contract("sun", NO_TRUMP, seat, SEATS[seat ^ 2])
        if c.word == "confirm":
            return Contract("hokm", self.suit, seat, seat)
        if c.word == "hokm":
            self.hokm = seat
            self.suit = self.up if c.suit is None else c.suit
            self.pending = list(seats_from(next_seat(seat, self.cw), self.cw)[:3])
            return None
        if self.hokm is not None:
            self.pending.pop(0)
            self.confirming = not self.pending
            return None
        self._pass()
        return None
