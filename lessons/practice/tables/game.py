"""A live table's game: the practice table's record and referee, with people in several seats.

The server holds the game. Its state is the current :class:`~lessons.models.PracticeGame` of the
table (the deal and every action, replayed through the engine on every move, see
:mod:`lessons.practice.state`), so a server restarted in the middle of a hand finds it as it was.
Who sits where is :class:`~lessons.models.TableSeat`; a seat without a person is a bot's.

Every move goes through :func:`act`, under a lock on the game's row: two players moving at once
are served one after the other, and a move made for an earlier state (a second tab, a double
click, a message that crossed another) is refused as stale. The seat that moves is always the
one the request's person sits in, never one the message names.
"""

from __future__ import annotations

import copy
import secrets
from collections import OrderedDict
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from engine.bots.table import doubling_word
from engine.cards import NotationError, Seat, next_seat
from engine.hand import Hand, Phase
from engine.variants import rules_for
from lessons.models import Account, Classroom, LiveTable, Membership, PracticeGame, TableGame, TableSeat
from lessons.practice.display import PROJECT_TYPES
from lessons.practice.state import (
    COACH_DEFAULTS,
    LIVE,
    BadMove,
    BrokenGame,
    Move,
    Refused,
    Table,
    apply,
    bot_move,
    first_dealer,
    make_bots,
    new_record,
)

# The short code: letters and digits nobody misreads (no 0/O, 1/I/L).
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6


@dataclass(frozen=True)
class Person:
    """Who is asking: a signed-in account, or a visitor's session."""

    user_id: int | None
    session_key: str

    def owns(self, row: TableSeat) -> bool:
        if self.user_id is not None:
            return row.user_id == self.user_id
        return bool(self.session_key) and row.user_id is None and row.session_key == self.session_key


class SeatTable(Table):
    """The game seen from one seat (``learner``), with people at ``humans`` and bots elsewhere.

    The practice table's board, hints of refusal and score are all drawn from ``learner``'s seat,
    so the same drawing serves every player: each is given a table of their own seat.
    """

    def __init__(self, game: PracticeGame, seat: Seat, humans: frozenset[Seat]) -> None:
        super().__init__(game)
        self.learner = seat
        self.humans = humans
        # The game's number at its table and who sits where, when read with it (view_for).
        self.number = 0
        self.seat_rows: list[TableSeat] | None = None

    def _declaring(self, record: dict[str, Any]) -> dict[str, Any]:
        """The seats whose people declare for themselves in this hand (chosen when it was dealt)."""
        seats = record.get("declaring") or []
        if not seats:
            return {}
        return {"declaring": tuple(Seat.parse(s) for s in seats), "khaysh": bool(record.get("khaysh"))}

    def waiting_for(self) -> list[Seat]:
        """The people whose word or card the hand waits for (none: a bot acts, or the hand is over)."""
        hand = self.hand
        if hand.phase is Phase.AUCTION and isinstance(hand, Hand):
            seat = hand.auction.to_act
            return [seat] if seat in self.humans else []
        if hand.phase is Phase.DOUBLING and isinstance(hand, Hand):
            d = hand.doubling
            assert d is not None
            # A person who may say more than "pass" answers for the team; one who may only pass
            # is not asked (the practice table does the same for its learner).
            return [s for s in d.speakers if s in self.humans and d.allowed(s) != ["pass"]]
        if hand.phase is Phase.PLAY:
            seat = hand.to_play
            return [seat] if seat in self.humans else []
        return []

    def learner_to_act(self) -> bool:
        return self.learner in self.waiting_for()

    def advance(self) -> None:
        """The bots act until a person's turn or the end of the hand; then the result is noted."""
        hand = self.hand
        bots = make_bots(self.game.level, (self.record.get("seed") or 0) + len(self.actions))
        while hand.phase in LIVE and not self.waiting_for():
            if isinstance(hand, Hand) and hand.phase is Phase.DOUBLING:
                seat, word = doubling_word(hand, bots)
                move = Move("double", seat, word)
            else:
                move = bot_move(hand, bots)
            apply(hand, move)
            self.actions.append(move.as_json())
        if hand.phase not in LIVE and "result" not in self.record:
            self.record["result"] = self._result()
            if self.record["result"].get("over"):
                self.game.finished = True

    def next_hand(self) -> None:
        if not self.can_deal_next():
            raise BadMove("wrong-phase")
        result = self.record["result"]
        if result.get("void"):
            dealer = Seat.parse(result["next_dealer"])
        else:
            dealer = next_seat(Seat.parse(self.record["dealer"]), self.rules.clockwise)
        record = deal_record(dealer, self.game.coach, self.humans, (result["game"][0], result["game"][1]))
        record["pot"] = result["pot"]
        self.records.append(record)
        self.index += 1
        self.record = record
        self.hand = self.deal(record)
        self.advance()


