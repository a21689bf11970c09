"""The table's socket (Channels' WebsocketCommunicator), every message type, privacy at every message.

Each socket belongs to a session (the cookie of a test client that sat down); every board a
socket receives is checked to hold that seat's cards and no other's. Each test runs its sockets
in one event loop (``async_to_sync``), reading the database through ``sync_to_async``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Awaitable, Callable
from typing import Any

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client

from baloot_site.asgi import application
from engine.cards import Seat
from lessons.models import LiveTable, TableSeat
from tests.site.tables.helpers import (
    codes_in_hand_section,
    held,
    illegal_card,
    legal_move,
    open_table,
    sit,
    state,
    to_act,
)

# transaction=True: Channels closes a connection left in a transaction (database_sync_to_async's
# close_old_connections), which would end a test's own transaction on PostgreSQL.
pytestmark = pytest.mark.django_db(transaction=True)


def db(fn: Callable[..., Any], *args: Any) -> Awaitable[Any]:
    return sync_to_async(fn)(*args)


def move_of(table: LiveTable) -> int:
    return state(table).game.move


def phase_of(table: LiveTable, seat: str) -> str:
    return state(table, seat).hand.phase.value


class Socket:
    """One page's socket: the session cookie of ``session_key`` (none: a watcher)."""

    def __init__(self, table: LiveTable, session_key: str = "", lang: str = "en") -> None:
        headers = [(b"origin", b"http://127.0.0.1"), (b"host", b"127.0.0.1")]
        if session_key:
            headers.append((b"cookie", f"{settings.SESSION_COOKIE_NAME}={session_key}".encode()))
        self.comm = WebsocketCommunicator(application, f"/ws/{lang}/tables/{table.code}/", headers=headers)

    async def open(self) -> Socket:
        connected, _ = await self.comm.connect()
        assert connected
        return self

    async def receive(self) -> str:
        return await self.comm.receive_from(timeout=10)

    async def send(self, data: Any) -> None:
        await self.comm.send_to(text_data=data if isinstance(data, str) else json.dumps(data))

    async def nothing(self) -> bool:
        return await self.comm.receive_nothing(timeout=0.3)

    async def close(self) -> None:
        await self.comm.disconnect()


def key_of(client: Client) -> str:
    return client.cookies[settings.SESSION_COOKIE_NAME].value


@pytest.fixture
def table() -> LiveTable:
    a, b = Client(), Client()
    t = open_table(a)
    sit(a, t, "S", "Amal")
    sit(b, t, "N", "Badr")
    return t


async def seated(table: LiveTable) -> dict[str, Socket]:
    sockets = {}
    for seat in ("S", "N"):
        key = await db(lambda s: TableSeat.objects.get(table=table, seat=s).session_key, seat)
        sockets[seat] = await Socket(table, key).open()
        # The whole board at once, with this seat's cards.
        assert codes_in_hand_section(await sockets[seat].receive()) == await db(held, table, seat)
    return sockets


async def own_cards_only(html: str, table: LiveTable, seat: str) -> None:
    if 'id="table-board"' in html:
        assert codes_in_hand_section(html) == await db(held, table, seat)


def test_a_move_reaches_every_socket_each_drawn_for_its_own_seat(table):
    async def body() -> None:
        sockets = await seated(table)
        for _ in range(12):
            seat = await db(to_act, table)
            if seat is None:
                break
            move = await db(move_of, table)
            await sockets[str(seat)].send({**(await db(legal_move, table, seat)), "move": move})
            for name, s in sockets.items():
                html = await s.receive()
                assert f'data-move="{move + 1}"' in html
                await own_cards_only(html, table, name)
                assert await s.nothing()  # once: no duplicate
        for s in sockets.values():
            await s.close()

    async_to_sync(body)()
    assert move_of(table) >= 2


