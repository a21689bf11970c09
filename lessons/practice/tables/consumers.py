"""A live table's socket: one per open page, each in the table's group (lessons/practice/tables/routing.py).

What travels:

- from the page: a form's fields as JSON (htmx's WebSocket extension, ``ws-send``): ``action``
  (``play``, ``call``, ``declare``, ``next``, ``again``, ``say``, a teacher's ``pause`` and
  ``resume``, and ``ping``: the page's state every 20 s), ``move`` (the state the form was made
  for), and the card, the call, the projects or the quick message's key;
- to the page: HTML fragments swapped in by their id: the whole board, drawn for this socket's
  own person (:mod:`lessons.practice.tables.board`), or a quick message; a class's teacher's
  board again when the coach has judged the latest decisions (``table.evaluated``).

Privacy is by construction: the group's messages carry no card, only "the table changed" (with a
stamp naming that change) or a quick message's key; each socket then draws the board for its own
seat.

A move is fanned out cheaply: the first socket of a process to hear of a change reads the table
once (:func:`snapshot`, kept by the change's stamp) and the process's other sockets of the table
draw from that read; what every seat sees alike is rendered once per state
(:func:`lessons.practice.tables.board.shared_sections`), and only each seat's own part per socket.
A refusal or a bad message is answered to the socket that sent it, and to no other.

A socket that connects (the first time, or again after a cut) is sent the whole board at once,
so a page that lost its connection is up to date as soon as htmx reconnects.
"""

from __future__ import annotations

import json
import logging
import secrets
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from asgiref.sync import async_to_sync
from channels.generic.websocket import WebsocketConsumer
from channels.layers import get_channel_layer
from django.conf import settings
from django.utils import translation

from lessons.models import LiveTable, TableGame, TableSeat
from lessons.practice.tables import board, evaluation, game, reviews
from lessons.practice.tables import decouverte as live_decouverte
from lessons.views import DEFAULT_PREFS, PREFS_KEY

log = logging.getLogger(__name__)
LANGUAGES = {code for code, _ in settings.LANGUAGES}


def group_of(table_id: int) -> str:
    return f"table-{table_id}"


def announce(table: LiveTable, message: dict[str, Any]) -> bool:
    """Tell every socket of ``table``; False if the channel layer did not take it. A layer that is
    down (Redis restarting) loses the message, not the move: the pages get the whole state when
    their sockets reconnect or ping."""
    layer = get_channel_layer()
    if layer is None:
        return False
    try:
        async_to_sync(layer.group_send)(group_of(table.pk), message)
    except Exception:  # the layer's own errors (connection refused, timeouts) vary by backend
        log.warning("table %s: the channel layer did not take the message", table.code, exc_info=True)
        return False
    return True


def changed(table: LiveTable) -> bool:
    """Tell every socket that the table changed; at a class table, the coach is then asked to
    judge the decisions made since (off the request: the teacher's board is drawn again when they
    are, by :func:`evaluated`)."""
    # The stamp names this change, so that the sockets of one process share one read of it.
    told = announce(table, {"type": "table.changed", "stamp": secrets.token_hex(8)})
    evaluation.ask_current(table)
    return told


@dataclass(frozen=True)
class Snapshot:
    """A table as read once after a change: the table, who sits where, and its current game."""

    table: LiveTable
    rows: list[TableSeat]
    current: TableGame


# The reads of the latest changes in this process, by stamp: after a move each socket of the table
# draws its board, and one read serves all the table's sockets here (they only read it).
_SNAPSHOTS: OrderedDict[str, Snapshot | None] = OrderedDict()
SNAPSHOTS_MAX = 512


def snapshot(table_id: int, stamp: str) -> Snapshot | None:
    """The table after the change ``stamp`` (None: the table is gone), read once per process."""
    key = f"{table_id}:{stamp}"
    if stamp and key in _SNAPSHOTS:
        return _SNAPSHOTS[key]
    table = LiveTable.objects.filter(pk=table_id).first()
    snap = Snapshot(table, game.seating(table), game.current_row(table)) if table is not None else None
    if stamp:
        _SNAPSHOTS[key] = snap
        while len(_SNAPSHOTS) > SNAPSHOTS_MAX:
            _SNAPSHOTS.popitem(last=False)
    return snap