def deal_record(
    dealer: Seat, coach: dict[str, Any], humans: frozenset[Seat], game_score: tuple[int, int] = (0, 0)
) -> dict[str, Any]:
    """A new hand's record; its people declare for themselves when the table says so."""
    record = new_record(dealer, game_score, 0, coach, first=True)
    record["declare_self"] = False
    if coach.get("declare_for_me") == "never":
        record["declaring"] = [str(s) for s in sorted(humans)]
    return record


# ---------------------------------------------------------------- opening and sitting


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def open_table(
    variant: str,
    level: str,
    target: int,
    declare_for_me: bool,
    person: Person,
    classroom: Classroom | None = None,
    move_seconds: int = 0,
    rules: dict[str, Any] | None = None,
    khaysh: bool = False,
) -> LiveTable:
    """A new table and its first game, nobody seated yet (the bots wait: no move is made before a
    person sits down, so the first caller is never a bot that spoke for an empty table).
    ``rules``: the house rules chosen (the engine's options, checked by it); ``khaysh``: a Saudi
    table punishes a false declaration or an unsaid Baloot."""
    coach = {**COACH_DEFAULTS, "declare_for_me": "always" if declare_for_me else "never", "khaysh": khaysh}
    options = {**(rules or {}), "target": target}
    rules_for(variant, options)  # raises on an option the variant does not have
    with transaction.atomic():
        for _ in range(5):
            try:
                with transaction.atomic():
                    table = LiveTable.objects.create(
                        code=new_code(),
                        variant=variant,
                        level=level,
                        options=options,
                        coach=coach,
                        host_id=person.user_id,
                        host_session="" if person.user_id else person.session_key,
                        classroom=classroom,
                        move_seconds=move_seconds,
                    )
                break
            except IntegrityError:  # the code was taken: draw another
                continue
        else:
            raise RuntimeError("no free table code")
        _new_game(table, 1, frozenset())
    return table


def _new_game(table: LiveTable, number: int, humans: frozenset[Seat]) -> PracticeGame:
    rules = rules_for(table.variant, table.options)
    game = PracticeGame.objects.create(
        variant=table.variant,
        level=table.level,
        options=table.options,
        coach=table.coach,
        hands=[deal_record(first_dealer(rules), table.coach, humans)],
        # Not started: the bots wait for the first person (see :func:`start_if_waiting`).
        setup=None,
    )
    TableGame.objects.create(table=table, game=game, number=number)
    return game


def current_row(table: LiveTable) -> TableGame:
    row = TableGame.objects.filter(table=table).select_related("game").order_by("-number").first()
    assert row is not None
    return row


def current_game(table: LiveTable) -> PracticeGame:
    return current_row(table).game


def seating(table: LiveTable) -> list[TableSeat]:
    """The people at the table, read once for everything a page or a message needs of them."""
    return list(TableSeat.objects.filter(table=table))


def humans_of(table: LiveTable, rows: list[TableSeat] | None = None) -> frozenset[Seat]:
    return frozenset(Seat.parse(r.seat) for r in (seating(table) if rows is None else rows))


def users_of(table: LiveTable) -> dict[Seat, int | None]:
    """Each person's seat, with their account (None: a visitor)."""
    return {
        Seat.parse(seat): user_id
        for seat, user_id in TableSeat.objects.filter(table=table).values_list("seat", "user_id")
    }


def is_teacher(table: LiveTable, person: Person) -> bool:
    """The table is a class's and this person teaches the class: they watch with every hand open."""
    if table.classroom_id is None or person.user_id is None:
        return False
    return Classroom.objects.filter(pk=table.classroom_id, teachers__pk=person.user_id).exists()


NOTE_MAX = 300


def class_pupils(table: LiveTable) -> list[tuple[int, str]]:
    """The pupils of a class table's class (id, name), in the class's order."""
    if table.classroom_id is None:
        return []
    members = Membership.objects.filter(classroom_id=table.classroom_id, left_at__isnull=True)
    ids = list(members.values_list("student_id", flat=True))
    names = dict(Account.objects.filter(user_id__in=ids).values_list("user_id", "display_name"))
    return [(i, names.get(i) or str(i)) for i in ids]


def seat_pupil(table: LiveTable, person: Person, pupil: str, seat: str) -> str:
    """A class's teacher seats one of its pupils; "" when done, else the error's code."""
    if not is_teacher(table, person):
        return "not-teacher"
    pupils = dict(class_pupils(table))
    try:
        pupil_id, where = int(pupil), Seat.parse(seat)
    except (ValueError, NotationError):
        return "unknown"
    if pupil_id not in pupils:
        return "unknown"
    try:
        sit(table, where, Person(pupil_id, ""), pupils[pupil_id])
    except SeatTaken:
        return "seat-taken"
    return ""