def test_a_refused_card_is_explained_to_its_player_only(table):
    async def body() -> bool:
        sockets = await seated(table)
        for _ in range(60):
            seat = await db(to_act, table)
            assert seat is not None
            move = await db(move_of, table)
            bad = (
                await db(illegal_card, table, seat)
                if await db(phase_of, table, str(seat)) == "play"
                else None
            )
            if bad:
                await sockets[str(seat)].send({"action": "play", "card": bad, "move": move})
                html = await sockets[str(seat)].receive()
                assert 'id="refusal"' in html and f'data-refused-card="{bad}"' in html
                await own_cards_only(html, table, str(seat))
                other = next(s for name, s in sockets.items() if name != str(seat))
                assert await other.nothing()
                return True
            await sockets[str(seat)].send({**(await db(legal_move, table, seat)), "move": move})
            for name, s in sockets.items():
                await own_cards_only(await s.receive(), table, name)
        return False

    assert async_to_sync(body)(), "no forbidden card came up"


def test_bad_messages_are_answered_to_their_sender_only(table):
    async def body() -> None:
        sockets = await seated(table)
        seat = await db(to_act, table)
        assert seat is not None
        mover = sockets[str(seat)]
        other = sockets["N" if str(seat) == "S" else "S"]
        move = await db(move_of, table)
        legal = await db(legal_move, table, seat)
        cases = [
            (other, "{not json", "could not be read"),
            (other, "[1, 2]", "could not be read"),
            (other, {"action": "cheat", "move": move}, "not a move of this table"),
            (mover, legal, "no move number"),
            (mover, {**legal, "move": move + 3}, "out of date"),
            (other, {**legal, "move": move}, "not your turn"),
            (other, {"action": "say", "key": "free text"}, "not a move of this table"),
        ]
        for sender, message, words in cases:
            await sender.send(message)
            html = await sender.receive()
            assert 'role="alert"' in html and words in html, words
            for s in sockets.values():
                assert await s.nothing()
        # A card not held, at the seat's turn to play (or a card during the auction: wrong stage).
        await mover.send({"action": "play", "card": "ZZ", "move": move})
        assert 'role="alert"' in await mover.receive()

    async_to_sync(body)()
    assert move_of(table) == state(table).game.move


def test_a_quick_message_reaches_everyone_in_their_own_language(table):
    async def body() -> None:
        keys = await db(
            lambda: dict(TableSeat.objects.filter(table=table).values_list("seat", "session_key"))
        )
        en = await Socket(table, keys["S"], "en").open()
        fr = await Socket(table, keys["N"], "fr").open()
        await en.receive(), await fr.receive()
        await en.send({"action": "say", "key": "well-played"})
        said = await en.receive()
        assert "Well played!" in said and "(Amal)" in said  # signed with the seat and the name
        assert "Bien joué" in await fr.receive()

    async_to_sync(body)()


def test_a_watcher_gets_no_cards_and_a_reconnect_gets_the_whole_state(table):
    async def body() -> None:
        sockets = await seated(table)
        watcher = await Socket(table).open()
        assert codes_in_hand_section(await watcher.receive()) == set()
        await sockets["S"].close()  # South's connection is cut
        seat = await db(to_act, table)
        if seat is not None and str(seat) == "N":
            move = await db(move_of, table)
            await sockets["N"].send({**(await db(legal_move, table, seat)), "move": move})
            codes = codes_in_hand_section(await watcher.receive())
            assert codes == set()
        # South's page reconnects: the board as it stands, with South's cards.
        key = await db(lambda: TableSeat.objects.get(table=table, seat="S").session_key)
        again = await Socket(table, key).open()
        html = await again.receive()
        assert f'data-move="{await db(move_of, table)}"' in html
        assert codes_in_hand_section(html) == await db(held, table, "S")

    async_to_sync(body)()


def test_an_unknown_table_is_closed():
    async def body() -> bool:
        comm = WebsocketCommunicator(
            application, "/ws/en/tables/NOPE99/", headers=[(b"origin", b"http://127.0.0.1")]
        )
        connected, _ = await comm.connect()
        return connected

    assert not async_to_sync(body)()


