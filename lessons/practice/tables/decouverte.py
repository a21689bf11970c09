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

Découverte is played hand after hand with no target: between two hands a player may start a new
game at the same table with the same seats (:func:`new_game`), the score sheet starting again and
the earlier games' totals listed under it. A class table's teacher, watching from no seat, is the
one person shown the face-down cards (:func:`context`).
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
from lessons.models import BotLevel, LiveTable, PracticeGame, SeatReview, TableGame, TableSeat
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
from lessons.practice.display import Say
from lessons.practice.state import BadMove, Refused
from lessons.practice.tables.game import (
    Outcome,
    Person,
    SeatTaken,
    claim_seat,
    current_row,
    new_code,
    seat_of,
    seating,
)
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

    def waiting_for(self) -> list[Seat]:
        seat = self.now.to_act
        return [seat] if seat is not None and seat in self.humans else []

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
    return current_row(table).game


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
    """One person's call, card, "next hand" or "new game": checked by the engine, made and stored,
    or refused."""
    if action not in ("play", "call", "next", "again"):
        return Outcome(error="unknown")
    if table.paused:
        return Outcome(error="paused")
    try:
        expected = int(data.get("move", ""))
    except (TypeError, ValueError):
        return Outcome(error="no-move")
    if action == "again":
        return new_game(table, person, expected)
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
        over_before = "result" in st.record
        hands_before = len(st.records)
        try:
            if action == "play":
                st.learner_play(str(data.get("card") or ""))
            elif action == "call":
                st.learner_call(str(data.get("call") or ""))
            else:
                st.next_hand()
        except FaceDown as e:
            return Outcome(refused=Refused("play", str(data.get("card") or ""), e.reasons))
        except Refused as e:
            return Outcome(refused=e)
        except BadMove as e:
            return Outcome(error=e.code)
        st.save(expected)
    # The hand this move finished (a played one: a void deal has nothing to review).
    result = st.record.get("result")
    just_over = result is not None and not (over_before and len(st.records) == hands_before)
    return Outcome(moved=True, hand_over=len(st.records) if just_over and not result.get("void") else 0)


def new_game(table: LiveTable, person: Person, expected: int) -> Outcome:
    """A fresh game at the same table with the same seats, asked between two hands: découverte is
    played hand after hand with no end, so this is how friends start the score again. The game
    left stays with the table (its sheet is listed under the new one's, its hands replayable)."""
    with transaction.atomic():
        LiveTable.objects.select_for_update().filter(pk=table.pk).first()
        if seat_of(table, person) is None:
            return Outcome(error="not-seated")
        row = current_row(table)
        game = PracticeGame.objects.select_for_update().get(pk=row.game_id)
        if expected != game.move:
            return Outcome(error="stale")
        try:
            between_hands = LiveDecouverte(game, Seat.S, frozenset()).can_deal_next()
        except BrokenRecord:
            between_hands = True  # a game that no longer replays: a fresh one is the way out
        if not between_hands:
            return Outcome(error="wrong-phase")
        PracticeGame.objects.filter(pk=game.pk).update(finished=True)
        fresh = PracticeGame.objects.create(
            variant=VARIANT, level=table.level, options={}, setup={"kind": KIND}, hands=[new_record(BOT)]
        )
        TableGame.objects.create(table=table, game=fresh, number=row.number + 1)
    _settle(table)
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
    teacher: bool = False,
) -> dict[str, Any] | None:
    """The découverte board partial's context for the person at ``seat`` (None: a watcher, who
    sees the table from South with no choice; a class's ``teacher``, watching from no seat, also
    sees every face-down card and each pupil's reviews). None when the stored game no longer
    replays."""
    from lessons.practice.tables.board import (  # board imports game
        QUICK_MESSAGES,
        _other_sheets,
        error_message,
    )

    deck = effective_deck(VARIANT, prefs["deck"])
    rows = seating(table)
    current = current_row(table)
    game = current.game
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
    code, number = table.code, current.number
    played = [i for i, r in enumerate(st.records, 1) if "result" in r and not r["result"].get("void")]
    n = len(st.records)
    own_review = reverse("tables-review", args=[code, number, n]) if seat is not None and n in played else ""
    review_row = SeatReview.objects.filter(game=game, hand=n, seat=str(seat)).first() if own_review else None
    replays = {i: reverse("tables-replay", args=[code, number, i]) for i in played}
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
        "act_url": reverse("tables-act", args=[code]),
        "can_deal_next": seat is not None and st.can_deal_next(),
        # Between two hands a player may start the score again (asked first: it is a reset).
        "can_play_again": seat is not None and st.can_deal_next(),
        "quick_messages": list(QUICK_MESSAGES.items()),
        "paused": table.paused,
        "shown": table.shown,
        "sheet": _linked(display.sheet(st, s), replays),
        "sheets": _other_sheets(table, game.pk) if number > 1 else [],
        "replay_url": replays.get(n, ""),
        "own_review_url": own_review,
        "table_url": reverse("tables-table", args=[code]),
        "own_review_status": review_row.status if review_row else "",
        "teacher": teacher,
        "open_piles": _open_piles(st, s, names) if teacher else [],
        "pupil_reviews": _pupil_reviews(table, game, number, s) if teacher else [],
        "variant_name": _("Belote découverte (2 players)"),
    }


def _linked(sheet: dict[str, Any], replays: dict[int, str]) -> dict[str, Any]:
    """The sheet with each played hand's replay link (shared with anyone: the hand is over)."""
    for row in sheet["rows"]:
        row["url"] = replays.get(row["n"], "")
    sheet["linked"] = bool(replays)
    return sheet


def _open_piles(st: LiveDecouverte, s: Say, names: dict[str, str]) -> list[dict[str, Any]]:
    """Every face-down card of both players, pile by pile: for a class's teacher only."""
    d = st.now
    on_table = d.hand.table if d.hand is not None else d.deal.table
    return [
        {
            "seat": s.seat(x),
            "name": names.get(str(x), ""),
            "down": [s.face(down) for down, _up in on_table.piles_of(x) if down is not None],
        }
        for x in SEATS
    ]


def _pupil_reviews(table: LiveTable, game: PracticeGame, number: int, s: Say) -> list[dict[str, Any]]:
    """Each pupil's review of each hand of this game, for the class's teacher to read."""
    return [
        {
            "hand": row.hand,
            "seat": s.seat(Seat.parse(row.seat)),
            "url": reverse("tables-review", args=[table.code, number, row.hand]) + f"?seat={row.seat}",
        }
        for row in SeatReview.objects.filter(game=game).order_by("hand", "seat")
    ]


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
