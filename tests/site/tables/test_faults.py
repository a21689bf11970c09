"""Faults at a live table: a seat asked for by eight people at once, a player on two tabs, a
server restarted in the middle of a hand, a channel layer (Redis) that is down."""

from __future__ import annotations

import threading
from unittest import mock

import pytest
from django.db import connection
from django.test import Client

from lessons.models import LiveTable, ReviewStatus, SeatReview, TableSeat
from lessons.practice.tables import consumers, game
from tests.site.tables.helpers import legal_move, open_table, sit, state, to_act


@pytest.mark.skipif(connection.vendor != "postgresql", reason="parallel requests need PostgreSQL")
@pytest.mark.django_db(transaction=True)
def test_eight_people_asking_for_one_seat_at_once_one_wins():
    table = open_table(Client())
    clients = [Client() for _ in range(8)]
    for c in clients:
        c.get(f"/en/t/{table.code}/")  # each has a session
    start = threading.Barrier(8)
    statuses: list[int] = []

    def ask(client: Client, i: int) -> None:
        from django.db import connections

        start.wait()
        try:
            statuses.append(sit(client, table, "E", f"P{i}").status_code)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=ask, args=(c, i)) for i, c in enumerate(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(statuses) == [302] + [409] * 7
    assert TableSeat.objects.filter(table=table, seat="E").count() == 1


@pytest.mark.django_db
def test_a_player_on_two_tabs_moves_once():
    a, b = Client(), Client()
    table = open_table(a)
    sit(a, table, "S", "Amal")
    sit(b, table, "N", "Badr")
    seat = to_act(table)
    assert seat is not None
    mover = a if str(seat) == "S" else b
    move = state(table).game.move
    data = {**legal_move(table, seat), "move": move}
    # The same person's second tab (the same session) posts the same form after the first.
    first = mover.post(f"/en/t/{table.code}/act", data)
    second = mover.post(f"/en/t/{table.code}/act", data)
    assert first.status_code == 302 and second.status_code == 400
    assert state(table).game.move == move + 1


@pytest.mark.django_db
def test_a_server_restarted_in_the_middle_of_a_hand_resumes_from_the_database():
    a, b = Client(), Client()
    table = open_table(a)
    sit(a, table, "S", "Amal")
    sit(b, table, "N", "Badr")
    clients = {"S": a, "N": b}
    for _ in range(4):
        seat = to_act(table)
        assert seat is not None
        clients[str(seat)].post(
            f"/en/t/{table.code}/act", {**legal_move(table, seat), "move": state(table).game.move}
        )
    before = state(table)
    actions = list(before.actions)
    # Nothing is kept in a process: a new one reads the table from its rows and goes on.
    fresh = LiveTable.objects.get(pk=table.pk)
    after = game.view_for(fresh, before.learner)
    assert after is not None and after.actions == actions and after.waiting_for() == before.waiting_for()
    seat = to_act(fresh)
    assert seat is not None
    moved = clients[str(seat)].post(
        f"/en/t/{fresh.code}/act", {**legal_move(fresh, seat), "move": after.game.move}
    )
    assert moved.status_code == 302


@pytest.mark.django_db
def test_a_channel_layer_that_is_down_loses_the_message_not_the_move():
    a, b = Client(), Client()
    table = open_table(a)
    sit(a, table, "S", "Amal")
    sit(b, table, "N", "Badr")
    seat = to_act(table)
    assert seat is not None
    move = state(table).game.move
    broken = mock.Mock()
    broken.group_send = mock.AsyncMock(side_effect=ConnectionError("Redis is restarting"))
    with mock.patch.object(consumers, "get_channel_layer", return_value=broken):
        response = (a if str(seat) == "S" else b).post(
            f"/en/t/{table.code}/act", {**legal_move(table, seat), "move": move}
        )
    assert response.status_code == 302 and state(table).game.move == move + 1
    assert broken.group_send.called


@pytest.mark.django_db
def test_each_player_gets_a_review_of_their_own_hand_and_nobody_else_reads_it():
    a, b = Client(), Client()
    table = open_table(a)
    sit(a, table, "S", "Amal")
    sit(b, table, "N", "Badr")
    clients = {"S": a, "N": b}
    for _ in range(60):
        seat = to_act(table)
        if seat is None:
            break
        clients[str(seat)].post(
            f"/en/t/{table.code}/act", {**legal_move(table, seat), "move": state(table).game.move}
        )
    assert "result" in state(table).record
    if state(table).record["result"].get("void"):
        return  # nobody bought: nothing to review (the helper buys, so this is rare)
    rows = SeatReview.objects.filter(game=state(table).game, hand=1)
    assert sorted(rows.values_list("seat", flat=True)) == ["N", "S"]
    assert all(r.status == ReviewStatus.DONE and r.result["seat"] == r.seat for r in rows)
    url = f"/en/t/{table.code}/game/1/hand/1/review"
    assert a.get(url).status_code == b.get(url).status_code == 200
    assert Client().get(url).status_code == 404


@pytest.mark.django_db
def test_a_person_out_of_time_has_a_bot_make_the_move():
    from datetime import timedelta

    from django.utils import timezone

    from lessons.models import PracticeGame

    a, b = Client(), Client()
    table = open_table(a, move_seconds="30")
    assert table.move_seconds == 30
    sit(a, table, "S", "Amal")
    sit(b, table, "N", "Badr")
    move = state(table).game.move
    a.get(f"/en/t/{table.code}/")
    assert state(table).game.move == move  # within the time: nothing happens
    PracticeGame.objects.filter(pk=state(table).game.pk).update(
        updated=timezone.now() - timedelta(seconds=31)
    )
    a.get(f"/en/t/{table.code}/")  # any page that asks after the time ran out
    assert state(table).game.move == move + 1
    assert TableSeat.objects.filter(table=table).count() == 2  # the person keeps the seat