def test_declaring_and_dealing_the_next_hand_over_the_socket():
    """A table where people declare for themselves: "declare" when the page offers it, the hand
    played out over the sockets, then "next" deals the next hand to everyone."""
    a, b = Client(), Client()
    t = open_table(a, declare_for_me="")
    assert t.coach["declare_for_me"] == "never"
    sit(a, t, "S", "Amal")
    sit(b, t, "N", "Badr")

    async def body() -> tuple[int, int]:
        sockets = await seated(t)
        declared = 0
        for _ in range(80):
            seat = await db(to_act, t)
            if seat is None:
                break
            move = await db(move_of, t)
            may = await db(lambda s: state(t, s).hand.may_declare(Seat.parse(s)), str(seat))
            message = {"action": "declare", "nothing": "1"} if may else await db(legal_move, t, seat)
            declared += bool(may)
            await sockets[str(seat)].send({**message, "move": move})
            for name, s in sockets.items():
                html = await s.receive()
                assert 'role="alert"' not in html, html[:2000]
                await own_cards_only(html, t, name)
        move = await db(move_of, t)
        await sockets["N"].send({"action": "next", "move": move})
        for name, s in sockets.items():
            html = await s.receive()
            assert f'data-move="{move + 1}"' in html
            await own_cards_only(html, t, name)
        return declared, len(await db(lambda: state(t).records))

    declared, hands = async_to_sync(body)()
    assert hands == 2
    assert declared >= 1 or not any("declaring" in r for r in state(t).records[:1])


def test_pause_and_resume_by_the_teacher_reach_everyone():
    from tests.site.classroom.base import make_class, make_teacher

    teacher = make_teacher("t@example.com", "Mme Haddad")
    classroom = make_class(teacher, "Riyadh club", "ABC234")
    t_client = Client()
    t_client.force_login(teacher, backend="django.contrib.auth.backends.ModelBackend")
    response = t_client.post(
        "/en/tables/", {"variant": "saudi", "level": "random", "classroom": classroom.pk}
    )
    t = LiveTable.objects.get(code=response["Location"].rstrip("/").split("/")[-1])
    a = Client()
    sit(a, t, "S", "Amal")

    async def body() -> None:
        pupil = await Socket(t, key_of(a)).open()
        watcher = await Socket(t, key_of(t_client)).open()
        await pupil.receive()
        assert 'id="teacher-view"' in await watcher.receive()
        # A pupil may not pause (told alone); the teacher's pause and note reach everyone.
        await pupil.send({"action": "pause", "note": "x"})
        assert "Only the class" in await pupil.receive()
        assert await watcher.nothing()
        await watcher.send({"action": "pause", "note": "Count the trumps."})
        for s in (pupil, watcher):
            assert "Count the trumps." in await s.receive()
        move = await db(move_of, t)
        seat = await db(to_act, t)
        if seat is not None:
            await pupil.send({**(await db(legal_move, t, seat)), "move": move})
            assert "paused" in await pupil.receive()
        await watcher.send({"action": "resume"})
        for s in (pupil, watcher):
            assert "Count the trumps." not in await s.receive()

    async_to_sync(body)()


