"""After a hand at a live découverte table: the score step by step for both players, each player's
own review (judged from their own seat, read by them alone and by a class's teacher), the replay
of the hand for anyone with its link, and a new game at the same table between two hands."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from engine.cards import Seat
from lessons.models import LiveTable, ReviewStatus, SeatReview, TableGame, TableSeat
from lessons.practice.decouverte import coach
from lessons.practice.decouverte.game import rebuild
from lessons.practice.tables import decouverte as live
from tests.site.tables.test_decouverte_table import a_move, table_of

pytestmark = pytest.mark.django_db


def seated_table(a: Client, b: Client) -> LiveTable:
    response = a.post("/en/tables/", {"variant": "decouverte", "level": "heuristic"})
    t = LiveTable.objects.get(code=response["Location"].rstrip("/").split("/")[-1])
    assert a.post(f"/en/t/{t.code}/sit", {"seat": "S", "name": "Amal"}).status_code == 302
    assert b.post(f"/en/t/{t.code}/sit", {"seat": "N", "name": "Badr"}).status_code == 302
    return t


def play_hand(t: LiveTable, clients: dict[str, Client]) -> None:
    """Both players move by plain posts until the hand is over (a person takes: it is played)."""
    for _ in range(60):
        waiting = table_of(t, "S").waiting_for()
        if not waiting:
            break
        seat = str(waiting[0])
        response = clients[seat].post(
            f"/en/t/{t.code}/act", {**a_move(t, seat), "move": live.current_game(t).move}
        )
        assert response.status_code == 302
    assert "result" in table_of(t, "S").record


def test_a_players_review_judges_only_their_own_decisions_from_their_own_view(monkeypatch):
    t = live.open_table("heuristic", live.Person(None, "amal"))
    live.sit(t, Seat.S, live.Person(None, "amal"), "Amal")  # North is the bot's
    st = table_of(t, "S")
    for _ in range(60):
        if not st.waiting_for():
            break
        move = a_move(t, "S")
        assert live.act(t, live.Person(None, "amal"), move["action"], {**move, "move": st.game.move}).moved
        st = table_of(t, "S")
    seen = []
    real_judge = coach.coach.judge
    monkeypatch.setattr(
        coach.coach, "judge", lambda view, *a: seen.append(view["seat"]) or real_judge(view, *a)
    )
    record = st.records[0]
    north = coach.analyse(record, Seat.N)
    assert north["seat"] == "N" and set(seen) == {Seat.N}
    plays = {value for kind, seat, value in record["actions"] if kind == "play" and seat == "N"}
    assert {m["played"] for m in north["cards"]} <= plays
    seen.clear()
    assert coach.analyse(record)["seat"] == "S" and set(seen) == {Seat.S}  # the practice table's default
    assert rebuild(record).hand is not None


def test_after_a_hand_both_see_the_score_each_reads_only_their_review_and_anyone_the_replay():
    a, b = Client(), Client()
    t = seated_table(a, b)
    url = f"/en/t/{t.code}/"
    assert Client().get(f"{url}game/1/hand/1/").status_code == 404  # no replay of a hand being played
    play_hand(t, {"S": a, "N": b})
    # The score step by step on both boards, with each player's own review link and the replay's.
    for client in (a, b):
        page = client.get(url).content.decode()
        assert 'id="hand-score"' in page and 'class="score-steps"' in page
        assert 'id="own-review"' in page and f'href="{url}game/1/hand/1/"' in page
    # Each review was computed (the tasks run at once in tests), from its own seat.
    rows = {r.seat: r for r in SeatReview.objects.filter(game=live.current_game(t), hand=1)}
    assert set(rows) == {"S", "N"} and all(r.status == ReviewStatus.DONE for r in rows.values())
    assert rows["S"].result["seat"] == "S" and rows["N"].result["seat"] == "N"
    # Each reads their own review (a ?seat= naming the other's is not obeyed); a stranger none.
    for client, seat in ((a, "S"), (b, "N")):
        response = client.get(f"{url}game/1/hand/1/review?seat={'N' if seat == 'S' else 'S'}")
        assert response.status_code == 200
        assert response.context["review"]["status"] == "done"
        assert re.search(r'id="hand-review"', response.content.decode())
        plays = [p for t in response.context["shown"]["tricks"] for p in t.plays]
        name = "South" if seat == "S" else "North"
        assert all(p.learner == (p.seat == name) for p in plays)  # drawn from the reader's seat
        assert response.context["review"]["count"] == len(rows[seat].result["cards"]) + len(
            rows[seat].result["calls"]
        )
    assert Client().get(f"{url}game/1/hand/1/review").status_code == 404
    # The replay, for anyone with the link: one trick at a time, each card explained.
    replay = Client().get(f"{url}game/1/hand/1/?trick=1")
    text = replay.content.decode()
    assert replay.status_code == 200 and replay.context["count"] == 16 and replay.context["k"] == 1
    assert 'class="dc-plays"' in text and 'rel="next"' in text and 'rel="prev"' not in text
    assert 'id="hand-review"' not in text
    assert Client().get(f"{url}game/1/hand/2/").status_code == 404


def test_a_review_still_being_computed_is_asked_for_again_by_the_board_and_its_page():
    a, b = Client(), Client()
    t = seated_table(a, b)
    url = f"/en/t/{t.code}/"
    play_hand(t, {"S": a, "N": b})
    SeatReview.objects.update(status=ReviewStatus.PENDING)  # as while the worker computes it
    board = a.get(url).content.decode()
    link = board.split('id="own-review"')[1].split(">")[0]
    assert 'data-status="pending"' in link and f'hx-get="{url}"' in link and 'hx-select="#own-review"' in link
    page = a.get(f"{url}game/1/hand/1/review").content.decode()
    assert 'data-status="pending"' in page and "review?trick=16&amp;poll=1" in page
    SeatReview.objects.update(status=ReviewStatus.DONE)
    assert "hx-get" not in a.get(url).content.decode().split('id="own-review"')[1].split(">")[0]


def test_a_new_game_between_hands_keeps_the_seats_and_the_finished_games_sheet():
    a, b = Client(), Client()
    t = seated_table(a, b)
    url = f"/en/t/{t.code}/"
    # In the middle of a hand there is no new game to start (a tampered form is refused).
    assert 'id="play-again"' not in a.get(url).content.decode()
    assert a.post(f"{url}act", {"action": "again", "move": live.current_game(t).move}).status_code == 400
    play_hand(t, {"S": a, "N": b})
    first = live.current_game(t)
    total = first.hands[-1]["result"]["game"]
    page = b.get(url).content.decode()
    assert 'id="new-game"' in page and 'id="play-again"' in page  # inside a <details>: asked first
    assert (
        Client().post(f"{url}act", {"action": "again", "move": first.move}).status_code == 400
    )  # seated only
    assert b.post(f"{url}act", {"action": "again", "move": first.move}).status_code == 302
    assert TableGame.objects.filter(table=t).count() == 2
    assert sorted(TableSeat.objects.filter(table=t).values_list("seat", flat=True)) == ["N", "S"]
    first.refresh_from_db()
    assert first.finished
    page = a.get(url).content.decode()
    assert 'data-total="S">0<' in page and 'data-total="N">0<' in page
    assert f"Game 1: {total['S']} – {total['N']}" in page
    assert Client().get(f"{url}game/1/hand/1/").status_code == 200  # the old game's replay stays
    # A second press (the same form twice) starts nothing more.
    assert b.post(f"{url}act", {"action": "again", "move": first.move}).status_code == 400
    assert TableGame.objects.filter(table=t).count() == 2
