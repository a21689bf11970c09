"""A live découverte table: Belote découverte for two people, refereed by the engine.

The two-player practice table's game (:mod:`lessons.practice.decouverte.game`) with a person or the
engine's bot in each of its two seats (South and North): the record, the replay through the engine
and the bot are the same; only who moves differs. A seat without a person is the bot's, which is
given that seat's view and nothing else.

What each player sees is what the two-player practice table shows its learner, from their own seat
(:func:`lessons.practice.decouverte.display.board` with ``me``): both players' face-up cards (they
are on the table for all to see) and no face-down card, the player's own or the other's, until a
trick uncovers it. A card that is not one of the mover's face-up cards is refused with the same
sentence wherever it lies, so the answer tells nothing of the face-down cards.

A table is a :class:`~lessons.models.LiveTable` whose ``options`` say ``decouverte`` (its variant
is French Belote); its game a :class:`~lessons.models.PracticeGame` of the découverte kind.
Moves are made under a lock on the game's row and refused as stale when made for an earlier
state, as at the four-seat table (:mod:`lessons.practice.tables.game`).
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction

from engine.bots.decouverte import DecouverteBot
from engine.cards import Card, NotationError, Seat
from engine.decouverte import TWO_SEATS
from lessons.models import BotLevel, LiveTable, PracticeGame, TableGame, TableSeat
from lessons.practice.decouverte import display
from lessons.practice.decouverte.game import (
    BOT,
    KIND,
    VARIANT,
    BrokenRecord,
    DecouverteTable,
    FaceDown,
    make,
    new_record,
)
from lessons.practice.state import BadMove, Refused
from lessons.practice.tables.game import Outcome, Person, SeatTaken, new_code, seat_of, seating

SEATS = TWO_SEATS


def is_decouverte(table: LiveTable) -> bool:
    return bool((table.options or {}).get("decouverte"))


class LiveDecouverte(DecouverteTable):
    """The découverte game seen from ``seat``, with people at ``humans`` and the bot elsewhere."""

    def __init__(self, game: PracticeGame, seat: Seat, humans: frozenset[Seat]) -> None:
        super().__init__(game)
        self.seat = seat
        self.humans = humans

    def learner_to_act(self) -> bool:
        return self.now.to_act == self.seat

    def waiting_for(self) -> list[Seat]:
        seat = self.now.to_act
        return [seat] if seat is not None and seat in self.humans else []

    def call(self, word: str) -> None:
        if self.now.phase != "auction":
            raise BadMove("wrong-phase")
        if not self.learner_to_act():
            raise BadMove("not-your-turn")
        self._move("call", word.strip().lower())

    def play(self, code: str) -> None:
        """A card of this seat's; one that is none of its face-up cards (a face-down card, the
        other's, one played already) is refused with the rule ``play.fr2.face-up``."""
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
        """The bot plays the seats without a person until a person's turn or the end of the hand;
        nothing moves at a table nobody sits at."""
        if not self.humans:
            return
        bot = DecouverteBot()
        d = self.now
        while d.to_act is not None and d.to_act not in self.humans:
            seat = d.to_act
            if d.hand is None:
                value = bot.bid(d.auction.calls(), d.deal.table.face_up(seat), d.deal.bidding_card)
                kind = "call"
            else:
                value = str(bot.play(d.hand.view(seat)))
                kind = "play"
            make(d, kind, seat, value)
            self.actions.append([kind, str(seat), value])
        if d.phase in ("void", "done") and "result" not in self.record:
            self.record["result"] = self._result()


def open_table(level: str, person: Person, classroom: Any = None) -> LiveTable:
    """A new découverte table and its first game (North deals: South speaks and leads first)."""
    with transaction.atomic():
        for _ in range(5):
            try:
                with transaction.atomic():
                    table = LiveTable.objects.create(
                        code=new_code(),
                        variant=VARIANT,
                        level=level or BotLevel.HEURISTIC,
                        options={"decouverte": True},
                        coach={},
                        host_id=person.user_id,
                        host_session="" if person.user_id else person.session_key,
                        classroom=classroom,
                    )
                break
            except IntegrityError:
                continue
        else:
            raise RuntimeError("no free table code")
        game = PracticeGame.objects.create(
            variant=VARIANT, level=table.level, options={}, setup={"kind": KIND}, hands=[new_record(BOT)]
        )
        TableGame.objects.create(table=table, game=game, number=1)
    return table


def current_game(table: LiveTable) -> PracticeGame:
    row = TableGame.objects.filter(table=table).select_related("game").order_by("-number").first()
    assert row is not None
    return row.game


def humans_of(rows: list[TableSeat]) -> frozenset[Seat]:
    return frozenset(Seat.parse(r.seat) for r in rows)


def sit(table: LiveTable, seat: Seat, person: Person, name: str) -> None:
    """``person`` takes one of the two seats (the unique constraint lets one of two at once in)."""
    if seat not in SEATS:
        raise SeatTaken("no such seat")
    if seat_of(table, person) is not None:
        raise SeatTaken("already seated")
    try:
        with transaction.atomic():
            TableSeat.objects.create(
                table=table,
                seat=str(seat),
                user_id=person.user_id,
                session_key="" if person.user_id else person.session_key,
                name=name[:40],
            )
    except IntegrityError:
        raise SeatTaken("taken") from None
    _settle(table)


def _settle(table: LiveTable) -> None:
    """The bot plays what is its own now (after a seat changed hands), and it is stored."""
    with transaction.atomic():
        game = PracticeGame.objects.select_for_update().get(pk=current_game(table).pk)
        humans = humans_of(seating(table))
        if not humans:
            return
        st = LiveDecouverte(game, next(iter(humans)), humans)
        before = len(st.actions)
        st.advance()
        if len(st.actions) != before:
            st.save(game.move)


def act(table: LiveTable, person: Person, action: str, data: dict[str, Any]) -> Outcome:
    """One person's call, card or "next hand": checked by the engine, made and stored, or refused."""
    if action not in ("play", "call", "next"):
        return Outcome(error="unknown")
    try:
        expected = int(data.get("move", ""))
    except (TypeError, ValueError):
        return Outcome(error="no-move")
    with transaction.atomic():
        rows = seating(table)
        seat = seat_of(table, person, rows)
        if seat is None:
            return Outcome(error="not-seated")
        game = PracticeGame.objects.select_for_update().get(pk=current_game(table).pk)
        if expected != game.move:
            return Outcome(error="stale")
        try:
            st = LiveDecouverte(game, seat, humans_of(rows))
        except BrokenRecord:
            return Outcome(error="broken")
        try:
            if action == "play":
                st.play(str(data.get("card") or ""))
            elif action == "call":
                st.call(str(data.get("call") or ""))
            else:
                st.next_hand()
        except FaceDown as e:
            return Outcome(refused=Refused("play", str(data.get("card") or ""), e.reasons))
        except Refused as e:
            return Outcome(refused=e)
        except BadMove as e:
            return Outcome(error=e.code)
        st.save(expected)
    return Outcome(moved=True)


def view_for(table: LiveTable, seat: Seat | None, lang: str, deck: str) -> display.Board | None:
    """The board as ``seat`` sees it (a watcher who sits nowhere: as South sees it, no choice)."""
    rows = seating(table)
    try:
        st = LiveDecouverte(current_game(table), seat or Seat.S, humans_of(rows))
    except BrokenRecord:
        return None
    board = display.board(st, lang, deck, seat or Seat.S)
    if seat is None:
        board.to_act, board.calls, board.refused_calls, board.why = False, [], [], None
    return board