def evaluated(table: LiveTable) -> bool:
    """The coach has judged new decisions: the teacher's sockets draw their board again (the
    message carries nothing; a pupil's socket does nothing with it)."""
    return announce(table, {"type": "table.evaluated"})


def act_of(table: LiveTable) -> Callable[[LiveTable, game.Person, str, dict[str, Any]], game.Outcome]:
    """The referee of the table's game: the four-seat table's, or the two-player découverte's."""
    return live_decouverte.act if live_decouverte.is_decouverte(table) else game.act


def after_move(table: LiveTable, outcome: game.Outcome) -> bool:
    """What follows a move: the reviews of a hand just over, and everybody's board (with, at a class
    table, the coach's evaluation of the move for the teacher: see :func:`changed`). False if the
    channel layer did not take the news."""
    if outcome.hand_over:
        users = game.users_of(table)
        reviews.request(game.current_game(table), outcome.hand_over, frozenset(users), users)
    return changed(table)


CONTROLS = ("say", "pause", "resume", "seat-pupil")


def control(table: LiveTable, person: game.Person, action: str, data: dict[str, Any]) -> str:
    """A message that is no move: a quick message, or a class's teacher pausing or resuming the
    table or seating a pupil. Done and told to everybody (""), or the error's code for the sender
    alone."""
    if action == "say":
        seat = game.seat_of(table, person)
        key = str(data.get("key") or "")
        if seat is None:
            return "not-seated"
        if key not in board.QUICK_MESSAGES:
            return "unknown"
        name = TableSeat.objects.filter(table=table, seat=str(seat)).values_list("name", flat=True).first()
        announce(table, {"type": "table.say", "seat": str(seat), "key": key, "name": name or ""})
        return ""
    if action == "seat-pupil":
        if live_decouverte.is_decouverte(table):
            return "unknown"  # a découverte table's pupils sit down themselves
        error = game.seat_pupil(table, person, str(data.get("pupil") or ""), str(data.get("seat") or ""))
        if error:
            return error
        changed(table)
        return ""
    done = (
        game.pause(table, person, str(data.get("note") or ""))
        if action == "pause"
        else game.resume(table, person)
    )
    if not done:
        return "not-teacher"
    changed(table)
    return ""


def draw_board(
    snap: Snapshot,
    person: game.Person,
    lang: str,
    prefs: dict[str, str],
    is_teacher: Callable[[LiveTable], bool],
    **extra: Any,
) -> str:
    """The board of ``snap`` for ``person``'s own seat ("" when the stored game no longer replays):
    what each socket sends after a change (bench/bench_table_fanout.py times it)."""
    table = snap.table
    seat = game.seat_of(table, person, snap.rows)
    with translation.override(lang):
        teacher = seat is None and is_teacher(table)
        if live_decouverte.is_decouverte(table):
            ctx = live_decouverte.context(table, seat, lang, prefs, teacher=teacher, **extra)
            if ctx is None:
                return ""
            html = live_decouverte.render_board(ctx)
        else:
            st = game.view_for(table, seat, snap.rows, snap.current)
            if st is None:
                return ""
            ctx = board.context(table, st, seat, lang, prefs, teacher=teacher, **extra)
            html = board.render_board(ctx)
        # A person standing is sent the seats still free with the board: their form to sit offers
        # no seat somebody took meanwhile.
        return html + (board.render_free_seats(ctx["players"]) if seat is None else "")


