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
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _

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
from lessons.practice.tables.game import Outcome, Person, SeatTaken, claim_seat, new_code, seat_of, seating
from lessons.templatetags.table import effective_deck

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
    claim_seat(table, seat, person, name)
    _settle(table)


def leave(table: LiveTable, person: Person) -> Seat | None:
    """``person`` leaves their seat: the bot plays it from now on, in the middle of a hand too."""
    seat = seat_of(table, person)
    if seat is None:
        return None
    TableSeat.objects.filter(table=table, seat=str(seat)).delete()
    _settle(table)
    return seat


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
    if table.paused:
        return Outcome(error="paused")
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


# ---------------------------------------------------------------- the page and the socket's board


def context(
    table: LiveTable,
    seat: Seat | None,
    lang: str,
    prefs: dict[str, str],
    refused: Refused | None = None,
    error: str = "",
) -> dict[str, Any] | None:
    """The découverte board partial's context for the person at ``seat`` (None: a watcher, who
    sees the table from South with no choice). None when the stored game no longer replays."""
    from lessons.practice.tables.board import QUICK_MESSAGES, error_message  # board imports game

    deck = effective_deck(VARIANT, prefs["deck"])
    rows = seating(table)
    game = current_game(table)
    try:
        st = LiveDecouverte(game, seat or Seat.S, humans_of(rows))
    except BrokenRecord:
        return None
    me = seat or Seat.S
    board = display.board(st, lang, deck, me)
    if seat is None:
        board.to_act, board.calls, board.refused_calls, board.why = False, [], [], None
    s = display.say(lang, deck)
    names = {r.seat: r.name for r in rows}
    them = str(Seat.N if me == Seat.S else Seat.S)
    return {
        "live": table,
        "game": game,
        "board": board,
        "move": game.move,
        "prefs": prefs,
        "deck": deck,
        "own_piles": board.piles[str(me)],
        "opposite_piles": board.piles[them],
        "own_covered": board.covered[str(me)],
        "opposite_covered": board.covered[them],
        "opposite_name": names.get(them, ""),
        "players": [
            {"seat": str(x), "seat_name": s.seat(x), "name": names.get(str(x), ""), "you": x == seat}
            for x in SEATS
        ],
        "seated": seat is not None,
        "error": error_message(error) if error else "",
        "refused": _refused(refused, s),
        "act_url": reverse("tables-act", args=[table.code]),
        "can_deal_next": seat is not None and st.can_deal_next(),
        "quick_messages": list(QUICK_MESSAGES.items()),
        "paused": table.paused,
        "shown": table.shown,
        "sheet": display.sheet(st),
        "variant_name": _("Belote découverte (2 players)"),
    }


def _refused(refused: Refused | None, s: Any) -> dict[str, Any] | None:
    if refused is None:
        return None
    try:
        what = s.definite(Card.parse(refused.value)) if refused.kind == "play" else s.call(refused.value)
    except (ValueError, NotationError):
        what = refused.value
    return {"kind": refused.kind, "code": refused.value, "what": what, "reasons": s.items(refused.reasons)}


def render_board(ctx: dict[str, Any]) -> str:
    return render_to_string("tables/partials/decouverte_board.html", ctx)
