"""Two-player Belote découverte at the practice table: the learner against the engine's bot.

A game is a :class:`~lessons.models.PracticeGame` of the French variant whose ``setup`` is
``{"kind": "decouverte"}``; like the four-player table it stores no card in play, only what deals
the hand again and what both players did, one record per hand::

    {"dealer": "N", "seed": 8841, "deck": ["9H", ...32 cards], "game_score": {"S": 0, "N": 0},
     "actions": [["call", "S", "pass"], ["call", "N", "take"], ["play", "S", "KC"], ...],
     "result": {...}}                     # once the hand is over (see :meth:`DecouverteTable._result`)

Replaying the actions through :class:`engine.auction.DecouverteAuction` and
:class:`engine.decouverte.hand.DecouverteHand` rebuilds the table, every call and card checked by
the engine again. The learner sits at South. The bot (:class:`engine.bots.decouverte.DecouverteBot`)
is given the hand's :meth:`~engine.decouverte.hand.DecouverteHand.view` of North and nothing else:
no face-down card, its own or the learner's. Neither does the page: nobody sees a face-down card
until a trick uncovers it.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from engine.auction import Contract, IllegalCall, Void
from engine.bots.decouverte import DecouverteBot
from engine.cards import Card, NotationError, Seat
from engine.deal import shuffled_deck
from engine.decouverte import (
    TWO_SEATS,
    DecouverteAuction,
    DecouverteDeal,
    DecouverteHand,
    deal_decouverte,
    other,
)
from engine.tricks import IllegalPlay
from lessons.models import BotLevel, PracticeGame
from lessons.practice.state import BadMove, Refused

KIND = "decouverte"
VARIANT = "french"
LEARNER = Seat.S
BOT = Seat.N


def is_decouverte(game: PracticeGame) -> bool:
    return bool((game.setup or {}).get("kind") == KIND)


class BrokenRecord(Exception):
    """A stored hand the engine no longer replays."""


REPLAY_ERRORS = (
    KeyError,
    IndexError,
    TypeError,
    ValueError,
    NotationError,
    IllegalCall,
    IllegalPlay,
    BadMove,
)


@dataclass
class Deal:
    """One hand rebuilt: the deal, its auction and, once somebody took, the play."""

    deal: DecouverteDeal
    auction: DecouverteAuction
    hand: DecouverteHand | None = None

    @property
    def phase(self) -> str:
        if self.hand is not None:
            return "done" if self.hand.is_over() else "play"
        if isinstance(self.auction.result, Void):
            return "void"
        return "auction"

    @property
    def to_act(self) -> Seat | None:
        if self.hand is not None:
            return None if self.hand.is_over() else self.hand.to_play
        return self.auction.to_act


def new_record(dealer: Seat, game_score: dict[str, int] | None = None) -> dict[str, Any]:
    seed = secrets.randbelow(2**31)
    return {
        "dealer": str(dealer),
        "seed": seed,
        "deck": [str(c) for c in shuffled_deck(seed)],
        "game_score": dict(game_score or {str(s): 0 for s in TWO_SEATS}),
        "actions": [],
    }


def rebuild(record: dict[str, Any], upto: int | None = None) -> Deal:
    """The hand of ``record`` with its actions (the first ``upto`` of them) made again."""
    dealer = Seat.parse(record["dealer"])
    deal = deal_decouverte(dealer, deck=[Card.parse(c) for c in record["deck"]])
    d = Deal(deal, DecouverteAuction(dealer, deal.bidding_card))
    for kind, seat, value in record["actions"][:upto]:
        make(d, kind, Seat.parse(seat), value)
    return d


def make(d: Deal, kind: str, seat: Seat, value: str) -> None:
    """One call or card; :class:`Refused` with the engine's reasons when the rules say no."""
    if kind == "call":
        if d.hand is not None or d.auction.result is not None:
            raise BadMove("wrong-phase")
        if seat != d.auction.to_act:
            raise BadMove("not-your-turn")
        try:
            d.auction = d.auction.call(value, seat)
        except NotationError:
            raise BadMove("not-a-call") from None
        except IllegalCall as e:
            if e.reasons and e.reasons[0].rule == "bid.unknown":
                raise BadMove("not-a-call") from None
            raise Refused("call", value, e.reasons) from None
        contract = d.auction.result
        if isinstance(contract, Contract):
            d.hand = DecouverteHand(d.deal, trump=contract.trump, taker=contract.taker)
        return
    if kind == "play":
        if d.hand is None or d.hand.is_over():
            raise BadMove("wrong-phase")
        if seat != d.hand.to_play:
            raise BadMove("not-your-turn")
        card = Card.parse(value)
        try:
            d.hand.play(card)
        except IllegalPlay as e:
            raise Refused("play", value, e.reasons) from None
        return
    raise BadMove("wrong-phase")


