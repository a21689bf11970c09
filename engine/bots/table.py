"""Running a hand with bots: each bot is asked with its seat's View, and its answer is played.

>>> from engine.bots.random_bot import RandomBot
>>> from engine.cards import Seat
>>> from engine.hand import Hand, Phase
>>> from engine.variants import rules_for
>>> hand = Hand(rules_for("french"), Seat.S, seed=4)
>>> play_hand(hand, [RandomBot(seed=i) for i in range(4)])
>>> hand.phase in (Phase.DONE, Phase.VOID)
True
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.bots.base import Bot
from engine.bots.view import view_of
from engine.cards import SEATS, Seat
from engine.hand import Hand, Phase


def step(hand: Hand, bots: Sequence[Bot]) -> None:
    """Let the bots make the next move of ``hand`` (one call, one doubling word, or one card).

    ``bots`` is indexed by seat. In the doubling, where a whole team speaks,
    each member is asked in turn order; the first word other than ``pass`` is
    said, otherwise the first member passes.
    """
    phase = hand.phase
    if phase is Phase.AUCTION:
        seat = hand.auction.to_act
        assert seat is not None
        hand.call(bots[seat].bid(view_of(hand, seat)), seat)
    elif phase is Phase.DOUBLING:
        d = hand.doubling
        assert d is not None and d.to_speak is not None and hand.contract is not None
        first = Seat((hand.contract.taker + 1) % 4)
        members = [s for s in (first, SEATS[(first + 1) % 4], SEATS[(first + 2) % 4], SEATS[(first + 3) % 4])
                   if s.team == d.to_speak]
        for seat in members:
            if d.allowed(seat) == ["pass"]:
                continue
            word = bots[seat].double(view_of(hand, seat))
            if word != "pass":
                hand.double(word, seat)
                return
        hand.double("pass", members[0])
    elif phase is Phase.PLAY:
        seat = hand.to_play
        assert seat is not None
        hand.play(bots[seat].play(view_of(hand, seat)))
    else:
        raise ValueError(f"nothing to do in the {phase.value} phase")


def play_hand(hand: Hand, bots: Sequence[Bot]) -> None:
    """Play ``hand`` to its end (scored, or void) with ``bots`` indexed by seat."""
    while hand.phase not in (Phase.DONE, Phase.VOID):
        step(hand, bots)