def test_the_coach_judges_each_move_for_the_teacher_and_no_pupil_hears_of_it():
    """At a class table the coach judges each decision while the hand is played, off the request:
    after every move the teacher's socket is sent the board, then the board again with the new
    decisions' verdicts and principles, in the teacher's language; a pupil's socket gets one board
    per move, with only her own cards and no word of the coach's, at every message."""
    from tests.site.classroom.base import make_class, make_student, make_teacher

    teacher = make_teacher("t@example.com", "Mme Haddad")
    classroom = make_class(teacher, "Riyadh club", "ABC234")
    pupil = make_student("p1", "Sara", classroom)
    t_client, a = Client(), Client()
    for client, user in ((t_client, teacher), (a, pupil)):
        client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    response = t_client.post(
        "/en/tables/", {"variant": "saudi", "level": "random", "classroom": classroom.pk}
    )
    t = LiveTable.objects.get(code=response["Location"].rstrip("/").split("/")[-1])
    sit(a, t, "S", "Sara")

    def judged_so_far() -> int:
        from lessons.models import HandEvaluation

        rows = HandEvaluation.objects.filter(game=state(t).game)
        return sum(len(r.result.get("decisions", [])) for r in rows)

    async def body() -> list[int]:
        mine = await Socket(t, key_of(a)).open()
        watcher = await Socket(t, key_of(t_client), "fr").open()
        await own_cards_only(await mine.receive(), t, "S")
        assert 'id="teacher-view"' in await watcher.receive()
        counts = []
        for _ in range(40):
            seat = await db(to_act, t)
            if seat is None:
                break
            await mine.send({**(await db(legal_move, t, seat)), "move": await db(move_of, t)})
            html = await mine.receive()
            await own_cards_only(html, t, "S")
            assert "coach-evaluation" not in html and "data-decision" not in html
            assert "data-open-hand" not in html and "{#" not in html
            await watcher.receive()  # the move
            redrawn = await watcher.receive()  # its decisions judged
            counts.append(redrawn.count("data-decision="))
            assert counts[-1] == await db(judged_so_far)
        assert await mine.nothing()  # not one message more for the pupil (none left in her queue)
        return counts

    counts = async_to_sync(body)()
    assert "result" in state(t).record
    assert len(counts) >= 8 and counts == sorted(counts) and counts[-1] > counts[0]
    # The finished hand's evaluation, in French: each verdict (among the best, or what it loses).
    page = t_client.get(f"/fr/t/{t.code}/").content.decode()
    assert "L’évaluation de l’entraîneur, donne 1" in page
    assert page.count("data-decision=") == counts[-1]
    assert "parmi les meilleures" in page or "perd" in page
    assert "coach-evaluation" not in a.get(f"/fr/t/{t.code}/").content.decode()


def test_a_ping_puts_a_socket_back_in_its_group_and_brings_a_page_up_to_date(table):
    """Redis restarted without its data forgets the groups: the page's ping (every 20 s) puts its
    socket back, and a page that missed a change is sent the board."""
    from channels.layers import get_channel_layer

    async def body() -> None:
        sockets = await seated(table)
        layer = get_channel_layer()
        game_pk = await db(lambda: state(table).game.pk)
        move = await db(move_of, table)
        # The channel layer forgets the table's group, as a Redis restarted without its data does
        # (the sockets' own channels go on working).
        layer.groups.pop(f"table-{table.pk}", None)
        await sockets["S"].send({"action": "ping", "game": game_pk, "move": move})
        assert await sockets["S"].nothing()  # up to date: nothing to send
        seat = await db(to_act, table)
        assert seat is not None
        await sockets[str(seat)].send({**(await db(legal_move, table, seat)), "move": move})
        html = await sockets["S"].receive()  # back in the group: the move reaches it
        assert f'data-move="{move + 1}"' in html
        await sockets["S"].send({"action": "ping", "game": game_pk, "move": move})  # a page behind
        assert f'data-move="{move + 1}"' in await sockets["S"].receive()

    async_to_sync(body)()


@pytest.fixture
def redis_layer(settings):
    """The channel layer on Redis (a database of its own), as deployed: the groups live there."""
    from channels.layers import channel_layers

    url = os.environ.get("TEST_CHANNEL_REDIS_URL", "redis://127.0.0.1:6379/13")
    settings.CHANNEL_LAYERS = {
        "default": {"BACKEND": "channels_redis.core.RedisChannelLayer", "CONFIG": {"hosts": [url]}}
    }
    channel_layers.backends.clear()
    yield
    channel_layers.backends.clear()


def test_a_move_goes_through_a_redis_channel_layer(table, redis_layer):
    async def body() -> None:
        sockets = await seated(table)
        seat = await db(to_act, table)
        assert seat is not None
        move = await db(move_of, table)
        await sockets[str(seat)].send({**(await db(legal_move, table, seat)), "move": move})
        for name, s in sockets.items():
            html = await s.receive()
            assert f'data-move="{move + 1}"' in html
            await own_cards_only(html, table, name)
        for s in sockets.values():
            await s.close()

    async_to_sync(body)()