class TableConsumer(WebsocketConsumer):
    """One page's socket at one table, for the person the session says."""

    table_id: int
    lang: str

    def connect(self) -> None:
        kwargs = self.scope["url_route"]["kwargs"]
        lang = kwargs.get("lang", "")
        table = LiveTable.objects.filter(code=str(kwargs.get("code", "")).upper()).first()
        if table is None or lang not in LANGUAGES:
            self.close()
            return
        self.table_id = table.pk
        self.lang = lang
        self.group = group_of(table.pk)
        async_to_sync(self.channel_layer.group_add)(self.group, self.channel_name)
        self.accept()
        self.send_board(table)

    def disconnect(self, code: int) -> None:
        if hasattr(self, "group"):
            async_to_sync(self.channel_layer.group_discard)(self.group, self.channel_name)

    # -- who and how
    def person(self) -> game.Person:
        """Who this socket is for: read from the session once, when it connects."""
        if not hasattr(self, "_person"):
            self._person = self._read_person()
        return self._person

    def _read_person(self) -> game.Person:
        user = self.scope.get("user")
        session = self.scope.get("session")
        user_id = user.pk if user is not None and user.is_authenticated else None
        key = (session.session_key if session is not None else "") or ""
        return game.Person(user_id, key)

    def prefs(self) -> dict[str, str]:
        session = self.scope.get("session")
        chosen = session.get(PREFS_KEY, {}) if session is not None else {}
        return {**DEFAULT_PREFS, **chosen}

    def table(self) -> LiveTable | None:
        return LiveTable.objects.filter(pk=self.table_id).first()

    def is_teacher(self, table: LiveTable) -> bool:
        """Whether this socket's person teaches the table's class: asked once per socket."""
        if not hasattr(self, "_teacher"):
            self._teacher = game.is_teacher(table, self.person())
        return self._teacher

    def send_board(self, table: LiveTable, snap: Snapshot | None = None, **extra: Any) -> None:
        snap = snap or Snapshot(table, game.seating(table), game.current_row(table))
        html = draw_board(snap, self.person(), self.lang, self.prefs(), self.is_teacher, **extra)
        if html:
            self.send(text_data=html)

    # -- from the page
    def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        table = self.table()
        if table is None:
            self.close()
            return
        try:
            data = json.loads(text_data or "")
        except ValueError:
            data = None
        if not isinstance(data, dict):
            self.send_board(table, error="bad-json")
            return
        action = str(data.get("action", ""))
        person = self.person()
        if action == "ping":
            self.ping(table, data)
            return
        if action in CONTROLS:
            error = control(table, person, action, data)
            if error:
                self.send_board(table, error=error)
            return
        outcome = act_of(table)(table, person, action, data)
        if outcome.moved:
            # This socket's own board comes with everybody's, or at once if the layer is down.
            if not after_move(table, outcome):
                self.send_board(table)
        else:
            self.send_board(table, refused=outcome.refused, error=outcome.error)

    def ping(self, table: LiveTable, data: dict[str, Any]) -> None:
        """The page's state, sent now and then: the socket joins its group again (Redis restarted
        without its data forgets who is in it) and a page that missed a change is sent the board."""
        async_to_sync(self.channel_layer.group_add)(self.group, self.channel_name)
        if game.out_of_time(table):
            changed(table)  # everybody's board, this page's with it
            return
        current = game.current_game(table)
        if str(data.get("game")) != str(current.pk) or str(data.get("move")) != str(current.move):
            self.send_board(table)

    # -- from the group
    def table_changed(self, event: dict[str, Any]) -> None:
        snap = snapshot(self.table_id, str(event.get("stamp") or ""))
        if snap is not None:
            self.send_board(snap.table, snap)

    def table_evaluated(self, event: dict[str, Any]) -> None:
        """Only a class's teacher, watching from no seat, is shown the coach's evaluation."""
        table = self.table()
        if table is not None and self.is_teacher(table) and game.seat_of(table, self.person()) is None:
            self.send_board(table)

    def table_say(self, event: dict[str, Any]) -> None:
        from engine.cards import Seat
        from lessons.practice import display

        with translation.override(self.lang):
            say = display.Say(self.table_variant(), self.lang, DEFAULT_PREFS["deck"])
            seat_name = say.seat(Seat.parse(event["seat"]))
            html = board.render_quick(seat_name, event["key"], self.prefs(), str(event.get("name") or ""))
        if html:
            self.send(text_data=html)

    def table_variant(self) -> str:
        table = self.table()
        return table.variant if table is not None else "french"