def pause(table: LiveTable, person: Person, note: str) -> bool:
    """A class's teacher stops the table and shows everybody the position with a note."""
    if not is_teacher(table, person):
        return False
    table.paused = True
    table.shown = {"note": note.strip()[:NOTE_MAX]} if note.strip() else None
    table.save(update_fields=["paused", "shown"])
    return True


def resume(table: LiveTable, person: Person) -> bool:
    if not is_teacher(table, person):
        return False
    table.paused = False
    table.shown = None
    table.save(update_fields=["paused", "shown"])
    return True


def seat_of(table: LiveTable, person: Person, rows: list[TableSeat] | None = None) -> Seat | None:
    for row in seating(table) if rows is None else rows:
        if person.owns(row):
            return Seat.parse(row.seat)
    return None


class SeatTaken(Exception):
    """The seat has a person already (or the person sits elsewhere at this table)."""


def claim_seat(table: LiveTable, seat: Seat, person: Person, name: str) -> None:
    """The seat's row written for ``person`` (a table of four or of two). Two people asking for one
    seat at once: the unique constraint lets one row in, the other is told the seat is taken."""
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


def sit(table: LiveTable, seat: Seat, person: Person, name: str) -> None:
    """``person`` takes ``seat``, and the bots play up to the first person's turn."""
    claim_seat(table, seat, person, name)
    # The first hand was waiting for somebody: the bots play up to the first person's turn.
    with transaction.atomic():
        game = PracticeGame.objects.select_for_update().get(pk=current_game(table).pk)
        _settle(game, humans_of(table))


def leave(table: LiveTable, person: Person) -> Seat | None:
    """``person`` leaves their seat: a bot takes it over at once, in the middle of a hand too."""
    seat = seat_of(table, person)
    if seat is None:
        return None
    TableSeat.objects.filter(table=table, seat=str(seat)).delete()
    with transaction.atomic():
        game = PracticeGame.objects.select_for_update().get(pk=current_game(table).pk)
        _settle(game, humans_of(table))
    return seat


def _settle(game: PracticeGame, humans: frozenset[Seat]) -> None:
    """Let the bots play what is theirs now (after a seat changed hands), and store it."""
    if not humans:
        return  # an empty table: nothing moves until somebody sits
    table = SeatTable(game, next(iter(humans)), humans)
    before = len(table.actions)
    changed = False
    # At a table where people declare for themselves, who does is settled until the play begins:
    # a person who sits during the auction declares in this hand already.
    if game.coach.get("declare_for_me") == "never" and table.phase in (Phase.AUCTION, Phase.DOUBLING):
        declaring = [str(s) for s in sorted(humans)]
        if table.record.get("declaring") != declaring:
            table.record["declaring"] = declaring
            table.hand = table.replay(table.record)
            changed = True
    table.advance()
    if changed or len(table.actions) != before or "result" in table.record:
        table.save(game.move)


# ---------------------------------------------------------------- moves


@dataclass
class Outcome:
    """What became of a move: done (``moved``), refused by the rules, or bad (``error`` code)."""

    moved: bool = False
    refused: Refused | None = None
    error: str = ""
    hand_over: int = 0  # the number of the hand that this move finished (0: none)


ACTIONS = ("play", "call", "declare", "next", "again")


def act(table: LiveTable, person: Person, action: str, data: dict[str, Any]) -> Outcome:
    """One person's move at the table: checked, made and stored, or refused with the reason."""
    if action not in ACTIONS:
        return Outcome(error="unknown")
    if table.paused:
        return Outcome(error="paused")
    try:
        expected = int(data.get("move", ""))
    except (TypeError, ValueError):
        return Outcome(error="no-move")
    if action == "again":
        return play_again(table, person, expected)
    with transaction.atomic():
        rows = seating(table)  # read once: who moves, and who the bots are
        seat = seat_of(table, person, rows)
        if seat is None:
            return Outcome(error="not-seated")
        game = PracticeGame.objects.select_for_update().get(pk=current_game(table).pk)
        if expected != game.move:
            return Outcome(error="stale")
        try:
            st = SeatTable(game, seat, humans_of(table, rows))
        except BrokenGame:
            return Outcome(error="broken")
        hands_before = len(st.records)
        over_before = "result" in st.record
        try:
            _move(st, action, data)
        except Refused as e:
            return Outcome(refused=e)
        except BadMove as e:
            return Outcome(error=e.code)
        st.save(expected)
    over = 0
    if "result" in st.record and not (over_before and len(st.records) == hands_before):
        over = len(st.records)
    return Outcome(moved=True, hand_over=over)