def test_play_again_over_the_socket_starts_a_new_game_with_the_same_seats(table):
    """``again`` at a finished game: everybody's board shows the new game, the seats kept; sent for
    a game still being played it changes nothing and is answered to its sender alone."""
    from lessons.models import TableGame

    async def body() -> None:
        sockets = await seated(table)
        move = await db(move_of, table)
        await sockets["S"].send({"action": "again", "move": move})
        assert "That cannot be done now" in await sockets["S"].receive()
        assert await sockets["N"].nothing()
        assert await db(lambda: TableGame.objects.filter(table=table).count()) == 1

        def finish() -> int:
            game = state(table).game
            game.finished = True
            game.save(update_fields=["finished"])
            return game.move

        move = await db(finish)
        await sockets["N"].send({"action": "again", "move": move})
        for seat, socket in sockets.items():
            html = await socket.receive()
            await own_cards_only(html, table, seat)
        assert await db(lambda: TableGame.objects.filter(table=table).count()) == 2
        seats = await db(lambda: sorted(TableSeat.objects.filter(table=table).values_list("seat", flat=True)))
        assert seats == ["N", "S"]
        assert not (await db(lambda: state(table).game.finished))

    async_to_sync(body)()


def test_a_teacher_seats_a_pupil_over_the_socket_and_everyone_sees_the_name():
    from tests.site.classroom.base import make_class, make_student, make_teacher

    teacher = make_teacher("t@example.com", "Mme Haddad")
    classroom = make_class(teacher, "Riyadh club", "ABC234")
    pupil = make_student("p1", "Sara", classroom)
    t_client, a = Client(), Client()
    t_client.force_login(teacher, backend="django.contrib.auth.backends.ModelBackend")
    response = t_client.post(
        "/en/tables/", {"variant": "saudi", "level": "random", "classroom": classroom.pk}
    )
    t = LiveTable.objects.get(code=response["Location"].rstrip("/").split("/")[-1])
    sit(a, t, "N", "Amal")

    async def body() -> None:
        player = await Socket(t, key_of(a)).open()
        watcher = await Socket(t, key_of(t_client)).open()
        await player.receive()
        await watcher.receive()
        # A player is no teacher: told alone, nothing changes.
        await player.send({"action": "seat-pupil", "pupil": pupil.pk, "seat": "S"})
        assert "Only the class" in await player.receive()
        assert await watcher.nothing()
        # A tampered form: an unknown pupil, a seat taken.
        await watcher.send({"action": "seat-pupil", "pupil": "999999", "seat": "S"})
        assert "not a move of this table" in await watcher.receive()
        await watcher.send({"action": "seat-pupil", "pupil": pupil.pk, "seat": "N"})
        assert "Someone has just taken this seat" in await watcher.receive()
        await watcher.send({"action": "seat-pupil", "pupil": pupil.pk, "seat": "S"})
        seen = await player.receive()
        assert "Sara" in seen and "Sara" in await watcher.receive()
        await own_cards_only(seen, t, "N")

    async_to_sync(body)()
    assert TableSeat.objects.get(table=t, seat="S").user_id == pupil.pk


def test_a_person_standing_is_sent_the_seats_still_free_with_each_board(table):
    """The form to sit is outside the board: its buttons come with every board a watcher is sent,
    so a seat somebody took meanwhile is no longer offered (and a full table says so)."""
    c, d = Client(), Client()
    c.get(f"/en/t/{table.code}/")  # a session of its own

    async def body() -> None:
        watcher = await Socket(table, key_of(c)).open()
        first = await watcher.receive()
        assert 'id="free-seats" class="choices" hx-swap-oob="true"' in first
        assert 'id="sit-E"' in first and 'id="sit-W"' in first and 'id="sit-S"' not in first
        await db(sit, d, table, "E", "Dana")  # the page's post tells the table's sockets
        after = await watcher.receive()
        assert 'id="sit-E"' not in after and 'id="sit-W"' in after
        await db(sit, c, table, "W", "Watcher no more")
        seated_now = await watcher.receive()
        assert "free-seats" not in seated_now

    async_to_sync(body)()