class DecouverteTable:
    """A découverte game as it stands: the current hand rebuilt, the learner's moves, the bot's.

    ``seat``: where the learner sits (South here; a live table gives each person their own)."""

    seat: Seat = LEARNER

    def __init__(self, game: PracticeGame) -> None:
        self.game = game
        self.records: list[dict[str, Any]] = game.hands
        try:
            self.record = self.records[-1]
            self.now = rebuild(self.record)
        except REPLAY_ERRORS as e:
            raise BrokenRecord(str(e)) from e

    @property
    def actions(self) -> list[list[str]]:
        actions: list[list[str]] = self.record["actions"]
        return actions

    def learner_to_act(self) -> bool:
        return self.now.to_act == self.seat

    def learner_call(self, word: str) -> None:
        if self.now.phase != "auction":
            raise BadMove("wrong-phase")
        if not self.learner_to_act():
            raise BadMove("not-your-turn")
        self._move("call", word.strip().lower())

    def learner_play(self, code: str) -> None:
        """A card of the learner. A card that is not one of their face-up cards (a tampered form:
        a face-down card, the bot's, one already played) is refused with ``play.fr2.face-up``,
        the same sentence whichever it is: the answer tells nothing of where a card lies."""
        hand = self.now.hand
        if hand is None or hand.is_over():
            raise BadMove("wrong-phase")
        try:
            card = Card.parse(code)
        except NotationError:
            raise BadMove("not-a-card") from None
        if not self.learner_to_act():
            raise BadMove("not-your-turn")
        if not hand.table.face_up(self.seat) >> card & 1:
            raise FaceDown(hand.explain(card))
        self._move("play", str(card))

    def _move(self, kind: str, value: str) -> None:
        make(self.now, kind, self.seat, value)
        self.actions.append([kind, str(self.seat), value])
        self.advance()

    def advance(self) -> None:
        """The bot acts until the learner's turn or the end of the hand; then the result is noted."""
        bot = DecouverteBot()
        d = self.now
        while d.to_act == BOT:
            if d.hand is None:
                choices = d.auction.calls()
                value = bot.bid(choices, d.deal.table.face_up(BOT), d.deal.bidding_card)
                kind = "call"
            else:
                value = str(bot.play(d.hand.view(BOT)))
                kind = "play"
            make(d, kind, BOT, value)
            self.actions.append([kind, str(BOT), value])
        if d.phase in ("void", "done") and "result" not in self.record:
            self.record["result"] = self._result()

    def _result(self) -> dict[str, Any]:
        d = self.now
        before = self.record["game_score"]
        if d.hand is None:
            contract = d.auction.result
            assert isinstance(contract, Void)
            return {"void": True, "next_dealer": str(contract.next_dealer), "game": dict(before)}
        score = d.hand.score()
        points = {str(s): score.points[s] for s in TWO_SEATS}
        return {
            "points": points,
            "card_points": {str(s): d.hand.points[s] for s in TWO_SEATS},
            "result": score.result,
            "taker": str(d.hand.taker),
            "game": {s: before[s] + points[s] for s in points},
        }

    def can_deal_next(self) -> bool:
        return "result" in self.record

    def next_hand(self) -> None:
        if not self.can_deal_next():
            raise BadMove("wrong-phase")
        result = self.record["result"]
        if result.get("void"):
            dealer = Seat.parse(result["next_dealer"])
        else:
            dealer = other(Seat.parse(self.record["dealer"]))
        self.record = new_record(dealer, result["game"])
        self.records.append(self.record)
        self.now = rebuild(self.record)
        self.advance()

    def save(self, expected_move: int) -> bool:
        """Store the new state unless another request changed the game first (a double submit)."""
        game = self.game
        game.move = expected_move + 1
        updated = PracticeGame.objects.filter(pk=game.pk, move=expected_move).update(
            hands=self.records, move=game.move, updated=timezone.now()
        )
        return bool(updated == 1)


class FaceDown(Exception):
    """A card that is none of the learner's face-up cards: the engine's ``play.fr2.face-up``."""

    def __init__(self, reasons: list[Any]) -> None:
        super().__init__("not a face-up card")
        self.reasons = reasons


def start(session_key: str, user: Any = None) -> PracticeGame:
    """A new découverte game, played up to the learner's first turn. In the first hand North
    deals: the learner speaks first and leads the first trick."""
    game = PracticeGame(
        session_key=session_key,
        user=user,
        variant=VARIANT,
        level=BotLevel.HEURISTIC,
        options={},
        setup={"kind": KIND},
        hands=[new_record(BOT)],
    )
    table = DecouverteTable(game)
    table.advance()
    game.hands = table.records
    game.save()
    return game