def _move(st: SeatTable, action: str, data: dict[str, Any]) -> None:
    if action == "play":
        code = str(data.get("card") or "")
        if not code:
            raise BadMove("not-a-card")
        st.learner_play(code, bool(data.get("belote")))
    elif action == "call":
        word = str(data.get("call") or "")
        if not word:
            raise BadMove("not-a-call")
        st.learner_call(word)
    elif action == "declare":
        if st.learner not in st.waiting_for() and not _may_declare(st):
            raise BadMove("not-your-turn")
        st.learner_declare(announced_of(st.game.variant, data))
    elif action == "next":
        st.next_hand()


def announced_of(variant: str, data: dict[str, Any]) -> list[str]:
    """The project types a declare form announces: ``n_<type>`` of each (0 to 2), or ``nothing``."""
    if data.get("nothing"):
        return []
    out = []
    for kind in PROJECT_TYPES[variant]:
        try:
            n = int(data.get(f"n_{kind}") or 0)
        except (TypeError, ValueError):
            raise BadMove("not-a-call") from None
        out += [kind] * max(0, min(n, 2))
    return out


def _may_declare(st: SeatTable) -> bool:
    hand = st.hand
    return isinstance(hand, Hand) and hand.may_declare(st.learner)


def play_again(table: LiveTable, person: Person, expected: int) -> Outcome:
    """A new game at the same table with the same seats (the finished one stays in its sheets)."""
    with transaction.atomic():
        LiveTable.objects.select_for_update().filter(pk=table.pk).first()
        if seat_of(table, person) is None:
            return Outcome(error="not-seated")
        game = current_game(table)
        if not game.finished or expected != game.move:
            return Outcome(error="stale" if game.finished else "wrong-phase")
        number = (TableGame.objects.filter(table=table).aggregate(n=Max("number"))["n"] or 0) + 1
        humans = humans_of(table)
        fresh = _new_game(table, number, humans)
        _settle(fresh, humans)
    return Outcome(moved=True)


# The games replayed lately in this process, by (game, move, seating): after a move every socket of
# the table draws it, and one replay serves them all (each is given a copy turned to its seat).
# ``updated`` in the key: a database emptied and filled again (tests) reuses ids and move numbers.
_REPLAYED: OrderedDict[tuple[int, int, Any, frozenset[Seat]], SeatTable] = OrderedDict()
REPLAYED_MAX = 256


def out_of_time(table: LiveTable) -> bool:
    """At a table with a time per move, a person who let it run out has a bot make their move.

    Looked at whenever a page asks (its ping every 20 s, a reload): no timer runs on the server, so
    a move is made at most about 20 s after its time ran out. True when a move was made."""
    if not table.move_seconds or table.paused:
        return False
    with transaction.atomic():
        game = PracticeGame.objects.select_for_update().get(pk=current_game(table).pk)
        if timezone.now() - game.updated < timedelta(seconds=table.move_seconds):
            return False
        humans = humans_of(table)
        try:
            st = SeatTable(game, Seat.S, humans)
        except BrokenGame:
            return False
        waiting = st.waiting_for()
        if not waiting or st.hand.phase not in LIVE:
            return False
        # The bot plays this one move for the seats waited for, then the table goes on as usual.
        st.humans = humans - frozenset(waiting)
        before = len(st.actions)
        hand = st.hand
        bots = make_bots(game.level, (st.record.get("seed") or 0) + before)
        if isinstance(hand, Hand) and hand.phase is Phase.DOUBLING:
            seat, word = doubling_word(hand, bots)
            move = Move("double", seat, word)
        else:
            move = bot_move(hand, bots)
        apply(hand, move)
        st.actions.append(move.as_json())
        st.humans = humans
        st.advance()
        return st.save(game.move)


def view_for(
    table: LiveTable, seat: Seat | None, rows: list[TableSeat] | None = None, current: TableGame | None = None
) -> SeatTable | None:
    """The current game from ``seat`` (a watcher who sits nowhere sees it from South, cards hidden
    by the page); None when the stored game no longer replays. ``rows`` and ``current``: the
    seating and the current game's row, if read already."""
    current = current_row(table) if current is None else current
    rows = seating(table) if rows is None else rows
    humans = humans_of(table, rows)
    key = (current.game.pk, current.game.move, current.game.updated, humans)
    replayed = _REPLAYED.get(key)
    if replayed is None:
        try:
            replayed = SeatTable(current.game, Seat.S, humans)
        except BrokenGame:
            return None
        _REPLAYED[key] = replayed
        while len(_REPLAYED) > REPLAYED_MAX:
            _REPLAYED.popitem(last=False)
    # A copy: the hand is only read, the seat and the seating are this caller's.
    st = copy.copy(replayed)
    st.learner = seat if seat is not None else Seat.S
    st.game = current.game
    st.number, st.seat_rows = current.number, rows
    return st
